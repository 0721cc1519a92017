//! Two-player evaluation (all four variants): PeSTO material and piece-square tables, pawn
//! structure, king safety, the variants' own terms, and static exchange evaluation.

use std::cell::Cell;

use crate::role::Role;
use crate::two::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks, rook_attacks,
};
use crate::two::{Bitboard, Color, HILL, Move, MoveKind, Position, Square, Variant};

#[cfg(feature = "tuning")]
mod tuning;
#[cfg(feature = "tuning")]
pub use tuning::{chess_features, hill_features, race_features, three_check_features};

/// Middle-game and endgame piece values (pawn, knight, bishop, rook, queen, king).
const MG_VALUE: [i32; 6] = [82, 337, 365, 477, 1025, 0];
const EG_VALUE: [i32; 6] = [94, 281, 297, 512, 936, 0];
/// Game-phase weight of each role; 24 is the full opening set.
const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];

/// Values for ordering captures (MVV-LVA).
pub(super) const ORDER_VALUE: [i32; 6] = [100, 320, 330, 500, 900, 2000];

// Piece-square tables from White's side, written as the board is seen: the first row is
// rank 8. (The PeSTO tables by Ronald Friederich, trimmed to small integers.)
#[rustfmt::skip]
const MG_PST: [[i8; 64]; 6] = [
    // pawn
    [  0,  0,  0,  0,  0,  0,  0,  0,
      98,127, 61, 95, 68,126, 34,-11,
      -6,  7, 26, 31, 65, 56, 25,-20,
     -14, 13,  6, 21, 23, 12, 17,-23,
     -27, -2, -5, 12, 17,  6, 10,-25,
     -26, -4, -4,-10,  3,  3, 33,-12,
     -35, -1,-20,-23,-15, 24, 38,-22,
       0,  0,  0,  0,  0,  0,  0,  0],
    // knight
    [-127,-89,-34,-49, 61,-97,-15,-107,
     -73,-41, 72, 36, 23, 62,  7,-17,
     -47, 60, 37, 65, 84,127, 73, 44,
      -9, 17, 19, 53, 37, 69, 18, 22,
     -13,  4, 16, 13, 28, 19, 21, -8,
     -23, -9, 12, 10, 19, 17, 25,-16,
     -29,-53,-12, -3, -1, 18,-14,-19,
    -105,-21,-58,-33,-17,-28,-19,-23],
    // bishop
    [-29,  4,-82,-37,-25,-42,  7, -8,
     -26, 16,-18,-13, 30, 59, 18,-47,
     -16, 37, 43, 40, 35, 50, 37, -2,
      -4,  5, 19, 50, 37, 37,  7, -2,
      -6, 13, 13, 26, 34, 12, 10,  4,
       0, 15, 15, 15, 14, 27, 18, 10,
       4, 15, 16,  0,  7, 21, 33,  1,
     -33, -3,-14,-21,-13,-12,-39,-21],
    // rook
    [ 32, 42, 32, 51, 63,  9, 31, 43,
      27, 32, 58, 62, 80, 67, 26, 44,
      -5, 19, 26, 36, 17, 45, 61, 16,
     -24,-11,  7, 26, 24, 35, -8,-20,
     -36,-26,-12, -1,  9, -7,  6,-23,
     -45,-25,-16,-17,  3,  0, -5,-33,
     -44,-16,-20, -9, -1, 11, -6,-71,
     -19,-13,  1, 17, 16,  7,-37,-26],
    // queen
    [-28,  0, 29, 12, 59, 44, 43, 45,
     -24,-39, -5,  1,-16, 57, 28, 54,
     -13,-17,  7,  8, 29, 56, 47, 57,
     -27,-27,-16,-16, -1, 17, -2,  1,
      -9,-26, -9,-10, -2, -4,  3, -3,
     -14,  2,-11, -2, -5,  2, 14,  5,
     -35, -8, 11,  2,  8, 15, -3,  1,
      -1,-18, -9, 10,-15,-25,-31,-50],
    // king
    [-65, 23, 16,-15,-56,-34,  2, 13,
      29, -1,-20, -7, -8, -4,-38,-29,
      -9, 24,  2,-16,-20,  6, 22,-22,
     -17,-20,-12,-27,-30,-25,-14,-36,
     -49, -1,-27,-39,-46,-44,-33,-51,
     -14,-14,-22,-46,-44,-30,-15,-27,
       1,  7, -8,-64,-43,-16,  9,  8,
     -15, 36, 12,-54,  8,-28, 24, 14],
];

