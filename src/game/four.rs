//! [`Engine`] for four-player games.

use super::line::{Replayed, Source, one_line};
use super::movetext::Dialect;
use super::tree::NodeTurn;
use super::{Engine, Inner, NewGame, SavedGame, seat_of};
use crate::four::{FourGame, Rules, Seat, Step, Stop, board_pieces};
use crate::kind::GameKind;
use crate::record::{BoardPiece, EntryKind, MoveRecord, PositionView, Score, Status, Undone};
use crate::{error::Error, player::Player, role::Role};

#[cfg(feature = "ai")]
use crate::{
    ai::{AiOptions, AnalysisScope},
    record::{Analysis, Line},
};

/// Starts a four-player game from [`NewGame`] options (the kind is four-player): `None` for
/// options that import a PGN4, which the caller imports once they are checked.
pub(super) fn create(opts: &NewGame) -> Result<Option<FourGame>, Error> {
    let rules = opts.kind.rules().unwrap_or_default();
    if let Some(n) = opts.move_limit
        && !(1..=super::MAX_MOVE_LIMIT).contains(&n)
    {
        return Err(Error::formatted(
            crate::error::ErrorKind::InvalidArgument,
            format_args!(
                "moveLimit must be an integer from 1 to {}, got {n}",
                super::MAX_MOVE_LIMIT
            ),
        ));
    }
    let first = opts.first_player.map(seat_of).transpose()?;
    if opts.pgn.is_some() {
        if first.is_some() || opts.move_limit.is_some() || opts.en_passant.is_some() {
            return Err(Error::invalid_argument(
                "a PGN4 carries its own rules and start; drop rules, firstPlayer, moveLimit and \
                 enPassant",
            ));
        }
        // Imported by the caller, which checked the options here first.
        return Ok(None);
    }
    if opts.en_passant.is_some() && rules != Rules::Teams {
        return Err(Error::invalid_argument(crate::kind::TEAMS_ONLY));
    }
    let game = match &opts.fen {
        Some(fen) => {
            if first.is_some() {
                return Err(Error::invalid_argument(
                    "a FEN4 names the player to move; drop firstPlayer",
                ));
            }
            FourGame::from_fen4(rules, fen, opts.move_limit, opts.seed)
        }
        None => Ok(FourGame::new(
            rules,
            first.unwrap_or(Seat::Red),
            opts.move_limit,
            opts.seed,
        )),
    }?;
    match opts.en_passant {
        Some(on) => game.with_en_passant(on).map(Some),
        None => Ok(Some(game)),
    }
}

/// The text `play` takes for a move given by its squares: `from` `to` and, in Teams, the
/// promotion piece's letter (R14.3; a promotion named on another move is refused). The other
/// presets always promote to a queen (R5.8) and have always let a move name it or not.
fn squares_text(g: &FourGame, from: &str, to: &str, promotion: Option<Role>) -> String {
    match promotion {
        Some(r) if g.rules() == Rules::Teams => format!("{from}{to}{}", r.char()),
        _ => format!("{from}{to}"),
    }
}

/// `game-over` once the game has ended.
#[cfg(feature = "ai")]
fn check_playable(g: &FourGame) -> Result<(), Error> {
    if g.is_over() {
        return Err(Error::game_over(
            "the four-player game is over; there is no move to choose",
        ));
    }
    Ok(())
}

/// The record of the computer's move, or an `internal` error if the search broke the
/// invariant that it only returns legal moves.
#[cfg(feature = "ai")]
fn legal_choice(g: &FourGame, m: crate::four::Move) -> Result<MoveRecord, Error> {
    let mut legal = crate::four::MoveList::new();
    g.position().legal_moves(&mut legal);
    if legal.contains(&m) {
        Ok(g.describe_move(m))
    } else {
        Err(Error::internal(format!(
            "the computer chose {}{}, which is not legal in {}",
            m.from(),
            m.to(),
            g.fen4()
        )))
    }
}

