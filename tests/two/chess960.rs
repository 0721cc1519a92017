//! Chess960 (`GameKind::Chess960`): numbered and seeded starts, X-FEN castling played
//! king-takes-rook in UCI, PGN `Variant "Chess960"` in and out, saves, and the perft positions
//! of `tests/data/` whose castling is Chess960 castling, run through the chess960 kind.

use tablero::two::chess960::{COUNT, STANDARD, back_rank, number_of_seed, start_fen};
use tablero::two::{Position, Variant};
use tablero::{Game, GameKind, NewGame};

fn chess960(fen: Option<&str>, seed: u64) -> Game {
    Game::new(NewGame {
        kind: GameKind::Chess960,
        fen: fen.map(str::to_string),
        seed,
        ..NewGame::default()
    })
    .unwrap()
}

/// The numbering is the standard one: every number against python-chess's
/// `Board.from_chess960_pos` (tests/data/chess960-starts.txt).
#[test]
fn r7_1_chess960_numbering_matches_python_chess() {
    let path = format!(
        "{}/tests/data/chess960-starts.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).unwrap();
    let mut seen = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let (n, rank) = line.split_once(' ').unwrap();
        let n: u16 = n.parse().unwrap();
        assert_eq!(
            String::from_utf8_lossy(&back_rank(n).unwrap()),
            rank,
            "position {n}"
        );
        seen += 1;
    }
    assert_eq!(seen, COUNT);
    assert_eq!(
        start_fen(STANDARD).unwrap(),
        Variant::Chess.start_fen(),
        "518 is the usual start"
    );
    assert!(back_rank(960).is_err());
}

/// Every start is a legal chess position with all four castling rights.
#[test]
fn r7_1_chess960_starts_are_valid() {
    for n in 0..COUNT {
        let fen = start_fen(n).unwrap();
        let pos = Position::from_fen(Variant::Chess, &fen).unwrap_or_else(|e| panic!("{n}: {e}"));
        assert_eq!(pos.castling_rooks().count(), 4, "{fen}");
        assert_eq!(pos.fen(), fen, "X-FEN writes KQkq for the only rooks");
    }
}

/// The seed picks the start when none is given; the same seed, the same start.
#[test]
fn r7_1_chess960_seeded_start() {
    let g = chess960(None, 7);
    assert_eq!(g.kind(), GameKind::Chess960);
    assert_eq!(g.kind().variant_name(), "chess960");
    assert_eq!(g.fen(), start_fen(number_of_seed(7)).unwrap());
    assert_eq!(chess960(None, 7).fen(), g.fen());
    let starts: std::collections::HashSet<String> =
        (0..50).map(|s| chess960(None, s).fen()).collect();
    assert!(
        starts.len() > 40,
        "50 seeds gave only {} starts",
        starts.len()
    );
}

/// Castling is king-takes-rook in UCI (also from the usual start), O-O / O-O-O in SAN; the
/// king's destination square is still accepted when it names no other move.
#[test]
fn r7_1_chess960_castling_notation() {
    let mut g = chess960(Some(&start_fen(STANDARD).unwrap()), 0);
    for m in ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"] {
        g.play_text(m).unwrap();
    }
    let castle = g
        .legal_moves()
        .into_iter()
        .find(|m| m.san == "O-O")
        .unwrap();
    assert_eq!(castle.uci, "e1h1");
    assert_eq!((castle.from.as_str(), castle.to.as_str()), ("e1", "g1"));
    assert!(
        g.legal_moves_uci(None)
            .unwrap()
            .contains(&"e1h1".to_string())
    );
    let played = g.play_text("e1g1").unwrap();
    assert_eq!((played.uci.as_str(), played.san.as_str()), ("e1h1", "O-O"));
    // The same game as plain chess writes the king's move.
    let mut c = Game::new(NewGame::default()).unwrap();
    for m in ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"] {
        c.play_text(m).unwrap();
    }
    assert_eq!(c.play_text("O-O").unwrap().uci, "e1g1");
}

