// The analysis board's live analysis: the computer's best lines (up to three, in SAN, each
// a button to play it and a text whose moves are clicked), the depth, Stop / Go on, and "show threat". The search runs in the view's
// own worker (analyser.js), never on the page's thread: the page asks for depth 1, 2, 3… of
// the position shown, draws each answer, and stops after MAX_MS, at a forced result or at Stop
// (which ends the worker: a wasm search cannot be interrupted).
import { newGame } from "../engine.js";
import { oneDecimal, t } from "../i18n/index.js";
import { isFour, newGameOptions } from "../games.js";
import { scoreText, MATE_SCORE } from "../evaluation.js";
import { $ } from "./common.js";
import { an, analyser, lineJson, pos, setProp, setText, shownJson, whiteScore } from "./analysis-state.js";
import { renderBars } from "./evalbar.js";

/** The live analysis deepens one ply at a time up to this depth, or for this long. */
const MAX_DEPTH = 30;
const MAX_MS = 12000;
/** The number of best lines shown (the search's MultiPV). */
const LINES = 3;
/** The moves of a line shown: about what the line's box of two rows holds on a wide screen
 * (analysis.css, .an-pv); deeper moves of a line are the engine's least certain. */
const MAX_PV = 16;
/** The shortest time between two paints of the engine's answers (ms). It binds only at the
 * shallow depths, which answer many times a second for the first second or two of a position
 * (deeper answers come further apart): there a player sees about three updates a second, not
 * five, each a frame of the page's thread less (docs/BENCHMARKS.md, "Demo: main-thread tasks
 * during analysis"). */
const PAINT_MS = 300;

/** What the shown analysis belongs to: the position (by its path and FEN) and threat mode. */
export const engineKey = () => `${pos().key}|${pos().fen}|${an.engine.threat}`;

/** The FEN of the position shown with the other side to move (two players). */
function threatFen() {
  const f = pos().fen.split(" ");
  f[1] = f[1] === "w" ? "b" : "w";
  f[3] = "-";
  return f.join(" ");
}

/** The position with the other side to move (two players), or null when that is no legal
 * position (the side to move is in check). */
