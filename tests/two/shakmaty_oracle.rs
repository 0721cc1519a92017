//! Cross-check against shakmaty 0.30.1 (an independent implementation of the same variants):
//! in random games of every variant, at every ply, the legal move sets (as UCI strings), the
//! outcome (game over, winner or draw), the check status, the FEN and the SAN of every legal move
//! must agree.
//!
//! Known, deliberate difference: shakmaty marks every check that ends a Three-check or King of
//! the Hill game with `#` (its `is_checkmate` sees no legal reply); tablero writes `#` only for
//! a real checkmate. SAN suffixes are therefore compared only where the game goes on.

use shakmaty::fen::Fen;
use shakmaty::san::San;
use shakmaty::uci::UciMove;
use shakmaty::variant::{Variant as SVariant, VariantPosition};
use shakmaty::{CastlingMode, EnPassantMode, Move as SMove, Position as _};
use std::collections::BTreeMap;
use tablero::two::{Color, Position, Variant};

struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1)
    }
    fn below(&mut self, n: usize) -> usize {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        (x.wrapping_mul(0x2545_f491_4f6c_dd1d) % n as u64) as usize
    }
}

fn shak_variant(v: Variant) -> SVariant {
    match v {
        Variant::Chess => SVariant::Chess,
        Variant::ThreeCheck => SVariant::ThreeCheck,
        Variant::KingOfTheHill => SVariant::KingOfTheHill,
        Variant::RacingKings => SVariant::RacingKings,
    }
}

// shakmaty's PositionError is large by design (it carries the position); so does its own code.
#[allow(clippy::result_large_err)]
fn shak_from_fen(v: Variant, fen: &str) -> VariantPosition {
    let setup = Fen::from_ascii(fen.as_bytes())
        .unwrap_or_else(|e| panic!("shakmaty cannot read {fen}: {e}"))
        .into_setup();
    // Tablero accepts positions with a check no legal move could have produced (the perft
    // suites contain some, and one with 30 queens); shakmaty needs to be told to.
    VariantPosition::from_setup(shak_variant(v), setup.clone(), CastlingMode::Standard)
        .or_else(|e| e.ignore_impossible_check())
        .or_else(|e| e.ignore_too_much_material())
        .or_else(|_| VariantPosition::from_setup(shak_variant(v), setup, CastlingMode::Chess960))
        .or_else(|e| e.ignore_impossible_check())
        .or_else(|e| e.ignore_too_much_material())
        .unwrap_or_else(|e| panic!("shakmaty rejects {fen}: {e}"))
}

/// UCI in tablero's convention (R7.1): castling as the king's two-square move when king and
/// rook stand on their standard files, king-takes-rook otherwise.
fn shak_uci(m: SMove) -> String {
    match m {
        SMove::Castle { king, rook }
            if u32::from(king.file()) == 4 && matches!(u32::from(rook.file()), 0 | 7) =>
        {
            UciMove::from_standard(m).to_string()
        }
        _ => UciMove::from_chess960(m).to_string(),
    }
}

fn token(winner: Option<Color>) -> &'static str {
    match winner {
        Some(Color::White) => "1-0",
        Some(Color::Black) => "0-1",
        None => "1/2-1/2",
    }
}

fn compare(p: &Position, s: &VariantPosition, ctx: &str) -> BTreeMap<String, SMove> {
    let ours: Vec<String> = {
        let mut v: Vec<String> = p.legal_moves().iter().map(|m| m.uci()).collect();
        v.sort();
        v
    };
    let theirs: BTreeMap<String, SMove> =
        s.legal_moves().iter().map(|&m| (shak_uci(m), m)).collect();
    let theirs_keys: Vec<String> = theirs.keys().cloned().collect();
    assert_eq!(ours, theirs_keys, "{ctx}: legal moves in {}", p.fen());

    let our_outcome = p.ending().map_or("*", |e| token(e.winner));
    let their_outcome = s.outcome().to_string();
    assert_eq!(our_outcome, their_outcome, "{ctx}: outcome of {}", p.fen());
    assert_eq!(p.is_check(), s.is_check(), "{ctx}: check in {}", p.fen());
    // En-passant squares are written only when a legal capture exists (FIDE 9.2.3). Once a
    // variant has ended shakmaty has no legal moves at all, so it drops the square there.
    if p.variant_ending().is_none() {
        let their_fen = Fen::from_position(s, EnPassantMode::Legal).to_string();
        assert_eq!(p.fen(), their_fen, "{ctx}: FEN");
    }

    for &m in p.legal_moves().iter() {
        let sm = theirs[&m.uci()];
        let ours = p.san(m);
        let mut after = s.clone();
        after.play_unchecked(sm);
        let mut theirs = San::from_move(s, sm).to_string();
        if after.is_variant_end() {
            // Compare without the suffix (see the file comment).
            let ours = ours.trim_end_matches(['+', '#']);
            assert_eq!(ours, theirs, "{ctx}: SAN of {} in {}", m.uci(), p.fen());
            continue;
        }
        if after.is_checkmate() {
            theirs.push('#');
        } else if after.is_check() {
            theirs.push('+');
        }
        assert_eq!(ours, theirs, "{ctx}: SAN of {} in {}", m.uci(), p.fen());
    }
    theirs
}

