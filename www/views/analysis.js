// The analysis board (`#/analysis`): its markup, its entry points and what it does with the
// board. The position and its variations are the package's game tree (game.tree(), goTo,
// promote, deleteMove, annotate, pgn): a move made on the board becomes a variation where the
// line already goes on. Its parts, each in a file of its own: the shared state
// (analysis-state.js), the evaluation bar (evalbar.js), the move list and annotations
// (analysis-tree.js), the live analysis (analysis-engine.js) and the game review (review.js);
// the computer's analysis and the review run in a worker of their own (analyser.js), never on
// the page's thread.
//
// Entry points: a game view (its game, copied), the game-over dialog, the import dialog (the
// record as imported, variations and comments included), the editor (analyseGame), a saved
// game by id (`#/analysis?id=…`) and a position (`#/analysis?game=chess&fen=…`).
import { Game, newGame } from "../engine.js";
import { state, jsonOf } from "../state.js";
import { t, getLang } from "../i18n/index.js";
import { Board } from "../board.js";
import { ICONS } from "../icons.js";
import { $, pickMove } from "./common.js";
import { squareLabel } from "./game.js";
import { openExport, importText } from "./io.js";
import { choices, gameName, idOf, isFour, newGameOptions, offered } from "../games.js";
import { moveInput } from "../pieces.js";
import * as store from "../store.js";
import { an, facts, gameTree, keep, mainPath, nodeAt, pos, setAttr, setText, touched, SESSION_KEY } from "./analysis-state.js";
import { NAGS, NAG_TEXT, renderAnnotate, renderTree } from "./analysis-tree.js";
import { engineKey, lineMoveAt, linesMarkup, renderEngine, shownLine, startEngine, stopEngine } from "./analysis-engine.js";
import { betterMove, renderReview, startReview } from "./review.js";

an.redraw = { all: render, board: renderArrow };

// --- entering ----------------------------------------------------------------------------------
/** Opens the analysis board on `game` (the view takes it over) and, with `review`, reviews it. */
export function analyseGame(game, choice, { review = false } = {}) {
  an.pending = { game, choice, review };
  if (location.hash.startsWith("#/analysis")) route({});
  else location.hash = "#/analysis";
}

/** The route: `params` from the hash's query (`id`, `game` and `fen`, `review`). */
export async function route(params) {
  buildView();
  let next = an.pending;
  an.pending = null;
  if (!next && params.id) {
    try {
      const rec = await store.get(params.id);
      next = { game: Game.fromJSON(rec.saved), choice: rec.choice, review: params.review === "1" };
    } catch (e) {
      return fail(e);
    }
  }
  if (!next && (params.fen || params.game)) {
    const choice = offered(params.game);
    try {
      next = { game: newGame({ ...newGameOptions(choice), ...(params.fen ? { fen: params.fen } : {}) }), choice };
    } catch (e) {
      return fail(e);
    }
  }
  if (!next && !an.game) next = restore();
  if (next) setGame(next.game, next.choice);
  render();
  if (next?.review) startReview();
  else startEngine();
}

function fail(e) {
  $("an-error").textContent = t("error", { message: e.message });
  $("an-error").hidden = false;
  if (!an.game) setGame(newGame(), choices()[0]);
  render();
}

/** The analysis kept for this tab (a reload keeps the work). */
function restore() {
  try {
    const saved = JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? "null");
    if (saved) return { game: Game.fromJSON(saved.game), choice: saved.choice };
  } catch {
    /* a stale or blocked store: start afresh */
  }
  const choice = offered(state.prefs.choice);
  return { game: newGame(newGameOptions(choice)), choice };
}


function setGame(game, choice) {
  an.game?.free();
  an.game = game;
  touched({ tree: "game" });
  an.choice = choice ?? idOf(game);
  an.review = null;
  an.reviewGen++;
  an.rot = 0;
  an.engine.result = null;
  $("an-error").hidden = true;
}

/** Leaves the view: the engine stops (a hidden board must not keep a core busy). */
export function leaveAnalysis() {
  an.engine.gen++;
  an.reviewGen++;
  an.analyser?.close();
  if (an.review && !an.review.done) an.review = null;
}

