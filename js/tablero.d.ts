// Types of tablero-chess (js/tablero.js over the wasm-bindgen glue).
//
// Written by hand rather than generated so that they can be generic over the kind of game
// (a two-player game's players are "white" | "black", a four-player game's the four seats)
// and use no DOM-only or lib-specific types: they compile with `strict` and
// `skipLibCheck: false` in DOM projects and in Node projects with `lib: ["ES2022"]`
// (tests/types/). tests/node/dts.test.mjs checks that every method of the glue's Game is
// declared here.

// The names of the games (`TwoPlayerVariant`, `Variant`, `Rules`, `GameId`, `RoomGame`) are
// generated from the crate's table of games into games.d.ts.
import type { FourPlayerVariant, GameId, Rules, TwoPlayerVariant, Variant } from "./games.js";
export type { FourPlayerVariant, GameId, RoomGame, Rules, TwoPlayerVariant, Variant } from "./games.js";
// The names of the squares (`Square8`, `Square4`) are generated from the engines' boards.
import type { Square4, Square8 } from "./squares.js";
export type { Square4, Square8 } from "./squares.js";
/** A side of a two-player game. */
export type Side = "white" | "black";
/** A seat of a four-player game. */
export type Seat = "red" | "blue" | "yellow" | "green";
/** A side of a two-player game or a seat of a four-player game. */
export type Player = Side | Seat;
/** The players of a variant: `PlayerOf<"chess">` is `Side`, `PlayerOf<"fourplayer">` is `Seat`. */
export type PlayerOf<V extends Variant> = V extends FourPlayerVariant ? Seat : Side;
/** A square of any board: `Square8` (the 64 of the 8×8 board) or `Square4` (the 160 of the cross). */
export type Square = Square8 | Square4;
/** The squares of a game of players `P`: `SquareOf<Side>` is `Square8`, `SquareOf<Seat>` is `Square4`, `SquareOf<Player>` is `Square`. */
export type SquareOf<P extends Player> = [P] extends [Side] ? Square8 : [P] extends [Seat] ? Square4 : Square;
/** Piece roles. */
export type PieceName = "pawn" | "knight" | "bishop" | "rook" | "queen" | "king";
/** A promotion piece as UCI writes it. */
export type Promotion = "q" | "r" | "b" | "n";

/** The `code` of every error the API throws. */
export type ErrorCode =
  | "illegal-move"
  | "invalid-fen"
  | "invalid-pgn"
  | "game-over"
  | "invalid-argument"
  /** A call before `init()` / `initSync()` finished. */
  | "not-initialized"
  /** A call on a game after its `free()`, or a second `free()`. */
  | "freed"
  /** An engine invariant failed: a bug in tablero, never the caller's input. */
  | "internal";

/** What every API call throws: an `Error` with a stable `code`. */
export declare class TableroError extends Error {
  constructor(code: ErrorCode, message: string);
  readonly code: ErrorCode;
  readonly name: "TableroError";
}

/** Options every `newGame` call may give. Unknown fields are refused. */
interface CommonOptions {
  /** Start from this FEN (FEN4 for "fourplayer"). */
  fen?: string;
  /** Import this PGN (PGN4 for "fourplayer"). */
  pgn?: string;
  /** Seed for the computer opponent and random moves (integer ≥ 0). */
  seed?: number;
}

/** `newGame` options of a two-player game. */
export interface TwoPlayerOptions extends CommonOptions {
  variant?: TwoPlayerVariant;
  /** Chess960 only: the start position's number, 0 to 959 (518 is the usual start); without
   *  it (and without `fen`/`pgn`) the seed picks one. */
  position?: number;
}

/** `newGame` options of a four-player game. */
export interface FourPlayerOptions extends CommonOptions {
  variant: FourPlayerVariant;
  /** The rules preset, "ffa" (default), "kingdoms" or "teams". */
  rules?: Rules;
  /** The first seat to move (default "red"). */
  firstPlayer?: Seat;
  /** The game ends on points after this many moves (all players counted). */
  moveLimit?: number;
  /** Teams only: en passant on (default) or off (RULES R14.4). */
  enPassant?: boolean;
}

/** Options of `newGame`: every field is optional; unknown fields are refused. */
export interface NewGameOptions extends CommonOptions {
  /** Which game; default "chess" (or, with `pgn`, what its Variant tag says). */
  variant?: Variant;
  rules?: Rules;
  firstPlayer?: Player;
  moveLimit?: number;
  enPassant?: boolean;
  position?: number;
}

