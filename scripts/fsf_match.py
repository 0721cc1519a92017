#!/usr/bin/env python3
"""Match tablero's UCI engine against Fairy-Stockfish at limited strength.

Not part of the test suite. Needs Debian's `fairy-stockfish` package and python-chess
(`pip install chess`). Example:

    cargo build --release --bin tablero-uci
    python3 scripts/fsf_match.py --engine target/release/tablero-uci --variants chess,3check \
        --elos 1500,2000,2500 --games 20 --movetime 0.2 --level 8

Colours alternate; each pair of games starts from the same position (the variant's start
position, or a short random opening with --random-plies). Prints one line per game and a
summary per variant and Elo, from tablero's point of view.

`--page-budget` plays each level as the demo page does (a bare `go`: the level's own default
budget, docs/STRENGTH.md "The levels"); with `--fsf-nodes` the opponent is bounded by nodes
too, so the figure does not depend on the machine's load (the rating per level, "Levels with
ratings" in docs/STRENGTH.md):

    python3 scripts/fsf_match.py --variants chess --level 4 --page-budget --fsf-nodes 50000 \
        --elos 1350,1650 --games 16
"""

import argparse
import random
import sys

import chess
import chess.engine
import chess.pgn
import chess.variant

BOARDS = {
    "chess": chess.Board,
    "3check": chess.variant.ThreeCheckBoard,
    "kingofthehill": chess.variant.KingOfTheHillBoard,
    "racingkings": chess.variant.RacingKingsBoard,
}


def opening(variant, rng, plies):
    board = BOARDS[variant]()
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves or board.is_game_over():
            break
        board.push(rng.choice(moves))
    return board


def play_game(ours, theirs, board, ours_white, movetime, max_plies, nodes=None, fsf_nodes=None,
              page_budget=False):
    # A node limit makes engine-against-engine A/B runs independent of the machine's load.
    limit = chess.engine.Limit(nodes=nodes) if nodes else chess.engine.Limit(time=movetime)
    their_limit = chess.engine.Limit(nodes=fsf_nodes) if fsf_nodes else limit
    if page_budget:
        # A bare `go`: tablero-uci then searches the level's default budget, as the page does.
        limit = chess.engine.Limit()
    while not board.is_game_over(claim_draw=True) and board.ply() < max_plies:
        ours_to_move = (board.turn == chess.WHITE) == ours_white
        engine = ours if ours_to_move else theirs
        result = engine.play(board, limit if ours_to_move else their_limit)
        if result.move is None:
            break
        board.push(result.move)
    outcome = board.outcome(claim_draw=True)
    if outcome is None or outcome.winner is None:
        return 0.5, board
    return (1.0 if outcome.winner == (chess.WHITE if ours_white else chess.BLACK) else 0.0), board


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", default="target/release/tablero-uci")
    ap.add_argument("--fsf", default="/usr/games/fairy-stockfish")
    ap.add_argument("--variants", default="chess,3check,kingofthehill,racingkings")
    ap.add_argument("--elos", default="1500,2000,2500",
                    help="comma-separated UCI_Elo values; 0 is Fairy-Stockfish at full strength "
                    "(with --fsf-nodes, a repeatable opponent for A/B screens)")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--movetime", type=float, default=0.2)
    ap.add_argument("--nodes", type=int, help="limit every move to this many nodes instead of "
                    "--movetime (for --opponent A/B runs; Fairy-Stockfish's nodes differ)")
    ap.add_argument("--fsf-nodes", type=int, help="the opponent's own node limit per move "
                    "(Fairy-Stockfish counts nodes differently): with --nodes, a load-independent "
                    "stand-in for a timed match")
    ap.add_argument("--level", type=int, default=8)
    ap.add_argument("--page-budget", action="store_true",
                    help="tablero searches its level's own default budget (a bare `go`), as the "
                    "demo page's levels do; --movetime and --nodes then bound only the opponent")
    ap.add_argument("--random-plies", type=int, default=2)
    ap.add_argument("--max-plies", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--opponent", help="another UCI engine at full strength instead of "
                    "Fairy-Stockfish (e.g. an older tablero build); --elos is then ignored")
    ap.add_argument("--pgn", help="append every game to this PGN file")
    args = ap.parse_args()

    for variant in args.variants.split(","):
        elos = [0] if args.opponent else [int(e) for e in args.elos.split(",")]
        for elo in elos:
            ours = chess.engine.SimpleEngine.popen_uci(args.engine)
            # python-chess sets UCI_Variant itself from the board type of each position.
            ours.configure({"Skill Level": args.level, "Hash": 64})
            if args.opponent:
                theirs = chess.engine.SimpleEngine.popen_uci(args.opponent)
                theirs.configure({"Skill Level": args.level, "Hash": 64})
            else:
                theirs = chess.engine.SimpleEngine.popen_uci(args.fsf)
                # `--elos 0` is Fairy-Stockfish at full strength (no UCI_LimitStrength).
                limit = {"UCI_LimitStrength": True, "UCI_Elo": elo} if elo else {}
                theirs.configure({**limit, "Hash": 64, "Threads": 1})
            rng = random.Random(args.seed * 1000 + elo)
            w = d = l = 0
            start = None
            for i in range(args.games):
                if i % 2 == 0:
                    start = opening(variant, rng, args.random_plies)
                ours_white = i % 2 == 0
                score, board = play_game(ours, theirs, start.copy(), ours_white,
                                         args.movetime, args.max_plies, args.nodes,
                                         args.fsf_nodes, args.page_budget)
                if score == 1.0:
                    w += 1
                elif score == 0.0:
                    l += 1
                else:
                    d += 1
                res = board.result(claim_draw=True)
                if args.pgn:
                    game = chess.pgn.Game.from_board(board)
                    game.headers["Event"] = f"{variant} vs FSF {elo}"
                    game.headers["Round"] = str(i)
                    game.headers["White"] = "tablero" if ours_white else f"FSF {elo}"
                    game.headers["Black"] = f"FSF {elo}" if ours_white else "tablero"
                    game.headers["Result"] = res
                    with open(args.pgn, "a") as f:
                        print(game, file=f, end="\n\n")
                print(f"{variant} elo {elo} game {i} tablero={'white' if ours_white else 'black'} "
                      f"score {score} plies {board.ply()} result {res}", flush=True)
            ours.quit()
            theirs.quit()
            n = w + d + l
            pct = 100.0 * (w + 0.5 * d) / max(n, 1)
            budget = f"{args.nodes} nodes" if args.nodes else f"{args.movetime*1000:.0f}ms"
            if args.page_budget:
                budget = "the page's budget"
            if args.fsf_nodes:
                budget += f" (opponent {args.fsf_nodes} nodes)"
            print(f"SUMMARY {variant} level {args.level} {budget} vs "
                  f"{args.opponent or (f'Fairy-Stockfish UCI_Elo {elo}' if elo else 'Fairy-Stockfish at full strength')}: +{w} ={d} -{l} ({pct:.1f}%) over {n} games",
                  flush=True)


if __name__ == "__main__":
    sys.exit(main())