// --- the view's markup ---------------------------------------------------------------------------
function buildView() {
  const root = $("view-analysis");
  if (root.dataset.lang === getLang() && root.firstChild) return;
  root.dataset.lang = getLang();
  an.board = null;
  root.innerHTML = `
    <div class="an-board-col">
      <div id="an-bars" class="an-bars"></div>
      <div class="an-board-row">
        <div id="an-evalbar" class="an-evalbar" role="img"><div class="an-evalfill"></div><span class="an-evaltext"></span></div>
        <div id="an-board" class="board-host an-board"></div>
      </div>
      <div class="replay" role="group" aria-label="${t("anNavigate")}">
        <button type="button" class="icon" data-go="first" aria-label="${t("first")}" title="${t("first")}">${ICONS.first}</button>
        <button type="button" class="icon" data-go="prev" aria-label="${t("prev")}" title="${t("prev")}">${ICONS.prev}</button>
        <button type="button" class="icon" data-go="next" aria-label="${t("next")}" title="${t("next")}">${ICONS.next}</button>
        <button type="button" class="icon" data-go="last" aria-label="${t("last")}" title="${t("last")}">${ICONS.last}</button>
        <button type="button" id="an-flip">${t("flip")}</button>
      </div>
    </div>
    <aside class="an-side">
      <h1 id="an-title"></h1>
      <p id="an-error" class="error" role="alert" hidden></p>
      <p id="an-status" class="status" aria-live="polite"></p>
      <section class="an-engine" aria-labelledby="an-engine-h">
        <h2 id="an-engine-h">${t("anEngine")}</h2>
        <div class="an-engine-row">
          <label class="check"><input type="checkbox" id="an-engine-on" /> <span>${t("anEngineOn")}</span></label>
          <button type="button" id="an-stop">${t("anStop")}</button>
          <label class="check" id="an-threat-box"><input type="checkbox" id="an-threat" /> <span>${t("anThreat")}</span></label>
        </div>
        <p id="an-depth" class="muted an-depth" aria-live="off"></p>
        <ol id="an-lines" class="an-lines" aria-label="${t("anLines")}">${linesMarkup()}</ol>
      </section>
      <section class="an-review" aria-labelledby="an-review-h">
        <h2 id="an-review-h">${t("anReview")}</h2>
        <button type="button" id="an-review-go">${t("anReviewGo")}</button>
        <progress id="an-progress" max="1" value="0" hidden aria-label="${t("anReviewProgress")}"></progress>
        <div id="an-graph" class="an-graph"></div>
        <div id="an-counts"></div>
        <p id="an-better" class="an-better" hidden></p>
      </section>
      <section aria-labelledby="an-moves-h">
        <h2 id="an-moves-h">${t("moves")}</h2>
        <div id="an-tree" class="an-tree"></div>
      </section>
      <section class="an-annotate" aria-labelledby="an-annotate-h">
        <h2 id="an-annotate-h">${t("anAnnotate")}</h2>
        <div class="an-nags" role="group" aria-label="${t("anNags")}">
          ${NAGS.map((n) => `<button type="button" data-nag="${n}" aria-pressed="false" aria-label="${t("nag" + n)}" title="${t("nag" + n)}">${NAG_TEXT[n]}</button>`).join("")}
        </div>
        <label for="an-comment">${t("anComment")}</label>
        <textarea id="an-comment" rows="2" spellcheck="true"></textarea>
        <div class="actions">
          <button type="button" id="an-comment-save">${t("anCommentSave")}</button>
          <button type="button" id="an-promote">${t("anPromote")}</button>
          <button type="button" id="an-delete">${t("anDelete")}</button>
        </div>
      </section>
      <div class="actions an-actions">
        <button type="button" id="an-export">${t("export")}</button>
        <a id="an-edit" class="button" href="#/editor">${t("anEdit")}</a>
      </div>
    </aside>`;
  // Each text an answer sets starts as an empty text node, changed in place from the first
  // answer on (`setText`): no node is added to the lines at any answer.
  for (const el of $("an-lines").querySelectorAll(".an-pvplay, .an-pvtext")) el.append(document.createTextNode(""));
  an.board = new Board($("an-board"), {
    legalFrom: (sq) => (an.game && !an.game.status().over ? an.game.legalMoves(sq) : []),
    onMove: onBoardMove,
    label: squareLabel,
    onBlocked: () => {},
  });
  bind(root);
}

