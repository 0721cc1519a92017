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

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{Value, json};
use tokio::sync::{broadcast, mpsc, oneshot, watch};
use tokio::time::Instant;

use crate::clock::{ClockError, ClockEvent, Expiry, GameClock};
use crate::config::Config;
use crate::engine::{Action, Channel, Engine};
use crate::offers::{Agreement, OfferKind, Offers, Outcome, View, reseat, resign_is_abort};
use crate::refusal::Refusal;
use crate::store::{
    ActionRow, Commit, CommitOutcome, EndRecord, PlayerRef, RoomExtra, RoomRow, SeatRow, Store,
    StoreError,
};
use crate::util::{now_ms, random_id};

/// Longest chat line, in characters.
pub const CHAT_MAX_CHARS: usize = 200;
/// Chat lines one person may say per [`CHAT_WINDOW_MS`].
pub const CHAT_LINES: usize = 3;
/// The chat rate window.
pub const CHAT_WINDOW_MS: i64 = 5_000;
/// Chat lines kept in memory and sent on connect.
pub const CHAT_HISTORY: usize = 100;

/// One chat line as sockets receive it: its JSON, and whether the players may read it now
/// (a watchers' line said while the game goes on is not for them).
#[derive(Clone, Debug)]
pub struct ChatOut {
    /// The line's JSON object.
    pub line: Arc<str>,
    /// May a seated player read it?
    pub for_players: bool,
}

/// What a socket gets when it connects.
pub struct Joined {
    /// The first state (with `you`).
    pub first: String,
    /// The chat lines it may read, as one `chat` message.
    pub history: String,
    /// Does the socket's player have a seat?
    pub seated: bool,
    /// The state channel.
    pub state: watch::Receiver<Arc<str>>,
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
}

/// A handle on a live room's task.
#[derive(Clone)]
pub struct RoomHandle {
    tx: mpsc::Sender<Cmd>,
    state: watch::Receiver<Arc<str>>,
    /// Set while this process owns the room (timers, computer moves).
    pub owner: Arc<AtomicBool>,
    /// The lobby's line for this game while it is being played (`None` otherwise).
    pub summary: Arc<Mutex<Option<(u32, i64, Value)>>>,
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

