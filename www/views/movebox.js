// The move box: a text field under the status line to play without the board, for people who
// play without sight and anyone who types faster than they click. It takes SAN with the page
// language's piece letters, UCI and four-player PGN4 text, and a few commands that read the
// game aloud (through its live region): the pieces of a side, the last moves, the clocks and
// points, the legal moves of a square.
import { state, isHuman } from "../state.js";
import { t, seatName } from "../i18n/index.js";
import { readings, localSan, sayMove } from "../speech.js";
import { $ } from "./common.js";

const ORDER = ["king", "queen", "rook", "bishop", "knight", "pawn"];

/** Says `text` in the box's live region (and leaves it readable there). */
function say(text) {
  $("move-output").textContent = text;
}

/** The seat a word names ("black", "negras", "nero", "Blue"), or null. */
function seatOf(word, c) {
  const w = word.toLowerCase();
  return c.snap.players.find((s) => [s, t("s_" + s), t("c_" + s)].some((name) => name.toLowerCase() === w)) ?? null;
}

const COMMANDS = {
  cmdPieces(c, args) {
    const seat = (args[0] && seatOf(args[0], c)) ?? c.snap.status.turn ?? c.snap.players[0];
    const mine = c.snap.board.filter((p) => p.color === seat && !p.grey);
    mine.sort((a, b) => ORDER.indexOf(a.piece) - ORDER.indexOf(b.piece) || a.square.localeCompare(b.square));
    if (!mine.length) return t("outNoPieces", { seat });
    return t("outPieces", { seat, list: mine.map((p) => `${t("p_" + p.piece)} ${p.square}`).join(", ") });
  },
  cmdMoves(c, args) {
    const n = Math.max(1, Math.min(40, Number(args[0]) || 4));
    const last = c.snap.history.slice(-n);
    if (!last.length) return t("outNoMovesYet");
    return t("outMoves", { list: last.map((m) => `${seatName(m.player)}: ${m.from ? sayMove(m) : m.san}`).join("; ") });
  },
  cmdClock(c) {
    const st = c.snap.status;
    const parts = [];
    if (!st.over && st.turn) parts.push(t("toMove", { seat: st.turn }) + ".");
    if (c.timer) parts.push(t("outTimer", { seat: c.timer.seat, n: Math.max(0, Math.ceil((c.timer.deadline - Date.now()) / 1000)) }));
    else parts.push(t("outNoTimer"));
    for (const s of c.snap.scores) {
      if (c.snap.facts.points) parts.push(t("outPoints", { seat: s.player, points: t("pointsLong", { n: s.points }) }) + ".");
      else if (s.checks !== undefined) parts.push(t("outChecks", { seat: s.player, n: s.checks }) + ".");
    }
    return parts.join(" ");
  },
  cmdLegal(c, args) {
    const square = String(args[0] ?? "").toLowerCase();
    if (!/^[a-n]\d{1,2}$/.test(square)) return t("moveBoxHelp");
    const moves = c.snap.status.over ? [] : c.game.legalMoves(square);
    if (!moves.length) return t("outNoLegal", { square });
    return t("outLegal", { square, list: moves.map((m) => localSan(m.san)).join(", ") });
  },
  cmdHelp() {
    return t("moveBoxHelp");
  },
};

/** Runs a command typed in the box; null when the text is not one. */
function command(c, text) {
  const [word, ...args] = text.trim().split(/\s+/);
  const w = word.toLowerCase();
  for (const [key, run] of Object.entries(COMMANDS)) {
    if (w === t(key).toLowerCase() || w === key.slice(3).toLowerCase()) return run(c, args);
  }
  return null;
}

/** Why a person cannot move now, or null when they can. */
function blocked(c) {
  const st = c.snap.status;
  if (st.over) return t("gameIsOver");
  if (c.viewPly !== null) return t("notLive");
  if (!isHuman(c, st.turn)) return t("notYourTurnAi", { seat: st.turn });
  return null;
}

/** Wires the box: `play(input)` plays a move the engine takes for the person to move. */
export function bindMoveBox({ play }) {
  $("move-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const c = state.cur;
    const input = $("move-input");
    const text = input.value.trim();
    if (!c || !text) return;
    const out = command(c, text);
    if (out !== null) {
      say(out);
      input.value = "";
      return;
    }
    const why = blocked(c);
    if (why) return say(why);
    const move = readings(text).find((r) => c.game.isLegal(r));
    if (move === undefined) return say(t("outUnknown", { text }));
    input.value = "";
    say("");
    play(move);
  });
}

/** Forgets the last answer (a new game, another language). */
export function resetMoveBox() {
  say("");
}
