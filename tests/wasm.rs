//! The perft suites of `tests/data/` again, compiled to wasm32 and run in Node by
//! wasm-bindgen-test-runner (`cargo test --release --target wasm32-unknown-unknown`), to catch
//! anything that behaves differently on a 32-bit target. Cases above `MAX_LEAVES` are left to
//! the native suite (`tests/perft.rs`) to keep this run short.
#![cfg(all(target_arch = "wasm32", target_os = "unknown"))]

use tablero::two::{Position, Variant};
use wasm_bindgen_test::wasm_bindgen_test;

const MAX_LEAVES: u64 = 1_000_000;

fn run(file: &str, text: &str, default: Variant) {
    let (mut id, mut variant, mut fen) = ("", default, "");
    let (mut checked, mut failures) = (0, Vec::new());
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "id" => (id, variant) = (rest, default),
            "variant" => {
                variant = tablero::GameKind::parse(rest, None)
                    .ok()
                    .and_then(tablero::GameKind::variant)
                    .expect("a two-player variant")
            }
            "epd" | "fen" => fen = rest,
            "perft" => {
                let (depth, leaves) = rest.split_once(' ').expect("perft <depth> <count>");
                let (depth, leaves): (u32, u64) = (depth.parse().unwrap(), leaves.parse().unwrap());
                if leaves > MAX_LEAVES {
                    continue;
                }
                let pos =
                    Position::from_fen(variant, fen).unwrap_or_else(|e| panic!("{file} {id}: {e}"));
                let got = pos.perft(depth);
                if got != leaves {
                    failures.push(format!(
                        "{file} {id} depth {depth}: expected {leaves}, got {got}"
                    ));
                }
                checked += 1;
            }
            other => panic!("{file}: unknown line kind {other:?}"),
        }
    }
    assert!(checked > 0, "{file}: no case under {MAX_LEAVES} leaves");
    assert!(
        failures.is_empty(),
        "perft mismatches:\n{}",
        failures.join("\n")
    );
}

macro_rules! suite {
    ($name:ident, $file:literal, $variant:expr) => {
        #[wasm_bindgen_test]
        fn $name() {
            run($file, include_str!(concat!("data/", $file)), $variant);
        }
    };
}

suite!(chess_tricky, "chess-tricky.perft", Variant::Chess);
suite!(chess_tricky_2, "chess-tricky-2.perft", Variant::Chess);
suite!(three_check, "3check.perft", Variant::ThreeCheck);
suite!(racing_kings, "racingkings.perft", Variant::RacingKings);
suite!(variants_fsf, "variants-fsf.perft", Variant::Chess);

#[wasm_bindgen_test]
fn start_positions() {
    for v in [Variant::Chess, Variant::ThreeCheck, Variant::KingOfTheHill] {
        assert_eq!(Position::new(v).perft(4), 197_281);
    }
}
