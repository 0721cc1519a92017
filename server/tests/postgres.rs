//! Two server processes on one PostgreSQL database, clients on different processes.
//!
//! The test starts its own PostgreSQL (Debian's `postgresql` package; installed with apt if
//! missing and possible) with `initdb` + `pg_ctl` on a temporary directory and a loopback
//! port, as the `postgres` user when run as root, and stops it afterwards. Where PostgreSQL
//! cannot be installed it skips with a message saying so.

mod common;

use std::time::Duration;

use common::pg::Pg;
use common::*;
use serde_json::{Value, json};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_share_rooms_and_take_over_a_dead_one() {
    let Some(pg) = Pg::start() else {
        eprintln!("SKIPPED: PostgreSQL is not installed and could not be installed with apt");
        return;
    };
    let args = [
        "--database-url",
        &pg.url,
        "--lease-seconds",
        "2",
        "--ai-nodes",
        "300",
    ];
    let mut a = Server::start(&args);
    let api_a = Api::new(&a);
    let x = api_a.player("X").await;
    let y = api_a.player("Y").await;
    let r1 = api_a.room(&x, json!({"game": "chess"})).await;
    let r2 = api_a
        .room(
            &x,
            json!({"game": "ffa", "computers": {"blue": 1, "yellow": 1, "green": 1}}),
        )
        .await;
    // Let process A take the lease of r2 before B exists.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let b = Server::start(&args);
    let api_b = Api::new(&b);
    // Y joins through B; X plays on A, Y on B.
    assert_eq!(api_b.join(&y, &r1, None).await.1["seat"], "black");
    let mut cx = Client::connect(&a, &r1, Some(&x.token)).await;
    let mut cy = Client::connect(&b, &r1, Some(&y.token)).await;
    cx.state_where(|s| s["roomStatus"] == "playing").await;
    let mut rng = Rng(3);
    for i in 0..10 {
        let (mover, other) = if i % 2 == 0 {
            (&mut cx, &mut cy)
        } else {
            (&mut cy, &mut cx)
        };
        let s = mover.state_where(|s| ply(s) == i).await;
        let moves = legal_moves(&s);
        let mv = moves[rng.below(moves.len())].clone();
        mover
            .send(json!({"type": "move", "move": mv, "ply": i}))
            .await;
        let seen = other.state_where(|s| ply(s) == i + 1).await;
        assert_eq!(seen["moves"][i as usize], mv);
    }
    // Presence crosses processes: A's state shows Y connected on B.
    cx.state_where(|s| s["seats"][1]["connected"] == true).await;
    // Both racing for ply 10 through different processes: exactly one wins.
    let s = cx.state_where(|s| ply(s) == 10).await;
    let mv = legal_moves(&s)[0].clone();
    cx.send(json!({"type": "move", "move": mv, "ply": 10}))
        .await;
    cy.send(json!({"type": "move", "move": "e7e5", "ply": 10}))
        .await;
    // B refuses Y's move either way: as out of turn if A's move has not reached B yet, or as
    // stale once it has (ply 10 is then taken). Which one depends on NOTIFY timing.
    let refusal = cy.error().await;
    assert!(
        refusal == "not-your-turn" || refusal == "stale-ply",
        "Y's racing move must be refused, got {refusal:?}"
    );
    let s = cy.state_where(|s| ply(s) == 11).await;
    assert_eq!(
        s["moves"][10], mv,
        "white's move is the one stored at ply 10"
    );

    // r2 (owned by A): X plays red on B; A's computers answer, B's socket sees them.
    let mut c2 = Client::connect(&b, &r2, Some(&x.token)).await;
    async fn red_moves(c: &mut Client, n: usize) {
        for _ in 0..n {
            let s = c
                .state_where(|s| turn(s).as_deref() == Some("red") || s["status"]["over"] == true)
                .await;
            if s["status"]["over"] == true {
                return;
            }
            let p = ply(&s);
            let mv = legal_moves(&s)[0].clone();
            c.send(json!({"type": "move", "move": mv, "ply": p})).await;
            // The three computers reply (the ply moves on by four).
            c.state_where(|s| ply(s) >= p + 4 || s["status"]["over"] == true)
                .await;
        }
    }
    red_moves(&mut c2, 2).await;

    // Offers, chat and watchers cross processes (issue 50): r3 is casual, X plays on A, Y on
    // B, and a watcher without a name sits on each.
    offers_chat_and_watchers_across(&a, &b, &x, &y).await;

    // A watcher of r1 on A: B counts it.
    let _wa = Client::connect(&a, &r1, None).await;
    cy.state_where(|s| s["watchers"] == 1).await;

    // A dies; B takes r2 over once A's lease expires and its computers keep playing.
    a.kill();
    // The watcher died with A: B forgets it once A's heartbeat expires, though r1 stays
    // loaded on B all along.
    cy.state_where(|s| s["watchers"] == 0).await;
    red_moves(&mut c2, 2).await;
    // r1 goes on entirely on B.
    let mut cx = Client::connect(&b, &r1, Some(&x.token)).await;
    let s = cx.state_where(|s| ply(s) == 11).await;
    let mv = legal_moves(&s)[0].clone();
    cy.send(json!({"type": "move", "move": mv, "ply": 11}))
        .await;
    cx.state_where(|s| ply(s) == 12).await;
    drop(b);
    drop(pg);
}

