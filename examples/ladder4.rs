//! Four-player measurement: one strong level against three copies of a weaker one, the strong
//! player's seat rotating through Red, Blue, Yellow and Green. Node-limited, so reproducible.
//! With `--rules teams` (R14) a pair of strong partners plays a pair of weak ones, the strong
//! pair Red and Yellow in even games and Blue and Green in odd ones (`teams_match`).
//!
//! ```text
//! cargo run --release --example ladder4 -- [--strong 8] [--weak 4] [--games 8]
//!     [--strong-nodes 30000] [--weak-nodes N] [--move-limit 400] [--seed 1]
//!     [--rules ffa|kingdoms|teams] [--pgn] [--from 0]
//!     [--strong-search brs|brs+] [--weak-search brs|brs+]
//!     [--strong-eval plain|full] [--weak-eval plain|full]
//!     [--{strong,weak}-{pvs,kcap,lmr,order,mate,turnmates,lines} on|off]
//!     [--{strong,weak}-{checkext,minprune,qevade,leader,outdelay} on|off]
//! ```
//! Prints each game's points and places and a summary: the strong player's wins (first
//! place, shared or not), average place and average points against the weak players' average,
//! and the average time per move of each side. `--weak-nodes` replaces the weak level's default
//! budget; `--*-search brs` selects plain best-reply search instead of BRS+ and `--*-eval plain`
//! the evaluation without king-safety and development terms, so that one side can play the
//! default engine against copies of a variant. The on/off switches are the `FourConfig` fields
//! `pvs`, `kcap_order`, `lmr`, `min_order`, `mate_order`, `turn_mates`, `king_lines`,
//! `check_ext`, `min_prune`, `q_evasions`, `leader_rank` and `out_delay`; left out, each
//! takes its default.
//! `--pgn` prints every game's PGN4 (to look at how a game was lost).