#[rustfmt::skip]
const EG_PST: [[i8; 64]; 6] = [
    // pawn
    [  0,  0,  0,  0,  0,  0,  0,  0,
     127,127,127,127,127,127,127,127,
      94,100, 85, 67, 56, 53, 82, 84,
      32, 24, 13,  5, -2,  4, 17, 17,
      13,  9, -3, -7, -7, -8,  3, -1,
       4,  7, -6,  1,  0, -5, -1, -8,
      13,  8,  8, 10, 13,  0,  2, -7,
       0,  0,  0,  0,  0,  0,  0,  0],
    // knight
    [-58,-38,-13,-28,-31,-27,-63,-99,
     -25, -8,-25, -2, -9,-25,-24,-52,
     -24,-20, 10,  9, -1, -9,-19,-41,
     -17,  3, 22, 22, 22, 11,  8,-18,
     -18, -6, 16, 25, 16, 17,  4,-18,
     -23, -3, -1, 15, 10, -3,-20,-22,
     -42,-20,-10, -5, -2,-20,-23,-44,
     -29,-51,-23,-15,-22,-18,-50,-64],
    // bishop
    [-14,-21,-11, -8, -7, -9,-17,-24,
      -8, -4,  7,-12, -3,-13, -4,-14,
       2, -8,  0, -1, -2,  6,  0,  4,
      -3,  9, 12,  9, 14, 10,  3,  2,
      -6,  3, 13, 19,  7, 10, -3, -9,
     -12, -3,  8, 10, 13,  3, -7,-15,
     -14,-18, -7, -1,  4, -9,-15,-27,
     -23, -9,-23, -5, -9,-16, -5,-17],
    // rook
    [ 13, 10, 18, 15, 12, 12,  8,  5,
      11, 13, 13, 11, -3,  3,  8,  3,
       7,  7,  7,  5,  4, -3, -5, -3,
       4,  3, 13,  1,  2,  1, -1,  2,
       3,  5,  8,  4, -5, -6, -8,-11,
      -4,  0, -5, -1, -7,-12, -8,-16,
      -6, -6,  0,  2, -9, -9,-11, -3,
      -9,  2,  3, -1, -5,-13,  4,-20],
    // queen
    [ -9, 22, 22, 27, 27, 19, 10, 20,
     -17, 20, 32, 41, 58, 25, 30,  0,
     -20,  6,  9, 49, 47, 35, 19,  9,
       3, 22, 24, 45, 57, 40, 57, 36,
     -18, 28, 19, 47, 31, 34, 39, 23,
     -16,-27, 15,  6,  9, 17, 10,  5,
     -22,-23,-30,-16,-16,-23,-36,-32,
     -33,-28,-22,-43, -5,-32,-20,-41],
    // king
    [-74,-35,-18,-18,-11, 15,  4,-17,
     -12, 17, 14, 17, 17, 38, 23, 11,
      10, 17, 23, 15, 20, 45, 44, 13,
      -8, 22, 24, 27, 26, 33, 26,  3,
     -18, -4, 21, 24, 27, 23,  9,-11,
     -19, -3, 11, 21, 23, 16,  7, -9,
     -27,-11,  4, 13, 14,  4, -5,-17,
     -53,-34,-21,-11,-28,-14,-24,-43],
];

/// Table index of `sq` for a piece of `color` (tables are written rank 8 first, from White's
/// side; Black reads them mirrored).
#[inline]
fn pst_index(color: Color, sq: Square) -> usize {
    match color {
        Color::White => (7 - sq.rank() as usize) * 8 + sq.file() as usize,
        Color::Black => sq.rank() as usize * 8 + sq.file() as usize,
    }
}

/// Chebyshev (king-step) distance.
#[inline]
fn king_distance(a: Square, b: Square) -> i32 {
    let df = (a.file() as i32 - b.file() as i32).abs();
    let dr = (a.rank() as i32 - b.rank() as i32).abs();
    df.max(dr)
}

fn bb_of(pos: &Position, color: Color, role: Role) -> Bitboard {
    Bitboard(pos.pieces_of(color).0 & pos.role_bb(role).0)
}

/// Squares a `color` `role` on `sq` attacks, with `occ` blocking the sliders.
#[inline]
fn piece_attacks(color: Color, role: Role, sq: Square, occ: Bitboard) -> Bitboard {
    match role {
        Role::Pawn => pawn_attacks(color, sq),
        Role::Knight => knight_attacks(sq),
        Role::Bishop => bishop_attacks(sq, occ),
        Role::Rook => rook_attacks(sq, occ),
        Role::Queen => queen_attacks(sq, occ),
        Role::King => king_attacks(sq),
    }
}

/// Squares `color`'s pawns attack towards the a-file and towards the h-file: all pawns at
/// once by shifting the set one rank forward and one file aside, masking the file a shift
/// would wrap around to. Their union is every square a pawn attacks, their intersection every
/// square two pawns attack (two pawns can only share a target from either side of it).
#[inline]
fn pawn_attack_sides(pos: &Position, color: Color) -> [u64; 2] {
    const NOT_A: u64 = !0x0101_0101_0101_0101;
    const NOT_H: u64 = !0x8080_8080_8080_8080;
    let p = bb_of(pos, color, Role::Pawn).0;
    match color {
        Color::White => [(p << 7) & NOT_H, (p << 9) & NOT_A],
        Color::Black => [(p >> 9) & NOT_H, (p >> 7) & NOT_A],
    }
}

