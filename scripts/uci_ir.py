#!/usr/bin/env python3
"""Instructions a UCI engine executes for fixed-node searches, counted by valgrind.

Not part of the test suite. Needs valgrind. Wall-clock speed on a shared 2-core machine moves
by 10-30% with whatever else runs; the instruction count of the same searches does not, so
two builds that search the same tree (same moves, scores and node counts, which this prints)
compare exactly, one after the other, even under load:

    python3 scripts/uci_ir.py /tmp/old-uci /tmp/new-uci
    python3 scripts/uci_ir.py --variant kingofthehill --nodes 100000 /tmp/old-uci /tmp/new-uci

The positions are `uci_nps.py`'s (Three-check's, or the same boards in chess and King of the
Hill). Instructions are not time (cache misses and branch mispredictions are not counted), so
a change is confirmed in nodes per second (`uci_nps.py`, `benches/search-compare.sh`) as well.
"""

import re
import subprocess
import sys

from uci_nps import FENS


def searches(path, variant, fens, nodes):
    """Runs each search under valgrind; returns the final info lines and the instruction count."""
    proc = subprocess.Popen(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
         path],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    proc.stdin.write(f"uci\nsetoption name UCI_Variant value {variant}\n")
    lines = []
    for fen in fens:
        proc.stdin.write(f"ucinewgame\nposition fen {fen}\ngo nodes {nodes}\n")
        proc.stdin.flush()
        last = ""
        for line in proc.stdout:
            if line.startswith("info depth"):
                last = re.sub(r" (nps|time) \d+| pv .*", "", line.strip())
            if line.startswith("bestmove"):
                lines.append(f"{last} {line.strip()}")
                break
    proc.stdin.write("quit\n")
    proc.stdin.close()
    err = proc.stderr.read()
    proc.wait()
    count = re.search(r"I\s+refs:\s+([\d,]+)", err)
    if count is None:
        sys.exit(f"{path}: no instruction count from valgrind:\n{err[-2000:]}")
    return lines, int(count.group(1).replace(",", ""))


def main():
    args = sys.argv[1:]
    variant, nodes = "3check", 200_000
    while args[:1] in (["--variant"], ["--nodes"]):
        if args[0] == "--variant":
            variant = args[1]
        else:
            nodes = int(args[1])
        args = args[2:]
    if not args:
        sys.exit(__doc__)
    # The other games' FENs have no check counters.
    fens = FENS if variant == "3check" else [re.sub(r" \d\+\d", "", f) for f in FENS]
    first = None
    for path in args:
        lines, count = searches(path, variant, fens, nodes)
        for line in lines:
            print(f"  {line}")
        change = "" if first is None else f" ({100 * (count - first) / first:+.1f}%)"
        print(f"{path}: {count:,} instructions{change}")
        first = first or count


if __name__ == "__main__":
    main()
