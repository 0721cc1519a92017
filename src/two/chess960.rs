//! Chess960 start positions, numbered 0 to 959 in the standard (Scharnagl) order: 518 is the
//! usual start, 0 is `bbqnnrkr`.

use crate::error::Error;
use crate::rng::SplitMix64;

/// How many Chess960 start positions there are.
pub const COUNT: u16 = 960;

/// The number of the usual chess start position.
pub const STANDARD: u16 = 518;

/// Knight placements on the five squares left after the bishops and the queen, in numbering
/// order (Scharnagl's table).
const KNIGHTS: [(usize, usize); 10] = [
    (0, 1),
    (0, 2),
    (0, 3),
    (0, 4),
    (1, 2),
    (1, 3),
    (1, 4),
    (2, 3),
    (2, 4),
    (3, 4),
];

/// White's back rank of position `n` (0 to 959), files a to h, as upper-case letters.
pub fn back_rank(n: u16) -> Result<[u8; 8], Error> {
    if n >= COUNT {
        return Err(Error::formatted(
            crate::error::ErrorKind::InvalidArgument,
            format_args!(
                "a Chess960 position number is an integer from 0 to 959, got {}",
                u32::from(n)
            ),
        ));
    }
    let n = usize::from(n);
    let mut rank = [0u8; 8];
    // Light-squared bishop on b, d, f or h; dark-squared bishop on a, c, e or g.
    rank[2 * (n % 4) + 1] = b'B';
    rank[2 * (n / 4 % 4)] = b'B';
    let rest = n / 16;
    let (first, second) = KNIGHTS[rest / 6];
    // Then each piece on the k-th square still empty: the queen, the knights (the second one
    // first, so that placing it does not shift the first one's square), and rook, king, rook
    // on the three squares left.
    let order = [
        (rest % 6, b'Q'),
        (second, b'N'),
        (first, b'N'),
        (0, b'R'),
        (0, b'K'),
        (0, b'R'),
    ];
    for (k, piece) in order {
        let file = (0..8).filter(|&f| rank[f] == 0).nth(k).unwrap_or(0);
        rank[file] = piece;
    }
    Ok(rank)
}

/// The FEN of position `n` (0 to 959), with X-FEN castling rights `KQkq`.
pub fn start_fen(n: u16) -> Result<String, Error> {
    let white: String = back_rank(n)?.iter().map(|&b| char::from(b)).collect();
    let black = white.to_ascii_lowercase();
    Ok(format!(
        "{black}/pppppppp/8/8/8/8/PPPPPPPP/{white} w KQkq - 0 1"
    ))
}

/// The start position a game seeded with `seed` gets when no position is asked for: the
/// first SplitMix64 output of the seed, modulo 960.
pub fn number_of_seed(seed: u64) -> u16 {
    (SplitMix64::new(seed).next_u64() % u64::from(COUNT)) as u16
}
