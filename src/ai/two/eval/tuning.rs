//! Texel tuning support (`--features tuning`, `examples/texel.rs`, `scripts/texel.py`): the
//! features of a position that the variant terms of [`super`] weigh, and candidates that were
//! tried. Kept apart so the evaluation file holds only what the engine runs; a child module,
//! so it reads the terms' private counts without widening their visibility.

use super::{
    CheckCounts, PHASE, ZONE_SCALE, ZONE_WEIGHT, bb_of, check_counts, evaluate_white, forward,
    hill_terms, king_distance, king_files, pawn_attack_span, pawnless_king_files, piece_attacks,
    race_counts, race_terms, safe_hill_steps, three_check_terms,
};
use crate::role::Role;
use crate::two::attacks::{king_attacks, knight_attacks};
use crate::two::{Bitboard, Color, HILL, Position, Square};

/// `color`'s pawns one or two ranks in front of its king on the files of or next to it.
fn shield_pawns(pos: &Position, color: Color) -> i32 {
    let k = pos.king(color);
    let ahead = |step: i8| {
        let rank = k.rank() as i8 + if color == Color::White { step } else { -step };
        if (0..8).contains(&rank) {
            Bitboard::rank(rank as u8).0
        } else {
            0
        }
    };
    let near = ahead(1) | ahead(2);
    let pawns = bb_of(pos, color, Role::Pawn).0;
    king_files(k)
        .map(|f| (pawns & near & Bitboard::file(f).0).count_ones() as i32)
        .sum()
}

/// Features tried for Three-check in session 18 (Texel tuning), for `color`: the chess
/// king-zone attack on the enemy king (`ZONE`), the own king's rank from home (at most 3), own
/// pieces next to the own king, `color`'s queen and knight check squares, the own king's free
/// unattacked neighbours (`FLIGHT`), own pieces left hanging, the safe squares of knights,
/// bishops, rooks and queens (`MOBILITY`), enemy pieces attacked by our pawns, the king on a
/// wing file (`WING`), then the mobility of the minor pieces, rooks and queens apart. Those
/// named after a constant are terms of `three_check_terms` (the queen's check squares are its
/// `QUEEN_THREAT`); the rest fitted near zero or did not hold up in play (docs/STRENGTH.md).
fn extra_king_features(pos: &Position, attacks: [u64; 2], color: Color) -> [i32; 13] {
    let occ = pos.occupied();
    let them = color.other();
    let ek = pos.king(them);
    let zone = king_attacks(ek).0 | ek.bb().0;
    let (mut n, mut weight) = (0usize, 0i32);
    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
        for sq in bb_of(pos, color, role) {
            let hits = piece_attacks(color, role, sq, occ).0 & zone;
            if hits != 0 {
                n += 1;
                weight += hits.count_ones() as i32 * ZONE_WEIGHT[role as usize];
            }
        }
    }
    let zone_term = weight * ZONE_SCALE[n.min(7)] / 100;
    let k = pos.king(color);
    let rank = if color == Color::White {
        k.rank()
    } else {
        7 - k.rank()
    };
    let ours = pos.pieces_of(color).0;
    let minors = ours & !pos.role_bb(Role::Pawn).0 & !pos.role_bb(Role::King).0;
    let defenders = (king_attacks(k).0 & minors).count_ones() as i32;
    let ours_att = attacks[color.index()];
    let q_checks = check_counts(pos, attacks, color).queen;
    let n_checks: i32 = bb_of(pos, color, Role::Knight)
        .into_iter()
        .map(|from| (knight_attacks(from).0 & knight_attacks(ek).0 & !ours).count_ones() as i32)
        .sum();
    let flight = (king_attacks(k).0 & !ours & !attacks[them.index()]).count_ones() as i32;
    let hanging = (minors & attacks[them.index()] & !ours_att).count_ones() as i32;
    let pawn_att = pawn_attack_span(pos, them).0;
    let mut mobility = 0;
    let mut by_role = [0; 3];
    for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
        for sq in bb_of(pos, color, role) {
            let m = (piece_attacks(color, role, sq, occ).0 & !ours & !pawn_att).count_ones() as i32;
            mobility += m;
            // Knights and bishops together, then rooks, then queens.
            by_role[(role as usize).max(2) - 2] += m;
        }
    }
    let by_pawn = (pos.pieces_of(them).0
        & !pos.role_bb(Role::Pawn).0
        & !pos.role_bb(Role::King).0
        & pawn_attack_span(pos, color).0)
        .count_ones() as i32;
    let corner = i32::from(k.file() <= 1 || k.file() >= 6);
    [
        zone_term,
        i32::from(rank.min(3)),
        defenders,
        q_checks,
        n_checks,
        flight,
        hanging,
        mobility,
        by_pawn,
        corner,
        by_role[0],
        by_role[1],
        by_role[2],
    ]
}

