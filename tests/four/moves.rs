//! Board, setup and move rules: R5.1–R5.9, R5.19, R5.20, each in several orientations.

use crate::common::*;
use tablero::ResultReason as EndReason;
use tablero::Role;
use tablero::four::{FourGame, Position, Rules, Seat, Square};
use tablero::record::ScoreReason;

use Seat::*;

fn targets(g: &FourGame, from: &str) -> Vec<String> {
    let mut v: Vec<String> = g
        .legal_moves_from(from)
        .unwrap()
        .into_iter()
        .map(|m| m.to)
        .collect();
    v.sort();
    v
}

fn sorted(v: &[String]) -> Vec<String> {
    let mut v = v.to_vec();
    v.sort();
    v
}

/// R5.1: 160 squares, corners missing.
#[test]
fn r5_1_board_has_160_squares() {
    let mut n = 0;
    for f in 0..14 {
        for r in 0..14 {
            if Square::new(f, r).is_some() {
                n += 1;
            }
        }
    }
    assert_eq!(n, 160);
    for bad in [
        "a1", "c3", "l1", "n3", "a12", "c14", "l12", "n14", "o5", "a0", "a15", "",
    ] {
        assert!(Square::parse(bad).is_none(), "{bad}");
    }
    for good in ["d1", "a4", "n11", "k14", "h8"] {
        assert_eq!(Square::parse(good).unwrap().to_string(), good);
    }
}

/// R5.2: the start position and its FEN4.
#[test]
fn r5_2_start_position() {
    let want = "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-x,x,x,yR,yN,yB,yK,yQ,yB,yN,yR,x,x,x/x,x,x,yP,yP,yP,yP,yP,yP,yP,yP,x,x,x/x,x,x,8,x,x,x/bR,bP,10,gP,gR/bN,bP,10,gP,gN/bB,bP,10,gP,gB/bQ,bP,10,gP,gK/bK,bP,10,gP,gQ/bB,bP,10,gP,gB/bN,bP,10,gP,gN/bR,bP,10,gP,gR/x,x,x,8,x,x,x/x,x,x,rP,rP,rP,rP,rP,rP,rP,rP,x,x,x/x,x,x,rR,rN,rB,rQ,rK,rB,rN,rR,x,x,x";
    assert_eq!(Position::startpos(Rules::Ffa).fen4(), want);
    let g = FourGame::new(Rules::Ffa, Red, None, 0);
    let b = g.board();
    assert_eq!(b.len(), 64);
    let at = |sq: &str| {
        b.iter()
            .find(|p| p.square == sq)
            .map(|p| (Some(p.piece), p.color))
    };
    assert_eq!(at("h1"), Some((Some(Role::King), Red.into())));
    assert_eq!(at("g1"), Some((Some(Role::Queen), Red.into())));
    assert_eq!(at("a7"), Some((Some(Role::King), Blue.into())));
    assert_eq!(at("a8"), Some((Some(Role::Queen), Blue.into())));
    assert_eq!(at("g14"), Some((Some(Role::King), Yellow.into())));
    assert_eq!(at("h14"), Some((Some(Role::Queen), Yellow.into())));
    assert_eq!(at("n8"), Some((Some(Role::King), Green.into())));
    assert_eq!(at("n7"), Some((Some(Role::Queen), Green.into())));
    // Old corner style reads the same (R7.2).
    let old = want.replace("x,x,x,8,x,x,x", "14").replace("x,x,x", "3");
    assert_eq!(Position::from_fen4(Rules::Ffa, &old).unwrap().fen4(), want);
}

