//! The embedded store: one SQLite file in WAL mode, driven from one dedicated thread.
//!
//! Every call is a closure sent to that thread, which owns the only connection; callers
//! await its answer. One writer means no `SQLITE_BUSY` and a natural order of commits.
//!
//! Group commit: the thread takes every call waiting in its queue (up to [`BATCH`]) and runs
//! them in one transaction, each inside its own savepoint (so one failing call rolls back
//! only itself), then commits once and only then answers the callers. Under load this turns
//! thousands of small transactions a second into a few hundred, and with them the WAL
//! checkpoints that would otherwise stall the writer. A commit survives a killed process (the
//! log is written before any call answers); with `synchronous=NORMAL` only an OS crash or
//! power cut may lose the last moments.

use std::path::Path;

use async_trait::async_trait;
use rusqlite::{Connection, OptionalExtension, params};
use tokio::sync::{mpsc, oneshot};

use super::*;

/// A call: runs on the connection and returns what to do once its transaction committed
/// (`true`) or failed (`false`).
type Job = Box<dyn FnOnce(&mut Connection) -> Box<dyn FnOnce(bool) + Send> + Send>;

/// Most calls grouped into one transaction.
const BATCH: usize = 256;

/// The SQLite store; cheap to share (`Arc`).
pub struct SqliteStore {
    jobs: mpsc::UnboundedSender<Job>,
}

impl SqliteStore {
    /// Opens (creating if needed) the database file at `path` and starts its thread.
    pub fn open(path: &Path) -> StoreResult<SqliteStore> {
        if let Some(dir) = path.parent()
            && !dir.as_os_str().is_empty()
        {
            std::fs::create_dir_all(dir)
                .map_err(|e| StoreError::new(format!("creating {}: {e}", dir.display())))?;
        }
        let mut conn = Connection::open(path)?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        conn.set_prepared_statement_cache_capacity(64);
        // Checkpoints every 10 000 pages of log (about 40 MB) rather than SQLite's 1 000: a
        // page written again and again between two checkpoints (a busy room's moves) is
        // copied into the database once, and under load the checkpoints were a fifth of
        // the writer's work (docs/BENCHMARKS.md, Server).
        conn.pragma_update(None, "wal_autocheckpoint", 10_000)?;
        // 16 MiB of page cache rather than 2: the leaf pages of a thousand busy rooms' moves
        // stay in memory instead of being read again from the file at each move.
        conn.pragma_update(None, "cache_size", -16_384)?;
        let (tx, mut rx) = mpsc::unbounded_channel::<Job>();
        std::thread::Builder::new()
            .name("sqlite".into())
            .spawn(move || {
                let mut replies = Vec::with_capacity(BATCH);
                let run = |c: &Connection, sql: &str| {
                    c.prepare_cached(sql)
                        .and_then(|mut st| st.execute([]))
                        .is_ok()
                };
                while let Some(job) = rx.blocking_recv() {
                    let began = run(&conn, "BEGIN");
                    replies.push(job(&mut conn));
                    while replies.len() < BATCH {
                        match rx.try_recv() {
                            Ok(job) => replies.push(job(&mut conn)),
                            Err(_) => break,
                        }
                    }
                    let ok = began && run(&conn, "COMMIT");
                    if began && !ok {
                        run(&conn, "ROLLBACK");
                    }
                    for reply in replies.drain(..) {
                        reply(ok);
                    }
                }
            })
            .map_err(|e| StoreError::new(format!("starting the sqlite thread: {e}")))?;
        Ok(SqliteStore { jobs: tx })
    }

