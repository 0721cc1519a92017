// The game view: the board, each seat's panel (in the cross board's corners for four players,
// above and below the board for two), the side panel, the move list and the scoring list.
// Drawn from state.cur.snap; the move and scoring lists only append what is new.
import { state, CLOCKWISE, savePrefs, humanToMove, isHuman } from "../state.js";
import { t, tr, getLang, seatName, seatList, place } from "../i18n/index.js";
import { Board, cellBox } from "../board.js";
import { ICONS } from "../icons.js";
import { $, swatch, controllerSelect } from "./common.js";
import { shownPosition, resignSeat, setSeat, setView, save } from "../session.js";
import { liveHint, canHint, hintText } from "../hint.js";
import { GLYPH } from "../pieces.js";
import { figurine, isDark } from "../looks.js";
import { sayMove } from "../speech.js";
import { gameName, isFour, hasPartners, partnerOf, takesPosition, startNumber } from "../games.js";
import { clockText, recordedClocks } from "../online/clock.js";

/** What the game view keeps between updates: the board, the flash's timer, and what the
 * incrementally drawn parts (seat panels, clocks, players table, move and scoring lists)
 * already show. `resetGameView` forgets the drawn parts. */
const view = {
  board: null,
  flashTimer: null,
  /** The seat panels, built once per game, rotation and language, then updated in place. */
  seats: { key: "", nodes: new Map() },
  /** Is a clock shown (with none, hiding them costs nothing)? */
  clockShown: false,
  playersKey: "",
  moves: { id: null },
  events: { id: null },
  /** The number of the open game's start position (Chess960), read once per game. */
  start: { id: null, n: null },
  /** The game the open notice belongs to: a notice never outlives its game. */
  noticeGame: null,
  /** The game the flash under the status line was about. */
  flashGame: null,
  /** The open game's recorded clocks (`[%clk]` of an online record or an import), read once
   * per game and length: `{key, clocks}` with `clocks` null when the record has none. */
  record: { key: "", clocks: null },
};
/** Sets a text only when it changed: an unchanged text must not cost a layout and a paint. */
const setText = (node, text) => {
  if (node.textContent !== text) node.textContent = text;
};
const VALUE = { pawn: 1, knight: 3, bishop: 3, rook: 5, queen: 9, king: 0 };

export function initBoard(hooks) {
  view.board = new Board($("board"), hooks);
  return view.board;
}

export function announce(text) {
  $("announcer").textContent = text;
}

/** A short message under the status line (a piece that cannot move, and so on). */
export function flash(text) {
  const f = $("flash");
  view.flashGame = state.cur?.id ?? null;
  f.textContent = text;
  f.hidden = false;
  clearTimeout(view.flashTimer);
  view.flashTimer = setTimeout(() => (f.hidden = true), 4000);
}

/** A notice that stays until closed: eliminations, the computer playing a timed-out turn. */
export function showNotice({ text, out = false }) {
  view.noticeGame = state.cur?.id ?? null;
  $("game-notice-text").textContent = text;
  $("game-notice").dataset.out = String(out);
  $("notice-watch").hidden = !out;
  $("notice-new").hidden = !out;
  $("notice-close").hidden = out;
  $("game-notice").hidden = false;
}
export function hideNotice() {
  $("game-notice").hidden = true;
}

// --- orientation -------------------------------------------------------------------------------
function orientationSeat(c) {
  const seats = c.snap.players;
  const humans = seats.filter((s) => isHuman(c, s));
  const turn = c.snap.status.turn;
  if (isHuman(c, turn)) c.lastHumanSeat = turn;
  if (c.settings.rotate && humans.length > 1) return humans.includes(c.lastHumanSeat) ? c.lastHumanSeat : humans[0];
  return humans[0] ?? (isFour(c.choice) ? "red" : "white");
}

function rotation(c) {
  const four = isFour(c.choice);
  // A race to a finish rank (Racing Kings): both kings run up the same board, so it is never
  // turned.
  const seat = c.snap.facts.finishRank ? "white" : orientationSeat(c);
  const base = four ? CLOCKWISE.indexOf(seat) : seat === "black" ? 2 : 0;
  return (base + c.rotOffset * (four ? 1 : 2)) % 4;
}

/** Each seat's most recent move within the last round, oldest first (four players); the last
 * move (two players). */
function lastMoves(c, ply) {
  const h = c.snap.history;
  const out = [];
  const seen = new Set();
  const span = isFour(c.choice) ? c.snap.players.length : 1;
  for (let i = ply - 1; i >= 0 && i >= ply - span; i--) {
    const m = h[i];
    if (!m?.from || !m.to || seen.has(m.player)) continue;
    seen.add(m.player);
    out.unshift({ from: m.from, to: m.to, player: m.player });
  }
  return out;
}

