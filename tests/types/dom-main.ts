// Browser entry (type-checked against lib.dom only): init() fetches the wasm next to the JS.
import init from "tablero-chess";
import { fourPlayer, twoPlayer } from "./program.js";
import { editor } from "./editor.js";

await init();
document.body.textContent = [...twoPlayer(), ...fourPlayer(), ...editor()].join("\n");
