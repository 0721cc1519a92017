//! Databases written by an earlier server still load: every room, record and rating intact.
//!
//! `tests/data/rooms-v1.sqlite` and `tests/data/rooms-v1.pg.sql` (a `pg_dump`) were written by
//! the server as it was before the rooms named their games with the crate's `GameKind`
//! (issue 48), playing [`scenario`]: rooms waiting, in progress (two and four players, with
//! moves) and over (a rated fool's mate; a rated Four Kingdoms game ended by resignations).
//! Next to each, `*.json` holds what that server then answered about them after a restart:
//! every room's state, the lobby, every game's ratings and every player's `me`. The tests
//! start today's server on a copy and ask the same questions; the answers must be the same
//! (fields added since, like `san`, aside).
//!
//! `cargo test --release -p tablero-server --test fixtures -- --ignored write_fixtures`
//! writes them again with the server being tested; only do that with a server whose answers
//! are the reference.

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use common::pg::Pg;
use common::*;
use serde_json::{Value, json};

/// Server options of every run: nobody's absence may make the computer move while the
/// answers are read.
const OPTS: [&str; 4] = ["--away-seconds", "100000", "--ai-nodes", "300"];

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data")
}

/// The newest state any of the sockets has seen (the last mover's).
fn latest(clients: &BTreeMap<String, Client>) -> Value {
    let s = clients
        .values()
        .map(|c| &c.state)
        .max_by_key(|s| ply(s))
        .unwrap();
    assert_eq!(s["roomStatus"], "playing", "{s}");
    s.clone()
}

/// Plays `moves` (UCI) in turn through the socket of the seat to move.
async fn play(clients: &mut BTreeMap<String, Client>, moves: &[&str]) {
    for mv in moves {
        let s = latest(clients);
        let p = ply(&s);
        let seat = turn(&s).expect("someone to move");
        let c = clients.get_mut(&seat).expect("the mover's socket");
        c.send(json!({"type": "move", "move": mv, "ply": p})).await;
        loop {
            let v = c.next().await;
            assert_ne!(v["type"], "error", "{seat} {mv} at ply {p}: {v}");
            if v["type"] == "state" && ply(&v) > p {
                break;
            }
        }
    }
}

/// `n` random legal moves (the position's own, from its FEN) in turn.
async fn play_random(clients: &mut BTreeMap<String, Client>, n: usize, rng: &mut Rng) {
    for _ in 0..n {
        let s = latest(clients);
        let moves = legal_moves(&s);
        let mv = moves[rng.below(moves.len())].clone();
        play(clients, &[&mv]).await;
    }
}

/// Opens a socket per `(seat, player)`.
async fn sockets(
    server: &Server,
    room: &str,
    seats: &[(&str, &Player)],
) -> BTreeMap<String, Client> {
    let mut m = BTreeMap::new();
    for (seat, p) in seats {
        m.insert(
            seat.to_string(),
            Client::connect(server, room, Some(&p.token)).await,
        );
    }
    m
}