/// Squares attacked by `color`'s pawns.
#[inline]
fn pawn_attack_span(pos: &Position, color: Color) -> Bitboard {
    let [a, h] = pawn_attack_sides(pos, color);
    Bitboard(a | h)
}

/// Evaluation of `pos` in centipawns from White's point of view.
pub fn evaluate_white(pos: &Position) -> i32 {
    let variant = pos.variant();
    let occ = pos.occupied();
    let mut mg = [0i32; 2];
    let mut eg = [0i32; 2];
    let mut phase = 0;
    let sides = [Color::White, Color::Black].map(|c| pawn_attack_sides(pos, c));
    let pawn_att = sides.map(|[a, h]| Bitboard(a | h));
    // The pawns' attacks start the maps, all at once: the piece loop below skips them.
    let mut attacks = pawn_att.map(|b| b.0);
    // Squares each side attacks at least twice (King of the Hill: a hill square guarded
    // twice is a step further from the enemy king than one guarded once).
    let mut twice = sides.map(|[a, h]| a & h);
    // King zones (the king and its neighbours) and, per attacking side, how many pieces hit
    // the enemy zone and how hard.
    let zones = [
        king_attacks(pos.king(Color::White)).0 | pos.king(Color::White).bb().0,
        king_attacks(pos.king(Color::Black)).0 | pos.king(Color::Black).bb().0,
    ];
    let mut zone_attackers = [0usize; 2];
    let mut zone_weight = [0i32; 2];
    let mut mobility = [0i32; 2];
    // The piece terms of chess proper; Three-check and Racing Kings were tuned without them.
    let classic = matches!(variant, Variant::Chess | Variant::KingOfTheHill);
    for color in [Color::White, Color::Black] {
        let c = color.index();
        let ours = pos.pieces_of(color);
        let safe = !(ours.0 | pawn_att[color.other().index()].0);
        let own_pawns = bb_of(pos, color, Role::Pawn).0;
        let their_pawns = bb_of(pos, color.other(), Role::Pawn).0;
        for role in Role::ALL {
            let r = role as usize;
            for sq in bb_of(pos, color, role) {
                let i = pst_index(color, sq);
                mg[c] += MG_VALUE[r] + i32::from(MG_PST[r][i]);
                eg[c] += EG_VALUE[r] + i32::from(EG_PST[r][i]);
                phase += PHASE[r];
                if role == Role::Pawn {
                    continue;
                }
                let att = piece_attacks(color, role, sq, occ);
                twice[c] |= attacks[c] & att.0;
                attacks[c] |= att.0;
                let hits = att.0 & zones[1 - c];
                if hits != 0 && role != Role::King {
                    zone_attackers[c] += 1;
                    zone_weight[c] += hits.count_ones() as i32 * ZONE_WEIGHT[r];
                }
                // Mobility: squares not taken by our pieces nor covered by enemy pawns.
                let mob = (att.0 & safe).count_ones() as i32;
                if role != Role::King {
                    mobility[c] += mob;
                }
                if classic {
                    let (m, e) = piece_terms(color, role, sq, att.0, own_pawns, their_pawns, pos);
                    mg[c] += m;
                    eg[c] += e;
                }
                match role {
                    Role::Knight => {
                        mg[c] += 4 * (mob - 4);
                        eg[c] += 4 * (mob - 4);
                    }
                    Role::Bishop => {
                        mg[c] += 4 * (mob - 6);
                        eg[c] += 5 * (mob - 6);
                    }
                    Role::Rook => {
                        mg[c] += 2 * (mob - 6);
                        eg[c] += 4 * (mob - 6);
                    }
                    Role::Queen => {
                        mg[c] += (mob - 12) / 2;
                        eg[c] += mob - 12;
                    }
                    _ => {}
                }
            }
        }
        // Bishop pair.
        if bb_of(pos, color, Role::Bishop).more_than_one() {
            mg[c] += 25;
            eg[c] += 45;
        }
    }
    let pawns = pawn_terms(pos, classic);
    for c in 0..2 {
        mg[c] += pawns[2 * c];
        eg[c] += pawns[2 * c + 1];
    }
    // One piece near the king is rarely a threat; several together are.
    let zone = [0, 1].map(|c| zone_weight[c] * ZONE_SCALE[zone_attackers[c].min(7)] / 100);
    // Racing Kings has no checks, so no king attacks; Three-check weighs them in its own terms.
    if !matches!(variant, Variant::RacingKings | Variant::ThreeCheck) {
        for color in [Color::White, Color::Black] {
            let c = color.index();
            mg[c] += zone[c];
            if variant != Variant::KingOfTheHill {
                mg[c] += pawn_shield(pos, color);
            }
        }
    }
    if THREAT_TERMS.with(Cell::get) {
        threats(pos, attacks, pawn_att, &mut mg, &mut eg);
    }
    let phase = phase.min(24);
    let mut score = ((mg[0] - mg[1]) * phase + (eg[0] - eg[1]) * (24 - phase)) / 24;

    score += match variant {
        Variant::Chess => 0,
        Variant::ThreeCheck => three_check_terms(pos, attacks, mobility, zone),
        Variant::KingOfTheHill => hill_terms(pos, attacks, twice, phase),
        Variant::RacingKings => race_terms(pos, attacks),
    };
    score
}

