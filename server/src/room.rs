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

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{Value, json};
use tokio::sync::{mpsc, oneshot, watch};
use tokio::time::Instant;

use crate::config::Config;
use crate::engine::{Action, Engine, Refusal};
use crate::store::{
    ActionRow, Commit, CommitOutcome, EndRecord, PlayerRef, RoomRow, SeatRow, Store, StoreError,
};
use crate::util::now_ms;

/// What a socket or handler asks of a room.
pub enum Cmd {
    /// A socket opened; `player` is `None` for a spectator without a token.
    Connect {
        /// Who connected.
        player: Option<PlayerRef>,
        /// The state to send first (with `you`) and the state channel.
        reply: oneshot::Sender<(String, watch::Receiver<Arc<str>>)>,
    },
    /// A socket closed.
    Disconnect {
        /// Who disconnected.
        player: Option<PlayerRef>,
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
}

/// Why a join failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JoinError {
    /// Unknown seat name (400).
    BadSeat,
    /// The seat is taken or the room is full or started (409).
    Taken(&'static str),
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
}

/// A handle on a live room's task.
#[derive(Clone)]
pub struct RoomHandle {
    tx: mpsc::Sender<Cmd>,
    state: watch::Receiver<Arc<str>>,
    /// Set while this process owns the room (timers, computer moves).
    pub owner: Arc<AtomicBool>,
}

/// Every live room of this process.
pub struct Rooms {
    /// Shared context.
    pub ctx: Arc<Ctx>,
    map: Mutex<HashMap<String, RoomHandle>>,
}

impl RoomHandle {
    /// The room's latest state message.
    pub fn state(&self) -> Arc<str> {
        self.state.borrow().clone()
    }
}

impl Rooms {
    /// An empty registry.
    pub fn new(ctx: Arc<Ctx>) -> Arc<Rooms> {
        Arc::new(Rooms {
            ctx,
            map: Mutex::new(HashMap::new()),
        })
    }

    /// Ids of the rooms loaded in this process.
    pub fn loaded(&self) -> Vec<(String, Arc<AtomicBool>)> {
        let map = self.map.lock().unwrap_or_else(|e| e.into_inner());
        map.iter()
            .map(|(k, v)| (k.clone(), v.owner.clone()))
            .collect()
    }

    /// The room's handle if it is loaded here.
    pub fn get_loaded(&self, id: &str) -> Option<RoomHandle> {
        let map = self.map.lock().unwrap_or_else(|e| e.into_inner());
        map.get(id).cloned()
    }

    /// The room's handle, loading it (replaying its moves) if needed; `None` if no such room.
    pub async fn get(self: &Arc<Self>, id: &str) -> Result<Option<RoomHandle>, StoreError> {
        if let Some(h) = self.get_loaded(id)
            && !h.tx.is_closed()
        {
            return Ok(Some(h));
        }
        let Some(row) = self.ctx.store.load_room(id).await? else {
            return Ok(None);
        };
        let actions = self.ctx.store.actions(id, 0).await?;
        let mut map = self.map.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(h) = map.get(id)
            && !h.tx.is_closed()
        {
            return Ok(Some(h.clone()));
        }
        let owner = Arc::new(AtomicBool::new(!self.ctx.clustered));
        let h = spawn_room(self.clone(), row, actions, owner)?;
        map.insert(id.to_string(), h.clone());
        Ok(Some(h))
    }

    /// Sends `cmd` to room `id`, loading it if needed; `false` if there is no such room.
    pub async fn send(self: &Arc<Self>, id: &str, mut cmd: Cmd) -> Result<bool, StoreError> {
        // A room whose task just ended (game over, nobody left) is loaded again once.
        for _ in 0..2 {
            let Some(h) = self.get(id).await? else {
                return Ok(false);
            };
            match h.tx.send(cmd).await {
                Ok(()) => return Ok(true),
                Err(mpsc::error::SendError(c)) => {
                    cmd = c;
                    self.forget(id, &h);
                }
            }
        }
        Err(StoreError::new("the room's task keeps ending"))
    }

