//! Reading the room again after another process changed it (PostgreSQL).

use super::Room;
use super::replay::{Replayed, clock_of, replay};
use crate::util::now_ms;

impl Room {
    /// Reads the room again after another process changed it: the row, new actions, and
    /// presence. Falls back to a full replay if the stored record does not continue ours.
    pub(super) async fn reload(&mut self) {
        self.read_again(false).await;
    }

    /// Reads the room again and replays its whole stored record: after an action applied
    /// here could not be stored, the game in memory is ahead of the store. If even that
    /// fails (the store is down), the room's task ends, so that the next command or socket
    /// loads the room afresh rather than play on from an action nobody stored.
    pub(super) async fn reload_full(&mut self) {
        if !self.read_again(true).await {
            self.broken = true;
        }
    }

    /// [`Room::reload`], or with `full` a replay of everything stored; whether the room
    /// was read.
    async fn read_again(&mut self, full: bool) -> bool {
        let store = self.ctx.store.clone();
        let row = match store.load_room(&self.row.id).await {
            Ok(Some(r)) => r,
            Ok(None) => return false,
            Err(e) => {
                tracing::error!(room = %self.row.id, "reloading failed: {e}");
                return false;
            }
        };
        let from = self.g.key;
        let fresh = match store.actions(&self.row.id, from).await {
            Ok(a) => a,
            Err(e) => {
                tracing::error!(room = %self.row.id, "reloading moves failed: {e}");
                return false;
            }
        };
        let mut ok = !full;
        let mut engine = Replayed {
            engine: self.g.engine.clone(),
            movers: self.g.movers.clone(),
            events: self.g.events.clone(),
            key: self.g.key,
        };
        for a in fresh.iter().filter(|_| !full) {
            if engine.engine.is_over() {
                break;
            }
            if engine.apply(a).is_err() {
                ok = false;
                break;
            }
        }
        if !ok {
            match store
                .actions(&self.row.id, 0)
                .await
                .map(|all| replay(&row, &all))
            {
                Ok(Ok(e)) => engine = e,
                Ok(Err(e)) | Err(e) => {
                    tracing::error!(room = %self.row.id, "replaying failed: {e}");
                    return false;
                }
            }
        }
        for s in &row.seats {
            if let Some(p) = &s.player
                && !self.away.contains_key(&p.id)
                && !self.conns.contains_key(&p.id)
            {
                self.away.insert(p.id.clone(), now_ms());
            }
        }
        self.read_presence().await;
        self.clock = clock_of(&row, &engine.events);
        self.g = engine;
        self.row = row;
        self.publish();
        true
    }

    /// Reads which seated players have a socket on another process; true if that changed.
    async fn read_presence(&mut self) -> bool {
        if !self.ctx.clustered {
            return false;
        }
        let Ok(present) = self.ctx.store.remote_presence(&self.row.id).await else {
            return false;
        };
        let changed = present != self.remote;
        let now = now_ms();
        for gone in self.remote.difference(&present) {
            if !self.conns.contains_key(gone) {
                self.away.insert(gone.clone(), now);
            }
        }
        for p in &present {
            self.away.remove(p);
        }
        self.remote = present;
        changed
    }

    /// After another process's presence notification: who is connected, and a new state
    /// only if that changed.
    pub(super) async fn refresh_presence(&mut self) {
        if self.read_presence().await {
            self.publish();
        }
    }
}
