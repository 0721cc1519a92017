use super::*;
use tablero::Rules;

const S: u64 = 1000;
const T0: u64 = 1_700_000_000_000;

fn tc(initial_s: u64, inc_s: u64) -> TimeControl {
    TimeControl::from_seconds(initial_s, inc_s).unwrap()
}

fn two(initial_s: u64, inc_s: u64) -> GameClock {
    GameClock::for_game(GameKind::Chess, tc(initial_s, inc_s), T0)
}

/// A two-player 3+2 game where both first moves are made at +5 s and +12 s: White's clock
/// starts at T0 + 12 s.
fn started_3_2() -> GameClock {
    let mut c = two(180, 2);
    c.on_move(0, T0 + 5 * S).unwrap();
    c.on_move(1, T0 + 12 * S).unwrap();
    c
}

#[test]
fn r11_1_ranges() {
    assert!(TimeControl::from_seconds(15, 0).is_ok());
    assert!(TimeControl::from_seconds(180 * 60, 180).is_ok());
    for (i, inc) in [(14, 0), (180 * 60 + 1, 0), (60, 181), (0, 0), (u64::MAX, 0)] {
        let e = TimeControl::from_seconds(i, inc).unwrap_err();
        assert_eq!(e.code, "bad-clock", "{i}+{inc}");
    }
    assert_eq!(TimeControl::new(60_500, 0).unwrap_err().code, "bad-clock");
    assert_eq!(
        TimeControl::new(60_000, 1500).unwrap_err().code,
        "bad-clock"
    );
}

#[test]
fn r11_1_parse_and_label() {
    for (text, initial, inc) in [
        ("3+2", 180, 2),
        ("10+0", 600, 0),
        ("0.5+0", 30, 0),
        ("0.25+0", 15, 0),
        ("0.75+1", 45, 1),
        ("1.5+1", 90, 1),
        ("180+180", 10800, 180),
        (" 15+10 ", 900, 10),
    ] {
        let t = TimeControl::parse(text).unwrap();
        assert_eq!((t.initial_ms(), t.increment_ms()), (initial * S, inc * S));
        assert_eq!(text.trim().parse::<TimeControl>().unwrap(), t);
    }
    for bad in [
        "", "3", "+2", "3+", "3+2+1", "3.+2", ".5+0", "a+2", "3+2.5", "-3+2", "0.2+0", "181+0",
        "3+181", "1.01+0", "99999+0", "3 + 2", "3+00002",
    ] {
        assert_eq!(
            TimeControl::parse(bad).unwrap_err().code,
            "bad-clock",
            "{bad:?}"
        );
    }
    for (initial, inc, label) in [
        (180, 2, "3+2"),
        (30, 0, "0.5+0"),
        (15, 0, "0.25+0"),
        (45, 3, "0.75+3"),
        (66, 0, "1.1+0"),
        (10800, 180, "180+180"),
        (100, 0, "1.67+0"),
    ] {
        assert_eq!(tc(initial, inc).label(), label);
        assert_eq!(tc(initial, inc).to_string(), label);
    }
    // Every initial time that is a multiple of 3 s reads back from its label.
    for initial in (15..=10800).filter(|s| s % 3 == 0) {
        let t = tc(initial, 7);
        assert_eq!(TimeControl::parse(&t.label()).unwrap(), t, "{initial}");
    }
}

#[test]
fn r11_6_pgn_tag_and_clk() {
    assert_eq!(tc(180, 2).pgn_tag(), "180+2");
    assert_eq!(TimeControl::from_pgn_tag("180+2").unwrap(), tc(180, 2));
    assert_eq!(TimeControl::from_pgn_tag("300").unwrap(), tc(300, 0));
    for bad in ["-", "?", "40/7200:3600", "10+2", "", "180+x", "1234567+0"] {
        assert_eq!(
            TimeControl::from_pgn_tag(bad).unwrap_err().code,
            "bad-clock"
        );
    }
    assert_eq!(format_clk(180_000), "0:03:00");
    assert_eq!(format_clk(3_723_999), "1:02:03");
    assert_eq!(format_clk(10_000), "0:00:10");
    assert_eq!(format_clk(9_999), "0:00:09.9");
    assert_eq!(format_clk(9_550), "0:00:09.5");
    assert_eq!(format_clk(0), "0:00:00.0");
}

