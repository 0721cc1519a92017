//! js/squares.d.ts, the TypeScript names of the squares, is generated from the engines'
//! boards: this test renders it and fails when the committed file differs.
//! `TABLERO_UPDATE=1 cargo test --release --test game squares_dts` rewrites it.

use super::generated::check_generated;

/// The command that rewrites the file, as its header names it.
const COMMAND: &str = "TABLERO_UPDATE=1 cargo test --release --test game squares_dts";

/// `"a1" | "b1" | ...`, eight names a line.
fn union(names: &[String]) -> String {
    names
        .chunks(8)
        .map(|row| {
            let quoted: Vec<String> = row.iter().map(|n| format!("{n:?}")).collect();
            format!("  | {}", quoted.join(" | "))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The 64 squares of the 8×8 board, rank by rank from a1.
fn two() -> Vec<String> {
    (0..64u8)
        .filter_map(tablero::two::Square::new)
        .map(|s| s.to_string())
        .collect()
}

/// The 160 squares of the four-player cross, rank by rank from d1.
fn four() -> Vec<String> {
    let mut out = Vec::new();
    for rank in 0..14 {
        for file in 0..14 {
            if let Some(s) = tablero::four::Square::new(file, rank) {
                out.push(s.to_string());
            }
        }
    }
    out
}

fn render() -> String {
    [
        format!("// Generated from the engines' boards (src/two/board.rs, src/four/board.rs) by `{COMMAND}`: do not edit."),
        "// js/tablero.d.ts takes the names of the squares from here.".to_string(),
        String::new(),
        "/** A square of the 8×8 board (two-player games). */".to_string(),
        format!("export type Square8 =\n{};", union(&two())),
        "/** A square of the four-player cross board: a4–n11 and d1–k14 (its 3×3 corners are not squares). */".to_string(),
        format!("export type Square4 =\n{};", union(&four())),
    ]
    .join("\n")
        + "\n"
}

#[test]
fn squares_dts_is_generated_from_the_boards() {
    check_generated("js/squares.d.ts", &render(), "the boards", COMMAND);
}

#[test]
fn the_boards_have_64_and_160_squares() {
    let (two, four) = (two(), four());
    assert_eq!((two.len(), four.len()), (64, 160));
    assert_eq!((two[0].as_str(), two[63].as_str()), ("a1", "h8"));
    assert_eq!((four[0].as_str(), four[159].as_str()), ("d1", "k14"));
    assert!(!four.contains(&"a1".to_string()) && four.contains(&"a4".to_string()));
}
