#!/usr/bin/env python3
"""Texel tuning of the Three-check, Racing Kings, chess or King of the Hill evaluation terms
(src/ai/two/eval.rs).

Not part of the test suite. Needs python-chess and numpy (`pip install chess numpy`). The games
come from `scripts/fsf_match.py --pgn`; session 15's fit (docs/STRENGTH.md) was

    cargo build --release --bin tablero-uci --features ai
    cargo build --release --features tuning --example texel
    for s in 101 102; do
      python3 scripts/fsf_match.py --engine target/release/tablero-uci --variants 3check \\
          --elos 0 --games 400 --nodes 20000 --fsf-nodes 10000 --random-plies 6 --seed $s \\
          --pgn /tmp/fsf$s.pgn
    done
    python3 scripts/texel.py --train /tmp/fsf101.pgn --valid /tmp/fsf102.pgn \\
        --quiet --strength-feature FSF

Positions: every position after the first --skip-plies plies of each game where the side to
move is not in check and neither the move played from it nor the one before it captures or
promotes (a quiet position, whose static evaluation means something), labelled with the game's
result. `examples/texel` gives, per position, the evaluation without the variant's own terms
(`three_check_terms`, `race_terms`) and their features. The model is

    P(White wins) = 1 / (1 + exp(-c * (a * base + sum(w_i * f_i) [+ s * player])))

with c fixed from the current values (`--start`), fitted by Newton's method (it is a logistic
regression, so convex) with a little L2 pull towards `--start`. `a` rescales the rest of the
evaluation; the fitted terms are printed divided by it, in the units of the source.

--quiet also drops positions where the side to move threatens to end the game at once: it
could give check (Three-check) or step onto the last rank (Racing Kings); those are the
search's business, not the evaluation's. --strength-feature NAME adds a feature: +1 when
White's PGN name starts with NAME, -1 otherwise. Games against a much stronger opponent are
mostly won by it whatever the position, and without this feature the fit credits whatever that
opponent's positions look like; the feature takes up the strength gap and is not kept.

--drop leaves terms out of the fit. Three-check has thirty: session 15's seven, then
(session 17) a value added to each pawn, knight, bishop, rook and queen, the side to move's
check squares (TEMPO), shield pawns (SHIELD, not in the evaluation: it fitted near zero) and
pawnless files around the own king (OPEN), then (session 18) fifteen more, described at
`extra_king_features` and `three_check_features` in src/ai/two/eval/tuning.rs (ZONE, QUEEN_THREAT,
FLIGHT, MOBILITY and WING became terms); their default --start values are 0. Session 18's
kept fit, on the games of the session 17 engine (seeds 105-107 to fit, 108 to check):

    python3 scripts/texel.py --train /tmp/fsf105.pgn /tmp/fsf106.pgn /tmp/fsf107.pgn \
        --valid /tmp/fsf108.pgn --fsf-nodes 50000 \
        --start 116,587,22,25,237,77,6,-61,-94,-105,-11,-237,43,0,-56,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0 \
        --drop SHIELD,KING_RANK,DEFENDERS,N_CHECKS,HANGING,BY_PAWN,TEMPO1,MOB_MINOR,MOB_ROOK,MOB_QUEEN,GIVEN_Q

--fsf-nodes N labels each position with Fairy-Stockfish's score at N nodes, as
1 / (1 + 10^(-score / 400)), instead of the game's result (distillation: the labels are far
less noisy, but they teach Fairy-Stockfish's view, which its own search backs). The scores are
cached in <pgn>.fsf<N>, one line per position. Session 17's fit:

    cargo build --release --bin tablero-uci --features ai        # at dafe9d2 (session 15's terms)
    for s in 101 102; do
      python3 scripts/fsf_match.py --engine target/release/tablero-uci --variants 3check \\
          --elos 0 --games 400 --nodes 20000 --fsf-nodes 10000 --random-plies 6 --seed $s \\
          --pgn /tmp/fsf$s.pgn
    done
    python3 scripts/texel.py --train /tmp/fsf101.pgn --valid /tmp/fsf102.pgn --fsf-nodes 50000 \\
        --start 201,685,10,80,277,98,101,0,0,0,0,0,0,0,0 --drop SHIELD

Racing Kings (session 16): the same with `--variant racingkings` and the games of
`fsf_match.py --variants racingkings ... --random-plies 4`; its ten features are the king's
rank (an indicator per rank 2-8), no free step ahead, free steps ahead and enemy-controlled
path squares. A rank indicator on its own stands for many things (the king's rank decides the
game), so the pull towards --start matters more there.

Chess and King of the Hill (session 23): `--variant chess` fits sixteen counts that are not
terms of the evaluation (`chess_features` in src/ai/two/eval/tuning.rs: rooks on open, half-open
files and the seventh rank, passed pawns, check squares, outposts, connected pawns, ...), each
with a middle-game and an endgame weight; `--variant kingofthehill` fits those and the hill's
closeness and safe steps. Both fits played far weaker than the evaluation without them
(docs/STRENGTH.md, session 23), so none is a term:

    python3 scripts/fsf_match.py --engine target/release/tablero-uci --variants chess \
        --elos 0 --games 300 --nodes 20000 --fsf-nodes 10000 --random-plies 6 --seed 201 \
        --pgn /tmp/c201.pgn                                        # and 202
    python3 scripts/texel.py --variant chess --train /tmp/c201.pgn --valid /tmp/c202.pgn \
        --fsf-nodes 20000
"""

