//! Offers and answers in an online room (R12): draw offers, takebacks, abort and rematch, as
//! pure state.
//!
//! [`Offers`] holds the open offers of one game and the declined ones that may not be
//! repeated yet; it knows nothing of the board. Every call takes a [`View`] of what it needs
//! of the room at that moment (rated or not, over or not, who sits where, who is still in,
//! who made each move), and the room acts on the [`Outcome`]: ends the game drawn, takes back
//! moves, opens the rematch room. The room also reports every move ([`Offers::on_move`]),
//! every player who is out ([`Offers::on_out`]) and the end of the game ([`Offers::on_over`]).
//!
//! Seats are table indices; `None` stands for a watcher (no seat).
//!
//! # Decisions
//! - An offer of the same kind as one open from another player is an acceptance of it (two
//!   players offering a draw to each other agree).
//! - A move by a player who has not accepted an open draw offer declines it (R12.1); in four
//!   players a player who accepted may move without declining. Any move closes an open
//!   takeback request (the position it was about changed); it counts as declined unless the
//!   asker made it.
//! - "A declined offer" may not be repeated by its offerer before their next move (R12.1),
//!   for draws and takebacks alike; a declined rematch may not be repeated by its offerer
//!   (the others may still offer one).
//! - Computers never accept a draw, so a draw offer while a computer is still in is
//!   `not-allowed`; a takeback against a computer is granted at once; a rematch waits only
//!   for the people in the room (computers keep their seats and levels).
//!
//! # Refusal codes (stable)
//! - `not-seated`: from a watcher, or a seat the room does not have.
//! - `already-out`: a draw offer or answer from a four-player seat that is out.
//! - `no-offer`: an answer to no open offer of that kind, or to one's own offer.
//! - `already-offered`: the same player's offer of that kind is open, or was declined and may
//!   not be repeated yet; or a takeback asked while the opponent's request is open.
//! - `not-allowed`: a takeback in a rated or four-player room, or with no own move to take
//!   back; a draw offer while a computer is in; an answer from a seat that has no say.
//! - `too-late`: an abort once every seat has made a first move (R12.3).
//! - `game-over`: a draw offer, takeback, answer to one, or abort after the game ended.
//! - `not-over`: a rematch offer or answer while the game goes on.

use serde::{Deserialize, Serialize};

use crate::refusal::Refusal;

fn refusal(code: &'static str, message: impl Into<String>) -> Refusal {
    Refusal {
        code,
        message: message.into(),
    }
}

/// What can be offered; the protocol's `offer` field (`"draw"`, `"takeback"`, `"rematch"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum OfferKind {
    /// End the game drawn by agreement (R12.1).
    Draw,
    /// Take back the asker's last move (R12.2).
    Takeback,
    /// Play again with the same people (R12.4).
    Rematch,
}

/// One open offer, as the state message shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Offer {
    /// What is offered.
    pub offer: OfferKind,
    /// Seat that offered.
    pub by: usize,
    /// Seats that accepted so far, the offerer first.
    pub accepted: Vec<usize>,
}

/// What the offers need to know of the room at the moment of a call.
#[derive(Clone, Copy, Debug)]
pub struct View<'a> {
    /// Has the game ended?
    pub over: bool,
    /// Is the room rated (R10.5)?
    pub rated: bool,
    /// Per seat, in table order: does a person sit there (`false`: the computer)? A person
    /// who is away and played by a stand-in is still a person. The length is the number of
    /// seats.
    pub persons: &'a [bool],
    /// Per seat: is the seat still in the game (four players: not resigned, mated or timed
    /// out; two players: always)?
    pub active: &'a [bool],
    /// The seat that made each move of the game so far, oldest first (the moves a takeback
    /// would undo; resignations and other actions are not moves).
    pub movers: &'a [usize],
}

impl View<'_> {
    fn seats(&self) -> usize {
        self.persons.len()
    }

    fn is_active(&self, seat: usize) -> bool {
        self.active.get(seat).copied().unwrap_or(false)
    }

    fn is_person(&self, seat: usize) -> bool {
        self.persons.get(seat).copied().unwrap_or(false)
    }

    /// Has every seat made a first move (R11.2, R12.3)?
    pub fn started(&self) -> bool {
        (0..self.seats()).all(|s| self.movers.contains(&s))
    }

    /// The seats whose acceptance an offer of `kind` needs (the offerer included).
    fn voters(&self, kind: OfferKind) -> Vec<usize> {
        (0..self.seats())
            .filter(|&s| match kind {
                OfferKind::Draw => self.is_active(s),
                OfferKind::Takeback | OfferKind::Rematch => self.is_person(s),
            })
            .collect()
    }
}

/// What an offer or an answer led to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The offer stands, waiting for answers.
    Pending,
    /// The offer was declined and is closed.
    Declined,
    /// Everyone whose answer counts accepted: the room acts now.
    Agreed(Agreement),
}

