//! Load generator: many clients on loopback playing random legal games.
//!
//! ```text
//! cargo run --release -p tablero-server --example load -- [--clients 2000[,10000…]]
//!     [--seconds 60] [--clock none|3+2|both] [--stall-every 10]
//!     [--server http://host:port]   (default: start target/release/tablero-server on a temp SQLite file)
//! ```
//!
//! Clients pair up in rooms (N/2 rooms); every client moves at most once a second (a random
//! legal move, computed from the state's FEN with the engine, as a page would), so a room
//! sees about two moves a second. When a game ends the pair opens a new room. Reports moves
//! per second, move-to-broadcast latency (send → the opponent's socket receives the state
//! with the move) p50/p99/max, server memory per room (RSS growth / rooms), errors, and lost
//! moves (acknowledged moves missing from the stored record read back at the end).
//!
//! With a clock (`--clock 3+2`, R11) every room has that time control, except that one pair
//! in `--stall-every` plays 0.5+0 and its black player stops moving after its first move,
//! so its flag falls 30 s later: the report adds how long after the deadline (the state's
//! `clock.deadline`, the server's wall time) the flag's state reached the sockets. Server and
//! generator share the machine's wall clock, so the difference needs no synchronisation.
//! Each clients × clock combination runs on a fresh server, one after another, and the
//! report is one table.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use serde::de::IgnoredAny;
use serde_json::{Value, json};
use tokio::sync::Mutex;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

#[derive(Default)]
struct Stats {
    moves: AtomicU64,
    errors: AtomicU64,
    lost: AtomicU64,
    games: AtomicU64,
    latencies: Mutex<Vec<u32>>,
    /// Deadline → flag state received, in ms, one per flag seen in the measured window.
    flags: Mutex<Vec<i64>>,
}

/// One run's settings: clients, measured seconds, time control (minutes, increment
/// seconds) and how often a pair stalls to let a flag fall.
#[derive(Clone, Copy)]
struct Run {
    clients: usize,
    seconds: u64,
    clock: Option<(f64, u32)>,
    stall_every: usize,
}

/// The server's time base (ms since the Unix epoch).
fn wall_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// A random legal move of the position `fen` (chess), as UCI; `None` when there is none.
/// The engine's position is enough: a page would use the package's `Game`, but the
/// generator shares the machine with the server, so it spends as little as it can.
fn random_move(fen: &str, rng: &mut u64) -> Option<String> {
    let pos = tablero::two::Position::from_fen(tablero::two::Variant::Chess, fen).ok()?;
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return None;
    }
    *rng ^= *rng << 13;
    *rng ^= *rng >> 7;
    *rng ^= *rng << 17;
    Some(pos.uci(moves[(*rng % moves.len() as u64) as usize]))
}

/// CPU time (user + system) a process has used, in ms (`/proc/<pid>/stat`, 100 ticks a
/// second): on a shared machine the CPU a move costs is steadier than its latency.
fn cpu_ms(pid: &str) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|s| {
            // Fields after the command name, which is in parentheses and may hold spaces.
            let rest = &s[s.rfind(')')? + 2..];
            let f: Vec<&str> = rest.split_whitespace().collect();
            let ticks: u64 = f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?;
            Some(ticks * 10)
        })
        .unwrap_or(0)
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

/// What the generator reads of a server message: a `state`, a compact `move` (both carry
/// the fields a move changes) or anything else by its `type`. Typed, so the parser skips
/// the rest of the text without building a tree of it.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Msg {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    ply: i64,
    #[serde(default)]
    fen: String,
    #[serde(default)]
    room_status: String,
    /// The entries `moves` adds (all of them in a `state`): only their number is read.
    #[serde(default)]
    moves: Vec<IgnoredAny>,
    #[serde(default)]
    status: Option<StatusMsg>,
    #[serde(default)]
    clock: Option<ClockMsg>,
    #[serde(default)]
    code: String,
}

#[derive(Deserialize)]
struct StatusMsg {
    turn: Option<String>,
    over: bool,
    result: Option<ResultMsg>,
}

#[derive(Deserialize)]
struct ResultMsg {
    reason: String,
}

#[derive(Deserialize)]
struct ClockMsg {
    deadline: Option<i64>,
}

