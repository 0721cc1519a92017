#!/usr/bin/env python3
"""Markdown tables from the SUMMARY lines of ladder / fsf_match logs (stdin or files)."""
import fileinput
import re

ladder, fsf, four = [], [], []
for line in fileinput.input():
    m = re.match(r"SUMMARY (\S+) L(\d) vs L(\d): \+(\d+) =(\d+) -(\d+) \(([\d.]+)%\) over (\d+)", line)
    if m:
        ladder.append(m.groups())
        continue
    m = re.match(r"SUMMARY (\S+) level (\d) (\d+)ms vs Fairy-Stockfish UCI_Elo (\d+): "
                 r"\+(\d+) =(\d+) -(\d+) \(([\d.]+)%\) over (\d+)", line)
    if m:
        fsf.append(m.groups())
        continue
    if line.startswith("SUMMARY four-player"):
        four.append(line.strip()[len("SUMMARY "):])

if ladder:
    print("| game | pair | games | W | D | L | score |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for v, hi, lo, w, d, l, pct, n in ladder:
        print(f"| {v} | L{hi} vs L{lo} | {n} | {w} | {d} | {l} | {pct}% |")
if fsf:
    # Merge runs (different seeds) per variant and Elo.
    agg = {}
    for v, lvl, ms, elo, w, d, l, pct, n in fsf:
        a = agg.setdefault((v, int(elo)), [0, 0, 0])
        a[0] += int(w); a[1] += int(d); a[2] += int(l)
    print()
    print("| variant | Fairy-Stockfish UCI_Elo | games | W | D | L | score |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for (v, elo), (w, d, l) in sorted(agg.items()):
        n = w + d + l
        print(f"| {v} | {elo} | {n} | {w} | {d} | {l} | {100.0 * (w + 0.5 * d) / n:.1f}% |")
for f in four:
    print()
    print(f)