/// An agreed offer, for the room to carry out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Agreement {
    /// End the game drawn: reason `agreement` for two players, R5.19's draw for four.
    Draw,
    /// Undo this many moves (1 or 2): the asker is to move again (R12.2). The clocks follow
    /// with `GameClock::undo`.
    Takeback {
        /// Moves to undo.
        plies: usize,
    },
    /// Open the rematch room (R12.4) with the people and computers seated as
    /// `seating[new seat] = old seat` ([`rematch_seating`]).
    Rematch {
        /// For each seat of the new room, the seat its occupant had in this one.
        seating: Vec<usize>,
    },
}

/// The rematch's seats (R12.4): two players swap colours; four players move one seat
/// clockwise (table order is clockwise: red, blue, yellow, green), so red's occupant sits at
/// blue, and green's at red. Element `i` is the old seat of whoever sits at seat `i` next.
pub fn rematch_seating(seats: usize) -> Vec<usize> {
    (0..seats).map(|i| (i + seats - 1) % seats).collect()
}

/// [`rematch_seating`] applied to the room's seat contents (people and computers with their
/// levels move together).
pub fn reseat<T: Clone>(seats: &[T]) -> Vec<T> {
    rematch_seating(seats.len())
        .into_iter()
        .map(|old| seats[old].clone())
        .collect()
}

/// Is a resignation now an abort (R12.3)? True while the game goes on and not every seat has
/// made a first move.
pub fn resign_is_abort(view: &View) -> bool {
    !view.over && !view.started()
}

/// The open and the recently declined offers of one room. It serializes whole, so that the
/// processes serving one room on PostgreSQL can pass it to each other.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Offers {
    open: Vec<Offer>,
    /// Offers declined that their offerer may not repeat yet.
    declined: Vec<(OfferKind, usize)>,
}

impl Offers {
    /// No offers.
    pub fn new() -> Offers {
        Offers::default()
    }

    /// The open offers, oldest first: the state's `offers`.
    pub fn open(&self) -> &[Offer] {
        &self.open
    }

    fn seat(by: Option<usize>, view: &View) -> Result<usize, Refusal> {
        match by {
            Some(s) if s < view.seats() => Ok(s),
            _ => Err(refusal("not-seated", "only seated players can do that")),
        }
    }

    /// Checks that an offer or answer of `kind` fits the game's phase.
    fn phase(kind: OfferKind, view: &View) -> Result<(), Refusal> {
        match (kind, view.over) {
            (OfferKind::Rematch, false) => {
                Err(refusal("not-over", "a rematch comes after the game"))
            }
            (OfferKind::Draw | OfferKind::Takeback, true) => {
                Err(refusal("game-over", "the game is over"))
            }
            _ => Ok(()),
        }
    }

    /// Moves to undo so that `asker` is to move again, or why not (R12.2).
    fn takeback_plies(asker: usize, view: &View) -> Result<usize, Refusal> {
        if view.rated || view.seats() != 2 {
            return Err(refusal(
                "not-allowed",
                "takebacks are only for casual two-player rooms",
            ));
        }
        let n = view.movers.len();
        if n >= 1 && view.movers[n - 1] == asker {
            Ok(1)
        } else if n >= 2 && view.movers[n - 2] == asker {
            Ok(2)
        } else {
            Err(refusal("not-allowed", "you have no move to take back"))
        }
    }

    /// What an offer needs before it can stand.
    fn check_offer(&self, seat: usize, kind: OfferKind, view: &View) -> Result<(), Refusal> {
        Self::phase(kind, view)?;
        match kind {
            OfferKind::Draw => {
                if !view.is_active(seat) {
                    return Err(refusal("already-out", "you are out of the game"));
                }
                if (0..view.seats()).any(|s| view.is_active(s) && !view.is_person(s)) {
                    return Err(refusal(
                        "not-allowed",
                        "the computer does not accept draw offers",
                    ));
                }
            }
            OfferKind::Takeback => {
                Self::takeback_plies(seat, view)?;
            }
            OfferKind::Rematch => {}
        }
        if self.declined.contains(&(kind, seat)) {
            return Err(refusal(
                "already-offered",
                "that offer was declined: make a move before repeating it",
            ));
        }
        Ok(())
    }

    /// `by` offers `kind`. An open offer of the same kind from someone else is accepted
    /// instead (a takeback request is not: answer it first).
    pub fn offer(
        &mut self,
        by: Option<usize>,
        kind: OfferKind,
        view: &View,
    ) -> Result<Outcome, Refusal> {
        let seat = Self::seat(by, view)?;
        if let Some(o) = self.open.iter().find(|o| o.offer == kind) {
            if o.by == seat || kind == OfferKind::Takeback {
                return Err(refusal("already-offered", "that offer is already open"));
            }
            return self.answer(Some(seat), kind, true, view);
        }
        self.check_offer(seat, kind, view)?;
        self.open.push(Offer {
            offer: kind,
            by: seat,
            accepted: vec![seat],
        });
        self.settle(kind, view)
    }

