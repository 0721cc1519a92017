// The games, as the package's one table names them (`games()`, from src/kind.rs): ids, the
// package's options, players, play order, facts. Nothing else in www/ spells a game's name:
// the views and the session ask this file, by the id the table gives.
import { games, newGame } from "./engine.js";
import { engineOptions } from "../pkg/tablero-online.js";
import { t, hasText } from "./i18n/index.js";

/** The table, read from the package once (after `init()`: it comes from the wasm module). */
const table = { rows: null };
const rows = () => (table.rows ??= games());

/** A game's row of the table, or null for an id it does not hold. */
export const gameInfo = (id) => rows().find((g) => g.id === id) ?? null;

/**
 * The games this page offers, in table order: those whose name its i18n tables give in every
 * language. A game the table has but the page cannot yet name and explain (Chess960 today) is
 * not shown; adding its labels and rules to www/i18n/ is what offers it.
 */
export const pageGames = () => rows().filter((g) => hasText(g.label));

/** The ids of the games this page offers. */
export const choices = () => pageGames().map((g) => g.id);

/** The games an online room can hold, among those the page offers. */
export const onlineGames = () => pageGames().filter((g) => g.online);

/** `id` if the page offers it, else the first game it offers (a stale preference, a bad link). */
export const offered = (id) => (choices().includes(id) ? id : choices()[0]);

/** The game with this id's name in the page's language. */
export const gameName = (id) => t(gameInfo(id)?.label ?? id);

/** The game a package Game plays (its `variant` and `rules`), or null. */
export const idOf = (game) => rows().find((g) => g.variant === game.variant && (g.rules ?? undefined) === (game.rules ?? undefined))?.id ?? null;

/** Is it a four-player game (the cross board, points, seats that go out)? */
export const isFour = (id) => gameInfo(id)?.players.length === 4;

/** The seats of a game in play order (before a game exists; `game.players` once it does). */
export const seatsOf = (id) => gameInfo(id)?.playOrder ?? [];

/**
 * Does the game play in two teams of partners sitting opposite (Teams, R14)? Of the table's
 * four-player games, the one without points: it is won by a team, not a player.
 */
export const hasPartners = (id) => isFour(id) && !gameInfo(id).facts.points;

/** A seat's partner (the seat opposite, two along the table's seat list) in a team game, else
 * null. */
export function partnerOf(id, seat) {
  if (!hasPartners(id)) return null;
  const seats = gameInfo(id).players;
  const i = seats.indexOf(seat);
  return i < 0 ? null : seats[(i + 2) % seats.length];
}

/** The first two-player or four-player game of the table (imports that name no game). */
export const firstGame = (four) => rows().find((g) => (g.players.length === 4) === four).id;

/** Does the game start from one of several numbered positions (`newGame`'s `position`,
 * Chess960)? Asked of the package once per game, so no game is named here. */
export function takesPosition(id) {
  table.positions ??= new Map();
  if (!table.positions.has(id)) {
    let ok = false;
    try {
      newGame({ ...engineOptions(id), position: 0 }).free();
      ok = true;
    } catch {
      /* a game without numbered starts refuses the option */
    }
    table.positions.set(id, ok);
  }
  return table.positions.get(id);
}

// The knights' places among the five squares left after the bishops and the queen, in the
// order the numbering uses.
const KNIGHTS = ["NN---", "N-N--", "N--N-", "N---N", "-NN--", "-N-N-", "-N--N", "--NN-", "--N-N", "---NN"];

/**
 * The number (0–959) of a Chess960 start from its FEN, as the package and every Chess960
 * program number them (518 is the usual start); null for a FEN whose first rank is no such
 * start. Read from White's first rank: the two bishops, the queen, the knights.
 */
export function startNumber(fen) {
  const rank = String(fen).split(" ")[0].split("/").at(-1);
  if (!/^[KQRBN]{8}$/.test(rank)) return null;
  const files = [...rank];
  const bishops = files.flatMap((p, i) => (p === "B" ? [i] : []));
  if (bishops.length !== 2 || bishops[0] % 2 === bishops[1] % 2) return null;
  const light = bishops.find((i) => i % 2 === 1);
  const dark = bishops.find((i) => i % 2 === 0);
  const rest = files.filter((p) => p !== "B");
  const q = rest.indexOf("Q");
  const five = rest.filter((_, i) => i !== q);
  const n = KNIGHTS.indexOf(five.map((p) => (p === "N" ? "N" : "-")).join(""));
  if (q < 0 || n < 0 || five.filter((p) => p !== "N").join("") !== "RKR") return null;
  return ((n * 6 + q) * 4 + dark / 2) * 4 + (light - 1) / 2;
}

/** `newGame` options for a game and the page's settings (first player and move limit count
 * in four-player games only, the en-passant setting in team games only, R14.4; a start
 * position number in games that take one). */
export function newGameOptions(id, settings = {}) {
  const o = engineOptions(id);
  if (Number.isInteger(settings.position) && takesPosition(id)) o.position = settings.position;
  if (!isFour(id)) return o;
  if (settings.firstPlayer && settings.firstPlayer !== seatsOf(id)[0]) o.firstPlayer = settings.firstPlayer;
  if (settings.moveLimit > 0) o.moveLimit = settings.moveLimit;
  if (settings.enPassant === false && hasPartners(id)) o.enPassant = false;
  return o;
}
