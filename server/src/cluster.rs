//! Several processes on one PostgreSQL database.
//!
//! * Changes: every commit or seat change sends `NOTIFY tablero, '<process> <room>'`. A
//!   dedicated connection LISTENs; a process with that room loaded (someone watches it
//!   there, or it owns it) reloads the room from the tables and republishes its state. A
//!   presence change (`'<process> <room> presence'`) only re-reads who is connected.
//! * Ownership: every `lease_seconds / 4` each process renews its heartbeat and its room
//!   leases and takes the lease of any unfinished room whose lease expired, whose holder
//!   died (its LISTEN connection is gone from PostgreSQL: known at once after a kill, not
//!   a lease period later) or that has none. Only the lease holder runs the room's timers
//!   and computer moves. The heartbeat also carries the process's socket count, which the
//!   lobby's `online` adds up over the live processes.
//!   Moves from players are accepted by whichever process their socket is on: checked with
//!   the engine there, stored under the `(room, ply)` key (a concurrent move at the same ply
//!   loses and is refused as `stale-ply`), then notified.
//! * What is not in the tables travels in the notification itself, as
//!   `'<process> <room> <event JSON>'` (see `room/remote.rs`): the open offers, each chat
//!   line (stored too, for later readers), and each process's count of watchers, so that
//!   players and watchers of one room on different processes see the same room.

use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use futures_util::StreamExt;
use tokio_postgres::{AsyncMessage, NoTls};

use crate::room::{Cmd, Rooms};
use crate::store::postgres::{CHANNEL, PRESENCE, PgStore};

/// Starts the listener and the lease rounds.
pub async fn start(
    rooms: Arc<Rooms>,
    store: Arc<PgStore>,
    url: String,
) -> Result<(), Box<dyn std::error::Error>> {
    let pid = listen(rooms.clone(), store.me.clone(), url).await?;
    store.set_listen_pid(pid);
    let seconds = rooms.ctx.cfg.lease_seconds;
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(Duration::from_secs_f64(seconds / 4.0));
        let mut count = tokio::time::interval(ONLINE_EVERY);
        let mut live: HashSet<String> = HashSet::new();
        // The socket count the heartbeat row holds.
        let mut published = -1;
        loop {
            let online = tokio::select! {
                _ = tick.tick() => rooms.ctx.online.load(Ordering::Relaxed),
                _ = count.tick() => {
                    let online = rooms.ctx.online.load(Ordering::Relaxed);
                    if online != published && store.publish_online(online).await.is_ok() {
                        published = online;
                    }
                    continue;
                }
            };
            match store.lease_round(seconds, online).await {
                Ok(round) => {
                    published = online;
                    // A process whose heartbeat expired has died: what it said of its
                    // sockets (watcher counts) no longer holds.
                    let now: HashSet<String> = round.live.into_iter().collect();
                    let gone: Vec<&String> = live.difference(&now).collect();
                    if !gone.is_empty() {
                        // The dead process may have stored a change and died before its
                        // notification left: one query says which rooms here are behind.
                        let ids: Vec<String> =
                            rooms.loaded().into_iter().map(|(id, _)| id).collect();
                        let marks = store.marks(&ids).await.unwrap_or_else(|e| {
                            tracing::warn!("reading how far rooms went failed: {e}");
                            Default::default()
                        });
                        for g in gone {
                            rooms.process_gone(g, &marks).await;
                        }
                    }
                    live = now;
                    apply_leases(&rooms, round.owned).await
                }
                Err(e) => {
                    // Without a renewed lease another process takes the rooms over; stop
                    // acting as their owner now rather than race it.
                    tracing::error!("lease round failed: {e}");
                    for (_, owner) in rooms.loaded() {
                        owner.store(false, Ordering::Relaxed);
                    }
                }
            }
        }
    });
    Ok(())
}

