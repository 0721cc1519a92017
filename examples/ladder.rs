//! Self-play ladder: each level against the next, colours alternating, from the start position
//! and short random openings. Node-limited levels, so a run is reproducible.
//!
//! ```text
//! cargo run --release --example ladder -- [--variant chess|3check|kingofthehill|racingkings]
//!     [--pairs 1-7] [--games 40] [--seed 1] [--l8-nodes 400000]
//! ```
//! Prints one line per game and a summary line per pair (from the higher level's view).

use tablero::ai::{AiOptions, choice_rng};
use tablero::rng::SplitMix64;
use tablero::two::TwoGame as Game;
use tablero::two::{Color, Variant};

fn arg<T: std::str::FromStr>(args: &[String], name: &str, default: T) -> T {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// A short random opening: `plies` random legal moves (2–4), retried until the game is
/// still going.
fn opening(variant: Variant, rng: &mut SplitMix64) -> Game {
    loop {
        let mut g = Game::new(variant);
        let plies = 2 + rng.below(3);
        for _ in 0..plies {
            let moves = g.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len() as u64) as usize];
            let _ = g.play(m);
        }
        if g.result().is_none() {
            return g;
        }
    }
}

/// Plays one game; returns 1.0 / 0.5 / 0.0 for White.
fn play(mut g: Game, white: u8, black: u8, l8_nodes: u64, seed: u64) -> (f64, usize, String) {
    let mut ply = 0;
    // Adjudication: White's score as each mover reported it; four plies in a row beyond
    // ±1000 in the same direction end the game (like a resignation), to save time.
    let mut streak: (i32, u32) = (0, 0);
    loop {
        if let Some(r) = g.result() {
            let s = match r.winner {
                Some(Color::White) => 1.0,
                Some(Color::Black) => 0.0,
                None => 0.5,
            };
            return (s, ply, r.reason.code().to_string());
        }
        if g.claimable_draw().is_some() {
            return (0.5, ply, "claimable-draw".into());
        }
        if ply >= 300 {
            return (0.5, ply, "adjudicated".into());
        }
        let level = if g.position().turn() == Color::White {
            white
        } else {
            black
        };
        let opts = AiOptions {
            level,
            time_ms: None,
            nodes: if level == 8 { Some(l8_nodes) } else { None },
            seed: Some(seed.wrapping_mul(1000).wrapping_add(ply as u64)),
        };
        let choice = tablero::ai::two::choose_move(g.position(), &g.hashes(), &opts)
            .expect("game is not over");
        let white_view = if g.position().turn() == Color::White {
            choice.score_cp
        } else {
            -choice.score_cp
        };
        let dir = if white_view >= 1000 {
            1
        } else if white_view <= -1000 {
            -1
        } else {
            0
        };
        streak = if dir != 0 && dir == streak.0 {
            (dir, streak.1 + 1)
        } else {
            (dir, u32::from(dir != 0))
        };
        if streak.1 >= 4 {
            let s = if streak.0 > 0 { 1.0 } else { 0.0 };
            return (s, ply, "adjudicated-win".into());
        }
        g.play(choice.mv).expect("the engine plays legal moves");
        ply += 1;
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let variant_name: String = arg(&args, "--variant", "chess".to_string());
    let variant = tablero::GameKind::parse(&variant_name, None)
        .ok()
        .and_then(tablero::GameKind::variant)
        .expect("unknown variant");
    let games: usize = arg(&args, "--games", 40);
    let seed: u64 = arg(&args, "--seed", 1);
    let l8_nodes: u64 = arg(&args, "--l8-nodes", 400_000);
    let pairs: String = arg(&args, "--pairs", "1-7".to_string());
    let (lo, hi) = pairs
        .split_once('-')
        .map(|(a, b)| (a.parse().unwrap_or(1u8), b.parse().unwrap_or(7u8)))
        .unwrap_or((1, 7));
    for low in lo..=hi {
        let high = low + 1;
        let mut rng = choice_rng(seed ^ u64::from(low) << 32);
        let (mut w, mut d, mut l) = (0, 0, 0);
        let mut g0 = opening(variant, &mut rng);
        for i in 0..games {
            // Each opening is played twice, with colours swapped.
            if i % 2 == 0 && i > 0 {
                g0 = opening(variant, &mut rng);
            }
            let high_white = i % 2 == 0;
            let (wl, bl) = if high_white { (high, low) } else { (low, high) };
            let (s, plies, why) = play(g0.clone(), wl, bl, l8_nodes, seed + i as u64);
            let s_high = if high_white { s } else { 1.0 - s };
            match s_high {
                x if x > 0.75 => w += 1,
                x if x < 0.25 => l += 1,
                _ => d += 1,
            }
            println!(
                "{variant_name} L{high} vs L{low} game {i}: high={} score {s_high} plies {plies} {why}",
                if high_white { "white" } else { "black" }
            );
        }
        let pct = 100.0 * (w as f64 + 0.5 * d as f64) / games.max(1) as f64;
        println!(
            "SUMMARY {variant_name} L{high} vs L{low}: +{w} ={d} -{l} ({pct:.1}%) over {games} games"
        );
    }
}
