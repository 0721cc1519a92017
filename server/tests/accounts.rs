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
    std::fs::create_dir_all(dir.join("www")).unwrap();
    std::fs::write(
        dir.join("www/index.html"),
        "<!doctype html><title>t</title>",
    )
    .unwrap();
    let db = dir.join("db.sqlite");
    let server = Server::start(&[
        "--data",
        db.to_str().unwrap(),
        "--static",
        dir.to_str().unwrap(),
    ]);
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
