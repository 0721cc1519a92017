//! `tablero-server`: online rooms on the tablero rules engine.
//!
//! One process serves the demo page (`www/`, `pkg/`), the JSON API and the room sockets on
//! one port, storing everything in one SQLite file; several processes can share one
//! PostgreSQL database instead (`--database-url`). See `docs/PROTOCOL.md`.

mod api;
mod app;
mod batch;
mod clock;
mod cluster;
mod config;
mod engine;
mod http;
mod names;
mod offers;
mod players;
mod protocol;
mod ratings;
mod records;
mod refusal;
mod room;
mod socket;
mod store;
mod util;

use std::io::Write;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::AtomicI64;

use config::{Config, HELP};
use room::{Ctx, Rooms};
use store::Store;

#[tokio::main]
async fn main() {
    let cfg = match Config::parse(std::env::args().skip(1)) {
        Ok(Some(c)) => c,
        Ok(None) => {
            print!("{HELP}");
            return;
        }
        Err(e) => {
            eprintln!("tablero-server: {e}");
            std::process::exit(2);
        }
    };
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_target(false)
        .init();
    if let Err(e) = serve(cfg).await {
        eprintln!("tablero-server: {e}");
        std::process::exit(1);
    }
}

async fn serve(cfg: Config) -> Result<(), Box<dyn std::error::Error>> {
    if cfg.manual_clock {
        util::manual_clock();
    }
    util::boot_ms();
    let pg = match &cfg.database_url {
        Some(url) => Some(Arc::new(store::postgres::PgStore::connect(url).await?)),
        None => None,
    };
    let clustered = pg.is_some();
    let store: Arc<dyn Store> = match &pg {
        Some(p) => p.clone(),
        None => Arc::new(store::sqlite::open(&cfg.data)?),
    };
    store.migrate().await?;
    let ctx = Arc::new(Ctx {
        store: store.clone(),
        cfg: cfg.clone(),
        online: AtomicI64::new(0),
        clustered,
        presence: room::PresenceQueue::start(store.clone(), clustered),
    });
    let rooms = Rooms::new(ctx);
    if let Some(pg) = pg {
        cluster::start(
            rooms.clone(),
            pg,
            cfg.database_url.clone().unwrap_or_default(),
        )
        .await?;
    } else {
        // Every unfinished room resumes at once: its clock and its computer players run
        // whether or not anyone reconnects.
        for id in store.live_rooms().await? {
            if let Err(e) = rooms.get(&id).await {
                tracing::error!(room = %id, "could not resume: {e}");
            }
        }
    }
    let listener = tokio::net::TcpListener::bind((cfg.host.as_str(), cfg.port)).await?;
    let addr = listener.local_addr()?;
    // Every message is written whole in one write: Nagle's algorithm could only hold back
    // the second of two messages sent at once (a state and the chat, a state and a move)
    // until the first is acknowledged.
    let listener = axum::serve::ListenerExt::tap_io(listener, |tcp| {
        if let Err(e) = tcp.set_nodelay(true) {
            tracing::warn!("TCP_NODELAY: {e}");
        }
    });
    // Tests and scripts read this line to learn the port (with --port 0).
    println!("tablero-server listening on http://{addr}/");
    std::io::stdout().flush()?;
    tokio::spawn(close_idle_rooms(rooms.clone()));
    let app = api::router(rooms);
    axum::serve(
        listener,
        app.into_make_service_with_connect_info::<SocketAddr>(),
    )
    .with_graceful_shutdown(async {
        let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
            .expect("installing the SIGTERM handler");
        tokio::select! {
            _ = tokio::signal::ctrl_c() => {},
            _ = term.recv() => {},
        }
    })
    .await?;
    Ok(())
}

/// Loads the waiting rooms old enough to be idle (R12.5) now and then: a loaded room
/// closes itself once nobody has been connected for `--idle-minutes`; this catches the rooms
/// nobody opened since the server started. With a manual clock it looks whenever the clock
/// moves.
async fn close_idle_rooms(rooms: Arc<Rooms>) {
    let mut moved = util::clock_moved();
    loop {
        match moved.as_mut() {
            Some(m) => {
                if m.changed().await.is_err() {
                    return;
                }
            }
            None => tokio::time::sleep(std::time::Duration::from_secs(60)).await,
        }
        let idle = (rooms.ctx.cfg.idle_minutes * 60_000.0) as i64;
        match rooms.ctx.store.waiting_before(util::now_ms() - idle).await {
            Ok(ids) => {
                for id in ids {
                    if let Err(e) = rooms.get(&id).await {
                        tracing::warn!(room = %id, "loading an idle room failed: {e}");
                    }
                }
            }
            Err(e) => tracing::warn!("listing idle rooms failed: {e}"),
        }
    }
}