use tablero::ai::AiOptions;
use tablero::ai::four::{FourConfig, choose_move_with};
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
    let weak_nodes: u64 = arg(&args, "--weak-nodes", 0);
    // Free-for-all by default; `--rules kingdoms` plays Four Kingdoms (R6).
    let rules =
        Rules::parse(&arg(&args, "--rules", "ffa".to_string())).expect("--rules ffa|kingdoms");
    // Every switch defaults to what the levels play (`FourConfig::default()`).
    let d = FourConfig::default();
    let on = |side: &str, name: &str, default: bool| -> bool {
        match arg(&args, &format!("--{side}-{name}"), String::new()).as_str() {
            "on" => true,
            "off" => false,
            _ => default,
        }
    };
    let config = |side: &str| FourConfig {
        brs_plus: match arg(&args, &format!("--{side}-search"), String::new()).as_str() {
            "brs+" => true,
            "brs" => false,
            _ => d.brs_plus,
        },
        king_safety: match arg(&args, &format!("--{side}-eval"), String::new()).as_str() {
            "plain" => false,
            "full" => true,
            _ => d.king_safety,
        },
        q_pov_only: match arg(&args, &format!("--{side}-qs"), String::new()).as_str() {
            "all" => false,
            "pov" => true,
            _ => d.q_pov_only,
        },
        pvs: on(side, "pvs", d.pvs),
        kcap_order: on(side, "kcap", d.kcap_order),
        lmr: on(side, "lmr", d.lmr),
        min_order: on(side, "order", d.min_order),
        mate_order: on(side, "mate", d.mate_order),
        turn_mates: on(side, "turnmates", d.turn_mates),
        king_lines: on(side, "lines", d.king_lines),
        check_ext: on(side, "checkext", d.check_ext),
        min_prune: on(side, "minprune", d.min_prune),
        q_evasions: on(side, "qevade", d.q_evasions),
        leader_rank: on(side, "leader", d.leader_rank),
        out_delay: on(side, "outdelay", d.out_delay),
    };
    let (strong_cfg, weak_cfg) = (config("strong"), config("weak"));
    if args.iter().any(|a| a == "--bench") {
        bench(strong, strong_nodes, strong_cfg, seed);
        return;
    }
    let from: usize = arg(&args, "--from", 0);
    if rules == Rules::Teams {
        let pgn = args.iter().any(|a| a == "--pgn");
        let sides = [
            (strong, Some(strong_nodes), strong_cfg),
            (weak, Some(weak_nodes).filter(|&n| n > 0), weak_cfg),
        ];
        teams_match(sides, from, games, move_limit, seed, pgn);
        return;
    }
    let (mut ms, mut moves, mut depths) = ([0f64; 2], [0u64; 2], [0u64; 2]);
    let (mut firsts, mut place_sum, mut pts_strong, mut pts_weak) = (0, 0u32, 0i64, 0i64);
    // `--from i` starts at game `i` (to replay one game of a run with `--games 1 --pgn`).
    for i in from..from + games {
        let strong_seat = i % 4;
        let mut g = FourGame::new(rules, Seat::Red, Some(move_limit), seed + i as u64);
        let mut ply = 0u64;
        while !g.is_over() {
            let Some(turn) = g.status().turn else { break };
            let is_strong = turn == Seat::from_index(strong_seat);
            let opts = AiOptions {
                level: if is_strong { strong } else { weak },
                time_ms: None,
                nodes: if is_strong {
                    Some(strong_nodes)
                } else {
                    Some(weak_nodes).filter(|&n| n > 0)
                },
                seed: Some(
                    seed.wrapping_mul(7919)
                        .wrapping_add(i as u64 * 100_000 + ply),
                ),
            };
            let cfg = if is_strong { strong_cfg } else { weak_cfg };
            let t = std::time::Instant::now();
            let c = choose_move_with(g.position(), &opts, cfg).expect("game is not over");
            ms[usize::from(!is_strong)] += t.elapsed().as_secs_f64() * 1000.0;
            moves[usize::from(!is_strong)] += 1;
            depths[usize::from(!is_strong)] += u64::from(c.depth);
            g.play_move(c.mv).expect("legal move");
            ply += 1;
        }
        let scores = g.scores();
        let mut line = String::new();
        for s in &scores {
            let tag = if s.player == Seat::from_index(strong_seat) {
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
            if s.player == Seat::from_index(strong_seat) {
                let place = s.place.unwrap_or(4);
                place_sum += place;
                if place == 1 {
                    firsts += 1;
                }
                pts_strong += s.points as i64;
            } else {
                pts_weak += s.points as i64;
            }
        }
        // How the strong player ended (mated, king captured, ...): where its places were lost.
        let status = g.position().statuses()[strong_seat];
        if args.iter().any(|a| a == "--pgn") {
            println!("{}", g.pgn4());
        }
        println!(
            "game {i}: L{strong} as {} plies {ply}:{line} [{status:?}]",
            Seat::from_index(strong_seat).name()
        );
    }
    let n = games.max(1) as f64;
    println!(
        "SUMMARY four-player {rules:?} L{strong} ({strong_nodes} nodes) vs 3x L{weak}: first place {firsts}/{games}, \
         average place {:.2}, average points {:.1} vs {:.1} for each weak player; \
         {:.1} ms vs {:.1} ms per move, depth {:.2} vs {:.2}",
        f64::from(place_sum) / n,
        pts_strong as f64 / n,
        pts_weak as f64 / (3.0 * n),
        ms[0] / moves[0].max(1) as f64,
        ms[1] / moves[1].max(1) as f64,
        depths[0] as f64 / moves[0].max(1) as f64,
        depths[1] as f64 / moves[1].max(1) as f64
    );
}

/// One side of a match: level, node budget (`None`: the level's default) and switches.
type Side = (u8, Option<u64>, FourConfig);

/// A Teams game after a random opening of four plies (one move each), drawn from `seed`: the
/// computer is deterministic at a node budget, so without it every game pair repeats.
fn teams_opening(move_limit: u32, seed: u64) -> FourGame {
    let mut rng = tablero::rng::SplitMix64::new(seed);
    loop {
        let mut g = FourGame::new(Rules::Teams, Seat::Red, Some(move_limit), seed);
        for _ in 0..4 {
            let mut list = tablero::four::MoveList::new();
            g.position().legal_moves(&mut list);
            let moves = list.as_slice();
            if moves.is_empty() || g.is_over() {
                break;
            }
            let m = moves[rng.below(moves.len() as u64) as usize];
            g.play_move(m).expect("legal move");
        }
        if !g.is_over() {
            return g;
        }
    }
}

