//! A whole four-player game: history, undo, draws, end of game, places, zombies.
//! Saving and replaying records live in [`replay`].

mod replay;

pub(crate) use replay::{Step, Stop};

use super::board::*;
use super::moves::{Move, MoveList};
use super::position::Position;
use super::rules::Outcome;
use crate::record::{
    BoardPiece, EntryKind, GameResult, MoveRecord, Score, ScoreChange, ScoreReason, SeatStatus,
    Status,
};
use crate::rng::SplitMix64;
use crate::{error::Error, player::Player, result::ResultReason, role::Role};

#[derive(Debug, Clone)]
struct Snapshot {
    pos: Position,
    rng: SplitMix64,
    result: Option<GameResult>,
    moves_made: u32,
}

#[derive(Debug, Clone)]
struct Entry {
    info: MoveRecord,
    before: Snapshot,
    /// Hash after the entry, for repetition.
    hash: u64,
    /// Seat whose turn it was before the entry (for PGN4 tokens).
    turn_before: Seat,
}

/// A four-player game with full history.
///
/// ```
/// use tablero::Player;
/// use tablero::four::{FourGame, Rules, Seat};
///
/// let mut g = FourGame::new(Rules::Ffa, Seat::Red, None, 0);
/// let info = g.play("h2-h4").unwrap();
/// assert_eq!(info.san, "h2-h4");
/// assert_eq!(g.status().turn, Some(Player::Blue));
/// g.resign(Seat::Yellow).unwrap();
/// g.undo();
/// assert_eq!(g.history().len(), 1);
/// ```
#[derive(Debug, Clone)]
pub struct FourGame {
    start: Position,
    start_fen: String,
    move_limit: Option<u32>,
    seed: u64,
    pos: Position,
    rng: SplitMix64,
    result: Option<GameResult>,
    moves_made: u32,
    history: Vec<Entry>,
    /// While replaying a record, zombie moves come from the record instead of the generator.
    replaying: bool,
    /// Set by a PGN4 import that stopped where the game ended under these rules while the
    /// record went on: where and why (see [`FourGame::import_note`]).
    pub(crate) import_note: Option<String>,
}

impl FourGame {
    /// A new game from the R5.2 start with `first` to move (R5.3).
    pub fn new(rules: Rules, first: Seat, move_limit: Option<u32>, seed: u64) -> FourGame {
        let mut p = Position::startpos(rules);
        p.set_turn(first.index());
        FourGame::from_position(p, move_limit, seed, true)
    }

    /// A new game from a FEN4 position. If the player to move has no legal move it is decided
    /// at once (R5.15): checkmate scores for nobody, stalemate scores +20 to that player.
    pub fn from_fen4(
        rules: Rules,
        fen4: &str,
        move_limit: Option<u32>,
        seed: u64,
    ) -> Result<FourGame, Error> {
        let p = Position::from_fen4(rules, fen4)?;
        Ok(FourGame::from_position(p, move_limit, seed, true))
    }

    /// Like [`FourGame::from_fen4`], but a zombie to move waits for its move from a record.
    pub(crate) fn for_replay(
        rules: Rules,
        fen4: &str,
        move_limit: Option<u32>,
        seed: u64,
    ) -> Result<FourGame, Error> {
        let p = Position::from_fen4(rules, fen4)?;
        Ok(FourGame::from_position(p, move_limit, seed, false))
    }

    fn from_position(p: Position, move_limit: Option<u32>, seed: u64, auto: bool) -> FourGame {
        let mut g = FourGame {
            start_fen: p.fen4(),
            start: p.clone(),
            move_limit,
            seed,
            pos: p,
            rng: SplitMix64::new(seed),
            result: None,
            moves_made: 0,
            history: Vec::new(),
            replaying: false,
            import_note: None,
        };
        let mut o = Outcome::default();
        // A FEN4 shows the points but cannot say that its game already ended. A position that
        // is decided as written (a fifty-move clock run out, three seats out) is the end of a
        // game whose end-of-game points are already in it: awarding them again would change
        // the game on every round trip through fen(), pgn() or a save (issue 10, finding 4).
        g.check_end(&mut o, false, false);
        if g.result.is_none() {
            g.settle(None, &mut o, false);
        }
        g.start = g.pos.clone();
        g.start_fen = g.pos.fen4();
        if auto {
            g.zombies();
        }
        g
    }

