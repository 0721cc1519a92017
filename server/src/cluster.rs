//! Several processes on one PostgreSQL database.
//!
//! * Changes: every commit or seat change sends `NOTIFY tablero, '<process> <room>'`. A
//!   dedicated connection LISTENs; a process with that room loaded (someone watches it
//!   there, or it owns it) reloads the room from the tables and republishes its state. A
//!   presence change (`'<process> <room> presence'`) only re-reads who is connected.
//! * Ownership: every `lease_seconds / 4` each process renews its heartbeat and its room
//!   leases and takes the lease of any unfinished room whose lease expired (its owner died)
//!   or that has none. Only the lease holder runs the room's timers and computer moves.
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
    listen(rooms.clone(), store.me.clone(), url).await?;
    let seconds = rooms.ctx.cfg.lease_seconds;
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(Duration::from_secs_f64(seconds / 4.0));
        let mut live: HashSet<String> = HashSet::new();
        loop {
            tick.tick().await;
            match store
                .lease_round(seconds, rooms.ctx.online.load(Ordering::Relaxed))
                .await
            {
                Ok(round) => {
                    // A process whose heartbeat expired has died: what it said of its
                    // sockets (watcher counts) no longer holds.
                    let now: HashSet<String> = round.live.into_iter().collect();
                    for gone in live.difference(&now) {
                        rooms.process_gone(gone).await;
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
    // A dead process's rooms come all at once: load them a few at a time rather than one
    // after the other (each is a row, its moves and a replay).
    futures_util::stream::iter(owned)
        .for_each_concurrent(TAKEOVER_BATCH, |id| async move {
            match rooms.get(&id).await {
                Ok(Some(h)) => {
                    if !h.owner.swap(true, Ordering::Relaxed) {
                        // Newly owned: read the room fresh and start its clock.
                        let _ = rooms.send(&id, Cmd::Reload).await;
                    }
                }
                Ok(None) => {}
                Err(e) => tracing::error!(room = %id, "taking a room over failed: {e}"),
            }
        })
        .await;
}

/// Rooms loaded at once when taking leases over.
const TAKEOVER_BATCH: usize = 16;

async fn listen(
    rooms: Arc<Rooms>,
    me: String,
    url: String,
) -> Result<(), Box<dyn std::error::Error>> {
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
    Ok(())
}