    fn forget(&self, id: &str, h: &RoomHandle) {
        let mut map = self.map.lock().unwrap_or_else(|e| e.into_inner());
        if map.get(id).is_some_and(|x| x.tx.same_channel(&h.tx)) {
            map.remove(id);
        }
    }
}

/// Rebuilds a game from its stored actions.
pub fn replay(row: &RoomRow, actions: &[ActionRow]) -> Result<Engine, StoreError> {
    let mut engine = Engine::new(row.game, row.seed as u64, row.move_limit.map(|m| m as u32));
    for a in actions {
        apply_stored(&mut engine, a)
            .map_err(|e| StoreError::new(format!("room {}: {e}", row.id)))?;
    }
    Ok(engine)
}

fn apply_stored(engine: &mut Engine, a: &ActionRow) -> Result<(), String> {
    if a.ply != engine.ply() as i64 {
        return Err(format!(
            "stored ply {} does not follow ply {}",
            a.ply,
            engine.ply()
        ));
    }
    let (seat, action) = Action::decode(engine.kind(), &a.text, a.ply)
        .ok_or_else(|| format!("unreadable stored action {:?}", a.text))?;
    engine
        .apply(seat, &action)
        .map(|_| ())
        .map_err(|r| format!("stored action {:?} at ply {}: {}", a.text, a.ply, r.message))
}

fn spawn_room(
    rooms: Arc<Rooms>,
    row: RoomRow,
    actions: Vec<ActionRow>,
    owner: Arc<AtomicBool>,
) -> Result<RoomHandle, StoreError> {
    let engine = replay(&row, &actions)?;
    let (tx, rx) = mpsc::channel(256);
    let (state_tx, state_rx) = watch::channel(Arc::<str>::from(""));
    let (ai_tx, ai_rx) = mpsc::channel(4);
    let now = now_ms();
    // Everyone seated counts as away from the moment the room is loaded: after a restart
    // players get the full grace period to come back.
    let away = row
        .seats
        .iter()
        .filter_map(|s| s.player.as_ref().map(|p| (p.id.clone(), now)))
        .collect();
    let mut room = Room {
        ctx: rooms.ctx.clone(),
        row,
        engine,
        conns: HashMap::new(),
        away,
        remote: HashSet::new(),
        state_tx,
        owner: owner.clone(),
        thinking: false,
        ai_tx,
    };
    room.publish();
    let handle = RoomHandle {
        tx,
        state: state_rx,
        owner,
    };
    let h2 = handle.clone();
    tokio::spawn(async move {
        let id = room.row.id.clone();
        room.run(rx, ai_rx).await;
        rooms.forget(&id, &h2);
    });
    Ok(handle)
}

struct AiResult {
    ply: usize,
    seat: usize,
    mv: Result<String, Refusal>,
}

struct Room {
    ctx: Arc<Ctx>,
    row: RoomRow,
    engine: Engine,
    /// Open sockets per player id on this process.
    conns: HashMap<String, u32>,
    /// Since when each seated player without a socket has been away (ms).
    away: HashMap<String, i64>,
    /// Players with a socket on another process (PostgreSQL presence).
    remote: HashSet<String>,
    state_tx: watch::Sender<Arc<str>>,
    owner: Arc<AtomicBool>,
    thinking: bool,
    ai_tx: mpsc::Sender<AiResult>,
}

impl Room {
    async fn run(&mut self, mut rx: mpsc::Receiver<Cmd>, mut ai_rx: mpsc::Receiver<AiResult>) {
        // While nobody is connected and nothing is pending, the task checks now and then
        // whether it can end (game over) so finished rooms do not stay in memory.
        loop {
            let wake = self.next_wake();
            let idle_check = Instant::now() + Duration::from_secs(5);
            tokio::select! {
                cmd = rx.recv() => match cmd {
                    None => return,
                    Some(cmd) => self.handle(cmd).await,
                },
                Some(r) = ai_rx.recv() => self.on_ai(r).await,
                _ = tokio::time::sleep_until(wake.unwrap_or(idle_check)) => {
                    if wake.is_some() {
                        self.on_timer().await;
                    }
                }
            }
            if self.row.status == "over" && self.conns.is_empty() && !self.thinking {
                return;
            }
        }
    }

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

