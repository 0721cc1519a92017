//! R7.1 notation of the two-player engine: SAN (writing and reading), UCI, PGN export and
//! import, X-FEN castling.

use tablero::ErrorKind;
use tablero::two::TwoGame as Game;
use tablero::two::{Color, MoveKind, Position, Square, Variant};

fn pos(v: Variant, fen: &str) -> Position {
    Position::from_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

/// SAN of the move given in UCI.
fn san(p: &Position, uci: &str) -> String {
    let m = p.parse_uci(uci).unwrap_or_else(|e| panic!("{uci}: {e}"));
    p.san(m)
}

fn game_after(v: Variant, moves: &[&str]) -> Game {
    let mut g = Game::new(v);
    for m in moves {
        if let Err(e) = g.play_str(m) {
            panic!("{m}: {e}");
        }
    }
    g
}

// ------------------------------------------------------------------ SAN writing

#[test]
fn r7_1_san_disambiguation_by_file() {
    let p = pos(Variant::Chess, "3k4/8/8/8/8/8/4K3/R6R w - - 0 1");
    assert_eq!(san(&p, "a1d1"), "Rad1+");
    assert_eq!(san(&p, "h1d1"), "Rhd1+");
    assert_eq!(san(&p, "a1a2"), "Ra2", "only one rook reaches a2");
}

#[test]
fn r7_1_san_disambiguation_by_rank() {
    let p = pos(Variant::Chess, "3k4/8/8/R7/8/8/4K3/R7 w - - 0 1");
    assert_eq!(san(&p, "a1a3"), "R1a3");
    assert_eq!(san(&p, "a5a3"), "R5a3");
}

#[test]
fn r7_1_san_disambiguation_by_file_and_rank() {
    let p = pos(Variant::Chess, "8/7k/8/8/8/Q7/8/Q1Q1K3 w - - 0 1");
    assert_eq!(san(&p, "a1b2"), "Qa1b2");
    assert_eq!(san(&p, "a3b2"), "Q3b2");
    assert_eq!(san(&p, "c1b2"), "Qcb2");
}

#[test]
fn r7_1_san_no_disambiguation_against_a_pinned_piece() {
    let p = pos(Variant::Chess, "4k3/8/8/b7/8/2N5/8/4K1N1 w - - 0 1");
    assert_eq!(san(&p, "g1e2"), "Ne2");
}

#[test]
fn r7_1_san_captures_and_en_passant() {
    let g = game_after(Variant::Chess, &["e4", "d5", "exd5", "Nf6", "Nf3", "Nxd5"]);
    let sans: Vec<&str> = g.history().iter().map(|m| m.san.as_str()).collect();
    assert_eq!(sans, ["e4", "d5", "exd5", "Nf6", "Nf3", "Nxd5"]);
    let p = pos(Variant::Chess, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    assert_eq!(san(&p, "e5d6"), "exd6");
}

#[test]
fn r7_1_san_promotions() {
    let p = pos(Variant::Chess, "8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
    assert_eq!(san(&p, "e7e8q"), "e8=Q");
    assert_eq!(san(&p, "e7e8n"), "e8=N");
    let p = pos(Variant::Chess, "k7/4P3/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(san(&p, "e7e8q"), "e8=Q+");
    assert_eq!(san(&p, "e7e8r"), "e8=R+");
    assert_eq!(san(&p, "e7e8b"), "e8=B");
    let p = pos(Variant::Chess, "3r4/4P2k/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(san(&p, "e7d8n"), "exd8=N");
    assert_eq!(san(&p, "e7d8q"), "exd8=Q");
}

#[test]
fn r7_1_san_check_and_mate_suffixes() {
    let g = game_after(Variant::Chess, &["f3", "e5", "g4", "Qh4"]);
    assert_eq!(g.history()[3].san, "Qh4#");
    let g = game_after(Variant::Chess, &["e4", "d6", "Bb5"]);
    assert_eq!(g.history()[2].san, "Bb5+");
    assert!(g.history()[2].check);
}

#[test]
fn r7_1_san_castling() {
    let p = pos(Variant::Chess, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(san(&p, "e1g1"), "O-O");
    assert_eq!(san(&p, "e1c1"), "O-O-O");
    let p = pos(Variant::Chess, "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
    assert_eq!(san(&p, "e8g8"), "O-O");
    assert_eq!(san(&p, "e8c8"), "O-O-O");
    let p = pos(Variant::Chess, "5k2/8/8/8/8/8/8/4K2R w K - 0 1");
    assert_eq!(san(&p, "e1g1"), "O-O+");
}

// ------------------------------------------------------------------ SAN reading

#[test]
fn r7_1_san_parse_castling_both_spellings() {
    let p = pos(Variant::Chess, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    for (text, rook) in [
        ("O-O", "h1"),
        ("0-0", "h1"),
        ("O-O-O", "a1"),
        ("0-0-0", "a1"),
    ] {
        let m = p.parse_san(text).unwrap();
        assert_eq!(m.kind, MoveKind::Castle, "{text}");
        assert_eq!((m.from, m.to), (sq("e1"), sq(rook)), "{text}");
    }
    let p = pos(Variant::Chess, "4k3/8/8/8/8/8/8/R3K2R w - - 0 1");
    assert_eq!(p.parse_san("O-O").unwrap_err().kind, ErrorKind::IllegalMove);
}

#[test]
fn r7_1_san_parse_annotations_and_suffixes() {
    let p = Position::new(Variant::Chess);
    let e4 = p.parse_uci("e2e4").unwrap();
    for text in ["e4", "e4!", "e4?", "e4!?", "e4?!", "e4!!", "e4??"] {
        assert_eq!(p.parse_san(text).unwrap(), e4, "{text}");
    }
    let g = game_after(Variant::Chess, &["e4", "d6"]);
    let m = g.position().parse_san("Bb5+!?").unwrap();
    assert_eq!(m.uci(), "f1b5");
    let g = game_after(Variant::Chess, &["f3", "e5", "g4"]);
    assert_eq!(g.position().parse_san("Qh4#").unwrap().uci(), "d8h4");
}

#[test]
fn r7_1_san_parse_redundant_disambiguation() {
    let p = Position::new(Variant::Chess);
    let nf3 = p.parse_uci("g1f3").unwrap();
    for text in ["Nf3", "Ngf3", "N1f3", "Ng1f3", "Ng1-f3"] {
        assert_eq!(p.parse_san(text).unwrap(), nf3, "{text}");
    }
    let p = pos(Variant::Chess, "3k4/8/8/8/8/8/4K3/R6R w - - 0 1");
    let e = p.parse_san("Rd1").unwrap_err();
    assert_eq!(e.kind, ErrorKind::IllegalMove, "ambiguous");
    assert_eq!(p.parse_san("Rad1").unwrap().uci(), "a1d1");
    assert_eq!(p.parse_san("Rhd1+").unwrap().uci(), "h1d1");
}

#[test]
fn r7_1_san_parse_promotions_and_captures() {
    let p = pos(Variant::Chess, "3r4/4P2k/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(p.parse_san("exd8=Q").unwrap().uci(), "e7d8q");
    assert_eq!(p.parse_san("exd8N").unwrap().uci(), "e7d8n");
    assert_eq!(p.parse_san("e8=R").unwrap().uci(), "e7e8r");
    assert!(
        p.parse_san("e8").is_err(),
        "a promotion must name the piece"
    );
    let p = pos(Variant::Chess, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    let m = p.parse_san("exd6").unwrap();
    assert_eq!(m.kind, MoveKind::EnPassant);
}

#[test]
fn r7_1_san_parse_rejects_nonsense() {
    let p = Position::new(Variant::Chess);
    for text in ["", "Ke3", "Qz9", "e5", "Nf4", "xx", "O-O", "P"] {
        let e = p.parse_san(text).unwrap_err();
        assert_eq!(e.kind, ErrorKind::IllegalMove, "{text:?}");
        assert_eq!(e.code(), "illegal-move");
    }
}

// ------------------------------------------------------------------ UCI

#[test]
fn r7_1_uci_promotion() {
    let p = pos(Variant::Chess, "8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
    let m = p.parse_uci("e7e8q").unwrap();
    assert_eq!(m.kind, MoveKind::Promotion(tablero::Role::Queen));
    assert_eq!(m.uci(), "e7e8q");
    assert_eq!(p.parse_uci("e7e8n").unwrap().uci(), "e7e8n");
    assert_eq!(
        p.parse_uci("e7e8").unwrap_err().kind,
        ErrorKind::IllegalMove
    );
    assert!(p.parse_uci("e7e8k").is_err());
}

#[test]
fn r7_1_uci_castling_king_move_and_king_takes_rook() {
    let p = pos(Variant::Chess, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let a = p.parse_uci("e1g1").unwrap();
    let b = p.parse_uci("e1h1").unwrap();
    assert_eq!(a, b);
    assert_eq!(a.kind, MoveKind::Castle);
    assert_eq!(a.to, sq("h1"), "castling moves carry the rook square");
    assert_eq!(a.king_to(), sq("g1"));
    assert_eq!(a.uci(), "e1g1");
    let c = p.parse_uci("e1c1").unwrap();
    assert_eq!(c, p.parse_uci("e1a1").unwrap());
    assert_eq!(c.uci(), "e1c1");
    let p = pos(Variant::Chess, "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
    assert_eq!(p.parse_uci("e8g8").unwrap(), p.parse_uci("e8h8").unwrap());
    assert_eq!(p.parse_uci("e8h8").unwrap().uci(), "e8g8");
    assert_eq!(p.parse_uci("e8c8").unwrap().uci(), "e8c8");
}

#[test]
fn r7_1_uci_rejects_bad_input() {
    let p = Position::new(Variant::Chess);
    for text in ["", "e2", "e2e5", "e2e4e", "i2i4", "e2e4qq", "e1g1", "0000"] {
        assert_eq!(
            p.parse_uci(text).unwrap_err().kind,
            ErrorKind::IllegalMove,
            "{text}"
        );
    }
    assert_eq!(
        p.parse_move("e2e4").unwrap(),
        p.parse_move("e4").unwrap(),
        "parse_move takes UCI or SAN"
    );
}

// ------------------------------------------------------------------ PGN export

#[test]
fn r7_1_pgn_export_standard_game() {
    let g = game_after(Variant::Chess, &["e4", "e5", "Nf3"]);
    let pgn = g.pgn();
    for tag in [
        "[Event \"?\"]",
        "[Site \"?\"]",
        "[Date \"????.??.??\"]",
        "[Round \"?\"]",
        "[White \"?\"]",
        "[Black \"?\"]",
        "[Result \"*\"]",
    ] {
        assert!(pgn.contains(tag), "{tag} in\n{pgn}");
    }
    assert!(!pgn.contains("[FEN"), "standard start needs no FEN tag");
    assert!(!pgn.contains("[SetUp"));
    assert!(pgn.contains("\n1. e4 e5 2. Nf3 *"), "{pgn}");
}

#[test]
fn r7_1_pgn_export_result_and_variant_names() {
    let g = game_after(Variant::Chess, &["f3", "e5", "g4", "Qh4#"]);
    let pgn = g.pgn();
    assert!(pgn.contains("[Result \"0-1\"]"));
    assert!(pgn.contains("1. f3 e5 2. g4 Qh4# 0-1"), "{pgn}");
    for (v, name) in [
        (Variant::ThreeCheck, "Three-check"),
        (Variant::KingOfTheHill, "King of the Hill"),
        (Variant::RacingKings, "Racing Kings"),
    ] {
        let pgn = Game::new(v).pgn();
        assert!(pgn.contains(&format!("[Variant \"{name}\"]")), "{pgn}");
        assert!(
            !pgn.contains("[FEN"),
            "{name} start needs no FEN tag: {pgn}"
        );
    }
}

#[test]
fn r7_1_pgn_export_custom_start_from_black_move() {
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    let mut g = Game::from_fen(Variant::Chess, fen).unwrap();
    g.play_str("e5").unwrap();
    g.play_str("Nf3").unwrap();
    let pgn = g.pgn();
    assert!(pgn.contains(&format!("[FEN \"{fen}\"]")), "{pgn}");
    assert!(pgn.contains("[SetUp \"1\"]"));
    assert!(pgn.contains("\n1... e5 2. Nf3 *"), "{pgn}");
    // Later move numbers are kept.
    let fen = "4k3/8/8/8/8/8/r7/4K3 b - - 10 12";
    let mut g = Game::from_fen(Variant::KingOfTheHill, fen).unwrap();
    g.play_str("Ra3").unwrap();
    g.play_str("Kd2").unwrap();
    let pgn = g.pgn();
    assert!(pgn.contains("[Variant \"King of the Hill\"]"));
    assert!(pgn.contains(&format!("[FEN \"{fen}\"]")));
    assert!(pgn.contains("\n12... Ra3 13. Kd2 *"), "{pgn}");
}

#[test]
fn r7_1_pgn_round_trip() {
    for (v, moves) in [
        (
            Variant::Chess,
            &["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "O-O"][..],
        ),
        (
            Variant::ThreeCheck,
            &["e4", "e5", "Bc4", "Nc6", "Bxf7+", "Kxf7", "Qh5+"][..],
        ),
        (Variant::RacingKings, &["Ng3", "Nb3", "Nf5"][..]),
    ] {
        let g = game_after(v, moves);
        let h = Game::from_pgn(&g.pgn()).unwrap();
        assert_eq!(h.variant(), v);
        assert_eq!(h.position(), g.position());
        assert_eq!(h.history(), g.history());
    }
}

// ------------------------------------------------------------------ PGN import

#[test]
fn r7_1_pgn_import_skips_comments_nags_variations() {
    let pgn = r#"[Event "Test"]
[Site "Somewhere"]
[White "A"]
[Black "B"]
[Result "1-0"]

1.e4 {best by test} e5 $1 2. Nf3 (2. f4 exf4 (2... d5 3. exd5) 3. Nf3) 2... Nc6 ; a comment
3.Bb5 a6!? 4. Ba4 $14 1-0
"#;
    let g = Game::from_pgn(pgn).unwrap();
    let sans: Vec<&str> = g.history().iter().map(|m| m.san.as_str()).collect();
    assert_eq!(sans, ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4"]);
    assert_eq!(
        g.fen(),
        "r1bqkbnr/1ppp1ppp/p1n5/4p3/B3P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 1 4"
    );
    let r = g.result().unwrap();
    assert_eq!(r.winner, Some(Color::White), "a decisive Result is kept");
    let out = g.pgn();
    assert!(out.contains("[Event \"Test\"]") && out.contains("[White \"A\"]"));
}

#[test]
fn r7_1_pgn_import_result_token_without_tag() {
    let g = Game::from_pgn("1. e4 e5 2. Nf3 *").unwrap();
    assert_eq!(g.history().len(), 3);
    assert_eq!(g.result(), None);
    let g = Game::from_pgn("1. e4 e5 1/2-1/2").unwrap();
    assert_eq!(g.result().map(|r| r.winner), Some(None));
}

#[test]
fn r7_1_pgn_import_illegal_move_names_the_move_number() {
    let e = Game::from_pgn("1. e4 e5 2. Ke3 Nc6").unwrap_err();
    assert_eq!(e.kind, ErrorKind::InvalidPgn);
    assert_eq!(e.code(), "invalid-pgn");
    assert!(
        e.message.contains("2.") && e.message.contains("Ke3"),
        "{}",
        e.message
    );
    let e = Game::from_pgn("1. e4 e5 2. Nf3 Nf3").unwrap_err();
    assert_eq!(e.kind, ErrorKind::InvalidPgn);
    assert!(
        e.message.contains("2...") && e.message.contains("Nf3"),
        "{}",
        e.message
    );
    let e = Game::from_pgn("[Variant \"Crazyhouse\"]\n\n1. e4 *").unwrap_err();
    assert_eq!(e.kind, ErrorKind::InvalidPgn);
    let e = Game::from_pgn("[FEN \"not a fen\"]\n\n1. e4 *").unwrap_err();
    assert_eq!(e.kind, ErrorKind::InvalidPgn);
}

#[test]
fn r7_1_pgn_import_variant_tag_chooses_rules() {
    let moves = "1. e3 e6 2. Ke2 Ke7 3. Kd3 Kd6 4. Kd4";
    let chess = Game::from_pgn(moves).unwrap();
    assert_eq!(chess.variant(), Variant::Chess);
    assert_eq!(chess.result(), None);
    let koth = Game::from_pgn(&format!("[Variant \"King of the Hill\"]\n\n{moves} 1-0")).unwrap();
    assert_eq!(koth.variant(), Variant::KingOfTheHill);
    let r = koth.result().unwrap();
    assert_eq!(
        (r.winner, r.reason.code()),
        (Some(Color::White), "king-of-the-hill")
    );

    let moves = "1. e4 e5 2. Bc4 Nc6 3. Bxf7+ Kxf7 4. Qh5+ Ke7 5. Qxe5+";
    assert_eq!(Game::from_pgn(moves).unwrap().result(), None);
    let three = Game::from_pgn(&format!("[Variant \"Three-check\"]\n\n{moves} 1-0")).unwrap();
    let r = three.result().unwrap();
    assert_eq!(
        (r.winner, r.reason.code()),
        (Some(Color::White), "third-check")
    );

    let rk = Game::from_pgn("[Variant \"Racing Kings\"]\n\n1. Ng3 Nb3 *").unwrap();
    assert_eq!(rk.variant(), Variant::RacingKings);
    assert_eq!(rk.history().len(), 2);
    // The same moves are not legal from the chess start.
    assert!(Game::from_pgn("1. Ng3 Nb3 *").is_err());
}

// ------------------------------------------------------------------ X-FEN

#[test]
fn r7_1_xfen_castling_round_trip() {
    for fen in [
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1",
        "4k3/8/8/8/8/8/8/R3K1RR w G - 0 1",
        "r3k2r/8/8/8/8/8/8/RR2K2R w KBkq - 0 1",
        "rr2k2r/8/8/8/8/8/8/R3K2R b KQkb - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
    ] {
        let p = pos(Variant::Chess, fen);
        assert_eq!(p.fen(), fen);
        assert_eq!(pos(Variant::Chess, &p.fen()), p);
    }
    // Shredder-style file letters for the outer rooks are written as KQkq.
    let p = pos(Variant::Chess, "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
    assert_eq!(p.fen(), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
}

#[test]
fn r7_1_xfen_inner_rook_castling() {
    let p = pos(Variant::Chess, "4k3/8/8/8/8/8/8/R3K1RR w G - 0 1");
    let m = p.parse_san("O-O").unwrap();
    assert_eq!((m.from, m.to), (sq("e1"), sq("g1")));
    let mut q = p.clone();
    q.play(m);
    assert_eq!(q.fen(), "4k3/8/8/8/8/8/8/R4RKR b - - 1 1");
    let p = pos(Variant::Chess, "r3k2r/8/8/8/8/8/8/RR2K2R w KBkq - 0 1");
    let m = p.parse_san("O-O-O").unwrap();
    assert_eq!(m.to, sq("b1"));
    assert_eq!(p.parse_uci(&m.uci()).unwrap(), m);
    let mut q = p.clone();
    q.play(m);
    assert_eq!(q.fen(), "r3k2r/8/8/8/8/8/8/R1KR3R b kq - 1 1");
}

#[test]
fn r7_1_pgn_import_lichess_from_position() {
    // lichess exports standard games from a set-up position with `Variant "From Position"`.
    let pgn = r#"[Variant "From Position"]
[FEN "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"]
[SetUp "1"]

1. O-O-O Kf7 *"#;
    let g = Game::from_pgn(pgn).unwrap();
    assert_eq!(g.variant(), Variant::Chess);
    assert_eq!(g.fen(), "8/5k2/8/8/8/8/8/2KR4 w - - 2 2");
}
