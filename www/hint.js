// The Hint button: the engine's worker analyses the live position; the suggestion is marked on
// the board and named in the side panel. A hint belongs to one position and is dropped as soon
// as the game moves on.
import { state, jsonOf, humanToMove } from "./state.js";
import * as ai from "./ai.js";
import { t, errorText, oneDecimal } from "./i18n/index.js";
import { scoreText } from "./evaluation.js";
import { emit } from "./events.js";

const HINT_MS = 700; // the search budget
/** `asked` counts the requests: a reply whose number is no longer the last is dropped. */
const hints = { asked: 0 };

const keyOf = (c) => `${c.id}:${c.snap.ply}`;

/** Does a forced win in this game mean a checkmate (no checks to count, hill or finish rank
 * to reach, points to score)? Then the hint says "mate in n" rather than "wins in n". */
const winIsMate = (f) => !f.countsChecks && !f.hill.length && !f.finishRank && !f.points;

/** The hint if it still belongs to the live position. */
export function liveHint(c = state.cur) {
  if (c?.hint && (c.hint.key !== keyOf(c) || c.snap.status.over)) c.hint = null;
  return c?.hint ?? null;
}

export function clearHint(c) {
  if (c) c.hint = null;
  hints.asked++; // a reply still on its way is for a position that is gone
}

export function canHint(c = state.cur) {
  return !!c && c.viewPly === null && !c.thinking && humanToMove(c) && liveHint(c)?.state !== "thinking";
}

function evalText(c, a) {
  const score = Number(a.score) || 0;
  // A forced result: |score| >= 29000 (MATE = 30000 minus the plies to the end); the distance
  // is given for two players only.
  if (Math.abs(score) >= 29000) {
    const win = score > 0;
    const plies = Math.abs(a.mate ?? 0);
    if (c.snap.facts.points || !plies) return t(win ? "forcedWin" : "forcedLoss");
    const n = Math.ceil(plies / 2);
    if (winIsMate(c.snap.facts)) return t(win ? "mateIn" : "matedIn", { n });
    return t(win ? "winsIn" : "losesIn", { n });
  }
  return scoreText(score, oneDecimal);
}

export function hintText(c, h) {
  if (h.state === "thinking") return t("hintBusy");
  if (h.state === "error") return t("hintFailed", { message: h.message });
  const m = h.analysis.move;
  return t("hintText", { move: m.san || m.uci || `${m.from}-${m.to}`, eval: evalText(c, h.analysis) });
}

export async function requestHint() {
  const c = state.cur;
  if (!canHint(c)) return;
  const key = keyOf(c);
  const mine = ++hints.asked;
  c.hint = { key, state: "thinking" };
  emit("game");
  let analysis;
  let error = null;
  try {
    analysis = await ai.analyse(jsonOf(c), { timeMs: HINT_MS });
    if (!analysis?.move?.from || !analysis.move.to) throw new Error("no move in the analysis");
  } catch (e) {
    error = errorText(e);
  }
  if (state.cur !== c || hints.asked !== mine || keyOf(c) !== key) return;
  c.hint = error ? { key, state: "error", message: error } : { key, state: "shown", analysis };
  emit("game");
  emit("announce", hintText(c, c.hint));
}