/// R5.3 / R6.1: turn order, any first player, skipping out players.
#[test]
fn r5_3_and_r6_1_turn_order() {
    let mut g = FourGame::new(Rules::Ffa, Red, None, 0);
    let mut seen = vec![];
    for m in ["h2h3", "b7c7", "g13g12", "m8l8", "i2i3"] {
        seen.push(g.status().turn.unwrap());
        g.play(m).unwrap();
    }
    assert_eq!(seen, vec![Red, Blue, Yellow, Green, Red]);
    let mut g = FourGame::new(Rules::Kingdoms, Red, None, 0);
    let mut seen = vec![];
    for m in ["h2h3", "m8l8", "g13g12", "b7c7", "i2i3"] {
        seen.push(g.status().turn.unwrap());
        g.play(m).unwrap();
    }
    assert_eq!(seen, vec![Red, Green, Yellow, Blue, Red]);
    // Another first player; Yellow out is skipped.
    let mut g = FourGame::new(Rules::Ffa, Green, None, 0);
    g.resign(Yellow).unwrap();
    g.play("m8l8").unwrap();
    assert_eq!(g.status().turn, Some(Red.into()));
    g.play("h2h3").unwrap();
    g.play("b7c7").unwrap();
    assert_eq!(g.status().turn, Some(Green.into()));
}

/// R5.4: knights and sliders never land on or cross corners.
#[test]
fn r5_4_corners() {
    for k in 0..4 {
        let g = game(
            Rules::Ffa,
            Red,
            &with_kings(&[("d4", "rN"), ("e12", "bP")]),
            k,
        );
        let want: Vec<String> = ["b5", "c6", "e6", "f5", "f3", "e2"]
            .iter()
            .map(|s| rsq(s, k))
            .collect();
        assert_eq!(targets(&g, &rsq("d4", k)), sorted(&want));
        // A rook on d3 cannot run along rank 3 into the corner.
        let g = game(
            Rules::Ffa,
            Red,
            &with_kings(&[("d3", "rR"), ("e3", "rP"), ("d6", "rP")]),
            k,
        );
        let want: Vec<String> = ["d4", "d5", "d2", "d1"].iter().map(|s| rsq(s, k)).collect();
        assert_eq!(targets(&g, &rsq("d3", k)), sorted(&want));
    }
}

/// R5.5: pawns in four orientations, double steps from the start line only.
#[test]
fn r5_5_pawn_directions() {
    for k in 0..4 {
        // Red's view rotated: pawn e2 (start) steps e3 and e4 unless blocked; f3 one step
        // and captures g4.
        let g = game(
            Rules::Ffa,
            Red,
            &with_kings(&[("e2", "rP"), ("f3", "rP"), ("g4", "bN"), ("j9", "yP")]),
            k,
        );
        let r = |v: &[&str]| -> Vec<String> {
            sorted(&v.iter().map(|s| rsq(s, k)).collect::<Vec<_>>())
        };
        assert_eq!(targets(&g, &rsq("e2", k)), r(&["e3", "e4"]));
        assert_eq!(targets(&g, &rsq("f3", k)), r(&["f4", "g4"]));
        let g = game(
            Rules::Ffa,
            Red,
            &with_kings(&[("e2", "rP"), ("e4", "bN"), ("j9", "yP")]),
            k,
        );
        assert_eq!(
            targets(&g, &rsq("e2", k)),
            r(&["e3"]),
            "double step blocked at the end"
        );
    }
}

