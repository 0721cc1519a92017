// Browser entry (type-checked against lib.dom only): init() fetches the wasm next to the JS.
import init from "tablero-chess";
import { fourPlayer, twoPlayer } from "./program.js";
import { editor } from "./editor.js";
import { record } from "./record.js";

await init();
document.body.textContent = [...twoPlayer(), ...fourPlayer(), ...editor(), ...record()].join("\n");
