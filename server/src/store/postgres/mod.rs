//! The shared store: PostgreSQL, for several server processes.
//!
//! Same tables as SQLite, plus what the processes need to cooperate:
//! `processes(id, expires, online, pid)` (a heartbeat per live process, with its open sockets
//! and the PostgreSQL backend of its LISTEN connection), `leases(room, owner, expires)`
//! (which process runs a room's timers and computer moves) and `presence(room, player,
//! process)` (who has a socket where). Changes travel as `NOTIFY tablero, '<process> <room>'`;
//! receivers read the room again from the tables, so a lost notification only delays an
//! update until the next one (or the next lease round).

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::sync::atomic::AtomicI32;

use async_trait::async_trait;
use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod};
use tokio_postgres::NoTls;

use super::*;
use crate::batch::Batcher;

mod cluster;
mod schema;

use schema::{SCHEMA, backfill_results, rename_seats, unique_keys};

/// The PostgreSQL store.
pub struct PgStore {
    pool: Pool,
    /// One connection of its own for the lease rounds: a heartbeat must not wait behind a
    /// herd of reconnecting sockets' queries, or this process's leases expire under load
    /// and its rooms change hands while it is alive.
    lease_pool: Pool,
    /// This process's id (heartbeat row, leases, presence, notification sender).
    pub me: String,
    /// The backend pid of this process's LISTEN connection (0 until it is open): stored in
    /// its heartbeat row so that the others see at once when it died (below).
    listen_pid: AtomicI32,
    /// Token lookups of sockets arriving at once, gathered into one query per batch.
    tokens: Arc<Batcher<String, PlayerRef, StoreError>>,
}

/// When a process counts as alive, for a row of `processes` named `p`: its heartbeat has
/// not expired and, if it recorded its LISTEN connection's backend, that backend still
/// exists. A process killed outright loses its connections at once (the kernel closes
/// them and PostgreSQL's backends end), so its death shows in the next query rather than
/// a lease period later; a process whose LISTEN connection fails exits (`cluster.rs`).
/// A row without a pid (a server from before this column) lives until it expires.
fn live(p: &str) -> String {
    format!(
        "({p}.expires > now() AND ({p}.pid IS NULL OR {p}.pid IN (SELECT pid FROM pg_stat_activity)))"
    )
}

impl From<deadpool_postgres::PoolError> for StoreError {
    fn from(e: deadpool_postgres::PoolError) -> Self {
        StoreError::new(format!("postgres pool: {e}"))
    }
}

/// The third word of a notification that only a room's presence changed
/// (`<process> <room> presence`): receivers re-read the presence rows, not the room.
pub const PRESENCE: &str = "presence";

/// The notification channel.
pub const CHANNEL: &str = "tablero";

const ROOM_COLUMNS: &str = "id, game, rated, turn_seconds, move_limit, seats, status, created, seed, deadline, result, version, extra";

fn room_from_row(r: &tokio_postgres::Row) -> StoreResult<RoomRow> {
    let seats: String = r.try_get(5)?;
    Ok(RoomRow {
        id: r.try_get(0)?,
        game: stored_game(r.try_get(1)?)?,
        rated: r.try_get(2)?,
        turn_seconds: r.try_get(3)?,
        move_limit: r.try_get(4)?,
        seats: serde_json::from_str(&seats)?,
        status: r.try_get(6)?,
        created: r.try_get(7)?,
        seed: r.try_get(8)?,
        deadline: r.try_get(9)?,
        result: r.try_get(10)?,
        version: r.try_get(11)?,
        extra: RoomExtra::from_column(r.try_get(12)?)?,
    })
}

fn rating_row(r: &tokio_postgres::Row) -> StoreResult<RatingRow> {
    Ok(RatingRow {
        player: PlayerRef {
            id: r.try_get(0)?,
            name: r.try_get(1)?,
        },
        game: stored_game(r.try_get(2)?)?,
        rating: Rating {
            rating: r.try_get(3)?,
            games: r.try_get(4)?,
        },
    })
}

