// How the page looks, from the preferences: light or dark (the device's choice unless the
// person picked one), the board's colours, figurine notation. The page's CSS reads the
// `data-scheme` and `data-board` attributes of <html>; the views ask `figurine()`.
import { state } from "./state.js";

/** The board themes, in the order the settings list them (CSS: html[data-board=...]). */
export const BOARD_THEMES = ["wood", "green", "blue"];

const dark = () => globalThis.matchMedia?.("(prefers-color-scheme: dark)");

/** Is the page dark now (the person's choice, else the device's)? */
export function isDark() {
  const s = state.prefs.scheme;
  if (s === "dark" || s === "light") return s === "dark";
  return !!dark()?.matches;
}

/** Applies the preferences to the document. */
export function applyLooks() {
  const root = document.documentElement;
  root.dataset.scheme = isDark() ? "dark" : "light";
  root.dataset.board = BOARD_THEMES.includes(state.prefs.boardTheme) ? state.prefs.boardTheme : BOARD_THEMES[0];
  document.querySelector('meta[name="color-scheme"]')?.setAttribute("content", root.dataset.scheme);
}

/** Follows the device's light or dark setting while the person has not chosen one. */
export function watchScheme(onChange) {
  dark()?.addEventListener?.("change", () => {
    applyLooks();
    onChange?.();
  });
}

const FIGURES = { K: "♔", Q: "♕", R: "♖", B: "♗", N: "♘" };

/** A move's text as the page shows it: figurine notation ("♘f3", "exd8=♕") when chosen.
 * Four-player markers (R resigned, T out of time, S stalemated) stay letters. */
export function figurine(san) {
  if (!state.prefs.figurine || /^[RTS]#?$/.test(san)) return san;
  return san.replace(/[KQRBN](?=[a-n1-9x]|[+#]*$)/g, (ch) => FIGURES[ch] + "\uFE0E");
}