/// Texel tuning of the Three-check terms (`--features tuning`, `examples/texel.rs`): for `pos`,
/// the evaluation without those terms, thirty features (White's count minus Black's) and the
/// number of check squares of the side to move. The first seven are the terms' own, in the
/// order of the constants (one and two checks given, check squares after 0, 1 and 2 checks
/// given, unguarded check squares, attacked king neighbours); then pawns, knights, bishops,
/// rooks and queens (`MATERIAL`), the side to move's check squares (`TEMPO`), shield pawns
/// (fitted near zero in session 17, so not a term), pawnless files around the own king
/// (`OPEN`); then (session 18) the first ten of [`extra_king_features`], the side to move's
/// check squares after one check given, its last three, and checks given while the queen is
/// still on the board. `scripts/texel.py` names them all.
pub fn three_check_features(pos: &Position) -> (i32, [i32; 30], i32) {
    let attacks = attack_maps(pos);
    let mut f = [0i32; 30];
    let mut mover_threats = 0;
    for color in [Color::White, Color::Black] {
        let sign = if color == Color::White { 1 } else { -1 };
        let c = check_counts(pos, attacks, color);
        match c.given {
            1 => f[0] += sign,
            2 => f[1] += sign,
            _ => {}
        }
        f[2 + c.given.min(2)] += sign * c.threats;
        f[5] += sign * c.safe;
        f[6] += sign * c.ring;
        for (i, role) in Role::ALL[..5].iter().copied().enumerate() {
            f[7 + i] += sign * bb_of(pos, color, role).0.count_ones() as i32;
        }
        if color == pos.turn() {
            mover_threats = c.threats;
            f[12] += sign * c.threats;
        }
        f[13] += sign * shield_pawns(pos, color);
        f[14] += sign * pawnless_king_files(pos, color);
        let x = extra_king_features(pos, attacks, color);
        for (i, v) in x[..10].iter().enumerate() {
            f[15 + i] += sign * v;
        }
        if color == pos.turn() && c.given == 1 {
            f[25] += sign * c.threats;
        }
        for i in 0..3 {
            f[26 + i] += sign * x[10 + i];
        }
        if bb_of(pos, color, Role::Queen).0 != 0 {
            f[29] += sign * c.given as i32;
        }
    }
    let mut mobility = [0; 2];
    let mut zone = [0; 2];
    for color in [Color::White, Color::Black] {
        let x = extra_king_features(pos, attacks, color);
        zone[color.index()] = x[0];
        mobility[color.index()] = x[7];
    }
    let base = evaluate_white(pos) - three_check_terms(pos, attacks, mobility, zone);
    (base, f, mover_threats)
}

/// Both sides' attacked squares, as [`evaluate_white`] computes them.
fn attack_maps(pos: &Position) -> [u64; 2] {
    attack_maps_twice(pos).0
}

