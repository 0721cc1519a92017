//! tablero-uci: tablero as a UCI engine for Chess, Three-check, King of the Hill and Racing
//! Kings.
//!
//! Built with `cargo build --release --bin tablero-uci` (binary `target/release/tablero-uci`).
//!
//! Options: `UCI_Variant` (chess, 3check, kingofthehill, racingkings), `Skill Level` (1–8,
//! default 8), `Hash` (MiB, 1–1024). Commands: `uci`, `isready`, `ucinewgame`, `setoption`,
//! `position [startpos | fen F] [moves ...]`, `go [movetime | wtime/btime/winc/binc/movestogo |
//! depth | nodes | infinite]`, `stop`, `quit`.
//!
//! The search runs on its own thread so `stop` and `isready` are answered while it thinks.
//! No input line can make the engine panic: malformed commands are ignored or answered with
//! an `info string` naming what was wrong.

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;

use tablero::GameKind;
use tablero::ai::two::level_spec;
use tablero::ai::{AiChoice, Limits, MATE, MATE_BOUND, Table};
use tablero::two::{Color, Move, Position, Variant};

/// The largest hash table offered, in MiB.
const MAX_HASH_MB: usize = 1024;

/// Where the engine's answers go: shared with the search thread, which prints `bestmove`.
#[derive(Clone)]
struct Out(Arc<Mutex<dyn Write + Send>>);

impl Out {
    fn say(&self, line: &str) {
        let mut out = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        // A closed output (the GUI went away) leaves nothing to tell.
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    }
}