/** A move to play given as squares, e.g. `{from: "e7", to: "e8", promotion: "q"}`. */
export interface MoveInput { from: string; to: string; promotion?: Promotion; }

/** Why a four-player score changed. */
export type ScoreReason =
  | "capture" | "checkmate" | "stalemate" | "double-check" | "triple-check"
  | "king-capture" | "draw" | "survivor";

/** One score change caused by a four-player history entry. */
export interface ScoreEvent<P extends Player = Player> { player: P; points: number; reason: ScoreReason; }

/** A legal or played move, the same shape in every game. Castling is the king's move
 *  (`e1g1`). Four players: `san` is the PGN4 move text; resignations and time-outs are
 *  history entries too (`kind`), with empty squares and `piece: ""`. */
export interface Move<P extends Player = Player> {
  player: P;
  /** "move"; "resign", "timeout" or "random" (a Four Kingdoms zombie move) in four-player history. */
  kind: "move" | "resign" | "timeout" | "random";
  /** The origin square; `""` for resignation and time-out entries. */
  from: SquareOf<P> | "";
  /** The destination square; `""` for resignation and time-out entries. */
  to: SquareOf<P> | "";
  promotion?: Promotion;
  uci: string;
  san: string;
  piece: PieceName | "";
  captured?: PieceName;
  /** Any king left in check. */
  check: boolean;
  /** The kings left in check (two players: `[]` or the opponent). */
  checks: P[];
  /** Points this entry scored for `player` (two players: 0). */
  points: number;
  /** Every score change this entry caused (two players: `[]`). */
  scoring: ScoreEvent<P>[];
  /** Every player this entry put out (two players: `[]`). */
  eliminated: { player: P; reason: string }[];
}

/** Why a game ended. */
export type ResultReason =
  // two players
  | "checkmate" | "stalemate" | "third-check" | "king-of-the-hill" | "race"
  | "fivefold-repetition" | "seventy-five-move-rule" | "resignation" | "draw-claimed"
  // both
  | "threefold-repetition" | "fifty-move-rule" | "insufficient-material"
  // four players
  | "three-out" | "points-lead" | "move-limit" | "last-survivor"
  // Teams
  | "king-captured" | "timeout";

/** A four-player seat's state. */
export type SeatStatus = "active" | "checkmated" | "stalemated" | "resigned" | "timeout" | "king-captured";

/** One player's standing, the same shape in every game. */
export interface Score<P extends Player = Player> {
  player: P;
  /** Four players: game points. Two players: 1 / 0.5 / 0 once over, 0 before. */
  points: number;
  /** Checks given, where the game counts them (Three-check). */
  checks?: number;
  /** Four players only. */
  status?: SeatStatus;
  /** Once over, every game: 1-based place; equal results share it (a draw: both 1). */
  place?: number;
}

/** How a game ended. */
export interface Result<P extends Player = Player> {
  /** The players in first place; `[]` for a two-player draw. */
  winners: P[];
  reason: ResultReason;
  scores: Score<P>[];
}

/** The state of a game going on: someone to move, no result. */
export interface PlayingStatus<P extends Player = Player> {
  /** Player to move. */
  turn: P;
  /** Kings in check (two players: at most the player to move). */
  inCheck: P[];
  over: false;
  result?: undefined;
  /** A draw can be claimed with `claimDraw()` (always false for four players). */
  canClaimDraw: boolean;
}

/** The state of a game that is over: nobody to move, and the result. */
export interface OverStatus<P extends Player = Player> {
  turn: null;
  /** Kings in check (two players: at most the player to move). */
  inCheck: P[];
  over: true;
  result: Result<P>;
  /** Always false once over. */
  canClaimDraw: boolean;
}

/** The state of a game, the same shape in every game; `over` tells the two apart
 *  (`if (s.over) s.result.reason; else s.turn`). */
export type Status<P extends Player = Player> = PlayingStatus<P> | OverStatus<P>;

/** An occupied square. `grey` marks the pieces of a four-player seat that is out. */
export interface BoardPiece<P extends Player = Player> { square: SquareOf<P>; piece: PieceName; color: P; grey?: boolean; }