    /// `by` answers the open offer of `kind`.
    pub fn answer(
        &mut self,
        by: Option<usize>,
        kind: OfferKind,
        accept: bool,
        view: &View,
    ) -> Result<Outcome, Refusal> {
        let seat = Self::seat(by, view)?;
        Self::phase(kind, view)?;
        let Some(i) = self
            .open
            .iter()
            .position(|o| o.offer == kind && o.by != seat)
        else {
            return Err(refusal("no-offer", "there is no such offer to answer"));
        };
        if kind == OfferKind::Draw && !view.is_active(seat) {
            return Err(refusal("already-out", "you are out of the game"));
        }
        if !view.voters(kind).contains(&seat) {
            return Err(refusal("not-allowed", "your answer is not needed"));
        }
        if !accept {
            let o = self.open.remove(i);
            self.declined.push((kind, o.by));
            return Ok(Outcome::Declined);
        }
        if !self.open[i].accepted.contains(&seat) {
            self.open[i].accepted.push(seat);
        }
        self.settle(kind, view)
    }

    /// Closes the open offer of `kind` if everyone it needs has accepted.
    fn settle(&mut self, kind: OfferKind, view: &View) -> Result<Outcome, Refusal> {
        let Some(i) = self.open.iter().position(|o| o.offer == kind) else {
            return Ok(Outcome::Pending);
        };
        let o = &self.open[i];
        if !view.voters(kind).iter().all(|s| o.accepted.contains(s)) {
            return Ok(Outcome::Pending);
        }
        let by = o.by;
        self.open.remove(i);
        let agreement = match kind {
            OfferKind::Draw => {
                self.on_over();
                Agreement::Draw
            }
            OfferKind::Takeback => {
                let plies = Self::takeback_plies(by, view)?;
                // The position changes: a draw offer was about the old one.
                self.open.retain(|o| o.offer != OfferKind::Draw);
                Agreement::Takeback { plies }
            }
            OfferKind::Rematch => {
                self.open.clear();
                self.declined.clear();
                Agreement::Rematch {
                    seating: rematch_seating(view.seats()),
                }
            }
        };
        Ok(Outcome::Agreed(agreement))
    }

    /// `by` asks to abort (R12.3): allowed to any seated player until every seat has made a
    /// first move; the room then ends the game with no result. Open offers close.
    pub fn abort(&mut self, by: Option<usize>, view: &View) -> Result<(), Refusal> {
        Self::seat(by, view)?;
        if view.over {
            return Err(refusal("game-over", "the game is over"));
        }
        if view.started() {
            return Err(refusal(
                "too-late",
                "every player has moved: the game can no longer be aborted",
            ));
        }
        self.on_over();
        Ok(())
    }

    /// `seat` made a move: it declines the draw offers it had not accepted, closes any
    /// takeback request, and frees `seat` to repeat its declined offers.
    pub fn on_move(&mut self, seat: usize) {
        self.declined.retain(|&(_, s)| s != seat);
        let mut declined = Vec::new();
        self.open.retain(|o| {
            let closes = match o.offer {
                OfferKind::Draw => !o.accepted.contains(&seat),
                OfferKind::Takeback => true,
                OfferKind::Rematch => false,
            };
            if closes && o.by != seat {
                declined.push((o.offer, o.by));
            }
            !closes
        });
        self.declined.extend(declined);
    }

    /// `seat` is out of the game (four players): its own offers close, and an open draw offer
    /// that was only waiting for it is agreed. `view` is the room after the elimination.
    pub fn on_out(&mut self, seat: usize, view: &View) -> Option<Agreement> {
        self.open
            .retain(|o| !(o.offer == OfferKind::Draw && o.by == seat));
        for o in &mut self.open {
            o.accepted.retain(|&s| s != seat);
        }
        match self.settle(OfferKind::Draw, view) {
            Ok(Outcome::Agreed(a)) => Some(a),
            _ => None,
        }
    }

    /// Closes the open offer of `kind`, as when its people left the room (a rematch whose
    /// offerer or addressee is gone).
    pub fn withdraw(&mut self, kind: OfferKind) {
        self.open.retain(|o| o.offer != kind);
    }

    /// The game ended: draw offers and takeback requests close, and every declined offer may
    /// be made again (rematches start afresh).
    pub fn on_over(&mut self) {
        self.open.retain(|o| o.offer == OfferKind::Rematch);
        self.declined.clear();
    }
}

#[cfg(test)]
mod tests;
