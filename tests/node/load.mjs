// Loads pkg/ (wasm-bindgen --target web output) in Node: the web target fetches its .wasm by
// URL, which Node cannot do for file: URLs, so hand init() the bytes instead.
import { readFile } from "node:fs/promises";
import init, * as tablero from "../../pkg/tablero.js";

await init({ module_or_path: await readFile(new URL("../../pkg/tablero_bg.wasm", import.meta.url)) });

export default tablero;
export const { newGame } = tablero;
