//! What every handler shares: the live rooms, the token cache, the creation limits, and
//! the API's error type. Its own file so that the routes (`api.rs`) and the socket
//! (`socket.rs`) both build on it without importing each other.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

use axum::Json;
use axum::body::Bytes;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::json;

use crate::room::Rooms;
use crate::store::PlayerRef;
use crate::util::{now_ms, token_hash};

/// Everything a handler needs.
pub struct App {
    /// Live rooms and the shared context.
    pub rooms: Arc<Rooms>,
    /// Token hash → (player, when read), so sockets and calls do not read the database
    /// each time; an entry older than [`AUTH_TTL_MS`] is read again (a rename made through
    /// another process shows within that time).
    auth: Mutex<HashMap<String, (PlayerRef, i64)>>,
    /// (address, what) → (minute, count) for creation limits.
    created: Mutex<HashMap<(IpAddr, &'static str), Window>>,
}

/// (minute, creations in it).
type Window = (i64, u32);

/// How long a token's player is trusted from memory, ms.
const AUTH_TTL_MS: i64 = 10_000;

/// An API error: HTTP status, stable code, message; body `{"error": code, "message"}`.
pub struct ApiError(pub StatusCode, pub &'static str, pub String);

impl ApiError {
    /// A 500 response.
    pub fn internal_response() -> Response {
        internal("see the log").into_response()
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.0, Json(json!({"error": self.1, "message": self.2}))).into_response()
    }
}

/// A 400 `bad-request`.
pub fn bad(message: impl Into<String>) -> ApiError {
    ApiError(StatusCode::BAD_REQUEST, "bad-request", message.into())
}

/// A 500 `internal`; `e` goes to the log, not to the client.
pub fn internal(e: impl std::fmt::Display) -> ApiError {
    tracing::error!("internal error: {e}");
    ApiError(
        StatusCode::INTERNAL_SERVER_ERROR,
        "internal",
        "the server could not do that; try again".into(),
    )
}

impl App {
    /// The shared state of the handlers of `rooms`.
    pub fn new(rooms: Arc<Rooms>) -> App {
        App {
            rooms,
            auth: Mutex::new(HashMap::new()),
            created: Mutex::new(HashMap::new()),
        }
    }

    /// The player owning the bearer token in `headers`; `Ok(None)` without a header.
    async fn bearer(&self, headers: &HeaderMap) -> Result<Option<PlayerRef>, ApiError> {
        let Some(h) = headers.get(header::AUTHORIZATION) else {
            return Ok(None);
        };
        let token = h
            .to_str()
            .ok()
            .and_then(|s| s.strip_prefix("Bearer "))
            .ok_or_else(unauthorized)?;
        self.player_for_token(token).await.map(Some)
    }

    /// The player owning `token`, or 401.
    pub async fn player_for_token(&self, token: &str) -> Result<PlayerRef, ApiError> {
        if token.is_empty() || token.len() > 128 {
            return Err(unauthorized());
        }
        let hash = token_hash(token);
        let now = now_ms();
        if let Some((p, at)) = self
            .auth
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&hash)
            && now - at < AUTH_TTL_MS
        {
            return Ok(p.clone());
        }
        let p = self
            .rooms
            .ctx
            .store
            .player_by_token(&hash)
            .await
            .map_err(internal)?
            .ok_or_else(unauthorized)?;
        let mut auth = self.auth.lock().unwrap_or_else(|e| e.into_inner());
        if auth.len() > 100_000 {
            auth.retain(|_, (_, at)| now - *at < AUTH_TTL_MS);
        }
        auth.insert(hash, (p.clone(), now));
        Ok(p)
    }

    /// Shows `player`'s new name to the tokens held in memory.
    pub fn renamed(&self, player: &PlayerRef) {
        for (p, _) in self
            .auth
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .values_mut()
        {
            if p.id == player.id {
                p.name = player.name.clone();
            }
        }
    }

    pub async fn required(&self, headers: &HeaderMap) -> Result<PlayerRef, ApiError> {
        self.bearer(headers).await?.ok_or_else(unauthorized)
    }

    /// Counts one creation of `what` by `ip`; 429 beyond the per-minute limit.
    pub fn limit(&self, ip: IpAddr, what: &'static str) -> Result<(), ApiError> {
        self.limit_to(ip, what, self.rooms.ctx.cfg.create_per_minute)
    }

    /// Counts one `what` by `ip`; 429 beyond `max` a minute.
    pub fn limit_to(&self, ip: IpAddr, what: &'static str, max: u32) -> Result<(), ApiError> {
        let minute = now_ms() / 60_000;
        let mut map = self.created.lock().unwrap_or_else(|e| e.into_inner());
        if map.len() > 100_000 {
            map.retain(|_, (m, _)| *m == minute);
        }
        let e = map.entry((ip, what)).or_insert((minute, 0));
        if e.0 != minute {
            *e = (minute, 0);
        }
        if e.1 >= max {
            return Err(ApiError(
                StatusCode::TOO_MANY_REQUESTS,
                "rate-limited",
                format!("too many {what} from this address; wait a minute"),
            ));
        }
        e.1 += 1;
        Ok(())
    }

    /// Does the request come from an allowed page (or from no page at all)?
    pub fn origin_allowed(&self, headers: &HeaderMap) -> bool {
        let allowed = &self.rooms.ctx.cfg.allow_origins;
        match headers.get(header::ORIGIN).and_then(|o| o.to_str().ok()) {
            None => true,
            Some(o) => allowed.is_empty() || allowed.iter().any(|a| a == o),
        }
    }
}

/// A 401 `unauthorized`.
pub fn unauthorized() -> ApiError {
    ApiError(
        StatusCode::UNAUTHORIZED,
        "unauthorized",
        "send Authorization: Bearer <token> from POST /api/players".into(),
    )
}

/// Reads a JSON body (an empty body is `{}`); 400 `bad-request` when it does not fit.
pub fn parse_body<T: for<'de> Deserialize<'de>>(body: &Bytes) -> Result<T, ApiError> {
    let body: &[u8] = if body.is_empty() { b"{}" } else { body };
    serde_json::from_slice(body).map_err(|e| bad(format!("bad JSON body: {e}")))
}

/// 403 `bad-origin` unless the request comes from an allowed page (or from no page).
pub fn check_origin(app: &App, headers: &HeaderMap) -> Result<(), ApiError> {
    if app.origin_allowed(headers) {
        Ok(())
    } else {
        Err(ApiError(
            StatusCode::FORBIDDEN,
            "bad-origin",
            "this page's origin is not allowed".into(),
        ))
    }
}