/// The seat to move, or `game-over`.
fn seat_to_move(g: &FourGame) -> Result<Seat, Error> {
    if g.is_over() {
        Err(Error::game_over("the game is over"))
    } else {
        Ok(g.position().turn())
    }
}

impl Engine for FourGame {
    fn kind(&self) -> GameKind {
        FourGame::kind(self)
    }

    fn players(&self) -> Vec<Player> {
        FourGame::kind(self).play_order().to_vec()
    }

    fn legal_moves(&self, from: Option<&str>) -> Result<Vec<MoveRecord>, Error> {
        match from {
            None => Ok(FourGame::legal_moves(self)),
            Some(s) => self.legal_moves_from(s),
        }
    }

    fn legal_uci(&self, from: Option<&str>) -> Result<Vec<String>, Error> {
        FourGame::legal_uci(self, from)
    }

    fn check_text(&self, text: &str) -> Result<(), Error> {
        if self.is_over() {
            return Err(Error::formatted(
                crate::error::ErrorKind::GameOver,
                format_args!("the game is over; cannot play {text:?}"),
            ));
        }
        self.parse_move(text).map(drop)
    }

    fn check_squares(&self, from: &str, to: &str, promotion: Option<Role>) -> Result<(), Error> {
        if self.is_over() {
            return Err(Error::formatted(
                crate::error::ErrorKind::GameOver,
                format_args!("the game is over; cannot play {from}{to}"),
            ));
        }
        if promotion.is_some_and(|r| r != Role::Queen) && self.rules() != Rules::Teams {
            return Err(Error::illegal_move(
                "four-player pawns always promote to a queen (R5.8)",
            ));
        }
        self.parse_move(&squares_text(self, from, to, promotion))
            .map(drop)
    }

    fn play_text(&mut self, text: &str) -> Result<MoveRecord, Error> {
        if self.is_over() {
            return Err(Error::formatted(
                crate::error::ErrorKind::GameOver,
                format_args!("the game is over; cannot play {text:?}"),
            ));
        }
        self.play(text)
    }

    fn play_squares(
        &mut self,
        from: &str,
        to: &str,
        promotion: Option<Role>,
    ) -> Result<MoveRecord, Error> {
        if self.is_over() {
            return Err(Error::formatted(
                crate::error::ErrorKind::GameOver,
                format_args!("the game is over; cannot play {from}{to}"),
            ));
        }
        if promotion.is_some_and(|r| r != Role::Queen) && self.rules() != Rules::Teams {
            return Err(Error::illegal_move(
                "four-player pawns always promote to a queen (R5.8)",
            ));
        }
        self.play(&squares_text(self, from, to, promotion))
    }

    fn undo(&mut self) -> Option<Undone> {
        let info = FourGame::undo(self)?;
        Some(match info.kind {
            EntryKind::Resign | EntryKind::Timeout => Undone::Declaration,
            _ => Undone::Move(info),
        })
    }

    fn history(&self) -> Vec<MoveRecord> {
        FourGame::history(self)
    }

    fn ply(&self) -> usize {
        self.history_len()
    }

    fn status(&self) -> Status {
        FourGame::status(self)
    }

    fn score(&self) -> Vec<Score> {
        self.scores()
    }

    fn board(&self) -> Vec<BoardPiece> {
        board_pieces(self.position())
    }

    fn position_at(&self, ply: usize) -> Option<PositionView> {
        let pos = self.position_after(ply)?;
        let now = ply == self.history_len();
        Some(PositionView {
            ply,
            fen: pos.fen4(),
            turn: if now && self.is_over() {
                None
            } else {
                Some(pos.turn().into())
            },
            board: board_pieces(pos),
            last_move: ply.checked_sub(1).and_then(|i| self.entry(i)).cloned(),
        })
    }

    fn fen(&self) -> String {
        self.fen4()
    }

    fn dialect(&self) -> Dialect {
        Dialect::Pgn4
    }

