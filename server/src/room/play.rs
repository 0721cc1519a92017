//! A player's action: moves, offers (R12) and rematches checked with the game clock and the
//! engine, stored, then published; and the end of a game as the store records it.

use super::Room;
use crate::clock::{ClockError, ClockEvent};
use crate::engine::{Action, Engine};
use crate::offers::{Agreement, OfferKind, Outcome, View, reseat, resign_is_abort};
use crate::refusal::Refusal;
use crate::store::{Commit, CommitOutcome, EndRecord, PlayerRef, RoomExtra, RoomRow, StoreError};
use crate::util::{now_ms, random_id};

impl Room {
    /// What the offers see of the room now.
    fn view_parts(&self) -> (Vec<bool>, Vec<bool>) {
        let persons = self.row.seats.iter().map(|s| s.player.is_some()).collect();
        (persons, self.g.engine.active_seats())
    }

    pub(super) async fn act(&mut self, player: &PlayerRef, action: Action) -> Result<(), Refusal> {
        let refuse = |code: &'static str, message: &str| {
            Err(Refusal {
                code,
                message: message.to_string(),
            })
        };
        if let Action::Chat { text, channel } = action {
            return self.say(player, text, channel).await;
        }
        if self.row.status == "cancelled" {
            return refuse("cancelled", "the room was cancelled");
        }
        let seat = self.seat_of(&player.id);
        if seat.is_some() && self.row.status == "waiting" {
            return refuse("not-started", "the game starts when every seat is taken");
        }
        let (persons, active) = self.view_parts();
        let view = View {
            over: self.g.engine.is_over(),
            rated: self.row.rated,
            persons: &persons,
            active: &active,
            movers: &self.g.movers,
        };
        match action {
            Action::Offer { offer } | Action::Answer { offer, .. } => {
                if seat.is_some()
                    && offer == OfferKind::Rematch
                    && view.over
                    && self.row.extra.rematch.is_some()
                {
                    return refuse("no-offer", "the rematch has already been agreed");
                }
                let asker = self
                    .offers
                    .open()
                    .iter()
                    .find(|o| o.offer == OfferKind::Takeback)
                    .map(|o| o.by)
                    .or(seat);
                let outcome = match action {
                    Action::Answer { accept, .. } => {
                        self.offers.answer(seat, offer, accept, &view)?
                    }
                    _ => {
                        if offer == OfferKind::Rematch && view.over && seat.is_some() {
                            let gone = self.row.seats.iter().any(|s| {
                                s.player
                                    .as_ref()
                                    .is_some_and(|p| self.is_away(&p.id).is_some())
                            });
                            if gone {
                                return refuse("left", "a player has left the room");
                            }
                        }
                        self.offers.offer(seat, offer, &view)?
                    }
                };
                match outcome {
                    Outcome::Pending | Outcome::Declined => {
                        self.publish();
                        Ok(())
                    }
                    Outcome::Agreed(Agreement::Draw) => {
                        self.commit(seat.unwrap_or(0), Action::AgreeDraw).await
                    }
                    Outcome::Agreed(Agreement::Takeback { plies }) => {
                        self.commit(asker.unwrap_or(0), Action::Takeback { plies })
                            .await
                    }
                    Outcome::Agreed(Agreement::Rematch { .. }) => self.rematch().await,
                }
            }
            Action::Abort => {
                self.offers.abort(seat, &view)?;
                self.commit(seat.unwrap_or(0), Action::Abort).await
            }
            action => {
                let Some(seat) = seat else {
                    return refuse("not-seated", "you have no seat in this room");
                };
                if view.over {
                    // R11.5: the flag stands; a move that comes after it says so.
                    if matches!(action, Action::Move { .. })
                        && self.g.engine.flagged() == Some(seat)
                    {
                        return refuse("flagged", "your time ran out before the move arrived");
                    }
                    return refuse("game-over", "the game is over");
                }
                // R12.3: resigning before every seat has made a first move aborts.
                if action == Action::Resign && resign_is_abort(&view) {
                    self.offers.abort(Some(seat), &view)?;
                    return self.commit(seat, Action::Abort).await;
                }
                self.commit(seat, action).await
            }
        }
    }

    /// Opens the rematch room (R12.4): same game and settings, the same people and
    /// computers one seat on, started at once.
    async fn rematch(&mut self) -> Result<(), Refusal> {
        let now = now_ms();
        let seats = reseat(&self.row.seats);
        let row = RoomRow {
            id: random_id(16),
            game: self.row.game,
            rated: self.row.rated,
            turn_seconds: self.row.turn_seconds,
            move_limit: self.row.move_limit,
            seats,
            status: "playing".into(),
            created: now,
            seed: crate::util::random_seed(),
            deadline: (self.row.turn_seconds > 0).then(|| now + self.turn_ms()),
            result: None,
            version: 0,
            extra: RoomExtra {
                clock: self.row.extra.clock,
                started: Some(now),
                creator: self.row.extra.creator.clone(),
                rematch: None,
            },
        };
        let internal = |e: StoreError| {
            tracing::error!("opening a rematch failed: {e}");
            Refusal {
                code: "internal",
                message: "the rematch could not be opened; try again".into(),
            }
        };
        self.ctx.store.create_room(&row).await.map_err(internal)?;
        let mut extra = self.row.extra.clone();
        extra.rematch = Some(row.id.clone());
        let stored = self
            .ctx
            .store
            .update_room(
                &self.row.id,
                &self.row.seats,
                &self.row.status,
                self.row.deadline,
                &extra,
                self.row.version,
            )
            .await
            .map_err(internal)?;
        if stored {
            self.row.extra = extra;
            self.row.version += 1;
        }
        self.publish();
        self.ctx.notify(&self.row.id).await;
        self.ctx.notify_new(&row.id).await;
        Ok(())
    }

    /// Checks `seat`'s `action` with the clock and the engine, stores it, then publishes
    /// the new state. A move that arrives after its mover's time ran out is refused
    /// (`flagged`, or `aborted` for a first move) and the flag is carried out (R11.5).
    pub(super) async fn commit(&mut self, seat: usize, action: Action) -> Result<(), Refusal> {
        let now = now_ms();
        // The clock is asked first (a move after the flag is refused as such, R11.5) and
        // changed only once the engine accepted the action: cloning it to keep it intact
        // copied its whole history at every move. Should storing fail, the room (clock
        // included) is read again from the store in full.
        let clock_moves = matches!(action, Action::Move { .. })
            && self.clock.is_some()
            && self.g.engine.turn() == Some(seat);
        if let (Some(c), true) = (self.clock.as_ref(), clock_moves) {
            match c.check_on_move(seat, now.max(0) as u64) {
                Ok(()) | Err(ClockError::NotTurn) | Err(ClockError::Stopped) => {}
                Err(ClockError::Expired(e)) => {
                    let refusal = ClockError::Expired(e).refusal();
                    if self.g.engine.ply() as i64 == action_ply(&action) {
                        self.expire(e).await;
                    }
                    return Err(refusal);
                }
            }
        }
        // The storage key: the ply the action was made at, and after a takeback the next
        // number (a ply can come twice then).
        let key = self.g.key.max(self.g.engine.ply() as i64);
        // The action is applied to the room's game in place (a refused one changes nothing):
        // cloning the game for each action copied its whole history, most of the server's
        // work a move (docs/BENCHMARKS.md, Server). Should storing it fail, the room is read
        // again from the store in full.
        let first_new = self.g.events.len();
        let before = self.g.engine.ply();
        let stored = self.g.follow(seat, &action, now)?;
        // The clock follows the move and what the engine did besides (players out, the end).
        if let Some(c) = self.clock.as_mut() {
            if clock_moves {
                // Checked above at the same time: refused only as before (not its turn by
                // the clock, or stopped), which changes nothing.
                let _ = c.on_move(seat, now.max(0) as u64);
            }
            for e in &self.g.events[first_new..] {
                match *e {
                    ClockEvent::Out { seat, at } => c.eliminate(seat, at),
                    ClockEvent::Undo { plies, at } => {
                        c.undo(plies, at);
                    }
                    ClockEvent::Stop { at } => c.stop(at),
                    ClockEvent::Move { .. } => {}
                }
            }
        }
        let over = self.g.engine.is_over();
        let end = over.then(|| end_record(&self.row, &self.g.engine));
        // The row's deadline is the turn timer's: a game clock's deadline is replayed from
        // the moves (`clock_of`), so the row keeps the one it had when the game started,
        // and a move of a game without a turn timer leaves the row as it is (one write a
        // move less, docs/BENCHMARKS.md, Server).
        let deadline = if over {
            None
        } else if self.clock.is_some() {
            self.row.deadline
        } else {
            self.next_deadline(now)
        };
        // The row's version counts the row's changes.
        let row_changes = over || deadline != self.row.deadline;
        let c = Commit {
            room: self.row.id.clone(),
            ply: key,
            text: stored.encode(self.row.game, seat),
            at: now,
            deadline,
            deadline_changed: deadline != self.row.deadline,
            end: end.clone(),
        };
        match self.ctx.store.commit(&c).await {
            Ok(CommitOutcome::Committed(_)) => {
                self.g.key = key + 1;
                match &action {
                    Action::Move { .. } => self.offers.on_move(seat),
                    Action::Takeback { .. } => {}
                    _ => {}
                }
                let (persons, active) = self.view_parts();
                for (s, a) in active.iter().enumerate() {
                    if !a && !over {
                        let view = View {
                            over,
                            rated: self.row.rated,
                            persons: &persons,
                            active: &active,
                            movers: &self.g.movers,
                        };
                        if self.offers.on_out(s, &view) == Some(Agreement::Draw) {
                            // Everyone still in had accepted: the draw stands (R12.1).
                            self.row.deadline = deadline;
                            self.row.version += i64::from(row_changes);
                            return Box::pin(self.commit(s, Action::AgreeDraw)).await;
                        }
                    }
                }
                if over {
                    self.offers.on_over();
                }
                self.row.deadline = deadline;
                self.row.version += i64::from(row_changes);
                if let Some(end) = end {
                    self.row.status = "over".into();
                    self.row.result = Some(end.result);
                }
                if matches!(action, Action::Move { .. }) {
                    self.publish_move(before);
                } else {
                    self.publish();
                }
                self.ctx.notify(&self.row.id).await;
                Ok(())
            }
            Ok(CommitOutcome::Conflict) => {
                self.reload_full().await;
                Err(Refusal {
                    code: "stale-ply",
                    message: "another action was stored at this ply first".into(),
                })
            }
            Err(e) => {
                tracing::error!(room = %self.row.id, "storing an action failed: {e}");
                self.reload_full().await;
                Err(Refusal {
                    code: "internal",
                    message: "the move could not be stored; try again".into(),
                })
            }
        }
    }
}

/// The end of `engine`'s game in room `row`, for the store: the result and, when the room
/// counts (R10.5) and the game was not aborted, the places.
pub(super) fn end_record(row: &RoomRow, engine: &Engine) -> EndRecord {
    let rated = (row.rated
        && !engine.is_aborted()
        && row
            .seats
            .iter()
            .all(|s| s.player.is_some() && s.computer.is_none()))
    .then(|| {
        let places = engine.places().unwrap_or_default();
        row.seats
            .iter()
            .zip(places)
            .filter_map(|(s, p)| s.player.as_ref().map(|pl| (pl.id.clone(), p)))
            .collect()
    });
    EndRecord {
        result: engine.status_json().to_string(),
        game: row.game,
        rated,
        people: crate::store::people_of(&row.seats),
    }
}

/// The ply a move was made at (`-1` for other actions).
pub(super) fn action_ply(a: &Action) -> i64 {
    match a {
        Action::Move { ply, .. } => *ply,
        _ => -1,
    }
}
