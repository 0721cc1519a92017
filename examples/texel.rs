//! Features of Three-check positions for Texel tuning (`scripts/texel.py` runs this).
//!
//! ```text
//! cargo run --release --features tuning --example texel < positions.txt
//! ```
//! Reads lines `<fen>|<White's result: 1, 0.5 or 0>` and prints, per line, the result, the
//! evaluation without the Three-check terms, the seven features of those terms (White minus
//! Black, in the order of `three_check_terms`' constants) and the number of squares the side
//! to move could check from. A malformed line stops the run with its line number.

use std::io::{BufRead, Write};

use tablero::ai::two::three_check_features;
use tablero::two::{Position, Variant};

fn main() {
    let stdin = std::io::stdin();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for (i, line) in stdin.lock().lines().enumerate() {
        let line = line.expect("stdin is readable");
        let Some((fen, result)) = line.split_once('|') else {
            panic!("line {}: expected <fen>|<result>", i + 1);
        };
        let pos = Position::from_fen(Variant::ThreeCheck, fen)
            .unwrap_or_else(|e| panic!("line {}: {e}", i + 1));
        let (base, f, mover_threats) = three_check_features(&pos);
        let f: Vec<String> = f.iter().map(i32::to_string).collect();
        writeln!(out, "{result} {base} {} {mover_threats}", f.join(" ")).expect("stdout");
    }
}