    /// This new game with the Teams en-passant setting (R14.4) `on` or off, at its start.
    /// Errors (`invalid-argument`) once a move has been played, or for another preset
    /// asked to change its fixed rule (see [`Position::set_en_passant`]).
    pub fn with_en_passant(mut self, on: bool) -> Result<FourGame, Error> {
        if !self.history.is_empty() {
            return Err(Error::invalid_argument(
                "the en-passant setting is chosen before the first move",
            ));
        }
        self.pos.set_en_passant(on)?;
        self.start = self.pos.clone();
        self.start_fen = self.pos.fen4();
        Ok(self)
    }

    /// Why a PGN4 import stopped before the end of its record, if it did: the record went
    /// on after the game had ended under these rules (a 21-point lead, a draw rule, ...).
    /// `None` for a record read to its end and for games not imported.
    pub fn import_note(&self) -> Option<&str> {
        self.import_note.as_deref()
    }

    /// The rule preset.
    pub fn rules(&self) -> Rules {
        self.pos.rules
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The seed of the zombie move generator.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Is the game over?
    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }

    fn legal(&self) -> MoveList {
        let mut l = MoveList::new();
        if self.result.is_none() {
            self.pos.legal_moves(&mut l);
        }
        l
    }

    /// Legal moves of the player to move (empty once the game is over).
    pub fn legal_moves(&self) -> Vec<MoveRecord> {
        self.legal()
            .iter()
            .map(|&m| self.describe_move(m))
            .collect()
    }

    /// The UCI text (`h2h4`, `d7d8q`) of the legal moves, of the piece on `from` only if given:
    /// the cheap form of [`FourGame::legal_moves`] for callers that need no descriptions.
    pub fn legal_uci(&self, from: Option<&str>) -> Result<Vec<String>, Error> {
        let from = match from {
            None => None,
            Some(s) => Some(Square::parse(s).ok_or_else(|| {
                Error::formatted(
                    crate::error::ErrorKind::InvalidArgument,
                    format_args!("invalid square {s:?}"),
                )
            })?),
        };
        Ok(self
            .legal()
            .iter()
            .filter(|m| from.is_none_or(|f| m.from() == f))
            .map(|m| {
                let mut uci = format!("{}{}", m.from(), m.to());
                if let Some(r) = m.promotion() {
                    uci.push(r.char());
                }
                uci
            })
            .collect())
    }

    /// Legal moves from one square.
    pub fn legal_moves_from(&self, from: &str) -> Result<Vec<MoveRecord>, Error> {
        let sq = Square::parse(from).ok_or_else(|| {
            Error::formatted(
                crate::error::ErrorKind::InvalidArgument,
                format_args!("invalid square {from:?}"),
            )
        })?;
        Ok(self
            .legal()
            .iter()
            .filter(|m| m.from() == sq)
            .map(|&m| self.describe_move(m))
            .collect())
    }

    /// The full information of a legal move, computed by trying it on a copy: the one
    /// description of a move, used for legal moves and (through `apply`) played ones alike.
    pub fn describe_move(&self, m: Move) -> MoveRecord {
        let mut p = self.pos.clone();
        let o = p.play_scored(m);
        describe(m, &o, EntryKind::Move)
    }

