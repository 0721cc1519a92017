//! [`Engine`] for two-player games.

use super::line::{Replayed, Source};
use super::movetext::Dialect;
use super::tree::NodeTurn;
use super::{Engine, Inner, SavedGame, SavedResult};
use crate::kind::GameKind;
use crate::record::{BoardPiece, GameResult, MoveRecord, PositionView, Score, Status, Undone};
use crate::two::{
    self, Color, Position, Square, TwoGame, Variant, board_pieces, describe_move as describe,
};
use crate::{error::Error, player::Player, result::ResultReason, role::Role};

#[cfg(feature = "ai")]
use crate::{
    ai::{AiOptions, AnalysisScope},
    record::{Analysis, Line},
};

fn board(pos: &Position) -> Vec<BoardPiece> {
    board_pieces(pos)
        .into_iter()
        .map(|(sq, c, r)| BoardPiece {
            square: sq.to_string(),
            piece: r,
            color: c.into(),
            grey: false,
        })
        .collect()
}

/// The record of the computer's move, or an `internal` error if the search broke the
/// invariant that it only returns legal moves.
#[cfg(feature = "ai")]
fn legal_choice(pos: &Position, m: crate::two::Move) -> Result<MoveRecord, Error> {
    if pos.legal_moves().contains(&m) {
        Ok(describe(pos, m))
    } else {
        Err(Error::internal(format!(
            "the computer chose {}, which is not legal in {}",
            m.uci(),
            pos.fen()
        )))
    }
}

fn color_of(player: Player) -> Result<Color, Error> {
    player.color().ok_or_else(|| {
        Error::formatted(
            crate::error::ErrorKind::InvalidArgument,
            format_args!(
                "player must be \"white\" or \"black\", got {:?}",
                player.name()
            ),
        )
    })
}

fn square_filter(from: Option<&str>) -> Result<Option<Square>, Error> {
    from.map(|s| {
        Square::parse(s).ok_or_else(|| {
            Error::formatted(
                crate::error::ErrorKind::InvalidArgument,
                format_args!("{s:?} is not a square"),
            )
        })
    })
    .transpose()
}

/// The legal move from `from` to `to`, or the error `play_squares` gives.
trait FindSquares {
    fn find_squares(
        &self,
        from: &str,
        to: &str,
        promotion: Option<Role>,
    ) -> Result<crate::two::Move, Error>;
}

impl FindSquares for TwoGame {
    fn find_squares(
        &self,
        from: &str,
        to: &str,
        promotion: Option<Role>,
    ) -> Result<crate::two::Move, Error> {
        if let Some(r) = self.result() {
            return Err(Error::formatted(
                crate::error::ErrorKind::GameOver,
                format_args!(
                    "the game is over ({}); cannot play {from}{to}",
                    r.reason.code()
                ),
            ));
        }
        let sq = |s: &str| {
            Square::parse(s).ok_or_else(|| {
                Error::formatted(
                    crate::error::ErrorKind::IllegalMove,
                    format_args!("{s:?} is not a square"),
                )
            })
        };
        let (f, t) = (sq(from)?, sq(to)?);
        let pos = self.position();
        pos.find_move(f, t, promotion).ok_or_else(|| {
            Error::formatted(
                crate::error::ErrorKind::IllegalMove,
                format_args!(
                    "{from}{to}{} is not a legal move in {}",
                    promotion.map(|r| r.char().to_string()).unwrap_or_default(),
                    pos.fen()
                ),
            )
        })
    }
}

impl Engine for TwoGame {
    fn kind(&self) -> GameKind {
        TwoGame::kind(self)
    }

    fn players(&self) -> Vec<Player> {
        vec![Player::White, Player::Black]
    }

    fn legal_moves(&self, from: Option<&str>) -> Result<Vec<MoveRecord>, Error> {
        let from = square_filter(from)?;
        let pos = self.position();
        Ok(TwoGame::legal_moves(self)
            .into_iter()
            .filter(|m| from.is_none_or(|f| m.from == f))
            .map(|m| describe(pos, m))
            .collect())
    }

