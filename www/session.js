// The open game: starting, opening, reading the engine once per change, playing, undoing,
// the computer's turns, the turn timer and saving. Views draw from `state.cur`; this file
// touches no DOM and calls no view: it says what happened through events.js.
import { newGame, Game } from "./engine.js";
import { state, savePrefs, jsonOf, isHuman } from "./state.js";
import { gameInfo, isFour, newGameOptions, seatsOf } from "./games.js";
import * as store from "./store.js";
import * as ai from "./ai.js";
import * as sound from "./sound.js";
import { t, tr, errorText } from "./i18n/index.js";
import { emit } from "./events.js";
import { clearHint } from "./hint.js";
import { moveInput } from "./pieces.js";
import { sayMove } from "./speech.js";

const MIN_AI_MS = 350; // a quick reply is still seen as a move, not a jump

/** What the open game's session runs besides the game itself: the queue of saves and the
 * turn timer's ticker. */
const run = {
  /** The last save in flight: saves are written one after the other, in order. */
  saveChain: Promise.resolve(),
  /** A save queued for the next task (queueSave), and who waits for it (tests). */
  saveTimer: null,
  saveWaiters: [],
  /** The interval that ticks the turn timer, and the last second it ticked a sound for. */
  ticker: null,
  lastTickSecond: null,
};

const showBanner = (text, kind) => emit("banner", text, kind);
const hideBanner = (kind) => emit("unbanner", kind);
const renderGame = () => emit("game");

// --- reading the engine ------------------------------------------------------------------------
/** Reads the engine's state once: every view draws from this snapshot. After a move that added
 * exactly one entry, the history is extended with it instead of read again. */
function readSnap(c, played) {
  const g = c.game;
  const ply = g.ply;
  const prev = c.snap;
  let history;
  if (played && prev && ply === prev.history.length + 1) history = [...prev.history, played];
  else history = g.history();
  c.json = null;
  c.snap = {
    ply,
    history,
    status: g.status(),
    scores: g.score(),
    board: g.board(),
    players: prev?.players ?? g.players,
    facts: prev?.facts ?? g.facts,
  };
  if (c.viewPly !== null && c.viewPly >= ply) c.viewPly = null;
  return c.snap;
}

// --- opening and closing -------------------------------------------------------------------
export function startNew(choice, overrides = {}) {
  const p = state.prefs;
  const settings = {
    showLegal: p.showLegal,
    rotate: p.rotate,
    timeLimit: p.timeLimit,
    // The home page sets the limit in rounds; the engine counts every player's moves (R5.23).
    moveLimit: isFour(choice) ? p.roundLimit * seatsOf(choice).length : 0,
    alternate: p.alternate,
    enPassant: p.enPassant,
    firstPlayer: "red",
    position: p.position,
    ...overrides.settings,
  };
  let game;
  try {
    game = newGame({ ...newGameOptions(choice, settings), seed: Math.floor(Math.random() * 2 ** 31) });
  } catch (e) {
    showBanner(t("error", { message: errorText(e) }));
    return;
  }
  const seats = overrides.seats ?? defaultSeats(choice);
  openGame({ id: store.newId(), choice, seats, settings, created: Date.now() }, game);
}

export function defaultSeats(choice) {
  const seats = {};
  for (const [i, seat] of seatsOf(choice).entries()) {
    seats[seat] = state.prefs.seats[seat] ?? (i === 0 ? { type: "human", level: 3 } : { type: "ai", level: 3 });
  }
  return seats;
}

/** Makes `rec` (a saved record without its game, or a new one) the open game and shows it. */
export function openGame(rec, game, { navigate = true } = {}) {
  closeGame();
  const c = {
    id: rec.id,
    choice: rec.choice,
    seats: rec.seats,
    settings: { showLegal: true, rotate: true, timeLimit: 0, moveLimit: 0, alternate: true, firstPlayer: "red", ...rec.settings },
    created: rec.created ?? Date.now(),
    importKey: rec.importKey,
    importNote: rec.importNote,
    game,
    snap: null,
    viewPly: null,
    review: null,
    rotOffset: 0,
    lastHumanSeat: null,
    timer: null,
    thinking: null,
    aiKey: null,
    hint: null,
    overShown: false,
    json: null,
  };
  state.cur = c;
  readSnap(c);
  c.overShown = c.snap.status.over;
  // A turn timer saved with the game goes on from its saved deadline (R9; a reload must not
  // hand out a fresh 30 seconds).
  const tm = rec.timer;
  if (tm && tm.ply === c.snap.ply && tm.seat === c.snap.status.turn && Number.isFinite(tm.deadline)) c.timer = { ...tm };
  if (navigate) emit("opened", c.id);
  save();
  renderGame();
  afterChange();
}