    /// Finds the legal move a text names: `h2h4`, `h2-h4`, `h7h8q`, or PGN4 text such as
    /// `Qg1xQn8+`, `h7-h8=Q`, `O-O`. A promotion names its piece (`=R`, `r`; Teams only,
    /// R14.3) or is a queen.
    pub fn parse_move(&self, text: &str) -> Result<Move, Error> {
        let bad = || {
            Error::formatted(
                crate::error::ErrorKind::IllegalMove,
                format_args!("illegal move {text:?}"),
            )
        };
        let t = text.trim().trim_end_matches(['+', '#']);
        let list = self.legal();
        if t == "O-O" || t == "O-O-O" || t == "0-0" || t == "0-0-0" {
            let long = t.len() > 3;
            return list
                .iter()
                .copied()
                .find(|m| m.is_castle() && (m.flag() == Move::CASTLE_QS) == long)
                .ok_or_else(bad);
        }
        let b = t.as_bytes();
        let mut i = 0;
        let mut role = None;
        if let Some(&c) = b.first()
            && c.is_ascii_uppercase()
        {
            role = Role::from_char(c as char);
            if role.is_none() {
                return Err(bad());
            }
            i = 1;
        }
        let sq_len = |i: usize| -> usize {
            let mut j = i + 1;
            while j < b.len() && j < i + 3 && b[j].is_ascii_digit() {
                j += 1;
            }
            j
        };
        if i >= b.len() {
            return Err(bad());
        }
        let j = sq_len(i);
        let from = t.get(i..j).and_then(Square::parse).ok_or_else(bad)?;
        let mut k = j;
        let mut capture = None;
        if k < b.len() && (b[k] == b'-' || b[k] == b'x') {
            if b[k] == b'x' {
                capture = Some(None);
                if k + 1 < b.len() && b[k + 1].is_ascii_uppercase() {
                    capture = Some(Some(Role::from_char(b[k + 1] as char).ok_or_else(bad)?));
                    k += 1;
                }
            }
            k += 1;
        }
        if k >= b.len() {
            return Err(bad());
        }
        let e = sq_len(k);
        let to = t.get(k..e).and_then(Square::parse).ok_or_else(bad)?;
        let rest = t.get(e..).unwrap_or("");
        // chess.com writes the 1-point promoted queen as `=D` under its PromoteTo=D rule.
        let promo = match rest.strip_prefix('=').unwrap_or(rest) {
            "" => None,
            "D" => Some(Role::Queen),
            p => match p.chars().next().and_then(Role::from_char) {
                Some(r @ (Role::Queen | Role::Rook | Role::Bishop | Role::Knight))
                    if p.len() == 1 =>
                {
                    Some(r)
                }
                _ => return Err(bad()),
            },
        };
        let m = list
            .iter()
            .copied()
            .find(|m| {
                m.from() == from
                    && m.to() == to
                    && (!m.is_promotion() || m.promotion() == Some(promo.unwrap_or(Role::Queen)))
            })
            .ok_or_else(bad)?;
        let promo = promo.is_some();
        let pc = self.pos.board[from.idx()];
        if let Some(r) = role
            && role_of(pc) != Some(r)
        {
            return Err(bad());
        }
        if promo && !m.is_promotion() {
            return Err(bad());
        }
        if let Some(c) = capture {
            let target = if m.is_en_passant() {
                Some(Role::Pawn)
            } else {
                role_of(self.pos.board[to.idx()])
            };
            if target.is_none() || (c.is_some() && c != target) {
                return Err(bad());
            }
        }
        Ok(m)
    }

    /// Plays a move given as text (see [`FourGame::parse_move`]). Errors leave the game as it
    /// was. In kingdoms, zombie replies (R6.4) are played right after and recorded.
    pub fn play(&mut self, text: &str) -> Result<MoveRecord, Error> {
        if self.result.is_some() {
            return Err(Error::formatted(
                crate::error::ErrorKind::GameOver,
                format_args!("the game is over; {text:?} not played"),
            ));
        }
        let m = self.parse_move(text)?;
        Ok(self.apply(m, EntryKind::Move))
    }

    /// Plays a move given by its squares.
    pub fn play_from_to(&mut self, from: &str, to: &str) -> Result<MoveRecord, Error> {
        self.play(&format!("{from}{to}"))
    }

    /// Plays a legal [`Move`] (for engines).
    pub fn play_move(&mut self, m: Move) -> Result<MoveRecord, Error> {
        if self.result.is_some() {
            return Err(Error::game_over("the game is over"));
        }
        if !self.legal().contains(&m) {
            return Err(Error::formatted(
                crate::error::ErrorKind::IllegalMove,
                format_args!("illegal move {}{}", m.from(), m.to()),
            ));
        }
        Ok(self.apply(m, EntryKind::Move))
    }

    fn snapshot(&self) -> Snapshot {
        Snapshot {
            pos: self.pos.clone(),
            rng: self.rng,
            result: self.result.clone(),
            moves_made: self.moves_made,
        }
    }

