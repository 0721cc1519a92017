//! The state message every socket of the room reads, and the lobby's line for a game in
//! progress.

use std::sync::Arc;

use axum::extract::ws::Utf8Bytes;
use serde::Serialize;
use serde_json::{Value, json};
use tablero::{GameKind, MoveRecord, Score, Status};

use super::{Published, Room, Summary};
use crate::offers::OfferKind;
use crate::util::now_ms;

/// The fields of the state that a move changes: the complete state has them all, the
/// compact `move` message only these (with just the new entries of `moves` and `san`,
/// written beside them). Written once a publication and shared by both messages.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Changing<'a> {
    room_status: &'a str,
    ply: usize,
    fen: String,
    status: &'a Status,
    score: &'a [Score],
    last: Option<&'a MoveRecord>,
    clock: Option<ClockMsg<'a>>,
    clocks: Option<SeatTimes>,
    offers: Vec<OfferMsg<'a>>,
    abortable: bool,
    now: i64,
}

/// The state's `clock`: a game clock's (R11) or a turn timer's.
#[derive(Serialize)]
#[serde(untagged)]
enum ClockMsg<'a> {
    Game {
        initial: u64,
        increment: u64,
        turn: Option<&'a str>,
        started: bool,
        deadline: Option<u64>,
        now: i64,
    },
    Timer {
        turn: &'a str,
        deadline: i64,
        now: i64,
    },
}

/// The state's `clocks`: each seat's remaining ms, by seat name.
struct SeatTimes(Vec<(&'static str, u64)>);

impl Serialize for SeatTimes {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.0.iter().map(|(k, v)| (k, v)))
    }
}

/// One open offer of the state.
#[derive(Serialize)]
struct OfferMsg<'a> {
    offer: OfferKind,
    by: &'a str,
    accepted: Vec<&'a str>,
}

/// The fields of the `state` message (docs/PROTOCOL.md) that no move changes: written at
/// every other publication, and reused by the publications of moves.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Head<'a> {
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
}

/// The inside of a JSON object's text (`{"a":1}` → `"a":1`).
fn inside(object: &str) -> &str {
    object
        .strip_prefix('{')
        .and_then(|o| o.strip_suffix('}'))
        .unwrap_or(object)
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

    /// The inside of the [`Head`] object as it is now.
    fn write_head(&self) -> String {
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
        let head = serde_json::to_string(&Head {
            kind: "state",
            room: &self.row.id,
            game: self.row.game,
            rated: self.row.rated,
            turn_seconds: self.row.turn_seconds,
            move_limit: self.row.move_limit,
            start_fen: self.g.engine.start_fen(),
            seats,
            rematch: &self.row.extra.rematch,
            watchers: self.all_watchers(),
            // How long an away seat is kept before the computer plays for it, and the
            // server's time: a page counts the grace period down against them.
            away_seconds: self.ctx.cfg.away_seconds,
        })
        .unwrap_or_default();
        inside(&head).to_string()
    }

    fn publish_from(&mut self, moved_from: Option<usize>) {
        let now = now_ms();
        // A move changes none of the head's fields (seats, presence, watchers, rematch),
        // and every change of those publishes as something else than a move: the head
        // written then serves the moves that follow.
        if moved_from.is_none() || self.head.is_empty() {
            self.head = self.write_head();
        }
        let playing = self.row.status == "playing" && !self.g.engine.is_over();
        let (clock, clocks) = match (self.row.extra.clock, &self.clock) {
            (Some(tc), c) => {
                let n = now.max(0) as u64;
                let clock = ClockMsg::Game {
                    initial: tc.initial_ms() / 1000,
                    increment: tc.increment_ms() / 1000,
                    turn: c
                        .as_ref()
                        .and_then(|c| c.turn())
                        .filter(|_| playing)
                        .map(|t| self.seat_name(t)),
                    started: c.as_ref().is_some_and(|c| c.started()),
                    deadline: c.as_ref().and_then(|c| c.deadline()).filter(|_| playing),
                    now,
                };
                let left = match c {
                    Some(c) => c.snapshot(n),
                    None => vec![tc.initial_ms(); self.row.seats.len()],
                };
                let clocks = left
                    .into_iter()
                    .enumerate()
                    .map(|(i, ms)| (self.seat_name(i), ms))
                    .collect();
                (Some(clock), Some(SeatTimes(clocks)))
            }
            (None, _) => match (self.row.deadline, self.g.engine.turn()) {
                (Some(d), Some(t)) if self.row.status == "playing" => (
                    Some(ClockMsg::Timer {
                        turn: self.seat_name(t),
                        deadline: d,
                        now,
                    }),
                    None,
                ),
                _ => (None, None),
            },
        };
        let offers = self
            .offers
            .open()
            .iter()
            .map(|o| OfferMsg {
                offer: o.offer,
                by: self.seat_name(o.by),
                accepted: o.accepted.iter().map(|&s| self.seat_name(s)).collect(),
            })
            .collect();
        let abortable = playing && (0..self.row.seats.len()).any(|s| !self.g.movers.contains(&s));
        let engine = &self.g.engine;
        // Written straight from the typed values, once for both messages (no `Value` tree of
        // the whole state: the move lists grow with the game, docs/BENCHMARKS.md, Server).
        let changing = serde_json::to_string(&Changing {
            room_status: &self.row.status,
            ply: engine.ply(),
            fen: engine.fen(),
            status: engine.status(),
            score: engine.score(),
            last: engine.last(),
            clock,
            clocks,
            offers,
            abortable,
            now,
        })
        .unwrap_or_default();
        let changing = inside(&changing);
        let (moves, san) = engine.lists_inside_json();
        let parts = [
            "{",
            &self.head,
            ",",
            changing,
            r#","moves":["#,
            moves,
            r#"],"san":["#,
            san,
            "]}",
        ];
        let mut full = String::with_capacity(parts.iter().map(|p| p.len()).sum());
        for part in parts {
            full.push_str(part);
        }
        // A move that added entries (a takeback is not one) has its compact message: the
        // fields a move changes, with only the new entries of `moves` and `san`.
        let ply = engine.ply();
        let moved = moved_from.filter(|&f| f < ply).map(|f| {
            let (moves, san) = (engine.moves(), engine.san());
            let added = |list: &[String]| {
                serde_json::to_string(&list[f.min(list.len())..]).unwrap_or_default()
            };
            format!(
                r#"{{"type":"move","moves":{},"san":{},{changing}}}"#,
                added(moves),
                added(san)
            )
        });
        let live = self.row.status == "playing" && !self.g.engine.is_over();
        // A move changes only the line's ply (not its seats, watchers or settings): patch
        // it rather than write the line anew at every move.
        if moved_from.is_some() && live {
            let mut line = self.summary.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(s) = line.as_mut() {
                s.ply = self.g.engine.ply();
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
            Summary {
                watchers: self.all_watchers(),
                started,
                line: json!({
                    "id": self.row.id, "game": self.row.game, "rated": self.row.rated,
                    "clock": self.row.extra.clock.map(|tc| json!({
                        "initial": tc.initial_ms() / 1000, "increment": tc.increment_ms() / 1000})),
                    "turnSeconds": self.row.turn_seconds, "moveLimit": self.row.move_limit,
                    "started": started, "watchers": self.all_watchers(), "seats": seats,
                }),
                ply: self.g.engine.ply(),
            }
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
            full: full.into(),
            moved: moved.map(Utf8Bytes::from),
        }));
        self.share();
    }
}
