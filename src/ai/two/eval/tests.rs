//! Unit tests of the evaluation: exchanges, the hill path, and chess's piece terms.

use super::*;
use crate::ai::position::SearchPosition;

/// [`piece_terms`] of the piece on `sq` in `fen` (chess).
fn terms_at(fen: &str, sq: &str) -> (i32, i32) {
    let pos = Position::from_fen(Variant::Chess, fen).unwrap();
    let sq = Square::parse(sq).unwrap();
    let (color, role) = pos.piece_at(sq).unwrap();
    let att = piece_attacks(color, role, sq, pos.occupied()).0;
    let pawns = |c: Color| bb_of(&pos, c, Role::Pawn).0;
    piece_terms(
        color,
        role,
        sq,
        att,
        pawns(color),
        pawns(color.other()),
        &pos,
    )
}

#[test]
fn rooks_want_files_without_their_own_pawns() {
    let open = terms_at("4k3/pp4pp/8/8/8/8/PP4PP/3RK3 w - - 0 1", "d1");
    let half_open = terms_at("4k3/pp1p2pp/8/8/8/8/PP4PP/3RK3 w - - 0 1", "d1");
    let closed = terms_at("4k3/pp1p2pp/8/8/8/8/PP1P2PP/3RK3 w - - 0 1", "d1");
    assert!(
        open.0 > half_open.0 && half_open.0 > closed.0,
        "{open:?} {half_open:?} {closed:?}"
    );
    assert_eq!(closed, (0, 0));
    // The same for Black, on its seventh rank too.
    let black = terms_at("4k3/8/8/8/8/8/r5PP/4K3 b - - 0 1", "a2");
    assert!(black.0 > open.0 && black.1 > open.1, "{black:?}");
}

#[test]
fn an_outpost_is_guarded_by_a_pawn_and_out_of_reach_of_enemy_pawns() {
    let outpost = terms_at("4k3/2p5/8/4N3/3P4/8/8/4K3 w - - 0 1", "e5");
    // A pawn on f7 can drive the knight away; without d4 nothing guards it.
    let chased = terms_at("4k3/5p2/8/4N3/3P4/8/8/4K3 w - - 0 1", "e5");
    let unguarded = terms_at("4k3/2p5/8/4N3/8/8/8/4K3 w - - 0 1", "e5");
    assert!(outpost.0 > 0 && outpost.1 > 0, "{outpost:?}");
    assert_eq!(chased, (0, 0));
    assert_eq!(unguarded, (0, 0));
    // Black's knight on d4 (its fifth rank), guarded by e5.
    let black = terms_at("4k3/8/8/4p3/3n4/8/5P2/4K3 b - - 0 1", "d4");
    assert_eq!(black, outpost);
}

#[test]
fn minor_pieces_attacking_rooks_and_queens_count_and_bishops_mind_their_pawns() {
    let quiet = terms_at("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", "c1");
    let fork = terms_at("4k3/8/8/8/8/q7/8/2B1K3 w - - 0 1", "c1");
    // c1 is a dark square: the pawns on b2 and d2 stand on its colour, a2 and b3 do not.
    let hemmed = terms_at("4k3/8/8/8/8/8/1P1P4/2B1K3 w - - 0 1", "c1");
    let light = terms_at("4k3/8/8/8/8/1P6/P7/2B1K3 w - - 0 1", "c1");
    assert_eq!(quiet, (0, 0));
    assert!(fork.0 > 0 && fork.1 > 0, "{fork:?}");
    assert!(hemmed.0 < 0 && hemmed.1 < 0, "{hemmed:?}");
    assert_eq!(light, (0, 0));
}

#[test]
fn a_passed_pawn_is_worth_more_with_its_own_king_near_its_path() {
    // The kings swap places: White's king next to the d5 pawn's stop square, or Black's.
    let near = "8/2K5/8/3P4/8/8/5k2/8 w - - 0 1";
    let far = "8/2k5/8/3P4/8/8/5K2/8 w - - 0 1";
    let structure = |fen: &str, classic: bool| {
        let pos = Position::from_fen(Variant::Chess, fen).unwrap();
        let (mut mg, mut eg) = (0, 0);
        pawn_structure(&pos, Color::White, classic, &mut mg, &mut eg);
        (mg, eg)
    };
    assert_eq!(structure(near, false), structure(far, false));
    assert!(structure(near, true).1 > structure(near, false).1);
    assert!(structure(far, true).1 < structure(far, false).1);
}

fn see(fen: &str, uci: &str, threshold: i32) -> bool {
    let pos = Position::from_fen(Variant::Chess, fen).unwrap();
    let m = pos.parse_uci(uci).unwrap();
    see_ge(&pos, m, threshold)
}

#[test]
fn exchange_on_a_defended_pawn_loses_the_queen() {
    // Qxd5 is met by exd5.
    let fen = "4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1";
    assert!(!see(fen, "d1d5", 0));
    // The pawn alone is worth taking when nothing defends it.
    let fen = "4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1";
    assert!(see(fen, "d1d5", 0));
    assert!(see(fen, "d1d5", 100));
    assert!(!see(fen, "d1d5", 101));
}

#[test]
fn exchange_counts_x_ray_recaptures() {
    // Rxd5 Rxd5 Rxd5: the rook behind the first one wins the pawn in the end.
    let fen = "3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1";
    assert!(see(fen, "d2d5", 0));
    // Without the second rook the exchange costs a rook for a pawn.
    let fen = "3rk3/8/8/3p4/8/8/3R4/4K3 w - - 0 1";
    assert!(!see(fen, "d2d5", 0));
}

