// Online play: the lobby (#/online), a room (#/online/<id>; invitations are #room=<id>), the
// leaderboard. Speaks to tablero-server through pkg/tablero-online.js; the board is the local
// game's Board. Names come from other people: they are only ever set as text.
import { Board } from "../board.js";
import { CLOCKWISE } from "../state.js";
import { onlineGames, gameInfo, gameName, isFour } from "../games.js";
import { t, seatName, getLang } from "../i18n/index.js";
import { $, showBanner, hideBanner, confirmDialog, swatch, fmtDate, pickMove } from "./common.js";
import { moveInput } from "../pieces.js";
import { squareLabel } from "./game.js";
import { ot, refusal } from "../online/strings.js";
import { getClient, identity, register, forget, myRooms, rememberRoom, ratingBefore, setRatingBefore } from "../online/identity.js";

const el = (tag, props = {}, ...children) => {
  const n = Object.assign(document.createElement(tag), props);
  n.append(...children.filter((c) => c !== null && c !== undefined));
  return n;
};

/** The online pages' state: where they draw, the open room and what its view keeps. */
const view = {
  /** The element the online pages draw into. */
  root: null,
  /** The open Room (pkg/tablero-online.js), its id, and its Board. */
  room: null,
  roomId: null,
  board: null,
  /** Intervals: the room's clocks and presence (250 ms), the lobby's refresh (4 s). */
  tick: null,
  lobbyTimer: null,
  /** Server time − local time, from the last state. */
  skew: 0,
  /** The room's game's ratings by player id. */
  ratingsById: new Map(),
  flashTimer: null,
  /** The position the board shows (a state that changed nothing else is not redrawn). */
  renderedKey: null,
  /** The ply of the last state: a refusal is hidden once the position moves on. */
  lastPly: -1,
};

/** window.tablero.online, for tests. */
export const debug = {
  get room() {
    return view.room;
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
  view.room?.close();
  view.room = null;
  view.roomId = null;
  view.renderedKey = null;
  clearInterval(view.tick);
  clearInterval(view.lobbyTimer);
  hideBanner("online");
}

/** Route entry: `id` null for the lobby. */
export async function renderOnline(id) {
  if (id !== view.roomId || !id) leaveOnline();
  if (!(await getClient().health())) {
    view.root.replaceChildren(el("h1", { textContent: ot("title") }), el("p", { className: "notice warn", id: "online-unavailable", textContent: ot("needServer") }));
    return;
  }
  if (!identity()) return renderNameForm(() => renderOnline(id));
  if (id) return openRoomPage(id);
  return renderLobby();
}

// --- name ---------------------------------------------------------------------------------------
function renderNameForm(then) {
  const input = el("input", { id: "online-name", maxLength: 24, required: true, autocomplete: "nickname" });
  const error = el("p", { className: "error", id: "online-name-error", hidden: true, role: "alert" });
  const form = el(
    "form",
    { className: "online-name" },
    el("label", { htmlFor: "online-name", textContent: ot("yourName") }),
    input,
    el("small", { textContent: ot("nameHint") }),
    error,
    el("button", { type: "submit", className: "primary", id: "online-name-go", textContent: ot("nameGo") }),
  );
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    try {
      await register(input.value);
      then();
    } catch (err) {
      error.textContent = refusal(err);
      error.hidden = false;
    }
  });
  view.root.replaceChildren(el("h1", { textContent: ot("title") }), form);
  input.focus();
}

