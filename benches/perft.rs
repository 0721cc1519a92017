//! Native perft benchmark: tablero against shakmaty 0.30.1, side by side in one run.
//!
//! ```text
//! cargo bench --bench perft                  # all positions
//! cargo bench --bench perft -- kiwi 3check   # only positions whose name contains a word
//! BENCH_ROUNDS=9 cargo bench --bench perft   # more rounds (default 5)
//! ```
//!
//! For each position the two engines run perft alternately, `BENCH_ROUNDS` times each, and the
//! median time of each engine is reported as millions of leaves per second. `ratio` is
//! tablero's speed divided by shakmaty's (above 1 means tablero is faster). The run fails if
//! the two engines disagree on a leaf count.

use std::hint::black_box;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use shakmaty::fen::Fen;
use shakmaty::variant::{Variant as SkVariant, VariantPosition};
use shakmaty::{CastlingMode, Setup};
use tablero::two::{Position, Variant};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

struct Case {
    name: &'static str,
    variant: Variant,
    sk_variant: SkVariant,
    fen: &'static str,
    depth: u32,
}

const CASES: &[Case] = &[
    Case {
        name: "chess start",
        variant: Variant::Chess,
        sk_variant: SkVariant::Chess,
        fen: START,
        depth: 5,
    },
    Case {
        name: "kiwipete",
        variant: Variant::Chess,
        sk_variant: SkVariant::Chess,
        fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        depth: 4,
    },
    Case {
        name: "3check start",
        variant: Variant::ThreeCheck,
        sk_variant: SkVariant::ThreeCheck,
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
        depth: 5,
    },
    Case {
        name: "kingofthehill start",
        variant: Variant::KingOfTheHill,
        sk_variant: SkVariant::KingOfTheHill,
        fen: START,
        depth: 5,
    },
    Case {
        name: "racingkings start",
        variant: Variant::RacingKings,
        sk_variant: SkVariant::RacingKings,
        fen: "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1",
        depth: 5,
    },
];

fn tablero_perft(case: &Case) -> u64 {
    Position::from_fen(case.variant, case.fen)
        .unwrap_or_else(|e| panic!("tablero rejects {:?}: {e}", case.fen))
        .perft(black_box(case.depth))
}

fn shakmaty_perft(case: &Case) -> u64 {
    let fen: Fen = case
        .fen
        .parse()
        .unwrap_or_else(|e| panic!("shakmaty rejects {:?}: {e}", case.fen));
    let pos =
        VariantPosition::from_setup(case.sk_variant, Setup::from(fen), CastlingMode::Standard)
            .unwrap_or_else(|e| panic!("shakmaty rejects {:?}: {e}", case.fen));
    shakmaty::perft(&pos, black_box(case.depth))
}

fn timed(f: impl FnOnce() -> u64) -> (u64, Duration) {
    let start = Instant::now();
    let leaves = black_box(f());
    (leaves, start.elapsed())
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn mleaves_per_sec(leaves: u64, t: Duration) -> f64 {
    leaves as f64 / t.as_secs_f64() / 1e6
}

fn main() -> ExitCode {
    // `cargo bench` passes `--bench`; every argument not starting with `-` is a name filter.
    let filters: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let rounds: usize = std::env::var("BENCH_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .filter(|&r| r > 0)
        .unwrap_or(5);

    println!("native perft, median of {rounds} alternating rounds\n");
    println!("| position | depth | leaves | tablero Mleaves/s | shakmaty Mleaves/s | ratio |");
    println!("|---|---:|---:|---:|---:|---:|");

    let mut ok = true;
    for case in CASES {
        if !filters.is_empty() && !filters.iter().any(|f| case.name.contains(f.as_str())) {
            continue;
        }
        let (mut ours, mut theirs) = (Vec::new(), Vec::new());
        let (mut leaves, mut sk_leaves) = (0, 0);
        for _ in 0..rounds {
            let (n, t) = timed(|| tablero_perft(case));
            leaves = n;
            ours.push(t);
            let (n, t) = timed(|| shakmaty_perft(case));
            sk_leaves = n;
            theirs.push(t);
        }
        let ours = mleaves_per_sec(leaves, median(ours));
        let theirs = mleaves_per_sec(sk_leaves, median(theirs));
        let mismatch = if leaves == sk_leaves {
            String::new()
        } else {
            ok = false;
            format!(" (MISMATCH: shakmaty counts {sk_leaves})")
        };
        println!(
            "| {} | {} | {leaves}{mismatch} | {ours:.1} | {theirs:.1} | {:.2} |",
            case.name,
            case.depth,
            ours / theirs
        );
    }

    // Four-player chess has no reference library, so this row is tablero alone (R8 count).
    if filters.is_empty()
        || filters
            .iter()
            .any(|f| "fourplayer start".contains(f.as_str()))
    {
        let start = tablero::four::Position::startpos(tablero::four::Rules::Ffa);
        let mut times = Vec::new();
        let mut leaves = 0;
        for _ in 0..rounds {
            let (n, t) = timed(|| start.perft(black_box(5)));
            leaves = n;
            times.push(t);
        }
        if leaves != 3_452_310 {
            ok = false;
        }
        println!(
            "| fourplayer start (ffa) | 5 | {leaves} | {:.1} | - | - |",
            mleaves_per_sec(leaves, median(times))
        );
    }

    if ok {
        ExitCode::SUCCESS
    } else {
        eprintln!("tablero and shakmaty disagree on a leaf count");
        ExitCode::FAILURE
    }
}
