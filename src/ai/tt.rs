//! Transposition table: a fixed-size, always-replace-if-deeper hash table of search results.

/// How a stored score bounds the true value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    /// The true value is exactly the score.
    Exact,
    /// The true value is at least the score (fail high).
    Lower,
    /// The true value is at most the score (fail low).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// The full hash with the root side's salt ([`Table::serve`]), to reject index collisions.
    pub key: u64,
    /// The best (or refuting) move, as [`crate::ai::SearchPosition::move_key`]; 0 for none.
    pub mv: u32,
    /// Score, with mate scores relative to this node (see `score_to_tt`).
    pub score: i32,
    /// Remaining depth of the search that produced the entry.
    pub depth: i16,
    /// Bound type.
    pub bound: Bound,
}

const EMPTY: Entry = Entry {
    key: 0,
    mv: 0,
    score: 0,
    depth: -1,
    bound: Bound::Upper,
};

/// The table. Its size is a power of two so the index is a mask of the hash.
pub struct Table {
    entries: Vec<Entry>,
    mask: usize,
    /// Mixed into every key: distinct for each side to move at the root (see [`Table::serve`]).
    salt: u64,
}

impl Table {
    /// A table of about `mb` megabytes (at least 1024 entries).
    pub fn with_mb(mb: usize) -> Table {
        let bytes = mb.max(1).saturating_mul(1 << 20);
        let wanted = (bytes / std::mem::size_of::<Entry>()).max(1024);
        // Round down to a power of two.
        let n = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        Table {
            entries: vec![EMPTY; n],
            mask: n - 1,
            salt: 0,
        }
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.entries.fill(EMPTY);
    }

    /// Readies the table for a search with `side` to move at the root: entries stored by
    /// searches for another side are no longer found (each side's are keyed apart, and
    /// found again when that side searches next). Two-player searches score draws by
    /// contempt for the root side, so a draw-scored entry from the other colour's search
    /// would be off by twice the contempt: one process that plays or analyses both colours
    /// must not reuse it.
    pub fn serve(&mut self, side: usize) {
        // Any odd constant keeps the salts of different sides distinct.
        self.salt = (side as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let key = key ^ self.salt;
        let e = self.entries[(key as usize) & self.mask];
        (e.key == key && e.depth >= 0).then_some(e)
    }

    /// Stores a result. A slot keeps its entry when that came from a deeper search of the same
    /// position; otherwise the newest result wins, so stale entries from earlier moves of the
    /// game get overwritten.
    #[inline]
    pub fn store(&mut self, key: u64, mv: u32, score: i32, depth: i32, bound: Bound) {
        let key = key ^ self.salt;
        let slot = &mut self.entries[(key as usize) & self.mask];
        if slot.key == key && i32::from(slot.depth) > depth && bound != Bound::Exact {
            return;
        }
        let mv = if mv == 0 && slot.key == key {
            slot.mv
        } else {
            mv
        };
        *slot = Entry {
            key,
            mv,
            score,
            depth: depth.clamp(0, i32::from(i16::MAX)) as i16,
            bound,
        };
    }
}
