//! End-to-end tests of one server process on SQLite: real WebSocket clients against the
//! real binary on a loopback port.

mod common;

use std::time::Duration;

use common::*;
use serde_json::{Value, json};

fn over(s: &Value) -> bool {
    s["status"]["over"] == true
}

/// Plays random legal moves for the seats in `clients` until the game ends (computers and
/// the server play the other seats). `clients[0]` observes.
async fn play_out(clients: &mut [(String, Client)], rng: &mut Rng, max_plies: i64) -> Value {
    clients[0]
        .1
        .state_where(|s| s["roomStatus"] != "waiting")
        .await;
    loop {
        let s = clients[0].1.state.clone();
        if over(&s) {
            return s;
        }
        assert!(ply(&s) < max_plies, "game did not end in {max_plies} plies");
        let p = ply(&s);
        let t = turn(&s);
        if let Some(i) = clients
            .iter()
            .position(|(seat, _)| Some(seat) == t.as_ref())
        {
            let moves = legal_moves(&s);
            let mv = moves[rng.below(moves.len())].clone();
            let c = &mut clients[i].1;
            c.send(json!({"type": "move", "move": mv, "ply": p})).await;
        }
        clients[0].1.state_where(|x| ply(x) != p || over(x)).await;
    }
}

/// Replays a two-player room's moves with the engine and checks the server's final FEN
/// and result against it.
fn check_two_player_record(s: &Value) {
    let mut g = tablero::Game::new(tablero::NewGame {
        kind: kind_of(s["game"].as_str().unwrap()),
        ..tablero::NewGame::default()
    })
    .unwrap();
    for m in s["moves"].as_array().unwrap() {
        g.play_text(m.as_str().unwrap()).unwrap();
    }
    assert_eq!(g.fen(), s["fen"].as_str().unwrap());
    let status = g.status();
    let r = status.result.expect("the replayed game is over too");
    assert_eq!(s["status"]["result"]["reason"], json!(r.reason));
    assert_eq!(s["status"]["result"]["winners"], json!(r.winners));
    // The server sends the package's own serde shapes.
    assert_eq!(s["status"], serde_json::to_value(g.status()).unwrap());
    assert_eq!(s["score"], serde_json::to_value(g.score()).unwrap());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_kind_plays_to_its_end() {
    let dir = temp_dir("kinds");
    // Random games move faster than people: lift the per-socket message limit.
    let server = Server::sqlite(
        &dir,
        &["--ai-nodes", "300", "--messages-per-second", "100000"],
    );
    let api = Api::new(&server);
    let a = api.player("Ana").await;
    let b = api.player("Bo").await;
    let mut rng = Rng(0x5eed_1234);
    for game in ["chess", "3check", "kingofthehill", "racingkings"] {
        let room = api.room(&a, json!({"game": game})).await;
        assert_eq!(api.join(&b, &room, None).await.1["seat"], "black");
        let ca = Client::connect(&server, &room, Some(&a.token)).await;
        let cb = Client::connect(&server, &room, Some(&b.token)).await;
        let mut clients = vec![("white".to_string(), ca), ("black".to_string(), cb)];
        let s = play_out(&mut clients, &mut rng, 2000).await;
        assert_eq!(s["moves"].as_array().unwrap().len() as i64, ply(&s));
        assert_eq!(s["roomStatus"], "over");
        check_two_player_record(&s);
    }
    // Four players: two people (red, yellow) and two computers (blue, green); in Teams the
    // two people are partners against the two computers.
    for game in ["ffa", "kingdoms", "teams"] {
        let room = api
            .room(
                &a,
                json!({"game": game, "seat": "red", "computers": {"blue": 1, "green": 2}, "moveLimit": 300}),
            )
            .await;
        assert_eq!(
            api.join(&b, &room, Some("yellow")).await.1["seat"],
            "yellow"
        );
        let ca = Client::connect(&server, &room, Some(&a.token)).await;
        let cb = Client::connect(&server, &room, Some(&b.token)).await;
        let mut clients = vec![("red".to_string(), ca), ("yellow".to_string(), cb)];
        let s = play_out(&mut clients, &mut rng, 5000).await;
        let result = &s["status"]["result"];
        assert!(result["reason"].is_string(), "{s}");
        let places: Vec<i64> = s["score"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x["place"].as_i64().unwrap())
            .collect();
        assert_eq!(places.len(), 4);
        assert!(places.contains(&1));
        // The computers moved: some history entries are theirs.
        assert!(s["seats"][1]["computer"] == 1 && s["seats"][3]["computer"] == 2);
        // The stored record replays to the same position on a fresh load (HTTP state
        // after the room's task ended or not).
        let (code, fresh) = api.get(&format!("/api/rooms/{room}"), None).await;
        assert_eq!(code, 200);
        assert_eq!(fresh["fen"], s["fen"]);
        assert_eq!(fresh["moves"], s["moves"]);
    }
}

/// Chess960 is a room game (issue 52): a room starts from one of the 960 positions (drawn
/// from the room's seed, the same after a reload), and its moves, castling king-takes-rook
/// included, replay from that start to the server's final position and result.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chess960_room_plays_from_a_960_start() {
    let dir = temp_dir("chess960");
    let server = Server::sqlite(
        &dir,
        &["--ai-nodes", "300", "--messages-per-second", "100000"],
    );
    let api = Api::new(&server);
    let a = api.player("Ana").await;
    let b = api.player("Bo").await;
    let room = api.room(&a, json!({"game": "chess960"})).await;
    assert_eq!(api.join(&b, &room, None).await.1["seat"], "black");
    let ca = Client::connect(&server, &room, Some(&a.token)).await;
    let cb = Client::connect(&server, &room, Some(&b.token)).await;
    let start = ca.state["fen"].as_str().unwrap().to_string();
    assert_eq!(ca.state["game"], "chess960");
    assert_eq!(
        ca.state["startFen"],
        start.as_str(),
        "the state names its start"
    );
    // A Chess960 start: the pawns in place, the back rank a permutation with the bishops on
    // squares of opposite colours and the king between the rooks, Black's mirroring White's.
    let ranks: Vec<&str> = start.split(' ').next().unwrap().split('/').collect();
    assert_eq!((ranks[1], ranks[6]), ("pppppppp", "PPPPPPPP"), "{start}");
    let back = ranks[7];
    assert_eq!(ranks[0], back.to_lowercase(), "{start}");
    let mut sorted: Vec<char> = back.chars().collect();
    sorted.sort_unstable();
    assert_eq!(sorted.iter().collect::<String>(), "BBKNNQRR", "{start}");
    let at = |c: char| back.match_indices(c).map(|(i, _)| i).collect::<Vec<_>>();
    let (bishops, rooks, king) = (at('B'), at('R'), at('K')[0]);
    assert_ne!(bishops[0] % 2, bishops[1] % 2, "{start}");
    assert!(rooks[0] < king && king < rooks[1], "{start}");
    let (code, fresh) = api.get(&format!("/api/rooms/{room}"), None).await;
    assert_eq!(code, 200);
    assert_eq!(fresh["fen"], start.as_str(), "a reload keeps the start");

    let mut rng = Rng(0x0960_5eed);
    let mut clients = vec![("white".to_string(), ca), ("black".to_string(), cb)];
    let s = play_out(&mut clients, &mut rng, 2000).await;
    assert_eq!(s["roomStatus"], "over");
    let mut g = tablero::Game::new(tablero::NewGame {
        kind: kind_of("chess960"),
        fen: Some(start.clone()),
        ..tablero::NewGame::default()
    })
    .unwrap();
    for m in s["moves"].as_array().unwrap() {
        g.play_text(m.as_str().unwrap()).unwrap();
    }
    assert_eq!(g.fen(), s["fen"].as_str().unwrap());
    assert_eq!(s["status"], serde_json::to_value(g.status()).unwrap());
    assert_eq!(
        s["startFen"],
        start.as_str(),
        "the start stays in the state to the end"
    );
}

