//! [`Game`]: one game type for all five games, the face that the wasm layer, the UCI engine's
//! neighbours and the server are written against.
//!
//! A `Game` holds either engine's game record and answers every question with the typed
//! values of [`crate::record`]. The per-engine answers live in `two.rs` and `four.rs`, each an
//! implementation of the one internal trait `Engine`; [`Game`] dispatches to it in one place
//! (`Game::engine`), and keeps what is the same for every game (argument checks, the AI's
//! seed, the save envelope) here. What is built on top of the engines' answers, once for all
//! games, has a file each: `headers.rs` (PGN headers), `views.rs` (the board as rows and as
//! text), `explain.rs` (why a move was refused), `split.rs` (a text of several games).

mod commands;
mod explain;
#[cfg(feature = "four")]
mod four;
mod headers;
mod line;
pub mod movetext;
mod movetext_writer;
mod saved;
mod setup;
mod split;
mod squares;
pub mod tree;
mod two;
mod views;
mod words;

pub use headers::Headers;
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub(crate) use saved::check_envelope;
pub use saved::{SavedGame, SavedResult};
pub use setup::{MAX_FEN_BYTES, Setup, validate_fen};
pub use split::split_pgn;

#[cfg(feature = "four")]
use crate::four::{FourGame, Seat};
#[cfg(feature = "four")]
use crate::kind::Rules;
use crate::kind::{Facts, GameKind};
#[cfg(feature = "ai")]
use crate::record::Analysis;
use crate::record::{BoardPiece, MoveRecord, PositionView, Score, Status, Undone};
use crate::two::TwoGame;
use crate::{error::Error, player::Player, role::Role};

#[cfg(feature = "ai")]
pub use crate::ai::{AiOptions, AnalysisScope};

/// How to start a game: [`Game::new`]'s options.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct NewGame {
    /// Which game.
    pub kind: GameKind,
    /// Start from this FEN (FEN4 for four players).
    pub fen: Option<String>,
    /// Import this PGN (PGN4 for four players). A two-player PGN must be of `kind` (use
    /// [`Game::from_pgn`] to let its `Variant` tag decide); a PGN4 carries its own rules
    /// preset, which replaces the one in `kind`.
    pub pgn: Option<String>,
    /// Seed of the computer's randomised choices and of Four Kingdoms zombie moves.
    pub seed: u64,
    /// Four players: who moves first (default Red).
    pub first_player: Option<Player>,
    /// Four players: the move limit (R5.23), 1 to 100000 moves of all players together.
    pub move_limit: Option<u32>,
    /// Teams: en passant on (the default, `None`) or off (R14.4). The other games' rule is
    /// fixed: giving it there is an `invalid-argument` error.
    pub en_passant: Option<bool>,
}

/// The largest four-player move limit accepted.
pub const MAX_MOVE_LIMIT: u32 = 100_000;

/// The most positions [`Game::perft`] expands in a two-player game: a few seconds in
/// WebAssembly at most (docs/BENCHMARKS.md): perft(5) of any usual position, not perft(6).
pub const TWO_PLAYER_PERFT_BUDGET: u64 = 2_500_000;

/// The most positions [`Game::perft`] expands in a four-player game (see
/// [`TWO_PLAYER_PERFT_BUDGET`]); enough for perft(5) of the start position.
pub const FOUR_PLAYER_PERFT_BUDGET: u64 = 1_000_000;

/// A game of any of the five kinds, with its whole history.
///
/// Every failed call returns an [`Error`] and leaves the game unchanged.
///
/// ```
/// use tablero::{Game, GameKind, NewGame, Player};
///
/// let mut g = Game::new(NewGame { kind: GameKind::Chess, ..NewGame::default() }).unwrap();
/// let m = g.play_text("e4").unwrap();
/// assert_eq!((m.uci.as_str(), m.player), ("e2e4", Player::White));
/// assert_eq!(g.status().turn, Some(Player::Black));
/// ```
#[derive(Debug, Clone)]
pub struct Game {
    inner: Inner,
    seed: u64,
    /// PGN headers set by the caller or read from an import (see `headers.rs`).
    headers: Headers,
    /// The moves: the main line, variations, annotations (see `line.rs`).
    tree: tree::Tree,
    /// The end of the current line, where the engine is.
    current: tree::NodeId,
    /// Tags of the imported file written back as read.
    source: line::Source,
}

