//! One shape for all five games (the JSON of contract.md), history views, saving, and "a
//! failed call leaves the game unchanged".

use serde_json::{Value, json};
#[cfg(feature = "ai")]
use tablero::AiOptions;
use tablero::{
    ErrorKind, Game, GameKind, NewGame, Player, ResultReason, Role, Rules, SavedGame, Undone,
};

/// The game kinds this build plays (four-player ones need the `four` feature).
fn kinds() -> Vec<GameKind> {
    GameKind::ALL
        .into_iter()
        .filter(|k| cfg!(feature = "four") || k.rules().is_none())
        .collect()
}

fn new(kind: GameKind) -> Game {
    Game::new(NewGame {
        kind,
        seed: 7,
        ..NewGame::default()
    })
    .unwrap()
}

fn js<T: serde::Serialize>(v: &T) -> Value {
    serde_json::to_value(v).unwrap()
}

fn keys(v: &Value) -> Vec<&str> {
    let mut k: Vec<&str> = v.as_object().unwrap().keys().map(|s| s.as_str()).collect();
    k.sort_unstable();
    k
}

/// Plays `n` moves chosen by a fixed rule (the `i`-th legal move, cycling), so that every
/// game gets a few plies of real history.
fn play_some(g: &mut Game, n: usize) {
    for i in 0..n {
        let moves = g.legal_moves();
        if moves.is_empty() {
            return;
        }
        let m = &moves[(i * 7 + 3) % moves.len()];
        g.play_text(&m.uci).unwrap();
    }
}

/// Everything observable about a game, to compare before and after a failed call.
fn snapshot(g: &Game) -> (String, String, Value, Value, Value, usize) {
    (
        g.fen(),
        g.pgn(),
        js(&g.status()),
        js(&g.history()),
        js(&g.to_saved()),
        g.ply(),
    )
}

#[test]
fn every_kind_reports_one_shape() {
    for kind in kinds() {
        let mut g = new(kind);
        let four = kind.rules().is_some();
        let m = g.legal_moves()[0].clone();
        let played = js(&g.play_text(&m.uci).unwrap());
        let mut expected = vec![
            "check",
            "checks",
            "eliminated",
            "from",
            "kind",
            "piece",
            "player",
            "points",
            "san",
            "scoring",
            "to",
            "uci",
        ];
        if played.get("captured").is_some() {
            expected.push("captured");
        }
        if played.get("promotion").is_some() {
            expected.push("promotion");
        }
        expected.sort_unstable();
        assert_eq!(keys(&played), expected, "{kind}: move keys");
        assert_eq!(played["kind"], "move", "{kind}");
        assert_eq!(
            played["player"],
            if four { "red" } else { "white" },
            "{kind}"
        );

        let status = js(&g.status());
        assert_eq!(
            keys(&status),
            ["canClaimDraw", "inCheck", "over", "turn"],
            "{kind}: status keys"
        );
        assert!(status["inCheck"].is_array(), "{kind}");
        assert_eq!(
            status["turn"],
            js(&g.players()[1]),
            "{kind}: second to move"
        );

        for s in js(&g.score()).as_array().unwrap() {
            let mut want = vec!["player", "points"];
            if kind == GameKind::ThreeCheck {
                want.push("checks");
            }
            if four {
                want.push("status");
            }
            want.sort_unstable();
            assert_eq!(keys(s), want, "{kind}: score keys");
        }
        for p in js(&g.board()).as_array().unwrap() {
            assert_eq!(keys(p), ["color", "piece", "square"], "{kind}: board keys");
        }
        let facts = js(&g.facts());
        assert_eq!(facts["files"], if four { 14 } else { 8 });
        assert_eq!(facts["claimableDraws"], !four);
        assert_eq!(facts["countsChecks"], kind == GameKind::ThreeCheck);
        assert_eq!(
            facts["finishRank"],
            if kind == GameKind::RacingKings {
                json!(8)
            } else {
                Value::Null
            }
        );
        assert_eq!(
            facts["promotions"],
            // Teams promotes to any piece (R14.3), the other presets to a queen (R5.8).
            if four && kind != GameKind::FourPlayer(Rules::Teams) {
                json!(["q"])
            } else {
                json!(["q", "r", "b", "n"])
            }
        );
    }
}