function squareLabel(piece, square, target = "") {
  let label;
  if (!piece) label = t("squareEmpty", { square });
  else {
    const params = { square, piece: t("p_" + piece.piece), color: t("c_" + piece.color) };
    label = piece.grey ? t("squareGrey", params) : t("squareLabel", params);
  }
  if (target) label = t(target === "capture" ? "targetCapture" : "targetMove", { label });
  return label;
}
export { squareLabel };

// --- the whole view ------------------------------------------------------------------------------
export function renderGame() {
  const c = state.cur;
  if (!c || !view.board) return;
  if (view.noticeGame !== c.id) hideNotice();
  // A flash shown with no game open (an import that opened its saved copy) is for the next one.
  if (view.flashGame && view.flashGame !== c.id) $("flash").hidden = true;
  const pos = shownPosition(c);
  const rot = rotation(c);
  renderBoard(c, pos, rot);
  renderSeats(c, rot, standing(c, pos));
  renderPanel(c, pos);
  renderMoves(c);
  renderEvents(c);
}

function renderBoard(c, pos, rot) {
  const { facts, status } = c.snap;
  const n = facts.files;
  const checked = [];
  const inCheck = pos.live ? status.inCheck : (pos.last?.checks ?? []);
  for (const seat of inCheck ?? []) {
    const k = pos.board.find((p) => p.piece === "king" && p.color === seat && !p.grey);
    if (k) checked.push(k.square);
  }
  const h = pos.live ? liveHint(c) : null;
  const finish = facts.finishRank ? [..."abcdefghijklmn".slice(0, n)].map((f) => f + facts.finishRank) : [];
  view.board.update({
    key: `${c.id}:${pos.ply}:${pos.live}`,
    n,
    pieces: pos.board,
    rot,
    lasts: lastMoves(c, pos.ply),
    hint: h?.state === "shown" ? { from: h.analysis.move.from, to: h.analysis.move.to } : null,
    checked,
    hill: facts.hill,
    finish,
    interactive: pos.live && humanToMove(c),
    // Four players: the computer's moves are not slid in. Three of them can land within a
    // second, each seat's last move stays marked in its colour, and a slide is a main-thread
    // animation of the SVG (a style, layout and paint per frame) that doubled the rendering
    // cost of a move on a slow phone.
    animate: !(n === 14 && pos.last && !isHuman(c, pos.last.player)),
    showLegal: c.settings.showLegal,
    ariaLabel: `${t("board")}: ${gameName(c.choice)}`,
    labelKey: getLang(),
  });
  $("board").dataset.rot = String(rot);
  $("board-frame").classList.toggle("four", n === 14);
  $("view-game").classList.toggle("two", n === 8);
  const zoomable = n === 14;
  $("zoom").hidden = !zoomable;
  const zoomed = zoomable && state.prefs.zoom;
  $("board-wrap").classList.toggle("zoomed", zoomed);
  $("board").classList.toggle("zoomed", zoomed);
  $("zoom").setAttribute("aria-pressed", String(zoomed));
}

/** Scrolls the zoomed cross board so the bottom seat's quadrant is in view. */
export function centreZoom() {
  const wrap = $("board-wrap");
  if (!wrap.classList.contains("zoomed")) return;
  wrap.scrollLeft = (wrap.scrollWidth - wrap.clientWidth) / 2;
  wrap.scrollTop = wrap.scrollHeight;
}

export function toggleZoom() {
  state.prefs.zoom = !state.prefs.zoom;
  savePrefs();
  renderGame();
  centreZoom();
}

// --- seats ------------------------------------------------------------------------------------------
/**
 * What the seat panels show for the position on the board: the live standing, or, while an
 * earlier position is reviewed, the standing as it was then (points, who was out, captures,
 * checks given, all read from the history up to that move; places only exist at the end).
 */
function standing(c, pos) {
  const st = c.snap.status;
  if (pos.live) return { scores: c.snap.scores, history: c.snap.history, board: c.snap.board, over: st.over, turn: st.turn };
  const history = c.snap.history.slice(0, pos.ply);
  const scores = c.snap.players.map((player) => ({ player, points: 0, status: "active" }));
  const of = new Map(scores.map((s) => [s.player, s]));
  const counts = c.snap.scores.some((s) => s.checks !== undefined);
  if (counts) for (const s of scores) s.checks = 0;
  for (const m of history) {
    for (const ev of m.scoring ?? []) of.get(ev.player).points += ev.points;
    for (const ev of m.eliminated ?? []) of.get(ev.player).status = ev.reason;
    // Four Kingdoms records a resignation or time-out as its own entry (R6.4).
    if (m.kind === "resign" || m.kind === "timeout") of.get(m.player).status = m.kind === "resign" ? "resigned" : "timeout";
    if (counts && m.checks?.length) of.get(m.player).checks++;
  }
  return { scores, history, board: pos.board, over: false, turn: pos.turn };
}

