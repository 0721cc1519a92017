//! What the owner does when time passes: turn timers, game clock expiries (R11), stand-ins
//! for away players, waiting rooms' idle close, and computer moves searched off the task.

use std::sync::atomic::Ordering;

use super::{AiResult, Room};
use crate::clock::Expiry;
use crate::engine::Action;
use crate::refusal::Refusal;
use crate::util::now_ms;

impl Room {
    /// Carries out an expiry of the clock: a flag (R11.3–R11.4) or a first move not made
    /// in time (an abort, R11.2).
    pub(super) async fn expire(&mut self, e: Expiry) {
        let action = match e {
            Expiry::Flag(_) => Action::Flag,
            Expiry::NoFirstMove(_) => Action::Abort,
        };
        if let Err(r) = Box::pin(self.commit(e.seat(), action)).await {
            tracing::warn!(room = %self.row.id, "the flag could not be stored: {}", r.message);
        }
    }

    pub(super) fn turn_ms(&self) -> i64 {
        self.row.turn_seconds * self.ctx.cfg.turn_ms_per_second as i64
    }

    pub(super) fn next_deadline(&self, now: i64) -> Option<i64> {
        (self.row.turn_seconds > 0 && self.row.status != "waiting").then(|| now + self.turn_ms())
    }

    /// When the owner must act next (server ms): a computer's turn, an away player's grace
    /// ending, the turn timer, the game clock, or a waiting room's idle close.
    pub(super) fn next_wake(&self) -> Option<i64> {
        if !self.owner.load(Ordering::Relaxed) || self.thinking {
            return None;
        }
        if self.row.status == "waiting" {
            return self.idle_close_at();
        }
        if self.row.status != "playing" {
            return None;
        }
        let seat = self.g.engine.turn()?;
        let now = now_ms();
        let s = &self.row.seats[seat];
        let mut at: Option<i64> = None;
        if s.computer.is_some() {
            at = Some(now);
        } else if let Some(p) = &s.player
            && let Some(since) = self.is_away(&p.id)
        {
            at = Some(since + (self.ctx.cfg.away_seconds * 1000.0) as i64);
        }
        let deadline = match &self.clock {
            Some(c) => c.deadline().map(|d| d as i64),
            None => self.row.deadline,
        };
        if let Some(d) = deadline {
            at = Some(at.map_or(d, |a| a.min(d)));
        }
        at
    }

    pub(super) async fn on_timer(&mut self) {
        if !self.owner.load(Ordering::Relaxed) || self.thinking {
            return;
        }
        let now = now_ms();
        if self.idle_close_at().is_some_and(|at| now >= at) {
            let _ = self.cancel(None).await;
            return;
        }
        if self.row.status != "playing" {
            return;
        }
        if let Some(e) = self
            .clock
            .as_ref()
            .and_then(|c| c.expired(now.max(0) as u64))
        {
            self.expire(e).await;
            return;
        }
        let Some(seat) = self.g.engine.turn() else {
            return;
        };
        let now = now_ms();
        let s = self.row.seats[seat].clone();
        let grace = (self.ctx.cfg.away_seconds * 1000.0) as i64;
        let away_expired = s
            .player
            .as_ref()
            .and_then(|p| self.is_away(&p.id))
            .is_some_and(|since| now >= since + grace);
        let timed_out = self.clock.is_none() && self.row.deadline.is_some_and(|d| now >= d);
        if let Some(level) = s.computer {
            self.think(seat, level);
        } else if away_expired {
            self.think(seat, self.ctx.cfg.stand_in_level);
        } else if timed_out {
            if self.row.game.info().times_out {
                let _ = self.commit(seat, Action::Timeout).await;
            } else {
                self.think(seat, self.ctx.cfg.stand_in_level);
            }
        }
    }

    fn think(&mut self, seat: usize, level: u8) {
        self.thinking = true;
        let engine = self.g.engine.clone();
        let ply = engine.ply();
        let nodes = level_nodes(level).min(self.ctx.cfg.ai_nodes);
        let tx = self.ai_tx.clone();
        tokio::spawn(async move {
            let mv = tokio::task::spawn_blocking(move || engine.ai_move(level, nodes))
                .await
                .unwrap_or_else(|_| {
                    Err(Refusal {
                        code: "internal",
                        message: "the search failed".into(),
                    })
                });
            let _ = tx.send(AiResult { ply, seat, mv }).await;
        });
    }

    pub(super) async fn on_ai(&mut self, r: AiResult) {
        self.thinking = false;
        if self.g.engine.ply() != r.ply || self.g.engine.turn() != Some(r.seat) {
            return;
        }
        match r.mv {
            Ok(text) => {
                let ply = r.ply as i64;
                if let Err(e) = self.commit(r.seat, Action::Move { text, ply }).await {
                    tracing::warn!(room = %self.row.id, "computer move refused: {}", e.message);
                }
            }
            Err(e) => tracing::warn!(room = %self.row.id, "computer found no move: {}", e.message),
        }
    }
}

/// Node budget of a computer move at `level`: the level's own default (levels 1–7), and
/// the server's cap for level 8, which has no node default.
pub fn level_nodes(level: u8) -> u64 {
    tablero::ai::level_spec(level)
        .map(|s| {
            if s.default_nodes > 0 {
                s.default_nodes
            } else {
                u64::MAX
            }
        })
        .unwrap_or(10_000)
}
