//! Storage: one [`Store`] trait, two implementations.
//!
//! * [`sqlite::SqliteStore`]: the embedded default, one file, one process. WAL journal; all
//!   statements run on one dedicated thread so the async runtime never blocks on disk.
//! * [`postgres::PgStore`]: several processes on one PostgreSQL database. Adds the
//!   cross-process parts (notifications, room leases, presence) through [`Store`]'s optional
//!   methods.
//!
//! Schema (both): `players(id, name, token_hash, created)`, `rooms(id, game, rated,
//! turn_seconds, move_limit, seats, status, created, seed, deadline, result, version,
//! extra)` (`extra`: [`RoomExtra`] as JSON, `NULL` in rooms written before it existed),
//! `chat(room, seq, at, line)`,
//! `moves(room, ply, text, at)` with primary key `(room, ply)` so that one ply can only ever
//! be stored once (the key is what makes two processes racing for a ply safe), and
//! `ratings(player, game, rating, games)`; `players.name_key` (the name's [`crate::names::key`],
//! unique: one person per name), `results(room, player, game, seat, ended, rating_before,
//! rating_after)` (one row per person and finished game: the history and the rating graph)
//! and `meta(key, value)` (which one-time migrations ran).

pub mod postgres;
pub mod sqlite;

use async_trait::async_trait;
use serde::{Deserialize, Serialize};
use tablero::{GameKind, Rules};

use crate::ratings::Rating;

/// A storage failure (connection lost, disk full, corrupt row). Rooms answer `internal`.
#[derive(Clone, Debug)]
pub struct StoreError {
    /// Stable code: [`UNKNOWN_GAME`] for a row naming a game this server does not know,
    /// `storage` for everything else.
    pub code: &'static str,
    /// What happened.
    pub message: String,
}

/// [`StoreError::code`] of a row whose game id is not in the crate's table of games (a
/// database written by a newer server, or edited by hand).
pub const UNKNOWN_GAME: &str = "unknown-game";

impl StoreError {
    /// A `storage` error.
    pub fn new(message: impl Into<String>) -> StoreError {
        StoreError {
            code: "storage",
            message: message.into(),
        }
    }
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.code, self.message)
    }
}

/// The game of a stored row: the text column holds [`GameKind::id`], read here and nowhere
/// else.
pub(crate) fn stored_game(id: &str) -> StoreResult<GameKind> {
    GameKind::from_id(id).ok_or_else(|| StoreError {
        code: UNKNOWN_GAME,
        message: format!("stored game {id:?} is not one this server knows"),
    })
}

impl std::error::Error for StoreError {}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> Self {
        StoreError::new(format!("sqlite: {e}"))
    }
}

impl From<tokio_postgres::Error> for StoreError {
    fn from(e: tokio_postgres::Error) -> Self {
        // "db error" alone does not say which: the server's message and SQLSTATE do.
        match e.as_db_error() {
            Some(d) => StoreError::new(format!("postgres: {} ({})", d.message(), d.code().code())),
            None => StoreError::new(format!("postgres: {e}")),
        }
    }
}

impl From<serde_json::Error> for StoreError {
    fn from(e: serde_json::Error) -> Self {
        StoreError::new(format!("json: {e}"))
    }
}

/// Result of a store call.
pub type StoreResult<T> = Result<T, StoreError>;

/// The readable rows of `rows`: a row of a game this server does not know is left out (and
/// logged) so that one such row does not hide the others; any other error is returned.
pub(crate) fn known_games<T>(
    rows: impl IntoIterator<Item = StoreResult<T>>,
) -> StoreResult<Vec<T>> {
    let mut out = Vec::new();
    for r in rows {
        match r {
            Ok(r) => out.push(r),
            Err(e) if e.code == UNKNOWN_GAME => tracing::warn!("skipping a row: {e}"),
            Err(e) => return Err(e),
        }
    }
    Ok(out)
}

/// A player as others see them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerRef {
    /// Public id.
    pub id: String,
    /// Display name (1–24 characters; shown as text, never as HTML).
    pub name: String,
}

/// A new player's row.
#[derive(Clone, Debug)]
pub struct PlayerRow {
    /// Public id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// SHA-256 of the token, hex; the token itself is never stored.
    pub token_hash: String,
    /// Creation time, ms since the epoch.
    pub created: i64,
}

