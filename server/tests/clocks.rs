//! Game clocks, offers, abort, rematch, waiting rooms, watching and chat (R11–R13, issue 50),
//! end to end against the real binary. Every server here runs with `--clock manual`: its
//! time moves only when a test says so (`POST /api/test/clock`), so no test depends on wall
//! time.

mod common;

use common::*;
use serde_json::{Value, json};

const MANUAL: [&str; 4] = ["--clock", "manual", "--ai-nodes", "300"];

fn over(s: &Value) -> bool {
    s["status"]["over"] == true
}

fn reason(s: &Value) -> &Value {
    &s["status"]["result"]["reason"]
}

/// Two players seated and connected in a new room created with `body`; the state once
/// playing.
async fn two(server: &Server, api: &Api, body: Value) -> (Player, Player, String, Client, Client) {
    let w = api.player("W").await;
    let b = api.player("B").await;
    let room = api.room(&w, body).await;
    let mut cw = Client::connect(server, &room, Some(&w.token)).await;
    assert_eq!(api.join(&b, &room, None).await.0, 200);
    let cb = Client::connect(server, &room, Some(&b.token)).await;
    cw.state_where(|s| s["roomStatus"] == "playing").await;
    (w, b, room, cw, cb)
}

/// Sends `mv` at ply `p` from `c` and waits until `watch` sees the next ply.
async fn play(c: &mut Client, watch: Option<&mut Client>, mv: &str, p: i64) -> Value {
    c.send(json!({"type": "move", "move": mv, "ply": p})).await;
    match watch {
        Some(w) => w.state_where(|s| ply(s) == p + 1).await,
        None => c.state_where(|s| ply(s) == p + 1).await,
    }
}

fn clocks(s: &Value) -> (i64, i64) {
    (
        s["clocks"]["white"].as_i64().unwrap(),
        s["clocks"]["black"].as_i64().unwrap(),
    )
}

/// R11.1–R11.3, R11.5: the first moves cost nothing, the increment comes after a move, the
/// clocks survive a kill -9, a flag exactly at the deadline loses, and a move after the flag
/// is refused with the flag standing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn clocks_count_add_increments_survive_a_restart_and_flag() {
    let dir = temp_dir("clocks");
    let mut server = Server::sqlite(&dir, &MANUAL);
    let api = Api::new(&server);
    let (w, b, room, mut cw, mut cb) = two(
        &server,
        &api,
        json!({"game": "chess", "clock": {"initial": 60, "increment": 2}}),
    )
    .await;
    let s = cw.state.clone();
    assert_eq!(s["clock"]["initial"], 60);
    assert_eq!(s["clock"]["increment"], 2);
    assert_eq!(s["clock"]["started"], false);
    assert_eq!(clocks(&s), (60_000, 60_000));
    // The first-move countdown: 30 s from the start.
    let start = s["now"].as_i64().unwrap();
    assert_eq!(s["clock"]["deadline"].as_i64().unwrap(), start + 30_000);
    assert_eq!(s["abortable"], true);

    api.advance(5_000).await;
    play(&mut cw, None, "e2e4", 0).await;
    api.advance(3_000).await;
    let s = play(&mut cb, Some(&mut cw), "e7e5", 1).await;
    // Every seat has moved: the clocks run from now, nothing was spent or added before.
    assert_eq!(s["clock"]["started"], true);
    assert_eq!(s["abortable"], false);
    assert_eq!(clocks(&s), (60_000, 60_000));
    api.advance(10_000).await;
    let s = play(&mut cw, None, "g1f3", 2).await;
    // 60 s − 10 s + the 2 s increment, added after the move.
    assert_eq!(clocks(&s), (52_000, 60_000));
    assert_eq!(s["clock"]["turn"], "black");
    let t = s["now"].as_i64().unwrap();
    let deadline = s["clock"]["deadline"].as_i64().unwrap();
    assert_eq!(
        deadline,
        t + 60_000,
        "black's minute runs from white's move"
    );
    api.advance(7_000).await;

    // kill -9: the restarted server (its manual clock starts at the wall time again)
    // rebuilds every clock from the stored moves and the start time.
    server.kill();
    let server = Server::start(&server.args.iter().map(String::as_str).collect::<Vec<_>>());
    let api = Api::new(&server);
    let s = api.get(&format!("/api/rooms/{room}"), None).await.1;
    let now = s["now"].as_i64().unwrap();
    assert_eq!(s["clock"]["deadline"].as_i64().unwrap(), deadline);
    assert_eq!(
        clocks(&s),
        (52_000, 60_000 - (now - t).clamp(0, 60_000)),
        "{s}"
    );
    let mut cw = Client::connect(&server, &room, Some(&w.token)).await;
    let mut cb = Client::connect(&server, &room, Some(&b.token)).await;
    // One millisecond before the deadline nothing happens; exactly at it black has flagged.
    let wait = deadline - now;
    if wait > 1 {
        api.advance(wait - 1).await;
        cw.alive().await;
        let s = api.get(&format!("/api/rooms/{room}"), None).await.1;
        assert!(!over(&s), "{s}");
        api.advance(1).await;
    } else {
        api.advance(wait.max(0)).await;
    }
    let s = cw.state_where(over).await;
    assert_eq!(reason(&s), "timeout");
    assert_eq!(s["status"]["result"]["winners"], json!(["white"]));
    assert_eq!(s["clocks"]["black"], 0);
    // Black's move arrives after the flag: refused, the flag stands.
    cb.send(json!({"type": "move", "move": "b8c6", "ply": 3}))
        .await;
    assert_eq!(cb.error().await, "flagged");
    let s = api.get(&format!("/api/rooms/{room}"), None).await.1;
    assert_eq!(ply(&s), 3);
    assert_eq!(reason(&s), "timeout");
}

