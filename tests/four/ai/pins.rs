//! Search results pinned exactly: best move, score, depth, node count, line and MultiPV lines
//! of fixed-depth and fixed-node searches, for free-for-all, Four Kingdoms and Teams, from
//! the start and from two positions reached by seeded random moves.
//!
//! The search is deterministic given its budget in depth or nodes, so any change to what it
//! visits, in what order, or how it scores shows here. The expected values were printed by
//! main before the search was split into files and the root loops of best-reply search and
//! the Teams search became one (session 40): a refactor of the search must leave every one of
//! them as it is. Change them only with a change meant to alter play, and say so in its
//! commit.

use crate::pins::{by_nodes, check, show, to_depth};
use tablero::four::{FourGame, Move, Rules, Seat};
use tablero::rng::SplitMix64;

/// `g` after `plies` random legal moves drawn with `seed` (fewer if the game ends first).
fn walk(mut g: FourGame, plies: usize, seed: u64) -> FourGame {
    let mut rng = SplitMix64::new(seed);
    for _ in 0..plies {
        let moves = g.legal_uci(None).unwrap();
        if moves.is_empty() {
            break;
        }
        let m = &moves[rng.below(moves.len() as u64) as usize];
        g.play(m).unwrap();
    }
    g
}

/// A move as UCI text (`h2h4`, `h7h8q`).
fn text(m: &Move) -> String {
    let promo = m
        .promotion()
        .map(|r| r.char().to_string())
        .unwrap_or_default();
    format!("{}{}{promo}", m.from(), m.to())
}

/// Every search of the table, one line each: `game position mode: result`.
fn searches() -> Vec<String> {
    let mut out = Vec::new();
    for (name, rules) in [
        ("ffa", Rules::Ffa),
        ("kingdoms", Rules::Kingdoms),
        ("teams", Rules::Teams),
    ] {
        let start = FourGame::new(rules, Seat::Red, None, 5);
        let positions = [
            start.clone(),
            walk(start.clone(), 12, 1),
            walk(start, 30, 2),
        ];
        for (i, g) in positions.iter().enumerate() {
            let pos = g.position();
            let depth = |d, lines| {
                let (opts, scope) = to_depth(d, lines);
                tablero::ai::four::analyse_scoped(pos, &opts, &scope).unwrap()
            };
            let nodes =
                |level, n| tablero::ai::four::choose_move(pos, &by_nodes(level, n)).unwrap();
            for (mode, c) in [
                ("depth 4", depth(4, None)),
                ("depth 3 multipv 3", depth(3, Some(3))),
                ("level 3, 8000 nodes", nodes(3, 8_000)),
                ("level 5, 8000 nodes", nodes(5, 8_000)),
                ("level 8, 30000 nodes", nodes(8, 30_000)),
            ] {
                out.push(format!("{name} p{i} {mode}: {}", show(&c, text)));
            }
        }
    }
    out
}

