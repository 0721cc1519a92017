//! Real chess.com four-player records (R7.2): every file of `tests/data/chesscom/` (sources in
//! `tests/data/README.md`) imports, to its end or to the end of the game under these rules
//! with a note saying where and why.

use tablero::{Game, GameKind, NewGame, Player, ResultReason, Rules};

fn record(name: &str) -> String {
    let path = format!("{}/tests/data/chesscom/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn import(name: &str) -> Game {
    let text = record(name);
    Game::new(NewGame {
        kind: GameKind::FourPlayer(Rules::Ffa),
        pgn: Some(text),
        ..NewGame::default()
    })
    .unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Move tokens of a record's move text (numbers, `..`, results and `( )` variations left
/// out), for counting.
fn tokens(text: &str) -> Vec<String> {
    let lines = text
        .lines()
        .filter(|l| !l.trim_start().starts_with('['))
        .collect::<Vec<_>>()
        .join(" ");
    let mut body = String::new();
    let mut depth = 0;
    for c in lines.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            _ if depth == 0 => body.push(c),
            _ => {}
        }
    }
    body.split_whitespace()
        .filter(|t| *t != ".." && !t.ends_with('.') && *t != "#" && *t != "*")
        .map(str::to_string)
        .collect()
}

/// The 2021 free-for-all record of issue 14 (old setup: blue king a8, green king n7, given in
/// StartFen4): green mates red with `Qj8-j2+#`, yellow leaves with `R#` at move 24. With two
/// players left blue leads green by 21 points or more, so under R5.18 the game is over there;
/// chess.com let blue play on. The import stops at that end and says so.
#[test]
fn r7_2_chesscom_2021_record_plays_on_after_a_21_point_lead() {
    let g = import("thethirdone-ffa-2021.pgn4");
    let h = g.history();
    // Move 14 green: the queen mates red; `+#` is read as the move it is.
    let mate = h
        .iter()
        .find(|m| m.san.starts_with("Qj8-j2"))
        .expect("Qj8-j2 played");
    assert_eq!(mate.player, Player::Green);
    assert!(mate.eliminated.iter().any(|e| e.player == Player::Red));
    // Move 24: `R#` is yellow's resignation.
    let resign = h
        .iter()
        .find(|m| m.player == Player::Yellow && m.san == "R")
        .expect("R#");
    assert_eq!(resign.kind, tablero::EntryKind::Resign);
    let st = g.status();
    let result = st.result.expect("over under R5.18");
    assert_eq!(result.reason, ResultReason::PointsLead);
    let pts = |p: Player| g.score().iter().find(|s| s.player == p).unwrap().points;
    assert!((pts(Player::Blue) - pts(Player::Green)).abs() >= 21.0);
    // The history ends with the resignation: green's "Bi12xg10" and all after it are left out.
    assert_eq!(h.last().unwrap().san, "R");
    let all = tokens(&record("thethirdone-ffa-2021.pgn4"));
    let first_left = all.iter().position(|t| t == "R#").unwrap() + 1;
    assert_eq!(all[first_left], "Bi12xg10");
    assert_eq!(g.ply(), first_left);
    let note = g
        .import_note()
        .expect("a note says where the import stopped");
    assert!(note.contains("move 24"), "{note}");
    assert!(note.contains("points-lead"), "{note}");
    assert!(note.contains("\"Bi12xg10\""), "{note}");
    let left = all.len() - first_left - 1;
    assert!(
        note.contains(&format!("the {left} entries after it")),
        "{note}"
    );
}

/// The same record without the old-setup StartFen4 is refused where its pieces stop matching
/// the R5.2 start, naming the move: no silent partial import of a record that is not legal.
#[test]
fn r7_2_illegal_record_is_still_an_error() {
    let text = record("thethirdone-ffa-2021.pgn4");
    let body: String = text
        .lines()
        .filter(|l| !l.starts_with("[StartFen4"))
        .collect::<Vec<_>>()
        .join("\n");
    let e = Game::new(NewGame {
        kind: GameKind::FourPlayer(Rules::Ffa),
        pgn: Some(body),
        ..NewGame::default()
    })
    .unwrap_err();
    assert_eq!(e.kind, tablero::ErrorKind::InvalidPgn);
    assert!(e.message.contains("move 13 (green)"), "{}", e.message);
}