/// R11.3: a flag against a lone king draws; R11.2: a first move not made in 30 s aborts,
/// with no rating change.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn first_move_countdown_aborts_without_rating_change() {
    let dir = temp_dir("first-move");
    let server = Server::sqlite(&dir, &MANUAL);
    let api = Api::new(&server);
    let (w, _b, _room, mut cw, _cb) = two(
        &server,
        &api,
        json!({"game": "chess", "rated": true, "clock": {"initial": 180, "increment": 0}}),
    )
    .await;
    api.advance(29_999).await;
    cw.send(json!({"type": "ping"})).await;
    assert!(!over(&cw.state));
    api.advance(1).await;
    let s = cw.state_where(over).await;
    assert_eq!(reason(&s), "aborted");
    assert_eq!(s["status"]["result"]["winners"], json!([]));
    let (_, me) = api.get("/api/players/me", Some(&w.token)).await;
    assert_eq!(me["ratings"], json!([]), "an aborted game rates nobody");
}

/// R11.4: in four-player games a flag times the player out (`T` in the record, status
/// `timeout`) and the game goes on: in free-for-all the player is out as on resignation
/// (R5.16–R5.17: never to move again), in Four Kingdoms their pieces move at random (R6.4).
/// A move from them after the flag is refused, and a kill -9 keeps the flag and the clocks.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn four_players_time_out_and_play_on() {
    let dir = temp_dir("clocks4");
    let mut server = Server::sqlite(&dir, &MANUAL);
    for game in ["ffa", "kingdoms"] {
        let api = Api::new(&server);
        let p: Vec<Player> = vec![
            api.player("R").await,
            api.player("Bl").await,
            api.player("Y").await,
            api.player("G").await,
        ];
        let room = api
            .room(
                &p[0],
                json!({"game": game, "clock": {"initial": 15, "increment": 0}}),
            )
            .await;
        let mut cs = vec![Client::connect(&server, &room, Some(&p[0].token)).await];
        for q in &p[1..] {
            api.join(q, &room, None).await;
            cs.push(Client::connect(&server, &room, Some(&q.token)).await);
        }
        let seat_index = |seat: &str| {
            ["red", "blue", "yellow", "green"]
                .iter()
                .position(|x| *x == seat)
                .unwrap()
        };
        let s = cs[0].state_where(|s| s["roomStatus"] == "playing").await;
        assert_eq!(s["clocks"].as_object().unwrap().len(), 4);
        for i in 0..4 {
            let s = cs[0].state_where(|s| ply(s) >= i).await;
            let k = seat_index(&turn(&s).unwrap());
            let mv = legal_moves(&s)[0].clone();
            let p0 = ply(&s);
            cs[k]
                .send(json!({"type": "move", "move": mv, "ply": p0}))
                .await;
            cs[0].state_where(|s| ply(s) > p0).await;
        }
        let s = cs[0].state.clone();
        assert_eq!(s["clock"]["started"], true, "{game}");
        let mover = turn(&s).unwrap();
        let flagged = seat_index(&mover);
        let before = ply(&s);
        let d = s["clock"]["deadline"].as_i64().unwrap() - s["now"].as_i64().unwrap();
        assert_eq!(d, 15_000);
        // One millisecond early: nothing.
        api.advance(d - 1).await;
        cs[0].alive().await;
        let s = api.get(&format!("/api/rooms/{room}"), None).await.1;
        assert_eq!(ply(&s), before, "{game}: no flag before the deadline");
        api.advance(1).await;
        let timed_out = |s: &Value| {
            s["score"]
                .as_array()
                .unwrap()
                .iter()
                .any(|x| x["player"] == mover.as_str() && x["status"] == "timeout")
        };
        let s = cs[0].state_where(timed_out).await;
        assert!(!over(&s), "{game}: three remain, the game goes on");
        assert_ne!(turn(&s).unwrap(), mover);
        assert_eq!(s["clocks"][&mover], 0);
        // The record says `T`, a time-out, not `R` (a resignation).
        assert_eq!(s["moves"][before as usize], "T", "{game}: {}", s["moves"]);
        assert_eq!(s["san"][before as usize], "T", "{game}: {}", s["san"]);
        // The flagged player's move comes too late: refused, nothing changes.
        let p1 = ply(&s);
        let mv = legal_moves(&s)[0].clone();
        cs[flagged]
            .send(json!({"type": "move", "move": mv, "ply": p1}))
            .await;
        let code = cs[flagged].error().await;
        assert!(
            code == "not-your-turn" || code == "already-out",
            "{game}: {code}"
        );
        let s = api.get(&format!("/api/rooms/{room}"), None).await.1;
        assert_eq!(ply(&s), p1, "{game}");
        // The three others play a round on; in free-for-all the flagged seat never moves
        // again, in Four Kingdoms the engine moves its pieces at random (R6.4).
        for _ in 0..3 {
            let s = cs[0].state_where(|s| ply(s) >= p1).await;
            let s = if turn(&s).as_deref() == Some(mover.as_str()) {
                assert_eq!(game, "kingdoms");
                cs[0].state_where(|x| ply(x) > ply(&s)).await
            } else {
                s
            };
            let k = seat_index(&turn(&s).unwrap());
            assert_ne!(
                k, flagged,
                "{game}: the flagged seat is never asked to move"
            );
            let mv = legal_moves(&s)[0].clone();
            let p0 = ply(&s);
            cs[k]
                .send(json!({"type": "move", "move": mv, "ply": p0}))
                .await;
            cs[0].state_where(|s| ply(s) > p0).await;
        }
        let s = cs[0].state.clone();
        let after: Vec<&Value> = s["moves"].as_array().unwrap()[before as usize + 1..]
            .iter()
            .collect();
        if game == "kingdoms" {
            assert!(
                after.len() >= 4,
                "{game}: a random move of the flagged seat: {after:?}"
            );
        } else {
            assert_eq!(
                after.len(),
                3,
                "{game}: only the three others moved: {after:?}"
            );
        }
        // kill -9: the flag and every clock come back from the stored record.
        let clocks_before = s["clocks"].clone();
        let n = ply(&s);
        server.kill();
        server = Server::start(&server.args.iter().map(String::as_str).collect::<Vec<_>>());
        let api = Api::new(&server);
        let s = api.get(&format!("/api/rooms/{room}"), None).await.1;
        assert_eq!(ply(&s), n, "{game}");
        assert!(timed_out(&s), "{game}: {}", s["score"]);
        assert_eq!(s["clocks"][&mover], 0);
        for seat in ["red", "blue", "yellow", "green"] {
            if seat != mover && turn(&s).as_deref() != Some(seat) {
                assert_eq!(s["clocks"][seat], clocks_before[seat], "{game} {seat}");
            }
        }
    }
}

