//! Zobrist keys, the outputs of SplitMix64 from a fixed seed so hashes are stable across builds
//! and platforms (saved games and transposition tables can rely on them).
//!
//! Key `i` is the `i`-th output of the generator, computed when asked instead of read from a
//! table: SplitMix64's state after `i` steps is `SEED + i·γ`, so any output costs one mix. The
//! table was 6.8 KB of random bits in the wasm, which no compression shrinks (docs/BENCHMARKS.md,
//! "Package size"); the four-player keys are computed the same way (`four::board::mix`).

use crate::rng::splitmix64 as splitmix;

/// The keys, in one flat numbering: 768 piece-square keys, 64 castling-rook keys, 8 en-passant
/// file keys, 1 side key and 8 check-counter keys (2 colours × 4 counts).
#[cfg(test)]
const N: usize = 768 + 64 + 8 + 1 + 8;

const SEED: u64 = 0x07ab_1e20;
/// SplitMix64's increment (γ).
const GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

/// Key `i`: the generator's `i`-th output (from 0).
#[inline]
fn key(i: usize) -> u64 {
    splitmix(SEED.wrapping_add((i as u64).wrapping_mul(GAMMA))).1
}

#[inline]
pub(crate) fn piece(color: usize, role: usize, sq: usize) -> u64 {
    key((color * 6 + role) * 64 + sq)
}

#[inline]
pub(crate) fn castling(sq: usize) -> u64 {
    key(768 + sq)
}

#[inline]
pub(crate) fn ep_file(file: usize) -> u64 {
    key(832 + (file & 7))
}

#[inline]
pub(crate) fn black_to_move() -> u64 {
    key(840)
}

#[inline]
pub(crate) fn checks(color: usize, given: u8) -> u64 {
    key(841 + color * 4 + (given as usize).min(3))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The computed keys are the generator's outputs in order, as the compile-time table held
    /// them: hashes (and so transposition tables and saved games) did not change.
    #[test]
    fn keys_are_the_generator_sequence() {
        let mut rng = crate::rng::SplitMix64::new(SEED);
        for i in 0..N {
            assert_eq!(key(i), rng.next_u64(), "key {i}");
        }
    }
}