/// What [`Game::pgn_with`] writes besides the main line; all `true` by default.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PgnOptions {
    /// The variations.
    pub variations: bool,
    /// Comment text, NAGs, and every command but `%clk` and `%emt`.
    pub comments: bool,
    /// `%clk` and `%emt`.
    pub clocks: bool,
}

impl Default for PgnOptions {
    fn default() -> PgnOptions {
        PgnOptions {
            variations: true,
            comments: true,
            clocks: true,
        }
    }
}

#[derive(Debug, Clone)]
enum Inner {
    Two(TwoGame),
    // Boxed: a four-player record is many times the size of a two-player one.
    #[cfg(feature = "four")]
    Four(Box<FourGame>),
}

impl Inner {
    /// The one place that chooses the engine.
    fn engine(&self) -> &dyn Engine {
        match self {
            Inner::Two(g) => g,
            #[cfg(feature = "four")]
            Inner::Four(g) => g.as_ref(),
        }
    }

    fn engine_mut(&mut self) -> &mut dyn Engine {
        match self {
            Inner::Two(g) => g,
            #[cfg(feature = "four")]
            Inner::Four(g) => g.as_mut(),
        }
    }
}

/// What every engine's game record answers; [`Game`] is written against this alone.
trait Engine {
    fn kind(&self) -> GameKind;
    fn players(&self) -> Vec<Player>;
    fn legal_moves(&self, from: Option<&str>) -> Result<Vec<MoveRecord>, Error>;
    fn legal_uci(&self, from: Option<&str>) -> Result<Vec<String>, Error>;
    /// `Ok` exactly when `play_text(text)` would play a move, with its error otherwise.
    fn check_text(&self, text: &str) -> Result<(), Error>;
    /// `Ok` exactly when `play_squares(..)` would play a move, with its error otherwise.
    fn check_squares(&self, from: &str, to: &str, promotion: Option<Role>) -> Result<(), Error>;
    fn play_text(&mut self, text: &str) -> Result<MoveRecord, Error>;
    fn play_squares(
        &mut self,
        from: &str,
        to: &str,
        promotion: Option<Role>,
    ) -> Result<MoveRecord, Error>;
    fn undo(&mut self) -> Option<Undone>;
    fn history(&self) -> Vec<MoveRecord>;
    fn ply(&self) -> usize;
    fn status(&self) -> Status;
    fn score(&self) -> Vec<Score>;
    fn board(&self) -> Vec<BoardPiece>;
    fn position_at(&self, ply: usize) -> Option<PositionView>;
    fn fen(&self) -> String;
    /// PGN or PGN4.
    fn dialect(&self) -> movetext::Dialect;
    /// The tag section of the game's export, ending in the blank line before the move text.
    fn pgn_tags(&self, source: &line::Source) -> String;
    /// Whether a save's kept tag ([`line::Source`]) can belong to this game: the tag is one
    /// the engine writes itself and the value says what the game is (a two-player `Variant`
    /// naming these rules; a `StartFen4 "4PC"` on the standard start, a `RuleVariants` that
    /// reads to these rules; a four-player `Result` or `Termination`, free text).
    fn fits_source_tag(&self, name: &str, value: &str) -> bool;
    /// The result token that ends the exported move text, if one does.
    fn result_token(&self) -> Option<&'static str>;
    /// The same game at its start position, nothing played.
    fn restart(&self) -> Inner;
    /// Plays one move text of a record being replayed (an import, a line of the tree). An
    /// error names the move, with `place` (` in variation 2`) after it. `after_move` says
    /// whether the text before was a move; `parent` is the turn of the node before
    /// (`at_root`: there is none), for messages.
    fn replay_text(
        &mut self,
        text: &str,
        after_move: &mut bool,
        parent: tree::NodeTurn,
        at_root: bool,
        place: &str,
    ) -> Result<line::Replayed, Error>;
    /// Ends a replay (four players: zombies to move move now, R6.4).
    fn end_replay(&mut self) {}
    /// Ends an import on the result of its record (two players: a result the board does not
    /// show is a resignation or an agreed draw).
    fn end_pgn(&mut self, _result: Option<&str>) {}
    /// Notes where and why an import stopped (see [`Game::import_note`]).
    #[cfg(feature = "four")]
    fn note_stop(
        &mut self,
        _parent: tree::NodeTurn,
        _at_root: bool,
        _text: &str,
        _stop: crate::four::Stop,
        _left: usize,
    ) {
    }
    /// The record text of history entry `i` (SAN; PGN4 move text).
    fn entry_text(&self, i: usize) -> String;
    /// The writer's turn of history entry `i`, after a node of turn `parent` (`at_root`:
    /// the first move).
    fn entry_turn(&self, i: usize, parent: tree::NodeTurn, at_root: bool) -> tree::NodeTurn;
    /// A result declared by a call (resignation, claimed or agreed draw), if any.
    fn declared_result(&self) -> Option<(Option<Player>, crate::result::ResultReason)> {
        None
    }
    /// The last history entry.
    fn last_entry(&self) -> Option<MoveRecord>;
    /// Declares again a result [`Engine::declared_result`] gave.
    fn redeclare(&mut self, _d: (Option<Player>, crate::result::ResultReason)) {}
    fn claim_draw(&mut self) -> bool;
    fn resign(&mut self, player: Option<Player>) -> Result<(), Error>;
    fn timeout(&mut self, player: Option<Player>) -> Result<(), Error>;
    /// `player`'s game clock ran out (R11.4; four players only).
    fn flag(&mut self, player: Option<Player>) -> Result<(), Error>;
    fn max_perft_depth(&self) -> u32;
    /// How many positions a perft may expand (see [`Game::perft`]).
    fn perft_budget(&self) -> u64;
    fn perft(&self, depth: u32, budget: u64) -> Option<u64>;
    #[cfg(feature = "ai")]
    fn ai_move(&self, opts: &AiOptions) -> Result<MoveRecord, Error>;
    #[cfg(feature = "ai")]
    fn analyse(&self, opts: &AiOptions, scope: &AnalysisScope) -> Result<Analysis, Error>;
    fn to_saved(&self) -> SavedGame;
    /// Where and why an import stopped before the end of its record (see
    /// [`Game::import_note`]).
    fn import_note(&self) -> Option<String> {
        None
    }
}

