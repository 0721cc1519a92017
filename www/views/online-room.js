// An online room's page (#/online/<id>): the board, the seats with their clocks and presence,
// offers and answers, the moves by rounds, the chat, and what draws a player's attention (the
// tab's title, a notification, the local game's sounds). Watching needs no name; a waiting
// room's link offers Join or Watch.
import { Board } from "../board.js";
import { CLOCKWISE } from "../state.js";
import { gameInfo, gameName, isFour, hasPartners, newGameOptions } from "../games.js";
import { t, tr, seatName, getLang } from "../i18n/index.js";
import { $, showBanner, hideBanner, confirmDialog, swatch, pickMove } from "./common.js";
import { moveInput } from "../pieces.js";
import { squareLabel } from "./game.js";
import { newGame } from "../engine.js";
import { analyseGame } from "./analysis.js";
import * as sound from "../sound.js";
import { ot, refusal } from "../online/strings.js";
import { clockText } from "../online/clock.js";
import { MoveRounds, rounds } from "../online/moves.js";
import { notifyOn, setNotify } from "../online/prefs.js";
import { getClient, identity, forget, rememberRoom, ratingBefore, setRatingBefore } from "../online/identity.js";
import { el, nameForm, nameLink } from "./online-common.js";
import { chatPanel, renderChat } from "./online-chat.js";
import { moveBoxForm, wireMoveBox } from "./movebox.js";

/** The room page's state: the open Room, its Board, timers and what the view keeps. */
const view = {
  /** The element the page draws into. */
  root: null,
  /** The open Room (pkg/tablero-online.js) and its id. */
  room: null,
  roomId: null,
  board: null,
  /** The presence and turn-timer refresh (250 ms) and the clocks' animation frame. */
  tick: null,
  frame: 0,
  /** The room's game's ratings by player id. */
  ratingsById: new Map(),
  flashTimer: null,
  /** The position the board shows (a state that changed nothing else is not redrawn). */
  renderedKey: null,
  /** The ply and turn of the last state: a refusal is hidden once the position moves on;
   * a turn that becomes this seat's draws attention. */
  lastPly: -1,
  lastTurn: null,
  /** Is the socket connected now (false during an outage)? */
  connected: true,
  /** The replay that says who made each move (four-player rounds). */
  rounds: null,
  /** One premove `{from, to, uci}` (two players, made during the opponent's turn). */
  premove: null,
  /** The last whole second a low clock ticked at (one tick a second under 10 s). */
  tickSecond: null,
  /** The page's title before "your turn" replaced it. */
  title: null,
  /** The join-or-watch choice was answered "watch" for this room. */
  watchOnly: null,
  /** The state before the newest (sounds compare the two). */
  prevState: null,
};

/** For tests (window.tablero.online). */
export const roomDebug = {
  get room() {
    return view.room;
  },
};

/** Closes the room socket and stops the timers. */
export function closeRoomPage() {
  view.room?.close();
  view.room = null;
  view.roomId = null;
  view.renderedKey = null;
  view.premove = null;
  view.rounds?.free();
  view.rounds = null;
  clearInterval(view.tick);
  cancelAnimationFrame(view.frame);
  restoreTitle();
  hideBanner("online");
}

/** Draws the room again (the language changed): same socket, new texts. */
export function redrawRoom() {
  if (!view.room || !view.root) return;
  buildRoomView();
  render();
  const s = view.room.state;
  if (s?.roomStatus === "over" && s.rated) showRatingChange(s);
}

/** Opens a room (by id) into `root`. */
export async function openRoomPage(root, id) {
  view.root = root;
  if (view.room && view.roomId === id) return;
  view.roomId = id;
  const client = getClient();
  let snapshot;
  try {
    snapshot = await client.roomState(id);
  } catch (err) {
    if (err.code === "unauthorized") {
      forget();
      return openRoomPage(root, id);
    }
    root.replaceChildren(el("h1", { textContent: ot("title") }), el("p", { className: "notice warn", id: "online-error", textContent: refusal(err) }), lobbyLink());
    return;
  }
  const me = identity();
  const mine = me && snapshot.seats.find((s) => s.player?.id === me.id);
  // A waiting room with a free seat: the person chooses to join or to watch.
  const free = snapshot.roomStatus === "waiting" && snapshot.seats.some((s) => !s.player && !s.computer);
  if (!mine && free && view.watchOnly !== id) return renderJoinChoice(root, id, snapshot);
  if (mine) rememberRoom({ id, game: snapshot.game, seat: mine.seat });
  openSocket(id, snapshot.game);
}