thread_local! {
    /// Whether [`evaluate_white`] counts [`threats`]. The weakened levels (several root
    /// candidates) leave them out: with them, a shallow multi-PV search takes a piece left
    /// to a pawn for lost and misses the quiet mate behind the sacrifice (`tests/two`
    /// `ai::mate_in_two` at levels 4 and 5), while the full-strength levels measured
    /// stronger with them (docs/STRENGTH.md). Per thread, so parallel searches of different
    /// levels cannot see each other's setting.
    static THREAT_TERMS: Cell<bool> = const { Cell::new(true) };
}

/// Turns the threat terms of the evaluation on or off for searches on this thread.
pub(super) fn set_threat_terms(on: bool) {
    THREAT_TERMS.with(|t| t.set(on));
}

/// Pieces under attack: by a pawn (it must move, or a piece is lost to a pawn), or by anything
/// while nothing defends them. Knowing this statically lets the search stop worrying about
/// quiet positions where a piece is already lost.
fn threats(
    pos: &Position,
    attacks: [u64; 2],
    pawn_att: [Bitboard; 2],
    mg: &mut [i32; 2],
    eg: &mut [i32; 2],
) {
    let kings = pos.role_bb(Role::King).0;
    let pawns = pos.role_bb(Role::Pawn).0;
    // Racing Kings has no checks to parry, so a piece left to be taken is taken far more
    // often than in chess: twice the weight measured stronger there (docs/STRENGTH.md,
    // session 14).
    let hang_weight = if pos.variant() == Variant::RacingKings {
        2
    } else {
        1
    };
    for color in [Color::White, Color::Black] {
        let c = color.index();
        let theirs = pos.pieces_of(color.other()).0 & !kings;
        let by_pawn = (theirs & !pawns & pawn_att[c].0).count_ones() as i32;
        let hanging = hang_weight * (theirs & attacks[c] & !attacks[1 - c]).count_ones() as i32;
        mg[c] += 55 * by_pawn + 30 * hanging;
        eg[c] += 35 * by_pawn + 20 * hanging;
    }
}

/// Centipawns per king-zone square attacked, by role (knight, bishop, rook, queen count).
const ZONE_WEIGHT: [i32; 6] = [0, 20, 20, 35, 70, 0];
/// Percentage of the zone weight that counts, by the number of pieces attacking the zone.
const ZONE_SCALE: [i32; 8] = [0, 0, 50, 75, 88, 94, 97, 99];

/// +1 for White (pawns move up the ranks), -1 for Black.
fn forward(color: Color) -> i32 {
    if color == Color::White { 1 } else { -1 }
}

/// Chess's piece terms for `color`'s `role` on `sq` attacking `att`, (middle game, endgame):
/// rooks on open and half-open files and on the seventh rank; knights and bishops on
/// outposts (guarded by a pawn, never attackable by one) and attacking rooks and queens;
/// bishops hemmed in by their own pawns on their colour. Conventional weights, screened at a
/// node budget (docs/STRENGTH.md, session 25); fitted ones played worse (session 23).
fn piece_terms(
    color: Color,
    role: Role,
    sq: Square,
    att: u64,
    own_pawns: u64,
    their_pawns: u64,
    pos: &Position,
) -> (i32, i32) {
    let file = Bitboard::file(sq.file()).0;
    let (mut mg, mut eg) = (0, 0);
    match role {
        Role::Rook => {
            if file & own_pawns == 0 {
                let open = file & their_pawns == 0;
                mg += if open { 30 } else { 15 };
                eg += if open { 10 } else { 5 };
            }
            if sq.relative_rank(color) == 6 {
                mg += 10;
                eg += 20;
            }
        }
        Role::Knight | Role::Bishop => {
            if (3..=5).contains(&sq.relative_rank(color))
                && pawn_attacks(color.other(), sq).0 & own_pawns != 0
            {
                let f = sq.file();
                let adj = (if f > 0 { Bitboard::file(f - 1).0 } else { 0 })
                    | (if f < 7 { Bitboard::file(f + 1).0 } else { 0 });
                // Ranks 4-6 as `color` sees them, so the shifts stay in range.
                let ahead = match color {
                    Color::White => !0u64 << ((sq.rank() as u32 + 1) * 8),
                    Color::Black => (1u64 << (sq.rank() as u32 * 8)) - 1,
                };
                if their_pawns & adj & ahead == 0 {
                    mg += 20;
                    eg += 10;
                }
            }
            let them = pos.pieces_of(color.other()).0;
            let heavy = them & (pos.role_bb(Role::Rook).0 | pos.role_bb(Role::Queen).0);
            let hits = (att & heavy).count_ones() as i32;
            mg += 30 * hits;
            eg += 20 * hits;
            if role == Role::Bishop {
                const DARK: u64 = 0xaa55_aa55_aa55_aa55;
                let same = if DARK & sq.bb().0 != 0 { DARK } else { !DARK };
                let n = (own_pawns & same).count_ones() as i32;
                mg -= 2 * n;
                eg -= 4 * n;
            }
        }
        _ => {}
    }
    (mg, eg)
}