#[test]
fn r11_1_serde_checks_the_range() {
    let t = tc(180, 2);
    let json = serde_json::to_string(&t).unwrap();
    assert_eq!(serde_json::from_str::<TimeControl>(&json).unwrap(), t);
    let bad = r#"{"initial_ms":1000,"increment_ms":0}"#;
    assert!(serde_json::from_str::<TimeControl>(bad).is_err());
}

#[test]
fn r11_2_no_clock_runs_before_every_first_move() {
    let mut c = two(180, 2);
    assert!(!c.started());
    assert_eq!(c.snapshot(T0 + 20 * S), vec![180 * S, 180 * S]);
    assert_eq!(c.first_move(T0 + 20 * S), Some((0, 10 * S)));
    // White's first move after 20 s: no time charged, no increment.
    let p = c.on_move(0, T0 + 20 * S).unwrap();
    assert_eq!(p.remaining_ms, 180 * S);
    assert_eq!(c.first_move(T0 + 45 * S), Some((1, 5 * S)));
    assert_eq!(c.snapshot(T0 + 45 * S), vec![180 * S, 180 * S]);
    let p = c.on_move(1, T0 + 49 * S).unwrap();
    assert_eq!(p.remaining_ms, 180 * S);
    assert!(c.started());
    assert_eq!(c.first_move(T0 + 49 * S), None);
    // Now White's clock runs from Black's first move.
    assert_eq!(c.snapshot(T0 + 59 * S), vec![170 * S, 180 * S]);
    assert_eq!(c.deadline(), Some(T0 + 49 * S + 180 * S));
}

#[test]
fn r11_2_first_move_abort_at_30_s() {
    let mut c = two(180, 2);
    assert_eq!(c.deadline(), Some(T0 + 30 * S));
    assert_eq!(c.expired(T0 + 30 * S - 1), None);
    assert_eq!(c.expired(T0 + 30 * S), Some(Expiry::NoFirstMove(0)));
    let e = c.on_move(0, T0 + 30 * S).unwrap_err();
    assert_eq!(e, ClockError::Expired(Expiry::NoFirstMove(0)));
    assert_eq!(e.refusal().code, "aborted");
    assert!(c.plies().is_empty());
    // Black's 30 s count from White's first move, not from the start.
    let mut c = two(180, 2);
    c.on_move(0, T0 + 29 * S).unwrap();
    assert_eq!(c.deadline(), Some(T0 + 59 * S));
    assert_eq!(c.expired(T0 + 58 * S), None);
    assert_eq!(c.expired(T0 + 59 * S), Some(Expiry::NoFirstMove(1)));
}

#[test]
fn r11_2_first_move_time_does_not_depend_on_the_control() {
    // A 15 s game still gives 30 s for a first move: no clock runs yet.
    let c = two(15, 0);
    assert_eq!(c.deadline(), Some(T0 + FIRST_MOVE_MS));
}

#[test]
fn r11_1_increment_after_the_move() {
    let mut c = started_3_2();
    // White thinks 10 s: 180 − 10 + 2.
    let p = c.on_move(0, T0 + 22 * S).unwrap();
    assert_eq!(p.remaining_ms, 172 * S);
    assert_eq!(
        c.remaining(0, T0 + 100 * S),
        172 * S,
        "not running on Black's turn"
    );
    // Black thinks 3.5 s.
    let p = c.on_move(1, T0 + 25_500).unwrap();
    assert_eq!(p.remaining_ms, 180 * S - 3_500 + 2 * S);
    assert_eq!(c.plies().len(), 4);
    assert_eq!(c.snapshot(T0 + 26 * S), vec![172 * S - 500, 178_500]);
}

