//! Every refusal of the room socket and the HTTP API answers its stable code
//! (docs/PROTOCOL.md, "Refusal codes"), and the socket stays open: one server process on
//! SQLite, real WebSocket clients against the real binary on a loopback port.

mod common;

use common::*;
use serde_json::json;
use tokio_tungstenite::tungstenite::Message;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_refusal_has_its_code_and_the_socket_stays_open() {
    let dir = temp_dir("refusals");
    // A manual clock: the socket's rate-limit windows move only when the test says so, so a
    // burst is one window whatever the machine's speed, and no test waits a second out.
    let server = Server::sqlite(&dir, &["--clock", "manual"]);
    let api = Api::new(&server);
    let a = api.player("A").await;
    let b = api.player("B").await;
    let c = api.player("C").await;
    let room = api.room(&a, json!({"game": "chess"})).await;
    let mut ca = Client::connect(&server, &room, Some(&a.token)).await;
    assert_eq!(ca.state["you"]["seat"], "white");

    // not-started: the room waits for black.
    ca.send(json!({"type": "move", "move": "e2e4", "ply": 0}))
        .await;
    assert_eq!(ca.error().await, "not-started");
    api.join(&b, &room, None).await;
    let mut cb = Client::connect(&server, &room, Some(&b.token)).await;
    ca.state_where(|s| s["roomStatus"] == "playing").await;

    // HTTP: the seat is taken, the room is full.
    assert_eq!(api.join(&c, &room, Some("white")).await.0, 409);
    assert_eq!(api.join(&c, &room, None).await.0, 409);

    // not-seated: a spectator with a token, and one without.
    let mut cc = Client::connect(&server, &room, Some(&c.token)).await;
    cc.send(json!({"type": "move", "move": "e2e4", "ply": 0}))
        .await;
    assert_eq!(cc.error().await, "not-seated");
    let mut anon = Client::connect(&server, &room, None).await;
    anon.send(json!({"type": "resign"})).await;
    assert_eq!(anon.error().await, "not-seated");

    // not-your-turn, illegal-move, stale-ply.
    cb.send(json!({"type": "move", "move": "e7e5", "ply": 0}))
        .await;
    assert_eq!(cb.error().await, "not-your-turn");
    ca.send(json!({"type": "move", "move": "e2e5", "ply": 0}))
        .await;
    assert_eq!(ca.error().await, "illegal-move");
    ca.send(json!({"type": "move", "move": "e2e4", "ply": 0}))
        .await;
    ca.state_where(|s| ply(s) == 1).await;
    cb.send(json!({"type": "move", "move": "e7e5", "ply": 0}))
        .await;
    assert_eq!(cb.error().await, "stale-ply");
    // no-draw: nothing to claim at move 1.
    cb.send(json!({"type": "claimDraw"})).await;
    assert_eq!(cb.error().await, "no-draw");

    // bad-message: malformed JSON, unknown type, wrong field type, binary frame.
    for bad in [
        "{".to_string(),
        r#"{"type":"teleport"}"#.to_string(),
        r#"{"type":"move","move":"e7e5","ply":"one"}"#.to_string(),
    ] {
        cb.send_raw(Message::text(bad)).await;
        assert_eq!(cb.error().await, "bad-message");
    }
    cb.send_raw(Message::binary(vec![0u8, 159, 146, 150])).await;
    assert_eq!(cb.error().await, "bad-message");
    // too-large: over 8 KB.
    api.advance(1100).await;
    let big = format!(r#"{{"type":"move","move":"{}","ply":1}}"#, "x".repeat(9000));
    cb.send_raw(Message::text(big)).await;
    assert_eq!(cb.error().await, "too-large");
    // Random bytes as text frames: refused, nothing breaks.
    api.advance(1100).await;
    let mut rng = Rng(99);
    for _ in 0..15 {
        let s: String = (0..rng.below(40))
            .map(|_| (rng.below(95) as u8 + 32) as char)
            .collect();
        cb.send_raw(Message::text(s)).await;
        assert_eq!(cb.error().await, "bad-message");
    }
    cb.alive().await;

    // rate-limited: a burst over 20 a second.
    api.advance(1100).await;
    for _ in 0..30 {
        cb.send(json!({"type": "ping"})).await;
    }
    assert_eq!(cb.error().await, "rate-limited");
    api.advance(1100).await;
    cb.alive().await;

    // The game goes on after all that: black moves, then resigns; game-over after.
    cb.send(json!({"type": "move", "move": "e7e5", "ply": 1}))
        .await;
    cb.state_where(|s| ply(s) == 2).await;
    cb.send(json!({"type": "resign"})).await;
    let s = ca.state_where(|s| s["status"]["over"] == true).await;
    assert_eq!(s["status"]["result"]["reason"], "resignation");
    assert_eq!(s["status"]["result"]["winners"], json!(["white"]));
    ca.send(json!({"type": "move", "move": "g1f3", "ply": 2}))
        .await;
    assert_eq!(ca.error().await, "game-over");
    ca.alive().await;

    // HTTP refusals: bad token, no token, unknown game, bad timer, unknown room, bad seat.
    assert_eq!(
        api.post("/api/rooms", Some("nope"), json!({"game": "chess"}))
            .await
            .0,
        401
    );
    assert_eq!(
        api.post("/api/rooms", None, json!({"game": "chess"}))
            .await
            .0,
        401
    );
    assert_eq!(
        api.post("/api/rooms", Some(&a.token), json!({"game": "go"}))
            .await
            .0,
        400
    );
    assert_eq!(
        api.post(
            "/api/rooms",
            Some(&a.token),
            json!({"game": "chess", "turnSeconds": 45})
        )
        .await
        .0,
        400
    );
    assert_eq!(api.join(&c, "no-such-room", None).await.0, 404);
    let r2 = api.room(&a, json!({"game": "ffa"})).await;
    assert_eq!(api.join(&c, &r2, Some("white")).await.0, 400);
    assert_eq!(api.get("/api/players/me", Some("nope")).await.0, 401);
    // A socket with a bad token is refused before the upgrade.
    assert!(
        tokio_tungstenite::connect_async(server.socket_url(&room, Some("nope")))
            .await
            .is_err()
    );
}