function seatInfo(c, seat, now) {
  const s = now.scores.find((x) => x.player === seat) ?? {};
  return {
    seat,
    ai: c.seats[seat]?.type === "ai",
    toMove: !now.over && now.turn === seat,
    thinking: c.thinking === seat,
    points: s.points ?? 0,
    checks: s.checks,
    status: s.status ?? "active",
    place: s.place,
  };
}

function statusLabel(over, status) {
  if (status === "active") return over ? t("st_survivor") : t("st_active");
  return tr("st_", status);
}

function clockNode(seat) {
  const clock = document.createElement("span");
  clock.className = "clock";
  clock.dataset.clockSeat = seat;
  clock.hidden = true;
  clock.setAttribute("role", "timer");
  clock.setAttribute("aria-label", t("timerLabel", { seat }));
  clock.innerHTML = `${ICONS.clock}<span class="clock-bar"><i></i></span><span class="clock-text"></span>`;
  return clock;
}

/** A seat's clock as the record wrote it after the move shown (a replay of a game that was
 * played on a clock): the time, after words only a screen reader says. */
function recordClockNode() {
  // The turn timer's looks (`clock`), without its bar.
  const clock = Object.assign(document.createElement("span"), { className: "clock record-clock", hidden: true });
  clock.innerHTML = ICONS.clock;
  const sr = Object.assign(document.createElement("span"), { className: "sr-only" });
  const text = Object.assign(document.createElement("span"), { className: "record-clock-text" });
  clock.append(sr, text);
  return clock;
}

/** The clocks the open game's record carries, read once per game and number of moves. */
function recordOf(c) {
  const key = `${c.id}:${c.snap.ply}`;
  if (view.record.key !== key) {
    let clocks = null;
    try {
      clocks = recordedClocks(c.game);
    } catch {
      /* a game without a tree: no recorded clocks */
    }
    view.record = { key, clocks };
  }
  return view.record.clocks;
}

/** Captured pieces per seat (from the history) and the material balance (from the board). */
function material(now) {
  const taken = {};
  for (const m of now.history) if (m.captured) (taken[m.player] ??= []).push(m.captured);
  const total = {};
  for (const p of now.board) if (!p.grey) total[p.color] = (total[p.color] ?? 0) + VALUE[p.piece];
  return { taken, total };
}

function buildSeatPanel(c, info, four) {
  const d = document.createElement("div");
  d.dataset.seat = info.seat;
  const name = document.createElement("span");
  name.className = "seat-name";
  const ctl = document.createElement("span");
  ctl.className = "ctl";
  // Always in the layout; shown by a class (visibility only), so a computer starting and
  // ending its turn repaints a spinner instead of laying out the corner again.
  const spin = Object.assign(document.createElement("span"), { className: "spinner" });
  spin.setAttribute("aria-hidden", "true");
  name.append(swatch(info.seat), seatName(info.seat), ctl, spin);
  const partner = partnerOf(c.choice, info.seat);
  if (partner) {
    // Teams: a link to the partner's colour, named for screen readers and on hover.
    const link = Object.assign(document.createElement("span"), { className: `partner seat-${partner}` });
    link.innerHTML = ICONS.link;
    link.append(swatch(partner));
    link.title = t("partnerOf", { name: seatName(partner) });
    link.setAttribute("role", "img");
    link.setAttribute("aria-label", link.title);
    name.append(link);
  }
  const parts = { root: d, ctl, spin, ai: null };
  if (four) {
    const pts = Object.assign(document.createElement("strong"), { className: "points" });
    const st = document.createElement("span");
    parts.record = recordClockNode();
    d.append(name, pts, st, clockNode(info.seat), parts.record);
    Object.assign(parts, { pts, st });
  } else {
    const cap = Object.assign(document.createElement("span"), { className: "captured" });
    cap.setAttribute("role", "group"); // a group may be named: "Captured: pawn, knight"
    const glyphs = Object.assign(document.createElement("span"), { className: `cap-glyphs ${info.seat === "white" ? "black" : "white"}` });
    glyphs.setAttribute("aria-hidden", "true");
    const balance = Object.assign(document.createElement("span"), { className: "balance" });
    cap.append(glyphs, balance);
    d.append(name, cap);
    Object.assign(parts, { cap, glyphs, balance });
    if (info.checks !== undefined) {
      parts.checks = Object.assign(document.createElement("span"), { className: "checks", title: t("checks") });
      d.append(parts.checks);
    }
    parts.record = recordClockNode();
    d.append(clockNode(info.seat), parts.record);
  }
  return parts;
}