/// King b1, rook a1, c1 empty: `b1c1` is the king's step, castling is `b1a1` (its king lands
/// on c1 too). Position 0-style back rank: the king on g1 castles short without moving.
#[test]
fn r7_1_chess960_king_step_and_castling_on_one_square() {
    let fen = "1k6/8/8/8/8/8/8/RK5R w KQ - 0 1";
    let mut g = chess960(Some(fen), 0);
    let step = g.play_squares("b1", "c1", None).unwrap();
    assert_eq!((step.san.as_str(), step.uci.as_str()), ("Kc1", "b1c1"));
    g.undo();
    let castle = g.play_text("b1a1").unwrap();
    assert_eq!(
        (castle.san.as_str(), castle.uci.as_str()),
        ("O-O-O", "b1a1")
    );
    assert!(
        g.fen().starts_with("1k6/8/8/8/8/8/8/2KR3R b"),
        "{}",
        g.fen()
    );
    let mut g = chess960(Some("1k6/8/8/8/8/8/8/R5KR w KQ - 0 1"), 0);
    let short = g.play_text("O-O").unwrap();
    assert_eq!(
        (short.uci.as_str(), short.from.as_str(), short.to.as_str()),
        ("g1h1", "g1", "g1")
    );
    assert!(
        g.fen().starts_with("1k6/8/8/8/8/8/8/R4RK1 b"),
        "{}",
        g.fen()
    );
}

/// PGN: `[Variant "Chess960"]` with FEN and SetUp out (even for position 518), and in; the
/// import is a chess960 game; a chess960 PGN is not a chess game.
#[test]
fn r7_1_chess960_pgn_round_trip() {
    // Position 192, BBQNRKNR: the king on f1 castles short to g1 once the knight is out.
    let mut g = chess960(Some(&start_fen(192).unwrap()), 0);
    for m in ["Nf3", "Nf6", "O-O", "O-O"] {
        g.play_text(m).unwrap();
    }
    let pgn = g.pgn();
    assert!(pgn.contains("[Variant \"Chess960\"]"), "{pgn}");
    assert!(
        pgn.contains(&format!("[FEN \"{}\"]", start_fen(192).unwrap())),
        "{pgn}"
    );
    assert!(pgn.contains("[SetUp \"1\"]"), "{pgn}");
    assert!(pgn.contains("O-O"), "{pgn}");
    let back = Game::from_pgn(&pgn, 0).unwrap();
    assert_eq!(back.kind(), GameKind::Chess960);
    assert_eq!(back.fen(), g.fen());
    assert_eq!(back.history().last().unwrap().uci, "f8h8");
    // Shredder-FEN castling reads the same; fen() writes X-FEN.
    let shredder = chess960(
        Some("bbqnrknr/pppppppp/8/8/8/8/PPPPPPPP/BBQNRKNR w HEhe - 0 1"),
        0,
    );
    assert_eq!(shredder.fen(), start_fen(192).unwrap());
    let std = chess960(Some(&start_fen(STANDARD).unwrap()), 0).pgn();
    assert!(std.contains("[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]"));
    // Other names of the tag; no FEN means position 518.
    for tag in ["Chess960", "Fischerandom", "chess 960"] {
        let g = Game::from_pgn(&format!("[Variant \"{tag}\"]\n\n1. e4 *"), 0).unwrap();
        assert_eq!(g.kind(), GameKind::Chess960, "{tag}");
    }
    let e = Game::new(NewGame {
        kind: GameKind::Chess,
        pgn: Some(pgn),
        ..NewGame::default()
    })
    .unwrap_err();
    assert_eq!(e.kind, tablero::ErrorKind::InvalidPgn);
}

/// A save keeps the kind; the moves replay in king-takes-rook UCI.
#[test]
fn r7_1_chess960_save_round_trip() {
    let mut g = chess960(None, 3);
    while g.ply() < 40 && !g.status().over {
        let m = g
            .legal_moves()
            .into_iter()
            .max_by_key(|m| (m.san.starts_with('O'), m.uci.clone()))
            .unwrap();
        g.play_text(&m.uci).unwrap();
    }
    let saved = g.to_saved();
    assert_eq!(saved.kind.variant_name(), "chess960");
    let back = Game::from_saved(&saved).unwrap();
    assert_eq!(back.kind(), GameKind::Chess960);
    assert_eq!(back.fen(), g.fen());
    assert_eq!(back.history(), g.history());
}