/// R12.1–R12.4 and R13 in a casual two-player room, and every refusal of the list.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn offers_takeback_abort_and_rematch() {
    let dir = temp_dir("offers");
    let server = Server::sqlite(&dir, &MANUAL);
    let api = Api::new(&server);
    let (w, b, room, mut cw, mut cb) = two(
        &server,
        &api,
        json!({"game": "chess", "clock": {"initial": 300, "increment": 3}}),
    )
    .await;
    let mut watcher = Client::connect(&server, &room, None).await;
    let s = watcher.state_where(|s| s["watchers"] == 1).await;
    assert_eq!(s["you"], Value::Null);
    // A watcher can not offer, answer or abort.
    for m in [
        json!({"type": "offer", "offer": "draw"}),
        json!({"type": "answer", "offer": "draw", "accept": true}),
        json!({"type": "abort"}),
    ] {
        watcher.send(m).await;
        assert_eq!(watcher.error().await, "not-seated");
    }
    // An answer to no offer.
    cb.send(json!({"type": "answer", "offer": "draw", "accept": true}))
        .await;
    assert_eq!(cb.error().await, "no-offer");
    // R13: only the player to move may claim.
    cb.send(json!({"type": "claimDraw"})).await;
    assert_eq!(cb.error().await, "not-your-turn");

    play(&mut cw, Some(&mut cb), "e2e4", 0).await;
    api.advance(4_000).await;
    play(&mut cb, Some(&mut cw), "e7e5", 1).await;
    let before = api.get(&format!("/api/rooms/{room}"), None).await.1;
    api.advance(6_000).await;
    play(&mut cw, Some(&mut cb), "g1f3", 2).await;
    // Too late to abort: both have moved.
    cb.send(json!({"type": "abort"})).await;
    assert_eq!(cb.error().await, "too-late");

    // A takeback: white asks for Nf3 back, black accepts; the clocks return.
    api.advance(2_000).await;
    cw.send(json!({"type": "offer", "offer": "takeback"})).await;
    let s = cb
        .state_where(|s| !s["offers"].as_array().unwrap().is_empty())
        .await;
    assert_eq!(
        s["offers"],
        json!([{"offer": "takeback", "by": "white", "accepted": ["white"]}])
    );
    cb.send(json!({"type": "answer", "offer": "takeback", "accept": true}))
        .await;
    let s = cb.state_where(|s| ply(s) == 2).await;
    assert_eq!(s["moves"], json!(["e2e4", "e7e5"]));
    assert_eq!(s["offers"], json!([]));
    assert_eq!(clocks(&s), clocks(&before), "clocks as they were after e5");
    assert_eq!(s["clock"]["turn"], "white");

    // A draw offer: declined, not repeatable before a move; then accepted.
    cw.send(json!({"type": "offer", "offer": "draw"})).await;
    cb.state_where(|s| s["offers"][0]["offer"] == "draw").await;
    cb.send(json!({"type": "answer", "offer": "draw", "accept": false}))
        .await;
    cw.state_where(|s| s["offers"] == json!([])).await;
    cw.send(json!({"type": "offer", "offer": "draw"})).await;
    assert_eq!(cw.error().await, "already-offered");
    cb.send(json!({"type": "offer", "offer": "rematch"})).await;
    assert_eq!(cb.error().await, "not-over");
    cb.send(json!({"type": "offer", "offer": "draw"})).await;
    cw.state_where(|s| s["offers"][0]["by"] == "black").await;
    cw.send(json!({"type": "answer", "offer": "draw", "accept": true}))
        .await;
    let s = cb.state_where(over).await;
    assert_eq!(reason(&s), "agreement");
    assert_eq!(s["status"]["result"]["winners"], json!([]));
    assert_eq!(s["clock"]["turn"], Value::Null);
    cw.send(json!({"type": "offer", "offer": "draw"})).await;
    assert_eq!(cw.error().await, "game-over");

    // Rematch: offered by black, accepted by white: a new room, colours swapped.
    cb.send(json!({"type": "offer", "offer": "rematch"})).await;
    cw.state_where(|s| s["offers"][0]["offer"] == "rematch")
        .await;
    cw.send(json!({"type": "answer", "offer": "rematch", "accept": true}))
        .await;
    let s = cb.state_where(|s| s["rematch"].is_string()).await;
    let next = s["rematch"].as_str().unwrap().to_string();
    assert_ne!(next, room);
    let n = api.get(&format!("/api/rooms/{next}"), None).await.1;
    assert_eq!(n["roomStatus"], "playing");
    assert_eq!(n["seats"][0]["player"]["id"], b.id.as_str());
    assert_eq!(n["seats"][1]["player"]["id"], w.id.as_str());
    assert_eq!(n["clock"]["initial"], 300);
    assert_eq!(n["clock"]["increment"], 3);
    assert_eq!(n["ply"], 0);
    cw.send(json!({"type": "answer", "offer": "rematch", "accept": true}))
        .await;
    assert_eq!(cw.error().await, "no-offer");

    // In the rematch: black (w) resigns before anyone moved: an abort (R12.3).
    let mut nb = Client::connect(&server, &next, Some(&b.token)).await;
    let mut nw = Client::connect(&server, &next, Some(&w.token)).await;
    nw.send(json!({"type": "resign"})).await;
    let s = nb.state_where(over).await;
    assert_eq!(reason(&s), "aborted");

    // A rematch offer whose maker left the room can not be accepted.
    nb.send(json!({"type": "offer", "offer": "rematch"})).await;
    nw.state_where(|s| s["offers"][0]["offer"] == "rematch")
        .await;
    nb.close().await;
    nw.state_where(|s| s["offers"] == json!([])).await;
    nw.send(json!({"type": "answer", "offer": "rematch", "accept": true}))
        .await;
    assert_eq!(nw.error().await, "no-offer");
    nw.send(json!({"type": "offer", "offer": "rematch"})).await;
    assert_eq!(nw.error().await, "left");
    let s = api.get(&format!("/api/rooms/{next}"), None).await.1;
    assert_eq!(s["rematch"], Value::Null);
}