function renderJoinChoice(root, id, snapshot) {
  const error = el("p", { className: "error", id: "join-error", hidden: true, role: "alert" });
  const join = async () => {
    try {
      await getClient().join(id);
      view.roomId = null;
      await openRoomPage(root, id);
    } catch (err) {
      error.textContent = refusal(err);
      error.hidden = false;
    }
  };
  const watch = el("button", {
    type: "button",
    id: "watch-only",
    textContent: ot("watchOnly"),
    onclick: () => {
      view.watchOnly = id;
      view.roomId = null;
      openRoomPage(root, id);
    },
  });
  const me = identity();
  const seats = el("p", { className: "room-seats" });
  for (const s of snapshot.seats) {
    seats.append(el("span", { className: "room-seat" + (s.player || s.computer ? "" : " free") }, swatch(s.seat), s.player ? nameLink(s.player) : s.computer ? ot("computerSeat", { n: s.computer }) : ot("freeSeat")));
  }
  root.replaceChildren(
    el("h1", { textContent: gameName(snapshot.game) }),
    el(
      "section",
      { className: "online-box join-box", id: "join-box" },
      el("h2", { textContent: ot("freeSeatOffer") }),
      seats,
      me ? el("div", { className: "actions" }, el("button", { type: "button", id: "join-seat", className: "primary", textContent: ot("joinSeat"), onclick: join }), watch) : el("div", {}, nameForm(join), el("div", { className: "actions" }, watch)),
      error,
    ),
    lobbyLink(),
  );
}

function openSocket(id, game) {
  const client = getClient();
  view.room = client.openRoom(id);
  buildRoomView();
  view.connected = true;
  view.lastTurn = null;
  view.rounds = new MoveRounds(newGameOptions(game), gameInfo(game)?.playOrder ?? []);
  view.room.on("state", onState);
  view.room.on("chat", () => renderChat());
  view.room.on("error", (err) => flash(refusal(err)));
  view.room.on("connection", (c) => {
    view.connected = c.connected;
    if (c.connected) hideBanner("online");
    else showBanner(c.retryIn ? ot("offlineIn", { s: Math.ceil(c.retryIn / 1000) }) : ot("offline"), "online");
    render();
  });
  view.room.on("rematch", (next) => {
    // Every page of the room moves to the rematch's room.
    location.hash = `#/online/${encodeURIComponent(next)}`;
  });
  view.room.on("closed", (info) => {
    if (info.code !== "closed") flash(refusal(info));
  });
  loadRatings(game);
  clearInterval(view.tick);
  view.tick = setInterval(renderPresence, 250);
  cancelAnimationFrame(view.frame);
  const frame = () => {
    renderClocks();
    view.frame = requestAnimationFrame(frame);
  };
  view.frame = requestAnimationFrame(frame);
}

const lobbyLink = () => el("a", { className: "button", href: "#/online", textContent: ot("lobby") });