/// Who sits in a seat.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatRow {
    /// The seated player, if a person sits there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<PlayerRef>,
    /// The computer's level (1–8), if the computer sits there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub computer: Option<u8>,
}

impl SeatRow {
    /// Nobody sits here yet.
    pub fn is_free(&self) -> bool {
        self.player.is_none() && self.computer.is_none()
    }
}

/// A room's row.
#[derive(Clone, Debug)]
pub struct RoomRow {
    /// Unguessable id.
    pub id: String,
    /// The game (stored as its id).
    pub game: GameKind,
    /// Rated, and no computer seat at the start (R10.5).
    pub rated: bool,
    /// 0, 30 or 60.
    pub turn_seconds: i64,
    /// Four-player move limit (R5.23).
    pub move_limit: Option<i64>,
    /// Seats in table order.
    pub seats: Vec<SeatRow>,
    /// `waiting`, `playing` or `over`.
    pub status: String,
    /// Creation time, ms since the epoch.
    pub created: i64,
    /// Seed of the game (Four Kingdoms random moves, computer choices).
    pub seed: i64,
    /// Deadline of the current turn, ms since the epoch.
    pub deadline: Option<i64>,
    /// Final status JSON once over.
    pub result: Option<String>,
    /// Bumped by every change of the row, for optimistic updates.
    pub version: i64,
    /// What rooms gained with issue 50 (clock, start time, creator, rematch).
    pub extra: RoomExtra,
}

/// The room's settings and facts added after the first schema, stored as one JSON column
/// (`rooms.extra`) so that older databases load as they are (an absent value is all
/// defaults: no clock, creator unknown).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoomExtra {
    /// The game clock's time control (R11), if the room has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<crate::clock::TimeControl>,
    /// When the game started (every seat taken), ms: the clocks' origin.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub started: Option<i64>,
    /// The player who created the room (who may cancel it while it waits).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub creator: Option<String>,
    /// The rematch room, once agreed (R12.4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rematch: Option<String>,
}

impl RoomExtra {
    /// The stored JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|_| "{}".into())
    }

    /// Reads the stored column (`NULL` or JSON).
    pub fn from_column(v: Option<String>) -> StoreResult<RoomExtra> {
        match v {
            None => Ok(RoomExtra::default()),
            Some(t) => Ok(serde_json::from_str(&t)?),
        }
    }
}

/// How far a stored room has gone, to tell whether a copy of it is behind: the row's version
/// counts the row's changes, and a move without a turn timer leaves the row as it is, so the
/// key its next action will be stored under counts the moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoomMark {
    /// `rooms.version`.
    pub version: i64,
    /// One past the highest `moves.ply` stored (0 before the first action).
    pub next_key: i64,
}

/// A room as stored: what a live room is built from.
pub struct StoredRoom {
    /// The room's row.
    pub row: RoomRow,
    /// Every stored action, in order.
    pub actions: Vec<ActionRow>,
    /// The last chat lines, oldest first: (number, line JSON).
    pub chat: Vec<(i64, String)>,
    /// Seated players with a socket on another live process (PostgreSQL).
    pub present: std::collections::HashSet<String>,
}

/// One stored action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionRow {
    /// The ply the action was made at (the game's history length before it).
    pub ply: i64,
    /// [`crate::engine::Action`]'s stored form.
    pub text: String,
    /// When, ms since the epoch.
    pub at: i64,
}

/// The end of a game, recorded with the action that ended it.
#[derive(Clone, Debug)]
pub struct EndRecord {
    /// Final status JSON.
    pub result: String,
    /// The game (the ratings' key).
    pub game: GameKind,
    /// Seated players and their final places, when the room is rated (R10.5).
    pub rated: Option<Vec<(String, u32)>>,
    /// Every person seated (player id, seat index): a `results` row each.
    pub people: Vec<(String, i64)>,
}

/// A player's public facts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerInfo {
    /// Public id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Creation time, ms since the epoch.
    pub created: i64,
}