/** What a page needs to know about the game instead of hard-coding it. */
export interface Facts {
  files: number;
  ranks: number;
  /** King of the Hill's centre squares; `[]` elsewhere. */
  hill: string[];
  /** Racing Kings' goal rank (8); null elsewhere. */
  finishRank: number | null;
  /** Pieces a pawn may promote to (four players: only "q"). */
  promotions: Promotion[];
  /** Draws are claimed with `claimDraw()` (two players) rather than automatic. */
  claimableDraws: boolean;
  /** The game counts checks (Three-check): `Score.checks` is present. */
  countsChecks: boolean;
  /** Four-player scoring: `Score.points`, `Move.points` and `Move.scoring` carry points. */
  points: boolean;
}

/** The game as it stood after `ply` history entries (`positionAt(ply)`). */
export interface PositionView<P extends Player = Player> {
  ply: number;
  fen: string;
  /** Player to move then; null if the game was over then. */
  turn: P | null;
  board: BoardPiece<P>[];
  /** The entry that led to this position (absent at ply 0). */
  lastMove?: Move<P>;
}

/** Options of `aiMove`. */
export interface AiOptions {
  /** 1 (beginner) to 8 (full strength); default 8. */
  level?: number;
  /** Time budget in milliseconds, 1 to 10,000. */
  timeMs?: number;
  /** Node budget (deterministic for a given seed), 1 to 500,000. */
  nodes?: number;
  /** Seed of the weaker levels' randomised choice (default: the game's seed mixed with the ply). */
  seed?: number;
}

/** Options of `analyse` (always full strength: no level). */
export interface AnalyseOptions {
  /** Time budget in milliseconds, 1 to 10,000 (default 1000 when `nodes` is not given). */
  timeMs?: number;
  /** Node budget, 1 to 500,000: with the same seed the analysis is reproducible. */
  nodes?: number;
  /** Seed (default: the game's seed mixed with the ply), as in `aiMove`. */
  seed?: number;
  /**
   * Search depth in plies, 1 to 30. Given alone (no `timeMs` or `nodes`) it replaces the
   * 1000 ms default; only the 10,000 ms cap still applies (the answer's `depth` says how deep
   * the search got). A depth reached within it gives the same answer every time.
   */
  depth?: number;
  /**
   * MultiPV: how many of the best moves get a line and an exact score, 1 to 5. Above 1 the
   * answer has `lines`. Four players: each line is its first move only.
   */
  multiPv?: number;
}

/** One line of a MultiPV analysis (`Analysis.lines`). */
export interface AnalysisLine<P extends Player = Player> {
  /** Centipawns from the mover's view, as `Analysis.score`. */
  score: number;
  /** Plies to a forced win (> 0) or loss (< 0), when the search proved one. */
  mate?: number;
  /** The line, starting with its first move. */
  pv: Move<P>[];
}

/** PGN headers (tag pairs) by name, in order: `{White: "Ada", Event: "Club night"}`. */
export type Headers = Record<string, string>;

/** What `analyse` returns: the best move, its score and the line the engine expects. */
export interface Analysis<P extends Player = Player> {
  move: Move<P>;
  /**
   * Centipawns from the mover's view. In two-player games a line the engine expects to end
   * in a draw scores -25, not 0: its contempt, which keeps it playing for a win.
   */
  score: number;
  /** Plies to a forced win (> 0) or loss (< 0), when the search proved one. */
  mate?: number;
  depth: number;
  nodes: number;
  pv: Move<P>[];
  /** With `multiPv` above 1: the best moves' lines, best first (at most `multiPv`). */
  lines?: AnalysisLine<P>[];
}

/** One game of `games()`: every name the game goes by, its players and its facts. */
export interface GameInfo {
  /** The game's one id: a page's choice, an online room's `game`. */
  id: GameId;
  /** The `variant` option of `newGame` for this game. */
  variant: Variant;
  /** The `rules` option of `newGame` (four-player presets only; absent otherwise). */
  rules?: Rules;
  /** The players in table order: white, black / red, blue, yellow, green. */
  players: Player[];
  /** The players in turn order from White or Red (Four Kingdoms: red, green, yellow, blue). */
  playOrder: Player[];
  /** The `Variant` tag PGN (PGN4) files write for it. */
  pgnVariant: string;
  /** The key of the game's name in the demo page's i18n tables (`"g_chess"`). */
  label: string;
  /** Online rooms offer this game. */
  online: boolean;
  /** A player whose turn timer runs out is out of the game (Four Kingdoms), rather than have a move played for them. */
  timesOut: boolean;
  /** What `game.facts` says of a game of this kind. */
  facts: Facts;
}

