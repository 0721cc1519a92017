//! Live rooms: one task (actor) per room owns its game.
//!
//! Sockets and HTTP handlers send [`Cmd`]s to a room's task through an mpsc channel; the
//! task checks, stores, then publishes the new state on a `watch` channel that every socket
//! of the room reads. A `watch` rather than a broadcast: each state is complete, so a slow
//! socket skips to the latest one instead of lagging or being dropped.
//!
//! The task that owns a room (always, with SQLite; the lease holder, with PostgreSQL) also
//! runs its turn timer and its computer moves. Computer moves are searched on the blocking
//! pool with a clone of the game and come back as an ordinary action checked against the
//! ply they were searched at.
//!
//! The files, by concept: `registry` (the [`Rooms`] of this process, loading and spawning
//! a room's task), `replay` (a game rebuilt from stored actions), `task` (the task's loop
//! and its commands), `play` (moves, offers, rematches, the game's end), `timers` (turn
//! timers, clock expiries, stand-ins, computer moves), `waiting` (joining, cancelling, idle
//! waiting rooms), `chat`, `state` (the state message and the lobby's line), `reload`
//! (another process changed the room) and `remote` (offers, chat lines and watcher counts
//! from the other processes serving the room).

mod chat;
mod play;
mod registry;
mod reload;
mod remote;
mod replay;
mod state;
mod task;
mod timers;
mod waiting;

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::atomic::{AtomicBool, AtomicI64};
use std::sync::{Arc, Mutex};

use axum::extract::ws::Utf8Bytes;
use serde_json::Value;
use tokio::sync::{broadcast, mpsc, oneshot, watch};

use crate::clock::GameClock;
use crate::config::Config;
use crate::engine::{Action, Channel};
use crate::offers::Offers;
use crate::refusal::Refusal;
use crate::store::{PlayerRef, RoomMark, RoomRow, Store};

pub use chat::ChatOut;
pub use registry::Rooms;
pub use replay::{Replayed, clock_of, replay};

/// What a room publishes after each change, on the `watch` channel its sockets read.
pub struct Published {
    /// The publication's number in the room's task: a socket that sent number `seq - 1`
    /// may send [`Published::moved`] instead of the complete state.
    pub seq: u64,
    /// The complete `state` message (without `you`). The socket layer's own text type:
    /// every socket of the room sends this one copy.
    pub full: Utf8Bytes,
    /// After a move, the compact `move` message that takes the previous publication's state
    /// to this one (docs/PROTOCOL.md); `None` after any other change.
    pub moved: Option<Utf8Bytes>,
}

/// The lobby's line for a game in progress (`GET /api/rooms`' `games`).
#[derive(Clone)]
pub struct Summary {
    /// Watchers, the first sort key.
    pub watchers: u32,
    /// When the game started (ms), the second.
    pub started: i64,
    /// The line without `ply`.
    pub line: Value,
    /// The game's ply: the only part a move changes, set into the line when it is read.
    pub ply: usize,
}

/// What a socket gets when it connects.
pub struct Joined {
    /// The first state (with `you`).
    pub first: String,
    /// The publication `first` was written from.
    pub seq: u64,
    /// The chat lines it may read, as one `chat` message.
    pub history: String,
    /// Does the socket's player have a seat?
    pub seated: bool,
    /// The team of the socket's player's seat in a Teams game (0: Red and Yellow, 1: Blue and
    /// Green), whose team chat it reads; `None` elsewhere.
    pub team: Option<usize>,
    /// The state channel.
    pub state: watch::Receiver<Arc<Published>>,
    /// New chat lines.
    pub chat: broadcast::Receiver<ChatOut>,
}

