//! The room's task: its loop (commands, computer moves, timers) and what each [`Cmd`] does.

use std::time::Duration;

use serde_json::{Value, json};
use tokio::sync::mpsc;
use tokio::time::Instant;

use super::{AiResult, Cmd, Joined, Room};
use crate::offers::OfferKind;
use crate::store::RoomMark;
use crate::util::now_ms;

impl Room {
    pub(super) async fn run(
        &mut self,
        mut rx: mpsc::Receiver<Cmd>,
        mut ai_rx: mpsc::Receiver<AiResult>,
    ) {
        // While nobody is connected and nothing is pending, the task checks now and then
        // whether it can end (game over) so finished rooms do not stay in memory. With a
        // manual clock (tests) nothing waits for wall time: the timer is looked at whenever
        // the clock moves.
        let mut moved = crate::util::clock_moved();
        loop {
            let wake = self.next_wake();
            let now = now_ms();
            let sleep_to = match wake {
                Some(at) if moved.is_none() || at <= now => {
                    Instant::now() + Duration::from_millis((at - now).max(0) as u64)
                }
                _ => Instant::now() + Duration::from_secs(5),
            };
            let tick = async {
                match moved.as_mut() {
                    Some(m) => m.changed().await.is_ok(),
                    None => std::future::pending().await,
                }
            };
            tokio::select! {
                cmd = rx.recv() => match cmd {
                    None => return,
                    Some(cmd) => self.handle(cmd).await,
                },
                Some(r) = ai_rx.recv() => self.on_ai(r).await,
                _ = tokio::time::sleep_until(sleep_to) => {
                    if wake.is_some_and(|at| moved.is_none() || now_ms() >= at) {
                        self.on_timer().await;
                    }
                }
                true = tick => {
                    if wake.is_some_and(|at| now_ms() >= at) {
                        self.on_timer().await;
                    }
                }
            }
            if self.broken {
                return;
            }
            let finished = self.row.status == "over" || self.row.status == "cancelled";
            if finished && self.conns.is_empty() && self.watchers == 0 && !self.thinking {
                return;
            }
        }
    }

    async fn handle(&mut self, cmd: Cmd) {
        match cmd {
            Cmd::Connect { player, reply } => {
                let seated = player
                    .as_ref()
                    .is_some_and(|p| self.seat_of(&p.id).is_some());
                let team = player
                    .as_ref()
                    .and_then(|p| self.seat_of(&p.id))
                    .and_then(|s| self.team_of(s));
                if let Some(p) = &player {
                    let n = self.conns.entry(p.id.clone()).or_insert(0);
                    *n += 1;
                    let first = *n == 1;
                    self.away.remove(&p.id);
                    self.ever.insert(p.id.clone());
                    if first && seated {
                        self.ctx.store_presence(&self.row.id, &p.id, true);
                    }
                }
                if !seated {
                    self.watchers += 1;
                }
                self.publish();
                let you = player.as_ref().map(|p| {
                    json!({"player": p, "seat": self.seat_of(&p.id).map(|s| self.seat_name(s))})
                });
                let (first, seq) = {
                    let p = self.state_tx.borrow();
                    // The published state is an object written by `publish`: `you` goes
                    // before its closing brace, without reading the state back.
                    let full = p.full.strip_suffix('}').unwrap_or(&p.full);
                    let you = you.unwrap_or(Value::Null);
                    (format!(r#"{full},"you":{you}}}"#), p.seq)
                };
                let _ = reply.send(Joined {
                    first,
                    seq,
                    history: self.chat_history(seated, team),
                    seated,
                    team,
                    state: self.state_tx.subscribe(),
                    chat: self.chat_tx.subscribe(),
                });
            }
            Cmd::Disconnect { player, watcher } => {
                if watcher {
                    self.watchers = self.watchers.saturating_sub(1);
                }
                if let Some(p) = player
                    && let Some(n) = self.conns.get_mut(&p.id)
                {
                    *n -= 1;
                    if *n == 0 {
                        self.conns.remove(&p.id);
                        self.away.insert(p.id.clone(), now_ms());
                        if self.seat_of(&p.id).is_some() {
                            self.ctx.store_presence(&self.row.id, &p.id, false);
                            // A person who left after the game takes their rematch offer
                            // with them, and nobody can accept one meant for them (R12.4).
                            if self.g.engine.is_over() {
                                self.offers.withdraw(OfferKind::Rematch);
                            }
                        }
                    }
                }
                self.publish();
            }
            Cmd::Act {
                player,
                action,
                reply,
            } => {
                let r = self.act(&player, action).await;
                let _ = reply.send(r);
            }
            Cmd::Join {
                player,
                seat,
                reply,
            } => {
                let r = self.join(&player, seat.as_deref()).await;
                let _ = reply.send(r.map(|i| self.seat_name(i)));
            }
            Cmd::Reload => self.reload().await,
            Cmd::Remote {
                event,
                from,
                wins_ties,
            } => self.on_remote(event, from, wins_ties),
            Cmd::Presence => self.refresh_presence().await,
            // Waking the loop is the point: it looks at the timers again.
            Cmd::Owned => {}
            Cmd::Gone { process, stored } => {
                self.forget_process(&process);
                let here = RoomMark {
                    version: self.row.version,
                    next_key: self.g.key,
                };
                if stored.is_some_and(|s| s != here) {
                    self.reload().await;
                }
            }
            Cmd::Cancel { player, reply } => {
                let r = self.cancel(Some(&player)).await;
                let _ = reply.send(r);
            }
        }
    }
}
