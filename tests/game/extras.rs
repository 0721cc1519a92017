//! Issue 14, item 7 on the native `Game`: `is_legal_*` against the legal move list, the board
//! as rows and as text against the FEN, headers through PGN / PGN4 export, import and saves,
//! `split_pgn` against exported games, the multi-game refusal, reproducible analyses, and
//! illegal-move messages that say whose turn it is.

#[cfg(feature = "four")]
use tablero::Rules;
use tablero::{ErrorKind, Game, GameKind, NewGame, Player, Role, split_pgn};

fn kinds() -> Vec<GameKind> {
    GameKind::ALL
        .into_iter()
        .filter(|k| cfg!(feature = "four") || k.rules().is_none())
        .collect()
}

fn new(kind: GameKind) -> Game {
    Game::new(NewGame {
        kind,
        ..NewGame::default()
    })
    .unwrap()
}

/// A random game of `plies` moves (fewer if it ends), seeded.
fn random_game(kind: GameKind, plies: usize, mut state: u64) -> Game {
    let mut game = new(kind);
    for _ in 0..plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let uci = moves[(state % moves.len() as u64) as usize].uci.clone();
        game.play_text(&uci).unwrap();
    }
    game
}

#[test]
fn is_legal_agrees_with_the_legal_moves_and_changes_nothing() {
    for kind in kinds() {
        for seed in 1..4u64 {
            let game = random_game(kind, 12 * seed as usize, seed);
            let fen = game.fen();
            let legal = game.legal_moves();
            for m in &legal {
                assert!(game.is_legal_text(&m.uci), "{kind} {fen}: {}", m.uci);
                assert!(game.is_legal_text(&m.san), "{kind} {fen}: {}", m.san);
                assert!(
                    game.is_legal_squares(&m.from, &m.to, m.promotion),
                    "{kind} {fen}: {}",
                    m.uci
                );
            }
            // Every from-to pair of squares that holds a piece of the mover: legal exactly
            // when the list has it (promotions aside, which need their piece; and castling
            // written king-takes-rook, which `play` takes as well as the king's move).
            let board = game.board();
            let castling_alias = |from: &str, to: &str| {
                let on = |sq: &str| board.iter().find(|p| p.square == sq);
                matches!((on(from), on(to)), (Some(k), Some(r))
                    if k.piece == Role::King && r.piece == Role::Rook && k.color == r.color)
            };
            for from in game.board().iter().map(|p| &p.square) {
                for to in game
                    .board()
                    .iter()
                    .map(|p| &p.square)
                    .chain(legal.iter().map(|m| &m.to))
                {
                    let listed = legal
                        .iter()
                        .any(|m| &m.from == from && &m.to == to && m.promotion.is_none());
                    let promo = legal
                        .iter()
                        .any(|m| &m.from == from && &m.to == to && m.promotion.is_some());
                    if !promo && !castling_alias(from, to) {
                        assert_eq!(
                            game.is_legal_squares(from, to, None),
                            listed,
                            "{kind} {fen}: {from}{to}"
                        );
                    }
                }
            }
            for junk in [
                "",
                "zz",
                "e9e1",
                "Nf9",
                "O-O-O-O",
                "h2-h99",
                "\u{1F600}e2e4",
            ] {
                assert!(!game.is_legal_text(junk), "{kind}: {junk:?}");
            }
            assert_eq!(game.fen(), fen);
            assert_eq!(game.legal_moves(), legal);
        }
    }
    // Over: nothing is legal.
    let mut mate = new(GameKind::Chess);
    for m in ["f3", "e5", "g4", "Qh4#"] {
        mate.play_text(m).unwrap();
    }
    assert!(!mate.is_legal_text("a3") && !mate.is_legal_squares("a2", "a3", None));
}

