//! Four-player measurement: one strong level against three copies of a weaker one, the strong
//! player's seat rotating through Red, Blue, Yellow and Green. Node-limited, so reproducible.
//!
//! ```text
//! cargo run --release --example ladder4 -- [--strong 8] [--weak 4] [--games 8]
//!     [--strong-nodes 30000] [--move-limit 400] [--seed 1]
//! ```
//! Prints each game's points and places and a summary: the strong player's wins (first
//! place, shared or not), average place and average points against the weak players' average.

use tablero::ai::{AiOptions, choose_move_4};
use tablero::four::{FourGame, Rules, Seat};

fn arg<T: std::str::FromStr>(args: &[String], name: &str, default: T) -> T {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let strong: u8 = arg(&args, "--strong", 8);
    let weak: u8 = arg(&args, "--weak", 4);
    let games: usize = arg(&args, "--games", 8);
    let strong_nodes: u64 = arg(&args, "--strong-nodes", 30_000);
    let move_limit: u32 = arg(&args, "--move-limit", 400);
    let seed: u64 = arg(&args, "--seed", 1);
    let (mut firsts, mut place_sum, mut pts_strong, mut pts_weak) = (0, 0u32, 0i64, 0i64);
    for i in 0..games {
        let strong_seat = i % 4;
        let mut g = FourGame::new(Rules::Ffa, Seat::Red, Some(move_limit), seed + i as u64);
        let mut ply = 0u64;
        while !g.is_over() {
            let Some(turn) = g.status().turn else { break };
            let is_strong = turn.index() == strong_seat;
            let opts = AiOptions {
                level: if is_strong { strong } else { weak },
                time_ms: None,
                nodes: if is_strong { Some(strong_nodes) } else { None },
                seed: seed
                    .wrapping_mul(7919)
                    .wrapping_add(i as u64 * 100_000 + ply),
            };
            let c = choose_move_4(&g, &opts).expect("game is not over");
            g.play_move(c.mv).expect("legal move");
            ply += 1;
        }
        let scores = g.scores();
        let mut line = String::new();
        for s in &scores {
            let tag = if s.player.index() == strong_seat {
                "*"
            } else {
                ""
            };
            line += &format!(
                " {}{tag}={} (place {})",
                s.player.name(),
                s.points,
                s.place.unwrap_or(0)
            );
            if s.player.index() == strong_seat {
                let place = s.place.unwrap_or(4);
                place_sum += place;
                if place == 1 {
                    firsts += 1;
                }
                pts_strong += i64::from(s.points);
            } else {
                pts_weak += i64::from(s.points);
            }
        }
        println!(
            "game {i}: L{strong} as {} plies {ply}:{line}",
            Seat::from_index(strong_seat).name()
        );
    }
    let n = games.max(1) as f64;
    println!(
        "SUMMARY four-player L{strong} ({strong_nodes} nodes) vs 3x L{weak}: first place {firsts}/{games}, \
         average place {:.2}, average points {:.1} vs {:.1} for each weak player",
        f64::from(place_sum) / n,
        pts_strong as f64 / n,
        pts_weak as f64 / (3.0 * n)
    );
}