/// One finished game in a player's history (a `results` row with its room).
#[derive(Clone, Debug)]
pub struct HistoryRow {
    /// The room, as stored (seats carry the current names).
    pub room: RoomRow,
    /// The player's seat index.
    pub seat: i64,
    /// When the game ended, ms.
    pub ended: i64,
    /// The player's rating before and after, when the game was rated.
    pub rating: Option<(f64, f64)>,
}

/// Where a page of history starts: strictly older than this (ended, room).
pub type Cursor = (i64, String);

/// What a rename did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Renamed {
    /// Done; the rooms waiting or playing whose seats now show the new name.
    Done(Vec<String>),
    /// Another player has this name (case-insensitively).
    Taken,
    /// No such player.
    Unknown,
}

/// The names of players created before names were unique, made unique: each (id, name),
/// in creation order, whose key is in `taken` gets a short suffix of its id (as long as
/// needed). Returns each player's (id, name, key), the name changed or not.
pub(crate) fn unique_names(
    players: &[(String, String)],
    taken: &mut std::collections::HashSet<String>,
) -> Vec<(String, String, String)> {
    let mut out = Vec::new();
    for (id, name) in players {
        let mut shown = name.clone();
        let mut k = crate::names::key(name);
        let mut len = 4;
        while taken.contains(&k) {
            if len > id.len() {
                // Only a name spelt like a suffixed twin gets here; the whole id decides.
                shown = format!("{name} #{id}");
                k = crate::names::key(&shown) + "#";
                break;
            }
            shown = crate::names::with_suffix(name, id, len);
            k = crate::names::key(&shown);
            len += 2;
        }
        taken.insert(k.clone());
        out.push((id.clone(), shown, k));
    }
    out
}

/// `seats` (stored JSON) with `player`'s name set to `name`; `None` when they do not sit
/// there.
pub(crate) fn renamed_seats(seats: &str, player: &str, name: &str) -> StoreResult<Option<String>> {
    let mut rows: Vec<SeatRow> = serde_json::from_str(seats)?;
    let mut hit = false;
    for s in &mut rows {
        if let Some(p) = &mut s.player
            && p.id == player
        {
            p.name = name.to_string();
            hit = true;
        }
    }
    Ok(if hit {
        Some(serde_json::to_string(&rows)?)
    } else {
        None
    })
}

/// The `LIKE` pattern of stored seats that may hold `player` (checked exactly after: `_`
/// in an id matches any character).
pub(crate) fn seats_pattern(player: &str) -> String {
    format!("%\"id\":\"{player}\"%")
}

/// The people of a finished room's stored seats: (player id, seat index).
pub(crate) fn people_of(seats: &[SeatRow]) -> Vec<(String, i64)> {
    seats
        .iter()
        .enumerate()
        .filter_map(|(i, s)| s.player.as_ref().map(|p| (p.id.clone(), i as i64)))
        .collect()
}

/// An action to store, with what it changes in the room.
#[derive(Clone, Debug)]
pub struct Commit {
    /// Room id.
    pub room: String,
    /// Ply the action was made at.
    pub ply: i64,
    /// Stored form of the action.
    pub text: String,
    /// When.
    pub at: i64,
    /// The next turn's deadline.
    pub deadline: Option<i64>,
    /// Does `deadline` differ from the stored one? When it does not and the game goes on,
    /// the room's row is left as it is (its version too): only the action is inserted.
    pub deadline_changed: bool,
    /// Set when the action ends the game.
    pub end: Option<EndRecord>,
}

/// What [`Store::commit`] did.
#[derive(Clone, Debug, PartialEq)]
pub enum CommitOutcome {
    /// Stored; when the game ended rated, each rated player's rating before and after.
    Committed(Vec<(String, Rating, Rating)>),
    /// Another action was already stored at this ply (another process won the race).
    Conflict,
}

/// One line of a ratings table.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingRow {
    /// The player.
    pub player: PlayerRef,
    /// The game.
    pub game: GameKind,
    /// Rating and games.
    pub rating: Rating,
}

