//! The position editor: `validate_fen`'s reason codes (each with a position that breaks that
//! rule and no earlier one), `Setup` edits, and the square queries of a `Game`.

use tablero::{
    CastlingSide, FenProblem, Game, GameKind, NewGame, Player, Role, Rules, Setup, validate_fen,
};

const FFA: GameKind = GameKind::FourPlayer(Rules::Ffa);
const START4: &str = "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-x,x,x,yR,yN,yB,yK,yQ,yB,yN,yR,x,x,x/x,x,x,yP,yP,yP,yP,yP,yP,yP,yP,x,x,x/x,x,x,8,x,x,x/bR,bP,10,gP,gR/bN,bP,10,gP,gN/bB,bP,10,gP,gB/bQ,bP,10,gP,gK/bK,bP,10,gP,gQ/bB,bP,10,gP,gB/bN,bP,10,gP,gN/bR,bP,10,gP,gR/x,x,x,8,x,x,x/x,x,x,rP,rP,rP,rP,rP,rP,rP,rP,x,x,x/x,x,x,rR,rN,rB,rQ,rK,rB,rN,rR,x,x,x";

fn refused(kind: GameKind, fen: &str) -> FenProblem {
    let e = validate_fen(fen, kind).expect_err(fen);
    // Every refusal is also what Game::new says, as an invalid-fen error, unless only the
    // editor refuses it (a game already over starts, and is over).
    if e.problem != FenProblem::AlreadyOver && e.problem != FenProblem::TooLong {
        let g = Game::new(NewGame {
            kind,
            fen: Some(fen.into()),
            ..NewGame::default()
        });
        assert_eq!(g.unwrap_err().code(), "invalid-fen", "{fen}");
    }
    e.problem
}

#[test]
fn every_code_is_kebab_case_unique_and_in_the_readme() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let mut seen = std::collections::HashSet::new();
    for p in FenProblem::ALL {
        let code = p.code();
        assert!(seen.insert(code), "{code} twice");
        assert!(
            code.bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        );
        assert!(
            readme.contains(&format!("`{code}`")),
            "README lacks `{code}`"
        );
    }
}

