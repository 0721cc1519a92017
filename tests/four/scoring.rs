//! Points and eliminations: R5.10–R5.18, each in at least two seat orientations.

use crate::common::*;
use tablero::ResultReason as EndReason;
use tablero::four::{Rules, Seat};
use tablero::record::{EliminationReason, ScoreReason, SeatStatus};

use Seat::*;

/// R5.10: every piece value, captured by Red's (rotated: Yellow's) queen on e4 at e9.
#[test]
fn r5_10_capture_values() {
    for k in [0, 2] {
        for (victim, value, name) in [
            ("bP", 1, "pawn"),
            ("bN", 3, "knight"),
            ("bB", 5, "bishop"),
            ("bR", 5, "rook"),
            ("bQ", 9, "queen"),
        ] {
            let mut g = game(
                Rules::Ffa,
                Red,
                &with_kings(&[("e4", "rQ"), ("e9", victim)]),
                k,
            );
            let info = g.play(&rmv("e4e9", k)).unwrap();
            assert_eq!(info.points, value, "{victim} k={k}");
            assert_eq!(pts(&g, rs(Red, k)), value);
            assert_eq!(info.captured.map(|r| r.name()), Some(name));
            assert_eq!(info.scoring.len(), 1);
            assert_eq!(info.scoring[0].reason, ScoreReason::Capture);
            assert!(info.san.starts_with('Q') && info.san.contains(&format!("x{}", &victim[1..])));
        }
    }
}

/// R5.8 + R5.10: a pawn promotes to a queen automatically; capturing it scores 1.
#[test]
fn r5_8_promotion_and_promoted_queen_worth_1() {
    for k in [0, 1] {
        // Blue pawn g6 reaches Blue's 8th line (file h) and promotes.
        let mut g = game(
            Rules::Ffa,
            Blue,
            &with_kings(&[("g6", "bP"), ("k3", "rQ"), ("k13", "yP"), ("m10", "gP")]),
            k,
        );
        let info = g.play(&rmv("g6h6", k)).unwrap();
        assert_eq!(info.promotion, Some(tablero::Role::Queen));
        assert_eq!(info.piece, Some(tablero::Role::Pawn));
        assert!(info.san.ends_with("=Q+"), "checks Red's king: {}", info.san);
        assert!(info.uci.ends_with('q'));
        // The promoted flag survives FEN4 (extras) so the value survives a reload.
        let f = g.fen4();
        assert!(f.contains("'promoted':("), "{f}");
        let g2 = tablero::four::FourGame::from_fen4(Rules::Ffa, &f, None, 0).unwrap();
        assert_eq!(g2.fen4(), f);
        g.play(&rmv("k13k12", k)).unwrap();
        g.play(&rmv("m10l10", k)).unwrap();
        let info = g.play(&rmv("k3h6", k)).unwrap();
        assert_eq!(info.captured.map(|r| r.name()), Some("queen"));
        assert_eq!(info.points, 1, "R5.8: promoted queen is worth 1");
    }
}

/// R5.14: capturing a grey piece scores nothing.
#[test]
fn r5_14_grey_capture_scores_zero() {
    for k in [0, 3] {
        let pieces = [
            ("h1", "rK"),
            ("a7", "dK"),
            ("g14", "yK"),
            ("n8", "gK"),
            ("e4", "rQ"),
            ("e9", "dN"),
        ];
        let f = fen_full(Red, [0, 1, 0, 0], [0; 4], [0; 4], [0; 4], &pieces, k);
        let mut g = tablero::four::FourGame::from_fen4(Rules::Ffa, &f, None, 1).unwrap();
        let info = g.play(&rmv("e4e9", k)).unwrap();
        assert_eq!(info.captured.map(|r| r.name()), Some("knight"));
        assert_eq!(info.points, 0);
        assert!(info.scoring.is_empty());
    }
}

