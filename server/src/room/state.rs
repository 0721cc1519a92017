//! The state message every socket of the room reads, and the lobby's line for a game in
//! progress.

use std::sync::Arc;

use serde_json::{Value, json};

use super::Room;
use crate::util::now_ms;

impl Room {
    /// The name of seat `i` (table order): `"white"`, `"red"`…
    pub(super) fn seat_name(&self, i: usize) -> &'static str {
        self.row.game.players().get(i).map_or("?", |p| p.name())
    }

    /// Publishes the room's state to every socket.
    pub(super) fn publish(&mut self) {
        let now = now_ms();
        let seats: Vec<Value> = self
            .row
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let mut o = json!({"seat": self.seat_name(i)});
                if let Some(p) = &s.player {
                    let away = self.is_away(&p.id);
                    o["player"] = json!(p);
                    o["connected"] = json!(away.is_none());
                    o["awaySince"] = json!(away);
                } else if let Some(level) = s.computer {
                    o["computer"] = json!(level);
                    o["connected"] = json!(true);
                } else {
                    o["connected"] = json!(false);
                }
                o
            })
            .collect();
        let playing = self.row.status == "playing" && !self.g.engine.is_over();
        let (clock, clocks) = match (self.row.extra.clock, &self.clock) {
            (Some(tc), c) => {
                let n = now.max(0) as u64;
                let turn = c
                    .as_ref()
                    .and_then(|c| c.turn())
                    .filter(|_| playing)
                    .map(|t| self.seat_name(t));
                let clock = json!({
                    "initial": tc.initial_ms() / 1000,
                    "increment": tc.increment_ms() / 1000,
                    "turn": turn,
                    "started": c.as_ref().is_some_and(|c| c.started()),
                    "deadline": c.as_ref().and_then(|c| c.deadline()).filter(|_| playing),
                    "now": now,
                });
                let left = match c {
                    Some(c) => c.snapshot(n),
                    None => vec![tc.initial_ms(); self.row.seats.len()],
                };
                let clocks: serde_json::Map<String, Value> = left
                    .into_iter()
                    .enumerate()
                    .map(|(i, ms)| (self.seat_name(i).to_string(), json!(ms)))
                    .collect();
                (clock, Value::Object(clocks))
            }
            (None, _) => match (self.row.deadline, self.g.engine.turn()) {
                (Some(d), Some(t)) if self.row.status == "playing" => (
                    json!({"turn": self.seat_name(t), "deadline": d, "now": now}),
                    Value::Null,
                ),
                _ => (Value::Null, Value::Null),
            },
        };
        let offers: Vec<Value> = self
            .offers
            .open()
            .iter()
            .map(|o| {
                json!({
                    "offer": o.offer,
                    "by": self.seat_name(o.by),
                    "accepted": o.accepted.iter().map(|&s| self.seat_name(s)).collect::<Vec<_>>(),
                })
            })
            .collect();
        let abortable = playing && (0..self.row.seats.len()).any(|s| !self.g.movers.contains(&s));
        let state = json!({
            "type": "state",
            "room": self.row.id,
            "game": self.row.game,
            "rated": self.row.rated,
            "turnSeconds": self.row.turn_seconds,
            "moveLimit": self.row.move_limit,
            "roomStatus": self.row.status,
            "ply": self.g.engine.ply(),
            "moves": self.g.engine.moves(),
            "san": self.g.engine.san(),
            "fen": self.g.engine.fen(),
            "startFen": self.g.engine.start_fen(),
            "status": self.g.engine.status_json(),
            "score": self.g.engine.score_json(),
            "last": self.g.engine.last_json(),
            "seats": seats,
            "clock": clock,
            "clocks": clocks,
            "offers": offers,
            "abortable": abortable,
            "rematch": self.row.extra.rematch,
            "watchers": self.all_watchers(),
            // How long an away seat is kept before the computer plays for it, and the
            // server's time: a page counts the grace period down against them.
            "awaySeconds": self.ctx.cfg.away_seconds,
            "now": now,
        });
        let summary = (self.row.status == "playing" && !self.g.engine.is_over()).then(|| {
            let seats: Vec<Value> = self
                .row
                .seats
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    let mut o = json!({"seat": self.seat_name(i)});
                    if let Some(p) = &s.player {
                        o["player"] = json!(p);
                    }
                    if let Some(c) = s.computer {
                        o["computer"] = json!(c);
                    }
                    o
                })
                .collect();
            let started = self.row.extra.started.unwrap_or(self.row.created);
            (
                self.all_watchers(),
                started,
                json!({
                    "id": self.row.id, "game": self.row.game, "rated": self.row.rated,
                    "clock": self.row.extra.clock.map(|tc| json!({
                        "initial": tc.initial_ms() / 1000, "increment": tc.increment_ms() / 1000})),
                    "turnSeconds": self.row.turn_seconds, "moveLimit": self.row.move_limit,
                    "started": started, "ply": self.g.engine.ply(),
                    "watchers": self.all_watchers(), "seats": seats,
                }),
            )
        });
        *self.summary.lock().unwrap_or_else(|e| e.into_inner()) = summary;
        self.state_tx.send_replace(Arc::from(state.to_string()));
        self.share();
    }
}
