//! Property tests over random games of every two-player variant (deterministic xorshift PRNG,
//! no extra dependencies). At every ply: FEN round trip with the same hash (a fresh
//! recomputation), undo restores the exact previous position, SAN and UCI of every legal move
//! parse back to the same move, `gives_check` agrees with playing the move, no legal move leaves
//! the mover's king attacked (R0.2), Racing Kings never has a check (R4.2). At the end of each
//! game: full undo back to the start, and saved games round trip (R0.3).

use tablero::SavedGame;
use tablero::two::TwoGame as Game;
use tablero::two::{Color, Move, Position, Variant};

/// xorshift64* — small, fast, deterministic.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1)
    }
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const MAX_PLIES: usize = 200;

fn check_moves(p: &Position, ctx: &str) {
    let v = p.variant();
    let us = p.turn();
    let them = us.other();
    let legal = p.legal_moves();
    if v == Variant::RacingKings {
        assert!(
            !p.is_check(),
            "{ctx}: Racing Kings position in check: {}",
            p.fen()
        );
    }
    for &m in legal.iter() {
        let uci = m.uci();
        assert_eq!(
            p.parse_uci(&uci).ok(),
            Some(m),
            "{ctx}: UCI {uci} in {}",
            p.fen()
        );
        let san = p.san(m);
        assert_eq!(
            p.parse_san(&san).ok(),
            Some(m),
            "{ctx}: SAN {san} ({uci}) in {}",
            p.fen()
        );
        let mut after = p.clone();
        after.play(m);
        assert!(
            after
                .attackers(after.king(us), them, after.occupied())
                .is_empty(),
            "{ctx}: {uci} leaves the king attacked in {}",
            p.fen()
        );
        assert_eq!(
            p.gives_check(m),
            after.is_check(),
            "{ctx}: gives_check({uci}) in {}",
            p.fen()
        );
        assert_eq!(
            san.ends_with('+') || san.ends_with('#'),
            after.is_check(),
            "{ctx}: check suffix of {san}"
        );
        if v == Variant::RacingKings {
            assert!(
                !after.is_check(),
                "{ctx}: {uci} gives check in Racing Kings"
            );
        }
    }
}

fn check_fen(p: &Position, ctx: &str) {
    let fen = p.fen();
    let q = Position::from_fen(p.variant(), &fen)
        .unwrap_or_else(|e| panic!("{ctx}: own FEN {fen} rejected: {e}"));
    assert_eq!(q.fen(), fen, "{ctx}");
    assert_eq!(
        q.hash(),
        p.hash(),
        "{ctx}: hash differs from recomputation for {fen}"
    );
    assert_eq!(&q, p, "{ctx}: FEN round trip changes the position {fen}");
}

fn random_game(start: &Position, rng: &mut Rng, ctx: &str, full_checks: bool) {
    let mut g = Game::from_position(start.clone());
    let mut positions = vec![start.clone()];
    for ply in 0..MAX_PLIES {
        let ctx = format!("{ctx} ply {ply}");
        let p = g.position().clone();
        check_fen(&p, &ctx);
        if full_checks {
            check_moves(&p, &ctx);
        }
        if g.result().is_some() {
            assert!(g.legal_moves().is_empty());
            break;
        }
        let moves: Vec<Move> = g.legal_moves();
        assert!(
            !moves.is_empty(),
            "{ctx}: no moves but no result in {}",
            p.fen()
        );
        let m = moves[rng.below(moves.len())];
        g.play(m).unwrap();
        let after = g.position().clone();
        // Undo restores the exact previous position, then replay.
        let undone = g.undo().expect("a move to undo");
        assert_eq!(undone.uci, m.uci());
        assert_eq!(g.position(), &p, "{ctx}: undo of {}", m.uci());
        assert_eq!(g.position().hash(), p.hash());
        assert_eq!(g.history().len(), ply);
        g.play(m).unwrap();
        assert_eq!(g.position(), &after, "{ctx}: replay of {}", m.uci());
        positions.push(after);
    }
    // Saved games round trip.
    let saved = SavedGame::from(&g);
    let h = Game::try_from(&saved).unwrap_or_else(|e| panic!("{ctx}: saved game: {e}"));
    assert_eq!(h.position(), g.position(), "{ctx}");
    assert_eq!(h.history(), g.history(), "{ctx}");
    assert_eq!(h.result(), g.result(), "{ctx}");
    assert_eq!(SavedGame::from(&h), saved);
    // Undo everything, checking each position on the way back.
    for i in (0..positions.len()).rev() {
        assert_eq!(g.position(), &positions[i], "{ctx}: undo to ply {i}");
        if i > 0 {
            g.undo().unwrap();
        }
    }
    assert!(g.undo().is_none());
}

