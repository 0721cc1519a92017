// The properties every fuzz target checks (issue 10), shared by the cargo-fuzz targets in
// fuzz/fuzz_targets/ (nightly, libFuzzer) and the bounded property run on stable in
// tests/game/fuzz.rs. Each takes arbitrary bytes: nothing may panic, and whatever is accepted
// must round-trip to the identical game (fen, pgn, save).

use tablero::game::SavedGame;
use tablero::{EntryKind, Game, GameKind, NewGame, Rules};

/// The kinds, picked by the first byte of the input.
const KINDS: [GameKind; 7] = [
    GameKind::Chess,
    GameKind::ThreeCheck,
    GameKind::KingOfTheHill,
    GameKind::RacingKings,
    GameKind::FourPlayer(Rules::Ffa),
    GameKind::FourPlayer(Rules::Kingdoms),
    GameKind::FourPlayer(Rules::Teams),
];

fn split(data: &[u8], four: bool) -> (GameKind, String) {
    let (k, rest) = data.split_first().map_or((0, data), |(k, r)| (*k, r));
    let kinds = if four { &KINDS[4..] } else { &KINDS[..4] };
    (
        kinds[k as usize % kinds.len()],
        String::from_utf8_lossy(rest).into_owned(),
    )
}

/// The game says the same after a trip through its save, its FEN (not its history) and its PGN.
fn round_trips(g: &Game) {
    let saved = g.to_saved();
    let back = Game::from_saved(&saved).expect("a game's own save loads");
    assert_eq!(back.fen(), g.fen());
    // The whole record: the tree with its annotations, and the current line in it.
    assert_eq!(back.tree(), g.tree());
    assert_eq!(back.path(), g.path());
    assert_eq!(back.pgn(), g.pgn());
    assert_eq!(back.to_saved(), saved);
    assert_eq!(back.status(), g.status());
    assert_eq!(back.score(), g.score());
    let json = serde_json::to_string(&saved).expect("a save serializes");
    let parsed: SavedGame = serde_json::from_str(&json).expect("its JSON reads back");
    assert_eq!(parsed, saved);
    let again = Game::new(NewGame {
        kind: g.kind(),
        fen: Some(g.fen()),
        ..NewGame::default()
    })
    .expect("a game's own FEN loads");
    assert_eq!(again.fen(), g.fen());
    // A FEN4 says which seats are out, not why (resigned, timed out, checkmated): compare the
    // points and who is out.
    let standing = |g: &Game| {
        g.score()
            .into_iter()
            .map(|s| (s.points.to_bits(), s.status.map(|x| x.is_out())))
            .collect::<Vec<_>>()
    };
    // Nor does a FEN say that a two-player game ended by resignation or agreement.
    if g.kind().rules().is_some() || saved.declared.is_none() {
        assert_eq!(standing(&again), standing(g), "{}", g.fen());
    }
    let pgn = g.pgn();
    let mut from_pgn = Game::new(NewGame {
        kind: g.kind(),
        pgn: Some(pgn.clone()),
        ..NewGame::default()
    })
    .expect("a game's own PGN loads");
    // The PGN's game is at the end of its main line; the same tree has the game's line. A
    // Four Kingdoms main line that ends with a zombie to move (left so by an edit, and kept
    // so by a save) reads back with the zombie's moves after it, as an import settles them
    // (R6.4): those are all the PGN's game adds.
    let main = g.tree().mainline().count();
    let settled = (from_pgn.tree().mainline().count())
        .checked_sub(main)
        .expect("the PGN's main line is no shorter");
    let history = from_pgn.history();
    assert!(
        history[history.len() - settled..]
            .iter()
            .all(|m| m.kind == EntryKind::Random),
        "the PGN's game adds only zombie moves to the main line"
    );
    from_pgn
        .go_to(&g.path())
        .expect("the same tree has the same path");
    if settled > 0 {
        from_pgn
            .delete_move(&vec![0; main + 1])
            .expect("the settled moves delete");
    }
    assert_eq!(from_pgn.tree(), g.tree());
    assert_eq!(from_pgn.fen(), g.fen());
    assert_eq!(from_pgn.pgn(), pgn);
    // PGN writes a declared result (resignation, agreed draw) only at the main line's end,
    // as its result token: a save's current line may end earlier with one.
    let at_main_end = g.path() == vec![0; g.tree().mainline().count()];
    if at_main_end || saved.declared.is_none() {
        assert_eq!(from_pgn.score(), g.score());
    }
}

