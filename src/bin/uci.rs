//! tablero as a UCI engine for Chess, Three-check, King of the Hill and Racing Kings.
//!
//! Built with `cargo build --release --bin uci` (binary `target/release/uci`).
//!
//! Options: `UCI_Variant` (chess, 3check, kingofthehill, racingkings), `Skill Level` (1–8,
//! default 8), `Hash` (MiB). Commands: `uci`, `isready`, `ucinewgame`, `setoption`,
//! `position [startpos | fen F] [moves ...]`, `go [movetime | wtime/btime/winc/binc/movestogo |
//! depth | nodes | infinite]`, `stop`, `quit`.
//!
//! The search runs on its own thread so `stop` and `isready` are answered while it thinks.

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use tablero::GameKind;
use tablero::ai::{AiChoice, Limits, MATE, MATE_BOUND, Table, level_spec};
use tablero::two::{Color, Move, Position, Variant};

struct Engine {
    variant: Variant,
    level: u8,
    hash_mb: usize,
    tt: Arc<Mutex<Table>>,
    position: Position,
    /// Hashes of the positions before the current one (repetition detection).
    history: Vec<u64>,
    stop: Arc<AtomicBool>,
    worker: Option<JoinHandle<()>>,
    seed: u64,
}

fn say(line: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

fn score_text(score: i32) -> String {
    if score.abs() >= MATE_BOUND {
        let plies = MATE - score.abs();
        let moves = (plies + 1) / 2;
        format!("mate {}", if score > 0 { moves } else { -moves })
    } else {
        format!("cp {score}")
    }
}

impl Engine {
    fn new() -> Engine {
        Engine {
            variant: Variant::Chess,
            level: 8,
            hash_mb: 16,
            tt: Arc::new(Mutex::new(Table::with_mb(16))),
            position: Position::new(Variant::Chess),
            history: Vec::new(),
            stop: Arc::new(AtomicBool::new(false)),
            worker: None,
            seed: 1,
        }
    }

    fn wait(&mut self) {
        if let Some(h) = self.worker.take() {
            let _ = h.join();
        }
    }

    fn set_option(&mut self, words: &[&str]) {
        // setoption name <N...> value <V...>
        let name_at = words.iter().position(|w| *w == "name");
        let value_at = words.iter().position(|w| *w == "value");
        let Some(n) = name_at else { return };
        let end = value_at.unwrap_or(words.len());
        let name = words[n + 1..end].join(" ").to_ascii_lowercase();
        let value = value_at
            .map(|v| words[v + 1..].join(" "))
            .unwrap_or_default();
        match name.as_str() {
            "uci_variant" => match GameKind::parse(value.trim(), None)
                .ok()
                .and_then(GameKind::variant)
            {
                Some(v) => {
                    self.variant = v;
                    self.position = Position::new(v);
                    self.history.clear();
                }
                None => say(&format!("info string unknown variant {value}")),
            },
            "skill level" => match value.trim().parse::<u8>() {
                Ok(l) if (1..=8).contains(&l) => self.level = l,
                _ => say(&format!(
                    "info string Skill Level must be 1..8, got {value}"
                )),
            },
            "hash" => {
                if let Ok(mb) = value.trim().parse::<usize>() {
                    self.hash_mb = mb.clamp(1, 4096);
                    self.tt = Arc::new(Mutex::new(Table::with_mb(self.hash_mb)));
                }
            }
            _ => {}
        }
    }

    fn set_position(&mut self, words: &[&str]) {
        let moves_at = words.iter().position(|w| *w == "moves");
        let setup_end = moves_at.unwrap_or(words.len());
        let pos = match words.get(1) {
            Some(&"startpos") => Ok(Position::new(self.variant)),
            Some(&"fen") => Position::from_fen(self.variant, &words[2..setup_end].join(" ")),
            _ => Ok(Position::new(self.variant)),
        };
        let mut pos = match pos {
            Ok(p) => p,
            Err(e) => {
                say(&format!("info string bad position: {e}"));
                return;
            }
        };
        let mut history = Vec::new();
        if let Some(m) = moves_at {
            for text in &words[m + 1..] {
                match pos.parse_uci(text) {
                    Ok(mv) => {
                        history.push(pos.hash());
                        pos.play(mv);
                    }
                    Err(e) => {
                        say(&format!("info string bad move {text}: {e}"));
                        break;
                    }
                }
            }
        }
        self.position = pos;
        self.history = history;
    }

    fn go(&mut self, words: &[&str]) {
        self.wait();
        let num = |key: &str| -> Option<u64> {
            words
                .iter()
                .position(|w| *w == key)
                .and_then(|i| words.get(i + 1))
                .and_then(|v| v.parse::<i64>().ok())
                .map(|v| v.max(0) as u64)
        };
        let Ok(spec) = level_spec(self.level) else {
            return;
        };
        let mut limits = Limits {
            depth: Some(spec.max_depth),
            time_ms: None,
            nodes: None,
            use_all_time: false,
        };
        if let Some(d) = num("depth") {
            limits.depth = Some((d as u32).clamp(1, spec.max_depth));
        }
        if let Some(n) = num("nodes") {
            limits.nodes = Some(n.max(1));
        }
        if let Some(t) = num("movetime") {
            // Keep a little for the reply to travel.
            limits.time_ms = Some(t.saturating_sub(10).max(1));
            limits.use_all_time = true;
        }
        let (time_key, inc_key) = if self.position.turn() == Color::White {
            ("wtime", "winc")
        } else {
            ("btime", "binc")
        };
        if let Some(left) = num(time_key) {
            let inc = num(inc_key).unwrap_or(0);
            let to_go = num("movestogo").unwrap_or(30).clamp(1, 50);
            let budget = left / to_go + inc * 3 / 4;
            let cap = left.saturating_sub(50) / 3;
            limits.time_ms = Some(budget.min(cap).max(1));
        }
        let infinite = words.contains(&"infinite");
        if !infinite && limits.time_ms.is_none() && limits.nodes.is_none() && num("depth").is_none()
        {
            if spec.default_nodes > 0 {
                limits.nodes = Some(spec.default_nodes);
            } else {
                limits.time_ms = Some(spec.default_ms);
            }
        }
        if infinite {
            limits.depth = Some(spec.max_depth);
        }
        self.stop.store(false, Ordering::Relaxed);
        let stop = Arc::clone(&self.stop);
        let tt = Arc::clone(&self.tt);
        let pos = self.position.clone();
        let history = self.history.clone();
        self.seed = self.seed.wrapping_add(1);
        let seed = self.seed;
        self.worker = Some(std::thread::spawn(move || {
            let start = tablero::ai::now_ms();
            let result = {
                let mut table = match tt.lock() {
                    Ok(t) => t,
                    Err(poisoned) => poisoned.into_inner(),
                };
                tablero::ai::two::search(
                    &pos,
                    history,
                    &spec,
                    limits,
                    seed,
                    &mut table,
                    Some(&stop),
                )
            };
            match result {
                Ok(AiChoice {
                    mv,
                    score_cp,
                    depth,
                    nodes,
                    pv,
                }) => {
                    let ms = (tablero::ai::now_ms() - start).max(1.0);
                    let pv_text: Vec<String> = pv.iter().map(|m: &Move| m.uci()).collect();
                    say(&format!(
                        "info depth {depth} score {} nodes {nodes} nps {} time {} pv {}",
                        score_text(score_cp),
                        (nodes as f64 * 1000.0 / ms) as u64,
                        ms as u64,
                        pv_text.join(" ")
                    ));
                    say(&format!("bestmove {}", mv.uci()));
                }
                Err(e) => {
                    say(&format!("info string {e}"));
                    say("bestmove (none)");
                }
            }
        }));
    }
}

fn main() {
    let mut engine = Engine::new();
    let stdin = std::io::stdin();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            Some("uci") => {
                say("id name tablero");
                say("id author the tablero authors");
                say(
                    "option name UCI_Variant type combo default chess var chess var 3check var kingofthehill var racingkings",
                );
                say("option name Skill Level type spin default 8 min 1 max 8");
                say("option name Hash type spin default 16 min 1 max 4096");
                say("uciok");
            }
            Some("isready") => say("readyok"),
            Some("ucinewgame") => {
                engine.wait();
                if let Ok(mut t) = engine.tt.lock() {
                    t.clear();
                }
                engine.position = Position::new(engine.variant);
                engine.history.clear();
            }
            Some("setoption") => {
                engine.wait();
                engine.set_option(&words);
            }
            Some("position") => {
                engine.wait();
                engine.set_position(&words);
            }
            Some("go") => engine.go(&words),
            Some("stop") => {
                engine.stop.store(true, Ordering::Relaxed);
                engine.wait();
            }
            Some("quit") => {
                engine.stop.store(true, Ordering::Relaxed);
                engine.wait();
                return;
            }
            _ => {}
        }
    }
    engine.stop.store(true, Ordering::Relaxed);
    engine.wait();
}
