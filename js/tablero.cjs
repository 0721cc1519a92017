// tablero-chess is an ES module (its wasm loads through import.meta.url). CommonJS code loads
// it with a dynamic import, which works from any CommonJS file:
//
//   const { initSync, newGame } = await import("tablero-chess");
const err = new Error(
  'tablero-chess is an ES module and cannot be require()d: use `const { initSync, newGame } = await import("tablero-chess")` (see "Using it from npm" in its README)',
);
err.code = "ERR_REQUIRE_ESM";
throw err;
