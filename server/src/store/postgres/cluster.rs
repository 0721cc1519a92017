//! What the processes sharing one database do between them: the lease round (heartbeat,
//! leases of rooms, the processes alive), the socket count for the lobby, and how far rooms
//! went in storage when a process died.

use std::collections::HashMap;
use std::sync::atomic::Ordering;

use super::super::{RoomMark, StoreError, StoreResult};
use super::{PgStore, live};

/// What a lease round found.
pub struct LeaseRound {
    /// The rooms this process holds the lease of.
    pub owned: Vec<String>,
    /// The processes whose heartbeat has not expired.
    pub live: Vec<String>,
}

impl PgStore {
    /// How far each of rooms `ids` (those that exist) has gone in storage.
    pub async fn marks(&self, ids: &[String]) -> StoreResult<HashMap<String, RoomMark>> {
        let c = self.pool.get().await?;
        c.query(
            "SELECT r.id, r.version, COALESCE((SELECT MAX(m.ply) + 1 FROM moves m WHERE m.room = r.id), 0)
             FROM rooms r WHERE r.id = ANY($1)",
            &[&ids],
        )
        .await?
        .iter()
        .map(|r| {
            let mark = RoomMark {
                version: r.try_get(1)?,
                next_key: r.try_get(2)?,
            };
            Ok((r.try_get(0)?, mark))
        })
        .collect()
    }

    /// Publishes this process's socket count between lease rounds (the lobby's `online`
    /// adds up the live processes' counts).
    pub async fn publish_online(&self, online: i64) -> StoreResult<()> {
        let c = self.lease_pool.get().await?;
        c.execute(
            "UPDATE processes SET online = $2 WHERE id = $1",
            &[&self.me, &online],
        )
        .await?;
        Ok(())
    }

    /// Records the backend pid of this process's LISTEN connection (before the first
    /// lease round), by which the others tell at once that this process died.
    pub fn set_listen_pid(&self, pid: i32) {
        self.listen_pid.store(pid, Ordering::Relaxed);
    }

    /// Renews this process's heartbeat (with its `online` socket count) and leases, takes
    /// over unowned or expired leases of unfinished rooms, forgets dead processes' presence
    /// (and their heartbeat rows an hour after they expired);
    /// returns the rooms this process owns and the processes alive (their heartbeat not
    /// expired, this one included).
    pub async fn lease_round(&self, seconds: f64, online: i64) -> StoreResult<LeaseRound> {
        let mut c = self.lease_pool.get().await?;
        let ttl = (seconds * 1000.0) as i64;
        let pid = match self.listen_pid.load(Ordering::Relaxed) {
            0 => None,
            p => Some(p),
        };
        // The heartbeat commits on its own: a round whose lease statements fail still
        // tells the others that this process lives.
        c.execute(
            "INSERT INTO processes (id, expires, online, pid) VALUES ($1, now() + $2::bigint * interval '1 millisecond', $3, $4)
             ON CONFLICT (id) DO UPDATE SET expires = excluded.expires, online = excluded.online, pid = excluded.pid",
            &[&self.me, &ttl, &online, &pid],
        )
        .await?;
        // A process's id is new at each start, so the rows of dead processes would pile up:
        // those expired for an hour go (a recent one stays, for whoever looks at the table
        // after a crash). On its own too, taking its locks only while it runs.
        c.execute(
            "DELETE FROM processes WHERE expires < now() - interval '1 hour'",
            &[],
        )
        .await?;
        let tx = c.transaction().await?;
        // Each statement below locks only this process's rows and those free to take, never
        // a live holder's: two processes' rounds running at once then cannot deadlock (each
        // holding its own rows and waiting for the other's).
        tx.execute(
            "DELETE FROM leases WHERE (owner = $1 OR expires < now())
             AND room IN (SELECT id FROM rooms WHERE status NOT IN ('waiting', 'playing'))",
            &[&self.me],
        )
        .await?;
        tx.execute(
            "UPDATE leases SET expires = now() + $2::bigint * interval '1 millisecond' WHERE owner = $1",
            &[&self.me, &ttl],
        )
        .await?;
        // A lease whose holder died is taken now, not when it expires: the rooms' clocks
        // and timers go on within a round of the death.
        tx.execute(
            &format!(
                "WITH alive AS (SELECT p.id FROM processes p WHERE {})
                 INSERT INTO leases (room, owner, expires)
                 SELECT r.id, $1, now() + $2::bigint * interval '1 millisecond' FROM rooms r
                 WHERE r.status IN ('waiting', 'playing') AND NOT EXISTS (
                   SELECT 1 FROM leases l WHERE l.room = r.id AND l.expires >= now()
                   AND l.owner IN (SELECT id FROM alive))
                 ON CONFLICT (room) DO UPDATE SET owner = excluded.owner, expires = excluded.expires
                 WHERE leases.expires < now() OR leases.owner NOT IN (SELECT id FROM alive)",
                live("p")
            ),
            &[&self.me, &ttl],
        )
        .await?;
        tx.execute(
            &format!(
                "DELETE FROM presence WHERE process NOT IN (SELECT p.id FROM processes p WHERE {})",
                live("p")
            ),
            &[],
        )
        .await?;
        let rows = tx
            .query("SELECT room FROM leases WHERE owner = $1", &[&self.me])
            .await?;
        let live = tx
            .query(
                &format!("SELECT p.id FROM processes p WHERE {}", live("p")),
                &[],
            )
            .await?;
        tx.commit().await?;
        let column = |rows: Vec<tokio_postgres::Row>| -> StoreResult<Vec<String>> {
            rows.iter()
                .map(|r| r.try_get(0).map_err(StoreError::from))
                .collect()
        };
        Ok(LeaseRound {
            owned: column(rows)?,
            live: column(live)?,
        })
    }
}
