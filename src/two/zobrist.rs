//! Zobrist keys, generated at compile time from a fixed seed so hashes are stable across builds
//! and platforms (saved games and transposition tables can rely on them).

use crate::rng::splitmix64 as splitmix;

/// All keys in one flat table: 768 piece-square keys, 64 castling-rook keys, 8 en-passant file
/// keys, 1 side key and 8 check-counter keys (2 colours × 4 counts).
const N: usize = 768 + 64 + 8 + 1 + 8;

const fn keys() -> [u64; N] {
    let mut t = [0u64; N];
    let mut state = 0x07ab_1e20_u64;
    let mut i = 0;
    while i < N {
        let (s, v) = splitmix(state);
        state = s;
        t[i] = v;
        i += 1;
    }
    t
}

static KEYS: [u64; N] = keys();

#[inline]
pub(crate) fn piece(color: usize, role: usize, sq: usize) -> u64 {
    KEYS[(color * 6 + role) * 64 + sq]
}

#[inline]
pub(crate) fn castling(sq: usize) -> u64 {
    KEYS[768 + sq]
}

#[inline]
pub(crate) fn ep_file(file: usize) -> u64 {
    KEYS[832 + (file & 7)]
}

#[inline]
pub(crate) fn black_to_move() -> u64 {
    KEYS[840]
}

#[inline]
pub(crate) fn checks(color: usize, given: u8) -> u64 {
    KEYS[841 + color * 4 + (given as usize).min(3)]
}