/** The saved form of a game, for `Game.fromJSON`. */
export interface SavedGame { format: "tablero-game"; version: 1; variant: Variant; [key: string]: unknown; }

/** `pgn()`'s options: which parts besides the main line to write (each `true` by default). */
export interface PgnOptions {
  /** The variations. */
  variations?: boolean;
  /** Comment text, NAGs, and every command but `%clk` and `%emt`. */
  comments?: boolean;
  /** `[%clk]` and `[%emt]`. */
  clocks?: boolean;
}

/** An `[%eval]`: centipawns from White's side or mate in moves (negative: the other side mates), and the depth. */
export interface Evaluation { cp?: number; mate?: number; depth?: number; }

/** An arrow of `[%cal Ge2e4]`: a capital colour letter and two squares. */
export interface Arrow { color: string; from: string; to: string; }

/** A highlighted square of `[%csl Gd4]`. */
export interface Highlight { color: string; square: string; }

/** A command the tree has no field for (`[%evp 0.1]`), kept as read. */
export interface Command { name: string; value: string; }

/** What `annotate` changes: each field given replaces the node's, `null` removes it. */
export interface Annotation {
  /** The comment after the move (at the root: before the first move). */
  comment?: string | null;
  /** The comment before the move. */
  commentBefore?: string | null;
  /** Numeric annotation glyphs: 1 `!`, 2 `?`, 3 `!!`, 4 `??`, 5 `!?`, 6 `?!`, ... (0–255, at most 32). */
  nags?: number[] | null;
  /** `[%clk]`: the mover's clock after the move, in milliseconds. */
  clock?: number | null;
  /** `[%eval]`: `{cp}` or `{mate}`, with `depth?`. */
  eval?: Evaluation | null;
  /** `[%cal]` arrows. */
  arrows?: Arrow[] | null;
  /** `[%csl]` squares. */
  highlights?: Highlight[] | null;
}

/** A move of the tree: its record, its place and what is written about it. */
export interface TreeNode<P extends Player = Player> extends Move<P> {
  /** The child indices from the start. */
  path: number[];
  comment?: string;
  commentBefore?: string;
  nags: number[];
  /** `[%clk]` in milliseconds. */
  clock?: number;
  /** `[%emt]` in milliseconds. */
  emt?: number;
  eval?: Evaluation;
  arrows?: Arrow[];
  highlights?: Highlight[];
  commands?: Command[];
  /** The moves that may follow: `[0]` the main continuation, then the variations. */
  children: TreeNode<P>[];
}

/** The start of the tree. */
export interface TreeRoot<P extends Player = Player> {
  /** The start position (FEN4 for four players). */
  fen: string;
  /** The comment before the first move. */
  comment?: string;
  children: TreeNode<P>[];
}

/**
 * A game of any of the five kinds; `P` is its players' type (`Side` for two-player games,
 * `Seat` for four-player ones). Create one with `newGame` or `Game.fromJSON`; call `free()`
 * when done with it to release its WebAssembly memory at once (otherwise the garbage
 * collector does it).
 */
