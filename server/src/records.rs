//! Game records: `GET /api/games/<id>.pgn`, a room's game as PGN (PGN4 for four players)
//! written by the package's own game record, with the room's headers and each move's clock.
//!
//! The record is rebuilt from the stored actions (the tables are the truth, as for a room
//! that reloads), so a finished game, a game in progress and a game another process runs
//! all read the same way.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::Value;

use tablero::Game;

use crate::app::{ApiError, App, internal};
use crate::room::{clock_of, replay};
use crate::store::{RoomRow, SeatRow};

/// `GET /api/games/<id>.pgn`.
pub(crate) async fn record(
    State(app): State<Arc<App>>,
    Path(file): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let no_room = || ApiError(StatusCode::NOT_FOUND, "no-room", "no such game".into());
    let id = file.strip_suffix(".pgn").ok_or_else(no_room)?;
    if !crate::util::plausible_id(id) {
        return Err(no_room());
    }
    let store = &app.rooms.ctx.store;
    let row = store
        .load_room(id)
        .await
        .map_err(internal)?
        .ok_or_else(no_room)?;
    if row.status == "waiting" || row.status == "cancelled" {
        return Err(ApiError(
            StatusCode::CONFLICT,
            "not-started",
            "the room is still waiting for players: there is no game yet".into(),
        ));
    }
    let actions = store.actions(id, 0).await.map_err(internal)?;
    let replayed = replay(&row, &actions).map_err(internal)?;
    let mut elo: Vec<(String, f64)> = store.ratings_before(id).await.map_err(internal)?;
    if elo.is_empty() {
        // Not a finished rated game: each person's rating in this game now.
        for s in &row.seats {
            if let Some(p) = &s.player
                && let Some(r) = store
                    .player_ratings(&p.id)
                    .await
                    .map_err(internal)?
                    .into_iter()
                    .find(|r| r.game == row.game)
            {
                elo.push((p.id.clone(), r.rating.rating));
            }
        }
    }
    let clock = clock_of(&row, &replayed.events);
    let clocks: Vec<(usize, u64)> = clock
        .map(|c| c.plies().iter().map(|p| (p.seat, p.remaining_ms)).collect())
        .unwrap_or_default();
    let site = site(&headers, &row.id);
    let status = replayed.engine.status_json();
    let last_on_time = actions
        .last()
        .is_some_and(|a| a.text.starts_with("flag:") || a.text.starts_with("timeout:"));
    let pgn = write(
        replayed.engine.game(),
        &row,
        &Facts {
            site,
            elo,
            clocks,
            status,
            last_on_time,
        },
    )
    .map_err(internal)?;
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "application/x-chess-pgn; charset=utf-8".to_string(),
            ),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"tablero-{}.pgn\"", row.id),
            ),
        ],
        pgn,
    )
        .into_response())
}

/// The room link as the request reached this server.
fn site(headers: &HeaderMap, room: &str) -> String {
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .filter(|h| {
            h.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b".-:[]".contains(&b))
        })
        .unwrap_or("localhost");
    let scheme = match headers
        .get("x-forwarded-proto")
        .and_then(|h| h.to_str().ok())
    {
        Some("https") => "https",
        _ => "http",
    };
    format!("{scheme}://{host}/www/#room={room}")
}

/// What the record needs besides the game.
pub struct Facts {
    /// The room link.
    pub site: String,
    /// Ratings before the game, by player id.
    pub elo: Vec<(String, f64)>,
    /// Each clock move: (seat, remaining ms after it), in order.
    pub clocks: Vec<(usize, u64)>,
    /// The game's final (or current) status, as the room decides it.
    pub status: Value,
    /// Did the last stored action put a seat out on time (a flag or a turn timer)? Free
    /// for all writes a time-out as a resignation (`R`); the words say what happened.
    pub last_on_time: bool,
}

/// A seat's name in the record: the player's name, or the computer and its level.
fn seat_name(s: &SeatRow) -> String {
    match (&s.player, s.computer) {
        (Some(p), _) => p.name.clone(),
        (None, Some(level)) => format!("Computer (level {level})"),
        (None, None) => "?".into(),
    }
}