function buildRoomView() {
  const boardHost = el("div", { id: "online-board", className: "board-host" });
  const button = (id, text, onclick, hidden = true) => el("button", { type: "button", id, textContent: text, onclick, hidden });
  const notify = el("input", { type: "checkbox", id: "online-notify", checked: notifyOn(), onchange: onNotifyChange });
  const me = identity();
  const seat = view.room?.seat ?? null;
  const page = el(
    "div",
    { className: "game-view online-game", id: "online-game" },
    el("div", { className: "board-wrap", id: "online-board-wrap" }, el("div", { className: "board-frame", id: "online-board-frame" }, boardHost)),
    el(
      "aside",
      { className: "info" },
      el("div", { className: "title-row" }, el("h1", { id: "online-title" }), lobbyLink()),
      el("p", { id: "online-status", className: "status", "aria-live": "polite" }),
      el("p", { id: "online-clock", className: "online-clock", hidden: true }),
      el("p", { id: "online-flash", className: "flash", role: "status", hidden: true }),
      el("p", { id: "online-premove", className: "muted", hidden: true }),
      moveBoxForm("online-"),
      el("div", { id: "online-offers", className: "online-offers" }),
      el("p", { id: "online-result", className: "online-result", hidden: true }),
      el(
        "section",
        { id: "invite-box", className: "invite-box", hidden: true },
        el("h2", { textContent: ot("invite") }),
        el("p", { className: "muted", textContent: ot("inviteHelp") }),
        el("input", { id: "invite-link", readOnly: true, "aria-label": ot("invite") }),
        el(
          "div",
          { className: "actions" },
          el("button", { type: "button", id: "invite-copy", className: "primary", textContent: ot("copy"), onclick: copyInvite }),
          navigator.share ? el("button", { type: "button", id: "invite-share", textContent: ot("share"), onclick: shareInvite }) : null,
          button("online-cancel", ot("cancelRoom"), onCancelRoom),
        ),
      ),
      el(
        "div",
        { className: "buttons online-buttons" },
        button("online-claim", ot("claimDraw"), () => view.room?.claimDraw().catch(() => {}), false),
        button("online-draw", ot("offerDraw"), () => view.room?.offer("draw").catch(() => {})),
        button("online-takeback", ot("offerTakeback"), () => view.room?.offer("takeback").catch(() => {})),
        button("online-abort", ot("abort"), () => view.room?.abort().catch(() => {})),
        button("online-resign", ot("resign"), onResign, false),
        button("online-rematch", ot("rematch"), () => view.room?.offer("rematch").catch(() => {})),
      ),
      el("table", { id: "online-seats", className: "players online-seats" }),
      el("label", { className: "check online-notify" }, notify, " ", ot("notify")),
      el("h2", { textContent: ot("moves") }),
      el("div", { id: "online-moves", className: "online-moves" }),
      chatPanel(view.room, { playerId: me?.id ?? null, seated: seat !== null, team: partnered(seat) }),
    ),
  );
  view.root.replaceChildren(page);
  wireMoveBox({ ids: { form: "online-move-form", input: "online-move-input", output: "online-move-output" }, current: boxView, blocked: boxBlocked, play: boxPlay });
  view.renderedKey = null;
  view.board = new Board(boardHost, {
    legalFrom: legalFrom,
    onMove: onBoardMove,
    label: squareLabel,
    onBlocked: () => {
      const s = view.room?.state;
      if (!s) return;
      if (view.room.seat === null) flash(ot("err_not-seated"));
      else if (s.status.over) flash(ot("err_game-over"));
      else if (s.status.turn !== view.room.seat) flash(ot("err_not-your-turn"));
    },
  });
  // A click anywhere but on a premove's own squares cancels it.
  page.addEventListener("pointerdown", cancelPremoveOnClick, { capture: true });
}

// --- the move box --------------------------------------------------------------------------------
/** The seat that made each move of the state (four players: replayed; two: in turn). */
function moversOf(s) {
  const order = gameInfo(s.game)?.playOrder ?? [];
  const texts = s.san ?? s.moves;
  return isFour(s.game) ? view.rounds.moversOf(s.moves) : texts.map((_, i) => order[i % 2]);
}

/** What the move box reads: the room's position (the client's mirror of it), the moves by
 * seat, the scores and the clocks. */
function boxView() {
  const room = view.room;
  const s = room?.state;
  if (!s) return null;
  const g = room.game();
  const movers = moversOf(s);
  const order = gameInfo(s.game)?.playOrder ?? s.seats.map((x) => x.seat);
  return {
    players: order,
    status: s.status,
    board: g?.board() ?? [],
    history: (s.san ?? s.moves).map((san, i) => ({ player: movers[i], san })),
    scores: s.score ?? [],
    facts: g?.facts ?? gameInfo(s.game)?.facts ?? {},
    game: g,
    clock: () => boxClock(s),
  };
}

/** The room's clocks (or its turn timer) in words. */
function boxClock(s) {
  if (s.clocks) return s.seats.map((x) => t("outClock", { seat: x.seat, time: clockText(view.room.clockMs(x.seat) ?? 0) })).join(" ");
  if (s.clock && s.roomStatus === "playing") {
    const now = Date.now() + (view.room.offset ?? 0);
    return t("outTimer", { seat: s.clock.turn, n: Math.max(0, Math.ceil((s.clock.deadline - now) / 1000)) });
  }
  return t("outNoTimer");
}

/** Why this page cannot move now, in the words of the server's refusals; null when it can. */
function boxBlocked() {
  const room = view.room;
  const s = room.state;
  if (room.seat === null) return ot("err_not-seated");
  if (s.status.over || s.roomStatus === "over") return ot("err_game-over");
  if (s.roomStatus !== "playing") return ot("err_not-started");
  if (s.status.turn !== room.seat) return ot("err_not-your-turn");
  return null;
}

/** Sends a typed move; the server's refusal is said in the box. */
function boxPlay(move, say) {
  view.room.play(move).catch((err) => {
    say(refusal(err));
    render();
  });
}

// --- premove ------------------------------------------------------------------------------------
/** Is a premove possible now: two players, seated, the opponent to move? */
function premoveTime() {
  const s = view.room?.state;
  const seat = view.room?.seat;
  return !!s && !!seat && !isFour(s.game) && s.roomStatus === "playing" && !s.status.over && s.status.turn && s.status.turn !== seat;
}