// --- lobby --------------------------------------------------------------------------------------
async function renderLobby() {
  const me = identity();
  const who = el(
    "p",
    { className: "online-who" },
    ot("playingAs") + " ",
    el("strong", { id: "online-me", textContent: me.name }),
    " ",
    el("button", {
      type: "button",
      className: "link",
      textContent: ot("changeName"),
      onclick: () => {
        forget();
        renderOnline(null);
      },
    }),
  );
  const counts = el("p", { id: "online-counts", className: "online-counts" });
  const list = el("ul", { id: "online-rooms", className: "online-rooms" });
  const lbGame = el("select", { id: "lb-game", "aria-label": ot("game") });
  for (const g of onlineGames()) lbGame.add(new Option(gameName(g.id), g.id));
  const lbTable = el("table", { id: "leaderboard", className: "leaderboard" });
  lbGame.addEventListener("change", () => renderLeaderboard(lbGame.value, lbTable));
  view.root.replaceChildren(
    el("h1", { textContent: ot("title") }),
    who,
    counts,
    el(
      "div",
      { className: "online-lobby" },
      el("section", { className: "online-box" }, el("h2", { textContent: ot("create") }), createForm()),
      el("section", { className: "online-box" }, el("h2", { textContent: ot("waitingRooms") }), list),
      el("section", { className: "online-box" }, el("h2", { textContent: ot("myGames") }), el("p", { className: "muted", textContent: ot("myGamesHelp") }), myGamesList()),
      el("section", { className: "online-box", id: "leaderboard-box" }, el("h2", { textContent: ot("leaderboard") }), lbGame, lbTable),
    ),
  );
  renderLeaderboard(lbGame.value, lbTable);
  const refresh = async () => {
    try {
      const lobby = await getClient().rooms();
      renderRooms(lobby, counts, list);
    } catch (err) {
      counts.textContent = refusal(err);
    }
  };
  await refresh();
  clearInterval(view.lobbyTimer);
  view.lobbyTimer = setInterval(refresh, 4000);
}

function renderRooms(lobby, counts, list) {
  const waiting = lobby.rooms.length;
  counts.textContent = lobby.playing === 0 && waiting === 0 ? ot("countsEmpty") : ot(waiting === 1 ? "counts1" : "counts", { playing: lobby.playing, waiting });
  const me = identity();
  if (!waiting) return void list.replaceChildren(el("li", { className: "muted", id: "online-rooms-empty", textContent: ot("noRooms") }));
  list.replaceChildren(
    ...lobby.rooms.map((r) => {
      const seats = el("span", { className: "room-seats" });
      for (const s of r.seats) {
        const who = s.player ? s.player.name : s.computer ? ot("computerSeat", { n: s.computer }) : ot("freeSeat");
        seats.append(el("span", { className: "room-seat" + (s.player || s.computer ? "" : " free") }, swatch(s.seat), who));
      }
      const settings = [r.rated ? ot("rated") : ot("casual"), r.turnSeconds ? `${r.turnSeconds} s` : null].filter(Boolean).join(" · ");
      const mine = r.seats.some((s) => s.player?.id === me?.id);
      return el(
        "li",
        { className: "online-room" },
        el("strong", { textContent: gameName(r.game) }),
        el("span", { className: "muted", textContent: settings }),
        seats,
        el("a", { className: "button" + (mine ? "" : " primary"), href: `#/online/${encodeURIComponent(r.id)}`, textContent: mine ? ot("open") : ot("join") }),
      );
    }),
  );
}

function createForm() {
  const game = el("select", { id: "cr-game" });
  for (const g of onlineGames()) game.add(new Option(gameName(g.id), g.id));
  const rated = el("select", { id: "cr-rated" });
  rated.add(new Option(ot("casual"), "0"));
  rated.add(new Option(ot("rated"), "1"));
  const timer = el("select", { id: "cr-timer" });
  timer.add(new Option(ot("noTimer"), "0"));
  timer.add(new Option("30 s", "30"));
  timer.add(new Option("60 s", "60"));
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
    field(ot("rated") + " / " + ot("casual"), rated, ot("ratedHint")),
    field(ot("timer"), timer),
    field(ot("yourSeat"), seat),
    el("fieldset", {}, el("legend", { textContent: ot("otherSeats") }), others),
    error,
    el("button", { type: "submit", className: "primary big", id: "cr-go", textContent: ot("createGo") }),
  );
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const computers = {};
    for (const sel of others.querySelectorAll("select")) if (sel.value !== "0") computers[sel.id.slice("cr-seat-".length)] = Number(sel.value);
    try {
      const r = await getClient().createRoom({
        game: game.value,
        rated: rated.value === "1",
        turnSeconds: Number(timer.value),
        seat: seat.value,
        computers,
      });
      rememberRoom({ id: r.id, game: game.value, seat: r.seat });
      location.hash = `#/online/${encodeURIComponent(r.id)}`;
    } catch (err) {
      error.textContent = refusal(err);
      error.hidden = false;
    }
  });
  return form;
}

