//! The waiting room: joining a seat, cancelling (by its creator or for idleness, R12.5).

use super::{JoinError, Room};
use crate::clock::GameClock;
use crate::store::{PlayerRef, SeatRow};
use crate::util::now_ms;

impl Room {
    pub(super) async fn join(
        &mut self,
        player: &PlayerRef,
        seat: Option<&str>,
    ) -> Result<usize, JoinError> {
        for _attempt in 0..3 {
            if let Some(s) = self.seat_of(&player.id) {
                return Ok(s);
            }
            if self.row.status == "cancelled" {
                return Err(JoinError::Cancelled);
            }
            if self.row.status != "waiting" {
                return Err(JoinError::Taken("the game has started"));
            }
            let index = match seat {
                Some(name) => {
                    let i = self
                        .row
                        .game
                        .players()
                        .iter()
                        .position(|p| p.name() == name)
                        .ok_or(JoinError::BadSeat)?;
                    if !self.row.seats[i].is_free() {
                        return Err(JoinError::Taken("that seat is taken"));
                    }
                    i
                }
                None => self
                    .row
                    .seats
                    .iter()
                    .position(SeatRow::is_free)
                    .ok_or(JoinError::Taken("the room is full"))?,
            };
            let mut seats = self.row.seats.clone();
            seats[index].player = Some(player.clone());
            let full = seats.iter().all(|s| !s.is_free());
            // A rated game never starts against a person who never opened the room.
            if full && self.row.rated {
                let absent = seats.iter().any(|s| {
                    s.player.as_ref().is_some_and(|p| {
                        p.id != player.id
                            && !self.ever.contains(&p.id)
                            && !self.remote.contains(&p.id)
                    })
                });
                if absent {
                    return Err(JoinError::NotConnected);
                }
            }
            let status = if full { "playing" } else { "waiting" };
            let now = now_ms();
            let mut extra = self.row.extra.clone();
            let mut clock = None;
            if full {
                extra.started = Some(now);
                clock = extra
                    .clock
                    .map(|tc| GameClock::for_game(self.row.game, tc, now.max(0) as u64));
            }
            let deadline = match &clock {
                Some(c) => c.deadline().map(|d| d as i64),
                None => (full && self.row.turn_seconds > 0).then(|| now + self.turn_ms()),
            };
            match self
                .ctx
                .store
                .update_room(
                    &self.row.id,
                    &seats,
                    status,
                    deadline,
                    &extra,
                    self.row.version,
                )
                .await
            {
                Ok(true) => {
                    self.row.seats = seats;
                    self.row.status = status.into();
                    self.row.deadline = deadline;
                    self.row.extra = extra;
                    if full {
                        self.clock = clock;
                    }
                    self.row.version += 1;
                    if self.conns.get(&player.id).copied().unwrap_or(0) == 0 {
                        self.away.insert(player.id.clone(), now_ms());
                    }
                    self.publish();
                    self.ctx.notify(&self.row.id).await;
                    return Ok(index);
                }
                // Another process changed the room first: read it again and retry.
                Ok(false) => self.reload().await,
                Err(e) => {
                    tracing::error!(room = %self.row.id, "joining failed: {e}");
                    return Err(JoinError::Internal);
                }
            }
        }
        Err(JoinError::Taken("the room keeps changing; try again"))
    }

    /// Cancels the waiting room: by its creator (`Some`), or for idleness (`None`, R12.5).
    pub(super) async fn cancel(&mut self, by: Option<&PlayerRef>) -> Result<(), &'static str> {
        if let Some(p) = by
            && self.row.extra.creator.as_deref() != Some(p.id.as_str())
        {
            return Err("not-creator");
        }
        if self.row.status != "waiting" {
            return Err("not-waiting");
        }
        match self
            .ctx
            .store
            .update_room(
                &self.row.id,
                &self.row.seats,
                "cancelled",
                None,
                &self.row.extra,
                self.row.version,
            )
            .await
        {
            Ok(true) => {
                self.row.status = "cancelled".into();
                self.row.version += 1;
                self.publish();
                self.ctx.notify(&self.row.id).await;
                Ok(())
            }
            Ok(false) => {
                self.reload().await;
                Err("not-waiting")
            }
            Err(e) => {
                tracing::error!(room = %self.row.id, "cancelling failed: {e}");
                Err("internal")
            }
        }
    }

    /// When a waiting room with a free seat closes for idleness: the latest moment one of
    /// its players was connected, plus `--idle-minutes` (`None` while one is connected).
    pub(super) fn idle_close_at(&self) -> Option<i64> {
        if self.row.status != "waiting" {
            return None;
        }
        let mut last = self.row.created.min(now_ms());
        for s in &self.row.seats {
            if let Some(p) = &s.player {
                last = last.max(self.is_away(&p.id)?);
            }
        }
        Some(last + (self.ctx.cfg.idle_minutes * 60_000.0) as i64)
    }
}