    fn pgn_tags(&self, source: &Source) -> String {
        self.pgn4_tags(
            source.start_tag.as_deref(),
            source.rule_variants_tag.as_deref(),
            source.outcome.as_deref(),
        )
    }

    fn fits_source_tag(&self, name: &str, value: &str) -> bool {
        match name {
            // What "4PC" starts for these rules, with this game's en passant, is its start.
            "StartFen4" => {
                let kind = crate::kind::GameKind::FourPlayer(self.rules());
                let tags = [
                    ("Variant".to_string(), kind.pgn_tag().to_string()),
                    ("RuleVariants".to_string(), self.rule_variants().to_string()),
                    ("StartFen4".to_string(), value.to_string()),
                ];
                crate::four::is_standard_start(value)
                    && FourGame::for_pgn4(&tags, 0)
                        .is_ok_and(|g| g.start_fen4() == self.start_fen4())
            }
            // The value reads to this game's rules and en passant, as it did on import.
            "RuleVariants" => {
                let kind = crate::kind::GameKind::FourPlayer(self.rules());
                let tags = [
                    ("Variant".to_string(), kind.pgn_tag().to_string()),
                    ("RuleVariants".to_string(), value.to_string()),
                ];
                FourGame::for_pgn4(&tags, 0).is_ok_and(|g| {
                    g.rules() == self.rules()
                        && g.position().en_passant() == self.position().en_passant()
                })
            }
            "Result" | "Termination" => true,
            _ => false,
        }
    }