function renderSeats(c, rot, now) {
  const four = isFour(c.choice);
  const infos = c.snap.players.map((s) => seatInfo(c, s, now));
  const n = c.snap.facts.files;
  // Zoomed in, the cross board scrolls and its corners go out of view: the four panels then
  // sit in a strip above the board instead.
  const strip = four && n === 14 && state.prefs.zoom;
  const key = JSON.stringify([getLang(), c.id, rot, four, strip]);
  if (key !== view.seats.key) {
    view.seats = { key, nodes: new Map() };
    for (const info of infos) view.seats.nodes.set(info.seat, buildSeatPanel(c, info, four));
    if (strip) {
      $("corners").replaceChildren();
      $("bar-bottom").replaceChildren();
      $("bar-bottom").hidden = true;
      const bar = $("bar-top");
      bar.hidden = false;
      bar.className = "seat-strip";
      delete bar.dataset.seat;
      for (const info of infos) view.seats.nodes.get(info.seat).root.className = `corner strip seat-${info.seat}${teamClass(c, info.seat)}`;
      bar.replaceChildren(...infos.map((i) => view.seats.nodes.get(i.seat).root));
    } else if (four) {
      $("bar-top").replaceChildren();
      $("bar-bottom").replaceChildren();
      $("bar-top").hidden = $("bar-bottom").hidden = true;
      const corners = { 0: [n - 3, n - 3], 1: [0, n - 3], 2: [0, 0], 3: [n - 3, 0] };
      for (const info of infos) {
        const side = (CLOCKWISE.indexOf(info.seat) - rot + 4) % 4;
        const [x, y] = corners[side];
        const box = cellBox(n, x, y, 3, 3);
        const d = view.seats.nodes.get(info.seat).root;
        d.className = `corner seat-${info.seat} side-${side}${teamClass(c, info.seat)}`;
        Object.assign(d.style, { left: `${box.left * 100}%`, top: `${box.top * 100}%`, width: `${box.width * 100}%`, height: `${box.height * 100}%` });
      }
      $("corners").replaceChildren(...infos.map((i) => view.seats.nodes.get(i.seat).root));
    } else {
      $("corners").replaceChildren();
      $("bar-top").hidden = $("bar-bottom").hidden = false;
      const bottom = rot === 2 ? "black" : "white";
      for (const info of infos) {
        const bar = $(info.seat === bottom ? "bar-bottom" : "bar-top");
        bar.className = `seat-bar seat-${info.seat}`;
        bar.dataset.seat = info.seat;
        const parts = view.seats.nodes.get(info.seat);
        bar.replaceChildren(...parts.root.childNodes);
        parts.root = bar;
      }
    }
  }
  const mat = four ? null : material(now);
  // A replay of a game played on a clock: each seat's clock after the move shown.
  const recorded = recordOf(c)?.at(now.history.length, c.snap.players) ?? null;
  for (const info of infos) {
    const p = view.seats.nodes.get(info.seat);
    const ms = recorded?.[info.seat];
    if (p.record.hidden !== (ms === undefined)) p.record.hidden = ms === undefined;
    if (ms !== undefined) {
      p.record.dataset.ms = String(ms);
      setText(p.record.querySelector(".sr-only"), t("recordClock", { seat: info.seat }) + " ");
      setText(p.record.querySelector(".record-clock-text"), clockText(ms));
    }
    p.root.classList.toggle("to-move", info.toMove);
    p.root.classList.toggle("out", info.status !== "active");
    if (p.ai !== info.ai) {
      p.ai = info.ai;
      p.ctl.innerHTML = info.ai ? ICONS.cpu : ICONS.person;
      p.ctl.title = info.ai ? t("computer") : t("person");
    }
    if (p.thinking !== info.thinking) {
      p.thinking = info.thinking;
      p.root.classList.toggle("thinking", info.thinking);
    }
    if (four) {
      p.pts.dataset.points = String(info.points);
      setText(p.pts, scoreText(c, info.points));
      const cls = `pstatus ${info.status}`;
      if (p.st.className !== cls) p.st.className = cls;
      // The seat's standing only: who is thinking is told by the spinner and the status line.
      // A text that flipped to "thinking" and back twice a move cost a layout of the corner
      // (and with it the board's frame) on every move.
      let st = statusLabel(now.over, info.status);
      if (info.place) st += ` · ${place(info.place)}`;
      setText(p.st, st);
    } else {
      const other = info.seat === "white" ? "black" : "white";
      const pieces = (mat.taken[info.seat] ?? []).slice().sort((a, b) => VALUE[b] - VALUE[a]);
      setText(p.glyphs, pieces.map((x) => GLYPH[x] + "\uFE0E").join(""));
      p.cap.setAttribute("aria-label", `${t("captured")}: ${pieces.map((x) => t("p_" + x)).join(", ")}`);
      const diff = (mat.total[info.seat] ?? 0) - (mat.total[other] ?? 0);
      setText(p.balance, diff > 0 ? `+${diff}` : "");
      if (p.checks) {
        p.checks.dataset.checks = String(info.checks);
        setText(p.checks, `${t("checks")}: ${t("checksOf", { n: info.checks })}`);
      }
    }
  }
}

