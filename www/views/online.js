// Online play: the lobby (#/online), a room (#/online/<id>; invitations are #room=<id>, see
// online-room.js), the leaderboard. Speaks to tablero-server through pkg/tablero-online.js.
// Names come from other people: they are only ever set as text. Watching needs no name;
// creating and joining rooms do.
import { onlineGames, gameInfo, gameName } from "../games.js";
import { seatName } from "../i18n/index.js";
import { $, hideBanner, swatch, fmtDate } from "./common.js";
import { ot, refusal } from "../online/strings.js";
import { CONTROLS, controlText } from "../online/clock.js";
import { getClient, identity, rememberRoom, rename, recoveryCode } from "../online/identity.js";
import { el, nameLink, nameForm } from "./online-common.js";
import { renderProfile, gamesList } from "./online-profile.js";
import { openRoomPage, closeRoomPage, redrawRoom, roomDebug } from "./online-room.js";

/** The online pages' state: where they draw and what is open. */
const view = {
  /** The element the online pages draw into. */
  root: null,
  /** The route drawn: null for the lobby, else the room's id. */
  route: undefined,
  /** The lobby's refresh interval (4 s). */
  lobbyTimer: null,
};

/** window.tablero.online, for tests. */
export const debug = {
  get room() {
    return roomDebug.room;
  },
};

export function initOnline() {
  view.root = $("online-root");
}

/** The mode choice on the home page, in the page's language. */
export function renderModeChoice() {
  if (!$("mode-text")) return;
  $("mode-text").textContent = ot("modeText");
  $("mode-local").textContent = ot("local");
  $("mode-online").textContent = ot("online");
  $("nav-online").textContent = ot("nav");
}

/** Leaves the online pages: closes the room socket and stops the timers. */
export function leaveOnline() {
  closeRoomPage();
  view.route = undefined;
  clearInterval(view.lobbyTimer);
  hideBanner("online");
}

/** Draws the open online page again in the page's language (the ES/IT/EN switch). */
export function redrawOnline() {
  if (view.route === undefined) return;
  if (view.route === null) return renderLobby();
  if (view.route.startsWith("player/")) return renderProfile(view.root, view.route.slice("player/".length));
  redrawRoom();
}

/** Route entry: `id` null for the lobby; `player` with `sub` the id for a profile. */
export async function renderOnline(id, sub = null) {
  if (id === "player" && sub) {
    leaveOnline();
    view.route = `player/${sub}`;
    return renderProfile(view.root, sub);
  }
  if (id !== view.route || !id) leaveOnline();
  view.route = id ?? null;
  if (!(await getClient().health())) {
    view.root.replaceChildren(el("h1", { textContent: ot("title") }), el("p", { className: "notice warn", id: "online-unavailable", textContent: ot("needServer") }));
    return;
  }
  if (id) return openRoomPage(view.root, id);
  return renderLobby();
}

// --- lobby --------------------------------------------------------------------------------------
async function renderLobby() {
  const me = identity();
  const who = me
    ? el(
        "p",
        { className: "online-who" },
        ot("playingAs") + " ",
        el("strong", { id: "online-me", textContent: me.name }),
        " ",
        el("a", { id: "online-profile", className: "link", href: `#player=${encodeURIComponent(me.id)}`, textContent: ot("profileLink") }),
        " ",
        el("button", { type: "button", className: "link", id: "online-rename", textContent: ot("changeName"), onclick: () => renameForm(who) }),
        " ",
        el("button", { type: "button", className: "link", id: "online-recovery", textContent: ot("recoveryShow"), onclick: () => showRecovery(who) }),
      )
    : el("p", { className: "online-who muted", id: "online-anonymous", textContent: ot("notNamed") });
  const counts = el("p", { id: "online-counts", className: "online-counts" });
  const list = el("ul", { id: "online-rooms", className: "online-rooms" });
  const playing = el("ul", { id: "online-games", className: "online-rooms" });
  const lbGame = el("select", { id: "lb-game", "aria-label": ot("game") });
  for (const g of onlineGames()) lbGame.add(new Option(gameName(g.id), g.id));
  const lbTable = el("table", { id: "leaderboard", className: "leaderboard" });
  lbGame.addEventListener("change", () => renderLeaderboard(lbGame.value, lbTable));
  const createBox = me
    ? el("section", { className: "online-box" }, el("h2", { textContent: ot("create") }), createForm())
    : el("section", { className: "online-box" }, el("h2", { textContent: ot("chooseName") }), nameForm(() => renderLobby()));
  view.root.replaceChildren(
    el("h1", { textContent: ot("title") }),
    who,
    counts,
    el(
      "div",
      { className: "online-lobby" },
      createBox,
      el("section", { className: "online-box" }, el("h2", { textContent: ot("waitingRooms") }), list),
      el("section", { className: "online-box" }, el("h2", { textContent: ot("inProgress") }), playing),
      me ? el("section", { className: "online-box", id: "my-online" }, el("h2", { textContent: ot("myGames") }), el("p", { className: "muted", textContent: ot("myGamesHelp") }), gamesList(me.id, { limit: 5 })) : null,
      el("section", { className: "online-box", id: "leaderboard-box" }, el("h2", { textContent: ot("leaderboard") }), lbGame, lbTable),
    ),
  );
  renderLeaderboard(lbGame.value, lbTable);
  const refresh = async () => {
    try {
      const lobby = await getClient().rooms();
      if (!counts.isConnected) return;
      renderRooms(lobby, counts, list);
      renderGames(lobby.games ?? [], playing);
    } catch (err) {
      counts.textContent = refusal(err);
    }
  };
  await refresh();
  clearInterval(view.lobbyTimer);
  view.lobbyTimer = setInterval(refresh, 4000);
}