function myGamesList() {
  const rooms = myRooms();
  if (!rooms.length) return el("p", { id: "my-online-empty", className: "muted", textContent: ot("noMyGames") });
  return el(
    "ul",
    { id: "my-online", className: "online-rooms" },
    ...rooms.slice(0, 10).map((r) =>
      el(
        "li",
        { className: "online-room" },
        swatch(r.seat),
        el("strong", { textContent: gameName(r.game) }),
        el("span", { className: "muted", textContent: fmtDate(r.at) }),
        el("a", { className: "button", href: `#/online/${encodeURIComponent(r.id)}`, textContent: ot("open") }),
      ),
    ),
  );
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
          el("td", { textContent: r.player.name }),
          el("td", { textContent: ratingText(r), title: r.provisional ? ot("provisional") : "" }),
          el("td", { textContent: String(r.games) }),
        ),
      ),
    ),
  );
}

const ratingText = (r) => `${Math.round(r.rating)}${r.provisional ? "?" : ""}`;

// --- a room -------------------------------------------------------------------------------------
async function openRoomPage(id) {
  if (view.room && view.roomId === id) return;
  view.roomId = id;
  const client = getClient();
  let snapshot;
  try {
    snapshot = await client.roomState(id);
  } catch (err) {
    if (err.code === "unauthorized") {
      forget();
      return renderOnline(id);
    }
    view.root.replaceChildren(el("h1", { textContent: ot("title") }), el("p", { className: "notice warn", id: "online-error", textContent: refusal(err) }), lobbyLink());
    return;
  }
  const me = identity();
  let mine = snapshot.seats.find((s) => s.player?.id === me.id);
  // Opening an invitation takes a free seat.
  if (!mine && snapshot.roomStatus === "waiting") {
    try {
      const { seat } = await client.join(id);
      mine = { seat };
    } catch {
      /* full or taken: watch */
    }
  }
  if (mine) rememberRoom({ id, game: snapshot.game, seat: mine.seat });
  buildRoomView();
  view.room = client.openRoom(id);
  view.room.on("state", onState);
  view.room.on("error", (err) => flash(refusal(err)));
  view.room.on("connection", (c) => {
    if (c.connected) hideBanner("online");
    else showBanner(c.retryIn ? ot("offlineIn", { s: Math.ceil(c.retryIn / 1000) }) : ot("offline"), "online");
    $("online-conn") && ($("online-conn").dataset.connected = String(c.connected));
  });
  view.room.on("closed", (info) => {
    if (info.code !== "closed") flash(refusal(info));
  });
  loadRatings(snapshot.game);
  clearInterval(view.tick);
  view.tick = setInterval(renderClocks, 250);
}

const lobbyLink = () => el("a", { className: "button", href: "#/online", textContent: ot("lobby") });

