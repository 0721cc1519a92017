// Export (PGN/FEN, PGN4/FEN4) and import (text or file; the same game imported twice opens
// the saved copy instead of adding another).
import { newGame, Game } from "../engine.js";
import { state } from "../state.js";
import { choices, gameInfo, gameName, idOf, isFour, seatsOf, firstGame, newGameOptions } from "../games.js";
import * as store from "../store.js";
import { t, errorText } from "../i18n/index.js";
import { $, controllerText } from "./common.js";
import { openGame } from "../session.js";
import { flash } from "./game.js";

/**
 * The record's PGN with what the page knows and the record lacks: who played each seat (a
 * person, or the computer and its level) and the day the game began. Tags the game already
 * carries (an imported record's own) are kept; the game itself is left as it was.
 */
function pgnWithHeaders(game, rec) {
  if (!rec) return game.pgn();
  const have = game.headers();
  const two = game.players.length === 2;
  const add = {};
  for (const seat of game.players) {
    const tag = two ? (seat === game.players[0] ? "White" : "Black") : seat[0].toUpperCase() + seat.slice(1);
    if (!have[tag] && rec.seats?.[seat]) add[tag] = controllerText(rec.seats[seat]);
  }
  const d = new Date(rec.created);
  if (!have.Date && Number.isFinite(d.getTime())) {
    add.Date = `${d.getFullYear()}.${String(d.getMonth() + 1).padStart(2, "0")}.${String(d.getDate()).padStart(2, "0")}`;
  }
  try {
    game.setHeaders(add);
    return game.pgn();
  } catch {
    return game.pgn();
  } finally {
    game.setHeaders(Object.fromEntries(Object.keys(add).map((k) => [k, null])));
  }
}

/** Opens the export dialog for `game`; `rec` (the open game or a saved record: its seats and
 * creation time) fills the PGN's player and date tags. */
export function openExport(game, choice, rec = null) {
  const four = isFour(choice);
  $("export-pgn-label").textContent = four ? t("notation4") : t("notation");
  $("export-fen-label").textContent = four ? t("position4") : t("position");
  $("export-pgn").value = pgnWithHeaders(game, rec);
  $("export-fen").value = game.fen();
  $("export").dataset.base = `tablero-${choice}-${new Date().toISOString().slice(0, 10)}`;
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

export function openImport() {
  const sel = $("import-as");
  sel.replaceChildren(new Option(t("importAuto"), ""));
  for (const c of choices()) sel.add(new Option(gameName(c), c));
  $("import-text").value = "";
  $("import-file").value = "";
  $("import-error").hidden = true;
  $("import").showModal();
}

export function bindIo() {
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
  $("import-file").addEventListener("change", async () => {
    const f = $("import-file").files?.[0];
    if (f) $("import-text").value = await f.text();
  });
  $("import-go").addEventListener("click", async () => {
    let game;
    let choice;
    try {
      ({ game, choice } = importText($("import-text").value, $("import-as").value));
    } catch (e) {
      $("import-error").textContent = t("importFailed", { message: errorText(e) });
      $("import-error").hidden = false;
      return;
    }
    $("import").close();
    await openImported(game, choice);
  });
}

/** Opens an imported game in the game view (or its earlier import, saying so). */
async function openImported(game, choice) {
  const importKey = keyOf(game, choice);
  const twin = await findImported(importKey);
  if (twin) {
    game.free();
    location.hash = `#/game/${encodeURIComponent(twin.id)}`;
    // The route opens it; say why no new entry appeared.
    setTimeout(() => flash(t("importDuplicate")), 0);
    return;
  }
  const seats = Object.fromEntries(seatsOf(choice).map((s) => [s, { type: "human", level: 3 }]));
  const settings = { showLegal: state.prefs.showLegal, rotate: state.prefs.rotate, timeLimit: 0, moveLimit: 0, alternate: state.prefs.alternate, firstPlayer: "red", imported: true };
  openGame({ id: store.newId(), choice, seats, settings, created: Date.now(), importKey, importNote: game.importNote }, game);
}

/** Opens an online game's record (PGN or PGN4 from the server, with its clocks) in the game
 * view, to step through it like any imported game. */
export async function openRecord(text, choice) {
  const { game, choice: read } = importText(text, choice);
  await openImported(game, read);
}

/** What makes two imports the same game: the game, its start and its moves. */
function keyOf(game, choice) {
  const start = game.positionAt(0).fen;
  return `${choice}|${start}|${game.history().map((m) => m.uci || m.san).join(" ")}`;
}

async function findImported(key) {
  try {
    const { games } = await store.list();
    return games.find((g) => g.importKey === key) ?? null;
  } catch {
    return null;
  }
}

/** Reads a PGN, PGN4, FEN, FEN4 or saved-game JSON. `as` is a game choice or "" to detect. */
export function importText(raw, as) {
  const text = raw.trim();
  if (!text) throw Object.assign(new Error("empty"), { code: "empty" });
  if (text.startsWith("{")) {
    const game = Game.fromJSON(JSON.parse(text));
    return { game, choice: idOf(game) };
  }
  const fen4 = /^[RBYG]-[\d,]+-/.test(text) || /(^|,)x,x,x,/.test(text);
  const pgn4 = /\[(StartFen4|RuleVariants)\s/i.test(text) || fourPlayerTag(text);
  const pgn = text.startsWith("[") || /^1\.\s/.test(text);
  const four = fen4 || pgn4 || isFour(as);
  // The game a position is read as: the chosen one when it has as many players, else the
  // table's first of its kind (a FEN with check counters, "+2+1", is one of the game that
  // counts checks). A PGN or PGN4 names its own game in its tags, which the engine reads.
  const checks = /\s\d\+\d(\s|$)/.test(text) || /\+\d\+\d$/.test(text);
  const kind = as && isFour(as) === four ? as : !four && checks ? countingChecks() : firstGame(four);
  let options;
  if (four) options = pgn4 || (!fen4 && pgn) ? { variant: gameInfo(kind).variant, pgn: text } : { ...newGameOptions(kind), fen: text };
  else if (pgn) options = { pgn: text };
  else options = { ...newGameOptions(kind), fen: text };
  const game = newGame(options);
  const choice = idOf(game);
  if (!four && pgn && as && choice !== as) {
    game.free();
    throw new Error(`${gameName(as)} ≠ ${gameName(choice)}`);
  }
  return { game, choice };
}

/** Does the text's `Variant` tag name a four-player game: one of the table's (PGN4's "FFA"),
 * or chess.com's other four-player games ("Teams", "Four-player …"), which tablero reads as
 * PGN4 to say what it cannot play? */
function fourPlayerTag(text) {
  const tag = (text.match(/\[Variant\s+"([^"]*)"/i)?.[1] ?? "").toLowerCase();
  if (!tag) return false;
  const names = choices().filter(isFour).map((id) => gameInfo(id).pgnVariant);
  return [...names, "Teams", "Four"].some((name) => tag.startsWith(name.toLowerCase()));
}

/** The game whose positions carry check counters (Three-check). */
const countingChecks = () => choices().find((id) => gameInfo(id).facts.countsChecks);
