//! Move ordering: which move a node tries first. Alpha-beta cuts off sooner the sooner it
//! meets the best move, so the ordering decides most of a search's size: the table's move,
//! captures by MVV-LVA (losing ones later), killers and countermoves, then quiet moves by
//! the history of the cut-offs they caused. Its tables live in [`Searcher`], where the
//! four-player searches keep their killers and history too, ordered by rules of their own.

use super::{SearchPosition, Searcher};

/// Bound of the two-player history values.
const HISTORY_MAX: i32 = 16_384;

impl<P: SearchPosition> Searcher<'_, P> {
    /// Orders the moves `moves[start..]`: TT move, tactical moves by MVV-LVA, killers, then
    /// quiet moves by history. With `see`, captures that lose the exchange go after the
    /// killers (quiescence has already dropped those, so it passes `false`).
    pub(crate) fn score_moves(
        &mut self,
        pos: &P,
        start: usize,
        tt_move: u32,
        ply: usize,
        see: bool,
    ) {
        // Resize, not truncate: ancestors that have not scored their moves yet leave gaps.
        self.scores.resize(start, 0);
        // Only the main search keeps `prev_idx` up to date (quiescence passes `see` false).
        let counter = match self.prev_idx[ply] {
            i if see && i != usize::MAX => self.countermoves[i],
            _ => None,
        };
        for i in start..self.moves.len() {
            let m = self.moves[i];
            let s = if tt_move != 0 && P::move_key(m) == tt_move {
                2_000_000
            } else if let Some(t) = pos.tactical_score(m) {
                if !see || pos.see_ge(m, 0) {
                    1_000_000 + t
                } else {
                    880_000 + t / 100
                }
            } else if self.killers[ply][0] == Some(m) {
                900_000
            } else if self.killers[ply][1] == Some(m) {
                890_000
            } else if counter == Some(m) {
                885_000
            } else {
                self.history[pos.history_index(m)]
            };
            self.scores.push(s);
        }
    }

    /// Swaps the best remaining move into slot `i` and returns it (selection sort: most
    /// nodes cut off after a move or two, so sorting the whole list would be wasted).
    #[inline]
    #[allow(clippy::needless_range_loop)]
    pub(crate) fn pick(&mut self, i: usize, end: usize) -> P::Move {
        // One bounds check for the slice and the best score kept at hand: this loop runs
        // over the whole remainder for every move searched (a seventh of chess's search time
        // under `perf` when it indexed both scores each step). An index loop: the iterator
        // forms clippy prefers cost 130-175 more gzip bytes of wasm.
        let rest = &self.scores[i..end];
        let (mut best, mut top) = (0, rest[0]);
        for j in 1..rest.len() {
            if rest[j] > top {
                (best, top) = (j, rest[j]);
            }
        }
        let best = i + best;
        self.moves.swap(i, best);
        self.scores.swap(i, best);
        self.moves[i]
    }

    /// Records a quiet move that caused a cut-off: a killer at this ply, a history bonus, and
    /// a history malus for the quiet moves `tried` before it that did not cut.
    pub(crate) fn update_quiet_stats(
        &mut self,
        pos: &P,
        m: P::Move,
        depth: i32,
        ply: usize,
        tried: std::ops::Range<usize>,
    ) {
        if self.killers[ply][0] != Some(m) {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = Some(m);
        }
        if let Some(c) = self.countermoves.get_mut(self.prev_idx[ply]) {
            *c = Some(m);
        }
        let bonus = (depth * depth).min(400) * 16;
        self.add_history(pos.history_index(m), bonus);
        for i in tried {
            let q = self.moves[i];
            if q != m && pos.tactical_score(q).is_none() {
                self.add_history(pos.history_index(q), -bonus);
            }
        }
    }

    /// Moves a history value towards `bonus`'s sign, saturating at `HISTORY_MAX` (the
    /// "gravity" update: frequent cut moves settle instead of growing without bound, and the
    /// values stay far below the killer scores in move ordering).
    #[inline]
    fn add_history(&mut self, i: usize, bonus: i32) {
        let h = &mut self.history[i];
        *h += bonus - *h * bonus.abs() / HISTORY_MAX;
    }
}

/// Sorts `v` by `key`, highest first, keeping equal keys in their order (a stable sort, as
/// `sort_by_key(Reverse(key))` was, so move order and node counts are unchanged). An insertion
/// sort: move lists are short, and std's stable sort (driftsort) cost about 5 KB of wasm for
/// each of the element types it was instantiated with; a `fn` key keeps this one copy per type.
pub(crate) fn sort_desc<T: Copy>(v: &mut [T], key: fn(&T) -> i32) {
    for i in 1..v.len() {
        let x = v[i];
        let k = key(&x);
        let mut j = i;
        while j > 0 && key(&v[j - 1]) < k {
            v[j] = v[j - 1];
            j -= 1;
        }
        v[j] = x;
    }
}
