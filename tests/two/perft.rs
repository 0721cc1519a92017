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

/// Quiescence search's generator (`Position::tactical_moves_into`) gives exactly the legal
/// moves that capture, promote, reach the extra squares or castle, in the same order, out of
/// check: checked on every perft position and the positions one and two plies after them.
#[test]
fn tactical_moves_are_the_legal_moves_quiescence_needs() {
    use tablero::two::{Bitboard, HILL, MoveKind, MoveList};
    let files = [
        ("chess-tricky.perft", Variant::Chess),
        ("chess-tricky-2.perft", Variant::Chess),
        ("racingkings.perft", Variant::RacingKings),
        ("variants-fsf.perft", Variant::Chess),
    ];
    let mut checked = 0;
    for (file, default) in files {
        for c in load(file, default) {
            let root = Position::from_fen(c.variant, &c.fen).unwrap();
            let mut positions = vec![root.clone()];
            for m in root.legal_moves().iter() {
                let mut p = root.clone();
                p.play(*m);
                for m2 in p.legal_moves().iter().take(8) {
                    let mut q = p.clone();
                    q.play(*m2);
                    positions.push(q);
                }
                positions.push(p);
            }
            for pos in positions.iter().filter(|p| !p.is_check()) {
                // King of the Hill's extra squares on every board: any set must do.
                for extra in [Bitboard::EMPTY, HILL, Bitboard::rank(7)] {
                    let last = Bitboard::rank(if pos.turn().index() == 0 { 7 } else { 0 });
                    let expected: Vec<_> = pos
                        .legal_moves()
                        .iter()
                        .copied()
                        .filter(|m| {
                            matches!(m.kind, MoveKind::Castle | MoveKind::EnPassant)
                                || pos.piece_at(m.to).is_some()
                                || (last | extra).has(m.to)
                        })
                        .collect();
                    let mut got = MoveList::new();
                    pos.tactical_moves_into(&mut got, extra);
                    assert_eq!(got.to_vec(), expected, "{} {}", pos.fen(), c.id);
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 10_000, "only {checked} positions");
}