/** The moves this seat could make if it were to move now (the position with its side to
 * move, no en passant): what a premove may be. */
function premoveCandidates(sq) {
  const s = view.room.state;
  const f = s.fen.split(" ");
  f[1] = view.room.seat === "white" ? "w" : "b";
  f[3] = "-";
  let g = null;
  try {
    g = newGame({ ...newGameOptions(s.game), fen: f.join(" ") });
    return g.legalMoves(sq);
  } catch {
    return [];
  } finally {
    g?.free?.();
  }
}

function legalFrom(sq) {
  if (premoveTime()) return premoveCandidates(sq);
  return view.room?.legalMoves(sq) ?? [];
}

function setPremove(p) {
  view.premove = p;
  const note = $("online-premove");
  if (note) {
    note.hidden = !p;
    note.textContent = p ? ot("premove", { move: `${p.from}-${p.to}` }) : "";
  }
  view.renderedKey = null;
  render();
}

function cancelPremoveOnClick() {
  if (!view.premove) return;
  setPremove(null);
}

/** Plays the premove as soon as it is this seat's turn, if it is still legal. */
function playPremove(s) {
  const p = view.premove;
  if (!p || s.status.turn !== view.room?.seat || s.roomStatus !== "playing") return;
  view.premove = null;
  setPremove(null);
  const legal = view.room.legalMoves(p.from).some((m) => m.to === p.to && (m.promotion ?? null) === (p.promotion ?? null));
  if (legal) view.room.play({ from: p.from, to: p.to, promotion: p.promotion }).catch(() => render());
}

// --- actions ------------------------------------------------------------------------------------
function inviteUrl() {
  return new URL(`/www/#room=${encodeURIComponent(view.roomId)}`, location.href).href;
}

async function copyInvite() {
  const link = $("invite-link");
  try {
    await navigator.clipboard.writeText(link.value);
  } catch {
    link.select();
    document.execCommand?.("copy");
  }
  flash(ot("copied"));
}

function shareInvite() {
  const s = view.room?.state;
  navigator.share({ title: "tablero", text: ot("shareText", { game: s ? gameName(s.game) : "" }), url: $("invite-link").value }).catch(() => {});
}

async function onCancelRoom() {
  if (!(await confirmDialog(ot("confirmCancel")))) return;
  try {
    await getClient().cancelRoom(view.roomId);
    location.hash = "#/online";
  } catch (err) {
    flash(refusal(err));
  }
}

async function onResign() {
  if (!view.room || view.room.seat === null) return flash(ot("err_not-seated"));
  if (!(await confirmDialog(ot("confirmResign")))) return;
  view.room.resign().catch(() => {});
}

async function onBoardMove(from, to, moves) {
  const move = await pickMove(moves, view.room.game()?.facts.promotions);
  if (!move) return render();
  if (premoveTime()) {
    // Remembered, shown, played when the turn comes (cancelled by the next click).
    queueMicrotask(() => setPremove({ from: move.from, to: move.to, promotion: move.promotion }));
    return;
  }
  view.room.play(moveInput(move)).catch(() => render());
}

async function onNotifyChange(e) {
  const on = e.target.checked;
  setNotify(on);
  if (on && typeof Notification !== "undefined" && Notification.permission === "default") {
    try {
      await Notification.requestPermission();
    } catch {
      /* the title still changes */
    }
  }
}

/** A short line under the status: a refusal (hidden once the position moves on) or, with
 * `notice`, news of the game that outlives the next moves (a flag). */
function flash(text, { notice = false } = {}) {
  const f = $("online-flash");
  if (!f) return;
  f.textContent = text;
  f.dataset.notice = String(notice);
  f.hidden = false;
  clearTimeout(view.flashTimer);
  view.flashTimer = setTimeout(() => (f.hidden = true), 5000);
}

async function loadRatings(game) {
  try {
    const rows = await getClient().ratings(game);
    view.ratingsById = new Map(rows.map((r) => [r.player.id, r]));
  } catch {
    view.ratingsById = new Map();
  }
  render();
}

// --- attention ----------------------------------------------------------------------------------
function restoreTitle() {
  if (view.title !== null) document.title = view.title;
  view.title = null;
}

document.addEventListener("visibilitychange", () => {
  if (!document.hidden) restoreTitle();
});

