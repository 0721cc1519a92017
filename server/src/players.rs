//! Player routes: creating a player, the caller (`me`), renaming, recovering a device's
//! identity with its code, profiles and game histories.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::Json;
use axum::body::Bytes;
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use serde::Deserialize;
use serde_json::{Value, json};

use tablero::GameKind;

use crate::app::{ApiError, App, internal};
use crate::ratings::PROVISIONAL_GAMES;
use crate::room::Cmd;
use crate::store::{Cursor, HistoryRow, PlayerRef, PlayerRow, Renamed};
use crate::util::{now_ms, random_id, token_hash};

type Shared = Arc<App>;

/// Recovery attempts one address may make a minute: a code carries 192 random bits, so
/// the limit only keeps guessing from costing the server anything.
pub const RECOVERIES_PER_MINUTE: u32 = 10;

/// Games per page of a history.
pub const PAGE: i64 = 20;

/// Ratings kept for a profile's graph, per game.
pub const GRAPH_POINTS: i64 = 50;

fn bad_name(e: crate::names::BadName) -> ApiError {
    ApiError(StatusCode::BAD_REQUEST, "bad-name", e.0)
}

fn taken() -> ApiError {
    ApiError(
        StatusCode::CONFLICT,
        "taken",
        "another player has this name".into(),
    )
}