/// Starting positions: the variant's start and the positions of the perft suites for it.
fn starts(v: Variant) -> Vec<Position> {
    let mut out = vec![Position::new(v)];
    let dir = format!("{}/tests/data", env!("CARGO_MANIFEST_DIR"));
    let files: &[(&str, Variant)] = &[
        ("chess-tricky.perft", Variant::Chess),
        ("chess-tricky-2.perft", Variant::Chess),
        ("3check.perft", Variant::ThreeCheck),
        ("racingkings.perft", Variant::RacingKings),
        ("variants-fsf.perft", Variant::Chess),
    ];
    for (file, default) in files {
        let text = std::fs::read_to_string(format!("{dir}/{file}")).unwrap();
        let mut variant = *default;
        for line in text.lines().map(str::trim) {
            let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
            match key {
                "id" => variant = *default,
                "variant" => {
                    variant = tablero::GameKind::parse(rest, None)
                        .ok()
                        .and_then(tablero::GameKind::variant)
                        .unwrap()
                }
                "epd" | "fen" if variant == v => {
                    let p = Position::from_fen(v, rest).unwrap();
                    if !out.contains(&p) {
                        out.push(p);
                    }
                }
                _ => {}
            }
        }
    }
    out
}

fn run(v: Variant, games: usize, seed: u64) {
    let starts = starts(v);
    let mut rng = Rng::new(seed);
    for i in 0..games {
        // Half the games from the standard start, the rest spread over the suite positions.
        let start = if i % 2 == 0 {
            &starts[0]
        } else {
            &starts[(i / 2) % starts.len()]
        };
        // SAN/UCI/gives_check of every legal move on one game in three keeps the file fast.
        let ctx = format!("{} game {i} from {}", v, start.fen());
        random_game(start, &mut rng, &ctx, i % 3 == 0);
    }
}

#[test]
fn random_games_chess() {
    run(Variant::Chess, 1000, 1);
}

#[test]
fn random_games_three_check() {
    run(Variant::ThreeCheck, 1000, 2);
}

#[test]
fn random_games_king_of_the_hill() {
    run(Variant::KingOfTheHill, 1000, 3);
}

#[test]
fn random_games_racing_kings() {
    run(Variant::RacingKings, 1000, 4);
}

#[test]
fn random_games_reach_every_ending() {
    // The random games above are only meaningful if they exercise the endings: count them.
    let mut seen = std::collections::HashSet::new();
    for v in Variant::ALL {
        let mut rng = Rng::new(99 + v as u64);
        for _ in 0..300 {
            let mut g = Game::new(v);
            while g.result().is_none() && g.history().len() < MAX_PLIES {
                let moves = g.legal_moves();
                g.play(moves[rng.below(moves.len())]).unwrap();
            }
            if let Some(r) = g.result() {
                seen.insert((v, r.reason.code(), r.winner.map(Color::index)));
            }
        }
    }
    for want in [
        (Variant::Chess, "checkmate"),
        (Variant::Chess, "insufficient-material"),
        (Variant::ThreeCheck, "third-check"),
        (Variant::KingOfTheHill, "king-of-the-hill"),
        (Variant::RacingKings, "race"),
    ] {
        assert!(
            seen.iter().any(|(v, r, _)| (*v, *r) == want),
            "no random game ended by {want:?}: {seen:?}"
        );
    }
}