import argparse
import concurrent.futures
import os
import subprocess
import sys

import chess.pgn
import numpy as np

# Per variant: the names of the terms and the values before session 15's fits (the default
# --start).
VARIANTS = {
    "3check": (["GIVEN[1]", "GIVEN[2]", "THREAT[0]", "THREAT[1]", "THREAT[2]", "SAFE_THREAT",
                "RING", "PAWN", "KNIGHT", "BISHOP", "ROOK", "QUEEN", "TEMPO", "SHIELD",
                "OPEN", "ZONE", "KING_RANK", "DEFENDERS", "QUEEN_THREAT", "N_CHECKS",
                "FLIGHT", "HANGING", "MOBILITY", "BY_PAWN", "WING", "TEMPO1",
                "MOB_MINOR", "MOB_ROOK", "MOB_QUEEN", "GIVEN_Q"],
               "250,700,12,24,36,0,6,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0"),
    "racingkings": ([f"RANK_BONUS[{r}]" for r in range(1, 8)]
                    + ["BLOCKED", "FREE_STEP", "PATH_CONTROL"],
                    "60,130,210,310,440,620,900,-70,15,-4"),
}
_CHESS = ["ROOK_OPEN", "ROOK_SEMI", "ROOK_7TH", "PASSED_FREE", "PASSED_KING", "SAFE_CHECK",
          "CHECK_SQ", "RING", "OUTPOST", "CONNECTED", "BISHOP_PAWNS", "MINOR_BEHIND",
          "MINOR_THREAT", "SHIELD", "OPEN_KING", "TEMPO"]
VARIANTS["chess"] = ([n + "_MG" for n in _CHESS] + [n + "_EG" for n in _CHESS],
                     ",".join(["0"] * 2 * len(_CHESS)))
VARIANTS["kingofthehill"] = (
    VARIANTS["chess"][0] + ["CLOSE2", "CLOSE2_EG"] + [f"STEPS{i}" for i in range(1, 7)]
    + [f"STEPS{i}_EG" for i in range(1, 7)],
    VARIANTS["chess"][1] + ",0,0" + ",0" * 12)
RESULTS = {"1-0": "1", "0-1": "0", "1/2-1/2": "0.5"}


def positions(paths, skip_plies):
    """(fen|result lines, White's name per line, the boards) of the quiet positions of the
    games."""
    lines, whites, boards = [], [], []
    for path in paths:
        with open(path) as f:
            while (game := chess.pgn.read_game(f)) is not None:
                y = RESULTS.get(game.headers.get("Result"))
                if y is None:
                    continue
                board = game.board()
                last_capture = False
                for i, mv in enumerate(game.mainline_moves()):
                    capture = board.is_capture(mv) or mv.promotion is not None
                    if i >= skip_plies and not capture and not last_capture \
                            and not board.is_check():
                        lines.append(f"{board.fen()}|{y}")
                        whites.append(game.headers.get("White", ""))
                        boards.append(board.copy())
                    last_capture = capture
                    board.push(mv)
    return lines, whites, boards


def fsf_scores(boards, fsf, nodes, cache):
    """Fairy-Stockfish's score for White of each board at `nodes` nodes (mates as +-3000),
    read from `cache` when it holds one line per board, else computed with two engines and
    written there."""
    if os.path.exists(cache):
        with open(cache) as f:
            scores = [float(x) for x in f.read().split()]
        if len(scores) == len(boards):
            return np.array(scores)
    import chess.engine

    def run(chunk):
        engine = chess.engine.SimpleEngine.popen_uci(fsf)
        engine.configure({"Threads": 1, "Hash": 64})
        out = []
        for board in chunk:
            info = engine.analyse(board, chess.engine.Limit(nodes=nodes))
            out.append(info["score"].white().score(mate_score=3000))
            engine.protocol.send_line("ucinewgame")
        engine.quit()
        return out

    half = len(boards) // 2
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        parts = list(pool.map(run, [boards[:half], boards[half:]]))
    scores = parts[0] + parts[1]
    with open(cache, "w") as f:
        f.write("\n".join(str(s) for s in scores) + "\n")
    return np.array(scores, float)


