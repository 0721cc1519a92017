//! Players leaving a four-player game before it ends: resignations and time-outs (R5.17,
//! recorded as `R` and `T`, undoable like moves), and in Four Kingdoms the zombies they
//! become, whose moves are drawn from the game's seeded generator (R6.4) so that a replay
//! of the record meets the same ones.

use super::{Entry, FourGame};
use crate::error::Error;
use crate::four::board::*;
use crate::four::rules::Outcome;
use crate::record::{EntryKind, MoveRecord, SeatStatus};

impl FourGame {
    /// R6.4: plays random moves for zombies while it is their turn.
    pub(super) fn zombies(&mut self) {
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
            self.record(m, EntryKind::Random);
        }
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
}