#[test]
fn r11_1_only_the_player_to_move_runs() {
    let c = started_3_2();
    assert_eq!(c.remaining(1, T0 + 100 * S), 180 * S);
    assert_eq!(c.remaining(0, T0 + 100 * S), 92 * S);
    assert_eq!(c.remaining(7, T0), 0, "unknown seat");
}

#[test]
fn r11_5_flag_exactly_at_the_deadline() {
    let c = started_3_2();
    let deadline = T0 + 12 * S + 180 * S;
    assert_eq!(c.deadline(), Some(deadline));
    assert_eq!(c.expired(deadline - 1), None);
    assert_eq!(c.remaining(0, deadline - 1), 1);
    assert_eq!(c.expired(deadline), Some(Expiry::Flag(0)));
    assert_eq!(c.remaining(0, deadline), 0);
    assert_eq!(c.expired(deadline + 5 * S), Some(Expiry::Flag(0)));
    assert_eq!(c.remaining(0, deadline + 5 * S), 0);
    // One millisecond before is still a move.
    let mut c2 = c.clone();
    assert_eq!(c2.on_move(0, deadline - 1).unwrap().remaining_ms, 1 + 2 * S);
}

#[test]
fn r11_5_move_after_the_flag_is_refused() {
    let mut c = started_3_2();
    let before = c.clone();
    let deadline = c.deadline().unwrap();
    for at in [deadline, deadline + 1, deadline + 60 * S] {
        let e = c.on_move(0, at).unwrap_err();
        assert_eq!(e, ClockError::Expired(Expiry::Flag(0)));
        assert_eq!(e.refusal().code, "flagged");
        assert_eq!(c, before, "a refused move changes nothing");
    }
    // The room then ends the game: the flagged clock shows 0.
    c.stop(deadline + 60 * S);
    assert_eq!(c.snapshot(deadline + 99 * S), vec![0, 180 * S]);
    assert_eq!(c.deadline(), None);
    assert_eq!(c.expired(deadline + 99 * S), None);
    assert_eq!(c.on_move(0, deadline).unwrap_err(), ClockError::Stopped);
    assert_eq!(ClockError::Stopped.refusal().code, "game-over");
}

#[test]
fn r11_5_move_out_of_turn_is_refused() {
    let mut c = started_3_2();
    assert_eq!(c.on_move(1, T0 + 13 * S).unwrap_err(), ClockError::NotTurn);
    assert_eq!(c.on_move(9, T0 + 13 * S).unwrap_err(), ClockError::NotTurn);
    assert_eq!(ClockError::NotTurn.refusal().code, "not-your-turn");
}

#[test]
fn r11_5_time_going_backwards_costs_nothing() {
    let mut c = started_3_2();
    let p = c.on_move(0, T0).unwrap();
    assert_eq!(p.remaining_ms, 182 * S);
    assert_eq!(c.remaining(1, T0 - 100 * S), 180 * S);
}

#[test]
fn r11_5_stop_freezes_the_clocks() {
    let mut c = started_3_2();
    c.stop(T0 + 42 * S);
    assert_eq!(c.snapshot(T0 + 1000 * S), vec![150 * S, 180 * S]);
    assert!(c.is_stopped());
    c.stop(T0 + 99 * S);
    assert_eq!(c.snapshot(T0 + 1000 * S), vec![150 * S, 180 * S]);
}

fn ffa(initial_s: u64, inc_s: u64) -> GameClock {
    GameClock::for_game(GameKind::FourPlayer(Rules::Ffa), tc(initial_s, inc_s), T0)
}

#[test]
fn r11_2_four_players_start_after_four_first_moves() {
    let mut c = ffa(60, 0);
    for (k, seat) in [0, 1, 2].into_iter().enumerate() {
        c.on_move(seat, T0 + (k as u64 + 1) * 10 * S).unwrap();
        assert!(!c.started());
    }
    assert_eq!(c.deadline(), Some(T0 + 30 * S + FIRST_MOVE_MS));
    c.on_move(3, T0 + 40 * S).unwrap();
    assert!(c.started());
    assert_eq!(c.turn(), Some(0));
    assert_eq!(
        c.snapshot(T0 + 45 * S),
        vec![55 * S, 60 * S, 60 * S, 60 * S]
    );
}