def features(binary, variant, lines):
    out = subprocess.run([binary, "--variant", variant], input="\n".join(lines) + "\n",
                         capture_output=True, text=True, check=True).stdout
    a = np.array([[float(x) for x in row.split()] for row in out.splitlines()])
    # result, base, the features, what the mover threatens at once
    f = a[:, 2:-1]
    if variant in ("chess", "kingofthehill"):
        # The chess features come times the phase weight (0-24): per 24 is per centipawn.
        f = f / 24
    return a[:, 0], a[:, 1], f, a[:, -1]


def dataset(args, paths):
    lines, whites, scores = [], [], []
    for path in paths:
        ls, ws, boards = positions([path], args.skip_plies)
        lines += ls
        whites += ws
        if args.fsf_nodes:
            scores.append(fsf_scores(boards, args.fsf, args.fsf_nodes,
                                     f"{path}.fsf{args.fsf_nodes}"))
    y, base, f, mover = features(args.features_bin, args.variant, lines)
    f = f[:, args.keep]
    if args.fsf_nodes:
        # Distillation: the label is Fairy-Stockfish's verdict on the position rather than
        # the game's result, which mostly says which engine was the stronger.
        y = 1 / (1 + 10 ** (-np.concatenate(scores) / 400))
    keep = mover == 0 if args.quiet else np.ones(len(y), bool)
    cols = [base[:, None], f]
    if args.strength_feature:
        cols.append(np.array([1.0 if w.startswith(args.strength_feature) else -1.0
                              for w in whites])[:, None])
    return y[keep], np.hstack(cols)[keep]


def losses(y, z):
    p = np.clip(1 / (1 + np.exp(-z)), 1e-9, 1 - 1e-9)
    return -np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)), np.mean((y - p) ** 2)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", choices=sorted(VARIANTS), default="3check")
    ap.add_argument("--train", nargs="+", required=True, help="PGN files to fit on")
    ap.add_argument("--valid", nargs="+", required=True, help="PGN files to check the fit on")
    ap.add_argument("--features-bin", default="target/release/examples/texel")
    ap.add_argument("--skip-plies", type=int, default=6)
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("--strength-feature", metavar="NAME")
    ap.add_argument("--fsf-nodes", type=int, metavar="N",
                    help="label each position with Fairy-Stockfish's score at N nodes "
                         "(cached next to the PGN) instead of the game's result")
    ap.add_argument("--fsf", default="/usr/games/fairy-stockfish")
    ap.add_argument("--start",
                    help="the values the fit starts from and is pulled towards (default: "
                         "those before session 15's fit)")
    ap.add_argument("--l2", type=float, default=1e-3)
    ap.add_argument("--drop", metavar="NAMES",
                    help="comma-separated terms to leave out of the fit (--start still lists "
                         "every term)")
    args = ap.parse_args()
    names, default_start = VARIANTS[args.variant]
    args.start = args.start or default_start
    drop = set(args.drop.split(",")) if args.drop else set()
    if drop - set(names):
        ap.error(f"--drop: unknown terms {sorted(drop - set(names))}")
    args.keep = [i for i, n in enumerate(names) if n not in drop]
    args.start = ",".join(v for i, v in enumerate(args.start.split(",")) if i in args.keep)
    names = [names[i] for i in args.keep]
    if len(args.start.split(",")) != len(names):
        ap.error(f"--start needs {len(names)} values for {args.variant}")

    ytr, xtr = dataset(args, args.train)
    yva, xva = dataset(args, args.valid)
    start = np.array([1.0] + [float(v) for v in args.start.split(",")]
                     + ([0.0] if args.strength_feature else []))
    # c: the logistic scale that best fits the current values, searched as K in
    # 1 / (1 + 10^(-K s / 400)).
    ks = np.linspace(0.3, 2.0, 35)
    k = min(ks, key=lambda k: losses(ytr, k * np.log(10) / 400 * (xtr @ start))[0])
    c = k * np.log(10) / 400
    print(f"{len(ytr)} training and {len(yva)} validation positions; K = {k:.2f}")
    print("before: train log-loss %.4f MSE %.4f, valid log-loss %.4f MSE %.4f"
          % (*losses(ytr, c * (xtr @ start)), *losses(yva, c * (xva @ start))))
    w = start.copy()
    x = xtr * c
    for _ in range(50):
        p = 1 / (1 + np.exp(-(x @ w)))
        grad = x.T @ (p - ytr) / len(ytr) + args.l2 * c * c * (w - start)
        hess = (x * (p * (1 - p))[:, None]).T @ x / len(ytr) + args.l2 * c * c * np.eye(len(w))
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-4:
            break
    print("after:  train log-loss %.4f MSE %.4f, valid log-loss %.4f MSE %.4f"
          % (*losses(ytr, c * (xtr @ w)), *losses(yva, c * (xva @ w))))
    print(f"rest of the evaluation scaled by {w[0]:.2f}; in the source's units:")
    names = names + (["(strength)"] if args.strength_feature else [])
    for name, s, v in zip(names, start[1:], w[1:]):
        print(f"  {name:12s} {s:7.0f} -> {v / w[0]:7.0f}")


if __name__ == "__main__":
    sys.exit(main())