/// The room as a client knows it, from the last state and the `move` messages since.
#[derive(Default)]
struct Seen {
    ply: i64,
    /// The ply each of the pair's sockets has reached (a `move` message must follow it).
    socket_ply: [i64; 2],
    fen: String,
    /// 0 white, 1 black; `None` once over.
    turn: Option<usize>,
    playing: bool,
    deadline: Option<i64>,
}

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// One pair of clients playing game after game until `end`.
async fn pair(
    i: usize,
    run: Run,
    base: String,
    http: reqwest::Client,
    stats: Arc<Stats>,
    end: Instant,
    measure_from: Instant,
) {
    // A stalling pair's black player makes its first move, then never another.
    let stall = run.clock.is_some() && run.stall_every > 0 && i.is_multiple_of(run.stall_every);
    let clock = match (run.clock, stall) {
        (None, _) => Value::Null,
        (Some(_), true) => json!({"initial": 30, "increment": 0}),
        (Some((m, inc)), false) => json!({"initial": (m * 60.0) as u32, "increment": inc}),
    };
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
            .json(&json!({"game": tablero::GameKind::default().id(), "clock": clock}))
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
            // Compact `move` messages after moves, as the package's client asks for; and a
            // small read buffer (the default 128 KiB is zeroed at every read: most of the
            // generator's work a move before).
            let config = WebSocketConfig::default().read_buffer_size(4096);
            match tokio_tungstenite::connect_async_with_config(
                format!(
                    "{ws_base}/api/rooms/{id}/socket?token={}&compact=1",
                    p.token
                ),
                Some(config),
                false,
            )
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
        let mut seen = Seen::default();
        let mut over = false;
        while !over && Instant::now() < end {
            // My turn and not sent yet: move one second after my previous move.
            let turn = seen.turn;
            let stalled = stall && turn == Some(1) && seen.ply >= 2;
            let due = match (turn, sent) {
                (Some(t), None) if seen.playing && !stalled => {
                    Some((t, last_move[t] + Duration::from_secs(1)))
                }
                _ => None,
            };
            let timer = tokio::time::sleep_until(due.map_or(end, |d| d.1).into());
            let (s0, s1) = socks.split_at_mut(1);
            tokio::select! {
                _ = timer => {
                    if let Some((t, _)) = due {
                        let Some(mv) = random_move(&seen.fen, &mut rng) else { break; };
                        let ply = seen.ply;
                        let msg = format!(r#"{{"type":"move","move":"{mv}","ply":{ply}}}"#);
                        let now = Instant::now();
                        if socks[t].send(Message::text(msg)).await.is_err() {
                            stats.errors.fetch_add(1, Ordering::Relaxed);
                            break;
                        }
                        last_move[t] = now;
                        sent = Some((ply, now, t));
                    }
                }
                m = s0[0].next() => { if !handle(0, m, &mut seen, &mut sent, &mut acked, &mut over, &stats, measure_from).await { break; } }
                m = s1[0].next() => { if !handle(1, m, &mut seen, &mut sent, &mut acked, &mut over, &stats, measure_from).await { break; } }
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
    seen: &mut Seen,
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
    let Ok(v) = serde_json::from_str::<Msg>(&t) else {
        stats.errors.fetch_add(1, Ordering::Relaxed);
        return false;
    };
    match v.kind.as_str() {
        "error" => {
            stats.errors.fetch_add(1, Ordering::Relaxed);
            eprintln!("error: {}", v.code);
            *sent = None;
            return true;
        }
        // A `move` message applies to the state before it: its entries start at the ply
        // this socket knows. Anything else is a gap the server promised never to leave.
        "move" if v.ply - v.moves.len() as i64 != seen.socket_ply[who] => {
            stats.errors.fetch_add(1, Ordering::Relaxed);
            eprintln!(
                "gap: a move message to ply {} after ply {}",
                v.ply, seen.socket_ply[who]
            );
            return false;
        }
        "state" | "move" => {}
        _ => return true,
    }
    let ply = v.ply;
    seen.socket_ply[who] = ply;
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
    let status = v.status.as_ref();
    if status.is_some_and(|s| s.over) {
        let flag = status
            .and_then(|s| s.result.as_ref())
            .is_some_and(|r| r.reason == "timeout");
        if !*over
            && flag
            && let Some(deadline) = seen.deadline
            && Instant::now() >= measure_from
        {
            stats.flags.lock().await.push(wall_ms() - deadline);
        }
        *over = true;
    }
    // Both sockets of the pair read the same messages; the later copy changes nothing.
    if ply >= seen.ply {
        seen.ply = ply;
        seen.fen = v.fen;
        seen.playing = v.room_status == "playing";
        seen.turn = match status.and_then(|s| s.turn.as_deref()) {
            Some("white") => Some(0),
            Some("black") => Some(1),
            _ => None,
        };
        seen.deadline = v.clock.and_then(|c| c.deadline);
    }
    true
}

/// What one run measured.
struct Report {
    run: Run,
    online: i64,
    playing: i64,
    moves: u64,
    lat: Vec<u32>,
    flags: Vec<i64>,
    rss: Option<(u64, u64)>,
    /// CPU ms used in the measured window by the server and by this generator.
    cpu: (u64, u64),
    games: u64,
    errors: u64,
    lost: u64,
    load: String,
}

fn parse_clock(v: &str) -> Option<(f64, u32)> {
    let (m, inc) = v.split_once('+')?;
    Some((m.parse().ok()?, inc.parse().ok()?))
}

fn loadavg() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_default()
}

#[tokio::main]
async fn main() {
    let mut clients = vec![2000usize];
    let mut seconds = 60u64;
    let mut clocks: Vec<Option<(f64, u32)>> = vec![None];
    let mut stall_every = 10usize;
    let mut server_url: Option<String> = None;
    let usage = "usage: load [--clients N[,N…]] [--seconds S] [--clock none|M+S|both] \
                 [--stall-every K] [--server URL]";
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let v = args.next().expect(usage);
        match a.as_str() {
            "--clients" => {
                clients = v
                    .split(',')
                    .map(|n| n.trim().parse().expect(usage))
                    .collect()
            }
            "--seconds" => seconds = v.parse().expect(usage),
            "--clock" => {
                clocks = match v.as_str() {
                    "none" => vec![None],
                    "both" => vec![None, Some((3.0, 2))],
                    tc => vec![Some(parse_clock(tc).expect(usage))],
                }
            }
            "--stall-every" => stall_every = v.parse().expect(usage),
            "--server" => server_url = Some(v),
            _ => panic!("{usage}"),
        }
    }
    let mut reports = Vec::new();
    for &n in &clients {
        for &clock in &clocks {
            let run = Run {
                clients: n,
                seconds,
                clock,
                stall_every,
            };
            let r = run_once(run, server_url.clone()).await;
            print_report(&r);
            reports.push(r);
        }
    }
    if reports.len() > 1 {
        print_table(&reports);
    }
}

fn pct<T: Copy + Into<f64>>(sorted: &[T], p: f64) -> f64 {
    sorted
        .get(((sorted.len() as f64 * p) as usize).min(sorted.len().saturating_sub(1)))
        .map_or(0.0, |&v| v.into())
}

fn clock_name(run: &Run) -> String {
    match run.clock {
        None => "none".into(),
        Some((m, i)) => format!("{m}+{i}"),
    }
}

fn print_report(r: &Report) {
    let Run {
        clients, seconds, ..
    } = r.run;
    let lat = &r.lat;
    println!(
        "clients {clients}, rooms {}, clock {}, measured {seconds} s after the ramp (load average at the end: {})",
        clients / 2,
        clock_name(&r.run),
        r.load
    );
    println!(
        "connected sockets (server's count, mid-run): {}; games in progress: {}",
        r.online, r.playing
    );
    println!(
        "moves acknowledged: {} ({:.0} moves/s)",
        r.moves,
        r.moves as f64 / seconds as f64
    );
    println!(
        "move-to-broadcast latency: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms ({} samples)",
        pct(lat, 0.5) / 1000.0,
        pct(lat, 0.99) / 1000.0,
        lat.last().copied().unwrap_or(0) as f64 / 1000.0,
        lat.len()
    );
    if r.run.clock.is_some() {
        let f: Vec<f64> = r.flags.iter().map(|&d| d as f64).collect();
        println!(
            "flags: {} fired, {} within 50 ms of the deadline; deadline → state p50 {} ms, p99 {} ms, max {} ms",
            f.len(),
            r.flags.iter().filter(|&&d| d <= 50).count(),
            pct(&f, 0.5),
            pct(&f, 0.99),
            f.last().copied().unwrap_or(0.0)
        );
    }
    if let Some((rss0, mid)) = r.rss {
        println!(
            "server RSS: {} MiB idle, {} MiB mid-run: {:.1} KiB per room",
            rss0 / 1024,
            mid / 1024,
            (mid.saturating_sub(rss0)) as f64 / (clients / 2).max(1) as f64
        );
    }
    let per_move = |ms: u64| ms as f64 * 1000.0 / r.moves.max(1) as f64;
    println!(
        "CPU in the measured window: server {:.1} s ({:.0} µs a move), generator {:.1} s ({:.0} µs a move)",
        r.cpu.0 as f64 / 1000.0,
        per_move(r.cpu.0),
        r.cpu.1 as f64 / 1000.0,
        per_move(r.cpu.1)
    );
    println!("games finished: {}", r.games);
    println!("errors: {}", r.errors);
    println!("lost moves: {}", r.lost);
    println!();
}

/// The runs side by side, as a Markdown table.
fn print_table(reports: &[Report]) {
    print!("| measure |");
    for r in reports {
        print!(" {} clients, clock {} |", r.run.clients, clock_name(&r.run));
    }
    println!();
    println!("|---|{}", "---:|".repeat(reports.len()));
    let row = |name: &str, f: &dyn Fn(&Report) -> String| {
        print!("| {name} |");
        for r in reports {
            print!(" {} |", f(r));
        }
        println!();
    };
    row("moves a second", &|r| {
        format!("{:.0}", r.moves as f64 / r.run.seconds as f64)
    });
    row("move → broadcast p50 / p99 / max (ms)", &|r| {
        format!(
            "{:.1} / {:.1} / {:.0}",
            pct(&r.lat, 0.5) / 1000.0,
            pct(&r.lat, 0.99) / 1000.0,
            r.lat.last().copied().unwrap_or(0) as f64 / 1000.0
        )
    });
    row("flags: fired, within 50 ms", &|r| {
        if r.run.clock.is_none() {
            "–".into()
        } else {
            format!(
                "{}, {}",
                r.flags.len(),
                r.flags.iter().filter(|&&d| d <= 50).count()
            )
        }
    });
    row("deadline → flag state p50 / p99 / max (ms)", &|r| {
        if r.run.clock.is_none() {
            return "–".into();
        }
        let f: Vec<f64> = r.flags.iter().map(|&d| d as f64).collect();
        format!(
            "{} / {} / {}",
            pct(&f, 0.5),
            pct(&f, 0.99),
            f.last().copied().unwrap_or(0.0)
        )
    });
    row("server memory per room (KiB)", &|r| match r.rss {
        Some((a, b)) => format!(
            "{:.0}",
            b.saturating_sub(a) as f64 / (r.run.clients / 2) as f64
        ),
        None => "–".into(),
    });
    row("server / generator CPU a move (µs)", &|r| {
        format!(
            "{:.0} / {:.0}",
            r.cpu.0 as f64 * 1000.0 / r.moves.max(1) as f64,
            r.cpu.1 as f64 * 1000.0 / r.moves.max(1) as f64
        )
    });
    row("errors, lost moves", &|r| {
        format!("{}, {}", r.errors, r.lost)
    });
    row("load average (1, 5, 15 min) at the end", &|r| {
        r.load.clone()
    });
}

async fn run_once(run: Run, server_url: Option<String>) -> Report {
    let Run {
        clients, seconds, ..
    } = run;
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
            let dir = std::env::temp_dir().join(format!(
                "tablero-load-{}-{clients}-{}",
                std::process::id(),
                run.clock.is_some()
            ));
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
            child = Some((c, dir));
            (base, Some(pid))
        }
    };
    let rss0 = pid.map(rss_kb).unwrap_or(0);
    let http = reqwest::Client::builder()
        .pool_max_idle_per_host(64)
        .build()
        .unwrap();
    let stats = Arc::new(Stats::default());
    // Connections ramp up over ~10 s a 2,000 clients (not a thundering herd); latencies
    // count after it.
    let ramp = Duration::from_millis(10_000.max(clients as u64 * 5));
    let start = Instant::now();
    let measure_from = start + ramp + Duration::from_secs(2);
    let end = measure_from + Duration::from_secs(seconds);
    let mut tasks = Vec::new();
    for i in 0..rooms {
        let (base, http, stats) = (base.clone(), http.clone(), stats.clone());
        let delay = ramp * i as u32 / rooms.max(1) as u32;
        tasks.push(tokio::spawn(async move {
            tokio::time::sleep(delay).await;
            pair(i, run, base, http, stats, end, measure_from).await;
        }));
    }
    tokio::time::sleep_until(measure_from.into()).await;
    let moves0 = stats.moves.load(Ordering::Relaxed);
    let server_pid = pid.map(|p| p.to_string());
    let cpu0 = (server_pid.as_deref().map_or(0, cpu_ms), cpu_ms("self"));
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
    let cpu = (
        server_pid.as_deref().map_or(0, cpu_ms) - cpu0.0,
        cpu_ms("self") - cpu0.1,
    );
    let load = loadavg();
    for t in tasks {
        let _ = t.await;
    }
    let mut lat = stats.latencies.lock().await.clone();
    lat.sort_unstable();
    let mut flags = stats.flags.lock().await.clone();
    flags.sort_unstable();
    if let Some((mut c, dir)) = child {
        let _ = c.kill();
        let _ = c.wait();
        let _ = std::fs::remove_dir_all(dir);
    }
    Report {
        run,
        online,
        playing,
        moves: moves1 - moves0,
        lat,
        flags,
        rss: pid.map(|_| (rss0, rss_mid)),
        cpu,
        games: stats.games.load(Ordering::Relaxed),
        errors: stats.errors.load(Ordering::Relaxed),
        lost: stats.lost.load(Ordering::Relaxed),
        load,
    }
}