#[test]
fn finished_two_player_games_have_winners_places_and_points() {
    let mut g = new(GameKind::Chess);
    for m in ["f3", "e5", "g4", "Qh4#"] {
        g.play_text(m).unwrap();
    }
    let status = js(&g.status());
    assert_eq!(status["turn"], Value::Null);
    assert_eq!(status["inCheck"], json!(["white"]));
    assert_eq!(status["over"], true);
    assert_eq!(status["result"]["winners"], json!(["black"]));
    assert_eq!(status["result"]["reason"], "checkmate");
    assert_eq!(
        status["result"]["scores"],
        json!([
            {"player": "white", "points": 0, "place": 2},
            {"player": "black", "points": 1, "place": 1},
        ])
    );
    assert_eq!(js(&g.score()), status["result"]["scores"]);
    assert!(g.legal_moves().is_empty());

    // A draw: both share first place with half a point.
    let mut d = new(GameKind::Chess);
    for _ in 0..2 {
        for m in ["Nf3", "Nf6", "Ng1", "Ng8"] {
            d.play_text(m).unwrap();
        }
    }
    assert!(d.status().can_claim_draw);
    assert!(d.claim_draw());
    let r = d.status().result.unwrap();
    assert!(r.winners.is_empty());
    assert_eq!(r.reason, ResultReason::ThreefoldRepetition);
    assert_eq!(
        js(&r.scores),
        json!([
            {"player": "white", "points": 0.5, "place": 1},
            {"player": "black", "points": 0.5, "place": 1},
        ])
    );
    // Undoing the claim is a declaration, not a move.
    assert_eq!(d.undo(), Some(Undone::Declaration));
    assert_eq!(d.ply(), 8);
    assert!(!d.status().over);
}

#[test]
fn three_check_scores_count_checks() {
    let mut g = new(GameKind::ThreeCheck);
    for m in ["e4", "e5", "Bc4", "Nc6", "Bxf7+"] {
        g.play_text(m).unwrap();
    }
    let s = js(&g.score());
    assert_eq!(s[0], json!({"player": "white", "points": 0, "checks": 1}));
    assert_eq!(s[1], json!({"player": "black", "points": 0, "checks": 0}));
    let last = g.history().pop().unwrap();
    assert_eq!(last.checks, [Player::Black]);
    assert_eq!(js(&g.status())["inCheck"], json!(["black"]));
}

#[cfg(feature = "four")]
#[test]
fn players_are_in_play_order() {
    for (rules, order) in [
        (
            Rules::Ffa,
            [Player::Red, Player::Blue, Player::Yellow, Player::Green],
        ),
        (
            Rules::Kingdoms,
            [Player::Red, Player::Green, Player::Yellow, Player::Blue],
        ),
    ] {
        let mut g = new(GameKind::FourPlayer(rules));
        assert_eq!(g.players(), order);
        // The turns of the game follow that order.
        for &p in order.iter().chain(&order) {
            assert_eq!(g.status().turn, Some(p), "{rules:?}");
            play_some(&mut g, 1);
        }
    }
    assert_eq!(
        new(GameKind::Chess).players(),
        [Player::White, Player::Black]
    );
}

#[test]
fn position_at_shows_every_earlier_position() {
    for kind in kinds() {
        let mut g = new(kind);
        let mut fens = vec![g.fen()];
        let mut boards = vec![js(&g.board())];
        for _ in 0..6 {
            play_some(&mut g, 1);
            fens.push(g.fen());
            boards.push(js(&g.board()));
        }
        let history = g.history();
        assert_eq!(g.ply(), history.len());
        for (ply, fen) in fens.iter().enumerate().take(g.ply() + 1) {
            let view = g.position_at(ply).unwrap();
            assert_eq!(&view.fen, fen, "{kind} ply {ply}");
            assert_eq!(js(&view.board), boards[ply], "{kind} ply {ply}");
            assert_eq!(view.ply, ply);
            assert_eq!(
                view.last_move.as_ref(),
                ply.checked_sub(1).map(|i| &history[i])
            );
        }
        assert_eq!(g.position_at(g.ply()).unwrap().turn, g.status().turn);
        let err = g.position_at(g.ply() + 1).unwrap_err();
        assert_eq!(err.kind, ErrorKind::InvalidArgument);
        assert!(js(&g.position_at(0).unwrap()).get("lastMove").is_none());
    }
}

