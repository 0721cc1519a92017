//! The game record through `Game` (issue 49): imports of each dialect keep their tree and
//! check every move of it, export writes it back, `play`/`undo`/`go_to` on a tree, saves.

use tablero::game::movetext::read;
use tablero::game::tree::{Annotation, Arrow, Eval, Score, Tree};
use tablero::{ErrorKind, Game, GameKind, NewGame, PgnOptions, SavedGame, split_pgn};

fn import(pgn: &str) -> Game {
    Game::from_pgn(pgn, 0).unwrap_or_else(|e| panic!("{e}\n{pgn}"))
}

/// Import → export → import gives the same tree and headers, and export is then stable.
fn fixed_point(g: &Game) -> Game {
    let out = g.pgn();
    let h = import(&out);
    assert_eq!(h.tree(), g.tree(), "{out}");
    assert_eq!(h.headers(), g.headers());
    assert_eq!(h.pgn(), out);
    h
}

const LICHESS: &str = r#"[Event "Rated Blitz game"]
[Site "https://lichess.org/abcdefgh"]
[Date "2024.01.02"]
[White "ada"]
[Black "grace"]
[Result "1-0"]
[UTCDate "2024.01.02"]
[WhiteElo "1500"]
[Variant "Standard"]
[TimeControl "180+0"]
[ECO "C60"]

