// Home: choose a game, who plays each seat, and the settings; continue the latest game.
// (An "Online" choice will join the game cards once online play exists.)
import { state, savePrefs } from "../state.js";
import { pageGames, offered, gameInfo, gameName, isFour, hasPartners, seatsOf, takesPosition } from "../games.js";
import { GLYPH } from "../pieces.js";
import { t, seatName, summary } from "../i18n/index.js";
import { ICONS } from "../icons.js";
import * as store from "../store.js";
import { Game } from "../engine.js";
import { $, swatch, controllerSelect, fmtDate, movesText } from "./common.js";
import { defaultSeats, startNew } from "../session.js";

/**
 * A game card's icon, from the rule that sets the game apart, so a new game needs no entry
 * here: the cross board (four players, points), two pairs of players on the cross for the
 * four-player game won by a team (no points), a rook's castle for the kingdoms whose players
 * are put out by the clock, a knight racing to the finish rank, the white king of the hill, a
 * queen giving checks to count, and the king for plain checkmate.
 */
function gameIcon(g) {
  const f = g.facts;
  if (f.points && !g.timesOut) return ICONS.cross;
  if (hasPartners(g.id)) return ICONS.team;
  const glyph = f.points ? GLYPH.rook : f.finishRank ? GLYPH.knight : f.hill.length ? "♔" : f.countsChecks ? GLYPH.queen : GLYPH.king;
  return `<span class="glyph">${glyph}\uFE0E</span>`;
}

export function buildHome({ onImport, onLooks }) {
  const box = $("choices");
  for (const g of pageGames()) {
    const choice = g.id;
    const label = document.createElement("label");
    label.className = "choice";
    label.dataset.choice = choice;
    const icon = gameIcon(g);
    label.innerHTML = `<input type="radio" name="choice" value="${choice}" /><span class="choice-icon" aria-hidden="true">${icon}</span><span class="choice-name"></span>`;
    label.querySelector("input").addEventListener("change", () => {
      state.prefs.choice = choice;
      savePrefs();
      renderHome();
    });
    box.append(label);
  }
  const opts = {
    "opt-legal": ["showLegal", "checked"],
    "opt-rotate": ["rotate", "checked"],
    "opt-alternate": ["alternate", "checked"],
    "opt-enpassant": ["enPassant", "checked"],
    "opt-time": ["timeLimit", "value"],
    "opt-movelimit": ["roundLimit", "value"],
  };
  for (const [id, [key, prop]] of Object.entries(opts)) {
    $(id).addEventListener("change", () => {
      state.prefs[key] = prop === "checked" ? $(id).checked : Math.max(0, Math.floor(Number($(id).value) || 0));
      savePrefs();
    });
  }
  $("opt-position").addEventListener("change", () => {
    const raw = $("opt-position").value.trim();
    const n = Math.floor(Number(raw));
    state.prefs.position = raw === "" || !Number.isFinite(n) ? null : Math.min(959, Math.max(0, n));
    $("opt-position").value = state.prefs.position ?? "";
    savePrefs();
  });
  for (const [id, key, prop] of [["opt-scheme", "scheme", "value"], ["opt-board", "boardTheme", "value"], ["opt-figurine", "figurine", "checked"]]) {
    $(id).addEventListener("change", () => {
      state.prefs[key] = $(id)[prop];
      savePrefs();
      onLooks();
    });
  }
  $("setup-form").addEventListener("submit", (e) => {
    e.preventDefault();
    startNew(state.prefs.choice);
  });
  $("continue").addEventListener("click", () => {
    if ($("continue").dataset.id) location.hash = `#/game/${encodeURIComponent($("continue").dataset.id)}`;
  });
  for (const b of document.querySelectorAll(".import-open")) b.addEventListener("click", onImport);
}

export function renderHome() {
  const p = state.prefs;
  p.choice = offered(p.choice);
  for (const label of $("choices").children) {
    label.querySelector("input").checked = label.dataset.choice === p.choice;
    label.querySelector(".choice-name").textContent = gameName(label.dataset.choice);
  }
  const choice = p.choice;
  $("rules-title").textContent = t("rulesOf", { game: gameName(choice) });
  $("rules-list").replaceChildren(...summary(choice).map((line) => Object.assign(document.createElement("li"), { textContent: line })));
  $("rules-link").href = `#/rules/${choice}`;
  const seats = defaultSeats(choice);
  $("seat-list").replaceChildren(
    ...Object.entries(seats).map(([seat, ctl]) => {
      const row = document.createElement("div");
      row.className = `seat-row seat-${seat}`;
      const name = document.createElement("span");
      name.className = "seat-name";
      name.append(swatch(seat), seatName(seat));
      const sel = controllerSelect(ctl, (next) => {
        p.seats[seat] = next;
        savePrefs();
      }, seatName(seat), false, choice);
      sel.id = `seat-${seat}`;
      row.append(name, sel);
      return row;
    }),
  );
  $("opt-legal").checked = p.showLegal;
  $("opt-scheme").value = p.scheme;
  $("opt-board").value = p.boardTheme;
  $("opt-figurine").checked = p.figurine;
  $("opt-rotate").checked = p.rotate;
  $("opt-alternate").checked = p.alternate;
  $("opt-enpassant").checked = p.enPassant;
  $("opt-time").value = String(p.timeLimit);
  $("opt-time-hint").textContent = gameInfo(choice).timesOut ? t("timeLimitHintKingdoms") : t("timeLimitHint");
  $("opt-movelimit").value = String(p.roundLimit);
  for (const n of document.querySelectorAll(".four-only")) n.hidden = !isFour(choice);
  for (const n of document.querySelectorAll(".teams-only")) n.hidden = !hasPartners(choice);
  for (const n of document.querySelectorAll(".position-only")) n.hidden = !takesPosition(choice);
  $("opt-position").value = p.position ?? "";
}

export async function renderContinue() {
  $("continue-box").hidden = true;
  if (!state.storageOk) return;
  try {
    const { games } = await store.list();
    const latest = games.find((g) => !g.over && readable(g));
    if (!latest) return;
    $("continue").dataset.id = latest.id;
    const moves = movesText(latest.moves ?? 0, seatsOf(latest.choice).length);
    $("continue").textContent = t("continueGame", { game: gameName(latest.choice), moves, date: fmtDate(latest.updated) });
    $("continue-box").hidden = false;
  } catch {
    /* nothing to continue */
  }
}

function readable(rec) {
  try {
    Game.fromJSON(rec.saved).free();
    return true;
  } catch {
    return false;
  }
}
