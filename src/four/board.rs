//! Board geometry, seats, rule presets and the packed piece encoding.
//!
//! The 160-square cross lives in an 18×18 mailbox: two sentinel rings around the 14×14 square
//! let knights and sliders run off the edge without bounds checks, and the missing 3×3 corners
//! hold the same sentinel, so "off board" and "missing corner" are one test.

use crate::player::Player;
use crate::{error::Error, role::Role};
use serde::{Deserialize, Serialize};

pub use crate::kind::Rules;
use std::fmt;

/// Mailbox width (and height).
pub(crate) const W: usize = 18;
/// Mailbox size.
pub(crate) const NSQ: usize = W * W;

/// Off-board / missing-corner sentinel cell.
pub(crate) const OFF: u8 = 0xFF;
/// Empty cell.
pub(crate) const EMPTY: u8 = 0;
/// Piece bit: the piece belongs to a player who is out.
pub(crate) const GREY: u8 = 0x20;
/// Piece bit: a queen made by promotion (worth 1 point when captured).
pub(crate) const PROMOTED: u8 = 0x40;
/// Role bits of a cell (`role index + 1`).
pub(crate) const ROLE_MASK: u8 = 0x07;

pub(crate) const PAWN: u8 = 1;
pub(crate) const KNIGHT: u8 = 2;
pub(crate) const BISHOP: u8 = 3;
pub(crate) const ROOK: u8 = 4;
pub(crate) const QUEEN: u8 = 5;
pub(crate) const KING: u8 = 6;

/// Packs a live piece.
#[inline]
pub(crate) const fn piece(seat: Seat, role: Role) -> u8 {
    ((seat as u8) << 3) | (role as u8 + 1)
}

/// Seat of a piece cell.
#[inline]
pub(crate) const fn seat_of(c: u8) -> usize {
    ((c >> 3) & 3) as usize
}

/// Role of a piece cell (`None` for empty/off cells).
#[inline]
pub(crate) fn role_of(c: u8) -> Option<Role> {
    if c == EMPTY || c == OFF {
        return None;
    }
    match c & ROLE_MASK {
        PAWN => Some(Role::Pawn),
        KNIGHT => Some(Role::Knight),
        BISHOP => Some(Role::Bishop),
        ROOK => Some(Role::Rook),
        QUEEN => Some(Role::Queen),
        KING => Some(Role::King),
        _ => None,
    }
}

/// True for a cell holding a piece (live or grey).
#[inline]
pub(crate) const fn is_piece(c: u8) -> bool {
    c != EMPTY && c != OFF
}

/// True for a live (non-grey) piece.
#[inline]
pub(crate) const fn is_live(c: u8) -> bool {
    c != EMPTY && c != OFF && c & GREY == 0
}

/// One of the four players, in clockwise seat order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Seat {
    /// Bottom, ranks 1–2, pawns move up.
    Red = 0,
    /// Left, files a–b, pawns move right.
    Blue = 1,
    /// Top, ranks 13–14, pawns move down.
    Yellow = 2,
    /// Right, files m–n, pawns move left.
    Green = 3,
}

impl Seat {
    /// All seats in clockwise order (also the order of every FEN4 list).
    pub const ALL: [Seat; 4] = [Seat::Red, Seat::Blue, Seat::Yellow, Seat::Green];

    /// Seat from its index 0..4 (clockwise from Red).
    pub const fn from_index(i: usize) -> Seat {
        Seat::ALL[i & 3]
    }

