//! Teams rooms (R14), end to end against the real binary: four people in a rated room, the
//! team chat that only partners read, and R14.8 ratings in the `teams` leaderboard. The
//! clock is manual, so nothing here depends on wall time.

mod common;

use common::*;
use serde_json::{Value, json};

const MANUAL: [&str; 4] = ["--clock", "manual", "--ai-nodes", "300"];
const SEATS: [&str; 4] = ["red", "blue", "yellow", "green"];

/// Four people seated red, blue, yellow, green in a new room created with `body`, each with
/// a socket whose history chat message has been read, and the state once playing.
async fn four(server: &Server, api: &Api, body: Value) -> (Vec<Player>, String, Vec<Client>) {
    let p = vec![
        api.player("Rosa").await,
        api.player("Bruno").await,
        api.player("Yara").await,
        api.player("Gil").await,
    ];
    let room = api.room(&p[0], body).await;
    let mut cs = vec![Client::connect(server, &room, Some(&p[0].token)).await];
    for (q, seat) in p[1..].iter().zip(&SEATS[1..]) {
        assert_eq!(api.join(q, &room, Some(seat)).await.1["seat"], *seat);
        cs.push(Client::connect(server, &room, Some(&q.token)).await);
    }
    for c in cs.iter_mut() {
        assert!(c.chat().await.is_empty());
    }
    cs[0].state_where(|s| s["roomStatus"] == "playing").await;
    (p, room, cs)
}

/// Each seat in turn plays its first legal move, `rounds` times round the table.
async fn play_rounds(cs: &mut [Client], rounds: i64) {
    for i in 0..4 * rounds {
        let s = cs[0].state_where(|s| ply(s) >= i).await;
        let seat = turn(&s).unwrap();
        let k = SEATS.iter().position(|x| *x == seat).unwrap();
        let mv = legal_moves(&s)[0].clone();
        cs[k]
            .send(json!({"type": "move", "move": mv, "ply": ply(&s)}))
            .await;
        cs[0].state_where(|s| ply(s) > i).await;
    }
}

/// The team chat: a line in the `team` channel reaches the speaker's partner and no one else
/// (not the other team, not a watcher, not the history of anyone else); elsewhere it is
/// refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn team_chat_reaches_the_partner_only() {
    let dir = temp_dir("teamchat");
    let server = Server::sqlite(&dir, &MANUAL);
    let api = Api::new(&server);
    let (p, room, mut cs) = four(&server, &api, json!({"game": "teams"})).await;
    let v = api.player("Vera").await;
    let mut watcher = Client::connect(&server, &room, Some(&v.token)).await;
    assert!(watcher.chat().await.is_empty());

    cs[0]
        .send(json!({"type": "chat", "text": "push the h-pawn", "channel": "team"}))
        .await;
    let lines = cs[2].chat().await;
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0]["channel"], "team");
    assert_eq!(lines[0]["seat"], "red");
    assert_eq!(lines[0]["player"]["id"], p[0].id.as_str());
    assert_eq!(cs[0].chat().await[0]["text"], "push the h-pawn");
    // Blue and Green answer among themselves.
    cs[3]
        .send(json!({"type": "chat", "text": "watch a7", "channel": "team"}))
        .await;
    assert_eq!(cs[1].chat().await[0]["text"], "watch a7");
    assert_eq!(cs[3].chat().await[0]["text"], "watch a7");
    // Nobody else read either line: the other team's players and the watcher.
    assert!(cs[1].chat_until_pong().await.is_empty());
    let red = cs[0].chat_until_pong().await;
    assert!(red.is_empty(), "{red:?}");
    assert!(cs[2].chat_until_pong().await.is_empty());
    assert!(watcher.chat_until_pong().await.is_empty());
    // The players' channel still reaches everyone.
    cs[1].send(json!({"type": "chat", "text": "gl all"})).await;
    for c in cs.iter_mut() {
        assert_eq!(c.chat().await[0]["text"], "gl all");
    }
    // A watcher has no team.
    watcher
        .send(json!({"type": "chat", "text": "psst", "channel": "team"}))
        .await;
    assert_eq!(watcher.error().await, "not-allowed");
    // On connect, each reads its own team's lines only.
    for (i, q) in p.iter().enumerate() {
        let mut again = Client::connect(&server, &room, Some(&q.token)).await;
        let texts: Vec<String> = again
            .chat()
            .await
            .iter()
            .map(|l| l["text"].as_str().unwrap().to_string())
            .collect();
        let own = if i % 2 == 0 {
            "push the h-pawn"
        } else {
            "watch a7"
        };
        assert_eq!(texts, [own, "gl all"], "{}", SEATS[i]);
    }
    let mut again = Client::connect(&server, &room, Some(&v.token)).await;
    let texts: Vec<Value> = again
        .chat()
        .await
        .iter()
        .map(|l| l["text"].clone())
        .collect();
    assert_eq!(texts, [json!("gl all")]);

    // In a free-for-all room there is no team to talk to.
    let (_, _, mut ffa) = four(&server, &api, json!({"game": "ffa"})).await;
    ffa[0]
        .send(json!({"type": "chat", "text": "hi", "channel": "team"}))
        .await;
    assert_eq!(ffa[0].error().await, "not-allowed");
}

/// R14.8: a rated Teams game won by Blue and Green (Red resigns) moves each winner up by 20
/// and each loser down by 20 (two opponents, K/2 each), in the `teams` table only; with R10.4's
/// K/3 against all three a winner would have gained 13⅓.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn teams_ratings_follow_r14_8_in_their_own_table() {
    let dir = temp_dir("teamratings");
    let server = Server::sqlite(&dir, &MANUAL);
    let api = Api::new(&server);
    let (p, _room, mut cs) = four(&server, &api, json!({"game": "teams", "rated": true})).await;
    // Everyone moves once (a resignation before that aborts, R12.3).
    play_rounds(&mut cs, 1).await;
    cs[0].send(json!({"type": "resign"})).await;
    let s = cs[0].state_where(|s| s["status"]["over"] == true).await;
    assert_eq!(s["status"]["result"]["reason"], "resignation");
    assert_eq!(s["status"]["result"]["winners"], json!(["blue", "green"]));
    let (code, table) = api.get("/api/ratings?game=teams", None).await;
    assert_eq!(code, 200);
    let rating = |id: &str| {
        table
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["player"]["id"] == id)
            .map(|r| (r["rating"].as_f64().unwrap(), r["games"].as_i64().unwrap()))
    };
    for (i, q) in p.iter().enumerate() {
        let want = if i % 2 == 1 { 1520.0 } else { 1480.0 };
        let (r, games) = rating(&q.id).unwrap_or_else(|| panic!("{} rated: {table}", SEATS[i]));
        assert!((r - want).abs() < 1e-9, "{}: {r}", SEATS[i]);
        assert_eq!(games, 1);
    }
    // Nobody's free-for-all rating moved.
    let (_, ffa) = api.get("/api/ratings?game=ffa", None).await;
    assert_eq!(ffa, json!([]));
    let (_, me) = api.get("/api/players/me", Some(&p[1].token)).await;
    let games: Vec<&Value> = me["ratings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| &r["game"])
        .collect();
    assert_eq!(games, [&json!("teams")]);
}