    fn legal_uci(&self, from: Option<&str>) -> Result<Vec<String>, Error> {
        let from = square_filter(from)?;
        let pos = self.position();
        Ok(TwoGame::legal_moves(self)
            .into_iter()
            .filter(|m| from.is_none_or(|f| m.from == f))
            .map(|m| pos.uci(m))
            .collect())
    }

    fn check_text(&self, text: &str) -> Result<(), Error> {
        if let Some(r) = self.result() {
            return Err(Error::formatted(
                crate::error::ErrorKind::GameOver,
                format_args!(
                    "the game is over ({}); cannot play {text:?}",
                    r.reason.code()
                ),
            ));
        }
        self.position().parse_move(text).map(drop)
    }

    fn check_squares(&self, from: &str, to: &str, promotion: Option<Role>) -> Result<(), Error> {
        self.find_squares(from, to, promotion).map(drop)
    }

    fn play_text(&mut self, text: &str) -> Result<MoveRecord, Error> {
        self.play_str(text).cloned()
    }

    fn play_squares(
        &mut self,
        from: &str,
        to: &str,
        promotion: Option<Role>,
    ) -> Result<MoveRecord, Error> {
        let m = self.find_squares(from, to, promotion)?;
        self.play(m).cloned()
    }

    fn undo(&mut self) -> Option<Undone> {
        if self.declared().is_some() {
            TwoGame::undo(self);
            return Some(Undone::Declaration);
        }
        TwoGame::undo(self).map(Undone::Move)
    }

    fn history(&self) -> Vec<MoveRecord> {
        TwoGame::history(self).to_vec()
    }

    fn ply(&self) -> usize {
        TwoGame::history(self).len()
    }

    fn status(&self) -> Status {
        let pos = self.position();
        let result = self.result();
        Status {
            turn: result.is_none().then(|| pos.turn().into()),
            in_check: if pos.is_check() {
                vec![pos.turn().into()]
            } else {
                Vec::new()
            },
            over: result.is_some(),
            result: result.map(|r| GameResult {
                winners: r.winner.map(Player::from).into_iter().collect(),
                reason: r.reason,
                scores: Engine::score(self),
            }),
            can_claim_draw: self.claimable_draw().is_some(),
        }
    }

    fn score(&self) -> Vec<Score> {
        let pos = self.position();
        let result = self.result();
        [Color::White, Color::Black]
            .into_iter()
            .map(|c| Score {
                player: c.into(),
                points: match result.map(|r| r.winner) {
                    None => 0.0,
                    Some(None) => 0.5,
                    Some(Some(w)) if w == c => 1.0,
                    Some(Some(_)) => 0.0,
                },
                checks: (pos.variant() == Variant::ThreeCheck).then(|| pos.checks_given(c)),
                status: None,
                place: result.map(|r| match r.winner {
                    Some(w) if w != c => 2,
                    _ => 1,
                }),
            })
            .collect()
    }

    fn board(&self) -> Vec<BoardPiece> {
        board(self.position())
    }

    fn position_at(&self, ply: usize) -> Option<PositionView> {
        let pos = self.position_after(ply)?;
        let now = ply == Engine::ply(self);
        Some(PositionView {
            ply,
            fen: pos.fen(),
            turn: if now && self.result().is_some() {
                None
            } else {
                Some(pos.turn().into())
            },
            board: board(pos),
            last_move: ply
                .checked_sub(1)
                .and_then(|i| TwoGame::history(self).get(i))
                .cloned(),
        })
    }

    fn fen(&self) -> String {
        TwoGame::fen(self)
    }

    fn dialect(&self) -> Dialect {
        Dialect::Pgn
    }

    fn pgn_tags(&self, source: &Source) -> String {
        TwoGame::pgn_tags(self, source.variant_tag.as_deref())
    }

    fn fits_source_tag(&self, name: &str, value: &str) -> bool {
        name == "Variant" && GameKind::from_pgn_tag(value) == Some(self.kind())
    }