/** A room's time: `3+2`, `30 s per turn`, or nothing. */
export function timeText(r) {
  if (r.clock) return controlText(r.clock);
  return r.turnSeconds ? ot("turnTimer", { n: r.turnSeconds }) : null;
}

function seatsLine(seats) {
  const line = el("span", { className: "room-seats" });
  for (const s of seats) {
    const who = s.player ? nameLink(s.player) : s.computer ? ot("computerSeat", { n: s.computer }) : ot("freeSeat");
    line.append(el("span", { className: "room-seat" + (s.player || s.computer ? "" : " free") }, swatch(s.seat), who));
  }
  return line;
}

function renderRooms(lobby, counts, list) {
  const waiting = lobby.rooms.length;
  counts.textContent = lobby.playing === 0 && waiting === 0 ? ot("countsEmpty") : ot(waiting === 1 ? "counts1" : "counts", { playing: lobby.playing, waiting });
  const me = identity();
  if (!waiting) return void list.replaceChildren(el("li", { className: "muted", id: "online-rooms-empty", textContent: ot("noRooms") }));
  list.replaceChildren(
    ...lobby.rooms.map((r) => {
      const settings = [r.rated ? ot("rated") : ot("casual"), timeText(r)].filter(Boolean).join(" · ");
      const mine = r.seats.some((s) => s.player?.id === me?.id);
      return el(
        "li",
        { className: "online-room" },
        el("strong", { textContent: gameName(r.game) }),
        el("span", { className: "muted room-settings", textContent: settings }),
        seatsLine(r.seats),
        el("a", { className: "button" + (mine ? "" : " primary"), href: `#/online/${encodeURIComponent(r.id)}`, textContent: mine ? ot("open") : ot("join") }),
      );
    }),
  );
}

function renderGames(games, list) {
  if (!games.length) return void list.replaceChildren(el("li", { className: "muted", id: "online-games-empty", textContent: ot("noGamesInProgress") }));
  list.replaceChildren(
    ...games.map((g) => {
      const settings = [g.rated ? ot("rated") : ot("casual"), timeText(g), g.watchers ? ot("watchers", { n: g.watchers }) : null].filter(Boolean).join(" · ");
      const li = el(
        "li",
        { className: "online-room online-live" },
        el("strong", { textContent: gameName(g.game) }),
        el("span", { className: "muted room-settings", textContent: settings }),
        seatsLine(g.seats),
        el("a", { className: "button watch", href: `#/online/${encodeURIComponent(g.id)}`, textContent: ot("watch") }),
      );
      li.dataset.room = g.id;
      return li;
    }),
  );
}