impl PgStore {
    /// Connects a pool to `url` (`postgres://user@host:port/db`).
    pub async fn connect(url: &str) -> StoreResult<PgStore> {
        let config: tokio_postgres::Config = url
            .parse()
            .map_err(|e| StoreError::new(format!("bad --database-url: {e}")))?;
        let mgr = Manager::from_config(
            config,
            NoTls,
            ManagerConfig {
                recycling_method: RecyclingMethod::Fast,
            },
        );
        let pool = Pool::builder(mgr)
            .max_size(16)
            .build()
            .map_err(|e| StoreError::new(format!("postgres pool: {e}")))?;
        let lease_mgr = Manager::from_config(
            url.parse()
                .map_err(|e| StoreError::new(format!("bad --database-url: {e}")))?,
            NoTls,
            ManagerConfig {
                recycling_method: RecyclingMethod::Fast,
            },
        );
        let lease_pool = Pool::builder(lease_mgr)
            .max_size(1)
            .build()
            .map_err(|e| StoreError::new(format!("postgres pool: {e}")))?;
        // Fail at start rather than on the first request.
        drop(pool.get().await?);
        Ok(PgStore {
            pool,
            lease_pool,
            me: crate::util::random_id(9),
            listen_pid: AtomicI32::new(0),
            tokens: Batcher::new(4, 256),
        })
    }
}

#[async_trait]
impl Store for PgStore {
    async fn migrate(&self) -> StoreResult<()> {
        let c = self.pool.get().await?;
        // Two processes starting together would race on CREATE TABLE IF NOT EXISTS; an
        // advisory lock serialises them.
        c.batch_execute(&format!("SELECT pg_advisory_lock(7426001); {SCHEMA}"))
            .await?;
        let done = async {
            unique_keys(&c).await?;
            backfill_results(&c).await
        }
        .await;
        c.batch_execute("SELECT pg_advisory_unlock(7426001);")
            .await?;
        done
    }

    async fn create_player(&self, p: &PlayerRow) -> StoreResult<bool> {
        let c = self.pool.get().await?;
        let n = c
            .execute(
                "INSERT INTO players (id, name, token_hash, created, name_key) VALUES ($1, $2, $3, $4, $5)
                 ON CONFLICT (name_key) DO NOTHING",
                &[&p.id, &p.name, &p.token_hash, &p.created, &crate::names::key(&p.name)],
            )
            .await?;
        Ok(n == 1)
    }

    async fn rename_player(&self, id: &str, name: &str) -> StoreResult<Renamed> {
        let mut c = self.pool.get().await?;
        let tx = c.transaction().await?;
        let key = crate::names::key(name);
        let holder = tx
            .query_opt("SELECT id FROM players WHERE name_key = $1", &[&key])
            .await?;
        if let Some(h) = holder
            && h.try_get::<_, String>(0)? != id
        {
            return Ok(Renamed::Taken);
        }
        // A racing rename to the same name loses on the unique index: taken too.
        let n = match tx
            .execute(
                "UPDATE players SET name = $1, name_key = $2 WHERE id = $3",
                &[&name, &key, &id],
            )
            .await
        {
            Ok(n) => n,
            Err(e) if e.code() == Some(&tokio_postgres::error::SqlState::UNIQUE_VIOLATION) => {
                return Ok(Renamed::Taken);
            }
            Err(e) => return Err(e.into()),
        };
        if n == 0 {
            return Ok(Renamed::Unknown);
        }
        let live = rename_seats(&*tx, id, name).await?;
        tx.commit().await?;
        Ok(Renamed::Done(live))
    }

    async fn player(&self, id: &str) -> StoreResult<Option<PlayerInfo>> {
        let c = self.pool.get().await?;
        let row = c
            .query_opt(
                "SELECT id, name, created FROM players WHERE id = $1",
                &[&id],
            )
            .await?;
        row.map(|r| {
            Ok(PlayerInfo {
                id: r.try_get(0)?,
                name: r.try_get(1)?,
                created: r.try_get(2)?,
            })
        })
        .transpose()
    }

    async fn history(
        &self,
        player: &str,
        before: Option<Cursor>,
        limit: i64,
    ) -> StoreResult<Vec<HistoryRow>> {
        let c = self.pool.get().await?;
        let (ended, room) = before.unwrap_or((i64::MAX, String::new()));
        let all = room.is_empty();
        let cols = ROOM_COLUMNS
            .split(", ")
            .map(|c| format!("r.{c}"))
            .collect::<Vec<_>>()
            .join(", ");
        let rows = c
            .query(
                &format!(
                    "SELECT {cols}, x.seat, x.ended, x.rating_before, x.rating_after
                     FROM results x JOIN rooms r ON r.id = x.room
                     WHERE x.player = $1 AND (x.ended < $2 OR (x.ended = $2 AND ($4 OR x.room < $3)))
                     ORDER BY x.ended DESC, x.room DESC LIMIT $5"
                ),
                &[&player, &ended, &room, &all, &limit],
            )
            .await?;
        known_games(rows.iter().map(|r| {
            let before: Option<f64> = r.try_get(15)?;
            let after: Option<f64> = r.try_get(16)?;
            Ok(HistoryRow {
                room: room_from_row(r)?,
                seat: r.try_get(13)?,
                ended: r.try_get(14)?,
                rating: before.zip(after),
            })
        }))
    }