/// `Tag` of a seat: its name with a capital (`white` → `White`).
fn tag_of(seat: &str) -> String {
    let mut c = seat.chars();
    c.next()
        .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
        .unwrap_or_default()
}

/// (y, m, d, hh, mm, ss) in UTC of `ms` since the epoch.
pub fn utc(ms: i64) -> (i64, u32, u32, u32, u32, u32) {
    let secs = ms.div_euclid(1000);
    let (days, rest) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    // Howard Hinnant's days-to-civil.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (
        y,
        m,
        d,
        (rest / 3600) as u32,
        (rest / 60 % 60) as u32,
        (rest % 60) as u32,
    )
}

/// How a two-player game ended, in words (`Termination`), from the room's status.
fn termination(row: &RoomRow, status: &Value) -> String {
    let result = &status["result"];
    if result.is_null() {
        return "unterminated".into();
    }
    let reason = result["reason"].as_str().unwrap_or("");
    if reason == "aborted" {
        return "Game aborted".into();
    }
    let words = match reason {
        "checkmate" => "checkmate",
        "stalemate" => "stalemate",
        "third-check" => "three checks",
        "king-of-the-hill" => "king of the hill",
        "race" => "reaching the last rank",
        "threefold-repetition" => "repetition",
        "fivefold-repetition" => "fivefold repetition",
        "fifty-move-rule" => "the fifty-move rule",
        "seventy-five-move-rule" => "the seventy-five-move rule",
        "insufficient-material" => "insufficient material",
        "resignation" => "resignation",
        "draw-claimed" => "a claimed draw",
        "agreement" => "agreement",
        "timeout" => "time",
        other => other,
    };
    let winner = result["winners"]
        .as_array()
        .and_then(|w| w.first())
        .and_then(Value::as_str)
        .and_then(|w| row.game.players().iter().position(|p| p.name() == w));
    match winner {
        Some(i) => {
            let name = seat_name(&row.seats[i]);
            if reason == "timeout" {
                format!("{name} won on time")
            } else {
                format!("{name} won by {words}")
            }
        }
        None if reason == "timeout" => "Game drawn on time (insufficient material)".into(),
        None => format!("Game drawn by {words}"),
    }
}

/// The PGN token of a two-player result the room decided (a flag, an agreement, an abort)
/// where the package's own game goes on.
fn two_player_token(row: &RoomRow, status: &Value) -> Option<&'static str> {
    let result = &status["result"];
    if result.is_null() || result["reason"] == "aborted" {
        return None;
    }
    let players = row.game.players();
    match result["winners"].as_array().and_then(|w| w.first()) {
        None => Some("1/2-1/2"),
        Some(w) if players.first().is_some_and(|p| w == p.name()) => Some("1-0"),
        Some(_) => Some("0-1"),
    }
}

