//! Notation (R7.2, R7.3) and bad input (R0.4).

use crate::common::*;
use tablero::ErrorKind;
use tablero::SavedGame;
use tablero::four::{FourGame, Position, Rules, Seat};

const START: &str = "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-x,x,x,yR,yN,yB,yK,yQ,yB,yN,yR,x,x,x/x,x,x,yP,yP,yP,yP,yP,yP,yP,yP,x,x,x/x,x,x,8,x,x,x/bR,bP,10,gP,gR/bN,bP,10,gP,gN/bB,bP,10,gP,gB/bQ,bP,10,gP,gK/bK,bP,10,gP,gQ/bB,bP,10,gP,gB/bN,bP,10,gP,gN/bR,bP,10,gP,gR/x,x,x,8,x,x,x/x,x,x,rP,rP,rP,rP,rP,rP,rP,rP,x,x,x/x,x,x,rR,rN,rB,rQ,rK,rB,rN,rR,x,x,x";

fn fen_err(f: &str, field: &str) {
    let e = Position::from_fen4(Rules::Ffa, f).expect_err(f);
    assert_eq!(e.kind, ErrorKind::InvalidFen, "{f}");
    assert!(
        e.message.contains(field),
        "{:?} should name {field:?}",
        e.message
    );
}

/// R7.2: malformed or impossible FEN4 is rejected naming the field.
#[test]
fn r7_2_fen4_errors() {
    fen_err("", "fields");
    fen_err(&START.replacen("R-", "X-", 1), "player-to-move");
    fen_err(&START.replacen("-0,0,0,0-1", "-0,0,0-1", 1), "out-flags");
    fen_err(&START.replacen("-0,0,0,0-1", "-0,2,0,0-1", 1), "out-flags");
    fen_err(&START.replacen("-0,0,0,0-0-", "-0,0,a,0-0-", 1), "points");
    fen_err(
        &START.replacen("-0,0,0,0-0-", "-0,0,0,0-z-", 1),
        "ply-clock",
    );
    fen_err(
        &START.replacen("1,1,1,1-1,1,1,1", "1,1,1-1,1,1,1", 1),
        "king-side castling",
    );
    fen_err(
        &START.replacen("-0-x", "-0-{'enPassant':('','c8:d8','','')-x", 1),
        "extras",
    );
    fen_err(
        &START.replacen("-0-x", "-0-{'enPassant':('','c8:e8','','')}-x", 1),
        "enPassant",
    );
    // Board: rows, cells, corners, kings.
    fen_err(&START.replacen("x,x,x,8,x,x,x/", "", 1), "board");
    fen_err(
        &START.replacen("bR,bP,10,gP,gR", "bR,bP,11,gP,gR", 1),
        "board",
    );
    fen_err(
        &START.replacen("bR,bP,10,gP,gR", "bR,bP,9,gP,gR", 1),
        "board",
    );
    fen_err(&START.replacen("x,x,x,yR", "yR,x,x,yR", 1), "corner");
    fen_err(
        &START
            .replacen("x,x,x,yR", "3,yR", 1)
            .replacen("3,yR", "yN,2,yR", 1),
        "corner",
    );
    fen_err(
        &START.replacen("bR,bP,10,gP,gR", "bR,bP,10,gP,gZ", 1),
        "board",
    );
    fen_err(
        &START.replacen("bR,bP,10,gP,gR", "bR,bP,10,gP,qR", 1),
        "board",
    );
    fen_err(&START.replacen("rQ,rK", "rK,rK", 1), "two kings");
    fen_err(&START.replacen("rQ,rK", "rQ,rQ", 1), "no king");
    fen_err(
        &START.replacen("rR,rN", "rP,rN", 1),
        "impossible red pawn on d1",
    );
    fen_err(
        &START.replacen("bR,bP,10", "bR,bP,5,bP,4", 1),
        "impossible blue pawn",
    );
    // Red to move but out (and grey).
    let f = START
        .replacen("-0,0,0,0-1", "-1,0,0,0-1", 1)
        .replace("rK", "dK")
        .replace("rP", "dP");
    fen_err(&f, "player-to-move");
    // Both corner styles read; numbers spanning corners are fine in the old style.
    let old = START.replace("x,x,x,8,x,x,x", "14").replace("x,x,x", "3");
    assert_eq!(Position::from_fen4(Rules::Ffa, &old).unwrap().fen4(), START);
}

