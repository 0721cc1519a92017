//! Rule scenarios for the two-player engine, one or more tests per rule id of `RULES.md`
//! (R0–R4, R7.1). Expected values come from the rules text (and, for the data-driven test at the
//! end, from the results several independent libraries agree on), never from tablero itself.

use tablero::ErrorKind;
use tablero::ResultReason;
use tablero::two::TwoGame as Game;
use tablero::two::{Color, Move, MoveKind, Position, Square, Variant};

const CHESS: Variant = Variant::Chess;
const THREE: Variant = Variant::ThreeCheck;
const KOTH: Variant = Variant::KingOfTheHill;
const RK: Variant = Variant::RacingKings;

fn pos(v: Variant, fen: &str) -> Position {
    Position::from_fen(v, fen).unwrap_or_else(|e| panic!("{} {fen}: {e}", v))
}

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

/// Plays a UCI move that the rules say is legal.
fn after(p: &Position, uci: &str) -> Position {
    let m = p
        .parse_uci(uci)
        .unwrap_or_else(|e| panic!("{uci} should be legal in {}: {e}", p.fen()));
    let mut q = p.clone();
    q.play(m);
    q
}

fn ucis(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(|m| m.uci()).collect();
    v.sort();
    v
}

fn has(p: &Position, uci: &str) -> bool {
    ucis(p).iter().any(|u| u == uci)
}

fn ending(p: &Position) -> Option<(Option<Color>, ResultReason)> {
    p.ending().map(|e| (e.winner, e.reason))
}

