//! The room socket: `GET /api/rooms/<id>/socket?token=…`.
//!
//! One task per socket reads client messages and forwards the room's state. Every refusal
//! (too large, malformed, too fast, not allowed by the rules) is answered with an `error`
//! message and the socket stays open; only a message over the transport limit (64 KB) or a
//! protocol violation closes it.

use std::sync::Arc;
use std::sync::atomic::Ordering;

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade, close_code};
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use tokio::sync::oneshot;

use crate::app::{ApiError, App};
use crate::protocol::{ClientMsg, decode, error_json};
use crate::refusal::Refusal;
use crate::room::{Cmd, Joined, Rooms};
use crate::store::PlayerRef;
use crate::util::now_ms;

/// The transport limit of one message: a bigger one closes the socket with 1009.
pub const MAX_FRAME: usize = 64 * 1024;

/// What the WebSocket layer reads at most: a message between [`MAX_FRAME`] and this is
/// read whole and answered with a clean close (1009); beyond it the layer stops reading
/// mid-frame, and the close frame sent then may be lost to the connection's reset.
const READ_LIMIT: usize = 4 * MAX_FRAME;

#[derive(Deserialize)]
pub(crate) struct SocketQuery {
    token: Option<String>,
    /// `compact=1`: after a move, send the compact `move` message rather than the whole
    /// state (docs/PROTOCOL.md).
    compact: Option<String>,
}

/// Upgrades to a WebSocket after checking the origin, the token and the room.
pub(crate) async fn upgrade(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Query(q): Query<SocketQuery>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    if !app.origin_allowed(&headers) {
        return ApiError(
            StatusCode::FORBIDDEN,
            "bad-origin",
            "this page's origin is not allowed".into(),
        )
        .into_response();
    }
    let player = match q.token.as_deref() {
        None | Some("") => None,
        Some(t) => match app.player_for_token(t).await {
            Ok(p) => Some(p),
            Err(e) => return e.into_response(),
        },
    };
    match app.rooms.get(&id).await {
        Ok(Some(_)) => {}
        Ok(None) => {
            return ApiError(StatusCode::NOT_FOUND, "no-room", "no such room".into())
                .into_response();
        }
        Err(e) => {
            tracing::error!("loading a room failed: {e}");
            return ApiError::internal_response();
        }
    }
    let rooms = app.rooms.clone();
    let compact = matches!(q.compact.as_deref(), Some("1" | "true"));
    // Small buffers: thousands of mostly idle sockets should not hold 128 KiB each.
    ws.max_message_size(READ_LIMIT)
        .max_frame_size(READ_LIMIT)
        .read_buffer_size(4 * 1024)
        .write_buffer_size(0)
        .on_upgrade(move |socket| run(socket, rooms, id, player, compact))
}