/// The state's `san`: SAN for two players beside the UCI `moves`; PGN4 move text (the same
/// as `moves`) for four.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_state_carries_the_moves_as_san() {
    let dir = temp_dir("san");
    let server = Server::sqlite(&dir, &["--ai-nodes", "300"]);
    let api = Api::new(&server);
    let Pair {
        a, mut ca, mut cb, ..
    } = api.chess_pair(&server, ["Ana", "Bo"]).await;
    assert_eq!(ca.state["san"], json!([]));
    for (i, mv) in ["e2e4", "e7e5", "g1f3"].into_iter().enumerate() {
        let c = if i % 2 == 0 { &mut ca } else { &mut cb };
        c.state_where(|s| ply(s) == i as i64).await;
        c.send(json!({"type": "move", "move": mv, "ply": i})).await;
    }
    let s = ca.state_where(|s| ply(s) == 3).await;
    assert_eq!(s["san"], json!(["e4", "e5", "Nf3"]));
    assert_eq!(s["moves"], json!(["e2e4", "e7e5", "g1f3"]));

    // Four players: red is a person, the computers answer; red resigns after its move.
    let room = api
        .room(
            &a,
            json!({"game": "ffa", "seat": "red", "computers": {"blue": 1, "yellow": 1, "green": 1}}),
        )
        .await;
    let mut c = Client::connect(&server, &room, Some(&a.token)).await;
    c.send(json!({"type": "move", "move": "h2h4", "ply": 0}))
        .await;
    let s = c.state_where(|s| ply(s) >= 4).await;
    assert_eq!(s["san"][0], "h2-h4");
    assert_eq!(s["san"], s["moves"]);
    c.send(json!({"type": "resign"})).await;
    let s = c
        .state_where(|s| s["san"].as_array().unwrap().contains(&json!("R")))
        .await;
    assert_eq!(s["san"], s["moves"]);
    assert_eq!(s["san"].as_array().unwrap().len() as i64, ply(&s));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn names_creation_limits_and_origins() {
    let dir = temp_dir("limits");
    let server = Server::sqlite(
        &dir,
        &[
            "--create-per-minute",
            "3",
            "--allow-origin",
            "https://good.example",
        ],
    );
    let api = Api::new(&server);
    // Names: trimmed, 1–24 characters of any script, returned as given (never as HTML).
    let (s, v) = api
        .post("/api/players", None, json!({"name": "  <b>Zoë 大</b>  "}))
        .await;
    assert_eq!(s, 200);
    assert_eq!(v["name"], "<b>Zoë 大</b>");
    assert_eq!(
        api.post("/api/players", None, json!({"name": "   "}))
            .await
            .0,
        400
    );
    assert_eq!(
        api.post("/api/players", None, json!({"name": "x".repeat(25)}))
            .await
            .0,
        400
    );
    assert_eq!(
        api.post("/api/players", None, json!({"name": "ü".repeat(24)}))
            .await
            .0,
        200
    );
    assert_eq!(
        api.post("/api/players", None, json!({"nom": "x"})).await.0,
        400
    );
    assert_eq!(
        api.post("/api/players", None, json!({"name": "three"}))
            .await
            .0,
        200
    );
    // The fourth player from this address within the minute is refused.
    let (s, v) = api
        .post("/api/players", None, json!({"name": "four"}))
        .await;
    assert_eq!((s, v["error"].as_str()), (429, Some("rate-limited")));

    // Origins: an allowed page may call; another page's preflight gets no CORS grant and
    // its WebSocket is refused.
    let ok = api
        .http
        .request(
            reqwest::Method::OPTIONS,
            format!("{}/api/rooms", server.base),
        )
        .header("Origin", "https://good.example")
        .header("Access-Control-Request-Method", "POST")
        .send()
        .await
        .unwrap();
    assert_eq!(
        ok.headers().get("access-control-allow-origin").unwrap(),
        "https://good.example"
    );
    let evil = api
        .http
        .request(
            reqwest::Method::OPTIONS,
            format!("{}/api/rooms", server.base),
        )
        .header("Origin", "https://evil.example")
        .header("Access-Control-Request-Method", "POST")
        .send()
        .await
        .unwrap();
    assert!(evil.headers().get("access-control-allow-origin").is_none());
    let (s, _) = {
        let r = api
            .http
            .post(format!("{}/api/players", server.base))
            .header("Origin", "https://evil.example")
            .json(&json!({"name": "x"}))
            .send()
            .await
            .unwrap();
        (r.status().as_u16(), ())
    };
    assert_eq!(s, 403);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn websocket_from_a_foreign_origin_is_refused() {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let dir = temp_dir("origin");
    let server = Server::sqlite(&dir, &["--allow-origin", "https://good.example"]);
    let api = Api::new(&server);
    let a = api.player("A").await;
    let room = api.room(&a, json!({"game": "chess"})).await;
    let mut req = server
        .socket_url(&room, Some(&a.token))
        .into_client_request()
        .unwrap();
    req.headers_mut()
        .insert("Origin", "https://evil.example".parse().unwrap());
    assert!(tokio_tungstenite::connect_async(req).await.is_err());
    let mut req = server
        .socket_url(&room, Some(&a.token))
        .into_client_request()
        .unwrap();
    req.headers_mut()
        .insert("Origin", "https://good.example".parse().unwrap());
    assert!(tokio_tungstenite::connect_async(req).await.is_ok());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn away_player_is_played_by_the_computer_until_they_come_back() {
    let dir = temp_dir("away");
    let server = Server::sqlite(&dir, &["--away-seconds", "1", "--ai-nodes", "300"]);
    let api = Api::new(&server);
    let a = api.player("A").await;
    let b = api.player("B").await;
    let room = api.room(&a, json!({"game": "chess"})).await;
    api.join(&b, &room, None).await;
    let mut ca = Client::connect(&server, &room, Some(&a.token)).await;
    let cb = Client::connect(&server, &room, Some(&b.token)).await;
    ca.state_where(|s| s["seats"][1]["connected"] == true).await;
    cb.close().await;
    let s = ca
        .state_where(|s| s["seats"][1]["connected"] == false)
        .await;
    assert!(s["seats"][1]["awaySince"].is_i64());
    // White moves; after the grace period the computer answers for black.
    ca.send(json!({"type": "move", "move": "e2e4", "ply": 0}))
        .await;
    let s = ca.state_where(|s| ply(s) == 2).await;
    assert_eq!(s["moves"][0], "e2e4");
    ca.send(json!({"type": "move", "move": "g1f3", "ply": 2}))
        .await;
    ca.state_where(|s| ply(s) == 4).await;
    // Black comes back from the same device (token): the seat is theirs again at once.
    let mut cb = Client::connect(&server, &room, Some(&b.token)).await;
    assert_eq!(cb.state["you"]["seat"], "black");
    ca.state_where(|s| s["seats"][1]["connected"] == true).await;
    ca.send(json!({"type": "move", "move": "f1c4", "ply": 4}))
        .await;
    ca.state_where(|s| ply(s) == 5).await;
    // Three times the grace period pass without a computer move for black.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let (_, now) = api.get(&format!("/api/rooms/{room}"), None).await;
    assert_eq!(ply(&now), 5, "the computer moved for a connected player");
    let mv = legal_moves(&now)[0].clone();
    cb.send(json!({"type": "move", "move": mv, "ply": 5})).await;
    let s = ca.state_where(|s| ply(s) == 6).await;
    assert_eq!(s["moves"][5], mv);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn turn_timers_let_the_computer_play_or_time_a_kingdom_out() {
    let dir = temp_dir("timers");
    // One timer second lasts 20 ms: a 30 s turn takes 0.6 s.
    let server = Server::sqlite(&dir, &["--turn-ms-per-second", "20", "--ai-nodes", "300"]);
    let api = Api::new(&server);
    let p: Vec<Player> = vec![
        api.player("P1").await,
        api.player("P2").await,
        api.player("P3").await,
        api.player("P4").await,
    ];
    // Two players, R9.2: the computer plays white's expired turn; white stays seated.
    let room = api
        .room(&p[0], json!({"game": "chess", "turnSeconds": 30}))
        .await;
    api.join(&p[1], &room, None).await;
    let mut c0 = Client::connect(&server, &room, Some(&p[0].token)).await;
    let _c1 = Client::connect(&server, &room, Some(&p[1].token)).await;
    let s = c0.state_where(|s| s["roomStatus"] == "playing").await;
    assert_eq!(s["clock"]["turn"], "white");
    let deadline = s["clock"]["deadline"].as_i64().unwrap();
    let s = c0.state_where(|s| ply(s) >= 1).await;
    assert!(s["clock"]["deadline"].as_i64().unwrap() > deadline);
    assert_eq!(s["clock"]["turn"], "black");
    assert_eq!(s["status"]["over"], false);

    // Four Kingdoms, R9.2/R6.4: red lets the timer run out and is out.
    let room = api
        .room(&p[0], json!({"game": "kingdoms", "turnSeconds": 30}))
        .await;
    for q in &p[1..] {
        api.join(q, &room, None).await;
    }
    let mut clients = Vec::new();
    for q in &p {
        clients.push(Client::connect(&server, &room, Some(&q.token)).await);
    }
    let s = clients[0]
        .state_where(|s| s["score"][0]["status"] == "timeout")
        .await;
    assert_eq!(s["moves"][0], "T");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_and_restart_lose_nothing() {
    let dir = temp_dir("restart");
    let mut server = Server::sqlite(&dir, &["--ai-nodes", "300"]);
    let api = Api::new(&server);
    let a = api.player("A").await;
    let b = api.player("B").await;
    let room = api
        .room(&a, json!({"game": "3check", "turnSeconds": 60}))
        .await;
    api.join(&b, &room, None).await;
    let four = api
        .room(
            &a,
            json!({"game": "ffa", "computers": {"blue": 1, "yellow": 1, "green": 1}}),
        )
        .await;
    let mut ca = Client::connect(&server, &room, Some(&a.token)).await;
    let mut cb = Client::connect(&server, &room, Some(&b.token)).await;
    let mut rng = Rng(7);
    for i in 0..12 {
        let s = ca.state_where(|s| ply(s) == i).await;
        let mv = legal_moves(&s)[rng.below(legal_moves(&s).len())].clone();
        let c = if i % 2 == 0 { &mut ca } else { &mut cb };
        c.send(json!({"type": "move", "move": mv, "ply": i})).await;
    }
    let before = ca.state_where(|s| ply(s) == 12).await;
    let mut c4 = Client::connect(&server, &four, Some(&a.token)).await;
    for i in 0..3 {
        let s = c4
            .state_where(|s| turn(s).as_deref() == Some("red") && !over(s))
            .await;
        let moves = legal_moves(&s);
        let p = ply(&s);
        c4.send(json!({"type": "move", "move": moves[i % moves.len()], "ply": p}))
            .await;
        c4.state_where(|s| ply(s) > p).await;
    }
    let four_before = c4
        .state_where(|s| turn(s).as_deref() == Some("red") || over(s))
        .await;

    server.kill();
    let server = Server::start(&server.args.iter().map(String::as_str).collect::<Vec<_>>());
    let api = Api::new(&server);
    let mut ca = Client::connect(&server, &room, Some(&a.token)).await;
    let after = ca.state.clone();
    for key in [
        "moves", "fen", "ply", "status", "score", "seats", "game", "rated",
    ] {
        if key == "seats" {
            // Black has not reconnected yet: only presence differs.
            for i in 0..2 {
                assert_eq!(after[key][i]["player"], before[key][i]["player"]);
            }
        } else {
            assert_eq!(after[key], before[key], "{key}");
        }
    }
    assert_eq!(after["clock"]["deadline"], before["clock"]["deadline"]);
    // Play goes on from where it stopped.
    let mut cb = Client::connect(&server, &room, Some(&b.token)).await;
    let mv = legal_moves(&after)[0].clone();
    ca.send(json!({"type": "move", "move": mv, "ply": 12}))
        .await;
    cb.state_where(|s| ply(s) == 13).await;
    let (_, f) = api.get(&format!("/api/rooms/{four}"), None).await;
    assert_eq!(f["moves"], four_before["moves"]);
    assert_eq!(f["fen"], four_before["fen"]);
}

/// R10, computed here independently of the server's code.
fn elo(ratings: &mut std::collections::HashMap<String, (f64, i64)>, places: &[(String, u32)]) {
    let before: Vec<(f64, i64)> = places
        .iter()
        .map(|(p, _)| *ratings.get(p).unwrap_or(&(1500.0, 0)))
        .collect();
    let n = places.len();
    for i in 0..n {
        let k = if before[i].1 < 30 { 40.0 } else { 20.0 } / (n - 1) as f64;
        let mut d = 0.0;
        for j in 0..n {
            if i == j {
                continue;
            }
            let s = match places[i].1.cmp(&places[j].1) {
                std::cmp::Ordering::Less => 1.0,
                std::cmp::Ordering::Equal => 0.5,
                std::cmp::Ordering::Greater => 0.0,
            };
            let e = 1.0 / (1.0 + 10f64.powf((before[j].0 - before[i].0) / 400.0));
            d += k * (s - e);
        }
        ratings.insert(places[i].0.clone(), (before[i].0 + d, before[i].1 + 1));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ratings_follow_r10() {
    let dir = temp_dir("ratings");
    let server = Server::sqlite(&dir, &["--ai-nodes", "300"]);
    let api = Api::new(&server);
    let p: Vec<Player> = vec![
        api.player("A").await,
        api.player("B").await,
        api.player("C").await,
        api.player("D").await,
    ];
    let mut expected = std::collections::HashMap::new();

    // Two-player rated games: A beats B (resignation), B and C draw (threefold repetition,
    // claimed), C beats A.
    async fn two(
        api: &Api,
        server: &Server,
        w: &Player,
        b: &Player,
        how: &str,
        rated: bool,
    ) -> Value {
        // A rated game starts only with its creator present, and a resignation before
        // both players have moved aborts (R12.3): both move first.
        let room = api.room(w, json!({"game": "chess", "rated": rated})).await;
        let mut cw = Client::connect(server, &room, Some(&w.token)).await;
        api.join(b, &room, None).await;
        let mut cb = Client::connect(server, &room, Some(&b.token)).await;
        cw.state_where(|s| s["roomStatus"] == "playing").await;
        if how != "draw" {
            cw.send(json!({"type": "move", "move": "e2e4", "ply": 0}))
                .await;
            cw.state_where(|s| ply(s) == 1).await;
            cb.send(json!({"type": "move", "move": "e7e5", "ply": 1}))
                .await;
            cw.state_where(|s| ply(s) == 2).await;
        }
        match how {
            "black resigns" => cb.send(json!({"type": "resign"})).await,
            "white resigns" => cw.send(json!({"type": "resign"})).await,
            _ => {
                let cycle = ["g1f3", "g8f6", "f3g1", "f6g8"];
                for i in 0..8 {
                    let c = if i % 2 == 0 { &mut cw } else { &mut cb };
                    c.send(json!({"type": "move", "move": cycle[i % 4], "ply": i}))
                        .await;
                    cw.state_where(|s| ply(s) == i as i64 + 1).await;
                }
                cw.send(json!({"type": "claimDraw"})).await;
            }
        }
        cw.state_where(over).await
    }
    let s = two(&api, &server, &p[0], &p[1], "black resigns", true).await;
    assert_eq!(s["status"]["result"]["winners"], json!(["white"]));
    elo(&mut expected, &[(p[0].id.clone(), 1), (p[1].id.clone(), 2)]);
    let s = two(&api, &server, &p[1], &p[2], "draw", true).await;
    assert_eq!(s["status"]["result"]["reason"], "threefold-repetition");
    elo(&mut expected, &[(p[1].id.clone(), 1), (p[2].id.clone(), 1)]);
    let s = two(&api, &server, &p[0], &p[2], "white resigns", true).await;
    assert_eq!(s["status"]["result"]["winners"], json!(["black"]));
    elo(&mut expected, &[(p[0].id.clone(), 2), (p[2].id.clone(), 1)]);
    // Unrated: no change.
    two(&api, &server, &p[0], &p[1], "black resigns", false).await;

    let (_, table) = api.get("/api/ratings?game=chess", None).await;
    let table = table.as_array().unwrap();
    assert_eq!(table.len(), 3);
    for row in table {
        let (r, g) = expected[row["player"]["id"].as_str().unwrap()];
        assert!(
            (row["rating"].as_f64().unwrap() - r).abs() < 1e-6,
            "{row} vs {r}"
        );
        assert_eq!(row["games"].as_i64().unwrap(), g);
        assert_eq!(row["provisional"], true);
    }
    let ratings: Vec<f64> = table
        .iter()
        .map(|r| r["rating"].as_f64().unwrap())
        .collect();
    assert!(ratings.windows(2).all(|w| w[0] >= w[1]), "best first");

    // Four players, rated: red, blue and yellow resign in turn; places from the final
    // score decide every pair (R10.4).
    let room = api.room(&p[0], json!({"game": "ffa", "rated": true})).await;
    // Everyone has the room open before it fills: a rated game never starts against a
    // person who never connected.
    let mut cs = vec![Client::connect(&server, &room, Some(&p[0].token)).await];
    for q in &p[1..] {
        api.join(q, &room, None).await;
        cs.push(Client::connect(&server, &room, Some(&q.token)).await);
    }
    cs[0].state_where(|s| s["roomStatus"] == "playing").await;
    // Every seat moves first: a resignation before that would abort the game (R12.3).
    for (i, m) in ["h2h4", "b7d7", "j13j12", "m5k5"].iter().enumerate() {
        cs[i]
            .send(json!({"type": "move", "move": m, "ply": i}))
            .await;
        cs[0].state_where(|s| ply(s) == i as i64 + 1).await;
    }
    for c in cs.iter_mut().take(3) {
        c.send(json!({"type": "resign"})).await;
        c.state_where(|s| {
            s["score"]
                .as_array()
                .unwrap()
                .iter()
                .any(|x| x["status"] == "resigned")
        })
        .await;
    }
    let s = cs[3].state_where(over).await;
    let places: Vec<(String, u32)> = s["score"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .map(|(i, x)| (p[i].id.clone(), x["place"].as_u64().unwrap() as u32))
        .collect();
    let mut expected4 = std::collections::HashMap::new();
    elo(&mut expected4, &places);
    let (_, table) = api.get("/api/ratings?game=ffa", None).await;
    for row in table.as_array().unwrap() {
        let (r, g) = expected4[row["player"]["id"].as_str().unwrap()];
        assert!((row["rating"].as_f64().unwrap() - r).abs() < 1e-6);
        assert_eq!(row["games"], g);
    }
    // A room with a computer seat never changes ratings, even if created as rated.
    let room = api
        .room(
            &p[3],
            json!({"game": "chess", "rated": true, "computers": {"black": 1}}),
        )
        .await;
    let mut c = Client::connect(&server, &room, Some(&p[3].token)).await;
    c.send(json!({"type": "resign"})).await;
    c.state_where(over).await;
    let (_, me) = api.get("/api/players/me", Some(&p[3].token)).await;
    assert_eq!(me["id"], p[3].id);
    let games: Vec<&str> = me["ratings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["game"].as_str().unwrap())
        .collect();
    assert_eq!(games, vec!["ffa"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lobby_lists_waiting_rooms_and_serves_the_page() {
    let dir = temp_dir("lobby");
    let server = Server::serving(
        &dir,
        &[
            ("www/index.html", PAGE),
            ("pkg/tablero_bg.wasm", &[0u8; 4096]),
        ],
    );
    let api = Api::new(&server);
    assert_eq!(
        api.get("/api/health", None).await,
        (200, json!({"ok": true}))
    );
    let a = api.player("A").await;
    let b = api.player("B").await;
    let waiting = api
        .room(
            &a,
            json!({"game": "kingdoms", "seat": "green", "turnSeconds": 60}),
        )
        .await;
    let playing = api.room(&a, json!({"game": "chess"})).await;
    api.join(&b, &playing, None).await;
    let _watch = Client::connect(&server, &playing, Some(&b.token)).await;
    let (_, lobby) = api.get("/api/rooms", None).await;
    let rooms = lobby["rooms"].as_array().unwrap();
    assert_eq!(rooms.len(), 1);
    assert_eq!(rooms[0]["id"], waiting);
    assert_eq!(rooms[0]["turnSeconds"], 60);
    assert_eq!(rooms[0]["free"], json!(["red", "blue", "yellow"]));
    assert_eq!(rooms[0]["seats"][3]["player"]["name"], "A");
    assert_eq!(lobby["playing"], 1);
    assert_eq!(lobby["online"], 1);

    let page = api
        .http
        .get(format!("{}/www/", server.base))
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), 200);
    assert!(page.text().await.unwrap().contains("<title>t</title>"));
    let wasm = api
        .http
        .get(format!("{}/pkg/tablero_bg.wasm", server.base))
        .header("Accept-Encoding", "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(wasm.headers()["content-type"], "application/wasm");
    assert_eq!(wasm.headers()["content-encoding"], "gzip");
    assert!(
        wasm.headers()["cache-control"]
            .to_str()
            .unwrap()
            .contains("max-age")
    );
}
