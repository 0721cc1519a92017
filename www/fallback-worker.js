// The demo's own computer-player worker, for engine builds without pkg/tablero-worker.js (or
// when that worker cannot play a game): same protocol. Uses game.aiMove when the package has
// it for this game, else a simple one-ply choice (captures, checks, points, promotions) with a
// random tie-break that shrinks as the level rises. "analyse" (hints) needs game.analyse.
// Runs off the main thread like the real one.
import init, { Game } from "../pkg/tablero.js";

const ready = init();
const VALUE = { pawn: 1, knight: 3, bishop: 3, rook: 5, queen: 9, king: 20 };

function pickMove(game, level) {
  if (typeof game.aiMove === "function") {
    try {
      return game.aiMove({ level });
    } catch (e) {
      // An engine build whose computer player does not cover this game yet (four players):
      // play the simple search below rather than fail.
      if (e.code !== "invalid-argument") throw e;
    }
  }
  const moves = game.legalMoves();
  if (!moves.length) throw Object.assign(new Error("no legal move"), { code: "game-over" });
  let best = null;
  let bestScore = -Infinity;
  for (const m of moves) {
    let score = Math.random() * (9 - level);
    if (m.captured) score += VALUE[m.captured] ?? 1;
    if (m.points) score += m.points;
    if (m.check === true || (Array.isArray(m.checks) && m.checks.length)) score += 0.5;
    if (m.promotion) score += 8;
    if (score > bestScore) {
      bestScore = score;
      best = m;
    }
  }
  return best;
}

self.addEventListener("message", async (e) => {
  const { id, type, game: saved, options } = e.data ?? {};
  await ready;
  let game;
  try {
    if (type !== "aiMove" && type !== "analyse") {
      throw Object.assign(new Error(`unknown request ${type}`), { code: "invalid-argument" });
    }
    game = Game.fromJSON(saved);
    let move;
    if (type === "aiMove") move = pickMove(game, Number(options?.level ?? 4));
    else if (typeof game.analyse === "function") move = game.analyse({ timeMs: Number(options?.timeMs ?? 700) });
    else throw Object.assign(new Error("this engine build cannot analyse"), { code: "invalid-argument" });
    self.postMessage({ id, ok: true, move });
  } catch (err) {
    self.postMessage({ id, ok: false, error: { code: err.code ?? "invalid-argument", message: err.message } });
  } finally {
    game?.free();
  }
});
