// Types of tablero-online.js: the client of tablero-server's online rooms (docs/PROTOCOL.md).
import type { Move, Player, Rules, Score, Status, Variant } from "./tablero.js";

/** The six games a room can hold. */
export type RoomGame = import("./games.js").RoomGame;

/** Refusal and client error codes. */
export type OnlineErrorCode =
  | "not-seated" | "not-started" | "not-your-turn" | "illegal-move" | "stale-ply" | "game-over"
  | "no-draw" | "already-out" | "bad-message" | "too-large" | "rate-limited" | "internal"
  | "bad-request" | "unauthorized" | "bad-origin" | "no-room" | "taken"
  | "flagged" | "aborted" | "no-offer" | "already-offered" | "not-allowed" | "too-late" | "not-over"
  | "left" | "chat-too-long" | "cancelled" | "bad-clock" | "clock-and-timer" | "not-creator"
  | "not-waiting" | "not-connected" | "too-many-rooms"
  | "network" | "http" | "disconnected" | "closed" | "timeout" | "invalid-argument";

export class OnlineError extends Error {
  constructor(code: OnlineErrorCode | string, message: string, status?: number);
  readonly code: OnlineErrorCode | string;
  /** The HTTP status, for errors of HTTP calls. */
  readonly status?: number;
}

export interface PlayerRef { id: string; name: string }
export interface RegisteredPlayer extends PlayerRef { token: string }
export interface Rating { game: RoomGame; rating: number; games: number; provisional: boolean }
export interface Me extends PlayerRef { ratings: Rating[] }
export interface LeaderboardEntry { player: PlayerRef; rating: number; games: number; provisional: boolean }

export interface LobbySeat { seat: Player; player?: PlayerRef; computer?: number }
/** A time control in seconds: `3+2` is `{initial: 180, increment: 2}`. */
export interface TimeControl { initial: number; increment: number }
export interface LobbyRoom {
  id: string; game: RoomGame; rated: boolean; clock: TimeControl | null; turnSeconds: number;
  moveLimit: number | null; created: number; seats: LobbySeat[]; free: Player[];
}
/** A game in progress, listed for watching. */
export interface LobbyGame {
  id: string; game: RoomGame; rated: boolean; clock: TimeControl | null; turnSeconds: number;
  moveLimit: number | null; started: number; ply: number; watchers: number; seats: LobbySeat[];
}
export interface Lobby { rooms: LobbyRoom[]; games: LobbyGame[]; playing: number; online: number }

export interface CreateRoom {
  game: RoomGame;
  rated?: boolean;
  /** A game clock (R11); a room has a clock or a turn timer, not both. */
  clock?: TimeControl;
  turnSeconds?: 0 | 30 | 60;
  moveLimit?: number;
  seat?: Player;
  /** Seats played by the computer, with their level 1–8. */
  computers?: Partial<Record<Player, number>>;
}
export interface CreatedRoom { id: string; invite: string; seat: Player }

export interface RoomSeat {
  seat: Player;
  player?: PlayerRef;
  computer?: number;
  connected?: boolean;
  /** When the player's last socket closed (ms since the epoch); null while connected. */
  awaySince?: number | null;
}

export interface RoomState {
  type: "state";
  room: string;
  game: RoomGame;
  rated: boolean;
  turnSeconds: number;
  moveLimit: number | null;
  roomStatus: "waiting" | "playing" | "over" | "cancelled";
  ply: number;
  /** UCI (two players) or PGN4 move text (four players). */
  moves: string[];
  /** The same moves as people read them: SAN (two players) or PGN4 move text (four players). */
  san: string[];
  fen: string;
  /** The position the game started from (a Chess960 room's is drawn from its seed): `moves`
   * replay from it to `fen`. */
  startFen: string;
  status: Status;
  score: Score[];
  last: Move | null;
  seats: RoomSeat[];
  /** A turn timer's `{turn, deadline, now}`, or a game clock's `{initial, increment, turn,
   * started, deadline, now}`; null with neither. */
  clock: { turn: Player | null; deadline: number; now: number; initial?: number; increment?: number; started?: boolean } | null;
  /** Each seat's remaining ms at `now` with a game clock; null without one. */
  clocks: Partial<Record<Player, number>> | null;
  /** Open offers, oldest first (`accepted`: seats, the offerer first). */
  offers: RoomOffer[];
  /** The game may still be aborted (before every seat's first move). */
  abortable: boolean;
  /** The rematch room's id once a rematch is agreed. */
  rematch: string | null;
  /** Sockets watching without a seat. */
  watchers: number;
  /** The server's time when the state was sent (ms since the epoch). */
  now: number;
  awaySeconds: number;
  you?: { player: PlayerRef | null; seat: Player | null };
  [extra: string]: unknown;
}

export type OfferKind = "draw" | "takeback" | "rematch";
export interface RoomOffer { offer: OfferKind; by: Player; accepted: Player[] }
export interface ChatLine {
  channel: "players" | "watchers" | "team";
  seat: Player | null;
  player: PlayerRef | null;
  /** Plain text: insert it as text, never as HTML. */
  text: string;
  at: number;
}