    fn apply(&mut self, m: Move, kind: EntryKind) -> MoveRecord {
        let before = self.snapshot();
        let turn_before = self.pos.turn();
        let mut o = self.pos.play_scored(m);
        self.moves_made += 1;
        self.settle(Some(o.mover), &mut o, true);
        let info = describe(m, &o, kind);
        self.history.push(Entry {
            info: info.clone(),
            before,
            hash: self.pos.hash,
            turn_before,
        });
        self.zombies();
        info
    }

    /// Turn-arrival decision, then end-of-game checks and draw/survivor points.
    fn settle(&mut self, scorer: Option<usize>, o: &mut Outcome, pending: bool) {
        let t = self.pos.turn as usize;
        if self.pos.rules == Rules::Teams {
            // R14.5: a fresh position's player to move is decided now; after a move
            // `play_scored` has done it. Once a player is out the game is over (R14.7).
            if scorer.is_none() && !self.pos.status.iter().any(|s| s.is_out()) {
                self.pos.decide_turn(o);
            }
            if self.result.is_none() {
                self.check_end(o, pending, true);
            }
            return;
        }
        // After a move the next player was just examined (R5.15); only fresh positions and
        // resignations need the turn-arrival check.
        if scorer.is_none() && self.pos.moves(t) && !self.pos.has_legal_move(t) {
            // R5.15, second sentence: decided when the turn comes.
            let prev = (t + 3) & 3;
            let after = if self.pos.rules == Rules::Ffa {
                prev
            } else {
                (t + 1) & 3
            };
            self.pos.examine(after, scorer, o);
        }
        if self.result.is_none() {
            self.check_end(o, pending, true);
        }
    }

    fn repetitions(&self) -> usize {
        let h = self.pos.hash;
        let mut n = usize::from(self.start.hash == h);
        n += self.history.iter().filter(|e| e.hash == h).count();
        n
    }

    /// Ends the game if it is decided; `award` gives the end-of-game points (draw shares, the
    /// kingdoms survivor bonus), which a position loaded already decided has had.
    fn check_end(&mut self, o: &mut Outcome, pending: bool, award: bool) {
        if self.pos.rules == Rules::Teams {
            self.check_end_teams(pending);
            return;
        }
        let p = &self.pos;
        let out = p.status.iter().filter(|s| s.is_out()).count();
        let active: Vec<usize> = (0..4).filter(|&s| !p.status[s].is_out()).collect();
        // The entry being applied is not yet in history: count its position too.
        let reps = self.repetitions() + usize::from(pending);
        let reason = if out >= 3 {
            let mut bonus = false;
            if p.rules == Rules::Kingdoms && active.len() == 1 {
                let zombies = (0..4)
                    .filter(|&s| p.is_zombie(s) && p.kings[s] != 0)
                    .count() as i32;
                if zombies > 0 {
                    bonus = true;
                    if award {
                        let a = active[0];
                        self.pos.points[a] += 20 * zombies;
                        o.scoring.push(ScoreChange {
                            player: Seat::from_index(a).into(),
                            points: 20 * zombies,
                            reason: ScoreReason::Survivor,
                        });
                    }
                }
            }
            Some(if bonus {
                ResultReason::LastSurvivor
            } else {
                ResultReason::ThreeOut
            })
        } else if active.len() == 2 && (p.points[active[0]] - p.points[active[1]]).abs() >= 21 {
            Some(ResultReason::PointsLead)
        } else if reps >= 3 {
            Some(ResultReason::ThreefoldRepetition)
        } else if p.clock >= 50 * p.movers() as u32 {
            Some(ResultReason::FiftyMoveRule)
        } else if p.only_kings() {
            Some(ResultReason::InsufficientMaterial)
        } else if self.move_limit.is_some_and(|l| self.moves_made >= l) {
            Some(ResultReason::MoveLimit)
        } else {
            None
        };
        let Some(reason) = reason else { return };
        if award
            && matches!(
                reason,
                ResultReason::ThreefoldRepetition
                    | ResultReason::FiftyMoveRule
                    | ResultReason::InsufficientMaterial
            )
        {
            for &a in &active {
                self.pos.points[a] += 10;
                o.scoring.push(ScoreChange {
                    player: Seat::from_index(a).into(),
                    points: 10,
                    reason: ScoreReason::Draw,
                });
            }
        }
        let scores = self.standings(true);
        let winners = scores
            .iter()
            .filter(|s| s.place == Some(1))
            .map(|s| s.player)
            .collect();
        self.result = Some(GameResult {
            winners,
            reason,
            scores,
        });
    }