/** Shows the running turn timer in its seat's panel (a bar and seconds); null hides them. */
export function updateClock(timer, left = 0, total = 1) {
  // Called on every move to hide the clocks: with none shown there is nothing to do, and the
  // document-wide query cost a four-player move several milliseconds on a slow CPU.
  if (!timer && !view.clockShown) return;
  view.clockShown = !!timer;
  for (const el of document.querySelectorAll("[data-clock-seat]")) {
    const on = !!timer && el.dataset.clockSeat === timer.seat;
    if (el.hidden === on) el.hidden = !on;
    if (!on) continue;
    const sec = Math.ceil(left / 1000);
    const text = t("seconds", { n: sec });
    const tx = el.querySelector(".clock-text");
    if (tx.textContent !== text) tx.textContent = text;
    el.classList.toggle("low", sec <= 10);
    el.querySelector(".clock-bar i").style.width = `${Math.max(0, Math.min(100, (left / total) * 100))}%`;
  }
}

/** The panel class of a seat's team in a team game (" team-0": Red and Yellow, " team-1": Blue
 * and Green), else "". */
function teamClass(c, seat) {
  return hasPartners(c.choice) ? ` team-${c.snap.players.indexOf(seat) % 2}` : "";
}

/** A seat's score as its panel shows it: points, or in a team game (no points) material. */
function scoreText(c, n) {
  return hasPartners(c.choice) ? t("materialOf", { n }) : t("points", { n });
}

// --- side panel -----------------------------------------------------------------------------
export function resultText(c) {
  const st = c.snap.status;
  if (!st.over || !st.result) return "";
  const r = st.result;
  const reason = tr("r_", r.reason);
  const w = r.winners ?? [];
  if (!w.length) return `${t("draw")} (${reason})`;
  if (hasPartners(c.choice)) return `${t("teamWins", { seats: seatList(w) })} (${reason})`;
  if (w.length > 1 && w.length === c.snap.players.length) return `${t("tieAll")} (${reason})`;
  if (w.length > 1) return `${t("tieFirst", { seats: seatList(w) })} (${reason})`;
  return `${t("wins", { seat: w[0] })} (${reason})`;
}