/// Both sides' attacked squares and those attacked at least twice, as [`evaluate_white`]
/// computes them.
fn attack_maps_twice(pos: &Position) -> ([u64; 2], [u64; 2]) {
    let occ = pos.occupied();
    let mut attacks = [0u64; 2];
    let mut twice = [0u64; 2];
    for color in [Color::White, Color::Black] {
        let c = color.index();
        for role in Role::ALL {
            for sq in bb_of(pos, color, role) {
                let att = piece_attacks(color, role, sq, occ).0;
                twice[c] |= attacks[c] & att;
                attacks[c] |= att;
            }
        }
    }
    (attacks, twice)
}

/// Texel tuning of the Racing Kings terms (`--features tuning`, `examples/texel.rs`): for
/// `pos`, the evaluation without those terms, their features (White's count minus Black's:
/// one indicator per king rank 2-8, no free step, free steps, controlled path squares) and
/// the side to move's free steps onto the last rank (it wins, or draws, next move).
pub fn race_features(pos: &Position) -> (i32, [i32; 10], i32) {
    let attacks = attack_maps(pos);
    let mut f = [0i32; 10];
    let mut mover_goal = 0;
    for color in [Color::White, Color::Black] {
        let sign = if color == Color::White { 1 } else { -1 };
        let c = race_counts(pos, attacks, color);
        if c.rank > 0 {
            f[c.rank - 1] += sign;
        }
        f[7] += sign * i32::from(c.blocked);
        f[8] += sign * c.free;
        f[9] += sign * c.path;
        if color == pos.turn() && c.rank == 6 {
            mover_goal = c.free;
        }
    }
    let base = evaluate_white(pos) - race_terms(pos, attacks);
    (base, f, mover_goal)
}

/// Texel tuning of chess (`--features tuning`, `examples/texel.rs`): for `pos`, the
/// evaluation and the features of [`ChessCounts`], White's minus Black's, each twice: times the
/// game phase (0-24, the middle-game weight) and times 24 less it (the endgame weight).
pub fn chess_features(pos: &Position) -> (i32, [i32; 2 * CHESS_FEATURES], i32) {
    let attacks = attack_maps(pos);
    let phase = game_phase(pos);
    let mut f = [0i32; 2 * CHESS_FEATURES];
    for color in [Color::White, Color::Black] {
        let sign = if color == Color::White { 1 } else { -1 };
        let x = chess_counts(pos, attacks, color).features(color == pos.turn());
        for i in 0..CHESS_FEATURES {
            f[i] += sign * x[i] * phase;
            f[CHESS_FEATURES + i] += sign * x[i] * (24 - phase);
        }
    }
    (evaluate_white(pos), f, 0)
}

/// The game phase as [`evaluate_white`] computes it: 24 with every piece on, 0 in a pawn
/// ending.
fn game_phase(pos: &Position) -> i32 {
    Role::ALL
        .into_iter()
        .map(|r| PHASE[r as usize] * pos.role_bb(r).0.count_ones() as i32)
        .sum::<i32>()
        .min(24)
}

/// What [`hill_terms`] counts for `color`'s king: its closeness to the hill (7 less its king
/// steps to the nearest hill square, a step more for one the enemy attacks and another for one
/// it attacks twice) and its safe steps there. (Counted again here rather than shared: a shared
/// function cost the package bytes.)
fn hill_counts(pos: &Position, attacks: [u64; 2], twice: [u64; 2], color: Color) -> (i32, i32) {
    let k = pos.king(color);
    let enemy_att = attacks[color.other().index()];
    let enemy_twice = twice[color.other().index()];
    let best = HILL
        .into_iter()
        .map(|h| {
            king_distance(k, h)
                + i32::from(enemy_att & h.bb().0 != 0)
                + i32::from(enemy_twice & h.bb().0 != 0)
        })
        .min()
        .unwrap_or(8);
    let steps = safe_hill_steps(k, enemy_att, bb_of(pos, color, Role::Pawn).0);
    (7 - best.min(7), steps)
}