/// Does the position hold a castling right that is not the usual e-file king with an a- or
/// h-file rook?
fn has_960_castling(pos: &Position) -> bool {
    rooks(pos).into_iter().any(|rook| {
        let king = if rook.rank() == 0 {
            pos.king(tablero::two::Color::White)
        } else {
            pos.king(tablero::two::Color::Black)
        };
        king.file() != 4 || !matches!(rook.file(), 0 | 7)
    })
}

/// The perft positions of the suites (`tests/data/`, copied from shared/testdata) whose
/// castling is Chess960 castling, run through the chess960 kind: same counts, and castling
/// listed king-takes-rook.
#[test]
fn r7_1_chess960_perft_positions_of_the_suites() {
    let mut ran = Vec::new();
    for file in ["chess-tricky.perft", "chess-tricky-2.perft"] {
        let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(path).unwrap();
        let mut id = String::new();
        let mut game: Option<Game> = None;
        for line in text.lines().map(str::trim) {
            let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
            match key {
                "id" => id = rest.to_string(),
                "epd" => {
                    let pos = Position::from_fen(Variant::Chess, rest).unwrap();
                    game = has_960_castling(&pos).then(|| chess960(Some(rest), 0));
                    if let Some(g) = &game {
                        ran.push(format!("{file} {id}"));
                        for m in g.legal_moves().iter().filter(|m| m.san.starts_with("O-O")) {
                            assert_eq!(&m.uci[..2], m.from, "{id}");
                            let rook = &m.uci[2..];
                            let pos_rook = rooks(&pos).iter().any(|r| r.to_string() == rook);
                            assert!(pos_rook, "{id}: castling {} is not king-takes-rook", m.uci);
                        }
                    }
                }
                "perft" => {
                    if let Some(g) = &game {
                        let (d, n) = rest.split_once(' ').unwrap();
                        let got = g.perft(d.parse().unwrap()).unwrap();
                        assert_eq!(got, n.parse::<u64>().unwrap(), "{file} {id} depth {d}");
                    }
                }
                _ => {}
            }
        }
    }
    // The talkchess X-FEN positions xfen-00 to xfen-04 in both files, and the kings castling
    // from c1 and h8 of two-knight-checkers and asymmetrical-and-king-on-h.
    let mut expected = Vec::new();
    for file in ["chess-tricky.perft", "chess-tricky-2.perft"] {
        for i in 0..5 {
            expected.push(format!("{file} xfen-0{i}"));
        }
        if file == "chess-tricky.perft" {
            expected.push(format!("{file} two-knight-checkers"));
        }
        expected.push(format!("{file} asymmetrical-and-king-on-h"));
    }
    assert_eq!(ran, expected);
}

fn rooks(pos: &Position) -> Vec<tablero::two::Square> {
    pos.castling_rooks().into_iter().collect()
}

/// The computer plays Chess960: from seeded starts, node-limited moves that are legal there,
/// castling included when it is the move chosen.
#[cfg(feature = "ai")]
#[test]
fn r7_1_chess960_ai_plays() {
    let opts = tablero::AiOptions {
        level: 8,
        nodes: Some(3000),
        seed: Some(1),
        ..Default::default()
    };
    for seed in [0, 1, 2] {
        let mut g = chess960(None, seed);
        for _ in 0..16 {
            if g.status().over {
                break;
            }
            let m = g.ai_move(&opts).unwrap();
            let legal = g.legal_moves_uci(None).unwrap();
            assert!(legal.contains(&m.uci), "{} not legal in {}", m.uci, g.fen());
            g.play_text(&m.uci).unwrap();
        }
        assert_eq!(g.kind(), GameKind::Chess960);
    }
}