/// Abort by a seated player before every first move; a takeback in a rated room is
/// refused; clocks and turn timers exclude each other; bad clocks are refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn abort_rated_takeback_and_creation_refusals() {
    let dir = temp_dir("abort");
    let server = Server::sqlite(&dir, &MANUAL);
    let api = Api::new(&server);
    let (w, _b, _room, mut cw, mut cb) =
        two(&server, &api, json!({"game": "chess", "rated": true})).await;
    play(&mut cw, Some(&mut cb), "e2e4", 0).await;
    cw.send(json!({"type": "offer", "offer": "takeback"})).await;
    assert_eq!(cw.error().await, "not-allowed");
    cb.send(json!({"type": "abort"})).await;
    let s = cw.state_where(over).await;
    assert_eq!(reason(&s), "aborted");
    assert_eq!(ply(&s), 1);
    let (_, me) = api.get("/api/players/me", Some(&w.token)).await;
    assert_eq!(me["ratings"], json!([]));

    for (body, code) in [
        (
            json!({"game": "chess", "clock": {"initial": 60, "increment": 0}, "turnSeconds": 30}),
            "clock-and-timer",
        ),
        (
            json!({"game": "chess", "clock": {"initial": 10, "increment": 0}}),
            "bad-clock",
        ),
        (
            json!({"game": "chess", "clock": {"initial": 60, "increment": 181}}),
            "bad-clock",
        ),
        (
            json!({"game": "chess", "clock": {"initial": 60}}),
            "bad-clock",
        ),
        (
            json!({"game": "chess", "clock": {"initial": -60, "increment": 0}}),
            "bad-clock",
        ),
        (
            json!({"game": "chess", "clock": {"initial": 60, "increment": 0, "x": 1}}),
            "bad-clock",
        ),
        (json!({"game": "chess", "clock": "3+2"}), "bad-clock"),
    ] {
        let (s, v) = api.post("/api/rooms", Some(&w.token), body.clone()).await;
        assert_eq!((s, v["error"].as_str().unwrap()), (400, code), "{body}");
    }
}

