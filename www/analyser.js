// The analysis board's and the game review's engine: a Web Worker of its own (the package's
// pkg/tablero-worker.js, as ai.js uses for the opponent), so that stopping an analysis can end
// the worker at once without touching the computer opponent's. The wasm search cannot be
// interrupted from outside; Stop terminates the worker and the next request starts a new one.
//
//   const a = createAnalyser();
//   const info = await a.analyse(game.toJSON(), { depth: 8, multiPv: 3 });
//   a.stop(); // pending requests fail with code "stopped"; the next request starts a worker
//   a.close(); // stop, and end the spare worker kept ready (below)

const URL_ = new URL("../pkg/tablero-worker.js", import.meta.url);

/** A worker for analyses: `analyse(savedGame, options)` and `stop()`. */
export function createAnalyser() {
  const a = { worker: null, spare: null, spareTimer: 0, closed: false, nextId: 1, pending: new Map() };

  const failAll = (err) => {
    for (const p of a.pending.values()) p.reject(err);
    a.pending.clear();
  };

  const spawn = () => {
    const w = new Worker(URL_, { type: "module" });
    w.addEventListener("message", (e) => {
      const { id, ok, move, error } = e.data ?? {};
      const p = a.pending.get(id);
      if (!p) return;
      a.pending.delete(id);
      if (ok) p.resolve(move);
      else p.reject(Object.assign(new Error(error?.message ?? "worker error"), { code: error?.code }));
    });
    w.addEventListener("error", (e) => {
      w.terminate();
      if (a.spare === w) {
        a.spare = null;
        return;
      }
      if (a.worker === w) a.worker = null;
      failAll(Object.assign(new Error(e.message || "the analysis worker failed"), { code: "internal" }));
    });
    return w;
  };

  // A spare worker, its wasm loaded, made in a task of its own: the live analysis ends its
  // worker at every step through the game (a search cannot be interrupted), and starting a
  // worker costs the page's thread more than a step's redraw (docs/BENCHMARKS.md, "Demo:
  // main-thread tasks during analysis").
  const spareSoon = () => {
    if (a.spare || a.spareTimer) return;
    a.spareTimer = setTimeout(() => {
      a.spareTimer = 0;
      if (!a.closed && !a.spare) a.spare = spawn();
    }, 0);
  };

  const worker = () => {
    if (a.worker) return a.worker;
    a.closed = false;
    a.worker = a.spare ?? spawn();
    a.spare = null;
    spareSoon();
    return a.worker;
  };

  return {
    /** The analysis object of `game.analyse(options)`, computed in the worker. */
    analyse(savedGame, options) {
      const id = a.nextId++;
      return new Promise((resolve, reject) => {
        a.pending.set(id, { resolve, reject });
        worker().postMessage({ id, type: "analyse", game: savedGame, options });
      });
    },
    /** Ends the search under way (the worker with it); what was pending fails as "stopped". */
    stop() {
      if (!a.worker) return;
      a.worker.terminate();
      a.worker = null;
      failAll(Object.assign(new Error("stopped"), { code: "stopped" }));
    },
    /** Ends the worker and the spare (leaving the view): what was pending fails as "stopped". */
    close() {
      a.closed = true;
      clearTimeout(a.spareTimer);
      a.spareTimer = 0;
      a.spare?.terminate();
      a.spare = null;
      this.stop();
    },
    /** Is a request under way? */
    get busy() {
      return a.pending.size > 0;
    },
  };
}
