//! The compact `move` message (`?compact=1`, docs/PROTOCOL.md) end to end: one server process
//! on SQLite, real WebSocket clients against the real binary on a loopback port.

mod common;

use common::*;
use serde_json::json;

/// With `compact=1` a socket gets a `move` message after each move: the fields a move
/// changes, with only the new entries of `moves` and `san`. Applied to the state before, it
/// gives exactly the complete state of the same publication (`GET /api/rooms/<id>`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn compact_sockets_get_move_messages_that_rebuild_the_state() {
    let dir = temp_dir("compact");
    let server = Server::sqlite(&dir, &[]);
    let api = Api::new(&server);
    let Pair {
        a,
        room,
        mut ca,
        mut cb,
        ..
    } = api.chess_pair(&server, ["Ana", "Bo"]).await;
    let url = format!("{}&compact=1", server.socket_url(&room, Some(&a.token)));
    let mut w = Client::connect_url(&url).await;
    let mut held = w.state.clone();
    for (i, mv) in ["e2e4", "e7e5", "g1f3"].into_iter().enumerate() {
        let c = if i % 2 == 0 { &mut ca } else { &mut cb };
        c.send(json!({"type": "move", "move": mv, "ply": i})).await;
        // (The socket's chat history comes first.)
        let mut m = w.next().await;
        while m["type"] == "chat" {
            m = w.next().await;
        }
        assert_eq!(m["type"], "move", "{m}");
        assert_eq!(m["ply"], i + 1);
        assert_eq!(m["moves"], json!([mv]));
        for (k, v) in m.as_object().unwrap() {
            match k.as_str() {
                "type" => {}
                "moves" | "san" => held[k]
                    .as_array_mut()
                    .unwrap()
                    .extend(v.as_array().unwrap().iter().cloned()),
                _ => held[k] = v.clone(),
            }
        }
        let (_, full) = api.get(&format!("/api/rooms/{room}"), None).await;
        held.as_object_mut().unwrap().remove("you");
        assert_eq!(held, full);
    }
    assert_eq!(held["san"], json!(["e4", "e5", "Nf3"]));
    // A socket without `compact=1` still gets complete states.
    assert_eq!(ca.state_where(|s| ply(s) == 3).await["type"], "state");
}
