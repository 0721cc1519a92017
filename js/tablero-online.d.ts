// Types of tablero-online.js: the client of tablero-server's online rooms (docs/PROTOCOL.md).
import type { Move, Player, Rules, Score, Status, Variant } from "./tablero.js";

/** The six games a room can hold. */
export type RoomGame = import("./games.js").RoomGame;

/** Refusal and client error codes. */
export type OnlineErrorCode =
  | "not-seated" | "not-started" | "not-your-turn" | "illegal-move" | "stale-ply" | "game-over"
  | "no-draw" | "already-out" | "bad-message" | "too-large" | "rate-limited" | "internal"
  | "bad-request" | "unauthorized" | "bad-origin" | "no-room" | "taken"
  | "network" | "http" | "disconnected" | "closed" | "timeout" | "invalid-argument";

export class OnlineError extends Error {
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
export interface LobbyRoom {
  id: string; game: RoomGame; rated: boolean; turnSeconds: number; moveLimit: number | null;
  created: number; seats: LobbySeat[]; free: Player[];
}
export interface Lobby { rooms: LobbyRoom[]; playing: number; online: number }

export interface CreateRoom {
  game: RoomGame;
  rated?: boolean;
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
  roomStatus: "waiting" | "playing" | "over";
  ply: number;
  /** UCI (two players) or PGN4 move text (four players). */
  moves: string[];
  /** The same moves as people read them: SAN (two players) or PGN4 move text (four players). */
  san: string[];
  fen: string;
  status: Status;
  score: Score[];
  last: Move | null;
  seats: RoomSeat[];
  clock: { turn: Player; deadline: number; now: number } | null;
  you?: { player: PlayerRef | null; seat: Player | null };
  [extra: string]: unknown;
}

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
  createRoom(options: CreateRoom): Promise<CreatedRoom>;
  join(roomId: string, seat?: Player): Promise<{ seat: Player }>;
  roomState(roomId: string): Promise<RoomState>;
  ratings(game: RoomGame): Promise<LeaderboardEntry[]>;
  openRoom(roomId: string, options?: { maxDelay?: number }): Room;
}

export interface RoomEvents {
  state: (state: RoomState) => void;
  move: (last: Move | null, state: RoomState) => void;
  presence: (seats: RoomSeat[], state: RoomState) => void;
  error: (error: OnlineError) => void;
  connection: (info: { connected: boolean; attempt: number; retryIn: number }) => void;
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
  on<K extends keyof RoomEvents>(type: K, listener: RoomEvents[K]): () => void;
  /** Resolves with the first state (the current one included) that satisfies `pred`. */
  waitFor(pred: (state: RoomState) => boolean, timeoutMs?: number): Promise<RoomState>;
  /** This seat's legal moves now (needs the wasm module initialised); [] when not its turn. */
  legalMoves(from?: string): Move[];
  play(move: string | { from: string; to: string; promotion?: "q" | "r" | "b" | "n" }): Promise<RoomState>;
  resign(): Promise<RoomState>;
  claimDraw(): Promise<RoomState>;
  close(): void;
}