/// The board of a FEN's first field, rank 8 first, `None` for an empty square.
fn fen_rows(fen: &str) -> Vec<Vec<Option<char>>> {
    fen.split(' ')
        .next()
        .unwrap()
        .split('/')
        .map(|rank| {
            let mut row = Vec::new();
            for c in rank.chars() {
                match c.to_digit(10) {
                    Some(n) => row.extend((0..n).map(|_| None)),
                    None => row.push(Some(c)),
                }
            }
            row
        })
        .collect()
}

#[test]
fn two_player_rows_and_text_match_the_fen() {
    for kind in kinds().into_iter().filter(|k| k.rules().is_none()) {
        let game = random_game(kind, 17, 99);
        let expected = fen_rows(&game.fen());
        let rows = game.board_rows();
        assert_eq!(rows.len(), 8);
        let text = game.ascii();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 9, "{text}");
        assert_eq!(lines[8], "  a b c d e f g h");
        for (i, (row, want)) in rows.iter().zip(&expected).enumerate() {
            assert_eq!(row.len(), 8);
            let rank = 8 - i;
            let mut line = format!("{rank}");
            for (f, (cell, w)) in row.iter().zip(want).enumerate() {
                let square = format!("{}{rank}", (b'a' + f as u8) as char);
                match (cell, w) {
                    (None, None) => line.push_str(" ."),
                    (Some(p), Some(c)) => {
                        assert_eq!(p.square, square);
                        assert_eq!(p.piece, Role::from_char(c.to_ascii_lowercase()).unwrap());
                        let white = c.is_ascii_uppercase();
                        assert_eq!(p.color, if white { Player::White } else { Player::Black });
                        line.push(' ');
                        line.push(*c);
                    }
                    _ => panic!("{kind} {square}: {cell:?} against {w:?}"),
                }
            }
            assert_eq!(lines[i], line);
        }
    }
}

#[cfg(feature = "four")]
#[test]
fn four_player_rows_hold_the_board_and_null_corners() {
    let game = random_game(GameKind::FourPlayer(Rules::Ffa), 40, 7);
    let rows = game.board_rows();
    assert_eq!(rows.len(), 14);
    let board = game.board();
    let mut seen = 0;
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(row.len(), 14);
        let rank = 14 - i;
        for (f, cell) in row.iter().enumerate() {
            let corner = !(3..=10).contains(&f) && !(4..=11).contains(&rank);
            let square = format!("{}{rank}", (b'a' + f as u8) as char);
            let listed = board.iter().find(|p| p.square == square);
            assert_eq!(cell.as_ref(), listed, "{square}");
            assert!(!(corner && cell.is_some()), "{square} is a corner");
            seen += usize::from(cell.is_some());
        }
    }
    assert_eq!(seen, board.len());
    let text = game.ascii();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 15);
    // Rank 14: three blank corner cells, then Yellow's back rank (or what is left of it).
    assert!(lines[0].starts_with("14          "), "{text}");
    assert!(lines[3].starts_with("11 "), "{text}");
    let pairs: usize = lines[..14]
        .iter()
        .map(|l| l.split_whitespace().skip(1).filter(|c| *c != "..").count())
        .sum();
    assert_eq!(pairs, board.len(), "{text}");
    assert_eq!(lines[14], "   a  b  c  d  e  f  g  h  i  j  k  l  m  n");
}

