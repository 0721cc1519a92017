// tablero demo app: play every game on one device or against the computer, saved in this
// browser. Plain ES modules, no build step. Served from the repository root (`make demo`), so
// ../pkg/ is the output of `make pkg`.
import init, { newGame, Game } from "../pkg/tablero.js";
import { Board } from "./board.js";
import * as store from "./store.js";
import * as ai from "./ai.js";
import { t, tr, rules, getLang, setLang, translateDom } from "./i18n.js";

const $ = (id) => document.getElementById(id);

// --- games, seats ------------------------------------------------------------------------------
const CHOICES = ["chess", "3check", "kingofthehill", "racingkings", "ffa", "kingdoms"];
const FOUR = new Set(["ffa", "kingdoms"]);
const SEATS2 = ["white", "black"];
const SEATS4 = ["red", "blue", "yellow", "green"]; // clockwise from the bottom (R5.2)
const ICON = { chess: "♚", "3check": "♛", kingofthehill: "♔", racingkings: "♞", ffa: "✚", kingdoms: "♜" };
const seatsOf = (choice) => (FOUR.has(choice) ? SEATS4 : SEATS2);
const isFour = (choice) => FOUR.has(choice);
const seatName = (seat) => t("s_" + seat);

function engineOptions(choice, settings = {}) {
  if (!isFour(choice)) return { variant: choice };
  const o = { variant: "fourplayer", rules: choice };
  if (settings.firstPlayer && settings.firstPlayer !== "red") o.firstPlayer = settings.firstPlayer;
  if (settings.moveLimit > 0) o.moveLimit = settings.moveLimit;
  return o;
}

// --- app state -----------------------------------------------------------------------------
let fourAvailable = false;
/** The open game: { id, choice, seats, settings, created, game: Game, viewPly, rotOffset } */
let cur = null;
let board = null;
let aiToken = null; // what the computer is thinking about
let thinkingSeat = null;
let timer = null; // {key, deadline, interval}
let lastHumanSeat = null;
let saveChain = Promise.resolve();
let storageOk = true;
let lastShownOver = null;
/** The hint for the live position: { key, seq, state: "thinking" | "shown" | "error", analysis?, message? } */
let hint = null;
let hintSeq = 0;
const HINT_MS = 700; // the hint's search budget

const prefs = loadPrefs();
function loadPrefs() {
  const defaults = {
    choice: "chess",
    seats: {},
    showLegal: true,
    rotate: true,
    timeLimit: 0,
    moveLimit: 0,
    alternate: true,
  };
  try {
    return { ...defaults, ...JSON.parse(localStorage.getItem("tablero.prefs") ?? "{}") };
  } catch {
    return defaults;
  }
}
function savePrefs() {
  try {
    localStorage.setItem("tablero.prefs", JSON.stringify(prefs));
  } catch {
    /* storage may be blocked */
  }
}

// --- small helpers -------------------------------------------------------------------------------
function showBanner(text, kind = "error") {
  $("banner-text").textContent = text;
  $("banner").dataset.kind = kind;
  $("banner").hidden = false;
}
function hideBanner(kind) {
  if (!kind || $("banner").dataset.kind === kind) $("banner").hidden = true;
}
$("banner-close").addEventListener("click", () => hideBanner());

function announce(text) {
  $("announcer").textContent = text;
}

function confirmDialog(text) {
  const d = $("confirm");
  $("confirm-text").textContent = text;
  d.returnValue = "";
  d.showModal();
  return new Promise((resolve) => d.addEventListener("close", () => resolve(d.returnValue === "yes"), { once: true }));
}

function fmtDate(ms) {
  try {
    return new Date(ms).toLocaleString(getLang() === "es" ? "es-ES" : "en-GB", {
      dateStyle: "medium",
      timeStyle: "short",
    });
  } catch {
    return new Date(ms).toISOString();
  }
}

function controllerText(c) {
  return c?.type === "ai" ? `${t("computer")} (${t("levelN", { n: c.level })})` : t("person");
}

// --- status: one shape for every game; `four` picks the four-player panels -------------------
function statusOf(game) {
  return { ...game.status(), four: game.facts.points };
}

function resultText(game, st = statusOf(game)) {
  if (!st.over || !st.result) return "";
  const { winners, reason } = st.result;
  const why = tr("r_", reason);
  if (winners.length === 0) return `${t("draw")} (${why})`;
  const who = winners.map(seatName).join(" & ");
  return `${winners.length > 1 ? t("winsMany", { seats: who }) : t("wins", { seat: who })} (${why})`;
}

function scoresOf(game) {
  try {
    return game.score() ?? [];
  } catch {
    return [];
  }
}

function translateAll() {
  translateDom();
  for (const b of document.querySelectorAll("[data-lang]")) {
    b.setAttribute("aria-pressed", String(b.dataset.lang === getLang()));
  }
  renderHome();
  if (cur) renderGame();
  if (!$("view-saved").hidden) renderSaved();
}
for (const b of document.querySelectorAll("[data-lang]")) {
  b.addEventListener("click", () => {
    setLang(b.dataset.lang);
    translateAll();
  });
}

// --- routing ---------------------------------------------------------------------------------------
function show(view) {
  for (const v of ["home", "game", "saved"]) $("view-" + v).hidden = v !== view;
  $("nav-home").setAttribute("aria-current", String(view === "home"));
  $("nav-saved").setAttribute("aria-current", String(view === "saved"));
}