impl Game {
    /// Starts a game. Errors: `invalid-fen` / `invalid-pgn` for a bad start, and
    /// `invalid-argument` for options that do not fit together (both `fen` and `pgn`,
    /// four-player options in a two-player game, a move limit out of range, ...).
    pub fn new(opts: NewGame) -> Result<Game, Error> {
        if opts.fen.is_some() && opts.pgn.is_some() {
            return Err(Error::invalid_argument("give either fen or pgn, not both"));
        }
        if let Some(pgn) = &opts.pgn {
            one_game(pgn)?;
        }
        let inner = match opts.kind.variant() {
            Some(variant) => {
                if opts.first_player.is_some() || opts.move_limit.is_some() {
                    return Err(Error::invalid_argument(crate::kind::FOUR_ONLY));
                }
                if opts.en_passant.is_some() {
                    return Err(Error::invalid_argument(crate::kind::TEAMS_ONLY));
                }
                let chess960 = opts.kind == GameKind::Chess960;
                Inner::Two(match (&opts.fen, &opts.pgn) {
                    (Some(fen), _) if chess960 => TwoGame::chess960(Some(fen), 0)?,
                    (Some(fen), _) => TwoGame::from_fen(variant, fen)?,
                    (None, Some(pgn)) => {
                        let g = Game::imported(pgn, opts.seed, false)?;
                        if g.kind() != opts.kind {
                            return Err(Error::formatted(
                                crate::error::ErrorKind::InvalidPgn,
                                format_args!("the PGN is a {} game, not {}", g.kind(), opts.kind),
                            ));
                        }
                        return Ok(g);
                    }
                    // Chess960 without a start: the seed picks one of the 960.
                    (None, None) if chess960 => {
                        TwoGame::chess960(None, crate::two::chess960::number_of_seed(opts.seed))?
                    }
                    (None, None) => TwoGame::new(variant),
                })
            }
            #[cfg(feature = "four")]
            None => match (four::create(&opts)?, &opts.pgn) {
                (Some(g), _) => Inner::Four(Box::new(g)),
                (None, Some(pgn)) => return Game::imported(pgn, opts.seed, true),
                (None, None) => return Err(Error::internal("no four-player game to start")),
            },
            #[cfg(not(feature = "four"))]
            None => return Err(no_four_player_engine()),
        };
        Ok(Game::of_engine(inner, opts.seed))
    }

