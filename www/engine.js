// The one place the app imports the engine from, so a page embedding the demo's modules can
// point them at another copy of the package.
export { default, newGame, Game, games, setup } from "../pkg/tablero.js";