fn no_player() -> ApiError {
    ApiError(StatusCode::NOT_FOUND, "no-player", "no such player".into())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct NameBody {
    name: String,
}

/// `POST /api/players {name}`.
pub(crate) async fn create(
    State(app): State<Shared>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<Value>, ApiError> {
    crate::app::check_origin(&app, &headers)?;
    let req: NameBody = crate::app::parse_body(&body)?;
    let name = crate::names::clean(&req.name).map_err(bad_name)?;
    app.limit(addr.ip(), "players")?;
    let token = random_id(24);
    let row = PlayerRow {
        id: random_id(12),
        name: name.clone(),
        token_hash: token_hash(&token),
        created: now_ms(),
    };
    if !app
        .rooms
        .ctx
        .store
        .create_player(&row)
        .await
        .map_err(internal)?
    {
        return Err(taken());
    }
    Ok(Json(json!({"id": row.id, "name": name, "token": token})))
}

fn rating_json(game: GameKind, r: &crate::ratings::Rating) -> Value {
    json!({"game": game, "rating": r.rating, "games": r.games,
           "provisional": r.games < PROVISIONAL_GAMES})
}

/// `GET /api/players/me`.
pub(crate) async fn me(
    State(app): State<Shared>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let p = app.required(&headers).await?;
    let rows = app
        .rooms
        .ctx
        .store
        .player_ratings(&p.id)
        .await
        .map_err(internal)?;
    let ratings: Vec<Value> = rows
        .iter()
        .map(|r| rating_json(r.game, &r.rating))
        .collect();
    Ok(Json(
        json!({"id": p.id, "name": p.name, "ratings": ratings}),
    ))
}

/// `PATCH /api/players/me {name}`: the same player (id, token, ratings, seats, history)
/// under a new name; the rooms they sit in show it at once.
pub(crate) async fn rename(
    State(app): State<Shared>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<Value>, ApiError> {
    crate::app::check_origin(&app, &headers)?;
    let p = app.required(&headers).await?;
    let req: NameBody = crate::app::parse_body(&body)?;
    let name = crate::names::clean(&req.name).map_err(bad_name)?;
    let live = match app
        .rooms
        .ctx
        .store
        .rename_player(&p.id, &name)
        .await
        .map_err(internal)?
    {
        Renamed::Done(live) => live,
        Renamed::Taken => return Err(taken()),
        Renamed::Unknown => return Err(crate::app::unauthorized()),
    };
    let renamed = PlayerRef {
        id: p.id.clone(),
        name: name.clone(),
    };
    app.renamed(&renamed);
    for room in live {
        // The room reads its seats again and publishes them; other processes hear of it.
        if let Err(e) = app.rooms.send(&room, Cmd::Reload).await {
            tracing::warn!(room, "a renamed seat's room did not reload: {e}");
        }
        app.rooms.ctx.notify_changed(&room).await;
    }
    Ok(Json(json!({"id": p.id, "name": name})))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RecoverBody {
    code: String,
}

/// `POST /api/players/recover {code}`: the device's recovery code (its token, shown in
/// groups) signs another device in as the same player.
pub(crate) async fn recover(
    State(app): State<Shared>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<Value>, ApiError> {
    crate::app::check_origin(&app, &headers)?;
    app.limit_to(addr.ip(), "recovery attempts", RECOVERIES_PER_MINUTE)?;
    let req: RecoverBody = crate::app::parse_body(&body)?;
    let token: String = req.code.chars().filter(|c| !c.is_whitespace()).collect();
    let p = app.player_for_token(&token).await.map_err(|e| {
        if e.1 == "unauthorized" {
            ApiError(
                StatusCode::UNAUTHORIZED,
                "bad-code",
                "no player has this recovery code".into(),
            )
        } else {
            e
        }
    })?;
    Ok(Json(json!({"id": p.id, "name": p.name, "token": token})))
}

/// `GET /api/players/<id>`: name, creation, ratings per game with the last ratings.
pub(crate) async fn profile(
    State(app): State<Shared>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    if !crate::util::plausible_id(&id) {
        return Err(no_player());
    }
    let store = &app.rooms.ctx.store;
    let Some(p) = store.player(&id).await.map_err(internal)? else {
        return Err(no_player());
    };
    let mut ratings = Vec::new();
    for r in store.player_ratings(&id).await.map_err(internal)? {
        let mut v = rating_json(r.game, &r.rating);
        let graph = store
            .rating_history(&id, r.game, GRAPH_POINTS)
            .await
            .map_err(internal)?;
        v["history"] = graph
            .iter()
            .map(|(at, rating)| json!({"at": at, "rating": rating}))
            .collect();
        ratings.push(v);
    }
    Ok(Json(json!({
        "id": p.id, "name": p.name, "created": p.created, "ratings": ratings,
        "games": format!("/api/players/{}/games", p.id),
    })))
}

/// Writes a history cursor: the last game's end time and room.
pub fn cursor_text((ended, room): &Cursor) -> String {
    format!("{ended}.{room}")
}

/// Reads a history cursor; `None` for anything this server did not write.
pub fn parse_cursor(text: &str) -> Option<Cursor> {
    let (ended, room) = text.split_once('.')?;
    if ended.is_empty() || ended.len() > 16 || !ended.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if !crate::util::plausible_id(room) {
        return None;
    }
    Some((ended.parse().ok()?, room.to_string()))
}

#[derive(Deserialize)]
pub(crate) struct GamesQuery {
    before: Option<String>,
}

/// The player's result in a finished game: `win`, `loss`, `draw` or `aborted`, with the
/// reason, from the stored final status.
fn outcome(row: &HistoryRow) -> (String, Value) {
    let status: Value = row
        .room
        .result
        .as_deref()
        .and_then(|r| serde_json::from_str(r).ok())
        .unwrap_or(Value::Null);
    let result = &status["result"];
    let reason = result["reason"].clone();
    let seat = row
        .room
        .game
        .players()
        .get(row.seat as usize)
        .map(|p| p.name());
    let winners: Vec<&str> = result["winners"]
        .as_array()
        .map(|w| w.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let word = if reason == "aborted" {
        "aborted"
    } else if winners.is_empty() {
        "draw"
    } else if seat.is_some_and(|s| winners.contains(&s)) {
        "win"
    } else {
        "loss"
    };
    (word.into(), reason)
}

/// `GET /api/players/<id>/games?before=<cursor>`: finished games, newest first, a page
/// at a time; `next` is the cursor of the following page (`null` at the end).
pub(crate) async fn games(
    State(app): State<Shared>,
    Path(id): Path<String>,
    Query(q): Query<GamesQuery>,
) -> Result<Json<Value>, ApiError> {
    if !crate::util::plausible_id(&id) {
        return Err(no_player());
    }
    let before = match q.before.as_deref() {
        None | Some("") => None,
        Some(t) => Some(parse_cursor(t).ok_or_else(|| {
            ApiError(
                StatusCode::BAD_REQUEST,
                "bad-cursor",
                "before is the `next` of an earlier page".into(),
            )
        })?),
    };
    let store = &app.rooms.ctx.store;
    if store.player(&id).await.map_err(internal)?.is_none() {
        return Err(no_player());
    }
    let rows = store.history(&id, before, PAGE).await.map_err(internal)?;
    let list: Vec<Value> = rows
        .iter()
        .map(|r| {
            let (result, reason) = outcome(r);
            let players = r.room.game.players();
            let opponents: Vec<Value> = r
                .room
                .seats
                .iter()
                .zip(players)
                .enumerate()
                .filter(|(i, _)| *i as i64 != r.seat)
                .map(|(_, (s, p))| {
                    let mut o = json!({"seat": p.name()});
                    if let Some(pl) = &s.player {
                        o["player"] = json!(pl);
                    }
                    if let Some(c) = s.computer {
                        o["computer"] = json!(c);
                    }
                    o
                })
                .collect();
            json!({
                "room": r.room.id, "game": r.room.game, "rated": r.room.rated,
                "seat": players.get(r.seat as usize).map(|p| p.name()),
                "opponents": opponents, "result": result, "reason": reason,
                "rating": r.rating.map(|(b, a)| json!({"before": b, "after": a, "change": a - b})),
                "ended": r.ended,
                "record": format!("/api/games/{}.pgn", r.room.id),
            })
        })
        .collect();
    let next = (rows.len() as i64 == PAGE)
        .then(|| {
            rows.last()
                .map(|r| cursor_text(&(r.ended, r.room.id.clone())))
        })
        .flatten();
    Ok(Json(json!({"games": list, "next": next})))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cursors_read_back_and_refuse_the_absurd() {
        let c = (1767225600000, "0pQm3y9cR2Vd-uXh1Tt6aQ".to_string());
        assert_eq!(parse_cursor(&cursor_text(&c)), Some(c));
        for bad in [
            "",
            ".",
            "12",
            "-5.abc",
            "99999999999999999999.abc",
            "12.",
            "12.a b",
            "12.<script>",
            "1e9.abc",
        ] {
            assert_eq!(parse_cursor(bad), None, "{bad:?}");
        }
    }
}