#[test]
fn a_failed_call_leaves_the_game_unchanged() {
    for kind in kinds() {
        let mut g = new(kind);
        play_some(&mut g, 5);
        let before = snapshot(&g);
        let four = kind.rules().is_some();
        #[allow(unused_mut)]
        let mut fails: Vec<(&str, Result<(), tablero::Error>)> = vec![
            ("garbage", g.play_text("garbage").map(drop)),
            ("empty", g.play_text("").map(drop)),
            ("e2e5", g.play_text("e2e5").map(drop)),
            ("off board", g.play_squares("z9", "a1", None).map(drop)),
            (
                "bad promotion",
                g.play_squares("a1", "a2", Some(Role::King)).map(drop),
            ),
            ("legal from", g.legal_moves_from("x0").map(drop)),
            ("perft", g.perft(9).map(drop)),
            ("position", g.position_at(99).map(drop)),
            (
                "resign stranger",
                g.resign(Some(if four { Player::White } else { Player::Red })),
            ),
            (
                "timeout",
                // Four Kingdoms and Teams put a timed-out player out: a seat that is not
                // one fails.
                if kind == GameKind::FourPlayer(Rules::Kingdoms)
                    || kind == GameKind::FourPlayer(Rules::Teams)
                {
                    g.timeout(Some(Player::Black))
                } else {
                    g.timeout(None)
                },
            ),
        ];
        #[cfg(feature = "ai")]
        fails.extend([
            (
                "ai level",
                g.ai_move(&AiOptions {
                    level: 9,
                    ..AiOptions::default()
                })
                .map(drop),
            ),
            (
                "ai time",
                g.ai_move(&AiOptions {
                    time_ms: Some(0),
                    ..AiOptions::default()
                })
                .map(drop),
            ),
        ]);
        for (what, r) in fails {
            assert!(r.is_err(), "{kind}: {what} should fail");
        }
        assert!(!four || !g.claim_draw());
        assert_eq!(snapshot(&g), before, "{kind}");

        // After the end, moves fail with game-over and change nothing.
        g.resign(None).unwrap();
        if g.status().over {
            let over = snapshot(&g);
            let m = g.play_text("e2e4").unwrap_err();
            assert_eq!(m.kind, ErrorKind::GameOver, "{kind}");
            assert_eq!(snapshot(&g), over);
        }
    }
}

#[test]
fn saves_round_trip_for_every_kind() {
    for kind in kinds() {
        for declared in [false, true] {
            let mut g = new(kind);
            play_some(&mut g, 9);
            if declared {
                g.resign(None).unwrap();
            }
            let saved = g.to_saved();
            let text = serde_json::to_string(&saved).unwrap();
            let v: Value = serde_json::from_str(&text).unwrap();
            assert_eq!(v["format"], "tablero-game");
            assert_eq!(v["version"], 1);
            assert_eq!(v["variant"], kind.to_string());
            assert_eq!(v["seed"], 7);
            let back: SavedGame = serde_json::from_str(&text).unwrap();
            let h = Game::from_saved(&back).unwrap();
            assert_eq!(h.to_saved(), saved, "{kind}");
            assert_eq!(snapshot(&h), snapshot(&g), "{kind}");
            assert_eq!(h.kind(), kind);
            assert_eq!(h.seed(), 7);
        }
    }
}

#[test]
fn corrupt_saves_are_rejected() {
    let good = new(GameKind::KingOfTheHill).to_saved();
    let bad = |f: &dyn Fn(&mut SavedGame)| {
        let mut s = good.clone();
        f(&mut s);
        Game::from_saved(&s).unwrap_err().kind
    };
    // The game is typed: a save that names no game of the table, or rules for a two-player
    // game, is refused as it is read.
    let read = |f: &dyn Fn(&mut Value)| {
        let mut v = serde_json::to_value(&good).unwrap();
        f(&mut v);
        serde_json::from_value::<SavedGame>(v)
            .unwrap_err()
            .to_string()
    };
    assert!(
        read(&|v| v["variant"] = "koth".into()).contains("invalid-argument: corrupt saved game")
    );
    assert!(read(&|v| v["rules"] = "ffa".into()).contains("invalid-argument: corrupt saved game"));
    assert_eq!(bad(&|s| s.format = "x".into()), ErrorKind::InvalidArgument);
    assert_eq!(bad(&|s| s.version = 2), ErrorKind::InvalidArgument);
    assert_eq!(
        bad(&|s| s.moves = vec!["e2e5".into()]),
        ErrorKind::InvalidArgument
    );
    assert_eq!(
        bad(&|s| s.kind = GameKind::FourPlayer(Rules::Ffa)),
        ErrorKind::InvalidArgument
    );
    // A save is one argument: whatever is wrong inside it is invalid-argument (issue 10, 8).
    assert_eq!(
        bad(&|s| s.start_fen = "8/8".into()),
        ErrorKind::InvalidArgument
    );
    // Forged results (issue 10, 5): only a resignation with a winner, an agreed draw or a
    // claimable draw can be declared; a result the moves do not give is refused.
    for (winner, reason) in [
        (None, "checkmate"),
        (Some("white"), "stalemate"),
        (Some("black"), "third-check"),
        (None, "resignation"),
        (None, "threefold-repetition"),
    ] {
        let e = bad(&|s| {
            s.declared = Some(tablero::game::SavedResult {
                winner: winner.map(String::from),
                reason: reason.into(),
            })
        });
        assert_eq!(e, ErrorKind::InvalidArgument, "{reason}");
    }
}