fn random_games(v: Variant, starts: &[String], games: usize, seed: u64) -> usize {
    let mut rng = Rng::new(seed);
    let mut plies = 0;
    for i in 0..games {
        let fen = &starts[i % starts.len()];
        let mut p = Position::from_fen(v, fen).unwrap();
        let mut s = shak_from_fen(v, fen);
        for ply in 0..200 {
            let ctx = format!("{} game {i} (from {fen}) ply {ply}", v);
            let theirs = compare(&p, &s, &ctx);
            let moves = p.legal_moves();
            if moves.is_empty() || p.ending().is_some() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            p.play(m);
            s.play_unchecked(theirs[&m.uci()]);
            plies += 1;
        }
    }
    plies
}

/// The variant's start plus the positions of the perft suites for it.
fn starts(v: Variant) -> Vec<String> {
    let mut out = vec![Position::new(v).fen()];
    let dir = format!("{}/tests/data", env!("CARGO_MANIFEST_DIR"));
    for (file, default) in [
        ("chess-tricky.perft", Variant::Chess),
        ("chess-tricky-2.perft", Variant::Chess),
        ("3check.perft", Variant::ThreeCheck),
        ("racingkings.perft", Variant::RacingKings),
        ("variants-fsf.perft", Variant::Chess),
    ] {
        let text = std::fs::read_to_string(format!("{dir}/{file}")).unwrap();
        let mut variant = default;
        for line in text.lines().map(str::trim) {
            let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
            match key {
                "id" => variant = default,
                "variant" => {
                    variant = tablero::GameKind::parse(rest, None)
                        .ok()
                        .and_then(tablero::GameKind::variant)
                        .unwrap()
                }
                "epd" | "fen" if variant == v => {
                    // Normalise through tablero so that every start has all six fields.
                    let fen = Position::from_fen(v, rest).unwrap().fen();
                    if !out.contains(&fen) {
                        out.push(fen);
                    }
                }
                _ => {}
            }
        }
    }
    out
}

fn run(v: Variant, seed: u64) {
    let starts = starts(v);
    // Standard start for most games, then every suite position a few times.
    let mut list: Vec<String> = std::iter::repeat_n(starts[0].clone(), 200).collect();
    for _ in 0..3 {
        list.extend(starts.iter().cloned());
    }
    let plies = random_games(v, &list, list.len(), seed);
    assert!(plies > 10_000, "{}: only {plies} plies compared", v);
}

#[test]
fn oracle_chess() {
    run(Variant::Chess, 11);
}

#[test]
fn oracle_three_check() {
    run(Variant::ThreeCheck, 12);
}

#[test]
fn oracle_king_of_the_hill() {
    run(Variant::KingOfTheHill, 13);
}

#[test]
fn oracle_racing_kings() {
    run(Variant::RacingKings, 14);
}

#[test]
fn oracle_variant_outcomes_table() {
    // The same positions as the data-driven rules test, straight against shakmaty.
    let path = format!(
        "{}/tests/data/variant-outcomes.tsv",
        env!("CARGO_MANIFEST_DIR")
    );
    for line in std::fs::read_to_string(path).unwrap().lines() {
        if line.starts_with('#') || line.starts_with("variant\t") || line.is_empty() {
            continue;
        }
        let cols: Vec<&str> = line.split('\t').collect();
        if cols[6].contains("INVALID") {
            continue;
        }
        let v = tablero::GameKind::parse(cols[0], None)
            .ok()
            .and_then(tablero::GameKind::variant)
            .unwrap();
        let p = Position::from_fen(v, cols[1]).unwrap();
        let s = shak_from_fen(v, cols[1]);
        compare(&p, &s, cols[1]);
    }
}
