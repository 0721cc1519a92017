// The analysis view's state, shared by its parts: the board (analysis.js), the live analysis
// (analysis-engine.js), the evaluation bar (evalbar.js), the move tree (analysis-tree.js) and
// the game review (review.js). One object, `an`, so that each part reads the same game and the
// same engine answer; and the small readings of the package's move tree they all make.
//
// The parts sit in layers (state, bar, tree, engine, review, board: none imports one above
// it); what a lower part must ask of the board above it (redraw it all, or the board alone)
// goes through `an.redraw`, which analysis.js fills in.
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
  engine: { on: true, gen: 0, running: false, result: null, key: "", threat: false, error: null, frame: 0, again: false, painted: 0, stats: { answers: 0, paints: 0 } },
  /** The review of the main line: {key, n, done, evals[], classes[], best[], swings}. */
  review: null,
  reviewGen: 0,
  bound: false,
  /** The board view's redraws, for the parts below it: `all()` and `board()`. */
  redraw: { all: () => {}, board: () => {} },
  /** What the views read of the game, read once per change (see `pos`): the tree and the
   * version it was read at, the version of the tree now, the position shown, and the saved
   * form's fields but the moves (`shownJson`) with the version they were read at. */
  read: { tree: null, treeAt: -1, version: 0, pos: null, facts: null, json: null, jsonAt: -1 },
  /** What the move list and the board show now, so that a redraw changes only what differs:
   * the list's box, the tree version and review it was built from; the arrow drawn. */
  shown: { box: null, version: -1, review: null, arrow: "" },
};

export const SESSION_KEY = "tablero.analysis";

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

// --- reading the game once per change ----------------------------------------------------------
// Each read of the game is a wasm call that builds its answer anew (the tree of a long game is
// hundreds of objects), and an engine answer arrives many times a second: the views read the
// game through `gameTree()` and `pos()`, which ask the engine once per change, and whoever
// changes the game says so with `touched()`.

/** Says the game changed: its position shown (`{tree: false}`: only that), its tree too (the
 * default), or (`{tree: "game"}`) it is another game. */
export function touched({ tree = true } = {}) {
  if (tree === "game") {
    an.read = { tree: null, treeAt: -1, version: an.read.version + 1, pos: null, facts: null, json: null, jsonAt: -1 };
    return;
  }
  an.read.pos = null;
  if (tree) an.read.version++;
}

/** The game's move tree, read again only after a change of the tree. Read-only. */
export function gameTree() {
  const r = an.read;
  if (r.treeAt !== r.version || !r.tree) {
    r.tree = an.game.tree();
    r.treeAt = r.version;
  }
  return r.tree;
}

/** The game's facts (they never change for a game). */
export function facts() {
  an.read.facts ??= an.game.facts;
  return an.read.facts;
}

/** The position shown: its path (and `key`, the path as text), FEN, status, its node of the
 * tree (null at the start), and, read when first asked, its pieces and (four players) scores. */
export function pos() {
  if (an.read.pos) return an.read.pos;
  const g = an.game;
  const path = g.path();
  const p = {
    path,
    key: pathKey(path),
    fen: g.fen(),
    status: g.status(),
    node: nodeAt(gameTree(), path),
    get board() {
      return (this._board ??= g.board());
    },
    get score() {
      return (this._score ??= g.score());
    },
  };
  an.read.pos = p;
  return p;
}

/** The saved form the worker reads: the current line only (no tree, no path). */
export function lineJson(game) {
  const { movetext, path, ...rest } = game.toJSON();
  return rest;
}

/** The saved form of the analysis board's game at the position shown, for the live analysis:
 * `lineJson(an.game)` without its cost at each step. `toJSON()` writes the whole record (the
 * movetext of a 40-move game: 1.4 ms in Node, unslowed); its other fields (the start, the
 * variant, the seed) are read once per change of the tree, and the moves are those of the tree's
 * nodes on the path shown (the same UCI texts `toJSON` writes). */
export function shownJson() {
  const r = an.read;
  if (r.jsonAt !== r.version || !r.json) {
    const { movetext, path, moves, ...rest } = an.game.toJSON();
    r.json = rest;
    r.jsonAt = r.version;
  }
  const moves = [];
  let node = gameTree();
  for (const i of pos().path) {
    node = node.children[i];
    moves.push(node.uci);
  }
  return { ...r.json, moves };
}

// --- setting only what differs ----------------------------------------------------------------
// Setting a text, a reflected property or an attribute to the value it has still invalidates
// the element's style (and a text its layout); the views' redraws, which run at every step
// and every engine answer, set only what differs.

/** The texts the view's elements were given: compared here, not read back from the page. */
const written = new WeakMap();

/** Sets an element's text where it differs (and says whether it did); its one text node is
 * changed in place, not replaced by a new one (which would be styled afresh), and only where
 * it differs: Chromium shapes again the part of a text that `replaceData` replaced and keeps
 * the shaping of the rest, where setting `data` shapes all of it. An engine line's next answer
 * mostly changes its tail (the move numbers and first moves stay), and shaping was the largest
 * part of the layout of an answer (docs/BENCHMARKS.md, "Demo: main-thread tasks during
 * analysis"). */
export function setText(el, text) {
  if (written.get(el) === text) return false;
  written.set(el, text);
  const node = el.firstChild;
  if (node && node.nodeType === Node.TEXT_NODE && !node.nextSibling) replaceDiffering(node, text);
  else el.textContent = text;
  return true;
}

/** Makes a text node's data `text` by replacing the part between their common start and end. */
function replaceDiffering(node, text) {
  const old = node.data;
  const n = Math.min(old.length, text.length);
  let head = 0;
  while (head < n && old.charCodeAt(head) === text.charCodeAt(head)) head++;
  let tail = 0;
  while (tail < n - head && old.charCodeAt(old.length - 1 - tail) === text.charCodeAt(text.length - 1 - tail)) tail++;
  node.replaceData(head, old.length - head - tail, text.slice(head, text.length - tail));
}

/** Sets an element's property (`hidden`, `disabled`, `checked`, `value`) where it differs. */
export function setProp(el, name, value) {
  if (el[name] !== value) el[name] = value;
}

/** Sets an attribute where it differs. */
export function setAttr(el, name, value) {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
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
