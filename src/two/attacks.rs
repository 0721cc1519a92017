//! Attack tables, all computed at compile time.
//!
//! Sliders use the obstruction-difference method: two small masks per line and square instead
//! of magic tables, which keeps the wasm binary small while costing only a few integer
//! operations per line.

use super::board::{Bitboard, Color, Square};

const fn step_mask(deltas: &[(i8, i8)]) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i8, (sq / 8) as i8);
        let mut i = 0;
        while i < deltas.len() {
            let (nf, nr) = (f + deltas[i].0, r + deltas[i].1);
            if nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
                table[sq] |= 1 << (nr * 8 + nf);
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

static KNIGHT: [u64; 64] = step_mask(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);
static KING: [u64; 64] = step_mask(&[
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
]);
static PAWN: [[u64; 64]; 2] = [
    step_mask(&[(-1, 1), (1, 1)]),
    step_mask(&[(-1, -1), (1, -1)]),
];

/// Squares on the ray from `sq` in direction `(df, dr)`, excluding `sq`.
const fn ray(sq: usize, df: i8, dr: i8) -> u64 {
    let (mut f, mut r) = ((sq % 8) as i8 + df, (sq / 8) as i8 + dr);
    let mut bb = 0u64;
    while f >= 0 && f < 8 && r >= 0 && r < 8 {
        bb |= 1 << (r * 8 + f);
        f += df;
        r += dr;
    }
    bb
}

/// For each square, the lower and upper halves of its four lines (file, rank, diagonal,
/// anti-diagonal). "Lower" holds the squares with smaller indices.
#[derive(Clone, Copy)]
struct Line {
    lower: u64,
    upper: u64,
}

const fn lines() -> [[Line; 4]; 64] {
    let mut t = [[Line { lower: 0, upper: 0 }; 4]; 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq][0] = Line {
            lower: ray(sq, 0, -1),
            upper: ray(sq, 0, 1),
        };
        t[sq][1] = Line {
            lower: ray(sq, -1, 0),
            upper: ray(sq, 1, 0),
        };
        t[sq][2] = Line {
            lower: ray(sq, -1, -1),
            upper: ray(sq, 1, 1),
        };
        t[sq][3] = Line {
            lower: ray(sq, 1, -1),
            upper: ray(sq, -1, 1),
        };
        sq += 1;
    }
    t
}

static LINES: [[Line; 4]; 64] = lines();

#[inline(always)]
fn line_attacks(line: Line, occupied: u64) -> u64 {
    let lower = line.lower & occupied;
    let upper = line.upper & occupied;
    let ms1b = 0x8000_0000_0000_0000u64 >> (lower | 1).leading_zeros();
    let odiff = upper ^ upper.wrapping_sub(ms1b);
    (line.lower | line.upper) & odiff
}

/// Squares a knight on `sq` attacks.
#[inline]
pub fn knight_attacks(sq: Square) -> Bitboard {
    Bitboard(KNIGHT[sq.index()])
}

/// Squares a king on `sq` attacks.
#[inline]
pub fn king_attacks(sq: Square) -> Bitboard {
    Bitboard(KING[sq.index()])
}

/// Squares a pawn of `color` on `sq` attacks.
#[inline]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    Bitboard(PAWN[color.index()][sq.index()])
}

/// Squares a rook on `sq` attacks, given the occupied squares.
#[inline]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let l = &LINES[sq.index()];
    Bitboard(line_attacks(l[0], occupied.0) | line_attacks(l[1], occupied.0))
}

/// Squares a bishop on `sq` attacks, given the occupied squares.
#[inline]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let l = &LINES[sq.index()];
    Bitboard(line_attacks(l[2], occupied.0) | line_attacks(l[3], occupied.0))
}

/// Squares a queen on `sq` attacks, given the occupied squares.
#[inline]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

/// Rook moves on an empty board.
#[inline]
pub fn rook_rays(sq: Square) -> Bitboard {
    let l = &LINES[sq.index()];
    Bitboard(l[0].lower | l[0].upper | l[1].lower | l[1].upper)
}

/// Bishop moves on an empty board.
#[inline]
pub fn bishop_rays(sq: Square) -> Bitboard {
    let l = &LINES[sq.index()];
    Bitboard(l[2].lower | l[2].upper | l[3].lower | l[3].upper)
}

/// Squares strictly between `a` and `b` when they share a line, else empty.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    // The bits from the lower square up to just below the higher one, cut to their line.
    let span = (!0u64 << a.index()) ^ (!0u64 << b.index());
    Bitboard(line(a, b).0 & span & !(a.bb().0 | b.bb().0))
}

/// The whole line (edge to edge) through `a` and `b`, or empty when they are not aligned.
/// Computed from the four line masks of `a` rather than a 64×64 table, to keep the wasm
/// binary small.
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    let bb = b.bb().0;
    for l in &LINES[a.index()] {
        let full = l.lower | l.upper;
        if full & bb != 0 {
            return Bitboard(full | a.bb().0);
        }
    }
    Bitboard::EMPTY
}

/// `true` when `a`, `b` and `c` lie on one line.
#[inline]
pub fn aligned(a: Square, b: Square, c: Square) -> bool {
    line(a, b).has(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn naive(sq: Square, occ: Bitboard, dirs: &[(i8, i8)]) -> Bitboard {
        let mut bb = Bitboard::EMPTY;
        for &(df, dr) in dirs {
            let (mut f, mut r) = (sq.file() as i8 + df, sq.rank() as i8 + dr);
            while (0..8).contains(&f) && (0..8).contains(&r) {
                let s = Square::from_coords(f as u8, r as u8);
                bb |= s.bb();
                if occ.has(s) {
                    break;
                }
                f += df;
                r += dr;
            }
        }
        bb
    }

    #[test]
    fn sliders_match_naive_rays() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let occ = Bitboard(x & x.rotate_left(17));
            for i in 0..64 {
                let sq = Square::from_index(i);
                assert_eq!(
                    rook_attacks(sq, occ),
                    naive(sq, occ, &[(1, 0), (-1, 0), (0, 1), (0, -1)])
                );
                assert_eq!(
                    bishop_attacks(sq, occ),
                    naive(sq, occ, &[(1, 1), (-1, -1), (1, -1), (-1, 1)])
                );
            }
        }
    }

    #[test]
    fn between_and_line() {
        let a1 = Square::parse("a1").unwrap();
        let h8 = Square::parse("h8").unwrap();
        let d4 = Square::parse("d4").unwrap();
        assert_eq!(between(a1, h8).count(), 6);
        assert!(between(a1, h8).has(d4));
        assert!(aligned(a1, d4, h8));
        assert!(!aligned(a1, Square::parse("b3").unwrap(), h8));
        assert_eq!(between(a1, Square::parse("b3").unwrap()), Bitboard::EMPTY);
    }
}
