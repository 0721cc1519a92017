#!/usr/bin/env python3
"""Search speed of UCI engines on five positions, for side-by-side comparisons.

Not part of the test suite. Needs python-chess. Each engine searches each position to a fixed
node count (a new game each time), twice over; the figure is all nodes over all wall time.
Alternate the binaries on the command line so that a slow spell of a shared machine hits both:

    python3 scripts/uci_nps.py /tmp/old-uci /tmp/new-uci /tmp/old-uci /tmp/new-uci

The positions are Three-check's; `--variant chess` or `--variant kingofthehill` (first) plays
the same boards as that game.
"""

import sys
import time

import chess.engine
import chess.variant

FENS = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 3+3 4 4",
    "r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 2+3 0 7",
    "4rrk1/pp3ppp/2p5/8/3q4/2N5/PPP2PPP/R2Q1RK1 b - - 2+2 0 15",
    "r3k2r/ppp2ppp/2n1bn2/3qp3/3P4/2N1BN2/PPP2PPP/R2QK2R w KQkq - 3+3 0 9",
]
NODES = 500_000


BOARDS = {
    "3check": chess.variant.ThreeCheckBoard,
    "chess": chess.Board,
    "kingofthehill": chess.variant.KingOfTheHillBoard,
}


def main():
    args = sys.argv[1:]
    variant = "3check"
    if args[:1] == ["--variant"]:
        variant, args = args[1], args[2:]
    if not args or variant not in BOARDS:
        sys.exit(__doc__)
    board = BOARDS[variant]
    # The other games' FENs have no check counters.
    fens = FENS if variant == "3check" else [f.replace(" 3+3", "").replace(" 2+3", "")
                                             .replace(" 2+2", "") for f in FENS]
    for path in args:
        engine = chess.engine.SimpleEngine.popen_uci(path)
        nodes = seconds = 0.0
        for _ in range(2):
            for fen in fens:
                engine.protocol.send_line("ucinewgame")
                start = time.time()
                info = engine.analyse(board(fen),
                                      chess.engine.Limit(nodes=NODES))
                seconds += time.time() - start
                nodes += info.get("nodes", 0)
        engine.quit()
        print(f"{path}: {nodes / seconds:,.0f} nodes/s")


if __name__ == "__main__":
    main()