#[test]
fn r11_4_kingdoms_plays_counter_clockwise() {
    let mut c = GameClock::for_game(GameKind::FourPlayer(Rules::Kingdoms), tc(60, 0), T0);
    // Table order red, blue, yellow, green; play order red, green, yellow, blue (R6.1).
    c.on_move(0, T0 + S).unwrap();
    assert_eq!(c.turn(), Some(3));
    assert_eq!(c.on_move(1, T0 + 2 * S).unwrap_err(), ClockError::NotTurn);
    c.on_move(3, T0 + 2 * S).unwrap();
    c.on_move(2, T0 + 3 * S).unwrap();
    c.on_move(1, T0 + 4 * S).unwrap();
    assert_eq!(c.turn(), Some(0));
}

/// A four-player 1+0 game whose clocks run from T0 + 40 s, Red to move.
fn ffa_started() -> GameClock {
    let mut c = ffa(60, 0);
    for seat in 0..4 {
        c.on_move(seat, T0 + (seat as u64 + 1) * 10 * S).unwrap();
    }
    c
}

#[test]
fn r11_4_skip_an_eliminated_seat() {
    let mut c = ffa_started();
    // Blue is mated on Red's move.
    c.on_move(0, T0 + 45 * S).unwrap();
    c.eliminate(1, T0 + 45 * S);
    assert_eq!(c.turn(), Some(2));
    c.on_move(2, T0 + 50 * S).unwrap();
    c.on_move(3, T0 + 51 * S).unwrap();
    assert_eq!(c.turn(), Some(0), "Blue is skipped");
    assert_eq!(
        c.snapshot(T0 + 60 * S),
        vec![46 * S, 60 * S, 55 * S, 59 * S]
    );
    assert_eq!(c.on_move(1, T0 + 61 * S).unwrap_err(), ClockError::NotTurn);
    // A repeat changes nothing.
    let before = c.clone();
    c.eliminate(1, T0 + 70 * S);
    c.eliminate(9, T0 + 70 * S);
    assert_eq!(c, before);
}

#[test]
fn r11_4_flag_in_four_players_passes_the_turn() {
    let mut c = ffa_started();
    let deadline = T0 + 40 * S + 60 * S;
    assert_eq!(c.expired(deadline), Some(Expiry::Flag(0)));
    c.eliminate(0, deadline);
    assert_eq!(c.turn(), Some(1));
    assert_eq!(c.remaining(0, deadline + 100 * S), 0);
    assert_eq!(c.deadline(), Some(deadline + 60 * S));
    // The eliminated seat no longer counts for "every first move" either.
    assert!(c.started());
}

#[test]
fn r11_4_last_seat_standing_keeps_the_turn() {
    let mut c = ffa_started();
    c.eliminate(1, T0 + 41 * S);
    c.eliminate(2, T0 + 41 * S);
    c.eliminate(3, T0 + 41 * S);
    c.on_move(0, T0 + 42 * S).unwrap();
    assert_eq!(c.turn(), Some(0));
    c.eliminate(0, T0 + 43 * S);
    assert_eq!(c.turn(), None);
    assert_eq!(c.deadline(), None);
}

