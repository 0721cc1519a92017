//! Search results pinned exactly: best move, score, depth, node count, line and MultiPV lines
//! of fixed-depth and fixed-node searches, for every two-player game, from its start and from
//! two positions reached by seeded random moves.
//!
//! The search is deterministic given its budget in depth or nodes, so any change to what it
//! visits, in what order, or how it scores shows here. The expected values were printed by
//! main before the search was split into files (session 40): a refactor of the search must
//! leave every one of them as it is. Change them only with a change meant to alter play, and
//! say so in its commit.

use crate::pins::{by_nodes, check, show, to_depth};
use tablero::rng::SplitMix64;
use tablero::two::TwoGame as Game;
use tablero::two::Variant;

/// `g` after `plies` random legal moves drawn with `seed` (fewer if the game ends first).
fn walk(mut g: Game, plies: usize, seed: u64) -> Game {
    let mut rng = SplitMix64::new(seed);
    for _ in 0..plies {
        let moves = g.legal_moves();
        if moves.is_empty() || g.check_playable().is_err() {
            break;
        }
        let m = moves[rng.below(moves.len() as u64) as usize];
        g.play(m).unwrap();
    }
    g
}

/// Every search of the table, one line each: `game position mode: result`.
fn searches() -> Vec<String> {
    let games = [
        ("chess", Game::new(Variant::Chess)),
        ("chess960", Game::chess960(None, 318).unwrap()),
        ("3check", Game::new(Variant::ThreeCheck)),
        ("kingofthehill", Game::new(Variant::KingOfTheHill)),
        ("racingkings", Game::new(Variant::RacingKings)),
    ];
    let mut out = Vec::new();
    for (name, start) in games {
        let positions = [
            start.clone(),
            walk(start.clone(), 12, 1),
            walk(start, 30, 2),
        ];
        for (i, g) in positions.iter().enumerate() {
            let (pos, hashes) = (g.position(), g.hashes());
            let depth = |d, lines| {
                let (opts, scope) = to_depth(d, lines);
                tablero::ai::two::analyse_scoped(pos, &hashes, &opts, &scope).unwrap()
            };
            let nodes = |level, n| {
                tablero::ai::two::choose_move(pos, &hashes, &by_nodes(level, n)).unwrap()
            };
            for (mode, c) in [
                ("depth 7", depth(7, None)),
                ("depth 5 multipv 3", depth(5, Some(3))),
                ("level 3, 20000 nodes", nodes(3, 20_000)),
                ("level 8, 60000 nodes", nodes(8, 60_000)),
            ] {
                out.push(format!("{name} p{i} {mode}: {}", show(&c, |m| m.uci())));
            }
        }
    }
    out
}

