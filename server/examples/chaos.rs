//! Chaos bench: two server processes on one PostgreSQL, one of them killed with SIGKILL
//! every 15 s and restarted, while clients play on and reconnect to either process.
//!
//! ```text
//! cargo run --release -p tablero-server --example chaos -- [--clients 2000] [--seconds 120]
//!     [--kill-every 15]
//! ```
//!
//! It starts its own PostgreSQL (as `server/tests/postgres.rs` does: Debian's package,
//! `initdb` on a temporary directory, a loopback port) and two `tablero-server` processes on
//! it (`target/release/tablero-server`, `--lease-seconds 2`). Clients pair up in chess rooms
//! with a 10+0 clock, half created on each process, and move about once every 2–4 s (a
//! random legal move from the state's FEN, as a page would). When a client's socket dies it
//! reconnects, first to the other process, and goes on from the state it gets.
//!
//! Besides, every 10 s a batch of "idle" rooms starts whose players never move: each must be
//! aborted 30 s later by its first-move timer (R11.2) whichever process owns it then, so
//! their deadlines fall across kills and lease takeovers. A room still playing long after
//! its deadline is stuck.
//!
//! Reports moves per second over time (5 s buckets), move latency (sent → own socket sees
//! the state with it) p50/p99 outside the kill windows (a kill and the 5 s after it),
//! reconnection time (socket lost → first state from a process) p50/p99/max, errors by code,
//! lost moves (acknowledged moves missing from the stored records read back at the end),
//! stuck rooms, and the lobby's `online` count against the clients connected.

#[path = "../tests/common/pg.rs"]
#[allow(dead_code)]
mod pg;

use std::collections::{BTreeMap, HashMap};
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::sync::Mutex;
use tokio_tungstenite::tungstenite::Message;

