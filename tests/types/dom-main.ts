// Browser entry (type-checked against lib.dom only): init() fetches the wasm next to the JS.
import init from "tablero-chess";
import { fourPlayer, twoPlayer } from "./program.js";

await init();
document.body.textContent = [...twoPlayer(), ...fourPlayer()].join("\n");