/// Texel tuning of King of the Hill (`--features tuning`, `examples/texel.rs`): the
/// evaluation without the hill terms, the chess features
/// ([`chess_features`]), then the hill's, White's minus Black's: the closeness to the hill
/// squared times 24 and times the endgame weight, and an indicator per safe-step count 1-6
/// times 24 and times the endgame weight; and whether the side to move can step onto the hill
/// safely at once.
pub fn hill_features(pos: &Position) -> (i32, [i32; 2 * CHESS_FEATURES + 14], i32) {
    let (attacks, twice) = attack_maps_twice(pos);
    let phase = game_phase(pos);
    let (_, chess, _) = chess_features(pos);
    let mut f = [0i32; 2 * CHESS_FEATURES + 14];
    f[..2 * CHESS_FEATURES].copy_from_slice(&chess);
    let h = 2 * CHESS_FEATURES;
    let mut mover = 0;
    for color in [Color::White, Color::Black] {
        let sign = if color == Color::White { 1 } else { -1 };
        let (closeness, steps) = hill_counts(pos, attacks, twice, color);
        f[h] += sign * closeness * closeness * 24;
        f[h + 1] += sign * closeness * closeness * (24 - phase);
        if (1..=6).contains(&steps) {
            f[h + 2 + steps as usize - 1] += sign * 24;
            f[h + 8 + steps as usize - 1] += sign * (24 - phase);
        }
        if color == pos.turn() && steps == 1 {
            mover = 1;
        }
    }
    let base = evaluate_white(pos) - hill_terms(pos, attacks, twice, phase);
    (base, f, mover)
}

/// Number of chess counts ([`ChessCounts::features`]).
pub const CHESS_FEATURES: usize = 16;

/// Chess counts tried as terms in session 23 (fitted, and weaker in play: docs/STRENGTH.md),
/// for `color`: rooks on open and half-open files and on the seventh rank, passed pawns (free
/// to advance; the kings' race to their stop square), the enemy king's check squares and
/// attacked neighbours, outposts, supported and phalanx pawns, own pawns on the bishops'
/// colour, minor pieces shielded by a pawn, and enemy rooks and queens attacked by minor pieces.
struct ChessCounts {
    rook_open: i32,
    rook_semi: i32,
    rook_seventh: i32,
    passed_free: i32,
    passed_king: i32,
    checks: CheckCounts,
    outposts: i32,
    connected: i32,
    bishop_pawns: i32,
    minor_behind: i32,
    minor_threats: i32,
    shield: i32,
    open_king: i32,
}

impl ChessCounts {
    /// The counts in the order `scripts/texel.py` names them: rooks on open files, on half-open files, on
    /// the seventh rank; passed pawns free to advance (by rank squared), the kings' race to
    /// the passers' stop squares (by rank); unguarded check squares, check squares, attacked
    /// neighbours of the enemy king; outposts, supported or phalanx pawns (by rank), own pawns
    /// on the bishops' colour, minor pieces behind a pawn, enemy rooks and queens attacked by
    /// minor pieces, shield files, pawnless files around the own king, and the side to move.
    fn features(&self, to_move: bool) -> [i32; CHESS_FEATURES] {
        [
            self.rook_open,
            self.rook_semi,
            self.rook_seventh,
            self.passed_free,
            self.passed_king,
            self.checks.safe,
            self.checks.threats,
            self.checks.ring,
            self.outposts,
            self.connected,
            self.bishop_pawns,
            self.minor_behind,
            self.minor_threats,
            self.shield,
            self.open_king,
            i32::from(to_move),
        ]
    }
}