function bind(root) {
  root.querySelector(".replay").addEventListener("click", (e) => {
    const go = e.target.closest("[data-go]")?.dataset.go;
    if (go) step(go);
  });
  $("an-flip").addEventListener("click", () => {
    an.rot = (an.rot + (isFour(an.choice) ? 1 : 2)) % 4;
    renderBoard();
  });
  $("an-tree").addEventListener("click", (e) => {
    const b = e.target.closest("[data-path]");
    if (b) goTo(b.dataset.path ? b.dataset.path.split(",").map(Number) : []);
  });
  // A line's button plays the line; a click on its text plays it up to the move clicked,
  // which is underlined under the pointer (a highlight of the text: no element per move).
  $("an-lines").addEventListener("click", (e) => {
    const li = e.target.closest("li");
    if (!li) return;
    const i = [...$("an-lines").children].indexOf(li);
    if (e.target.closest(".an-pvplay")) return playLine(i, Infinity);
    const at = lineMoveAt(e.clientX, e.clientY, e.target);
    if (at) playLine(at.i, at.upto);
  });
  $("an-lines").addEventListener("pointermove", (e) => {
    if (e.pointerType !== "mouse" || typeof Highlight === "undefined") return;
    const at = lineMoveAt(e.clientX, e.clientY, e.target);
    if (!at) return CSS.highlights.delete("an-pv-hover");
    const range = new Range();
    range.setStart(at.node, at.start);
    range.setEnd(at.node, at.end);
    CSS.highlights.set("an-pv-hover", new Highlight(range));
  });
  $("an-lines").addEventListener("pointerleave", () => CSS.highlights?.delete("an-pv-hover"));
  $("an-engine-on").addEventListener("change", () => {
    an.engine.on = $("an-engine-on").checked;
    if (an.engine.on) startEngine();
    else stopEngine();
    renderEngine();
  });
  $("an-stop").addEventListener("click", () => {
    if (an.engine.running) stopEngine();
    else startEngine();
    renderEngine();
  });
  $("an-threat").addEventListener("change", () => {
    an.engine.threat = $("an-threat").checked;
    startEngine();
  });
  $("an-review-go").addEventListener("click", startReview);
  $("an-graph").addEventListener("click", (e) => {
    const ply = e.target.closest("[data-ply]")?.dataset.ply;
    if (ply !== undefined) goTo(mainPath(Number(ply)));
  });
  // The review's four-player losses: each move a button to go there.
  $("an-counts").addEventListener("click", (e) => {
    const b = e.target.closest("[data-path]");
    if (b) goTo(b.dataset.path.split(",").map(Number));
  });
  $("an-better").addEventListener("click", (e) => {
    if (e.target.closest("button")) playBetter();
  });
  root.querySelector(".an-nags").addEventListener("click", (e) => {
    const n = Number(e.target.closest("[data-nag]")?.dataset.nag);
    if (n) toggleNag(n);
  });
  $("an-comment-save").addEventListener("click", saveComment);
  $("an-promote").addEventListener("click", () => {
    const p = an.game.path();
    if (!p.length) return;
    an.game.goTo(an.game.promote(p));
    changed();
  });
  $("an-delete").addEventListener("click", () => {
    const p = an.game.path();
    if (!p.length) return;
    an.game.deleteMove(p);
    an.game.goTo(p.slice(0, -1));
    changed();
  });
  $("an-export").addEventListener("click", () => openExport(an.game, an.choice));
}

/** The bindings outside the view: the game view's buttons, the game-over and import dialogs,
 * and the view's keys. Called once. */
