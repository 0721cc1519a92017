#!/usr/bin/env python3
"""A level's rating from its games against Fairy-Stockfish's UCI_Elo anchors (docs/STRENGTH.md,
"Levels with ratings"): the maximum-likelihood rating under the Elo model, and its standard
error from the same likelihood (about 68% confidence; twice it for 95%).

    python3 scripts/level_rating.py 1500:10:3.5 1400:30:17.5    # anchor:games:points ...
"""
import math
import sys


def expected(rating, anchor):
    return 1 / (1 + 10 ** ((anchor - rating) / 400))


def rating(rows):
    """rows: (anchor, games, points). Returns (rating, standard error), or None when every game
    was won or lost (no finite maximum)."""
    points = sum(p for _, _, p in rows)
    games = sum(n for _, n, _ in rows)
    if points <= 0 or points >= games:
        return None

    def loglik(r):
        return sum(p * math.log(expected(r, a)) + (n - p) * math.log(1 - expected(r, a))
                   for a, n, p in rows)

    best = max(range(0, 4000), key=loglik)
    k = math.log(10) / 400
    info = sum(n * k * k * expected(best, a) * (1 - expected(best, a)) for a, n, _ in rows)
    return best, 1 / math.sqrt(info)


if __name__ == "__main__":
    rows = [tuple(float(x) for x in arg.split(":")) for arg in sys.argv[1:]]
    if not rows or any(len(r) != 3 for r in rows):
        sys.exit(__doc__)
    out = rating(rows)
    if out is None:
        print("every game won or lost: no finite rating")
    else:
        r, se = out
        print(f"rating {r} ± {se:.0f} (1 SE); on the page: about {50 * round(r / 50)}")