    /// The lobby's games in progress loaded here: up to `limit`, most watched first, then
    /// newest.
    pub fn games(&self, limit: usize) -> Vec<Value> {
        let handles: Vec<RoomHandle> = {
            let map = self.map.lock().unwrap_or_else(|e| e.into_inner());
            map.values().cloned().collect()
        };
        let mut games: Vec<(u32, i64, Value)> = handles
            .iter()
            .filter_map(|h| h.summary.lock().unwrap_or_else(|e| e.into_inner()).clone())
            .collect();
        games.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)));
        games.into_iter().take(limit).map(|g| g.2).collect()
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
        let chat = self.ctx.store.chat(id, CHAT_HISTORY as i64).await?;
        let mut map = self.map.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(h) = map.get(id)
            && !h.tx.is_closed()
        {
            return Ok(Some(h.clone()));
        }
        let owner = Arc::new(AtomicBool::new(!self.ctx.clustered));
        let h = spawn_room(self.clone(), row, actions, chat, owner)?;
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
    fn apply(&mut self, a: &ActionRow) -> Result<(), String> {
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
    fn follow(&mut self, seat: usize, action: &Action, at: i64) -> Result<Action, Refusal> {
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
fn clock_of(row: &RoomRow, events: &[ClockEvent]) -> Option<GameClock> {
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

fn spawn_room(
    rooms: Arc<Rooms>,
    row: RoomRow,
    actions: Vec<ActionRow>,
    chat: Vec<(i64, String)>,
    owner: Arc<AtomicBool>,
) -> Result<RoomHandle, StoreError> {
    let g = replay(&row, &actions)?;
    let clock = clock_of(&row, &g.events);
    let chat_seq = chat.last().map_or(0, |(seq, _)| seq + 1);
    let chat: VecDeque<(Channel, i64, Arc<str>)> = chat
        .into_iter()
        .filter_map(|(_, line)| {
            let v: Value = serde_json::from_str(&line).ok()?;
            let channel = serde_json::from_value(v["channel"].clone()).ok()?;
            Some((channel, v["at"].as_i64().unwrap_or(0), Arc::from(line)))
        })
        .collect();
    let (chat_tx, _) = broadcast::channel(64);
    let summary = Arc::new(Mutex::new(None));
    let (tx, rx) = mpsc::channel(256);
    let (state_tx, state_rx) = watch::channel(Arc::<str>::from(""));
    let (ai_tx, ai_rx) = mpsc::channel(4);
    let now = now_ms();
    // Everyone seated counts as away from the moment the room is loaded: after a restart
    // players get the full grace period to come back.
    // A waiting room's idle time (R12.5) counts from its creation, or from the server's
    // start for a room created before (its players may have been connected until then).
    let since = if row.status == "waiting" {
        row.created.max(crate::util::boot_ms()).min(now)
    } else {
        now
    };
    let away = row
        .seats
        .iter()
        .filter_map(|s| s.player.as_ref().map(|p| (p.id.clone(), since)))
        .collect();
    let mut room = Room {
        ctx: rooms.ctx.clone(),
        row,
        g,
        clock,
        offers: Offers::new(),
        conns: HashMap::new(),
        away,
        remote: HashSet::new(),
        ever: HashSet::new(),
        watchers: 0,
        chat,
        chat_seq,
        chat_tx,
        chat_times: HashMap::new(),
        state_tx,
        summary: summary.clone(),
        owner: owner.clone(),
        thinking: false,
        ai_tx,
    };
    room.publish();
    let handle = RoomHandle {
        tx,
        state: state_rx,
        owner,
        summary,
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
    /// The game, its movers, clock events and next storage key.
    g: Replayed,
    /// The game clock (R11), once a game with a time control has started.
    clock: Option<GameClock>,
    /// Open offers (R12).
    offers: Offers,
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
    summary: Arc<Mutex<Option<(u32, i64, Value)>>>,
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
            let finished = self.row.status == "over" || self.row.status == "cancelled";
            if finished && self.conns.is_empty() && self.watchers == 0 && !self.thinking {
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

    /// The chat lines a reader may see: everything for watchers; for players, the players'
    /// channel, and the watchers' once the game is over.
    fn chat_history(&self, seated: bool) -> String {
        let over = self.g.engine.is_over() || self.row.status != "playing";
        let lines: Vec<&str> = self
            .chat
            .iter()
            .filter(|(ch, _, _)| !seated || *ch == Channel::Players || over)
            .map(|(_, _, l)| &**l)
            .collect();
        format!(r#"{{"type":"chat","lines":[{}]}}"#, lines.join(","))
    }

    async fn handle(&mut self, cmd: Cmd) {
        match cmd {
            Cmd::Connect { player, reply } => {
                let seated = player
                    .as_ref()
                    .is_some_and(|p| self.seat_of(&p.id).is_some());
                if let Some(p) = &player {
                    let n = self.conns.entry(p.id.clone()).or_insert(0);
                    *n += 1;
                    let first = *n == 1;
                    self.away.remove(&p.id);
                    self.ever.insert(p.id.clone());
                    if first && seated {
                        self.ctx.store_presence(&self.row.id, &p.id, true).await;
                    }
                }
                if !seated {
                    self.watchers += 1;
                }
                self.publish();
                let you = player.as_ref().map(|p| {
                    json!({"player": p, "seat": self.seat_of(&p.id).map(|s| self.seat_name(s))})
                });
                let mut state: Value =
                    serde_json::from_str(&self.state_tx.borrow()).unwrap_or(Value::Null);
                state["you"] = you.unwrap_or(Value::Null);
                let _ = reply.send(Joined {
                    first: state.to_string(),
                    history: self.chat_history(seated),
                    seated,
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
                            self.ctx.store_presence(&self.row.id, &p.id, false).await;
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
            Cmd::Cancel { player, reply } => {
                let r = self.cancel(Some(&player)).await;
                let _ = reply.send(r);
            }
        }
    }

    /// Cancels the waiting room: by its creator (`Some`), or for idleness (`None`, R12.5).
    async fn cancel(&mut self, by: Option<&PlayerRef>) -> Result<(), &'static str> {
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

    /// What the offers see of the room now.
    fn view_parts(&self) -> (Vec<bool>, Vec<bool>) {
        let persons = self.row.seats.iter().map(|s| s.player.is_some()).collect();
        (persons, self.g.engine.active_seats())
    }

    async fn act(&mut self, player: &PlayerRef, action: Action) -> Result<(), Refusal> {
        let refuse = |code: &'static str, message: &str| {
            Err(Refusal {
                code,
                message: message.to_string(),
            })
        };
        if let Action::Chat { text, channel } = action {
            return self.say(player, text, channel).await;
        }
        if self.row.status == "cancelled" {
            return refuse("cancelled", "the room was cancelled");
        }
        let seat = self.seat_of(&player.id);
        if seat.is_some() && self.row.status == "waiting" {
            return refuse("not-started", "the game starts when every seat is taken");
        }
        let (persons, active) = self.view_parts();
        let view = View {
            over: self.g.engine.is_over(),
            rated: self.row.rated,
            persons: &persons,
            active: &active,
            movers: &self.g.movers,
        };
        match action {
            Action::Offer { offer } | Action::Answer { offer, .. } => {
                if seat.is_some()
                    && offer == OfferKind::Rematch
                    && view.over
                    && self.row.extra.rematch.is_some()
                {
                    return refuse("no-offer", "the rematch has already been agreed");
                }
                let asker = self
                    .offers
                    .open()
                    .iter()
                    .find(|o| o.offer == OfferKind::Takeback)
                    .map(|o| o.by)
                    .or(seat);
                let outcome = match action {
                    Action::Answer { accept, .. } => {
                        self.offers.answer(seat, offer, accept, &view)?
                    }
                    _ => {
                        if offer == OfferKind::Rematch && view.over && seat.is_some() {
                            let gone = self.row.seats.iter().any(|s| {
                                s.player
                                    .as_ref()
                                    .is_some_and(|p| self.is_away(&p.id).is_some())
                            });
                            if gone {
                                return refuse("left", "a player has left the room");
                            }
                        }
                        self.offers.offer(seat, offer, &view)?
                    }
                };
                match outcome {
                    Outcome::Pending | Outcome::Declined => {
                        self.publish();
                        Ok(())
                    }
                    Outcome::Agreed(Agreement::Draw) => {
                        self.commit(seat.unwrap_or(0), Action::AgreeDraw).await
                    }
                    Outcome::Agreed(Agreement::Takeback { plies }) => {
                        self.commit(asker.unwrap_or(0), Action::Takeback { plies })
                            .await
                    }
                    Outcome::Agreed(Agreement::Rematch { .. }) => self.rematch().await,
                }
            }
            Action::Abort => {
                self.offers.abort(seat, &view)?;
                self.commit(seat.unwrap_or(0), Action::Abort).await
            }
            action => {
                let Some(seat) = seat else {
                    return refuse("not-seated", "you have no seat in this room");
                };
                if view.over {
                    // R11.5: the flag stands; a move that comes after it says so.
                    if matches!(action, Action::Move { .. })
                        && self.g.engine.flagged() == Some(seat)
                    {
                        return refuse("flagged", "your time ran out before the move arrived");
                    }
                    return refuse("game-over", "the game is over");
                }
                // R12.3: resigning before every seat has made a first move aborts.
                if action == Action::Resign && resign_is_abort(&view) {
                    self.offers.abort(Some(seat), &view)?;
                    return self.commit(seat, Action::Abort).await;
                }
                self.commit(seat, action).await
            }
        }
    }

    /// A chat line from `player` (R12's chat): checked, stored, then sent to the readers.
    async fn say(
        &mut self,
        player: &PlayerRef,
        text: String,
        channel: Option<Channel>,
    ) -> Result<(), Refusal> {
        let refuse = |code: &'static str, message: &str| {
            Err(Refusal {
                code,
                message: message.to_string(),
            })
        };
        let seat = self.seat_of(&player.id);
        let own = if seat.is_some() {
            Channel::Players
        } else {
            Channel::Watchers
        };
        let channel = channel.unwrap_or(own);
        if channel != own {
            return match own {
                Channel::Players => refuse("not-allowed", "players chat in the players' channel"),
                Channel::Watchers => refuse("not-seated", "only players chat in that channel"),
            };
        }
        let text = text.trim();
        if text.is_empty() || text.chars().any(char::is_control) {
            return refuse(
                "bad-message",
                "a chat line is text without control characters",
            );
        }
        if text.chars().count() > CHAT_MAX_CHARS {
            return refuse("chat-too-long", "a chat line is at most 200 characters");
        }
        let now = now_ms();
        let times = self.chat_times.entry(player.id.clone()).or_default();
        while times.front().is_some_and(|&t| t <= now - CHAT_WINDOW_MS) {
            times.pop_front();
        }
        if times.len() >= CHAT_LINES {
            return refuse("rate-limited", "at most 3 chat lines in 5 seconds");
        }
        times.push_back(now);
        let line = json!({
            "channel": channel,
            "seat": seat.map(|s| self.seat_name(s)),
            "player": player,
            "text": text,
            "at": now,
        })
        .to_string();
        let seq = self.chat_seq;
        if let Err(e) = self.ctx.store.add_chat(&self.row.id, seq, now, &line).await {
            tracing::error!(room = %self.row.id, "storing a chat line failed: {e}");
            return refuse("internal", "the line could not be stored; try again");
        }
        self.chat_seq += 1;
        let line: Arc<str> = Arc::from(line);
        self.chat.push_back((channel, now, line.clone()));
        while self.chat.len() > CHAT_HISTORY {
            self.chat.pop_front();
        }
        let playing = !self.g.engine.is_over() && self.row.status == "playing";
        let _ = self.chat_tx.send(ChatOut {
            line,
            for_players: channel == Channel::Players || !playing,
        });
        Ok(())
    }

    /// Opens the rematch room (R12.4): same game and settings, the same people and
    /// computers one seat on, started at once.
    async fn rematch(&mut self) -> Result<(), Refusal> {
        let now = now_ms();
        let seats = reseat(&self.row.seats);
        let row = RoomRow {
            id: random_id(16),
            game: self.row.game,
            rated: self.row.rated,
            turn_seconds: self.row.turn_seconds,
            move_limit: self.row.move_limit,
            seats,
            status: "playing".into(),
            created: now,
            seed: crate::util::random_seed(),
            deadline: (self.row.turn_seconds > 0).then(|| now + self.turn_ms()),
            result: None,
            version: 0,
            extra: RoomExtra {
                clock: self.row.extra.clock,
                started: Some(now),
                creator: self.row.extra.creator.clone(),
                rematch: None,
            },
        };
        let internal = |e: StoreError| {
            tracing::error!("opening a rematch failed: {e}");
            Refusal {
                code: "internal",
                message: "the rematch could not be opened; try again".into(),
            }
        };
        self.ctx.store.create_room(&row).await.map_err(internal)?;
        let mut extra = self.row.extra.clone();
        extra.rematch = Some(row.id.clone());
        let stored = self
            .ctx
            .store
            .update_room(
                &self.row.id,
                &self.row.seats,
                &self.row.status,
                self.row.deadline,
                &extra,
                self.row.version,
            )
            .await
            .map_err(internal)?;
        if stored {
            self.row.extra = extra;
            self.row.version += 1;
        }
        self.publish();
        self.ctx.notify(&self.row.id).await;
        self.ctx.notify_new(&row.id).await;
        Ok(())
    }

    /// Checks `seat`'s `action` with the clock and the engine, stores it, then publishes
    /// the new state. A move that arrives after its mover's time ran out is refused
    /// (`flagged`, or `aborted` for a first move) and the flag is carried out (R11.5).
    async fn commit(&mut self, seat: usize, action: Action) -> Result<(), Refusal> {
        let now = now_ms();
        let mut clock = self.clock.clone();
        if let (Some(c), Action::Move { .. }) = (clock.as_mut(), &action)
            && self.g.engine.turn() == Some(seat)
        {
            match c.on_move(seat, now.max(0) as u64) {
                Ok(_) | Err(ClockError::NotTurn) | Err(ClockError::Stopped) => {}
                Err(ClockError::Expired(e)) => {
                    let refusal = ClockError::Expired(e).refusal();
                    if self.g.engine.ply() as i64 == action_ply(&action) {
                        self.expire(e).await;
                    }
                    return Err(refusal);
                }
            }
        }
        let mut g = Replayed {
            engine: self.g.engine.clone(),
            movers: self.g.movers.clone(),
            events: Vec::new(),
            key: self.g.key,
        };
        let stored = g.follow(seat, &action, now)?;
        // The clock follows what the engine did besides the move (players out, the end).
        if let Some(c) = clock.as_mut() {
            for e in &g.events {
                match *e {
                    ClockEvent::Out { seat, at } => c.eliminate(seat, at),
                    ClockEvent::Undo { plies, at } => {
                        c.undo(plies, at);
                    }
                    ClockEvent::Stop { at } => c.stop(at),
                    ClockEvent::Move { .. } => {}
                }
            }
        }
        let over = g.engine.is_over();
        let end = over.then(|| end_record(&self.row, &g.engine));
        let deadline = if over {
            None
        } else {
            match &clock {
                Some(c) => c.deadline().map(|d| d as i64),
                None => self.next_deadline(now),
            }
        };
        // The storage key: the ply the action was made at, and after a takeback the next
        // number (a ply can come twice then).
        let key = self.g.key.max(self.g.engine.ply() as i64);
        let c = Commit {
            room: self.row.id.clone(),
            ply: key,
            text: stored.encode(self.row.game, seat),
            at: now,
            deadline,
            end: end.clone(),
        };
        match self.ctx.store.commit(&c).await {
            Ok(CommitOutcome::Committed(_)) => {
                let mut events = std::mem::take(&mut self.g.events);
                events.extend(g.events.iter().copied());
                g.events = events;
                g.key = key + 1;
                self.g = g;
                self.clock = clock;
                match &action {
                    Action::Move { .. } => self.offers.on_move(seat),
                    Action::Takeback { .. } => {}
                    _ => {}
                }
                let (persons, active) = self.view_parts();
                for (s, a) in active.iter().enumerate() {
                    if !a && !over {
                        let view = View {
                            over,
                            rated: self.row.rated,
                            persons: &persons,
                            active: &active,
                            movers: &self.g.movers,
                        };
                        if self.offers.on_out(s, &view) == Some(Agreement::Draw) {
                            // Everyone still in had accepted: the draw stands (R12.1).
                            self.row.deadline = deadline;
                            self.row.version += 1;
                            return Box::pin(self.commit(s, Action::AgreeDraw)).await;
                        }
                    }
                }
                if over {
                    self.offers.on_over();
                }
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

    /// Carries out an expiry of the clock: a flag (R11.3–R11.4) or a first move not made
    /// in time (an abort, R11.2).
    async fn expire(&mut self, e: Expiry) {
        let action = match e {
            Expiry::Flag(_) => Action::Flag,
            Expiry::NoFirstMove(_) => Action::Abort,
        };
        if let Err(r) = Box::pin(self.commit(e.seat(), action)).await {
            tracing::warn!(room = %self.row.id, "the flag could not be stored: {}", r.message);
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
        let from = self.g.key;
        let fresh = match store.actions(&self.row.id, from).await {
            Ok(a) => a,
            Err(e) => {
                tracing::error!(room = %self.row.id, "reloading moves failed: {e}");
                return;
            }
        };
        let mut ok = true;
        let mut engine = Replayed {
            engine: self.g.engine.clone(),
            movers: self.g.movers.clone(),
            events: self.g.events.clone(),
            key: self.g.key,
        };
        for a in &fresh {
            if engine.engine.is_over() {
                break;
            }
            if engine.apply(a).is_err() {
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
        self.clock = clock_of(&row, &engine.events);
        self.g = engine;
        self.row = row;
        self.publish();
    }

    /// When the owner must act next: a computer's turn, an away player's grace ending, or
    /// the turn timer.
    /// When a waiting room with a free seat closes for idleness: the latest moment one of
    /// its players was connected, plus `--idle-minutes` (`None` while one is connected).
    fn idle_close_at(&self) -> Option<i64> {
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

    /// When the owner must act next (server ms): a computer's turn, an away player's grace
    /// ending, the turn timer, the game clock, or a waiting room's idle close.
    fn next_wake(&self) -> Option<i64> {
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

    async fn on_timer(&mut self) {
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

    async fn on_ai(&mut self, r: AiResult) {
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
            "status": self.g.engine.status_json(),
            "score": self.g.engine.score_json(),
            "last": self.g.engine.last_json(),
            "seats": seats,
            "clock": clock,
            "clocks": clocks,
            "offers": offers,
            "abortable": abortable,
            "rematch": self.row.extra.rematch,
            "watchers": self.watchers,
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
                self.watchers,
                started,
                json!({
                    "id": self.row.id, "game": self.row.game, "rated": self.row.rated,
                    "clock": self.row.extra.clock.map(|tc| json!({
                        "initial": tc.initial_ms() / 1000, "increment": tc.increment_ms() / 1000})),
                    "turnSeconds": self.row.turn_seconds, "moveLimit": self.row.move_limit,
                    "started": started, "ply": self.g.engine.ply(),
                    "watchers": self.watchers, "seats": seats,
                }),
            )
        });
        *self.summary.lock().unwrap_or_else(|e| e.into_inner()) = summary;
        self.state_tx.send_replace(Arc::from(state.to_string()));
    }
}

/// The end of `engine`'s game in room `row`, for the store: the result and, when the room
/// counts (R10.5) and the game was not aborted, the places.
fn end_record(row: &RoomRow, engine: &Engine) -> EndRecord {
    let rated = (row.rated
        && !engine.is_aborted()
        && row
            .seats
            .iter()
            .all(|s| s.player.is_some() && s.computer.is_none()))
    .then(|| {
        let places = engine.places().unwrap_or_default();
        row.seats
            .iter()
            .zip(places)
            .filter_map(|(s, p)| s.player.as_ref().map(|pl| (pl.id.clone(), p)))
            .collect()
    });
    EndRecord {
        result: engine.status_json().to_string(),
        game: row.game,
        rated,
    }
}

/// The ply a move was made at (`-1` for other actions).
fn action_ply(a: &Action) -> i64 {
    match a {
        Action::Move { ply, .. } => *ply,
        _ => -1,
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