#[test]
fn r11_3_flag_outcomes() {
    let lone = Material::default();
    let knight = Material { knights: 1, ..lone };
    let bishop = Material { bishops: 1, ..lone };
    let two_knights = Material { knights: 2, ..lone };
    let pawn = Material { pawns: 1, ..lone };
    let rook = Material { rooks: 1, ..lone };
    for kind in [GameKind::Chess, GameKind::Chess960] {
        assert_eq!(flag_outcome(kind, || lone), FlagOutcome::Draw);
        assert_eq!(flag_outcome(kind, || knight), FlagOutcome::Draw);
        assert_eq!(flag_outcome(kind, || bishop), FlagOutcome::Draw);
        assert_eq!(flag_outcome(kind, || two_knights), FlagOutcome::Loses);
        assert_eq!(flag_outcome(kind, || pawn), FlagOutcome::Loses);
        assert_eq!(flag_outcome(kind, || rook), FlagOutcome::Loses);
    }
    assert_eq!(
        flag_outcome(GameKind::ThreeCheck, || lone),
        FlagOutcome::Draw
    );
    assert_eq!(
        flag_outcome(GameKind::ThreeCheck, || knight),
        FlagOutcome::Loses
    );
    for kind in [GameKind::KingOfTheHill, GameKind::RacingKings] {
        assert_eq!(
            flag_outcome(kind, || panic!("material is not needed")),
            FlagOutcome::Loses
        );
    }
    for rules in [Rules::Ffa, Rules::Kingdoms] {
        assert_eq!(
            flag_outcome(GameKind::FourPlayer(rules), || panic!("not needed")),
            FlagOutcome::TimesOut
        );
    }
}

#[test]
fn r12_2_takeback_restores_clocks() {
    let mut c = started_3_2();
    c.on_move(0, T0 + 22 * S).unwrap(); // White 172 s
    c.on_move(1, T0 + 32 * S).unwrap(); // Black 172 s
    c.on_move(0, T0 + 52 * S).unwrap(); // White 154 s
    c.on_move(1, T0 + 62 * S).unwrap(); // Black 164 s
    // White asks to take back their move after Black replied: two plies, White to move
    // with the clocks as they were after Black's 172 s move.
    assert!(c.undo(2, T0 + 70 * S));
    assert_eq!(c.turn(), Some(0));
    assert_eq!(c.plies().len(), 4);
    assert_eq!(c.snapshot(T0 + 70 * S), vec![172 * S, 172 * S]);
    assert_eq!(c.snapshot(T0 + 75 * S), vec![167 * S, 172 * S]);
    assert_eq!(c.deadline(), Some(T0 + 70 * S + 172 * S));
    // One ply (White takes back a move Black has not answered): White's clock is back to
    // its 172 s.
    c.on_move(0, T0 + 80 * S).unwrap(); // White 164 s
    assert!(c.undo(1, T0 + 90 * S));
    assert_eq!(c.turn(), Some(0));
    assert_eq!(c.snapshot(T0 + 90 * S), vec![172 * S, 172 * S]);
}

#[test]
fn r12_2_takeback_to_before_the_start_restarts_the_first_move() {
    let mut c = started_3_2();
    assert!(c.undo(2, T0 + 20 * S));
    assert!(!c.started());
    assert_eq!(c.turn(), Some(0));
    assert_eq!(c.first_move(T0 + 25 * S), Some((0, 25 * S)));
    assert_eq!(c.snapshot(T0 + 25 * S), vec![180 * S, 180 * S]);
}

#[test]
fn r12_2_bad_takebacks_change_nothing() {
    let mut c = started_3_2();
    let before = c.clone();
    assert!(!c.undo(0, T0));
    assert!(!c.undo(3, T0));
    assert_eq!(c, before);
    c.stop(T0 + 13 * S);
    assert!(!c.undo(1, T0 + 14 * S));
}

/// Replays the live clock's stored form, as a room does after kill -9.
fn reload(c: &GameClock) -> GameClock {
    let json = serde_json::to_string(c).unwrap();
    serde_json::from_str(&json).unwrap()
}