    /// Index 0..4 in clockwise order.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Lower-case English name (`"red"`).
    pub const fn name(self) -> &'static str {
        match self {
            Seat::Red => "red",
            Seat::Blue => "blue",
            Seat::Yellow => "yellow",
            Seat::Green => "green",
        }
    }

    /// FEN4 colour letter (`'r'`).
    pub const fn letter(self) -> char {
        match self {
            Seat::Red => 'r',
            Seat::Blue => 'b',
            Seat::Yellow => 'y',
            Seat::Green => 'g',
        }
    }

    /// Parses a seat name (`"red"`) or letter (`"r"`, `"R"`).
    pub fn parse(s: &str) -> Result<Seat, Error> {
        match s.trim().to_ascii_lowercase().as_str() {
            "red" | "r" => Ok(Seat::Red),
            "blue" | "b" => Ok(Seat::Blue),
            "yellow" | "y" => Ok(Seat::Yellow),
            "green" | "g" => Ok(Seat::Green),
            other => Err(Error::formatted(
                crate::error::ErrorKind::InvalidArgument,
                format_args!("unknown seat {other:?}"),
            )),
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Rules {
    /// Seat indices in turn order starting from Red.
    pub(crate) const fn order(self) -> [usize; 4] {
        match self {
            Rules::Ffa | Rules::Teams => [0, 1, 2, 3],
            Rules::Kingdoms => [0, 3, 2, 1],
        }
    }

    /// The seat after `s` in this preset's turn direction.
    #[inline]
    pub(crate) const fn next(self, s: usize) -> usize {
        match self {
            Rules::Ffa | Rules::Teams => (s + 1) & 3,
            Rules::Kingdoms => (s + 3) & 3,
        }
    }

    /// The seats on `s`'s side as a bit set (bit `seat`): `s` alone, or in Teams `s` and the
    /// partner opposite (R14.1). Pieces of these seats never attack, check or capture each
    /// other.
    #[inline]
    pub(crate) const fn side(self, s: usize) -> u8 {
        match self {
            Rules::Teams => (1 << s) | (1 << (s ^ 2)),
            _ => 1 << s,
        }
    }
}

/// Is the piece on cell `c` of a seat in the `side` bit set ([`Rules::side`])?
#[inline]
pub(crate) const fn on_side(c: u8, side: u8) -> bool {
    side >> seat_of(c) & 1 != 0
}

/// A square of the cross board, `a1`..`n14` minus the corners.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(pub(crate) u16);

impl Square {
    /// Square from 0-based file (a=0) and rank (1=0); `None` off the board or in a corner.
    pub fn new(file: u8, rank: u8) -> Option<Square> {
        if file > 13 || rank > 13 || is_corner(file, rank) {
            return None;
        }
        Some(Square(mb(file, rank) as u16))
    }

    /// 0-based file (a=0).
    pub fn file(self) -> u8 {
        (self.0 as usize % W) as u8 - 2
    }

    /// 0-based rank (rank 1 = 0).
    pub fn rank(self) -> u8 {
        (self.0 as usize / W) as u8 - 2
    }

    /// Parses `a1`..`n14`.
    pub fn parse(s: &str) -> Option<Square> {
        let b = s.as_bytes();
        if b.len() < 2 || b.len() > 3 {
            return None;
        }
        let f = b[0].to_ascii_lowercase();
        if !(b'a'..=b'n').contains(&f) {
            return None;
        }
        let r: u8 = s.get(1..)?.parse().ok()?;
        if !(1..=14).contains(&r) || b[1] == b'0' {
            return None;
        }
        Square::new(f - b'a', r - 1)
    }

    /// Mailbox index.
    #[inline]
    pub(crate) fn idx(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

/// True for the 36 cells of the four missing corners.
pub(crate) const fn is_corner(file: u8, rank: u8) -> bool {
    (file < 3 || file > 10) && (rank < 3 || rank > 10)
}

/// Mailbox index of a (file, rank) pair on the 14×14 grid.
pub(crate) const fn mb(file: u8, rank: u8) -> usize {
    (rank as usize + 2) * W + file as usize + 2
}

/// The 160 playable mailbox indices, rank 1 first.
pub(crate) const SQUARES: [u16; 160] = {
    let mut out = [0u16; 160];
    let mut n = 0;
    let mut r = 0;
    while r < 14 {
        let mut f = 0;
        while f < 14 {
            if !is_corner(f, r) {
                out[n] = mb(f, r) as u16;
                n += 1;
            }
            f += 1;
        }
        r += 1;
    }
    out
};

/// Compact index 0..160 of each mailbox cell (255 off the board), for occupancy bitsets.
pub(crate) const COMPACT: [u8; NSQ] = {
    let mut t = [255u8; NSQ];
    let mut i = 0;
    while i < 160 {
        t[SQUARES[i] as usize] = i as u8;
        i += 1;
    }
    t
};

/// Live pieces of one seat as a 160-bit set over compact indices.
pub(crate) type Occ = [u64; 3];

/// Flips the bit of mailbox square `sq` in an occupancy set.
#[inline]
pub(crate) fn occ_flip(o: &mut Occ, sq: usize) {
    let i = COMPACT[sq] as usize;
    if i < 160 {
        o[i >> 6] ^= 1u64 << (i & 63);
    }
}

/// An empty board with sentinels.
pub(crate) const EMPTY_BOARD: [u8; NSQ] = {
    let mut b = [OFF; NSQ];
    let mut i = 0;
    while i < 160 {
        b[SQUARES[i] as usize] = EMPTY;
        i += 1;
    }
    b
};

pub(crate) const N: isize = W as isize;
/// Orthogonal directions.
pub(crate) const ROOK_DIRS: [isize; 4] = [N, -N, 1, -1];
/// Diagonal directions.
pub(crate) const BISHOP_DIRS: [isize; 4] = [N + 1, N - 1, -N + 1, -N - 1];
/// Knight jumps.
pub(crate) const KNIGHT_JUMPS: [isize; 8] = [
    2 * N + 1,
    2 * N - 1,
    -2 * N + 1,
    -2 * N - 1,
    N + 2,
    N - 2,
    -N + 2,
    -N - 2,
];
/// All eight king steps / ray directions.
pub(crate) const KING_STEPS: [isize; 8] = [N, -N, 1, -1, N + 1, N - 1, -N + 1, -N - 1];

/// Forward step of each seat's pawns.
pub(crate) const PAWN_FWD: [isize; 4] = [N, 1, -N, -1];
/// Capture steps of each seat's pawns.
pub(crate) const PAWN_CAP: [[isize; 2]; 4] = [
    [N - 1, N + 1],
    [1 + N, 1 - N],
    [-N - 1, -N + 1],
    [-1 + N, -1 - N],
];

/// Does a pawn of `seat` stand on its double-step start line at `sq`?
#[inline]
pub(crate) fn pawn_start(seat: usize, sq: usize) -> bool {
    let f = sq % W;
    let r = sq / W;
    match seat {
        0 => r == 3,
        1 => f == 3,
        2 => r == 14,
        _ => f == 14,
    }
}

/// Is `sq` on the promotion line of `seat`: its 8th rank (R5.8), or with `far` its 11th
/// (Teams, R14.3: Red rank 11, Blue file k, Yellow rank 4, Green file d)?
#[inline]
pub(crate) fn promo_line(seat: usize, sq: usize, far: bool) -> bool {
    let f = sq % W;
    let r = sq / W;
    let (ahead, behind) = if far { (10 + 2, 3 + 2) } else { (7 + 2, 6 + 2) };
    match seat {
        0 => r == ahead,
        1 => f == ahead,
        2 => r == behind,
        _ => f == behind,
    }
}

/// Mailbox index as a public square.
#[inline]
pub(crate) fn sq_name(i: usize) -> String {
    Square(i as u16).to_string()
}

/// Castling geometry of one seat and side (R5.7).
#[derive(Debug, Clone, Copy)]
pub(crate) struct CastleSpec {
    pub king_from: usize,
    pub king_to: usize,
    pub rook_from: usize,
    pub rook_to: usize,
    /// Squares between king and rook that must be empty.
    pub empty: [usize; 3],
    pub n_empty: usize,
    /// Squares the king passes or lands on, which must not be attacked.
    pub safe: [usize; 2],
}

const fn cs(
    kf: (u8, u8),
    kt: (u8, u8),
    rf: (u8, u8),
    rt: (u8, u8),
    e: [(u8, u8); 3],
    ne: usize,
    s: [(u8, u8); 2],
) -> CastleSpec {
    CastleSpec {
        king_from: mb(kf.0, kf.1),
        king_to: mb(kt.0, kt.1),
        rook_from: mb(rf.0, rf.1),
        rook_to: mb(rt.0, rt.1),
        empty: [mb(e[0].0, e[0].1), mb(e[1].0, e[1].1), mb(e[2].0, e[2].1)],
        n_empty: ne,
        safe: [mb(s[0].0, s[0].1), mb(s[1].0, s[1].1)],
    }
}

/// `CASTLES[seat][0]` is king side (O-O), `[1]` queen side (O-O-O).
pub(crate) const CASTLES: [[CastleSpec; 2]; 4] = [
    // Red: Kh1, Rk1 / Rd1.
    [
        cs(
            (7, 0),
            (9, 0),
            (10, 0),
            (8, 0),
            [(8, 0), (9, 0), (9, 0)],
            2,
            [(8, 0), (9, 0)],
        ),
        cs(
            (7, 0),
            (5, 0),
            (3, 0),
            (6, 0),
            [(4, 0), (5, 0), (6, 0)],
            3,
            [(6, 0), (5, 0)],
        ),
    ],
    // Blue: Ka7, Ra4 / Ra11.
    [
        cs(
            (0, 6),
            (0, 4),
            (0, 3),
            (0, 5),
            [(0, 5), (0, 4), (0, 4)],
            2,
            [(0, 5), (0, 4)],
        ),
        cs(
            (0, 6),
            (0, 8),
            (0, 10),
            (0, 7),
            [(0, 7), (0, 8), (0, 9)],
            3,
            [(0, 7), (0, 8)],
        ),
    ],
    // Yellow: Kg14, Rd14 / Rk14.
    [
        cs(
            (6, 13),
            (4, 13),
            (3, 13),
            (5, 13),
            [(5, 13), (4, 13), (4, 13)],
            2,
            [(5, 13), (4, 13)],
        ),
        cs(
            (6, 13),
            (8, 13),
            (10, 13),
            (7, 13),
            [(7, 13), (8, 13), (9, 13)],
            3,
            [(7, 13), (8, 13)],
        ),
    ],
    // Green: Kn8, Rn11 / Rn4.
    [
        cs(
            (13, 7),
            (13, 9),
            (13, 10),
            (13, 8),
            [(13, 8), (13, 9), (13, 9)],
            2,
            [(13, 8), (13, 9)],
        ),
        cs(
            (13, 7),
            (13, 5),
            (13, 3),
            (13, 6),
            [(13, 6), (13, 5), (13, 4)],
            3,
            [(13, 6), (13, 5)],
        ),
    ],
];

/// Castling-right bits cleared when a move touches a square (king or rook home).
pub(crate) const CASTLE_CLEAR: [u8; NSQ] = {
    let mut t = [0u8; NSQ];
    let mut s = 0;
    while s < 4 {
        let mut side = 0;
        while side < 2 {
            let c = CASTLES[s][side];
            let bit = 1u8 << (s * 2 + side);
            t[c.king_from] |= bit;
            t[c.rook_from] |= bit;
            side += 1;
        }
        s += 1;
    }
    t
};

/// SplitMix64 output for state `z`: the Zobrist keys are computed, not tabled, to keep the
/// WASM small.
#[inline]
pub(crate) const fn mix(z: u64) -> u64 {
    crate::rng::splitmix64(z).1
}

/// Zobrist key of a cell content on a square. Grey pieces hash without owner or promotion,
/// matching what FEN4 can express (`dQ`), so a FEN4 round trip keeps the hash.
#[inline]
pub(crate) const fn zpiece(sq: usize, c: u8) -> u64 {
    let code = if c & GREY != 0 {
        c & (GREY | ROLE_MASK)
    } else {
        c
    };
    mix(((sq as u64) << 8) | code as u64)
}

/// The players' side of the four-player engine: its [`Seat`] as a [`Player`] and back.
impl Player {
    /// The cross-board seat, for Red, Blue, Yellow and Green.
    pub const fn seat(self) -> Option<Seat> {
        match self {
            Player::Red => Some(Seat::Red),
            Player::Blue => Some(Seat::Blue),
            Player::Yellow => Some(Seat::Yellow),
            Player::Green => Some(Seat::Green),
            _ => None,
        }
    }
}

impl From<Seat> for Player {
    fn from(s: Seat) -> Player {
        match s {
            Seat::Red => Player::Red,
            Seat::Blue => Player::Blue,
            Seat::Yellow => Player::Yellow,
            Seat::Green => Player::Green,
        }
    }
}

/// A seat and the player sitting in it are the same player.
impl PartialEq<Seat> for Player {
    fn eq(&self, other: &Seat) -> bool {
        self.seat() == Some(*other)
    }
}

/// A seat and the player sitting in it are the same player.
impl PartialEq<Player> for Seat {
    fn eq(&self, other: &Player) -> bool {
        other.seat() == Some(*self)
    }
}