/// Pawns in front of a castled or home king, and open files beside it (middle game only).
fn pawn_shield(pos: &Position, color: Color) -> i32 {
    let k = pos.king(color);
    if k.relative_rank(color) > 1 {
        return 0;
    }
    // The two ranks in front of the king (it stands on its first or second rank).
    let near = match color {
        Color::White => 0xffffu64 << ((k.rank() as u32 + 1) * 8),
        Color::Black => 0xffffu64 << ((k.rank() as u32 - 2) * 8),
    };
    let pawns = bb_of(pos, color, Role::Pawn).0;
    let mut s = 0;
    for f in king_files(k) {
        let file = Bitboard::file(f).0 & pawns;
        if file & near != 0 {
            s += 15;
        } else if file == 0 {
            s -= 20;
        }
    }
    s
}

/// Slots of the per-thread pawn-structure cache (40 KB in every thread: 4 096 slots searched
/// no faster).
const PAWN_CACHE: usize = 1 << 10;

/// A pawn-structure cache slot: both sides' pawns, the kings and the variant class it was
/// computed for, and [`pawn_structure`]'s White mg, White eg, Black mg, Black eg.
type PawnEntry = (u64, u64, u32, [i32; 4]);

thread_local! {
    /// Pawns move far less often than pieces, so most evaluations meet a pawn structure (and
    /// kings) evaluated moments before; computing it afresh was 6% of a chess search's time
    /// (docs/BENCHMARKS.md, "Pawn-structure cache"). The whole key is stored, so a hit is
    /// never another position's. An all-zero slot is empty: its key would need both kings on
    /// a1. Cells rather than a `RefCell<Vec>`: no borrow flag, no allocation, fewer bytes
    /// of wasm.
    static PAWNS: [Cell<PawnEntry>; PAWN_CACHE] =
        const { [const { Cell::new((0, 0, 0, [0; 4])) }; PAWN_CACHE] };
}

/// [`pawn_structure`] for both sides, `[White mg, White eg, Black mg, Black eg]`, through the
/// per-thread cache.
fn pawn_terms(pos: &Position, classic: bool) -> [i32; 4] {
    let w = bb_of(pos, Color::White, Role::Pawn).0;
    let b = bb_of(pos, Color::Black, Role::Pawn).0;
    // The kings take part in the race to a passer's path; `classic` in which terms count.
    let kings = pos.king(Color::White).index() as u32
        | (pos.king(Color::Black).index() as u32) << 6
        | u32::from(classic) << 12;
    let mix = (w ^ b.rotate_left(32) ^ u64::from(kings) << 20).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    let i = (mix >> 52) as usize & (PAWN_CACHE - 1);
    PAWNS.with(|cache| {
        let e = cache[i].get();
        if (e.0, e.1, e.2) == (w, b, kings) {
            return e.3;
        }
        let mut t = [0; 4];
        for color in [Color::White, Color::Black] {
            let (mut mg, mut eg) = (0, 0);
            pawn_structure(pos, color, classic, &mut mg, &mut eg);
            t[2 * color.index()] = mg;
            t[2 * color.index() + 1] = eg;
        }
        cache[i].set((w, b, kings, t));
        t
    })
}

