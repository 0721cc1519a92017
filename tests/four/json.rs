//! The JSON shapes of four-player values (contract.md): exactly what the JS layer and the
//! server emit, field order included.

use crate::common::*;
use serde::Serialize;
use tablero::SavedGame;
use tablero::four::{FourGame, Rules, Seat};

fn json<T: Serialize>(v: &T) -> String {
    serde_json::to_string(v).unwrap()
}

#[test]
fn json_shapes_of_a_plain_game() {
    let mut g = FourGame::new(Rules::Ffa, Seat::Red, None, 5);
    assert_eq!(
        json(&g.status()),
        r#"{"turn":"red","inCheck":[],"over":false,"canClaimDraw":false}"#
    );
    let info = g.play("h2h4").unwrap();
    assert_eq!(
        json(&info),
        r#"{"player":"red","kind":"move","from":"h2","to":"h4","uci":"h2h4","san":"h2-h4","piece":"pawn","check":false,"checks":[],"points":0,"scoring":[],"eliminated":[]}"#
    );
    assert_eq!(
        json(&g.scores()[1]),
        r#"{"player":"blue","points":0,"status":"active"}"#
    );
    assert_eq!(
        json(&g.board()[0]),
        r#"{"square":"d1","piece":"rook","color":"red"}"#
    );
    let s = json(&SavedGame::from(&g));
    assert!(
        s.starts_with(
            r#"{"format":"tablero-game","version":1,"variant":"fourplayer","rules":"ffa","seed":5,"startFen":"R-0,0,0,0-"#
        ),
        "{s}"
    );
    assert!(
        s.ends_with(r#","firstPlayer":"red","moves":["h2h4"]}"#),
        "{s}"
    );
    g.resign(Seat::Blue).unwrap();
    assert_eq!(
        json(&g.history()[1]),
        r#"{"player":"blue","kind":"resign","from":"","to":"","uci":"","san":"R","piece":"","check":false,"checks":[],"points":0,"scoring":[],"eliminated":[]}"#
    );
    assert_eq!(
        json(&g.scores()[1]),
        r#"{"player":"blue","points":0,"status":"resigned"}"#
    );
}

#[test]
fn json_shapes_of_mates_and_results() {
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
    let mut g = game(Rules::Ffa, Seat::Red, &pieces, 0);
    let info = g.play("e10e4").unwrap();
    assert_eq!(
        json(&info),
        concat!(
            r#"{"player":"red","kind":"move","from":"e10","to":"e4","uci":"e10e4","san":"Re10-e4##","piece":"rook","check":true,"#,
            r#""checks":["blue","green"],"points":45,"scoring":["#,
            r#"{"player":"red","points":5,"reason":"double-check"},"#,
            r#"{"player":"red","points":20,"reason":"checkmate"},"#,
            r#"{"player":"red","points":20,"reason":"checkmate"}],"#,
            r#""eliminated":[{"player":"blue","reason":"checkmated"},{"player":"green","reason":"checkmated"}]}"#
        )
    );
    assert_eq!(
        json(&g.status()),
        concat!(
            r#"{"turn":null,"inCheck":[],"over":true,"result":{"winners":["red"],"reason":"points-lead","scores":["#,
            r#"{"player":"red","points":45,"status":"active","place":1},"#,
            r#"{"player":"blue","points":0,"status":"checkmated","place":2},"#,
            r#"{"player":"yellow","points":0,"status":"active","place":2},"#,
            r#"{"player":"green","points":0,"status":"checkmated","place":2}]},"canClaimDraw":false}"#
        )
    );
}