    fn result_token(&self) -> Option<&'static str> {
        // chess.com ends a finished game's move text with no result: the tags hold it.
        (!self.is_over()).then_some("*")
    }

    fn restart(&self) -> Inner {
        let start = self.start_fen4();
        let g = FourGame::for_replay(self.rules(), start, self.move_limit(), self.seed());
        // The start position was read from this very game: it reads again.
        Inner::Four(Box::new(g.unwrap_or_else(|_| self.clone())))
    }

    fn replay_text(
        &mut self,
        text: &str,
        after_move: &mut bool,
        parent: NodeTurn,
        at_root: bool,
        place: &str,
    ) -> Result<Replayed, Error> {
        // A lone `#` is chess.com's end-of-game marker, not a move.
        if text == "#" {
            return Ok(Replayed::Marker);
        }
        let seat = self.position().turn();
        let round = self.round_of_next(parent, at_root);
        match self.replay_step(text, true, after_move) {
            Ok(Step::Played) => Ok(Replayed::Played),
            Ok(Step::Marker) => Ok(Replayed::Marker),
            Ok(Step::Stopped(stop)) => Ok(Replayed::Stopped(stop)),
            Err(e) => Err(Error::formatted(
                crate::error::ErrorKind::InvalidPgn,
                format_args!("move {round} ({seat}){place}: {}", e.message),
            )),
        }
    }

    fn end_replay(&mut self) {
        self.settle_zombies();
    }

    fn note_stop(&mut self, parent: NodeTurn, at_root: bool, text: &str, stop: Stop, left: usize) {
        let round = self.round_of_next(parent, at_root);
        FourGame::note_stop(self, round, text, stop, left);
    }

    fn last_entry(&self) -> Option<MoveRecord> {
        FourGame::last_entry(self).cloned()
    }

    fn entry_text(&self, i: usize) -> String {
        FourGame::entry_text(self, i)
            .map(|e| e.0)
            .unwrap_or_default()
    }

    fn entry_turn(&self, i: usize, parent: NodeTurn, at_root: bool) -> NodeTurn {
        let Some((_, rank, is_move)) = FourGame::entry_text(self, i) else {
            return parent;
        };
        let mover = is_move.then_some(rank);
        if at_root {
            NodeTurn {
                number: 1,
                seat: 0,
                last: mover,
            }
        } else if is_move && parent.last.is_some_and(|l| rank <= l) {
            NodeTurn {
                number: parent.number + 1,
                seat: 0,
                last: mover,
            }
        } else {
            NodeTurn {
                number: parent.number,
                seat: parent.seat.saturating_add(1),
                last: mover.or(parent.last),
            }
        }
    }

    fn claim_draw(&mut self) -> bool {
        false
    }

    fn resign(&mut self, player: Option<Player>) -> Result<(), Error> {
        let seat = match player {
            Some(p) => seat_of(p)?,
            None => seat_to_move(self)?,
        };
        FourGame::resign(self, seat)
    }

    fn timeout(&mut self, player: Option<Player>) -> Result<(), Error> {
        let seat = player.map(seat_of).transpose()?;
        if self.rules() == Rules::Ffa {
            return Err(Error::invalid_argument(
                "in free-for-all a timed-out turn is played by the computer (R5.21): \
                 call aiMove() and play its move",
            ));
        }
        let seat = match seat {
            Some(s) => s,
            None => seat_to_move(self)?,
        };
        FourGame::timeout(self, seat)
    }

    fn flag(&mut self, player: Option<Player>) -> Result<(), Error> {
        let seat = match player {
            Some(p) => seat_of(p)?,
            None => seat_to_move(self)?,
        };
        FourGame::timeout(self, seat)
    }

    fn max_perft_depth(&self) -> u32 {
        6
    }

    fn perft_budget(&self) -> u64 {
        super::FOUR_PLAYER_PERFT_BUDGET
    }

    fn perft(&self, depth: u32, budget: u64) -> Option<u64> {
        FourGame::perft_within(self, depth, budget)
    }

    #[cfg(feature = "ai")]
    fn ai_move(&self, opts: &AiOptions) -> Result<MoveRecord, Error> {
        check_playable(self)?;
        let choice = crate::ai::four::choose_move(self.position(), opts)?;
        legal_choice(self, choice.mv)
    }

    #[cfg(feature = "ai")]
    fn analyse(&self, opts: &AiOptions, scope: &AnalysisScope) -> Result<Analysis, Error> {
        check_playable(self)?;
        let choice = crate::ai::four::analyse_scoped(self.position(), opts, scope)?;
        let best = legal_choice(self, choice.mv)?;
        let lines = choice
            .lines
            .iter()
            .filter_map(|(score, moves)| {
                let mv = legal_choice(self, *moves.first()?).ok()?;
                Some(Line {
                    score: *score,
                    mate: None,
                    pv: vec![mv],
                })
            })
            .collect();
        Ok(Analysis {
            best: best.clone(),
            score: choice.score_cp,
            mate: None,
            depth: choice.depth,
            nodes: choice.nodes,
            // Later moves of a best-reply line belong to other seats' positions, which a hint
            // does not show; the line is the move itself.
            pv: vec![best],
            lines,
        })
    }

    fn to_saved(&self) -> SavedGame {
        SavedGame::from(self)
    }

    fn import_note(&self) -> Option<String> {
        FourGame::import_note(self).map(str::to_string)
    }
}

impl From<&FourGame> for SavedGame {
    /// A replayable record of the game: seed, start, first player, move limit, and the moves
    /// with `R:seat` / `T:seat` tokens.
    fn from(g: &FourGame) -> SavedGame {
        SavedGame {
            seed: g.seed(),
            first_player: Some(g.start_position().turn().into()),
            move_limit: g.move_limit(),
            moves: g.move_texts(),
            ..SavedGame::new(g.kind(), g.start_fen4().to_string())
        }
    }
}

impl TryFrom<&SavedGame> for FourGame {
    type Error = Error;

    /// Rebuilds a saved four-player game by replaying its record; every move is validated.
    /// Errors are `invalid-argument`, naming the field or move.
    fn try_from(s: &SavedGame) -> Result<FourGame, Error> {
        restore(s)
    }
}

