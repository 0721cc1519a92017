// The computer's levels as players read them: beside a level's number, the rating it was
// measured at (docs/STRENGTH.md, "Levels with ratings": in chess, at the page's own budgets,
// against Fairy-Stockfish's UCI_Elo anchors). Only measured levels of the measured game show
// one; every other game and level shows its number alone.
import { gameInfo, takesPosition } from "./games.js";

/** Measured ratings by level (chess, rounded to 50; error bars in docs/STRENGTH.md). Level 1
 * scored nothing against the lowest anchor (1350) and level 8 has a time budget, whose figure
 * would depend on the machine: neither shows a rating. */
const RATINGS = { 2: 1450, 3: 1800, 4: 1900, 5: 2000, 6: 2100, 7: 2250 };

/** Is this the game the ratings were measured in: two players, checkmate the only win, the
 * usual start (no counted checks, hill, finish rank, points or numbered starts)? */
function measured(id) {
  const g = gameInfo(id);
  if (!g || g.players.length !== 2) return false;
  const f = g.facts;
  return !f.countsChecks && !f.hill.length && !f.finishRank && !f.points && !takesPosition(id);
}

/** The measured rating of `level` in game `id`, or null. */
export const levelRating = (id, level) => (measured(id) ? (RATINGS[level] ?? null) : null);