#[test]
fn r11_5_restart_keeps_every_clock() {
    // Two players, with a takeback and the end.
    let mut live = started_3_2();
    let mut moves = vec![(0, 12 * S), (1, 7 * S), (0, 33 * S), (1, 1_234)];
    moves.extend((0..20).map(|k| (k % 2, (k as u64 * 977) % 9000)));
    let mut at = T0 + 12 * S;
    for (i, (seat, think)) in moves.into_iter().enumerate() {
        at += think;
        live.on_move(seat, at).unwrap();
        if i == 10 {
            assert!(live.undo(2, at + 500));
            at += 500;
        }
        let stored: Vec<(usize, u64)> = live
            .events()
            .iter()
            .filter_map(|e| match *e {
                ClockEvent::Move { seat, at } => Some((seat, at)),
                _ => None,
            })
            .collect();
        let replayed = GameClock::replay(
            live.control(),
            vec![0, 1],
            T0,
            live.events().iter().copied(),
        )
        .unwrap();
        assert_eq!(replayed, live);
        assert_eq!(replayed.snapshot(at + 3 * S), live.snapshot(at + 3 * S));
        assert_eq!(reload(&live), live);
        if i < 10 {
            // Before the takeback the events are exactly the stored (seat, time) moves.
            let from_moves = GameClock::replay(
                live.control(),
                vec![0, 1],
                T0,
                stored
                    .iter()
                    .map(|&(seat, at)| ClockEvent::Move { seat, at }),
            )
            .unwrap();
            assert_eq!(from_moves, live);
        }
    }
    live.stop(at + 5 * S);
    assert_eq!(reload(&live), live);
    assert_eq!(
        reload(&live).snapshot(at + 99 * S),
        live.snapshot(at + 5 * S)
    );
}

#[test]
fn r11_5_restart_keeps_four_player_clocks() {
    let mut live = ffa_started();
    live.on_move(0, T0 + 43 * S).unwrap();
    live.eliminate(2, T0 + 43 * S);
    live.on_move(1, T0 + 50 * S).unwrap();
    live.on_move(3, T0 + 58 * S).unwrap();
    let back = reload(&live);
    assert_eq!(back, live);
    assert_eq!(back.turn(), Some(0));
    assert_eq!(back.snapshot(T0 + 60 * S), live.snapshot(T0 + 60 * S));
    assert_eq!(back.plies(), live.plies());
}

#[test]
fn r11_5_replay_accepts_a_stored_late_move() {
    // A move stored just after the deadline (another process's timestamp) replays at 0 +
    // increment instead of failing the room.
    let c = started_3_2();
    let late = c.deadline().unwrap() + 40;
    let mut events = c.events().to_vec();
    events.push(ClockEvent::Move { seat: 0, at: late });
    let r = GameClock::replay(c.control(), vec![0, 1], T0, events).unwrap();
    assert_eq!(r.plies().last().unwrap().remaining_ms, 2 * S);
}

#[test]
fn r11_5_corrupt_stored_clocks_do_not_load() {
    let c = started_3_2();
    let mut v: serde_json::Value = serde_json::to_value(&c).unwrap();
    v["events"][1]["seat"] = 0.into();
    assert!(
        serde_json::from_value::<GameClock>(v.clone()).is_err(),
        "out of turn"
    );
    v["events"][1]["seat"] = 7.into();
    assert!(
        serde_json::from_value::<GameClock>(v).is_err(),
        "no such seat"
    );
    let mut v: serde_json::Value = serde_json::to_value(&c).unwrap();
    v["order"] = serde_json::json!([0, 0]);
    assert!(serde_json::from_value::<GameClock>(v).is_err(), "bad order");
    let mut v: serde_json::Value = serde_json::to_value(&c).unwrap();
    v["events"] = serde_json::json!([{"event": "undo", "plies": 3, "at": 0}]);
    assert!(
        serde_json::from_value::<GameClock>(v).is_err(),
        "undo past the start"
    );
    let mut v: serde_json::Value = serde_json::to_value(&c).unwrap();
    v["events"] = serde_json::json!([{"event": "out", "seat": 5, "at": 0}]);
    assert!(
        serde_json::from_value::<GameClock>(v).is_err(),
        "out of no seat"
    );
}

#[test]
fn new_checks_the_order() {
    let t = tc(60, 0);
    assert!(GameClock::new(t, vec![0, 1], T0).is_ok());
    assert!(GameClock::new(t, vec![0, 3, 2, 1], T0).is_ok());
    for bad in [vec![], vec![0], vec![0, 0], vec![1, 2], vec![0, 1, 2, 3, 4]] {
        assert_eq!(GameClock::new(t, bad, T0).unwrap_err().code, "bad-clock");
    }
}