    /// Imports a PGN whose `Variant` tag picks the game (absent: chess), or a PGN4 (a
    /// four-player `Variant` tag such as chess.com's `"FFA"`, or a `StartFen4` tag). Like
    /// [`Game::new`], it refuses a text of several games (`invalid-pgn`; see [`split_pgn`]).
    pub fn from_pgn(pgn: &str, seed: u64) -> Result<Game, Error> {
        one_game(pgn)?;
        #[cfg(feature = "four")]
        if let Ok((tags, _)) = crate::pgn_tags::split(pgn) {
            let four = crate::pgn_tags::get(&tags, "Variant")
                .and_then(GameKind::from_pgn_tag)
                .and_then(GameKind::rules)
                .or_else(|| crate::pgn_tags::get(&tags, "StartFen4").map(|_| Rules::Ffa));
            if let Some(rules) = four {
                return Game::new(NewGame {
                    kind: GameKind::FourPlayer(rules),
                    pgn: Some(pgn.to_string()),
                    seed,
                    ..NewGame::default()
                });
            }
        }
        Game::imported(pgn, seed, false)
    }

    /// A game of `inner` as it stands, its history the main line of the tree.
    fn of_engine(inner: Inner, seed: u64) -> Game {
        let mut game = Game {
            inner,
            seed,
            headers: Headers::new(),
            tree: tree::Tree::new(),
            current: tree::Tree::ROOT,
            source: line::Source::default(),
        };
        // A game starts with its history (a four-player start where a zombie is to move
        // has the zombie's moves); a tree of that many moves always fits.
        let _ = game.sync(0);
        game
    }

    /// Imports one game of PGN (`four`: PGN4): the tags give the start, the one movetext
    /// reader the tree, which the engine replays line by line (see `line.rs`).
    fn imported(pgn: &str, seed: u64, four: bool) -> Result<Game, Error> {
        let (tags, text) = crate::pgn_tags::split(pgn)?;
        let read = movetext::read(&text)?;
        let mut source = line::Source::default();
        let start = if four {
            #[cfg(feature = "four")]
            {
                four::import_start(&tags, seed, &mut source)?
            }
            #[cfg(not(feature = "four"))]
            return Err(no_four_player_engine());
        } else {
            two::import_start(&tags, &mut source)?
        };
        let (mut inner, tree, current) = line::import(start, &read.tree, true)?;
        let tag = crate::pgn_tags::get(&tags, "Result");
        inner.engine_mut().end_pgn(read.result.as_deref().or(tag));
        // A record cut short is not the file's game: its own result no longer holds.
        if inner.engine().import_note().is_some() {
            source.outcome = None;
        }
        let mut game = Game {
            inner,
            seed,
            headers: Headers::new(),
            tree,
            current,
            source,
        };
        game.headers = headers::read(game.kind(), pgn);
        let declared = game.engine().declared_result();
        game.tree.node_mut(current).declared = declared;
        Ok(game)
    }

