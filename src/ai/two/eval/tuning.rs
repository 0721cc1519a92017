//! Texel tuning support (`--features tuning`, `examples/texel.rs`, `scripts/texel.py`): the
//! features of a position that the variant terms of [`super`] weigh, and candidates that were
//! tried. Kept apart so the evaluation file holds only what the engine runs; a child module,
//! so it reads the terms' private counts without widening their visibility.

use super::{
    ZONE_SCALE, ZONE_WEIGHT, bb_of, check_counts, evaluate_white, king_files, pawn_attack_span,
    pawnless_king_files, piece_attacks, race_counts, race_terms, three_check_terms,
};
use crate::Role;
use crate::two::attacks::{king_attacks, knight_attacks};
use crate::two::{Bitboard, Color, Position};

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
    let occ = pos.occupied();
    let mut attacks = [0u64; 2];
    for color in [Color::White, Color::Black] {
        for role in Role::ALL {
            for sq in bb_of(pos, color, role) {
                attacks[color.index()] |= piece_attacks(color, role, sq, occ).0;
            }
        }
    }
    attacks
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