function renderPanel(c, pos) {
  const st = c.snap.status;
  const live = pos.live;
  const facts = c.snap.facts;
  setText($("game-title"), gameName(c.choice));
  $("game-rules").href = `#/rules/${c.choice}`;
  document.title = `${gameName(c.choice)} — tablero`;
  const status = $("status");
  let text;
  if (st.over) text = resultText(c);
  else if (c.thinking) text = t("thinking", { seat: c.thinking });
  else {
    text = t("toMove", { seat: st.turn });
    if (st.inCheck.includes(st.turn)) text += ` — ${t("inCheck")}`;
  }
  if (status.textContent !== text) status.textContent = text;
  status.classList.toggle("thinking", !!c.thinking);
  status.dataset.turn = st.turn ?? "";
  status.dataset.over = String(st.over);

  if ($("review-note").hidden !== live) $("review-note").hidden = live;
  setText($("review-text"), live ? "" : t("reviewing", { move: moveLabel(c, pos.ply) }));
  $("rp-first").disabled = $("rp-prev").disabled = pos.ply === 0;
  $("rp-next").disabled = $("rp-last").disabled = live;

  const notes = [];
  if (facts.hill.length) notes.push(t("hillNote", { squares: facts.hill.join(", ") }));
  if (facts.finishRank) notes.push(t("raceNote", { rank: facts.finishRank }));
  if (takesPosition(c.choice)) {
    if (view.start.id !== c.id) view.start = { id: c.id, n: startNumber(c.game.positionAt(0).fen) };
    if (view.start.n !== null) notes.push(t("startPos960Note", { n: view.start.n }));
  }
  if (c.settings.timeLimit > 0) notes.push(`${t("timeLimit")}: ${t("seconds", { n: c.settings.timeLimit })}`);
  if (c.settings.moveLimit > 0) {
    // Set in rounds on the home page; the engine counts every player's moves (R5.23).
    const rounds = Math.round(c.settings.moveLimit / c.snap.players.length);
    notes.push(t("moveLimitNote", { n: rounds, played: c.snap.ply, moves: c.settings.moveLimit }));
  }
  setText($("variant-note"), notes.join(" · "));
  $("variant-note").hidden = !notes.length;

  // hint
  const h = live ? liveHint(c) : null;
  const btn = $("hint");
  const busy = h?.state === "thinking";
  const btnKey = `${getLang()}:${busy}`;
  if (btn.dataset.key !== btnKey) {
    btn.dataset.key = btnKey;
    btn.replaceChildren(t("hint"));
    if (busy) btn.append(Object.assign(document.createElement("span"), { className: "spinner" }));
    btn.title = t("hintTitle");
    btn.setAttribute("aria-busy", String(busy));
  }
  const can = canHint(c);
  if (btn.disabled === can) btn.disabled = !can;
  const ht = $("hint-text");
  if (ht.hidden === !!h) ht.hidden = !h;
  ht.dataset.state = h?.state ?? "";
  setText(ht, h ? hintText(c, h) : "");

  $("undo").disabled = !live || (c.snap.ply === 0 && !st.over);
  $("claim-draw").hidden = !facts.claimableDraws;
  $("claim-draw").disabled = !live || st.over || !st.canClaimDraw;
  $("resign").disabled = !live || st.over || !resignSeat(c);
  $("game-legal").checked = c.settings.showLegal;
  $("game-dark").checked = isDark();
  $("game-rotate").checked = c.settings.rotate;

  // Seats: who plays each (person or computer level), in play order.
  const key = JSON.stringify([getLang(), c.id, c.seats, c.snap.players]);
  if (key !== view.playersKey) {
    view.playersKey = key;
    const rows = c.snap.players.map((seat) => {
      const tr_ = document.createElement("tr");
      tr_.className = `player seat-${seat}`;
      tr_.dataset.seat = seat;
      const th = document.createElement("th");
      th.scope = "row";
      th.append(swatch(seat), seatName(seat));
      const td = document.createElement("td");
      td.append(controllerSelect(c.seats[seat], (next) => setSeat(seat, next), `${seatName(seat)}: ${t("person")} / ${t("computer")}`, true, c.choice));
      tr_.append(th, td);
      return tr_;
    });
    const cap = document.createElement("caption");
    cap.textContent = t("seats");
    $("players").replaceChildren(cap, ...rows);
  }
  for (const row of $("players").rows) row.classList.toggle("to-move", !st.over && st.turn === row.dataset.seat);
}

// --- move list ---------------------------------------------------------------------------------
/** The move after `ply` entries as players number it: "3… e5" for two players, "round 2,
 * Blue Ne1-f3" for four (a round ends when play order wraps, as the move list's rows do). */
function moveLabel(c, ply) {
  const h = c.snap.history;
  const m = h[ply - 1];
  if (!m) return t("startPosition");
  const order = c.snap.players;
  const text = m.san || m.uci || tr("st_", m.kind);
  if (order.length === 2) {
    const white = h[0]?.player === order[0] ? 0 : 1; // a game set up with Black to move
    const n = Math.floor((ply - 1 + white) / 2) + 1;
    return m.player === order[0] ? `${n}. ${text}` : `${n}… ${text}`;
  }
  let round = 0;
  let last = Infinity;
  for (const x of h.slice(0, ply)) {
    const idx = order.indexOf(x.player);
    if (idx <= last) round++;
    last = idx;
  }
  return `${t("roundN", { n: round })}, ${seatName(m.player)} ${text}`;
}

function moveButton(m, i) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = `mv seat-${m.player}${m.kind === "random" ? " random" : ""}`;
  b.dataset.ply = String(i + 1);
  const shown = figurine(m.san || m.uci);
  b.textContent = shown;
  // The move as shown, then in words: a name holds the visible text (WCAG 2.5.3).
  b.setAttribute("aria-label", `${seatName(m.player)}: ${shown}${m.from ? `, ${sayMove(m)}` : ""}`);
  return b;
}

