// Types of tablero-chess/rules (shipped as rules/tablero.d.ts): the two-player rules alone, a
// wasm without the four-player engine and the computer opponent. The runtime module is
// js/tablero.js over that wasm's glue, so every shape is tablero.d.ts's: imported from it and
// narrowed here to two players, without the calls this build does not have (`aiMove`,
// `analyse`, the four-player `timeout`; the position editor: `validateFen`, `setup`, `Setup`,
// and the square queries `attackers` and `isAttacked`, which throw `invalid-argument` here:
// the editor needs the full entry, `tablero-chess`).
import type * as T from "../tablero.js";
import type {
  GameInfo, SavedGame, Side, Square8, TwoPlayerOptions, TwoPlayerVariant, WasmModule, InitInput,
} from "../tablero.js";
export type {
  Annotation, Arrow, Command, ErrorCode, Evaluation, Facts, GameId, GameInfo, Headers,
  Highlight, InitInput, MoveInput, PgnOptions, PieceName, Promotion, ResponseLike, ResultReason, SavedGame,
  Side, Square8, TwoPlayerOptions, TwoPlayerVariant, WasmModule,
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
export { TableroError } from "../tablero.js";

/** A game of the rules-only entry: `Game<Side>` without `aiMove`, `analyse` and `timeout`,
 *  and without the editor's square queries `attackers` and `isAttacked` (the full entry has
 *  them; here they throw `invalid-argument`). */
export type RulesGame = Omit<T.Game<Side>, "aiMove" | "analyse" | "timeout" | "attackers" | "isAttacked">;

/** Games come from `newGame()` or `Game.fromJSON()`; `new Game()` throws. */
export declare const Game: {
  /** Rebuilds a game from `toJSON()` output or its JSON text, replaying every move; a
   *  four-player save throws `invalid-argument` in this build. */
  fromJSON(saved: SavedGame | string): RulesGame;
};

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

/** The squares of the 8×8 board, as in tablero.d.ts. */
export type Square = Square8;
/** The game type of this entry (also `RulesGame`). */
export type Game = RulesGame;