export declare class Game<P extends Player = Player> {
  /** Games come from `newGame()` or `Game.fromJSON()`; `new Game()` throws. */
  private constructor();
  /** Which game. */
  readonly variant: Variant;
  /** The four-player rules preset; `undefined` for two players. */
  readonly rules: Rules | undefined;
  /** The seed given to `newGame` (0 by default). */
  readonly seed: number;
  /** The players in play order. */
  readonly players: P[];
  /** Board size, hill squares, finish rank, promotion pieces, how draws, checks and points work. */
  readonly facts: Facts;
  /** The number of history entries. */
  readonly ply: number;
  /** Set when an imported record goes on after the game ended under these rules (a chess.com
   *  four-player record whose leader played on instead of claiming a 21-point win): the game
   *  holds the record up to that end, and this says where and why. `undefined` otherwise. */
  readonly importNote: string | undefined;
  /** Legal moves of the player to move, or of the piece on square `from` only. */
  legalMoves(from?: SquareOf<P>): Move<P>[];
  /** The cheap form for loops: the legal moves as UCI text (`"e2e4"`). */
  legalMoves(options: { from?: SquareOf<P>; format: "uci" }): string[];
  /** The same as `legalMoves(from)`. */
  legalMoves(options: { from?: SquareOf<P>; format?: "object" }): Move<P>[];
  /** The legal moves as UCI text (`"e2e4"`, `"e7e8q"`), of the piece on `from` only if given. */
  legalMovesUci(from?: SquareOf<P>): string[];
  /** Plays UCI, SAN, PGN4 text or `{from, to, promotion?}`; returns the move played. */
  play(move: string | MoveInput): Move<P>;
  /**
   * Whether `play(move)` would play `move`, without playing it. `false` for any string or
   * object that is not a legal move now (unreadable text included, and every move once the
   * game is over); throws `invalid-argument` only for an argument that is neither a string
   * nor an object.
   */
  isLegal(move: string | MoveInput): boolean;
  /** Plays a move like `play` and returns nothing: the cheap form for loops (UCI; SAN works too). */
  playUci(move: string): void;
  /** Takes back the last action; the move taken back, or `undefined`. */
  undo(): Move<P> | undefined;
  /** Takes back the last action like `undo`; only the UCI text of the move taken back. */
  undoUci(): string | undefined;
  /** Every history entry, first to last. */
  history(): Move<P>[];
  /** Whose turn, who is in check, whether and how the game is over. */
  status(): Status<P>;
  /** Every player's standing, in seat order. */
  score(): Score<P>[];
  /** Every occupied square. */
  board(): BoardPiece<P>[];
  /**
   * The board as rows, the top rank first (8, or 14 for four players), each row from the
   * a-file: 8×8 or 14×14 cells, each the piece on it or `null` (an empty square, or a cut
   * corner of the four-player board: files a–c and l–n on ranks 1–3 and 12–14).
   */
  boardRows(): (BoardPiece<P> | null)[][];
  /**
   * The board as text, the top rank first, then the file letters: FEN letters (`K` White,
   * `k` Black) and `.` for two players; FEN4 pairs (`rK`, `bP`, `dQ` grey) and `..` for four.
   */
  ascii(): string;
  /** The game as it stood after the first `ply` history entries. */
  positionAt(ply: number): PositionView<P>;
  /** The current position as FEN (FEN4 for four players). */
  fen(): string;
  /**
   * The game as PGN (PGN4 for four players): the seven-tag roster, the game's own tags, every
   * other header; then the move tree, wrapped at 80 columns, with its variations, comments,
   * NAGs (`$n`) and commands (`[%clk]`, `[%eval]`, ...). Each option (default `true`) keeps
   * its part: `{variations: false}` writes the main line alone.
   */
  pgn(options?: PgnOptions): string;
  /**
   * The move tree: the start `{fen, comment?, children}`, each child a move's record (the
   * fields of `legalMoves()` objects) with its `path` and annotations; `children[0]` is the
   * main continuation, the others are variations. A new object each call.
   */
  tree(): TreeRoot<P>;
  /** The path of the end of the current line, where `fen()`, `play()`, `status()`... act. */
  path(): number[];
  /**
   * Makes the node at `path` the end of the current line (`[]`: the start). `play` there
   * adds a variation when the move is not already a child; `undo` takes the line's last move
   * out of the tree. Throws `invalid-argument` for a path with no node.
   */
  goTo(path: number[]): void;
  /** Makes the move at `path` part of the main line; returns its new path (all zeros). */
  promote(path: number[]): number[];
  /** Deletes the move at `path` and every move after it; the current line ends before it if it went through it. */
  deleteMove(path: number[]): void;
  /**
   * Changes what is written about the node at `path` (the root `[]`: its comment only):
   * the fields given replace the node's, `null` removes one, absent fields stay. Throws
   * `invalid-argument` (and changes nothing) for a bad path or value: a comment with `}` or
   * `[%`, more than 32 NAGs, a clock over 99999:59:59.999, a malformed arrow...
   */
  annotate(path: number[], changes: Annotation): void;
  /**
   * The PGN headers the game carries: set with `setHeaders` or read from an imported PGN /
   * PGN4. Never the tags written from the game itself (`Result`, `Variant`, `FEN`, `SetUp`;
   * four players: `Variant`, `RuleVariants`, `StartFen4`, `MoveLimit`, `Result`, `Termination`).
   */
  headers(): Headers;
  /**
   * Sets headers for `pgn()`, e.g. `{White: "Ada", Black: "Grace"}`; `null`/`undefined`
   * removes one. Throws `invalid-argument` (and changes nothing) for a name that is not a PGN
   * tag name, a tag written from the game itself, or a value with a line break.
   */
  setHeaders(headers: Record<string, string | null | undefined>): void;
  /** Claims a draw by threefold repetition or the 50-move rule; `false` when none is available. */
  claimDraw(): boolean;
  /** `player` (default: the player to move) resigns. */
  resign(player?: P): void;
  /** Four Kingdoms: `player`'s turn timer ran out. */
  timeout(player?: P): void;
  /**
   * Number of legal move paths of `depth` plies (0–8; four players 0–6). Refused
   * (`invalid-argument`) when it would expand more than 2,500,000 positions (four players:
   * 1,000,000), so no call blocks for more than a few seconds; `{limit}` sets another cap
   * (an integer ≥ 1) for a caller who accepts a longer call.
   */
  perft(depth: number, options?: { limit?: number }): number;
  /** The piece on `square` now, or `null`. */
  get(square: SquareOf<P>): BoardPiece<P> | null;
  /**
   * The squares of the pieces (of `player` only, when given) that attack `square` now, rank
   * by rank from a1: pieces that could capture there, pinned or not; pawns diagonally
   * forward; grey pieces attack nothing.
   */
  attackers(square: SquareOf<P>, player?: P): SquareOf<P>[];
  /** Whether a piece of `by` attacks `square` now. */
  isAttacked(square: SquareOf<P>, by: P): boolean;
  /** Who may still castle, to which side, with which rook (legality now: `legalMoves`). */
  castlingRights(): CastlingRight<P>[];
  /** The computer's choice of move, without playing it. */
  aiMove(options?: AiOptions): Move<P>;
  /** The best move, its score and the expected line, for hints (reproducible with `nodes`). */
  analyse(options?: AnalyseOptions): Analysis<P>;
  /** The game as a plain object for saving (`JSON.stringify(game)` calls this). */
  toJSON(): SavedGame;
  /** Releases the game's wasm memory; any later call on it throws `freed`. */
  free(): void;
  /** Rebuilds a game from `toJSON()` output or its JSON text, replaying every move. */
  static fromJSON(saved: SavedGame | string): Game;
}