/// R12.5: cancelling, idle rooms, three waiting rooms a player, rated rooms need everyone
/// present; watching without a name; the lobby's games.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn waiting_rooms_watchers_and_the_lobby() {
    let dir = temp_dir("waiting");
    let server = Server::sqlite(&dir, &["--clock", "manual", "--idle-minutes", "30"]);
    let api = Api::new(&server);
    let a = api.player("A").await;
    let b = api.player("B").await;
    let r1 = api.room(&a, json!({"game": "chess"})).await;
    let r2 = api.room(&a, json!({"game": "3check"})).await;
    let r3 = api.room(&a, json!({"game": "chess", "rated": true})).await;
    let (s, v) = api
        .post("/api/rooms", Some(&a.token), json!({"game": "chess"}))
        .await;
    assert_eq!((s, v["error"].as_str().unwrap()), (429, "too-many-rooms"));

    // Only the creator cancels, and only while waiting.
    let url = format!("{}/api/rooms/{r1}", api.base);
    let del = |t: &str| api.http.delete(&url).bearer_auth(t.to_string()).send();
    let resp = del(&b.token).await.unwrap();
    assert_eq!(resp.status().as_u16(), 403);
    assert_eq!(resp.json::<Value>().await.unwrap()["error"], "not-creator");
    let resp = del(&a.token).await.unwrap();
    assert_eq!(resp.status().as_u16(), 200);
    let s = api.get(&format!("/api/rooms/{r1}"), None).await.1;
    assert_eq!(s["roomStatus"], "cancelled");
    assert_eq!(api.join(&b, &r1, None).await.0, 404);
    // A cancelled room frees a place: a fourth room may wait now.
    let r4 = api.room(&a, json!({"game": "chess"})).await;

    // A rated room does not start with its creator never connected.
    let (s, v) = api.join(&b, &r3, None).await;
    assert_eq!((s, v["error"].as_str().unwrap()), (409, "not-connected"));
    let ca = Client::connect(&server, &r3, Some(&a.token)).await;
    assert_eq!(api.join(&b, &r3, None).await.0, 200);
    let cb = Client::connect(&server, &r3, Some(&b.token)).await;

    // Watching needs no name; the lobby lists the game with its watchers.
    let mut v1 = Client::connect(&server, &r3, None).await;
    let s = v1.state_where(|s| s["watchers"] == 1).await;
    assert_eq!(s["roomStatus"], "playing");
    let (_, lobby) = api.get("/api/rooms", None).await;
    let games = lobby["games"].as_array().unwrap();
    let g = games.iter().find(|g| g["id"] == r3.as_str()).unwrap();
    assert_eq!(g["watchers"], 1);
    assert_eq!(g["game"], "chess");
    assert_eq!(g["seats"][0]["player"]["id"], a.id.as_str());
    assert!(
        lobby["rooms"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["id"] != r1.as_str())
    );
    drop((ca, cb));

    // Idle rooms close after 30 minutes with nobody connected; one with its creator
    // connected stays.
    let mut keep = Client::connect(&server, &r4, Some(&a.token)).await;
    api.advance(30 * 60_000 - 1).await;
    assert_eq!(
        api.get(&format!("/api/rooms/{r2}"), None).await.1["roomStatus"],
        "waiting"
    );
    api.advance(1).await;
    let mut watch2 = Client::connect(&server, &r2, None).await;
    watch2.state_where(|s| s["roomStatus"] == "cancelled").await;
    keep.alive().await;
    assert_eq!(
        api.get(&format!("/api/rooms/{r4}"), None).await.1["roomStatus"],
        "waiting"
    );
}