/// `pg.rs` asks its parent for a temporary directory.
fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("tablero-chaos-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// A kill window: a kill and the 5 s after it.
const WINDOW: Duration = Duration::from_secs(5);

#[derive(Default)]
struct Stats {
    errors: Mutex<BTreeMap<String, u64>>,
    /// (sent at, latency ms) of each acknowledged move.
    acked: Mutex<Vec<(Instant, u32)>>,
    reconnects: Mutex<Vec<u32>>,
    /// Each reconnection's two phases, ms: socket lost → upgrade accepted (failed attempts
    /// included), upgrade → first state (the process loading the room).
    phases: Mutex<Vec<(u32, u32)>>,
    /// Connection attempts refused or timed out while reconnecting.
    failed_attempts: AtomicU64,
    /// room → (ply → uci) acknowledged.
    moves: Mutex<HashMap<String, HashMap<i64, String>>>,
    connected: AtomicU64,
}

impl Stats {
    async fn error(&self, code: &str) {
        *self
            .errors
            .lock()
            .await
            .entry(code.to_string())
            .or_default() += 1;
    }
}

fn legal(fen: &str) -> Vec<String> {
    let opts = tablero::NewGame {
        fen: Some(fen.to_string()),
        ..tablero::NewGame::default()
    };
    match tablero::Game::new(opts) {
        Ok(g) => g.legal_moves().into_iter().map(|m| m.uci).collect(),
        Err(_) => Vec::new(),
    }
}

/// One server process, restartable on its port.
struct Proc {
    child: Child,
    port: u16,
    args: Vec<String>,
}

impl Proc {
    fn start(port: u16, url: &str) -> Proc {
        let args: Vec<String> = [
            "--host",
            "127.0.0.1",
            "--no-static",
            "--database-url",
            url,
            "--lease-seconds",
            "2",
            "--create-per-minute",
            "100000",
            "--away-seconds",
            "600",
            "--messages-per-second",
            "100",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let child = spawn(port, &args);
        Proc { child, port, args }
    }

    fn kill_and_restart(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        self.child = spawn(self.port, &self.args);
    }

    fn base(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }
}

fn binary() -> PathBuf {
    let target = std::env::var("CARGO_TARGET_DIR")
        .unwrap_or_else(|_| format!("{}/../target", env!("CARGO_MANIFEST_DIR")));
    PathBuf::from(target).join("release/tablero-server")
}

/// Starts the server on `port` and waits for its "listening" line, trying again while the
/// port is still held (a client's outgoing connection may hold the number for a moment).
fn spawn(port: u16, args: &[String]) -> Child {
    let mut last = String::new();
    for _ in 0..50 {
        // CHAOS_LOGS=<dir>: each process's log goes to <dir>/server-<port>.log (appended
        // across restarts) instead of nowhere.
        let log = std::env::var_os("CHAOS_LOGS").map(|d| {
            let path = PathBuf::from(d).join(format!("server-{port}.log"));
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .expect("the CHAOS_LOGS directory")
        });
        let mut child = Command::new(binary())
            .args(["--port", &port.to_string()])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(log.map_or_else(Stdio::piped, Stdio::from))
            .spawn()
            .expect("starting tablero-server (cargo build --release -p tablero-server first)");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap_or(0);
        if line.contains("listening") {
            // Its log is not read: let it go nowhere (or to CHAOS_LOGS).
            drop(child.stderr.take());
            return child;
        }
        let _ = child.kill();
        let out = child.wait_with_output();
        last = out
            .map(|o| String::from_utf8_lossy(&o.stderr).into_owned())
            .unwrap_or_default();
        std::thread::sleep(Duration::from_millis(200));
    }
    panic!("tablero-server does not start on port {port}: {last}");
}

/// A free port below the usual ephemeral range (32768–60999), so that the clients' own
/// outgoing connections do not take its number while its process restarts.
fn free_port() -> u16 {
    let seed = std::process::id() as u16;
    (0..5000u16)
        .map(|i| 20_000 + seed.wrapping_mul(7).wrapping_add(i.wrapping_mul(13)) % 10_000)
        .find(|p| std::net::TcpListener::bind(("127.0.0.1", *p)).is_ok())
        .expect("a free port")
}

async fn post(
    http: &reqwest::Client,
    url: String,
    token: Option<&str>,
    body: Value,
) -> Option<Value> {
    for _ in 0..50 {
        let mut r = http.post(&url).json(&body);
        if let Some(t) = token {
            r = r.bearer_auth(t);
        }
        if let Ok(resp) = r.send().await
            && resp.status().is_success()
        {
            return resp.json().await.ok();
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    None
}

/// A client: plays its seat in `room`, reconnecting to either process until `end`.
#[allow(clippy::too_many_arguments)]
async fn client(
    bases: Arc<Vec<String>>,
    first: usize,
    room: String,
    token: String,
    seat: &'static str,
    seed: u64,
    end: Instant,
    stats: Arc<Stats>,
) {
    let mut rng = seed | 1;
    let mut at = first;
    let mut lost_at: Option<Instant> = None;
    while Instant::now() < end {
        let ws = bases[at].replacen("http://", "ws://", 1);
        let url = format!("{ws}/api/rooms/{room}/socket?token={token}");
        let conn = tokio::time::timeout(
            Duration::from_secs(5),
            tokio_tungstenite::connect_async(&url),
        )
        .await;
        let Ok(Ok((mut socket, _))) = conn else {
            // That process is down (being restarted): try the other.
            stats.failed_attempts.fetch_add(1, Ordering::Relaxed);
            at = 1 - at;
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        };
        stats.connected.fetch_add(1, Ordering::Relaxed);
        let upgraded = Instant::now();
        let mut pending: Option<(i64, String, Instant)> = None;
        let mut next_move: Option<Instant> = None;
        let mut state = Value::Null;
        loop {
            let wait = next_move
                .map(|t| t.saturating_duration_since(Instant::now()))
                .unwrap_or(Duration::from_secs(3600))
                .min(end.saturating_duration_since(Instant::now()));
            tokio::select! {
                msg = socket.next() => {
                    let Some(Ok(Message::Text(t))) = msg else {
                        if matches!(msg, Some(Ok(_))) { continue; }
                        break;
                    };
                    let v: Value = serde_json::from_str(&t).unwrap_or(Value::Null);
                    if v["type"] == "error" {
                        stats.error(v["code"].as_str().unwrap_or("?")).await;
                        pending = None;
                        next_move = Some(Instant::now() + Duration::from_millis(200));
                        continue;
                    }
                    if v["type"] != "state" {
                        continue;
                    }
                    if let Some(t0) = lost_at.take() {
                        stats.reconnects.lock().await.push(t0.elapsed().as_millis() as u32);
                        let up = upgraded.saturating_duration_since(t0).as_millis() as u32;
                        stats.phases.lock().await.push((up, upgraded.elapsed().as_millis() as u32));
                    }
                    let ply = v["ply"].as_i64().unwrap_or(0);
                    if let Some((p, uci, sent)) = &pending
                        && ply > *p
                    {
                        if v["moves"][*p as usize] == uci.as_str() {
                            stats.acked.lock().await.push((*sent, sent.elapsed().as_millis() as u32));
                            stats.moves.lock().await.entry(room.clone()).or_default().insert(*p, uci.clone());
                        }
                        pending = None;
                    }
                    state = v;
                    let mine = state["status"]["turn"] == seat && state["roomStatus"] == "playing";
                    if mine && pending.is_none() && next_move.is_none() {
                        rng ^= rng << 13;
                        rng ^= rng >> 7;
                        rng ^= rng << 17;
                        next_move = Some(Instant::now() + Duration::from_millis(2000 + rng % 2000));
                    }
                }
                _ = tokio::time::sleep(wait) => {
                    if Instant::now() >= end {
                        let _ = socket.close(None).await;
                        stats.connected.fetch_sub(1, Ordering::Relaxed);
                        return;
                    }
                    next_move = None;
                    let mine = state["status"]["turn"] == seat && state["roomStatus"] == "playing";
                    if !mine || pending.is_some() {
                        continue;
                    }
                    let moves = legal(state["fen"].as_str().unwrap_or(""));
                    if moves.is_empty() {
                        continue;
                    }
                    rng ^= rng << 13;
                    rng ^= rng >> 7;
                    rng ^= rng << 17;
                    let mv = moves[(rng % moves.len() as u64) as usize].clone();
                    let ply = state["ply"].as_i64().unwrap_or(0);
                    let msg = json!({"type": "move", "move": mv, "ply": ply}).to_string();
                    if socket.send(Message::text(msg)).await.is_err() {
                        break;
                    }
                    pending = Some((ply, mv, Instant::now()));
                }
            }
        }
        // The socket died: count from here to the next state, from either process.
        stats.connected.fetch_sub(1, Ordering::Relaxed);
        lost_at.get_or_insert_with(Instant::now);
        at = 1 - at;
    }
}

fn pct(v: &mut [u32], p: f64) -> u32 {
    if v.is_empty() {
        return 0;
    }
    v.sort_unstable();
    v[((v.len() as f64 - 1.0) * p).round() as usize]
}

#[tokio::main]
async fn main() {
    let mut clients = 2000usize;
    let mut seconds = 120u64;
    let mut every = 15u64;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let v = args
            .next()
            .and_then(|v| v.parse::<u64>().ok())
            .expect("a number");
        match a.as_str() {
            "--clients" => clients = v as usize,
            "--seconds" => seconds = v,
            "--kill-every" => every = v,
            _ => panic!("unknown option {a}"),
        }
    }
    let Some(pg) = pg::Pg::start() else {
        eprintln!("PostgreSQL is not installed and could not be installed with apt");
        std::process::exit(2);
    };
    let procs = [
        Proc::start(free_port(), &pg.url),
        Proc::start(free_port(), &pg.url),
    ];
    let bases = Arc::new(vec![procs[0].base(), procs[1].base()]);
    let http = reqwest::Client::new();
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!(
        "chaos: {clients} clients, {seconds} s, SIGKILL every {every} s; load before: {}",
        load.trim()
    );

    // Players and rooms, half on each process.
    let rooms = clients / 2;
    let mut pairs = Vec::new();
    for r in 0..rooms {
        let base = &bases[r % 2];
        let a = post(
            &http,
            format!("{base}/api/players"),
            None,
            json!({"name": format!("w{r}")}),
        )
        .await
        .expect("player");
        let b = post(
            &http,
            format!("{base}/api/players"),
            None,
            json!({"name": format!("b{r}")}),
        )
        .await
        .expect("player");
        let (ta, tb) = (
            a["token"].as_str().unwrap().to_string(),
            b["token"].as_str().unwrap().to_string(),
        );
        let room = post(
            &http,
            format!("{base}/api/rooms"),
            Some(&ta),
            json!({"game": "chess", "clock": {"initial": 600, "increment": 0}}),
        )
        .await
        .expect("room");
        let id = room["id"].as_str().unwrap().to_string();
        post(
            &http,
            format!("{base}/api/rooms/{id}/join"),
            Some(&tb),
            json!({}),
        )
        .await
        .expect("join");
        pairs.push((id, ta, tb));
    }
    println!("{rooms} rooms created");

    let stats = Arc::new(Stats::default());
    let start = Instant::now();
    let end = start + Duration::from_secs(seconds);
    let mut tasks = Vec::new();
    for (i, (room, ta, tb)) in pairs.iter().enumerate() {
        for (seat, token, k) in [("white", ta, 0u64), ("black", tb, 1)] {
            tasks.push(tokio::spawn(client(
                bases.clone(),
                (i + k as usize) % 2,
                room.clone(),
                token.clone(),
                seat,
                (i as u64) * 2 + k + 7,
                end,
                stats.clone(),
            )));
        }
    }

    // The kills, on a thread of their own: a busy runtime must not delay them.
    let procs = Arc::new(std::sync::Mutex::new(procs));
    let kills = Arc::new(std::sync::Mutex::new(Vec::<Instant>::new()));
    let killer = {
        let (procs, kills) = (procs.clone(), kills.clone());
        std::thread::spawn(move || {
            let mut victim = 0;
            let mut next = start + Duration::from_secs(every);
            while next + Duration::from_secs(3) < end {
                std::thread::sleep(next.saturating_duration_since(Instant::now()));
                kills.lock().unwrap().push(Instant::now());
                procs.lock().unwrap()[victim].kill_and_restart();
                victim = 1 - victim;
                next += Duration::from_secs(every);
            }
        })
    };
    // Idle rooms, a batch of 10 every 10 s while their 30 s deadline falls inside the run.
    let idle_task = {
        let (http, bases) = (http.clone(), bases.clone());
        tokio::spawn(async move {
            let mut idle: Vec<(String, Instant)> = Vec::new();
            let mut batch = start;
            while batch + Duration::from_secs(40) < end {
                tokio::time::sleep(batch.saturating_duration_since(Instant::now())).await;
                for k in 0..10 {
                    let base = &bases[k % 2];
                    let n = idle.len();
                    let a = post(
                        &http,
                        format!("{base}/api/players"),
                        None,
                        json!({"name": format!("iw{n}")}),
                    )
                    .await;
                    let b = post(
                        &http,
                        format!("{base}/api/players"),
                        None,
                        json!({"name": format!("ib{n}")}),
                    )
                    .await;
                    if let (Some(a), Some(b)) = (a, b) {
                        let room = post(
                            &http,
                            format!("{base}/api/rooms"),
                            a["token"].as_str(),
                            json!({"game": "chess", "clock": {"initial": 60, "increment": 0}}),
                        )
                        .await;
                        if let Some(room) = room {
                            let id = room["id"].as_str().unwrap().to_string();
                            if post(
                                &http,
                                format!("{base}/api/rooms/{id}/join"),
                                b["token"].as_str(),
                                json!({}),
                            )
                            .await
                            .is_some()
                            {
                                idle.push((id, Instant::now()));
                            }
                        }
                    }
                }
                batch += Duration::from_secs(10);
            }
            idle
        })
    };
    // The lobby's online count on one process against the clients connected, every 5 s.
    let online_task = {
        let (http, bases, stats) = (http.clone(), bases.clone(), stats.clone());
        tokio::spawn(async move {
            let mut seen = Vec::new();
            let mut k = 0;
            while Instant::now() + Duration::from_secs(5) < end {
                tokio::time::sleep(Duration::from_secs(5)).await;
                k += 1;
                if let Ok(r) = http.get(format!("{}/api/rooms", bases[k % 2])).send().await
                    && let Ok(v) = r.json::<Value>().await
                {
                    seen.push((
                        v["online"].as_i64().unwrap_or(-1),
                        stats.connected.load(Ordering::Relaxed),
                    ));
                }
            }
            seen
        })
    };
    for t in tasks {
        let _ = t.await;
    }
    let _ = killer.join();
    let idle = idle_task.await.unwrap_or_default();
    let online_seen = online_task.await.unwrap_or_default();
    let kills = kills.lock().unwrap().clone();
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();

    // Read back: every acknowledged move in the stored record; every idle room aborted.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let mut lost = 0u64;
    let acked_moves: usize = stats.moves.lock().await.values().map(|m| m.len()).sum();
    for (room, moves) in stats.moves.lock().await.iter() {
        let state: Value = match http
            .get(format!("{}/api/rooms/{room}", bases[0]))
            .send()
            .await
        {
            Ok(r) => r.json().await.unwrap_or(Value::Null),
            Err(_) => Value::Null,
        };
        for (ply, uci) in moves {
            if state["moves"][*ply as usize] != uci.as_str() {
                lost += 1;
            }
        }
    }
    let mut stuck = 0;
    let mut idle_checked = 0;
    for (room, made) in &idle {
        // Its first-move deadline is 30 s after it started; give the lease takeover (2 s)
        // and a restart some slack.
        if made.elapsed() < Duration::from_secs(40) {
            continue;
        }
        idle_checked += 1;
        let state: Value = match http
            .get(format!("{}/api/rooms/{room}", bases[1]))
            .send()
            .await
        {
            Ok(r) => r.json().await.unwrap_or(Value::Null),
            Err(_) => Value::Null,
        };
        if state["roomStatus"] != "over" || state["status"]["result"]["reason"] != "aborted" {
            stuck += 1;
        }
    }

    // Figures.
    let in_window = |t: Instant| kills.iter().any(|k| t >= *k && t < *k + WINDOW);
    let acked = stats.acked.lock().await;
    let mut calm: Vec<u32> = acked
        .iter()
        .filter(|(t, _)| !in_window(*t))
        .map(|(_, l)| *l)
        .collect();
    let mut all: Vec<u32> = acked.iter().map(|(_, l)| *l).collect();
    let mut buckets = vec![0u64; (seconds / 5 + 1) as usize];
    for (t, _) in acked.iter() {
        let b = (t.duration_since(start).as_secs() / 5) as usize;
        if let Some(x) = buckets.get_mut(b) {
            *x += 1;
        }
    }
    let mut rec = stats.reconnects.lock().await.clone();
    println!(
        "moves acknowledged: {} ({:.0}/s)",
        all.len(),
        all.len() as f64 / seconds as f64
    );
    println!(
        "moves/s per 5 s: {}",
        buckets
            .iter()
            .map(|b| format!("{:.0}", *b as f64 / 5.0))
            .collect::<Vec<_>>()
            .join(" ")
    );
    println!(
        "kills at s: {}",
        kills
            .iter()
            .map(|k| k.duration_since(start).as_secs().to_string())
            .collect::<Vec<_>>()
            .join(" ")
    );
    println!(
        "latency outside kill windows: p50 {} ms, p99 {} ms ({} moves); all: p99 {} ms, max {} ms",
        pct(&mut calm, 0.5),
        pct(&mut calm, 0.99),
        calm.len(),
        pct(&mut all, 0.99),
        all.iter().max().copied().unwrap_or(0)
    );
    println!(
        "reconnections: {}, p50 {} ms, p99 {} ms, max {} ms",
        rec.len(),
        pct(&mut rec, 0.5),
        pct(&mut rec, 0.99),
        rec.iter().max().copied().unwrap_or(0)
    );
    let phases = stats.phases.lock().await.clone();
    let (mut up, mut first): (Vec<u32>, Vec<u32>) = phases.into_iter().unzip();
    println!(
        "reconnection phases: lost -> upgrade p50 {} ms, p99 {} ms; upgrade -> first state p50 {} ms, p99 {} ms; failed attempts {}",
        pct(&mut up, 0.5),
        pct(&mut up, 0.99),
        pct(&mut first, 0.5),
        pct(&mut first, 0.99),
        stats.failed_attempts.load(Ordering::Relaxed)
    );
    println!("errors: {:?}", stats.errors.lock().await);
    println!("lost moves: {lost} of {acked_moves} acknowledged");
    println!("idle rooms checked: {idle_checked}, stuck: {stuck}");
    println!("lobby online vs clients connected (samples): {online_seen:?}");
    println!("load after: {}", load.trim());
    let met = lost == 0 && stuck == 0 && pct(&mut rec, 0.99) <= 3000;
    println!(
        "targets (0 lost, 0 stuck, reconnection p99 <= 3 s): {}",
        if met { "met" } else { "NOT met" }
    );
    for p in procs.lock().unwrap().iter_mut() {
        let _ = p.child.kill();
        let _ = p.child.wait();
    }
    drop(pg);
}