/// Everything the server stores.
#[async_trait]
pub trait Store: Send + Sync + 'static {
    /// Creates the tables if missing.
    async fn migrate(&self) -> StoreResult<()>;
    /// Stores a new player; `false` when another player has the name (case-insensitively).
    async fn create_player(&self, p: &PlayerRow) -> StoreResult<bool>;
    /// Renames a player and every seat they hold (the rooms keep them; live rooms are
    /// listed to be read again).
    async fn rename_player(&self, id: &str, name: &str) -> StoreResult<Renamed>;
    /// A player's public facts.
    async fn player(&self, id: &str) -> StoreResult<Option<PlayerInfo>>;
    /// Up to `limit` finished games of `player`, newest first, older than `before`.
    async fn history(
        &self,
        player: &str,
        before: Option<Cursor>,
        limit: i64,
    ) -> StoreResult<Vec<HistoryRow>>;
    /// The last `limit` ratings of `player` in `game` after each rated game, oldest first:
    /// (ended, rating).
    async fn rating_history(
        &self,
        player: &str,
        game: GameKind,
        limit: i64,
    ) -> StoreResult<Vec<(i64, f64)>>;
    /// The players' ratings before the game of `room` ended (rated and finished), by id.
    async fn ratings_before(&self, room: &str) -> StoreResult<Vec<(String, f64)>>;
    /// The player owning the token whose hash is `token_hash`.
    async fn player_by_token(&self, token_hash: &str) -> StoreResult<Option<PlayerRef>>;
    /// Stores a new room.
    async fn create_room(&self, r: &RoomRow) -> StoreResult<()>;
    /// A room's row.
    async fn load_room(&self, id: &str) -> StoreResult<Option<RoomRow>>;
    /// A room's actions from ply `from` on, in order.
    async fn actions(&self, room: &str, from: i64) -> StoreResult<Vec<ActionRow>>;
    /// Rooms `ids` with all their actions and their last `chat` chat lines, to load many
    /// rooms at once (a survivor taking over a dead process's rooms and sockets). A room
    /// that does not exist is left out; one whose row cannot be read (a game this server
    /// does not know) has its own error.
    async fn load_rooms(
        &self,
        ids: &[String],
        chat: i64,
    ) -> StoreResult<Vec<(String, StoreResult<StoredRoom>)>> {
        let mut out = Vec::new();
        for id in ids {
            let row = match self.load_room(id).await {
                Ok(Some(row)) => row,
                Ok(None) => continue,
                Err(e) if e.code == UNKNOWN_GAME => {
                    out.push((id.clone(), Err(e)));
                    continue;
                }
                Err(e) => return Err(e),
            };
            let actions = self.actions(id, 0).await?;
            let chat = self.chat(id, chat).await?;
            let present = self.remote_presence(id).await?;
            out.push((
                id.clone(),
                Ok(StoredRoom {
                    row,
                    actions,
                    chat,
                    present,
                }),
            ));
        }
        Ok(out)
    }
    /// Replaces seats, status and deadline if the row's version is still `version`; returns
    /// whether it did (the version is then `version + 1`).
    #[allow(clippy::too_many_arguments)]
    async fn update_room(
        &self,
        id: &str,
        seats: &[SeatRow],
        status: &str,
        deadline: Option<i64>,
        extra: &RoomExtra,
        version: i64,
    ) -> StoreResult<bool>;
    /// Stores chat line `seq` of room `room` (`line` is its JSON).
    async fn add_chat(&self, room: &str, seq: i64, at: i64, line: &str) -> StoreResult<()>;
    /// The last `limit` chat lines of `room` as (seq, JSON), oldest first.
    async fn chat(&self, room: &str, limit: i64) -> StoreResult<Vec<(i64, String)>>;
    /// How many rooms created by `player` are waiting.
    async fn waiting_rooms_of(&self, player: &str) -> StoreResult<i64>;
    /// Ids of the waiting rooms created before `before` (ms).
    async fn waiting_before(&self, before: i64) -> StoreResult<Vec<String>>;
    /// Stores an action, and with it the room's new deadline and, at the end, its result
    /// and the rating changes, all in one transaction.
    async fn commit(&self, c: &Commit) -> StoreResult<CommitOutcome>;
    /// Ids of the rooms waiting or playing.
    async fn live_rooms(&self) -> StoreResult<Vec<String>>;
    /// Up to `limit` waiting rooms, newest first, and the number of games in progress. Rooms
    /// of a game this server does not know are left out (and logged).
    async fn lobby(&self, limit: i64) -> StoreResult<(Vec<RoomRow>, i64)>;
    /// The best `limit` ratings of `game`.
    async fn ratings(&self, game: GameKind, limit: i64) -> StoreResult<Vec<RatingRow>>;
    /// A player's ratings in every game they played rated (games this server does not know
    /// are left out).
    async fn player_ratings(&self, player: &str) -> StoreResult<Vec<RatingRow>>;

    /// Tells the other processes that room `room` changed (PostgreSQL `NOTIFY`).
    async fn notify(&self, _room: &str) -> StoreResult<()> {
        Ok(())
    }
    /// Tells the other processes about a change of room `room` that is not in the tables:
    /// `event` is a JSON object (offers, a chat line, this process's watcher count).
    async fn notify_event(&self, _room: &str, _event: &str) -> StoreResult<()> {
        Ok(())
    }
    /// [`Store::notify_event`] for several events at once, in order: (room, event).
    async fn notify_events(&self, events: &[(String, String)]) -> StoreResult<()> {
        for (room, event) in events {
            self.notify_event(room, event).await?;
        }
        Ok(())
    }
    /// Records that `player` has (or no longer has) a socket on room `room` in this process.
    async fn set_presence(&self, _room: &str, _player: &str, _present: bool) -> StoreResult<()> {
        Ok(())
    }
    /// [`Store::set_presence`] for several changes at once, in order: (room, player,
    /// present).
    async fn set_presences(&self, changes: &[(String, String, bool)]) -> StoreResult<()> {
        for (room, player, present) in changes {
            self.set_presence(room, player, *present).await?;
        }
        Ok(())
    }
    /// Sockets open on the other live processes (as of their last heartbeat).
    async fn remote_online(&self) -> StoreResult<i64> {
        Ok(0)
    }
    /// Players with a socket on room `room` in another live process.
    async fn remote_presence(&self, _room: &str) -> StoreResult<std::collections::HashSet<String>> {
        Ok(Default::default())
    }
}