/** A seat's remaining ms at server time `serverNow` (null without a game clock). */
export function remainingMs(state: RoomState | null, seat: Player, serverNow: number): number | null;

export interface ClientOptions {
  /** Base URL of the server (default: the page's origin). */
  server?: string;
  /** A token from an earlier `register`. */
  token?: string | null;
  /** WebSocket constructor (default `globalThis.WebSocket`; in Node 20 pass the `ws` package's). */
  WebSocket?: unknown;
  fetch?: typeof fetch;
}

/** Engine options (`newGame`) for a room's game, from the package's `games()` table (so the
 * wasm module must be loaded: `init()` first). */
export function engineOptions(game: RoomGame): { variant: Variant; rules?: Rules };

export class OnlineClient {
  constructor(options?: ClientOptions);
  readonly server: string;
  /** The device's secret; keep it (e.g. in localStorage) to get the seats back later. */
  token: string | null;
  health(): Promise<boolean>;
  register(name: string): Promise<RegisteredPlayer>;
  me(): Promise<Me>;
  rooms(): Promise<Lobby>;
  /** Cancels a waiting room the caller created. */
  cancelRoom(roomId: string): Promise<{ ok: true }>;
  createRoom(options: CreateRoom): Promise<CreatedRoom>;
  join(roomId: string, seat?: Player): Promise<{ seat: Player }>;
  roomState(roomId: string): Promise<RoomState>;
  ratings(game: RoomGame): Promise<LeaderboardEntry[]>;
  /** Renames the caller: same id, token, ratings, seats and history. */
  rename(name: string): Promise<{ id: string; name: string }>;
  /** Signs in with a recovery code (another device's token); keeps the token. */
  recover(code: string): Promise<RegisteredPlayer>;
  player(id: string): Promise<Profile>;
  playerGames(id: string, before?: string | null): Promise<GamesPage>;
  /** The URL of a game's record (PGN, PGN4 for four players). */
  recordUrl(roomId: string): string;
  /** A game's record as text. */
  gameRecord(roomId: string): Promise<string>;
  openRoom(roomId: string, options?: { maxDelay?: number }): Room;
}

export interface RoomEvents {
  state: (state: RoomState) => void;
  move: (last: Move | null, state: RoomState) => void;
  presence: (seats: RoomSeat[], state: RoomState) => void;
  error: (error: OnlineError) => void;
  connection: (info: { connected: boolean; attempt: number; retryIn: number }) => void;
  chat: (lines: ChatLine[], all: ChatLine[]) => void;
  rematch: (roomId: string, state: RoomState) => void;
  closed: (info: { code: string; message: string }) => void;
}

export class Room {
  readonly id: string;
  /** The newest state from the server (null before the first). */
  readonly state: RoomState | null;
  readonly you: { player: PlayerRef | null; seat: Player | null } | null;
  /** The seat this socket plays; null when watching. */
  readonly seat: Player | null;
  readonly connected: boolean;
  readonly closed: boolean;
  /** The chat lines this socket may read, oldest first. */
  readonly chatLines: ChatLine[];
  /** Server time − local time (ms), from the newest state. */
  readonly offset: number;
  on<K extends keyof RoomEvents>(type: K, listener: RoomEvents[K]): () => void;
  /** Resolves with the first state (the current one included) that satisfies `pred`. */
  waitFor(pred: (state: RoomState) => boolean, timeoutMs?: number): Promise<RoomState>;
  /** This seat's legal moves now (needs the wasm module initialised); [] when not its turn. */
  legalMoves(from?: string): Move[];
  play(move: string | { from: string; to: string; promotion?: "q" | "r" | "b" | "n" }): Promise<RoomState>;
  resign(): Promise<RoomState>;
  claimDraw(): Promise<RoomState>;
  offer(kind: OfferKind): Promise<RoomState>;
  answer(kind: OfferKind, accept: boolean): Promise<RoomState>;
  abort(): Promise<RoomState>;
  chat(text: string, channel?: "players" | "watchers" | "team"): Promise<RoomState>;
  /** A seat's remaining ms at a local time (default now); null without a game clock. */
  clockMs(seat: Player, localNow?: number): number | null;
  close(): void;
}

/** A player's public profile (`GET /api/players/<id>`). */
export interface Profile {
  id: string;
  name: string;
  created: number;
  ratings: {
    game: RoomGame;
    rating: number;
    games: number;
    provisional: boolean;
    /** The ratings after each of the last 50 rated games, oldest first. */
    history: { at: number; rating: number }[];
  }[];
}

/** A finished game in a player's history. */
export interface PlayedGame {
  room: string;
  game: RoomGame;
  rated: boolean;
  seat: Player;
  opponents: { seat: Player; player?: { id: string; name: string }; computer?: number }[];
  result: "win" | "loss" | "draw" | "aborted";
  reason: string | null;
  rating: { before: number; after: number; change: number } | null;
  ended: number;
  /** The record's path, `/api/games/<room>.pgn`. */
  record: string;
}

/** A page of history (`GET /api/players/<id>/games`). */
export interface GamesPage {
  games: PlayedGame[];
  next: string | null;
}