    fn engine(&self) -> &dyn Engine {
        self.inner.engine()
    }

    fn engine_mut(&mut self) -> &mut dyn Engine {
        self.inner.engine_mut()
    }

    /// Which game this is.
    pub fn kind(&self) -> GameKind {
        self.engine().kind()
    }

    /// The seed given at creation (0 by default).
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The players in play order: White, Black; Red, Blue, Yellow, Green in free-for-all;
    /// Red, Green, Yellow, Blue in Four Kingdoms (counter-clockwise, R6.1).
    pub fn players(&self) -> Vec<Player> {
        self.engine().players()
    }

    /// Facts about the game a page needs (board size, hill, promotions, ...).
    pub fn facts(&self) -> Facts {
        self.kind().facts()
    }

    /// The legal moves of the player to move; empty once the game is over.
    pub fn legal_moves(&self) -> Vec<MoveRecord> {
        // Without a square filter there is nothing to reject.
        self.engine().legal_moves(None).unwrap_or_default()
    }

    /// The legal moves of the piece on `from`. Errors: `invalid-argument` when `from` is not a
    /// square of this board.
    pub fn legal_moves_from(&self, from: &str) -> Result<Vec<MoveRecord>, Error> {
        self.engine()
            .legal_moves(Some(from))
            .map_err(|e| self.not_a_square(e, from))
    }

    /// `e` (an engine's refusal of square `from`) in words that say what a square is here.
    fn not_a_square(&self, e: Error, from: &str) -> Error {
        if e.kind != crate::error::ErrorKind::InvalidArgument {
            return e;
        }
        let shown = crate::error::first_chars(from, 60);
        Error::invalid_argument(if self.kind().is_four() {
            format!(
                "from must be a square of the four-player board (a4 to n11 and d1 to k14; the \
                 3×3 corners are not squares), got {shown:?}"
            )
        } else {
            format!("from must be a square from a1 to h8, got {shown:?}")
        })
    }

    /// The UCI text of the legal moves (of the piece on `from` only, if given): the cheap form
    /// of [`Game::legal_moves`] for loops that need neither SAN nor flags. Errors:
    /// `invalid-argument` when `from` is not a square of this board.
    pub fn legal_moves_uci(&self, from: Option<&str>) -> Result<Vec<String>, Error> {
        self.engine()
            .legal_uci(from)
            .map_err(|e| self.not_a_square(e, from.unwrap_or_default()))
    }

    /// Plays a move written as UCI (`e2e4`, `e7e8q`, `e1g1`), SAN (`Nf3`, `O-O`) or, for four
    /// players, PGN4 move text (`h2-h4`, `Qg1xQn8+`). Errors: `game-over`, `illegal-move`.
    pub fn play_text(&mut self, text: &str) -> Result<MoveRecord, Error> {
        // Played directly (a refused move changes nothing), so the hot path parses once.
        let before = self.ply();
        let played = self.engine_mut().play_text(text);
        let played = played.map_err(|e| self.explained(e, text))?;
        self.sync(before)?;
        Ok(played)
    }

    /// Whether [`Game::play_text`] would play `text` (no error, nothing changes).
    pub fn is_legal_text(&self, text: &str) -> bool {
        self.engine().check_text(text).is_ok()
    }

    /// Whether [`Game::play_squares`] would play this move (no error, nothing changes).
    pub fn is_legal_squares(&self, from: &str, to: &str, promotion: Option<Role>) -> bool {
        self.engine().check_squares(from, to, promotion).is_ok()
    }