    async fn rating_history(
        &self,
        player: &str,
        game: GameKind,
        limit: i64,
    ) -> StoreResult<Vec<(i64, f64)>> {
        let c = self.pool.get().await?;
        let rows = c
            .query(
                "SELECT ended, rating_after FROM (SELECT ended, room, rating_after FROM results
                 WHERE player = $1 AND game = $2 AND rating_after IS NOT NULL
                 ORDER BY ended DESC, room DESC LIMIT $3) t ORDER BY ended, room",
                &[&player, &game.id(), &limit],
            )
            .await?;
        rows.iter()
            .map(|r| Ok((r.try_get(0)?, r.try_get(1)?)))
            .collect()
    }

    async fn ratings_before(&self, room: &str) -> StoreResult<Vec<(String, f64)>> {
        let c = self.pool.get().await?;
        let rows = c
            .query(
                "SELECT player, rating_before FROM results WHERE room = $1 AND rating_before IS NOT NULL",
                &[&room],
            )
            .await?;
        rows.iter()
            .map(|r| Ok((r.try_get(0)?, r.try_get(1)?)))
            .collect()
    }

    async fn player_by_token(&self, token_hash: &str) -> StoreResult<Option<PlayerRef>> {
        // The sockets of a dead process arrive at a survivor together, each with its
        // token: one query answers a batch of them.
        let pool = self.pool.clone();
        self.tokens
            .get(token_hash.to_string(), move |hashes| async move {
                let c = pool.get().await?;
                let rows = c
                    .query(
                        "SELECT token_hash, id, name FROM players WHERE token_hash = ANY($1)",
                        &[&hashes],
                    )
                    .await?;
                rows.iter()
                    .map(|r| {
                        Ok((
                            r.try_get(0)?,
                            PlayerRef {
                                id: r.try_get(1)?,
                                name: r.try_get(2)?,
                            },
                        ))
                    })
                    .collect::<StoreResult<HashMap<String, PlayerRef>>>()
            })
            .await
    }

    async fn create_room(&self, r: &RoomRow) -> StoreResult<()> {
        let c = self.pool.get().await?;
        let seats = serde_json::to_string(&r.seats)?;
        c.execute(
            "INSERT INTO rooms (id, game, rated, turn_seconds, move_limit, seats, status, created, seed, deadline, result, version, extra)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)",
            &[&r.id, &r.game.id(), &r.rated, &r.turn_seconds, &r.move_limit, &seats, &r.status, &r.created, &r.seed, &r.deadline, &r.result, &r.version, &r.extra.to_json()],
        )
        .await?;
        Ok(())
    }

    async fn load_room(&self, id: &str) -> StoreResult<Option<RoomRow>> {
        let c = self.pool.get().await?;
        let row = c
            .query_opt(
                &format!("SELECT {ROOM_COLUMNS} FROM rooms WHERE id = $1"),
                &[&id],
            )
            .await?;
        row.as_ref().map(room_from_row).transpose()
    }

    async fn actions(&self, room: &str, from: i64) -> StoreResult<Vec<ActionRow>> {
        let c = self.pool.get().await?;
        let rows = c
            .query(
                "SELECT ply, text, at FROM moves WHERE room = $1 AND ply >= $2 ORDER BY ply",
                &[&room, &from],
            )
            .await?;
        rows.iter()
            .map(|r| {
                Ok(ActionRow {
                    ply: r.try_get(0)?,
                    text: r.try_get(1)?,
                    at: r.try_get(2)?,
                })
            })
            .collect()
    }

    async fn load_rooms(
        &self,
        ids: &[String],
        chat: i64,
    ) -> StoreResult<Vec<(String, StoreResult<StoredRoom>)>> {
        // Three queries for the whole batch rather than three a room.
        let c = self.pool.get().await?;
        let rows = c
            .query(
                &format!("SELECT {ROOM_COLUMNS} FROM rooms WHERE id = ANY($1)"),
                &[&ids],
            )
            .await?;
        let mut actions: HashMap<String, Vec<ActionRow>> = HashMap::new();
        for r in c
            .query(
                "SELECT room, ply, text, at FROM moves WHERE room = ANY($1) ORDER BY room, ply",
                &[&ids],
            )
            .await?
        {
            actions.entry(r.try_get(0)?).or_default().push(ActionRow {
                ply: r.try_get(1)?,
                text: r.try_get(2)?,
                at: r.try_get(3)?,
            });
        }
        let mut lines: HashMap<String, Vec<(i64, String)>> = HashMap::new();
        for r in c
            .query(
                "SELECT room, seq, line FROM (SELECT room, seq, line,
                   row_number() OVER (PARTITION BY room ORDER BY seq DESC) AS n
                   FROM chat WHERE room = ANY($1)) t
                 WHERE n <= $2 ORDER BY room, seq",
                &[&ids, &chat],
            )
            .await?
        {
            lines
                .entry(r.try_get(0)?)
                .or_default()
                .push((r.try_get(1)?, r.try_get(2)?));
        }
        let mut present: HashMap<String, HashSet<String>> = HashMap::new();
        for r in c
            .query(
                &format!(
                    "SELECT p.room, p.player FROM presence p JOIN processes pr ON pr.id = p.process
                     WHERE p.room = ANY($1) AND p.process <> $2 AND {}",
                    live("pr")
                ),
                &[&ids, &self.me],
            )
            .await?
        {
            present
                .entry(r.try_get(0)?)
                .or_default()
                .insert(r.try_get(1)?);
        }
        let mut out = Vec::new();
        for r in &rows {
            let id: String = r.try_get(0)?;
            let room = match room_from_row(r) {
                Ok(row) => Ok(StoredRoom {
                    row,
                    actions: actions.remove(&id).unwrap_or_default(),
                    chat: lines.remove(&id).unwrap_or_default(),
                    present: present.remove(&id).unwrap_or_default(),
                }),
                Err(e) if e.code == UNKNOWN_GAME => Err(e),
                Err(e) => return Err(e),
            };
            out.push((id, room));
        }
        Ok(out)
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
        let c = self.pool.get().await?;
        let seats = serde_json::to_string(seats)?;
        let extra = extra.to_json();
        let n = c
            .execute(
                "UPDATE rooms SET seats = $1, status = $2, deadline = $3, extra = $4, version = version + 1
                 WHERE id = $5 AND version = $6",
                &[&seats, &status, &deadline, &extra, &id, &version],
            )
            .await?;
        Ok(n == 1)
    }

    async fn add_chat(&self, room: &str, seq: i64, at: i64, line: &str) -> StoreResult<()> {
        let c = self.pool.get().await?;
        // Another process serving the room may have stored a line under `seq` first: the line
        // then takes the number after the room's last one (a few tries, as two processes may
        // race for that one too).
        for _ in 0..4 {
            let n = c
                .execute(
                    "INSERT INTO chat (room, seq, at, line)
                     SELECT $1, GREATEST($2, COALESCE(MAX(seq) + 1, 0)), $3, $4 FROM chat WHERE room = $1
                     ON CONFLICT DO NOTHING",
                    &[&room, &seq, &at, &line],
                )
                .await?;
            if n == 1 {
                return Ok(());
            }
        }
        Err(StoreError::new("the chat line found no free number"))
    }

    async fn chat(&self, room: &str, limit: i64) -> StoreResult<Vec<(i64, String)>> {
        let c = self.pool.get().await?;
        let rows = c
            .query(
                "SELECT seq, line FROM (SELECT seq, line FROM chat WHERE room = $1 ORDER BY seq DESC LIMIT $2) t ORDER BY seq",
                &[&room, &limit],
            )
            .await?;
        rows.iter()
            .map(|r| Ok((r.try_get(0)?, r.try_get(1)?)))
            .collect()
    }

    async fn waiting_rooms_of(&self, player: &str) -> StoreResult<i64> {
        let c = self.pool.get().await?;
        Ok(c
            .query_one(
                "SELECT COUNT(*) FROM rooms WHERE status = 'waiting' AND (extra::jsonb ->> 'creator') = $1",
                &[&player],
            )
            .await?
            .try_get(0)?)
    }

    async fn waiting_before(&self, before: i64) -> StoreResult<Vec<String>> {
        let c = self.pool.get().await?;
        let rows = c
            .query(
                "SELECT id FROM rooms WHERE status = 'waiting' AND created < $1",
                &[&before],
            )
            .await?;
        rows.iter()
            .map(|r| r.try_get(0).map_err(StoreError::from))
            .collect()
    }

    async fn commit(&self, cm: &Commit) -> StoreResult<CommitOutcome> {
        let mut c = self.pool.get().await?;
        let tx = c.transaction().await?;
        let inserted = tx
            .execute(
                "INSERT INTO moves (room, ply, text, at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
                &[&cm.room, &cm.ply, &cm.text, &cm.at],
            )
            .await?;
        if inserted == 0 {
            tx.rollback().await?;
            return Ok(CommitOutcome::Conflict);
        }
        let mut changes = Vec::new();
        match &cm.end {
            // Nothing in the row changes (see `Commit::deadline_changed`).
            None if !cm.deadline_changed => {}
            None => {
                tx.execute(
                    "UPDATE rooms SET deadline = $1, version = version + 1 WHERE id = $2",
                    &[&cm.deadline, &cm.room],
                )
                .await?;
            }
            Some(end) => {
                tx.execute(
                    "UPDATE rooms SET deadline = NULL, status = 'over', result = $1, version = version + 1 WHERE id = $2",
                    &[&end.result, &cm.room],
                )
                .await?;
                if let Some(rated) = &end.rated {
                    let game = end.game.id();
                    let mut before = Vec::new();
                    for (p, _) in rated {
                        tx.execute(
                            "INSERT INTO ratings (player, game, rating, games) VALUES ($1, $2, $3, 0)
                             ON CONFLICT DO NOTHING",
                            &[p, &game, &crate::ratings::START],
                        )
                        .await?;
                        let r = tx
                            .query_one(
                                "SELECT rating, games FROM ratings WHERE player = $1 AND game = $2 FOR UPDATE",
                                &[p, &game],
                            )
                            .await?;
                        before.push(Rating {
                            rating: r.try_get(0)?,
                            games: r.try_get(1)?,
                        });
                    }
                    let mut it = before.into_iter();
                    changes = rating_changes(end.game, rated, |_| {
                        it.next().ok_or_else(|| StoreError::new("rating rows"))
                    })?;
                    for (p, _, after) in &changes {
                        tx.execute(
                            "UPDATE ratings SET rating = $3, games = $4 WHERE player = $1 AND game = $2",
                            &[p, &game, &after.rating, &after.games],
                        )
                        .await?;
                    }
                }
                for (player, seat) in &end.people {
                    let change = changes.iter().find(|(p, _, _)| p == player);
                    let before = change.map(|c| c.1.rating);
                    let after = change.map(|c| c.2.rating);
                    tx.execute(
                        "INSERT INTO results (room, player, game, seat, ended, rating_before, rating_after)
                         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING",
                        &[&cm.room, player, &end.game.id(), seat, &cm.at, &before, &after],
                    )
                    .await?;
                }
            }
        }
        tx.commit().await?;
        Ok(CommitOutcome::Committed(changes))
    }

    async fn live_rooms(&self) -> StoreResult<Vec<String>> {
        let c = self.pool.get().await?;
        let rows = c
            .query(
                "SELECT id FROM rooms WHERE status IN ('waiting', 'playing')",
                &[],
            )
            .await?;
        rows.iter()
            .map(|r| r.try_get(0).map_err(StoreError::from))
            .collect()
    }

    async fn lobby(&self, limit: i64) -> StoreResult<(Vec<RoomRow>, i64)> {
        let c = self.pool.get().await?;
        let rows = c
            .query(
                &format!("SELECT {ROOM_COLUMNS} FROM rooms WHERE status = 'waiting' ORDER BY created DESC LIMIT $1"),
                &[&limit],
            )
            .await?;
        let rooms = known_games(rows.iter().map(room_from_row))?;
        let playing: i64 = c
            .query_one("SELECT COUNT(*) FROM rooms WHERE status = 'playing'", &[])
            .await?
            .try_get(0)?;
        Ok((rooms, playing))
    }

    async fn ratings(&self, game: GameKind, limit: i64) -> StoreResult<Vec<RatingRow>> {
        let c = self.pool.get().await?;
        let rows = c
            .query(
                "SELECT p.id, p.name, r.game, r.rating, r.games FROM ratings r JOIN players p ON p.id = r.player
                 WHERE r.game = $1 ORDER BY r.rating DESC, r.games DESC, p.id LIMIT $2",
                &[&game.id(), &limit],
            )
            .await?;
        rows.iter().map(rating_row).collect()
    }

    async fn player_ratings(&self, player: &str) -> StoreResult<Vec<RatingRow>> {
        let c = self.pool.get().await?;
        let rows = c
            .query(
                "SELECT p.id, p.name, r.game, r.rating, r.games FROM ratings r JOIN players p ON p.id = r.player
                 WHERE r.player = $1 ORDER BY r.game",
                &[&player],
            )
            .await?;
        known_games(rows.iter().map(rating_row))
    }

    async fn notify(&self, room: &str) -> StoreResult<()> {
        let c = self.pool.get().await?;
        let payload = format!("{} {room}", self.me);
        c.execute("SELECT pg_notify($1, $2)", &[&CHANNEL, &payload])
            .await?;
        Ok(())
    }

    async fn notify_events(&self, events: &[(String, String)]) -> StoreResult<()> {
        let payloads: Vec<String> = events
            .iter()
            .map(|(room, event)| format!("{} {room} {event}", self.me))
            .collect();
        let c = self.pool.get().await?;
        // In the array's order: a room's events arrive as they were sent.
        c.execute(
            "SELECT pg_notify($1, n) FROM unnest($2::text[]) WITH ORDINALITY AS t(n, i) ORDER BY i",
            &[&CHANNEL, &payloads],
        )
        .await?;
        Ok(())
    }

    async fn notify_event(&self, room: &str, event: &str) -> StoreResult<()> {
        let c = self.pool.get().await?;
        let payload = format!("{} {room} {event}", self.me);
        c.execute("SELECT pg_notify($1, $2)", &[&CHANNEL, &payload])
            .await?;
        Ok(())
    }

    async fn set_presence(&self, room: &str, player: &str, present: bool) -> StoreResult<()> {
        self.set_presences(&[(room.to_string(), player.to_string(), present)])
            .await
    }

    async fn set_presences(&self, changes: &[(String, String, bool)]) -> StoreResult<()> {
        // The last change of each (room, player) wins: a socket that came and went within
        // one batch leaves no row.
        let mut last: HashMap<(&str, &str), bool> = HashMap::new();
        for (room, player, present) in changes {
            last.insert((room.as_str(), player.as_str()), *present);
        }
        let (mut on_rooms, mut on_players, mut off_rooms, mut off_players) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        let mut rooms: Vec<String> = Vec::new();
        for ((room, player), present) in last {
            if present {
                on_rooms.push(room);
                on_players.push(player);
            } else {
                off_rooms.push(room);
                off_players.push(player);
            }
            rooms.push(format!("{} {room} {PRESENCE}", self.me));
        }
        rooms.sort();
        rooms.dedup();
        let c = self.pool.get().await?;
        if !on_rooms.is_empty() {
            c.execute(
                "INSERT INTO presence (room, player, process)
                 SELECT r, p, $3 FROM unnest($1::text[], $2::text[]) AS t(r, p) ON CONFLICT DO NOTHING",
                &[&on_rooms, &on_players, &self.me],
            )
            .await?;
        }
        if !off_rooms.is_empty() {
            c.execute(
                "DELETE FROM presence WHERE process = $3
                 AND (room, player) IN (SELECT r, p FROM unnest($1::text[], $2::text[]) AS t(r, p))",
                &[&off_rooms, &off_players, &self.me],
            )
            .await?;
        }
        // Marked as presence only: the others re-read who is here, not the whole room.
        c.execute(
            "SELECT pg_notify($1, n) FROM unnest($2::text[]) AS t(n)",
            &[&CHANNEL, &rooms],
        )
        .await?;
        Ok(())
    }

    async fn remote_online(&self) -> StoreResult<i64> {
        let c = self.pool.get().await?;
        Ok(c.query_one(
            &format!(
                "SELECT COALESCE(SUM(p.online), 0)::bigint FROM processes p WHERE p.id <> $1 AND {}",
                live("p")
            ),
            &[&self.me],
        )
        .await?
        .try_get(0)?)
    }

    async fn remote_presence(&self, room: &str) -> StoreResult<HashSet<String>> {
        let c = self.pool.get().await?;
        let rows = c
            .query(
                &format!(
                    "SELECT p.player FROM presence p JOIN processes pr ON pr.id = p.process
                     WHERE p.room = $1 AND p.process <> $2 AND {}",
                    live("pr")
                ),
                &[&room, &self.me],
            )
            .await?;
        rows.iter()
            .map(|r| r.try_get(0).map_err(StoreError::from))
            .collect()
    }
}