export async function openSaved(id) {
  let rec;
  try {
    rec = await store.get(id);
  } catch (e) {
    showBanner(t("openFailed", { message: errorText(e) }));
    return false;
  }
  if (!store.validRecord(rec)) {
    showBanner(t("openFailed", { message: t(rec ? "err_invalid-record" : "err_not-found") }));
    return false;
  }
  let game;
  try {
    game = Game.fromJSON(rec.saved);
  } catch (e) {
    showBanner(t("openFailed", { message: errorText(e) }));
    return false;
  }
  openGame(rec, game, { navigate: false });
  return true;
}

export function closeGame() {
  stopTicker();
  const c = state.cur;
  if (!c) return;
  clearHint(c);
  state.cur = null;
  c.game.free();
}

// --- saving --------------------------------------------------------------------------------
function recordOf(c) {
  const st = c.snap.status;
  return {
    id: c.id,
    choice: c.choice,
    seats: c.seats,
    settings: c.settings,
    saved: jsonOf(c),
    created: c.created,
    updated: Date.now(),
    moves: c.snap.ply,
    over: st.over,
    turn: st.turn ?? null,
    result: st.over ? { winners: st.result?.winners ?? [], reason: st.result?.reason } : null,
    scores: c.snap.facts.points ? c.snap.scores.map((s) => ({ player: s.player, points: s.points })) : null,
    timer: c.timer,
    ...(c.importKey ? { importKey: c.importKey } : {}),
    ...(c.importNote ? { importNote: c.importNote } : {}),
  };
}

/** Saves the open game soon, in a task of its own: a move's task stays short (the record's
 * JSON and IndexedDB's copy of it cost as much as drawing the move on a slow phone). */
export function queueSave() {
  if (run.saveTimer) return;
  run.saveTimer = setTimeout(() => {
    run.saveTimer = null;
    const p = save();
    for (const w of run.saveWaiters.splice(0)) w(p);
  }, 0);
}
window.tableroSaved = () => (run.saveTimer ? new Promise((r) => run.saveWaiters.push(r)).then((p) => p) : run.saveChain);

/** Saves the open game now; failures are reported and play goes on. */
export function save() {
  const c = state.cur;
  if (!c || !state.storageOk) return run.saveChain;
  let rec;
  try {
    rec = recordOf(c);
  } catch (e) {
    showBanner(t("storageError", { message: e.message }), "storage");
    return run.saveChain;
  }
  run.saveChain = run.saveChain
    .then(() => store.put(rec))
    .then(
      () => {
        hideBanner("storage");
        emit("saved", rec);
      },
      (e) => showBanner(store.isQuotaError(e) ? t("storageFull") : t("storageError", { message: e?.message ?? e }), "storage"),
    );
  return run.saveChain;
}

// --- changes -----------------------------------------------------------------------------------
/** After the engine changed: read it once, draw, then the follow-ups (timer, computer, end). */
export function update(played) {
  const c = state.cur;
  if (!c) return;
  readSnap(c, played);
  queueSave();
  renderGame();
  afterChange();
}

/** Plays a move for the player to move. `by`: "person", "computer" or "timer". */
export function playMove(input, by = "person") {
  const t0 = performance.now();
  try {
    return playMoveNow(input, by);
  } finally {
    // Main-thread cost of a move (engine, reading its state, drawing): the perf test reads it.
    const perf = window.tablero?.perf;
    if (perf) {
      perf.push(performance.now() - t0);
      if (perf.length > 500) perf.shift();
    }
  }
}

function playMoveNow(input, by) {
  const c = state.cur;
  const before = c.snap.ply;
  let move;
  try {
    move = c.game.play(input);
  } catch (e) {
    showBanner(e.code === "illegal-move" ? t("illegal") : t("error", { message: errorText(e) }));
    renderGame();
    return null;
  }
  hideBanner("play");
  clearHint(c);
  c.timer = null;
  update(move);
  const added = c.snap.history.slice(before);
  reportEntries(c, added, by);
  return move;
}