/// R5.11: the player whose move mates scores 20 even though another player gives the check.
#[test]
fn r5_11_mate_by_non_checker() {
    for k in [0, 1, 2] {
        // Blue's king a7 is checked by Yellow's rook a11; Red's rook closes the b-file.
        let mut g = game(
            Rules::Ffa,
            Red,
            &with_kings(&[("a11", "yR"), ("e10", "rR"), ("e5", "bP")]),
            k,
        );
        let info = g.play(&rmv("e10b10", k)).unwrap();
        assert_eq!(info.points, 20);
        assert!(
            info.san.ends_with('#') && !info.san.ends_with("##"),
            "{}",
            info.san
        );
        assert_eq!(info.checks, vec![rs(Blue, k)]);
        assert_eq!(info.eliminated.len(), 1);
        assert_eq!(info.eliminated[0].player, rs(Blue, k));
        assert_eq!(info.eliminated[0].reason, EliminationReason::Checkmated);
        assert_eq!(pts(&g, rs(Red, k)), 20);
        assert_eq!(pts(&g, rs(Yellow, k)), 0, "the checker scores nothing");
        // R5.16: Blue's pieces are grey, and Blue is skipped (R5.3).
        let p = g.position();
        assert_eq!(p.statuses()[rs(Blue, k) as usize], SeatStatus::Checkmated);
        assert!(
            g.board()
                .iter()
                .filter(|b| b.color == rs(Blue, k))
                .all(|b| b.grey)
        );
        assert_eq!(g.status().turn, Some(rs(Yellow, k).into()));
        assert!(g.fen4().contains("dK") && g.fen4().contains("dP"));
    }
}

/// R5.11 + R5.12 + R5.16 + R5.18b: one move mates two players (with a double-check bonus),
/// leaving two players 45 points apart, which ends the game.
#[test]
fn r5_11_two_mates_in_one_move_and_21_point_end() {
    for k in [0, 1] {
        let pieces = [
            ("h1", "rK"),
            ("a4", "bK"),
            ("g14", "yK"),
            ("n4", "gK"),
            ("a11", "yR"),
            ("n11", "yR"),
            ("f5", "rR"),
            ("e10", "rR"),
        ];
        let mut g = game(Rules::Ffa, Red, &pieces, k);
        let info = g.play(&rmv("e10e4", k)).unwrap();
        assert_eq!(info.san, format!("R{}-{}##", rsq("e10", k), rsq("e4", k)));
        let mates: Vec<_> = info
            .scoring
            .iter()
            .filter(|e| e.reason == ScoreReason::Checkmate)
            .collect();
        assert_eq!(mates.len(), 2);
        assert!(
            info.scoring
                .iter()
                .any(|e| e.reason == ScoreReason::DoubleCheck && e.points == 5)
        );
        assert_eq!(info.points, 45);
        let out: Vec<_> = info.eliminated.iter().map(|e| e.player).collect();
        assert_eq!(
            out,
            vec![rs(Blue, k), rs(Green, k)],
            "examined in turn order"
        );
        let st = g.status();
        assert!(st.over);
        let r = st.result.unwrap();
        assert_eq!(r.reason, EndReason::PointsLead);
        assert_eq!(r.winners, vec![rs(Red, k)]);
        assert!(
            g.play(&rmv("h1i1", k)).is_err(),
            "R0.4: no moves after the end"
        );
    }
}

/// R5.12: double and triple checks, with and without a queen; single check scores nothing.
#[test]
fn r5_12_multi_check_bonus() {
    for k in [0, 3] {
        for (piece, yk, expect, reason) in [
            ("rR", "g14", 5, Some(ScoreReason::DoubleCheck)),
            ("rQ", "g14", 1, Some(ScoreReason::DoubleCheck)),
            ("rR", "e14", 20, Some(ScoreReason::TripleCheck)),
            ("rQ", "e14", 5, Some(ScoreReason::TripleCheck)),
        ] {
            let pieces = [
                ("h1", "rK"),
                ("a7", "bK"),
                (yk, "yK"),
                ("n7", "gK"),
                ("e3", piece),
                ("c10", "bP"),
            ];
            let mut g = game(Rules::Ffa, Red, &pieces, k);
            let info = g.play(&rmv("e3e7", k)).unwrap();
            assert_eq!(info.points, expect, "{piece} {yk} k={k}");
            assert_eq!(info.scoring[0].reason, reason.unwrap());
            assert_eq!(info.checks.len(), if yk == "e14" { 3 } else { 2 });
            assert_eq!(info.san.matches('+').count(), info.checks.len());
            // R6.3: no bonus in kingdoms.
            let mut g = game(Rules::Kingdoms, Red, &pieces, k);
            assert_eq!(g.play(&rmv("e3e7", k)).unwrap().points, 0);
        }
        // Single check: nothing.
        let pieces = with_kings(&[("e3", "rR"), ("c10", "bP")]);
        let mut g = game(Rules::Ffa, Red, &pieces, k);
        let info = g.play(&rmv("e3e7", k)).unwrap();
        assert_eq!(info.checks, vec![rs(Blue, k)]);
        assert_eq!(info.points, 0);
    }
}

