//! The end of a four-player game: the checks made after every move, resignation and fresh
//! position (a player to move without a legal move, R5.15 and R14.5; three out, a 21-point
//! lead, repetition, fifty moves, bare kings, the move limit: R5.19, R6.5, R14.7), the points
//! an end awards, and the standings and places every seat has.

use super::FourGame;
use crate::four::board::*;
use crate::four::rules::Outcome;
use crate::record::{GameResult, Score, ScoreChange, ScoreReason, SeatStatus};
use crate::result::ResultReason;

impl FourGame {
    /// Turn-arrival decision, then end-of-game checks and draw/survivor points.
    pub(super) fn settle(&mut self, scorer: Option<usize>, o: &mut Outcome, pending: bool) {
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

    /// How often the current position has occurred in this game, start included (R5.19).
    fn repetitions(&self) -> usize {
        let h = self.pos.hash;
        let mut n = usize::from(self.start.hash == h);
        n += self.history.iter().filter(|e| e.hash == h).count();
        n
    }

    /// Ends the game if it is decided; `award` gives the end-of-game points (draw shares, the
    /// kingdoms survivor bonus), which a position loaded already decided has had.
    pub(super) fn check_end(&mut self, o: &mut Outcome, pending: bool, award: bool) {
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
        self.finish(reason, scores, true);
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
        self.finish(reason, scores, losers.is_some());
    }

    /// Ends the game for `reason` with its final standings `scores`. The winners are the
    /// seats placed first, unless the game has none (`decisive` false: a Teams draw, where
    /// every seat is placed first).
    fn finish(&mut self, reason: ResultReason, scores: Vec<Score>, decisive: bool) {
        let winners = scores
            .iter()
            .filter(|s| decisive && s.place == Some(1))
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

    /// Free-for-all and Four Kingdoms standings: each seat's points and status, and with
    /// `with_places` its place (R6.6 breaks Four Kingdoms ties).
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

    /// Every seat's standing; places only once the game is over.
    pub fn scores(&self) -> Vec<Score> {
        match &self.result {
            Some(r) => r.scores.clone(),
            None if self.pos.rules == Rules::Teams => self.standings_teams(None),
            None => self.standings(false),
        }
    }
}