/** Sounds, announcements and notices for entries just added to the history. */
function reportEntries(c, entries, by) {
  const first = entries[0];
  if (first) sound.play(sound.forMove(first));
  const lines = [];
  for (const m of entries) {
    if (m.from) lines.push(`${t("s_" + m.player)}: ${sayMove(m)}`);
    else if (m.kind === "timeout") lines.push(t("timeUpOut", { seat: m.player }));
    for (const s of m.scoring ?? []) lines.push(`${t("s_" + s.player)} +${s.points} ${tr("ev_", s.reason)}`);
  }
  emit("announce", lines.join(". "));
  if (by === "timer" && first) {
    emit("notice", { text: t("timeUpPlayed", { move: first.san || first.uci, seat: first.player }) });
  }
  // Four Kingdoms: a turn timer that runs out puts the player out (R6.4). The history says so
  // with a lone "T" entry (no `eliminated` record), so the notice is read from its kind.
  const timedOut = entries.find((m) => m.kind === "timeout");
  if (timedOut && !c.snap.status.over) {
    sound.play("out");
    emit("notice", { text: t("timeUpOut", { seat: timedOut.player }), out: isHuman(c, timedOut.player) });
  }
  const out = entries.flatMap((m) => m.eliminated ?? []);
  if (out.length && !c.snap.status.over) {
    const human = out.find((e) => isHuman(c, e.player));
    const e = human ?? out[0];
    const reason = tr("st_", e.reason);
    sound.play("out");
    if (human) emit("notice", { text: t("youAreOut", { seat: e.player, reason }), out: true });
    else emit("notice", { text: out.map((x) => t("eliminated", { seat: x.player, reason: tr("st_", x.reason) })).join(" ") });
  }
}

/** Undo: takes back a resignation or claimed draw, or the last move (against the computer,
 * back to the last position where a person was to move). */
export function undo() {
  const c = state.cur;
  if (!c || c.viewPly !== null) return;
  const beforePly = c.game.ply;
  const wasOver = c.snap.status.over;
  const took = c.game.undo();
  // undo() returns undefined both when it took back a declaration (resignation, claimed draw:
  // the game is no longer over) and when there was nothing to undo.
  if (took === undefined && c.game.ply === beforePly && c.game.status().over === wasOver) return;
  const anyHuman = c.snap.players.some((s) => isHuman(c, s));
  if (took !== undefined && anyHuman) {
    while (c.game.ply > 0) {
      const st = c.game.status();
      if (!st.over && isHuman(c, st.turn)) break;
      if (c.game.undo() === undefined && c.game.status().over) break;
    }
  }
  clearHint(c);
  c.aiKey = null;
  c.thinking = null;
  c.overShown = false;
  c.timer = null;
  // Every seat the computer: do not let it replay at once.
  c.holdComputer = !anyHuman;
  update();
}

export function resignSeat(c = state.cur) {
  const st = c.snap.status;
  if (st.over) return null;
  if (isHuman(c, st.turn)) return st.turn;
  const active = new Map(c.snap.scores.map((s) => [s.player, s.status ?? "active"]));
  return c.snap.players.find((s) => isHuman(c, s) && (active.get(s) ?? "active") === "active") ?? null;
}

export function resign(seat) {
  const c = state.cur;
  const before = c.snap.ply;
  try {
    c.game.resign(seat);
  } catch (e) {
    showBanner(t("error", { message: errorText(e) }));
    return;
  }
  clearHint(c);
  c.aiKey = null;
  c.timer = null;
  update();
  reportEntries(c, c.snap.history.slice(before), "person");
}

export function claimDraw() {
  const c = state.cur;
  if (c.game.claimDraw()) {
    clearHint(c);
    update();
  }
}

export function setSeat(seat, next) {
  const c = state.cur;
  c.seats = { ...c.seats, [seat]: next };
  state.prefs.seats[seat] = next;
  savePrefs();
  c.holdComputer = false;
  save();
  renderGame();
  afterChange();
}

/** Review an earlier position (null: the live one). Play goes on meanwhile. */
export function setView(ply) {
  const c = state.cur;
  if (!c) return;
  c.viewPly = ply === null || ply >= c.snap.ply ? null : Math.max(0, ply);
  renderGame();
}

/** The position shown: the live one or the reviewed one (cached per ply). */
export function shownPosition(c) {
  if (c.viewPly === null) {
    const last = c.snap.history.at(-1);
    return { ply: c.snap.ply, board: c.snap.board, live: true, last, turn: c.snap.status.turn };
  }
  if (c.review?.ply !== c.viewPly) {
    const p = c.game.positionAt(c.viewPly);
    c.review = { ply: c.viewPly, board: p.board, last: p.lastMove, turn: p.turn };
  }
  return { ...c.review, live: false };
}

