//! HTTP routes: players, rooms, ratings, the room socket and the static page.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{Value, json};
use tokio::sync::oneshot;
use tower_http::compression::CompressionLayer;
use tower_http::cors::{AllowOrigin, CorsLayer};
use tower_http::services::ServeDir;
use tower_http::set_header::SetResponseHeaderLayer;

use tablero::GameKind;

use crate::app::{ApiError, App, bad, check_origin, internal, parse_body};
use crate::clock::TimeControl;
use crate::ratings::PROVISIONAL_GAMES;
use crate::room::{Cmd, JoinError, Rooms};
use crate::store::{RoomExtra, RoomRow, SeatRow};
use crate::util::{now_ms, random_id, random_seed};

type Shared = Arc<App>;

/// Builds the router.
pub fn router(rooms: Arc<Rooms>) -> Router {
    let cfg = rooms.ctx.cfg.clone();
    let app = Arc::new(App::new(rooms));
    let origin = if cfg.allow_origins.is_empty() {
        AllowOrigin::any()
    } else {
        AllowOrigin::list(
            cfg.allow_origins
                .iter()
                .filter_map(|o| HeaderValue::from_str(o).ok()),
        )
    };
    let cors = CorsLayer::new()
        .allow_origin(origin)
        .allow_methods([Method::GET, Method::POST, Method::PATCH, Method::DELETE])
        .allow_headers([header::AUTHORIZATION, header::CONTENT_TYPE]);
    let api = Router::new()
        .route("/api/health", get(|| async { Json(json!({"ok": true})) }))
        .route("/api/players", post(crate::players::create))
        .route(
            "/api/players/me",
            get(crate::players::me).patch(crate::players::rename),
        )
        .route("/api/players/recover", post(crate::players::recover))
        .route("/api/players/{id}", get(crate::players::profile))
        .route("/api/players/{id}/games", get(crate::players::games))
        .route("/api/games/{file}", get(crate::records::record))
        .route("/api/rooms", post(create_room).get(lobby))
        .route("/api/rooms/{id}", get(room_state).delete(cancel_room))
        .route("/api/test/clock", post(move_clock))
        .route("/api/rooms/{id}/join", post(join))
        .route("/api/rooms/{id}/socket", get(crate::socket::upgrade))
        .route("/api/ratings", get(ratings))
        .layer(cors)
        .layer(axum::extract::DefaultBodyLimit::max(
            crate::protocol::MAX_MESSAGE,
        ))
        .with_state(app);
    let all = match &cfg.static_root {
        None => api,
        Some(root) => {
            // The package files keep their names across builds, so they are revalidated
            // (Last-Modified) rather than cached for long; compression matters most for
            // the .wasm file.
            let revalidate = SetResponseHeaderLayer::if_not_present(
                header::CACHE_CONTROL,
                HeaderValue::from_static("no-cache"),
            );
            let pkg_cache = SetResponseHeaderLayer::if_not_present(
                header::CACHE_CONTROL,
                HeaderValue::from_static("public, max-age=60, must-revalidate"),
            );
            let www = Router::new()
                .nest_service("/www", ServeDir::new(root.join("www")))
                .layer(revalidate);
            let pkg = Router::new()
                .nest_service("/pkg", ServeDir::new(root.join("pkg")))
                .layer(pkg_cache);
            api.merge(www.merge(pkg).layer(CompressionLayer::new()))
                .route("/", get(|| async { Redirect::temporary("/www/") }))
        }
    };
    all.layer(axum::middleware::from_fn(crate::http::json_errors))
        .layer(axum::middleware::from_fn(crate::http::security_headers))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct NewRoom {
    game: String,
    #[serde(default)]
    rated: bool,
    #[serde(default)]
    turn_seconds: i64,
    clock: Option<Value>,
    move_limit: Option<i64>,
    seat: Option<String>,
    #[serde(default)]
    computers: HashMap<String, u8>,
}

async fn create_room(
    State(app): State<Shared>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<Value>, ApiError> {
    check_origin(&app, &headers)?;
    let player = app.required(&headers).await?;
    let req: NewRoom = parse_body(&body)?;
    let kind = online_game(&req.game)?;
    if ![0, 30, 60].contains(&req.turn_seconds) {
        return Err(bad("turnSeconds is 0, 30 or 60"));
    }
    let clock = match &req.clock {
        None | Some(Value::Null) => None,
        Some(v) => Some(time_control(v)?),
    };
    if clock.is_some() && req.turn_seconds > 0 {
        return Err(ApiError(
            StatusCode::BAD_REQUEST,
            "clock-and-timer",
            "a room has a clock or a turn timer, not both (R11.1)".into(),
        ));
    }
    if let Some(m) = req.move_limit
        && (kind.rules().is_none() || !(1..=100_000).contains(&m))
    {
        return Err(bad(
            "moveLimit is for four-player games, an integer from 1 to 100000",
        ));
    }
    let names: Vec<&str> = kind.players().iter().map(|p| p.name()).collect();
    let seat_index = |name: &str| {
        names.iter().position(|s| *s == name).ok_or_else(|| {
            bad(format!(
                "no seat {name:?} in {}; seats: {}",
                kind.id(),
                names.join(", ")
            ))
        })
    };
    let mine = match &req.seat {
        Some(s) => seat_index(s)?,
        None => 0,
    };
    let mut seats = vec![SeatRow::default(); names.len()];
    seats[mine].player = Some(player);
    for (name, &level) in &req.computers {
        let i = seat_index(name)?;
        if i == mine {
            return Err(bad("the computer cannot take your own seat"));
        }
        if !(1..=8).contains(&level) {
            return Err(bad("a computer's level is 1 to 8"));
        }
        seats[i].computer = Some(level);
    }
    app.limit(addr.ip(), "rooms")?;
    let full = seats.iter().all(|s| !s.is_free());
    let creator = seats[mine].player.as_ref().map(|p| p.id.clone());
    if !full
        && let Some(c) = &creator
        && app
            .rooms
            .ctx
            .store
            .waiting_rooms_of(c)
            .await
            .map_err(internal)?
            >= MAX_WAITING_ROOMS
    {
        return Err(ApiError(
            StatusCode::TOO_MANY_REQUESTS,
            "too-many-rooms",
            format!("at most {MAX_WAITING_ROOMS} of your rooms may wait at once"),
        ));
    }
    let now = now_ms();
    let row = RoomRow {
        id: random_id(16),
        game: kind,
        // R10.5: a room with a computer seat at the start is never rated.
        rated: req.rated && req.computers.is_empty(),
        turn_seconds: req.turn_seconds,
        move_limit: req.move_limit,
        seats,
        status: if full { "playing" } else { "waiting" }.into(),
        created: now,
        seed: random_seed(),
        deadline: (full && req.turn_seconds > 0)
            .then(|| now + req.turn_seconds * app.rooms.ctx.cfg.turn_ms_per_second as i64),
        result: None,
        version: 0,
        extra: RoomExtra {
            clock,
            started: full.then_some(now),
            creator,
            rematch: None,
        },
    };
    let store = &app.rooms.ctx.store;
    store.create_room(&row).await.map_err(internal)?;
    if full {
        // A room that starts at once may need the computer to move first.
        app.rooms.get(&row.id).await.map_err(internal)?;
        app.rooms.ctx.notify_new(&row.id).await;
    }
    Ok(Json(json!({
        "id": row.id,
        "invite": format!("/www/#room={}", row.id),
        "seat": names[mine],
    })))
}

/// The game with this id, if rooms offer it (`bad-request` otherwise, naming those that are).
/// Waiting rooms one player may have open at once.
const MAX_WAITING_ROOMS: i64 = 3;

/// Reads `clock: {initial, increment}` (whole seconds, R11.1).
fn time_control(v: &Value) -> Result<TimeControl, ApiError> {
    let bad_clock = |m: String| ApiError(StatusCode::BAD_REQUEST, "bad-clock", m);
    let field = |name: &str| {
        v.get(name).and_then(Value::as_u64).ok_or_else(|| {
            bad_clock(format!(
                "clock is {{\"initial\": seconds, \"increment\": seconds}}; {name} must be a whole number"
            ))
        })
    };
    let (initial, increment) = (field("initial")?, field("increment")?);
    if v.as_object().is_some_and(|o| o.len() != 2) {
        return Err(bad_clock("clock has only initial and increment".into()));
    }
    TimeControl::from_seconds(initial, increment).map_err(|r| bad_clock(r.message))
}

fn online_game(id: &str) -> Result<GameKind, ApiError> {
    GameKind::from_id(id)
        .filter(|k| k.info().online)
        .ok_or_else(|| {
            let ids: Vec<&str> = GameKind::ALL
                .iter()
                .filter(|k| k.info().online)
                .map(|k| k.id())
                .collect();
            bad(format!("game is one of {}", ids.join(", ")))
        })
}

fn seats_json(kind: GameKind, seats: &[SeatRow]) -> Value {
    Value::Array(
        seats
            .iter()
            .zip(kind.players())
            .map(|(s, p)| {
                let mut o = json!({"seat": p.name()});
                if let Some(p) = &s.player {
                    o["player"] = json!(p);
                }
                if let Some(c) = s.computer {
                    o["computer"] = json!(c);
                }
                o
            })
            .collect(),
    )
}

async fn lobby(State(app): State<Shared>) -> Result<Json<Value>, ApiError> {
    let (rooms, playing) = app.rooms.ctx.store.lobby(100).await.map_err(internal)?;
    let list: Vec<Value> = rooms
        .iter()
        .map(|r| {
            let free: Vec<&str> = r
                .seats
                .iter()
                .zip(r.game.players())
                .filter(|(s, _)| s.is_free())
                .map(|(_, p)| p.name())
                .collect();
            json!({
                "id": r.id, "game": r.game, "rated": r.rated, "turnSeconds": r.turn_seconds,
                "moveLimit": r.move_limit, "seats": seats_json(r.game, &r.seats), "free": free,
                "created": r.created,
                "clock": r.extra.clock.map(|tc| json!({
                    "initial": tc.initial_ms() / 1000, "increment": tc.increment_ms() / 1000})),
            })
        })
        .collect();
    let ctx = &app.rooms.ctx;
    let mut online = ctx.online.load(std::sync::atomic::Ordering::Relaxed);
    if ctx.clustered {
        // The other processes' sockets, as of their last heartbeat (a lease round).
        online += ctx.store.remote_online().await.unwrap_or_else(|e| {
            tracing::warn!("counting other processes' sockets failed: {e}");
            0
        });
    }
    let games = app.rooms.games(50);
    Ok(Json(
        json!({"rooms": list, "games": games, "playing": playing, "online": online}),
    ))
}

async fn room_state(
    State(app): State<Shared>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let Some(h) = app.rooms.get(&id).await.map_err(internal)? else {
        return Err(not_found());
    };
    let state = h.state();
    Ok((
        [(header::CONTENT_TYPE, "application/json")],
        state.to_string(),
    )
        .into_response())
}

fn not_found() -> ApiError {
    ApiError(StatusCode::NOT_FOUND, "no-room", "no such room".into())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JoinReq {
    seat: Option<String>,
}

async fn join(
    State(app): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<Value>, ApiError> {
    check_origin(&app, &headers)?;
    let player = app.required(&headers).await?;
    let req: JoinReq = parse_body(&body)?;
    let (tx, rx) = oneshot::channel();
    let sent = app
        .rooms
        .send(
            &id,
            Cmd::Join {
                player,
                seat: req.seat,
                reply: tx,
            },
        )
        .await
        .map_err(internal)?;
    if !sent {
        return Err(not_found());
    }
    match rx.await.map_err(internal)? {
        Ok(seat) => Ok(Json(json!({"seat": seat}))),
        Err(JoinError::BadSeat) => Err(bad("no such seat in this game")),
        Err(JoinError::Taken(why)) => Err(ApiError(StatusCode::CONFLICT, "taken", why.into())),
        Err(JoinError::NotConnected) => Err(ApiError(
            StatusCode::CONFLICT,
            "not-connected",
            "a rated game starts only when every seated player has opened the room".into(),
        )),
        Err(JoinError::Cancelled) => Err(not_found()),
        Err(JoinError::Internal) => Err(internal("join failed")),
    }
}

/// `DELETE /api/rooms/<id>`: the creator cancels a waiting room (R12.5).
async fn cancel_room(
    State(app): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    check_origin(&app, &headers)?;
    let player = app.required(&headers).await?;
    let (tx, rx) = oneshot::channel();
    let sent = app
        .rooms
        .send(&id, Cmd::Cancel { player, reply: tx })
        .await
        .map_err(internal)?;
    if !sent {
        return Err(not_found());
    }
    match rx.await.map_err(internal)? {
        Ok(()) => Ok(Json(json!({"ok": true}))),
        Err("not-creator") => Err(ApiError(
            StatusCode::FORBIDDEN,
            "not-creator",
            "only the room's creator can cancel it".into(),
        )),
        Err("not-waiting") => Err(ApiError(
            StatusCode::CONFLICT,
            "not-waiting",
            "the game has started (or the room is closed)".into(),
        )),
        Err(_) => Err(internal("cancel failed")),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveClock {
    advance: i64,
}

/// `POST /api/test/clock {advance: ms}`: moves a manual clock (`--clock manual`), from the
/// loopback address only; 404 otherwise, as if the route did not exist.
async fn move_clock(
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    body: Bytes,
) -> Result<Json<Value>, ApiError> {
    if !crate::util::is_manual() || !addr.ip().is_loopback() {
        return Err(not_found());
    }
    let req: MoveClock = parse_body(&body)?;
    if !(0..=86_400_000).contains(&req.advance) {
        return Err(bad("advance is 0 to 86400000 ms"));
    }
    let now = crate::util::advance(req.advance).ok_or_else(not_found)?;
    Ok(Json(json!({"now": now})))
}

fn rating_json(r: &crate::ratings::Rating) -> Value {
    json!({"rating": r.rating, "games": r.games, "provisional": r.games < PROVISIONAL_GAMES})
}

#[derive(Deserialize)]
struct RatingsQuery {
    game: Option<String>,
}

async fn ratings(
    State(app): State<Shared>,
    Query(q): Query<RatingsQuery>,
) -> Result<Json<Value>, ApiError> {
    let kind = match q.game {
        Some(id) => online_game(&id).map_err(|_| bad("unknown game"))?,
        None => GameKind::default(),
    };
    let rows = app
        .rooms
        .ctx
        .store
        .ratings(kind, 100)
        .await
        .map_err(internal)?;
    Ok(Json(Value::Array(
        rows.iter()
            .map(|r| {
                let mut v = rating_json(&r.rating);
                v["player"] = json!(r.player);
                v
            })
            .collect(),
    )))
}
