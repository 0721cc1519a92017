//! The registry of live rooms ([`Rooms`]): finding, loading and spawning a room's task, and
//! sending it commands.

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

use axum::extract::ws::Utf8Bytes;
use serde_json::Value;
use tokio::sync::{broadcast, mpsc, watch};

use super::chat::CHAT_HISTORY;
use super::replay::{clock_of, replay};
use super::{Cmd, Ctx, Published, Room, Summary};
use crate::batch::Batcher;
use crate::engine::Channel;
use crate::offers::Offers;
use crate::store::{RoomMark, StoreError, StoredRoom};
use crate::util::now_ms;

/// A handle on a live room's task.
#[derive(Clone)]
pub struct RoomHandle {
    tx: mpsc::Sender<Cmd>,
    state: watch::Receiver<Arc<Published>>,
    /// Set while this process owns the room (timers, computer moves).
    pub owner: Arc<AtomicBool>,
    /// The lobby's line for this game while it is being played (`None` otherwise).
    pub summary: Arc<Mutex<Option<Summary>>>,
}

/// Every live room of this process.
pub struct Rooms {
    /// Shared context.
    pub ctx: Arc<Ctx>,
    map: Mutex<HashMap<String, RoomHandle>>,
    /// Rooms being loaded: one load per room however many ask, rooms asked for together
    /// read together.
    loads: Arc<Batcher<String, Loaded, StoreError>>,
}

/// A room's handle once loaded, or why that room could not be.
type Loaded = Result<RoomHandle, StoreError>;

/// Rooms read from the store in one batch at most.
const LOAD_BATCH: usize = 64;
/// Batches of rooms read at once (of the store's 16 connections).
const LOADS_AT_ONCE: usize = 4;

impl RoomHandle {
    /// The room's latest state message.
    pub fn state(&self) -> Arc<str> {
        Arc::from(&*self.state.borrow().full)
    }
}

impl Rooms {
    /// An empty registry.
    pub fn new(ctx: Arc<Ctx>) -> Arc<Rooms> {
        Arc::new(Rooms {
            ctx,
            map: Mutex::new(HashMap::new()),
            loads: Batcher::new(LOADS_AT_ONCE, LOAD_BATCH),
        })
    }

    /// The lobby's games in progress loaded here: up to `limit`, most watched first, then
    /// newest.
    pub fn games(&self, limit: usize) -> Vec<Value> {
        let handles: Vec<RoomHandle> = {
            let map = self.map.lock().unwrap_or_else(|e| e.into_inner());
            map.values().cloned().collect()
        };
        let mut games: Vec<Summary> = handles
            .iter()
            .filter_map(|h| h.summary.lock().unwrap_or_else(|e| e.into_inner()).clone())
            .collect();
        games.sort_by(|a, b| b.watchers.cmp(&a.watchers).then(b.started.cmp(&a.started)));
        games
            .into_iter()
            .take(limit)
            .map(|g| {
                let mut line = g.line;
                line["ply"] = g.ply.into();
                line
            })
            .collect()
    }

    /// Ids of the rooms loaded in this process.
    pub fn loaded(&self) -> Vec<(String, Arc<AtomicBool>)> {
        let map = self.map.lock().unwrap_or_else(|e| e.into_inner());
        map.iter()
            .map(|(k, v)| (k.clone(), v.owner.clone()))
            .collect()
    }

    /// Tells every room loaded here that process `process` died (its heartbeat expired):
    /// the watchers it counted are gone.
    /// `marks` holds how far the rooms loaded here went in storage, read after the death: a
    /// room whose own mark differs missed a change (the dead process stored it and died
    /// before its notification left) and reads itself again.
    pub async fn process_gone(&self, process: &str, marks: &HashMap<String, RoomMark>) {
        let handles: Vec<(String, RoomHandle)> = {
            let map = self.map.lock().unwrap_or_else(|e| e.into_inner());
            map.iter().map(|(k, h)| (k.clone(), h.clone())).collect()
        };
        for (id, h) in handles {
            let cmd = Cmd::Gone {
                process: process.to_string(),
                stored: marks.get(&id).copied(),
            };
            // A room whose task has ended has nothing to forget.
            let _ = h.tx.send(cmd).await;
        }
    }