#[test]
fn headers_survive_export_import_and_saves() {
    let mut game = random_game(GameKind::KingOfTheHill, 9, 3);
    assert!(game.headers().is_empty());
    game.set_headers([
        ("White", Some("Ada")),
        ("Black", Some("Grace \"G\"")),
        ("Annotator", Some("me")),
    ])
    .unwrap();
    game.set_headers([("annotator", None), ("Event", Some("Club night"))])
        .unwrap();
    let pgn = game.pgn();
    for line in [
        "[Event \"Club night\"]",
        "[White \"Ada\"]",
        "[Black \"Grace \\\"G\\\"\"]",
        "[Variant \"King of the Hill\"]",
    ] {
        assert!(pgn.contains(line), "{line}\n{pgn}");
    }
    assert!(!pgn.contains("Annotator"));
    // Each tag once, the roster in place of its "?".
    assert_eq!(pgn.matches("[White ").count(), 1);
    assert!(pgn.find("[Event").unwrap() < pgn.find("[White").unwrap());

    let back = Game::from_pgn(&pgn, 0).unwrap();
    // In the PGN's order; not Variant and Result (the game's own), nor the placeholders of
    // the roster tags never set (Site, Date, Round).
    let kv = |k: &str, v: &str| (k.to_string(), v.to_string());
    assert_eq!(
        back.headers(),
        [
            kv("Event", "Club night"),
            kv("White", "Ada"),
            kv("Black", "Grace \"G\"")
        ]
    );
    assert_eq!(back.pgn(), pgn);

    let restored = Game::from_saved(&back.to_saved()).unwrap();
    assert_eq!(restored.headers(), back.headers());
    assert_eq!(restored.pgn(), pgn);

    // Refused, all or nothing.
    let before = game.headers().to_vec();
    for (name, value) in [
        ("Result", Some("1-0")),
        ("FEN", Some("x")),
        ("Bad name", Some("x")),
        ("", Some("x")),
        ("Site", Some("two\nlines")),
    ] {
        let e = game
            .set_headers([("Round", Some("3")), (name, value)])
            .unwrap_err();
        assert_eq!(e.kind, ErrorKind::InvalidArgument, "{name}");
    }
    assert_eq!(game.headers(), before);
}

#[cfg(feature = "four")]
#[test]
fn pgn4_headers_are_written_and_read_back() {
    for rules in [Rules::Ffa, Rules::Kingdoms] {
        let mut game = random_game(GameKind::FourPlayer(rules), 10, 5);
        game.set_headers([
            ("Red", Some("Ada")),
            ("Green", Some("Grace")),
            ("Site", Some("home")),
        ])
        .unwrap();
        let e = game.set_headers([("StartFen4", Some("x"))]).unwrap_err();
        assert_eq!(e.kind, ErrorKind::InvalidArgument);
        let pgn4 = game.pgn();
        assert!(
            pgn4.contains("[Red \"Ada\"]\n") && pgn4.contains("[Site \"home\"]\n"),
            "{pgn4}"
        );
        let back = Game::new(NewGame {
            kind: GameKind::FourPlayer(rules),
            pgn: Some(pgn4.clone()),
            ..NewGame::default()
        })
        .unwrap();
        assert_eq!(back.headers(), game.headers());
        assert_eq!(back.pgn(), pgn4);
        assert_eq!(back.history(), game.history());
    }
}

#[test]
fn split_pgn_gives_back_each_exported_game() {
    let mut texts = Vec::new();
    for (i, kind) in kinds()
        .into_iter()
        .filter(|k| k.rules().is_none())
        .enumerate()
    {
        let mut game = random_game(kind, 10 + i, 11 + i as u64);
        game.set_headers([("Round", Some(i.to_string().as_str()))])
            .unwrap();
        texts.push(game.pgn());
    }
    // A finished game too: its result token ends the move text.
    let mut mate = new(GameKind::Chess);
    for m in ["f3", "e5", "g4", "Qh4#"] {
        mate.play_text(m).unwrap();
    }
    texts.push(mate.pgn());
    let file = texts.join("\n");
    let games = split_pgn(&file);
    assert_eq!(games.len(), texts.len());
    for (got, want) in games.iter().zip(&texts) {
        assert_eq!(got, want.trim());
        let g = Game::from_pgn(got, 0).unwrap();
        assert_eq!(g.pgn(), *want);
    }
    // A whole file is refused with a word about splitting, not cut to its first game.
    let e = Game::from_pgn(&file, 0).unwrap_err();
    assert_eq!(e.kind, ErrorKind::InvalidPgn);
    assert!(
        e.message.contains(&format!("holds {} games", texts.len())),
        "{}",
        e.message
    );
    assert!(e.message.contains("splitPgn"), "{}", e.message);
    let e = Game::new(NewGame {
        kind: GameKind::Chess,
        pgn: Some("1. e4 e5 1-0\n1. d4 d5 0-1\n".into()),
        ..NewGame::default()
    })
    .unwrap_err();
    assert_eq!(e.kind, ErrorKind::InvalidPgn);
    // One game followed by blank lines is one game.
    assert!(Game::from_pgn("1. e4 e5 *\n\n\n", 0).is_ok());
}