/// R5.13: the stalemated player scores 20 and is out.
#[test]
fn r5_13_stalemate_scores_for_the_stalemated() {
    for k in [0, 2] {
        let pieces = [
            ("h1", "rK"),
            ("a4", "bK"),
            ("g14", "yK"),
            ("n8", "gK"),
            ("c5", "rR"),
            ("e10", "rR"),
        ];
        let mut g = game(Rules::Ffa, Red, &pieces, k);
        let info = g.play(&rmv("e10b10", k)).unwrap();
        assert_eq!(info.points, 0, "the mover gets nothing");
        assert!(!info.check);
        assert_eq!(info.scoring.len(), 1);
        assert_eq!(info.scoring[0].player, rs(Blue, k));
        assert_eq!(info.scoring[0].points, 20);
        assert_eq!(info.scoring[0].reason, ScoreReason::Stalemate);
        assert_eq!(info.eliminated[0].reason, EliminationReason::Stalemated);
        assert_eq!(pts(&g, rs(Blue, k)), 20);
        assert_eq!(g.status().turn, Some(rs(Yellow, k).into()));
        let sc = g.scores();
        assert_eq!(
            sc[rs(Blue, k) as usize].status,
            Some(SeatStatus::Stalemated)
        );
    }
}

/// R5.18a: the third elimination ends the game; the highest score wins.
#[test]
fn r5_18_three_out_ends_the_game() {
    for k in [0, 1] {
        let pieces = [
            ("h1", "rK"),
            ("a7", "bK"),
            ("g14", "dK"),
            ("n8", "dK"),
            ("a11", "rR"),
            ("e10", "rR"),
            ("e5", "bN"),
        ];
        let f = fen_full(Red, [0, 0, 1, 1], [0; 4], [0; 4], [0, 15, 5, 0], &pieces, k);
        let mut g = tablero::four::FourGame::from_fen4(Rules::Ffa, &f, None, 1).unwrap();
        assert!(!g.status().over, "15 points apart: plays on");
        let info = g.play(&rmv("e10b10", k)).unwrap();
        assert_eq!(info.points, 20);
        let r = g.status().result.unwrap();
        assert_eq!(r.reason, EndReason::ThreeOut);
        assert_eq!(r.winners, vec![rs(Red, k)], "Red 20 beats Blue 15");
        let places: Vec<_> = r.scores.iter().map(|s| s.place).collect();
        let mut want = [None; 4];
        want[rs(Red, k) as usize] = Some(1);
        want[rs(Blue, k) as usize] = Some(2);
        want[rs(Yellow, k) as usize] = Some(3);
        want[rs(Green, k) as usize] = Some(4);
        assert_eq!(places, want.to_vec());
    }
}

