// Saved games: every game kept in this browser, with what its numbers mean.
import { t, tr, seatName, seatList, errorText } from "../i18n/index.js";
import * as store from "../store.js";
import { Game } from "../engine.js";
import { $, swatch, button, confirmDialog, controllerText, fmtDate, showBanner, movesText } from "./common.js";
import { seatsOf, gameName } from "../games.js";
import { openExport } from "./io.js";

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
  const w = r.winners ?? (r.winner ? [r.winner] : []);
  if (!w.length) return `${t("draw")} (${reason})`;
  if (w.length > 1 && w.length === seatsOf(g.choice).length) return `${t("tieAll")} (${reason})`;
  if (w.length > 1) return `${t("tieFirst", { seats: seatList(w) })} (${reason})`;
  return `${t("wins", { seat: w[0] })} (${reason})`;
}

export async function renderSaved() {
  const body = $("saved-body");
  const warn = $("saved-warning");
  warn.hidden = true;
  let games = [];
  let bad = [];
  try {
    ({ games, bad } = await store.list());
  } catch (e) {
    warn.textContent = `${t("storageUnavailable")} (${e?.message ?? e})`;
    warn.hidden = false;
  }
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
    const name = Object.assign(document.createElement("td"), { className: "g-name", textContent: gameName(g.choice) });
    const players = Object.assign(document.createElement("td"), { className: "g-players" });
    const points = new Map((g.scores ?? []).map((s) => [s.player, s.points]));
    for (const seat of seatsOf(g.choice)) {
      const span = Object.assign(document.createElement("span"), { className: "pl" });
      span.append(swatch(seat), `${seatName(seat)}: ${controllerText(g.seats?.[seat])}`);
      if (points.has(seat)) span.append(Object.assign(document.createElement("strong"), { className: "pl-points", textContent: ` · ${t("pointsLong", { n: points.get(seat) })}` }));
      players.append(span);
    }
    const date = Object.assign(document.createElement("td"), { className: "g-date", textContent: fmtDate(g.updated) });
    const moves = Object.assign(document.createElement("td"), { className: "g-moves", textContent: movesText(g.moves ?? 0, seatsOf(g.choice).length) });
    moves.dataset.moves = String(g.moves ?? 0);
    const stateTd = Object.assign(document.createElement("td"), { className: "g-state" });
    stateTd.textContent = g.over ? t("state_over", { result: savedResult(g) }) : g.turn ? t("state_playing", { seat: g.turn }) : "";
    const actions = Object.assign(document.createElement("td"), { className: "g-actions" });
    const open = button(t("open"), () => (location.hash = `#/game/${encodeURIComponent(g.id)}`), "primary open");
    const exp = button(t("export"), () => exportSaved(g), "export");
    const del = button(t("delete"), async () => {
      if (!(await confirmDialog(t("confirmDelete")))) return;
      await store.remove(g.id).catch((e) => showBanner(t("error", { message: errorText(e) })));
      renderSaved();
    }, "delete");
    actions.append(open, exp, del);
    tr_.append(name, players, date, moves, stateTd, actions);
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
    actions.append(button(t("delete"), async () => {
      await store.remove(b.id).catch(() => {});
      renderSaved();
    }, "delete"));
    tr_.append(td, actions);
    rows.push(tr_);
  }
  body.replaceChildren(...rows);
}

function exportSaved(rec) {
  let game;
  try {
    game = Game.fromJSON(rec.saved);
  } catch (e) {
    showBanner(t("openFailed", { message: errorText(e) }));
    return;
  }
  try {
    openExport(game, rec.choice, rec);
  } finally {
    game.free();
  }
}