/// Where each record's import ends under these rules: `None` when it is read to its end,
/// else the move number and the first record token left out.
const EXPECTED: [(&str, Option<(u32, &str)>); 5] = [
    // 2026 records (chess.com's current setup, `[StartFen4 "4PC"]`, `=D` promotions, `+#`,
    // `++`). The first runs until a player captures a king that another player's move left
    // in check, which chess.com's free-for-all allows and R5.9 does not; the second until red's
    // time runs out and chess.com's "dead king walking" rule moves red's king alone.
    ("hornet-100527014.pgn4", Some((54, "Bg14xKk10#"))),
    ("hornet-97969768.pgn4", Some((74, "Kj2-k2T"))),
    // 2023 Teams records (R14), read to their end: a resignation, a time-out.
    ("teams-26780486.pgn4", None),
    ("teams-26780489.pgn4", None),
    ("thethirdone-ffa-2021.pgn4", Some((24, "Bi12xg10"))),
];

/// Every record in the folder imports: to its last entry, or up to a reported end whose note
/// names the move and counts what was left out.
#[test]
fn r7_2_every_chesscom_record_imports() {
    let dir = format!("{}/tests/data/chesscom", env!("CARGO_MANIFEST_DIR"));
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".pgn4"))
        .collect();
    names.sort();
    let listed: Vec<&str> = EXPECTED.iter().map(|(n, _)| *n).collect();
    assert_eq!(names, listed, "every record has an expectation here");
    for (name, end) in EXPECTED {
        let text = record(name);
        let g = import(name);
        let all = tokens(&text);
        match end {
            None => {
                assert_eq!(g.import_note(), None, "{name}");
                assert_eq!(g.ply(), all.len(), "{name}");
            }
            Some((n, tok)) => {
                let note = g.import_note().unwrap_or_else(|| panic!("{name}: no note"));
                assert!(
                    note.starts_with(&format!("imported up to move {n}:")),
                    "{note}"
                );
                assert!(note.contains(&format!("{tok:?}")), "{note}");
                // The history is the record up to the first token left out, which is `tok`.
                assert_eq!(all[g.ply()], tok, "{name}");
                let left = all.len() - g.ply() - 1;
                let entries = if left == 1 { "entry" } else { "entries" };
                assert!(
                    note.contains(&format!("the {left} {entries} after it")),
                    "{note}"
                );
                // What was imported replays the same: the history's moves are the record's.
                for (i, m) in g.history().iter().enumerate() {
                    if m.kind == tablero::EntryKind::Move {
                        assert_eq!(norm(&m.san), norm(&all[i]), "{name} entry {i}");
                    }
                }
            }
        }
    }
}

/// A PGN4 move as both sides agree on it: without check marks, the captured piece's letter
/// (chess.com leaves out `P`) and chess.com's `=D` for the 1-point queen.
fn norm(san: &str) -> String {
    let mut out = String::new();
    let mut after_x = false;
    for c in san.trim_end_matches(['+', '#']).chars() {
        if !(after_x && c.is_ascii_uppercase()) {
            out.push(c);
        }
        after_x = c == 'x';
    }
    out.replace("=D", "=Q")
}

/// R7.2: `R#` and `T#` are a resignation and a time-out, `S#` a stalemate marker after a
/// move, a lone `#` closes the record, `++` is two checks; `[StartFen4 "4PC"]` is the start.
#[test]
fn r7_2_chesscom_whole_move_tokens() {
    let pgn = "[Variant \"FFA\"]\n[StartFen4 \"4PC\"]\n\n\
               1. h2-h3 .. b7-c7 .. g13-g12 .. m8-l8\n2. R# .. T# .. #\n";
    let g = Game::from_pgn(pgn, 0).unwrap();
    let kinds: Vec<_> = g.history().iter().map(|m| (m.player, m.kind)).collect();
    use tablero::EntryKind::{Move, Resign, Timeout};
    assert_eq!(
        kinds,
        [
            (Player::Red, Move),
            (Player::Blue, Move),
            (Player::Yellow, Move),
            (Player::Green, Move),
            (Player::Red, Resign),
            (Player::Blue, Timeout),
        ]
    );
    assert_eq!(g.import_note(), None);
    assert_eq!(g.kind(), GameKind::FourPlayer(Rules::Ffa));
    // `S#` after a move is read like `S`; before any move it is still an error.
    let bad = Game::from_pgn("[Variant \"FFA\"]\n\n1. S#\n", 0).unwrap_err();
    assert_eq!(bad.kind, tablero::ErrorKind::InvalidPgn);
    let ok = Game::from_pgn("[Variant \"FFA\"]\n\n1. h2-h3 S# .. b7-c7++\n", 0).unwrap();
    assert_eq!(ok.ply(), 2);
}
