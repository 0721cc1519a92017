// The analysis board (`#/analysis`) and the game review. The position and its variations are
// the package's game tree (game.tree(), goTo, promote, deleteMove, annotate, pgn): a move made
// on the board becomes a variation where the line already goes on. The computer's analysis
// and the review run in a worker of their own (analyser.js), never on the page's thread.
//
// Entry points: a game view (its game, copied), the game-over dialog, the import dialog (the
// record as imported, variations and comments included), the editor (analyseGame), a saved
// game by id (`#/analysis?id=…`) and a position (`#/analysis?game=chess&fen=…`).
import { Game, newGame } from "../engine.js";
import { state, jsonOf } from "../state.js";
import { t, getLang, locale, seatName } from "../i18n/index.js";
import { Board } from "../board.js";
import { ICONS } from "../icons.js";
import { $, pickMove, swatch } from "./common.js";
import { squareLabel } from "./game.js";
import { openExport, importText } from "./io.js";
import { createAnalyser } from "../analyser.js";
import { choices, gameName, idOf, isFour, newGameOptions, offered } from "../games.js";
import { moveInput } from "../pieces.js";
import * as store from "../store.js";
import { expected, classify, scoreText, CLASSES, NAG_OF, MATE_SCORE } from "../evaluation.js";

/** Depth of the review's analysis of each position (docs/BENCHMARKS.md: a 40-move game). */
export const REVIEW_DEPTH = 9;
/** The live analysis deepens one ply at a time up to this depth, or for this long. */
const MAX_DEPTH = 30;
const MAX_MS = 12000;
const LINES = 3;
const NAGS = [1, 2, 3, 4, 5, 6];
const NAG_TEXT = { 1: "!", 2: "?", 3: "!!", 4: "??", 5: "!?", 6: "?!" };

/** The analysis view's state: the game and its name, the board, the engine and the review. */
const an = {
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
};