    /// Is room `id` being read from the store right now?
    pub fn loading(&self, id: &str) -> bool {
        self.loads.pending(id)
    }

    /// The room's handle if it is loaded here.
    pub fn get_loaded(&self, id: &str) -> Option<RoomHandle> {
        let map = self.map.lock().unwrap_or_else(|e| e.into_inner());
        map.get(id).cloned()
    }

    /// The room's handle, loading it (replaying its moves) if needed; `None` if no such room.
    /// Rooms asked for at about the same time are read from the store together.
    pub async fn get(self: &Arc<Self>, id: &str) -> Result<Option<RoomHandle>, StoreError> {
        if let Some(h) = self.get_loaded(id)
            && !h.tx.is_closed()
        {
            return Ok(Some(h));
        }
        let rooms = self.clone();
        self.loads
            .get(id.to_string(), move |ids| rooms.load(ids))
            .await?
            .transpose()
    }

    /// Reads rooms `ids` from the store and starts the task of each not loaded meanwhile.
    async fn load(
        self: Arc<Self>,
        ids: Vec<String>,
    ) -> Result<HashMap<String, Loaded>, StoreError> {
        let stored = self.ctx.store.load_rooms(&ids, CHAT_HISTORY as i64).await?;
        // Replaying a batch of games is CPU work of tens of milliseconds: off the async
        // workers, which meanwhile go on accepting the other arriving sockets.
        tokio::task::spawn_blocking(move || self.start(stored))
            .await
            .map_err(|e| StoreError::new(format!("starting rooms: {e}")))
    }

    /// Starts the task of each room of `stored` not loaded meanwhile (on a blocking thread,
    /// inside the runtime).
    fn start(
        self: Arc<Self>,
        stored: Vec<(String, Result<StoredRoom, StoreError>)>,
    ) -> HashMap<String, Loaded> {
        let mut out = HashMap::new();
        for (id, room) in stored {
            let loaded = match room {
                Err(e) => Err(e),
                Ok(room) => match self.get_loaded(&id) {
                    // Loads of one room never overlap (the batcher's one lookup per key),
                    // but a task that just ended is replaced.
                    Some(h) if !h.tx.is_closed() => Ok(h),
                    _ => {
                        let owner = Arc::new(AtomicBool::new(!self.ctx.clustered));
                        spawn_room(self.clone(), room, owner).inspect(|h| {
                            let mut map = self.map.lock().unwrap_or_else(|e| e.into_inner());
                            map.insert(id.clone(), h.clone());
                        })
                    }
                },
            };
            out.insert(id, loaded);
        }
        out
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

fn spawn_room(
    rooms: Arc<Rooms>,
    stored: StoredRoom,
    owner: Arc<AtomicBool>,
) -> Result<RoomHandle, StoreError> {
    let StoredRoom {
        row,
        actions,
        chat,
        present,
    } = stored;
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
    let (state_tx, state_rx) = watch::channel(Arc::new(Published {
        seq: 0,
        full: Utf8Bytes::from_static(""),
        moved: None,
    }));
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
        .filter(|(p, _)| !present.contains(p))
        .collect();
    let mut room = Room {
        ctx: rooms.ctx.clone(),
        row,
        g,
        clock,
        offers: Offers::new(),
        offers_sent: Offers::new(),
        offers_v: 0,
        remote_watchers: HashMap::new(),
        watchers_sent: (0, 0),
        conns: HashMap::new(),
        away,
        remote: present,
        ever: HashSet::new(),
        watchers: 0,
        chat,
        chat_seq,
        chat_tx,
        chat_times: HashMap::new(),
        state_tx,
        head: String::new(),
        published: 0,
        summary: summary.clone(),
        owner: owner.clone(),
        thinking: false,
        broken: false,
        ai_tx,
    };
    room.publish();
    room.ask_others();
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