const EXPECTED: &[&str] = &[
    "ffa p0 depth 4: j2j3 -10 d4 n8219 pv j2j3",
    "ffa p0 depth 3 multipv 3: e1f3 5 d3 n9353 pv e1f3 | 5: e1f3, 5: e1d3, 5: j1k3",
    "ffa p0 level 3, 8000 nodes: j1i3 17 d3 n7094 pv e1f3",
    "ffa p0 level 5, 8000 nodes: h2h3 5 d2 n8000 pv e1f3",
    "ffa p0 level 8, 30000 nodes: j2j3 -55 d4 n30000 pv j2j3",
    "ffa p1 depth 4: e4e5 -74 d4 n20305 pv e4e5",
    "ffa p1 depth 3 multipv 3: i1n6 -47 d3 n30411 pv i1n6 | -47: i1n6, -55: f1d3, -56: f1e2",
    "ffa p1 level 3, 8000 nodes: f1d3 -54 d2 n8000 pv i1n6",
    "ffa p1 level 5, 8000 nodes: f1d3 -47 d2 n8000 pv i1n6",
    "ffa p1 level 8, 30000 nodes: e4e5 -74 d4 n30000 pv e4e5",
    "ffa p2 depth 4: e13e12 -1443 d4 n10419 pv e13e12",
    "ffa p2 depth 3 multipv 3: e13e12 -1443 d3 n12032 pv e13e12 | -1443: e13e12, -1472: d13d11, -1568: h13h12",
    "ffa p2 level 3, 8000 nodes: d13d12 -324 d2 n8000 pv m11m10",
    "ffa p2 level 5, 8000 nodes: e13e12 -1443 d2 n8000 pv e13e12",
    "ffa p2 level 8, 30000 nodes: e13e12 -1443 d4 n30000 pv e13e12",
    "kingdoms p0 depth 4: j2j3 -10 d4 n7718 pv j2j3",
    "kingdoms p0 depth 3 multipv 3: e1f3 5 d3 n9339 pv e1f3 | 5: e1f3, 5: e1d3, 5: j1k3",
    "kingdoms p0 level 3, 8000 nodes: j1i3 17 d3 n7089 pv e1f3",
    "kingdoms p0 level 5, 8000 nodes: h2h3 5 d2 n8000 pv e1f3",
    "kingdoms p0 level 8, 30000 nodes: j2j3 -55 d4 n30000 pv j2j3",
    "kingdoms p1 depth 4: g1k5 -26 d4 n19432 pv g1k5",
    "kingdoms p1 depth 3 multipv 3: g1k5 2 d3 n39851 pv g1k5 | 2: g1k5, -25: d4c5, -91: i1g3",
    "kingdoms p1 level 3, 8000 nodes: g1k5 -18 d2 n8000 pv g1k5",
    "kingdoms p1 level 5, 8000 nodes: g1k5 2 d2 n8000 pv g1k5",
    "kingdoms p1 level 8, 30000 nodes: g1k5 -26 d4 n30000 pv g1k5",
    "kingdoms p2 depth 4: i12k10 1035 d4 n9493 pv i12k10",
    "kingdoms p2 depth 3 multipv 3: i12k10 1086 d3 n46079 pv i12k10 | 1086: i12k10, -164: i12g12, -166: i12h12",
    "kingdoms p2 level 3, 8000 nodes: i12k10 1067 d2 n8000 pv i12k10",
    "kingdoms p2 level 5, 8000 nodes: i12k10 1087 d2 n8000 pv i12k10",
    "kingdoms p2 level 8, 30000 nodes: i12k10 1035 d4 n30000 pv i12k10",
    "teams p0 depth 4: f2f3 0 d4 n4895 pv f2f3",
    "teams p0 depth 3 multipv 3: f2f3 68 d3 n1023 pv f2f3 | 68: f2f3, 68: f2f4, 63: h2h3",
    "teams p0 level 3, 8000 nodes: e1f3 14 d3 n1075 pv e1f3",
    "teams p0 level 5, 8000 nodes: h2h3 33 d4 n8000 pv h2h3",
    "teams p0 level 8, 30000 nodes: f2f3 -5 d5 n30000 pv f2f3",
    "teams p1 depth 4: i1n6 132 d4 n11433 pv i1n6",
    "teams p1 depth 3 multipv 3: i1n6 132 d3 n4320 pv i1n6 | 132: i1n6, 132: i1l4, 127: i1m5",
    "teams p1 level 3, 8000 nodes: i1n6 115 d3 n3430 pv i1n6",
    "teams p1 level 5, 8000 nodes: i1n6 132 d3 n8000 pv i1n6",
    "teams p1 level 8, 30000 nodes: i1n6 132 d4 n30000 pv i1n6",
    "teams p2 depth 4: k11d4 1455 d4 n19186 pv k11d4",
    "teams p2 depth 3 multipv 3: k11d4 1455 d3 n6434 pv k11d4 | 1455: k11d4, 110: d14d13, -89: k11h8",
    "teams p2 level 3, 8000 nodes: k11d4 1455 d3 n5624 pv k11d4",
    "teams p2 level 5, 8000 nodes: k11d4 1455 d3 n8000 pv k11d4",
    "teams p2 level 8, 30000 nodes: k11d4 1455 d4 n30000 pv k11d4",
];

#[test]
fn search_results_are_pinned() {
    check(&searches(), EXPECTED);
}