    async fn handle(&mut self, cmd: Cmd) {
        match cmd {
            Cmd::Connect { player, reply } => {
                if let Some(p) = &player {
                    let n = self.conns.entry(p.id.clone()).or_insert(0);
                    *n += 1;
                    let first = *n == 1;
                    self.away.remove(&p.id);
                    if first && self.seat_of(&p.id).is_some() {
                        self.publish();
                        self.ctx.store_presence(&self.row.id, &p.id, true).await;
                    }
                }
                let you = player.as_ref().map(|p| {
                    json!({"player": p, "seat": self.seat_of(&p.id).map(|s| self.seat_name(s))})
                });
                let mut state: Value =
                    serde_json::from_str(&self.state_tx.borrow()).unwrap_or(Value::Null);
                state["you"] = you.unwrap_or(Value::Null);
                let _ = reply.send((state.to_string(), self.state_tx.subscribe()));
            }
            Cmd::Disconnect { player } => {
                if let Some(p) = player
                    && let Some(n) = self.conns.get_mut(&p.id)
                {
                    *n -= 1;
                    if *n == 0 {
                        self.conns.remove(&p.id);
                        self.away.insert(p.id.clone(), now_ms());
                        if self.seat_of(&p.id).is_some() {
                            self.publish();
                            self.ctx.store_presence(&self.row.id, &p.id, false).await;
                        }
                    }
                }
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
        }
    }

    async fn act(&mut self, player: &PlayerRef, action: Action) -> Result<(), Refusal> {
        let refuse = |code: &'static str, message: &str| {
            Err(Refusal {
                code,
                message: message.to_string(),
            })
        };
        let Some(seat) = self.seat_of(&player.id) else {
            return refuse("not-seated", "you have no seat in this room");
        };
        if self.row.status == "waiting" {
            return refuse("not-started", "the game starts when every seat is taken");
        }
        if self.engine.is_over() {
            return refuse("game-over", "the game is over");
        }
        self.commit(seat, action).await
    }

    /// Checks `seat`'s `action` with the engine, stores it, then publishes the new state.
    async fn commit(&mut self, seat: usize, action: Action) -> Result<(), Refusal> {
        let ply = self.engine.ply();
        let stored = self.engine.apply(seat, &action)?;
        let now = now_ms();
        let over = self.engine.is_over();
        let end = over.then(|| self.end_record());
        let deadline = if over { None } else { self.next_deadline(now) };
        let c = Commit {
            room: self.row.id.clone(),
            ply: ply as i64,
            text: stored.encode(self.row.game, seat),
            at: now,
            deadline,
            end: end.clone(),
        };
        match self.ctx.store.commit(&c).await {
            Ok(CommitOutcome::Committed(_)) => {
                self.row.deadline = deadline;
                self.row.version += 1;
                if let Some(end) = end {
                    self.row.status = "over".into();
                    self.row.result = Some(end.result);
                }
                self.publish();
                self.ctx.notify(&self.row.id).await;
                Ok(())
            }
            Ok(CommitOutcome::Conflict) => {
                self.reload().await;
                Err(Refusal {
                    code: "stale-ply",
                    message: "another action was stored at this ply first".into(),
                })
            }
            Err(e) => {
                tracing::error!(room = %self.row.id, "storing an action failed: {e}");
                self.reload().await;
                Err(Refusal {
                    code: "internal",
                    message: "the move could not be stored; try again".into(),
                })
            }
        }
    }

    fn end_record(&self) -> EndRecord {
        let rated = (self.row.rated
            && self
                .row
                .seats
                .iter()
                .all(|s| s.player.is_some() && s.computer.is_none()))
        .then(|| {
            let places = self.engine.places().unwrap_or_default();
            self.row
                .seats
                .iter()
                .zip(places)
                .filter_map(|(s, p)| s.player.as_ref().map(|pl| (pl.id.clone(), p)))
                .collect()
        });
        EndRecord {
            result: self.engine.status_json().to_string(),
            game: self.row.game,
            rated,
        }
    }

    fn turn_ms(&self) -> i64 {
        self.row.turn_seconds * self.ctx.cfg.turn_ms_per_second as i64
    }

    fn next_deadline(&self, now: i64) -> Option<i64> {
        (self.row.turn_seconds > 0 && self.row.status != "waiting").then(|| now + self.turn_ms())
    }

