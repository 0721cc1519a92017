//! SplitMix64, the one random generator of the crate: small, fast and identical on every
//! platform, so random choices (weak AI levels, Four Kingdoms zombies) and the Zobrist keys
//! replay exactly.

/// One SplitMix64 step: advances `state` and returns the next output. `const`, so the Zobrist
/// tables can be built at compile time with it.
#[inline]
pub const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

/// A SplitMix64 generator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator whose state is `state` (the first output is that of `state + γ`).
    pub const fn new(state: u64) -> SplitMix64 {
        SplitMix64(state)
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let (state, out) = splitmix64(self.0);
        self.0 = state;
        out
    }

    /// A number in `0..n` (`0` when `n` is 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n.max(1)
    }
}