#[test]
fn valid_fens_come_back_normalised() {
    // Shredder-FEN castling letters become K/Q; a dead en-passant square is dropped;
    // Three-check always carries its counter.
    assert_eq!(
        validate_fen("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", GameKind::Chess).unwrap(),
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
    );
    assert_eq!(
        validate_fen("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1", GameKind::Chess).unwrap(),
        "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1"
    );
    assert_eq!(
        validate_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1", GameKind::ThreeCheck).unwrap(),
        "4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1"
    );
    // Checkmate is a position, not an error.
    assert!(validate_fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1", GameKind::Chess).is_ok());
    assert_eq!(validate_fen(START4, FFA).unwrap(), START4);
}

#[test]
fn too_long() {
    let fen = "8/".repeat(3000);
    assert_eq!(refused(GameKind::Chess, &fen), FenProblem::TooLong);
    assert_eq!(refused(FFA, &fen), FenProblem::TooLong);
}

#[test]
fn bad_fields() {
    let c = GameKind::Chess;
    assert_eq!(refused(c, "4k3/8/8/8/8/8/8/4K3"), FenProblem::BadFields);
    assert_eq!(
        refused(c, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 7"),
        FenProblem::BadFields
    );
    assert_eq!(
        refused(c, "4k3/8/8/8/8/8/8/4K3 w - - x 1"),
        FenProblem::BadFields
    );
    assert_eq!(refused(FFA, "R-0,0,0,0-1,1,1,1-0-x"), FenProblem::BadFields);
}

#[test]
fn bad_board() {
    let c = GameKind::Chess;
    assert_eq!(
        refused(c, "4k3/8/8/8/8/8/8/8/4K3 w - - 0 1"),
        FenProblem::BadBoard
    );
    assert_eq!(
        refused(c, "4k3/8/8/8/8/8/8/4K2X w - - 0 1"),
        FenProblem::BadBoard
    );
    assert_eq!(
        refused(c, "4k3/8/8/8/8/8/8/4K4 w - - 0 1"),
        FenProblem::BadBoard
    );
    // A piece on a missing corner of the cross.
    let corner = START4.replacen("x,x,x,rR", "rQ,x,x,rR", 1);
    assert_eq!(refused(FFA, &corner), FenProblem::BadBoard);
}

#[test]
fn king_count() {
    let c = GameKind::Chess;
    assert_eq!(
        refused(c, "8/8/8/8/8/8/8/K7 w - - 0 1"),
        FenProblem::KingCount
    );
    assert_eq!(
        refused(c, "4k3/8/8/8/8/8/8/KK6 w - - 0 1"),
        FenProblem::KingCount
    );
    // Red in play without its king.
    let no_king = START4.replacen("rK", "rB", 1);
    assert_eq!(refused(FFA, &no_king), FenProblem::KingCount);
}

#[test]
fn pawn_rank() {
    assert_eq!(
        refused(GameKind::Chess, "P3k3/8/8/8/8/8/8/4K3 w - - 0 1"),
        FenProblem::PawnRank
    );
    assert_eq!(
        refused(GameKind::Chess, "4k3/8/8/8/8/8/8/p3K3 w - - 0 1"),
        FenProblem::PawnRank
    );
    // A red pawn on Red's back rank.
    let back = START4.replacen("rN", "rP", 1);
    assert_eq!(refused(FFA, &back), FenProblem::PawnRank);
}

#[test]
fn bad_turn() {
    assert_eq!(
        refused(GameKind::Chess, "4k3/8/8/8/8/8/8/4K3 x - - 0 1"),
        FenProblem::BadTurn
    );
    assert_eq!(
        refused(FFA, &START4.replacen('R', "X", 1)),
        FenProblem::BadTurn
    );
    // Red is out but to move.
    let out = START4.replacen("R-0,0,0,0", "R-1,0,0,0", 1);
    assert_eq!(
        refused(GameKind::FourPlayer(Rules::Ffa), &out),
        FenProblem::BadTurn
    );
}

#[test]
fn bad_castling() {
    let c = GameKind::Chess;
    assert_eq!(
        refused(c, "4k3/8/8/8/8/8/8/4K3 w KQ - 0 1"),
        FenProblem::BadCastling
    );
    assert_eq!(
        refused(c, "4k3/8/8/8/8/8/8/R3K2R w Z - 0 1"),
        FenProblem::BadCastling
    );
    // A king off its back rank with a right.
    assert_eq!(
        refused(c, "4k3/8/8/8/8/8/4K3/R6R w A - 0 1"),
        FenProblem::BadCastling
    );
    assert_eq!(
        refused(
            GameKind::RacingKings,
            "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w G - 0 1"
        ),
        FenProblem::BadCastling
    );
}

#[test]
fn bad_en_passant() {
    let c = GameKind::Chess;
    assert_eq!(
        refused(c, "4k3/8/8/8/8/8/8/4K3 w - e6 0 1"),
        FenProblem::BadEnPassant
    );
    assert_eq!(
        refused(c, "4k3/8/8/8/8/8/8/4K3 w - e9 0 1"),
        FenProblem::BadEnPassant
    );
    let ep = START4.replacen("-0-x", "-0-{'enPassant':('z1:z2','','','')}-x", 1);
    assert_eq!(refused(FFA, &ep), FenProblem::BadEnPassant);
}

#[test]
fn opposite_check() {
    // White to move while the black king on e8 stands in the rook's line.
    assert_eq!(
        refused(GameKind::Chess, "4k3/4R3/8/8/8/8/8/K7 w - - 0 1"),
        FenProblem::OppositeCheck
    );
}

#[test]
fn impossible_check() {
    // Knight d6, bishop b5 and rook e2 all check the king on e8.
    assert_eq!(
        refused(GameKind::Chess, "4k3/8/3N4/1B6/8/8/4R3/K7 b - - 0 1"),
        FenProblem::ImpossibleCheck
    );
}

#[test]
fn bad_checks() {
    let t = GameKind::ThreeCheck;
    assert_eq!(
        refused(t, "4k3/8/8/8/8/8/8/4K3 w - - 4+3 0 1"),
        FenProblem::BadChecks
    );
    assert_eq!(
        refused(t, "4k3/8/8/8/8/8/8/4K3 w - - 3+x 0 1"),
        FenProblem::BadChecks
    );
    assert_eq!(
        refused(t, "4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1 +1+0"),
        FenProblem::BadChecks
    );
    assert_eq!(
        refused(GameKind::Chess, "4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1"),
        FenProblem::BadChecks
    );
}

#[test]
fn variant_rules() {
    let r = GameKind::RacingKings;
    assert_eq!(
        refused(r, "8/8/8/8/8/2k5/P7/K7 w - - 0 1"),
        FenProblem::VariantRules
    );
    // White in check from the rook on h1: Racing Kings never has a check.
    assert_eq!(
        refused(r, "8/8/8/8/8/2k5/8/K6r w - - 0 1"),
        FenProblem::VariantRules
    );
}

#[test]
fn already_over() {
    // Black's king already on the hill, White to move; White's on it with White to move.
    assert_eq!(
        refused(GameKind::KingOfTheHill, "8/8/8/3k4/8/8/8/K7 w - - 0 1"),
        FenProblem::AlreadyOver
    );
    assert_eq!(
        refused(GameKind::KingOfTheHill, "8/8/8/3K4/8/8/8/k7 w - - 0 1"),
        FenProblem::AlreadyOver
    );
    // Black has given its three checks.
    assert_eq!(
        refused(GameKind::ThreeCheck, "4k3/8/8/8/8/8/8/4K3 w - - 3+0 0 1"),
        FenProblem::AlreadyOver
    );
    // Black's king reached rank 8.
    assert_eq!(
        refused(GameKind::RacingKings, "k7/8/8/8/8/8/8/K7 w - - 0 1"),
        FenProblem::AlreadyOver
    );
    // Game::new still starts such a game: it is over at once.
    let g = Game::new(NewGame {
        kind: GameKind::KingOfTheHill,
        fen: Some("8/8/8/3k4/8/8/8/K7 w - - 0 1".into()),
        ..NewGame::default()
    })
    .unwrap();
    assert!(g.status().over);
}

#[test]
fn bad_fen4_field() {
    let points = START4.replacen("0,0,0,0-0-", "a,0,0,0-0-", 1);
    assert_eq!(refused(FFA, &points), FenProblem::BadFen4Field);
    let flags = START4.replacen("1,1,1,1-1", "2,1,1,1-1", 1);
    assert_eq!(refused(FFA, &flags), FenProblem::BadFen4Field);
    let clock = START4.replacen("0,0,0,0-0-", "0,0,0,0-z-", 1);
    assert_eq!(refused(FFA, &clock), FenProblem::BadFen4Field);
}

#[test]
fn a_setup_is_edited_then_started() {
    let mut s = Setup::empty(GameKind::Chess);
    assert_eq!(s.fen(), "8/8/8/8/8/8/8/8 w - - 0 1");
    assert_eq!(s.validate().unwrap_err().problem, FenProblem::KingCount);
    s.put("e1", Some((Player::White, Role::King))).unwrap();
    s.put("e8", Some((Player::Black, Role::King))).unwrap();
    s.put("h1", Some((Player::White, Role::Rook))).unwrap();
    s.put("d2", Some((Player::Black, Role::Pawn))).unwrap();
    s.put("d2", None).unwrap();
    s.set_castling(&[(Player::White, CastlingSide::King, None)])
        .unwrap();
    assert_eq!(s.castling()[0].rook, "h1");
    s.set_turn(Player::Black).unwrap();
    assert_eq!(s.fen(), "4k3/8/8/8/8/8/8/4K2R b K - 0 1");
    assert_eq!(s.validate().unwrap(), "4k3/8/8/8/8/8/8/4K2R b K - 0 1");
    let g = s.new_game(0).unwrap();
    assert_eq!(g.castling_rights(), s.castling());
    assert_eq!(g.get("h1").unwrap().unwrap().piece, Role::Rook);
    // A right the board contradicts once the rook goes.
    s.put("h1", None).unwrap();
    assert_eq!(s.validate().unwrap_err().problem, FenProblem::BadCastling);
    assert_eq!(s.new_game(0).unwrap_err().code(), "invalid-fen");
    s.clear();
    assert!(s.castling().is_empty() && s.board().is_empty());
}

#[test]
fn setup_edits_refuse_what_cannot_be_written_and_change_nothing() {
    let mut s = Setup::new(GameKind::Chess);
    let before = s.clone();
    for sq in ["e9", "z1", "", "e", "e10", "E4 ", "a0"] {
        assert_eq!(
            s.put(sq, Some((Player::White, Role::Queen)))
                .unwrap_err()
                .code(),
            "invalid-argument"
        );
        assert_eq!(s.get(sq).unwrap_err().code(), "invalid-argument");
    }
    assert!(s.put("e4", Some((Player::Red, Role::Queen))).is_err());
    assert!(s.set_turn(Player::Green).is_err());
    assert!(s.set_ep_square(Some("i3")).is_err());
    assert!(s.set_remaining_checks(1, 1).is_err());
    assert!(s.set_points(Player::White, 3).is_err());
    assert!(
        s.set_castling(&[
            (Player::White, CastlingSide::King, None),
            (Player::White, CastlingSide::King, None)
        ])
        .is_err()
    );
    assert!(
        s.set_castling(&[(Player::White, CastlingSide::King, Some("h8".into()))])
            .is_err()
    );
    assert_eq!(s, before);
}

#[test]
fn three_check_and_en_passant_fields() {
    let mut s = Setup::new(GameKind::ThreeCheck);
    assert_eq!(s.remaining_checks(), Some([3, 3]));
    s.set_remaining_checks(1, 2).unwrap();
    assert!(s.fen().contains(" 1+2 "));
    assert!(s.set_remaining_checks(4, 0).is_err());
    let g = s.new_game(0).unwrap();
    let checks: Vec<_> = g.score().iter().map(|sc| sc.checks).collect();
    assert_eq!(checks, [Some(2), Some(1)]);

    let mut e = Setup::from_fen(GameKind::Chess, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2").unwrap();
    assert_eq!(e.ep_square().as_deref(), Some("d6"));
    e.set_ep_square(None).unwrap();
    assert_eq!(e.validate().unwrap(), "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2");
    e.set_ep_square(Some("c6")).unwrap();
    assert_eq!(e.validate().unwrap_err().problem, FenProblem::BadEnPassant);
}

#[test]
fn four_player_setup_points_out_and_castling() {
    let mut s = Setup::new(FFA);
    assert_eq!(s.fen(), START4);
    assert_eq!(s.castling().len(), 8);
    assert!(s.set_ep_square(Some("e4")).is_err());
    assert!(
        s.put("a1", Some((Player::Red, Role::Queen))).is_err(),
        "a corner"
    );
    s.set_points(Player::Blue, 12).unwrap();
    s.set_out(Player::Yellow, true).unwrap();
    assert!(s.get("h14").unwrap().unwrap().grey);
    s.set_castling(&[(Player::Red, CastlingSide::Queen, Some("d1".into()))])
        .unwrap();
    assert!(
        s.set_castling(&[(Player::Red, CastlingSide::Queen, Some("k1".into()))])
            .is_err()
    );
    let fen = s.validate().unwrap();
    assert!(
        fen.starts_with("R-0,0,1,0-0,0,0,0-1,0,0,0-0,12,0,0-0-"),
        "{fen}"
    );
    let g = s.new_game(0).unwrap();
    assert_eq!(g.fen(), fen);
    assert_eq!(g.score()[1].points, 12.0);
    assert_eq!(g.castling_rights(), s.castling());
    // Back from that FEN, the same setup.
    assert_eq!(Setup::from_fen(FFA, &fen).unwrap().fen(), fen);
}

#[test]
fn square_queries_on_games() {
    let g = Game::new(NewGame {
        fen: Some("4k3/8/8/8/8/2n5/3P4/R3K2R w KQ - 0 1".into()),
        ..NewGame::default()
    })
    .unwrap();
    // e2 is covered by the king (e1) and the black knight (c3); d2's pawn guards e3 and c3.
    assert_eq!(g.attackers("e2", None).unwrap(), ["e1", "c3"]);
    assert_eq!(g.attackers("e2", Some(Player::Black)).unwrap(), ["c3"]);
    assert_eq!(g.attackers("c3", Some(Player::White)).unwrap(), ["d2"]);
    // Rooks see along open lines, through nothing.
    assert_eq!(g.attackers("a8", Some(Player::White)).unwrap(), ["a1"]);
    assert!(g.is_attacked("d1", Player::Black).unwrap());
    assert!(!g.is_attacked("b8", Player::White).unwrap());
    assert_eq!(g.get("c3").unwrap().unwrap().color, Player::Black);
    assert_eq!(g.get("c4").unwrap(), None);
    assert_eq!(g.get("e9").unwrap_err().code(), "invalid-argument");
    assert_eq!(
        g.attackers("z1", None).unwrap_err().code(),
        "invalid-argument"
    );
    assert_eq!(
        g.attackers("e2", Some(Player::Red)).unwrap_err().code(),
        "invalid-argument"
    );
    let rights: Vec<_> = g
        .castling_rights()
        .into_iter()
        .map(|r| (r.player, r.side, r.rook))
        .collect();
    assert_eq!(
        rights,
        [
            (Player::White, CastlingSide::King, "h1".to_string()),
            (Player::White, CastlingSide::Queen, "a1".to_string())
        ]
    );

    let mut four = Game::new(NewGame {
        kind: FFA,
        ..NewGame::default()
    })
    .unwrap();
    // h3: Red's pawns on g2 and i2; nothing of Blue's reaches it.
    assert_eq!(four.attackers("h3", None).unwrap(), ["g2", "i2"]);
    assert!(!four.is_attacked("h3", Player::Blue).unwrap());
    // k3: the red knight on j1 and the pawn on j2 (k2's pawn covers j3 and l3).
    assert_eq!(
        four.attackers("k3", Some(Player::Red)).unwrap(),
        ["j1", "j2"]
    );
    assert_eq!(four.get("a1").unwrap_err().code(), "invalid-argument");
    assert_eq!(four.castling_rights().len(), 8);
    four.play_text("h2-h3").unwrap();
    four.play_text("b7-c7").unwrap();
    four.play_text("h13-h12").unwrap();
    four.play_text("m5-l5").unwrap();
    four.play_text("Kh1-h2").unwrap();
    assert!(
        four.castling_rights()
            .iter()
            .all(|r| r.player != Player::Red)
    );
}

#[test]
fn perft_takes_a_caller_s_limit() {
    let g = Game::new(NewGame::default()).unwrap();
    // perft(3) of the start is 8,902 paths; a cap of 100 positions refuses it, a larger
    // cap counts it, and the default cap still holds for perft(6) (119,060,324 paths).
    let e = g.perft_limited(3, 100).unwrap_err();
    assert_eq!(e.code(), "invalid-argument");
    assert!(
        e.message.contains("more than 100 positions"),
        "{}",
        e.message
    );
    assert_eq!(g.perft_limited(3, 10_000).unwrap(), 8_902);
    assert_eq!(g.perft(3).unwrap(), 8_902);
    assert_eq!(g.perft(6).unwrap_err().code(), "invalid-argument");
}