/// Passed, doubled and isolated pawns; with `classic` (chess and King of the Hill) also
/// connected pawns and the kings' race to a passed pawn's path.
fn pawn_structure(pos: &Position, color: Color, classic: bool, mg: &mut i32, eg: &mut i32) {
    let ours = bb_of(pos, color, Role::Pawn);
    let theirs = bb_of(pos, color.other(), Role::Pawn);
    let supported = pawn_attack_span(pos, color).0;
    for sq in ours {
        let f = sq.file();
        let rel = sq.relative_rank(color) as i32;
        let file_bb = Bitboard::file(f).0;
        let adj = (if f > 0 { Bitboard::file(f - 1).0 } else { 0 })
            | (if f < 7 { Bitboard::file(f + 1).0 } else { 0 });
        // Squares in front of the pawn on its file and the adjacent files.
        let ahead = match color {
            Color::White => {
                if sq.rank() >= 7 {
                    0
                } else {
                    !0u64 << ((sq.rank() as u64 + 1) * 8)
                }
            }
            Color::Black => (1u64 << (sq.rank() as u64 * 8)) - 1,
        };
        if theirs.0 & (file_bb | adj) & ahead == 0 {
            *mg += 5 + rel * rel * 2;
            *eg += 10 + rel * rel * 5;
            if classic && (3..7).contains(&rel) {
                // An advanced passer is worth more when our king is nearer its stop square
                // than theirs (distances capped at 5: far is far).
                let stop = Square::from_coords(f, (sq.rank() as i32 + forward(color)) as u8);
                let near = |k: Square| king_distance(k, stop).min(5);
                *eg += 3 * (rel - 2) * (near(pos.king(color.other())) - near(pos.king(color)));
            }
        }
        if classic
            && (ours.0 & adj & Bitboard::rank(sq.rank()).0 != 0 || supported & sq.bb().0 != 0)
        {
            *mg += 3 * rel;
            *eg += 2 * rel;
        }
        if (ours.0 & file_bb & !sq.bb().0) != 0 {
            *mg -= 8;
            *eg -= 15;
        }
        if ours.0 & adj == 0 {
            *mg -= 10;
            *eg -= 10;
        }
    }
}

/// What the Three-check terms count for `color` against the enemy king: checks given, the
/// squares from which `color` could check next move (at most 6), those of them the enemy does
/// not guard (at most 6), and the squares around the king `color` attacks.
struct CheckCounts {
    given: usize,
    threats: i32,
    safe: i32,
    ring: i32,
    /// Of the check squares, those the queen reaches (not capped).
    queen: i32,
}

fn check_counts(pos: &Position, attacks: [u64; 2], color: Color) -> CheckCounts {
    let occ = pos.occupied();
    let them = color.other();
    let k = pos.king(them);
    let ours = pos.pieces_of(color).0;
    let (mut threats, mut safe, mut queen) = (0i32, 0i32, 0i32);
    let check_sq = [
        (Role::Knight, knight_attacks(k).0),
        (Role::Bishop, bishop_attacks(k, occ).0),
        (Role::Rook, rook_attacks(k, occ).0),
        (Role::Queen, queen_attacks(k, occ).0),
    ];
    for (role, squares) in check_sq {
        for from in bb_of(pos, color, role) {
            let open = piece_attacks(color, role, from, occ).0 & squares & !ours;
            threats += open.count_ones() as i32;
            safe += (open & !attacks[them.index()]).count_ones() as i32;
            if role == Role::Queen {
                queen += open.count_ones() as i32;
            }
        }
    }
    CheckCounts {
        given: pos.checks_given(color).min(3) as usize,
        threats: threats.min(6),
        safe: safe.min(6),
        ring: (king_attacks(k).0 & attacks[color.index()]).count_ones() as i32,
        queen,
    }
}

/// Three-check: checks given are worth a lot (the third wins), and so is the enemy king's
/// exposure: the squares from which we could check it next move (more when nothing of theirs
/// guards them, and far more once we have given checks; less when only the queen reaches
/// them), the squares around it we attack and the chess king-zone attack (`zone`).
///
/// The queen counts for less than in chess, pawns and minor pieces a little more, and mobility
/// (`mobility`, safe squares of the pieces) far more; each check square of the side to move
/// counts a little more (it can use one at once), and a king on a wing file is safer.
///
/// The values are fitted (Texel tuning, `scripts/texel.py`; docs/STRENGTH.md, sessions 17
/// and 18) to Fairy-Stockfish's scores of positions from games against it.
fn three_check_terms(pos: &Position, attacks: [u64; 2], mobility: [i32; 2], zone: [i32; 2]) -> i32 {
    const GIVEN: [i32; 4] = [0, 236, 750, 0];
    // Per square from which a check could be given, by the number of checks already given.
    const THREAT: [i32; 3] = [31, 100, 341];
    const SAFE_THREAT: i32 = 150;
    // Per check square the queen reaches: queen checks are the easiest to parry.
    const QUEEN_THREAT: i32 = -92;
    const RING: i32 = 62;
    // Added to each piece's value, pawn to queen.
    const MATERIAL: [i32; 5] = [45, 20, 31, -13, -72];
    // Per check square of the side to move, which can use one at once.
    const TEMPO: i32 = 75;
    // Per file next to or of our king without a pawn of ours.
    const OPEN: i32 = 15;
    // Per safe square of a knight, bishop, rook or queen, on top of the chess mobility.
    const MOBILITY: i32 = 16;
    // Times the chess king-zone attack.
    const ZONE: i32 = 3;
    // Per free square next to our king that the enemy does not attack.
    const FLIGHT: i32 = -9;
    // A king on the a, b, g or h file.
    const WING: i32 = 68;
    let value = |color: Color| {
        let c = check_counts(pos, attacks, color);
        // Role::ALL runs pawn to king; the zip stops before the king.
        let material: i32 = Role::ALL
            .into_iter()
            .zip(MATERIAL)
            .map(|(role, v)| v * bb_of(pos, color, role).0.count_ones() as i32)
            .sum();
        let tempo = if color == pos.turn() {
            c.threats * TEMPO
        } else {
            0
        };
        let k = pos.king(color);
        let flight = king_attacks(k).0 & !pos.pieces_of(color).0 & !attacks[color.other().index()];
        let i = color.index();
        GIVEN[c.given]
            + c.threats * THREAT[c.given.min(2)]
            + c.safe * SAFE_THREAT
            + c.queen * QUEEN_THREAT
            + c.ring * RING
            + material
            + tempo
            + pawnless_king_files(pos, color) * OPEN
            + mobility[i] * MOBILITY
            + zone[i] * ZONE
            + flight.count_ones() as i32 * FLIGHT
            + i32::from(!(2..6).contains(&k.file())) * WING
    };
    value(Color::White) - value(Color::Black)
}

