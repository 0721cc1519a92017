//! A room's game rebuilt from its stored actions ([`Replayed`]) and its game clock from
//! the clock's events.

use crate::clock::{ClockEvent, GameClock};
use crate::engine::{Action, Engine};
use crate::refusal::Refusal;
use crate::store::{ActionRow, RoomRow, StoreError};

/// A game rebuilt from its stored actions, with what the room keeps beside the engine.
pub struct Replayed {
    /// The game.
    pub engine: Engine,
    /// The seat that made each move still on the board (what a takeback would undo).
    pub movers: Vec<usize>,
    /// The clock's events (moves, players out, takebacks, the end), oldest first.
    pub events: Vec<ClockEvent>,
    /// The key (`moves.ply`) the next action is stored under.
    pub key: i64,
}

impl Replayed {
    fn new(row: &RoomRow) -> Replayed {
        Replayed {
            engine: Engine::new(row.game, row.seed as u64, row.move_limit.map(|m| m as u32)),
            movers: Vec::new(),
            events: Vec::new(),
            key: 0,
        }
    }

    /// Applies one stored action.
    pub(super) fn apply(&mut self, a: &ActionRow) -> Result<(), String> {
        // The key is the game's ply until the first takeback, and counts on from there.
        if a.ply < self.key || (a.ply != self.engine.ply() as i64 && !self.undone()) {
            return Err(format!(
                "stored ply {} does not follow ply {}",
                a.ply,
                self.engine.ply()
            ));
        }
        let ply = self.engine.ply() as i64;
        let (seat, action) = Action::decode(self.engine.kind(), &a.text, ply)
            .ok_or_else(|| format!("unreadable stored action {:?}", a.text))?;
        self.follow(seat, &action, a.at)
            .map_err(|r| format!("stored action {:?} at ply {}: {}", a.text, a.ply, r.message))?;
        self.key = a.ply + 1;
        Ok(())
    }

    fn undone(&self) -> bool {
        self.events
            .iter()
            .any(|e| matches!(e, ClockEvent::Undo { .. }))
    }

    /// Applies `action` by `seat` at `at` to the engine and follows it in the movers and
    /// the clock's events.
    pub(super) fn follow(
        &mut self,
        seat: usize,
        action: &Action,
        at: i64,
    ) -> Result<Action, Refusal> {
        let before = self.engine.active_seats();
        let stored = self.engine.apply(seat, action)?;
        let at = at.max(0) as u64;
        match action {
            Action::Move { .. } => {
                self.movers.push(seat);
                self.events.push(ClockEvent::Move { seat, at });
            }
            Action::Takeback { plies } => {
                let n = self.movers.len().saturating_sub(*plies);
                self.movers.truncate(n);
                self.events.push(ClockEvent::Undo { plies: *plies, at });
            }
            _ => {}
        }
        let after = self.engine.active_seats();
        for (s, (b, a)) in before.iter().zip(&after).enumerate() {
            if *b && !*a {
                self.events.push(ClockEvent::Out { seat: s, at });
            }
        }
        if self.engine.is_over() {
            self.events.push(ClockEvent::Stop { at });
        }
        Ok(stored)
    }
}

/// Rebuilds a game from its stored actions.
pub fn replay(row: &RoomRow, actions: &[ActionRow]) -> Result<Replayed, StoreError> {
    let mut r = Replayed::new(row);
    for a in actions {
        r.apply(a)
            .map_err(|e| StoreError::new(format!("room {}: {e}", row.id)))?;
    }
    Ok(r)
}

/// The clock of a room's game rebuilt from its events (`None` without a time control or
/// before the game started).
pub fn clock_of(row: &RoomRow, events: &[ClockEvent]) -> Option<GameClock> {
    let control = row.extra.clock?;
    let started = row.extra.started?;
    let fresh = GameClock::for_game(row.game, control, started.max(0) as u64);
    match GameClock::replay(
        control,
        fresh.order().to_vec(),
        started.max(0) as u64,
        events.iter().copied(),
    ) {
        Ok(c) => Some(c),
        Err(e) => {
            tracing::error!(room = %row.id, "the clock does not replay: {}", e.message);
            Some(fresh)
        }
    }
}
