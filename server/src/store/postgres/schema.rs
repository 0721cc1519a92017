//! The PostgreSQL tables, and the one-time changes that bring a database written by an
//! earlier server up to them (run by `Store::migrate` under an advisory lock).

use std::collections::HashSet;

use super::super::*;

pub(super) const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS players (
  id TEXT PRIMARY KEY, name TEXT NOT NULL, token_hash TEXT NOT NULL UNIQUE, created BIGINT NOT NULL);
CREATE TABLE IF NOT EXISTS rooms (
  id TEXT PRIMARY KEY, game TEXT NOT NULL, rated BOOLEAN NOT NULL, turn_seconds BIGINT NOT NULL,
  move_limit BIGINT, seats TEXT NOT NULL, status TEXT NOT NULL, created BIGINT NOT NULL,
  seed BIGINT NOT NULL, deadline BIGINT, result TEXT, version BIGINT NOT NULL DEFAULT 0);
CREATE INDEX IF NOT EXISTS rooms_status ON rooms(status, created);
CREATE TABLE IF NOT EXISTS moves (
  room TEXT NOT NULL REFERENCES rooms(id), ply BIGINT NOT NULL, text TEXT NOT NULL,
  at BIGINT NOT NULL, PRIMARY KEY (room, ply));
CREATE TABLE IF NOT EXISTS ratings (
  player TEXT NOT NULL REFERENCES players(id), game TEXT NOT NULL,
  rating DOUBLE PRECISION NOT NULL, games BIGINT NOT NULL, PRIMARY KEY (player, game));
CREATE INDEX IF NOT EXISTS ratings_game ON ratings(game, rating);
CREATE TABLE IF NOT EXISTS processes (id TEXT PRIMARY KEY, expires TIMESTAMPTZ NOT NULL);
CREATE TABLE IF NOT EXISTS leases (
  room TEXT PRIMARY KEY, owner TEXT NOT NULL, expires TIMESTAMPTZ NOT NULL);
ALTER TABLE rooms ADD COLUMN IF NOT EXISTS extra TEXT;
CREATE TABLE IF NOT EXISTS chat (
  room TEXT NOT NULL REFERENCES rooms(id), seq BIGINT NOT NULL, at BIGINT NOT NULL,
  line TEXT NOT NULL, PRIMARY KEY (room, seq));
CREATE TABLE IF NOT EXISTS presence (
  room TEXT NOT NULL, player TEXT NOT NULL, process TEXT NOT NULL,
  PRIMARY KEY (room, player, process));
ALTER TABLE players ADD COLUMN IF NOT EXISTS name_key TEXT;
CREATE TABLE IF NOT EXISTS results (
  room TEXT NOT NULL, player TEXT NOT NULL, game TEXT NOT NULL, seat BIGINT NOT NULL,
  ended BIGINT NOT NULL, rating_before DOUBLE PRECISION, rating_after DOUBLE PRECISION,
  PRIMARY KEY (room, player));
CREATE INDEX IF NOT EXISTS results_player ON results(player, ended, room);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
ALTER TABLE processes ADD COLUMN IF NOT EXISTS online BIGINT NOT NULL DEFAULT 0;
ALTER TABLE processes ADD COLUMN IF NOT EXISTS pid INTEGER;
";

/// Gives every player without a name key one (names shared with an earlier player get a
/// short suffix, in the seats too), then makes keys unique.
pub(super) async fn unique_keys(c: &tokio_postgres::Client) -> StoreResult<()> {
    let missing: Vec<(String, String)> = c
        .query(
            "SELECT id, name FROM players WHERE name_key IS NULL ORDER BY created, id",
            &[],
        )
        .await?
        .iter()
        .map(|r| Ok((r.try_get(0)?, r.try_get(1)?)))
        .collect::<StoreResult<_>>()?;
    if !missing.is_empty() {
        let mut taken: HashSet<String> = c
            .query(
                "SELECT name_key FROM players WHERE name_key IS NOT NULL",
                &[],
            )
            .await?
            .iter()
            .map(|r| r.try_get(0).map_err(StoreError::from))
            .collect::<StoreResult<_>>()?;
        for ((id, name, key), (_, old)) in
            unique_names(&missing, &mut taken).into_iter().zip(&missing)
        {
            c.execute(
                "UPDATE players SET name = $1, name_key = $2 WHERE id = $3",
                &[&name, &key, &id],
            )
            .await?;
            if &name != old {
                rename_seats(c, &id, &name).await?;
            }
        }
    }
    c.batch_execute("CREATE UNIQUE INDEX IF NOT EXISTS players_name_key ON players(name_key)")
        .await?;
    Ok(())
}

/// Rewrites `player`'s name in every room's seats; returns the live rooms touched.
pub(super) async fn rename_seats(
    c: &impl tokio_postgres::GenericClient,
    player: &str,
    name: &str,
) -> StoreResult<Vec<String>> {
    let rows = c
        .query(
            "SELECT id, seats, status FROM rooms WHERE seats LIKE $1 FOR UPDATE",
            &[&seats_pattern(player)],
        )
        .await?;
    let mut live = Vec::new();
    for r in rows {
        let (id, seats, status): (String, String, String) =
            (r.try_get(0)?, r.try_get(1)?, r.try_get(2)?);
        if let Some(seats) = renamed_seats(&seats, player, name)? {
            c.execute(
                "UPDATE rooms SET seats = $1, version = version + 1 WHERE id = $2",
                &[&seats, &id],
            )
            .await?;
            if status == "waiting" || status == "playing" {
                live.push(id);
            }
        }
    }
    Ok(live)
}

/// Once: a `results` row per person of every game that ended before the table existed.
pub(super) async fn backfill_results(c: &tokio_postgres::Client) -> StoreResult<()> {
    if c.query_opt("SELECT value FROM meta WHERE key = 'results'", &[])
        .await?
        .is_some()
    {
        return Ok(());
    }
    let rooms = c
        .query(
            "SELECT r.id, r.game, r.seats, COALESCE((SELECT MAX(at) FROM moves m WHERE m.room = r.id), r.created)
             FROM rooms r WHERE r.status = 'over'",
            &[],
        )
        .await?;
    for r in rooms {
        let (id, game, seats, ended): (String, String, String, i64) =
            (r.try_get(0)?, r.try_get(1)?, r.try_get(2)?, r.try_get(3)?);
        let seats: Vec<SeatRow> = serde_json::from_str(&seats)?;
        for (player, seat) in people_of(&seats) {
            c.execute(
                "INSERT INTO results (room, player, game, seat, ended) VALUES ($1, $2, $3, $4, $5)
                 ON CONFLICT DO NOTHING",
                &[&id, &player, &game, &seat, &ended],
            )
            .await?;
        }
    }
    c.execute(
        "INSERT INTO meta (key, value) VALUES ('results', 'done')",
        &[],
    )
    .await?;
    Ok(())
}