    /// `e` with an illegal move's message replaced by one that says whose turn it is and why
    /// the move is refused (`explain.rs`).
    fn explained(&self, e: Error, text: &str) -> Error {
        if e.kind == crate::error::ErrorKind::IllegalMove {
            Error::illegal_move(self.explain_illegal(text))
        } else {
            e
        }
    }

    /// Plays the move from `from` to `to` (castling: the king's move), promoting to
    /// `promotion` (four players: a queen or nothing; pawns always promote to a queen).
    /// Errors: `game-over`, `illegal-move`.
    pub fn play_squares(
        &mut self,
        from: &str,
        to: &str,
        promotion: Option<Role>,
    ) -> Result<MoveRecord, Error> {
        let before = self.ply();
        let played = self.engine_mut().play_squares(from, to, promotion);
        let played = played.map_err(|e| {
            let promo = promotion.map(|r| r.char().to_string()).unwrap_or_default();
            self.explained(e, &format!("{from}{to}{promo}"))
        })?;
        self.sync(before)?;
        Ok(played)
    }

    /// Takes back the last action of the current line: a resignation, time-out or claimed
    /// draw ([`Undone::Declaration`]), otherwise the last move (in Four Kingdoms with the
    /// zombie moves that followed it), which is deleted from the tree with the moves after it
    /// (see `line.rs`; to step back keeping moves, [`Game::go_to`] the line's parent). `None`
    /// at the start.
    pub fn undo(&mut self) -> Option<Undone> {
        let before = self.ply();
        let undone = self.engine_mut().undo()?;
        // Taking moves back only shrinks the tree: nothing to refuse.
        let _ = self.sync(before);
        Some(undone)
    }

    /// Every history entry, first to last.
    pub fn history(&self) -> Vec<MoveRecord> {
        self.engine().history()
    }

    /// The number of history entries.
    pub fn ply(&self) -> usize {
        self.engine().ply()
    }

    /// Whose turn, who is in check, whether the game is over and how.
    pub fn status(&self) -> Status {
        self.engine().status()
    }

    /// Every player's standing, in [`GameKind::players`] order.
    pub fn score(&self) -> Vec<Score> {
        self.engine().score()
    }

    /// Every occupied square.
    pub fn board(&self) -> Vec<BoardPiece> {
        self.engine().board()
    }

    /// The position after the first `ply` history entries (0: the start; [`Game::ply`]: now).
    /// Errors: `invalid-argument` beyond the current ply.
    pub fn position_at(&self, ply: usize) -> Result<PositionView, Error> {
        self.engine().position_at(ply).ok_or_else(|| {
            Error::formatted(
                crate::error::ErrorKind::InvalidArgument,
                format_args!("ply must be from 0 to {}, got {ply}", self.engine().ply()),
            )
        })
    }

    /// The current position as FEN (FEN4 for four players).
    pub fn fen(&self) -> String {
        self.engine().fen()
    }

    /// Claims a draw by threefold repetition or the 50-move rule; `false` (and nothing
    /// changes) when none is available. Four-player draws are automatic: always `false`.
    pub fn claim_draw(&mut self) -> bool {
        let before = self.ply();
        let claimed = self.engine_mut().claim_draw();
        if claimed {
            let _ = self.sync(before);
        }
        claimed
    }

    /// `player` (default: the player to move) resigns. Errors: `game-over`, and
    /// `invalid-argument` for a player not in the game or already out.
    pub fn resign(&mut self, player: Option<Player>) -> Result<(), Error> {
        let before = self.ply();
        self.engine_mut().resign(player)?;
        self.sync(before)
    }

    /// Four Kingdoms: `player`'s (default: the player to move) turn timer ran out, so they are
    /// out and their pieces move at random (R6.4). Errors: `invalid-argument` in other games
    /// (in free-for-all the computer plays a timed-out turn, R5.21), `game-over`.
    pub fn timeout(&mut self, player: Option<Player>) -> Result<(), Error> {
        let before = self.ply();
        self.engine_mut().timeout(player)?;
        self.sync(before)
    }