/// Plays a few legal moves chosen by `bytes`, checking the round trips after each.
fn play_some(g: &mut Game, bytes: &[u8]) {
    for &b in bytes.iter().take(8) {
        let moves = g.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = &moves[b as usize % moves.len()];
        g.play_text(&m.uci).expect("a legal move plays");
        round_trips(g);
    }
}

/// FEN of a two-player kind.
pub fn fen(data: &[u8]) {
    load(data, false, false);
}

/// FEN4 of a four-player preset.
pub fn fen4(data: &[u8]) {
    load(data, true, false);
}

/// PGN (two players).
pub fn pgn(data: &[u8]) {
    load(data, false, true);
}

/// PGN4.
pub fn pgn4(data: &[u8]) {
    load(data, true, true);
}

fn load(data: &[u8], four: bool, pgn: bool) {
    let (kind, text) = split(data, four);
    let opts = NewGame {
        kind,
        fen: (!pgn).then(|| text.clone()),
        pgn: pgn.then(|| text.clone()),
        ..NewGame::default()
    };
    if let Ok(mut g) = Game::new(opts) {
        round_trips(&g);
        play_some(&mut g, data.get(1..5).unwrap_or(&[]));
    }
}

/// A saved game's JSON text.
pub fn saved(data: &[u8]) {
    let Ok(s) = serde_json::from_slice::<SavedGame>(data) else {
        return;
    };
    if let Ok(g) = Game::from_saved(&s) {
        round_trips(&g);
    }
}

/// Move text in a game of each kind after a few moves: accepted or refused, never a panic,
/// and a refused move leaves the game as it was.
pub fn move_text(data: &[u8]) {
    let (kind, text) = split(data, data.get(1).is_some_and(|b| b & 1 == 1));
    let Ok(mut g) = Game::new(NewGame {
        kind,
        ..NewGame::default()
    }) else {
        return;
    };
    play_some(&mut g, data.get(2..4).unwrap_or(&[]));
    for t in text.split_whitespace().take(16) {
        let before = g.to_saved();
        let legal = g.is_legal_text(t);
        match g.play_text(t) {
            Err(e) => {
                assert!(!legal, "is_legal_text({t:?}) said yes, play_text said {e}");
                assert_eq!(g.to_saved(), before, "a refused move changed the game");
                // A refused move is explained: whose turn it is and why (issue 14, item 9).
                if e.kind == tablero::ErrorKind::IllegalMove {
                    assert!(e.message.starts_with("illegal move "), "{}", e.message);
                    assert!(e.message.contains(" to move): "), "{}", e.message);
                }
            }
            Ok(_) => {
                assert!(legal, "is_legal_text({t:?}) said no, yet it played");
                round_trips(&g);
            }
        }
    }
}

/// A PGN or PGN4 move text (`tablero::game::movetext`, issue 49): reading never panics, and
/// what reads writes back, as PGN and as PGN4, to a text that reads to the same tree (the
/// placeholders aside: the writer derives them from the seats) and writes the same text again.
pub fn movetext(data: &[u8]) {
    use tablero::game::movetext::{Dialect, WriteOptions, cyclic_turns, read, write};
    use tablero::game::tree::Tree;
    let text = String::from_utf8_lossy(data);
    let Ok(first) = read(&text) else {
        return;
    };
    let no_placeholders = |t: &Tree| {
        let mut t = t.clone();
        let ids: Vec<_> = t.ids().collect();
        for id in ids {
            t.node_mut(id).placeholders = 0;
        }
        t
    };
    for (players, dialect) in [(2, Dialect::Pgn), (4, Dialect::Pgn4)] {
        let opts = WriteOptions {
            dialect,
            ..WriteOptions::default()
        };
        let turn = cyclic_turns(players, 1, 0);
        let out = write(&first.tree, &opts, &turn, first.result.as_deref());
        let back = read(&out).unwrap_or_else(|e| panic!("{e}: {out:?}"));
        assert_eq!(back.result, first.result, "{out:?}");
        assert_eq!(
            no_placeholders(&back.tree),
            no_placeholders(&first.tree),
            "{out:?}"
        );
        assert_eq!(write(&back.tree, &opts, &turn, back.result.as_deref()), out);
    }
}