/// R5.18b: with two players left, a lead of 20 plays on and 21 ends the game.
#[test]
fn r5_18_points_lead_of_21() {
    for k in [0, 2] {
        let pieces = [
            ("h1", "rK"),
            ("a7", "dK"),
            ("g14", "yK"),
            ("n8", "dK"),
            ("e4", "rQ"),
            ("e9", "yP"),
            ("j9", "yP"),
            ("k5", "rP"),
        ];
        // Red 0, Yellow 20: a 20-point lead does not end it.
        let f = fen_full(Red, [0, 1, 0, 1], [0; 4], [0; 4], [0, 0, 20, 0], &pieces, k);
        let g = tablero::four::FourGame::from_fen4(Rules::Ffa, &f, None, 1).unwrap();
        assert!(!g.status().over);
        // Red 0, Yellow 20; Yellow captures a pawn: 21 ahead.
        let f = fen_full(
            Yellow,
            [0, 1, 0, 1],
            [0; 4],
            [0; 4],
            [0, 0, 20, 0],
            &pieces,
            k,
        );
        let mut g = tablero::four::FourGame::from_fen4(Rules::Ffa, &f, None, 1).unwrap();
        let pieces2 = [("j9", "yP")];
        let _ = pieces2;
        g.play(&rmv("j9j8", k)).unwrap();
        assert!(!g.status().over);
        // Red captures Yellow's pawn: 1 vs 20, plays on; then Yellow plays.
        g.play(&rmv("e4e9", k)).unwrap();
        assert!(!g.status().over);
        assert_eq!(pts(&g, rs(Red, k)), 1);
    }
    // 20 + a capture = 21 lead.
    for k in [0, 2] {
        let pieces = [
            ("h1", "rK"),
            ("a7", "dK"),
            ("g14", "yK"),
            ("n8", "dK"),
            ("e4", "rP"),
            ("e9", "yQ"),
            ("j5", "rP"),
        ];
        let f = fen_full(
            Yellow,
            [0, 1, 0, 1],
            [0; 4],
            [0; 4],
            [0, 0, 20, 0],
            &pieces,
            k,
        );
        let mut g = tablero::four::FourGame::from_fen4(Rules::Ffa, &f, None, 1).unwrap();
        g.play(&rmv("e9e4", k)).unwrap();
        let r = g.status().result.expect("21 points apart ends the game");
        assert_eq!(r.reason, EndReason::PointsLead);
        assert_eq!(r.winners, vec![rs(Yellow, k)]);
    }
}

/// R5.17: resigning at any time puts the player out at once; undo restores it (R0.3).
#[test]
fn r5_17_resign_out_of_turn_and_undo() {
    let mut g = tablero::four::FourGame::new(Rules::Ffa, Red, None, 3);
    let fen0 = g.fen4();
    g.resign(Blue).unwrap();
    assert_eq!(g.position().statuses()[1], SeatStatus::Resigned);
    assert!(g.board().iter().filter(|b| b.color == Blue).all(|b| b.grey));
    assert_eq!(g.status().turn, Some(Red.into()));
    g.play("h2h3").unwrap();
    assert_eq!(
        g.status().turn,
        Some(Yellow.into()),
        "R5.3: Blue is skipped"
    );
    assert!(g.resign(Blue).is_err(), "already out");
    let h = g.history();
    assert_eq!(h[0].san, "R");
    assert_eq!(h[0].player, Blue);
    g.undo();
    g.undo();
    assert_eq!(g.fen4(), fen0);
    assert_eq!(
        g.position().hash(),
        tablero::four::Position::startpos(Rules::Ffa).hash()
    );
}

/// R5.18d / R5.23: the move limit ends the game on points.
#[test]
fn r5_23_move_limit() {
    let mut g = tablero::four::FourGame::new(Rules::Ffa, Blue, Some(3), 3);
    for m in ["b7c7", "g13g12", "m8l8"] {
        assert!(!g.status().over);
        g.play(m).unwrap();
    }
    let r = g.status().result.unwrap();
    assert_eq!(r.reason, EndReason::MoveLimit);
    assert_eq!(r.winners.len(), 4, "R5.20: all on 0 share first place");
    assert!(r.scores.iter().all(|s| s.place == Some(1)));
    assert!(g.legal_moves().is_empty());
}

/// R5.15 (second sentence): a player with no legal move when its turn comes is decided then;
/// here Red is stalemated in the position the game starts from.
#[test]
fn r5_15_decided_when_the_turn_comes() {
    for k in [0, 1] {
        let pieces = with_kings(&[("g5", "bR"), ("g12", "yP"), ("i5", "gR"), ("e5", "bB")]);
        let g = game(Rules::Ffa, Red, &pieces, k);
        assert_eq!(
            g.position().statuses()[rs(Red, k) as usize],
            SeatStatus::Stalemated
        );
        assert_eq!(pts(&g, rs(Red, k)), 20);
        assert_eq!(g.status().turn, Some(rs(Blue, k).into()));
        assert!(
            g.board()
                .iter()
                .filter(|b| b.color == rs(Red, k))
                .all(|b| b.grey)
        );
    }
}
