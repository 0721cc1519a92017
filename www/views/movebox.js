// The move box: a text field under the status line to play without the board, for people who
// play without sight and anyone who types faster than they click. It takes SAN with the page
// language's piece letters, UCI and four-player PGN4 text, and a few commands that read the
// game aloud (through its live region): the pieces of a side, the last moves, the clocks and
// points, the legal moves of a square. The local game binds the page's own box
// (`bindMoveBox`); an online room builds one (`moveBoxForm`) and wires it to the room
// (`wireMoveBox`).
import { state, isHuman } from "../state.js";
import { t, seatName } from "../i18n/index.js";
import { readings, localSan, sayMove } from "../speech.js";
import { $ } from "./common.js";

const ORDER = ["king", "queen", "rook", "bishop", "knight", "pawn"];

/*
 * What a box reads, `v` below: the game as the box sees it now.
 *   players, status, board, history, scores, facts: the package's shapes (a history entry
 *     may carry only `player` and `san`);
 *   game: the package's Game at the position shown (`isLegal`, `legalMoves`);
 *   clock(): the clocks or the turn timer in words.
 */

/** The seat a word names ("black", "negras", "nero", "Blue"), or null. */
function seatOf(word, v) {
  const w = word.toLowerCase();
  return v.players.find((s) => [s, t("s_" + s), t("c_" + s)].some((name) => name.toLowerCase() === w)) ?? null;
}

const COMMANDS = {
  cmdPieces(v, args) {
    const seat = (args[0] && seatOf(args[0], v)) ?? v.status.turn ?? v.players[0];
    const mine = v.board.filter((p) => p.color === seat && !p.grey);
    mine.sort((a, b) => ORDER.indexOf(a.piece) - ORDER.indexOf(b.piece) || a.square.localeCompare(b.square));
    if (!mine.length) return t("outNoPieces", { seat });
    return t("outPieces", { seat, list: mine.map((p) => `${t("p_" + p.piece)} ${p.square}`).join(", ") });
  },
  cmdMoves(v, args) {
    const n = Math.max(1, Math.min(40, Number(args[0]) || 4));
    const last = v.history.slice(-n);
    if (!last.length) return t("outNoMovesYet");
    return t("outMoves", { list: last.map((m) => `${seatName(m.player)}: ${m.from ? sayMove(m) : m.san}`).join("; ") });
  },
  cmdClock(v) {
    const st = v.status;
    const parts = [];
    if (!st.over && st.turn) parts.push(t("toMove", { seat: st.turn }) + ".");
    parts.push(v.clock());
    for (const s of v.scores) {
      if (v.facts.points) parts.push(t("outPoints", { seat: s.player, points: t("pointsLong", { n: s.points }) }) + ".");
      else if (s.checks !== undefined) parts.push(t("outChecks", { seat: s.player, n: s.checks }) + ".");
    }
    return parts.join(" ");
  },
  cmdLegal(v, args) {
    const square = String(args[0] ?? "").toLowerCase();
    if (!/^[a-n]\d{1,2}$/.test(square)) return t("moveBoxHelp");
    const moves = v.status.over || !v.game ? [] : v.game.legalMoves(square);
    if (!moves.length) return t("outNoLegal", { square });
    return t("outLegal", { square, list: moves.map((m) => localSan(m.san)).join(", ") });
  },
  cmdHelp() {
    return t("moveBoxHelp");
  },
};

/** Runs a command typed in the box; null when the text is not one. */
function command(v, text) {
  const [word, ...args] = text.trim().split(/\s+/);
  const w = word.toLowerCase();
  for (const [key, run] of Object.entries(COMMANDS)) {
    if (w === t(key).toLowerCase() || w === key.slice(3).toLowerCase()) return run(v, args);
  }
  return null;
}

/**
 * Wires a move box: the form `ids.form`, its field `ids.input` and its live region
 * `ids.output`. `current()` answers what the box reads now (see above) or null; `blocked(v)`
 * why the person cannot move now, or null; `play(move, say)` plays a text the engine read as
 * legal (`say` answers in the box: a refusal that comes later). Answers `say`.
 */
export function wireMoveBox({ ids, current, blocked, play }) {
  const say = (text) => {
    const out = $(ids.output);
    if (out) out.textContent = text;
  };
  $(ids.form).addEventListener("submit", (e) => {
    e.preventDefault();
    const v = current();
    const input = $(ids.input);
    const text = input.value.trim();
    if (!v || !text) return;
    const out = command(v, text);
    if (out !== null) {
      say(out);
      input.value = "";
      return;
    }
    const why = blocked(v);
    if (why) return say(why);
    const move = v.game ? readings(text).find((r) => v.game.isLegal(r)) : readings(text)[0];
    if (move === undefined) return say(t("outUnknown", { text }));
    input.value = "";
    say("");
    play(move, say);
  });
  return say;
}

/**
 * A move box's form, as the game view's page has it, with ids `<prefix>move-form`,
 * `<prefix>move-input`, `<prefix>move-output` and `<prefix>move-help` (for a view that builds
 * its own, beside the game view's).
 */
export function moveBoxForm(prefix) {
  const form = document.createElement("form");
  form.id = `${prefix}move-form`;
  form.className = "move-form";
  form.autocomplete = "off";
  const label = Object.assign(document.createElement("label"), { htmlFor: `${prefix}move-input`, textContent: t("moveBox") });
  const input = Object.assign(document.createElement("input"), { id: `${prefix}move-input`, type: "text", spellcheck: false });
  for (const [k, v] of [["autocapitalize", "off"], ["autocorrect", "off"], ["aria-describedby", `${prefix}move-help`]]) input.setAttribute(k, v);
  const go = Object.assign(document.createElement("button"), { type: "submit", textContent: t("moveBoxGo") });
  const output = Object.assign(document.createElement("p"), { id: `${prefix}move-output`, className: "move-output" });
  output.setAttribute("role", "status");
  output.setAttribute("aria-live", "polite");
  const help = Object.assign(document.createElement("details"), { className: "move-help-box" });
  help.append(Object.assign(document.createElement("summary"), { textContent: t("moveBoxHelpTitle") }), Object.assign(document.createElement("p"), { id: `${prefix}move-help`, textContent: t("moveBoxHelp") }));
  form.append(label, input, go, output, help);
  return form;
}

// --- the local game's box ------------------------------------------------------------------------
const LOCAL = { form: "move-form", input: "move-input", output: "move-output" };

/** The turn timer in words (the local game has no game clock). */
function localClock(c) {
  if (!c.timer) return t("outNoTimer");
  return t("outTimer", { seat: c.timer.seat, n: Math.max(0, Math.ceil((c.timer.deadline - Date.now()) / 1000)) });
}

/** Why a person cannot move in the local game now, or null when they can. */
function localBlocked(c) {
  const st = c.snap.status;
  if (st.over) return t("gameIsOver");
  if (c.viewPly !== null) return t("notLive");
  if (!isHuman(c, st.turn)) return t("notYourTurnAi", { seat: st.turn });
  return null;
}

/** Wires the game view's box: `play(input)` plays a move the engine takes for the person to move. */
export function bindMoveBox({ play }) {
  wireMoveBox({
    ids: LOCAL,
    current: () => {
      const c = state.cur;
      return c ? { ...c.snap, game: c.game, clock: () => localClock(c), cur: c } : null;
    },
    blocked: (v) => localBlocked(v.cur),
    play: (move) => play(move),
  });
}

/** Forgets the last answer (a new game, another language). */
export function resetMoveBox() {
  const out = $(LOCAL.output);
  if (out) out.textContent = "";
}
