// The analysis view's state, shared by its parts: the board (analysis.js), the live analysis
// (analysis-engine.js), the evaluation bar (evalbar.js), the move tree (analysis-tree.js) and
// the game review (review.js). One object, `an`, so that each part reads the same game and the
// same engine answer; and the small readings of the package's move tree they all make.
//
// The parts sit in layers (state, bar, tree, engine, review, board: none imports one above
// it); what a lower part must ask of the board above it (redraw it all, or the board alone)
// goes through `an.redraw`, which analysis.js fills in.
import { locale } from "../i18n/index.js";
import { createAnalyser } from "../analyser.js";

/** Depth of the review's analysis of each position (docs/BENCHMARKS.md, "Demo: game review": a 40-move game). */
export const REVIEW_DEPTH = 9;

/** The analysis view's state: the game and its name, the board, the engine and the review. */
export const an = {
  game: null,
  choice: null,
  /** Set by analyseGame for the next route: {game, choice, review}. */
  pending: null,
  board: null,
  rot: 0,
  analyser: null,
  /** The live analysis: on, its generation (a newer position drops older replies), the
   * latest result and the position it belongs to, threat mode. */
  engine: { on: true, gen: 0, running: false, result: null, key: "", threat: false, error: null },
  /** The review of the main line: {key, n, done, evals[], classes[], best[], swings}. */
  review: null,
  reviewGen: 0,
  bound: false,
  /** The board view's redraws, for the parts below it: `all()` and `board()`. */
  redraw: { all: () => {}, board: () => {} },
};

export const SESSION_KEY = "tablero.analysis";

/** A number of pawns with one decimal, in the page's language. */
export const fmt = (x) => x.toLocaleString(locale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 });
/** A tree path as the text the page's `data-path` attributes carry. */
export const pathKey = (p) => p.join(",");
/** The path of the main line's `ply`-th position. */
export const mainPath = (ply) => new Array(ply).fill(0);

/** The node of `tree` at `path` (null when there is none). */
export function nodeAt(tree, path) {
  let node = tree;
  for (const i of path) node = node?.children[i];
  return node ?? null;
}

/** The main line's nodes. */
export function mainLine(tree) {
  const out = [];
  let node = tree.children[0];
  while (node) {
    out.push(node);
    node = node.children[0];
  }
  return out;
}

/** The saved form the worker reads: the current line only (no tree, no path). */
export function lineJson(game) {
  const { movetext, path, ...rest } = game.toJSON();
  return rest;
}

/** White's (or the seat's) view of a result given from the mover's. */
export function whiteScore(score, mover) {
  return mover === "black" ? -score : score;
}

/** The view's analysis worker, started on first use (Stop ends it; the next use starts one). */
export function analyser() {
  an.analyser ??= createAnalyser();
  return an.analyser;
}

/** Keeps the analysis for this tab (a reload keeps the work). */
export function keep() {
  try {
    sessionStorage.setItem(SESSION_KEY, JSON.stringify({ game: an.game.toJSON(), choice: an.choice }));
  } catch {
    /* storage full or blocked: nothing to keep */
  }
}