/// Creates the fixture's players and rooms; returns `{players: [...], rooms: {label: id}}`.
async fn scenario(server: &Server) -> Value {
    let api = Api::new(server);
    let ana = api.player("Ana").await;
    let bo = api.player("Bo").await;
    let cy = api.player("Cy").await;
    let di = api.player("Di").await;
    let mut rooms = serde_json::Map::new();
    let mut rng = Rng(0x4848_0001);

    let id = api
        .room(
            &ana,
            json!({"game": "chess", "rated": true, "turnSeconds": 60}),
        )
        .await;
    rooms.insert("waiting-chess".into(), json!(id));
    let id = api
        .room(
            &bo,
            json!({"game": "ffa", "seat": "red", "computers": {"blue": 3}, "moveLimit": 200}),
        )
        .await;
    rooms.insert("waiting-ffa".into(), json!(id));

    // Fool's mate, rated: chess ratings for Ana and Bo.
    let id = api
        .room(&ana, json!({"game": "chess", "rated": true}))
        .await;
    api.join(&bo, &id, None).await;
    let mut c = sockets(server, &id, &[("white", &ana), ("black", &bo)]).await;
    play(&mut c, &["f2f3", "e7e5", "g2g4", "d8h4"]).await;
    let over = c
        .get_mut("white")
        .unwrap()
        .state_where(|s| s["roomStatus"] == "over")
        .await;
    assert_eq!(over["status"]["result"]["reason"], "checkmate");
    rooms.insert("chess-over".into(), json!(id));

    let id = api.room(&cy, json!({"game": "chess", "rated": true})).await;
    api.join(&di, &id, None).await;
    let mut c = sockets(server, &id, &[("white", &cy), ("black", &di)]).await;
    play(&mut c, &["e2e4", "e7e5", "g1f3"]).await;
    rooms.insert("chess-playing".into(), json!(id));

    let id = api.room(&bo, json!({"game": "3check"})).await;
    api.join(&cy, &id, None).await;
    let mut c = sockets(server, &id, &[("white", &bo), ("black", &cy)]).await;
    play(&mut c, &["e2e4", "e7e6", "d2d4", "f8b4", "c2c3"]).await;
    rooms.insert("3check-playing".into(), json!(id));

    // Four Kingdoms, rated, four people: some moves, then blue, yellow and green resign.
    let id = api
        .room(
            &ana,
            json!({"game": "kingdoms", "rated": true, "seat": "red"}),
        )
        .await;
    for (p, seat) in [(&bo, "blue"), (&cy, "yellow"), (&di, "green")] {
        api.join(p, &id, Some(seat)).await;
    }
    let seats = [
        ("red", &ana),
        ("blue", &bo),
        ("yellow", &cy),
        ("green", &di),
    ];
    let mut c = sockets(server, &id, &seats).await;
    play_random(&mut c, 9, &mut rng).await;
    for seat in ["blue", "yellow", "green"] {
        let s = c.get_mut(seat).unwrap();
        let p = s.state.clone();
        s.send(json!({"type": "resign"})).await;
        eprintln!("{seat} resigns at ply {}", ply(&p));
        loop {
            let v = s.next().await;
            assert_ne!(v["type"], "error", "{seat} resigns: {v}");
            if v["type"] == "state" && (v["score"] != p["score"] || v["status"] != p["status"]) {
                break;
            }
        }
    }
    let over = c
        .get_mut("red")
        .unwrap()
        .state_where(|s| s["roomStatus"] == "over")
        .await;
    assert_eq!(
        over["status"]["result"]["winners"],
        json!(["red"]),
        "{over}"
    );
    rooms.insert("kingdoms-over".into(), json!(id));

    // Free-for-all in progress, four people.
    let id = api.room(&bo, json!({"game": "ffa", "seat": "red"})).await;
    for (p, seat) in [(&ana, "blue"), (&cy, "yellow"), (&di, "green")] {
        api.join(p, &id, Some(seat)).await;
    }
    let seats = [
        ("red", &bo),
        ("blue", &ana),
        ("yellow", &cy),
        ("green", &di),
    ];
    let mut c = sockets(server, &id, &seats).await;
    play_random(&mut c, 10, &mut rng).await;
    rooms.insert("ffa-playing".into(), json!(id));

    let players: Vec<Value> = [ana, bo, cy, di]
        .iter()
        .map(|p| json!({"id": p.id, "name": p.name, "token": p.token}))
        .collect();
    json!({"players": players, "rooms": rooms})
}

/// A room state without what changes from one reading to the next (times).
fn stable_state(mut s: Value) -> Value {
    let o = s.as_object_mut().unwrap();
    o.remove("now");
    if let Some(c) = o.get_mut("clock").and_then(Value::as_object_mut) {
        c.remove("now");
    }
    for seat in o["seats"].as_array_mut().unwrap() {
        seat.as_object_mut().unwrap().remove("awaySince");
    }
    s
}

/// What a server says about the fixture's rooms, players and ratings.
async fn answers(server: &Server, meta: &Value) -> Value {
    let api = Api::new(server);
    let mut rooms = serde_json::Map::new();
    for (label, id) in meta["rooms"].as_object().unwrap() {
        let (code, s) = api
            .get(&format!("/api/rooms/{}", id.as_str().unwrap()), None)
            .await;
        assert_eq!(code, 200, "{label}: {s}");
        rooms.insert(label.clone(), stable_state(s));
    }
    let (code, lobby) = api.get("/api/rooms", None).await;
    assert_eq!(code, 200, "{lobby}");
    let mut ratings = serde_json::Map::new();
    for game in [
        "chess",
        "3check",
        "kingofthehill",
        "racingkings",
        "ffa",
        "kingdoms",
    ] {
        let (code, r) = api.get(&format!("/api/ratings?game={game}"), None).await;
        assert_eq!(code, 200, "{r}");
        ratings.insert(game.into(), r);
    }
    let mut me = serde_json::Map::new();
    for p in meta["players"].as_array().unwrap() {
        let (code, r) = api
            .get("/api/players/me", Some(p["token"].as_str().unwrap()))
            .await;
        assert_eq!(code, 200, "{r}");
        me.insert(p["name"].as_str().unwrap().into(), r);
    }
    json!({"rooms": rooms, "lobby": lobby, "ratings": ratings, "me": me})
}

