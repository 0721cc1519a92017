// tablero demo app: play every game on one device or against the computer, saved in this
// browser. Plain ES modules, no build step; served from the repository root (`make demo`), so
// ../pkg/ is the output of `make pkg`.
//
// Modules, from the bottom up (a file imports only files below it, never one above, and no
// two import each other): engine.js, i18n/, state.js (the one state object), events.js (what
// the model says happened), pieces.js, store.js, ai.js, sound.js, looks.js, speech.js, board.js,
// online/; games.js (the package's table of games); hint.js and session.js (the open game:
// engine, computer, timer, saving), which call no view; views/ (home, game, movebox, saved, io,
// rules, online); this file, which wires the model's events to the views.
import init from "./engine.js";
import { state, savePrefs, humanToMove, isHuman } from "./state.js";
import { on } from "./events.js";
import * as store from "./store.js";
import * as sound from "./sound.js";
import { t, getLang, setLang, translateDom, pickLanguage } from "./i18n/index.js";
import { ICONS } from "./icons.js";
import { $, showBanner, hideBanner, confirmDialog, pickMove } from "./views/common.js";
import { buildHome, renderHome, renderContinue } from "./views/home.js";
import { renderSaved } from "./views/saved.js";
import { renderRules } from "./views/rules.js";
import { bindIo, openImport, openExport } from "./views/io.js";
import {
  initBoard,
  renderGame,
  bindGameView,
  resetGameView,
  flash,
  centreZoom,
  squareLabel,
  announce,
  showNotice,
  showGameOver,
  updateClock,
} from "./views/game.js";
import * as session from "./session.js";
import { requestHint, liveHint } from "./hint.js";
import { moveInput } from "./pieces.js";
import { bindMoveBox, resetMoveBox } from "./views/movebox.js";
import { applyLooks, watchScheme } from "./looks.js";
import { offered } from "./games.js";
import { initOnline, renderOnline, leaveOnline, renderModeChoice, redrawOnline, debug as onlineDebug } from "./views/online.js";
import { route as routeAnalysis, bindAnalysisEntry, leaveAnalysis, analysisDebug } from "./views/analysis.js";
import { renderEditor, editorDebug } from "./views/editor.js";

const VIEWS = ["home", "game", "saved", "rules", "online", "analysis", "editor"];

function show(view) {
  const changed = state.view !== view;
  state.view = view;
  for (const v of VIEWS) $("view-" + v).hidden = v !== view;
  $("nav-home").setAttribute("aria-current", String(view === "home"));
  $("nav-saved").setAttribute("aria-current", String(view === "saved"));
  $("nav-rules").setAttribute("aria-current", String(view === "rules"));
  $("nav-online").setAttribute("aria-current", String(view === "online"));
  // The game-over dialog belongs to the game view: Back to another page closes it.
  if (view !== "game" && $("gameover").open) $("gameover").close();
  // A new screen starts at its top (a phone scrolled down the home page must not open a game
  // with its board half off screen).
  if (changed) window.scrollTo(0, 0);
}