function threatJson() {
  if (isFour(an.choice)) return null;
  const fen = threatFen();
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
  e.error = null;
  if (!e.on || !an.game || pos().status.over || $("view-analysis").hidden) {
    an.analyser?.stop();
    e.running = false;
    return renderEngine();
  }
  const key = engineKey();
  const json = e.threat ? threatJson() : shownJson();
  if (!json) {
    an.analyser?.stop();
    e.running = false;
    e.result = { key, none: true };
    return renderEngine();
  }
  e.running = true;
  renderEngine();
  // The old search's end and the new request in a task of their own, after the redraw of a
  // step (ending a worker costs the page's thread some milliseconds); older answers arriving
  // meanwhile are dropped by their generation.
  await new Promise((resolve) => setTimeout(resolve, 0));
  if (mine !== e.gen) return;
  an.analyser?.stop();
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

/** Draws the latest answer, PAINT_MS at least after the last paint. The shallow depths
 * answer many times a second, of which only the last could be read: one paint for all the
 * answers that came meanwhile (and one more after a paint for those that came during it). Its
 * texts are set in a timer's task, not in an animation
 * frame's: the frame that then draws them has its style, layout and paint to do, and the
 * script with them took it over 50 ms of the page's thread slowed 4× (docs/BENCHMARKS.md,
 * "Demo: main-thread tasks during analysis"). */
function paintSoon() {
  const e = an.engine;
  if (e.frame) {
    // Under way: the answer is drawn when the current paint is done (`e.result` is the latest).
    e.again = true;
    return;
  }
  e.again = false;
  const wait = Math.max(0, e.painted + PAINT_MS - performance.now());
  e.frame = setTimeout(() => {
    e.painted = performance.now();
    e.stats.paints++;
    // An answer in three frames: the depth and the best line; the other two lines; the bar and
    // the arrow. Drawn in one frame, they made frames of 35-50 ms of the page's thread slowed
    // 4×, over 50 for a deep answer whose three lines all changed; a frame costs some 10 ms
    // before it draws anything, and each third is well under (docs/BENCHMARKS.md, "Demo:
    // main-thread tasks during analysis").
    const gen = e.gen;
    const parts = [
      () => renderEngine({ bars: false, lines: [0] }),
      () => renderEngine({ bars: false, lines: [1, 2] }),
      () => {
        renderEngineBars();
        an.redraw.board(); // the best move's arrow, where it changed
      },
    ];
    // Each part after the frame that drew the one before (a timer set in an animation
    // frame's callback runs after that frame); then an answer that came meanwhile.
    const draw = (k) => {
      // (Another position, or the view gone: the rest is not drawn.)
      const stale = k > 0 && (gen !== e.gen || !an.board);
      if (!stale) parts[k]();
      if (!stale && k + 1 < parts.length) return requestAnimationFrame(() => setTimeout(() => draw(k + 1), 0));
      e.frame = 0;
      if (e.again) paintSoon();
    };
    draw(0);
  }, wait);
}

/** The lines as shown: for each, its moves and where each move's text starts and ends in the
 * line's text (`from`: where its number, if any, starts), so that a click on the text plays
 * the moves shown up to the one under the pointer, whatever answer came since. */
const shownLines = [];

/** The lines' markup: LINES items made once with the view, each hidden while it has no line.
 * A line is its score, a button that plays the line (its accessible name the score, its title
 * what it does), and its moves as one text ("21. Nf3 Nc6 22. Bb2 …"): an answer changes two
 * texts a line, where a button per move made some 50 elements to style and lay out at every
 * answer (docs/BENCHMARKS.md, "Demo: main-thread tasks during analysis"). A move is clicked in
 * the text (`lineMoveAt`); a keyboard or screen reader reads the moves in the text and plays
 * the line by its button. */
export function linesMarkup() {
  const li = `<li hidden><div class="an-pv"><button type="button" class="an-pvplay" title="${t("anPlayLine")}"></button> <span class="an-pvtext"></span></div></li>`;
  return li.repeat(LINES);
}

/** Where a line starts, for its move numbers (two players): the FEN's full-move number and
 * whether White moves first; a four-player line goes unnumbered (`n` NaN). */
function lineStart(fen) {
  if (isFour(an.choice)) return { n: NaN, white: true };
  const f = fen.split(" ");
  // The full-move number: the FEN's last plain number (Three-check's "+2+1" counters aside).
  return { n: Number(f.filter((x) => /^\d+$/.test(x)).at(-1)), white: f[1] !== "b" };
}

/** The line's text and where each move's text is in it: its move numbers from `start`
 * (`lineStart`), each move its SAN ("21. Nf3 Nc6 22. Bb2", "21… Nc6 22. Nf3"). */
function lineText(pv, start) {
  let { n, white } = start;
  let text = "";
  const at = [];
  pv.slice(0, MAX_PV).forEach((m, j) => {
    const from = text.length;
    // (A no-break space: a number stays on the row of its move.)
    if (Number.isFinite(n) && (white || j === 0)) text += white ? `${n}.\u00a0` : `${n}…\u00a0`;
    const start = text.length;
    text += m.san || m.uci;
    at.push({ from, start, end: text.length });
    text += " ";
    if (!white) n++;
    white = !white;
  });
  return { text: text.trimEnd(), at };
}

/** The line and move under a click or pointer at (x, y) on a line's text: {i, upto, node,
 * start, end} (the move's text in the text node), or null. */
export function lineMoveAt(x, y, target) {
  const li = target.closest?.(".an-pvtext") && target.closest("li");
  if (!li || an.engine.threat) return null;
  const i = [...li.parentElement.children].indexOf(li);
  const line = shownLines[i];
  const caret = document.caretPositionFromPoint?.(x, y) ?? document.caretRangeFromPoint?.(x, y);
  const node = caret?.offsetNode ?? caret?.startContainer;
  const offset = caret?.offset ?? caret?.startOffset;
  if (!line || !node || node.parentElement !== li.querySelector(".an-pvtext")) return null;
  // The move whose text (its number first) the caret falls in: a move's part runs from its
  // number to the next move's number.
  let upto = 0;
  while (upto + 1 < line.at.length && line.at[upto + 1].from <= offset) upto++;
  return { i, upto, node, start: line.at[upto].start, end: line.at[upto].end };
}

/** The moves of line `i` as shown (null when none is). */
export function shownLine(i) {
  return shownLines[i]?.pv ?? null;
}

/** The side the shown scores are from: the mover (the other side when showing a threat). */
function scoreSide() {
  const turn = pos().status.turn;
  if (!an.engine.threat) return turn;
  return turn === "white" ? "black" : "white";
}

/** The shown answer (null when none belongs to the position shown). */
const shownResult = () => (an.engine.result?.key === engineKey() ? an.engine.result : null);

/** The evaluation bar for the shown answer. */
function renderEngineBars() {
  const r = shownResult();
  renderBars(r && !r.none && !an.engine.threat ? r : null, scoreSide());
}

/** The engine panel: Stop / Go on, the depth and the lines (those of `lines`, indexes, if
 * given: the others are left as they are); then (unless `bars` is false) the evaluation bar. */
export function renderEngine({ bars = true, lines: only = null } = {}) {
  if (!an.board) return;
  const e = an.engine;
  const four = isFour(an.choice);
  setProp($("an-engine-on"), "checked", e.on);
  setProp($("an-threat"), "checked", e.threat);
  setProp($("an-threat-box"), "hidden", four);
  const st = pos().status;
  setText($("an-stop"), e.running ? t("anStop") : t("anGo"));
  setProp($("an-stop"), "disabled", !e.on || st.over);
  const r = shownResult();
  const mover = scoreSide();
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
  // The lines' elements are made with the view and changed where they differ: a deeper
  // answer changes a line's score and its text, nothing else.
  const items = $("an-lines").children;
  const start = lines.length ? lineStart(e.threat ? threatFen() : pos().fen) : null;
  let changed = false;
  for (let i = 0; i < items.length; i++) {
    if (only && !only.includes(i)) continue;
    const line = lines[i];
    const li = items[i];
    if (!line) {
      shownLines[i] = null;
      setProp(li, "hidden", true);
      continue;
    }
    const s = four ? line.score : whiteScore(line.score, mover);
    const { text, at } = lineText(line.pv, start);
    shownLines[i] = { pv: line.pv.slice(0, MAX_PV), at };
    const [button, , moves] = li.firstChild.childNodes;
    setText(button, scoreText(s, oneDecimal));
    setProp(button, "disabled", e.threat);
    if (setText(moves, text)) changed = true;
    setProp(li, "hidden", false);
  }
  // The move under the pointer (its underline) belonged to the text replaced.
  if (changed) CSS.highlights?.delete("an-pv-hover");
  $("an-lines").classList.toggle("an-threat-lines", e.threat);
  if (bars) renderEngineBars();
}