function renderMoves(c) {
  const list = $("moves");
  const h = c.snap.history;
  const four = isFour(c.choice);
  const ms = view.moves;
  const order = c.snap.players;
  const fresh = ms.id !== c.id || ms.lang !== getLang() || h.length < ms.count || ms.four !== four;
  if (fresh) {
    view.moves = { id: c.id, count: 0, lang: getLang(), four, row: null, rowNo: 0, lastIdx: -1, current: null };
    list.replaceChildren();
    $("moves-legend").hidden = !four;
    // A record that went on after the game ended under these rules was imported up to that
    // end: say where and why (the engine's note), next to the moves it concerns.
    const note = $("import-note");
    note.hidden = !c.importNote;
    note.textContent = c.importNote ? t("importNote", { note: c.importNote }) : "";
    if (four) {
      const table = document.createElement("table");
      table.className = "moves4";
      const head = document.createElement("tr");
      head.append(document.createElement("th"));
      for (const seat of order) {
        const th = document.createElement("th");
        th.scope = "col";
        th.className = `seat-${seat}`;
        th.append(swatch(seat), seatName(seat));
        head.append(th);
      }
      const thead = document.createElement("thead");
      thead.append(head);
      table.append(thead, document.createElement("tbody"));
      list.append(table);
    } else {
      list.append(Object.assign(document.createElement("ol"), { className: "moves2" }));
    }
  }
  const st = view.moves;
  if (!h.length) {
    if (!list.querySelector(".muted")) list.append(Object.assign(document.createElement("p"), { className: "muted", textContent: t("noMoves") }));
  } else list.querySelector(".muted")?.remove();
  const added = h.length > st.count;
  for (let i = st.count; i < h.length; i++) {
    const m = h[i];
    const b = moveButton(m, i);
    if (four) {
      const idx = order.indexOf(m.player);
      if (!st.row || idx <= st.lastIdx) {
        st.rowNo++;
        st.row = document.createElement("tr");
        const num = document.createElement("th");
        num.scope = "row";
        num.textContent = String(st.rowNo);
        st.row.append(num);
        for (let k = 0; k < order.length; k++) st.row.append(document.createElement("td"));
        list.querySelector("tbody").append(st.row);
      }
      st.row.children[idx + 1].append(b);
      st.lastIdx = idx;
    } else {
      const ol = list.querySelector("ol");
      const black = m.player === "black";
      if (!st.row || !black || st.lastIdx === 1) {
        st.row = document.createElement("li");
        st.row.className = "round";
        if (black) st.row.append(Object.assign(document.createElement("span"), { className: "ellipsis", textContent: "…" }));
        ol.append(st.row);
      }
      st.row.append(b);
      st.lastIdx = black ? 1 : 0;
    }
  }
  st.count = h.length;
  // The current move: the reviewed one or the last.
  const ply = c.viewPly ?? h.length;
  const current = ply > 0 ? list.querySelector(`[data-ply="${ply}"]`) : null;
  if (current !== st.current) {
    st.current?.removeAttribute("aria-current");
    current?.setAttribute("aria-current", "true");
    st.current = current;
    // Keep it in view inside the list (scrollIntoView would scroll the page too), reading the
    // layout in the next frame rather than forcing one in the middle of the update.
    if (current) requestAnimationFrame(() => keepInView(list, current, added));
  }
}

function keepInView(list, node, toEnd) {
  if (!node.isConnected) return;
  const top = node.offsetTop;
  const bottom = top + node.offsetHeight;
  if (top < list.scrollTop) list.scrollTop = top - 4;
  else if (bottom > list.scrollTop + list.clientHeight || toEnd) list.scrollTop = bottom - list.clientHeight + 4;
}

// --- scoring list (four players) --------------------------------------------------------------
function renderEvents(c) {
  const box = $("events-box");
  box.hidden = !c.snap.facts.points;
  if (box.hidden) return;
  const h = c.snap.history;
  const list = $("events");
  if (view.events.id !== c.id || view.events.lang !== getLang() || h.length < view.events.count) {
    view.events = { id: c.id, count: 0, lang: getLang() };
    list.replaceChildren();
  }
  const items = [];
  for (let i = view.events.count; i < h.length; i++) {
    const m = h[i];
    const group = [];
    for (const ev of m.scoring ?? []) {
      const li = document.createElement("li");
      li.className = `event seat-${ev.player}`;
      li.append(swatch(ev.player), `${seatName(ev.player)} +${ev.points} ${tr("ev_", ev.reason)}`);
      group.push(li);
    }
    for (const ev of m.eliminated ?? []) {
      const li = document.createElement("li");
      li.className = "event out";
      li.textContent = t("eliminated", { seat: ev.player, reason: tr("st_", ev.reason) });
      group.push(li);
    }
    items.unshift(...group); // newest first; within a move, the points before who went out
  }
  view.events.count = h.length;
  if (items.length) {
    list.querySelector(".muted")?.remove();
    list.prepend(...items);
  } else if (!list.children.length) {
    list.append(Object.assign(document.createElement("li"), { className: "muted", textContent: t("noEvents") }));
  }
}