/// The files of and next to a king on `k` (two or three).
fn king_files(k: Square) -> std::ops::RangeInclusive<u8> {
    k.file().saturating_sub(1)..=(k.file() + 1).min(7)
}

/// Files of or next to `color`'s king without a pawn of `color`'s.
fn pawnless_king_files(pos: &Position, color: Color) -> i32 {
    let pawns = bb_of(pos, color, Role::Pawn).0;
    let mut open = 0;
    for f in king_files(pos.king(color)) {
        if pawns & Bitboard::file(f).0 == 0 {
            open += 1;
        }
    }
    open
}

/// Squares a king on any square of `b` reaches in one step, plus `b` itself.
#[inline]
fn king_spread(b: u64) -> u64 {
    const NOT_A: u64 = !0x0101_0101_0101_0101;
    const NOT_H: u64 = !0x8080_8080_8080_8080;
    let row = b | ((b << 1) & NOT_A) | ((b >> 1) & NOT_H);
    row | (row << 8) | (row >> 8)
}

/// King steps from `k` to a hill square over squares the enemy does not attack and our own
/// pawns do not block (our pieces can step aside); 8 when there is no such path.
fn safe_hill_steps(k: Square, enemy_att: u64, own_pawns: u64) -> i32 {
    let passable = !enemy_att & !own_pawns;
    let mut reach = k.bb().0;
    for steps in 1..8 {
        let next = king_spread(reach) & passable | reach;
        if next & HILL.0 != 0 {
            return steps;
        }
        if next == reach {
            break;
        }
        reach = next;
    }
    8
}

/// King of the Hill: kings want the four centre squares, more so the fewer enemy pieces can
/// contest them. Two measures: the plain distance (where the king stands) and the length of
/// a path the enemy does not cover today (how soon it could actually arrive), which is what
/// decides hill races.
fn hill_terms(pos: &Position, attacks: [u64; 2], twice: [u64; 2], phase: i32) -> i32 {
    /// Bonus by safe steps to the hill: one step is a threat to win on the spot.
    const SAFE: [i32; 9] = [0, 260, 130, 65, 30, 12, 4, 0, 0];
    let mut s = 0;
    for color in [Color::White, Color::Black] {
        let sign = if color == Color::White { 1 } else { -1 };
        let k = pos.king(color);
        let enemy_att = attacks[color.other().index()];
        let mut best = 8;
        for h in HILL {
            // A step further for each of the first two enemy guards of the square.
            let guarded = enemy_att & h.bb().0 != 0;
            let guarded_twice = twice[color.other().index()] & h.bb().0 != 0;
            let d = king_distance(k, h) + i32::from(guarded) + i32::from(guarded_twice);
            best = best.min(d);
        }
        // 0..=7 steps; the bonus grows fast near the hill and as material comes off.
        let closeness = 7 - best.min(7);
        let scale = 30 + (24 - phase) * 4;
        s += sign * closeness * closeness * scale / 10;
        let steps = safe_hill_steps(k, enemy_att, bb_of(pos, color, Role::Pawn).0);
        s += sign * SAFE[steps as usize] * (12 + 24 - phase) / 24;
    }
    s
}

/// What the Racing Kings terms count for `color`'s king: its rank (0-7), and below the last
/// rank whether no square of the next rank is a free step (not attacked by the enemy, not
/// taken by our own pieces), how many are, and how many squares of its path to the goal (the
/// cone of squares it could reach rank by rank) the enemy attacks.
struct RaceCounts {
    rank: usize,
    blocked: bool,
    free: i32,
    path: i32,
}