/// Applies R10 (R14.8 in Teams) inside a store transaction: `rated` holds the players in seat
/// order with their places, `read` gives a player's current rating in `game`.
pub(crate) fn rating_changes(
    game: GameKind,
    rated: &[(String, u32)],
    mut read: impl FnMut(&str) -> StoreResult<Rating>,
) -> StoreResult<Vec<(String, Rating, Rating)>> {
    let before = rated
        .iter()
        .map(|(p, _)| read(p))
        .collect::<StoreResult<Vec<_>>>()?;
    let places: Vec<u32> = rated.iter().map(|(_, p)| *p).collect();
    let after = if game == GameKind::FourPlayer(Rules::Teams) {
        crate::ratings::update_teams(&before, &places)
    } else {
        crate::ratings::update(&before, &places)
    };
    Ok(rated
        .iter()
        .zip(before)
        .zip(after)
        .map(|(((p, _), b), a)| (p.clone(), b, a))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn older_twins_get_a_suffix_and_the_first_keeps_the_name() {
        let mut taken = Default::default();
        let rows = [
            ("AAAA1111".to_string(), "Ana".to_string()),
            ("BBBB2222".to_string(), "ana".to_string()),
            ("CCCC3333".to_string(), "Bo".to_string()),
            ("DDDD4444".to_string(), "ANA".to_string()),
        ];
        let out = unique_names(&rows, &mut taken);
        let names: Vec<&str> = out.iter().map(|r| r.1.as_str()).collect();
        assert_eq!(names, ["Ana", "ana #BBBB", "Bo", "ANA #DDDD"]);
        let keys: std::collections::HashSet<_> = out.iter().map(|r| &r.2).collect();
        assert_eq!(keys.len(), 4);
    }

    #[test]
    fn renaming_seats_touches_only_that_player() {
        let seats = r#"[{"player":{"id":"a_b","name":"Old"}},{"computer":3},{"player":{"id":"axb","name":"X"}}]"#;
        let out = renamed_seats(seats, "a_b", "New").unwrap().unwrap();
        assert!(out.contains(r#""name":"New""#) && out.contains(r#""name":"X""#));
        assert_eq!(renamed_seats(seats, "zzz", "New").unwrap(), None);
    }
}