/// Teams (R14): the strong pair (`sides[0]`) against the weak pair. Games `2j` and `2j + 1`
/// start from the same random opening with the seats swapped: the strong pair is Red and
/// Yellow in even games, Blue and Green in odd ones. Prints each game's result for the strong
/// pair and a summary with a 95% interval.
fn teams_match(sides: [Side; 2], from: usize, games: usize, move_limit: u32, seed: u64, pgn: bool) {
    let (mut won, mut drawn, mut lost) = (0u32, 0u32, 0u32);
    let (mut ms, mut moves) = ([0f64; 2], [0u64; 2]);
    for i in from..from + games {
        // The strong pair's team: 0 (Red and Yellow) in even games, 1 (Blue and Green) in odd.
        let strong_team = i % 2;
        let mut g = teams_opening(move_limit, seed + (i / 2) as u64);
        let mut ply = 0u64;
        while !g.is_over() {
            let k = usize::from(g.position().turn().index() % 2 != strong_team);
            let (level, nodes, cfg) = sides[k];
            let opts = AiOptions {
                level,
                time_ms: None,
                nodes,
                seed: Some(
                    seed.wrapping_mul(7919)
                        .wrapping_add(i as u64 * 100_000 + ply),
                ),
            };
            let t = std::time::Instant::now();
            let c = choose_move_with(g.position(), &opts, cfg).expect("game is not over");
            ms[k] += t.elapsed().as_secs_f64() * 1000.0;
            moves[k] += 1;
            g.play_move(c.mv).expect("legal move");
            ply += 1;
        }
        let status = g.status();
        let result = status.result.expect("the game is over");
        let strong_won = result
            .winners
            .iter()
            .any(|p| p.seat().is_some_and(|s| s.index() % 2 == strong_team));
        let outcome = if result.winners.is_empty() {
            drawn += 1;
            "draw"
        } else if strong_won {
            won += 1;
            "win"
        } else {
            lost += 1;
            "loss"
        };
        if pgn {
            println!("{}", g.pgn4());
        }
        let pair = if strong_team == 0 {
            "Red+Yellow"
        } else {
            "Blue+Green"
        };
        println!(
            "game {i}: L{} pair as {pair}: {outcome} ({:?}) plies {ply}",
            sides[0].0, result.reason
        );
    }
    let n = f64::from((won + drawn + lost).max(1));
    let score = (f64::from(won) + 0.5 * f64::from(drawn)) / n;
    // Standard error of the mean score per game (win 1, draw 1/2, loss 0).
    let sq = (f64::from(won) + 0.25 * f64::from(drawn)) / n;
    let se = ((sq - score * score).max(0.0) / n).sqrt();
    println!(
        "SUMMARY teams L{} pair ({:?} nodes) vs L{} pair: +{won} ={drawn} -{lost} of {games}, \
         score {:.1}% ± {:.1} (95%); {:.1} ms vs {:.1} ms per move",
        sides[0].0,
        sides[0].1,
        sides[1].0,
        100.0 * score,
        100.0 * 1.96 * se,
        ms[0] / moves[0].max(1) as f64,
        ms[1] / moves[1].max(1) as f64,
    );
}

/// `--bench`: searches positions from the first 80 plies of a level-4 game with the strong
/// side's level, budget and switches, and prints the average depth reached and time taken.
fn bench(level: u8, nodes: u64, cfg: FourConfig, seed: u64) {
    let mut g = FourGame::new(Rules::Ffa, Seat::Red, None, seed);
    let (mut n, mut depth, mut ms) = (0u32, 0u32, 0f64);
    for ply in 0..80u64 {
        if g.is_over() {
            break;
        }
        if ply % 4 == 0 {
            let opts = AiOptions {
                level,
                time_ms: None,
                nodes: Some(nodes),
                seed: Some(seed),
            };
            let t = std::time::Instant::now();
            let c = choose_move_with(g.position(), &opts, cfg).expect("game is not over");
            ms += t.elapsed().as_secs_f64() * 1000.0;
            depth += c.depth;
            n += 1;
        }
        let opts = AiOptions {
            level: 4,
            time_ms: None,
            nodes: None,
            seed: Some(seed + ply),
        };
        let c =
            choose_move_with(g.position(), &opts, FourConfig::default()).expect("game is not over");
        g.play_move(c.mv).expect("legal move");
    }
    println!(
        "BENCH {n} positions, {nodes} nodes: depth {:.2}, {:.1} ms per search ({:.0} nodes/s)",
        f64::from(depth) / f64::from(n),
        ms / f64::from(n),
        nodes as f64 * f64::from(n) / ms * 1000.0
    );
}