/// The lobby's `online` adds up the sockets of the live processes only: a killed process's
/// sockets stop counting as soon as it is gone (not when its heartbeat expires), and when it
/// restarts and its sockets come back they count once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_counts_sockets_of_live_processes_once() {
    let Some(pg) = Pg::start() else {
        eprintln!("SKIPPED: PostgreSQL is not installed and could not be installed with apt");
        return;
    };
    // A heartbeat that outlives the test's waits: a dead process's row would count for two
    // minutes if only its expiry told that it died.
    let args = ["--database-url", &pg.url, "--lease-seconds", "120"];
    let mut a = Server::start(&args);
    let b = Server::start(&args);
    let api_b = Api::new(&b);
    let api_a = Api::new(&a);
    let x = api_a.player("X").await;
    let y = api_a.player("Y").await;
    let room = api_a.room(&x, json!({"game": "chess"})).await;
    assert_eq!(api_b.join(&y, &room, None).await.0, 200);
    let online = || async { api_b.get("/api/rooms", None).await.1["online"].as_i64() };
    // Polls B's lobby until it reads `want`, checking every reading against `most`.
    let until = |want: i64, most: i64| async move {
        let end = tokio::time::Instant::now() + WAIT;
        loop {
            let n = online().await.expect("online is a number");
            assert!(
                n <= most,
                "the lobby read {n} sockets, at most {most} are open"
            );
            if n == want {
                return;
            }
            assert!(
                tokio::time::Instant::now() < end,
                "the lobby never read {want}"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    };
    // Two sockets on A (a player and a watcher), one on B.
    let _x = Client::connect(&a, &room, Some(&x.token)).await;
    let _w = Client::connect(&a, &room, None).await;
    let _y = Client::connect(&b, &room, Some(&y.token)).await;
    until(3, 3).await;
    a.kill();
    until(1, 3).await;
    // A comes back (a new process) and its two sockets return: 3, never 5.
    let a = Server::start(&args);
    let _x = Client::connect(&a, &room, Some(&x.token)).await;
    let _w = Client::connect(&a, &room, None).await;
    until(3, 3).await;
    // And the dead process's row never counts again.
    for _ in 0..10 {
        assert_eq!(online().await, Some(3));
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    drop(a);
    drop(b);
    drop(pg);
}

/// The texts of `lines` said in `channel`.
fn texts(lines: &[Value], channel: &str) -> Vec<String> {
    lines
        .iter()
        .filter(|l| l["channel"] == channel)
        .map(|l| l["text"].as_str().unwrap().to_string())
        .collect()
}

/// The texts of the next chat message with a line in `channel` (a socket's first chat
/// message is the room's history, empty at first).
async fn said(c: &mut Client, channel: &str) -> Vec<String> {
    loop {
        let t = texts(&c.chat().await, channel);
        if !t.is_empty() {
            return t;
        }
    }
}

/// A casual room whose players and watchers are on two processes: watcher counts add up,
/// offers, declines, a takeback, an agreed draw and a rematch cross from one process to the
/// other, and so do chat lines, each to the readers of its channel.
async fn offers_chat_and_watchers_across(a: &Server, b: &Server, x: &Player, y: &Player) {
    let api_a = Api::new(a);
    let api_b = Api::new(b);
    // Watchers' chat needs a name; watching does not.
    let v = api_b.player("V").await;
    let room = api_a.room(x, json!({"game": "chess"})).await;
    assert_eq!(api_b.join(y, &room, None).await.0, 200);
    let mut cx = Client::connect(a, &room, Some(&x.token)).await;
    let mut cy = Client::connect(b, &room, Some(&y.token)).await;
    cx.state_where(|s| s["roomStatus"] == "playing").await;

    // Watchers: one on B, then one on A; both processes count both.
    let mut wb = Client::connect(b, &room, Some(&v.token)).await;
    cx.state_where(|s| s["watchers"] == 1).await;
    let mut wa = Client::connect(a, &room, None).await;
    cy.state_where(|s| s["watchers"] == 2).await;
    cx.state_where(|s| s["watchers"] == 2).await;
    let lobby = api_b.get("/api/rooms", None).await.1;
    let line = lobby["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == room.as_str())
        .cloned()
        .unwrap_or(Value::Null);
    assert_eq!(line["watchers"], 2, "{lobby}");

    cx.send(json!({"type": "move", "move": "e2e4", "ply": 0}))
        .await;
    cy.state_where(|s| ply(s) == 1).await;

    // A draw offer made on A shows on B; B's decline shows on A; A may not repeat it.
    cx.send(json!({"type": "offer", "offer": "draw"})).await;
    let s = cy
        .state_where(|s| s["offers"].as_array().is_some_and(|o| !o.is_empty()))
        .await;
    assert_eq!(s["offers"][0]["offer"], "draw");
    assert_eq!(s["offers"][0]["by"], "white");
    cy.send(json!({"type": "answer", "offer": "draw", "accept": false}))
        .await;
    cx.state_where(|s| s["offers"] == json!([])).await;
    cx.send(json!({"type": "offer", "offer": "draw"})).await;
    assert_eq!(cx.error().await, "already-offered");
    // An answer on A to no offer is refused there too.
    cx.send(json!({"type": "answer", "offer": "takeback", "accept": true}))
        .await;
    assert_eq!(cx.error().await, "no-offer");

    // A takeback asked on B, accepted on A.
    cy.send(json!({"type": "move", "move": "e7e5", "ply": 1}))
        .await;
    cx.state_where(|s| ply(s) == 2).await;
    cy.send(json!({"type": "offer", "offer": "takeback"})).await;
    cx.state_where(|s| s["offers"][0]["offer"] == "takeback")
        .await;
    cx.send(json!({"type": "answer", "offer": "takeback", "accept": true}))
        .await;
    let s = cy.state_where(|s| ply(s) == 1).await;
    assert_eq!(s["moves"], json!(["e2e4"]));

    // Chat: a player's line on A reaches the other player and the watchers on B; a
    // watcher's line on B reaches the watcher on A, not the players while they play.
    cx.send(json!({"type": "chat", "text": "hello from A"}))
        .await;
    assert_eq!(said(&mut cy, "players").await, ["hello from A"]);
    assert_eq!(said(&mut wb, "players").await, ["hello from A"]);
    wb.send(json!({"type": "chat", "text": "watchers on B"}))
        .await;
    assert_eq!(said(&mut wa, "watchers").await, ["watchers on B"]);
    let to_x = cx.chat_until_pong().await;
    assert!(texts(&to_x, "watchers").is_empty(), "{to_x:?}");
    // Both lines are stored once each, in order, for whoever opens the room later.
    let mut late = Client::connect(b, &room, None).await;
    let history = late.chat().await;
    assert_eq!(texts(&history, "players"), ["hello from A"]);
    assert_eq!(texts(&history, "watchers"), ["watchers on B"]);
    late.close().await;

    // A draw offered on B and accepted on A ends the game on both.
    cy.send(json!({"type": "offer", "offer": "draw"})).await;
    cx.state_where(|s| s["offers"][0]["by"] == "black").await;
    cx.send(json!({"type": "answer", "offer": "draw", "accept": true}))
        .await;
    let s = cy.state_where(|s| s["status"]["over"] == true).await;
    assert_eq!(s["status"]["result"]["reason"], "agreement");

    // A rematch offered on A, accepted on B: both pages learn the same new room.
    cx.send(json!({"type": "offer", "offer": "rematch"})).await;
    cy.state_where(|s| s["offers"][0]["offer"] == "rematch")
        .await;
    cy.send(json!({"type": "answer", "offer": "rematch", "accept": true}))
        .await;
    let sy = cy.state_where(|s| s["rematch"].is_string()).await;
    let sx = cx.state_where(|s| s["rematch"].is_string()).await;
    assert_eq!(sx["rematch"], sy["rematch"]);
    // Watchers leaving on one process lower the count on the other.
    wa.close().await;
    cy.state_where(|s| s["watchers"] == 1).await;
}

/// A process's id is new at each start: the heartbeat rows of processes dead for over an hour
/// are deleted by the others' lease rounds, a recently dead one's row is kept.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn heartbeat_rows_of_long_dead_processes_are_deleted() {
    let Some(pg) = Pg::start() else {
        eprintln!("SKIPPED: PostgreSQL is not installed and could not be installed with apt");
        return;
    };
    let args = ["--database-url", &pg.url, "--lease-seconds", "2"];
    let a = Server::start(&args);
    let sql = |q: &str| {
        let out = pg
            .client("psql", &["-q", "-t", "-A", "-d", &pg.url, "-c", q], b"")
            .expect("psql runs");
        String::from_utf8(out).unwrap().trim().to_string()
    };
    // A's first round has made the table and its own row.
    let end = tokio::time::Instant::now() + WAIT;
    while sql("SELECT count(*) FROM processes WHERE expires > now()") != "1" {
        assert!(
            tokio::time::Instant::now() < end,
            "A's heartbeat never showed"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    sql("INSERT INTO processes (id, expires) VALUES \
         ('dead-long-ago', now() - interval '2 hours'), ('dead-just-now', now() - interval '1 minute')");
    // A round every half second (a quarter of the lease).
    let end = tokio::time::Instant::now() + WAIT;
    while sql("SELECT count(*) FROM processes WHERE id = 'dead-long-ago'") != "0" {
        assert!(
            tokio::time::Instant::now() < end,
            "the long-dead row was never deleted"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(
        sql("SELECT count(*) FROM processes WHERE id = 'dead-just-now'"),
        "1"
    );
    assert_eq!(
        sql("SELECT count(*) FROM processes WHERE expires > now()"),
        "1"
    );
    drop(a);
    drop(pg);
}