const fmt = (x) => x.toLocaleString(locale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const pathKey = (p) => p.join(",");
const SESSION_KEY = "tablero.analysis";

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

function keep() {
  try {
    sessionStorage.setItem(SESSION_KEY, JSON.stringify({ game: an.game.toJSON(), choice: an.choice }));
  } catch {
    /* storage full or blocked: nothing to keep */
  }
}

function setGame(game, choice) {
  an.game?.free();
  an.game = game;
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
  an.analyser?.stop();
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
        <p id="an-depth" class="muted" aria-live="off"></p>
        <ol id="an-lines" class="an-lines" aria-label="${t("anLines")}"></ol>
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
  $("an-lines").addEventListener("click", (e) => {
    const b = e.target.closest("[data-line]");
    if (b) playLine(Number(b.dataset.line), Number(b.dataset.upto));
  });
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
function nodeAt(tree, path) {
  let node = tree;
  for (const i of path) node = node?.children[i];
  return node ?? null;
}

function step(go) {
  const g = an.game;
  const p = g.path();
  if (go === "first") return goTo([]);
  if (go === "prev") return p.length && goTo(p.slice(0, -1));
  const tree = g.tree();
  let node = nodeAt(tree, p);
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

/** The path of the main line's `ply`-th position. */
const mainPath = (ply) => new Array(ply).fill(0);

async function onBoardMove(from, to, moves) {
  const move = await pickMove(moves, an.game.facts.promotions);
  if (!move) return renderBoard();
  an.game.play(moveInput(move));
  changed();
}

/** Plays the engine line `i` up to its move `upto` from the shown position (its moves become
 * a variation where the record goes elsewhere). */
function playLine(i, upto) {
  const line = an.engine.result?.lines?.[i]?.pv ?? (i === 0 ? an.engine.result?.pv : null);
  if (!line || an.engine.threat) return;
  for (const m of line.slice(0, upto + 1)) an.game.play(moveInput(m));
  changed();
}

/** After any change: keep the work, redraw, analyse the new position. */
function changed({ tree = true } = {}) {
  if (tree) keep();
  render();
  startEngine();
}

function toggleNag(n) {
  const p = an.game.path();
  if (!p.length) return;
  const node = nodeAt(an.game.tree(), p);
  const has = node.nags.includes(n);
  // The move glyphs (1-6) exclude each other: one judgement per move.
  const nags = has ? node.nags.filter((x) => x !== n) : [...node.nags.filter((x) => x > 6), n];
  an.game.annotate(p, { nags });
  changed({ tree: true });
}

function saveComment() {
  const text = $("an-comment").value.trim();
  try {
    an.game.annotate(an.game.path(), { comment: text || null });
  } catch (e) {
    $("an-error").textContent = t("anCommentBad", { message: e.message });
    $("an-error").hidden = false;
    return;
  }
  $("an-error").hidden = true;
  keep();
  renderTree();
}

// --- drawing -------------------------------------------------------------------------------------
function render() {
  if (!an.game || !an.board) return;
  $("an-title").textContent = t("anTitle", { game: gameName(an.choice) });
  $("an-edit").href = `#/editor?game=${encodeURIComponent(an.choice)}&fen=${encodeURIComponent(an.game.fen())}`;
  renderBoard();
  renderStatus();
  renderEngine();
  renderReview();
  renderTree();
  renderAnnotate();
}

function renderBoard() {
  const g = an.game;
  const facts = g.facts;
  const status = g.status();
  const board = g.board();
  const tree = g.tree();
  const p = g.path();
  const node = nodeAt(tree, p);
  const checked = (status.inCheck ?? []).map((s) => board.find((x) => x.piece === "king" && x.color === s && !x.grey)?.square).filter(Boolean);
  const n = facts.files;
  const finish = facts.finishRank ? [..."abcdefgh"].map((f) => f + facts.finishRank) : [];
  const arrow = shownArrow();
  an.board.update({
    key: `an:${an.choice}:${pathKey(p)}:${g.fen()}`,
    n,
    pieces: board,
    rot: an.rot,
    lasts: node?.from ? [{ from: node.from, to: node.to, player: node.player }] : [],
    hint: arrow,
    checked,
    hill: facts.hill,
    finish,
    interactive: !status.over,
    showLegal: true,
    animate: true,
    ariaLabel: `${t("board")}: ${t("anTitle", { game: gameName(an.choice) })}`,
    labelKey: getLang(),
  });
  $("an-board").dataset.rot = String(an.rot);
  $("an-board").classList.toggle("four", n === 14);
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
  const st = an.game.status();
  let text;
  if (st.over) text = t("gameIsOver");
  else text = t("toMove", { seat: st.turn });
  // Said first for a screen reader: the move the board shows.
  const node = nodeAt(an.game.tree(), an.game.path());
  if (node?.san || node?.uci) text = `${node.san || node.uci}. ${text}`;
  $("an-status").textContent = text;
}

// --- the engine ----------------------------------------------------------------------------------
function analyser() {
  an.analyser ??= createAnalyser();
  return an.analyser;
}

/** The saved form the worker reads: the current line only (no tree, no path). */
function lineJson(game) {
  const { movetext, path, ...rest } = game.toJSON();
  return rest;
}

const engineKey = () => `${pathKey(an.game.path())}|${an.game.fen()}|${an.engine.threat}`;

/** The position with the other side to move (two players), or null when that is no legal
 * position (the side to move is in check). */
function threatJson() {
  const g = an.game;
  if (isFour(an.choice)) return null;
  const f = g.fen().split(" ");
  f[1] = f[1] === "w" ? "b" : "w";
  f[3] = "-";
  const fen = f.join(" ");
  try {
    const flipped = newGame({ ...newGameOptions(an.choice), fen });
    const json = lineJson(flipped);
    flipped.free();
    return json;
  } catch {
    return null;
  }
}

function stopEngine() {
  an.engine.gen++;
  an.engine.running = false;
  if (!an.review || an.review.done) an.analyser?.stop();
}

async function startEngine() {
  const e = an.engine;
  const mine = ++e.gen;
  if (an.review && !an.review.done) return; // the review has the worker
  an.analyser?.stop();
  e.error = null;
  if (!e.on || !an.game || an.game.status().over || $("view-analysis").hidden) {
    e.running = false;
    return renderEngine();
  }
  const key = engineKey();
  const json = e.threat ? threatJson() : lineJson(an.game);
  if (!json) {
    e.running = false;
    e.result = { key, none: true };
    return renderEngine();
  }
  e.running = true;
  renderEngine();
  const t0 = performance.now();
  for (let depth = 1; depth <= MAX_DEPTH; depth++) {
    let res;
    try {
      res = await analyser().analyse(json, { depth, multiPv: LINES });
    } catch (err) {
      if (mine !== e.gen) return;
      if (err.code !== "stopped" && err.code !== "game-over") e.error = err.message;
      break;
    }
    if (mine !== e.gen) return;
    e.result = { ...res, key };
    renderEngine();
    renderBoard();
    if (Math.abs(res.score) >= MATE_SCORE || performance.now() - t0 > MAX_MS) break;
  }
  if (mine !== e.gen) return;
  e.running = false;
  renderEngine();
}

/** White's (or the seat's) view of a result given from the mover's. */
function whiteScore(score, mover) {
  return mover === "black" ? -score : score;
}

function renderEngine() {
  if (!an.board) return;
  const e = an.engine;
  const four = isFour(an.choice);
  $("an-engine-on").checked = e.on;
  $("an-threat").checked = e.threat;
  $("an-threat-box").hidden = four;
  $("an-stop").textContent = e.running ? t("anStop") : t("anGo");
  $("an-stop").disabled = !e.on || an.game.status().over;
  const r = e.result?.key === engineKey() ? e.result : null;
  const st = an.game.status();
  // The side the scores are from: the mover (the other side when showing a threat).
  const mover = e.threat ? (st.turn === "white" ? "black" : "white") : st.turn;
  let depth = "";
  if (e.error) depth = t("error", { message: e.error });
  else if (r?.none) depth = t("anNoThreat");
  else if (r) depth = t(e.running ? "anDepthRunning" : "anDepth", { n: r.depth });
  else if (e.running) depth = t("anThinking");
  $("an-depth").textContent = depth;
  const lines = r && !r.none ? (r.lines?.length ? r.lines : [{ score: r.score, mate: r.mate, pv: r.pv }]) : [];
  $("an-lines").replaceChildren(
    ...lines.map((line, i) => {
      const li = document.createElement("li");
      const s = four ? line.score : whiteScore(line.score, mover);
      const ev = document.createElement("strong");
      ev.textContent = scoreText(s, fmt);
      li.append(ev, " ");
      line.pv.forEach((m, j) => {
        const b = document.createElement("button");
        b.type = "button";
        b.className = "an-pvmove";
        b.dataset.line = String(i);
        b.dataset.upto = String(j);
        b.disabled = e.threat;
        b.textContent = m.san || m.uci;
        li.append(b, " ");
      });
      return li;
    }),
  );
  renderBars(r && !r.none && !e.threat ? r : null, mover);
}

/** The evaluation bar. Two players: White's share of the expected score, with the score in
 * pawns or the mate. Four players: one bar per seat with its points (the engine scores a
 * four-player position only from the mover's side, so only the mover's bar carries the
 * engine's figure). */
function renderBars(r, mover) {
  const four = isFour(an.choice);
  const bar = $("an-evalbar");
  bar.hidden = four;
  $("an-bars").hidden = !four;
  if (four) {
    const scores = an.game.score();
    const top = Math.max(1, ...scores.map((s) => s.points ?? 0));
    $("an-bars").replaceChildren(
      ...scores.map((s) => {
        const row = document.createElement("div");
        row.className = `an-seatbar seat-${s.player}`;
        const label = document.createElement("span");
        label.append(swatch(s.player), seatName(s.player));
        const meter = document.createElement("meter");
        meter.min = 0;
        meter.max = top;
        meter.value = s.points ?? 0;
        meter.setAttribute("aria-label", seatName(s.player));
        const value = document.createElement("span");
        let text = t("points", { n: s.points ?? 0 });
        if (s.status && s.status !== "active") text += ` · ${t("anOut")}`;
        if (r && s.player === mover) text += ` · ${scoreText(r.score, fmt)}`;
        value.textContent = text;
        row.append(label, meter, value);
        return row;
      }),
    );
    return;
  }
  let share = 0.5;
  let text = "";
  if (r) {
    const s = whiteScore(r.score, mover);
    share = expected(s);
    text = scoreText(s, fmt);
  }
  const flipped = an.rot === 2;
  bar.classList.toggle("flipped", flipped);
  bar.querySelector(".an-evalfill").style.height = `${(share * 100).toFixed(1)}%`;
  bar.querySelector(".an-evaltext").textContent = text;
  bar.setAttribute("aria-label", r ? t("anEvalLabel", { eval: text }) : t("anEngine"));
}

// --- the move tree -------------------------------------------------------------------------------
function renderTree() {
  const g = an.game;
  const tree = g.tree();
  const cur = pathKey(g.path());
  const four = isFour(an.choice);
  const classes = an.review?.done ? an.review.classes : null;
  const box = $("an-tree");
  const frag = document.createDocumentFragment();
  if (tree.comment) frag.append(commentNode(tree.comment));
  // A line: its moves, each followed by its comment and, after a move with siblings, the
  // siblings' lines in parentheses (as PGN writes them).
  const line = (nodes, ply0, parentEl, first) => {
    let node = nodes[0];
    let ply = ply0;
    let showNumber = true;
    let siblings = nodes.slice(1);
    let firstMove = first;
    while (node) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "an-move";
      b.dataset.path = pathKey(node.path);
      const numbered = four ? showNumber || ply % 4 === 0 : node.player === "white" || showNumber;
      const num = four ? `${Math.floor(ply / 4) + 1}.` : node.player === "white" ? `${Math.floor(ply / 2) + 1}.` : `${Math.floor(ply / 2) + 1}…`;
      b.textContent = (numbered ? num + " " : "") + (node.san || node.uci) + node.nags.map((n) => NAG_TEXT[n] ?? "").join("");
      const key = pathKey(node.path);
      if (key === cur) b.setAttribute("aria-current", "true");
      if (classes && node.path.every((x) => x === 0)) {
        const c = classes[node.path.length - 1];
        if (c) b.dataset.class = c;
      }
      if (firstMove && node.path.some((x) => x !== 0)) b.classList.add("an-varstart");
      parentEl.append(b, " ");
      if (node.comment) parentEl.append(commentNode(node.comment), " ");
      showNumber = !!node.comment;
      for (const s of siblings) {
        const v = document.createElement("span");
        v.className = "an-var";
        v.append("( ");
        line([s], ply, v, true);
        v.append(") ");
        parentEl.append(v);
        showNumber = true;
      }
      siblings = node.children.slice(1);
      ply++;
      firstMove = false;
      node = node.children[0];
    }
  };
  line(tree.children, 0, frag, false);
  box.replaceChildren(frag);
  box.querySelector('[aria-current="true"]')?.scrollIntoView?.({ block: "nearest" });
}

function commentNode(text) {
  const s = document.createElement("span");
  s.className = "an-comment";
  s.textContent = text;
  return s;
}

function renderAnnotate() {
  const g = an.game;
  const p = g.path();
  const node = nodeAt(g.tree(), p);
  const atMove = p.length > 0;
  for (const b of document.querySelectorAll(".an-nags [data-nag]")) {
    b.disabled = !atMove;
    b.setAttribute("aria-pressed", String(atMove && node.nags.includes(Number(b.dataset.nag))));
  }
  $("an-comment").value = node?.comment ?? "";
  $("an-promote").disabled = !atMove || p.every((x) => x === 0);
  $("an-delete").disabled = !atMove;
}

// --- the review ----------------------------------------------------------------------------------
/** The main line's nodes. */
function mainLine(tree) {
  const out = [];
  let node = tree.children[0];
  while (node) {
    out.push(node);
    node = node.children[0];
  }
  return out;
}

async function startReview() {
  const g = an.game;
  const mine = ++an.reviewGen;
  an.engine.gen++;
  an.analyser?.stop();
  const tree = g.tree();
  const nodes = mainLine(tree);
  const back = g.path();
  g.goTo(mainPath(nodes.length));
  const full = lineJson(g);
  const end = g.status();
  g.goTo(back);
  const n = nodes.length;
  const review = { key: nodes.map((x) => x.uci).join(" "), n, done: false, evals: new Array(n + 1), classes: [], best: [], four: isFour(an.choice) };
  an.review = review;
  if (review.four) {
    review.swings = fourSwings(nodes, g.players);
    review.done = true;
    render();
    startEngine();
    return;
  }
  renderReview();
  delete full.declared;
  for (let i = 0; i <= n; i++) {
    const mover = i < n ? nodes[i].player : nodes[n - 1]?.player === "white" ? "black" : "white";
    let ev;
    if (i === n && end.over) {
      const winners = end.result?.winners ?? [];
      const w = winners.length === 1 ? winners[0] : null;
      ev = { white: w === "white" ? 1 : w === "black" ? 0 : 0.5, cp: w === "white" ? MATE_SCORE : w === "black" ? -MATE_SCORE : 0 };
    } else {
      let res;
      try {
        res = await analyser().analyse({ ...full, moves: full.moves.slice(0, i) }, { depth: REVIEW_DEPTH });
      } catch (err) {
        if (mine !== an.reviewGen) return;
        an.review = null;
        $("an-error").textContent = t("error", { message: err.message });
        $("an-error").hidden = false;
        return render();
      }
      if (mine !== an.reviewGen) return;
      const cp = whiteScore(res.score, mover);
      ev = { white: expected(cp), cp, mate: res.mate, best: res.move };
    }
    review.evals[i] = ev;
    renderReview();
  }
  for (let i = 0; i < n; i++) {
    const white = nodes[i].player === "white";
    const before = review.evals[i].white;
    const after = review.evals[i + 1].white;
    const drop = white ? before - after : after - before;
    review.classes[i] = classify(drop, review.evals[i].best?.uci === nodes[i].uci);
  }
  // The record's notes a few moves per task, then the redraw in two: no task near 50 ms
  // (each took 50-70 ms at once with the CPU slowed 4×).
  const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
  for (let i = 0; i < n; i += 16) {
    annotateReview(nodes, review, i, Math.min(n, i + 16));
    await nextTask();
    if (mine !== an.reviewGen) return;
  }
  keep();
  review.done = true;
  renderReview();
  renderBoard();
  await nextTask();
  if (mine !== an.reviewGen) return;
  renderTree();
  renderAnnotate();
  startEngine();
}

/** Writes the review into the record: each main-line move's [%eval] and, where the move has
 * no glyph yet, ?!, ? or ?? for an inaccuracy, a mistake or a blunder. */
function annotateReview(nodes, review, from, to) {
  for (let i = from; i < to; i++) {
    const ev = review.evals[i + 1];
    const changes = {};
    if (Math.abs(ev.cp) >= MATE_SCORE) {
      if (ev.mate) changes.eval = { mate: Math.sign(ev.cp) * Math.ceil(Math.abs(ev.mate) / 2), depth: REVIEW_DEPTH };
    } else changes.eval = { cp: ev.cp, depth: REVIEW_DEPTH };
    const nag = NAG_OF[review.classes[i]];
    if (nag && !nodes[i].nags.some((x) => x <= 6)) changes.nags = [...nodes[i].nags, nag];
    try {
      an.game.annotate(nodes[i].path, changes);
    } catch {
      /* a value the record cannot hold (or a move deleted meanwhile): the review still shows it */
    }
  }
}

/** Four players: each seat's points after every move, and the moves after which their
 * player's lead over the best other seat fell the most within one round. */
function fourSwings(nodes, players) {
  const pts = Object.fromEntries(players.map((p) => [p, 0]));
  const series = [{ ...pts }];
  for (const node of nodes) {
    for (const s of node.scoring ?? []) pts[s.player] = (pts[s.player] ?? 0) + s.points;
    series.push({ ...pts });
  }
  const lead = (i, p) => series[i][p] - Math.max(...players.filter((q) => q !== p).map((q) => series[i][q]));
  const k = players.length;
  const losses = nodes
    .map((node, i) => ({ i, player: node.player, san: node.san || node.uci, loss: lead(i, node.player) - lead(Math.min(i + k, nodes.length), node.player) }))
    .filter((x) => x.loss > 0 && x.player)
    .sort((a, b) => b.loss - a.loss || a.i - b.i)
    .slice(0, 5);
  return { series, losses, players };
}

function renderReview() {
  const r = an.review;
  const go = $("an-review-go");
  const prog = $("an-progress");
  go.disabled = !!r && !r.done;
  const current = r && mainLine(an.game.tree()).map((x) => x.uci).join(" ") === r.key ? r : null;
  if (!r) {
    prog.hidden = true;
    $("an-graph").replaceChildren();
    $("an-counts").replaceChildren();
    $("an-better").hidden = true;
    return;
  }
  const filled = r.four ? r.n + 1 : r.evals.filter(Boolean).length;
  prog.hidden = r.done;
  prog.max = r.n + 1;
  prog.value = filled;
  prog.setAttribute("aria-valuetext", t("anReviewProgressN", { n: filled, total: r.n + 1 }));
  renderGraph(r);
  $("an-counts").replaceChildren(r.done && current ? (r.four ? lossesTable(r) : countsTable(r)) : "");
  renderBetter(current);
}

const SVGNS = "http://www.w3.org/2000/svg";
const svgEl = (name, attrs = {}) => {
  const e = document.createElementNS(SVGNS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
};

/** White's expected score over the game (0 at the bottom, 1 at the top), a column per
 * position to click. Built once per review; while the review runs and while the player moves through the game only the line, the area and
 * the cursor change, so that no update lays out 81 new nodes. */
const GW = 300;
const GH = 80;
function graph(r) {
  const n = r.n;
  const x = (i) => (n ? (i / n) * GW : 0);
  const svg = svgEl("svg", { viewBox: `0 0 ${GW} ${GH}`, class: "an-graph-svg", role: "group", "aria-label": t("anGraph") });
  svg.append(svgEl("rect", { x: 0, y: 0, width: GW, height: GH, class: "an-graph-bg" }));
  const area = svgEl("polygon", { class: "an-graph-area", points: "" });
  const line = svgEl("polyline", { class: "an-graph-line", points: "" });
  const cursor = svgEl("line", { y1: 0, y2: GH, class: "an-graph-cursor" });
  svg.append(area, svgEl("line", { x1: 0, y1: GH / 2, x2: GW, y2: GH / 2, class: "an-graph-mid" }), line, cursor);
  const w = n ? GW / n : GW;
  const dots = svgEl("g");
  svg.append(dots);
  for (let i = 0; i <= n; i++) {
    const hit = svgEl("rect", { x: Math.max(0, x(i) - w / 2), y: 0, width: w, height: GH, class: "an-graph-hit", "data-ply": i });
    const title = svgEl("title");
    title.textContent = i === 0 ? t("first") : t("anGraphMove", { n: i });
    hit.append(title);
    svg.append(hit);
  }
  return { svg, area, line, cursor, x, dots, shown: -1, dotted: false };
}

/** The review's inaccuracies, mistakes and blunders as dots on the line, once it is done. */
function addDots(r, g) {
  g.dotted = true;
  r.classes.forEach((c, i) => {
    if (c === "mistake" || c === "blunder" || c === "inaccuracy") {
      g.dots.append(svgEl("circle", { cx: g.x(i + 1), cy: GH - r.evals[i + 1].white * GH, r: 2.5, class: `an-dot ${c}` }));
    }
  });
}

/** The line and the area up to the last position analysed. */
function updateGraph(r, g) {
  const filled = r.evals.findIndex((e) => !e);
  const upto = filled < 0 ? r.n : filled - 1;
  if (upto === g.shown) return;
  g.shown = upto;
  const pts = [];
  for (let i = 0; i <= upto; i++) pts.push(`${g.x(i).toFixed(1)},${(GH - r.evals[i].white * GH).toFixed(1)}`);
  g.line.setAttribute("points", pts.join(" "));
  g.area.setAttribute("points", pts.length ? `0,${GH} ${pts.join(" ")} ${g.x(upto).toFixed(1)},${GH}` : "");
}

/** The graph of review `r`, built when needed and otherwise brought up to date. */
function renderGraph(r) {
  const box = $("an-graph");
  const key = `${r.key}|${getLang()}`;
  if (!r.graph || r.graph.key !== key || !box.contains(r.graph.svg)) {
    r.graph = r.four ? fourGraph(r) : graph(r);
    r.graph.key = key;
    box.replaceChildren(r.graph.svg);
  }
  const g = r.graph;
  if (!r.four) updateGraph(r, g);
  if (!r.four && r.done && !g.dotted) addDots(r, g);
  const cur = an.game.path();
  const onMain = cur.every((v) => v === 0);
  g.cursor.setAttribute("visibility", onMain ? "visible" : "hidden");
  if (onMain) {
    const cx = g.x(Math.min(cur.length, r.n)).toFixed(1);
    g.cursor.setAttribute("x1", cx);
    g.cursor.setAttribute("x2", cx);
  }
}

function countsTable(r) {
  const nodes = mainLine(an.game.tree());
  const table = document.createElement("table");
  table.className = "an-counts";
  const cap = document.createElement("caption");
  cap.textContent = t("anCounts");
  const head = document.createElement("tr");
  head.append(document.createElement("td"));
  for (const p of ["white", "black"]) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = seatName(p);
    head.append(th);
  }
  table.append(cap, head);
  for (const c of CLASSES) {
    const tr = document.createElement("tr");
    tr.dataset.class = c;
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = t("cls_" + c);
    tr.append(th);
    for (const p of ["white", "black"]) {
      const td = document.createElement("td");
      td.textContent = String(r.classes.filter((x, i) => x === c && nodes[i]?.player === p).length);
      tr.append(td);
    }
    table.append(tr);
  }
  return table;
}

/** Four players: each seat's points over the game, one line per seat. */
function fourGraph(r) {
  const W = 300;
  const H = 80;
  const { series, players } = r.swings;
  const n = series.length - 1;
  const top = Math.max(1, ...series.flatMap((s) => players.map((p) => s[p])));
  const svg = svgEl("svg", { viewBox: `0 0 ${W} ${H}`, class: "an-graph-svg", role: "group", "aria-label": t("anGraph4") });
  svg.append(svgEl("rect", { x: 0, y: 0, width: W, height: H, class: "an-graph-bg" }));
  for (const p of players) {
    const pts = series.map((s, i) => `${((i / Math.max(1, n)) * W).toFixed(1)},${(H - (s[p] / top) * (H - 4)).toFixed(1)}`);
    svg.append(svgEl("polyline", { points: pts.join(" "), class: `an-graph-seat seat-${p}` }));
  }
  const w = n ? W / n : W;
  const x = (i) => (i / Math.max(1, n)) * W;
  const cursor = svgEl("line", { y1: 0, y2: H, class: "an-graph-cursor" });
  svg.append(cursor);
  for (let i = 0; i <= n; i++) {
    const hit = svgEl("rect", { x: Math.max(0, x(i) - w / 2), y: 0, width: w, height: H, class: "an-graph-hit", "data-ply": i });
    const title = svgEl("title");
    title.textContent = t("anGraphMove", { n: i });
    hit.append(title);
    svg.append(hit);
  }
  return { svg, cursor, x };
}

function lossesTable(r) {
  const box = document.createElement("div");
  const h = document.createElement("h3");
  h.textContent = t("anLosses");
  const ol = document.createElement("ol");
  for (const l of r.swings.losses) {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.path = pathKey(mainPath(l.i + 1));
    b.textContent = `${Math.floor(l.i / 4) + 1}. ${l.san}`;
    b.addEventListener("click", () => goTo(mainPath(l.i + 1)));
    li.append(swatch(l.player), seatName(l.player), " ", b, " ", t("anLostPoints", { n: l.loss }));
    ol.append(li);
  }
  if (!r.swings.losses.length) ol.append(Object.assign(document.createElement("li"), { textContent: t("anNoLosses") }));
  box.append(h, ol);
  return box;
}

/** The better move at the shown move, when the review judged it an inaccuracy or worse. */
function betterMove() {
  const r = an.review;
  if (!r?.done || r.four) return null;
  const p = an.game.path();
  if (!p.length || !p.every((x) => x === 0)) return null;
  const c = r.classes[p.length - 1];
  if (c !== "inaccuracy" && c !== "mistake" && c !== "blunder") return null;
  return r.evals[p.length - 1]?.best ?? null;
}

function renderBetter(current) {
  const box = $("an-better");
  const p = an.game.path();
  const best = current ? betterMove() : null;
  if (!best) {
    box.hidden = true;
    return;
  }
  const c = current.classes[p.length - 1];
  box.hidden = false;
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = t("anShowBetter");
  box.replaceChildren(t("anBetter", { cls: t("cls_" + c), move: best.san || best.uci }), " ", b);
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
  get game() {
    return an.game;
  },
  get engine() {
    return an.engine;
  },
  get review() {
    return an.review;
  },
};
