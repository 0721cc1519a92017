// tablero Web Worker: runs the computer opponent off the page's main thread.
//
//   const worker = new Worker(new URL("./tablero-worker.js", import.meta.url), { type: "module" });
//   worker.postMessage({ id: 1, type: "aiMove", game: game.toJSON(), options: { level: 5 } });
//   worker.onmessage = ({ data }) => { if (data.ok) game.play(data.move); };
//
// Requests:  { id, type: "aiMove" | "analyse", game: <game.toJSON()>, options }
//   aiMove:  options = { level?, timeMs?, nodes?, seed? }  -> game.aiMove(options)
//   analyse: options = { timeMs?, nodes?, depth?, multiPv? } -> game.analyse(options)
// Replies:   { id, ok: true, move }  (for "analyse", `move` is the analysis object)
//            { id, ok: false, error: { code, message } }
// Requests are answered in the order they arrive; the wasm module loads once, on the first.

import init, { Game } from "./tablero.js";

const ready = init();

self.onmessage = async (event) => {
  const request = event.data ?? {};
  const id = request.id;
  let game;
  try {
    await ready;
    if (request.type !== "aiMove" && request.type !== "analyse") {
      throw Object.assign(new Error(`unknown request type ${JSON.stringify(request.type)}`), {
        code: "invalid-argument",
      });
    }
    game = Game.fromJSON(request.game);
    const options = request.options ?? {};
    const move = request.type === "aiMove" ? game.aiMove(options) : game.analyse(options);
    self.postMessage({ id, ok: true, move });
  } catch (err) {
    self.postMessage({
      id,
      ok: false,
      error: {
        code: (err && err.code) || "internal",
        message: (err && err.message) || String(err),
      },
    });
  } finally {
    // wasm-bindgen objects hold wasm memory until freed.
    if (game) game.free();
  }
};