/// R5.6: en passant by the eligible neighbour, only on its next turn, only while the pawn is
/// still there; several live at once.
#[test]
fn r5_6_en_passant() {
    for k in 0..4 {
        // Red e2-e4 passes e3; Blue's pawn d4 may take it on its next turn.
        let pieces = with_kings(&[
            ("e2", "rP"),
            ("j2", "rP"),
            ("d4", "bP"),
            ("k4", "gP"),
            ("i12", "yP"),
            ("f10", "bN"),
            ("m10", "gP"),
        ]);
        let mut g = game(Rules::Ffa, Red, &pieces, k);
        g.play(&rmv("e2e4", k)).unwrap();
        assert!(g.fen4().contains("enPassant"), "{}", g.fen4());
        let before = g.fen4();
        let f = Position::from_fen4(Rules::Ffa, &before).unwrap();
        assert_eq!(f.fen4(), before, "ep survives FEN4");
        let info = g.play(&rmv("d4e3", k)).unwrap();
        assert_eq!(info.captured.map(|r| r.name()), Some("pawn"));
        assert_eq!(info.points, 1);
        assert!(
            g.board().iter().all(|b| b.square != rsq("e4", k)),
            "passed pawn removed"
        );
        // Expiry: Blue does something else; after Red moves again it is gone.
        let mut g = game(Rules::Ffa, Red, &pieces, k);
        g.play(&rmv("e2e4", k)).unwrap();
        g.play(&rmv("f10g12", k)).unwrap();
        g.play(&rmv("i12i11", k)).unwrap();
        g.play(&rmv("m10l10", k)).unwrap();
        g.play(&rmv("j2j4", k)).unwrap();
        assert!(
            g.play(&rmv("d4e3", k)).is_err(),
            "R5.6: expired after Red moved"
        );
        // Green's k4 may take the j-pawn (j3) on Green's turn, two plies later.
        g.play(&rmv("g12h10", k)).unwrap();
        g.play(&rmv("i11i10", k)).unwrap();
        assert!(targets(&g, &rsq("k4", k)).contains(&rsq("j3", k)));
        let info = g.play(&rmv("k4j3", k)).unwrap();
        assert_eq!(info.player, rs(Green, k));
        assert_eq!(info.points, 1);
        // The pawn must still be there: Blue's knight takes j4 first.
        let mut g = game(
            Rules::Ffa,
            Red,
            &with_kings(&[("j2", "rP"), ("k4", "gP"), ("h5", "bN"), ("i12", "yP")]),
            k,
        );
        g.play(&rmv("j2j4", k)).unwrap();
        g.play(&rmv("h5j4", k)).unwrap();
        g.play(&rmv("i12i11", k)).unwrap();
        assert!(!targets(&g, &rsq("k4", k)).contains(&rsq("j3", k)));
        // R6.2: no en passant in kingdoms (order R, G, Y, B: Blue moves last).
        let mut g = game(Rules::Kingdoms, Red, &pieces, k);
        g.play(&rmv("e2e4", k)).unwrap();
        g.play(&rmv("m10l10", k)).unwrap();
        g.play(&rmv("i12i11", k)).unwrap();
        assert!(g.play(&rmv("d4e3", k)).is_err());
    }
}

/// R5.7: castling both sides; not through, out of or into attack by any active opponent;
/// grey pieces block but do not attack.
#[test]
fn r5_7_castling() {
    for k in 0..4 {
        let base = |extra: &[(&'static str, &'static str)]| {
            let mut p = with_kings(&[("k1", "rR"), ("d1", "rR"), ("g9", "yP")]);
            p.extend_from_slice(extra);
            fen_full(Red, [0; 4], [1, 0, 0, 0], [1, 0, 0, 0], [0; 4], &p, k)
        };
        let g = FourGame::from_fen4(Rules::Ffa, &base(&[]), None, 0).unwrap();
        let sans: Vec<String> = g.legal_moves().into_iter().map(|m| m.san).collect();
        assert!(sans.contains(&"O-O".to_string()) && sans.contains(&"O-O-O".to_string()));
        let mut g2 = g.clone();
        let info = g2.play("O-O").unwrap();
        assert_eq!((info.from, info.to), (rsq("h1", k), rsq("j1", k)));
        assert!(
            g2.board()
                .iter()
                .any(|b| b.square == rsq("i1", k) && b.piece == Role::Rook)
        );
        let mut g3 = g.clone();
        g3.play(&rmv("h1f1", k)).unwrap();
        assert!(
            g3.board()
                .iter()
                .any(|b| b.square == rsq("g1", k) && b.piece == Role::Rook)
        );
        assert!(
            g3.fen4().contains("-0,0,0,0-0,0,0,0-"),
            "rights gone: {}",
            g3.fen4()
        );
        // A Blue rook on i5 attacks i1: no O-O (through), O-O-O fine.
        let g = FourGame::from_fen4(Rules::Ffa, &base(&[("i5", "bR")]), None, 0).unwrap();
        let mut t = g.clone();
        assert!(t.play("O-O").is_err());
        assert!(t.play("O-O-O").is_ok());
        // Green bishop attacks j1 (landing square): no O-O.
        let g = FourGame::from_fen4(Rules::Ffa, &base(&[("f5", "gB")]), None, 0).unwrap();
        assert!(g.clone().play("O-O").is_err());
        // In check (Yellow rook on h10): no castling.
        let g = FourGame::from_fen4(Rules::Ffa, &base(&[("h10", "yR")]), None, 0).unwrap();
        assert!(g.clone().play("O-O").is_err() && g.clone().play("O-O-O").is_err());
        // Grey rook on i5 attacks nothing; grey knight on e1 blocks O-O-O.
        let p = {
            let mut p = with_kings(&[
                ("k1", "rR"),
                ("d1", "rR"),
                ("g9", "yP"),
                ("i5", "dR"),
                ("e1", "dN"),
            ]);
            p.retain(|x| x.0 != "a7");
            p.push(("a7", "dK"));
            fen_full(Red, [0, 1, 0, 0], [1, 0, 0, 0], [1, 0, 0, 0], [0; 4], &p, k)
        };
        let g = FourGame::from_fen4(Rules::Ffa, &p, None, 0).unwrap();
        assert!(g.clone().play("O-O").is_ok());
        assert!(g.clone().play("O-O-O").is_err());
    }
}