1. e4 { [%eval 0.36] [%clk 0:03:00] } 1... e5?! { [%eval 0.7] [%clk 0:02:59] } ( 1... c5 { Sicilian } 2. Nf3 ( 2. c3 { [%eval 0.2,24] } 2... d5 ) 2... d6 ) 2. Nf3 $1 { [%eval 0.6] [%clk 0:02:58] } 2... Nc6 { [%eval 0.55] [%clk 0:02:57] } 3. Bb5 { [%eval 0.4] [%clk 0:02:55] } 3... a6?? { (0.40 → 2.10) Blunder. Nf6 was best. } { [%eval 2.1] [%clk 0:02:50] } ( 3... Nf6 { [%eval 0.3] [%cal Gb5c6,Rf6e4] [%csl Ge4] } 4. O-O ) 4. Bxc6 { [%eval #3,30] [%clk 0:02:41] } 4... dxc6 $4 { [%eval #-2] } 1-0
"#;

#[test]
fn a_lichess_export_keeps_everything() {
    let g = import(LICHESS);
    let t = g.tree();
    let read_tree = read(LICHESS.split_once("\n\n").unwrap().1).unwrap().tree;
    assert_eq!(
        t.len(),
        read_tree.len(),
        "every move of every variation kept"
    );
    assert_eq!(g.ply(), 8, "the current line is the main line");
    assert_eq!(g.path(), [0; 8]);
    let e4 = t.at(&[0]).unwrap();
    assert_eq!(e4.clock, Some(180_000));
    assert_eq!(
        e4.eval,
        Some(Eval {
            score: Score::Cp(36),
            depth: None
        })
    );
    assert_eq!(t.at(&[0, 0]).unwrap().nags, [6]);
    assert_eq!(t.at(&[0, 1, 1]).unwrap().text, "c3");
    assert_eq!(t.at(&[0, 0, 0, 0, 0, 1]).unwrap().arrows.len(), 2);
    assert_eq!(t.at(&[0; 8]).unwrap().nags, [4]);
    let out = g.pgn();
    assert!(out.starts_with("[Event \"Rated Blitz game\"]\n[Site \"https://lichess.org/abcdefgh\"]\n[Date \"2024.01.02\"]\n[Round \"?\"]\n[White \"ada\"]\n[Black \"grace\"]\n[Result \"1-0\"]\n[Variant \"Standard\"]\n"), "{out}");
    for kept in [
        "[UTCDate \"2024.01.02\"]",
        "[ECO \"C60\"]",
        "[%eval 0.36]",
        "[%clk 0:02:50]",
        "[%cal Gb5c6,Rf6e4]",
        "[%csl Ge4]",
        "[%eval #-2]",
        "$6",
        "$4",
        "( 2. c3 { [%eval 0.20,24] } 2... d5 )",
        "Blunder. Nf6 was best.",
    ] {
        assert!(out.contains(kept), "{kept} in\n{out}");
    }
    assert!(out.lines().all(|l| l.chars().count() <= 79), "{out}");
    fixed_point(&g);
    let bare = g.pgn_with(&PgnOptions {
        variations: false,
        comments: false,
        clocks: false,
    });
    assert!(
        bare.ends_with("\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 1-0\n"),
        "{bare}"
    );
}

#[test]
fn a_chesscom_export_keeps_its_clocks() {
    let pgn = "[Event \"Live Chess\"]\n[Site \"Chess.com\"]\n[Result \"0-1\"]\n[CurrentPosition \"x\"]\n\n1. d4 {[%clk 0:09:58.9]} 1... Nf6 {[%clk 0:09:59.1]} 2. c4 {[%clk 0:09:57]} 2... e6 {[%clk 0:09:58]} 0-1\n";
    let g = import(pgn);
    assert_eq!(g.tree().at(&[0]).unwrap().clock, Some(598_900));
    let out = g.pgn();
    assert!(
        out.contains("1. d4 { [%clk 0:09:58.9] } 1... Nf6 { [%clk 0:09:59.1] } 2. c4"),
        "{out}"
    );
    assert!(out.contains("[CurrentPosition \"x\"]"));
    assert!(
        g.status().over,
        "0-1 on an unfinished board is a resignation"
    );
    fixed_point(&g);
}

#[test]
fn a_chessbase_file_with_bom_and_crlf_is_two_games() {
    let file = "\u{feff}[Event \"Club\"]\r\n[Site \"?\"]\r\n[White \"A\"]\r\n[Black \"B\"]\r\n[Result \"1/2-1/2\"]\r\n\r\n1. e4 e5 {Open game} 2. Nf3 (2. f4 exf4) 2... Nc6 1/2-1/2\r\n\r\n\u{feff}[Event \"Club 2\"]\r\n[Result \"*\"]\r\n\r\n1. d4 d5 $5 *\r\n";
    assert_eq!(
        Game::from_pgn(file, 0).unwrap_err().kind,
        ErrorKind::InvalidPgn,
        "a text of two games is refused whole"
    );
    let games = split_pgn(file);
    assert_eq!(games.len(), 2);
    let a = import(&games[0]);
    let b = import(&games[1]);
    assert_eq!(a.headers()[0], ("Event".to_string(), "Club".to_string()));
    assert_eq!(b.headers()[0], ("Event".to_string(), "Club 2".to_string()));
    assert_eq!(
        a.tree().at(&[0, 0]).unwrap().comment.as_deref(),
        Some("Open game")
    );
    assert_eq!(a.tree().at(&[0, 0, 1, 0]).unwrap().text, "exf4");
    assert_eq!(b.tree().at(&[0, 0]).unwrap().nags, [5]);
    // A BOM straight before the tags of a single game.
    import(&format!("\u{feff}{}", games[1]));
    fixed_point(&a);
}

#[test]
fn every_suffix_is_a_nag() {
    let g = import("1. e4! e5? 2. Nf3!! Nc6?? 3. Bb5!? a6?! *");
    let nags: Vec<Vec<u8>> = g
        .tree()
        .mainline()
        .map(|id| g.tree().node(id).nags.clone())
        .collect();
    assert_eq!(nags, [[1], [2], [3], [4], [5], [6]]);
    let out = g.pgn();
    assert!(
        out.contains("1. e4 $1 e5 $2 2. Nf3 $3 Nc6 $4 3. Bb5 $5 a6 $6 *"),
        "{out}"
    );
    fixed_point(&g);
}

#[test]
fn a_move_inside_a_variation_is_checked() {
    let e = Game::from_pgn(
        "1. e4 e5 (1... c5 2. Nf3) (1... Nf6 2. e5 Qxh2) 2. Nf3 *",
        0,
    )
    .unwrap_err();
    assert_eq!(e.kind, ErrorKind::InvalidPgn);
    assert!(
        e.message.contains("\"Qxh2\"")
            && e.message.contains("in variation 2")
            && e.message.contains("move 2..."),
        "{}",
        e.message
    );
    let e = Game::from_pgn("1. e4 e5 (1... -- 2. d4) 2. Nf3 *", 0).unwrap_err();
    assert_eq!(e.kind, ErrorKind::InvalidPgn);
    assert!(
        e.message.contains("null move") && e.message.contains("variation 1"),
        "{}",
        e.message
    );
}

/// Four players: chess.com's variations, with `..` placeholders aligning a line to its seat.
const PGN4: &str = "[Variant \"FFA\"]\n[RuleVariants \"EnPassant\"]\n[StartFen4 \"4PC\"]\n[Result \"*\"]\n\n1. h2-h3 { [%clk 0:04:00] } .. b7-c7 ( .. b8-c8 .. g13-g12 ) .. g13-g12 .. m8-l8\n2. Qg1-h2 ( 2. i2-i3 { plan } .. b9-c9 ) .. b9-c9 *";

#[test]
fn a_pgn4_with_chesscom_variations() {
    let g = import(PGN4);
    assert_eq!(g.kind(), GameKind::FourPlayer(tablero::Rules::Ffa));
    let t = g.tree();
    assert_eq!(t.len(), 6 + 2 + 2);
    assert_eq!(t.at(&[0, 1]).unwrap().text, "b8-c8");
    assert_eq!(
        t.at(&[0, 0, 0, 0, 1]).unwrap().comment.as_deref(),
        Some("plan")
    );
    let out = g.pgn();
    assert!(out.contains("[StartFen4 \"4PC\"]"), "{out}");
    assert!(out.contains(".. b7-c7 ( .. b8-c8 .. g13-g12+ )"), "{out}");
    fixed_point(&g);
    let e = Game::from_pgn(
        &PGN4.replace("( .. b8-c8 .. g13-g12 )", "( .. b8-c8 .. Qg1-h2 )"),
        0,
    )
    .unwrap_err();
    assert!(e.message.contains("in variation 1"), "{}", e.message);
}

#[test]
fn pgn4_captures_of_pawns_are_written_as_chesscom_does() {
    let text = std::fs::read_to_string("tests/data/chesscom/hornet-97969768.pgn4").unwrap();
    let g = import(&text);
    let out = g.pgn();
    // A pawn captured has no letter (the engine's own record says `d6xPc7`); other pieces do.
    assert!(
        out.contains("\n19. d6xc7 .. Bb8xc7 .. Kf14-g14 .. O-O\n"),
        "{out}"
    );
    assert!(!out.contains("xP"), "{out}");
    assert!(out.contains("xN"), "piece captures keep their letter");
    assert!(out.contains("[StartFen4 \"4PC\"]"), "{out}");
}

#[test]
fn play_on_a_tree_adds_variations_and_undo_takes_back() {
    let mut g = Game::new(NewGame::default()).unwrap();
    for m in ["e4", "e5", "Nf3"] {
        g.play_text(m).unwrap();
    }
    g.go_to(&[0]).unwrap();
    assert_eq!(g.ply(), 1);
    assert_eq!(g.status().turn, Some(tablero::Player::Black));
    g.play_text("e5").unwrap();
    assert_eq!(g.path(), [0, 0], "the same move goes to the existing child");
    g.go_to(&[0]).unwrap();
    g.play_text("c5").unwrap();
    assert_eq!(g.path(), [0, 1], "another move is a variation");
    g.play_text("Nf3").unwrap();
    assert_eq!(g.tree().len(), 5);
    let main: Vec<&str> = g
        .tree()
        .mainline()
        .map(|id| g.tree().node(id).text.as_str())
        .collect();
    assert_eq!(main, ["e4", "e5", "Nf3"], "the main line stays");
    assert!(
        g.pgn().contains("1. e4 e5 ( 1... c5 2. Nf3 ) 2. Nf3 *"),
        "{}",
        g.pgn()
    );
    // undo takes the line's last move out of the tree.
    g.undo().unwrap();
    assert_eq!(g.path(), [0, 1]);
    assert_eq!(g.tree().len(), 4);
    // Deleting a line the current line goes through ends it before.
    g.delete_move(&[0, 1]).unwrap();
    assert_eq!(g.path(), [0]);
    assert_eq!(g.tree().len(), 3);
    g.promote(&[0, 0]).unwrap();
    assert!(g.go_to(&[7]).is_err());
    assert_eq!(g.path(), [0], "a refused call changes nothing");
}

#[test]
fn saves_keep_the_tree_and_the_current_line() {
    let mut g = import(LICHESS);
    g.go_to(&[0, 1, 1]).unwrap();
    g.annotate(
        &[0, 1, 1],
        &Annotation {
            comment: Some(Some("the quiet move".into())),
            arrows: Some(vec![Arrow {
                color: 'R',
                from: "c2".into(),
                to: "c3".into(),
            }]),
            ..Annotation::default()
        },
    )
    .unwrap();
    let saved = g.to_saved();
    assert!(saved.movetext.is_some());
    let json = serde_json::to_string(&saved).unwrap();
    let back: SavedGame = serde_json::from_str(&json).unwrap();
    let h = Game::from_saved(&back).unwrap();
    assert_eq!(h.tree(), g.tree());
    assert_eq!(h.path(), g.path());
    assert_eq!(h.fen(), g.fen());
    let mut h = h;
    h.go_to(&[0; 8]).unwrap();
    assert!(h.status().over, "the main line's resignation is kept");
    // A plain game saves as before: no movetext.
    let mut p = Game::new(NewGame::default()).unwrap();
    p.play_text("e4").unwrap();
    assert_eq!(p.to_saved().movetext, None);
}

/// A game through its save (serde JSON, as `toJSON`/`fromJSON` carry it).
fn through_save(g: &Game) -> Game {
    let json = serde_json::to_string(&g.to_saved()).unwrap();
    let back: SavedGame = serde_json::from_str(&json).unwrap();
    Game::from_saved(&back).unwrap_or_else(|e| panic!("{e}\n{json}"))
}

#[test]
fn saves_keep_the_files_own_spellings() {
    // lichess's `Variant "Standard"`: kept by the export, the save and the save's export.
    let g = import(LICHESS);
    assert!(g.pgn().contains("[Variant \"Standard\"]\n"));
    let json = serde_json::to_string(&g.to_saved()).unwrap();
    assert!(
        json.contains(r#""sourceTags":{"Variant":"Standard"}"#),
        "{json}"
    );
    let h = through_save(&g);
    assert_eq!(h.pgn(), g.pgn());
    // A game that did not come from a file writes none, as before.
    let plain = Game::new(NewGame::default()).unwrap();
    assert!(
        !serde_json::to_string(&plain.to_saved())
            .unwrap()
            .contains("sourceTags")
    );
    assert!(!through_save(&plain).pgn().contains("Variant"));

    // chess.com's PGN4: `StartFen4 "4PC"`, and its own Result and Termination while the game
    // is as imported.
    let text = std::fs::read_to_string("tests/data/chesscom/teams-26780489.pgn4").unwrap();
    let g = import(&text);
    let out = g.pgn();
    for kept in [
        "[StartFen4 \"4PC\"]",
        "[Result \"1-0\"]",
        "[Termination \"Blue forfeit on time. 1-0\"]",
    ] {
        assert!(out.contains(kept), "{kept} in\n{out}");
    }
    let mut h = through_save(&g);
    assert_eq!(
        h.pgn(),
        out,
        "the restored game exports what the imported one did"
    );
    h.undo();
    let changed = h.pgn();
    assert!(changed.contains("[StartFen4 \"4PC\"]"), "{changed}");
    assert!(
        !changed.contains("Blue forfeit on time"),
        "a changed game writes its own result"
    );
    let k = through_save(&h);
    assert_eq!(k.pgn(), changed, "and so does its save");
    // Teams without en passant (R14.4) starts from "4PC" too, and keeps it through a save.
    let text = text.replace(
        "[RuleVariants \"EnPassant\"]",
        "[RuleVariants \"SemiAnonymous\"]",
    );
    let g = import(&text);
    assert!(g.pgn().contains("[StartFen4 \"4PC\"]\n"));
    assert_eq!(through_save(&g).pgn(), g.pgn());
    // chess.com's RuleVariants carries settings tablero has no rule for: kept as read, and
    // a cut-short record (the import stops at a king capture) still keeps them.
    let text = std::fs::read_to_string("tests/data/chesscom/hornet-100527014.pgn4").unwrap();
    let g = import(&text);
    let tag = "[RuleVariants \"Anonymous DeadKingWalking EnPassant PromoteTo=D\"]";
    assert!(g.pgn().contains(tag), "{}", g.pgn());
    assert!(through_save(&g).pgn().contains(tag));
    assert!(
        !g.pgn().contains("dalay045: 72"),
        "the file's result is not this game's"
    );
    fixed_point(&g);

    // A save whose kept tags do not fit its game is refused as corrupt.
    let mut saved = import(LICHESS).to_saved();
    for (name, value) in [
        ("Variant", "Racing Kings"),
        ("StartFen4", "4PC"),
        ("Result", "1-0"),
        ("RuleVariants", "EnPassant"),
        ("Variant", "Standard\n[Evil \"x\"]"),
    ] {
        saved.source_tags = vec![(name.to_string(), value.to_string())];
        let e = Game::from_saved(&saved).unwrap_err();
        assert_eq!(e.kind, ErrorKind::InvalidArgument, "{name} {value:?}");
        assert!(e.message.contains("sourceTags"), "{}", e.message);
    }
    let mut saved = import(PGN4).to_saved();
    for (name, value) in [
        ("Variant", "Standard"),
        ("RuleVariants", "Kingdoms"),
        ("Result", "1-0"),
    ] {
        saved.source_tags = vec![(name.into(), value.into())];
        // PGN4 keeps a Result: the second is a duplicate.
        if name == "Result" {
            saved.source_tags.push((name.into(), value.into()));
        }
        assert!(Game::from_saved(&saved).is_err(), "{name} {value}");
    }
    let custom = Game::new(NewGame {
        kind: GameKind::FourPlayer(tablero::Rules::Ffa),
        fen: Some(import(PGN4).fen()),
        ..NewGame::default()
    })
    .unwrap();
    let mut saved = custom.to_saved();
    saved.source_tags = vec![("StartFen4".into(), "4PC".into())];
    assert!(
        Game::from_saved(&saved).is_err(),
        "\"4PC\" names the standard start only"
    );
}

/// Four Kingdoms (R6.4): a player out moves on as a zombie, its moves part of the tree.
/// Deleting such a move keeps the engine and the tree together (the zombie, to move again,
/// moves again), and the game's save loads back to the same save, wherever the current line
/// ends. (Found by the fuzz run: the line ended at the start while the engine had moved on,
/// and the save did not load.)
#[test]
fn deleting_a_zombie_move_keeps_engine_and_tree_together() {
    let start = || {
        let mut g = Game::new(NewGame {
            kind: GameKind::FourPlayer(tablero::Rules::Kingdoms),
            seed: 1,
            ..NewGame::default()
        })
        .unwrap();
        let first = g.legal_moves()[0].uci.clone();
        g.play_text(&first).unwrap();
        let out = g.status().turn;
        g.resign(out).unwrap();
        for _ in 0..2 {
            let m = g.legal_moves()[0].uci.clone();
            g.play_text(&m).unwrap();
        }
        g
    };
    let consistent = |g: &Game| {
        assert_eq!(
            g.ply(),
            g.path().len(),
            "one history entry a node of the line"
        );
        let line: Vec<String> = g.history().iter().map(|m| m.uci.clone()).collect();
        let back = through_save(g);
        assert_eq!(back.to_saved(), g.to_saved());
        assert_eq!(back.history().len(), line.len());
        assert_eq!(back.fen(), g.fen());
    };
    // The zombie's move is the third entry: red's move, the resignation, the zombie's move.
    let mut g = start();
    assert_eq!(g.history()[2].kind, tablero::EntryKind::Random);
    g.delete_move(&[0, 0, 0]).unwrap();
    assert_eq!(g.path(), [0, 0, 0], "the zombie moved again");
    consistent(&g);
    // The current line elsewhere: the main line may end with the zombie to move.
    let mut g = start();
    g.go_to(&[0]).unwrap();
    g.delete_move(&[0, 0, 0]).unwrap();
    consistent(&g);
    g.go_to(&[0, 0]).unwrap();
    consistent(&g);
}

// ---- a round trip over random games with random annotations ----

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

fn annotate_randomly(rng: &mut Rng, g: &mut Game, path: &[usize]) {
    let words = ["good", "a plan", "ok!", "見る", "[not a command]", "x;y"];
    let mut a = Annotation::default();
    if rng.below(3) == 0 {
        a.comment = Some(Some(words[rng.below(words.len())].to_string()));
    }
    if rng.below(3) == 0 {
        a.nags = Some(vec![rng.below(256) as u8, 1 + rng.below(6) as u8]);
    }
    if rng.below(3) == 0 {
        a.clock = Some(Some(rng.below(10_000_000) as u64));
    }
    if rng.below(4) == 0 {
        a.eval = Some(Some(Eval {
            score: if rng.below(2) == 0 {
                Score::Cp(rng.below(2000) as i32 - 1000)
            } else {
                Score::Mate(rng.below(20) as i32 - 10)
            },
            depth: (rng.below(2) == 0).then(|| rng.below(40) as u32),
        }));
    }
    if rng.below(5) == 0 {
        a.arrows = Some(vec![Arrow {
            color: 'G',
            from: "e2".into(),
            to: "e4".into(),
        }]);
    }
    g.annotate(path, &a).unwrap();
}

#[test]
fn random_trees_round_trip() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for kind in [GameKind::Chess, GameKind::FourPlayer(tablero::Rules::Ffa)] {
        for _ in 0..12 {
            let mut g = Game::new(NewGame {
                kind,
                ..NewGame::default()
            })
            .unwrap();
            for _ in 0..40 {
                if g.status().over {
                    break;
                }
                // Now and then step back a few moves: the next move may start a variation.
                if rng.below(6) == 0 && g.ply() > 2 {
                    let mut p = g.path();
                    p.truncate(p.len() - 1 - rng.below(2));
                    g.go_to(&p).unwrap();
                }
                let moves = g.legal_moves_uci(None).unwrap();
                if moves.is_empty() {
                    break;
                }
                g.play_text(&moves[rng.below(moves.len())]).unwrap();
                let p = g.path();
                annotate_randomly(&mut rng, &mut g, &p);
            }
            let h = fixed_point(&g);
            // A save keeps it all too.
            let back = Game::from_saved(&h.to_saved()).unwrap();
            assert_eq!(back.tree(), h.tree());
            assert_eq!(back.pgn(), h.pgn());
            let _: &Tree = back.tree();
        }
    }
}
