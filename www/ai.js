// The computer player runs in a Web Worker so the page never blocks while it thinks.
// It uses the engine's own worker (pkg/tablero-worker.js), and www/fallback-worker.js, which
// speaks the same protocol, when that one is missing or cannot play a game:
//   postMessage({id, type: "aiMove" | "analyse", game: game.toJSON(), options: {level} | {timeMs}})
//   -> {id, ok: true, move} | {id, ok: false, error: {code, message}}
// (for "analyse", `move` is the analysis: {move, score, mate?, depth, nodes, pv}).

const OFFICIAL = new URL("../pkg/tablero-worker.js", import.meta.url);
const FALLBACK = new URL("./fallback-worker.js", import.meta.url);

const workers = new Map(); // url -> Promise<Worker>
let nextId = 1;
const pending = new Map();
let officialUrl; // undefined: not checked yet; null: the package has none
export let workerKind = null;

/** The engine's worker (copied into pkg/ by `make pkg`) unless it failed to load before. */
async function findOfficial() {
  if (officialUrl === undefined) officialUrl = OFFICIAL;
  return officialUrl;
}

function getWorker(url) {
  if (!workers.has(url)) {
    const worker = new Worker(url, { type: "module" });
    worker.addEventListener("message", (e) => {
      worker.answered = true;
      const { id, ok, move, error } = e.data ?? {};
      const p = pending.get(id);
      if (!p) return;
      pending.delete(id);
      clearTimeout(p.timer);
      if (ok) p.resolve(move);
      else p.reject(Object.assign(new Error(error?.message ?? "worker error"), { code: error?.code }));
    });
    worker.addEventListener("error", (e) => {
      // A worker that fails to load or crashes: fail what it was doing and start afresh.
      const err = new Error(e.message || "the computer's worker failed");
      for (const [id, p] of pending) {
        if (p.url !== url) continue;
        clearTimeout(p.timer);
        pending.delete(id);
        p.reject(err);
      }
      workers.delete(url);
      worker.terminate();
      // An engine build without pkg/tablero-worker.js: stop asking it.
      if (url === OFFICIAL && !worker.answered) officialUrl = null;
    });
    workers.set(url, worker);
  }
  return workers.get(url);
}

function ask(url, type, savedGame, options, timeoutMs) {
  const worker = getWorker(url);
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      reject(Object.assign(new Error("the computer took too long"), { code: "timeout" }));
    }, timeoutMs);
    pending.set(id, { resolve, reject, timer, url });
    worker.postMessage({ id, type, game: savedGame, options });
  });
}

/** Asks a worker for a move for the player to move. Resolves to a Move (not played). */
export async function aiMove(savedGame, options, timeoutMs = 60000) {
  const official = await findOfficial();
  if (official) {
    try {
      workerKind = "engine";
      return await ask(official, "aiMove", savedGame, options, timeoutMs);
    } catch (e) {
      if (e.code === "game-over" || e.code === "illegal-move") throw e;
      // The engine's worker cannot play this game (or failed): the demo's worker can.
    }
  }
  workerKind = "demo";
  return ask(FALLBACK, "aiMove", savedGame, options, timeoutMs);
}

/** Asks a worker for a full-strength look at the position (for hints). Resolves to the
 * analysis: {move, score (centipawns, mover's view), mate? (plies, two players), depth, pv}. */
export async function analyse(savedGame, options, timeoutMs = 20000) {
  const official = await findOfficial();
  if (official) {
    try {
      return await ask(official, "analyse", savedGame, options, timeoutMs);
    } catch (e) {
      // The engine answered with an error (game over, bad options): that is the answer.
      if (e.code) throw e;
      // The engine's worker failed to load or crashed: the demo's worker can try.
    }
  }
  return ask(FALLBACK, "analyse", savedGame, options, timeoutMs);
}