    /// R14.7: a player out (mated, king captured, resigned, out of time) loses for both
    /// partners and a stalemate draws; otherwise the R5.19 draws and the move limit (a draw:
    /// Teams has no points) end the game.
    fn check_end_teams(&mut self, pending: bool) {
        let p = &self.pos;
        let out = (0..4).find(|&s| p.status[s].is_out());
        let reps = self.repetitions() + usize::from(pending);
        let (reason, losers) = match out.map(|s| (s, p.status[s])) {
            Some((_, SeatStatus::Stalemated)) => (ResultReason::Stalemate, None),
            Some((s, st)) => (
                match st {
                    SeatStatus::Checkmated => ResultReason::Checkmate,
                    SeatStatus::KingCaptured => ResultReason::KingCaptured,
                    SeatStatus::Timeout => ResultReason::Timeout,
                    _ => ResultReason::Resignation,
                },
                Some(s & 1),
            ),
            None if reps >= 3 => (ResultReason::ThreefoldRepetition, None),
            None if p.clock >= 50 * p.movers() as u32 => (ResultReason::FiftyMoveRule, None),
            None if p.only_kings() => (ResultReason::InsufficientMaterial, None),
            None if self.move_limit.is_some_and(|l| self.moves_made >= l) => {
                (ResultReason::MoveLimit, None)
            }
            None => return,
        };
        let scores = self.standings_teams(Some(losers));
        let winners = scores
            .iter()
            .filter(|s| losers.is_some() && s.place == Some(1))
            .map(|s| s.player)
            .collect();
        self.result = Some(GameResult {
            winners,
            reason,
            scores,
        });
    }

    /// Teams standings: each seat's material on the board instead of points (R14.7: pawn 1,
    /// knight 3, bishop 3, rook 5, queen 9), and once the game is over (`over`: the team
    /// that lost, by the parity of its seats, or `None` for a draw) the winners' place 1
    /// and the losers' 3, or everyone's 1 in a draw.
    fn standings_teams(&self, over: Option<Option<usize>>) -> Vec<Score> {
        let p = &self.pos;
        let mut material = [0i32; 4];
        for &sq in SQUARES.iter() {
            let c = p.board[sq as usize];
            if is_live(c) {
                material[seat_of(c)] += match c & ROLE_MASK {
                    PAWN => 1,
                    KNIGHT | BISHOP => 3,
                    ROOK => 5,
                    QUEEN => 9,
                    _ => 0,
                };
            }
        }
        (0..4)
            .map(|s| Score {
                player: Seat::from_index(s).into(),
                points: f64::from(material[s]),
                checks: None,
                status: Some(p.status[s]),
                place: over.map(|losers| if losers == Some(s & 1) { 3 } else { 1 }),
            })
            .collect()
    }

    fn standings(&self, with_places: bool) -> Vec<Score> {
        let p = &self.pos;
        // R6.6: ties go to the seat that moves later (green, yellow, blue, red).
        let prio = |s: usize| -> usize {
            match s {
                3 => 0,
                2 => 1,
                1 => 2,
                _ => 3,
            }
        };
        (0..4)
            .map(|s| {
                let place = with_places.then(|| {
                    let better = (0..4)
                        .filter(|&t| {
                            p.points[t] > p.points[s]
                                || (p.rules == Rules::Kingdoms
                                    && p.points[t] == p.points[s]
                                    && prio(t) < prio(s))
                        })
                        .count();
                    better as u32 + 1
                });
                Score {
                    player: Seat::from_index(s).into(),
                    points: f64::from(p.points[s]),
                    checks: None,
                    status: Some(p.status[s]),
                    place,
                }
            })
            .collect()
    }

    /// R6.4: plays random moves for zombies while it is their turn.
    fn zombies(&mut self) {
        if self.replaying {
            return;
        }
        while self.result.is_none() && self.pos.is_zombie(self.pos.turn as usize) {
            let l = self.legal();
            if l.is_empty() {
                break;
            }
            let r = self.rng.next_u64();
            let m = l.as_slice()[(r % l.len() as u64) as usize];
            self.apply_random(m);
        }
    }