/// What a socket or handler asks of a room.
pub enum Cmd {
    /// A socket opened; `player` is `None` for a spectator without a token.
    Connect {
        /// Who connected.
        player: Option<PlayerRef>,
        /// The state to send first (with `you`), the chat, and the channels.
        reply: oneshot::Sender<Joined>,
    },
    /// A socket closed.
    Disconnect {
        /// Who disconnected.
        player: Option<PlayerRef>,
        /// Was it a watcher's socket (no seat when it connected)?
        watcher: bool,
    },
    /// A move, resignation or draw claim from a socket.
    Act {
        /// Who sent it.
        player: PlayerRef,
        /// What they want, as the socket decoded it.
        action: Action,
        /// Refusal, if any (a success shows up as the next state).
        reply: oneshot::Sender<Result<(), Refusal>>,
    },
    /// `POST /api/rooms/<id>/join`.
    Join {
        /// Who joins.
        player: PlayerRef,
        /// The seat asked for, by name.
        seat: Option<String>,
        /// The seat's name, or why not.
        reply: oneshot::Sender<Result<&'static str, JoinError>>,
    },
    /// Another process changed the room (PostgreSQL notification): read it again.
    Reload,
    /// Another process serving the room says what is not in the tables (offers, a chat
    /// line, its watchers).
    Remote {
        /// The event (see `room/remote.rs`).
        event: Value,
        /// The process that sent it.
        from: String,
        /// Does that process win a tie between offers changed at once on both?
        wins_ties: bool,
    },
    /// Another process's sockets on the room changed (PostgreSQL notification): read who
    /// is connected again, not the room.
    Presence,
    /// This process has just taken the room's lease (it was loaded fresh for that): nothing
    /// to read, but the task looks again at what its timers must do now that it owns them.
    Owned,
    /// Process `process` died (its heartbeat expired or its connection closed): forget the
    /// watchers it counted, and read the room again if the stored one has moved on.
    Gone {
        /// The dead process's id.
        process: String,
        /// How far the room went in storage, read after the death (`None`: not read).
        stored: Option<RoomMark>,
    },
    /// `DELETE /api/rooms/<id>` by `player` (R12.5).
    Cancel {
        /// Who asks.
        player: PlayerRef,
        /// The refusal code, if any.
        reply: oneshot::Sender<Result<(), &'static str>>,
    },
}

/// Why a join failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JoinError {
    /// Unknown seat name (400).
    BadSeat,
    /// The seat is taken or the room is full or started (409).
    Taken(&'static str),
    /// A rated room would start with a seat whose person never connected (409).
    NotConnected,
    /// The room was cancelled (404).
    Cancelled,
    /// Storage failed (500).
    Internal,
}

/// State shared by every room of a process.
pub struct Ctx {
    /// Storage.
    pub store: Arc<dyn Store>,
    /// Options.
    pub cfg: Config,
    /// Sockets connected to this process.
    pub online: AtomicI64,
    /// Is this process running more than one on a shared database (notifications, leases)?
    pub clustered: bool,
    /// Who has a socket here, and the events for the other processes, on their way to the
    /// store.
    pub presence: PresenceQueue,
}

/// Presence changes on their way to the store (PostgreSQL), written in order and in
/// batches by one task: a room's task does not wait for the store when a socket comes or
/// goes, and the sockets of a dead process arriving at a survivor together cost a few
/// statements rather than two round trips each.
/// The events for the other processes (offers, chat lines, watcher counts) travel in the
/// same queue, so a room's events are sent in the order it said them.
pub struct PresenceQueue(Option<mpsc::UnboundedSender<Outgoing>>);

/// What the queue carries.
enum Outgoing {
    /// (room, player, present).
    Presence(String, String, bool),
    /// (room, event JSON).
    Event(String, String),
}

impl PresenceQueue {
    /// Changes written to `store` when `clustered`; else none (one process needs none).
    pub fn start(store: Arc<dyn Store>, clustered: bool) -> PresenceQueue {
        if !clustered {
            return PresenceQueue(None);
        }
        let (tx, mut rx) = mpsc::unbounded_channel();
        tokio::spawn(async move {
            let mut batch = Vec::new();
            while rx.recv_many(&mut batch, PRESENCE_BATCH).await > 0 {
                let (mut presence, mut events) = (Vec::new(), Vec::new());
                for o in batch.drain(..) {
                    match o {
                        Outgoing::Presence(r, p, on) => presence.push((r, p, on)),
                        Outgoing::Event(r, e) => events.push((r, e)),
                    }
                }
                if !presence.is_empty()
                    && let Err(e) = store.set_presences(&presence).await
                {
                    tracing::warn!("presence update failed: {e}");
                }
                if !events.is_empty()
                    && let Err(e) = store.notify_events(&events).await
                {
                    tracing::warn!("notify failed: {e}");
                }
            }
        });
        PresenceQueue(Some(tx))
    }