    fn result_token(&self) -> Option<&'static str> {
        Some(self.result().map_or("*", |r| r.pgn_token()))
    }

    fn restart(&self) -> Inner {
        Inner::Two(self.restarted())
    }

    fn replay_text(
        &mut self,
        text: &str,
        _after_move: &mut bool,
        _parent: NodeTurn,
        _at_root: bool,
        place: &str,
    ) -> Result<Replayed, Error> {
        self.play_pgn_move(text, place).map(|()| Replayed::Played)
    }

    fn end_pgn(&mut self, result: Option<&str>) {
        TwoGame::end_pgn(self, result);
    }

    fn last_entry(&self) -> Option<MoveRecord> {
        TwoGame::history(self).last().cloned()
    }

    fn entry_text(&self, i: usize) -> String {
        TwoGame::history(self)
            .get(i)
            .map(|m| m.san.clone())
            .unwrap_or_default()
    }

    fn entry_turn(&self, i: usize, _parent: NodeTurn, _at_root: bool) -> NodeTurn {
        let pos = self.position_after(i).unwrap_or(self.start());
        NodeTurn {
            number: pos.fullmoves(),
            seat: u8::from(pos.turn() == Color::Black),
            last: None,
        }
    }

    fn declared_result(&self) -> Option<(Option<Player>, ResultReason)> {
        self.declared()
            .map(|d| (d.winner.map(Player::from), d.reason))
    }

    fn redeclare(&mut self, d: (Option<Player>, ResultReason)) {
        let _ = self.restore_declared(two::GameResult {
            winner: d.0.and_then(Player::color),
            reason: d.1,
        });
    }

    fn claim_draw(&mut self) -> bool {
        TwoGame::claim_draw(self)
    }

    fn resign(&mut self, player: Option<Player>) -> Result<(), Error> {
        let color = match player {
            None => self.position().turn(),
            Some(p) => color_of(p)?,
        };
        TwoGame::resign(self, color)
    }

    fn timeout(&mut self, _player: Option<Player>) -> Result<(), Error> {
        Err(Error::invalid_argument("timeout is a four-player call"))
    }

    fn flag(&mut self, _player: Option<Player>) -> Result<(), Error> {
        Err(Error::invalid_argument(
            "flag is a four-player call: a two-player flag ends the game (R11.3)",
        ))
    }

    fn max_perft_depth(&self) -> u32 {
        8
    }

    fn perft_budget(&self) -> u64 {
        super::TWO_PLAYER_PERFT_BUDGET
    }

    fn perft(&self, depth: u32, budget: u64) -> Option<u64> {
        TwoGame::perft_within(self, depth, budget)
    }

    #[cfg(feature = "ai")]
    fn ai_move(&self, opts: &AiOptions) -> Result<MoveRecord, Error> {
        self.check_playable()?;
        let choice = crate::ai::two::choose_move(self.position(), &self.hashes(), opts)?;
        legal_choice(self.position(), choice.mv)
    }

    #[cfg(feature = "ai")]
    fn analyse(&self, opts: &AiOptions, scope: &AnalysisScope) -> Result<Analysis, Error> {
        self.check_playable()?;
        let choice = crate::ai::two::analyse_scoped(self.position(), &self.hashes(), opts, scope)?;
        let lines = choice
            .lines
            .iter()
            .map(|(score, moves)| Line {
                score: *score,
                mate: super::mate_distance(*score),
                pv: describe_line(self.position(), moves),
            })
            .collect();
        Ok(Analysis {
            best: legal_choice(self.position(), choice.mv)?,
            score: choice.score_cp,
            mate: super::mate_distance(choice.score_cp),
            depth: choice.depth,
            nodes: choice.nodes,
            pv: describe_line(self.position(), &choice.pv),
            lines,
        })
    }

    fn to_saved(&self) -> SavedGame {
        SavedGame::from(self)
    }
}

/// The records of `moves` played from `pos`, up to the first that is not legal there (a line
/// from the search is legal, but a record must never claim a move that is not).
#[cfg(feature = "ai")]
fn describe_line(pos: &Position, moves: &[two::Move]) -> Vec<MoveRecord> {
    let mut pos = pos.clone();
    let mut out = Vec::with_capacity(moves.len());
    for &m in moves {
        if !pos.legal_moves().contains(&m) {
            break;
        }
        out.push(describe(&pos, m));
        pos.play(m);
    }
    out
}

