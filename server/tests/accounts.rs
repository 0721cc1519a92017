//! Issue 51: transport hygiene, names, identity, game records, history and profiles, each
//! seen from outside against the real binary.

mod common;

use common::*;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

/// Status, JSON body and content type of a raw request.
async fn raw(req: reqwest::RequestBuilder) -> (u16, Value, String) {
    let resp = req.send().await.unwrap();
    let status = resp.status().as_u16();
    let ctype = resp
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    let text = resp.text().await.unwrap();
    let body = serde_json::from_str(&text).unwrap_or(Value::String(text));
    (status, body, ctype)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_http_error_is_json_and_big_frames_close_with_1009() {
    let dir = temp_dir("hygiene");
    let server = Server::serving(&dir, &[("www/index.html", PAGE)]);
    let api = Api::new(&server);
    let url = |p: &str| format!("{}{p}", server.base);

    // An over-size body: 413 with the documented JSON, and nothing created.
    let big = json!({"name": "x".repeat(9000)}).to_string();
    let (s, v, ctype) = raw(api
        .http
        .post(url("/api/players"))
        .header("content-type", "application/json")
        .body(big))
    .await;
    assert_eq!((s, v["error"].as_str()), (413, Some("too-large")), "{v}");
    assert!(ctype.starts_with("application/json"));
    assert!(v["message"].as_str().is_some_and(|m| !m.is_empty()));
    // Unknown routes, wrong methods, bad query strings: the same shape.
    let (s, v, _) = raw(api.http.get(url("/api/nothing-here"))).await;
    assert_eq!((s, v["error"].as_str()), (404, Some("not-found")), "{v}");
    let (s, v, _) = raw(api.http.put(url("/api/rooms"))).await;
    assert_eq!((s, v["error"].as_str()), (405, Some("bad-method")), "{v}");
    // A socket route asked without an upgrade: axum's rejection, in our shape.
    let (s, v, _) = raw(api.http.get(url("/api/rooms/abc/socket"))).await;
    assert_eq!((s, v["error"].as_str()), (400, Some("bad-request")), "{v}");
    let (s, v, _) = raw(api.http.get(url("/www/missing.js"))).await;
    assert_eq!((s, v["error"].as_str()), (404, Some("not-found")), "{v}");

    // The page's headers.
    let page = api.http.get(url("/www/")).send().await.unwrap();
    assert_eq!(page.status(), 200);
    let h = page.headers();
    let csp = h["content-security-policy"].to_str().unwrap();
    assert!(
        csp.contains("script-src 'self' 'wasm-unsafe-eval'"),
        "{csp}"
    );
    assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
    assert!(!csp.contains("unsafe-inline"), "{csp}");
    assert_eq!(h["x-content-type-options"], "nosniff");
    assert_eq!(h["x-frame-options"], "DENY");
    assert_eq!(h["referrer-policy"], "no-referrer");
    // The API's answers carry them too.
    let health = api.http.get(url("/api/health")).send().await.unwrap();
    assert_eq!(health.headers()["x-content-type-options"], "nosniff");

    // A frame over 64 KB closes the socket with 1009 and a reason; one under 8 KB is only
    // refused.
    let a = api.player("Frames").await;
    let room = api.room(&a, json!({"game": "chess"})).await;
    let mut c = Client::connect(&server, &room, Some(&a.token)).await;
    c.send_raw(Message::text("y".repeat(9000))).await;
    assert_eq!(c.error().await, "too-large");
    c.alive().await;
    let (mut ws, _) = tokio_tungstenite::connect_async(server.socket_url(&room, Some(&a.token)))
        .await
        .unwrap();
    use futures_util::{SinkExt, StreamExt};
    ws.send(Message::text("z".repeat(70 * 1024))).await.unwrap();
    let mut close = None;
    while let Ok(Some(m)) = tokio::time::timeout(WAIT, ws.next()).await {
        match m {
            Ok(Message::Close(f)) => {
                close = f;
                break;
            }
            Ok(_) => continue,
            Err(_) => break,
        }
    }
    let close = close.expect("a close frame with a code");
    assert_eq!(u16::from(close.code), 1009);
    assert!(!close.reason.is_empty());
}

/// PATCH with a bearer token.
async fn patch(api: &Api, path: &str, token: Option<&str>, body: Value) -> (u16, Value) {
    let mut r = api.http.patch(format!("{}{path}", api.base)).json(&body);
    if let Some(t) = token {
        r = r.bearer_auth(t);
    }
    let resp = r.send().await.unwrap();
    let s = resp.status().as_u16();
    (s, resp.json().await.unwrap_or(Value::Null))
}

fn code(v: &(u16, Value)) -> (u16, &str) {
    (v.0, v.1["error"].as_str().unwrap_or(""))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn names_are_normalised_unique_and_never_a_disguise() {
    let dir = temp_dir("names");
    let server = Server::sqlite(&dir, &[]);
    let api = Api::new(&server);
    let ana = api.player("  Ana \t  Review ").await;
    assert_eq!(ana.name, "Ana Review");
    // The same name in another case, or with a zero-width space, is not another person.
    for twin in ["ana review", "ANA  REVIEW", "Ana\u{200B} Review"] {
        let r = api.post("/api/players", None, json!({"name": twin})).await;
        assert!(
            matches!(code(&r), (409, "taken") | (400, "bad-name")),
            "{twin:?}: {r:?}"
        );
    }
    for bad in [
        "\u{200B}",
        "evi\u{202E}l",
        "\u{2067}Bo",
        "---",
        "a\u{7}b",
        "\u{FEFF}",
    ] {
        let r = api.post("/api/players", None, json!({"name": bad})).await;
        assert_eq!(code(&r), (400, "bad-name"), "{bad:?}: {r:?}");
    }
    // NFC: the decomposed and precomposed spellings are one name.
    let jose = api.player("Jose\u{301}").await;
    assert_eq!(jose.name, "Jos\u{e9}");
    let r = api
        .post("/api/players", None, json!({"name": "JOS\u{c9}"}))
        .await;
    assert_eq!(code(&r), (409, "taken"));
    // Nothing was created by the refusals: the ratings table and lobby are empty, and the
    // refused names are still free of any holder but the two.
    assert_eq!(
        api.get("/api/players/me", Some(&ana.token)).await.1["name"],
        "Ana Review"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rename_keeps_the_player_the_seat_and_the_game() {
    let dir = temp_dir("rename");
    let server = Server::sqlite(&dir, &[]);
    let api = Api::new(&server);
    let Pair {
        a, mut ca, mut cb, ..
    } = api.chess_pair(&server, ["Ana", "Bo"]).await;
    ca.send(json!({"type": "move", "move": "e2e4", "ply": 0}))
        .await;
    cb.state_where(|s| ply(s) == 1).await;

    let r = patch(
        &api,
        "/api/players/me",
        Some(&a.token),
        json!({"name": " Ana  Nueva "}),
    )
    .await;
    assert_eq!(r, (200, json!({"id": a.id, "name": "Ana Nueva"})));
    // Both sockets see the new name on the same seat, same id.
    let s = cb
        .state_where(|s| s["seats"][0]["player"]["name"] == "Ana Nueva")
        .await;
    assert_eq!(s["seats"][0]["player"]["id"], a.id.as_str());
    assert_eq!(ply(&s), 1);
    // The seat is still hers: Bo moves, she moves.
    cb.send(json!({"type": "move", "move": "e7e5", "ply": 1}))
        .await;
    ca.state_where(|s| ply(s) == 2).await;
    ca.send(json!({"type": "move", "move": "g1f3", "ply": 2}))
        .await;
    let s = cb.state_where(|s| ply(s) == 3).await;
    assert_eq!(s["moves"], json!(["e2e4", "e7e5", "g1f3"]));
    let (_, me) = api.get("/api/players/me", Some(&a.token)).await;
    assert_eq!(
        (me["id"].as_str(), me["name"].as_str()),
        (Some(a.id.as_str()), Some("Ana Nueva"))
    );
    // A taken or invisible name is refused and changes nothing; her own name in another
    // case is hers to take.
    let r = patch(
        &api,
        "/api/players/me",
        Some(&a.token),
        json!({"name": "BO"}),
    )
    .await;
    assert_eq!(code(&r), (409, "taken"));
    let r = patch(
        &api,
        "/api/players/me",
        Some(&a.token),
        json!({"name": "\u{202E}\u{200B}"}),
    )
    .await;
    assert_eq!(code(&r), (400, "bad-name"));
    let r = patch(&api, "/api/players/me", None, json!({"name": "Zed"})).await;
    assert_eq!(code(&r), (401, "unauthorized"));
    assert_eq!(
        api.get("/api/players/me", Some(&a.token)).await.1["name"],
        "Ana Nueva"
    );
    let r = patch(
        &api,
        "/api/players/me",
        Some(&a.token),
        json!({"name": "ana nueva"}),
    )
    .await;
    assert_eq!(r.0, 200);
    // The old name is free again.
    let again = api.player("Ana").await;
    assert_ne!(again.id, a.id);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_recovery_code_signs_in_another_device_and_guesses_are_limited() {
    let dir = temp_dir("recover");
    let server = Server::sqlite(&dir, &[]);
    let api = Api::new(&server);
    let a = api.player("Ana").await;
    // The page shows the token in groups of four.
    let shown: Vec<String> = a
        .token
        .as_bytes()
        .chunks(4)
        .map(|c| String::from_utf8(c.to_vec()).unwrap())
        .collect();
    assert!(a.token.len() * 6 >= 128, "a code carries at least 128 bits");
    let (s, v) = api
        .post(
            "/api/players/recover",
            None,
            json!({"code": shown.join(" ")}),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(
        (v["id"].as_str(), v["name"].as_str()),
        (Some(a.id.as_str()), Some("Ana"))
    );
    let token = v["token"].as_str().unwrap();
    assert_eq!(
        api.get("/api/players/me", Some(token)).await.1["id"],
        a.id.as_str()
    );
    // Guesses: refused with a code, then limited per address; the right code too, then.
    let mut codes = Vec::new();
    for i in 0..12 {
        let r = api
            .post(
                "/api/players/recover",
                None,
                json!({"code": format!("guess{i}AAAAAAAAAAAAAAAAAAAAAAAAAA")}),
            )
            .await;
        codes.push(code(&r).1.to_string());
    }
    assert_eq!(codes[..9], vec!["bad-code"; 9][..]);
    assert_eq!(codes[9..], vec!["rate-limited"; 3][..]);
    let r = api
        .post("/api/players/recover", None, json!({"code": a.token}))
        .await;
    assert_eq!(code(&r), (429, "rate-limited"));
    let r = api
        .post("/api/players/recover", None, json!({"nope": 1}))
        .await;
    assert_eq!(r.0, 429);
}

/// GET a path's text.
async fn text(api: &Api, path: &str) -> (u16, String) {
    let r = api
        .http
        .get(format!("{}{path}", api.base))
        .send()
        .await
        .unwrap();
    (r.status().as_u16(), r.text().await.unwrap())
}

fn tag<'a>(pgn: &'a str, name: &str) -> Option<&'a str> {
    let start = format!("[{name} \"");
    pgn.lines()
        .find_map(|l| l.strip_prefix(start.as_str()))
        .and_then(|l| l.strip_suffix("\"]"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn records_histories_and_profiles() {
    let dir = temp_dir("records");
    let server = Server::sqlite(&dir, &["--clock", "manual"]);
    let api = Api::new(&server);
    let a = api.player("Ana").await;
    let b = api.player("Bo").await;
    let room = api
        .room(
            &a,
            json!({"game": "chess", "rated": true, "clock": {"initial": 60, "increment": 1}}),
        )
        .await;
    // A waiting room has no record yet.
    let (s, v) = api.get(&format!("/api/games/{room}.pgn"), None).await;
    assert_eq!((s, v["error"].as_str()), (409, Some("not-started")));
    let mut ca = Client::connect(&server, &room, Some(&a.token)).await;
    assert_eq!(api.join(&b, &room, None).await.0, 200);
    let mut cb = Client::connect(&server, &room, Some(&b.token)).await;
    // First moves (no clock runs, R11.2), then 3 s and 5 s.
    let plan = [
        ("e2e4", 1000),
        ("e7e5", 2000),
        ("g1f3", 3000),
        ("b8c6", 5000),
        ("f1c4", 7000),
    ];
    for (i, (mv, think)) in plan.iter().enumerate() {
        api.advance(*think).await;
        let c = if i % 2 == 0 { &mut ca } else { &mut cb };
        c.send(json!({"type": "move", "move": mv, "ply": i})).await;
        c.state_where(|s| ply(s) == i as i64 + 1).await;
    }
    // In progress: the record so far.
    let (s, pgn) = text(&api, &format!("/api/games/{room}.pgn")).await;
    assert_eq!(s, 200, "{pgn}");
    assert_eq!(tag(&pgn, "Result"), Some("*"));
    assert_eq!(tag(&pgn, "Termination"), Some("unterminated"));
    assert_eq!(pgn.matches("[%clk").count(), 5, "{pgn}");
    // Bo resigns.
    cb.send(json!({"type": "resign"})).await;
    ca.state_where(|s| s["roomStatus"] == "over").await;
    let (s, pgn) = text(&api, &format!("/api/games/{room}.pgn")).await;
    assert_eq!(s, 200);
    assert_eq!(tag(&pgn, "Event"), Some("tablero online, rated"));
    assert!(
        tag(&pgn, "Site")
            .unwrap()
            .ends_with(&format!("/www/#room={room}")),
        "{pgn}"
    );
    assert!(tag(&pgn, "Date").is_some() && tag(&pgn, "Date") == tag(&pgn, "UTCDate"));
    assert_eq!(tag(&pgn, "UTCTime").map(str::len), Some(8));
    assert_eq!(tag(&pgn, "White"), Some("Ana"));
    assert_eq!(tag(&pgn, "Black"), Some("Bo"));
    assert_eq!(tag(&pgn, "WhiteElo"), Some("1500"));
    assert_eq!(tag(&pgn, "BlackElo"), Some("1500"));
    assert_eq!(tag(&pgn, "TimeControl"), Some("60+1"));
    assert_eq!(tag(&pgn, "Result"), Some("1-0"));
    assert_eq!(tag(&pgn, "Termination"), Some("Ana won by resignation"));
    assert_eq!(tag(&pgn, "Variant"), Some("Standard"));
    // Every clock, imported back by the package: first moves at the full minute, then the
    // time spent less the increment: white 60 − 3 + 1, black 60 − 5 + 1, white 58 − 7 + 1.
    let game = tablero::Game::from_pgn(&pgn, 0).unwrap();
    assert_eq!(game.ply(), 5);
    let clocks: Vec<Option<u64>> = (1..=5)
        .map(|n| game.tree().at(&vec![0; n]).unwrap().clock)
        .collect();
    assert_eq!(
        clocks,
        [
            Some(60_000),
            Some(60_000),
            Some(58_000),
            Some(56_000),
            Some(52_000)
        ]
    );
    // Not a game: unknown ids, a player's id, other files.
    for bad in [
        "/api/games/nope.pgn".to_string(),
        format!("/api/games/{}.pgn", a.id),
        format!("/api/games/{room}.txt"),
        "/api/games/..%2F..%2Fetc.pgn".into(),
    ] {
        let r = api.get(&bad, None).await;
        assert_eq!(code(&r), (404, "no-room"), "{bad}");
    }

    // History and profile.
    let (s, h) = api.get(&format!("/api/players/{}/games", b.id), None).await;
    assert_eq!(s, 200, "{h}");
    let g = &h["games"][0];
    assert_eq!(h["games"].as_array().unwrap().len(), 1);
    assert_eq!(
        (g["room"].as_str(), g["game"].as_str()),
        (Some(room.as_str()), Some("chess"))
    );
    assert_eq!(g["result"], "loss");
    assert_eq!(g["reason"], "resignation");
    assert_eq!(
        g["opponents"],
        json!([{"seat": "white", "player": {"id": a.id, "name": "Ana"}}])
    );
    assert_eq!(g["rating"]["before"], 1500.0);
    // Elo with K = 40 between equals: the loser gives up 20.
    assert_eq!(g["rating"]["change"], -20.0);
    assert_eq!(g["record"], format!("/api/games/{room}.pgn"));
    assert!(h["next"].is_null());
    let (s, p) = api.get(&format!("/api/players/{}", a.id), None).await;
    assert_eq!(s, 200);
    assert_eq!(p["name"], "Ana");
    let chess = &p["ratings"][0];
    assert_eq!(
        (chess["game"].as_str(), chess["games"].as_i64()),
        (Some("chess"), Some(1))
    );
    assert_eq!(chess["provisional"], true);
    assert_eq!(chess["history"].as_array().unwrap().len(), 1);
    assert_eq!(chess["history"][0]["rating"], 1520.0);

    // Pages: 22 more games (aborted at once), newest first, 20 a page, no game twice.
    api.advance(1000).await;
    for i in 0..22 {
        let r = api.room(&a, json!({"game": "chess"})).await;
        api.join(&b, &r, None).await;
        let mut c = Client::connect(&server, &r, Some(&a.token)).await;
        c.send(json!({"type": "abort"})).await;
        c.state_where(|s| s["roomStatus"] == "over").await;
        if i % 3 == 0 {
            api.advance(1000).await;
        }
    }
    let mut seen = Vec::new();
    let mut before = String::new();
    loop {
        let (s, h) = api
            .get(
                &format!("/api/players/{}/games?before={before}", a.id),
                None,
            )
            .await;
        assert_eq!(s, 200, "{h}");
        let page = h["games"].as_array().unwrap();
        assert!(page.len() <= 20);
        for g in page {
            seen.push(g["room"].as_str().unwrap().to_string());
            if g["room"] != room.as_str() {
                assert_eq!(g["result"], "aborted");
                assert!(g["rating"].is_null());
            }
        }
        match h["next"].as_str() {
            Some(n) => before = n.to_string(),
            None => break,
        }
    }
    assert_eq!(seen.len(), 23);
    assert_eq!(seen.last(), Some(&room), "the oldest game comes last");
    let mut unique = seen.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), 23);
    // Bad input: coded errors.
    for bad in [
        "abc",
        "-1.x",
        "99999999999999999999.abc",
        "12.a%20b",
        "1.<b>",
    ] {
        let r = api
            .get(&format!("/api/players/{}/games?before={bad}", a.id), None)
            .await;
        assert_eq!(code(&r), (400, "bad-cursor"), "{bad}");
    }
    for bad in ["nobody", room.as_str(), "a%2Fb"] {
        let r = api.get(&format!("/api/players/{bad}"), None).await;
        assert_eq!(code(&r), (404, "no-player"), "{bad}");
        let r = api.get(&format!("/api/players/{bad}/games"), None).await;
        assert_eq!(code(&r), (404, "no-player"), "{bad}");
    }
}

/// A database from before names were unique: twins keep their rows, the later one is shown
/// with a short suffix (in its seats too), and its finished games have a history.
///
/// `tests/data/names-v1.sqlite` is `rooms-v1.sqlite` (written by the server before issue 48)
/// with two later twins added in that server's own schema and row format: `ana` (a twin of
/// `Ana`, seated in a waiting room) and a second `Bo`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn twins_of_an_older_database_get_a_suffix() {
    let dir = temp_dir("twins");
    let db = dir.join("db.sqlite");
    std::fs::copy(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/names-v1.sqlite"),
        &db,
    )
    .unwrap();
    let server = Server::start(&["--data", db.to_str().unwrap(), "--away-seconds", "100000"]);
    let api = Api::new(&server);
    let name = |id: &'static str| {
        let api = &api;
        async move { api.get(&format!("/api/players/{id}"), None).await.1["name"].clone() }
    };
    assert_eq!(name("dnKLbv2SVCWvPyMx").await, "Ana");
    assert_eq!(name("zzDupAna0000abcd").await, "ana #zzDu");
    assert_eq!(name("KihWkGTbzHKbXicD").await, "Bo");
    assert_eq!(name("yyDupBo00000abcd").await, "Bo #yyDu");
    let (_, state) = api.get("/api/rooms/twinRoom000000000000aa", None).await;
    assert_eq!(state["seats"][0]["player"]["name"], "ana #zzDu");
    // The names are unique from now on.
    let r = api.post("/api/players", None, json!({"name": "ANA"})).await;
    assert_eq!(code(&r), (409, "taken"));
    // Games that ended before histories existed are listed, without a rating change.
    let (_, h) = api.get("/api/players/dnKLbv2SVCWvPyMx/games", None).await;
    let games: Vec<&str> = h["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["game"].as_str().unwrap())
        .collect();
    let mut sorted = games.clone();
    sorted.sort();
    assert_eq!(sorted, ["chess", "kingdoms"]);
    assert!(
        h["games"]
            .as_array()
            .unwrap()
            .iter()
            .all(|g| g["rating"].is_null())
    );
    // A second start changes nothing more.
    drop(server);
    let server = Server::start(&["--data", db.to_str().unwrap(), "--away-seconds", "100000"]);
    let api = Api::new(&server);
    assert_eq!(
        api.get("/api/players/zzDupAna0000abcd", None).await.1["name"],
        "ana #zzDu"
    );
    let (_, h2) = api.get("/api/players/dnKLbv2SVCWvPyMx/games", None).await;
    assert_eq!(h2["games"].as_array().unwrap().len(), 2);
}

/// The lobby's `online` counts the sockets of every process sharing the database.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn online_counts_every_process() {
    let Some(pg) = common::pg::Pg::start() else {
        eprintln!("SKIPPED: PostgreSQL is not installed and could not be installed with apt");
        return;
    };
    let args = ["--database-url", &pg.url, "--lease-seconds", "2"];
    let a = Server::start(&args);
    let b = Server::start(&args);
    let (api_a, api_b) = (Api::new(&a), Api::new(&b));
    let x = api_a.player("X").await;
    let room = api_a.room(&x, json!({"game": "chess"})).await;
    let _c1 = Client::connect(&a, &room, Some(&x.token)).await;
    let _c2 = Client::connect(&a, &room, None).await;
    let _c3 = Client::connect(&b, &room, None).await;
    // Within a few heartbeats (every 0.5 s) each process counts all three.
    for api in [&api_a, &api_b] {
        let mut seen = 0;
        for _ in 0..100 {
            seen = api.get("/api/rooms", None).await.1["online"]
                .as_i64()
                .unwrap();
            if seen == 3 {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        assert_eq!(seen, 3);
    }
}

/// The record of `room` once over: (Result, Termination, the text).
async fn ended_record(api: &Api, room: &str) -> (String, String, String) {
    let (s, pgn) = text(api, &format!("/api/games/{room}.pgn")).await;
    assert_eq!(s, 200, "{pgn}");
    let result = tag(&pgn, "Result").unwrap_or_default().to_string();
    let termination = tag(&pgn, "Termination").unwrap_or_default().to_string();
    (result, termination, pgn)
}

/// A two-player room between fresh players `w` and `b`, both connected, playing.
async fn pair(
    server: &Server,
    api: &Api,
    names: [&str; 2],
    body: Value,
) -> (String, Client, Client) {
    let w = api.player(names[0]).await;
    let b = api.player(names[1]).await;
    let room = api.room(&w, body).await;
    let mut cw = Client::connect(server, &room, Some(&w.token)).await;
    assert_eq!(api.join(&b, &room, None).await.0, 200);
    let cb = Client::connect(server, &room, Some(&b.token)).await;
    cw.state_where(|s| s["roomStatus"] == "playing").await;
    (room, cw, cb)
}

/// Plays `moves` alternately from `cw` (white) and `cb` from ply 0.
async fn moves(cw: &mut Client, cb: &mut Client, moves: &[&str]) {
    for (i, mv) in moves.iter().enumerate() {
        let c = if i % 2 == 0 { &mut *cw } else { &mut *cb };
        c.send(json!({"type": "move", "move": mv, "ply": i})).await;
        cw.state_where(|s| ply(s) == i as i64 + 1).await;
    }
}

/// Every way a two-player room ends that the room decides (not the board): its record's
/// `Result` and `Termination` in words, and the file imports back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_player_records_say_how_the_game_ended() {
    let dir = temp_dir("records2");
    let server = Server::sqlite(&dir, &["--clock", "manual"]);
    let api = Api::new(&server);
    let clock = json!({"game": "chess", "clock": {"initial": 15, "increment": 0}});
    let over = |s: &Value| s["roomStatus"] == "over";

    // A draw offered and accepted.
    let (room, mut cw, mut cb) = pair(&server, &api, ["Ada", "Bea"], clock.clone()).await;
    moves(&mut cw, &mut cb, &["e2e4", "e7e5"]).await;
    cw.send(json!({"type": "offer", "offer": "draw"})).await;
    cb.state_where(|s| !s["offers"].as_array().unwrap().is_empty())
        .await;
    cb.send(json!({"type": "answer", "offer": "draw", "accept": true}))
        .await;
    cw.state_where(over).await;
    let (r, t, pgn) = ended_record(&api, &room).await;
    assert_eq!(
        (r.as_str(), t.as_str()),
        ("1/2-1/2", "Game drawn by agreement")
    );
    assert!(pgn.trim_end().ends_with("1/2-1/2"), "{pgn}");
    assert_eq!(tablero::Game::from_pgn(&pgn, 0).unwrap().ply(), 2);

    // An abort before every first move: no result.
    let (room, mut cw, _cb) = pair(&server, &api, ["Cid", "Dan"], clock.clone()).await;
    cw.send(json!({"type": "abort"})).await;
    cw.state_where(over).await;
    let (r, t, _) = ended_record(&api, &room).await;
    assert_eq!((r.as_str(), t.as_str()), ("*", "Game aborted"));

    // White's flag falls: Black wins on time.
    let (room, mut cw, mut cb) = pair(&server, &api, ["Eli", "Fay"], clock.clone()).await;
    moves(&mut cw, &mut cb, &["e2e4", "e7e5"]).await;
    api.advance(15_000).await;
    cw.state_where(over).await;
    let (r, t, pgn) = ended_record(&api, &room).await;
    assert_eq!((r.as_str(), t.as_str()), ("0-1", "Fay won on time"));
    assert!(pgn.trim_end().ends_with("0-1"), "{pgn}");

    // A threefold repetition claimed by the side to move.
    let (room, mut cw, mut cb) = pair(&server, &api, ["Gus", "Hal"], clock.clone()).await;
    let dance = [
        "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
    ];
    moves(&mut cw, &mut cb, &dance).await;
    cw.send(json!({"type": "claimDraw"})).await;
    cw.state_where(over).await;
    let (r, t, _) = ended_record(&api, &room).await;
    assert_eq!(
        (r.as_str(), t.as_str()),
        ("1/2-1/2", "Game drawn by repetition")
    );

    // A resignation.
    let (room, mut cw, mut cb) = pair(&server, &api, ["Ivo", "Jan"], clock).await;
    moves(&mut cw, &mut cb, &["e2e4", "e7e5"]).await;
    cw.send(json!({"type": "resign"})).await;
    cb.state_where(over).await;
    let (r, t, _) = ended_record(&api, &room).await;
    assert_eq!((r.as_str(), t.as_str()), ("0-1", "Jan won by resignation"));
}

/// Four players connected in a casual room of `game` with a 15 s clock, every seat past its
/// first move; the clients in table order.
async fn four(server: &Server, api: &Api, game: &str, names: [&str; 4]) -> (String, Vec<Client>) {
    let mut p = Vec::new();
    for n in names {
        p.push(api.player(n).await);
    }
    let room = api
        .room(
            &p[0],
            json!({"game": game, "clock": {"initial": 15, "increment": 0}}),
        )
        .await;
    let mut cs = vec![Client::connect(server, &room, Some(&p[0].token)).await];
    for q in &p[1..] {
        api.join(q, &room, None).await;
        cs.push(Client::connect(server, &room, Some(&q.token)).await);
    }
    cs[0].state_where(|s| s["roomStatus"] == "playing").await;
    (room, cs)
}

const SEATS: [&str; 4] = ["red", "blue", "yellow", "green"];

/// Each seat's first move (the clocks start after them).
async fn first_moves(cs: &mut [Client]) {
    for i in 0..4 {
        let s = cs[0].state_where(|s| ply(s) >= i).await;
        let k = SEATS
            .iter()
            .position(|x| Some(*x) == turn(&s).as_deref())
            .unwrap();
        let mv = legal_moves(&s)[0].clone();
        let p0 = ply(&s);
        cs[k]
            .send(json!({"type": "move", "move": mv, "ply": p0}))
            .await;
        cs[0].state_where(|s| ply(s) > p0).await;
    }
}

/// chess.com's four-player `Result`: each seat's name and points, table order.
fn points_result(s: &Value, names: [&str; 4]) -> String {
    let scores = s["status"]["result"]["scores"].as_array().unwrap();
    SEATS
        .iter()
        .zip(names)
        .map(|(seat, n)| {
            let pts = scores.iter().find(|x| x["player"] == *seat).unwrap()["points"]
                .as_f64()
                .unwrap();
            format!("{n}: {pts}")
        })
        .collect::<Vec<_>>()
        .join(" - ")
}

/// Who won, in the record's words: the winners the room names (first place on points).
fn won(s: &Value, names: [&str; 4]) -> String {
    let w: Vec<&str> = s["status"]["result"]["winners"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| names[SEATS.iter().position(|x| w == *x).unwrap()])
        .collect();
    match w.as_slice() {
        [one] => format!("{one} won"),
        many => format!("{} shared first place", many.join(", ")),
    }
}

/// Four-player rooms: an abort, an agreed draw, resignations and time-outs each give the
/// record chess.com's `Result` (names and points) and a `Termination` in words, and the
/// file imports back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn four_player_records_say_how_the_game_ended() {
    let dir = temp_dir("records4");
    let server = Server::sqlite(&dir, &["--clock", "manual", "--ai-nodes", "300"]);
    let api = Api::new(&server);
    let over = |s: &Value| s["roomStatus"] == "over";

    // Aborted before the first moves: no result.
    let (room, mut cs) = four(&server, &api, "ffa", ["R1", "B1", "Y1", "G1"]).await;
    cs[0].send(json!({"type": "abort"})).await;
    cs[0].state_where(over).await;
    let (r, t, pgn) = ended_record(&api, &room).await;
    assert_eq!((r.as_str(), t.as_str()), ("*", "Game aborted"), "{pgn}");

    // A draw every seat accepts: +10 each, all four share first place.
    let names = ["R2", "B2", "Y2", "G2"];
    let (room, mut cs) = four(&server, &api, "ffa", names).await;
    first_moves(&mut cs).await;
    cs[0].send(json!({"type": "offer", "offer": "draw"})).await;
    for c in cs.iter_mut().skip(1) {
        c.state_where(|s| !s["offers"].as_array().unwrap().is_empty())
            .await;
        c.send(json!({"type": "answer", "offer": "draw", "accept": true}))
            .await;
    }
    let s = cs[0].state_where(over).await;
    assert_eq!(s["status"]["result"]["reason"], "agreement");
    let (r, t, pgn) = ended_record(&api, &room).await;
    assert_eq!(r, "R2: 10 - B2: 10 - Y2: 10 - G2: 10", "{pgn}");
    assert_eq!(r, points_result(&s, names));
    assert_eq!(
        t,
        "Draw agreed. R2, B2, Y2, G2 shared first place on points"
    );
    assert!(!pgn.trim_end().ends_with('*'), "{pgn}");
    assert_eq!(tablero::Game::from_pgn(&pgn, 0).unwrap().ply(), 4);

    // Blue, Yellow and Green resign: Red is the last one in.
    let names = ["R3", "B3", "Y3", "G3"];
    let (room, mut cs) = four(&server, &api, "ffa", names).await;
    first_moves(&mut cs).await;
    for k in 1..4 {
        cs[k].send(json!({"type": "resign"})).await;
        cs[0]
            .state_where(|s| {
                s["score"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|x| x["player"] == SEATS[k] && x["status"] == "resigned")
            })
            .await;
    }
    let s = cs[0].state_where(over).await;
    let (r, t, pgn) = ended_record(&api, &room).await;
    assert_eq!(r, points_result(&s, names), "{pgn}");
    assert_eq!(t, format!("Green resigned. {}", won(&s, names)));
    let back = tablero::Game::from_pgn(&pgn, 0).unwrap();
    assert_eq!(back.ply(), 7);
    assert_eq!(
        back.headers().iter().find(|(k, _)| k == "Termination"),
        None
    );

    // Free for all, three flags in a row: each seat to move forfeits on time.
    let names = ["R4", "B4", "Y4", "G4"];
    let (room, mut cs) = four(&server, &api, "ffa", names).await;
    first_moves(&mut cs).await;
    for out in 1..=3 {
        api.advance(15_000).await;
        cs[0]
            .state_where(|s| {
                s["score"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter(|x| x["status"] == "timeout")
                    .count()
                    == out
            })
            .await;
    }
    let s = cs[0].state_where(over).await;
    let (r, t, pgn) = ended_record(&api, &room).await;
    assert_eq!(r, points_result(&s, names), "{pgn}");
    // Red, Blue and Yellow flag in turn (R11.4: each out as `T`); the words say "on time".
    assert_eq!(t, format!("Yellow forfeit on time. {}", won(&s, names)));
    tablero::Game::from_pgn(&pgn, 0).unwrap();
}
