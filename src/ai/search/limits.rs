//! How long a search may run: the caller's limits, the node count every node ticks, and the
//! decisions to stop now or not to start another iteration. Every search, two-player and
//! four-player, counts its nodes and reads its clock here, so a node budget is exact and a
//! time budget is checked at the same rhythm by all of them.

use std::sync::atomic::Ordering;

use super::{SearchPosition, Searcher};

/// How long a search may run.
#[derive(Clone, Copy, Debug, Default)]
pub struct Limits {
    /// Maximum iterative-deepening depth.
    pub depth: Option<u32>,
    /// Wall-clock budget in milliseconds.
    pub time_ms: Option<u64>,
    /// Node budget (deterministic).
    pub nodes: Option<u64>,
    /// Spend all of `time_ms` (UCI `movetime`, which the caller has already shortened by the
    /// reply's travel time). Otherwise the search keeps 5% of it as slack and stops early when
    /// the next iteration is unlikely to finish, saving time for later moves.
    pub use_all_time: bool,
}

impl<P: SearchPosition> Searcher<'_, P> {
    /// Milliseconds since the searcher was created.
    pub fn elapsed_ms(&self) -> f64 {
        self.clock.elapsed_ms()
    }

    /// Counts a node and checks the budgets; sets `aborted` when one is spent.
    #[inline]
    pub(crate) fn tick(&mut self) -> bool {
        self.nodes += 1;
        if let Some(n) = self.limits.nodes
            && self.nodes >= n
        {
            self.aborted = true;
        }
        // Reading the clock costs far more than a node; every 512 nodes keeps the overshoot
        // well under a millisecond even in wasm.
        if self.nodes & 511 == 0 {
            // Stop a little early: unwinding, the caller's bookkeeping and a busy machine's
            // scheduling all come on top of the search itself.
            let slack = if self.limits.use_all_time { 1.0 } else { 0.95 };
            if let Some(t) = self.limits.time_ms
                && self.clock.elapsed_ms() >= t as f64 * slack - 1.0
            {
                self.aborted = true;
            }
            if let Some(f) = self.stop_flag
                && f.load(Ordering::Relaxed)
            {
                self.aborted = true;
            }
        }
        self.aborted
    }

    /// `true` when another iteration is unlikely to finish in the time left: each iteration
    /// costs several times the previous one, so starting late wastes the budget.
    pub(super) fn out_of_time_for_next(&self) -> bool {
        match self.limits.time_ms {
            Some(_) if self.limits.use_all_time => false,
            Some(t) => self.clock.elapsed_ms() >= t as f64 * 0.5,
            None => false,
        }
    }
}