impl From<&TwoGame> for SavedGame {
    /// The data that rebuilds the game: its kind, start FEN, moves in UCI, and a declared
    /// result (the seed is the caller's: 0 here).
    fn from(g: &TwoGame) -> SavedGame {
        SavedGame {
            moves: g.history().iter().map(|m| m.uci.clone()).collect(),
            declared: g.declared().map(|r| SavedResult {
                winner: r.winner.map(|c| Player::from(c).to_string()),
                reason: r.reason.code().to_string(),
            }),
            ..SavedGame::new(g.kind(), g.start().fen())
        }
    }
}

impl TryFrom<&SavedGame> for TwoGame {
    type Error = Error;

    /// Rebuilds a saved two-player game, replaying and checking every move. Errors are
    /// `invalid-argument` (a bad start FEN keeps its `invalid-fen`).
    fn try_from(saved: &SavedGame) -> Result<TwoGame, Error> {
        restore(saved)
    }
}

/// [`TwoGame::try_from`] a save.
pub(super) fn restore(saved: &SavedGame) -> Result<TwoGame, Error> {
    let variant = saved.kind.variant().ok_or_else(|| {
        Error::formatted(
            crate::error::ErrorKind::InvalidArgument,
            format_args!("saved game {} is not a two-player game", saved.kind.id()),
        )
    })?;
    if saved.first_player.is_some() || saved.move_limit.is_some() {
        return Err(Error::invalid_argument(
            "corrupt saved game: rules, firstPlayer and moveLimit are four-player fields",
        ));
    }
    let start = if saved.kind == GameKind::Chess960 {
        TwoGame::chess960(Some(&saved.start_fen), 0)
    } else {
        TwoGame::from_fen(variant, &saved.start_fen)
    };
    let mut game = start.map_err(|e| {
        Error::formatted(
            crate::error::ErrorKind::InvalidArgument,
            format_args!("corrupt saved game: startFen: {}", e.message),
        )
    })?;
    for (i, m) in saved.moves.iter().enumerate() {
        game.play_str(m).map_err(|e| {
            Error::formatted(
                crate::error::ErrorKind::InvalidArgument,
                format_args!("saved game move {} {m:?}: {}", i + 1, e.message),
            )
        })?;
    }
    if let Some(d) = &saved.declared {
        let reason = ResultReason::from_code(&d.reason).ok_or_else(|| {
            Error::formatted(
                crate::error::ErrorKind::InvalidArgument,
                format_args!("saved game has unknown result reason {:?}", d.reason),
            )
        })?;
        let winner = match d.winner.as_deref() {
            None => None,
            Some(w) => Some(Color::from_name(w).ok_or_else(|| {
                Error::formatted(
                    crate::error::ErrorKind::InvalidArgument,
                    format_args!("saved game has unknown winner {w:?}"),
                )
            })?),
        };
        game.restore_declared(two::GameResult { winner, reason })?;
    }
    Ok(game)
}

/// The game a PGN's tags start (see [`TwoGame::for_pgn`]), and the tags to write back as read.
pub(super) fn import_start(tags: &[(String, String)], source: &mut Source) -> Result<Inner, Error> {
    let g = TwoGame::for_pgn(tags)?;
    source.variant_tag = super::line::one_line(crate::pgn_tags::get(tags, "Variant"));
    Ok(Inner::Two(g))
}

impl TwoGame {
    /// Reads a PGN (one game), the main line and its variations, every move checked (see
    /// `Game::from_pgn`). The `Variant` tag picks the rules (lichess names; absent means
    /// chess; `Chess960` is chess from a Chess960 start, position 518 without a `FEN`);
    /// `FEN` sets the start. A decisive or drawn `Result` on a game that did not end on the
    /// board is kept as a resignation or an agreed draw.
    pub fn from_pgn(pgn: &str) -> Result<TwoGame, Error> {
        match super::Game::imported(pgn, 0, false)?.inner {
            Inner::Two(g) => Ok(g),
            #[cfg(feature = "four")]
            Inner::Four(_) => Err(Error::internal("a PGN imported as a four-player game")),
        }
    }

    /// The game as PGN (its history as the main line), with the lichess `Variant` tag and
    /// `FEN`/`SetUp` for custom starts.
    pub fn pgn(&self) -> String {
        super::Game::of_engine(Inner::Two(self.clone()), 0).pgn()
    }
}