#[cfg(feature = "four")]
#[test]
fn split_pgn_splits_pgn4_files() {
    let texts: Vec<String> = (0..3)
        .map(|i| random_game(GameKind::FourPlayer(Rules::Ffa), 6 + i, 21 + i as u64).pgn())
        .collect();
    let games = split_pgn(&texts.concat());
    assert_eq!(games.len(), 3);
    for (got, want) in games.iter().zip(&texts) {
        assert_eq!(got, want.trim());
        // The Variant tag ("FFA") picks the four-player game without being told.
        let g = Game::from_pgn(got, 0).unwrap();
        assert_eq!(g.kind(), GameKind::FourPlayer(Rules::Ffa));
        assert_eq!(g.pgn(), *want);
    }
}

#[cfg(feature = "ai")]
#[test]
fn analyse_with_nodes_and_seed_is_reproducible() {
    for kind in kinds() {
        let game = random_game(kind, 6, 4);
        let opts = tablero::AiOptions {
            nodes: Some(1500),
            seed: Some(9),
            ..tablero::AiOptions::default()
        };
        let a = game.analyse(&opts).unwrap();
        let b = game.analyse(&opts).unwrap();
        assert_eq!(a, b, "{kind}");
        assert!(a.nodes <= 1500 + 64, "{kind}: {} nodes", a.nodes);
        assert!(game.is_legal_text(&a.best.uci));
    }
}

/// MultiPV against a position solved by hand: White mates at once with Ra8 or Qd8 (the back
/// rank is sealed by Black's own pawns) and with nothing else, so the two best lines are those
/// mates, in either order, and the third is not a mate.
#[cfg(feature = "ai")]
#[test]
fn analyse_with_lines_gives_the_best_moves_lines() {
    let game = Game::new(NewGame {
        kind: GameKind::Chess,
        fen: Some("6k1/5ppp/8/8/8/8/5PPP/R2Q2K1 w - - 0 1".into()),
        ..NewGame::default()
    })
    .unwrap();
    let scope = tablero::AnalysisScope {
        depth: Some(4),
        lines: Some(3),
    };
    let a = game
        .analyse_with(&tablero::AiOptions::default(), &scope)
        .unwrap();
    assert_eq!(a.lines.len(), 3);
    let mut mates: Vec<&str> = a.lines[..2].iter().map(|l| l.pv[0].san.as_str()).collect();
    mates.sort();
    assert_eq!(mates, ["Qd8#", "Ra8#"]);
    assert!(
        a.lines[..2]
            .iter()
            .all(|l| l.mate == Some(1) && l.pv.len() == 1)
    );
    assert_eq!(a.lines[2].mate, None);
    assert!(a.lines[2].score < a.lines[1].score);
    assert!(game.is_legal_text(&a.lines[2].pv[0].uci));
    // One line asked for (or none): no `lines`.
    let one = tablero::AnalysisScope {
        depth: Some(3),
        lines: None,
    };
    assert!(
        game.analyse_with(&tablero::AiOptions::default(), &one)
            .unwrap()
            .lines
            .is_empty()
    );
}

