// Types of tablero-chess/rules (shipped as rules/tablero.d.ts): the two-player rules alone, a
// wasm without the four-player engine and the computer opponent. The runtime module is
// js/tablero.js over that wasm's glue, so every shape is tablero.d.ts's: imported from it and
// narrowed here to two players, without the calls this build does not have (`aiMove`,
// `analyse`, the four-player `timeout`, the setup's `points` and `out`).
import type * as T from "../tablero.js";
import type {
  FenCheck, GameInfo, SavedGame, SetupOptions, Side, Square8, TwoPlayerOptions, TwoPlayerVariant, WasmModule,
  InitInput,
} from "../tablero.js";
export type {
  Annotation, Arrow, Command, ErrorCode, Evaluation, Facts, FenCheck, FenProblem, GameId, GameInfo, Headers,
  Highlight, InitInput, MoveInput, PgnOptions, PieceName, Promotion, ResponseLike, ResultReason, SavedGame,
  SetupOptions, Side, Square8, TwoPlayerOptions, TwoPlayerVariant, WasmModule,
} from "../tablero.js";
// The generic shapes, for two players.
export type Move = T.Move<Side>;
export type Status = T.Status<Side>;
export type PlayingStatus = T.PlayingStatus<Side>;
export type OverStatus = T.OverStatus<Side>;
export type Result = T.Result<Side>;
export type Score = T.Score<Side>;
export type BoardPiece = T.BoardPiece<Side>;
export type PositionView = T.PositionView<Side>;
export type TreeNode = T.TreeNode<Side>;
export type TreeRoot = T.TreeRoot<Side>;
export type CastlingRight = T.CastlingRight<Side>;
export type CastlingRightInput = T.CastlingRightInput<Side>;
export type PieceInput = T.PieceInput<Side>;
export { TableroError } from "../tablero.js";

/** A game of the rules-only entry: `Game<Side>` without `aiMove`, `analyse` and `timeout`. */
export type RulesGame = Omit<T.Game<Side>, "aiMove" | "analyse" | "timeout">;

/** A position editor of the rules-only entry: `Setup<Side>` without four-player `points` and
 *  `out`, its `newGame` a `RulesGame`. */
export type RulesSetup = Omit<T.Setup<Side>, "points" | "out" | "newGame"> & {
  /** A game from this position; throws `invalid-fen` (the message says why) when `validate()` refuses it. */
  newGame(options?: { seed?: number }): RulesGame;
};

/** Games come from `newGame()` or `Game.fromJSON()`; `new Game()` throws. */
export declare const Game: {
  /** Rebuilds a game from `toJSON()` output or its JSON text, replaying every move; a
   *  four-player save throws `invalid-argument` in this build. */
  fromJSON(saved: SavedGame | string): RulesGame;
};

/** Setups come from `setup()`; `new Setup()` throws. */
export declare const Setup: object;

/** A two-player game (chess when no variant is given); a PGN4 throws `invalid-pgn` in this build. */
export declare function newGame(options?: TwoPlayerOptions): RulesGame;

/** Splits a text of several PGN games into one text per game, first to last. */
export declare function splitPgn(text: string): string[];

/** Every game of the package's table, as in the full entry; this build plays the two-player ones. */
export declare function games(): GameInfo[];

/** Loads this entry's wasm (`rules/tablero_bg.wasm` next to it, or `{module_or_path}`). */
export default function init(input?: { module_or_path: InitInput | Promise<InitInput> }): Promise<unknown>;

/** Loads the wasm synchronously from its bytes or a compiled module (Node, workers). */
export declare function initSync(input: { module: ArrayBuffer | ArrayBufferView | WasmModule }): unknown;

/** Every game of this entry has two players: always `true`. */
export declare function isTwoPlayer(game: RulesGame): game is RulesGame;
/** Every game of this entry has two players: always `false`. */
export declare function isFourPlayer(game: RulesGame): false;

/** An editable two-player position (chess when no variant is given). */
export declare function setup(options?: SetupOptions & { variant?: TwoPlayerVariant; rules?: undefined }): RulesSetup;

/** Whether a FEN can start a two-player game (see tablero.d.ts's `validateFen`). */
export declare function validateFen(text: string, options?: { variant?: TwoPlayerVariant }): FenCheck;

/** The squares of the 8×8 board, as in tablero.d.ts. */
export type Square = Square8;
/** The game type of this entry (also `RulesGame`). */
export type Game = RulesGame;
/** The position editor type of this entry (also `RulesSetup`). */
export type Setup = RulesSetup;