    fn apply_random(&mut self, m: Move) {
        let before = self.snapshot();
        let turn_before = self.pos.turn();
        let mut o = self.pos.play_scored(m);
        self.moves_made += 1;
        self.settle(Some(o.mover), &mut o, true);
        let info = describe(m, &o, EntryKind::Random);
        self.history.push(Entry {
            info,
            before,
            hash: self.pos.hash,
            turn_before,
        });
    }

    /// Undoes the last entry (and the zombie moves that followed it), restoring everything.
    pub fn undo(&mut self) -> Option<MoveRecord> {
        loop {
            let e = self.history.pop()?;
            self.pos = e.before.pos;
            self.rng = e.before.rng;
            self.result = e.before.result;
            self.moves_made = e.before.moves_made;
            if e.info.kind != EntryKind::Random || self.history.is_empty() {
                return Some(e.info);
            }
        }
    }

    /// The start position.
    pub fn start_position(&self) -> &Position {
        &self.start
    }

    /// The position after the first `ply` history entries (0: the start), if there were
    /// that many.
    pub fn position_after(&self, ply: usize) -> Option<&Position> {
        match self.history.get(ply) {
            Some(e) => Some(&e.before.pos),
            None => (ply == self.history.len()).then_some(&self.pos),
        }
    }

    /// History entry `i` (0-based).
    pub fn entry(&self, i: usize) -> Option<&MoveRecord> {
        self.history.get(i).map(|e| &e.info)
    }

    /// Number of history entries.
    pub fn history_len(&self) -> usize {
        self.history.len()
    }

    /// The last history entry.
    pub fn last_entry(&self) -> Option<&MoveRecord> {
        self.history.last().map(|e| &e.info)
    }

    /// History entries from index `from` on.
    pub fn history_since(&self, from: usize) -> Vec<MoveRecord> {
        self.history
            .get(from..)
            .unwrap_or(&[])
            .iter()
            .map(|e| e.info.clone())
            .collect()
    }

    /// The history, oldest first.
    pub fn history(&self) -> Vec<MoveRecord> {
        self.history.iter().map(|e| e.info.clone()).collect()
    }

    /// `seat` resigns (R5.17); recorded as `R`, undoable.
    pub fn resign(&mut self, seat: Seat) -> Result<(), Error> {
        self.quit(seat, SeatStatus::Resigned)
    }

    /// `seat` runs out of time; treated as a resignation, recorded as `T`.
    pub fn timeout(&mut self, seat: Seat) -> Result<(), Error> {
        self.quit(seat, SeatStatus::Timeout)
    }

    fn quit(&mut self, seat: Seat, why: SeatStatus) -> Result<(), Error> {
        if self.result.is_some() {
            return Err(Error::game_over("the game is over"));
        }
        let s = seat.index();
        if self.pos.status[s].is_out() {
            return Err(Error::formatted(
                crate::error::ErrorKind::InvalidArgument,
                format_args!("{seat} is already out"),
            ));
        }
        let before = self.snapshot();
        let turn_before = self.pos.turn();
        self.pos.eliminate(s, why);
        let mut o = Outcome {
            mover: s,
            ..Outcome::default()
        };
        // In Teams the game is over (R14.7): nobody else is examined.
        if self.pos.rules != Rules::Teams {
            self.pos.examine(s, None, &mut o);
        }
        if self.pos.turn as usize == s && !self.pos.moves(s) {
            let n = self.pos.next_mover(s);
            self.pos.set_turn(n);
        }
        self.settle(None, &mut o, true);
        let kind = if why == SeatStatus::Resigned {
            EntryKind::Resign
        } else {
            EntryKind::Timeout
        };
        let token = if kind == EntryKind::Resign { "R" } else { "T" };
        self.history.push(Entry {
            info: MoveRecord {
                from: String::new(),
                to: String::new(),
                promotion: None,
                uci: String::new(),
                san: token.to_string(),
                piece: None,
                captured: None,
                check: false,
                checks: Vec::new(),
                player: seat.into(),
                points: 0,
                scoring: o.scoring,
                eliminated: o.eliminated,
                kind,
            },
            before,
            hash: self.pos.hash,
            turn_before,
        });
        self.zombies();
        Ok(())
    }

    /// FEN4 of the current position.
    pub fn fen4(&self) -> String {
        self.pos.fen4()
    }