/// A tag value as PGN quotes it (`\\` and `"` escaped).
fn quoted(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Replaces (or adds after `after`) the tag `name` of a PGN text's tag section.
fn put_tag(pgn: &mut String, name: &str, value: &str, after: &str) {
    let line = format!("[{name} \"{}\"]\n", quoted(value));
    let find = |pgn: &str, tag: &str| {
        let start = format!("[{tag} \"");
        let at = if pgn.starts_with(&start) {
            Some(0)
        } else {
            pgn.find(&format!("\n{start}")).map(|i| i + 1)
        }?;
        pgn[at..].find('\n').map(|j| (at, at + j + 1))
    };
    if let Some((a, b)) = find(pgn, name) {
        pgn.replace_range(a..b, &line);
    } else if let Some((_, b)) = find(pgn, after) {
        pgn.insert_str(b, &line);
    }
}

/// A four-player game's `Result` and `Termination` as chess.com writes PGN4, from the
/// room's status (which also knows the endings the package's game does not: an agreed
/// draw, an abort): `Result` names each seat with its points (`"Ana: 32 - Bo: 10 - ..."`;
/// Teams: `1-0` / `0-1` / `1/2-1/2`), `*` while playing or for an aborted game (it has no
/// result); `Termination` in words (`Blue resigned. Ana won`).
fn four_player_outcome(
    mut pgn: String,
    row: &RoomRow,
    f: &Facts,
    history: &[tablero::record::MoveRecord],
) -> String {
    let result = &f.status["result"];
    let reason = result["reason"].as_str().unwrap_or("");
    let players = row.game.players();
    let name_of = |seat: &str| {
        players
            .iter()
            .position(|p| p.name() == seat)
            .and_then(|i| row.seats.get(i))
            .map(seat_name)
            .unwrap_or_else(|| tag_of(seat))
    };
    let winners: Vec<String> = result["winners"]
        .as_array()
        .map(|w| w.iter().filter_map(Value::as_str).map(name_of).collect())
        .unwrap_or_default();
    let teams = row.game.rules() == Some(tablero::Rules::Teams);
    let token = if result.is_null() || reason == "aborted" {
        "*".to_string()
    } else if teams {
        match result["winners"].as_array().and_then(|w| w.first()) {
            None => "1/2-1/2".into(),
            Some(w) if w == "red" || w == "yellow" => "1-0".into(),
            Some(_) => "0-1".into(),
        }
    } else {
        let scores = result["scores"].as_array().cloned().unwrap_or_default();
        players
            .iter()
            .map(|p| {
                let pts = scores
                    .iter()
                    .find(|s| s["player"] == p.name())
                    .and_then(|s| s["points"].as_f64())
                    .unwrap_or(0.0);
                format!("{}: {}", name_of(p.name()), pts.round() as i64)
            })
            .collect::<Vec<_>>()
            .join(" - ")
    };
    let won = match winners.as_slice() {
        [] => "Game drawn".to_string(),
        [w] => format!("{w} won"),
        many => format!("{} shared first place", many.join(", ")),
    };
    // Who went out last, and how, when the record says (a resignation or a time-out).
    let last_out = history
        .iter()
        .rev()
        .find(|r| r.kind != tablero::record::EntryKind::Random)
        .and_then(|r| {
            let how = match r.kind {
                tablero::record::EntryKind::Resign if !f.last_on_time => "resigned",
                tablero::record::EntryKind::Resign | tablero::record::EntryKind::Timeout => {
                    "forfeit on time"
                }
                _ => return None,
            };
            Some(format!("{} {how}", tag_of(r.player.name())))
        });
    let termination = match reason {
        "" => "unterminated".to_string(),
        "aborted" => "Game aborted".into(),
        "agreement" => format!("Draw agreed. {won} on points"),
        "three-out" => match last_out {
            Some(out) => format!("{out}. {won}"),
            None => format!("{won}: the other three are out"),
        },
        "points-lead" => format!("{won} by a lead of 21 points or more"),
        "move-limit" => format!("Move limit reached. {won} on points"),
        "last-survivor" => format!("{won} as the last survivor"),
        "king-captured" => format!("King captured. {won}"),
        "timeout" => format!("{} on time", won),
        "resignation" => format!("{won} by resignation"),
        "insufficient-material" => format!("Insufficient material. {won} on points"),
        "threefold-repetition" => format!("Threefold repetition. {won} on points"),
        "fifty-move-rule" => format!("Fifty-move rule. {won} on points"),
        "stalemate" => format!("Stalemate. {won} on points"),
        other => format!("{other}. {won}"),
    };
    put_tag(&mut pgn, "Result", &token, "TimeControl");
    put_tag(&mut pgn, "Termination", &termination, "Result");
    // chess.com ends a finished game's move text with no token (the tags hold the
    // result); the package writes `*` where its own game goes on (an agreed draw).
    if token != "*" {
        let body = pgn.trim_end();
        if let Some(rest) = body.strip_suffix('*')
            && rest.ends_with(char::is_whitespace)
        {
            pgn = format!("{}\n", rest.trim_end());
        }
    }
    pgn
}

/// The room's game as PGN / PGN4: the package's writer, with the room's headers and each
/// move's `[%clk]`.
pub fn write(game: &Game, row: &RoomRow, f: &Facts) -> Result<String, tablero::Error> {
    let mut g = game.clone();
    let kind = row.game;
    let players = kind.players();
    let four = kind.rules().is_some();
    let started = row.extra.started.unwrap_or(row.created);
    let (y, mo, d, h, mi, s) = utc(started);
    let date = format!("{y:04}.{mo:02}.{d:02}");
    let mut tags: Vec<(String, String)> = vec![
        (
            "Event".into(),
            format!(
                "tablero online, {}",
                if row.rated { "rated" } else { "casual" }
            ),
        ),
        ("Site".into(), f.site.clone()),
        ("Date".into(), date.clone()),
        ("UTCDate".into(), date),
        ("UTCTime".into(), format!("{h:02}:{mi:02}:{s:02}")),
    ];
    for (seat, p) in row.seats.iter().zip(players) {
        tags.push((tag_of(p.name()), seat_name(seat)));
    }
    for (seat, p) in row.seats.iter().zip(players) {
        let rating = seat
            .player
            .as_ref()
            .and_then(|pl| f.elo.iter().find(|(id, _)| *id == pl.id));
        if let Some((_, r)) = rating {
            tags.push((format!("{}Elo", tag_of(p.name())), format!("{}", r.round())));
        }
    }
    let control = match (row.extra.clock, row.turn_seconds) {
        (Some(tc), _) => tc.pgn_tag(),
        // One move in so many seconds, again and again (PGN's "moves/seconds" period).
        (None, t) if t > 0 => format!("1/{t}"),
        _ => "-".into(),
    };
    tags.push(("TimeControl".into(), control));
    if !four {
        tags.push(("Termination".into(), termination(row, &f.status)));
    }
    g.set_headers(tags.iter().map(|(k, v)| (k.as_str(), Some(v.as_str()))))?;
    // Each clock move's remaining time on the history entry it made: entries by the seat of
    // the next clock move, in order (four-player records also hold entries no clock made:
    // resignations, time-outs, the random moves of eliminated armies).
    let path = g.path();
    let history = g.history();
    let mut next = f.clocks.iter().peekable();
    for (i, rec) in history.iter().enumerate() {
        let seat = players.iter().position(|p| *p == rec.player);
        if let Some(&&(s, ms)) = next.peek()
            && Some(s) == seat
            && rec.kind == tablero::record::EntryKind::Move
        {
            next.next();
            if let Some(p) = path.get(..=i) {
                g.annotate(
                    p,
                    &tablero::game::tree::Annotation {
                        clock: Some(Some(ms)),
                        ..Default::default()
                    },
                )?;
            }
        }
    }
    let mut pgn = g.pgn();
    if four {
        pgn = four_player_outcome(pgn, row, f, &history);
    } else {
        if let Some(token) = two_player_token(row, &f.status)
            && pgn.contains("[Result \"*\"]")
        {
            pgn = pgn.replacen("[Result \"*\"]", &format!("[Result \"{token}\"]"), 1);
            if let Some(i) = pgn.trim_end().rfind('*') {
                pgn.replace_range(i..=i, token);
            }
        }
        if !pgn.contains("[Variant ") {
            // Chess names no variant in its tags; the record says so in words.
            if let Some(i) = pgn
                .find("[Result ")
                .and_then(|i| pgn[i..].find('\n').map(|j| i + j + 1))
            {
                pgn.insert_str(i, &format!("[Variant \"{}\"]\n", kind.info().pgn_variant));
            }
        }
    }
    Ok(pgn)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utc_dates_match_known_days() {
        assert_eq!(utc(0), (1970, 1, 1, 0, 0, 0));
        // 2026-01-01T00:00:00Z and 2024-02-29T23:59:59Z.
        assert_eq!(utc(1_767_225_600_000), (2026, 1, 1, 0, 0, 0));
        assert_eq!(utc(1_709_251_199_000), (2024, 2, 29, 23, 59, 59));
    }

    #[test]
    fn seat_tags_are_capitalised() {
        assert_eq!(tag_of("white"), "White");
        assert_eq!(tag_of("green"), "Green");
    }
}