/// R7.2: FEN4 round trip keeps points, outs, clock, rights and en passant.
#[test]
fn r7_2_fen4_round_trip() {
    let mut g = FourGame::new(Rules::Ffa, Seat::Red, None, 0);
    for m in ["h2h4", "b7d7", "g13g11"] {
        g.play(m).unwrap();
    }
    g.resign(Seat::Green).unwrap();
    let f = g.fen4();
    assert!(f.starts_with("R-0,0,0,1-1,1,1,0-1,1,1,0-0,0,0,0-0-"), "{f}");
    assert!(
        f.contains("-{'enPassant':('h3:h4','c7:d7','g12:g11','')}-"),
        "{f}"
    );
    let p = Position::from_fen4(Rules::Ffa, &f).unwrap();
    assert_eq!(p.fen4(), f);
    assert_eq!(p.hash(), g.position().hash());
    // Unknown extras keys (even with '-' inside) are ignored; extras after the board too.
    let odd = f.replacen("{'enPassant'", "{'lives':(-1,2,3,4), 'enPassant'", 1);
    assert_eq!(Position::from_fen4(Rules::Ffa, &odd).unwrap().fen4(), f);
    let ex_start = f.find('{').unwrap();
    let ex_end = f.find('}').unwrap();
    let moved = format!(
        "{}{}-{}",
        &f[..ex_start],
        &f[ex_end + 2..],
        &f[ex_start..=ex_end]
    );
    assert_eq!(Position::from_fen4(Rules::Ffa, &moved).unwrap().fen4(), f);
}

/// R7.2: PGN4 written in chess.com style, and read back.
#[test]
fn r7_2_pgn4_write_and_read() {
    let mut g = FourGame::new(Rules::Ffa, Seat::Red, None, 0);
    for m in ["h2-h3", "b7-c7", "g13-g12", "m8-l8", "Qg1-h2"] {
        g.play(m).unwrap();
    }
    let pgn = g.pgn4();
    assert!(pgn.contains("[Variant \"FFA\"]"));
    assert!(pgn.contains(&format!("[StartFen4 \"{START}\"]")));
    assert!(
        pgn.contains("1. h2-h3 .. b7-c7 .. g13-g12 .. m8-l8\n2. Qg1-h2"),
        "{pgn}"
    );
    // A chess.com-like record with comments and glued numbers.
    let text = format!(
        "[Variant \"FFA\"]\n[RuleVariants \"EnPassant\"]\n[StartFen4 \"{START}\"]\n[Red \"a\"]\n\n\
         1. h2-h3 {{ 5s }} .. b7-c7 .. g13-g12 .. m8-l8\n2.Qg1-h2 *\n"
    );
    let g2 = FourGame::from_pgn4(&text, 0).unwrap();
    assert_eq!(g2.fen4(), g.fen4());
    // Missing StartFen4 means the standard start.
    let g3 = FourGame::from_pgn4("1. h2-h3 .. b7-c7", 0).unwrap();
    assert_eq!(g3.history().len(), 2);
    // Kingdoms via RuleVariants.
    let g4 = FourGame::from_pgn4("[RuleVariants \"Kingdoms\"]\n\n1. h2-h3 .. m8-l8", 0).unwrap();
    assert_eq!(g4.rules(), Rules::Kingdoms);
    // Resign tokens, in and out of turn.
    let mut g5 = FourGame::new(Rules::Ffa, Seat::Red, None, 0);
    g5.play("h2h3").unwrap();
    g5.resign(Seat::Blue).unwrap();
    g5.resign(Seat::Green).unwrap();
    let p5 = g5.pgn4();
    assert!(p5.contains("1. h2-h3 .. R .. R:green"), "{p5}");
    let g6 = FourGame::from_pgn4(&p5, 0).unwrap();
    assert_eq!(g6.fen4(), g5.fen4());
    // Castling written with zeros is still a move, and a four-score result is skipped.
    let f = "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-x,x,x,yR,yN,yB,yK,yQ,yB,yN,yR,x,x,x/x,x,x,yP,yP,yP,yP,yP,yP,yP,yP,x,x,x/x,x,x,8,x,x,x/bR,bP,10,gP,gR/bN,bP,10,gP,gN/bB,bP,10,gP,gB/bQ,bP,10,gP,gK/bK,bP,10,gP,gQ/bB,bP,10,gP,gB/bN,bP,10,gP,gN/bR,bP,10,gP,gR/x,x,x,8,x,x,x/x,x,x,rP,rP,rP,rP,rP,rP,rP,rP,x,x,x/x,x,x,rR,3,rK,2,rR,x,x,x";
    let text = format!("[StartFen4 \"{f}\"]\n\n1. 0-0 0-0-0-0\n");
    let g7 = FourGame::from_pgn4(&text, 0).unwrap();
    assert_eq!(g7.history()[0].san, "O-O");
}