/// [`FourGame::try_from`] a save.
pub(super) fn restore(s: &SavedGame) -> Result<FourGame, Error> {
    let Some(rules) = s.kind.rules() else {
        return Err(Error::formatted(
            crate::error::ErrorKind::InvalidArgument,
            format_args!("saved game {} is not a four-player game", s.kind.id()),
        ));
    };
    let first = s
        .first_player
        .and_then(Player::seat)
        .ok_or_else(|| Error::invalid_argument("corrupt saved game: firstPlayer must be a seat"))?;
    if s.declared.is_some() {
        return Err(Error::invalid_argument(
            "corrupt saved game: four-player games record resignations as moves",
        ));
    }
    let mut g = FourGame::for_replay(rules, &s.start_fen, s.move_limit, s.seed).map_err(|e| {
        Error::formatted(
            crate::error::ErrorKind::InvalidArgument,
            format_args!("startFen: {}", e.message),
        )
    })?;
    if g.start_position().turn() != first {
        return Err(Error::formatted(
            crate::error::ErrorKind::InvalidArgument,
            format_args!("firstPlayer {first} does not match startFen"),
        ));
    }
    g.replay(s.moves.iter().map(|m| m.as_str()), false, |i, seat, e| {
        Error::formatted(
            crate::error::ErrorKind::InvalidArgument,
            format_args!("move {} ({seat}): {}", i + 1, e.message),
        )
    })?;
    Ok(g)
}

/// The game a PGN4's tags start (see `FourGame::for_pgn4`), and the tags to write back as
/// read: chess.com's `StartFen4 "4PC"`, its `RuleVariants`, `Result` and `Termination`.
pub(super) fn import_start(
    tags: &[(String, String)],
    seed: u64,
    source: &mut Source,
) -> Result<Inner, Error> {
    let g = FourGame::for_pgn4(tags, seed)?;
    let tag = |k: &str| crate::pgn_tags::get(tags, k);
    source.start_tag = one_line(tag("StartFen4").filter(|f| crate::four::is_standard_start(f)));
    source.rule_variants_tag = one_line(tag("RuleVariants"));
    let outcome: Vec<(String, String)> = ["Result", "Termination"]
        .into_iter()
        .filter_map(|k| one_line(tag(k)).map(|v| (k.to_string(), v)))
        .collect();
    source.outcome = (!outcome.is_empty()).then_some(outcome);
    Ok(Inner::Four(Box::new(g)))
}

impl FourGame {
    /// Reads PGN4 and replays it through the rules (the main line; variations are checked
    /// too). An illegal or unreadable move is reported with [`crate::ErrorKind::InvalidPgn`],
    /// its move number and the player to move.
    pub fn from_pgn4(text: &str, seed: u64) -> Result<FourGame, Error> {
        match super::Game::imported(text, seed, true)?.inner {
            Inner::Four(g) => Ok(*g),
            Inner::Two(_) => Err(Error::internal("a PGN4 imported as a two-player game")),
        }
    }

    /// The game as PGN4 (its history as the main line).
    pub fn pgn4(&self) -> String {
        let g = super::Game::of_engine(Inner::Four(Box::new(self.clone())), self.seed());
        g.pgn()
    }

    /// The round of the next move, after a node of turn `parent` (`at_root`: the first).
    fn round_of_next(&self, parent: NodeTurn, at_root: bool) -> u32 {
        if at_root {
            return 1;
        }
        let rank = self.rank_of(self.position().turn());
        parent.number + u32::from(parent.last.is_some_and(|l| rank <= l))
    }

    /// The play-order rank of `seat` counted from the seat that moved first.
    fn rank_of(&self, seat: Seat) -> u8 {
        let order = self.rules().order();
        let first = self.start_position().turn().index();
        let f = order.iter().position(|&x| x == first).unwrap_or(0);
        let p = order.iter().position(|&x| x == seat.index()).unwrap_or(0);
        ((p + 4 - f) % 4) as u8
    }
}