/** It just became this seat's turn: sound, and in a hidden tab the title and a notification. */
function yourTurn(s) {
  if (!document.hidden) return;
  view.title ??= document.title;
  document.title = ot("titleTurn", { game: gameName(s.game) });
  if (notifyOn() && typeof Notification !== "undefined" && Notification.permission === "granted") {
    try {
      new Notification(ot("notifyTitle"), { body: ot("notifyBody", { game: gameName(s.game) }), tag: `tablero-${s.room}` });
    } catch {
      /* some browsers only notify from a service worker */
    }
  }
}

/** The local game's sounds for what the state says happened. */
function soundsFor(prev, s) {
  if (prev && s.ply > prev.ply && s.last) {
    const l = s.last;
    sound.play(l.check || l.checks?.length ? "check" : l.captured ? "capture" : "move");
  }
  if (prev && prev.roomStatus === "playing" && s.roomStatus === "over") sound.play("end");
}

/** A four-player seat whose flag fell since the state before (R11.4): said under the status
 * line (two players: the result says it). */
function sayFlags(prev, s) {
  if (!isFour(s.game)) return;
  const was = new Map((prev.score ?? []).map((x) => [x.player, x.status]));
  for (const x of s.score ?? []) {
    if (x.status !== "timeout" || was.get(x.player) === "timeout") continue;
    flash(ot(s.status.over ? "flagFell" : "flagFellOn", { seat: seatName(x.player), name: nameOf(s, x.player) }), { notice: true });
  }
}

// --- state --------------------------------------------------------------------------------------
async function onState(s) {
  const prev = view.prevState ?? null;
  view.prevState = s;
  // A refusal is about the position it was made in (a notice stays its few seconds).
  const shownFlash = $("online-flash");
  if (s.ply !== view.lastPly && shownFlash && shownFlash.dataset.notice !== "true") shownFlash.hidden = true;
  view.lastPly = s.ply;
  const seat = view.room?.seat ?? null;
  // The first state says whether this page has a seat: the chat writes in that seat's channel.
  const chatBox = $("online-chat");
  if (chatBox && (chatBox.dataset.seated !== String(seat !== null) || chatBox.dataset.team !== String(partnered(seat))))
    chatBox.replaceWith(chatPanel(view.room, { playerId: identity()?.id ?? null, seated: seat !== null, team: partnered(seat) }));
  if (seat && s.roomStatus === "playing" && s.status.turn === seat && view.lastTurn !== seat) yourTurn(s);
  view.lastTurn = s.status.turn;
  soundsFor(prev?.room === s.room ? prev : null, s);
  if (prev?.room === s.room) sayFlags(prev, s);
  if (s.rated && s.roomStatus !== "over" && seat) {
    try {
      const me = await getClient().me();
      const r = me.ratings.find((x) => x.game === s.game);
      setRatingBefore(s.room, r ? r.rating : 1500);
    } catch {
      /* no change shown */
    }
  }
  render();
  playPremove(s);
  if (s.roomStatus === "over" && s.rated && !$("online-result")?.dataset.rating) showRatingChange(s);
}

async function showRatingChange(s) {
  const before = ratingBefore(s.room);
  if (before === null || !view.room?.seat) return;
  const box = $("online-result");
  box.dataset.rating = "pending";
  try {
    const me = await getClient().me();
    const r = me.ratings.find((x) => x.game === s.game);
    if (!r) return;
    const delta = Math.round(r.rating) - Math.round(before);
    const span = el("span", { id: "online-rating-change", className: delta >= 0 ? "up" : "down", textContent: ot("ratingChange", { old: Math.round(before), new: Math.round(r.rating), delta: delta >= 0 ? `+${delta}` : `−${-delta}` }) });
    $("online-result").append(" ", span);
    $("online-result").dataset.rating = "shown";
    loadRatings(s.game);
  } catch {
    box.dataset.rating = "";
  }
}

/** Has this page's seat a partner to talk to (a seat in a Teams room)? */
function partnered(seat) {
  const game = view.room?.state?.game;
  return seat !== null && !!game && hasPartners(game);
}

function nameOf(s, seat) {
  const x = s.seats.find((q) => q.seat === seat);
  if (!x) return seatName(seat);
  return x.player ? x.player.name : x.computer ? ot("computerSeat", { n: x.computer }) : ot("freeSeat");
}

/** The room's game with its moves, for the analysis board: replayed from its start (the
 * state's `startFen`: a Chess960 room's position; the usual start from a server without it);
 * where that does not reach the room's position, the position alone. */
function replayed(s) {
  const game = newGame({ ...newGameOptions(s.game), ...(s.startFen ? { fen: s.startFen } : {}) });
  try {
    for (const m of s.moves) game.play(m);
  } catch {
    /* checked below */
  }
  if (game.fen() === s.fen) return game;
  game.free();
  return newGame({ ...newGameOptions(s.game), fen: s.fen });
}