fn chess_counts(pos: &Position, attacks: [u64; 2], color: Color) -> ChessCounts {
    let them = color.other();
    let pawns = bb_of(pos, color, Role::Pawn).0;
    let their_pawns = bb_of(pos, them, Role::Pawn).0;
    let heavy = bb_of(pos, them, Role::Rook).0 | bb_of(pos, them, Role::Queen).0;
    let occ = pos.occupied();
    let mut c = ChessCounts {
        rook_open: 0,
        rook_semi: 0,
        rook_seventh: 0,
        passed_free: 0,
        passed_king: 0,
        checks: check_counts(pos, attacks, color),
        outposts: 0,
        connected: 0,
        bishop_pawns: 0,
        minor_behind: 0,
        minor_threats: 0,
        shield: 0,
        open_king: pawnless_king_files(pos, color),
    };
    for sq in bb_of(pos, color, Role::Rook) {
        let file = Bitboard::file(sq.file()).0;
        if file & (pawns | their_pawns) == 0 {
            c.rook_open += 1;
        } else if file & pawns == 0 {
            c.rook_semi += 1;
        }
        if sq.relative_rank(color) == 6 {
            c.rook_seventh += 1;
        }
    }
    let our_pawn_att = pawn_attack_span(pos, color).0;
    let (own_k, their_k) = (pos.king(color), pos.king(them));
    for sq in bb_of(pos, color, Role::Pawn) {
        let rel = sq.relative_rank(color) as i32;
        let (file, adj) = (Bitboard::file(sq.file()).0, adjacent_files(sq));
        if their_pawns & (file | adj) & ranks_ahead(sq, color) == 0 && rel < 7 {
            let stop = Square::from_coords(sq.file(), (sq.rank() as i32 + forward(color)) as u8);
            if !occ.has(stop) {
                c.passed_free += rel * rel;
            }
            c.passed_king += rel * (king_distance(their_k, stop) - king_distance(own_k, stop));
        }
        let beside = adj & Bitboard::rank(sq.rank()).0;
        if pawns & beside != 0 || our_pawn_att & sq.bb().0 != 0 {
            c.connected += rel;
        }
    }
    for role in [Role::Knight, Role::Bishop] {
        for sq in bb_of(pos, color, role) {
            // An outpost: supported by a pawn, and no enemy pawn can ever attack it.
            if (3..=5).contains(&sq.relative_rank(color))
                && our_pawn_att & sq.bb().0 != 0
                && their_pawns & adjacent_files(sq) & ranks_ahead(sq, color) == 0
            {
                c.outposts += 1;
            }
            let front = (sq.rank() as i32 + forward(color)) as u8;
            if front < 8 && pawns & Square::from_coords(sq.file(), front).bb().0 != 0 {
                c.minor_behind += 1;
            }
            let att = piece_attacks(color, role, sq, occ).0;
            c.minor_threats += (att & heavy).count_ones() as i32;
        }
    }
    const DARK: u64 = 0xaa55_aa55_aa55_aa55;
    for sq in bb_of(pos, color, Role::Bishop) {
        let same = if DARK & sq.bb().0 != 0 { DARK } else { !DARK };
        c.bishop_pawns += (pawns & same).count_ones() as i32;
    }
    for f in king_files(own_k) {
        let file = pawns & Bitboard::file(f).0 & ranks_ahead(own_k, color);
        c.shield += file.count_ones().min(1) as i32;
    }
    c
}

/// The files beside `sq`'s.
fn adjacent_files(sq: Square) -> u64 {
    let f = sq.file();
    (if f > 0 { Bitboard::file(f - 1).0 } else { 0 })
        | (if f < 7 { Bitboard::file(f + 1).0 } else { 0 })
}

/// Every square on a rank in front of `sq` as `color` sees it.
fn ranks_ahead(sq: Square, color: Color) -> u64 {
    match color {
        Color::White if sq.rank() < 7 => !0u64 << ((sq.rank() as u32 + 1) * 8),
        Color::White => 0,
        Color::Black => (1u64 << (sq.rank() as u32 * 8)) - 1,
    }
}
