// A player's profile (#/online/player/<id>; links are #player=<id>): name, ratings per game
// with a small graph of the last rated games, and the finished games from the server, each
// with its record to replay here or download. Names come from other people: set as text.
import { gameName, gameInfo } from "../games.js";
import { seatName } from "../i18n/index.js";
import { fmtDate } from "./common.js";
import { ot, refusal } from "../online/strings.js";
import { getClient, identity } from "../online/identity.js";
import { el, nameSpan } from "./online-common.js";
import { openRecord } from "./io.js";
import { newGame } from "../engine.js";
import { clockText } from "../online/clock.js";

const SVG = "http://www.w3.org/2000/svg";

/** The rating graph: one polyline over the ratings after each game, oldest left. */
function graph(points, label) {
  const w = 240;
  const h = 60;
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  svg.setAttribute("class", "rating-graph");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  if (points.length < 2) return svg;
  const values = points.map((p) => p.rating);
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const span = hi - lo || 1;
  const xy = values.map((v, i) => `${((i / (values.length - 1)) * (w - 8) + 4).toFixed(1)},${(h - 4 - ((v - lo) / span) * (h - 8)).toFixed(1)}`);
  const line = document.createElementNS(SVG, "polyline");
  line.setAttribute("points", xy.join(" "));
  line.setAttribute("class", "rating-line");
  svg.append(line);
  return svg;
}

/** The record's moves with the clock after each (its `[%clk]`), read by the package. */
async function movesWithClocks(room, id, box) {
  try {
    const pgn = await getClient().gameRecord(room);
    // A PGN4 names its rules but not the board: the game's variant says which.
    const info = gameInfo(id);
    const game = newGame(info.rules ? { variant: info.variant, pgn } : { pgn });
    const items = [];
    try {
      for (let node = game.tree().children[0]; node; node = node.children[0]) {
        const clock = node.clock === undefined ? "" : ` (${clockText(node.clock)})`;
        items.push(el("li", { textContent: `${node.san ?? node.uci}${clock}` }));
      }
    } finally {
      game.free();
    }
    box.replaceChildren(el("ol", { className: "record-moves" }, ...items));
  } catch (err) {
    box.replaceChildren(el("p", { className: "error", textContent: refusal(err) }));
  }
}

/** One finished game of the list. */
function gameItem(g) {
  const names = g.opponents.map((o) => (o.player ? o.player.name : ot("computerSeat", { n: o.computer }))).join(", ");
  const change = g.rating ? Math.round(g.rating.after) - Math.round(g.rating.before) : null;
  const li = el(
    "li",
    { className: `online-room played result-${g.result}` },
    el("strong", { textContent: gameName(g.game) }),
    el("span", { className: "played-result", textContent: ot(`res_${g.result}`) }),
    el("span", { className: "muted", textContent: `${seatName(g.seat)} · ${ot("against", { names })}` }),
    change === null ? null : el("span", { className: "rating-change", textContent: change > 0 ? `+${change}` : String(change) }),
    el("span", { className: "muted", textContent: fmtDate(g.ended) }),
    el("button", {
      type: "button",
      className: "button replay",
      textContent: ot("replay"),
      onclick: async () => openRecord(await getClient().gameRecord(g.room), g.game),
    }),
    el("a", { className: "button download", href: getClient().recordUrl(g.room), download: `tablero-${g.room}.pgn`, textContent: ot("download") }),
  );
  const box = el("div", { className: "record-box" });
  const details = el("details", { className: "record" }, el("summary", { textContent: ot("movesAndClocks") }), box);
  details.addEventListener("toggle", () => details.open && !box.childElementCount && movesWithClocks(g.room, g.game, box), { once: false });
  li.append(details);
  li.dataset.room = g.room;
  return li;
}

/** A list of a player's games that loads its next page on demand. */
export function gamesList(id, { limit = Infinity } = {}) {
  const list = el("ul", { className: "online-rooms games-list" });
  const more = el("button", { type: "button", className: "button more-games", textContent: ot("moreGames"), hidden: true });
  let next = null;
  let shown = 0;
  const load = async () => {
    more.hidden = true;
    try {
      const page = await getClient().playerGames(id, next);
      const games = page.games.slice(0, Math.max(0, limit - shown));
      list.append(...games.map(gameItem));
      shown += games.length;
      next = page.next;
      more.hidden = !next || shown >= limit;
      if (!shown) list.append(el("li", { className: "muted games-empty", textContent: ot("noGamesYet") }));
    } catch (err) {
      list.append(el("li", { className: "error", textContent: refusal(err) }));
    }
  };
  more.addEventListener("click", load);
  load();
  return el("div", { className: "games-box" }, list, more);
}

/** Draws the profile of player `id` into `root`. */
export async function renderProfile(root, id) {
  let p;
  try {
    p = await getClient().player(id);
  } catch (err) {
    root.replaceChildren(el("h1", { textContent: ot("title") }), el("p", { className: "error", id: "profile-error", textContent: refusal(err) }));
    return;
  }
  const ratings = el(
    "ul",
    { className: "profile-ratings", id: "profile-ratings" },
    ...p.ratings.map((r) => {
      const li = el(
        "li",
        {},
        el("span", { textContent: ot("ratingIn", { game: gameName(r.game), rating: `${Math.round(r.rating)}${r.provisional ? "?" : ""}` }) }),
        el("span", { className: "muted", textContent: ` (${r.games})` }),
        graph(r.history, ot("ratingGraph", { game: gameName(r.game), n: r.history.length })),
      );
      li.dataset.game = r.game;
      return li;
    }),
  );
  const mine = identity()?.id === p.id;
  root.replaceChildren(
    el("h1", { id: "profile-name", className: mine ? "me" : "" }, nameSpan(p.name)),
    el("p", { className: "muted", textContent: ot("playingSince", { date: fmtDate(p.created) }) }),
    ratings,
    el("h2", { textContent: ot("gamesTitle") }),
    el("div", { id: "profile-games" }, gamesList(p.id)),
  );
}