#[test]
fn a_king_cannot_recapture_into_a_defended_square() {
    // Nxf7 Kxf7 is impossible while the bishop on c4 guards f7, so the knight wins a pawn.
    let fen = "4k3/5p2/8/6N1/2B5/8/8/4K3 w - - 0 1";
    assert!(see(fen, "g5f7", 100));
    // Without the bishop the king takes the knight back.
    let fen = "4k3/5p2/8/6N1/8/8/8/4K3 w - - 0 1";
    assert!(!see(fen, "g5f7", 0));
}

#[test]
fn safe_hill_steps_go_around_attacked_squares() {
    let e2 = Square::parse("e2").unwrap();
    // Open board: e2-e3-e4 is two steps.
    assert_eq!(safe_hill_steps(e2, 0, 0), 2);
    // The enemy covers the whole third rank: no safe path today.
    assert_eq!(safe_hill_steps(e2, Bitboard::rank(2).0, 0), 8);
    // Our own pawns on d3, e3 and f3 force a detour through c3 or g3.
    let pawns = ["d3", "e3", "f3"]
        .iter()
        .fold(0, |b, s| b | Square::parse(s).unwrap().bb().0);
    assert_eq!(safe_hill_steps(e2, 0, pawns), 3);
    // Attacked hill squares do not count; d4/e4 covered leaves d5/e5, three steps away.
    let covered = Square::parse("d4").unwrap().bb().0 | Square::parse("e4").unwrap().bb().0;
    assert_eq!(safe_hill_steps(e2, covered, 0), 3);
}

/// A hill square the enemy guards twice is a step further than one it guards once: with
/// every hill square guarded, White's king on e3 is two steps from the hill (one to d4 or e4,
/// one to clear the guard), three when each is guarded twice.
#[test]
fn a_hill_square_guarded_twice_is_further_away() {
    let pos = Position::from_fen(Variant::KingOfTheHill, "7k/8/8/8/8/4K3/8/8 w - - 0 1").unwrap();
    // Black's attack maps: every hill square attacked, and then every one attacked twice.
    let black_on_hill = [0, HILL.0];
    let guarded_once = hill_terms(&pos, black_on_hill, [0, 0], 0);
    let guarded_twice = hill_terms(&pos, black_on_hill, black_on_hill, 0);
    // Closeness 7 - 2 = 5 against 7 - 3 = 4, squared, times the endgame scale 126 / 10.
    assert_eq!(guarded_once - guarded_twice, 25 * 126 / 10 - 16 * 126 / 10);
}

#[test]
fn pawn_attack_sides_give_each_pawns_attacks_and_those_two_share() {
    // Pawns on both edge files and in the middle, for both colours, so a shift that wrapped
    // around a board edge would show.
    for fen in [
        "4k3/p6p/1p4p1/3pp3/3PP3/1P4P1/P6P/4K3 w - - 0 1",
        "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1",
        "4k3/7P/P7/8/8/p7/7p/4K3 w - - 0 1",
    ] {
        let pos = Position::from_fen(Variant::Chess, fen).unwrap();
        for color in [Color::White, Color::Black] {
            let (mut each, mut shared) = (0u64, 0u64);
            for sq in bb_of(&pos, color, Role::Pawn) {
                shared |= each & pawn_attacks(color, sq).0;
                each |= pawn_attacks(color, sq).0;
            }
            assert_eq!(pawn_attack_span(&pos, color).0, each, "{fen} {color:?}");
            let [a, h] = pawn_attack_sides(&pos, color);
            assert_eq!(a & h, shared, "{fen} {color:?}");
        }
    }
}

#[test]
fn the_pawn_cache_returns_what_a_fresh_computation_gives() {
    // Games of every variant, moves picked by a fixed arithmetic sequence: king walks with
    // the pawns standing still, captures and promotions all change what the cache must tell
    // apart, and the four variants share one thread's cache.
    let mut checked = 0;
    for (k, variant) in [
        Variant::Chess,
        Variant::ThreeCheck,
        Variant::KingOfTheHill,
        Variant::RacingKings,
    ]
    .into_iter()
    .enumerate()
    {
        let classic = matches!(variant, Variant::Chess | Variant::KingOfTheHill);
        for game in 0..20usize {
            let mut pos = Position::new(variant);
            for ply in 0..120usize {
                let mut fresh = [0; 4];
                for color in [Color::White, Color::Black] {
                    let (mut mg, mut eg) = (0, 0);
                    pawn_structure(&pos, color, classic, &mut mg, &mut eg);
                    fresh[2 * color.index()] = mg;
                    fresh[2 * color.index() + 1] = eg;
                }
                assert_eq!(pawn_terms(&pos, classic), fresh, "{}", pos.fen());
                // Asked twice: the second answer comes from the cache.
                assert_eq!(pawn_terms(&pos, classic), fresh, "{}", pos.fen());
                checked += 1;
                let moves = pos.legal_moves();
                if moves.is_empty() || pos.decided().is_some() {
                    break;
                }
                pos.play(moves[(game * 7 + ply * 13 + k) % moves.len()]);
            }
        }
    }
    assert!(checked > 2_000, "{checked}");
    // The same pawns with the kings swapped: the race to the passer's path differs.
    let near = Position::from_fen(Variant::Chess, "8/2K5/8/3P4/8/8/5k2/8 w - - 0 1").unwrap();
    let far = Position::from_fen(Variant::Chess, "8/2k5/8/3P4/8/8/5K2/8 w - - 0 1").unwrap();
    let (a, b) = (pawn_terms(&near, true), pawn_terms(&far, true));
    assert!(a[1] > b[1], "{a:?} {b:?}");
}