    async fn join(&mut self, player: &PlayerRef, seat: Option<&str>) -> Result<usize, JoinError> {
        for _attempt in 0..3 {
            if let Some(s) = self.seat_of(&player.id) {
                return Ok(s);
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
            let status = if full { "playing" } else { "waiting" };
            let deadline = (full && self.row.turn_seconds > 0).then(|| now_ms() + self.turn_ms());
            match self
                .ctx
                .store
                .update_room(&self.row.id, &seats, status, deadline, self.row.version)
                .await
            {
                Ok(true) => {
                    self.row.seats = seats;
                    self.row.status = status.into();
                    self.row.deadline = deadline;
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

    /// Reads the room again after another process changed it: the row, new actions, and
    /// presence. Falls back to a full replay if the stored record does not continue ours.
    async fn reload(&mut self) {
        let store = self.ctx.store.clone();
        let row = match store.load_room(&self.row.id).await {
            Ok(Some(r)) => r,
            Ok(None) => return,
            Err(e) => {
                tracing::error!(room = %self.row.id, "reloading failed: {e}");
                return;
            }
        };
        let from = self.engine.ply() as i64;
        let fresh = match store.actions(&self.row.id, from).await {
            Ok(a) => a,
            Err(e) => {
                tracing::error!(room = %self.row.id, "reloading moves failed: {e}");
                return;
            }
        };
        let mut ok = true;
        let mut engine = self.engine.clone();
        for a in &fresh {
            if engine.is_over() {
                break;
            }
            if apply_stored(&mut engine, a).is_err() {
                ok = false;
                break;
            }
        }
        if !ok {
            match store
                .actions(&self.row.id, 0)
                .await
                .map(|all| replay(&row, &all))
            {
                Ok(Ok(e)) => engine = e,
                Ok(Err(e)) | Err(e) => {
                    tracing::error!(room = %self.row.id, "replaying failed: {e}");
                    return;
                }
            }
        }
        for s in &row.seats {
            if let Some(p) = &s.player
                && !self.away.contains_key(&p.id)
                && !self.conns.contains_key(&p.id)
            {
                self.away.insert(p.id.clone(), now_ms());
            }
        }
        if self.ctx.clustered
            && let Ok(present) = store.remote_presence(&self.row.id).await
        {
            let now = now_ms();
            for gone in self.remote.difference(&present) {
                if !self.conns.contains_key(gone) {
                    self.away.insert(gone.clone(), now);
                }
            }
            for p in &present {
                self.away.remove(p);
            }
            self.remote = present;
        }
        self.engine = engine;
        self.row = row;
        self.publish();
    }

    /// When the owner must act next: a computer's turn, an away player's grace ending, or
    /// the turn timer.
    fn next_wake(&self) -> Option<Instant> {
        if !self.owner.load(Ordering::Relaxed) || self.thinking || self.row.status != "playing" {
            return None;
        }
        let seat = self.engine.turn()?;
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
        if let Some(d) = self.row.deadline {
            at = Some(at.map_or(d, |a| a.min(d)));
        }
        let at = at?;
        Some(Instant::now() + Duration::from_millis((at - now).max(0) as u64))
    }

    async fn on_timer(&mut self) {
        if !self.owner.load(Ordering::Relaxed) || self.thinking || self.row.status != "playing" {
            return;
        }
        let Some(seat) = self.engine.turn() else {
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
        let timed_out = self.row.deadline.is_some_and(|d| now >= d);
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
        let engine = self.engine.clone();
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

    async fn on_ai(&mut self, r: AiResult) {
        self.thinking = false;
        if self.engine.ply() != r.ply || self.engine.turn() != Some(r.seat) {
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

    /// The name of seat `i` (table order): `"white"`, `"red"`…
    fn seat_name(&self, i: usize) -> &'static str {
        self.row.game.players().get(i).map_or("?", |p| p.name())
    }

    /// Publishes the room's state to every socket.
    fn publish(&mut self) {
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
        let clock = match (self.row.deadline, self.engine.turn()) {
            (Some(d), Some(t)) if self.row.status == "playing" => {
                json!({"turn": self.seat_name(t), "deadline": d, "now": now})
            }
            _ => Value::Null,
        };
        let state = json!({
            "type": "state",
            "room": self.row.id,
            "game": self.row.game,
            "rated": self.row.rated,
            "turnSeconds": self.row.turn_seconds,
            "moveLimit": self.row.move_limit,
            "roomStatus": self.row.status,
            "ply": self.engine.ply(),
            "moves": self.engine.moves(),
            "san": self.engine.san(),
            "fen": self.engine.fen(),
            "status": self.engine.status_json(),
            "score": self.engine.score_json(),
            "last": self.engine.last_json(),
            "seats": seats,
            "clock": clock,
            // How long an away seat is kept before the computer plays for it, and the
            // server's time: a page counts the grace period down against them.
            "awaySeconds": self.ctx.cfg.away_seconds,
            "now": now,
        });
        self.state_tx.send_replace(Arc::from(state.to_string()));
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

impl Ctx {
    /// Tells the other processes about a new room that starts at once.
    pub async fn notify_new(&self, room: &str) {
        self.notify(room).await;
    }

    async fn notify(&self, room: &str) {
        if self.clustered
            && let Err(e) = self.store.notify(room).await
        {
            tracing::warn!(room, "notify failed: {e}");
        }
    }

    async fn store_presence(&self, room: &str, player: &str, present: bool) {
        if self.clustered
            && let Err(e) = self.store.set_presence(room, player, present).await
        {
            tracing::warn!(room, "presence update failed: {e}");
        }
    }
}