export function bindAnalysisEntry() {
  if (an.bound) return;
  an.bound = true;
  const fromGame = (review) => {
    const c = state.cur;
    if (c) analyseGame(Game.fromJSON(jsonOf(c)), c.choice, { review });
  };
  $("analyse-game")?.addEventListener("click", () => fromGame(false));
  $("gameover").addEventListener("close", () => {
    if ($("gameover").returnValue === "gamereview") fromGame(true);
  });
  $("import-analyse")?.addEventListener("click", () => {
    let got;
    try {
      got = importText($("import-text").value, $("import-as").value);
    } catch (e) {
      $("import-error").textContent = t("importFailed", { message: e.message });
      $("import-error").hidden = false;
      return;
    }
    $("import").close();
    analyseGame(got.game, got.choice);
  });
  document.addEventListener("keydown", (e) => {
    if ($("view-analysis").hidden || document.querySelector("dialog[open]")) return;
    if (e.target.closest?.("input, select, textarea, .board")) return;
    const go = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" }[e.key];
    if (!go) return;
    e.preventDefault();
    step(go);
  });
}

// --- moving through the tree -----------------------------------------------------------------
function step(go) {
  const p = pos().path;
  if (go === "first") return goTo([]);
  if (go === "prev") return p.length && goTo(p.slice(0, -1));
  let node = nodeAt(gameTree(), p);
  if (go === "next") return node?.children.length && goTo([...p, 0]);
  const q = [...p];
  while (node?.children.length) {
    q.push(0);
    node = node.children[0];
  }
  goTo(q);
}

function goTo(path) {
  an.game.goTo(path);
  changed({ tree: false });
}

async function onBoardMove(from, to, moves) {
  const move = await pickMove(moves, an.game.facts.promotions);
  if (!move) return renderBoard();
  an.game.play(moveInput(move));
  changed();
}

/** Plays the engine line `i` as shown up to its move `upto` (Infinity: all of it) from the
 * shown position (its moves become a variation where the record goes elsewhere). */
function playLine(i, upto) {
  const line = shownLine(i);
  if (!line || an.engine.threat) return;
  for (const m of line.slice(0, upto + 1)) an.game.play(moveInput(m));
  changed();
}

/** The board's and the panels' redraws and the engine's restart after a step, when pending. */
let boardTimer = 0;
let panelsTimer = 0;
/** The step whose panels are pending (a newer change drops an older step's). */
let panelsStep = 0;

/** After any change: keep the work, redraw, analyse the new position. A step through the game
 * (`tree: false`) moves the game in the key's task and draws the board and the status line in
 * a task of their own, then the panels (the engine's, the review's, the move list's mark, the
 * annotations) and the engine's restart in another: together they took more than 50 ms of the
 * page's thread slowed 4×, and a key's event is often run in the task of the frame that follows
 * (Chromium dispatches input queued while the thread was busy at the start of the next frame),
 * so the board's redraw there added its script to the frame's style, layout and paint
 * (docs/BENCHMARKS.md, "Demo: main-thread tasks during analysis"). Keys pressed before these
 * tasks run are drawn once, at the position they reached. */
function changed({ tree = true } = {}) {
  touched({ tree });
  if (tree) keep();
  clearTimeout(boardTimer);
  clearTimeout(panelsTimer);
  boardTimer = 0;
  panelsTimer = 0;
  panelsStep++;
  if (!tree) {
    boardTimer = setTimeout(() => {
      boardTimer = 0;
      renderBoard();
      renderStatus();
      // The panels after the frame that draws the board (a timer set in an animation frame's
      // callback runs after that frame): two timers in a row were often drawn by one frame,
      // the board's and the panels' changes together over 50 ms of the page's thread slowed 4×.
      const step = ++panelsStep;
      requestAnimationFrame(() => {
        if (step !== panelsStep) return;
        panelsTimer = setTimeout(() => {
          panelsTimer = 0;
          renderPanels();
          startEngine();
        }, 0);
      });
    }, 0);
    return;
  }
  render();
  startEngine();
}

function toggleNag(n) {
  const { path: p, node } = pos();
  if (!p.length) return;
  const has = node.nags.includes(n);
  // The move glyphs (1-6) exclude each other: one judgement per move.
  const nags = has ? node.nags.filter((x) => x !== n) : [...node.nags.filter((x) => x > 6), n];
  an.game.annotate(p, { nags });
  changed();
}

