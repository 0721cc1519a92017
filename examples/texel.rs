//! Features of Three-check, Racing Kings, chess or King of the Hill positions for Texel tuning
//! (`scripts/texel.py` runs this).
//!
//! ```text
//! cargo run --release --features tuning --example texel -- [--variant 3check|racingkings|chess|kingofthehill] < positions.txt
//! ```
//! Reads lines `<fen>|<White's result: 1, 0.5 or 0>` and prints, per line, the result, the
//! evaluation without the variant's own terms, the features (White minus Black: thirty for
//! Three-check, the seven of `three_check_terms` first, see `three_check_features`; ten for
//! `race_terms`, in the order of its constants; for chess, thirty-two counts times the middle-game
//! and the endgame weight, see `chess_features`; for King of the Hill, those and fourteen of the
//! hill's, see `hill_features`) and what the side to move threatens at once (Three-check: the
//! squares it could check from; Racing Kings: its free steps onto the last rank; King of the
//! Hill: 1 when its king can step onto the hill safely; chess: 0). A malformed line stops the run with its line number.

use std::io::{BufRead, Write};

use tablero::ai::two::{chess_features, hill_features, race_features, three_check_features};
use tablero::two::{Position, Variant};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let variant = match args.as_slice() {
        [] => Variant::ThreeCheck,
        [flag, name] if flag == "--variant" => match name.as_str() {
            "3check" => Variant::ThreeCheck,
            "racingkings" => Variant::RacingKings,
            "chess" => Variant::Chess,
            "kingofthehill" => Variant::KingOfTheHill,
            other => panic!(
                "--variant: expected 3check, racingkings, chess or kingofthehill, got {other}"
            ),
        },
        _ => panic!("usage: texel [--variant 3check|racingkings|chess|kingofthehill] < positions"),
    };
    let stdin = std::io::stdin();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for (i, line) in stdin.lock().lines().enumerate() {
        let line = line.expect("stdin is readable");
        let Some((fen, result)) = line.split_once('|') else {
            panic!("line {}: expected <fen>|<result>", i + 1);
        };
        let pos =
            Position::from_fen(variant, fen).unwrap_or_else(|e| panic!("line {}: {e}", i + 1));
        let (base, f, mover) = match variant {
            Variant::RacingKings => {
                let (base, f, mover) = race_features(&pos);
                (base, f.to_vec(), mover)
            }
            Variant::KingOfTheHill => {
                let (base, f, mover) = hill_features(&pos);
                (base, f.to_vec(), mover)
            }
            Variant::Chess => {
                let (base, f, mover) = chess_features(&pos);
                (base, f.to_vec(), mover)
            }
            _ => {
                let (base, f, mover) = three_check_features(&pos);
                (base, f.to_vec(), mover)
            }
        };
        let f: Vec<String> = f.iter().map(i32::to_string).collect();
        writeln!(out, "{result} {base} {} {mover}", f.join(" ")).expect("stdout");
    }
}
