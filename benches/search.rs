//! Native search speed: nodes per second of a fixed-node level-8 search, per game type.
//!
//! ```text
//! cargo bench --bench search                 # all game types
//! cargo bench --bench search -- racing       # only cases whose name contains a word
//! BENCH_NODES=2000000 cargo bench --bench search
//! cargo bench --bench search -- --starts     # the fixed searches of search-wasm.mjs, natively
//! cargo bench --bench search -- --starts --game racingkings   # one of them (for a profiler)
//! ```
//!
//! `--starts` runs exactly the work of `node benches/search-wasm.mjs --nodes-only`: a level-8
//! `aiMove({nodes, seed: 1})` from each start position (400 000 nodes, 100 000 for four
//! players), five rounds, median and best milliseconds, so the two tables compare wasm with
//! native on identical trees (`benches/search-compare.sh` runs both).
//!
//! Each case searches its positions (the start position and a middle-game position) with a
//! node budget, three times, and reports the median nodes per second. The counts are the
//! search's own (quiescence nodes included), so they compare runs of this engine, not engines.

use std::hint::black_box;

use tablero::ai::{AiOptions, now_ms};
use tablero::four::{FourGame, Rules, Seat};
use tablero::two::TwoGame as Game;
use tablero::two::Variant;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

/// Whether `--starts` runs game `name`: every game, or those named by `--game NAME` (for a
/// profiler run of one game).
fn wanted(name: &str) -> bool {
    let args: Vec<String> = std::env::args().collect();
    let chosen: Vec<&String> = args
        .windows(2)
        .filter(|w| w[0] == "--game")
        .map(|w| &w[1])
        .collect();
    chosen.is_empty() || chosen.iter().any(|g| *g == name)
}

/// `--starts`: the native twin of `search-wasm.mjs --nodes-only`.
fn starts() {
    let rounds = 5;
    println!("| game | nodes | move | ms (median) | ms (best) |");
    println!("|---|---:|---|---:|---:|");
    let opts = |nodes| AiOptions {
        level: 8,
        time_ms: None,
        nodes: Some(nodes),
        seed: Some(1),
    };
    let report = |name: &str, nodes: u64, mv: String, times: Vec<f64>| {
        let best = times.iter().copied().fold(f64::INFINITY, f64::min);
        println!(
            "| {name} | {nodes} | {mv} | {:.0} | {best:.0} |",
            median(times)
        );
    };
    for (name, variant) in [
        ("chess", Variant::Chess),
        ("3check", Variant::ThreeCheck),
        ("kingofthehill", Variant::KingOfTheHill),
        ("racingkings", Variant::RacingKings),
    ] {
        if !wanted(name) {
            continue;
        }
        let g = Game::new(variant);
        let (mut times, mut mv) = (Vec::new(), String::new());
        for _ in 0..rounds {
            let t = now_ms();
            let c = black_box(
                tablero::ai::two::choose_move(g.position(), &g.hashes(), &opts(400_000))
                    .expect("playable"),
            );
            times.push(now_ms() - t);
            mv = c.mv.uci();
        }
        report(name, 400_000, mv, times);
    }
    if !wanted("fourplayer") {
        return;
    }
    let g = FourGame::new(Rules::Ffa, Seat::Red, None, 1);
    let (mut times, mut mv) = (Vec::new(), String::new());
    for _ in 0..rounds {
        let t = now_ms();
        let c = black_box(
            tablero::ai::four::choose_move(g.position(), &opts(100_000)).expect("playable"),
        );
        times.push(now_ms() - t);
        let q = if c.mv.is_promotion() { "q" } else { "" };
        mv = format!("{}{}{q}", c.mv.from(), c.mv.to());
    }
    report("fourplayer", 100_000, mv, times);
}

fn main() {
    if std::env::args().any(|a| a == "--starts") {
        starts();
        return;
    }
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let nodes: u64 = std::env::var("BENCH_NODES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000_000);
    let two: [(&str, Variant, &str); 4] = [
        (
            "chess",
            Variant::Chess,
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 8",
        ),
        (
            "3check",
            Variant::ThreeCheck,
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 3+3 4 4",
        ),
        (
            "kingofthehill",
            Variant::KingOfTheHill,
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        ),
        (
            "racingkings",
            Variant::RacingKings,
            "8/8/8/8/3K4/1k6/1rbnNBR1/qrbnNBRQ w - - 2 3",
        ),
    ];
    let wanted = |name: &str| filter.is_empty() || filter.iter().any(|f| name.contains(f.as_str()));
    println!(
        "{:<16} {:>12} {:>10} {:>8}",
        "game", "nodes", "knps", "depth"
    );
    let opts = AiOptions {
        level: 8,
        time_ms: None,
        nodes: Some(nodes),
        seed: None,
    };
    for (name, variant, fen) in two {
        if !wanted(name) {
            continue;
        }
        let games = [
            Game::new(variant),
            Game::from_fen(variant, fen).expect("valid FEN"),
        ];
        let mut rates = Vec::new();
        let mut depth = 0;
        let mut total = 0;
        for _ in 0..3 {
            let (mut n, mut ms) = (0u64, 0.0f64);
            for g in &games {
                let t = now_ms();
                let c = black_box(
                    tablero::ai::two::choose_move(g.position(), &g.hashes(), &opts)
                        .expect("playable"),
                );
                ms += now_ms() - t;
                n += c.nodes;
                depth = c.depth;
            }
            total = n;
            rates.push(n as f64 / ms);
        }
        println!("{name:<16} {total:>12} {:>10.0} {depth:>8}", median(rates));
    }
    // The four-player games from their start: best-reply search for free-for-all and
    // Four Kingdoms, the Teams search for Teams.
    for (name, rules) in [
        ("fourplayer", Rules::Ffa),
        ("kingdoms", Rules::Kingdoms),
        ("teams", Rules::Teams),
    ] {
        if !wanted(name) {
            continue;
        }
        let g = FourGame::new(rules, Seat::Red, None, 0);
        let opts4 = AiOptions {
            nodes: Some(nodes / 10),
            ..opts
        };
        let mut rates = Vec::new();
        let mut depth = 0;
        let mut total = 0;
        for _ in 0..3 {
            let t = now_ms();
            let c =
                black_box(tablero::ai::four::choose_move(g.position(), &opts4).expect("playable"));
            rates.push(c.nodes as f64 / (now_ms() - t));
            depth = c.depth;
            total = c.nodes;
        }
        println!("{name:<16} {total:>12} {:>10.0} {depth:>8}", median(rates));
    }
}