/// Chat: two channels, plain text, at most 200 characters, rate limited, kept with the room.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chat_channels_limits_and_history() {
    let dir = temp_dir("chat");
    let mut server = Server::sqlite(&dir, &MANUAL);
    let api = Api::new(&server);
    let (w, _b, room, mut cw, mut cb) = two(&server, &api, json!({"game": "chess"})).await;
    let v = api.player("V").await;
    let mut cv = Client::connect(&server, &room, Some(&v.token)).await;
    let mut anon = Client::connect(&server, &room, None).await;
    // Every socket gets the room's chat after its first state: none yet.
    for c in [&mut cb, &mut cv, &mut anon] {
        assert!(c.chat().await.is_empty());
    }

    let html = "<img src=x onerror=alert(1)> gg";
    cw.send(json!({"type": "chat", "text": html})).await;
    let lines = cv.chat().await;
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0]["text"], html, "stored and sent as it was written");
    assert_eq!(lines[0]["channel"], "players");
    assert_eq!(lines[0]["seat"], "white");
    assert_eq!(lines[0]["player"]["id"], w.id.as_str());
    assert_eq!(cb.chat().await[0]["text"], html);
    assert_eq!(
        anon.chat().await[0]["text"],
        html,
        "watchers read the players"
    );

    // The watchers' channel does not reach the players during the game.
    cv.send(json!({"type": "chat", "text": "white is winning"}))
        .await;
    assert_eq!(anon.chat().await[0]["channel"], "watchers");
    assert!(cb.chat_until_pong().await.is_empty());
    // Refusals: wrong channel, no name, too long, too large, too fast.
    cv.send(json!({"type": "chat", "text": "hi", "channel": "players"}))
        .await;
    assert_eq!(cv.error().await, "not-seated");
    cw.send(json!({"type": "chat", "text": "hi", "channel": "watchers"}))
        .await;
    assert_eq!(cw.error().await, "not-allowed");
    anon.send(json!({"type": "chat", "text": "hi"})).await;
    assert_eq!(anon.error().await, "not-allowed");
    cw.send(json!({"type": "chat", "text": "x".repeat(201)}))
        .await;
    assert_eq!(cw.error().await, "chat-too-long");
    cw.send(json!({"type": "chat", "text": "x".repeat(10_000)}))
        .await;
    assert_eq!(cw.error().await, "too-large");
    cw.send(json!({"type": "chat", "text": "   "})).await;
    assert_eq!(cw.error().await, "bad-message");
    cb.send(json!({"type": "chat", "text": "1"})).await;
    cb.send(json!({"type": "chat", "text": "2"})).await;
    cb.send(json!({"type": "chat", "text": "3"})).await;
    cb.send(json!({"type": "chat", "text": "4"})).await;
    assert_eq!(cb.error().await, "rate-limited");
    api.advance(5_000).await;
    cb.send(json!({"type": "chat", "text": "5"})).await;
    let mut texts: Vec<Value> = Vec::new();
    while texts.len() < 4 {
        texts.extend(cv.chat().await.iter().map(|l| l["text"].clone()));
    }
    assert_eq!(texts, [json!("1"), json!("2"), json!("3"), json!("5")]);

    // Kept with the room: after a restart a new socket gets the history it may read.
    server.kill();
    let server = Server::start(&server.args.iter().map(String::as_str).collect::<Vec<_>>());
    let mut again = Client::connect(&server, &room, Some(&w.token)).await;
    let lines = again.chat().await;
    let texts: Vec<&str> = lines.iter().map(|l| l["text"].as_str().unwrap()).collect();
    assert_eq!(
        texts,
        [html, "1", "2", "3", "5"],
        "players do not read the watchers' line"
    );
    let mut anon = Client::connect(&server, &room, None).await;
    assert_eq!(anon.chat().await.len(), 6);
}

