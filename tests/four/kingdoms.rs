//! Kingdoms preset (R6) and places (R5.20, R6.6).

use crate::common::*;
use tablero::ResultReason as EndReason;
use tablero::SavedGame;
use tablero::four::{FourGame, Rules, Seat};
use tablero::record::{EliminationReason, EntryKind, ScoreReason, SeatStatus};

use Seat::*;

/// R6.3: a king left attacked by someone else's move may be captured for 20 by the first
/// opponent to move; its owner is out. In ffa the same capture is illegal (R5.9).
#[test]
fn r6_3_king_capture() {
    for k in [0, 2] {
        let pieces = with_kings(&[("d7", "rN"), ("g7", "gR"), ("e10", "bP"), ("g9", "yP")]);
        let mut g = game(Rules::Kingdoms, Red, &pieces, k);
        g.play(&rmv("d7e5", k)).unwrap();
        assert_eq!(g.status().in_check, vec![rs(Blue, k)]);
        assert_eq!(
            g.status().turn,
            Some(rs(Green, k).into()),
            "R6.1: Green moves after Red"
        );
        let info = g.play(&rmv("g7a7", k)).unwrap();
        assert_eq!(info.captured.map(|r| r.name()), Some("king"));
        assert_eq!(info.points, 20);
        assert_eq!(info.scoring[0].reason, ScoreReason::KingCapture);
        assert_eq!(info.eliminated[0].reason, EliminationReason::KingCaptured);
        assert_eq!(
            g.position().statuses()[rs(Blue, k) as usize],
            SeatStatus::KingCaptured
        );
        assert!(
            g.board()
                .iter()
                .filter(|b| b.color == rs(Blue, k))
                .all(|b| b.grey)
        );
        // Ffa: Green may not take the king.
        let f = fen(
            Green,
            &with_kings(&[("g7", "gR"), ("e10", "bP"), ("g9", "yP")]),
            k,
        );
        let g = FourGame::from_fen4(Rules::Ffa, &f, None, 0).unwrap();
        assert!(g.clone().play(&rmv("g7a7", k)).is_err());
        // Kingdoms still forbids leaving one's own king attacked (R0.2).
        let g = game(
            Rules::Kingdoms,
            Red,
            &with_kings(&[("h3", "rN"), ("h10", "yR")]),
            k,
        );
        assert!(g.legal_moves_from(&rsq("h3", k)).unwrap().is_empty());
    }
}

/// R6.4: a resigned player's pieces keep moving at random, reproducibly, recorded in the
/// history; undo takes the random reply back with the move that caused it.
#[test]
fn r6_4_zombie_random_moves() {
    let play = |seed: u64| {
        let mut g = FourGame::new(Rules::Kingdoms, Red, None, seed);
        g.resign(Blue).unwrap();
        assert!(
            g.board()
                .iter()
                .filter(|b| b.color == Blue)
                .all(|b| !b.grey)
        );
        for m in ["h2h3", "m8l8", "g13g12"] {
            g.play(m).unwrap();
        }
        g
    };
    let mut g = play(42);
    let h = g.history();
    let last = h.last().unwrap();
    assert_eq!(last.kind, EntryKind::Random);
    assert_eq!(last.player, Blue);
    assert_eq!(g.status().turn, Some(Red.into()));
    assert_eq!(play(42).history(), h, "same seed, same zombie move");
    // Undo Yellow's move: the zombie reply goes too; replaying gives the same reply.
    let fen_before = {
        let mut g2 = g.clone();
        g2.undo().unwrap();
        g2.fen4()
    };
    let undone = g.undo().unwrap();
    assert_eq!(undone.san, "g13-g12");
    assert_eq!(g.fen4(), fen_before);
    assert_eq!(g.status().turn, Some(Yellow.into()));
    g.play("g13g12").unwrap();
    assert_eq!(g.history(), h);
    // The save replays the zombie move from the record.
    let s = SavedGame::from(&g);
    assert_eq!(s.moves[0], "R:blue");
    let g3 = FourGame::try_from(&s).unwrap();
    assert_eq!(g3.history(), h);
    // PGN4 too.
    let g4 = FourGame::from_pgn4(&g.pgn4(), 42).unwrap();
    assert_eq!(g4.fen4(), g.fen4());
}