fn write_json(path: &Path, v: &Value) {
    std::fs::write(path, serde_json::to_string_pretty(v).unwrap() + "\n").unwrap();
}

fn read_json(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Every row of the SQLite file's tables, as text, in key order.
fn sqlite_rows(db: &Path) -> Vec<String> {
    let conn = rusqlite::Connection::open(db).unwrap();
    let mut out = Vec::new();
    // The columns the earlier server wrote (later servers add `rooms.extra`, which must
    // stay NULL in rooms written before it: see the check below, and `players.name_key`,
    // the name's key for uniqueness).
    let rooms = "id, game, rated, turn_seconds, move_limit, seats, status, created, seed, deadline, result, version";
    for (table, columns, order) in [
        ("players", "id, name, token_hash, created", "id"),
        ("rooms", rooms, "id"),
        ("moves", "*", "room, ply"),
        ("ratings", "*", "player, game"),
    ] {
        let mut st = conn
            .prepare(&format!("SELECT {columns} FROM {table} ORDER BY {order}"))
            .unwrap();
        let n = st.column_count();
        let rows = st
            .query_map([], |r| {
                (0..n)
                    .map(|i| r.get::<_, rusqlite::types::Value>(i))
                    .collect::<Result<Vec<_>, _>>()
            })
            .unwrap();
        for r in rows {
            out.push(format!("{table}: {:?}", r.unwrap()));
        }
    }
    let has_extra: i64 = conn
        .query_row(
            "SELECT COUNT(*) FROM pragma_table_info('rooms') WHERE name = 'extra'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    if has_extra > 0 {
        let set: i64 = conn
            .query_row(
                "SELECT COUNT(*) FROM rooms WHERE extra IS NOT NULL",
                [],
                |r| r.get(0),
            )
            .unwrap();
        out.push(format!("rooms with extra: {set}"));
    } else {
        out.push("rooms with extra: 0".into());
    }
    out
}

/// The stored moves of `room`, `(ply, text)`.
fn sqlite_moves(db: &Path, room: &str) -> Vec<(i64, String)> {
    let conn = rusqlite::Connection::open(db).unwrap();
    let mut st = conn
        .prepare("SELECT ply, text FROM moves WHERE room = ?1 ORDER BY ply")
        .unwrap();
    st.query_map([room], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect()
}

/// Checks the answers of `server` (started on a copy of a fixture) against the recorded ones.
async fn assert_same_answers(server: &Server, expected: &Value) {
    let got = answers(server, &expected["meta"]).await;
    let want = &expected["answers"];
    for (label, state) in want["rooms"].as_object().unwrap() {
        let mut got = got["rooms"][label].clone();
        // Added since the fixtures were written: the moves as SAN (PGN4 for four players).
        let san = got.as_object_mut().unwrap().remove("san").unwrap();
        // Added by issue 50: clocks, offers, abort, rematch and watchers; rooms written
        // before have none of them.
        for (field, none) in [
            ("clocks", json!(null)),
            ("offers", json!([])),
            ("rematch", json!(null)),
            ("watchers", json!(0)),
        ] {
            assert_eq!(
                got.as_object_mut().unwrap().remove(field),
                Some(none),
                "{label}"
            );
        }
        // Added by issue 52 (a Chess960 room starts from its seed's position): every fixture
        // room starts from its game's usual position, which a fresh package game has.
        let start = got.as_object_mut().unwrap().remove("startFen").unwrap();
        let kind = tablero::GameKind::from_id(state["game"].as_str().unwrap()).unwrap();
        let fresh = tablero::Game::new(tablero::NewGame {
            kind,
            ..Default::default()
        })
        .unwrap();
        assert_eq!(start, json!(fresh.fen()), "{label}");
        let abortable = got.as_object_mut().unwrap().remove("abortable").unwrap();
        assert_eq!(
            abortable,
            json!(false),
            "{label}: every fixture game has moves by all or is not playing"
        );
        assert_eq!(
            san.as_array().unwrap().len(),
            state["moves"].as_array().unwrap().len()
        );
        if state["seats"].as_array().unwrap().len() == 4 {
            assert_eq!(san, state["moves"], "{label}");
        }
        assert_eq!(&got, state, "room {label}");
    }
    assert_eq!(
        got["rooms"]["chess-playing"]["san"],
        json!(["e4", "e5", "Nf3"])
    );
    assert_eq!(
        got["rooms"]["3check-playing"]["san"],
        json!(["e4", "e6", "d4", "Bb4+", "c3"])
    );
    assert_eq!(
        got["rooms"]["chess-over"]["san"],
        json!(["f3", "e5", "g4", "Qh4#"])
    );
    // Added to the lobby by issue 50: each waiting room's clock (none in these rooms) and
    // the games in progress loaded in the process.
    let mut got = got;
    assert!(got["lobby"]["games"].is_array());
    got["lobby"].as_object_mut().unwrap().remove("games");
    for r in got["lobby"]["rooms"].as_array_mut().unwrap() {
        assert_eq!(
            r.as_object_mut().unwrap().remove("clock"),
            Some(json!(null))
        );
    }
    for key in ["lobby", "ratings", "me"] {
        assert_eq!(got[key], want[key], "{key}");
    }
    // The non-trivial parts really are in the fixture.
    assert_eq!(
        want["rooms"]["chess-over"]["status"]["result"]["reason"],
        "checkmate"
    );
    assert_eq!(
        want["rooms"]["chess-playing"]["moves"],
        json!(["e2e4", "e7e5", "g1f3"])
    );
    assert_eq!(want["rooms"]["kingdoms-over"]["roomStatus"], "over");
    assert_eq!(want["ratings"]["kingdoms"].as_array().unwrap().len(), 4);
    assert_eq!(want["ratings"]["chess"].as_array().unwrap().len(), 2);
    assert_eq!(want["lobby"]["rooms"].as_array().unwrap().len(), 2);
    // Rooms loaded from the old record carry on: black answers in the chess game.
    let room = expected["meta"]["rooms"]["chess-playing"].as_str().unwrap();
    let di = &expected["meta"]["players"][3];
    assert_eq!(di["name"], "Di");
    let mut c = Client::connect(server, room, di["token"].as_str()).await;
    c.send(json!({"type": "move", "move": "b8c6", "ply": 3}))
        .await;
    let s = c.state_where(|s| ply(s) == 4).await;
    assert_eq!(s["moves"][3], "b8c6");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sqlite_database_of_the_earlier_server_loads_intact() {
    let dir = temp_dir("fixture-sqlite");
    let db = dir.join("db.sqlite");
    std::fs::copy(data_dir().join("rooms-v1.sqlite"), &db).unwrap();
    let expected = read_json(&data_dir().join("rooms-v1.sqlite.json"));
    let before = sqlite_rows(&db);
    let room = expected["meta"]["rooms"]["chess-playing"].as_str().unwrap();
    let mut server = Server::sqlite(&dir, &OPTS);
    assert_same_answers(&server, &expected).await;
    server.kill();
    // Loading rewrote nothing. The one new move is stored in the same text form, and its
    // room's row is left as it was: the room has no turn timer, so the move changes
    // nothing in the row (not even its version, which counts the row's changes).
    let after = sqlite_rows(&db);
    let added: Vec<&String> = after.iter().filter(|r| !before.contains(r)).collect();
    let gone: Vec<&String> = before.iter().filter(|r| !after.contains(r)).collect();
    assert!(gone.is_empty(), "rows changed: {gone:?}");
    assert_eq!(added.len(), 1, "{added:?}");
    assert!(added[0].starts_with("moves: "), "{added:?}");
    assert_eq!(
        sqlite_moves(&db, room).last().unwrap(),
        &(3, "move:black:b8c6".to_string())
    );
    let kingdoms = expected["meta"]["rooms"]["kingdoms-over"].as_str().unwrap();
    let texts: Vec<String> = sqlite_moves(&db, kingdoms)
        .into_iter()
        .map(|m| m.1)
        .collect();
    assert!(texts.contains(&"resign:blue".to_string()), "{texts:?}");
}

/// A stored game this server does not know (a newer server's, say) fails that room alone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_room_of_an_unknown_game_is_left_out() {
    let dir = temp_dir("fixture-unknown");
    let db = dir.join("db.sqlite");
    std::fs::copy(data_dir().join("rooms-v1.sqlite"), &db).unwrap();
    let expected = read_json(&data_dir().join("rooms-v1.sqlite.json"));
    let rooms = &expected["meta"]["rooms"];
    let (odd, kept) = (
        rooms["waiting-ffa"].as_str().unwrap(),
        &rooms["waiting-chess"],
    );
    rusqlite::Connection::open(&db)
        .unwrap()
        .execute("UPDATE rooms SET game = 'go' WHERE id = ?1", [odd])
        .unwrap();
    let server = Server::sqlite(&dir, &OPTS);
    let api = Api::new(&server);
    let (code, lobby) = api.get("/api/rooms", None).await;
    assert_eq!(code, 200);
    let ids: Vec<&Value> = lobby["rooms"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| &r["id"])
        .collect();
    assert_eq!(ids, [kept]);
    let (code, v) = api.get(&format!("/api/rooms/{odd}"), None).await;
    assert_eq!((code, &v["error"]), (500, &json!("internal")));
    let chess = rooms["chess-playing"].as_str().unwrap();
    assert_eq!(api.get(&format!("/api/rooms/{chess}"), None).await.0, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_postgres_dump_of_the_earlier_server_loads_intact() {
    let Some(pg) = Pg::start() else {
        eprintln!("SKIPPED: PostgreSQL is not installed and could not be installed with apt");
        return;
    };
    let dump = std::fs::read(data_dir().join("rooms-v1.pg.sql")).unwrap();
    pg.client(
        "psql",
        &["-q", "-d", &pg.url, "-c", "CREATE DATABASE fixture"],
        b"",
    )
    .expect("creating the database");
    let url = pg.url_of("fixture");
    pg.client("psql", &["-q", "-d", &url, "-f", "-"], &dump)
        .expect("loading the dump");
    let expected = read_json(&data_dir().join("rooms-v1.pg.json"));
    let server = Server::start(&[&["--database-url", &url][..], &OPTS].concat());
    assert_same_answers(&server, &expected).await;
    drop(server);
    drop(pg);
}

/// Writes the fixtures with the server under test (see the module's documentation).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "writes tests/data/rooms-v1.*: run by hand, only with a reference server"]
async fn write_fixtures() {
    std::fs::create_dir_all(data_dir()).unwrap();
    // SQLite: the scenario, then a clean single-file copy (no WAL beside it).
    let dir = temp_dir("fixture-write");
    let mut server = Server::sqlite(&dir, &OPTS);
    let meta = scenario(&server).await;
    server.kill();
    let file = data_dir().join("rooms-v1.sqlite");
    let _ = std::fs::remove_file(&file);
    rusqlite::Connection::open(dir.join("db.sqlite"))
        .unwrap()
        .execute("VACUUM INTO ?1", [file.to_str().unwrap()])
        .unwrap();
    let reload = temp_dir("fixture-reload");
    std::fs::copy(&file, reload.join("db.sqlite")).unwrap();
    let server = Server::sqlite(&reload, &OPTS);
    let recorded = answers(&server, &meta).await;
    write_json(
        &data_dir().join("rooms-v1.sqlite.json"),
        &json!({"meta": meta, "answers": recorded}),
    );
    drop(server);

    // PostgreSQL: the scenario, a plain dump, and the answers of a server on that dump.
    // Short leases, and time for them to run out: the dead writer's heartbeat and presence
    // rows are in the dump, and must read as expired from the first answer on.
    let pg = Pg::start().expect("PostgreSQL for the dump");
    let opts = [
        &["--database-url", &pg.url, "--lease-seconds", "1"][..],
        &OPTS,
    ]
    .concat();
    let mut server = Server::start(&opts);
    let meta = scenario(&server).await;
    server.kill();
    tokio::time::sleep(std::time::Duration::from_secs(3)).await;
    let dump = pg
        .client(
            "pg_dump",
            &["--no-owner", "--no-privileges", "-d", &pg.url],
            b"",
        )
        .expect("pg_dump");
    std::fs::write(data_dir().join("rooms-v1.pg.sql"), &dump).unwrap();
    pg.client(
        "psql",
        &["-q", "-d", &pg.url, "-c", "CREATE DATABASE fixture"],
        b"",
    )
    .unwrap();
    let url = pg.url_of("fixture");
    pg.client("psql", &["-q", "-d", &url, "-f", "-"], &dump)
        .unwrap();
    let server = Server::start(&[&["--database-url", &url][..], &OPTS].concat());
    let recorded = answers(&server, &meta).await;
    write_json(
        &data_dir().join("rooms-v1.pg.json"),
        &json!({"meta": meta, "answers": recorded}),
    );
}