async fn apply_leases(rooms: &Arc<Rooms>, owned: Vec<String>) {
    let owned: HashSet<String> = owned.into_iter().collect();
    for (id, flag) in rooms.loaded() {
        if !owned.contains(&id) {
            flag.store(false, Ordering::Relaxed);
        }
    }
    // A dead process's rooms come all at once: ask for them all together, and the rooms
    // not loaded here are read in batches (`Rooms::get`), a few queries a batch.
    futures_util::stream::iter(owned)
        .for_each_concurrent(TAKEOVER_AT_ONCE, |id| async move {
            let was_loaded = rooms.get_loaded(&id).is_some();
            match rooms.get(&id).await {
                Ok(Some(h)) => {
                    if !h.owner.swap(true, Ordering::Relaxed) {
                        // Newly owned: a room loaded before may have missed a change, so it
                        // reads itself again; one loaded just now is fresh. Either command
                        // wakes its task, which then starts the clock and timers it now runs.
                        let cmd = if was_loaded { Cmd::Reload } else { Cmd::Owned };
                        let _ = rooms.send(&id, cmd).await;
                    }
                }
                Ok(None) => {}
                Err(e) => tracing::error!(room = %id, "taking a room over failed: {e}"),
            }
        })
        .await;
}

/// How often the socket count is published when it changed, between lease rounds: the
/// lobby's `online` lags the sockets by about this much, whatever the lease period.
const ONLINE_EVERY: Duration = Duration::from_secs(1);

/// Rooms asked for at once when taking leases over (their loads are batched).
const TAKEOVER_AT_ONCE: usize = 512;

/// Opens the LISTEN connection and dispatches notifications; returns its backend pid.
async fn listen(
    rooms: Arc<Rooms>,
    me: String,
    url: String,
) -> Result<i32, Box<dyn std::error::Error>> {
    let (client, mut conn) = tokio_postgres::connect(&url, NoTls).await?;
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
    tokio::spawn(async move {
        let mut messages = futures_util::stream::poll_fn(move |cx| conn.poll_message(cx));
        while let Some(m) = messages.next().await {
            match m {
                Ok(AsyncMessage::Notification(n)) => {
                    let _ = tx.send(n.payload().to_string());
                }
                Ok(_) => {}
                Err(e) => {
                    tracing::error!("the LISTEN connection failed: {e}");
                    break;
                }
            }
        }
        // Without notifications this process would serve stale rooms; exiting lets the
        // supervisor restart it and the others take its rooms over.
        tracing::error!("lost the PostgreSQL notification connection; exiting");
        std::process::exit(3);
    });
    client.batch_execute(&format!("LISTEN {CHANNEL}")).await?;
    let pid: i32 = client
        .query_one("SELECT pg_backend_pid()", &[])
        .await?
        .try_get(0)?;
    tokio::spawn(async move {
        // The client must stay alive for the LISTEN to stay registered.
        let _client = client;
        while let Some(payload) = rx.recv().await {
            let Some((from, rest)) = payload.split_once(' ') else {
                continue;
            };
            if from == me {
                continue;
            }
            // `<process> <room>` (the tables changed), `<process> <room> presence` (only who is
            // connected changed: after a process dies every reconnecting player writes one, and
            // none needs the room's row and moves read again) or `<process> <room> <event>`.
            let (room, event) = match rest.split_once(' ') {
                Some((room, event)) => (room, Some(event)),
                None => (rest, None),
            };
            if rooms.get_loaded(room).is_none() {
                // A room being read right now may have read the tables before this change:
                // it reads them again once loaded (in a task: the load may take a while).
                if event.is_none() && rooms.loading(room) {
                    let (rooms, room) = (rooms.clone(), room.to_string());
                    tokio::spawn(async move { rooms.send(&room, Cmd::Reload).await });
                }
                continue;
            }
            let cmd = match event {
                Some(PRESENCE) => Cmd::Presence,
                Some(event) => match serde_json::from_str(event) {
                    Ok(event) => Cmd::Remote {
                        event,
                        from: from.to_string(),
                        wins_ties: from > me.as_str(),
                    },
                    Err(_) => Cmd::Reload,
                },
                None => Cmd::Reload,
            };
            let _ = rooms.send(room, cmd).await;
        }
    });
    Ok(pid)
}