async function route() {
  // An invitation link (`/www/#room=<id>`, docs/PROTOCOL.md) opens the online room.
  const invite = location.hash.match(/^#room=([\w-]+)$/);
  if (invite) return void location.replace(`#/online/${invite[1]}`);
  // A profile link (`#player=<id>`) opens the player's profile.
  const profile = location.hash.match(/^#player=([\w-]+)$/);
  if (profile) return void location.replace(`#/online/player/${profile[1]}`);
  // The analysis board and the editor take their arguments as a query: `#/editor?fen=…`.
  const [hash, query] = location.hash.replace(/^#\/?/, "").split("?");
  const [page, id, sub] = hash.split("/");
  if (page !== "online") leaveOnline();
  if (page !== "analysis") leaveAnalysis();
  if (page === "analysis" || page === "editor") {
    session.closeGame();
    show(page);
    const params = Object.fromEntries(new URLSearchParams(query ?? ""));
    if (page === "analysis") await routeAnalysis(params);
    else renderEditor(params);
    return;
  }
  if (page === "online") {
    session.closeGame();
    show("online");
    await renderOnline(id ? decodeURIComponent(id) : null, sub ? decodeURIComponent(sub) : null);
    return;
  }
  if (page === "game" && id) {
    const gid = decodeURIComponent(id);
    if (state.cur?.id !== gid) {
      const ok = await session.openSaved(gid);
      if (!ok) return void (location.hash = "#/saved");
    }
    show("game");
    renderGame();
    centreZoom();
    return;
  }
  session.closeGame();
  if (page === "saved") {
    show("saved");
    await renderSaved();
  } else if (page === "rules") {
    show("rules");
    renderRules(id ? decodeURIComponent(id) : state.prefs.choice);
  } else {
    show("home");
    renderHome();
    await renderContinue();
  }
}

function translateAll() {
  translateDom();
  document.title = t("appTitle");
  for (const b of document.querySelectorAll("[data-lang]")) b.setAttribute("aria-pressed", String(b.dataset.lang === getLang()));
  renderSound();
  renderModeChoice();
  renderHome();
  if (state.view === "home") renderContinue();
  resetGameView();
  if (state.cur) renderGame();
  if (state.view === "saved") renderSaved();
  if (state.view === "rules") renderRules(location.hash.split("/")[2] ?? state.prefs.choice);
  if (state.view === "online") redrawOnline();
  if (state.view === "analysis") routeAnalysis({});
  if (state.view === "editor") renderEditor({});
}

function renderSound() {
  const on = !state.prefs.muted;
  $("sound").innerHTML = on ? ICONS.soundOn : ICONS.soundOff;
  $("sound").setAttribute("aria-pressed", String(on));
  $("sound").setAttribute("aria-label", t("sound"));
  $("sound").title = on ? t("soundOn") : t("soundOff");
  sound.setMuted(!on);
}

// --- the model's events, drawn -------------------------------------------------------------
on("game", renderGame);
on("opened", resetMoveBox);
on("clock", updateClock);
on("announce", announce);
on("notice", showNotice);
on("over", showGameOver);
on("banner", showBanner);
on("unbanner", hideBanner);
on("saved", (rec) => (document.body.dataset.saved = String(rec.moves)));
on("opened", (id) => (location.hash = `#/game/${encodeURIComponent(id)}`));

// --- moving on the board -------------------------------------------------------------------
async function onBoardMove(from, to, moves) {
  const move = await pickMove(moves, state.cur.snap.facts.promotions);
  if (!move) return renderGame();
  session.playMove(moveInput(move), "person");
}

/** A tap the board could not act on: say why. */
function onBlocked(square, piece) {
  const c = state.cur;
  if (!c || !piece) return;
  const st = c.snap.status;
  if (st.over) return flash(t("gameIsOver"));
  if (c.viewPly !== null) return flash(t("notLive"));
  if (!isHuman(c, st.turn)) return flash(t("notYourTurnAi", { seat: st.turn }));
  if (piece.grey || piece.color !== st.turn) return flash(t("notYourPiece", { turn: t("s_" + st.turn) }));
  const inCheck = st.inCheck.includes(st.turn);
  flash(t(inCheck ? "cannotMoveCheck" : "cannotMove", { piece: t("p_" + piece.piece) }));
}

/** Says what a picked piece can do: "knight g1 picked up: 2 legal moves: f3, h3." (a square
 * once, however many promotions lead there; a capture as such). */
function announceTargets(square, piece, moves) {
  if (!piece) return;
  const to = new Map();
  for (const m of moves) if (!to.has(m.to)) to.set(m.to, m.captured ? t("selectedCapture", { square: m.to }) : m.to);
  const n = t("selectedMoves", { n: to.size });
  announce(t("selected", { piece: t("p_" + piece.piece), square, n, list: [...to.values()].join(", ") }));
}

/** Review keys on the board: Home and End go to the first and last positions, Shift+arrows
 * (and the plain arrows while an earlier position is shown) step through the moves; the plain
 * arrows otherwise move the board's cursor. Answers whether the key was used. */
function reviewKey(e) {
  const c = state.cur;
  if (!c || e.altKey || e.ctrlKey || e.metaKey) return false;
  const step = (d) => session.setView((c.viewPly ?? c.snap.ply) + d);
  const reviewing = c.viewPly !== null;
  if (e.key === "Home") session.setView(0);
  else if (e.key === "End") session.setView(null);
  else if (e.key === "ArrowLeft" && (e.shiftKey || reviewing)) step(-1);
  else if (e.key === "ArrowRight" && (e.shiftKey || reviewing)) step(1);
  else return false;
  return true;
}

// --- actions ------------------------------------------------------------------------------------
async function onResign() {
  const c = state.cur;
  const seat = session.resignSeat(c);
  if (!seat) return;
  if (!(await confirmDialog(t("confirmResign", { seat })))) return;
  session.resign(seat);
}

/** The looks changed (a setting or the device's light or dark): redraw what shows them. */
function onLooks() {
  applyLooks();
  renderHome();
  resetGameView();
  if (state.cur) renderGame();
}

function goHome() {
  if (state.cur) state.prefs.choice = state.cur.choice;
  savePrefs();
  location.hash = "#/";
}

// Tests and the curious.
window.tablero = {
  get game() {
    return state.cur?.game ?? null;
  },
  get thinking() {
    return state.cur?.thinking ?? null;
  },
  get hint() {
    return liveHint()?.analysis ?? null;
  },
  get id() {
    return state.cur?.id ?? null;
  },
  get timer() {
    return state.cur?.timer ?? null;
  },
  get viewPly() {
    return state.cur?.viewPly ?? null;
  },
  sounds: sound.log,
  /** The open online room (views/online.js), or null. */
  get online() {
    return onlineDebug.room;
  },
  /** The analysis board (views/analysis.js) and the editor's setup (views/editor.js). */
  analysis: analysisDebug,
  editor: editorDebug,
  /** Milliseconds each update of the game view took, newest last (perf tests). */
  perf: [],
};

async function main() {
  applyLooks();
  setLang(pickLanguage());
  translateDom();
  $("loading-text").textContent = t("loading");
  document.querySelector(".logo").innerHTML = ICONS.logo;
  try {
    await init();
  } catch (e) {
    $("loading-text").textContent = t("error", { message: e.message });
    return;
  }
  // The games come from the engine's table, so a remembered choice is checked once it is
  // loaded (a game no longer offered falls back to the first).
  state.prefs.choice = offered(state.prefs.choice);
  initBoard({
    legalFrom: (sq) => (state.cur && state.cur.viewPly === null && humanToMove() ? state.cur.game.legalMoves(sq) : []),
    onMove: onBoardMove,
    label: squareLabel,
    onBlocked,
    onSelect: announceTargets,
    onKey: reviewKey,
  });
  bindMoveBox({ play: (move) => session.playMove(move, "person") });
  bindGameView({
    onUndo: session.undo,
    onResign,
    onClaim: session.claimDraw,
    onHint: requestHint,
    onRematch: session.rematch,
    onHome: goHome,
    onExport: () => state.cur && openExport(state.cur.game, state.cur.choice, state.cur),
    onLooks,
  });
  buildHome({ onImport: openImport, onLooks });
  watchScheme(onLooks);
  initOnline();
  bindIo();
  bindAnalysisEntry();
  $("banner-close").addEventListener("click", () => hideBanner());
  for (const b of document.querySelectorAll("[data-lang]")) {
    b.addEventListener("click", () => {
      setLang(b.dataset.lang);
      translateAll();
    });
  }
  $("sound").addEventListener("click", () => {
    state.prefs.muted = !state.prefs.muted;
    savePrefs();
    renderSound();
  });
  // Audio may only start after a gesture.
  for (const type of ["pointerdown", "keydown"]) document.addEventListener(type, sound.unlock, { once: true, capture: true });
  translateAll();
  window.addEventListener("hashchange", route);
  navigator.storage?.persist?.().catch(() => {});
  await store.openDb().catch(() => {
    state.storageOk = false;
    showBanner(t("storageUnavailable"), "storage");
  });
  $("loading").remove();
  await route();
  document.body.dataset.ready = "true";
}


main();