/// R5.9: no move may leave the mover's king attacked; live kings are never captured in ffa.
#[test]
fn r5_9_pins_and_no_king_capture() {
    for k in [0, 1, 2, 3] {
        // Red knight h3 pinned by Yellow's rook h10.
        let g = game(
            Rules::Ffa,
            Red,
            &with_kings(&[("h3", "rN"), ("h10", "yR"), ("b7", "rR")]),
            k,
        );
        assert!(targets(&g, &rsq("h3", k)).is_empty());
        // The rook next to Blue's king may not take it.
        assert!(!targets(&g, &rsq("b7", k)).contains(&rsq("a7", k)));
        assert!(g.clone().play(&rmv("b7a7", k)).is_err());
        // A king may not step onto an attacked square, nor capture a defended piece.
        let g = game(
            Rules::Ffa,
            Red,
            &with_kings(&[("i2", "bR"), ("j9", "yP")]),
            k,
        );
        let t = targets(&g, &rsq("h1", k));
        assert!(!t.contains(&rsq("g2", k)) && !t.contains(&rsq("h2", k)));
        assert!(!t.contains(&rsq("i1", k)) && t.contains(&rsq("g1", k)));
        assert!(t.contains(&rsq("i2", k)), "undefended rook can be taken");
    }
}

/// R5.19: threefold repetition (+10 to each player still in).
#[test]
fn r5_19_threefold_repetition() {
    let mut g = FourGame::new(Rules::Ffa, Red, None, 0);
    let cycle = [
        "e1f3", "a5c6", "e14f12", "n5l6", "f3e1", "c6a5", "f12e14", "l6n5",
    ];
    for m in cycle.iter().chain(cycle.iter()) {
        assert!(!g.status().over);
        g.play(m).unwrap();
    }
    let r = g.status().result.expect("third occurrence of the start");
    assert_eq!(r.reason, EndReason::ThreefoldRepetition);
    assert_eq!(g.position().points(), [10; 4]);
    let last = g.history().pop().unwrap();
    assert_eq!(
        last.scoring
            .iter()
            .filter(|e| e.reason == ScoreReason::Draw)
            .count(),
        4
    );
    assert_eq!(r.winners.len(), 4);
    g.undo();
    assert!(!g.status().over);
    assert_eq!(g.position().points(), [0; 4]);
}

