// Node entry: loads the wasm from the installed package with initSync and import.meta.resolve.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { initSync } from "tablero-chess";
import { fourPlayer, twoPlayer } from "./program.js";
import { editor } from "./editor.js";
import { initSync as initRules } from "tablero-chess/rules";
import { rulesOnly } from "./rules.js";
import { clockFacts } from "./online.js";
import { record } from "./record.js";

initSync({ module: readFileSync(fileURLToPath(import.meta.resolve("tablero-chess/tablero_bg.wasm"))) });
// The rules-only entry has a wasm of its own.
initRules({ module: readFileSync(fileURLToPath(import.meta.resolve("tablero-chess/rules/tablero_bg.wasm"))) });
console.log([...twoPlayer(), ...fourPlayer(), ...editor(), ...rulesOnly(), clockFacts(), ...record()].join("\n"));