/** A result's reason in words: the online table first (agreement, aborted), then the game's. */
function reasonText(reason) {
  const online = ot("r_" + reason);
  if (online !== "r_" + reason) return online;
  const local = t("r_" + reason);
  return local === "r_" + reason ? reason.replaceAll("-", " ") : local;
}

function resultText(s) {
  const r = s.status.result;
  if (!r) return ot("over");
  if (r.reason === "aborted") return ot("aborted");
  const reason = reasonText(r.reason);
  if (!r.winners.length) return ot("draw", { reason });
  return ot("won", { names: r.winners.map((w) => `${seatName(w)} (${nameOf(s, w)})`).join(", "), reason });
}

function render() {
  const s = view.room?.state;
  if (!s || !$("online-game")) return;
  const seat = view.room.seat;
  const four = isFour(s.game);
  const playing = s.roomStatus === "playing" && !s.status.over;
  $("online-title").textContent = gameName(s.game) + (s.rated ? ` · ${ot("rated")}` : "");
  // Status line: an outage says so first (the turn shown may be out of date).
  let status;
  if (!view.connected) status = ot("reconnecting");
  else if (s.roomStatus === "cancelled") status = ot("roomCancelled");
  else if (s.roomStatus === "waiting") status = ot("waiting");
  else if (s.status.over) status = resultText(s);
  else if (s.status.turn === seat) status = ot("yourTurn");
  else status = ot("toMove", { seat: seatName(s.status.turn), name: nameOf(s, s.status.turn) });
  if (view.connected && seat === null && !s.status.over && s.roomStatus === "playing") status += " " + ot("watching");
  $("online-status").textContent = status;
  const g = $("online-game");
  g.dataset.turn = s.status.turn ?? "";
  g.dataset.roomStatus = s.roomStatus;
  g.dataset.ply = String(s.ply);
  g.dataset.seat = seat ?? "";
  g.dataset.connected = String(view.connected);
  // Invitation while seats are free.
  const waiting = s.roomStatus === "waiting";
  $("invite-box").hidden = !waiting;
  $("online-cancel").hidden = !waiting || seat === null;
  if (waiting) $("invite-link").value = inviteUrl();
  // Result.
  const result = $("online-result");
  result.hidden = !s.status.over;
  if (s.status.over && !result.dataset.text) {
    result.dataset.text = "1";
    result.prepend(el("strong", { textContent: resultText(s) }));
    // The finished game, copied, on the analysis board with its review.
    const review = el("button", { type: "button", id: "online-review", textContent: t("gameReview") });
    review.addEventListener("click", () => analyseGame(replayed(view.room.state), s.game, { review: true }));
    result.append(" ", review);
  }
  const seated = seat !== null;
  const open = (kind) => (s.offers ?? []).find((o) => o.offer === kind);
  $("online-resign").disabled = !seated || !playing;
  $("online-resign").hidden = !!s.abortable;
  $("online-claim").hidden = four || !seated;
  $("online-claim").disabled = !s.status.canClaimDraw || s.status.turn !== seat;
  $("online-abort").hidden = !seated || !playing || !s.abortable;
  $("online-draw").hidden = !seated || !playing || !!s.abortable;
  $("online-draw").disabled = !!open("draw");
  $("online-takeback").hidden = !seated || !playing || four || s.rated || !s.seats.every((x) => x.player) || s.ply === 0;
  $("online-takeback").disabled = !!open("takeback");
  $("online-rematch").hidden = !seated || s.roomStatus !== "over" || s.status.result?.reason === "aborted";
  $("online-rematch").disabled = !!open("rematch")?.accepted?.includes(seat);
  renderOffers(s, seat);
  renderSeats(s, seat);
  renderMovesList(s);
  renderBoard(s, seat, four);
  renderPresence();
  renderClocks();
}

function renderOffers(s, seat) {
  const box = $("online-offers");
  const items = [];
  for (const o of s.offers ?? []) {
    const row = el("div", { className: `online-offer offer-${o.offer}` });
    row.dataset.offer = o.offer;
    if (o.accepted?.includes(seat)) row.append(el("span", { textContent: o.by === seat ? ot("youOffered_" + o.offer) : ot("o_" + o.offer, { name: nameOf(s, o.by) }) }));
    else {
      row.append(el("span", { textContent: ot("o_" + o.offer, { name: nameOf(s, o.by) }) }));
      if (seat !== null) {
        row.append(
          " ",
          el("button", { type: "button", className: "primary offer-accept", id: `accept-${o.offer}`, textContent: ot("accept"), onclick: () => view.room.answer(o.offer, true).catch(() => {}) }),
          " ",
          el("button", { type: "button", className: "offer-decline", id: `decline-${o.offer}`, textContent: ot("decline"), onclick: () => view.room.answer(o.offer, false).catch(() => {}) }),
        );
      }
    }
    items.push(row);
  }
  box.replaceChildren(...items);
}