    /// FEN4 of the start position.
    pub fn start_fen4(&self) -> &str {
        &self.start_fen
    }

    /// The optional move limit.
    pub fn move_limit(&self) -> Option<u32> {
        self.move_limit
    }

    /// Perft of the current position (plain move generation, see [`Position::perft`]).
    pub fn perft(&self, depth: u32) -> u64 {
        self.pos.perft(depth)
    }

    /// [`Position::perft_within`] of the current position.
    pub fn perft_within(&self, depth: u32, budget: u64) -> Option<u64> {
        self.pos.perft_within(depth, budget)
    }

    /// Every seat's standing; places only once the game is over.
    pub fn scores(&self) -> Vec<Score> {
        match &self.result {
            Some(r) => r.scores.clone(),
            None if self.pos.rules == Rules::Teams => self.standings_teams(None),
            None => self.standings(false),
        }
    }

    /// The game status.
    pub fn status(&self) -> Status {
        let over = self.result.is_some();
        Status {
            turn: (!over).then(|| self.pos.turn().into()),
            in_check: Seat::ALL
                .iter()
                .copied()
                .filter(|&s| self.pos.moves(s.index()) && self.pos.in_check(s))
                .map(Player::from)
                .collect(),
            over,
            result: self.result.clone(),
            can_claim_draw: false,
        }
    }

    /// Every piece on the board.
    pub fn board(&self) -> Vec<BoardPiece> {
        board_pieces(&self.pos)
    }

    /// History entry `i` with the seat whose turn it was.
    pub(crate) fn entry_turn(&self, i: usize) -> Option<(&MoveRecord, Seat)> {
        self.history.get(i).map(|e| (&e.info, e.turn_before))
    }

    pub(crate) fn result(&self) -> Option<&GameResult> {
        self.result.as_ref()
    }
}

/// Every piece on the board of `pos`.
pub fn board_pieces(pos: &Position) -> Vec<BoardPiece> {
    SQUARES
        .iter()
        .filter_map(|&sq| {
            let c = pos.board[sq as usize];
            let role = role_of(c)?;
            Some(BoardPiece {
                square: sq_name(sq as usize),
                piece: role,
                color: Seat::from_index(seat_of(c)).into(),
                grey: c & GREY != 0,
            })
        })
        .collect()
}

/// Builds the [`MoveRecord`] of move `m` played in `before` with outcome `o`.
fn describe(m: Move, o: &Outcome, kind: EntryKind) -> MoveRecord {
    let from = m.from().to_string();
    let to = m.to().to_string();
    let pc = o.piece;
    let role = role_of(pc).unwrap_or(Role::Pawn);
    let captured = role_of(o.captured);
    let mut san = if m.is_castle() {
        if m.flag() == Move::CASTLE_KS {
            "O-O".to_string()
        } else {
            "O-O-O".to_string()
        }
    } else {
        let mut s = String::new();
        if role != Role::Pawn {
            s.push(role.upper_char());
        }
        s.push_str(&from);
        match captured {
            Some(r) => {
                s.push('x');
                s.push(r.upper_char());
            }
            None => s.push('-'),
        }
        s.push_str(&to);
        if let Some(r) = m.promotion() {
            s.push('=');
            s.push(r.upper_char());
        }
        s
    };
    match o.own_checks {
        Some(n) => san.push_str(&"+".repeat(n)),
        None => {
            for c in &o.checks {
                if !o.mated.contains(c) {
                    san.push('+');
                }
            }
        }
    }
    for _ in &o.mated {
        san.push('#');
    }
    let player = Player::from(Seat::from_index(o.mover));
    MoveRecord {
        uci: match m.promotion() {
            Some(r) => format!("{from}{to}{}", r.char()),
            None => format!("{from}{to}"),
        },
        from,
        to,
        promotion: m.promotion(),
        san,
        piece: Some(role),
        captured,
        check: !o.checks.is_empty(),
        checks: o.checks.iter().map(|&s| s.into()).collect(),
        player,
        points: o
            .scoring
            .iter()
            .filter(|e| e.player == player)
            .map(|e| e.points)
            .sum(),
        scoring: o.scoring.clone(),
        eliminated: o.eliminated.clone(),
        kind,
    }
}