fn race_counts(pos: &Position, attacks: [u64; 2], color: Color) -> RaceCounts {
    let k = pos.king(color);
    let rank = k.rank() as usize;
    let mut c = RaceCounts {
        rank,
        blocked: false,
        free: 0,
        path: 0,
    };
    if rank < 7 {
        let enemy_att = attacks[color.other().index()];
        let next_rank = Bitboard::rank(rank as u8 + 1).0;
        let ahead = king_attacks(k).0 & next_rank;
        let free = ahead & !enemy_att & !pos.pieces_of(color).0;
        c.blocked = free == 0;
        c.free = free.count_ones() as i32;
        let mut path = 0u64;
        for r in rank + 1..8 {
            let lo = k.file().saturating_sub((r - rank) as u8);
            let hi = (k.file() + (r - rank) as u8).min(7);
            for f in lo..=hi {
                path |= Square::from_coords(f, r as u8).bb().0;
            }
        }
        c.path = (path & enemy_att).count_ones() as i32;
    }
    c
}

/// Racing Kings: rank progress of the king dominates, reduced when the squares ahead are
/// covered by the enemy (a blocked path).
///
/// The values are fitted to game results (Texel tuning as for Three-check; docs/STRENGTH.md,
/// session 15): each rank from the third up is worth two to three times what it was, and a
/// free step ahead and the enemy's control of the path four times.
fn race_terms(pos: &Position, attacks: [u64; 2]) -> i32 {
    let value = |color| {
        let c = race_counts(pos, attacks, color);
        RANK_BONUS[c.rank]
            + if c.blocked { BLOCKED } else { 0 }
            + c.free * FREE_STEP
            + c.path * PATH_CONTROL
    };
    value(Color::White) - value(Color::Black)
}

/// Racing Kings: the king's rank, a king with no free step ahead, each free step ahead, each
/// square of the king's path the enemy controls (`race_terms`, in the order `examples/texel`
/// prints their features).
const RANK_BONUS: [i32; 8] = [0, 60, 327, 465, 783, 976, 1306, 1590];
const BLOCKED: i32 = -42;
const FREE_STEP: i32 = 61;
const PATH_CONTROL: i32 = -19;

/// Exchange values for static exchange evaluation (the king's never matters: it may only
/// capture last).
const SEE_VALUE: [i32; 6] = [100, 320, 330, 500, 900, 0];

/// Static exchange evaluation: does the sequence of captures on `m.to`, each side taking with
/// its least valuable attacker and free to stop, leave the mover at least `threshold` up?
/// Pins are ignored. A quiet move is an exchange that starts with nothing taken (is the moved
/// piece safe there?). Castling and promotions are taken as safe (true for `threshold <= 0`).
pub(super) fn see_ge(pos: &Position, m: Move, threshold: i32) -> bool {
    if matches!(m.kind, MoveKind::Castle | MoveKind::Promotion(_)) {
        return threshold <= 0;
    }
    let to = m.to;
    let victim = match m.kind {
        MoveKind::EnPassant => Some(Role::Pawn),
        // `None` for a quiet move: the exchange starts with the enemy taking the moved piece.
        _ => pos.role_at(to),
    };
    let mut swap = victim.map_or(0, |v| SEE_VALUE[v as usize]) - threshold;
    if swap < 0 {
        return false;
    }
    let Some(mover) = pos.role_at(m.from) else {
        return false;
    };
    swap = SEE_VALUE[mover as usize] - swap;
    if swap <= 0 {
        return true;
    }
    let mut occ = pos.occupied().0 ^ m.from.bb().0 | to.bb().0;
    if m.kind == MoveKind::EnPassant {
        let captured = Square::from_coords(to.file(), m.from.rank());
        occ ^= captured.bb().0;
    }
    let mut stm = pos.turn();
    // `res` is whether the mover comes out ahead if the exchange stops now.
    let mut res = true;
    loop {
        stm = stm.other();
        let attackers = pos.all_attackers(to, Bitboard(occ)).0 & occ;
        let ours = attackers & pos.pieces_of(stm).0;
        if ours == 0 {
            break;
        }
        res = !res;
        let Some(role) = Role::ALL
            .into_iter()
            .find(|&r| ours & pos.role_bb(r).0 != 0)
        else {
            break;
        };
        if role == Role::King {
            // The king may only take when nothing can take it back.
            return if attackers & !pos.pieces_of(stm).0 != 0 {
                !res
            } else {
                res
            };
        }
        swap = SEE_VALUE[role as usize] - swap;
        if swap < i32::from(res) {
            break;
        }
        let from = ours & pos.role_bb(role).0;
        occ ^= from & from.wrapping_neg();
    }
    res
}

// The tests live in their own file: the evaluation alone is long enough to read.
#[cfg(test)]
mod tests;