/// Each line is legal move after move, and scores go from best to worst, in every game; a
/// depth alone bounds the search and makes it reproducible.
#[cfg(feature = "ai")]
#[test]
fn analyse_with_depth_is_reproducible_and_lines_are_legal() {
    for kind in kinds() {
        let game = random_game(kind, 8, 5);
        let scope = tablero::AnalysisScope {
            depth: Some(3),
            lines: Some(3),
        };
        let opts = tablero::AiOptions::default();
        let a = game.analyse_with(&opts, &scope).unwrap();
        assert_eq!(a, game.analyse_with(&opts, &scope).unwrap(), "{kind}");
        assert!(a.depth <= 3, "{kind}: depth {}", a.depth);
        assert!(!a.lines.is_empty() && a.lines.len() <= 3, "{kind}");
        for pair in a.lines.windows(2) {
            assert!(pair[0].score >= pair[1].score, "{kind}: {:?}", a.lines);
            assert_ne!(pair[0].pv[0].uci, pair[1].pv[0].uci, "{kind}");
        }
        for line in &a.lines {
            let mut g = game.clone();
            for m in &line.pv {
                g.play_text(&m.uci)
                    .unwrap_or_else(|e| panic!("{kind}: {} in {:?}: {e}", m.uci, line.pv));
            }
        }
    }
    let game = new(GameKind::Chess);
    let bad = |depth, lines| {
        let scope = tablero::AnalysisScope { depth, lines };
        game.analyse_with(&tablero::AiOptions::default(), &scope)
            .unwrap_err()
            .kind
    };
    assert_eq!(bad(Some(0), None), ErrorKind::InvalidArgument);
    assert_eq!(bad(Some(65), None), ErrorKind::InvalidArgument);
    assert_eq!(bad(None, Some(0)), ErrorKind::InvalidArgument);
    assert_eq!(bad(None, Some(6)), ErrorKind::InvalidArgument);
}

#[test]
fn illegal_moves_say_whose_turn_it_is_and_why() {
    let mut game = new(GameKind::Chess);
    let e = game.play_text("Nf6").unwrap_err();
    assert_eq!(e.kind, ErrorKind::IllegalMove);
    assert_eq!(
        e.message,
        "illegal move \"Nf6\" (White to move): White has no knight that can reach f6"
    );
    let e = game.play_squares("e2", "e5", None).unwrap_err();
    assert!(
        e.message.contains("a pawn cannot move from e2 to e5"),
        "{}",
        e.message
    );
    game.play_text("e4").unwrap();
    let e = game.play_text("e2e4").unwrap_err();
    assert!(
        e.message
            .contains("(Black to move): there is no piece on e2"),
        "{}",
        e.message
    );
}

#[cfg(feature = "four")]
#[test]
fn four_player_illegal_moves_name_the_seat_to_move() {
    let mut game = new(GameKind::FourPlayer(Rules::Ffa));
    for (seat, mv) in [
        ("Red", "h2-h4"),
        ("Blue", "b8-d8"),
        ("Yellow", "g13-g11"),
        ("Green", "m10-k10"),
    ] {
        let e = game.play_text("Nf3").unwrap_err();
        assert_eq!(e.kind, ErrorKind::IllegalMove);
        assert!(
            e.message.contains(&format!("({seat} to move)")),
            "{}",
            e.message
        );
        let e = game.play_text("h5-h6").unwrap_err();
        assert!(
            e.message.contains(&format!("({seat} to move)")),
            "{}",
            e.message
        );
        if seat == "Green" {
            // Red's h2-h4 opened the g1 queen's diagonal to Green's king on n8.
            let e = game.play_text("m7-k7").unwrap_err();
            assert!(
                e.message
                    .ends_with("(Green to move): pawn m7-k7 would leave Green's king in check"),
                "{}",
                e.message
            );
        }
        game.play_text(mv).unwrap();
    }
    let e = game.play_text("Ng1-h3").unwrap_err();
    assert!(
        e.message
            .contains("the piece on g1 is a queen, not a knight"),
        "{}",
        e.message
    );
}