#[cfg(feature = "four")]
#[test]
fn undo_of_a_four_player_resignation_is_a_declaration() {
    let mut g = new(GameKind::FourPlayer(Rules::Ffa));
    play_some(&mut g, 2);
    g.resign(Some(Player::Green)).unwrap();
    assert_eq!(g.ply(), 3);
    assert_eq!(g.history()[2].kind, tablero::EntryKind::Resign);
    assert_eq!(js(&g.history()[2])["piece"], "");
    assert_eq!(g.undo(), Some(Undone::Declaration));
    assert!(matches!(g.undo(), Some(Undone::Move(m)) if m.player == Player::Blue));
    assert_eq!(g.ply(), 1);
}

#[cfg(feature = "four")]
#[test]
fn new_game_checks_its_options() {
    let err = |opts: NewGame| Game::new(opts).unwrap_err().kind;
    let four = GameKind::FourPlayer(Rules::Ffa);
    assert_eq!(
        err(NewGame {
            fen: Some("x".into()),
            pgn: Some("y".into()),
            ..NewGame::default()
        }),
        ErrorKind::InvalidArgument
    );
    assert_eq!(
        err(NewGame {
            move_limit: Some(10),
            ..NewGame::default()
        }),
        ErrorKind::InvalidArgument
    );
    assert_eq!(
        err(NewGame {
            kind: four,
            move_limit: Some(0),
            ..NewGame::default()
        }),
        ErrorKind::InvalidArgument
    );
    assert_eq!(
        err(NewGame {
            kind: four,
            first_player: Some(Player::White),
            ..NewGame::default()
        }),
        ErrorKind::InvalidArgument
    );
    assert_eq!(
        err(NewGame {
            kind: GameKind::Chess,
            pgn: Some("[Variant \"Three-check\"]\n\n1. e4 *".into()),
            ..NewGame::default()
        }),
        ErrorKind::InvalidPgn
    );
    let g = Game::from_pgn("[Variant \"Three-check\"]\n\n1. e4 *", 3).unwrap();
    assert_eq!((g.kind(), g.ply(), g.seed()), (GameKind::ThreeCheck, 1, 3));
    let g = Game::new(NewGame {
        kind: four,
        first_player: Some(Player::Yellow),
        ..NewGame::default()
    })
    .unwrap();
    assert_eq!(g.status().turn, Some(Player::Yellow));
}

#[test]
fn game_kind_names_parse_strictly() {
    for kind in kinds() {
        let rules = kind.rules().map(Rules::name);
        assert_eq!(GameKind::parse(&kind.to_string(), rules), Ok(kind));
        assert_eq!(kind.players().len(), if rules.is_some() { 4 } else { 2 });
    }
    for bad in ["koth", "Chess", "standard", "", "four"] {
        assert!(GameKind::parse(bad, None).is_err(), "{bad}");
    }
    assert!(GameKind::parse("chess", Some("ffa")).is_err());
    assert_eq!(
        GameKind::from_pgn_tag("King of the Hill"),
        Some(GameKind::KingOfTheHill)
    );
    assert_eq!(
        GameKind::from_pgn_tag("koth"),
        Some(GameKind::KingOfTheHill)
    );
}

#[cfg(feature = "ai")]
#[test]
fn the_ai_seed_defaults_to_the_game_seed_mixed_with_the_ply() {
    let mut g = new(GameKind::Chess);
    play_some(&mut g, 3);
    let opts = |seed| AiOptions {
        level: 2,
        nodes: Some(3000),
        seed,
        ..AiOptions::default()
    };
    let mixed = 7 ^ 3u64.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    assert_eq!(
        g.ai_move(&opts(None)).unwrap(),
        g.ai_move(&opts(Some(mixed))).unwrap()
    );
    let m = g.ai_move(&opts(None)).unwrap();
    assert!(g.legal_moves().contains(&m));
    let a = g
        .analyse(&AiOptions {
            time_ms: Some(50),
            ..AiOptions::default()
        })
        .unwrap();
    assert_eq!(a.pv.first(), Some(&a.best));
    assert!(g.legal_moves().contains(&a.best));
}

#[cfg(not(feature = "four"))]
#[test]
fn four_player_games_need_the_four_feature() {
    let e = Game::new(NewGame {
        kind: GameKind::FourPlayer(Rules::Ffa),
        ..NewGame::default()
    })
    .unwrap_err();
    assert_eq!(e.kind, ErrorKind::InvalidArgument);
}
