//! What the search-pinning tests of both engines share (`two/ai/pins.rs`, `four/ai/pins.rs`):
//! one search's result as a line of text, and the check of a table of such lines.

use tablero::AnalysisScope;
use tablero::ai::{AiChoice, AiOptions};

/// An analysis at full strength to `depth` plies, with `lines` MultiPV lines if given: the
/// budget and scope of a fixed-depth search.
pub fn to_depth(depth: u32, lines: Option<usize>) -> (AiOptions, AnalysisScope) {
    let opts = AiOptions {
        level: 8,
        time_ms: None,
        nodes: None,
        seed: Some(1),
    };
    let scope = AnalysisScope {
        depth: Some(depth),
        lines,
    };
    (opts, scope)
}

/// A move at `level` within `nodes` nodes, with a fixed seed for the weaker levels' choice.
pub fn by_nodes(level: u8, nodes: u64) -> AiOptions {
    AiOptions {
        level,
        time_ms: None,
        nodes: Some(nodes),
        seed: Some(3),
    }
}

/// `c` as one line: the chosen move, score, depth, nodes and line, then the MultiPV lines with
/// their scores if there are any. `text` writes a move.
pub fn show<M>(c: &AiChoice<M>, text: fn(&M) -> String) -> String {
    let line = |moves: &[M]| moves.iter().map(text).collect::<Vec<_>>().join(" ");
    let mut s = format!(
        "{} {} d{} n{} pv {}",
        text(&c.mv),
        c.score_cp,
        c.depth,
        c.nodes,
        line(&c.pv)
    );
    if !c.lines.is_empty() {
        let lines: Vec<String> = c
            .lines
            .iter()
            .map(|(score, l)| format!("{score}: {}", line(l)))
            .collect();
        s = format!("{s} | {}", lines.join(", "));
    }
    s
}

/// Asserts that `got` is `expected`, line by line. When the tables differ in length (a search
/// added or dropped), every line got is printed.
pub fn check(got: &[String], expected: &[&str]) {
    if got.len() != expected.len() {
        panic!(
            "{} searches, {} expected:\n{}",
            got.len(),
            expected.len(),
            got.join("\n")
        );
    }
    for (g, e) in got.iter().zip(expected) {
        assert_eq!(g, e);
    }
}
