//! The writer against serde_json, byte for byte, over the records of random games of
//! every kind (moves, resignations, time-outs, draws claimed, games played to the end).
use super::*;
use crate::rng::SplitMix64;
use crate::{game::Game, game::NewGame, kind::GameKind};

fn same<T: ToJson + serde::Serialize + ?Sized>(v: &T) {
    assert_eq!(to_json(v), serde_json::to_string(v).unwrap());
}

fn kinds() -> Vec<GameKind> {
    // Without the four-player engine nothing is added.
    #[cfg_attr(not(feature = "four"), allow(unused_mut))]
    let mut kinds = vec![
        GameKind::Chess,
        GameKind::ThreeCheck,
        GameKind::KingOfTheHill,
        GameKind::RacingKings,
    ];
    #[cfg(feature = "four")]
    kinds.extend([
        GameKind::FourPlayer(Rules::Ffa),
        GameKind::FourPlayer(Rules::Kingdoms),
    ]);
    kinds
}

fn check_game(g: &Game) {
    same(&g.players());
    same(&g.facts());
    same(&g.legal_moves());
    same(&g.history());
    same(&g.status());
    same(&g.score());
    same(&g.board());
    same(&g.to_saved());
    for ply in [0, g.ply() / 2, g.ply()] {
        same(&g.position_at(ply).unwrap());
    }
    same(&g.legal_moves_uci(None).unwrap());
}

#[test]
fn records_of_random_games_are_written_as_serde_json_writes_them() {
    let mut rng = SplitMix64::new(14);
    for kind in kinds() {
        for game in 0..6u64 {
            let mut g = Game::new(NewGame {
                kind,
                seed: game,
                ..NewGame::default()
            })
            .unwrap();
            let players = g.players();
            for ply in 0..400 {
                let moves = g.legal_moves();
                if moves.is_empty() {
                    break;
                }
                if ply % 37 == 0 {
                    check_game(&g);
                }
                // Now and then a declaration, so resign/timeout entries and declared
                // results are written too.
                match rng.below(300) {
                    0 => {
                        let p = players[rng.below(players.len() as u64) as usize];
                        let _ = g.resign(Some(p));
                    }
                    1 => {
                        let p = players[rng.below(players.len() as u64) as usize];
                        let _ = g.timeout(Some(p));
                    }
                    2 => {
                        g.claim_draw();
                    }
                    _ => {
                        let m = &moves[rng.below(moves.len() as u64) as usize];
                        g.play_text(&m.uci).unwrap();
                    }
                }
            }
            check_game(&g);
        }
    }
}

#[cfg(feature = "ai")]
#[test]
fn analyses_are_written_as_serde_json_writes_them() {
    for kind in kinds() {
        let g = Game::new(NewGame {
            kind,
            ..NewGame::default()
        })
        .unwrap();
        let opts = crate::ai::AiOptions {
            level: 8,
            nodes: Some(3000),
            ..crate::ai::AiOptions::default()
        };
        same(&g.analyse(&opts).unwrap());
        same(&g.ai_move(&opts).unwrap());
    }
    // A forced mate, so `mate` is written.
    let g = Game::new(NewGame {
        fen: Some("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1".into()),
        ..NewGame::default()
    })
    .unwrap();
    let a = g.analyse(&crate::ai::AiOptions::default()).unwrap();
    assert!(a.mate.is_some());
    same(&a);
}

#[test]
fn the_table_of_games_is_written_as_serde_json_writes_it() {
    same(&crate::kind::GAMES[..]);
    let rows: serde_json::Value = serde_json::from_str(&to_json(&crate::kind::GAMES[..])).unwrap();
    // The four-player Kingdoms row, spelled out: rules present, turn order counter-clockwise.
    assert_eq!(
        rows[6],
        serde_json::json!({
            "id": "kingdoms", "variant": "fourplayer", "rules": "kingdoms",
            "players": ["red", "blue", "yellow", "green"],
            "playOrder": ["red", "green", "yellow", "blue"],
            "pgnVariant": "FFA", "label": "g_kingdoms", "online": true, "timesOut": true,
            "facts": {"files": 14, "ranks": 14, "hill": [], "finishRank": null,
                "promotions": ["q"], "claimableDraws": false, "countsChecks": false,
                "points": true},
        })
    );
    // Two-player rows have no `rules` at all (not `null`).
    assert!(rows[0].get("rules").is_none());
    assert_eq!(
        rows[3]["facts"]["hill"],
        serde_json::json!(["d4", "e4", "d5", "e5"])
    );
}

#[test]
fn strings_and_numbers_are_escaped_and_written_as_serde_json_does() {
    let mut saved = Game::new(NewGame::default()).unwrap().to_saved();
    saved.start_fen =
        "\"quoted\" back\\slash \n\r\t\u{8}\u{c}\u{0}\u{1f}\u{7f} é ♞ \u{2028}".into();
    saved.moves = vec![String::new(), "\u{1}x".into(), "tail\\".into()];
    saved.seed = u64::MAX;
    saved.declared = Some(SavedResult {
        winner: None,
        reason: "draw-claimed".into(),
    });
    same(&saved);
    // Headers: a JSON object in their order, as the save's serde map writes them.
    saved.headers = vec![
        ("White".into(), "Ada \"the\" Lovelace".into()),
        ("Event".into(), "Club\tnight é".into()),
    ];
    same(&saved);
    for p in [0.0, 0.5, 1.0, -0.5, 1.5, 21.0, -3.0, 123456.5, 0.25, 2.125] {
        let score = Score {
            player: Player::Red,
            points: p,
            checks: Some(3),
            status: Some(SeatStatus::KingCaptured),
            place: Some(2),
        };
        same(&score);
    }
    same(&[i32::MIN, -1, 0, 7, i32::MAX][..]);
    let pairs = [
        ("White".to_string(), "Ada \"the\" Lovelace".to_string()),
        ("Event".to_string(), "Club\tnight é".to_string()),
        ("A\\b".to_string(), String::new()),
    ];
    let mut map = serde_json::Map::new();
    for (k, v) in &pairs {
        map.insert(k.clone(), v.clone().into());
    }
    // serde_json's Map sorts its keys; the writer keeps the given order.
    let sorted: Vec<(String, String)> = map
        .iter()
        .map(|(k, v)| (k.clone(), v.as_str().unwrap().to_string()))
        .collect();
    assert_eq!(
        to_json(&JsonObject(&sorted)),
        serde_json::to_string(&map).unwrap()
    );
    assert_eq!(to_json(&JsonObject(&[])), "{}");
    assert!(to_json(&JsonObject(&pairs)).starts_with("{\"White\":"));
    same(&[0u64, 9, 10, u64::MAX][..]);
}
