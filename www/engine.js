// The one place the app imports the engine from. While pkg/ is still built from the old API
// (before the contract redesign lands on main) it goes through compat-old-api.js, which gives
// the new shapes; after the merge this file re-exports ../pkg/tablero.js and the bridge goes.
export { default, newGame, Game } from "./compat-old-api.js";