    /// Four players: `player`'s (default: the player to move) game clock ran out (R11.4), so
    /// they time out, recorded `T`: out as on resignation in free-for-all (R5.16–R5.17),
    /// out with their pieces moving at random in Four Kingdoms (R6.4), their team's loss in
    /// Teams (R14). Unlike [`Game::timeout`] (the turn timer, R9.2) this puts a free-for-all
    /// player out. Errors: `invalid-argument` in two-player games (a flag there ends the
    /// game as its clock's keeper decides, R11.3) and for a player already out,
    /// `game-over`.
    pub fn flag(&mut self, player: Option<Player>) -> Result<(), Error> {
        let before = self.ply();
        self.engine_mut().flag(player)?;
        self.sync(before)
    }

    /// Legal move paths of `depth` plies from the current position. Depth 0 to 8 (two
    /// players) or 0 to 6 (four players); `invalid-argument` beyond, and when the count would
    /// need more than [`TWO_PLAYER_PERFT_BUDGET`] (four players:
    /// [`FOUR_PLAYER_PERFT_BUDGET`]) positions expanded, so that no call blocks a page for
    /// more than a few seconds (issue 10): the depth alone bounds nothing, perft(5) of a
    /// position with 200 moves is hours.
    pub fn perft(&self, depth: u32) -> Result<u64, Error> {
        self.perft_limited(depth, self.engine().perft_budget())
    }

    /// [`Game::perft`] with the caller's own cap on the positions expanded (`limit`, at least
    /// 1): a caller who accepts a longer call raises the default cap explicitly.
    pub fn perft_limited(&self, depth: u32, limit: u64) -> Result<u64, Error> {
        let max = self.max_perft_depth();
        if depth > max {
            return Err(Error::formatted(
                crate::error::ErrorKind::InvalidArgument,
                format_args!("depth must be an integer from 0 to {max}, got {depth}"),
            ));
        }
        let budget = limit.max(1);
        self.engine().perft(depth, budget).ok_or_else(|| {
            Error::formatted(
                crate::error::ErrorKind::InvalidArgument,
                format_args!(
                    "perft({depth}) of this position expands more than {budget} positions; \
                 ask for a smaller depth or a larger limit"
                ),
            )
        })
    }

    /// The deepest [`Game::perft`] accepted: 8 for two players, 6 for four.
    pub fn max_perft_depth(&self) -> u32 {
        self.engine().max_perft_depth()
    }

