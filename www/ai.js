// The computer player and the hints run in the engine's own Web Worker (pkg/tablero-worker.js,
// copied there by `make pkg`), so the page never blocks while it searches. Protocol:
//   postMessage({id, type: "aiMove" | "analyse", game: game.toJSON(), options})
//   -> {id, ok: true, move} | {id, ok: false, error: {code, message}}

const URL_ = new URL("../pkg/tablero-worker.js", import.meta.url);
/** The worker (started on the first request, again after a crash) and its open requests. */
const pool = { worker: null, nextId: 1, pending: new Map() };

function getWorker() {
  if (pool.worker) return pool.worker;
  const worker = new Worker(URL_, { type: "module" });
  pool.worker = worker;
  const { pending } = pool;
  worker.addEventListener("message", (e) => {
    const { id, ok, move, error } = e.data ?? {};
    const p = pending.get(id);
    if (!p) return;
    pending.delete(id);
    clearTimeout(p.timer);
    if (ok) p.resolve(move);
    else p.reject(Object.assign(new Error(error?.message ?? "worker error"), { code: error?.code }));
  });
  worker.addEventListener("error", (e) => {
    // A worker that fails to load or crashes: fail what it was doing; the next request starts
    // a new one.
    const err = new Error(e.message || "the computer's worker failed");
    for (const [id, p] of pending) {
      clearTimeout(p.timer);
      pending.delete(id);
      p.reject(err);
    }
    worker.terminate();
    if (pool.worker === worker) pool.worker = null;
  });
  return worker;
}

function ask(type, savedGame, options, timeoutMs) {
  const w = getWorker();
  const id = pool.nextId++;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      pool.pending.delete(id);
      reject(Object.assign(new Error("the computer took too long"), { code: "timeout" }));
    }, timeoutMs);
    pool.pending.set(id, { resolve, reject, timer });
    w.postMessage({ id, type, game: savedGame, options });
  });
}

/** A move for the player to move (not played). */
export function aiMove(savedGame, options, timeoutMs = 60000) {
  return ask("aiMove", savedGame, options, timeoutMs);
}

/** A full look at the position for a hint: {move, score, mate?, depth, nodes, pv}. */
export function analyse(savedGame, options, timeoutMs = 20000) {
  return ask("analyse", savedGame, options, timeoutMs);
}