/** A four-player game. */
export declare function newGame(options: FourPlayerOptions): Game<Seat>;
/** A two-player game (chess when no variant is given). */
export declare function newGame(options?: TwoPlayerOptions & { variant: TwoPlayerVariant }): Game<Side>;
/** A chess game, from the start or a FEN. */
export declare function newGame(options?: { fen?: string; seed?: number }): Game<Side>;
/** Any game: with `pgn` and no `variant`, the PGN's Variant tag chooses (a PGN4: "fourplayer"). */
export declare function newGame(options?: NewGameOptions): Game;

/**
 * Splits a text of several PGN (or PGN4) games into one text per game, first to last; `[]`
 * when it holds none. `newGame({pgn})` reads one game and refuses a text of several
 * (`invalid-pgn`), so import a file with `splitPgn(text).map((pgn) => newGame({ pgn }))`.
 */
export declare function splitPgn(text: string): string[];

/**
 * Every game the package knows, in the order pages list them: its names (`id`, and the
 * `variant`/`rules` that `newGame` takes), players, PGN tag, i18n label key and facts. A
 * new array each call.
 */
export declare function games(): GameInfo[];

/** What `init` accepts: a URL of the .wasm, its bytes, a compiled module, or a fetch `Response`. */
export type InitInput = string | { readonly href: string } | ArrayBuffer | ArrayBufferView | WasmModule | ResponseLike;
/** A compiled `WebAssembly.Module` (declared structurally so no DOM or wasm lib is needed). */
export type WasmModule = object;
/** A fetch `Response` (structurally). */
export interface ResponseLike { arrayBuffer(): Promise<ArrayBuffer>; readonly ok: boolean; }

/**
 * Loads the wasm module; call it once before anything else. Without an argument it fetches
 * `tablero_bg.wasm` next to the package's JS (browsers, bundlers). In Node, use `initSync`.
 */
export default function init(input?: { module_or_path: InitInput | Promise<InitInput> }): Promise<unknown>;

/** Loads the wasm module synchronously from its bytes or a compiled module (Node, workers). */
export declare function initSync(input: { module: ArrayBuffer | ArrayBufferView | WasmModule }): unknown;

/** A two-player game: narrows `Game` (from `newGame({pgn})`, `Game.fromJSON`) to `Game<Side>`. */
export declare function isTwoPlayer(game: Game): game is Game<Side>;
/** A four-player game: narrows `Game` to `Game<Seat>`. */
export declare function isFourPlayer(game: Game): game is Game<Seat>;

