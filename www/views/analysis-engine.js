// The analysis board's live analysis: the computer's best lines (up to three, in SAN, each
// move a button), the depth, Stop / Go on, and "show threat". The search runs in the view's
// own worker (analyser.js), never on the page's thread: the page asks for depth 1, 2, 3… of
// the position shown, draws each answer, and stops after MAX_MS, at a forced result or at Stop
// (which ends the worker: a wasm search cannot be interrupted).
import { newGame } from "../engine.js";
import { t } from "../i18n/index.js";
import { isFour, newGameOptions } from "../games.js";
import { scoreText, MATE_SCORE } from "../evaluation.js";
import { $ } from "./common.js";
import { an, analyser, fmt, lineJson, pos, whiteScore } from "./analysis-state.js";
import { renderBars } from "./evalbar.js";

/** The live analysis deepens one ply at a time up to this depth, or for this long. */
const MAX_DEPTH = 30;
const MAX_MS = 12000;
/** The number of best lines shown (the search's MultiPV). */
const LINES = 3;
/** The moves of a line shown: about what the line's box of two rows holds on a wide screen
 * (analysis.css, .an-pv); deeper moves of a line are the engine's least certain. */
const MAX_PV = 16;
/** The shortest time between two paints of the engine's answers (ms). */
const PAINT_MS = 200;

/** What the shown analysis belongs to: the position (by its path and FEN) and threat mode. */
export const engineKey = () => `${pos().key}|${pos().fen}|${an.engine.threat}`;

/** The position with the other side to move (two players), or null when that is no legal
 * position (the side to move is in check). */
function threatJson() {
  if (isFour(an.choice)) return null;
  const f = pos().fen.split(" ");
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

/** Stops the live analysis (not the review's, which has the worker while it runs). */
export function stopEngine() {
  an.engine.gen++;
  an.engine.running = false;
  if (!an.review || an.review.done) an.analyser?.stop();
}

/** Analyses the position shown, deeper and deeper, drawing each answer. */
export async function startEngine() {
  const e = an.engine;
  const mine = ++e.gen;
  if (an.review && !an.review.done) return; // the review has the worker
  an.analyser?.stop();
  e.error = null;
  if (!e.on || !an.game || pos().status.over || $("view-analysis").hidden) {
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
    e.stats.answers++;
    paintSoon();
    if (Math.abs(res.score) >= MATE_SCORE || performance.now() - t0 > MAX_MS) break;
  }
  if (mine !== e.gen) return;
  e.running = false;
  renderEngine();
  an.redraw.board();
}

/** Draws the latest answer at an animation frame, PAINT_MS at least after the last paint.
 * The shallow depths answer many times a second, of which only the last could be read: one
 * paint for all the answers that came meanwhile, in the frame's own task. */
function paintSoon() {
  const e = an.engine;
  if (e.frame) return;
  const wait = Math.max(0, e.painted + PAINT_MS - performance.now());
  e.frame = setTimeout(() => {
    requestAnimationFrame(() => {
      e.frame = 0;
      e.painted = performance.now();
      e.stats.paints++;
      renderEngine();
      an.redraw.board(); // the best move's arrow, where it changed
    });
  }, wait);
}

/** The texts the panel's elements were given: compared here, not read back from the page. */
const written = new WeakMap();

/** Sets a text where it differs (an unchanged text costs no style or layout work); an
 * element's one text node is changed in place, not replaced by a new one. */
function setText(el, text) {
  if (written.get(el) === text) return;
  written.set(el, text);
  const node = el.firstChild;
  if (node && node.nodeType === Node.TEXT_NODE && !node.nextSibling) node.data = text;
  else el.textContent = text;
}

/** Sets an element's property (`hidden`, `disabled`, `checked`) where it differs: setting a
 * reflected attribute to its own value still invalidates the element's style. */
function setProp(el, name, value) {
  if (el[name] !== value) el[name] = value;
}

/** The moves of line `i` in its box `li` (after its score): each a button that plays the line
 * up to it, disabled when the line is a threat. Buttons are kept and reused, only a differing
 * text is set, and those past the line's end are hidden, not removed: a line's length changes
 * with nearly every answer. At most MAX_PV moves: the box shows two rows of them. */
function lineMoves(li, pv, i, threat) {
  const buttons = li.getElementsByClassName("an-pvmove");
  const shown = pv.slice(0, MAX_PV);
  shown.forEach((m, j) => {
    let b = buttons[j];
    if (!b) {
      b = document.createElement("button");
      b.type = "button";
      b.className = "an-pvmove";
      b.dataset.line = String(i);
      b.dataset.upto = String(j);
      li.append(b, " ");
    }
    setProp(b, "hidden", false);
    setProp(b, "disabled", threat);
    setText(b, m.san || m.uci);
  });
  for (let j = shown.length; j < buttons.length; j++) setProp(buttons[j], "hidden", true);
}

/** The engine panel: Stop / Go on, the depth and the lines; then the evaluation bar. */
export function renderEngine() {
  if (!an.board) return;
  const e = an.engine;
  const four = isFour(an.choice);
  setProp($("an-engine-on"), "checked", e.on);
  setProp($("an-threat"), "checked", e.threat);
  setProp($("an-threat-box"), "hidden", four);
  const st = pos().status;
  setText($("an-stop"), e.running ? t("anStop") : t("anGo"));
  setProp($("an-stop"), "disabled", !e.on || st.over);
  const r = e.result?.key === engineKey() ? e.result : null;
  // The side the scores are from: the mover (the other side when showing a threat).
  const mover = e.threat ? (st.turn === "white" ? "black" : "white") : st.turn;
  let depth = "";
  if (e.error) depth = t("error", { message: e.error });
  else if (r?.none) depth = t("anNoThreat");
  else if (r) depth = t(e.running ? "anDepthRunning" : "anDepth", { n: r.depth });
  else if (e.running) depth = t("anThinking");
  setText($("an-depth"), depth);
  // The depth line is one row of fixed height (its changes lay out nothing around it); an
  // error or "no threat" (sentences, and no lines to draw) may need more and wraps.
  $("an-depth").classList.toggle("an-wrap", !!e.error || !!r?.none);
  const lines = r && !r.none ? (r.lines?.length ? r.lines : [{ score: r.score, mate: r.mate, pv: r.pv }]) : [];
  // The lines' elements are kept and changed where they differ: a deeper answer mostly keeps
  // the start of each line and changes its score and its tail.
  const ol = $("an-lines");
  lines.forEach((line, i) => {
    const s = four ? line.score : whiteScore(line.score, mover);
    // Each line's score and moves sit in a box of fixed height (two rows, the tail of a long
    // line cut off: analysis.css), so that a deeper answer lays out that box alone.
    let box = ol.children[i]?.firstChild;
    if (!box) {
      const li = document.createElement("li");
      box = document.createElement("div");
      box.className = "an-pv";
      box.append(document.createElement("strong"), " ");
      li.append(box);
      ol.append(li);
    }
    setText(box.firstChild, scoreText(s, fmt));
    lineMoves(box, line.pv, i, e.threat);
  });
  while (ol.children.length > lines.length) ol.lastElementChild.remove();
  renderBars(r && !r.none && !e.threat ? r : null, mover);
}