// --- game over -------------------------------------------------------------------------------
export function showGameOver() {
  const c = state.cur;
  $("go-result").textContent = resultText(c);
  const four = isFour(c.choice);
  $("go-rematch").textContent = four ? t("rematch") : t("rematchSwap");
  const rows = [];
  const scores = c.snap.status.result?.scores ?? c.snap.scores;
  if (four) {
    const count = new Map();
    for (const s of scores) count.set(s.place, (count.get(s.place) ?? 0) + 1);
    const sorted = [...scores].sort((a, b) => (a.place ?? 9) - (b.place ?? 9) || (b.points ?? 0) - (a.points ?? 0));
    for (const s of sorted) {
      const tr_ = document.createElement("tr");
      tr_.className = `seat-${s.player}`;
      tr_.innerHTML = `<td class="place"></td><th scope="row"></th><td class="pts"></td><td class="st"></td>`;
      tr_.querySelector(".place").textContent = s.place ? place(s.place, count.get(s.place) > 1) : "";
      tr_.querySelector("th").append(swatch(s.player), seatName(s.player));
      tr_.querySelector(".pts").textContent = scoreText(c, s.points ?? 0);
      tr_.querySelector(".st").textContent = statusLabel(true, s.status ?? "active");
      rows.push(tr_);
    }
  } else if (c.snap.facts.countsChecks) {
    for (const s of scores) {
      const tr_ = document.createElement("tr");
      tr_.innerHTML = `<th scope="row"></th><td></td>`;
      tr_.querySelector("th").textContent = seatName(s.player);
      tr_.querySelector("td").textContent = `${t("checks")}: ${s.checks}`;
      rows.push(tr_);
    }
  }
  const table = $("go-scores");
  if (rows.length) {
    const cap = document.createElement("caption");
    cap.textContent = t("finalScores");
    table.replaceChildren(cap, ...rows);
  } else table.replaceChildren();
  const d = $("gameover");
  d.returnValue = "";
  if (!d.open) d.showModal();
}

/** Wires the game view's own controls. */
export function bindGameView({ onUndo, onResign, onClaim, onHint, onRematch, onHome, onExport, onLooks }) {
  $("rp-first").addEventListener("click", () => setView(0));
  $("rp-prev").addEventListener("click", () => setView((state.cur.viewPly ?? state.cur.snap.ply) - 1));
  $("rp-next").addEventListener("click", () => setView((state.cur.viewPly ?? state.cur.snap.ply) + 1));
  $("rp-last").addEventListener("click", () => setView(null));
  $("rp-live").addEventListener("click", () => setView(null));
  $("moves").addEventListener("click", (e) => {
    const b = e.target.closest?.("[data-ply]");
    if (b) setView(Number(b.dataset.ply));
  });
  $("flip").addEventListener("click", () => {
    state.cur.rotOffset = (state.cur.rotOffset + 1) % 4;
    renderGame();
  });
  $("zoom").addEventListener("click", toggleZoom);
  for (const [id, key] of [["game-legal", "showLegal"], ["game-rotate", "rotate"]]) {
    $(id).addEventListener("change", () => {
      state.cur.settings[key] = $(id).checked;
      state.prefs[key] = $(id).checked;
      savePrefs();
      save();
      renderGame();
    });
  }
  $("game-dark").addEventListener("change", () => {
    state.prefs.scheme = $("game-dark").checked ? "dark" : "light";
    savePrefs();
    onLooks();
  });
  $("undo").addEventListener("click", onUndo);
  $("resign").addEventListener("click", onResign);
  $("claim-draw").addEventListener("click", onClaim);
  $("hint").addEventListener("click", onHint);
  $("export-current").addEventListener("click", onExport);
  $("new-game").addEventListener("click", onHome);
  $("notice-watch").addEventListener("click", hideNotice);
  $("notice-close").addEventListener("click", hideNotice);
  $("notice-new").addEventListener("click", () => {
    hideNotice();
    onHome();
  });
  $("gameover").addEventListener("close", () => {
    const v = $("gameover").returnValue;
    if (v === "rematch") onRematch();
    else if (v === "home") location.hash = "#/";
  });
  document.addEventListener("keydown", (e) => {
    if (!state.cur || $("view-game").hidden || document.querySelector("dialog[open]")) return;
    if (e.target.closest?.("input, select, textarea, .board")) return;
    if (e.key === "ArrowLeft") $("rp-prev").click();
    else if (e.key === "ArrowRight") $("rp-next").click();
    else if (e.key === "Home") $("rp-first").click();
    else if (e.key === "End") $("rp-last").click();
    else return;
    e.preventDefault();
  });
  for (const id of ["first", "prev", "next", "last"]) $("rp-" + id).innerHTML = ICONS[id];
  document.querySelector("#zoom .zoom-ico").innerHTML = ICONS.zoom;
}

/** Forgets what the incremental lists drew (a language change redraws them). */
export function resetGameView() {
  view.seats = { key: "", nodes: new Map() };
  view.clockShown = true; // redrawn panels: hide their clocks on the next update
  view.playersKey = "";
  view.moves = { id: null };
  view.events = { id: null };
}
