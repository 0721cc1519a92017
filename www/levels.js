// The computer's levels as players read them: beside a level's number, the rating it was
// measured at (docs/STRENGTH.md, "Levels with ratings": in chess, at the page's own budgets,
// against Fairy-Stockfish's UCI_Elo anchors). Only measured levels of the measured game show
// one; every other game and level shows its number alone.
import { gameInfo, takesPosition } from "./games.js";

/** Measured ratings by level (chess, rounded to 50; error bars in docs/STRENGTH.md). */
const RATINGS = { 4: 1950 };

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
