//! Every line of the perft suites in `tests/data/` (copied unchanged from `shared/testdata/`).
//! No depth is capped: the largest count (Racing Kings start, depth 5, 9.5 M leaves) takes
//! about a second in release mode.

use tablero::two::{Position, Variant};

struct Case {
    file: &'static str,
    id: String,
    variant: Variant,
    fen: String,
    depth: u32,
    expected: u64,
}

fn load(file: &'static str, default: Variant) -> Vec<Case> {
    let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut cases = Vec::new();
    let (mut id, mut variant, mut fen) = (String::new(), default, String::new());
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "id" => {
                id = rest.to_string();
                variant = default;
            }
            "variant" => {
                variant = tablero::GameKind::parse(rest, None)
                    .ok()
                    .and_then(tablero::GameKind::variant)
                    .expect("known variant")
            }
            "epd" | "fen" => fen = rest.to_string(),
            "perft" => {
                let (d, n) = rest.split_once(' ').expect("perft <depth> <count>");
                cases.push(Case {
                    file,
                    id: id.clone(),
                    variant,
                    fen: fen.clone(),
                    depth: d.parse().unwrap(),
                    expected: n.parse().unwrap(),
                });
            }
            other => panic!("{file}: unknown line kind {other:?}"),
        }
    }
    assert!(!cases.is_empty(), "{file} has no cases");
    cases
}

fn run(file: &'static str, default: Variant) {
    let mut failures = Vec::new();
    for c in load(file, default) {
        let pos = Position::from_fen(c.variant, &c.fen)
            .unwrap_or_else(|e| panic!("{} {}: {e}", c.file, c.id));
        let got = pos.perft(c.depth);
        if got != c.expected {
            failures.push(format!(
                "{} {} ({}) depth {}: expected {}, got {got}",
                c.file, c.id, c.fen, c.depth, c.expected
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "perft mismatches:\n{}",
        failures.join("\n")
    );
}

#[test]
fn chess_tricky() {
    run("chess-tricky.perft", Variant::Chess);
}

#[test]
fn chess_tricky_2() {
    run("chess-tricky-2.perft", Variant::Chess);
}

#[test]
fn three_check() {
    run("3check.perft", Variant::ThreeCheck);
}

#[test]
fn racing_kings() {
    run("racingkings.perft", Variant::RacingKings);
}

#[test]
fn variants_fsf() {
    run("variants-fsf.perft", Variant::Chess);
}

#[test]
fn start_positions() {
    // Well-known counts (chessprogramming wiki) for the standard start; the same board starts
    // Three-check and King of the Hill, where no game can end within four plies.
    for v in [Variant::Chess, Variant::ThreeCheck, Variant::KingOfTheHill] {
        let pos = Position::new(v);
        assert_eq!(pos.perft(1), 20);
        assert_eq!(pos.perft(2), 400);
        assert_eq!(pos.perft(3), 8902);
        assert_eq!(pos.perft(4), 197_281);
    }
    assert_eq!(Position::new(Variant::Chess).perft(5), 4_865_609);
}
