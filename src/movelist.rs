//! The fixed-capacity move list both engines generate into: no allocation per node.

use std::ops::Deref;

/// A list of at most `N` moves, stored inline.
///
/// `N` is chosen per engine far above any reachable count, so a full list means a broken
/// invariant: debug builds assert, release builds drop the extra move rather than write out
/// of bounds.
#[derive(Clone)]
pub struct MoveList<M, const N: usize> {
    moves: [M; N],
    len: usize,
}

impl<M: Copy + Default, const N: usize> MoveList<M, N> {
    /// An empty list.
    pub fn new() -> Self {
        MoveList {
            moves: [M::default(); N],
            len: 0,
        }
    }
}

impl<M: Copy + Default, const N: usize> Default for MoveList<M, N> {
    fn default() -> Self {
        MoveList::new()
    }
}

impl<M: Copy, const N: usize> MoveList<M, N> {
    /// The capacity.
    pub const CAPACITY: usize = N;

    /// Appends a move.
    #[inline]
    pub fn push(&mut self, m: M) {
        debug_assert!(self.len < N, "move list full ({N} moves)");
        if self.len < N {
            self.moves[self.len] = m;
            self.len += 1;
        }
    }

    /// Number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// `true` when there are no moves.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[M] {
        &self.moves[..self.len]
    }

    /// Keeps only the moves for which `f` is true, in order.
    pub fn retain(&mut self, mut f: impl FnMut(&M) -> bool) {
        let mut j = 0;
        for i in 0..self.len {
            if f(&self.moves[i]) {
                self.moves[j] = self.moves[i];
                j += 1;
            }
        }
        self.len = j;
    }

    /// Removes every move.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }
}

impl<M: Copy, const N: usize> Deref for MoveList<M, N> {
    type Target = [M];

    #[inline]
    fn deref(&self) -> &[M] {
        self.as_slice()
    }
}
