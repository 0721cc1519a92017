// The app's one state object. Everything the views draw comes from here; the engine is read
// once per change into `state.cur.snap` (see session.js). The games themselves are games.js's.

/** Clockwise from the bottom at rotation 0 (R5.2): the board's geometry, not the play order. */
export const CLOCKWISE = ["red", "blue", "yellow", "green"];

const DEFAULT_PREFS = {
  /** The game chosen on the home page (a game id; null: the first the page offers). */
  choice: null,
  seats: {},
  showLegal: true,
  rotate: true,
  timeLimit: 0,
  /** Four players: the move limit in rounds (one move by each player); 0 for none. */
  roundLimit: 0,
  /** Chess960: the start position's number (0–959); null for a random one. */
  position: null,
  alternate: true,
  /** Teams' en-passant setting (R14.4; on by default, as chess.com plays it). */
  enPassant: true,
  muted: false,
  zoom: false,
  /** "auto" (the device's light or dark), "light" or "dark". */
  scheme: "auto",
  /** The board's colours: "wood", "green" or "blue" (looks.js). */
  boardTheme: "wood",
  /** Figurine notation in the move list ("♘f3" for "Nf3"). */
  figurine: false,
};

function loadPrefs() {
  try {
    return { ...DEFAULT_PREFS, ...JSON.parse(localStorage.getItem("tablero.prefs") ?? "{}") };
  } catch {
    return { ...DEFAULT_PREFS };
  }
}

export const state = {
  prefs: loadPrefs(),
  /** "home" | "game" | "saved" | "rules" */
  view: null,
  storageOk: true,
  /**
   * The open game, or null:
   * { id, choice, seats, settings, created, importKey?, importNote?, game, snap, viewPly (null = live),
   *   review (cached past position), rotOffset, lastHumanSeat, timer {ply, seat, deadline},
   *   thinking (seat), aiKey, forcedKey, hint, overShown, json (cached toJSON) }
   */
  cur: null,
};

/** The saved form of a game, computed at most once per position (the worker and the store
 * share it; session.js clears `c.json` whenever the game changes). */
export function jsonOf(c) {
  c.json ??= c.game.toJSON();
  return c.json;
}

/** The seat to move in the open game, or null. */
export const liveTurn = (c = state.cur) => c?.snap.status.turn ?? null;
/** Is `seat` played by a person (not the computer) in game `c`? */
export const isHuman = (c, seat) => !!seat && c.seats[seat]?.type !== "ai";
/** Is a person to move in the live position of game `c`? */
export const humanToMove = (c = state.cur) => !!c && !c.snap.status.over && isHuman(c, liveTurn(c));

export function savePrefs() {
  try {
    localStorage.setItem("tablero.prefs", JSON.stringify(state.prefs));
  } catch {
    /* storage may be blocked */
  }
}