/// R12.1 in four players: every player still in must accept; the draw is R5.19's (+10 to
/// each player still in); a seat that is out has no say.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn four_players_agree_to_a_draw() {
    let dir = temp_dir("draw4");
    let server = Server::sqlite(&dir, &MANUAL);
    let api = Api::new(&server);
    let p: Vec<Player> = vec![
        api.player("R").await,
        api.player("Bl").await,
        api.player("Y").await,
        api.player("G").await,
    ];
    let room = api.room(&p[0], json!({"game": "ffa"})).await;
    let mut cs = vec![Client::connect(&server, &room, Some(&p[0].token)).await];
    for q in &p[1..] {
        api.join(q, &room, None).await;
        cs.push(Client::connect(&server, &room, Some(&q.token)).await);
    }
    cs[0].state_where(|s| s["roomStatus"] == "playing").await;
    for (i, m) in ["h2h4", "b7d7", "j13j12", "m5k5"].iter().enumerate() {
        cs[i]
            .send(json!({"type": "move", "move": m, "ply": i}))
            .await;
        cs[0].state_where(|s| ply(s) == i as i64 + 1).await;
    }
    // Green resigns: out, with no say in the draw.
    cs[3].send(json!({"type": "resign"})).await;
    cs[0].state_where(|s| ply(s) == 5).await;
    cs[0].send(json!({"type": "offer", "offer": "draw"})).await;
    cs[1]
        .state_where(|s| s["offers"][0]["offer"] == "draw")
        .await;
    cs[3]
        .send(json!({"type": "answer", "offer": "draw", "accept": true}))
        .await;
    assert_eq!(cs[3].error().await, "already-out");
    cs[1]
        .send(json!({"type": "answer", "offer": "draw", "accept": true}))
        .await;
    let s = cs[2]
        .state_where(|s| s["offers"][0]["accepted"] == json!(["red", "blue"]))
        .await;
    assert!(!over(&s));
    let before: Vec<i64> = s["score"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["points"].as_i64().unwrap())
        .collect();
    cs[2]
        .send(json!({"type": "answer", "offer": "draw", "accept": true}))
        .await;
    let s = cs[0].state_where(over).await;
    assert_eq!(reason(&s), "agreement");
    let after: Vec<i64> = s["score"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["points"].as_i64().unwrap())
        .collect();
    assert_eq!(
        after,
        [before[0] + 10, before[1] + 10, before[2] + 10, before[3]],
        "+10 to each player still in"
    );
}

/// Four persons seated and connected in a new `game` room; their clients in seat order.
async fn four(server: &Server, api: &Api, game: &str) -> (Vec<Player>, String, Vec<Client>) {
    let mut p = Vec::new();
    for name in ["R", "Bl", "Y", "G"] {
        p.push(api.player(name).await);
    }
    let room = api.room(&p[0], json!({"game": game})).await;
    let mut cs = vec![Client::connect(server, &room, Some(&p[0].token)).await];
    for q in &p[1..] {
        api.join(q, &room, None).await;
        cs.push(Client::connect(server, &room, Some(&q.token)).await);
    }
    // Each socket's first chat message is the room's history: none yet.
    for c in cs.iter_mut() {
        assert!(c.chat().await.is_empty(), "no chat yet");
    }
    cs[0].state_where(|s| s["roomStatus"] == "playing").await;
    (p, room, cs)
}

