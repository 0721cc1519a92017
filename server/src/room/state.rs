//! The state message every socket of the room reads, and the lobby's line for a game in
//! progress.

use std::sync::Arc;

use serde::Serialize;
use serde_json::{Value, json};
use tablero::{GameKind, MoveRecord, Score, Status};

use super::{Published, Room};
use crate::util::now_ms;

/// The fields of the state that a move changes: the complete state has them all, the
/// compact `move` message only these (with just the new entries of `moves` and `san`).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Changing<'a> {
    room_status: &'a str,
    ply: usize,
    /// In a `move` message only: the new entries. The state writes the whole lists from
    /// the engine's JSON, kept as the game grows.
    #[serde(skip_serializing_if = "Option::is_none")]
    moves: Option<&'a [String]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    san: Option<&'a [String]>,
    fen: String,
    status: Status,
    score: Vec<Score>,
    last: Option<&'a MoveRecord>,
    clock: Value,
    clocks: Value,
    offers: Vec<Value>,
    abortable: bool,
    now: i64,
}

/// The `state` message (docs/PROTOCOL.md).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct StateMsg<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    room: &'a str,
    game: GameKind,
    rated: bool,
    turn_seconds: i64,
    move_limit: Option<i64>,
    start_fen: &'a str,
    seats: Vec<Value>,
    rematch: &'a Option<String>,
    watchers: u32,
    away_seconds: f64,
    #[serde(flatten)]
    fields: &'a Changing<'a>,
}

/// The compact `move` message.
#[derive(Serialize)]
struct MoveMsg<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    #[serde(flatten)]
    fields: &'a Changing<'a>,
}

impl Room {
    /// The name of seat `i` (table order): `"white"`, `"red"`…
    pub(super) fn seat_name(&self, i: usize) -> &'static str {
        self.row.game.players().get(i).map_or("?", |p| p.name())
    }

    /// Publishes the room's state to every socket.
    pub(super) fn publish(&mut self) {
        self.publish_from(None);
    }

    /// Publishes the room's state after a move made at ply `from` (the game's ply before
    /// it): besides the complete state, the compact `move` message that takes a socket from
    /// the previous publication to this one (docs/PROTOCOL.md).
    pub(super) fn publish_move(&mut self, from: usize) {
        self.publish_from(Some(from));
    }

    fn publish_from(&mut self, moved_from: Option<usize>) {
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
        let engine = &self.g.engine;
        let mut fields = Changing {
            room_status: &self.row.status,
            ply: engine.ply(),
            moves: None,
            san: None,
            fen: engine.fen(),
            status: engine.status(),
            score: engine.score(),
            last: engine.last(),
            clock,
            clocks,
            offers,
            abortable,
            now,
        };
        // Written straight from the typed values (no `Value` tree of the whole state: the
        // move lists grow with the game, docs/BENCHMARKS.md, Server).
        let full = serde_json::to_string(&StateMsg {
            kind: "state",
            room: &self.row.id,
            game: self.row.game,
            rated: self.row.rated,
            turn_seconds: self.row.turn_seconds,
            move_limit: self.row.move_limit,
            start_fen: engine.start_fen(),
            seats,
            rematch: &self.row.extra.rematch,
            watchers: self.all_watchers(),
            // How long an away seat is kept before the computer plays for it, and the
            // server's time: a page counts the grace period down against them.
            away_seconds: self.ctx.cfg.away_seconds,
            fields: &fields,
        })
        .unwrap_or_default();
        let (moves, san) = engine.lists_json();
        // The state is an object: the lists go before its closing brace.
        let full = format!(
            r#"{},"moves":{moves},"san":{san}}}"#,
            full.strip_suffix('}').unwrap_or(&full)
        );
        // A move that added entries (a takeback is not one) has its compact message: the
        // fields a move changes, with only the new entries of `moves` and `san`.
        let moved = moved_from.filter(|&f| f < fields.ply).map(|f| {
            let (moves, san) = (engine.moves(), engine.san());
            fields.moves = Some(&moves[f.min(moves.len())..]);
            fields.san = Some(&san[f.min(san.len())..]);
            serde_json::to_string(&MoveMsg {
                kind: "move",
                fields: &fields,
            })
            .unwrap_or_default()
        });
        let live = self.row.status == "playing" && !self.g.engine.is_over();
        // A move changes only the line's ply (not its seats, watchers or settings): patch
        // it rather than write the line anew at every move.
        if moved_from.is_some() && live {
            let mut line = self.summary.lock().unwrap_or_else(|e| e.into_inner());
            if let Some((_, _, v)) = line.as_mut() {
                v["ply"] = json!(self.g.engine.ply());
                drop(line);
                self.send(full, moved);
                return;
            }
        }
        let summary = live.then(|| {
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
        self.send(full, moved);
    }

    /// Hands a publication to the room's sockets and tells the other processes what they
    /// should know.
    fn send(&mut self, full: String, moved: Option<String>) {
        self.published += 1;
        self.state_tx.send_replace(Arc::new(Published {
            seq: self.published,
            full: Arc::from(full),
            moved: moved.map(Arc::from),
        }));
        self.share();
    }
}