/// R6.4: capturing a zombie's pieces scores 0, mating a zombie scores 20, and a zombie's own
/// captures score nothing (points frozen).
#[test]
fn r6_4_zombie_scoring() {
    for k in [0, 1] {
        // Blue resigned (out, pieces still coloured).
        let pieces = with_kings(&[("e4", "rQ"), ("e9", "bN"), ("j9", "yP")]);
        let f = fen_full(Red, [0, 1, 0, 0], [0; 4], [0; 4], [0, 7, 0, 0], &pieces, k);
        let mut g = FourGame::from_fen4(Rules::Kingdoms, &f, None, 0).unwrap();
        assert_eq!(
            g.position().statuses()[rs(Blue, k) as usize],
            SeatStatus::Resigned
        );
        let info = g.play(&rmv("e4e9", k)).unwrap();
        assert_eq!(info.captured.map(|r| r.name()), Some("knight"));
        assert_eq!(info.points, 0);
        // Mate of a zombie: 20.
        let pieces = with_kings(&[("a11", "yR"), ("e10", "rR"), ("e5", "bP")]);
        let f = fen_full(Red, [0, 1, 0, 0], [0; 4], [0; 4], [0; 4], &pieces, k);
        let mut g = FourGame::from_fen4(Rules::Kingdoms, &f, None, 0).unwrap();
        let info = g.play(&rmv("e10b10", k)).unwrap();
        assert_eq!(info.points, 20);
        assert_eq!(info.eliminated[0].player, rs(Blue, k));
        // Zombie's only move captures a pawn: its points stay frozen.
        let pieces = [
            ("h1", "rK"),
            ("a4", "bK"),
            ("g14", "yK"),
            ("n8", "gK"),
            ("b5", "rP"),
            ("d5", "rN"),
            ("d8", "rB"),
            ("j9", "yP"),
        ];
        let f = fen_full(
            Yellow,
            [0, 1, 0, 0],
            [0; 4],
            [0; 4],
            [0, 7, 0, 0],
            &pieces,
            k,
        );
        let mut g = FourGame::from_fen4(Rules::Kingdoms, &f, None, 0).unwrap();
        g.play(&rmv("j9j8", k)).unwrap();
        let last = g.history().pop().unwrap();
        assert_eq!(last.kind, EntryKind::Random);
        assert_eq!(last.captured.map(|r| r.name()), Some("pawn"));
        assert_eq!(last.points, 0);
        assert_eq!(pts(&g, rs(Blue, k)), 7);
    }
}

/// R6.5: the lone survivor scores 20 for every zombie king still on the board.
#[test]
fn r6_5_survivor_bonus() {
    for k in [0, 3] {
        let pieces = [
            ("h1", "rK"),
            ("a7", "bK"),
            ("g14", "yK"),
            ("n4", "gK"),
            ("n11", "rR"),
            ("e10", "rR"),
            ("b9", "bP"),
        ];
        let f = fen_full(Red, [0, 1, 1, 0], [0; 4], [0; 4], [0, 3, 4, 5], &pieces, k);
        let mut g = FourGame::from_fen4(Rules::Kingdoms, &f, None, 0).unwrap();
        let info = g.play(&rmv("e10m10", k)).unwrap();
        assert_eq!(info.points, 20 + 40);
        assert!(
            info.scoring
                .iter()
                .any(|e| e.reason == ScoreReason::Survivor && e.points == 40)
        );
        let r = g.status().result.unwrap();
        assert_eq!(r.reason, EndReason::LastSurvivor);
        assert_eq!(r.winners, vec![rs(Red, k)]);
        assert_eq!(pts(&g, rs(Blue, k)), 3, "frozen");
    }
}

/// R5.20: equal scores share a place. R6.6: in kingdoms ties go to Green, Yellow, Blue, Red.
#[test]
fn r5_20_and_r6_6_places() {
    let start = tablero::four::Position::startpos(Rules::Ffa).fen4();
    let f = start.replacen("-0,0,0,0-0-", "-10,10,5,0-0-", 1);
    let mut g = FourGame::from_fen4(Rules::Ffa, &f, Some(1), 0).unwrap();
    g.play("h2h3").unwrap();
    let r = g.status().result.unwrap();
    let places: Vec<_> = r.scores.iter().map(|s| s.place.unwrap()).collect();
    assert_eq!(places, vec![1, 1, 3, 4]);
    assert_eq!(r.winners, vec![Red, Blue]);
    let mut g = FourGame::from_fen4(Rules::Kingdoms, &f, Some(1), 0).unwrap();
    g.play("h2h3").unwrap();
    let r = g.status().result.unwrap();
    let places: Vec<_> = r.scores.iter().map(|s| s.place.unwrap()).collect();
    assert_eq!(places, vec![2, 1, 3, 4], "Blue beats Red on the tie");
    assert_eq!(r.winners, vec![Blue]);
    let mut g = FourGame::new(Rules::Kingdoms, Red, Some(1), 0);
    g.play("h2h3").unwrap();
    let places: Vec<_> = g.scores().iter().map(|s| s.place.unwrap()).collect();
    assert_eq!(places, vec![4, 3, 2, 1]);
}

/// R6.4: a game starting with a zombie to move plays its random move at once, and records
/// (save, PGN4) replay that move instead of drawing a new one.
#[test]
fn r6_4_zombie_to_move_at_start_replays() {
    let f = tablero::four::Position::startpos(Rules::Kingdoms)
        .fen4()
        .replacen("R-0,0,0,0-", "B-0,1,0,0-", 1);
    let g = FourGame::from_fen4(Rules::Kingdoms, &f, None, 11).unwrap();
    let h = g.history();
    assert_eq!(h.len(), 1);
    assert_eq!(h[0].kind, EntryKind::Random);
    assert_eq!(h[0].player, Blue);
    assert_eq!(g.status().turn, Some(Red.into()), "R6.1: Red follows Blue");
    let g2 = FourGame::try_from(&SavedGame::from(&g)).unwrap();
    assert_eq!(g2.history(), h);
    let g3 = FourGame::from_pgn4(&g.pgn4(), 11).unwrap();
    assert_eq!(g3.history(), h);
    assert_eq!(g3.fen4(), g.fen4());
}