/** Why `validateFen` (or `Setup.validate`) refuses a position; the README's table says when. */
export type FenProblem =
  | "too-long" | "bad-fields" | "bad-board" | "king-count" | "pawn-rank" | "bad-turn"
  | "bad-castling" | "bad-en-passant" | "opposite-check" | "impossible-check" | "bad-checks"
  | "variant-rules" | "already-over" | "bad-fen4-field";

/** What `validateFen` answers: the normalised FEN, or why not. */
export type FenCheck =
  | { ok: true; fen: string }
  | { ok: false; code: FenProblem; message: string };

/** A castling right: who may castle, to which side, with the rook on which square. */
export interface CastlingRight<P extends Player = Player> { player: P; side: "king" | "queen"; rook: SquareOf<P>; }
/** A castling right to set; without `rook`, the outermost rook on that side (four players: the home rook). */
export interface CastlingRightInput<P extends Player = Player> { player: P; side: "king" | "queen"; rook?: SquareOf<P>; }
/** A piece to put on a square (a `BoardPiece` works as is). */
export interface PieceInput<P extends Player = Player> { piece: PieceName; color: P; }

/** Options of `setup`. Unknown fields are refused. */
export interface SetupOptions {
  /** Which game; default "chess". */
  variant?: Variant;
  rules?: Rules;
  /** Start from this FEN (FEN4 for four players) instead of the game's start position. */
  fen?: string;
}

/**
 * An editable position (`setup()`): any arrangement while it is edited; `validate()` and
 * `newGame()` judge it. Edits throw `invalid-argument` (and change nothing) only for a square
 * not on the board or a player not in the game. Call `free()` when done with it.
 */
export declare class Setup<P extends Player = Player> {
  /** Setups come from `setup()`; `new Setup()` throws. */
  private constructor();
  readonly variant: Variant;
  readonly rules: Rules | undefined;
  /** Puts a piece on `square`, or empties it with `null`. */
  put(square: SquareOf<P>, piece: PieceInput<P> | null): void;
  /** The piece on `square`, or `null`. */
  get(square: SquareOf<P>): BoardPiece<P> | null;
  /** Every piece, rank by rank from a1. */
  board(): BoardPiece<P>[];
  /** Empties the board and drops the castling rights and the en-passant square. */
  clear(): void;
  /** The player to move. */
  turn: P;
  /** The castling rights, in player order, king side first. */
  get castling(): CastlingRight<P>[];
  set castling(rights: CastlingRightInput<P>[]);
  /** The en-passant square (two players), or `null`. */
  epSquare: SquareOf<P> | null;
  /** Three-check: the checks White and Black still need to give; `undefined` elsewhere. */
  get remainingChecks(): { white: number; black: number } | undefined;
  set remainingChecks(checks: { white: number; black: number });
  /** Four players: each player's points; `undefined` for two. */
  get points(): Record<Seat, number> | undefined;
  set points(points: Partial<Record<Seat, number>>);
  /** Four players: the players who are out; `undefined` for two. */
  get out(): Seat[] | undefined;
  set out(players: Seat[]);
  /** The position as FEN (FEN4 for four players), as edited: it may be invalid. */
  fen(): string;
  /** `validateFen` of `fen()`. */
  validate(): FenCheck;
  /** A game from this position; throws `invalid-fen` (the message says why) when `validate()` refuses it. */
  newGame(options?: { seed?: number }): Game<P>;
  /** Releases the setup's wasm memory; any later call on it throws `freed`. */
  free(): void;
}

/** An editable four-player position. */
export declare function setup(options: SetupOptions & { variant: FourPlayerVariant }): Setup<Seat>;
/** An editable two-player position (chess when no variant is given). */
export declare function setup(options?: SetupOptions & { variant?: TwoPlayerVariant; rules?: undefined }): Setup<Side>;
/** An editable position of any game. */
export declare function setup(options?: SetupOptions): Setup;

/**
 * Whether a FEN (FEN4 for four players) can start a game: `{ok: true, fen}` with the position
 * as the game writes it, or `{ok: false, code, message}`. Never throws for bad text; throws
 * `invalid-argument` when `text` is not a string or the options are wrong.
 */
export declare function validateFen(text: string, options?: { variant?: Variant; rules?: Rules }): FenCheck;