async fn run(
    mut socket: WebSocket,
    rooms: Arc<Rooms>,
    id: String,
    player: Option<PlayerRef>,
    compact: bool,
) {
    // A room's task that is just ending (its game over or its room closed, nobody left)
    // may drop a connection queued before it ended: ask again, which loads the room anew.
    let mut joined = None;
    for _attempt in 0..3 {
        let (tx, rx) = oneshot::channel();
        let cmd = Cmd::Connect {
            player: player.clone(),
            reply: tx,
        };
        if !matches!(rooms.send(&id, cmd).await, Ok(true)) {
            return;
        }
        if let Ok(j) = rx.await {
            joined = Some(j);
            break;
        }
    }
    let Some(Joined {
        first,
        seq,
        history,
        seated,
        team,
        mut state,
        mut chat,
    }) = joined
    else {
        return;
    };
    rooms.ctx.online.fetch_add(1, Ordering::Relaxed);
    let limit = rooms.ctx.cfg.messages_per_second;
    // The window runs on the server's clock (a test's manual clock moves it, not the wall).
    let mut window = now_ms();
    let mut count = 0u32;
    // The last publication this socket sent: a `move` message only follows the state it
    // applies to; a socket that skipped a publication (slow, or a watch that coalesced two
    // changes) gets the complete state instead, so a client never sees a gap.
    let mut sent = seq;
    let opened = socket.send(Message::Text(first.into())).await.is_ok()
        && socket.send(Message::Text(history.into())).await.is_ok();
    if opened {
        loop {
            tokio::select! {
                msg = socket.recv() => {
                    let text = match msg {
                        Some(Err(e)) => {
                            if too_big(e) {
                                close_too_big(&mut socket).await;
                            }
                            break;
                        }
                        None | Some(Ok(Message::Close(_))) => break,
                        Some(Ok(Message::Text(t))) if t.len() > MAX_FRAME => {
                            close_too_big(&mut socket).await;
                            break;
                        }
                        Some(Ok(Message::Binary(b))) if b.len() > MAX_FRAME => {
                            close_too_big(&mut socket).await;
                            break;
                        }
                        Some(Ok(Message::Text(t))) => t,
                        Some(Ok(Message::Binary(_))) => Utf8Bytes::from_static("\u{0}binary"),
                        Some(Ok(_)) => continue,
                    };
                    let now = now_ms();
                    // (A wall clock set back starts a new window too.)
                    if now - window >= 1000 || now < window {
                        window = now;
                        count = 0;
                    }
                    count += 1;
                    let reply = if count > limit {
                        Some(error_json(&Refusal {
                            code: "rate-limited",
                            message: format!("at most {limit} messages a second"),
                        }))
                    } else {
                        handle(&rooms, &id, player.as_ref(), &text).await
                    };
                    if let Some(r) = reply
                        && socket.send(Message::Text(r.into())).await.is_err()
                    {
                        break;
                    }
                }
                line = chat.recv() => {
                    let line = match line {
                        Ok(l) => l,
                        // A socket too slow for the chat skips lines rather than the room.
                        Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => continue,
                        Err(_) => break,
                    };
                    if line.team.is_some() && line.team != team
                        || line.team.is_none() && seated && !line.for_players
                    {
                        continue;
                    }
                    let msg = format!(r#"{{"type":"chat","lines":[{}]}}"#, line.line);
                    if socket.send(Message::Text(msg.into())).await.is_err() {
                        break;
                    }
                }
                changed = state.changed() => {
                    if changed.is_err() {
                        break;
                    }
                    let p = state.borrow_and_update().clone();
                    let text = match &p.moved {
                        Some(m) if compact && p.seq == sent + 1 => m,
                        _ => &p.full,
                    };
                    sent = p.seq;
                    if socket.send(Message::Text(text.clone())).await.is_err() {
                        break;
                    }
                }
            }
        }
    }
    rooms.ctx.online.fetch_sub(1, Ordering::Relaxed);
    let _ = rooms
        .send(
            &id,
            Cmd::Disconnect {
                player,
                watcher: !seated,
            },
        )
        .await;
}

/// Closes the socket with 1009 and a reason, and waits a moment for the client's answer
/// so that the close frame is read before the connection goes.
async fn close_too_big(socket: &mut WebSocket) {
    let frame = CloseFrame {
        code: close_code::SIZE,
        reason: Utf8Bytes::from_static("message over 64 KB"),
    };
    if socket.send(Message::Close(Some(frame))).await.is_ok() {
        let _ = tokio::time::timeout(std::time::Duration::from_secs(2), async {
            while let Some(Ok(m)) = socket.recv().await {
                if matches!(m, Message::Close(_)) {
                    break;
                }
            }
        })
        .await;
    }
}

/// Was the read error a message over the WebSocket layer's limit?
fn too_big(e: axum::Error) -> bool {
    e.into_inner()
        .downcast_ref::<tungstenite::Error>()
        .is_some_and(|e| matches!(e, tungstenite::Error::Capacity(_)))
}

/// Handles one text message; returns the reply to send, if any.
async fn handle(
    rooms: &Arc<Rooms>,
    id: &str,
    player: Option<&PlayerRef>,
    text: &str,
) -> Option<String> {
    let msg = match decode(text) {
        Ok(m) => m,
        Err(r) => return Some(error_json(&r)),
    };
    let action = match msg {
        ClientMsg::Ping => return Some(r#"{"type":"pong"}"#.into()),
        ClientMsg::Act(action) => action,
    };
    let Some(player) = player else {
        let refusal = if matches!(action, crate::engine::Action::Chat { .. }) {
            Refusal {
                code: "not-allowed",
                message: "chatting needs a name: connect with ?token=".into(),
            }
        } else {
            Refusal {
                code: "not-seated",
                message: "connect with ?token= of a seated player to play".into(),
            }
        };
        return Some(error_json(&refusal));
    };
    let (tx, rx) = oneshot::channel();
    let cmd = Cmd::Act {
        player: player.clone(),
        action,
        reply: tx,
    };
    let internal = || {
        Some(error_json(&Refusal {
            code: "internal",
            message: "the room is not available".into(),
        }))
    };
    if !matches!(rooms.send(id, cmd).await, Ok(true)) {
        return internal();
    }
    match rx.await {
        Ok(Ok(())) => None,
        Ok(Err(r)) => Some(error_json(&r)),
        Err(_) => internal(),
    }
}