function createForm() {
  const game = el("select", { id: "cr-game" });
  for (const g of onlineGames()) game.add(new Option(gameName(g.id), g.id));
  const rated = el("select", { id: "cr-rated" });
  rated.add(new Option(ot("casual"), "0"));
  rated.add(new Option(ot("rated"), "1"));
  // One choice of time: a clock, the turn timer, or neither (R11.1: never both).
  const time = el("select", { id: "cr-time" });
  time.add(new Option(ot("noTime"), "none"));
  const clocks = el("optgroup", { label: ot("clockGroup") });
  for (const [m, inc] of CONTROLS) clocks.append(new Option(`${m}+${inc}`, `clock:${m * 60}+${inc}`));
  clocks.append(new Option(ot("customClock"), "custom"));
  const turns = el("optgroup", { label: ot("turnGroup") });
  for (const n of [30, 60]) turns.append(new Option(ot("turnTimer", { n }), `turn:${n}`));
  time.append(clocks, turns);
  const minutes = el("input", { id: "cr-minutes", type: "number", min: "0.25", max: "180", step: "0.25", value: "5" });
  const increment = el("input", { id: "cr-increment", type: "number", min: "0", max: "180", step: "1", value: "0" });
  const custom = el(
    "div",
    { className: "custom-clock", id: "cr-custom", hidden: true },
    el("label", { className: "stack" }, el("span", { textContent: ot("customMinutes") }), minutes),
    el("label", { className: "stack" }, el("span", { textContent: ot("customIncrement") }), increment),
  );
  time.addEventListener("change", () => (custom.hidden = time.value !== "custom"));
  const seat = el("select", { id: "cr-seat" });
  const others = el("div", { className: "seat-list", id: "cr-others" });
  const error = el("p", { className: "error", hidden: true, role: "alert" });
  const field = (label, control, hint) => el("label", { className: "stack" }, el("span", { textContent: label }), control, hint ? el("small", { textContent: hint }) : null);
  const fillSeats = () => {
    // A room's seats in the table's order (a room lists its seats so).
    const seats = gameInfo(game.value).players;
    const keep = seat.value;
    seat.replaceChildren(...seats.map((s) => new Option(seatName(s), s)));
    if (seats.includes(keep)) seat.value = keep;
    others.replaceChildren(
      ...seats
        .filter((s) => s !== seat.value)
        .map((s) => {
          const sel = el("select", { id: `cr-seat-${s}`, "aria-label": seatName(s) });
          sel.add(new Option(ot("personInvited"), "0"));
          for (let l = 1; l <= 8; l++) sel.add(new Option(ot("computerLevel", { n: l }), String(l)));
          return el("div", { className: `seat-row seat-${s}` }, el("span", { className: "seat-name" }, swatch(s), seatName(s)), sel);
        }),
    );
  };
  game.addEventListener("change", fillSeats);
  seat.addEventListener("change", fillSeats);
  fillSeats();
  const form = el(
    "form",
    { className: "setup-form", id: "create-room" },
    field(ot("game"), game),
    field(ot("ratedOrCasual"), rated, ot("ratedHint")),
    field(ot("time"), time, ot("timeHint")),
    custom,
    field(ot("yourSeat"), seat),
    el("fieldset", {}, el("legend", { textContent: ot("otherSeats") }), others),
    error,
    el("button", { type: "submit", className: "primary big", id: "cr-go", textContent: ot("createGo") }),
  );
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const computers = {};
    for (const sel of others.querySelectorAll("select")) if (sel.value !== "0") computers[sel.id.slice("cr-seat-".length)] = Number(sel.value);
    const options = { game: game.value, rated: rated.value === "1", seat: seat.value, computers };
    const [kind, value] = time.value.split(":");
    if (kind === "turn") options.turnSeconds = Number(value);
    else if (kind === "clock") {
      const [initial, inc] = value.split("+").map(Number);
      options.clock = { initial, increment: inc };
    } else if (kind === "custom") options.clock = { initial: Math.round(Number(minutes.value) * 60), increment: Math.round(Number(increment.value)) };
    try {
      const r = await getClient().createRoom(options);
      rememberRoom({ id: r.id, game: game.value, seat: r.seat });
      location.hash = `#/online/${encodeURIComponent(r.id)}`;
    } catch (err) {
      error.textContent = refusal(err);
      error.hidden = false;
    }
  });
  return form;
}

async function renderLeaderboard(game, table) {
  let rows = [];
  try {
    rows = await getClient().ratings(game);
  } catch {
    /* shown as empty */
  }
  if (!rows.length) {
    table.replaceChildren(el("caption", { textContent: ot("noRatings") }));
    return;
  }
  const head = el("tr", {}, ...[ot("rank"), ot("player"), ot("rating"), ot("games")].map((h) => el("th", { scope: "col", textContent: h })));
  table.replaceChildren(
    el("thead", {}, head),
    el(
      "tbody",
      {},
      ...rows.map((r, i) =>
        el(
          "tr",
          { className: r.player.id === identity()?.id ? "me" : "" },
          el("td", { textContent: String(i + 1) }),
          el("td", {}, nameLink(r.player)),
          el("td", { textContent: `${Math.round(r.rating)}${r.provisional ? "?" : ""}`, title: r.provisional ? ot("provisional") : "" }),
          el("td", { textContent: String(r.games) }),
        ),
      ),
    ),
  );
}

/** The rename form, in place of the "Playing as" line: the same player under a new name. */
function renameForm(who) {
  const input = el("input", { id: "online-rename-name", maxLength: 24, required: true, autocomplete: "nickname", value: identity()?.name ?? "" });
  const error = el("p", { className: "error", id: "online-rename-error", hidden: true, role: "alert" });
  const form = el(
    "form",
    { className: "online-name", id: "online-rename-form" },
    el("label", { htmlFor: "online-rename-name", textContent: ot("yourName") }),
    input,
    el("small", { textContent: ot("renameHint") }),
    error,
    el("button", { type: "submit", className: "primary", id: "online-rename-go", textContent: ot("renameGo") }),
  );
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    try {
      await rename(input.value);
      renderLobby();
    } catch (err) {
      error.textContent = err?.code === "taken" ? ot("nameTaken") : refusal(err);
      error.hidden = false;
    }
  });
  who.replaceWith(form);
  input.focus();
}

/** Shows this device's recovery code under the "Playing as" line. */
function showRecovery(who) {
  if (document.getElementById("online-recovery-code")) return;
  who.after(
    el(
      "p",
      { className: "notice recovery", id: "online-recovery-box" },
      el("span", { textContent: ot("recoveryHelp") + " " }),
      el("code", { id: "online-recovery-code", textContent: recoveryCode() }),
    ),
  );
}