function buildRoomView() {
  const boardHost = el("div", { id: "online-board", className: "board-host" });
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
        ),
      ),
      el(
        "div",
        { className: "buttons" },
        el("button", { type: "button", id: "online-claim", textContent: ot("claimDraw"), onclick: () => view.room?.claimDraw().catch(() => {}) }),
        el("button", { type: "button", id: "online-resign", textContent: ot("resign"), onclick: onResign }),
      ),
      el("table", { id: "online-seats", className: "players online-seats" }),
      el("h2", { textContent: ot("moves") }),
      el("ol", { id: "online-moves", className: "online-moves" }),
    ),
  );
  view.root.replaceChildren(page);
  view.board = new Board(boardHost, {
    legalFrom: (sq) => view.room?.legalMoves(sq) ?? [],
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
}

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

async function onResign() {
  if (!view.room || view.room.seat === null) return flash(ot("err_not-seated"));
  if (!(await confirmDialog(ot("confirmResign")))) return;
  view.room.resign().catch(() => {});
}

async function onBoardMove(from, to, moves) {
  const move = await pickMove(moves, view.room.game()?.facts.promotions);
  if (!move) return render();
  view.room.play(moveInput(move)).catch(() => render());
}

function flash(text) {
  const f = $("online-flash");
  if (!f) return;
  f.textContent = text;
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

async function onState(s) {
  // A refusal is about the position it was made in.
  if (s.ply !== view.lastPly && $("online-flash")) $("online-flash").hidden = true;
  view.lastPly = s.ply;
  view.skew = (s.now ?? Date.now()) - Date.now();
  if (s.rated && s.roomStatus !== "over" && view.room?.seat) {
    try {
      const me = await getClient().me();
      const r = me.ratings.find((x) => x.game === s.game);
      setRatingBefore(s.room, r ? r.rating : 1500);
    } catch {
      /* no change shown */
    }
  }
  render();
  if (s.roomStatus === "over" && s.rated && !$("online-result").dataset.rating) showRatingChange(s);
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
    box.append(" ", span);
    box.dataset.rating = "shown";
    loadRatings(s.game);
  } catch {
    box.dataset.rating = "";
  }
}

function nameOf(s, seat) {
  const x = s.seats.find((q) => q.seat === seat);
  if (!x) return seatName(seat);
  return x.player ? x.player.name : x.computer ? ot("computerSeat", { n: x.computer }) : ot("freeSeat");
}

function resultText(s) {
  const r = s.status.result;
  if (!r) return ot("over");
  const reason = t("r_" + r.reason) === "r_" + r.reason ? r.reason.replaceAll("-", " ") : t("r_" + r.reason);
  if (!r.winners.length) return ot("draw", { reason });
  return ot("won", { names: r.winners.map((w) => `${seatName(w)} (${nameOf(s, w)})`).join(", "), reason });
}

function render() {
  const s = view.room?.state;
  if (!s || !$("online-game")) return;
  const seat = view.room.seat;
  const four = isFour(s.game);
  $("online-title").textContent = gameName(s.game) + (s.rated ? ` · ${ot("rated")}` : "");
  // Status line.
  let status;
  if (s.roomStatus === "waiting") status = ot("waiting");
  else if (s.status.over) status = resultText(s);
  else if (s.status.turn === seat) status = ot("yourTurn");
  else status = ot("toMove", { seat: seatName(s.status.turn), name: nameOf(s, s.status.turn) });
  if (seat === null && !s.status.over) status += " " + ot("watching");
  $("online-status").textContent = status;
  $("online-game").dataset.turn = s.status.turn ?? "";
  $("online-game").dataset.roomStatus = s.roomStatus;
  $("online-game").dataset.ply = String(s.ply);
  $("online-game").dataset.seat = seat ?? "";
  // Invitation while seats are free.
  const waiting = s.roomStatus === "waiting";
  $("invite-box").hidden = !waiting;
  if (waiting) $("invite-link").value = inviteUrl();
  // Result.
  const result = $("online-result");
  result.hidden = !s.status.over;
  if (s.status.over && !result.dataset.text) {
    result.dataset.text = "1";
    result.prepend(el("strong", { textContent: resultText(s) }));
  }
  $("online-resign").disabled = seat === null || s.roomStatus !== "playing";
  $("online-claim").hidden = four;
  $("online-claim").disabled = !s.status.canClaimDraw || seat === null;
  renderSeats(s, seat);
  renderMovesList(s);
  renderBoard(s, seat, four);
  renderClocks();
}

function renderSeats(s, mySeat) {
  const rows = s.seats.map((x) => {
    const tr = el("tr", { className: `seat-${x.seat}` + (s.status.turn === x.seat ? " to-move" : "") });
    tr.dataset.seat = x.seat;
    const name = el("td", { className: "online-name" });
    if (x.player) {
      name.append(el("span", { className: "player-name", textContent: x.player.name }));
      if (x.seat === mySeat) name.append(el("span", { className: "muted", textContent: ` (${ot("you")})` }));
      const r = view.ratingsById.get(x.player.id);
      name.append(el("span", { className: "seat-rating", textContent: " " + (r ? ratingText(r) : "1500?"), title: !r || r.provisional ? ot("provisional") : "" }));
    } else name.textContent = x.computer ? ot("computerSeat", { n: x.computer }) : ot("freeSeat");
    const presence = el("td", { className: "presence" });
    presence.dataset.awaySince = x.awaySince ?? "";
    presence.dataset.player = x.player?.name ?? "";
    const score = s.score.find((q) => q.player === x.seat);
    const facts = gameInfo(s.game)?.facts;
    const pts = facts?.points ? String(score?.points ?? 0) : facts?.countsChecks ? ot("checks", { n: score?.checks ?? 0 }) : "";
    tr.append(el("th", { scope: "row" }, el("span", { className: "seat-name" }, swatch(x.seat), seatName(x.seat))), name, presence, el("td", { className: "seat-score", textContent: pts }));
    return tr;
  });
  $("online-seats").replaceChildren(el("tbody", {}, ...rows));
}

function renderClocks() {
  const s = view.room?.state;
  if (!s || !$("online-game")) return;
  const now = Date.now() + view.skew;
  for (const td of document.querySelectorAll("#online-seats td.presence")) {
    const since = Number(td.dataset.awaySince) || 0;
    const tr = td.closest("tr");
    const x = s.seats.find((q) => q.seat === tr.dataset.seat);
    let text;
    if (!x?.player) text = "";
    else if (!since) text = ot("connected");
    else {
      const left = Math.ceil((since + (s.awaySeconds ?? 60) * 1000 - now) / 1000);
      text = s.roomStatus !== "playing" ? ot("awayNow") : left > 0 ? ot("away", { s: left }) : ot("standIn", { name: x.player.name });
    }
    td.dataset.state = !x?.player ? "computer" : !since ? "connected" : "away";
    if (td.textContent !== text) td.textContent = text;
  }
  const clock = $("online-clock");
  if (s.clock && s.roomStatus === "playing") {
    const left = Math.max(0, Math.ceil((s.clock.deadline - now) / 1000));
    clock.hidden = false;
    const text = `${ot("clock")}: ${seatName(s.clock.turn)} ${left} s`;
    if (clock.textContent !== text) clock.textContent = text;
    clock.classList.toggle("low", left <= 10);
  } else clock.hidden = true;
}

function renderMovesList(s) {
  const list = $("online-moves");
  // The state's `san`: SAN for two players, PGN4 move text for four (`moves` is what a
  // program reads: UCI for two players). A server from before `san` existed sends only `moves`.
  const moves = s.san ?? s.moves;
  // Append only what is new (a long game must not rebuild the list on every move).
  if (list.children.length > moves.length) list.replaceChildren();
  for (let i = list.children.length; i < moves.length; i++) list.append(el("li", { textContent: moves[i] }));
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
  const key = `${s.room}:${s.ply}:${s.status.turn}:${s.roomStatus}`;
  if (key === view.renderedKey) return;
  view.renderedKey = key;
  view.board.update({
    key,
    n,
    pieces,
    rot: Math.max(0, rot),
    lasts: last,
    hint: null,
    checked,
    hill: facts.hill,
    finish: facts.finishRank ? [..."abcdefghijklmn".slice(0, n)].map((f) => f + facts.finishRank) : [],
    interactive: s.roomStatus === "playing" && !s.status.over && s.status.turn === seat,
    animate: true,
    showLegal: true,
    ariaLabel: `${t("board")}: ${gameName(s.game)}`,
    labelKey: getLang(),
  });
  $("online-board-frame").classList.toggle("four", n === 14);
  $("online-game").classList.toggle("two", n === 8);
}