function saveComment() {
  const text = $("an-comment").value.trim();
  try {
    an.game.annotate(pos().path, { comment: text || null });
  } catch (e) {
    $("an-error").textContent = t("anCommentBad", { message: e.message });
    $("an-error").hidden = false;
    return;
  }
  $("an-error").hidden = true;
  touched();
  keep();
  renderTree();
}

// --- drawing -------------------------------------------------------------------------------------
function render() {
  if (!an.game || !an.board) return;
  // (Each part sets only what differs: a step through the game redraws all of them.)
  setText($("an-title"), t("anTitle", { game: gameName(an.choice) }));
  renderBoard();
  renderStatus();
  renderPanels();
}

/** The side panel's parts that follow the position shown. */
function renderPanels() {
  setAttr($("an-edit"), "href", `#/editor?game=${encodeURIComponent(an.choice)}&fen=${encodeURIComponent(pos().fen)}`);
  renderEngine();
  renderReview();
  renderTree();
  renderAnnotate();
}

function renderBoard() {
  const f = facts();
  const { status, board, node, key, fen } = pos();
  const checked = (status.inCheck ?? []).map((s) => board.find((x) => x.piece === "king" && x.color === s && !x.grey)?.square).filter(Boolean);
  const n = f.files;
  const finish = f.finishRank ? [..."abcdefgh"].map((x) => x + f.finishRank) : [];
  const arrow = shownArrow();
  an.shown.arrow = arrowKey(arrow);
  an.board.update({
    key: `an:${an.choice}:${key}:${fen}`,
    n,
    pieces: board,
    rot: an.rot,
    lasts: node?.from ? [{ from: node.from, to: node.to, player: node.player }] : [],
    hint: arrow,
    checked,
    hill: f.hill,
    finish,
    interactive: !status.over,
    showLegal: true,
    animate: true,
    ariaLabel: `${t("board")}: ${t("anTitle", { game: gameName(an.choice) })}`,
    labelKey: getLang(),
  });
  // (Set only where it differs: an attribute set to its own value still costs a style pass.)
  if ($("an-board").dataset.rot !== String(an.rot)) $("an-board").dataset.rot = String(an.rot);
  $("an-board").classList.toggle("four", n === 14);
}

const arrowKey = (a) => (a ? `${a.from}${a.to}` : "");

/** After an engine answer: the arrow alone, where it changed (the position is the one the
 * board shows: every change of it redraws the board). */
function renderArrow() {
  if (!an.board) return;
  const arrow = shownArrow();
  const key = arrowKey(arrow);
  if (key === an.shown.arrow) return;
  an.shown.arrow = key;
  an.board.setHint(arrow);
}

/** The arrow on the board: the better move of a reviewed mistake, else the engine's best. */
function shownArrow() {
  const better = betterMove();
  if (better) return { from: better.from, to: better.to };
  const r = an.engine.result;
  if (r && r.key === engineKey() && r.move?.from && r.move?.to) return { from: r.move.from, to: r.move.to };
  return null;
}

function renderStatus() {
  const { status: st, node } = pos();
  let text;
  if (st.over) text = t("gameIsOver");
  else text = t("toMove", { seat: st.turn });
  // Said first for a screen reader: the move the board shows.
  if (node?.san || node?.uci) text = `${node.san || node.uci}. ${text}`;
  setText($("an-status"), text);
}

/** Plays the better move in place of the reviewed one: a variation beside it. */
function playBetter() {
  const best = betterMove();
  if (!best) return;
  const p = an.game.path();
  an.game.goTo(p.slice(0, -1));
  an.game.play(moveInput(best));
  changed();
}

/** Tests and the curious: the analysis board's state. */
export const analysisDebug = {
  /** The game itself: a caller may change it behind the view's back, so the view reads it
   * afresh at its next redraw. */
  get game() {
    touched();
    return an.game;
  },
  get engine() {
    return an.engine;
  },
  get review() {
    return an.review;
  },
};
