//! What the other processes serving a room say that is not in the tables (PostgreSQL):
//! offers, chat lines and watcher counts. Each travels in a notification as a JSON object:
//!
//! - `{"offers": <Offers>, "v": n}`: the room's open and declined offers after a change, in
//!   version `n`. Each process raises the version at its own changes and takes any higher
//!   version it hears of (on a tie, the process with the greater id wins), so two
//!   processes end with the same offers even when two players act at once.
//! - `{"chat": <line JSON>, "channel": "players"|"watchers", "at": ms}`: a line said there
//!   (already stored).
//! - `{"watchers": n, "v": k}`: that process's watcher count, in its version `k`.
//! - `{"sync": true}`: that process has just loaded the room; the others answer with their
//!   offers and watchers.
//!
//! A lost notification leaves a count or the offers stale until the next change. The
//! watchers of a process that died are forgotten when its heartbeat expires (the lease
//! round that sees it gone tells every room, `cluster.rs`).

use std::sync::Arc;

use serde_json::{Value, json};

use super::Room;
use super::chat::{CHAT_HISTORY, ChatOut};
use crate::engine::Channel;
use crate::offers::Offers;

impl Room {
    /// Every watcher of the room, on this process and the others.
    pub(super) fn all_watchers(&self) -> u32 {
        self.watchers + self.remote_watchers.values().map(|(n, _)| n).sum::<u32>()
    }

    /// Process `process` died: the watchers it counted are gone with it.
    pub(super) fn forget_process(&mut self, process: &str) {
        if self
            .remote_watchers
            .remove(process)
            .is_some_and(|(n, _)| n > 0)
        {
            self.publish();
        }
    }

    /// Tells the other processes what changed here since the last call: the offers, the
    /// watcher count. Called at every publish.
    pub(super) fn share(&mut self) {
        if !self.ctx.clustered {
            return;
        }
        if self.offers != self.offers_sent {
            self.offers_v += 1;
            self.offers_sent = self.offers.clone();
            self.send_offers();
        }
        if self.watchers != self.watchers_sent.0 {
            self.watchers_sent = (self.watchers, self.watchers_sent.1 + 1);
            self.send_watchers();
        }
    }

    fn send_offers(&self) {
        self.ctx.notify_event(
            &self.row.id,
            json!({"offers": self.offers, "v": self.offers_v}),
        );
    }

    fn send_watchers(&self) {
        self.ctx.notify_event(
            &self.row.id,
            json!({"watchers": self.watchers_sent.0, "v": self.watchers_sent.1}),
        );
    }

    /// Asks the other processes for what they know of the room (it was just loaded here).
    pub(super) fn ask_others(&self) {
        self.ctx.notify_event(&self.row.id, json!({"sync": true}));
    }

    /// Sends a chat line said here to the other processes.
    pub(super) fn share_chat(&self, line: &str, channel: Channel, at: i64) {
        self.ctx.notify_event(
            &self.row.id,
            json!({"chat": line, "channel": channel, "at": at}),
        );
    }

    /// An event from process `from` (see the module's documentation).
    pub(super) fn on_remote(&mut self, event: Value, from: String, wins_ties: bool) {
        let v = event["v"].as_u64().unwrap_or(0);
        if let Some(o) = event.get("offers") {
            let newer = v > self.offers_v || (v == self.offers_v && wins_ties);
            if let (true, Ok(offers)) = (newer, serde_json::from_value::<Offers>(o.clone())) {
                self.offers = offers.clone();
                self.offers_sent = offers;
                self.offers_v = v;
                self.publish();
            }
        } else if let Some(n) = event.get("watchers").and_then(Value::as_u64) {
            let old = self.remote_watchers.get(&from).map_or(0, |&(_, k)| k);
            if v >= old {
                self.remote_watchers.insert(from, (n as u32, v));
                self.publish();
            }
        } else if let Some(line) = event.get("chat").and_then(Value::as_str) {
            let Ok(channel) = serde_json::from_value::<Channel>(event["channel"].clone()) else {
                return;
            };
            let at = event["at"].as_i64().unwrap_or(0);
            let line: Arc<str> = Arc::from(line);
            self.chat_seq += 1;
            self.chat.push_back((channel, at, line.clone()));
            while self.chat.len() > CHAT_HISTORY {
                self.chat.pop_front();
            }
            let playing = !self.g.engine.is_over() && self.row.status == "playing";
            // A team line from another process reaches this process's players of that team
            // only, as a line said here does.
            let team = if channel == Channel::Team {
                self.line_team(&line)
            } else {
                None
            };
            let _ = self.chat_tx.send(ChatOut {
                line,
                for_players: channel == Channel::Players || !playing,
                team,
            });
        } else if event.get("sync").is_some() {
            if self.offers_v > 0 {
                self.send_offers();
            }
            if self.watchers_sent.1 > 0 {
                self.send_watchers();
            }
        }
    }
}