function renderSeats(s, mySeat) {
  const clocks = !!s.clocks;
  const four = isFour(s.game);
  const rows = s.seats.map((x) => {
    const row = el("tr", { className: `seat-${x.seat}` + (s.status.turn === x.seat ? " to-move" : "") });
    row.dataset.seat = x.seat;
    // The name shrinks (cut with an ellipsis); "(you)" and the rating keep their width.
    const who = el("div", { className: "who" });
    const name = el("td", { className: "online-name" }, who);
    if (x.player) {
      who.append(nameLink(x.player));
      if (x.seat === mySeat) who.append(el("span", { className: "muted you", textContent: ` (${ot("you")})` }));
      // Ratings matter only where they change: rated rooms.
      if (s.rated) {
        const r = view.ratingsById.get(x.player.id);
        who.append(el("span", { className: "seat-rating", textContent: " " + (r ? `${Math.round(r.rating)}${r.provisional ? "?" : ""}` : "1500?"), title: !r || r.provisional ? ot("provisional") : "" }));
      }
    } else who.append(el("span", { className: "player-name", textContent: x.computer ? ot("computerSeat", { n: x.computer }) : ot("freeSeat") }));
    const presence = el("td", { className: "presence" });
    presence.dataset.awaySince = x.awaySince ?? "";
    const score = s.score.find((q) => q.player === x.seat);
    const facts = gameInfo(s.game)?.facts;
    const pts = facts?.points ? String(score?.points ?? 0) : facts?.countsChecks ? ot("checks", { n: score?.checks ?? 0 }) : "";
    const cells = [el("th", { scope: "row" }, el("span", { className: "seat-name" }, swatch(x.seat), seatName(x.seat))), name, presence];
    // Points or checks where the game counts them.
    if (facts?.points || facts?.countsChecks) cells.push(el("td", { className: "seat-score", textContent: pts }));
    // Four players: a seat that is out says why under its name (a flag: out of time, R11.4),
    // the game going on without it.
    if (four && score?.status && score.status !== "active") {
      const st = el("div", { className: "seat-status", textContent: tr("st_", score.status) });
      st.dataset.status = score.status;
      name.append(st);
      row.classList.add("out");
    }
    if (clocks) cells.push(el("td", { className: "seat-clock" }));
    row.append(...cells);
    return row;
  });
  const table = $("online-seats");
  table.dataset.stale = String(!view.connected);
  // Points and a clock beside presence: the fixed columns narrow to leave the names room.
  table.classList.toggle("crowded", clocks && !!gameInfo(s.game)?.facts?.points);
  table.replaceChildren(el("tbody", {}, ...rows));
}

/** Presence and the turn timer, counted down from the server's time (4 times a second). */
function renderPresence() {
  const s = view.room?.state;
  if (!s || !$("online-game")) return;
  const now = Date.now() + (view.room.offset ?? 0);
  for (const td of document.querySelectorAll("#online-seats td.presence")) {
    const since = Number(td.dataset.awaySince) || 0;
    const row = td.closest("tr");
    const x = s.seats.find((q) => q.seat === row.dataset.seat);
    let text;
    let state;
    if (!x?.player) [text, state] = ["", "computer"];
    // During an outage nobody's presence is known.
    else if (!view.connected) [text, state] = [ot("unknownPresence"), "unknown"];
    else if (!since) [text, state] = [ot("connected"), "connected"];
    else {
      const left = Math.ceil((since + (s.awaySeconds ?? 60) * 1000 - now) / 1000);
      text = s.roomStatus !== "playing" ? ot("awayNow") : left > 0 ? ot("away", { s: left }) : ot("standIn", { name: x.player.name });
      state = "away";
    }
    td.dataset.state = state;
    if (td.textContent !== text) td.textContent = text;
  }
  const clock = $("online-clock");
  // The seeds' turn timer (a game clock shows in the seats instead).
  if (s.clock && !s.clocks && s.roomStatus === "playing") {
    const left = Math.max(0, Math.ceil((s.clock.deadline - now) / 1000));
    clock.hidden = false;
    const text = `${ot("clock")}: ${seatName(s.clock.turn)} ${ot("secondsLeft", { n: left })}`;
    if (clock.textContent !== text) clock.textContent = text;
    clock.classList.toggle("low", left <= 10);
  } else clock.hidden = true;
}