    async fn call<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Connection) -> StoreResult<T> + Send + 'static,
    ) -> StoreResult<T> {
        self.call_in(true, move |c| f(c)).await
    }

    /// [`SqliteStore::call`]; with `savepoint` false, for a call whose writes are one
    /// statement (which SQLite undoes by itself when it fails) or none, without the
    /// savepoint: opening one copies each page the call changes into the statement journal
    /// first.
    async fn call_in<T: Send + 'static>(
        &self,
        savepoint: bool,
        f: impl FnOnce(&mut Connection) -> StoreResult<T> + Send + 'static,
    ) -> StoreResult<T> {
        let (tx, rx) = oneshot::channel();
        self.jobs
            .send(Box::new(move |c| {
                // Each call in its own savepoint: a failing call undoes only its own writes.
                // The statements are cached: parsing them for each call was a good part of
                // a move's storage cost.
                let run = |c: &Connection, sql: &str| -> rusqlite::Result<()> {
                    c.prepare_cached(sql)?.execute([]).map(|_| ())
                };
                let result = if !savepoint {
                    f(c)
                } else {
                    match run(c, "SAVEPOINT call") {
                        Ok(()) => {
                            let r = f(c);
                            let end = if r.is_ok() {
                                run(c, "RELEASE call")
                            } else {
                                run(c, "ROLLBACK TO call").and_then(|()| run(c, "RELEASE call"))
                            };
                            match end {
                                Ok(()) => r,
                                Err(e) => Err(e.into()),
                            }
                        }
                        Err(e) => Err(e.into()),
                    }
                };
                Box::new(move |committed: bool| {
                    let _ = tx.send(if committed {
                        result
                    } else {
                        Err(StoreError::new("the transaction did not commit"))
                    });
                })
            }))
            .map_err(|_| StoreError::new("the sqlite thread stopped"))?;
        rx.await
            .map_err(|_| StoreError::new("the sqlite thread stopped"))?
    }
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS players (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  created INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS rooms (
  id TEXT PRIMARY KEY,
  game TEXT NOT NULL,
  rated INTEGER NOT NULL,
  turn_seconds INTEGER NOT NULL,
  move_limit INTEGER,
  seats TEXT NOT NULL,
  status TEXT NOT NULL,
  created INTEGER NOT NULL,
  seed INTEGER NOT NULL,
  deadline INTEGER,
  result TEXT,
  version INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS rooms_status ON rooms(status, created);
CREATE TABLE IF NOT EXISTS moves (
  room TEXT NOT NULL REFERENCES rooms(id),
  ply INTEGER NOT NULL,
  text TEXT NOT NULL,
  at INTEGER NOT NULL,
  PRIMARY KEY (room, ply)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS ratings (
  player TEXT NOT NULL REFERENCES players(id),
  game TEXT NOT NULL,
  rating REAL NOT NULL,
  games INTEGER NOT NULL,
  PRIMARY KEY (player, game)
);
CREATE INDEX IF NOT EXISTS ratings_game ON ratings(game, rating);
CREATE TABLE IF NOT EXISTS results (
  room TEXT NOT NULL,
  player TEXT NOT NULL,
  game TEXT NOT NULL,
  seat INTEGER NOT NULL,
  ended INTEGER NOT NULL,
  rating_before REAL,
  rating_after REAL,
  PRIMARY KEY (room, player)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS results_player ON results(player, ended, room);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS chat (
  room TEXT NOT NULL REFERENCES rooms(id),
  seq INTEGER NOT NULL,
  at INTEGER NOT NULL,
  line TEXT NOT NULL,
  PRIMARY KEY (room, seq)
) WITHOUT ROWID;
";

const ROOM_COLUMNS: &str = "id, game, rated, turn_seconds, move_limit, seats, status, created, seed, deadline, result, version, extra";

/// Adds the columns later servers need to a database written by an earlier one.
fn add_columns(c: &Connection) -> StoreResult<()> {
    let has_extra: bool = c.query_row(
        "SELECT COUNT(*) FROM pragma_table_info('rooms') WHERE name = 'extra'",
        [],
        |r| r.get::<_, i64>(0).map(|n| n > 0),
    )?;
    if !has_extra {
        c.execute_batch("ALTER TABLE rooms ADD COLUMN extra TEXT")?;
    }
    let has_key: bool = c.query_row(
        "SELECT COUNT(*) FROM pragma_table_info('players') WHERE name = 'name_key'",
        [],
        |r| r.get::<_, i64>(0).map(|n| n > 0),
    )?;
    if !has_key {
        c.execute_batch("ALTER TABLE players ADD COLUMN name_key TEXT")?;
    }
    unique_keys(c)?;
    c.execute_batch("CREATE UNIQUE INDEX IF NOT EXISTS players_name_key ON players(name_key)")?;
    backfill_results(c)
}

/// Gives every player without a name key one: names shared with an earlier player (a
/// database from before names were unique) get a short suffix, in the seats too.
fn unique_keys(c: &Connection) -> StoreResult<()> {
    let missing: Vec<(String, String)> = {
        let mut st =
            c.prepare("SELECT id, name FROM players WHERE name_key IS NULL ORDER BY created, id")?;
        st.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<Result<_, _>>()?
    };
    if missing.is_empty() {
        return Ok(());
    }
    let mut taken: std::collections::HashSet<String> = {
        let mut st = c.prepare("SELECT name_key FROM players WHERE name_key IS NOT NULL")?;
        st.query_map([], |r| r.get(0))?.collect::<Result<_, _>>()?
    };
    for ((id, name, key), (_, old)) in unique_names(&missing, &mut taken).into_iter().zip(&missing)
    {
        c.execute(
            "UPDATE players SET name = ?1, name_key = ?2 WHERE id = ?3",
            params![name, key, id],
        )?;
        if &name != old {
            rename_seats(c, &id, &name)?;
        }
    }
    Ok(())
}

/// Rewrites `player`'s name in every room's seats; returns the live rooms touched.
fn rename_seats(c: &Connection, player: &str, name: &str) -> StoreResult<Vec<String>> {
    let rooms: Vec<(String, String, String)> = {
        let mut st = c.prepare_cached("SELECT id, seats, status FROM rooms WHERE seats LIKE ?1")?;
        st.query_map(params![seats_pattern(player)], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?))
        })?
        .collect::<Result<_, _>>()?
    };
    let mut live = Vec::new();
    for (id, seats, status) in rooms {
        if let Some(seats) = renamed_seats(&seats, player, name)? {
            c.execute(
                "UPDATE rooms SET seats = ?1, version = version + 1 WHERE id = ?2",
                params![seats, id],
            )?;
            if status == "waiting" || status == "playing" {
                live.push(id);
            }
        }
    }
    Ok(live)
}

/// Once: a `results` row per person of every game that ended before the table existed
/// (no rating change is known for those).
fn backfill_results(c: &Connection) -> StoreResult<()> {
    let done: Option<String> = c
        .query_row("SELECT value FROM meta WHERE key = 'results'", [], |r| {
            r.get(0)
        })
        .optional()?;
    if done.is_some() {
        return Ok(());
    }
    let rooms: Vec<(String, String, String, i64)> = {
        let mut st = c.prepare(
            "SELECT r.id, r.game, r.seats, COALESCE((SELECT MAX(at) FROM moves m WHERE m.room = r.id), r.created)
             FROM rooms r WHERE r.status = 'over'",
        )?;
        st.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?
            .collect::<Result<_, _>>()?
    };
    for (id, game, seats, ended) in rooms {
        let seats: Vec<SeatRow> = serde_json::from_str(&seats)?;
        for (player, seat) in people_of(&seats) {
            c.execute(
                "INSERT INTO results (room, player, game, seat, ended) VALUES (?1, ?2, ?3, ?4, ?5)
                 ON CONFLICT DO NOTHING",
                params![id, player, game, seat, ended],
            )?;
        }
    }
    c.execute(
        "INSERT INTO meta (key, value) VALUES ('results', 'done')",
        [],
    )?;
    Ok(())
}

/// Stores the `results` rows of a game that ended at `at`.
fn store_results(
    tx: &Connection,
    room: &str,
    end: &EndRecord,
    at: i64,
    changes: &[(String, Rating, Rating)],
) -> StoreResult<()> {
    for (player, seat) in &end.people {
        let change = changes.iter().find(|(p, _, _)| p == player);
        tx.execute(
            "INSERT INTO results (room, player, game, seat, ended, rating_before, rating_after)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT DO NOTHING",
            params![
                room,
                player,
                end.game.id(),
                seat,
                at,
                change.map(|c| c.1.rating),
                change.map(|c| c.2.rating)
            ],
        )?;
    }
    Ok(())
}

/// A room row as read, with its game id and seats (JSON) still to read (`with_seats`): the
/// game is a placeholder until then.
type RawRoom = (RoomRow, String, String, Option<String>);

fn room_from_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<RawRoom> {
    let seats: String = r.get(5)?;
    Ok((
        RoomRow {
            id: r.get(0)?,
            game: GameKind::default(),
            rated: r.get(2)?,
            turn_seconds: r.get(3)?,
            move_limit: r.get(4)?,
            seats: Vec::new(),
            status: r.get(6)?,
            created: r.get(7)?,
            seed: r.get(8)?,
            deadline: r.get(9)?,
            result: r.get(10)?,
            version: r.get(11)?,
            extra: RoomExtra::default(),
        },
        r.get(1)?,
        seats,
        r.get(12)?,
    ))
}

fn with_seats((mut room, game, seats, extra): RawRoom) -> StoreResult<RoomRow> {
    room.game = stored_game(&game)?;
    room.seats = serde_json::from_str(&seats)?;
    room.extra = RoomExtra::from_column(extra)?;
    Ok(room)
}

fn read_rating(tx: &Connection, player: &str, game: GameKind) -> StoreResult<Rating> {
    Ok(tx
        .query_row(
            "SELECT rating, games FROM ratings WHERE player = ?1 AND game = ?2",
            params![player, game.id()],
            |r| {
                Ok(Rating {
                    rating: r.get(0)?,
                    games: r.get(1)?,
                })
            },
        )
        .optional()?
        .unwrap_or_default())
}

#[async_trait]
impl Store for SqliteStore {
    async fn migrate(&self) -> StoreResult<()> {
        self.call(|c| {
            c.execute_batch(SCHEMA)?;
            add_columns(c)
        })
        .await
    }

    async fn create_player(&self, p: &PlayerRow) -> StoreResult<bool> {
        let p = p.clone();
        self.call(move |c| {
            let n = c.execute(
                "INSERT INTO players (id, name, token_hash, created, name_key) VALUES (?1, ?2, ?3, ?4, ?5)
                 ON CONFLICT (name_key) DO NOTHING",
                params![p.id, p.name, p.token_hash, p.created, crate::names::key(&p.name)],
            )?;
            Ok(n == 1)
        })
        .await
    }

    async fn rename_player(&self, id: &str, name: &str) -> StoreResult<Renamed> {
        let (id, name) = (id.to_string(), name.to_string());
        self.call(move |c| {
            let key = crate::names::key(&name);
            let holder: Option<String> = c
                .query_row(
                    "SELECT id FROM players WHERE name_key = ?1",
                    params![key],
                    |r| r.get(0),
                )
                .optional()?;
            if holder.as_ref().is_some_and(|h| *h != id) {
                return Ok(Renamed::Taken);
            }
            let n = c.execute(
                "UPDATE players SET name = ?1, name_key = ?2 WHERE id = ?3",
                params![name, key, id],
            )?;
            if n == 0 {
                return Ok(Renamed::Unknown);
            }
            Ok(Renamed::Done(rename_seats(c, &id, &name)?))
        })
        .await
    }

    async fn player(&self, id: &str) -> StoreResult<Option<PlayerInfo>> {
        let id = id.to_string();
        self.call(move |c| {
            Ok(c.query_row(
                "SELECT id, name, created FROM players WHERE id = ?1",
                params![id],
                |r| {
                    Ok(PlayerInfo {
                        id: r.get(0)?,
                        name: r.get(1)?,
                        created: r.get(2)?,
                    })
                },
            )
            .optional()?)
        })
        .await
    }

    async fn history(
        &self,
        player: &str,
        before: Option<Cursor>,
        limit: i64,
    ) -> StoreResult<Vec<HistoryRow>> {
        let player = player.to_string();
        let (ended, room) = before.unwrap_or((i64::MAX, String::new()));
        let all = room.is_empty();
        self.call(move |c| {
            let mut st = c.prepare_cached(&format!(
                "SELECT {}, x.seat, x.ended, x.rating_before, x.rating_after
                 FROM results x JOIN rooms r ON r.id = x.room
                 WHERE x.player = ?1 AND (x.ended < ?2 OR (x.ended = ?2 AND (?4 OR x.room < ?3)))
                 ORDER BY x.ended DESC, x.room DESC LIMIT ?5",
                ROOM_COLUMNS
                    .split(", ")
                    .map(|c| format!("r.{c}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ))?;
            let rows = st
                .query_map(params![player, ended, room, all, limit], |r| {
                    let before: Option<f64> = r.get(15)?;
                    let after: Option<f64> = r.get(16)?;
                    Ok((room_from_row(r)?, r.get(13)?, r.get(14)?, before.zip(after)))
                })?
                .collect::<Result<Vec<_>, _>>()?;
            known_games(rows.into_iter().map(|(raw, seat, ended, rating)| {
                Ok(HistoryRow {
                    room: with_seats(raw)?,
                    seat,
                    ended,
                    rating,
                })
            }))
        })
        .await
    }

    async fn rating_history(
        &self,
        player: &str,
        game: GameKind,
        limit: i64,
    ) -> StoreResult<Vec<(i64, f64)>> {
        let player = player.to_string();
        self.call(move |c| {
            let mut st = c.prepare_cached(
                "SELECT ended, rating_after FROM (SELECT ended, room, rating_after FROM results
                 WHERE player = ?1 AND game = ?2 AND rating_after IS NOT NULL
                 ORDER BY ended DESC, room DESC LIMIT ?3) ORDER BY ended, room",
            )?;
            let rows = st.query_map(params![player, game.id(), limit], |r| {
                Ok((r.get(0)?, r.get(1)?))
            })?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
        .await
    }

    async fn ratings_before(&self, room: &str) -> StoreResult<Vec<(String, f64)>> {
        let room = room.to_string();
        self.call(move |c| {
            let mut st = c.prepare_cached(
                "SELECT player, rating_before FROM results WHERE room = ?1 AND rating_before IS NOT NULL",
            )?;
            let rows = st.query_map(params![room], |r| Ok((r.get(0)?, r.get(1)?)))?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
        .await
    }

    async fn player_by_token(&self, token_hash: &str) -> StoreResult<Option<PlayerRef>> {
        let h = token_hash.to_string();
        self.call(move |c| {
            Ok(c.query_row(
                "SELECT id, name FROM players WHERE token_hash = ?1",
                params![h],
                |r| {
                    Ok(PlayerRef {
                        id: r.get(0)?,
                        name: r.get(1)?,
                    })
                },
            )
            .optional()?)
        })
        .await
    }

    async fn create_room(&self, r: &RoomRow) -> StoreResult<()> {
        let r = r.clone();
        let seats = serde_json::to_string(&r.seats)?;
        self.call(move |c| {
            c.execute(
                "INSERT INTO rooms (id, game, rated, turn_seconds, move_limit, seats, status, created, seed, deadline, result, version, extra)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
                params![r.id, r.game.id(), r.rated, r.turn_seconds, r.move_limit, seats, r.status, r.created, r.seed, r.deadline, r.result, r.version, r.extra.to_json()],
            )?;
            Ok(())
        })
        .await
    }

    async fn load_room(&self, id: &str) -> StoreResult<Option<RoomRow>> {
        let id = id.to_string();
        self.call(move |c| {
            let row = c
                .query_row(
                    &format!("SELECT {ROOM_COLUMNS} FROM rooms WHERE id = ?1"),
                    params![id],
                    room_from_row,
                )
                .optional()?;
            row.map(with_seats).transpose()
        })
        .await
    }

    async fn actions(&self, room: &str, from: i64) -> StoreResult<Vec<ActionRow>> {
        let room = room.to_string();
        self.call(move |c| {
            let mut st = c.prepare_cached(
                "SELECT ply, text, at FROM moves WHERE room = ?1 AND ply >= ?2 ORDER BY ply",
            )?;
            let rows = st.query_map(params![room, from], |r| {
                Ok(ActionRow {
                    ply: r.get(0)?,
                    text: r.get(1)?,
                    at: r.get(2)?,
                })
            })?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
        .await
    }

    async fn update_room(
        &self,
        id: &str,
        seats: &[SeatRow],
        status: &str,
        deadline: Option<i64>,
        extra: &RoomExtra,
        version: i64,
    ) -> StoreResult<bool> {
        let (id, status) = (id.to_string(), status.to_string());
        let seats = serde_json::to_string(seats)?;
        let extra = extra.to_json();
        self.call(move |c| {
            let n = c.execute(
                "UPDATE rooms SET seats = ?1, status = ?2, deadline = ?3, extra = ?4, version = version + 1
                 WHERE id = ?5 AND version = ?6",
                params![seats, status, deadline, extra, id, version],
            )?;
            Ok(n == 1)
        })
        .await
    }

    async fn add_chat(&self, room: &str, seq: i64, at: i64, line: &str) -> StoreResult<()> {
        let (room, line) = (room.to_string(), line.to_string());
        self.call(move |c| {
            c.execute(
                "INSERT INTO chat (room, seq, at, line) VALUES (?1, ?2, ?3, ?4) ON CONFLICT DO NOTHING",
                params![room, seq, at, line],
            )?;
            Ok(())
        })
        .await
    }

    async fn chat(&self, room: &str, limit: i64) -> StoreResult<Vec<(i64, String)>> {
        let room = room.to_string();
        self.call(move |c| {
            let mut st = c.prepare_cached(
                "SELECT seq, line FROM (SELECT seq, line FROM chat WHERE room = ?1 ORDER BY seq DESC LIMIT ?2) ORDER BY seq",
            )?;
            let rows = st.query_map(params![room, limit], |r| Ok((r.get(0)?, r.get(1)?)))?;
            Ok(rows.collect::<Result<Vec<_>, _>>()?)
        })
        .await
    }

    async fn waiting_rooms_of(&self, player: &str) -> StoreResult<i64> {
        let player = player.to_string();
        self.call(move |c| {
            Ok(c.query_row(
                "SELECT COUNT(*) FROM rooms WHERE status = 'waiting' AND json_extract(extra, '$.creator') = ?1",
                params![player],
                |r| r.get(0),
            )?)
        })
        .await
    }

    async fn waiting_before(&self, before: i64) -> StoreResult<Vec<String>> {
        self.call(move |c| {
            let mut st =
                c.prepare_cached("SELECT id FROM rooms WHERE status = 'waiting' AND created < ?1")?;
            let rows = st.query_map(params![before], |r| r.get(0))?;
            Ok(rows.collect::<Result<Vec<String>, _>>()?)
        })
        .await
    }

    async fn commit(&self, cm: &Commit) -> StoreResult<CommitOutcome> {
        let cm = cm.clone();
        // Most moves are one INSERT (the row unchanged): no savepoint needed around it.
        let one_statement = cm.end.is_none() && !cm.deadline_changed;
        self.call_in(!one_statement, move |c| {
            // The call's own savepoint undoes a failed commit's writes.
            let tx: &Connection = c;
            // Cached statements: a move is two statements, and preparing them anew was a
            // tenth of the writer's work (docs/BENCHMARKS.md, Server).
            let inserted = tx
                .prepare_cached(
                    "INSERT INTO moves (room, ply, text, at) VALUES (?1, ?2, ?3, ?4) ON CONFLICT DO NOTHING",
                )?
                .execute(params![cm.room, cm.ply, cm.text, cm.at])?;
            if inserted == 0 {
                return Ok(CommitOutcome::Conflict);
            }
            let mut changes = Vec::new();
            match &cm.end {
                // Nothing in the row changes: a move of a game without a turn timer (a
                // game clock is replayed from the moves), most moves under load.
                None if !cm.deadline_changed => {}
                None => {
                    tx.prepare_cached(
                        "UPDATE rooms SET deadline = ?1, version = version + 1 WHERE id = ?2",
                    )?
                    .execute(params![cm.deadline, cm.room])?;
                }
                Some(end) => {
                    tx.execute(
                        "UPDATE rooms SET deadline = NULL, status = 'over', result = ?1, version = version + 1 WHERE id = ?2",
                        params![end.result, cm.room],
                    )?;
                    if let Some(rated) = &end.rated {
                        changes = rating_changes(end.game, rated, |p| read_rating(tx, p, end.game))?;
                        for (p, _, after) in &changes {
                            tx.execute(
                                "INSERT INTO ratings (player, game, rating, games) VALUES (?1, ?2, ?3, ?4)
                                 ON CONFLICT (player, game) DO UPDATE SET rating = excluded.rating, games = excluded.games",
                                params![p, end.game.id(), after.rating, after.games],
                            )?;
                        }
                    }
                    store_results(tx, &cm.room, end, cm.at, &changes)?;
                }
            }
            Ok(CommitOutcome::Committed(changes))
        })
        .await
    }

    async fn live_rooms(&self) -> StoreResult<Vec<String>> {
        self.call(|c| {
            let mut st =
                c.prepare("SELECT id FROM rooms WHERE status IN ('waiting', 'playing')")?;
            let rows = st.query_map([], |r| r.get(0))?;
            Ok(rows.collect::<Result<Vec<String>, _>>()?)
        })
        .await
    }

    async fn lobby(&self, limit: i64) -> StoreResult<(Vec<RoomRow>, i64)> {
        self.call(move |c| {
            let mut st = c.prepare_cached(&format!(
                "SELECT {ROOM_COLUMNS} FROM rooms WHERE status = 'waiting' ORDER BY created DESC LIMIT ?1"
            ))?;
            let rows = st
                .query_map(params![limit], room_from_row)?
                .collect::<Result<Vec<_>, _>>()?;
            let rooms = known_games(rows.into_iter().map(with_seats))?;
            let playing: i64 = c.query_row(
                "SELECT COUNT(*) FROM rooms WHERE status = 'playing'",
                [],
                |r| r.get(0),
            )?;
            Ok((rooms, playing))
        })
        .await
    }

    async fn ratings(&self, game: GameKind, limit: i64) -> StoreResult<Vec<RatingRow>> {
        self.call(move |c| {
            let mut st = c.prepare_cached(
                "SELECT p.id, p.name, r.game, r.rating, r.games FROM ratings r JOIN players p ON p.id = r.player
                 WHERE r.game = ?1 ORDER BY r.rating DESC, r.games DESC, p.id LIMIT ?2",
            )?;
            let rows = st.query_map(params![game.id(), limit], rating_row)?;
            let rows = rows.collect::<Result<Vec<_>, _>>()?;
            rows.into_iter().map(with_game).collect()
        })
        .await
    }

    async fn player_ratings(&self, player: &str) -> StoreResult<Vec<RatingRow>> {
        let player = player.to_string();
        self.call(move |c| {
            let mut st = c.prepare_cached(
                "SELECT p.id, p.name, r.game, r.rating, r.games FROM ratings r JOIN players p ON p.id = r.player
                 WHERE r.player = ?1 ORDER BY r.game",
            )?;
            let rows = st.query_map(params![player], rating_row)?;
            let rows = rows.collect::<Result<Vec<_>, _>>()?;
            known_games(rows.into_iter().map(with_game))
        })
        .await
    }
}

/// A ratings row as read, with its game id still to read (`with_game`).
fn rating_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<(PlayerRef, String, Rating)> {
    Ok((
        PlayerRef {
            id: r.get(0)?,
            name: r.get(1)?,
        },
        r.get(2)?,
        Rating {
            rating: r.get(3)?,
            games: r.get(4)?,
        },
    ))
}

fn with_game((player, game, rating): (PlayerRef, String, Rating)) -> StoreResult<RatingRow> {
    Ok(RatingRow {
        player,
        game: stored_game(&game)?,
        rating,
    })
}

/// Opens the store at `path` (used by `main`).
pub fn open(path: &Path) -> StoreResult<SqliteStore> {
    SqliteStore::open(path)
}