const EXPECTED: &[&str] = &[
    "chess p0 depth 7: g1f3 27 d7 n5040 pv g1f3 g8f6 b1c3 b8c6 e2e3 e7e6 d2d4",
    "chess p0 depth 5 multipv 3: g1f3 32 d5 n2448 pv g1f3 g8f6 b1c3 d7d6 e2e3 | 32: g1f3 g8f6 b1c3 d7d6 e2e3, 32: b1c3 g8f6 g1f3 d7d6 e2e3, 31: e2e3 g8f6 b1c3 d7d5 g1f3",
    "chess p0 level 3, 20000 nodes: g1f3 35 d3 n859 pv g1f3 g8f6 b1c3 | 35: g1f3 g8f6 b1c3, 35: b1c3 g8f6 g1f3, 32: e2e3 g8f6 b1c3, 32: d2d3 b8c6 g1f3",
    "chess p0 level 8, 60000 nodes: e2e4 12 d9 n60000 pv e2e4 e7e5 g1f3 g8f6 f1d3 f8d6 b1c3 e8g8 e1g1 b8c6",
    "chess p1 depth 7: g4g5 100 d7 n6399 pv g4g5 f6e6 d2d4 b8c6 d4e5 c6e5 e1g1",
    "chess p1 depth 5 multipv 3: d2d4 108 d5 n5750 pv d2d4 e5d4 g4g5 f6g6 c3d4 | 108: d2d4 e5d4 g4g5 f6g6 c3d4, 93: g4g5 f6d6 d2d4 b8c6 e1g1, -44: g4h5 e5e4 f3d4 c7c5 d4c2",
    "chess p1 level 3, 20000 nodes: g4g5 88 d3 n1965 pv g4g5 f6d6 d2d4 | 88: g4g5 f6d6 d2d4, 48: d2d4 e5d4 c1g5, -17: g4h5 d7d6 d2d4, -24: h2h3 h5g4 h3g4",
    "chess p1 level 8, 60000 nodes: g4g5 71 d11 n60000 pv g4g5 f6f5 d2d3 b8c6 e2e4 f5g6 e1g1 d7d6 f3h4 g6h7 c1e3",
    "chess p2 depth 7: d5c6 -852 d7 n8988 pv d5c6 d7c6 e3d2 e7e5 c4b5 c6b5 d1e1 f8c5",
    "chess p2 depth 5 multipv 3: d5c6 -819 d5 n8248 pv d5c6 d7c6 e3d2 e7e5 a4b5 c6b5 | -819: d5c6 d7c6 e3d2 e7e5 a4b5 c6b5, -909: e3f4 c6a5 d5d6 e7e5 f4g5, -934: e3d2 c6d4 a4b5 e7e5 d5e6",
    "chess p2 level 3, 20000 nodes: e3f4 -811 d3 n2268 pv e3f4 c6d4 a4b5 | -811: e3f4 c6d4 a4b5, -882: d5c6 d7c6 e3d2 b5c4, -954: e3c5 c6e5 c4b5, -960: e3f2 c6e5 c4b5",
    "chess p2 level 8, 60000 nodes: e3f4 -797 d9 n60000 pv e3f4 c6a5 a4b5 a5c4 e2e4 c4d6 d1e1 h7h8 a1a8",
    "chess960 p0 depth 7: a1b3 41 d7 n2961 pv a1b3 a8b6 h1g3 d8c8 d1c1 h8g6 e2e4",
    "chess960 p0 depth 5 multipv 3: a1b3 48 d5 n1736 pv a1b3 a8b6 d1c1 d8c8 h1g3 | 48: a1b3 a8b6 d1c1 d8c8 h1g3, 48: d1c1 a8b6 a1b3 d8c8 h1g3, 48: h1g3 a8b6 a1b3 d8c8 d1c1",
    "chess960 p0 level 3, 20000 nodes: d1c1 70 d3 n707 pv a1b3 a8b6 d1c1 | 70: a1b3 a8b6 d1c1, 70: d1c1 a8b6 a1b3, 48: h1g3 a8b6 a1b3, 27: e2e3 a8b6 a1b3",
    "chess960 p0 level 8, 60000 nodes: a1b3 5 d12 n60000 pv a1b3 a8b6 h1g3 d8c8 d1c1 h8g6 c2c3 e7e5 g3f5 d7d5 e2e4 g6f4",
    "chess960 p1 depth 7: d2c1 -53 d7 n34066 pv d2c1 h5g4 d4e5 a8b6 g1h2 h8g6 a1b3",
    "chess960 p1 depth 5 multipv 3: g1h2 -48 d5 n12410 pv g1h2 h8g6 a1b3 a8b6 g4h5 | -48: g1h2 h8g6 a1b3 a8b6 g4h5, -53: d2c1 a8b6 g1h2 h8g6 a1b3, -68: a1b3 a8c7 g1h2 a5a4 b3c5",
    "chess960 p1 level 3, 20000 nodes: a1b3 -54 d3 n3429 pv a1b3 a8c7 g4g5 | -54: a1b3 a8c7 g4g5, -59: d2c1 a8c7 a1b3, -70: g1h2 a8c7 a1b3, -75: g4g5 h8g6 g1h2",
    "chess960 p1 level 8, 60000 nodes: d2c1 -87 d8 n60000 pv d2c1 h5g4 e2e3 a5a4 g1h2 a8c7 h2e5 h8g6 e5g3",
    "chess960 p2 depth 7: a1a2 -810 d7 n10226 pv a1a2 e4c3 b2c3 g4h3 a2b2 f4g3 f2g3 a8c7",
    "chess960 p2 depth 5 multipv 3: a1a2 -765 d5 n7698 pv a1a2 e4c3 b2c3 g4h3 a2b2 f4f3 | -765: a1a2 e4c3 b2c3 g4h3 a2b2 f4f3, -809: e1e4 a2d5 h3g2 f4f3 e4d4, -900: h5f4 h6f4 e1e4 a2d5 e4f4",
    "chess960 p2 level 3, 20000 nodes: a1a2 -754 d3 n2888 pv e1e4 a2d5 e4d4 | -754: e1e4 a2d5 e4d4, -755: a1a2 e4c3 b2c3 g4h3, -925: h5f4 h6f4 e1e4, -939: h3g4 a2d5 c2b4",
    "chess960 p2 level 8, 60000 nodes: a1a2 -842 d9 n60000 pv a1a2 b8e5 h3g4 f4g3 f2f4 e5d5 d1c1 g3g2 g1d4",
    "3check p0 depth 7: b1c3 77 d7 n10061 pv b1c3 b8c6 d2d4 e7e5 d4e5 c6e5 d1d4",
    "3check p0 depth 5 multipv 3: e2e4 101 d5 n5619 pv e2e4 e7e6 b1c3 d8g5 c3b5 | 101: e2e4 e7e6 b1c3 d8g5 c3b5, 101: b1c3 e7e6 e2e4 d8g5 c3b5, 75: e2e3 e7e6 d1g4 h7h5 g4d4",
    "3check p0 level 3, 20000 nodes: e2e4 143 d3 n1209 pv e2e4 e7e6 f1b5 | 143: e2e4 e7e6 f1b5, 129: e2e3 e7e6 f1b5, 99: b1c3 e7e6 e2e3, 91: g1f3 e7e6 f3e5",
    "3check p0 level 8, 60000 nodes: b1c3 41 d9 n60000 pv b1c3 b8c6 e2e3 e7e6 d2d4 g8f6 a2a3 d7d5 f1b5 c8d7",
    "3check p1 depth 7: g4g5 97 d7 n4970 pv g4g5 f6d6 d2d4 b8c6 g2h3 e5d4 c3d4",
    "3check p1 depth 5 multipv 3: g4g5 92 d5 n7508 pv g4g5 f6e6 d2d4 e5d4 d1d4 | 92: g4g5 f6e6 d2d4 e5d4 d1d4, 54: d2d4 e5e4 g4g5 e4f3 g5f6, -179: g2h3 h5g4 h3g4 e7f5 d2d4",
    "3check p1 level 3, 20000 nodes: d2d4 -9 d3 n2100 pv d2d4 e5d4 c1g5 | -9: d2d4 e5d4 c1g5, -36: g4g5 f6f4 d2d4, -110: g4h5 h8h5 d2d4, -138: g2h3 h5g4 h3g4",
    "3check p1 level 8, 60000 nodes: g4g5 68 d9 n60000 pv g4g5 f6f5 d2d4 e5d4 e1g1 b8c6 c3d4 e7d5 b3b4",
    "3check p2 depth 7: e3f4 -852 d7 n18175 pv e3f4 e7e5 f4g5 g8f6 a4b5 c6d4 e2e4",
    "3check p2 depth 5 multipv 3: e3c5 -935 d5 n11627 pv e3c5 e7e6 c5f8 e8f8 a4b5 | -935: e3c5 e7e6 c5f8 e8f8 a4b5, -958: e3f2 e7e5 b1d2 b5c4 d5c6, -979: e3f4 b5c4 f4d2 c6d4 e2e4",
    "3check p2 level 3, 20000 nodes: e3f4 -905 d3 n3775 pv e3f4 e7e5 f4g5 | -905: e3f4 e7e5 f4g5, -940: e3d2 e7e5 d5c6, -985: e3c5 e7e6 c5f8, -1007: e3f2 b5c4 b1d2",
    "3check p2 level 8, 60000 nodes: e3f4 -887 d9 n60000 pv e3f4 e7e5 f4g5 f8e7 a4b5 c6d4 e2e3 e7g5 h4g5 d4f5",
    "kingofthehill p0 depth 7: d2d4 29 d7 n6023 pv d2d4 d7d5 b1c3 b8c6 g1f3 g8f6 c1f4",
    "kingofthehill p0 depth 5 multipv 3: d2d4 52 d5 n3974 pv d2d4 d7d5 b1c3 b8c6 e2e4 | 52: d2d4 d7d5 b1c3 b8c6 e2e4, 52: b1c3 d7d5 d2d4 b8c6 e2e4, 38: g1f3 d7d5 d2d4 b8c6 b1c3",
    "kingofthehill p0 level 3, 20000 nodes: b1c3 63 d3 n1369 pv d2d4 d7d5 b1c3 | 63: d2d4 d7d5 b1c3, 63: b1c3 d7d5 d2d4, 58: g1f3 d7d5 d2d3, 36: e2e3 d7d5 g1f3",
    "kingofthehill p0 level 8, 60000 nodes: d2d4 27 d10 n60000 pv d2d4 d7d5 b1c3 g8f6 g1f3 b8c6 f3e5 c6e5 d4e5 d5d4 e5f6",
    "kingofthehill p1 depth 7: g4g5 70 d7 n9366 pv g4g5 f6e6 d2d4 e5d4 e1g1 b8c6 f3d4",
    "kingofthehill p1 depth 5 multipv 3: g4g5 67 d5 n5879 pv g4g5 f6f5 d2d4 d7d6 f3h4 | 67: g4g5 f6f5 d2d4 d7d6 f3h4, 58: d2d4 h5g4 f3e5 d7d6 e5c4, -131: h2h3 h5g4 h3g4 h8h1 g2h1 f6f4",
    "kingofthehill p1 level 3, 20000 nodes: g4g5 48 d3 n2198 pv d2d4 e5d4 c1g5 | 48: d2d4 e5d4 c1g5, 39: g4g5 f6f5 d2d4, -50: d2d3 h5g4 c1g5, -55: g4h5 e5e4 f3d4",
    "kingofthehill p1 level 8, 60000 nodes: g4g5 16 d9 n60000 pv g4g5 f6e6 e1g1 b8c6 d2d4 e5e4 f3e1 d7d5 c1f4 e7g6",
    "kingofthehill p2 depth 7: e3f4 -787 d7 n10705 pv e3f4 e7e5 f4d2 g8f6 d5c6 d7c6 e2e4",
    "kingofthehill p2 depth 5 multipv 3: e3f4 -808 d5 n6384 pv e3f4 e7e5 f4g3 c6a5 c4b5 | -808: e3f4 e7e5 f4g3 c6a5 c4b5, -865: e3d2 c6e5 c4b5 e7e6 d2f4, -879: d5c6 d7c6 e3d2 c8f5 a4b5 c6b5",
    "kingofthehill p2 level 3, 20000 nodes: e3f4 -824 d3 n2762 pv e3f4 e7e5 d5c6 | -824: e3f4 e7e5 d5c6, -912: d5c6 d7c6 e3d2 b5c4, -940: e3d2 c6d4 a4b5, -960: e3c5 c6e5 c4b5",
    "kingofthehill p2 level 8, 60000 nodes: e3f4 -783 d10 n60000 pv e3f4 e7e5 f4g5 g8f6 d5c6 d7c6 d1c1 b5c4 a4a5 b4b3 a5a6 b7b8",
    "racingkings p0 depth 7: h2h3 63 d7 n16656 pv h2h3 a2a3 h3g4 d2f1 e2c1 f1g3 f2g3",
    "racingkings p0 depth 5 multipv 3: h2h3 134 d5 n7739 pv h2h3 d2f1 e1c2 a2b3 f2d4 | 134: h2h3 d2f1 e1c2 a2b3 f2d4, 83: h2g3 a2a3 h1h4 d1f2 g2f2, 26: e1c2 b2c2 f2d4 c1b2 g2g4",
    "racingkings p0 level 3, 20000 nodes: h2h3 172 d3 n2090 pv h2h3 a2a3 g2g4 | 172: h2h3 a2a3 g2g4, 98: e1c2 d1f2 h2g3, 98: f2c5 a2b3 g2g4, 83: h2g3 a2a3 h1h4",
    "racingkings p0 level 8, 60000 nodes: h2h3 58 d9 n60000 pv h2h3 d2f1 g1f1 d1e3 e1c2 b2c2 f1c1 e3g2 c1b1",
    "racingkings p1 depth 7: d5f5 20 d7 n11937 pv d5f5 a2a3 h2h3 b3c5 f5c5 c2f2 g3f5",
    "racingkings p1 depth 5 multipv 3: d5f5 -30 d5 n6861 pv d5f5 b3d4 f1d3 d4f5 g3f5 | -30: d5f5 b3d4 f1d3 d4f5 g3f5, -147: f1d3 c2b2 d5e5 a2a3 d3b1, -207: d5d6 a2a3 f1d3 a8f8 h1c6",
    "racingkings p1 level 3, 20000 nodes: d5d7 -173 d3 n1673 pv d5d7 a2a3 h1b7 | -173: d5d7 a2a3 h1b7, -190: f1d3 c3d5 d3c2, -236: d5e5 a2a3 g3f5, -264: h2h3 c3d5 h1f3",
    "racingkings p1 level 8, 60000 nodes: d5f5 -14 d10 n60000 pv d5f5 c2d2 h1f3 a8f3 f5f3 a2a3 h2h3 d2f2 f3f2 c1e3 g1g2 e3f2 g2f2",
    "racingkings p2 depth 7: h1b7 2140 d7 n3502 pv h1b7 a2a3 g1d1 a3b4 d2b3 f8f4 d1c1",
    "racingkings p2 depth 5 multipv 3: h1b7 2101 d5 n4573 pv h1b7 a2a3 a5c6 c1d2 h2d2 | 2101: h1b7 a2a3 a5c6 c1d2 h2d2, 1988: a5b7 c1d2 f4d2 d1c3 h1f3, 1736: h1c6 c1d2 f4d2 b7b5 c6b5",
    "racingkings p2 level 3, 20000 nodes: h1b7 2166 d3 n1860 pv h1b7 a2a3 g1d1 | 2166: h1b7 a2a3 g1d1, 1923: a5b7 c1d2 f4d2, 1767: f4d6 b7b5 d6f8, 1681: h2h5 c1d2 h1b7",
    "racingkings p2 level 8, 60000 nodes: h1b7 2225 d11 n60000 pv h1b7 a2a3 g1d1 a3b4 b7b6 c1b2 f4e5 e6d7 e5b2 d7b5 g3g4 b4a4",
];

#[test]
fn search_results_are_pinned() {
    check(&searches(), EXPECTED);
}