/** Each seat's game clock, every frame: tenths under 10 s, a warning colour, and a tick each
 * second of this seat's own low clock. */
function renderClocks() {
  const room = view.room;
  const s = room?.state;
  if (!s?.clocks || !$("online-seats")) return;
  const now = Date.now();
  for (const td of document.querySelectorAll("#online-seats td.seat-clock")) {
    const seat = td.closest("tr").dataset.seat;
    const ms = room.clockMs(seat, now);
    if (ms === null) continue;
    const text = clockText(ms);
    if (td.textContent !== text) td.textContent = text;
    const running = s.roomStatus === "playing" && s.clock?.started && s.clock.turn === seat;
    td.dataset.running = String(!!running);
    const low = ms < 10000 && s.roomStatus === "playing";
    td.classList.toggle("low", low);
    td.dataset.ms = String(Math.round(ms));
    if (low && running && seat === room.seat) {
      const sec = Math.ceil(ms / 1000);
      if (sec !== view.tickSecond) {
        view.tickSecond = sec;
        sound.play("tick");
      }
    }
  }
}

function renderMovesList(s) {
  const box = $("online-moves");
  // The state's `san`: SAN for two players, PGN4 move text for four (`moves` is what a
  // program reads: UCI for two players). A server from before `san` existed sends only `moves`.
  const texts = s.san ?? s.moves;
  const order = gameInfo(s.game)?.playOrder ?? [];
  const four = isFour(s.game);
  const movers = moversOf(s);
  const list = rounds(texts, movers, order);
  const key = `${getLang()}:${texts.length}:${texts.at(-1) ?? ""}`;
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  if (four) {
    const head = el("tr", {}, el("th", { scope: "col", textContent: "#" }), ...order.map((p) => el("th", { scope: "col", className: `seat-${p}` }, swatch(p), seatName(p))));
    const body = el(
      "tbody",
      {},
      ...list.map((r) => {
        const row = el("tr", { className: "round" }, el("th", { scope: "row", textContent: `${r.n}.` }), ...r.cells.map((c) => el("td", { className: "mv", textContent: c })));
        return row;
      }),
    );
    box.replaceChildren(el("table", { className: "moves4" }, el("thead", {}, head), body));
  } else {
    const ol = el("ol", { className: "moves2" });
    for (const r of list) {
      // `1. e4 e5`: the number, then each side's move.
      const li = el("li", { className: "round" }, el("span", { className: "num", textContent: `${r.n}.` }));
      for (const c of r.cells) li.append(" ", el("span", { className: "mv" + (c ? "" : " none"), textContent: c }));
      ol.append(li);
    }
    box.replaceChildren(ol);
  }
  box.scrollTop = box.scrollHeight;
}

function renderBoard(s, seat, four) {
  const g = view.room.game();
  if (!g) return;
  const facts = g.facts;
  const n = facts.files;
  const pieces = g.board();
  const checked = [];
  for (const c of s.status.inCheck ?? []) {
    const k = pieces.find((p) => p.piece === "king" && p.color === c && !p.grey);
    if (k) checked.push(k.square);
  }
  const viewer = seat ?? (four ? "red" : "white");
  // A race to a finish rank (Racing Kings) is never turned: both kings run up the same board.
  const rot = facts.finishRank ? 0 : four ? CLOCKWISE.indexOf(viewer) : viewer === "black" ? 2 : 0;
  const last = s.last?.from ? [{ from: s.last.from, to: s.last.to, player: s.last.player }] : [];
  const pre = view.premove;
  const key = `${s.room}:${s.ply}:${s.status.turn}:${s.roomStatus}:${pre ? pre.from + pre.to : ""}`;
  if (key === view.renderedKey) return;
  view.renderedKey = key;
  view.board.update({
    key,
    n,
    pieces,
    rot: Math.max(0, rot),
    lasts: last,
    hint: pre ? { from: pre.from, to: pre.to } : null,
    checked,
    hill: facts.hill,
    finish: facts.finishRank ? [..."abcdefghijklmn".slice(0, n)].map((f) => f + facts.finishRank) : [],
    interactive: s.roomStatus === "playing" && !s.status.over && (s.status.turn === seat || premoveTime()),
    animate: true,
    showLegal: true,
    ariaLabel: `${t("board")}: ${gameName(s.game)}`,
    labelKey: getLang(),
  });
  $("online-board-frame").classList.toggle("four", n === 14);
  $("online-game").classList.toggle("two", n === 8);
}
