//! Load generator: many clients on loopback playing random legal games.
//!
//! ```text
//! cargo run --release -p tablero-server --example load -- [--clients 2000] [--seconds 60]
//!     [--server http://host:port]   (default: start target/release/tablero-server on a temp SQLite file)
//! ```
//!
//! Clients pair up in rooms (N/2 rooms); every client moves at most once a second (a random
//! legal move, computed from the state's FEN with the engine, as a page would), so a room
//! sees about two moves a second. When a game ends the pair opens a new room. Reports moves
//! per second, move-to-broadcast latency (send → the opponent's socket receives the state
//! with the move) p50/p99/max, server memory per room (RSS growth / rooms), errors, and lost
//! moves (acknowledged moves missing from the stored record read back at the end).

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::sync::Mutex;
use tokio_tungstenite::tungstenite::Message;

#[derive(Default)]
struct Stats {
    moves: AtomicU64,
    errors: AtomicU64,
    lost: AtomicU64,
    games: AtomicU64,
    latencies: Mutex<Vec<u32>>,
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

fn rss_kb(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

struct Player {
    token: String,
}

async fn player(http: &reqwest::Client, base: &str, name: &str) -> Option<Player> {
    let v: Value = http
        .post(format!("{base}/api/players"))
        .json(&json!({"name": name}))
        .send()
        .await
        .ok()?
        .json()
        .await
        .ok()?;
    Some(Player {
        token: v["token"].as_str()?.to_string(),
    })
}

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// One pair of clients playing game after game until `end`.
async fn pair(
    i: usize,
    base: String,
    http: reqwest::Client,
    stats: Arc<Stats>,
    end: Instant,
    measure_from: Instant,
) {
    let (Some(a), Some(b)) = (
        player(&http, &base, &format!("a{i}")).await,
        player(&http, &base, &format!("b{i}")).await,
    ) else {
        stats.errors.fetch_add(1, Ordering::Relaxed);
        return;
    };
    let mut rng = (i as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    let ws_base = base.replacen("http://", "ws://", 1);
    while Instant::now() < end {
        let room: Value = match http
            .post(format!("{base}/api/rooms"))
            .bearer_auth(&a.token)
            .json(&json!({"game": tablero::GameKind::default().id()}))
            .send()
            .await
        {
            Ok(r) => r.json().await.unwrap_or(Value::Null),
            Err(_) => Value::Null,
        };
        let Some(id) = room["id"].as_str().map(String::from) else {
            stats.errors.fetch_add(1, Ordering::Relaxed);
            return;
        };
        let joined = http
            .post(format!("{base}/api/rooms/{id}/join"))
            .bearer_auth(&b.token)
            .json(&json!({}))
            .send()
            .await;
        if joined.map(|r| !r.status().is_success()).unwrap_or(true) {
            stats.errors.fetch_add(1, Ordering::Relaxed);
            return;
        }
        let mut socks: Vec<Ws> = Vec::new();
        for p in [&a, &b] {
            match tokio_tungstenite::connect_async(format!(
                "{ws_base}/api/rooms/{id}/socket?token={}",
                p.token
            ))
            .await
            {
                Ok((ws, _)) => socks.push(ws),
                Err(_) => {
                    stats.errors.fetch_add(1, Ordering::Relaxed);
                    return;
                }
            }
        }
        let mut acked: i64 = 0;
        let mut sent: Option<(i64, Instant, usize)> = None;
        let mut last_move = [Instant::now() - Duration::from_secs(1); 2];
        let mut state: Value = Value::Null;
        let mut over = false;
        while !over && Instant::now() < end {
            // My turn and not sent yet: move one second after my previous move.
            let turn = match state["status"]["turn"].as_str() {
                Some("white") => Some(0),
                Some("black") => Some(1),
                _ => None,
            };
            let due = match (turn, sent) {
                (Some(t), None) if state["roomStatus"] == "playing" => {
                    Some((t, last_move[t] + Duration::from_secs(1)))
                }
                _ => None,
            };
            let timer = tokio::time::sleep_until(due.map_or(end, |d| d.1).into());
            let (s0, s1) = socks.split_at_mut(1);
            tokio::select! {
                _ = timer => {
                    if let Some((t, _)) = due {
                        let moves = legal(state["fen"].as_str().unwrap_or(""));
                        if moves.is_empty() { break; }
                        rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
                        let mv = &moves[(rng % moves.len() as u64) as usize];
                        let ply = state["ply"].as_i64().unwrap_or(0);
                        let msg = json!({"type": "move", "move": mv, "ply": ply}).to_string();
                        let now = Instant::now();
                        if socks[t].send(Message::text(msg)).await.is_err() {
                            stats.errors.fetch_add(1, Ordering::Relaxed);
                            break;
                        }
                        last_move[t] = now;
                        sent = Some((ply, now, t));
                    }
                }
                m = s0[0].next() => { if !handle(0, m, &mut state, &mut sent, &mut acked, &mut over, &stats, measure_from).await { break; } }
                m = s1[0].next() => { if !handle(1, m, &mut state, &mut sent, &mut acked, &mut over, &stats, measure_from).await { break; } }
            }
        }
        for mut s in socks {
            let _ = s.close(None).await;
        }
        // Every acknowledged move must be in the stored record.
        if let Ok(r) = http.get(format!("{base}/api/rooms/{id}")).send().await
            && let Ok(v) = r.json::<Value>().await
        {
            let stored = v["moves"].as_array().map_or(0, |m| m.len()) as i64;
            if stored < acked {
                stats
                    .lost
                    .fetch_add((acked - stored) as u64, Ordering::Relaxed);
            }
        }
        if over {
            stats.games.fetch_add(1, Ordering::Relaxed);
        }
    }
}

#[allow(clippy::too_many_arguments)]
async fn handle(
    who: usize,
    m: Option<Result<Message, tokio_tungstenite::tungstenite::Error>>,
    state: &mut Value,
    sent: &mut Option<(i64, Instant, usize)>,
    acked: &mut i64,
    over: &mut bool,
    stats: &Stats,
    measure_from: Instant,
) -> bool {
    let Some(Ok(Message::Text(t))) = m else {
        if matches!(m, Some(Ok(_))) {
            return true;
        }
        stats.errors.fetch_add(1, Ordering::Relaxed);
        return false;
    };
    let Ok(v) = serde_json::from_str::<Value>(&t) else {
        stats.errors.fetch_add(1, Ordering::Relaxed);
        return false;
    };
    if v["type"] == "error" {
        stats.errors.fetch_add(1, Ordering::Relaxed);
        eprintln!("error: {v}");
        *sent = None;
        return true;
    }
    if v["type"] != "state" {
        return true;
    }
    let ply = v["ply"].as_i64().unwrap_or(0);
    if let Some((p, at, mover)) = *sent
        && ply > p
    {
        // The opponent's socket is the one the broadcast is for.
        if mover != who {
            if at >= measure_from {
                stats
                    .latencies
                    .lock()
                    .await
                    .push(at.elapsed().as_micros() as u32);
            }
            stats.moves.fetch_add(1, Ordering::Relaxed);
            *acked = ply;
            *sent = None;
        }
    }
    if v["status"]["over"] == true {
        *over = true;
    }
    if ply >= state["ply"].as_i64().unwrap_or(-1) {
        *state = v;
    }
    true
}

#[tokio::main]
async fn main() {
    let mut clients = 2000usize;
    let mut seconds = 60u64;
    let mut server_url: Option<String> = None;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--clients" => {
                clients = args
                    .next()
                    .and_then(|v| v.parse().ok())
                    .expect("--clients N")
            }
            "--seconds" => {
                seconds = args
                    .next()
                    .and_then(|v| v.parse().ok())
                    .expect("--seconds S")
            }
            "--server" => server_url = args.next(),
            _ => panic!("usage: load [--clients N] [--seconds S] [--server URL]"),
        }
    }
    let rooms = clients / 2;
    let mut child = None;
    let (base, pid) = match server_url {
        Some(u) => (u, None),
        None => {
            let exe = std::env::current_exe().unwrap();
            let bin = exe
                .parent()
                .unwrap()
                .parent()
                .unwrap()
                .join("tablero-server");
            let dir = std::env::temp_dir().join(format!("tablero-load-{}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            let db = dir.join("load.sqlite");
            let mut c = Command::new(&bin)
                .args([
                    "--port",
                    "0",
                    "--no-static",
                    "--create-per-minute",
                    "1000000",
                    "--messages-per-second",
                    "20",
                ])
                .arg("--data")
                .arg(&db)
                .stdout(Stdio::piped())
                .spawn()
                .unwrap_or_else(|e| panic!("starting {}: {e}", bin.display()));
            let mut line = String::new();
            BufReader::new(c.stdout.take().unwrap())
                .read_line(&mut line)
                .unwrap();
            let base = line
                .trim()
                .trim_start_matches("tablero-server listening on ")
                .trim_end_matches('/')
                .to_string();
            let pid = c.id();
            child = Some(c);
            (base, Some(pid))
        }
    };
    let rss0 = pid.map(rss_kb).unwrap_or(0);
    let http = reqwest::Client::builder()
        .pool_max_idle_per_host(64)
        .build()
        .unwrap();
    let stats = Arc::new(Stats::default());
    // Connections ramp up over ~10 s (not a thundering herd); latencies count after it.
    let ramp = Duration::from_millis(10_000);
    let start = Instant::now();
    let measure_from = start + ramp + Duration::from_secs(2);
    let end = measure_from + Duration::from_secs(seconds);
    let mut tasks = Vec::new();
    for i in 0..rooms {
        let (base, http, stats) = (base.clone(), http.clone(), stats.clone());
        let delay = ramp * i as u32 / rooms.max(1) as u32;
        tasks.push(tokio::spawn(async move {
            tokio::time::sleep(delay).await;
            pair(i, base, http, stats, end, measure_from).await;
        }));
    }
    tokio::time::sleep_until(measure_from.into()).await;
    let moves0 = stats.moves.load(Ordering::Relaxed);
    let rss_mid = {
        tokio::time::sleep(Duration::from_secs(seconds / 2)).await;
        pid.map(rss_kb).unwrap_or(0)
    };
    let (online, playing) = match http.get(format!("{base}/api/rooms")).send().await {
        Ok(r) => {
            let v: Value = r.json().await.unwrap_or(Value::Null);
            (
                v["online"].as_i64().unwrap_or(0),
                v["playing"].as_i64().unwrap_or(0),
            )
        }
        Err(_) => (0, 0),
    };
    tokio::time::sleep_until(end.into()).await;
    let moves1 = stats.moves.load(Ordering::Relaxed);
    for t in tasks {
        let _ = t.await;
    }
    let mut lat = stats.latencies.lock().await.clone();
    lat.sort_unstable();
    let pct = |p: f64| {
        lat.get(((lat.len() as f64 * p) as usize).min(lat.len().saturating_sub(1)))
            .copied()
            .unwrap_or(0) as f64
            / 1000.0
    };
    println!("clients {clients}, rooms {rooms}, measured {seconds} s after a 12 s ramp");
    println!("connected sockets (server's count, mid-run): {online}; games in progress: {playing}");
    println!(
        "moves acknowledged: {} ({:.0} moves/s)",
        moves1 - moves0,
        (moves1 - moves0) as f64 / seconds as f64
    );
    println!(
        "move-to-broadcast latency: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms ({} samples)",
        pct(0.5),
        pct(0.99),
        lat.last().copied().unwrap_or(0) as f64 / 1000.0,
        lat.len()
    );
    if pid.is_some() {
        println!(
            "server RSS: {} MiB idle, {} MiB mid-run: {:.1} KiB per room",
            rss0 / 1024,
            rss_mid / 1024,
            (rss_mid.saturating_sub(rss0)) as f64 / rooms.max(1) as f64
        );
    }
    println!("games finished: {}", stats.games.load(Ordering::Relaxed));
    println!("errors: {}", stats.errors.load(Ordering::Relaxed));
    println!("lost moves: {}", stats.lost.load(Ordering::Relaxed));
    if let Some(mut c) = child {
        let _ = c.kill();
        let _ = c.wait();
    }
}
