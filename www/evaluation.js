// What an engine score means to a player: the expected score of a position, the words and
// figures the analysis board shows, and the game review's classes of moves. Pure functions:
// no DOM, no engine.
//
// Expected score (the chance of winning plus half the chance of drawing, 0 to 1) from
// centipawns, as lichess maps them (fitted on its games):
//   E(cp) = 1 / (1 + exp(-0.00368208 · cp))
// so +100 cp is 0.59, +300 cp 0.75, +600 cp 0.90. A proved mate is 1 (or 0). The engine's
// scores are from the mover's view; the review turns them to White's.
// A move is classified by how much it lowered its player's expected score (chess.com's
// thresholds): the engine's own move "best", under 0.05 "good", from 0.05 "inaccuracy", from
// 0.10 "mistake", from 0.20 "blunder".

/** The engine's scores at or beyond this are forced results (MATE = 30000 minus plies). */
export const MATE_SCORE = 29000;
const K = 0.00368208;

/** Expected score of the side a score `cp` belongs to (a mate score gives 1 or 0). */
export function expected(cp) {
  if (cp >= MATE_SCORE) return 1;
  if (cp <= -MATE_SCORE) return 0;
  return 1 / (1 + Math.exp(-K * cp));
}

/** The review's thresholds on the drop of expected score. */
export const THRESHOLDS = { inaccuracy: 0.05, mistake: 0.1, blunder: 0.2 };
/** The classes, best first, and the NAG each writes into the record (0: none). */
export const CLASSES = ["best", "good", "inaccuracy", "mistake", "blunder"];
export const NAG_OF = { best: 0, good: 0, inaccuracy: 6, mistake: 2, blunder: 4 };

/** The class of a move that dropped its player's expected score by `drop` (`isBest`: it is
 * the move the engine would play). */
export function classify(drop, isBest) {
  if (isBest) return "best";
  if (drop >= THRESHOLDS.blunder) return "blunder";
  if (drop >= THRESHOLDS.mistake) return "mistake";
  if (drop >= THRESHOLDS.inaccuracy) return "inaccuracy";
  return "good";
}

/**
 * A score as players write it: "+1.3", "−0.4", "0.0", or a mate "#3" / "#−3" in moves (the
 * engine's mate scores are 30000 minus the plies to the mate). `fmt` formats a number in the
 * page's locale.
 */
export function scoreText(score, fmt = (x) => x.toFixed(1)) {
  if (Math.abs(score) >= MATE_SCORE) {
    const moves = Math.max(1, Math.ceil((30000 - Math.abs(score)) / 2));
    return score > 0 ? `#${moves}` : `#−${moves}`;
  }
  const text = fmt(Math.abs(score) / 100);
  if (/^0([.,]0)?$/.test(text)) return text;
  return (score > 0 ? "+" : "−") + text;
}

/** Material by the usual values (the king counts nothing), per colour. */
export const VALUES = { pawn: 1, knight: 3, bishop: 3, rook: 5, queen: 9, king: 0 };
export function material(board) {
  const out = {};
  for (const p of board) {
    if (p.grey) continue;
    out[p.color] = (out[p.color] ?? 0) + (VALUES[p.piece] ?? 0);
  }
  return out;
}
