/** A game the engine plays (`game.variant`). */
export type Variant = "chess" | "3check" | "kingofthehill" | "racingkings" | "fourplayer";
/** Four-player rules presets (`game.rules`). */
export type Rules = "ffa" | "kingdoms";
/** A side of a two-player game or a seat of a four-player game. */
export type Player = "white" | "black" | "red" | "blue" | "yellow" | "green";
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
  /** An engine invariant failed: a bug in tablero, never the caller's input. */
  | "internal";

/** What every API call throws: a JS `Error` with a stable `code`. */
export interface TableroError extends Error { code: ErrorCode; }

/** Options of `newGame`. Every field is optional; unknown fields are refused. */
export interface NewGameOptions {
  /** Which game; default "chess". */
  variant?: Variant;
  /** Start from this FEN (FEN4 for "fourplayer"). */
  fen?: string;
  /** Import this PGN (PGN4 for "fourplayer"); its Variant tag picks the game. */
  pgn?: string;
  /** Seed for the computer opponent and random moves (integer ≥ 0). */
  seed?: number;
  /** Four players: the rules preset, "ffa" (default) or "kingdoms". */
  rules?: Rules;
  /** Four players: the first seat to move (default "red"). */
  firstPlayer?: Player;
  /** Four players: the game ends on points after this many moves (all players counted). */
  moveLimit?: number;
}

/** A move to play given as squares, e.g. `{from: "e7", to: "e8", promotion: "q"}`. */
export interface MoveInput { from: string; to: string; promotion?: Promotion; }

/** Why a four-player score changed. */
export type ScoreReason =
  | "capture" | "checkmate" | "stalemate" | "double-check" | "triple-check"
  | "king-capture" | "draw" | "survivor";

/** One score change caused by a four-player history entry. */
export interface ScoreEvent { player: Player; points: number; reason: ScoreReason; }

/** A legal or played move, the same shape in every game. Castling is the king's move
 *  (`e1g1`). Four players: `san` is the PGN4 move text; resignations and time-outs are
 *  history entries too (`kind`), with empty squares and `piece: ""`. */
export interface Move {
  player: Player;
  /** "move"; "resign", "timeout" or "random" (a Four Kingdoms zombie move) in four-player history. */
  kind: "move" | "resign" | "timeout" | "random";
  from: string;
  to: string;
  promotion?: Promotion;
  uci: string;
  san: string;
  piece: PieceName | "";
  captured?: PieceName;
  /** Any king left in check. */
  check: boolean;
  /** The kings left in check (two players: `[]` or the opponent). */
  checks: Player[];
  /** Points this entry scored for `player` (two players: 0). */
  points: number;
  /** Every score change this entry caused (two players: `[]`). */
  scoring: ScoreEvent[];
  /** Every player this entry put out (two players: `[]`). */
  eliminated: { player: Player; reason: string }[];
}

/** Why a game ended. */
export type ResultReason =
  // two players
  | "checkmate" | "stalemate" | "third-check" | "king-of-the-hill" | "race"
  | "fivefold-repetition" | "seventy-five-move-rule" | "resignation" | "draw-claimed"
  // both
  | "threefold-repetition" | "fifty-move-rule" | "insufficient-material"
  // four players
  | "three-out" | "points-lead" | "move-limit" | "last-survivor";

/** A four-player seat's state. */
export type SeatStatus = "active" | "checkmated" | "stalemated" | "resigned" | "timeout" | "king-captured";

/** One player's standing, the same shape in every game. */
export interface Score {
  player: Player;
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
export interface Result {
  /** The players in first place; `[]` for a two-player draw. */
  winners: Player[];
  reason: ResultReason;
  scores: Score[];
}

/** The state of a game, the same shape in every game. */
export interface Status {
  /** Player to move; null once over. */
  turn: Player | null;
  /** Kings in check (two players: at most the player to move). */
  inCheck: Player[];
  over: boolean;
  result?: Result;
  /** A draw can be claimed with `claimDraw()` (always false for four players). */
  canClaimDraw: boolean;
}

/** An occupied square. `grey` marks the pieces of a four-player seat that is out. */
export interface BoardPiece { square: string; piece: PieceName; color: Player; grey?: boolean; }

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
export interface PositionView {
  ply: number;
  fen: string;
  /** Player to move then; null if the game was over then. */
  turn: Player | null;
  board: BoardPiece[];
  /** The entry that led to this position (absent at ply 0). */
  lastMove?: Move;
}

/** Options of `aiMove`. */
export interface AiOptions {
  /** 1 (beginner) to 8 (full strength); default 8. */
  level?: number;
  /** Time budget in milliseconds. */
  timeMs?: number;
  /** Node budget (deterministic for a given seed). */
  nodes?: number;
  /** Seed of the weaker levels' randomised choice (default: the game's seed mixed with the ply). */
  seed?: number;
}

/** What `analyse` returns: the best move, its score and the line the engine expects. */
export interface Analysis {
  move: Move;
  /** Centipawns from the mover's view. */
  score: number;
  /** Plies to a forced win (> 0) or loss (< 0), when the search proved one. */
  mate?: number;
  depth: number;
  nodes: number;
  pv: Move[];
}

/** The saved form of a game, for `Game.fromJSON`. */
export interface SavedGame { format: "tablero-game"; version: 1; variant: Variant; [key: string]: unknown; }