/// R7.2: an illegal PGN4 move is reported with its move number and player.
#[test]
fn r7_2_pgn4_errors() {
    let e = FourGame::from_pgn4("1. h2-h3 .. b7-c7 .. g13-g12 .. m8-l8 2. h3-h5", 0).unwrap_err();
    assert_eq!(e.kind, ErrorKind::InvalidPgn);
    assert!(
        e.message.contains("move 2") && e.message.contains("red"),
        "{}",
        e.message
    );
    let e = FourGame::from_pgn4("1. h2-h3 .. Qb7-c7", 0).unwrap_err();
    assert!(
        e.message.contains("move 1") && e.message.contains("blue"),
        "{}",
        e.message
    );
    // chess.com's other four-player mode that tablero does not play (Teams is R14 now).
    let e = FourGame::from_pgn4("[Variant \"Chaturaji\"]\n1. h2-h3", 0).unwrap_err();
    assert_eq!(e.kind, ErrorKind::InvalidPgn);
    let e = FourGame::from_pgn4("[StartFen4 \"nonsense\"]\n1. h2-h3", 0).unwrap_err();
    assert_eq!(e.kind, ErrorKind::InvalidPgn);
    let e = FourGame::from_pgn4("[Variant FFA\n1. h2-h3", 0).unwrap_err();
    assert_eq!(e.kind, ErrorKind::InvalidPgn);
}

/// R7.3 / R0.4: move texts; bad ones are errors and change nothing.
#[test]
fn r7_3_move_texts_and_r0_4_bad_moves() {
    let mut g = FourGame::new(Rules::Ffa, Seat::Red, None, 0);
    let fen = g.fen4();
    for bad in [
        "",
        "h2",
        "h2h5",
        "h2-h5",
        "z9z9",
        "Qh2-h4",
        "h2xh4",
        "h2h4=Q",
        "O-O",
        "O-O-O",
        "h1h2",
        "a1a2",
        "h2h4 junk",
        "h2h44",
        "h02h4",
        "xx",
    ] {
        let e = g.play(bad).unwrap_err();
        assert_eq!(e.kind, ErrorKind::IllegalMove, "{bad}");
        assert!(e.message.contains(bad), "message names the text");
        assert_eq!(g.fen4(), fen, "{bad} changed nothing");
        assert!(g.history().is_empty());
    }
    assert!(g.legal_moves_from("zz").is_err());
    assert!(g.play_from_to("h2", "h4").is_ok());
    assert_eq!(g.history()[0].san, "h2-h4");
    assert_eq!(g.history()[0].uci, "h2h4");
    g.undo();
    assert!(g.play("h2-h4").is_ok());
    g.undo();
    assert!(g.play("h2h4+").is_err() || g.fen4() != fen);
    let mut g = FourGame::new(Rules::Ffa, Seat::Red, Some(1), 0);
    g.play("j1i3").unwrap();
    assert_eq!(g.history()[0].san, "Nj1-i3");
    let e = g.play("b7c7").unwrap_err();
    assert_eq!(e.kind, ErrorKind::GameOver);
    assert!(g.resign(Seat::Blue).is_err());
}

/// Saved games replay and reject corrupt data without panicking.
#[test]
fn saved_game_validation() {
    let mut g = FourGame::new(Rules::Ffa, Seat::Blue, Some(50), 9);
    for m in ["b7c7", "g13g12", "m8l8", "h2h3"] {
        g.play(m).unwrap();
    }
    g.timeout(Seat::Yellow).unwrap();
    let s = SavedGame::from(&g);
    assert_eq!(s.kind.variant_name(), "fourplayer");
    assert_eq!(s.first_player, Some(Seat::Blue.into()));
    assert_eq!(s.moves.last().unwrap(), "T:yellow");
    let g2 = FourGame::try_from(&s).unwrap();
    assert_eq!(g2.fen4(), g.fen4());
    assert_eq!(g2.history(), g.history());
    let bad = |f: &dyn Fn(&mut SavedGame)| {
        let mut t = s.clone();
        f(&mut t);
        assert!(FourGame::try_from(&t).is_err());
    };
    bad(&|t| t.kind = tablero::GameKind::Chess);
    bad(&|t| t.start_fen = "garbage".into());
    bad(&|t| t.first_player = Some(Seat::Red.into()));
    bad(&|t| t.moves.push("h3h9".into()));
    bad(&|t| t.moves.push("R:purple".into()));
    bad(&|t| t.moves.insert(0, "T:yellow".into()));
    bad(&|t| t.moves.insert(1, "\u{0}".into()));
    bad(&|t| t.move_limit = Some(2));
}