/// `validate_fen` (issue 49) of a FEN or FEN4 of the kind the first byte picks: no panic; an
/// accepted text comes back normalised, a fixed point that starts a game and a setup that
/// writes it back; a refused one is refused by `Game::new` too, except the two refusals of
/// the editor alone (`already-over`, `too-long`).
pub fn validate_fen(data: &[u8]) {
    use tablero::{FenProblem, Setup};
    let (k, rest) = data.split_first().map_or((0, data), |(k, r)| (*k, r));
    let kind = KINDS[k as usize % KINDS.len()];
    let text = String::from_utf8_lossy(rest);
    let started = Game::new(NewGame {
        kind,
        fen: Some(text.to_string()),
        ..NewGame::default()
    });
    match tablero::validate_fen(&text, kind) {
        Ok(fen) => {
            assert!(started.is_ok(), "accepted but Game::new refuses {text:?}");
            assert_eq!(tablero::validate_fen(&fen, kind), Ok(fen.clone()));
            let setup = Setup::from_fen(kind, &fen).expect("a valid FEN sets up");
            assert_eq!(setup.validate(), Ok(fen.clone()), "{text:?}");
            setup.new_game(0).expect("a valid setup starts");
        }
        Err(e) => {
            assert!(!e.message.is_empty());
            if !matches!(e.problem, FenProblem::AlreadyOver | FenProblem::TooLong) {
                assert!(
                    started.is_err(),
                    "refused ({}) but Game::new accepts {text:?}",
                    e.problem.code()
                );
            }
        }
    }
}

/// The position editor (issue 49) driven by bytes: a setup of the kind the first byte picks
/// (the start or an empty board), then edits (put, remove, turn, castling, en passant,
/// checks, points, out, clear) each picked by a byte pair. A refused edit leaves the setup
/// as it was; whatever the edits leave, `validate` agrees with `validate_fen` of the setup's
/// own FEN, and a valid setup starts a game in that position.
pub fn setup(data: &[u8]) {
    use tablero::{CastlingSide, Player, Role, Setup};
    let Some((&k, rest)) = data.split_first() else {
        return;
    };
    let kind = KINDS[k as usize % KINDS.len()];
    let mut s = if k & 0x80 == 0 {
        Setup::new(kind)
    } else {
        Setup::empty(kind)
    };
    let square = |b: u8| {
        // Files a to o and ranks 0 to 15: both boards and a little off them.
        format!("{}{}", char::from(b'a' + b % 15), b / 15 % 16)
    };
    let player = |b: u8| Player::ALL[b as usize % Player::ALL.len()];
    for op in rest.chunks(2).take(64) {
        let (a, b) = (op[0], op.get(1).copied().unwrap_or(0));
        let before = s.clone();
        let r = match a % 10 {
            0 | 1 => s.put(
                &square(b),
                Some((player(a / 10), Role::ALL[(a / 60) as usize % 6])),
            ),
            2 => s.put(&square(b), None),
            3 => s.set_turn(player(b)),
            4 => {
                let side = if b & 1 == 0 {
                    CastlingSide::King
                } else {
                    CastlingSide::Queen
                };
                let rook = (b & 2 != 0).then(|| square(b / 4));
                s.set_castling(&[(player(b / 8), side, rook)])
            }
            5 => s.set_ep_square((b & 1 == 0).then(|| square(b / 2)).as_deref()),
            6 => s.set_remaining_checks(b % 5, b / 5 % 5),
            7 => s.set_points(player(b), i32::from(b) - 100),
            8 => s.set_out(player(b), b & 0x40 != 0),
            _ => {
                s.clear();
                Ok(())
            }
        };
        if r.is_err() {
            assert_eq!(s, before, "a refused edit changed the setup");
        }
    }
    let fen = s.fen();
    let valid = s.validate();
    let by_text = tablero::validate_fen(&fen, kind);
    assert_eq!(
        valid.as_ref().map_err(|e| e.problem),
        by_text.as_ref().map_err(|e| e.problem),
        "{fen}"
    );
    if let Ok(normal) = valid {
        let g = s.new_game(0).expect("a valid setup starts a game");
        // (Unless out players' pieces move first, R6.4: then the game starts with them.)
        if g.ply() == 0 {
            assert_eq!(g.fen(), normal);
        }
        round_trips(&g);
    }
}