/// R5.19: 50 moves each without capture or pawn move: 50 × active players plies.
#[test]
fn r5_19_fifty_move_rule() {
    for k in [0, 1] {
        let pieces = with_kings(&[("d4", "rN"), ("j9", "yP"), ("e10", "bR")]);
        let mk = |clock: u32, out: [u8; 4]| {
            let f = fen_full(Red, out, [0; 4], [0; 4], [0; 4], &pieces, k);
            let f = f.replacen("-0-x", &format!("-{clock}-x"), 1);
            FourGame::from_fen4(Rules::Ffa, &f, None, 0).unwrap()
        };
        let mut g = mk(198, [0; 4]);
        g.play(&rmv("d4e6", k)).unwrap();
        assert!(!g.status().over, "199 plies");
        g.play(&rmv("e10e11", k)).unwrap();
        let r = g.status().result.expect("200 plies with 4 players");
        assert_eq!(r.reason, EndReason::FiftyMoveRule);
        assert_eq!(g.position().points(), [10; 4]);
        // With Green out (grey king) only three play: 150 plies.
        let mut p = pieces.clone();
        p.retain(|x| x.0 != "n8");
        p.push(("n8", "dK"));
        let f = fen_full(Red, [0, 0, 0, 1], [0; 4], [0; 4], [0; 4], &p, k)
            .replacen("-0-x", "-149-x", 1);
        let mut g = FourGame::from_fen4(Rules::Ffa, &f, None, 0).unwrap();
        g.play(&rmv("d4e6", k)).unwrap();
        assert_eq!(g.status().result.unwrap().reason, EndReason::FiftyMoveRule);
        let mut want = [10; 4];
        want[rs(Green, k) as usize] = 0;
        assert_eq!(g.position().points(), want, "only players still in get 10");
    }
}

/// R5.19: only kings left is a draw.
#[test]
fn r5_19_only_kings() {
    for k in [0, 2] {
        let mut g = game(Rules::Ffa, Red, &with_kings(&[("i2", "bN")]), k);
        let info = g.play(&rmv("h1i2", k)).unwrap();
        assert_eq!(info.points, 3 + 10, "knight 3, then +10 for the draw");
        assert_eq!(
            g.status().result.unwrap().reason,
            EndReason::InsufficientMaterial
        );
        let mut want = [10; 4];
        want[rs(Red, k) as usize] = 13;
        assert_eq!(g.position().points(), want);
    }
}

/// R5.6 with R5.8: an en-passant capture that lands on the capturer's promotion line promotes
/// (issue 10, finding 3: found in a random free-for-all game; the pawn stayed a pawn on l7 and
/// the engine's own FEN4 was then refused). The position is the issue's.
#[test]
fn r5_6_r5_8_en_passant_onto_the_promotion_line_promotes() {
    let fen = "Y-0,0,0,0-0,0,0,0-0,0,0,0-30,11,19,3-0-{'enPassant':('','','','l7:k7')}-x,x,x,yR,5,yN,yR,x,x,x/x,x,x,yP,yB,2,yK,1,yP,1,x,x,x/x,x,x,yN,yP,yP,2,yP,2,x,x,x/4,bR,2,yP,2,bR,3/3,bP,2,yP,5,gP,gK/3,bP,5,gP,4/2,bP,yQ,2,yB,5,yP,1/1,bK,bN,bP,6,gP,3/rN,2,bP,7,gP,2/11,gP,gB,1/2,rB,3,gR,7/x,x,x,rP,2,rQ,rR,rN,2,x,x,x/x,x,x,2,rP,1,rP,3,x,x,x/x,x,x,2,rR,1,rK,3,x,x,x";
    let mut g = FourGame::from_fen4(Rules::Ffa, fen, None, 0).unwrap();
    let info = g.play("m8l7").unwrap();
    assert_eq!(info.promotion, Some(Role::Queen), "R5.8: promotes");
    assert_eq!(
        info.captured,
        Some(Role::Pawn),
        "R5.6: captures the passed pawn"
    );
    assert!(info.uci.ends_with('q'), "{}", info.uci);
    let l7 = g.board().into_iter().find(|b| b.square == "l7").unwrap();
    assert_eq!(l7.piece, Role::Queen);
    assert!(
        g.board().iter().all(|b| b.square != "k7"),
        "passed pawn removed"
    );
    // The engine's own FEN4 is a legal position again, and reads back to itself.
    let back = FourGame::from_fen4(Rules::Ffa, &g.fen4(), None, 0).unwrap();
    assert_eq!(back.fen4(), g.fen4());
    // Taking it back restores the position exactly.
    g.undo().unwrap();
    assert_eq!(
        g.fen4(),
        FourGame::from_fen4(Rules::Ffa, fen, None, 0)
            .unwrap()
            .fen4()
    );
}