/// R5.2 rotated scenes really are rotations: the helper's sanity.
#[test]
fn helper_rotation_matches_setup() {
    assert_eq!(rsq("h1", 1), "a7");
    assert_eq!(rsq("h1", 2), "g14");
    assert_eq!(rsq("h1", 3), "n8");
    assert_eq!(rsq("g1", 1), "a8");
}

/// R11.4: a four-player game clock running out times the player out (`T`), in free-for-all
/// as on resignation (out, pieces grey, never to move again), in Four Kingdoms with the
/// pieces moving at random (R6.4). The turn timer's `timeout` still refuses free-for-all
/// (R9.2: the computer plays that turn), and two-player games have no `flag` (R11.3).
#[test]
fn a_flag_times_a_four_player_out() {
    use tablero::record::SeatStatus;
    use tablero::{Game, GameKind, NewGame, Player};
    let new = |rules| {
        Game::new(NewGame {
            kind: GameKind::FourPlayer(rules),
            ..NewGame::default()
        })
        .unwrap()
    };
    let status_of = |g: &Game, p: Player| {
        g.score()
            .into_iter()
            .find(|s| s.player == p)
            .unwrap()
            .status
    };

    let mut g = new(Rules::Ffa);
    for m in ["h2h3", "b7c7", "g13g12", "m8l8"] {
        g.play_text(m).unwrap();
    }
    assert!(
        g.timeout(None).is_err(),
        "the turn timer does not put an ffa player out"
    );
    g.flag(None).unwrap();
    assert_eq!(status_of(&g, Player::Red), Some(SeatStatus::Timeout));
    assert_eq!(g.history().last().unwrap().san, "T");
    assert_eq!(g.status().turn, Some(Player::Blue));
    // A full round later Red is skipped: Blue is to move again after Green.
    for m in ["b10c10", "g12g11", "m7l7"] {
        g.play_text(m).unwrap();
    }
    assert_eq!(g.status().turn, Some(Player::Blue));
    assert!(!g.status().over);
    // Out already: a second flag is refused and changes nothing.
    let ply = g.ply();
    assert!(g.flag(Some(Player::Red)).is_err());
    assert_eq!(g.ply(), ply);
    // The record says `T` and reads back to the same position.
    let again = Game::new(NewGame {
        kind: GameKind::FourPlayer(Rules::Ffa),
        pgn: Some(g.pgn()),
        ..NewGame::default()
    })
    .unwrap();
    assert_eq!(again.fen(), g.fen());
    assert_eq!(status_of(&again, Player::Red), Some(SeatStatus::Timeout));

    // Four Kingdoms: out, and the engine moves Red's pieces when Red's turn comes.
    let mut k = new(Rules::Kingdoms);
    k.flag(Some(Player::Red)).unwrap();
    assert_eq!(status_of(&k, Player::Red), Some(SeatStatus::Timeout));
    for m in ["m8l8", "g13g12", "b7c7"] {
        k.play_text(m).unwrap();
    }
    // Red's turn went on: the time-out `T`, a random move for Red at once, then Green,
    // Yellow, Blue, and Red's next random move.
    assert_eq!(k.ply(), 6);
    let kinds: Vec<_> = k.history().iter().map(|e| e.kind).collect();
    use tablero::record::EntryKind::*;
    assert_eq!(kinds, [Timeout, Random, Move, Move, Move, Random]);
    assert_eq!(k.status().turn, Some(Player::Green));

    // Two players: no flag (a flag ends those games, R11.3).
    let mut c = Game::new(NewGame::default()).unwrap();
    assert_eq!(c.flag(None).unwrap_err().code(), "invalid-argument");
}
