//! Random-game property tests (R0.3, R0.4, R5.9–R5.20, R6.3–R6.6, R7.2).

use tablero::SavedGame;
use tablero::four::{FourGame, MoveList, Position, Rules, Seat};
use tablero::record::{EntryKind, MoveRecord as MoveInfo, ScoreReason};

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Amounts R5.10–R5.13, R5.19, R6.3 and R6.5 allow per reason.
fn allowed(reason: ScoreReason, points: i32) -> bool {
    match reason {
        ScoreReason::Capture => [1, 3, 5, 9].contains(&points),
        ScoreReason::Checkmate | ScoreReason::Stalemate | ScoreReason::KingCapture => points == 20,
        ScoreReason::DoubleCheck => points == 5 || points == 1,
        ScoreReason::TripleCheck => points == 20 || points == 5,
        ScoreReason::Draw => points == 10,
        ScoreReason::Survivor => points > 0 && points % 20 == 0 && points <= 60,
    }
}

fn check_entry(info: &MoveInfo, rules: Rules) {
    for e in &info.scoring {
        assert!(
            allowed(e.reason, e.points),
            "bad score event {e:?} in {info:?}"
        );
        if rules == Rules::Kingdoms {
            assert!(
                !matches!(
                    e.reason,
                    ScoreReason::DoubleCheck | ScoreReason::TripleCheck
                ),
                "R6.3: no multi-check bonus in kingdoms"
            );
        } else {
            assert_ne!(
                e.reason,
                ScoreReason::KingCapture,
                "R5.9: no king capture in ffa"
            );
        }
    }
}

fn run(rules: Rules, games: usize, seed: u64) {
    let mut rng = Rng(seed);
    let mut ends = 0;
    for gi in 0..games {
        let first = Seat::ALL[gi % 4];
        let limit = if gi % 3 == 0 {
            Some(40 + (gi % 50) as u32)
        } else {
            None
        };
        let mut g = FourGame::new(rules, first, limit, gi as u64);
        for _ply in 0..300 {
            if g.status().over {
                ends += 1;
                break;
            }
            let fen = g.fen4();
            let hash = g.position().hash();
            let pts = g.position().points();
            let hist = g.history_len();
            // Occasionally resign or time out a random active seat (R5.17, R6.4).
            if rng.below(150) == 0 {
                let s = Seat::ALL[rng.below(4)];
                let active = g.position().statuses()[s.index()].is_out();
                let r = if rng.below(2) == 0 {
                    g.resign(s)
                } else {
                    g.timeout(s)
                };
                assert_eq!(r.is_ok(), !active);
            } else {
                let mut l = MoveList::new();
                g.position().legal_moves(&mut l);
                // Every third ply (to keep the suite fast): incremental state and the fast
                // generator against the try-every-move reference (R0.2).
                if rng.below(3) == 0 {
                    assert!(
                        g.position().check_invariants(),
                        "incremental state drifted: {fen}"
                    );
                    // R0.2: the fast generator equals the try-every-move reference.
                    let mut r = MoveList::new();
                    g.position().legal_moves_reference(&mut r);
                    let mut a: Vec<_> = l.iter().map(|m| (m.from(), m.to())).collect();
                    let mut b: Vec<_> = r.iter().map(|m| (m.from(), m.to())).collect();
                    a.sort();
                    b.sort();
                    assert_eq!(a, b, "generator vs reference in {fen}");
                }
                // R5.9: in ffa no legal move ever captures a live king.
                if rules == Rules::Ffa {
                    for m in l.iter() {
                        let target = g.position().piece_at(m.to());
                        assert!(
                            !matches!(target, Some((_, tablero::Role::King, false, _))),
                            "king capture offered in {fen}"
                        );
                    }
                }
                assert!(
                    !l.is_empty(),
                    "R5.15: player to move must have a move: {fen}"
                );
                let m = l.as_slice()[rng.below(l.len())];
                let mover = g.position().turn();
                let info = g.play_move(m).expect("legal move plays");
                assert_eq!(info.player, mover);
                // R0.2 / R5.9: the mover never leaves its own king attacked.
                let p = g.position();
                let last_is_move = g.last_entry().map(|e| e.kind) == Some(EntryKind::Move);
                if last_is_move && !p.statuses()[mover.index()].is_out() {
                    assert!(
                        !p.in_check(mover),
                        "own king left attacked after {}",
                        info.san
                    );
                }
            }
            // Points only change by the logged events, which are all allowed amounts.
            let mut delta = [0i32; 4];
            for e in &g.history_since(hist) {
                check_entry(e, rules);
                for s in &e.scoring {
                    delta[s.player.seat().unwrap().index()] += s.points;
                }
            }
            let now = g.position().points();
            for s in 0..4 {
                assert_eq!(now[s] - pts[s], delta[s], "points change matches events");
                assert!(now[s] >= pts[s]);
            }
            // Occasionally undo and check the exact restoration (R0.3), then redo.
            if rng.below(10) == 0 && g.history_len() > hist {
                let fen_after = g.fen4();
                let redo = g.clone();
                g.undo().expect("something to undo");
                assert_eq!(g.fen4(), fen, "undo restores FEN4");
                assert_eq!(g.position().hash(), hash, "undo restores the hash");
                assert_eq!(g.history_len(), hist);
                g = redo;
                assert_eq!(g.fen4(), fen_after);
            }
            // FEN4 round trip (R7.2).
            if rng.below(4) != 0 {
                continue;
            }
            let f = g.fen4();
            let p = Position::from_fen4(rules, &f).expect("own FEN4 reads back");
            assert_eq!(p.fen4(), f);
            assert_eq!(p.hash(), g.position().hash(), "hash survives FEN4: {f}");
        }
        // PGN4 and save round trips replay to the same state (every other game, for time).
        if gi % 2 == 1 {
            continue;
        }
        let pgn = g.pgn4();
        let g2 = FourGame::from_pgn4(&pgn, gi as u64).unwrap_or_else(|e| panic!("{e}\n{pgn}"));
        assert_eq!(g2.fen4(), g.fen4(), "PGN4 replays\n{pgn}");
        assert_eq!(g2.pgn4(), pgn);
        assert_eq!(g2.status(), g.status());
        let save = SavedGame::from(&g);
        let s: &SavedGame = &save;
        let g3 = FourGame::try_from(s).expect("save replays");
        assert_eq!(g3.fen4(), g.fen4());
        assert_eq!(g3.history(), g.history());
        // Whole-game undo returns to the start.
        let start = FourGame::new(rules, first, limit, gi as u64).fen4();
        let mut g4 = g3.clone();
        while g4.undo().is_some() {}
        assert_eq!(g4.fen4(), start);
    }
    assert!(ends > 0, "some games end");
}

#[test]
fn random_games_ffa() {
    run(
        Rules::Ffa,
        if cfg!(debug_assertions) { 20 } else { 1000 },
        0x1234_5678,
    );
}

#[test]
fn random_games_kingdoms() {
    run(
        Rules::Kingdoms,
        if cfg!(debug_assertions) { 20 } else { 1000 },
        0x9876_5432,
    );
}