struct Engine {
    out: Out,
    variant: Variant,
    level: u8,
    tt: Arc<Mutex<Table>>,
    position: Position,
    /// Hashes of the positions before the current one (repetition detection).
    history: Vec<u64>,
    stop: Arc<AtomicBool>,
    worker: Option<JoinHandle<()>>,
    seed: u64,
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

/// The words between `start` (exclusive) and the next of `stops`, joined by spaces.
fn words_after(words: &[&str], start: Option<usize>, stops: &[&str]) -> Option<String> {
    let from = start? + 1;
    let rest = words.get(from..)?;
    let end = rest
        .iter()
        .position(|w| stops.contains(w))
        .unwrap_or(rest.len());
    Some(rest[..end].join(" "))
}

impl Engine {
    fn new(out: Out) -> Engine {
        Engine {
            out,
            variant: Variant::Chess,
            level: 8,
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

    fn halt(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        self.wait();
    }

    /// `setoption name <N...> value <V...>` (either order).
    fn set_option(&mut self, words: &[&str]) {
        let name_at = words.iter().position(|w| *w == "name");
        let value_at = words.iter().position(|w| *w == "value");
        let Some(name) = words_after(words, name_at, &["value"]) else {
            self.out.say("info string setoption needs a name");
            return;
        };
        let value = words_after(words, value_at, &["name"]).unwrap_or_default();
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" => match GameKind::parse(value.trim(), None)
                .ok()
                .and_then(GameKind::variant)
            {
                Some(v) => {
                    self.variant = v;
                    self.position = Position::new(v);
                    self.history.clear();
                }
                None => self
                    .out
                    .say(&format!("info string unknown variant {value}")),
            },
            "skill level" => match value.trim().parse::<u8>() {
                Ok(l) if (1..=8).contains(&l) => self.level = l,
                _ => self.out.say(&format!(
                    "info string Skill Level must be 1..8, got {value}"
                )),
            },
            "hash" => match value.trim().parse::<usize>() {
                Ok(mb) => {
                    let mb = mb.clamp(1, MAX_HASH_MB);
                    self.tt = Arc::new(Mutex::new(Table::with_mb(mb)));
                }
                Err(_) => self.out.say(&format!(
                    "info string Hash must be 1..{MAX_HASH_MB}, got {value}"
                )),
            },
            _ => {}
        }
    }

    fn set_position(&mut self, words: &[&str]) {
        let moves_at = words.iter().position(|w| *w == "moves");
        let pos = match words.get(1) {
            Some(&"fen") => {
                let fen = words_after(words, Some(1), &["moves"]).unwrap_or_default();
                Position::from_fen(self.variant, &fen)
            }
            _ => Ok(Position::new(self.variant)),
        };
        let mut pos = match pos {
            Ok(p) => p,
            Err(e) => {
                self.out.say(&format!("info string bad position: {e}"));
                return;
            }
        };
        let mut history = Vec::new();
        if let Some(m) = moves_at {
            for text in words.get(m + 1..).unwrap_or(&[]) {
                match pos.parse_uci(text) {
                    Ok(mv) => {
                        history.push(pos.hash());
                        pos.play(mv);
                    }
                    Err(e) => {
                        self.out.say(&format!("info string bad move {text}: {e}"));
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
        // Numbers are clamped, not trusted: negative times count as 0, huge ones saturate.
        let num = |key: &str| -> Option<u64> {
            words
                .iter()
                .position(|w| *w == key)
                .and_then(|i| words.get(i + 1))
                .and_then(|v| v.parse::<i128>().ok())
                .map(|v| v.clamp(0, i128::from(u64::MAX)) as u64)
        };
        let Ok(spec) = level_spec(self.level, self.position.variant()) else {
            return;
        };
        let mut limits = Limits {
            depth: Some(spec.max_depth),
            time_ms: None,
            nodes: None,
            use_all_time: false,
        };
        if let Some(d) = num("depth") {
            limits.depth = Some(d.clamp(1, u64::from(spec.max_depth)) as u32);
        }
        if let Some(n) = num("nodes") {
            limits.nodes = Some(n.max(1));
        }
        if let Some(t) = num("movetime") {
            // A movetime is the GUI's own wall-clock figure: keep a few milliseconds of it for
            // the reply to travel, and spend the rest (`use_all_time` drops the search's slack).
            limits.time_ms = Some(t.saturating_sub(4).max(1));
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
            let budget = (left / to_go).saturating_add(inc / 4 * 3);
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
        let out = self.out.clone();
        let pos = self.position.clone();
        let history = self.history.clone();
        self.seed = self.seed.wrapping_add(1);
        let seed = self.seed;
        self.worker = Some(std::thread::spawn(move || {
            let start = tablero::ai::now_ms();
            let result = {
                let mut table = tt.lock().unwrap_or_else(PoisonError::into_inner);
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
                    ..
                }) => {
                    let ms = (tablero::ai::now_ms() - start).max(1.0);
                    let pv_text: Vec<String> = pv.iter().map(|m: &Move| m.uci()).collect();
                    out.say(&format!(
                        "info depth {depth} score {} nodes {nodes} nps {} time {} pv {}",
                        score_text(score_cp),
                        (nodes as f64 * 1000.0 / ms) as u64,
                        ms as u64,
                        pv_text.join(" ")
                    ));
                    out.say(&format!("bestmove {}", mv.uci()));
                }
                Err(e) => {
                    out.say(&format!("info string {e}"));
                    out.say("bestmove (none)");
                }
            }
        }));
    }

    /// Handles one input line; `false` after `quit`.
    fn command(&mut self, line: &str) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            Some("uci") => {
                self.out.say("id name tablero");
                self.out.say("id author the tablero authors");
                let variants: Vec<String> = GameKind::ALL
                    .iter()
                    // Chess960 is chess with X-FEN castling here: `position fen` takes its starts.
                    .filter(|k| k.variant().is_some() && **k != GameKind::Chess960)
                    .map(|k| format!("var {k}"))
                    .collect();
                self.out.say(&format!(
                    "option name UCI_Variant type combo default {} {}",
                    GameKind::Chess,
                    variants.join(" ")
                ));
                self.out
                    .say("option name Skill Level type spin default 8 min 1 max 8");
                self.out.say(&format!(
                    "option name Hash type spin default 16 min 1 max {MAX_HASH_MB}"
                ));
                self.out.say("uciok");
            }
            Some("isready") => self.out.say("readyok"),
            Some("ucinewgame") => {
                self.halt();
                self.tt
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .clear();
                self.position = Position::new(self.variant);
                self.history.clear();
            }
            Some("setoption") => {
                self.halt();
                self.set_option(&words);
            }
            Some("position") => {
                self.halt();
                self.set_position(&words);
            }
            Some("go") => self.go(&words),
            Some("stop") => self.halt(),
            Some("quit") => {
                self.halt();
                return false;
            }
            _ => {}
        }
        true
    }
}

/// Runs the UCI loop: reads commands from `input` until `quit` or the end of input, answers
/// on `output`. Lines that are not UTF-8 are read with replacement characters.
fn run(mut input: impl BufRead, output: Arc<Mutex<dyn Write + Send>>) {
    let mut engine = Engine::new(Out(output));
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match input.read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        if !engine.command(&String::from_utf8_lossy(&buf)) {
            return;
        }
    }
    engine.halt();
}

fn main() {
    run(
        std::io::stdin().lock(),
        Arc::new(Mutex::new(std::io::stdout())),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs `script` through the loop and returns everything the engine wrote.
    fn session(script: &str) -> String {
        let out: Arc<Mutex<Vec<u8>>> = Arc::new(Mutex::new(Vec::new()));
        run(script.as_bytes(), out.clone());
        let bytes = out.lock().unwrap().clone();
        String::from_utf8(bytes).unwrap()
    }

    #[test]
    fn plays_a_fixed_depth_search() {
        let text = session("uci\nisready\nposition startpos moves e2e4 e7e5\ngo depth 3\nquit\n");
        assert!(text.contains("uciok") && text.contains("readyok"), "{text}");
        assert!(
            text.contains("option name UCI_Variant type combo default chess var chess var 3check var kingofthehill var racingkings"),
            "{text}"
        );
        let best = text
            .lines()
            .find_map(|l| l.strip_prefix("bestmove "))
            .unwrap();
        let mut pos = Position::new(Variant::Chess);
        for m in ["e2e4", "e7e5"] {
            let mv = pos.parse_uci(m).unwrap();
            pos.play(mv);
        }
        assert!(
            pos.parse_uci(best).is_ok(),
            "{best} is legal after 1. e4 e5"
        );
    }

    #[test]
    fn variants_and_options_take_effect() {
        let text = session(
            "setoption name UCI_Variant value racingkings\nsetoption name Skill Level value 3\n\
             setoption name Hash value 1\nposition startpos\ngo nodes 500\nquit\n",
        );
        let best = text
            .lines()
            .find_map(|l| l.strip_prefix("bestmove "))
            .unwrap();
        let pos = Position::new(Variant::RacingKings);
        assert!(pos.parse_uci(best).is_ok(), "{best}: {text}");
    }

    /// No malformed line may panic the engine (a panic in the loop fails the test; a panic
    /// in the search thread would leave no `bestmove`). Every `go` still answers.
    #[test]
    fn malformed_lines_do_not_panic() {
        let lines = [
            "",
            " ",
            "\t\t",
            "garbage",
            "ucinewgame extra words",
            "setoption",
            "setoption name",
            "setoption value",
            "setoption value 5 name Hash",
            "setoption value name",
            "setoption name value",
            "setoption name Hash value",
            "setoption name Hash value -5",
            "setoption name Hash value 99999999999999999999999999",
            "setoption name Hash value 0",
            "setoption name Skill Level value 0",
            "setoption name Skill Level value 300",
            "setoption name Skill Level value -1",
            "setoption name UCI_Variant value",
            "setoption name UCI_Variant value koth",
            "setoption name UCI_Variant value ♔♕",
            "setoption name UCI_Variant value chess",
            "position",
            "position fen",
            "position fen moves",
            "position fen moves e2e4",
            "position fen 8/8/8/8/8/8/8/8 w - - 0 1",
            "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra words",
            "position fen ♔/8/8/8/8/8/8/8 w - - 0 1",
            "position fen 9/8/8/8/8/8/8/8 w - - 0 1",
            "position fen 4k3/8/8/8/8/8/8/4K3 w - - 99999999999999999999 1",
            "position fen 4k3/8/8/8/8/8/8/4K3 w - z9 0 1",
            "position startpos moves",
            "position startpos moves e2e5 e7e5",
            "position startpos moves e2e4 ♔♕ e7e5",
            "position startpos moves e7e8q a1a1 h9h9 e2",
            "position moves e2e4",
            "position startpos",
            // Level 1 searches one ply, so that every `go` below returns at once.
            "setoption name Skill Level value 1",
            "go depth",
            "go depth -3",
            "go depth 0",
            "go depth 99999999999999999999999999999999999999",
            "go nodes 0",
            "go nodes -1",
            "go nodes abc",
            "go nodes 18446744073709551615",
            "go movetime 0",
            "go movetime -100",
            "go movetime 99999999999999999999 nodes 300",
            "go wtime 0 btime 0",
            "go wtime -1 winc -1",
            "go wtime 18446744073709551615 winc 18446744073709551615 movestogo 0 nodes 300",
            "go wtime 100 movestogo -7",
            "go infinite",
            "stop",
            "stop",
            "isready",
            "\u{feff}uci",
            "go \u{0}",
            "position fen \u{0}",
            "ÿÿÿÿ",
        ];
        let script = lines.join("\n") + "\nquit\n";
        let text = session(&script);
        let gos = lines.iter().filter(|l| l.starts_with("go")).count();
        let answers = text.lines().filter(|l| l.starts_with("bestmove")).count();
        assert_eq!(answers, gos, "every go answers once:\n{text}");
        assert!(text.contains("readyok"));
        // Invalid UTF-8 is read, not fatal.
        let text = session("isready\n\u{1}\n");
        assert!(text.contains("readyok"));
        let out: Arc<Mutex<Vec<u8>>> = Arc::new(Mutex::new(Vec::new()));
        run(&b"\xff\xfe go\nisready\n"[..], out.clone());
        assert!(String::from_utf8_lossy(&out.lock().unwrap()).contains("readyok"));
    }
}