    fn push(&self, o: Outgoing) {
        if let Some(tx) = &self.0 {
            let _ = tx.send(o);
        }
    }
}

/// Presence changes written in one batch at most.
const PRESENCE_BATCH: usize = 1024;

impl Room {
    fn seat_of(&self, player: &str) -> Option<usize> {
        self.row
            .seats
            .iter()
            .position(|s| s.player.as_ref().is_some_and(|p| p.id == player))
    }

    fn is_away(&self, player: &str) -> Option<i64> {
        if self.conns.get(player).copied().unwrap_or(0) > 0 || self.remote.contains(player) {
            return None;
        }
        Some(self.away.get(player).copied().unwrap_or(0))
    }
}

struct AiResult {
    ply: usize,
    seat: usize,
    mv: Result<String, Refusal>,
}

struct Room {
    ctx: Arc<Ctx>,
    row: RoomRow,
    /// The game, its movers, clock events and next storage key.
    g: Replayed,
    /// The game clock (R11), once a game with a time control has started.
    clock: Option<GameClock>,
    /// Open offers (R12).
    offers: Offers,
    /// What the other processes serving the room last heard of the offers, and its version
    /// (raised at each change here; a process takes a higher version it hears of).
    offers_sent: Offers,
    offers_v: u64,
    /// Watchers of this room on the other processes: count and version, per process.
    remote_watchers: HashMap<String, (u32, u64)>,
    /// The watcher count the other processes last heard of from here, and its version.
    watchers_sent: (u32, u64),
    /// Players who have connected a socket since the room was loaded.
    ever: HashSet<String>,
    /// Sockets without a seat.
    watchers: u32,
    /// The last chat lines: channel, time, JSON.
    chat: VecDeque<(Channel, i64, Arc<str>)>,
    /// The next chat line's number.
    chat_seq: i64,
    chat_tx: broadcast::Sender<ChatOut>,
    /// Recent chat times per person (the rate limit).
    chat_times: HashMap<String, VecDeque<i64>>,
    summary: Arc<Mutex<Option<Summary>>>,
    /// Open sockets per player id on this process.
    conns: HashMap<String, u32>,
    /// Since when each seated player without a socket has been away (ms).
    away: HashMap<String, i64>,
    /// Players with a socket on another process (PostgreSQL presence).
    remote: HashSet<String>,
    state_tx: watch::Sender<Arc<Published>>,
    /// The inside of the state's fields that no move changes (seats, presence, watchers…),
    /// as written at the last publication that was not a move; empty until the first.
    /// Whatever changes them publishes with `publish`, which writes them anew.
    head: String,
    /// The number of the last publication.
    published: u64,
    owner: Arc<AtomicBool>,
    thinking: bool,
    /// The room could not be read again after a failed store: the task ends.
    broken: bool,
    ai_tx: mpsc::Sender<AiResult>,
}

impl Ctx {
    /// Tells the other processes about a new room that starts at once.
    pub async fn notify_new(&self, room: &str) {
        self.notify(room).await;
    }

    /// Tells the other processes that room `room` changed outside its task (a player
    /// renamed in its seats).
    pub async fn notify_changed(&self, room: &str) {
        self.notify(room).await;
    }

    async fn notify(&self, room: &str) {
        if self.clustered
            && let Err(e) = self.store.notify(room).await
        {
            tracing::warn!(room, "notify failed: {e}");
        }
    }

    /// Sends `event` to the other processes serving room `room` (queued: the caller does
    /// not wait; a room's events leave in the order it sent them).
    fn notify_event(self: &Arc<Self>, room: &str, event: Value) {
        self.presence
            .push(Outgoing::Event(room.to_string(), event.to_string()));
    }

    fn store_presence(&self, room: &str, player: &str, present: bool) {
        self.presence.push(Outgoing::Presence(
            room.to_string(),
            player.to_string(),
            present,
        ));
    }
}