fn game(v: Variant, fen: &str) -> Game {
    Game::from_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn play_all(g: &mut Game, moves: &[&str]) {
    for m in moves {
        let fen = g.fen();
        if let Err(e) = g.play_str(m) {
            panic!("{m} should be legal in {fen}: {e}");
        }
    }
}

fn result(g: &Game) -> Option<(Option<Color>, &'static str)> {
    g.result().map(|r| (r.winner, r.reason.code()))
}

fn rejected(v: Variant, fen: &str, words: &[&str]) {
    match Position::from_fen(v, fen) {
        Ok(p) => panic!("{} {fen} must be rejected, got {}", v, p.fen()),
        Err(e) => {
            assert_eq!(e.kind, ErrorKind::InvalidFen, "{fen}: {e}");
            assert_eq!(e.code(), "invalid-fen");
            let msg = e.message.to_lowercase();
            assert!(
                words.iter().any(|w| msg.contains(w)),
                "{fen}: reason {:?} should mention one of {words:?}",
                e.message
            );
        }
    }
}

// ---------------------------------------------------------------- R0 common ground

#[test]
fn r0_1_castling_both_sides_from_start_rights() {
    let p = pos(CHESS, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let castles: Vec<Move> = p
        .legal_moves()
        .iter()
        .copied()
        .filter(|m| m.kind == MoveKind::Castle)
        .collect();
    assert_eq!(castles.len(), 2);
    let q = after(&p, "e1g1");
    assert_eq!(q.piece_at(sq("g1")).map(|x| x.1), Some(tablero::Role::King));
    assert_eq!(q.piece_at(sq("f1")).map(|x| x.1), Some(tablero::Role::Rook));
    assert!(q.piece_at(sq("h1")).is_none());
    assert_eq!(q.fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    let q = after(&p, "e1c1");
    assert_eq!(q.fen(), "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1");
}

#[test]
fn r0_1_no_castling_out_of_through_or_into_check() {
    // Out of check: rook e8 checks e1.
    let p = pos(CHESS, "4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(!has(&p, "e1g1") && !has(&p, "e1c1"));
    // Through check: f1 attacked.
    let p = pos(CHESS, "5rk1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(!has(&p, "e1g1"));
    assert!(has(&p, "e1c1"));
    // Into check: g1 attacked.
    let p = pos(CHESS, "1k4r1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(!has(&p, "e1g1"));
    assert!(has(&p, "e1c1"));
    // b1 attacked does not matter for O-O-O: the king never crosses it.
    let p = pos(CHESS, "1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(has(&p, "e1c1"));
    // A piece between king and rook blocks.
    let p = pos(CHESS, "4k3/8/8/8/8/8/8/RN2K1NR w KQ - 0 1");
    assert!(!has(&p, "e1g1") && !has(&p, "e1c1"));
}

#[test]
fn r0_1_castling_rights_lost_by_king_rook_move_and_rook_capture() {
    let p = pos(CHESS, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert!(after(&p, "e1e2").fen().contains(" kq "));
    assert!(after(&p, "h1h2").fen().contains(" Qkq "));
    // Capturing the rook on h8 removes Black's king-side right (and White's h1 right).
    assert!(after(&p, "h1h8").fen().contains(" Qq "));
}

#[test]
fn r0_1_en_passant_only_immediately() {
    let p = pos(CHESS, "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    let p = after(&p, "d7d5");
    assert_eq!(p.ep_square(), Some(sq("d6")));
    let q = after(&p, "e5d6");
    assert!(q.piece_at(sq("d5")).is_none(), "the passed pawn is removed");
    assert_eq!(
        q.piece_at(sq("d6")),
        Some((Color::White, tablero::Role::Pawn))
    );
    // One move later the right is gone.
    let later = after(&after(&p, "e1e2"), "e8e7");
    assert!(!has(&later, "e5d6"));
}

#[test]
fn r0_1_promotion_to_four_pieces() {
    let p = pos(CHESS, "8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
    for r in ["q", "r", "b", "n"] {
        assert!(has(&p, &format!("e7e8{r}")));
    }
    assert!(!has(&p, "e7e8"));
    let q = after(&p, "e7e8n");
    assert_eq!(
        q.piece_at(sq("e8")),
        Some((Color::White, tablero::Role::Knight))
    );
}

#[test]
fn r0_1_checkmate_and_stalemate_in_chess() {
    let mut g = Game::new(CHESS);
    play_all(&mut g, &["f3", "e5", "g4", "Qh4#"]);
    assert_eq!(result(&g), Some((Some(Color::Black), "checkmate")));
    assert!(g.position().is_checkmate());
    let p = pos(CHESS, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(ending(&p), Some((None, ResultReason::Stalemate)));
}

#[test]
fn r0_2_pinned_piece_cannot_move_off_the_line() {
    let p = pos(CHESS, "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
    assert!(p.legal_moves().iter().all(|m| m.from != sq("e2")));
    // A pinned rook may move along the pin line.
    let p = pos(CHESS, "4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1");
    let rook: Vec<String> = ucis(&p)
        .into_iter()
        .filter(|u| u.starts_with("e2"))
        .collect();
    assert_eq!(rook, ["e2e3", "e2e4", "e2e5", "e2e6", "e2e7"]);
}

#[test]
fn r0_2_king_cannot_step_along_the_checking_line() {
    let p = pos(CHESS, "4k3/8/8/8/8/8/8/r3K3 w - - 0 1");
    assert_eq!(ucis(&p), ["e1d2", "e1e2", "e1f2"]);
}

#[test]
fn r0_2_en_passant_exposing_king_on_the_rank_is_illegal() {
    let p = pos(CHESS, "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1");
    assert!(!has(&p, "e5d6"));
    assert!(has(&p, "e5e6"));
}

#[test]
fn r0_2_check_must_be_answered() {
    // Black checks with the queen on h4; only moves that answer the check are legal.
    let mut g = Game::new(CHESS);
    play_all(&mut g, &["e4", "e5", "f4", "Qh4+"]);
    let mut moves: Vec<String> = g.legal_moves().iter().map(|m| m.uci()).collect();
    moves.sort();
    assert_eq!(moves, ["e1e2", "g2g3"]);
}

#[test]
fn r0_3_undo_restores_every_counter() {
    // Three-check game with castling, en passant, checks and captures.
    let mut g = game(
        THREE,
        "r3k2r/ppp2ppp/8/3pP3/8/8/PPP2PPP/R3K2R b KQkq - 3+3 4 10",
    );
    let moves = [
        "f7f5", "e5f6", "e8c8", "f6g7", "d5d4", "g7h8q", "d8h8", "e1g1",
    ];
    let mut snapshots = vec![(g.position().clone(), g.fen(), g.history().len())];
    for m in moves {
        g.play_str(m).unwrap();
        snapshots.push((g.position().clone(), g.fen(), g.history().len()));
    }
    assert_eq!(
        g.position().checks_given(Color::White),
        0,
        "the d8 rook blocks g7h8q"
    );
    for (i, (p, fen, n)) in snapshots.iter().enumerate().rev() {
        assert_eq!(g.position(), p, "position after {i} moves");
        assert_eq!(&g.fen(), fen);
        assert_eq!(g.history().len(), *n);
        assert_eq!(g.position().hash(), p.hash());
        if i > 0 {
            assert!(g.undo().is_some());
        }
    }
    assert!(g.undo().is_none(), "nothing to undo at the start");
    // Replaying gives the same positions again.
    for (i, m) in moves.iter().enumerate() {
        g.play_str(m).unwrap();
        assert_eq!(g.position(), &snapshots[i + 1].0);
    }
}

#[test]
fn r0_3_undo_takes_back_checks_in_three_check() {
    let mut g = game(THREE, "4k3/8/8/8/8/8/8/K6R w - - 1+3 0 1");
    g.play_str("Rh8+").unwrap();
    assert_eq!(
        result(&g),
        Some((Some(Color::White), "third-check")),
        "third check ends the game"
    );
    g.undo();
    assert_eq!(g.position().checks_given(Color::White), 2);
    assert_eq!(g.result(), None);
    assert!(g.fen().contains(" 1+3 "));
}

#[test]
fn r0_4_finished_game_accepts_no_moves() {
    let mut g = Game::new(CHESS);
    play_all(&mut g, &["f3", "e5", "g4", "Qh4#"]);
    let before = (g.fen(), g.history().len());
    let e = g.play_str("a3").unwrap_err();
    assert_eq!(e.kind, ErrorKind::GameOver);
    assert!(g.legal_moves().is_empty());
    assert_eq!((g.fen(), g.history().len()), before);
    // Resigned games too.
    let mut g = Game::new(KOTH);
    g.resign(Color::White).unwrap();
    assert_eq!(result(&g), Some((Some(Color::Black), "resignation")));
    assert_eq!(g.play_str("e4").unwrap_err().kind, ErrorKind::GameOver);
    assert_eq!(
        g.resign(Color::Black).unwrap_err().kind,
        ErrorKind::GameOver
    );
    // A game won on the hill.
    let mut g = game(KOTH, "8/8/8/8/8/4K3/8/k7 w - - 0 1");
    g.play_str("Ke4").unwrap();
    assert_eq!(g.play_str("Kb1").unwrap_err().kind, ErrorKind::GameOver);
}

#[test]
fn r0_4_illegal_input_leaves_the_game_unchanged() {
    let mut g = Game::new(CHESS);
    play_all(&mut g, &["e4", "e5"]);
    let snapshot = (g.position().clone(), g.history().to_vec(), g.result());
    for bad in [
        "e5", "Ke3", "e2e4", "", "zz", "Nf6", "e1g1", "O-O", "h7h8q", "e4e5",
    ] {
        let e = g.play_str(bad).unwrap_err();
        assert_eq!(e.kind, ErrorKind::IllegalMove, "{bad:?}");
        assert_eq!(
            (g.position().clone(), g.history().to_vec(), g.result()),
            snapshot
        );
    }
    // A Move value that is not legal here.
    let m = Move {
        from: sq("d1"),
        to: sq("d8"),
        kind: MoveKind::Normal,
    };
    assert_eq!(g.play(m).unwrap_err().kind, ErrorKind::IllegalMove);
    assert_eq!(g.position(), &snapshot.0);
    assert!(!g.claim_draw());
    assert_eq!(g.result(), None);
}

// ---------------------------------------------------------------- R1 chess

#[test]
fn r1_1_threefold_is_claimable_not_automatic() {
    let mut g = Game::new(CHESS);
    let cycle = ["Nf3", "Nf6", "Ng1", "Ng8"];
    play_all(&mut g, &cycle);
    assert_eq!(g.repetitions(), 2);
    assert_eq!(g.claimable_draw(), None);
    assert!(!g.claim_draw());
    play_all(&mut g, &cycle[..3]);
    assert_eq!(g.claimable_draw(), None);
    play_all(&mut g, &cycle[3..]);
    assert_eq!(g.repetitions(), 3);
    assert_eq!(
        g.result(),
        None,
        "threefold does not end the game by itself"
    );
    assert_eq!(g.claimable_draw(), Some(ResultReason::ThreefoldRepetition));
    assert!(g.claim_draw());
    assert_eq!(result(&g), Some((None, "threefold-repetition")));
    assert_eq!(g.play_str("e4").unwrap_err().kind, ErrorKind::GameOver);
}

#[test]
fn r1_1_fivefold_ends_the_game() {
    let mut g = Game::new(CHESS);
    for _ in 0..3 {
        play_all(&mut g, &["Nf3", "Nf6", "Ng1", "Ng8"]);
    }
    assert_eq!(g.repetitions(), 4);
    assert_eq!(g.result(), None);
    play_all(&mut g, &["Nf3", "Nf6", "Ng1", "Ng8"]);
    assert_eq!(g.repetitions(), 5);
    assert_eq!(result(&g), Some((None, "fivefold-repetition")));
    assert_eq!(g.play_str("e4").unwrap_err().kind, ErrorKind::GameOver);
}

#[test]
fn r1_1_repetition_needs_same_rights() {
    // Kings shuffle after castling rights are lost: the first position had the rights,
    // so it does not count.
    let mut g = game(CHESS, "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1");
    play_all(&mut g, &["Kf1", "Kd8", "Ke1", "Ke8"]);
    assert_eq!(g.repetitions(), 1);
    play_all(&mut g, &["Kf1", "Kd8", "Ke1", "Ke8"]);
    assert_eq!(g.repetitions(), 2);
}

#[test]
fn r1_1_fifty_move_rule_is_claimable() {
    let mut g = game(CHESS, "4k3/8/8/8/8/8/8/R3K3 w - - 98 80");
    g.play_str("Ra2").unwrap();
    assert_eq!(g.position().halfmoves(), 99);
    assert!(!g.claim_draw());
    g.play_str("Kd7").unwrap();
    assert_eq!(
        g.result(),
        None,
        "50 moves do not end the game by themselves"
    );
    assert_eq!(g.claimable_draw(), Some(ResultReason::FiftyMoveRule));
    assert!(g.claim_draw());
    assert_eq!(result(&g), Some((None, "fifty-move-rule")));
    // A pawn move or capture resets the count.
    let mut g = game(CHESS, "4k3/8/8/8/8/8/P7/R3K3 w - - 99 80");
    g.play_str("a3").unwrap();
    assert_eq!(g.position().halfmoves(), 0);
    assert!(!g.claim_draw());
}

#[test]
fn r1_1_seventy_five_move_rule_is_automatic() {
    let mut g = game(CHESS, "4k3/8/8/8/8/8/8/R3K3 w - - 149 100");
    assert_eq!(g.result(), None);
    g.play_str("Ra2").unwrap();
    assert_eq!(result(&g), Some((None, "seventy-five-move-rule")));
    assert_eq!(g.play_str("Kd7").unwrap_err().kind, ErrorKind::GameOver);
    // Checkmate on the 75th move stands (FIDE 9.6.2).
    let mut g = game(CHESS, "7k/8/6K1/8/8/8/8/R7 w - - 149 100");
    g.play_str("Ra8#").unwrap();
    assert_eq!(result(&g), Some((Some(Color::White), "checkmate")));
}

#[test]
fn r1_1_insufficient_material_dead_positions() {
    let dead = [
        "8/8/8/4k3/8/8/8/4K3 w - - 0 1",     // K v K
        "8/8/8/4k3/8/8/8/2B1K3 w - - 0 1",   // K+B v K
        "8/8/8/4k3/8/8/8/4K1N1 w - - 0 1",   // K+N v K
        "5b2/8/8/4k3/8/8/8/2B1K3 w - - 0 1", // K+B v K+B, both on dark squares
        "4k3/8/2b5/8/8/8/8/3BK3 b - - 0 1",  // K+B v K+B, both on light squares
    ];
    for fen in dead {
        let p = pos(CHESS, fen);
        assert!(p.is_insufficient_material(), "{fen}");
        assert_eq!(
            ending(&p),
            Some((None, ResultReason::InsufficientMaterial)),
            "{fen}"
        );
        assert_eq!(
            result(&game(CHESS, fen)),
            Some((None, "insufficient-material"))
        );
    }
    let alive = [
        "2b5/8/8/4k3/8/8/8/2B1K3 w - - 0 1", // bishops on opposite colours
        "8/8/8/4k3/8/8/8/4KNN1 w - - 0 1",   // two knights
        "8/8/8/4k3/8/8/8/2B1KN2 w - - 0 1",  // bishop and knight
        "6n1/8/8/4k3/8/8/8/4K1N1 w - - 0 1", // knight each
        "6n1/8/8/4k3/8/8/8/2B1K3 w - - 0 1", // bishop v knight
        "8/8/8/4k3/8/8/P7/4K3 w - - 0 1",    // a pawn
        "8/8/8/4k3/8/8/8/R3K3 w - - 0 1",    // a rook
    ];
    for fen in alive {
        let p = pos(CHESS, fen);
        assert!(!p.is_insufficient_material(), "{fen}");
        assert_eq!(ending(&p), None, "{fen}");
    }
}

#[test]
fn r1_1_capture_into_dead_position_ends_the_game() {
    let mut g = game(CHESS, "8/8/8/4k3/3r4/8/8/3RK3 b - - 0 1");
    g.play_str("Rxd1+").unwrap();
    g.play_str("Kxd1").unwrap();
    assert_eq!(result(&g), Some((None, "insufficient-material")));
}

#[test]
fn r1_2_claimable_draws_in_every_variant() {
    // Knight shuffles that never give check, from each variant's start.
    let cycles: [(Variant, [&str; 4]); 4] = [
        (CHESS, ["g1f3", "g8f6", "f3g1", "f6g8"]),
        (THREE, ["g1f3", "g8f6", "f3g1", "f6g8"]),
        (KOTH, ["g1f3", "g8f6", "f3g1", "f6g8"]),
        (RK, ["e2g3", "d2b3", "g3e2", "b3d2"]),
    ];
    for (v, cycle) in cycles {
        let mut g = Game::new(v);
        play_all(&mut g, &cycle);
        play_all(&mut g, &cycle);
        assert_eq!(g.repetitions(), 3, "{}", v);
        assert_eq!(g.result(), None, "{}: threefold is only claimable", v);
        assert!(g.claim_draw(), "{}", v);
        assert_eq!(result(&g), Some((None, "threefold-repetition")));

        let fen = match v {
            RK => "8/8/8/8/8/8/k6K/8 w - - 99 60",
            THREE => "4k3/8/8/8/8/8/8/4K3 w - - 3+3 99 60",
            _ => "4k3/8/8/8/8/8/r7/4K3 w - - 99 60",
        };
        let mut g = game(v, fen);
        if v == THREE {
            // K v K is a dead draw in Three-check; nothing to claim.
            assert_eq!(result(&g), Some((None, "insufficient-material")));
            continue;
        }
        assert!(!g.claim_draw());
        g.play_str(if v == RK { "Kg2" } else { "Kf1" }).unwrap();
        assert_eq!(g.result(), None, "{}", v);
        assert_eq!(g.claimable_draw(), Some(ResultReason::FiftyMoveRule));
        assert!(g.claim_draw());
        assert_eq!(result(&g), Some((None, "fifty-move-rule")));
    }
}

#[test]
fn r1_2_fifty_moves_in_three_check_with_material() {
    let mut g = game(THREE, "4k3/8/8/8/8/8/8/R3K3 w - - 3+3 99 60");
    g.play_str("Ra2").unwrap();
    assert_eq!(g.result(), None);
    assert!(g.claim_draw());
    assert_eq!(result(&g), Some((None, "fifty-move-rule")));
}

#[test]
fn r1_2_automatic_draws_in_variants() {
    let mut g = game(KOTH, "4k3/8/8/8/8/8/r7/4K3 w - - 149 100");
    g.play_str("Kf1").unwrap();
    assert_eq!(result(&g), Some((None, "seventy-five-move-rule")));
    let mut g = Game::new(RK);
    for _ in 0..4 {
        play_all(&mut g, &["e2g3", "d2b3", "g3e2", "b3d2"]);
    }
    assert_eq!(result(&g), Some((None, "fivefold-repetition")));
}

// ---------------------------------------------------------------- R2 three-check

#[test]
fn r2_1_check_counters_start_at_zero_and_count() {
    let mut g = Game::new(THREE);
    assert_eq!(g.position().checks_given(Color::White), 0);
    assert_eq!(g.position().checks_given(Color::Black), 0);
    play_all(&mut g, &["e4", "e5", "Bc4", "Nc6", "Bxf7+"]);
    assert_eq!(g.position().checks_given(Color::White), 1);
    assert_eq!(g.position().checks_given(Color::Black), 0);
    assert!(g.fen().contains(" 2+3 "));
    play_all(&mut g, &["Kxf7", "Qh5+"]);
    assert_eq!(g.position().checks_given(Color::White), 2);
    play_all(&mut g, &["g6", "Qxe5"]);
    assert_eq!(
        g.position().checks_given(Color::White),
        2,
        "no check, no count"
    );
    assert_eq!(g.position().checks_given(Color::Black), 0);
}

#[test]
fn r2_1_double_check_counts_one() {
    let p = pos(THREE, "4k3/8/8/8/4N3/8/8/K3R3 w - - 3+3 0 1");
    let q = after(&p, "e4f6");
    assert_eq!(q.checkers().count(), 2, "knight and rook both check");
    assert_eq!(q.checks_given(Color::White), 1);
    assert!(q.fen().contains(" 2+3 "));
}

#[test]
fn r2_1_castling_check_counts() {
    let p = pos(THREE, "5k2/8/8/8/8/8/8/4K2R w K - 3+3 0 1");
    let q = after(&p, "e1g1");
    assert!(q.is_check());
    assert_eq!(q.checks_given(Color::White), 1);
}

#[test]
fn r2_1_en_passant_and_promotion_checks_count() {
    let p = pos(THREE, "8/4k3/8/3pP3/8/8/8/4K3 w - d6 3+3 0 1");
    assert!(p.gives_check(p.parse_uci("e5d6").unwrap()));
    assert_eq!(after(&p, "e5d6").checks_given(Color::White), 1);
    let p = pos(THREE, "k7/4P3/8/8/8/8/8/4K3 w - - 3+3 0 1");
    assert_eq!(after(&p, "e7e8q").checks_given(Color::White), 1);
    assert_eq!(after(&p, "e7e8r").checks_given(Color::White), 1);
    assert_eq!(after(&p, "e7e8n").checks_given(Color::White), 0);
}

#[test]
fn r2_2_third_check_wins_even_if_king_could_escape() {
    let p = pos(THREE, "4k3/8/8/8/8/8/8/K6R w - - 1+3 0 1");
    let q = after(&p, "h1h8");
    assert_eq!(q.checks_given(Color::White), 3);
    assert_eq!(
        ending(&q),
        Some((Some(Color::White), ResultReason::ThirdCheck))
    );
    assert!(
        q.legal_moves().is_empty(),
        "the checked side does not reply"
    );
    assert!(!q.is_checkmate());
    let mut g = game(THREE, "4k3/8/8/8/8/8/8/K6R w - - 1+3 0 1");
    g.play_str("Rh8+").unwrap();
    assert_eq!(result(&g), Some((Some(Color::White), "third-check")));
    assert_eq!(g.play_str("Kd7").unwrap_err().kind, ErrorKind::GameOver);
}

#[test]
fn r2_2_third_check_by_black_wins() {
    let p = pos(THREE, "k6r/8/8/8/8/8/8/4K3 b - - 3+1 0 1");
    let q = after(&p, "h8h1");
    assert_eq!(
        ending(&q),
        Some((Some(Color::Black), ResultReason::ThirdCheck))
    );
}

#[test]
fn r2_2_third_check_by_discovered_check() {
    let p = pos(THREE, "4k3/8/8/8/4N3/8/8/K3R3 w - - 1+3 0 1");
    let q = after(&p, "e4c5");
    assert_eq!(q.checkers().count(), 1);
    assert_eq!(
        ending(&q),
        Some((Some(Color::White), ResultReason::ThirdCheck))
    );
}

#[test]
fn r2_2_third_check_by_castling() {
    let p = pos(THREE, "5k2/8/8/8/8/8/8/4K2R w K - 1+3 0 1");
    let q = after(&p, "e1g1");
    assert_eq!(
        ending(&q),
        Some((Some(Color::White), ResultReason::ThirdCheck))
    );
}

#[test]
fn r2_2_third_check_by_en_passant_and_promotion() {
    let p = pos(THREE, "8/4k3/8/3pP3/8/8/8/4K3 w - d6 1+3 0 1");
    let q = after(&p, "e5d6");
    assert_eq!(
        ending(&q),
        Some((Some(Color::White), ResultReason::ThirdCheck))
    );
    let p = pos(THREE, "k7/4P3/8/8/8/8/8/4K3 w - - 1+3 0 1");
    let q = after(&p, "e7e8q");
    assert_eq!(
        ending(&q),
        Some((Some(Color::White), ResultReason::ThirdCheck))
    );
}

#[test]
fn r2_2_checkmate_wins_at_any_count() {
    let p = pos(THREE, "6k1/5ppp/8/8/8/8/8/K3R3 w - - 3+3 0 1");
    let q = after(&p, "e1e8");
    assert_eq!(q.checks_given(Color::White), 1);
    assert_eq!(
        ending(&q),
        Some((Some(Color::White), ResultReason::Checkmate))
    );
    assert!(q.is_checkmate());
}

#[test]
fn r2_2_stalemate_is_a_draw() {
    let p = pos(THREE, "7k/5Q2/6K1/8/8/8/8/8 b - - 3+3 0 1");
    assert_eq!(ending(&p), Some((None, ResultReason::Stalemate)));
    assert_eq!(
        result(&game(THREE, "7k/5Q2/6K1/8/8/8/8/8 b - - 3+3 0 1")),
        Some((None, "stalemate"))
    );
}

#[test]
fn r2_3_only_k_v_k_is_insufficient() {
    let p = pos(THREE, "8/5k2/8/8/8/8/3K4/8 w - - 3+3 0 1");
    assert!(p.is_insufficient_material());
    assert_eq!(ending(&p), Some((None, ResultReason::InsufficientMaterial)));
    for fen in [
        "8/5k2/8/8/8/8/3K2N1/8 w - - 3+3 0 1",
        "4k3/8/8/8/8/8/8/4KB2 w - - 3+3 0 1",
        "5b2/8/8/4k3/8/8/8/2B1K3 w - - 3+3 0 1",
    ] {
        let p = pos(THREE, fen);
        assert!(!p.is_insufficient_material(), "{fen}");
        assert_eq!(ending(&p), None, "{fen}");
    }
}

#[test]
fn r2_4_counters_are_part_of_the_position_for_repetition() {
    // Qh8+ Ka7 Qh2 Ka8 brings the board back, but with one more check given each cycle.
    let mut g = game(THREE, "k7/8/8/8/8/8/7Q/K7 w - - 3+3 0 1");
    let start_hash = g.position().hash();
    play_all(&mut g, &["Qh8+", "Ka7", "Qh2", "Ka8"]);
    assert_eq!(g.position().checks_given(Color::White), 1);
    assert_ne!(g.position().hash(), start_hash);
    assert_eq!(g.repetitions(), 1);
    play_all(&mut g, &["Qh8+", "Ka7", "Qh2", "Ka8"]);
    assert_eq!(g.repetitions(), 1, "a check is irreversible");
    // Quiet shuffles after the last check repeat normally.
    play_all(&mut g, &["Kb1", "Kb7", "Ka1", "Ka8"]);
    play_all(&mut g, &["Kb1", "Kb7", "Ka1", "Ka8"]);
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.claimable_draw(), Some(ResultReason::ThreefoldRepetition));
}

#[test]
fn r2_4_counters_survive_replay_and_saved_games() {
    let mut g = game(THREE, "k7/8/8/8/8/8/7Q/K7 w - - 3+3 0 1");
    play_all(&mut g, &["Qh8+", "Ka7", "Qh2", "Ka8", "Qh8+"]);
    let saved = tablero::SavedGame::from(&g);
    let h = Game::try_from(&saved).unwrap();
    assert_eq!(h.position(), g.position());
    assert_eq!(h.position().checks_given(Color::White), 2);
    let p = Position::from_fen(THREE, &g.fen()).unwrap();
    assert_eq!(&p, g.position());
}

#[test]
fn r2_5_fen_remaining_checks_fifth_field() {
    let p = pos(
        THREE,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
    );
    assert_eq!(
        (p.checks_given(Color::White), p.checks_given(Color::Black)),
        (0, 0)
    );
    let p = pos(
        THREE,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+1 0 1",
    );
    assert_eq!(
        (p.checks_given(Color::White), p.checks_given(Color::Black)),
        (1, 2)
    );
    assert_eq!(
        p.fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+1 0 1"
    );
}

#[test]
fn r2_5_fen_lichess_checks_given_after_move_number() {
    let p = pos(
        THREE,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +1+2",
    );
    assert_eq!(
        (p.checks_given(Color::White), p.checks_given(Color::Black)),
        (1, 2)
    );
    // Written back in the remaining form.
    assert_eq!(
        p.fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+1 0 1"
    );
    let p = pos(
        THREE,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +0+0",
    );
    assert_eq!(p.fen(), Position::new(THREE).fen());
    assert!(p.fen().contains(" 3+3 "));
}

#[test]
fn r2_5_fen_without_counter_means_three_each() {
    let p = pos(
        THREE,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
    assert_eq!(
        (p.checks_given(Color::White), p.checks_given(Color::Black)),
        (0, 0)
    );
    assert_eq!(
        p.fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1"
    );
    assert_eq!(p, Position::new(THREE));
    let p = pos(THREE, "4k3/8/8/8/8/8/8/4K2R w K -");
    assert!(p.fen().ends_with(" 3+3 0 1"));
}

#[test]
fn r2_5_fen_round_trip_both_dialects() {
    for fen in [
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 1+2 2 3",
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 +2+1",
    ] {
        let p = pos(THREE, fen);
        assert_eq!(
            p.fen(),
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 1+2 2 3"
        );
        assert_eq!(pos(THREE, &p.fen()), p);
    }
}

#[test]
fn r2_5_impossible_counters_rejected() {
    rejected(THREE, "4k3/8/8/8/8/8/8/4K3 w - - 0+0 0 1", &["three", "3"]);
    rejected(THREE, "4k3/8/8/8/8/8/8/4K3 b - - 0+0 0 1", &["three", "3"]);
    rejected(THREE, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 +3+3", &["three", "3"]);
    rejected(THREE, "4k3/8/8/8/8/8/8/4K3 w - - 4+3 0 1", &["exceed", "3"]);
    rejected(
        THREE,
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 +4+0",
        &["exceed", "3"],
    );
    // White has given three checks, so it cannot be White's turn.
    rejected(
        THREE,
        "4k3/8/8/8/8/8/8/4K2R w - - 0+3 0 1",
        &["three", "turn"],
    );
    rejected(
        THREE,
        "4k3/8/8/8/8/8/8/4K3 w - - x+3 0 1",
        &["3+3", "counter", "check"],
    );
    // Counters belong to Three-check only.
    rejected(
        CHESS,
        "4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1",
        &["three-check", "counter"],
    );
    // Black to move after White's third check: valid, and White has won.
    let p = pos(THREE, "4k3/4Q3/4K3/8/8/8/8/8 b - - 0+3 0 1");
    assert_eq!(
        ending(&p),
        Some((Some(Color::White), ResultReason::ThirdCheck))
    );
}

// ---------------------------------------------------------------- R3 king of the hill

#[test]
fn r3_1_king_on_hill_wins_at_once() {
    for (fen, m) in [
        ("8/8/8/8/8/4K3/8/k7 w - - 0 1", "e3e4"),
        ("8/8/8/8/8/4K3/8/k7 w - - 0 1", "e3d4"),
        ("8/8/2K5/8/8/8/8/k7 w - - 0 1", "c6d5"),
        ("8/8/5K2/8/8/8/8/k7 w - - 0 1", "f6e5"),
    ] {
        let q = after(&pos(KOTH, fen), m);
        assert_eq!(
            ending(&q),
            Some((Some(Color::White), ResultReason::KingOfTheHill)),
            "{m}"
        );
        assert!(q.legal_moves().is_empty(), "the opponent does not reply");
    }
    let p = pos(KOTH, "8/8/8/8/8/8/8/K6k b - - 0 1");
    let p = after(&p, "h1g2");
    let p = after(&p, "a1a2");
    let p = after(&p, "g2f3");
    let p = after(&p, "a2a3");
    let q = after(&p, "f3e4");
    assert_eq!(
        ending(&q),
        Some((Some(Color::Black), ResultReason::KingOfTheHill))
    );
}

#[test]
fn r3_1_hill_entry_by_capture() {
    let p = pos(KOTH, "8/8/8/8/3n4/4K3/8/k7 w - - 0 1");
    let q = after(&p, "e3d4");
    assert_eq!(
        ending(&q),
        Some((Some(Color::White), ResultReason::KingOfTheHill))
    );
    let mut g = game(KOTH, "8/8/8/8/3n4/4K3/8/k7 w - - 0 1");
    g.play_str("Kxd4").unwrap();
    assert_eq!(result(&g), Some((Some(Color::White), "king-of-the-hill")));
}

#[test]
fn r3_2_attacked_hill_square_is_not_a_legal_move() {
    let p = pos(KOTH, "8/8/8/8/8/4K3/8/k2r4 w - - 0 1");
    assert!(!has(&p, "e3d4"));
    assert!(has(&p, "e3e4"));
    // Protected piece on the hill cannot be captured by the king.
    let p = pos(KOTH, "8/8/8/2p5/3n4/4K3/8/k7 w - - 0 1");
    assert!(!has(&p, "e3d4"));
}

#[test]
fn r3_3_checkmate_wins_stalemate_draws_k_v_k_plays_on() {
    let mut g = Game::new(KOTH);
    play_all(&mut g, &["f3", "e5", "g4", "Qh4#"]);
    assert_eq!(result(&g), Some((Some(Color::Black), "checkmate")));
    let p = pos(KOTH, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(ending(&p), Some((None, ResultReason::Stalemate)));
    let p = pos(KOTH, "8/5k2/8/8/8/8/3K4/8 w - - 0 1");
    assert!(!p.is_insufficient_material());
    assert_eq!(ending(&p), None);
    assert_eq!(game(KOTH, "8/5k2/8/8/8/8/3K4/8 w - - 0 1").result(), None);
    let p = pos(KOTH, "4k3/8/8/8/8/8/8/4KB2 w - - 0 1");
    assert_eq!(ending(&p), None);
}

#[test]
fn r3_invalid_king_of_side_to_move_already_on_hill() {
    rejected(KOTH, "8/8/8/8/4K3/8/8/k7 w - - 0 1", &["hill"]);
    rejected(KOTH, "8/8/8/3k4/8/8/8/K7 b - - 0 1", &["hill"]);
    // With the other side to move the game is simply over.
    let p = pos(KOTH, "8/8/8/8/4K3/8/8/k7 b - - 0 1");
    assert_eq!(
        ending(&p),
        Some((Some(Color::White), ResultReason::KingOfTheHill))
    );
}

// ---------------------------------------------------------------- R4 racing kings

#[test]
fn r4_1_start_position() {
    let p = Position::new(RK);
    assert_eq!(p.fen(), "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1");
    assert_eq!(p, pos(RK, "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1"));
    assert_eq!(p.turn(), Color::White);
    rejected(RK, "8/8/8/8/8/8/kP5K/8 w - - 0 1", &["pawn"]);
    rejected(RK, "8/8/8/8/8/8/k6K/R3K3 w Q - 0 1", &["king", "castl"]);
    rejected(RK, "8/8/8/8/8/8/k6K/7R w H - 0 1", &["castl"]);
}

#[test]
fn r4_2_direct_check_is_illegal() {
    let p = pos(RK, "8/8/8/8/8/8/k6K/6R1 w - - 0 1");
    assert!(!has(&p, "g1a1"), "rook to the a-file checks");
    assert!(!has(&p, "g1g2"), "rook to rank 2 checks");
    assert!(has(&p, "g1f1"));
    assert!(has(&p, "g1g8"));
    for m in p.legal_moves().iter() {
        let mut q = p.clone();
        q.play(*m);
        assert!(!q.is_check(), "{}", m.uci());
    }
}

#[test]
fn r4_2_discovered_check_is_illegal() {
    let p = pos(RK, "8/8/8/8/8/8/k2N3R/7K w - - 0 1");
    assert!(
        p.legal_moves().iter().all(|m| m.from != sq("d2")),
        "{:?}",
        ucis(&p)
    );
    assert!(has(&p, "h1g2"));
    assert!(has(&p, "h1g1"));
}

#[test]
fn r4_2_stalemate_is_a_draw() {
    let fen = "1Q4R1/5K2/4B3/8/8/3N4/8/k7 b - - 0 1";
    let p = pos(RK, fen);
    assert!(p.legal_moves().is_empty());
    assert!(!p.is_check());
    assert_eq!(ending(&p), Some((None, ResultReason::Stalemate)));
    assert_eq!(result(&game(RK, fen)), Some((None, "stalemate")));
}

#[test]
fn r4_3_black_reply_reaches_rank_8_draw() {
    let p = pos(RK, "8/1K4k1/8/8/8/8/8/8 w - - 0 1");
    let q = after(&p, "b7b8");
    assert_eq!(ending(&q), None, "Black gets its reply");
    assert!(has(&q, "g7g8"));
    let r = after(&q, "g7g8");
    assert_eq!(ending(&r), Some((None, ResultReason::Race)));
    // Any other reply loses.
    let r = after(&q, "g7g6");
    assert_eq!(ending(&r), Some((Some(Color::White), ResultReason::Race)));
}

#[test]
fn r4_3_black_cannot_reach_rank_8_white_wins_at_once() {
    // Black's king is far away.
    let p = pos(RK, "8/1K6/8/8/8/8/6k1/8 w - - 0 1");
    let q = after(&p, "b7b8");
    assert_eq!(ending(&q), Some((Some(Color::White), ResultReason::Race)));
    assert!(q.legal_moves().is_empty());
    // Black's king is on rank 7 but g8 (rook) and h8 (bishop) are covered.
    let p = pos(RK, "8/1K5k/8/8/8/8/8/B5R1 w - - 0 1");
    let q = after(&p, "b7b8");
    assert_eq!(ending(&q), Some((Some(Color::White), ResultReason::Race)));
    let mut g = game(RK, "8/1K5k/8/8/8/8/8/B5R1 w - - 0 1");
    g.play_str("Kb8").unwrap();
    assert_eq!(result(&g), Some((Some(Color::White), "race")));
    assert_eq!(g.play_str("Kh6").unwrap_err().kind, ErrorKind::GameOver);
}

#[test]
fn r4_3_one_free_square_is_enough_for_the_reply() {
    // f8 and h8 are covered, g8 is free: Black may still reply.
    let p = pos(RK, "8/1K4k1/8/8/8/8/8/5R1R w - - 0 1");
    let q = after(&p, "b7b8");
    assert_eq!(ending(&q), None);
    assert_eq!(
        ucis(&q)
            .into_iter()
            .filter(|u| u.ends_with('8'))
            .collect::<Vec<_>>(),
        ["g7g8"]
    );
    assert_eq!(ending(&after(&q, "g7g8")), Some((None, ResultReason::Race)));
    assert_eq!(
        ending(&after(&q, "g7g6")),
        Some((Some(Color::White), ResultReason::Race))
    );
}

#[test]
fn r4_3_black_reaches_first_and_wins() {
    let p = pos(RK, "8/1K4k1/8/8/8/8/8/8 b - - 0 1");
    let q = after(&p, "g7g8");
    assert_eq!(ending(&q), Some((Some(Color::Black), ResultReason::Race)));
    assert!(q.legal_moves().is_empty(), "White gets no reply");
    let mut g = game(RK, "8/1K4k1/8/8/8/8/8/8 b - - 0 1");
    g.play_str("Kg8").unwrap();
    assert_eq!(result(&g), Some((Some(Color::Black), "race")));
    assert_eq!(g.play_str("Kb8").unwrap_err().kind, ErrorKind::GameOver);
}

#[test]
fn r4_4_k_v_k_is_never_insufficient() {
    let p = pos(RK, "8/8/8/8/8/8/k6K/8 w - - 0 1");
    assert!(!p.is_insufficient_material());
    assert_eq!(ending(&p), None);
    assert_eq!(game(RK, "8/8/8/8/8/8/k6K/8 w - - 0 1").result(), None);
}

#[test]
fn r4_5_decided_race_with_black_to_move_rejected() {
    rejected(RK, "3k1K2/8/8/8/8/8/8/8 b - - 0 1", &["rank 8", "decided"]);
    rejected(RK, "3k4/8/8/5K2/8/8/8/8 b - - 0 1", &["rank 8", "decided"]);
    rejected(
        RK,
        "3krQK1/8/8/8/1q6/3B1N2/1b6/1R4R1 b - - 0 1",
        &["rank 8", "decided"],
    );
    // Same boards with White to move are finished games.
    assert_eq!(
        ending(&pos(RK, "3k1K2/8/8/8/8/8/8/8 w - - 0 1")),
        Some((None, ResultReason::Race))
    );
    assert_eq!(
        ending(&pos(RK, "3k4/8/8/5K2/8/8/8/8 w - - 0 1")),
        Some((Some(Color::Black), ResultReason::Race))
    );
}

#[test]
fn r4_5_check_in_racing_kings_position_rejected() {
    rejected(RK, "8/8/8/8/8/8/k6K/R7 w - - 0 1", &["check"]);
    rejected(RK, "8/8/8/8/8/8/k6K/7r w - - 0 1", &["check"]);
}

// ---------------------------------------------------------------- invalid positions (all)

#[test]
fn r0_invalid_positions_rejected_with_a_reason() {
    for v in Variant::ALL {
        rejected(v, "8/8/8/8/8/8/8/4K3 w - - 0 1", &["king"]);
        rejected(v, "4k3/8/8/8/8/8/8/3KK3 w - - 0 1", &["king"]);
        rejected(v, "4k2k/8/8/8/8/8/8/4K3 w - - 0 1", &["king"]);
        // The side not to move is in check.
        rejected(v, "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", &["check"]);
        rejected(v, "4k3/8/8/8/8/8/8/K3r3 b - - 0 1", &["check"]);
        rejected(v, "not a fen", &["rank", "board", "fen"]);
        rejected(v, "4k3/8/8/8/8/8/8/4K3 x - - 0 1", &["side"]);
    }
    rejected(CHESS, "4k3/8/8/8/8/8/8/4K2R w Q - 0 1", &["castl"]);
    rejected(CHESS, "4k3/8/8/8/8/8/8/4K3 w - e6 0 1", &["en-passant"]);
    rejected(CHESS, "4k2P/8/8/8/8/8/8/4K3 w - - 0 1", &["pawn"]);
}

// ---------------------------------------------------------------- R7.1 notation (see also notation.rs)

#[test]
fn r7_1_fen_san_uci_pgn_names() {
    let mut g = Game::new(THREE);
    g.play_str("e2e4").unwrap();
    g.play_str("e5").unwrap();
    assert_eq!(g.history()[0].san, "e4");
    assert_eq!(g.history()[1].uci, "e7e5");
    assert!(g.pgn().contains("[Variant \"Three-check\"]"));
    assert!(
        Game::new(KOTH)
            .pgn()
            .contains("[Variant \"King of the Hill\"]")
    );
    assert!(Game::new(RK).pgn().contains("[Variant \"Racing Kings\"]"));
    let p = pos(CHESS, "4k3/8/8/8/8/8/8/R3K1RR w G - 0 1");
    assert_eq!(p.fen(), "4k3/8/8/8/8/8/8/R3K1RR w G - 0 1");
}

// ---------------------------------------------------------------- data-driven outcomes

#[test]
fn r2_r3_r4_variant_outcomes_agreed_by_libraries() {
    let path = format!(
        "{}/tests/data/variant-outcomes.tsv",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap();
    let mut rows = 0;
    let mut failures = Vec::new();
    for line in text.lines() {
        if line.starts_with('#') || line.starts_with("variant\t") || line.trim().is_empty() {
            continue;
        }
        let cols: Vec<&str> = line.split('\t').collect();
        assert_eq!(cols.len(), 7, "{line}");
        let (variant, fen, libs, note) = (cols[0], cols[1], &cols[2..6], cols[6]);
        let v = tablero::GameKind::parse(variant, None)
            .ok()
            .and_then(tablero::GameKind::variant)
            .unwrap();
        rows += 1;
        let parsed = Game::from_fen(v, fen);
        if note.contains("INVALID") {
            match parsed {
                Ok(g) => failures.push(format!(
                    "{variant} {fen}: must be rejected, got {}",
                    g.fen()
                )),
                Err(e) => assert_eq!(e.kind, ErrorKind::InvalidFen),
            }
            continue;
        }
        assert!(
            libs.iter().all(|l| *l == libs[0]),
            "libraries disagree on {fen}"
        );
        let expected = libs[0];
        match parsed {
            Err(e) => failures.push(format!(
                "{variant} {fen}: rejected ({e}), expected {expected}"
            )),
            Ok(g) => {
                let got = g.result().map_or("*", |r| r.pgn_token());
                if got != expected {
                    failures.push(format!("{variant} {fen}: got {got}, expected {expected}"));
                }
                // The position-level ending agrees with the game result here (no history).
                let pos_token = match g.position().ending() {
                    None => "*",
                    Some(e) => match e.winner {
                        Some(Color::White) => "1-0",
                        Some(Color::Black) => "0-1",
                        None => "1/2-1/2",
                    },
                };
                if pos_token != expected {
                    failures.push(format!(
                        "{variant} {fen}: ending() {pos_token}, expected {expected}"
                    ));
                }
                if expected != "*" && !g.legal_moves().is_empty() {
                    failures.push(format!("{variant} {fen}: finished but has legal moves"));
                }
            }
        }
    }
    assert_eq!(rows, 28, "every row of the TSV is checked");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn r1_1_repetition_ignores_an_en_passant_square_that_cannot_be_used() {
    // FIDE 9.2.3: positions are the same when the same moves are possible. After d7-d5 the e5
    // pawn is pinned on the e-file, so exd6 is not possible and the position equals the one
    // reached after the king shuffles.
    let mut g = game(CHESS, "4r1k1/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    g.play_str("d5").unwrap();
    assert!(
        !g.legal_moves()
            .iter()
            .any(|m| m.kind == MoveKind::EnPassant)
    );
    assert_eq!(g.position().ep_square(), None);
    assert_eq!(g.fen(), "4r1k1/8/8/3pP3/8/8/8/4K3 w - - 0 2");
    play_all(&mut g, &["Ke2", "Kh8", "Ke1", "Kg8"]);
    assert_eq!(g.repetitions(), 2);
    play_all(&mut g, &["Ke2", "Kh8", "Ke1", "Kg8"]);
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.claimable_draw(), Some(ResultReason::ThreefoldRepetition));
    // The same holds for a position read from a FEN that names the square.
    let p = pos(CHESS, "4r1k1/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    assert_eq!(p.ep_square(), None);
    assert_eq!(p.hash(), g.position().hash());
}

/// R0.3: undo after a resignation takes back the resignation only; the moves stay.
#[test]
fn r0_3_undo_takes_back_a_resignation_before_any_move() {
    let mut g = Game::new(Variant::Chess);
    g.play_str("e4").unwrap();
    g.resign(Color::Black).unwrap();
    assert!(g.result().is_some());
    assert_eq!(g.undo(), None);
    assert!(g.result().is_none());
    assert_eq!(g.history().len(), 1);
    assert_eq!(g.undo().map(|m| m.san), Some("e4".to_string()));
    assert!(g.history().is_empty());
}