// --- after every change: game over, timer, computer --------------------------------------------
export function afterChange() {
  const c = state.cur;
  if (!c) return;
  const st = c.snap.status;
  if (st.over) {
    stopTicker();
    c.timer = null;
    c.aiKey = null;
    c.thinking = null;
    if (!c.overShown) {
      c.overShown = true;
      sound.play("end");
      emit("over");
    }
    return;
  }
  c.overShown = false;
  ensureTimer(c);
  maybeComputer(c);
}

function maybeComputer(c, forced = false) {
  const seat = c.snap.status.turn;
  if (!forced && (!seat || isHuman(c, seat) || c.holdComputer)) {
    if (c.thinking) {
      c.thinking = null;
      renderGame();
    }
    return;
  }
  const key = `${c.id}:${c.snap.ply}:${seat}`;
  if (c.aiKey === key) return;
  c.aiKey = key;
  c.thinking = seat;
  renderGame();
  const started = performance.now();
  const level = c.seats[seat]?.type === "ai" ? c.seats[seat].level : 3;
  // The request (the game's JSON, copied to the worker) goes in a task of its own.
  new Promise((r) => setTimeout(r, 0))
    .then(() => {
      if (state.cur !== c || c.aiKey !== key) throw Object.assign(new Error("moved on"), { stale: true });
      return ai.aiMove(jsonOf(c), { level });
    })
    .then(
    async (move) => {
      const wait = MIN_AI_MS - (performance.now() - started);
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      if (state.cur !== c || c.aiKey !== key) return; // the game moved on
      c.aiKey = null;
      c.thinking = null;
      playMove(moveInput(move), forced ? "timer" : "computer");
    },
    (e) => {
      if (e.stale || state.cur !== c || c.aiKey !== key) return;
      c.aiKey = null;
      c.thinking = null;
      showBanner(t("workerFailed", { message: errorText(e) }), "play");
      renderGame();
    },
  );
}

// --- turn timer (R5.21, R9) --------------------------------------------------------------------
function ensureTimer(c) {
  const limit = Number(c.settings.timeLimit) || 0;
  const st = c.snap.status;
  if (!limit || st.over || !isHuman(c, st.turn)) {
    if (c.timer) c.timer = null;
    stopTicker();
    return;
  }
  if (!(c.timer && c.timer.ply === c.snap.ply && c.timer.seat === st.turn)) {
    c.timer = { ply: c.snap.ply, seat: st.turn, deadline: Date.now() + limit * 1000 };
    queueSave();
  }
  if (!run.ticker) run.ticker = setInterval(tick, 250);
  tick();
}

function stopTicker() {
  if (run.ticker) clearInterval(run.ticker);
  run.ticker = null;
  emit("clock", null);
}

function tick() {
  const c = state.cur;
  if (!c?.timer) return stopTicker();
  const left = Math.max(0, c.timer.deadline - Date.now());
  emit("clock", c.timer, left, Number(c.settings.timeLimit) * 1000);
  const sec = Math.ceil(left / 1000);
  if (sec <= 5 && sec > 0 && sec !== run.lastTickSecond) sound.play("tick");
  run.lastTickSecond = sec;
  if (left > 0) return;
  const seat = c.timer.seat;
  c.timer = null;
  stopTicker();
  expire(c, seat);
}

/** The turn's time ran out: Four Kingdoms puts the player out (R6.4); every other game has
 * the computer play the turn (R5.21, R9.2). */
function expire(c, seat) {
  if (gameInfo(c.choice)?.timesOut) {
    const before = c.snap.ply;
    try {
      c.game.timeout(seat);
      clearHint(c);
      update();
      reportEntries(c, c.snap.history.slice(before), "timeout");
      return;
    } catch {
      /* fall through: the computer plays the turn */
    }
  }
  clearHint(c);
  maybeComputer(c, true);
}

/** The next game of a series: two players swap colours; four players pass the first move to
 * the next seat in play order when "alternate who starts" is on (R5.3, R5.24, R6.1). */
export function rematch() {
  const c = state.cur;
  if (!c) return;
  const settings = { ...c.settings };
  let seats = { ...c.seats };
  if (isFour(c.choice)) {
    if (settings.alternate) {
      const order = c.snap.players;
      settings.firstPlayer = order[(Math.max(0, order.indexOf(settings.firstPlayer)) + 1) % order.length];
    }
  } else {
    seats = { white: c.seats.black, black: c.seats.white };
  }
  startNew(c.choice, { seats, settings });
}
