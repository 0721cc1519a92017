// The computer player runs in a Web Worker so the page never blocks while it thinks.
// It uses the engine's own worker (pkg/tablero-worker.js) when the package has one, and
// otherwise www/fallback-worker.js, which speaks the same protocol:
//   postMessage({id, type: "aiMove", game: game.toJSON(), options: {level}})
//   -> {id, ok: true, move} | {id, ok: false, error: {code, message}}

const OFFICIAL = new URL("../pkg/tablero-worker.js", import.meta.url);
const FALLBACK = new URL("./fallback-worker.js", import.meta.url);

let workerPromise = null;
let nextId = 1;
const pending = new Map();
export let workerKind = null;

async function startWorker() {
  // pkg/package.json lists the worker once the package ships one (no 404 probing).
  let url = FALLBACK;
  try {
    const res = await fetch(new URL("../pkg/package.json", import.meta.url), { cache: "no-store" });
    const pkg = await res.json();
    const listed = [...(pkg.files ?? []), ...Object.keys(pkg.exports ?? {})];
    if (listed.some((f) => /tablero-worker\.js$/.test(f))) url = OFFICIAL;
  } catch {
    /* use the fallback */
  }
  workerKind = url === OFFICIAL ? "engine" : "fallback";
  const worker = new Worker(url, { type: "module" });
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
    // A worker that fails to load or crashes: fail what is waiting and start afresh next time.
    const err = new Error(e.message || "the computer's worker failed");
    for (const p of pending.values()) {
      clearTimeout(p.timer);
      p.reject(err);
    }
    pending.clear();
    workerPromise = null;
    worker.terminate();
  });
  return worker;
}

/** Asks the worker for a move for the player to move. Resolves to a Move (not played). */
export async function aiMove(savedGame, options, timeoutMs = 60000) {
  workerPromise ??= startWorker();
  const worker = await workerPromise;
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      reject(new Error("the computer took too long"));
    }, timeoutMs);
    pending.set(id, { resolve, reject, timer });
    worker.postMessage({ id, type: "aiMove", game: savedGame, options });
  });
}
