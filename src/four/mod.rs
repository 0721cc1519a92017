//! Four-player engine on the 160-square cross board (RULES.md R5–R8, R14).
//!
//! * [`Move`] and [`MoveList`] (`moves`), below the position and move generation.
//! * [`Position`]: board, rights, points, eliminations, hash; legal moves, perft, FEN4.
//!   Copy-make: [`Position::make_move`] is the bare board move used by perft and search,
//!   [`Position::play_scored`] adds every R5/R6 consequence of a move.
//! * [`FourGame`]: a game with history, undo, draws, end of game, zombies, PGN4 and record
//!   tokens (its save format is the game layer's, `crate::game`).
//!
//! # Decisions where RULES.md is silent
//!
//! * Perft counts legal move paths with plain move generation; no points, eliminations or
//!   draws are applied between plies (none can occur within five plies of the start).
//! * En passant (R5.6) is stored per seat as (passed-over square, landing square) and written in
//!   FEN4 extras as chess.com does, `'c8:d8'` = passed:landing. An entry stays in the position
//!   (and its hash) until its owner moves, even once the pawn was captured; it is then simply
//!   unusable.
//! * Multi-check bonus (R5.12) counts the kings of other active players attacked by any of the
//!   mover's pieces right after the move, before mates are examined; "with a queen" means any
//!   of the mover's pieces attacking one of those kings is a queen (promoted included).
//! * `+`/`#` suffixes: one `#` per king mated by the move, one `+` per other king left in check
//!   (by anyone). `MoveInfo::checks` lists every king left in check, mated ones included.
//! * A player with no legal move when a game is created from FEN4 is decided at once:
//!   checkmate scores for nobody, stalemate +20 to that player.
//! * Time-outs (`FourGame::timeout`) are resignations with another status and token `T`.
//!   In kingdoms, resigned and timed-out players are "zombies": out, points frozen, still
//!   moving (random moves from a SplitMix64 generator seeded with the game seed). Their pieces
//!   attack and give check. A zombie that is stalemated scores nothing (frozen).
//! * Kingdoms: en passant is never created; castling is as in ffa; a king capture is legal
//!   whenever the capture does not leave the capturer's own king attacked.
//! * 50-move rule: the clock counts plies of every seat that moves (zombies included), the
//!   limit is 50 × that number. Insufficient material: every moving seat has only its king.
//!   Draw points (+10) go to active players only (zombies are frozen).
//! * Lone survivor (R6.5): when three players are out in kingdoms and one active player
//!   remains, it scores +20 per zombie king still on the board; the end reason is then
//!   `last-survivor` (plain `three-out` if there is no zombie king).
//! * The move limit (R5.23) counts moves (zombie moves included), not resignations.
//! * Repetition (R5.19) uses the Zobrist hash of the board (grey pieces as plain grey: FEN4
//!   cannot tell their owner), turn, castling and en-passant rights and out flags.
//! * Places: standard competition ranking (1, 1, 3, 4) on points in ffa; kingdoms breaks ties
//!   Green > Yellow > Blue > Red (R6.6), so places are always distinct there.
//! * FEN4 does not say why a player is out; out players with grey pieces read back as
//!   checkmated, kingdoms out players with coloured pieces as resigned zombies. Grey pieces
//!   read back belong to the first out seat (their original colour is not in FEN4).
//!   Promoted queens are listed in an extra `'promoted'` key so their 1-point value survives.
//! * PGN4: `[Variant "FFA"]` always; `[RuleVariants "EnPassant"]` for ffa and
//!   `[RuleVariants "Kingdoms"]` for kingdoms; `[MoveLimit "n"]` when set; `Result` is `*` or
//!   the four scores `R-B-Y-G`; `Termination` the end reason. Resignations out of turn are
//!   written `R:blue`. Zombie moves are written as moves and replayed from the record.
//! * A game's record tokens ([`FourGame::move_texts`], what a save keeps) are UCI moves and
//!   `R:seat` / `T:seat`.
//! * Mate/stalemate examination (R5.15) is literal: seats are examined one by one in turn order
//!   from the next, each against the board as it stands then (grey pieces of a seat eliminated
//!   earlier in the same pass no longer attack), and passes repeat until nothing changes.
//! * A seat that goes out (zombies included) loses its castling and en-passant rights.
//! * FEN4 input is rejected when a live pawn stands behind its start line or on/after its
//!   promotion line, since no game can produce that.
//! * Reading chess.com PGN4 (R7.2): `R#`/`T#` are `R`/`T`, `S#` is `S`, a lone `#` closes the
//!   record, `=D` (chess.com's 1-point queen) is `=Q`, check marks are not verified, and
//!   `[StartFen4 "4PC"]` is the R5.2 start. A record is read up to, not refused at: the end of
//!   the game under these rules (chess.com plays on after a 21-point lead or a draw rule), a
//!   free-for-all king capture (chess.com allows one, R5.9 does not), and chess.com's
//!   "dead king walking" move after a time-out (`Kj2-k2T`); `FourGame::import_note` says where
//!   and why. Any other illegal move is still an `invalid-pgn` error.
//! * `MoveInfo` of resignations/time-outs: `from`, `to`, `uci` and `piece` are empty strings,
//!   `san` is `R`/`T`; draw or survivor points the resignation triggered are in `scoring`.

//!
//! # Teams (R14)
//!
//! * Partners (seats opposite) are one side ([`Rules`]'s `side` bit set): their pieces block
//!   each other but never attack, check, pin or capture each other, nor take each other en
//!   passant. A king capture is legal even when it leaves the capturer's king attacked
//!   (R14.6).
//! * Only the player to move is examined for mate and stalemate, after each move and when a
//!   game is created (R14.5). The first player out (mated, stalemated, king captured,
//!   resigned, timed out) ends the game; nobody's pieces turn grey. Reasons: `checkmate`,
//!   `king-captured`, `resignation`, `timeout` (the other team wins) and `stalemate` (a
//!   draw); R5.19's automatic draws and the optional move limit draw too.
//! * Scores are each seat's material on the board (pawn 1, knight 3, bishop 3, rook 5, queen
//!   9), places 1 for the winning team and 3 for the losers (1 for all in a draw); positions
//!   keep zero points, and FEN4 points are read and ignored.
//! * Promotions carry their piece in the move (queen by default, so the other presets' moves
//!   are unchanged); a promoted Teams piece is an ordinary one.
//! * En passant is a setting (on by default): off, FEN4 carries our own `'noEnPassant':true`
//!   extras key and PGN4 writes `[RuleVariants ""]`; a `RuleVariants` tag without
//!   `EnPassant` turns it off on import. PGN4 `+` marks count only the mover's own checks, as
//!   chess.com writes them; `Result` is `1-0` (Red and Yellow won), `0-1` or `1/2-1/2`.
//! * A FEN4 may have at most one player out (a finished game): out with no king reads as king
//!   captured, out and to move without a legal move as mated or stalemated, otherwise as
//!   resigned. Grey pieces are refused. A PGN4 that goes on after the end is an
//!   `invalid-pgn` error (free-for-all records are read up to the end instead).

mod board;
mod fen4;
mod game;
mod movegen;
mod moves;
mod pgn4;
mod position;
mod rules;

pub use board::{Rules, Seat, Square};
pub use game::{FourGame, board_pieces};
pub(crate) use game::{Step, Stop};
pub use moves::{MAX_MOVES, Move, MoveList};
pub(crate) use pgn4::is_standard_start;
pub use position::Position;
pub use rules::Outcome;