/// R12 with four players: watchers cannot offer or abort; an abort before every first move,
/// `too-late` after; no takebacks; the players' chat; and a rematch every person accepts,
/// with the people one seat on clockwise (R12.4).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn four_players_abort_chat_takeback_and_rematch() {
    let dir = temp_dir("offers4");
    let server = Server::sqlite(&dir, &MANUAL);
    let api = Api::new(&server);

    // An abort after Red's first move: Blue has not moved yet, so the game can be aborted.
    let (_, room, mut cs) = four(&server, &api, "ffa").await;
    let w = api.player("W").await;
    let mut named = Client::connect(&server, &room, Some(&w.token)).await;
    let mut anon = Client::connect(&server, &room, None).await;
    cs[0]
        .send(json!({"type": "move", "move": "h2h4", "ply": 0}))
        .await;
    let s = cs[1].state_where(|s| ply(s) == 1).await;
    assert_eq!(s["abortable"], true);
    named.send(json!({"type": "offer", "offer": "draw"})).await;
    assert_eq!(named.error().await, "not-seated");
    anon.send(json!({"type": "abort"})).await;
    assert_eq!(anon.error().await, "not-seated");
    named
        .send(json!({"type": "answer", "offer": "draw", "accept": true}))
        .await;
    assert_eq!(named.error().await, "not-seated");
    cs[2].send(json!({"type": "abort"})).await;
    let s = cs[0].state_where(over).await;
    assert_eq!(reason(&s), "aborted");
    assert_eq!(ply(&s), 1, "nothing played after the abort");

    // A game where everyone has moved: too late to abort; no takeback with four players.
    let (p, room, mut cs) = four(&server, &api, "ffa").await;
    for (i, m) in ["h2h4", "b7d7", "j13j12", "m5k5"].iter().enumerate() {
        cs[i]
            .send(json!({"type": "move", "move": m, "ply": i}))
            .await;
        cs[0].state_where(|s| ply(s) == i as i64 + 1).await;
    }
    assert_eq!(cs[0].state["abortable"], false);
    cs[2].send(json!({"type": "abort"})).await;
    assert_eq!(cs[2].error().await, "too-late");
    cs[3]
        .send(json!({"type": "offer", "offer": "takeback"}))
        .await;
    assert_eq!(cs[3].error().await, "not-allowed");
    cs[1]
        .send(json!({"type": "offer", "offer": "rematch"}))
        .await;
    assert_eq!(cs[1].error().await, "not-over");
    // The players' chat reaches every seat, with the sayer's seat.
    cs[1].send(json!({"type": "chat", "text": "gl all"})).await;
    for c in cs.iter_mut() {
        let lines = c.chat().await;
        assert_eq!(
            (lines[0]["text"].as_str(), lines[0]["seat"].as_str()),
            (Some("gl all"), Some("blue"))
        );
    }

    // Three resign (Red to move first: it resigns on its turn, the others out of turn).
    for k in [0, 2, 3] {
        cs[k].send(json!({"type": "resign"})).await;
        cs[1]
            .state_where(|s| s["score"][k]["status"] == "resigned" || s["status"]["over"] == true)
            .await;
    }
    let s = cs[1].state_where(over).await;
    assert_eq!(s["score"][1]["status"], "active", "Blue alone is still in");
    // A rematch: every person must accept; then the new room seats everyone one step on.
    cs[2]
        .send(json!({"type": "offer", "offer": "rematch"}))
        .await;
    for k in [0, 1] {
        // Each answers once the offer has reached it (sockets race to the room otherwise).
        cs[k]
            .state_where(|s| s["offers"][0]["offer"] == "rematch")
            .await;
        cs[k]
            .send(json!({"type": "answer", "offer": "rematch", "accept": true}))
            .await;
    }
    let s = cs[3]
        .state_where(|s| {
            s["offers"][0]["accepted"]
                .as_array()
                .is_some_and(|a| a.len() == 3)
        })
        .await;
    assert!(s["rematch"].is_null(), "Green has not accepted yet");
    cs[3]
        .send(json!({"type": "answer", "offer": "rematch", "accept": true}))
        .await;
    let s = cs[0].state_where(|s| s["rematch"].is_string()).await;
    let next = s["rematch"].as_str().unwrap().to_string();
    assert_ne!(next, room);
    let n = api.get(&format!("/api/rooms/{next}"), None).await.1;
    assert_eq!(n["game"], "ffa");
    assert_eq!(n["roomStatus"], "playing");
    let at: Vec<&str> = n["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["player"]["id"].as_str().unwrap())
        .collect();
    // Red's person now sits at Blue, Blue's at Yellow, Yellow's at Green, Green's at Red.
    assert_eq!(at, [&p[3].id, &p[0].id, &p[1].id, &p[2].id]);
    // A late answer once the rematch was agreed is refused with nothing changed.
    cs[1]
        .send(json!({"type": "answer", "offer": "rematch", "accept": true}))
        .await;
    assert_eq!(cs[1].error().await, "no-offer");
}
