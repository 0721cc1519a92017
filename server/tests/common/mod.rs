//! Shared helpers of the server tests: start the real binary on a loopback port, talk to it
//! over HTTP and WebSocket like a page would, and pick random legal moves with the engine.
#![allow(dead_code)]

pub mod pg;

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// Generous bound on any single wait, so a slow shared machine does not fail tests.
pub const WAIT: Duration = Duration::from_secs(60);

/// A fresh temporary directory for one test.
pub fn temp_dir(name: &str) -> PathBuf {
    static N: AtomicU32 = AtomicU32::new(0);
    let d = std::env::temp_dir().join(format!(
        "tablero-server-{name}-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// A page for a static root (`Server::serving`).
pub const PAGE: &[u8] = b"<!doctype html><title>t</title>";

/// A running `tablero-server` process, killed when dropped.
pub struct Server {
    child: Child,
    /// `http://127.0.0.1:PORT`.
    pub base: String,
    /// Arguments it was started with (to restart it the same way).
    pub args: Vec<String>,
}

impl Server {
    /// Starts the binary with `--port 0 --no-static` and `args`, and waits for its
    /// "listening" line.
    pub fn start(args: &[&str]) -> Server {
        let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        let mut child = Command::new(env!("CARGO_BIN_EXE_tablero-server"))
            .args(["--port", "0", "--host", "127.0.0.1"])
            .args(if args.iter().any(|a| a == "--static") {
                vec![]
            } else {
                vec!["--no-static".to_string()]
            })
            .args(&args)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("starting tablero-server");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let base = line
            .trim()
            .strip_prefix("tablero-server listening on ")
            .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
            .trim_end_matches('/')
            .to_string();
        Server { child, base, args }
    }

    /// Starts with a SQLite file in `dir`.
    pub fn sqlite(dir: &Path, extra: &[&str]) -> Server {
        let db = dir.join("db.sqlite");
        let mut args = vec!["--data", db.to_str().unwrap()];
        args.extend_from_slice(extra);
        Server::start(&args)
    }

    /// Starts with a SQLite file in `dir` and `dir` as the static root, after writing
    /// `files` (paths relative to `dir`) there: a page to serve and what it loads.
    pub fn serving(dir: &Path, files: &[(&str, &[u8])]) -> Server {
        for (path, bytes) in files {
            let path = dir.join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, bytes).unwrap();
        }
        let db = dir.join("db.sqlite");
        Server::start(&[
            "--data",
            db.to_str().unwrap(),
            "--static",
            dir.to_str().unwrap(),
        ])
    }

    /// Kills the process with SIGKILL (no chance to flush or say goodbye).
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// `ws://…/api/rooms/<room>/socket?token=…`.
    pub fn socket_url(&self, room: &str, token: Option<&str>) -> String {
        let ws = self.base.replacen("http://", "ws://", 1);
        match token {
            Some(t) => format!("{ws}/api/rooms/{room}/socket?token={t}"),
            None => format!("{ws}/api/rooms/{room}/socket"),
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

/// A registered player.
#[derive(Clone, Debug)]
pub struct Player {
    pub id: String,
    pub name: String,
    pub token: String,
}

/// HTTP helpers against one server.
pub struct Api {
    pub base: String,
    pub http: reqwest::Client,
}

impl Api {
    pub fn new(server: &Server) -> Api {
        Api {
            base: server.base.clone(),
            http: reqwest::Client::new(),
        }
    }

    /// POST with an optional bearer token; returns status and JSON body.
    pub async fn post(&self, path: &str, token: Option<&str>, body: Value) -> (u16, Value) {
        let mut r = self.http.post(format!("{}{path}", self.base)).json(&body);
        if let Some(t) = token {
            r = r.bearer_auth(t);
        }
        let resp = r.send().await.unwrap();
        let status = resp.status().as_u16();
        (status, resp.json().await.unwrap_or(Value::Null))
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> (u16, Value) {
        let mut r = self.http.get(format!("{}{path}", self.base));
        if let Some(t) = token {
            r = r.bearer_auth(t);
        }
        let resp = r.send().await.unwrap();
        let status = resp.status().as_u16();
        (status, resp.json().await.unwrap_or(Value::Null))
    }

    /// Registers a player named `name`, or `name 2`, `name 3`... when a test of this
    /// server already took it (names are unique).
    pub async fn player(&self, name: &str) -> Player {
        let (mut s, mut v) = self.post("/api/players", None, json!({"name": name})).await;
        for n in 2..100 {
            if s != 409 {
                break;
            }
            (s, v) = self
                .post("/api/players", None, json!({"name": format!("{name} {n}")}))
                .await;
        }
        assert_eq!(s, 200, "{v}");
        Player {
            id: v["id"].as_str().unwrap().into(),
            name: v["name"].as_str().unwrap().into(),
            token: v["token"].as_str().unwrap().into(),
        }
    }

    /// Creates a room; returns its id.
    pub async fn room(&self, owner: &Player, body: Value) -> String {
        let (s, v) = self.post("/api/rooms", Some(&owner.token), body).await;
        assert_eq!(s, 200, "{v}");
        v["id"].as_str().unwrap().into()
    }

    /// Moves the server's manual clock (`--clock manual`) `ms` forward; returns its time.
    pub async fn advance(&self, ms: i64) -> i64 {
        let (s, v) = self
            .post("/api/test/clock", None, json!({"advance": ms}))
            .await;
        assert_eq!(s, 200, "{v}");
        v["now"].as_i64().unwrap()
    }

    pub async fn join(&self, p: &Player, room: &str, seat: Option<&str>) -> (u16, Value) {
        let body = match seat {
            Some(s) => json!({"seat": s}),
            None => json!({}),
        };
        self.post(&format!("/api/rooms/{room}/join"), Some(&p.token), body)
            .await
    }
}

/// Two players seated in a new chess room, both connected: how most room tests begin.
pub struct Pair {
    pub a: Player,
    pub b: Player,
    pub room: String,
    pub ca: Client,
    pub cb: Client,
}

impl Api {
    /// `names[0]` creates a chess room, `names[1]` joins it, and both connect.
    pub async fn chess_pair(&self, server: &Server, names: [&str; 2]) -> Pair {
        let a = self.player(names[0]).await;
        let b = self.player(names[1]).await;
        let room = self.room(&a, json!({"game": "chess"})).await;
        self.join(&b, &room, None).await;
        let ca = Client::connect(server, &room, Some(&a.token)).await;
        let cb = Client::connect(server, &room, Some(&b.token)).await;
        Pair { a, b, room, ca, cb }
    }
}

/// A WebSocket client of one room.
pub struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// The last state received.
    pub state: Value,
}

impl Client {
    pub async fn connect(server: &Server, room: &str, token: Option<&str>) -> Client {
        Client::connect_url(&server.socket_url(room, token)).await
    }

    /// Connects to a socket URL (`Server::socket_url` with more parameters) and reads its
    /// first state.
    pub async fn connect_url(url: &str) -> Client {
        let (ws, _) = tokio_tungstenite::connect_async(url)
            .await
            .expect("websocket connect");
        let mut c = Client {
            ws,
            state: Value::Null,
        };
        let first = c.next().await;
        assert_eq!(first["type"], "state", "{first}");
        c
    }

    pub async fn send(&mut self, v: Value) {
        self.ws.send(Message::text(v.to_string())).await.unwrap();
    }

    pub async fn send_raw(&mut self, m: Message) {
        self.ws.send(m).await.unwrap();
    }

    /// The next message (states are remembered in `self.state`).
    pub async fn next(&mut self) -> Value {
        loop {
            let m = tokio::time::timeout(WAIT, self.ws.next())
                .await
                .expect("no message within the wait")
                .expect("socket closed")
                .expect("socket error");
            if let Message::Text(t) = m {
                let v: Value = serde_json::from_str(&t).unwrap();
                if v["type"] == "state" {
                    self.state = v.clone();
                }
                return v;
            }
        }
    }

    /// Reads until a state satisfying `pred` (the current one counts).
    pub async fn state_where(&mut self, pred: impl Fn(&Value) -> bool) -> Value {
        if !self.state.is_null() && pred(&self.state) {
            return self.state.clone();
        }
        loop {
            let v = self.next().await;
            if v["type"] == "state" && pred(&v) {
                return v;
            }
        }
    }

    /// Reads until an error message, skipping states; returns its code.
    pub async fn error(&mut self) -> String {
        loop {
            let v = self.next().await;
            if v["type"] == "error" {
                return v["code"].as_str().unwrap().to_string();
            }
        }
    }

    /// Reads until a `chat` message, skipping the others; returns its lines.
    pub async fn chat(&mut self) -> Vec<Value> {
        loop {
            let v = self.next().await;
            if v["type"] == "chat" {
                return v["lines"].as_array().unwrap().clone();
            }
        }
    }

    /// Every chat line received until a ping is answered (what reached this socket so far).
    pub async fn chat_until_pong(&mut self) -> Vec<Value> {
        self.send(json!({"type": "ping"})).await;
        let mut lines = Vec::new();
        loop {
            let v = self.next().await;
            if v["type"] == "pong" {
                return lines;
            }
            if v["type"] == "chat" {
                lines.extend(v["lines"].as_array().unwrap().iter().cloned());
            }
        }
    }

    /// A ping answered by a pong: proves the socket is still open and served.
    pub async fn alive(&mut self) {
        self.send(json!({"type": "ping"})).await;
        loop {
            if self.next().await["type"] == "pong" {
                return;
            }
        }
    }

    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}

/// Small deterministic generator for the random games.
pub struct Rng(pub u64);

impl Rng {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// The legal moves (UCI) in a room's state, computed from its FEN with the engine, as a
/// page would.
pub fn legal_moves(state: &Value) -> Vec<String> {
    game_at(state)
        .legal_moves()
        .into_iter()
        .map(|m| m.uci)
        .collect()
}

/// The engine's kind for a room's game id.
pub fn kind_of(game: &str) -> tablero::GameKind {
    tablero::GameKind::from_id(game).unwrap()
}

/// The position of a room's state as an engine game (from its FEN, without history).
pub fn game_at(state: &Value) -> tablero::Game {
    tablero::Game::new(tablero::NewGame {
        kind: kind_of(state["game"].as_str().unwrap()),
        fen: Some(state["fen"].as_str().unwrap().to_string()),
        ..tablero::NewGame::default()
    })
    .unwrap()
}

/// The seat to move in a state, if any.
pub fn turn(state: &Value) -> Option<String> {
    state["status"]["turn"].as_str().map(String::from)
}

pub fn ply(state: &Value) -> i64 {
    state["ply"].as_i64().unwrap()
}