    /// The seed of the AI's randomised choice when the caller gives none: the game's seed
    /// mixed with the ply, so a game replays identically yet the computer does not repeat one
    /// choice in every position.
    #[cfg(feature = "ai")]
    fn ai_seed(&self) -> u64 {
        self.seed ^ (self.ply() as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }

    /// The computer's choice of move for the player to move, without playing it. The choice
    /// depends only on the position, history, options and seed, so a node-limited request is
    /// reproducible. Errors: `game-over`, `invalid-argument` for options out of range.
    #[cfg(feature = "ai")]
    pub fn ai_move(&self, opts: &AiOptions) -> Result<MoveRecord, Error> {
        opts.check()?;
        let opts = AiOptions {
            seed: Some(opts.seed.unwrap_or_else(|| self.ai_seed())),
            ..*opts
        };
        self.engine().ai_move(&opts)
    }

    /// A full-strength look at the position for hints: the best move, its score and the line
    /// the engine expects. `opts.level` is not read (always full strength); `time_ms` and
    /// `nodes` bound the search (neither given: 1000 ms), and `seed` defaults like
    /// [`Game::ai_move`]'s, so a node-bounded analysis is reproducible.
    #[cfg(feature = "ai")]
    pub fn analyse(&self, opts: &AiOptions) -> Result<Analysis, Error> {
        self.analyse_with(opts, &AnalysisScope::default())
    }

    /// [`Game::analyse`] to a depth and with several lines (MultiPV): `scope.depth` bounds
    /// the search (alone, without `time_ms` or `nodes`, it is the only bound: no 1000 ms
    /// default), and `scope.lines` above 1 fills [`Analysis::lines`] with the best moves'
    /// lines and exact scores. A depth-bounded analysis is reproducible. Errors: as
    /// [`Game::analyse`]'s, and `invalid-argument` for a depth or a number of lines out of
    /// range ([`crate::ai::MAX_ANALYSIS_DEPTH`], [`crate::ai::MAX_LINES`]).
    #[cfg(feature = "ai")]
    pub fn analyse_with(&self, opts: &AiOptions, scope: &AnalysisScope) -> Result<Analysis, Error> {
        opts.check()?;
        scope.check()?;
        let opts = AiOptions {
            level: 8,
            time_ms: match (opts.time_ms, opts.nodes, scope.depth) {
                (None, None, None) => Some(1000),
                (t, _, _) => t,
            },
            nodes: opts.nodes,
            seed: Some(opts.seed.unwrap_or_else(|| self.ai_seed())),
        };
        self.engine().analyse(&opts, scope)
    }

    /// Set when an imported record goes on after the game ended under these rules (a
    /// chess.com four-player record where the leader played on rather than claim a 21-point
    /// win, say): the game holds the record up to that end, and this says where and why.
    /// `None` for a record read to its end and for games not imported. Not kept by
    /// [`Game::to_saved`], which saves the moves the game holds.
    pub fn import_note(&self) -> Option<String> {
        self.engine().import_note()
    }

    /// The game as a replayable record (see [`SavedGame`]).
    pub fn to_saved(&self) -> SavedGame {
        let (movetext, path) = self.saved_tree();
        SavedGame {
            seed: self.seed,
            headers: self.headers.clone(),
            movetext,
            path,
            source_tags: self.source.tags(),
            ..self.engine().to_saved()
        }
    }

    /// Rebuilds a game from [`Game::to_saved`] output, replaying and checking every move.
    /// Errors: `invalid-argument` for anything corrupt.
    pub fn from_saved(saved: &SavedGame) -> Result<Game, Error> {
        saved::restore(saved)
    }
}

/// `invalid-pgn` for a text of more than one game: importing only the first would lose the
/// others without a word.
fn one_game(pgn: &str) -> Result<(), Error> {
    match split::count_games(pgn) {
        0 | 1 => Ok(()),
        n => Err(Error::formatted(
            crate::error::ErrorKind::InvalidPgn,
            format_args!(
                "the text holds {n} games and a game imports one: split it with splitPgn(text) \
             (Rust: tablero::split_pgn) and import each game"
            ),
        )),
    }
}

/// The error of a four-player request to a build without the `four` feature.
#[cfg(not(feature = "four"))]
fn no_four_player_engine() -> Error {
    Error::invalid_argument("this build has no four-player engine (Cargo feature \"four\")")
}

/// The seat `player` names in a four-player game, or an `invalid-argument` error.
#[cfg(feature = "four")]
fn seat_of(player: Player) -> Result<Seat, Error> {
    player
        .seat()
        .ok_or_else(|| {
            Error::formatted(crate::error::ErrorKind::InvalidArgument, format_args!(
                "player must be \"red\", \"blue\", \"yellow\" or \"green\" in a four-player game, got {:?}",
                player.name()
            ))
        })
}

/// Plies to a forced win (> 0) or loss (< 0) that a search score proves, if any.
#[cfg(feature = "ai")]
fn mate_distance(score: i32) -> Option<i32> {
    use crate::ai::{MATE, MATE_BOUND};
    if score >= MATE_BOUND {
        Some(MATE - score)
    } else if score <= -MATE_BOUND {
        Some(-(MATE + score))
    } else {
        None
    }
}