async function route() {
  const hash = location.hash.replace(/^#\/?/, "");
  const [page, id] = hash.split("/");
  if (page === "game" && id) {
    if (cur?.id !== id) {
      const ok = await openSaved(decodeURIComponent(id));
      if (!ok) return void (location.hash = "#/saved");
    }
    show("game");
    renderGame();
    return;
  }
  closeGame();
  if (page === "saved") {
    show("saved");
    await renderSaved();
  } else {
    show("home");
    renderHome();
    await renderContinue();
  }
}

function closeGame() {
  clearHint();
  stopTimer();
  aiToken = null;
  thinkingSeat = null;
  if (cur) {
    cur.game.free();
    cur = null;
  }
}

// --- home -----------------------------------------------------------------------------------------
function buildHome() {
  const box = $("choices");
  for (const choice of CHOICES) {
    const label = document.createElement("label");
    label.className = "choice";
    label.dataset.choice = choice;
    label.innerHTML = `<input type="radio" name="choice" value="${choice}" /><span class="choice-icon" aria-hidden="true">${ICON[choice]}</span><span class="choice-name"></span><span class="choice-soon"></span>`;
    label.querySelector("input").addEventListener("change", () => {
      prefs.choice = choice;
      savePrefs();
      renderHome();
    });
    box.append(label);
  }
  const opts = {
    "opt-legal": ["showLegal", "checked"],
    "opt-rotate": ["rotate", "checked"],
    "opt-alternate": ["alternate", "checked"],
    "opt-time": ["timeLimit", "value"],
    "opt-movelimit": ["moveLimit", "value"],
  };
  for (const [id, [key, prop]] of Object.entries(opts)) {
    $(id).addEventListener("change", () => {
      prefs[key] = prop === "checked" ? $(id).checked : Math.max(0, Math.floor(Number($(id).value) || 0));
      savePrefs();
    });
  }
  $("setup-form").addEventListener("submit", (e) => {
    e.preventDefault();
    startNew(prefs.choice);
  });
  $("continue").addEventListener("click", () => {
    if ($("continue").dataset.id) location.hash = `#/game/${encodeURIComponent($("continue").dataset.id)}`;
  });
  for (const b of document.querySelectorAll(".import-open")) b.addEventListener("click", openImport);
}

function seatPrefs(choice) {
  const seats = {};
  for (const [i, seat] of seatsOf(choice).entries()) {
    seats[seat] = prefs.seats[seat] ?? (i === 0 ? { type: "human", level: 3 } : { type: "ai", level: 3 });
  }
  return seats;
}

function controllerSelect(current, onChange, label, short = false) {
  const sel = document.createElement("select");
  sel.setAttribute("aria-label", label);
  const human = new Option(t("person"), "human");
  sel.add(human);
  for (let l = 1; l <= 8; l++) {
    const text = short ? `${t("computer")} ${l}` : `${t("computer")} — ${t("level")} ${l}`;
    const o = new Option(text, `ai${l}`);
    o.setAttribute("aria-label", `${t("computer")}, ${t("levelN", { n: l })}`);
    sel.add(o);
  }
  sel.value = current.type === "ai" ? `ai${current.level}` : "human";
  sel.addEventListener("change", () => {
    const v = sel.value;
    onChange(v === "human" ? { type: "human", level: current.level ?? 3 } : { type: "ai", level: Number(v.slice(2)) });
  });
  return sel;
}

function renderHome() {
  if (!CHOICES.includes(prefs.choice)) prefs.choice = "chess";
  for (const label of $("choices").children) {
    const choice = label.dataset.choice;
    const input = label.querySelector("input");
    input.checked = choice === prefs.choice;
    label.querySelector(".choice-name").textContent = t("g_" + choice);
    const soon = isFour(choice) && !fourAvailable;
    label.classList.toggle("soon", soon);
    label.querySelector(".choice-soon").textContent = soon ? t("soon") : "";
  }
  const choice = prefs.choice;
  $("rules-title").textContent = `${t("rules")}: ${t("g_" + choice)}`;
  $("rules-list").replaceChildren(
    ...rules(choice).map((line) => Object.assign(document.createElement("li"), { textContent: line })),
  );
  const seats = seatPrefs(choice);
  $("seat-list").replaceChildren(
    ...Object.entries(seats).map(([seat, c]) => {
      const row = document.createElement("div");
      row.className = `seat-row seat-${seat}`;
      const name = document.createElement("span");
      name.className = "seat-name";
      name.innerHTML = `<span class="swatch ${seat}" aria-hidden="true"></span>`;
      name.append(seatName(seat));
      const sel = controllerSelect(c, (next) => {
        prefs.seats[seat] = next;
        savePrefs();
      }, seatName(seat));
      sel.id = `seat-${seat}`;
      row.append(name, sel);
      return row;
    }),
  );
  $("opt-legal").checked = prefs.showLegal;
  $("opt-rotate").checked = prefs.rotate;
  $("opt-alternate").checked = prefs.alternate;
  $("opt-time").value = String(prefs.timeLimit);
  $("opt-movelimit").value = String(prefs.moveLimit);
  for (const n of document.querySelectorAll(".four-only")) n.hidden = !isFour(choice);
  const soon = isFour(choice) && !fourAvailable;
  $("coming-soon").hidden = !soon;
  $("start").disabled = soon;
}

async function renderContinue() {
  $("continue-box").hidden = true;
  if (!storageOk) return;
  try {
    const { games } = await store.list();
    const latest = games.find((g) => !g.over && !unreadable(g));
    if (!latest) return;
    $("continue").dataset.id = latest.id;
    $("continue").textContent = t("continueGame", {
      game: t("g_" + latest.choice),
      moves: latest.moves ?? 0,
      date: fmtDate(latest.updated),
    });
    $("continue-box").hidden = false;
  } catch {
    /* nothing to continue */
  }
}

// --- starting and opening games -----------------------------------------------------------
function startNew(choice, overrides = {}) {
  const settings = {
    showLegal: prefs.showLegal,
    rotate: prefs.rotate,
    timeLimit: isFour(choice) ? prefs.timeLimit : 0,
    moveLimit: isFour(choice) ? prefs.moveLimit : 0,
    alternate: prefs.alternate,
    firstPlayer: "red",
    ...overrides.settings,
  };
  let game;
  try {
    game = newGame({ ...engineOptions(choice, settings), seed: Math.floor(Math.random() * 2 ** 31) });
  } catch (e) {
    showBanner(t("error", { message: e.message }));
    return;
  }
  openGame({
    id: store.newId(),
    choice,
    seats: overrides.seats ?? seatPrefs(choice),
    settings,
    created: Date.now(),
    game,
  });
}

function openGame(record) {
  closeGame();
  cur = { ...record, viewPly: null, rotOffset: 0 };
  lastHumanSeat = null;
  lastShownOver = statusOf(cur.game).over ? "shown" : null;
  save();
  location.hash = `#/game/${encodeURIComponent(cur.id)}`;
  show("game");
  renderGame();
  afterChange();
}

async function openSaved(id) {
  let rec;
  try {
    rec = await store.get(id);
  } catch (e) {
    showBanner(t("openFailed", { message: e.message }));
    return false;
  }
  if (!store.validRecord(rec)) {
    showBanner(t("openFailed", { message: rec ? "invalid record" : "not found" }));
    return false;
  }
  let game;
  try {
    game = Game.fromJSON(rec.saved);
  } catch (e) {
    showBanner(t("openFailed", { message: e.message }));
    return false;
  }
  closeGame();
  cur = {
    id: rec.id,
    choice: rec.choice,
    seats: rec.seats,
    settings: { showLegal: true, rotate: true, timeLimit: 0, moveLimit: 0, alternate: true, firstPlayer: "red", ...rec.settings },
    created: rec.created ?? rec.updated,
    game,
    viewPly: null,
    rotOffset: 0,
  };
  lastShownOver = statusOf(game).over ? "shown" : null;
  queueMicrotask(afterChange);
  return true;
}

// --- saving ------------------------------------------------------------------------------------------
function recordOf(c) {
  const st = statusOf(c.game);
  return {
    id: c.id,
    choice: c.choice,
    seats: c.seats,
    settings: c.settings,
    saved: c.game.toJSON(),
    created: c.created,
    updated: Date.now(),
    moves: c.game.history().length,
    over: st.over,
    turn: st.turn ?? null,
    result: st.over ? st.result : null,
    fen: c.game.fen(),
  };
}

/** Saves the open game after every change; failures are reported and play goes on. */
function save() {
  if (!cur || !storageOk) return saveChain;
  let rec;
  try {
    rec = recordOf(cur);
  } catch (e) {
    showBanner(t("storageError", { message: e.message }), "storage");
    return saveChain;
  }
  saveChain = saveChain
    .then(() => store.put(rec))
    .then(
      () => {
        hideBanner("storage");
        document.body.dataset.saved = String(rec.moves);
      },
      (e) => {
        showBanner(store.isQuotaError(e) ? t("storageFull") : t("storageError", { message: e?.message ?? e }), "storage");
      },
    );
  return saveChain;
}
// Tests and the curious can wait for pending writes.
window.tableroSaved = () => saveChain;

// --- the game view -----------------------------------------------------------------------------
function viewGame() {
  if (cur.viewPly === null) return { game: cur.game, temp: false };
  const g = Game.fromJSON(cur.game.toJSON());
  const n = g.history().length;
  for (let i = cur.viewPly; i < n; i++) g.undo();
  return { game: g, temp: true };
}

function humanToMove() {
  if (!cur) return false;
  const st = statusOf(cur.game);
  return !st.over && st.turn && cur.seats[st.turn]?.type !== "ai";
}

function squareLabel(piece, square) {
  if (!piece) return t("squareEmpty", { square });
  const params = { square, piece: t("p_" + piece.piece), color: t("c_" + piece.color) };
  return piece.grey ? t("squareGrey", params) : t("squareLabel", params);
}

function orientationSeat(st) {
  const seats = seatsOf(cur.choice);
  const humans = seats.filter((s) => cur.seats[s]?.type !== "ai");
  if (st.turn && cur.seats[st.turn]?.type !== "ai") lastHumanSeat = st.turn;
  if (cur.settings.rotate && humans.length > 1) {
    return lastHumanSeat && humans.includes(lastHumanSeat) ? lastHumanSeat : humans[0];
  }
  return humans[0] ?? seats[0];
}

function renderGame() {
  if (!cur) return;
  const { game, temp } = viewGame();
  try {
    renderBoard(game);
    renderInfo(game);
  } finally {
    if (temp) game.free();
  }
}

function renderBoard(game) {
  const st = statusOf(game);
  const facts = game.facts;
  const four = st.four;
  const n = facts.files;
  const history = game.history();
  const last = [...history].reverse().find((m) => m.from && m.to);
  const pieces = game.board();
  const checked = [];
  for (const seat of st.inCheck) {
    const k = pieces.find((p) => p.piece === "king" && p.color === seat && !p.grey);
    if (k) checked.push(k.square);
  }
  // Racing Kings: both kings race up the same board to rank 8, so it is never turned.
  const seat = cur.choice === "racingkings" ? "white" : orientationSeat(statusOf(cur.game));
  const base = four ? SEATS4.indexOf(seat) : seat === "black" ? 2 : 0;
  const rot = (base + cur.rotOffset * (four ? 1 : 2)) % 4;
  // The hint is for the live position; a past one under review does not show it.
  const shown = cur.viewPly === null && liveHint()?.state === "shown" ? hint : null;
  board.update({
    key: `${cur.id}:${cur.viewPly}:${history.length}:${st.turn}`,
    n,
    pieces,
    rot,
    last: last ? { from: last.from, to: last.to } : null,
    hint: shown ? { from: shown.analysis.move.from, to: shown.analysis.move.to } : null,
    checked,
    hill: facts.hill,
    finish: facts.finishRank ? [..."abcdefgh"].map((f) => f + facts.finishRank) : [],
    interactive: cur.viewPly === null && !st.over && humanToMove(),
    animate: cur.viewPly === null,
    showLegal: cur.settings.showLegal,
    ariaLabel: `${t("board")}: ${t("g_" + cur.choice)}`,
  });
  $("board").dataset.rot = String(rot);
}

function renderInfo(game) {
  const st = statusOf(game);
  const live = cur.viewPly === null;
  $("game-title").textContent = t("g_" + cur.choice);
  document.title = `${t("g_" + cur.choice)} — tablero`;

  // status line
  const status = $("status");
  status.classList.toggle("thinking", live && !!thinkingSeat);
  if (st.over) {
    status.textContent = resultText(game, st);
  } else if (live && thinkingSeat) {
    status.textContent = t("thinking", { seat: seatName(thinkingSeat) });
  } else {
    let s = t("toMove", { seat: seatName(st.turn) });
    if (st.inCheck.includes(st.turn)) s += ` — ${t("inCheck")}`;
    status.textContent = s;
  }
  status.dataset.turn = st.turn ?? "";
  status.dataset.over = String(st.over);

  // replay
  const total = cur.game.history().length;
  const ply = cur.viewPly ?? total;
  $("review-note").hidden = live;
  $("review-text").textContent = t("reviewing", { n: ply, total });
  $("rp-first").disabled = $("rp-prev").disabled = ply === 0;
  $("rp-next").disabled = $("rp-last").disabled = live;

  // variant notes
  const notes = { kingofthehill: t("hillNote"), racingkings: t("raceNote") };
  if (isFour(cur.choice)) {
    const bits = [];
    if (cur.settings.timeLimit > 0) bits.push(`${t("timeLimit")}: ${t("seconds", { n: cur.settings.timeLimit })}`);
    if (cur.settings.moveLimit > 0) bits.push(`${t("moveLimit")}: ${total}/${cur.settings.moveLimit}`);
    if (bits.length) notes[cur.choice] = bits.join(" · ");
  }
  $("variant-note").textContent = notes[cur.choice] ?? "";
  $("variant-note").hidden = !notes[cur.choice];

  renderHint();
  renderPlayers(game, st);
  renderEvents(game);
  renderMoves();

  const liveSt = statusOf(cur.game);
  $("undo").disabled = !live || total === 0;
  $("claim-draw").hidden = liveSt.four;
  $("claim-draw").disabled = !live || liveSt.over || !liveSt.canClaimDraw;
  $("resign").disabled = !live || liveSt.over || !resignSeat();
  $("game-legal").checked = cur.settings.showLegal;
  $("game-rotate").checked = cur.settings.rotate;
}

function renderPlayers(game, st) {
  const table = $("players");
  const scores = scoresOf(game);
  const bySeat = new Map(scores.map((s) => [s.player, s]));
  const rows = [];
  for (const seat of seatsOf(cur.choice)) {
    const tr_ = document.createElement("tr");
    tr_.className = `player seat-${seat}`;
    tr_.dataset.seat = seat;
    const s = bySeat.get(seat);
    if (st.turn === seat && !st.over) tr_.classList.add("to-move");
    if (s?.status && s.status !== "active") tr_.classList.add("out");

    const name = document.createElement("th");
    name.scope = "row";
    name.innerHTML = `<span class="swatch ${seat}" aria-hidden="true"></span>`;
    name.append(seatName(seat));
    if (st.turn === seat && !st.over) {
      const arrow = document.createElement("span");
      arrow.className = "turn-arrow";
      arrow.textContent = " ◀";
      arrow.setAttribute("aria-label", t("toMove", { seat: "" }).trim());
      name.append(arrow);
    }
    const ctl = document.createElement("td");
    ctl.append(
      controllerSelect(cur.seats[seat] ?? { type: "human", level: 3 }, (next) => {
        cur.seats[seat] = next;
        prefs.seats[seat] = next;
        savePrefs();
        save();
        afterChange();
      }, `${seatName(seat)}: ${t("person")} / ${t("computer")}`, true),
    );
    const info = document.createElement("td");
    info.className = "score";
    if (cur.choice === "3check") {
      info.textContent = `${t("checks")}: ${t("checksOf", { n: s?.checks ?? 0 })}`;
      info.dataset.checks = String(s?.checks ?? 0);
    } else if (st.four && s) {
      const pts = document.createElement("strong");
      pts.className = "points";
      pts.textContent = t("points", { n: s.points ?? 0 });
      info.append(pts, " ");
      const stat = document.createElement("span");
      stat.className = `pstatus ${s.status}`;
      stat.textContent = tr("st_", s.status ?? "active");
      info.append(stat);
      if (s.place) info.append(` · ${t("place", { n: s.place })}`);
      info.dataset.points = String(s.points ?? 0);
    }
    if (timer && timer.seat === seat && cur.viewPly === null) {
      const clock = document.createElement("span");
      clock.className = "countdown";
      clock.id = "countdown";
      clock.setAttribute("role", "timer");
      clock.textContent = ` ⏱ ${Math.max(0, Math.ceil((timer.deadline - Date.now()) / 1000))} s`;
      info.append(clock);
    }
    tr_.append(name, ctl, info);
    rows.push(tr_);
  }
  table.replaceChildren(...rows);
}

function renderEvents(game) {
  const box = $("events-box");
  box.hidden = !statusOf(game).four;
  if (box.hidden) return;
  const groups = [];
  for (const m of game.history()) {
    const items = [];
    groups.push(items);
    for (const ev of m.scoring ?? []) {
      const li = document.createElement("li");
      li.className = `event seat-${ev.player}`;
      li.innerHTML = `<span class="swatch ${ev.player}" aria-hidden="true"></span>`;
      li.append(`${seatName(ev.player)} +${ev.points} ${tr("ev_", ev.reason)}`);
      items.push(li);
    }
    for (const ev of m.eliminated ?? []) {
      const li = document.createElement("li");
      li.className = "event out";
      li.textContent = t("eliminated", { seat: seatName(ev.player), reason: tr("st_", ev.reason) });
      items.push(li);
    }
  }
  // Newest move first; within a move, the points before who went out.
  const items = groups.reverse().flat();
  if (!items.length) {
    const li = document.createElement("li");
    li.className = "muted";
    li.textContent = t("noEvents");
    items.push(li);
  }
  $("events").replaceChildren(...items);
}

function renderMoves() {
  const history = cur.game.history();
  const list = $("moves");
  const four = isFour(cur.choice);
  const per = four ? 4 : 2;
  const items = [];
  if (!history.length) {
    const li = document.createElement("li");
    li.className = "muted";
    li.textContent = t("noMoves");
    items.push(li);
  }
  // Number rounds from the first mover: a game from a FEN with Black to move starts "1. …".
  const seats = seatsOf(cur.choice);
  const firstIdx = history.length ? Math.max(0, seats.indexOf(history[0].player)) : 0;
  const offset = four ? 0 : firstIdx;
  // Four players: a new round starts when play comes back round past the first mover.
  const order = cur.choice === "kingdoms" ? ["red", "green", "yellow", "blue"] : SEATS4;
  const pos = (p) => (order.indexOf(p) - order.indexOf(history[0]?.player ?? "red") + 4) % 4;
  let li = null;
  history.forEach((m, i) => {
    const newRound = four ? i > 0 && pos(m.player) <= pos(history[i - 1].player) : (i + offset) % per === 0;
    if (li === null || newRound) {
      li = document.createElement("li");
      li.className = "round";
      if (!four && offset && i === 0) li.append(Object.assign(document.createElement("span"), { textContent: "…", className: "ellipsis" }));
      items.push(li);
    }
    const b = document.createElement("button");
    b.type = "button";
    b.className = `mv seat-${m.player}`;
    b.dataset.ply = String(i + 1);
    b.textContent = m.san ?? m.uci;
    b.setAttribute("aria-label", `${seatName(m.player)}: ${m.san ?? m.uci}`);
    const active = (cur.viewPly ?? history.length) === i + 1;
    if (active) b.setAttribute("aria-current", "true");
    b.addEventListener("click", () => setView(i + 1));
    li.append(b);
  });
  list.replaceChildren(...items);
  // Keep the current move in view inside the list (scrollIntoView would scroll the page too).
  const active = list.querySelector('[aria-current="true"]');
  if (active) {
    const top = active.offsetTop;
    const bottom = top + active.offsetHeight;
    if (top < list.scrollTop) list.scrollTop = top - 4;
    else if (bottom > list.scrollTop + list.clientHeight) list.scrollTop = bottom - list.clientHeight + 4;
  }
}

function setView(ply) {
  const total = cur.game.history().length;
  cur.viewPly = ply === null || ply >= total ? null : Math.max(0, ply);
  renderGame();
  if (cur.viewPly === null) afterChange();
}
$("rp-first").addEventListener("click", () => setView(0));
$("rp-prev").addEventListener("click", () => setView((cur.viewPly ?? cur.game.history().length) - 1));
$("rp-next").addEventListener("click", () => setView((cur.viewPly ?? cur.game.history().length) + 1));
$("rp-last").addEventListener("click", () => setView(null));
$("rp-live").addEventListener("click", () => setView(null));
$("flip").addEventListener("click", () => {
  cur.rotOffset = (cur.rotOffset + 1) % 4;
  renderGame();
});
$("game-legal").addEventListener("change", () => {
  cur.settings.showLegal = $("game-legal").checked;
  prefs.showLegal = cur.settings.showLegal;
  savePrefs();
  save();
  renderGame();
});
$("game-rotate").addEventListener("change", () => {
  cur.settings.rotate = $("game-rotate").checked;
  prefs.rotate = cur.settings.rotate;
  savePrefs();
  save();
  renderGame();
});
document.addEventListener("keydown", (e) => {
  if (!cur || $("view-game").hidden || document.querySelector("dialog[open]")) return;
  if (e.target.closest?.("input, select, textarea, .board")) return;
  if (e.key === "ArrowLeft") $("rp-prev").click();
  else if (e.key === "ArrowRight") $("rp-next").click();
});

// --- hints -------------------------------------------------------------------------------------------
/** The hint, if it still belongs to the live position (stale ones are dropped). */
function liveHint() {
  if (hint && (!cur || hint.key !== positionKey() || statusOf(cur.game).over)) hint = null;
  return hint;
}

function clearHint() {
  hint = null;
  hintSeq++; // a reply still on its way is for a position that is gone
}

/** A person is to move on the live board and nobody is thinking: a hint may be asked for. */
function canHint() {
  return !!cur && cur.viewPly === null && !thinkingSeat && humanToMove() && liveHint()?.state !== "thinking";
}

/** The score in the mover's view: pawns ("+0.4"), or the forced result ("mate in 2"). */
function evalText(a) {
  const score = Number(a.score) || 0;
  // A forced result: |score| >= 29000 (MATE = 30000 minus the plies to the end). The engine
  // gives the distance for two players only (a four-player line is a best-reply estimate).
  if (Math.abs(score) >= 29000) {
    const win = score > 0;
    const plies = Math.abs(a.mate ?? 0);
    if (isFour(cur.choice) || !plies) return t(win ? "forcedWin" : "forcedLoss");
    const n = Math.ceil(plies / 2); // the mover's moves (or the opponent's, when losing)
    if (cur.choice === "chess") return t(win ? "mateIn" : "matedIn", { n });
    return t(win ? "winsIn" : "losesIn", { n });
  }
  const pawns = (Math.abs(score) / 100).toLocaleString(getLang() === "es" ? "es-ES" : "en-GB", {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  const sign = pawns === "0.0" || pawns === "0,0" ? "" : score > 0 ? "+" : "−";
  return sign + pawns;
}

function hintText(a) {
  const m = a.move;
  return t("hintText", { move: m.san || m.uci || `${m.from}-${m.to}`, eval: evalText(a) });
}

function renderHint() {
  // Reviewing an earlier position: the hint (for the live one) waits until play resumes.
  const h = cur.viewPly === null ? liveHint() : null;
  const btn = $("hint");
  const busy = h?.state === "thinking";
  btn.replaceChildren(t("hint"));
  if (busy) btn.append(Object.assign(document.createElement("span"), { className: "spinner" }));
  btn.title = t("hintTitle");
  btn.setAttribute("aria-busy", String(busy));
  btn.disabled = !canHint();
  const text = $("hint-text");
  text.hidden = !h;
  text.dataset.state = h?.state ?? "";
  if (!h) text.textContent = "";
  else if (h.state === "thinking") text.textContent = t("hintBusy");
  else if (h.state === "error") text.textContent = t("hintFailed", { message: h.message });
  else text.textContent = hintText(h.analysis);
}

async function requestHint() {
  if (!canHint()) return;
  const key = positionKey();
  const seq = ++hintSeq;
  hint = { key, seq, state: "thinking" };
  renderGame();
  let analysis;
  let error = null;
  try {
    analysis = await ai.analyse(cur.game.toJSON(), { timeMs: HINT_MS });
    if (!analysis?.move?.from || !analysis.move.to) throw new Error("no move in the analysis");
  } catch (e) {
    error = e?.message ?? String(e);
  }
  if (!cur || hintSeq !== seq || positionKey() !== key) return; // the game moved on
  hint = error ? { key, seq, state: "error", message: error } : { key, seq, state: "shown", analysis };
  renderGame();
  announce($("hint-text").textContent);
}
$("hint").addEventListener("click", requestHint);

// --- moving ------------------------------------------------------------------------------------------
async function onBoardMove(from, to, moves) {
  let move = moves[0];
  if (moves.length > 1 || move.promotion) {
    if (isFour(cur.choice)) {
      move = moves.find((m) => /^q/i.test(m.promotion ?? "")) ?? moves[0]; // automatic (R5.8)
    } else {
      move = await askPromotion(moves);
      if (!move) return renderGame();
    }
  }
  play({ from: move.from, to: move.to, ...(move.promotion ? { promotion: letter(move.promotion) } : {}) });
}

const letter = (p) => ({ queen: "q", rook: "r", bishop: "b", knight: "n" })[p] ?? String(p).toLowerCase()[0];

function play(input) {
  let move;
  try {
    move = cur.game.play(input);
  } catch (e) {
    showBanner(e.code === "illegal-move" ? t("illegal") : t("error", { message: e.message }));
    renderGame();
    return null;
  }
  hideBanner("play");
  clearHint();
  const scoring = (move.scoring ?? []).map((s) => `${seatName(s.player)} +${s.points} ${tr("ev_", s.reason)}`);
  announce([`${seatName(move.player)}: ${move.san ?? move.uci}`, ...scoring].join(". "));
  save();
  renderGame();
  afterChange();
  return move;
}

function askPromotion(moves) {
  const d = $("promotion");
  const byLetter = new Map(moves.map((m) => [letter(m.promotion), m]));
  const color = moves[0].player;
  const glyph = { q: "♛", r: "♜", b: "♝", n: "♞" };
  for (const b of d.querySelectorAll(".promo-choices button")) {
    b.textContent = glyph[b.value] + "\uFE0E";
    b.className = `promo ${color}`;
    b.hidden = !byLetter.has(b.value);
  }
  d.returnValue = "";
  d.showModal();
  return new Promise((resolve) => d.addEventListener("close", () => resolve(byLetter.get(d.returnValue) ?? null), { once: true }));
}

/** After any change: game over dialog, the turn timer and the computer's turn. */
function afterChange() {
  if (!cur) return;
  const st = statusOf(cur.game);
  if (st.over) {
    stopTimer();
    aiToken = null;
    thinkingSeat = null;
    if (lastShownOver !== "shown") {
      lastShownOver = "shown";
      showGameOver();
    }
    renderGame();
    return;
  }
  lastShownOver = null;
  if (cur.viewPly !== null) return;
  startTimer(st);
  maybeComputer(st);
}

function positionKey() {
  return `${cur.id}:${cur.game.history().length}:${statusOf(cur.game).turn}`;
}

async function maybeComputer(st, forced = false) {
  const seat = st.turn;
  const ctl = cur.seats[seat];
  if (!forced && ctl?.type !== "ai") {
    if (thinkingSeat) {
      thinkingSeat = null;
      renderGame();
    }
    return;
  }
  const key = positionKey();
  if (aiToken === key) return;
  aiToken = key;
  thinkingSeat = seat;
  renderGame();
  const started = performance.now();
  let move;
  try {
    move = await ai.aiMove(cur.game.toJSON(), { level: ctl?.type === "ai" ? ctl.level : 3 });
  } catch (e) {
    if (cur && aiToken === key) {
      aiToken = null;
      thinkingSeat = null;
      showBanner(t("workerFailed", { message: e.message }), "play");
      renderGame();
    }
    return;
  }
  // Let a quick reply still be seen as a move, not a jump.
  const wait = 350 - (performance.now() - started);
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  if (!cur || aiToken !== key || positionKey() !== key) return; // the game moved on
  aiToken = null;
  thinkingSeat = null;
  if (cur.viewPly !== null) cur.viewPly = null;
  play({ from: move.from, to: move.to, ...(move.promotion ? { promotion: letter(move.promotion) } : {}) });
}

// --- turn timer (R5.21) ----------------------------------------------------------------------------
function startTimer(st) {
  const limit = Number(cur.settings.timeLimit) || 0;
  const seat = st.turn;
  if (!limit || !isFour(cur.choice) || cur.seats[seat]?.type === "ai") return stopTimer();
  const key = positionKey();
  if (timer?.key === key) return;
  stopTimer();
  timer = { key, seat, deadline: Date.now() + limit * 1000 };
  timer.interval = setInterval(tick, 250);
  renderGame();
}

function stopTimer() {
  if (timer) clearInterval(timer.interval);
  const had = !!timer;
  timer = null;
  if (had && cur) renderGame();
}

function tick() {
  if (!cur || !timer || timer.key !== positionKey()) return stopTimer();
  const left = Math.max(0, Math.ceil((timer.deadline - Date.now()) / 1000));
  const clock = $("countdown");
  if (clock) {
    clock.textContent = ` ⏱ ${left} s`;
    clock.classList.toggle("low", left <= 10);
  }
  if (Date.now() < timer.deadline) return;
  const seat = timer.seat;
  stopTimer();
  // Four Kingdoms: game.timeout() puts the player out and the engine moves their pieces at
  // random (R6.4). In free-for-all the computer plays the turn instead (R5.21; the engine's
  // timeout() refuses ffa games).
  if (cur.choice === "kingdoms" && typeof cur.game.timeout === "function") {
    try {
      cur.game.timeout(seat);
      clearHint();
      announce(t("eliminated", { seat: seatName(seat), reason: tr("st_", "timeout") }));
      save();
      renderGame();
      afterChange();
      return;
    } catch {
      /* fall back to a computer move */
    }
  }
  // Free-for-all: the computer plays this turn (R5.21).
  maybeComputer(statusOf(cur.game), true);
}

// --- undo, resign, draw ----------------------------------------------------------------------------
$("undo").addEventListener("click", () => {
  if (!cur || cur.viewPly !== null) return;
  const anyHuman = seatsOf(cur.choice).some((s) => cur.seats[s]?.type !== "ai");
  if (!cur.game.undo()) return;
  clearHint();
  // Against the computer, go back to the last position where a person was to move.
  while (anyHuman && cur.game.history().length > 0) {
    const st = statusOf(cur.game);
    if (cur.seats[st.turn]?.type !== "ai") break;
    cur.game.undo();
  }
  aiToken = null;
  thinkingSeat = null;
  lastShownOver = null;
  save();
  renderGame();
  const st = statusOf(cur.game);
  if (!st.over) {
    startTimer(st);
    // Don't let the computer replay at once if every seat is the computer.
    if (anyHuman) maybeComputer(st);
  }
});

function resignSeat() {
  const st = statusOf(cur.game);
  if (st.over) return null;
  if (st.turn && cur.seats[st.turn]?.type !== "ai") return st.turn;
  const scores = new Map(scoresOf(cur.game).map((s) => [s.player, s]));
  return seatsOf(cur.choice).find((s) => cur.seats[s]?.type !== "ai" && (scores.get(s)?.status ?? "active") === "active") ?? null;
}

$("resign").addEventListener("click", async () => {
  const seat = resignSeat();
  if (!seat) return;
  if (!(await confirmDialog(t("confirmResign", { seat: seatName(seat) })))) return;
  try {
    cur.game.resign(seat);
  } catch (e) {
    showBanner(t("error", { message: e.message }));
  }
  clearHint();
  aiToken = null;
  save();
  renderGame();
  afterChange();
});

$("claim-draw").addEventListener("click", () => {
  if (cur.game.claimDraw()) {
    clearHint();
    save();
    renderGame();
    afterChange();
  }
});

// --- game over ---------------------------------------------------------------------------------------
function showGameOver() {
  const st = statusOf(cur.game);
  $("go-result").textContent = resultText(cur.game, st);
  const table = $("go-scores");
  const rows = [];
  const scores = scoresOf(cur.game);
  if (st.four) {
    const sorted = [...scores].sort((a, b) => (a.place ?? 9) - (b.place ?? 9) || (b.points ?? 0) - (a.points ?? 0));
    for (const s of sorted) {
      const tr_ = document.createElement("tr");
      tr_.className = `seat-${s.player}`;
      tr_.innerHTML = `<td class="place"></td><th scope="row"><span class="swatch ${s.player}" aria-hidden="true"></span></th><td class="pts"></td><td class="st"></td>`;
      tr_.querySelector(".place").textContent = s.place ? t("place", { n: s.place }) : "";
      tr_.querySelector("th").append(seatName(s.player));
      tr_.querySelector(".pts").textContent = t("points", { n: s.points ?? 0 });
      tr_.querySelector(".st").textContent = tr("st_", s.status ?? "active");
      rows.push(tr_);
    }
  } else if (cur.choice === "3check") {
    for (const s of scores) {
      const tr_ = document.createElement("tr");
      tr_.innerHTML = `<th scope="row"></th><td></td>`;
      tr_.querySelector("th").textContent = seatName(s.player);
      tr_.querySelector("td").textContent = `${t("checks")}: ${s.checks}`;
      rows.push(tr_);
    }
  }
  if (rows.length) {
    const cap = document.createElement("caption");
    cap.textContent = t("finalScores");
    table.replaceChildren(cap, ...rows);
  } else table.replaceChildren();
  const d = $("gameover");
  d.returnValue = "";
  if (!d.open) d.showModal();
}

$("gameover").addEventListener("close", () => {
  const v = $("gameover").returnValue;
  if (v === "rematch") rematch();
  else if (v === "home") location.hash = "#/";
});

function rematch() {
  if (!cur) return;
  const settings = { ...cur.settings };
  if (isFour(cur.choice) && settings.alternate) {
    // The next seat clockwise starts the next game of the series (R5.3, R5.24).
    settings.firstPlayer = SEATS4[(SEATS4.indexOf(settings.firstPlayer ?? "red") + 1) % 4];
  }
  startNew(cur.choice, { seats: { ...cur.seats }, settings });
}

// --- saved games -----------------------------------------------------------------------------------
async function renderSaved() {
  const body = $("saved-body");
  const warn = $("saved-warning");
  warn.hidden = true;
  let games = [];
  let bad = [];
  try {
    ({ games, bad } = await store.list());
  } catch (e) {
    warn.textContent = t("storageUnavailable") + ` (${e?.message ?? e})`;
    warn.hidden = false;
  }
  // A record can look right and still not rebuild (a corrupt move list): check each one.
  games = games.filter((g) => {
    const why = unreadable(g);
    if (why) bad.push({ id: g.id, reason: why });
    return !why;
  });
  if (bad.length) {
    warn.textContent = t("corrupt", { n: bad.length });
    warn.hidden = false;
  }
  $("saved-empty").hidden = games.length + bad.length > 0;
  $("saved-table").hidden = games.length + bad.length === 0;
  const rows = games.map((g) => {
    const tr_ = document.createElement("tr");
    tr_.dataset.id = g.id;
    const cells = [];
    const name = document.createElement("td");
    name.className = "g-name";
    name.textContent = t("g_" + g.choice);
    const players = document.createElement("td");
    players.className = "g-players";
    for (const seat of seatsOf(g.choice)) {
      const span = document.createElement("span");
      span.className = "pl";
      span.innerHTML = `<span class="swatch ${seat}" aria-hidden="true"></span>`;
      span.append(`${seatName(seat)}: ${controllerText(g.seats?.[seat])}`);
      players.append(span);
    }
    const date = document.createElement("td");
    date.textContent = fmtDate(g.updated);
    const moves = document.createElement("td");
    moves.className = "g-moves";
    moves.textContent = String(g.moves ?? 0);
    const state = document.createElement("td");
    state.className = "g-state";
    state.textContent = g.over
      ? t("state_over", { result: savedResult(g) })
      : t("state_playing", { seat: g.turn ? seatName(g.turn) : "?" });
    const actions = document.createElement("td");
    actions.className = "g-actions";
    const open = button(t("open"), () => (location.hash = `#/game/${encodeURIComponent(g.id)}`), "primary");
    const exp = button(t("export"), () => exportSaved(g));
    const del = button(t("delete"), async () => {
      if (!(await confirmDialog(t("confirmDelete")))) return;
      await store.remove(g.id).catch((e) => showBanner(t("error", { message: e.message })));
      renderSaved();
    });
    open.classList.add("open");
    exp.classList.add("export");
    del.classList.add("delete");
    actions.append(open, exp, del);
    cells.push(name, players, date, moves, state, actions);
    tr_.append(...cells);
    return tr_;
  });
  for (const b of bad) {
    const tr_ = document.createElement("tr");
    tr_.className = "corrupt";
    tr_.dataset.id = b.id;
    const td = document.createElement("td");
    td.colSpan = 5;
    td.textContent = `${t("corruptEntry", { id: b.id })}: ${b.reason}`;
    const actions = document.createElement("td");
    const del = button(t("delete"), async () => {
      await store.remove(b.id).catch(() => {});
      renderSaved();
    });
    del.classList.add("delete");
    actions.append(del);
    tr_.append(td, actions);
    rows.push(tr_);
  }
  body.replaceChildren(...rows);
}

/** Why a saved record cannot be rebuilt, or null when it can. */
function unreadable(rec) {
  try {
    Game.fromJSON(rec.saved).free();
    return null;
  } catch (e) {
    return e?.message ?? String(e);
  }
}

function savedResult(g) {
  const r = g.result;
  if (!r) return "";
  const reason = tr("r_", r.reason);
  if (Array.isArray(r.winners)) {
    if (!r.winners.length) return `${t("draw")} (${reason})`;
    return `${r.winners.map(seatName).join(" & ")} (${reason})`;
  }
  // Records stored before the API's one result shape carry `winner` instead.
  return r.winner ? `${t("wins", { seat: seatName(r.winner) })} (${reason})` : `${t("draw")} (${reason})`;
}

function button(text, onClick, cls) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  if (cls) b.className = cls;
  b.addEventListener("click", onClick);
  return b;
}

// --- export --------------------------------------------------------------------------------------------
function exportSaved(rec) {
  let game;
  try {
    game = Game.fromJSON(rec.saved);
  } catch (e) {
    showBanner(t("openFailed", { message: e.message }));
    return;
  }
  try {
    openExport(game, rec.choice);
  } finally {
    game.free();
  }
}
$("export-current").addEventListener("click", () => cur && openExport(cur.game, cur.choice));
$("new-game").addEventListener("click", () => {
  if (cur) prefs.choice = cur.choice;
  savePrefs();
  location.hash = "#/";
});

function openExport(game, choice) {
  const four = isFour(choice);
  $("export-pgn-label").textContent = four ? t("notation4") : t("notation");
  $("export-fen-label").textContent = four ? t("position4") : t("position");
  $("export-pgn").value = game.pgn();
  $("export-fen").value = game.fen();
  const stamp = new Date().toISOString().slice(0, 10);
  $("export").dataset.base = `tablero-${choice}-${stamp}`;
  $("export").dataset.four = String(four);
  $("export").showModal();
}
function download(text, name) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  const a = Object.assign(document.createElement("a"), { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
async function copy(id, btn) {
  try {
    await navigator.clipboard.writeText($(id).value);
  } catch {
    $(id).select();
    document.execCommand?.("copy");
  }
  const old = btn.textContent;
  btn.textContent = t("copied");
  setTimeout(() => (btn.textContent = old), 1200);
}
$("copy-pgn").addEventListener("click", (e) => copy("export-pgn", e.currentTarget));
$("copy-fen").addEventListener("click", (e) => copy("export-fen", e.currentTarget));
$("download-pgn").addEventListener("click", () => {
  const four = $("export").dataset.four === "true";
  download($("export-pgn").value, `${$("export").dataset.base}.${four ? "pgn4" : "pgn"}`);
});
$("download-fen").addEventListener("click", () => {
  const four = $("export").dataset.four === "true";
  download($("export-fen").value, `${$("export").dataset.base}.${four ? "fen4" : "fen"}`);
});

// --- import ---------------------------------------------------------------------------------------------
function openImport() {
  const sel = $("import-as");
  sel.replaceChildren(new Option(t("importAuto"), ""));
  for (const c of CHOICES) {
    const o = new Option(t("g_" + c), c);
    o.disabled = isFour(c) && !fourAvailable;
    sel.add(o);
  }
  $("import-text").value = "";
  $("import-file").value = "";
  $("import-error").hidden = true;
  $("import").showModal();
}
$("import-file").addEventListener("change", async () => {
  const f = $("import-file").files?.[0];
  if (f) $("import-text").value = await f.text();
});
$("import-go").addEventListener("click", () => {
  try {
    const { game, choice } = importText($("import-text").value, $("import-as").value);
    $("import").close();
    openGame({ id: store.newId(), choice, seats: humanSeats(choice), settings: importSettings(choice), created: Date.now(), game });
  } catch (e) {
    $("import-error").textContent = t("importFailed", { message: e.message });
    $("import-error").hidden = false;
  }
});

function humanSeats(choice) {
  return Object.fromEntries(seatsOf(choice).map((s) => [s, { type: "human", level: 3 }]));
}
function importSettings(choice) {
  return {
    showLegal: prefs.showLegal,
    rotate: prefs.rotate,
    timeLimit: 0,
    moveLimit: 0,
    alternate: prefs.alternate,
    firstPlayer: "red",
    imported: true,
    choice,
  };
}

/** Reads a PGN, PGN4, FEN, FEN4 or saved-game JSON. `as` is a game choice or "" to detect. */
function importText(raw, as) {
  const text = raw.trim();
  if (!text) throw new Error("empty");
  if (text.startsWith("{")) {
    const game = Game.fromJSON(JSON.parse(text));
    return { game, choice: choiceOfGame(game, as, text) };
  }
  const fen4 = /^[RBYG]-[\d,]+-/.test(text) || /(^|,)x,x,x,/.test(text);
  const pgn4 = /\[(StartFen4|RuleVariants)\s/i.test(text) || /\[Variant\s+"(FFA|Teams|Four)/i.test(text);
  const pgn = text.startsWith("[") || /^1\.\s/.test(text);
  let four = fen4 || pgn4 || isFour(as);
  if (four && !fourAvailable) throw new Error(t("comingSoon"));
  let rulesPreset = as === "kingdoms" || (!as && /kingdom/i.test(text)) ? "kingdoms" : "ffa";
  let options;
  if (four) {
    // A PGN4's RuleVariants header picks the rules; a FEN4 needs them from the dialog.
    options = pgn4 || (!fen4 && pgn) ? { variant: "fourplayer", pgn: text } : { variant: "fourplayer", rules: rulesPreset, fen: text };
  } else if (pgn) {
    options = { pgn: text };
  } else {
    const variant = as || (/\s\d\+\d(\s|$)/.test(text) || /\+\d\+\d$/.test(text) ? "3check" : "chess");
    options = { variant, fen: text };
  }
  const game = newGame(options);
  if (!four && pgn && as && game.variant !== as) {
    game.free();
    throw new Error(`${t("g_" + as)} ≠ ${t("g_" + guessChoice(options.pgn))}`);
  }
  return { game, choice: four ? (game.rules ?? rulesPreset) : game.variant };
}

function guessChoice(pgnText) {
  try {
    const g = newGame({ pgn: pgnText });
    const v = g.variant;
    g.free();
    return v;
  } catch {
    return "chess";
  }
}

function choiceOfGame(game, as, text) {
  if (game.variant !== "fourplayer") return game.variant;
  return game.rules ?? (isFour(as) ? as : /kingdom/i.test(text) ? "kingdoms" : "ffa");
}

// Expose a tiny hook for tests and debugging.
window.tablero = {
  /** true once the engine has its own computer player (game.aiMove). */
  get engineAi() {
    return typeof Game.prototype.aiMove === "function";
  },
  get thinking() {
    return thinkingSeat;
  },
  /** Which worker answered last: "engine" (pkg/tablero-worker.js) or "demo". */
  get worker() {
    return ai.workerKind;
  },
  get game() {
    return cur?.game ?? null;
  },
  /** The hint's analysis for the live position, or null. */
  get hint() {
    return liveHint()?.analysis ?? null;
  },
  get id() {
    return cur?.id ?? null;
  },
};

// --- startup -------------------------------------------------------------------------------------
async function main() {
  await init();
  try {
    newGame({ variant: "fourplayer" }).free();
    fourAvailable = true;
  } catch {
    fourAvailable = false;
  }
  setLang(getLang());
  board = new Board($("board"), {
    legalFrom: (sq) => (cur && cur.viewPly === null && humanToMove() ? cur.game.legalMoves(sq) : []),
    onMove: (from, to, moves) => onBoardMove(from, to, moves),
    label: squareLabel,
  });
  buildHome();
  translateAll();
  window.addEventListener("hashchange", route);
  // Ask the browser not to evict saved games under storage pressure (no prompt in most browsers).
  navigator.storage?.persist?.().catch(() => {});
  await store.openDb().catch(() => {
    storageOk = false;
    showBanner(t("storageUnavailable"), "storage");
  });
  $("loading").remove();
  await route();
  document.body.dataset.ready = "true";
}

main();
