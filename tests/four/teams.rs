//! R14: the `teams` preset (chess.com 4 Player Chess "Teams"): Red and Yellow against Blue
//! and Green. Scenes are written from Red's side and turned to every seat (`common::rot`).

use crate::common::{KINGS, fen, fen_full, rmv, rs, rsq, with_kings};
use tablero::four::{FourGame, Position, Rules, Seat};
use tablero::{
    ErrorKind, Game, GameKind, NewGame, Player, ResultReason, Role, game::SavedGame,
    record::SeatStatus,
};

const TEAMS: GameKind = GameKind::FourPlayer(Rules::Teams);

fn game(turn: Seat, pieces: &[(&str, &str)], k: usize) -> FourGame {
    FourGame::from_fen4(Rules::Teams, &fen(turn, pieces, k), None, 7)
        .unwrap_or_else(|e| panic!("{e}: {}", fen(turn, pieces, k)))
}

fn player(s: Seat) -> Player {
    s.into()
}

/// The two players of the team of `s` (its seat and the one opposite), in table order.
fn team(s: Seat) -> Vec<Player> {
    let mut v = vec![player(s), player(rs(s, 2))];
    v.sort();
    v
}

fn uci_from(g: &FourGame, sq: &str) -> Vec<String> {
    let mut v = g.legal_uci(Some(sq)).unwrap();
    v.sort();
    v
}

#[test]
fn r14_1_the_table_row_and_the_turn_order() {
    let row = TEAMS.info();
    assert_eq!(
        (row.id, row.variant, row.pgn_variant, row.label),
        ("teams", "fourplayer", "Teams", "g_teams")
    );
    assert!(row.online && !row.times_out);
    assert_eq!(GameKind::from_id("teams"), Some(TEAMS));
    assert_eq!(GameKind::parse("fourplayer", Some("teams")).unwrap(), TEAMS);
    assert_eq!(
        TEAMS.play_order(),
        [Player::Red, Player::Blue, Player::Yellow, Player::Green]
    );
    let facts = TEAMS.facts();
    assert!(!facts.points);
    assert_eq!(
        facts.promotions,
        [Role::Queen, Role::Rook, Role::Bishop, Role::Knight]
    );
    let mut g = FourGame::new(Rules::Teams, Seat::Red, None, 0);
    for (mv, next) in [
        ("h2h3", Player::Blue),
        ("b7c7", Player::Yellow),
        ("g13g12", Player::Green),
        ("m8l8", Player::Red),
    ] {
        g.play(mv).unwrap();
        assert_eq!(g.status().turn, Some(next));
    }
}

/// R14.2: a partner's pieces are neither captured nor attacked; a partner's piece blocks.
#[test]
fn r14_2_no_capturing_a_partner() {
    for k in 0..4 {
        // Red rook e5, Yellow pawn e9 on its file, Blue pawn e3 below.
        let mut g = game(
            rs(Seat::Red, 0),
            &with_kings(&[("e5", "rR"), ("e9", "yP"), ("e3", "bP")]),
            k,
        );
        let from = rsq("e5", k);
        let moves = uci_from(&g, &from);
        assert!(moves.contains(&rmv("e5e8", k)), "{k}: {moves:?}");
        assert!(
            moves.contains(&rmv("e5e3", k)),
            "{k}: an opponent is captured"
        );
        assert!(!moves.contains(&rmv("e5e9", k)), "{k}: {moves:?}");
        assert!(!moves.contains(&rmv("e5e10", k)), "{k}: a partner blocks");
        let before = g.fen4();
        for bad in [
            rmv("e5e9", k),
            format!("R{}x{}", rsq("e5", k), rsq("e9", k)),
        ] {
            let e = g.play(&bad).unwrap_err();
            assert_eq!(e.kind, ErrorKind::IllegalMove, "{bad}");
            assert_eq!(g.fen4(), before);
            assert_eq!(g.history_len(), 0);
        }
    }
}

/// R14.2: a partner's pieces never give check, and the king may step onto squares they hold
/// in line; the same scene with an opponent's queen is a check.
#[test]
fn r14_2_partners_never_check() {
    for k in 0..4 {
        let g = game(Seat::Red, &with_kings(&[("h5", "yQ")]), k);
        let red = rs(Seat::Red, k);
        assert!(!g.position().in_check(red), "{k}");
        assert!(g.status().in_check.is_empty());
        assert!(uci_from(&g, &rsq("h1", k)).contains(&rmv("h1h2", k)));
        let g = game(Seat::Red, &with_kings(&[("h5", "bQ")]), k);
        assert!(g.position().in_check(red), "{k}");
        assert_eq!(g.status().in_check, [player(red)]);
        assert!(!uci_from(&g, &rsq("h1", k)).contains(&rmv("h1h2", k)));
    }
}

/// R14.2: a move may leave the partner's king attacked (here Yellow's rook steps off the
/// line between Red's king and Blue's rook), never the mover's own.
#[test]
fn r14_2_a_partner_may_be_exposed_but_not_oneself() {
    for k in 0..4 {
        let pieces = with_kings(&[("h3", "yR"), ("h8", "bR"), ("g14", "yK")]);
        let mut g = game(Seat::Yellow, &pieces, k);
        let red = rs(Seat::Red, k);
        assert!(!g.position().in_check(red));
        let m = g.play(&rmv("h3k3", k)).unwrap();
        // The check is Blue's, not the mover's: chess.com writes no `+` (R14.9).
        assert_eq!(m.checks, [player(red)], "{k}");
        assert!(!m.san.contains('+'), "{}", m.san);
        assert_eq!(g.status().in_check, [player(red)]);
        assert!(!g.is_over());
        // Green passes its turn with a king step; Red must answer the check.
        g.play(&rmv("n8n9", k)).unwrap();
        let moves = g.legal_uci(None).unwrap();
        assert!(!moves.is_empty());
        for mv in &moves {
            assert!(!mv.starts_with(&rsq("h1", k)) || !mv.ends_with(&rsq("h2", k)));
        }
        // The mover's own king: Red's rook on h2 is pinned by Blue's rook on h8.
        let g = game(Seat::Red, &with_kings(&[("h2", "rR"), ("h8", "bR")]), k);
        assert!(!uci_from(&g, &rsq("h2", k)).contains(&rmv("h2g2", k)));
        assert!(uci_from(&g, &rsq("h2", k)).contains(&rmv("h2h8", k)));
    }
}

/// R14.3: promotion on the 11th rank to a queen, rook, bishop or knight, an ordinary piece.
#[test]
fn r14_3_promotion_on_the_eleventh_rank_to_any_piece() {
    for k in 0..4 {
        let mut g = game(Seat::Red, &with_kings(&[("e10", "rP"), ("f7", "rP")]), k);
        let from = rsq("e10", k);
        let to = rsq("e11", k);
        let want: Vec<String> = ["b", "n", "q", "r"]
            .iter()
            .map(|p| format!("{from}{to}{p}"))
            .collect();
        assert_eq!(uci_from(&g, &from), want, "{k}");
        // The 8th rank promotes in free-for-all (R5.8), not here.
        assert_eq!(uci_from(&g, &rsq("f7", k)), [rmv("f7f8", k)]);
        let before = g.fen4();
        for bad in [
            format!("{from}{to}k"),
            format!("{from}-{to}=K"),
            format!("{from}-{to}=P"),
            format!("{}q", rmv("f7f8", k)),
            format!("{}-{}=Q", rsq("f7", k), rsq("f8", k)),
        ] {
            let e = g.play(&bad).unwrap_err();
            assert_eq!(e.kind, ErrorKind::IllegalMove, "{bad}");
            assert_eq!(g.fen4(), before, "{bad}");
        }
        let m = g.play(&format!("{from}-{to}=N")).unwrap();
        assert_eq!(m.san, format!("{from}-{to}=N"));
        assert_eq!(m.uci, format!("{from}{to}n"));
        assert_eq!(m.promotion, Some(Role::Knight));
        let placed = g
            .position()
            .piece_at(tablero::four::Square::parse(&to).unwrap());
        assert_eq!(placed, Some((rs(Seat::Red, k), Role::Knight, false, false)));
    }
    // Through the Game API, by squares: any piece, never a king.
    let fen4 = fen(Seat::Red, &with_kings(&[("e10", "rP")]), 0);
    let mut g = Game::new(NewGame {
        kind: TEAMS,
        fen: Some(fen4.clone()),
        ..NewGame::default()
    })
    .unwrap();
    let e = g.play_squares("e10", "e11", Some(Role::King)).unwrap_err();
    assert_eq!(e.kind, ErrorKind::IllegalMove);
    assert_eq!(g.fen(), fen4);
    assert!(g.is_legal_squares("e10", "e11", Some(Role::Bishop)));
    let m = g.play_squares("e10", "e11", Some(Role::Rook)).unwrap();
    assert_eq!(m.promotion, Some(Role::Rook));
    // A promotion named on a move that does not promote is refused (free-for-all let a
    // `promotion: "q"` ride along on any move, and still does).
    let mut g = Game::new(NewGame {
        kind: TEAMS,
        ..NewGame::default()
    })
    .unwrap();
    let e = g.play_squares("h2", "h3", Some(Role::Queen)).unwrap_err();
    assert_eq!(e.kind, ErrorKind::IllegalMove);
    assert_eq!(g.ply(), 0);
}

/// R14.4: en passant on by default, off with the setting, and the setting survives FEN4,
/// PGN4 and saves.
#[test]
fn r14_4_en_passant_and_its_setting() {
    let pieces = with_kings(&[("e2", "rP"), ("d4", "bP")]);
    let mut g = game(Seat::Red, &pieces, 0);
    assert!(g.position().en_passant());
    g.play("e2e4").unwrap();
    assert!(uci_from(&g, "d4").contains(&"d4e3".to_string()));
    let m = g.play("d4e3").unwrap();
    assert_eq!(m.captured, Some(Role::Pawn));
    let mut off = game(Seat::Red, &pieces, 0).with_en_passant(false).unwrap();
    assert!(off.fen4().contains("'noEnPassant':true"), "{}", off.fen4());
    off.play("e2e4").unwrap();
    // Blue's pawn moves toward file e: blocked by the pawn on e4, no capture left.
    assert!(uci_from(&off, "d4").is_empty());
    let e = off.play("d4e3").unwrap_err();
    assert_eq!(e.kind, ErrorKind::IllegalMove);
    // The setting is in the FEN4 and in the PGN4's tags.
    let back = FourGame::from_fen4(Rules::Teams, &off.fen4(), None, 0).unwrap();
    assert!(!back.position().en_passant());
    let pgn = off.pgn4();
    assert!(pgn.contains("[RuleVariants \"\"]"), "{pgn}");
    let back = FourGame::from_pgn4(&pgn, 0).unwrap();
    assert!(!back.position().en_passant());
    assert_eq!(back.fen4(), off.fen4());
    // chess.com's tag without EnPassant turns it off; with it, on.
    let tagged = |rv: &str| {
        FourGame::from_pgn4(
            &format!("[Variant \"Teams\"]\n[RuleVariants \"{rv}\"]\n*"),
            0,
        )
        .unwrap()
    };
    assert!(!tagged("SemiAnonymous").position().en_passant());
    assert!(tagged("EnPassant SemiAnonymous").position().en_passant());
    // Through Game: the `enPassant` option, Teams only.
    let mut g = Game::new(NewGame {
        kind: TEAMS,
        en_passant: Some(false),
        ..NewGame::default()
    })
    .unwrap();
    g.play_text("h2h4").unwrap();
    let saved = g.to_saved();
    assert!(saved.start_fen.contains("noEnPassant"));
    let json = serde_json::to_string(&saved).unwrap();
    let back = Game::from_saved(&serde_json::from_str::<SavedGame>(&json).unwrap()).unwrap();
    assert_eq!(back.fen(), g.fen());
    for kind in [
        GameKind::FourPlayer(Rules::Ffa),
        GameKind::FourPlayer(Rules::Kingdoms),
        GameKind::Chess,
    ] {
        let e = Game::new(NewGame {
            kind,
            en_passant: Some(false),
            ..NewGame::default()
        })
        .unwrap_err();
        assert_eq!(e.kind, ErrorKind::InvalidArgument, "{kind:?}");
    }
    let e = FourGame::from_fen4(
        Rules::Ffa,
        &off.fen4().replacen('B', "R", 1).replace(",'enPassant'", ""),
        None,
        0,
    );
    assert!(e.is_err(), "free-for-all always has en passant");
}

/// R14.5: a player is checkmated at its own turn only; until then the partner may rescue.
/// Blue's rook mates Red on the back rank as the board stands; Yellow takes the rook.
#[test]
fn r14_5_the_partner_rescues_before_the_mated_players_turn() {
    let scene = with_kings(&[
        ("g2", "rP"),
        ("h2", "rP"),
        ("i2", "rP"),
        ("d5", "bR"),
        ("d14", "yR"),
    ]);
    for k in 0..4 {
        let mut g = game(Seat::Blue, &scene, k);
        let red = rs(Seat::Red, k);
        let m = g.play(&rmv("d5d1", k)).unwrap();
        assert!(m.eliminated.is_empty());
        assert!(m.san.ends_with('+') && !m.san.contains('#'), "{}", m.san);
        assert!(!g.is_over());
        assert_eq!(g.position().statuses()[red.index()], SeatStatus::Active);
        g.play(&format!("R{}x{}", rsq("d14", k), rsq("d1", k)))
            .unwrap();
        g.play(&rmv("n8n9", k)).unwrap();
        assert!(!g.is_over());
        assert_eq!(g.status().turn, Some(player(red)));
        assert!(!g.legal_uci(None).unwrap().is_empty());
    }
}

/// R14.5, R14.7: nobody rescues; at Red's turn it is checkmated and Blue and Green win.
#[test]
fn r14_5_checkmate_at_the_mated_players_turn_ends_the_game() {
    let scene = with_kings(&[("g2", "rP"), ("h2", "rP"), ("i2", "rP"), ("d5", "bR")]);
    for k in 0..4 {
        let mut g = game(Seat::Blue, &scene, k);
        let red = rs(Seat::Red, k);
        g.play(&rmv("d5d1", k)).unwrap();
        g.play(&rmv("g14g13", k)).unwrap();
        assert!(!g.is_over());
        let m = g.play(&rmv("n8n9", k)).unwrap();
        // Green's king step is the move after which Red, to move, has no move.
        assert_eq!(m.san, format!("K{}-{}#", rsq("n8", k), rsq("n9", k)));
        let r = g.status().result.expect("over");
        assert_eq!(r.reason, ResultReason::Checkmate);
        assert_eq!(r.winners, team(rs(Seat::Blue, k)));
        let st = |s: Seat| {
            r.scores
                .iter()
                .find(|x| x.player == player(s))
                .unwrap()
                .clone()
        };
        assert_eq!(st(red).status, Some(SeatStatus::Checkmated));
        assert_eq!(st(red).place, Some(3));
        assert_eq!(st(rs(Seat::Yellow, k)).place, Some(3));
        assert_eq!(st(rs(Seat::Green, k)).place, Some(1));
        assert_eq!(g.status().turn, None);
        let e = g.play("h2h3").unwrap_err();
        assert_eq!(e.kind, ErrorKind::GameOver);
    }
}

/// R14.6: a king left attacked is captured, even by a player whose own king that leaves
/// attacked (Green, in check from Red's rook, takes Red's king); the capturer's team wins.
#[test]
fn r14_6_a_king_left_attacked_is_captured() {
    let scene = with_kings(&[("h8", "gR"), ("n5", "rR")]);
    for k in 0..4 {
        let mut g = game(Seat::Green, &scene, k);
        let green = rs(Seat::Green, k);
        assert!(g.position().in_check(green));
        let take = rmv("h8h1", k);
        assert!(g.legal_uci(None).unwrap().contains(&take), "{k}");
        // A quiet move that leaves Green's king attacked is still illegal.
        assert!(!g.legal_uci(None).unwrap().contains(&rmv("h8h7", k)));
        let m = g.play(&take).unwrap();
        assert_eq!(m.captured, Some(Role::King));
        let r = g.status().result.expect("over");
        assert_eq!(r.reason, ResultReason::KingCaptured);
        assert_eq!(r.winners, team(green));
        let red = r
            .scores
            .iter()
            .find(|s| s.player == player(rs(Seat::Red, k)))
            .unwrap();
        assert_eq!(red.status, Some(SeatStatus::KingCaptured));
    }
}

/// R14.5, R14.7: stalemate at the player's own turn draws.
#[test]
fn r14_5_stalemate_draws() {
    // Red's king h1: g1/g2 covered by Blue's rook g5, i1/i2 by its rook i5, h2 its own pawn,
    // blocked by Blue's pawn h3. Green moves, then Red has no move and is not in check.
    let scene = with_kings(&[("h2", "rP"), ("h3", "bP"), ("g5", "bR"), ("i5", "bR")]);
    for k in 0..4 {
        let mut g = game(Seat::Green, &scene, k);
        g.play(&rmv("n8n9", k)).unwrap();
        let r = g.status().result.expect("over");
        assert_eq!(r.reason, ResultReason::Stalemate);
        assert!(r.winners.is_empty());
        assert!(r.scores.iter().all(|s| s.place == Some(1)));
        // Loaded with Red to move, the game is decided at once.
        let g = game(Seat::Red, &scene, k);
        assert_eq!(
            g.status().result.map(|r| r.reason),
            Some(ResultReason::Stalemate)
        );
    }
}

/// R14.7: resigning or running out of time loses for both partners; scores show material.
#[test]
fn r14_7_resignation_time_out_and_material() {
    let mut g = FourGame::new(Rules::Teams, Seat::Red, None, 0);
    let score = g.scores();
    assert!(score.iter().all(|s| s.points == 39.0 && s.place.is_none()));
    g.resign(Seat::Yellow).unwrap();
    let r = g.status().result.unwrap();
    assert_eq!(r.reason, ResultReason::Resignation);
    assert_eq!(r.winners, [Player::Blue, Player::Green]);
    assert_eq!(
        g.pgn4().lines().find(|l| l.starts_with("[Result")),
        Some("[Result \"0-1\"]")
    );
    g.undo();
    assert!(!g.is_over());
    g.timeout(Seat::Blue).unwrap();
    let r = g.status().result.unwrap();
    assert_eq!(r.reason, ResultReason::Timeout);
    assert_eq!(r.winners, [Player::Red, Player::Yellow]);
    assert_eq!(r.scores[1].status, Some(SeatStatus::Timeout));
    // Material (pawn 1, knight 3, bishop 3, rook 5, queen 9) follows captures.
    let mut g = game(
        Seat::Red,
        &with_kings(&[("e5", "rR"), ("e9", "bN"), ("f9", "yB")]),
        0,
    );
    let m = |g: &FourGame| g.scores().iter().map(|s| s.points).collect::<Vec<_>>();
    assert_eq!(m(&g), [5.0, 3.0, 3.0, 0.0]);
    g.play("e5e9").unwrap();
    assert_eq!(m(&g), [5.0, 0.0, 3.0, 0.0]);
    assert!(g.position().points() == [0; 4]);
}

/// R14.7 with R5.19: the automatic draws.
#[test]
fn r14_7_automatic_draws() {
    let g = game(Seat::Red, &KINGS, 0);
    let r = g.status().result.unwrap();
    assert_eq!(r.reason, ResultReason::InsufficientMaterial);
    assert!(r.winners.is_empty());
    // 50 moves of every player: 200 plies without a capture or pawn move.
    let pieces = with_kings(&[("e5", "rR")]);
    let f = fen(Seat::Red, &pieces, 0).replacen("-0-x", "-199-x", 1);
    let mut g = FourGame::from_fen4(Rules::Teams, &f, None, 0).unwrap();
    assert!(!g.is_over());
    g.play("e5e6").unwrap();
    assert_eq!(
        g.status().result.map(|r| r.reason),
        Some(ResultReason::FiftyMoveRule)
    );
    // Threefold repetition: every knight out and back, twice.
    let mut g = FourGame::new(Rules::Teams, Seat::Red, None, 0);
    let round = [
        "j1i3", "a10c11", "j14i12", "n10l11", "i3j1", "c11a10", "i12j14", "l11n10",
    ];
    for (i, mv) in round.iter().chain(round.iter()).enumerate() {
        assert!(!g.is_over(), "{i}");
        g.play(mv).unwrap();
    }
    assert_eq!(
        g.status().result.map(|r| r.reason),
        Some(ResultReason::ThreefoldRepetition)
    );
}

/// R14.9: PGN4 as chess.com writes Teams: the tags, `=Q`-style promotions, `+` read whether
/// or not a record marks the checks a partner's move left.
#[test]
fn r14_9_pgn4_tags_promotions_and_check_marks() {
    let mut g = FourGame::new(Rules::Teams, Seat::Red, None, 0);
    for mv in ["h2h4", "b7c7", "g13g12", "m8l8"] {
        g.play(mv).unwrap();
    }
    let pgn = g.pgn4();
    assert!(
        pgn.contains("[Variant \"Teams\"]\n[RuleVariants \"EnPassant\"]\n"),
        "{pgn}"
    );
    let back = FourGame::from_pgn4(&pgn, 0).unwrap();
    assert_eq!(back.rules(), Rules::Teams);
    assert_eq!(back.fen4(), g.fen4());
    assert_eq!(back.pgn4(), pgn);
    // A promotion, and a partner's move that exposes Red's king: written without `+`, read
    // with or without.
    let pieces = with_kings(&[("h3", "yR"), ("h8", "bR"), ("e10", "rP")]);
    let start = fen(Seat::Red, &pieces, 0);
    let mut g = FourGame::from_fen4(Rules::Teams, &start, None, 0).unwrap();
    for mv in ["e10-e11=B", "a7-a6", "Rh3-k3", "n8-n9"] {
        g.play(mv).unwrap();
    }
    let pgn = g.pgn4();
    // The bishop checks Blue's king from e11: the mover's own check is marked.
    assert!(
        pgn.contains("1. e10-e11=B+ .. Ka7-a6 .. Rh3-k3 .. Kn8-n9"),
        "{pgn}"
    );
    let marked = pgn.replace("Rh3-k3", "Rh3-k3+");
    for text in [&pgn, &marked] {
        let back = FourGame::from_pgn4(text, 0).unwrap();
        assert_eq!(back.fen4(), g.fen4());
    }
}

/// R14.10: perft from the R5.2 start with en passant on.
#[test]
fn r14_10_perft_start_depth_1_to_4() {
    let p = Position::startpos(Rules::Teams);
    assert_eq!(p.perft(1), 20);
    assert_eq!(p.perft(2), 395);
    assert_eq!(p.perft(3), 7800);
    assert_eq!(p.perft(4), 152050);
}

/// R14.10 depth 5 (0.2 s in release on the project's machine).
#[test]
fn r14_10_perft_start_depth_5() {
    assert_eq!(Position::startpos(Rules::Teams).perft(5), 3452310);
}

/// R14.2 against perft: in a scene where partners face each other, counting with the
/// reference generator (every move tried on a board) agrees with the fast one.
#[test]
fn r14_2_fast_and_reference_generators_agree() {
    let scenes = [
        with_kings(&[
            ("h3", "yR"),
            ("h8", "bR"),
            ("e5", "rQ"),
            ("e9", "yP"),
            ("f6", "gN"),
        ]),
        with_kings(&[
            ("h2", "rR"),
            ("h5", "yQ"),
            ("h9", "bR"),
            ("d4", "bP"),
            ("e2", "rP"),
        ]),
    ];
    for scene in &scenes {
        for k in 0..4 {
            for turn in tablero::four::Seat::ALL {
                let p = Position::from_fen4(Rules::Teams, &fen(turn, scene, k)).unwrap();
                let mut fast = tablero::four::MoveList::new();
                let mut slow = tablero::four::MoveList::new();
                p.legal_moves(&mut fast);
                p.legal_moves_reference(&mut slow);
                let mut a: Vec<_> = fast.iter().map(|m| format!("{m:?}")).collect();
                let mut b: Vec<_> = slow.iter().map(|m| format!("{m:?}")).collect();
                a.sort();
                b.sort();
                assert_eq!(a, b, "{turn:?} k={k}");
            }
        }
    }
}

/// Bad input: coded errors, nothing changed.
#[test]
fn r14_bad_input() {
    // FEN4: grey pieces (nobody is out of a game that goes on), a grey king beside the four
    // live ones (three teams' worth of kings), two kings of one seat, two players out.
    let grey_king = fen(Seat::Red, &with_kings(&[("e5", "dK")]), 0);
    let two_kings = fen(Seat::Red, &with_kings(&[("e5", "rK")]), 0);
    let two_out = fen_full(
        Seat::Red,
        [0, 1, 0, 1],
        [0; 4],
        [0; 4],
        [0; 4],
        &with_kings(&[("e5", "rR")]),
        0,
    );
    let ffa_pawn = fen(Seat::Red, &with_kings(&[("e12", "rP")]), 0);
    for f in [&grey_king, &two_kings, &two_out, &ffa_pawn] {
        let e = FourGame::from_fen4(Rules::Teams, f, None, 0).unwrap_err();
        assert_eq!(e.kind, ErrorKind::InvalidFen, "{f}");
    }
    // A grey king is fine in free-for-all: the fault is Teams'.
    assert!(FourGame::from_fen4(Rules::Ffa, &grey_king, None, 0).is_ok());
    // PGN4 that plays on after the end (Red mated at its turn, then Red moves).
    let scene = with_kings(&[("g2", "rP"), ("h2", "rP"), ("i2", "rP"), ("d5", "bR")]);
    let start = fen(Seat::Blue, &scene, 0);
    let text = format!(
        "[Variant \"Teams\"]\n[StartFen4 \"{start}\"]\n\n1. Rd5-d1+ .. Kg14-g13 .. Kn8-n9# \
         2. h2-h3\n"
    );
    let e = FourGame::from_pgn4(&text, 0).unwrap_err();
    assert_eq!(e.kind, ErrorKind::InvalidPgn);
    assert!(e.message.contains("checkmate"), "{}", e.message);
    let ended = text.replace(" 2. h2-h3", "");
    let g = FourGame::from_pgn4(&ended, 0).unwrap();
    assert_eq!(
        g.status().result.map(|r| r.reason),
        Some(ResultReason::Checkmate)
    );
    // Timeouts and resignations of a seat that is no seat, and after the end.
    let mut g = Game::new(NewGame {
        kind: TEAMS,
        ..NewGame::default()
    })
    .unwrap();
    assert_eq!(
        g.timeout(Some(Player::White)).unwrap_err().kind,
        ErrorKind::InvalidArgument
    );
    g.resign(Some(Player::Red)).unwrap();
    assert_eq!(
        g.resign(Some(Player::Blue)).unwrap_err().kind,
        ErrorKind::GameOver
    );
}

/// The computer plays legal Teams moves at every level: levels 1 and 4 play games against
/// each other to their end or a move cap, node-limited (never a clock), and every move it
/// chooses is one the rules accept.
#[cfg(feature = "ai")]
#[test]
fn r14_the_computer_plays_teams_to_the_end() {
    use tablero::AiOptions;
    let mut ended = 0;
    for game_no in 0..4u64 {
        let mut g = Game::new(NewGame {
            kind: TEAMS,
            seed: game_no,
            en_passant: Some(game_no != 3),
            ..NewGame::default()
        })
        .unwrap();
        for ply in 0..400u64 {
            if let Some(r) = g.status().result {
                eprintln!("game {game_no}: {} after {ply} moves", r.reason.code());
                ended += 1;
                break;
            }
            // Red and Yellow at level 4 against Blue and Green at level 1 (swapped in odd
            // games).
            let turn = g.status().turn.unwrap();
            let strong = matches!(turn, Player::Red | Player::Yellow) == (game_no % 2 == 0);
            let opts = AiOptions {
                level: if strong { 4 } else { 1 },
                nodes: Some(if strong { 3_000 } else { 500 }),
                time_ms: None,
                seed: Some(game_no * 1000 + ply),
            };
            let m = g
                .ai_move(&opts)
                .unwrap_or_else(|e| panic!("{e}\n{}", g.fen()));
            assert!(g.legal_moves_uci(None).unwrap().contains(&m.uci));
            g.play_text(&m.uci).unwrap();
        }
        // The save and the PGN4 of whatever was played load back to the same game.
        let back = Game::from_saved(&g.to_saved()).unwrap();
        assert_eq!(back.fen(), g.fen());
        assert_eq!(back.status(), g.status());
        let pgn = Game::new(NewGame {
            kind: TEAMS,
            pgn: Some(g.pgn()),
            ..NewGame::default()
        })
        .unwrap();
        assert_eq!(pgn.fen(), g.fen());
    }
    eprintln!("{ended} of 4 games ended before the cap");
}

/// Levels 1 to 8 each choose a legal move in the start position and in a middlegame with
/// a promotion to choose and kings to capture.
#[cfg(feature = "ai")]
#[test]
fn r14_every_level_chooses_a_legal_move() {
    use tablero::AiOptions;
    let scene = with_kings(&[
        ("e10", "rP"),
        ("h8", "gR"),
        ("n5", "rR"),
        ("d5", "bQ"),
        ("j9", "yN"),
    ]);
    for turn in [Seat::Red, Seat::Blue, Seat::Yellow, Seat::Green] {
        let g = Game::new(NewGame {
            kind: TEAMS,
            fen: Some(fen(turn, &scene, 0)),
            ..NewGame::default()
        })
        .unwrap();
        for level in 1..=8 {
            let m = g
                .ai_move(&AiOptions {
                    level,
                    nodes: Some(2_000),
                    time_ms: None,
                    seed: Some(1),
                })
                .unwrap();
            assert!(g.is_legal_text(&m.uci), "level {level} {turn:?}: {}", m.uci);
        }
    }
}

/// The computer's move for the player to move in `g` at `level`, node-limited.
#[cfg(feature = "ai")]
fn computer(g: &FourGame, level: u8, nodes: u64) -> tablero::ai::AiChoice<tablero::four::Move> {
    let opts = tablero::AiOptions {
        level,
        nodes: Some(nodes),
        time_ms: None,
        seed: Some(3),
    };
    tablero::ai::four::choose_move(g.position(), &opts).unwrap()
}

/// R14.5: Blue's rook checks Red on its back rank; Yellow, to move, is the only one who can
/// stop the mate that comes at Red's turn, and the computer as Yellow takes the rook.
#[cfg(feature = "ai")]
#[test]
fn r14_5_the_computer_rescues_its_partner() {
    let scene = with_kings(&[
        ("g2", "rP"),
        ("h2", "rP"),
        ("i2", "rP"),
        ("d5", "bR"),
        ("d14", "yR"),
        ("k10", "gN"),
    ]);
    for k in 0..4 {
        let mut g = game(Seat::Blue, &scene, k);
        g.play(&rmv("d5d1", k)).unwrap();
        for level in [4, 8] {
            let c = computer(&g, level, 20_000);
            let text = g.describe_move(c.mv).uci;
            assert_eq!(text, rmv("d14d1", k), "level {level}, rotation {k}");
        }
    }
}

/// R14.6: Green's rook attacks Red's king and Green moves next. The computer as Yellow does
/// not take the queen Blue left hanging: it takes the rook, or Green would take Red's king.
#[cfg(feature = "ai")]
#[test]
fn r14_6_the_computer_guards_its_partners_king() {
    let scene = with_kings(&[("h8", "gR"), ("d8", "yR"), ("e11", "bQ"), ("f13", "yN")]);
    for k in 0..4 {
        let g = game(Seat::Yellow, &scene, k);
        let red = rs(Seat::Red, k);
        assert!(g.position().in_check(red));
        // Taking the queen is legal, and loses at once.
        assert!(g.legal_uci(None).unwrap().contains(&rmv("f13e11", k)));
        for level in [4, 8] {
            let c = computer(&g, level, 20_000);
            let mut after = g.clone();
            after.play_move(c.mv).unwrap();
            assert!(
                !after.position().in_check(red),
                "level {level}, rotation {k}: {}",
                g.describe_move(c.mv).uci
            );
        }
    }
}

/// R14.5: a mate is final only at the mated player's turn. Blue's back-rank check is a won
/// game when nobody can help Red, and no win when Red's partner can take the rook first.
#[cfg(feature = "ai")]
#[test]
fn r14_5_the_computer_counts_a_mate_only_at_the_mated_players_turn() {
    let alone = with_kings(&[("g2", "rP"), ("h2", "rP"), ("i2", "rP"), ("d5", "bR")]);
    let helped = with_kings(&[
        ("g2", "rP"),
        ("h2", "rP"),
        ("i2", "rP"),
        ("d5", "bR"),
        ("d14", "yR"),
    ]);
    for k in 0..4 {
        let c = computer(&game(Seat::Blue, &alone, k), 8, 20_000);
        assert!(c.score_cp >= 29_000, "rotation {k}: {}", c.score_cp);
        let g = game(Seat::Blue, &alone, k);
        assert_eq!(g.describe_move(c.mv).uci, rmv("d5d1", k));
        let c = computer(&game(Seat::Blue, &helped, k), 8, 20_000);
        assert!(c.score_cp.abs() < 29_000, "rotation {k}: {}", c.score_cp);
    }
}

fn chesscom(name: &str) -> String {
    let path = format!("{}/tests/data/chesscom/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// R14.9: real chess.com Teams records import to their end (a resignation, a time-out),
/// variations and all, with the winning team chess.com names; their export reads back to the
/// same game.
#[test]
fn r14_9_chesscom_teams_records() {
    for (name, moves, loser, reason) in [
        (
            "teams-26780486.pgn4",
            122,
            Player::Yellow,
            ResultReason::Resignation,
        ),
        (
            "teams-26780489.pgn4",
            61,
            Player::Blue,
            ResultReason::Timeout,
        ),
    ] {
        let g = Game::new(NewGame {
            kind: TEAMS,
            pgn: Some(chesscom(name)),
            ..NewGame::default()
        })
        .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(g.kind(), TEAMS);
        assert_eq!(g.import_note(), None, "{name}");
        let h = g.history();
        assert_eq!(h.len(), moves + 1, "{name}");
        assert_eq!(h.last().unwrap().player, loser);
        let r = g.status().result.expect("over");
        assert_eq!(r.reason, reason, "{name}");
        let winners = if matches!(loser, Player::Red | Player::Yellow) {
            [Player::Blue, Player::Green]
        } else {
            [Player::Red, Player::Yellow]
        };
        assert_eq!(r.winners, winners, "{name}");
        let pgn = g.pgn();
        let tag = if winners[0] == Player::Red {
            "1-0"
        } else {
            "0-1"
        };
        assert!(pgn.contains(&format!("[Result \"{tag}\"]")), "{pgn}");
        let back = Game::new(NewGame {
            kind: TEAMS,
            pgn: Some(pgn.clone()),
            ..NewGame::default()
        })
        .unwrap();
        assert_eq!(back.fen(), g.fen());
        assert_eq!(back.pgn(), pgn);
        assert_eq!(back.status(), g.status());
    }
}

/// R14.3 as chess.com writes it: `=Q`, `=N`, `=B`, `=R` on each player's 11th rank (the
/// promotion test of obryanlouis/4pchess's notation tests).
#[test]
fn r14_3_chesscom_promotions() {
    let text = "[Variant \"Teams\"]\n[RuleVariants \"EnPassant\"]\n\n\
        1. h2-h4 .. b7-d7 .. g13-g11 .. m8-k8\n\
        2. h4-h5 .. d7-e7 .. g11-g10 .. k8-j8\n\
        3. h5-h6 .. e7-f7 .. g10-g9 .. j8-i8\n\
        4. h6-h7 .. f7-g7 .. g9-g8 .. Nn10-m8\n\
        5. h7-h8 .. g7-h7 .. g8-g7 .. Nn5-l6\n\
        6. h8-h9 .. h7-i7 .. g7-g6 .. i8-h8\n\
        7. h9-h10 .. i7-j7 .. g6-g5 .. h8-g8\n\
        8. h10-h11=Q .. j7-k7=N .. g5-g4=B .. g8-f8\n\
        9. Nj1-h2 .. Na5-b7 .. Ne14-g13 .. f8-e8\n\
        10. Ne1-f3 .. Na10-c9 .. Nj14-i12 .. e8-d8=R\n";
    let g = FourGame::from_pgn4(text, 0).unwrap();
    assert_eq!(g.history_len(), 40);
    let at = |sq: &str| {
        g.position()
            .piece_at(tablero::four::Square::parse(sq).unwrap())
    };
    assert_eq!(at("h11"), Some((Seat::Red, Role::Queen, false, false)));
    assert_eq!(at("k7"), Some((Seat::Blue, Role::Knight, false, false)));
    assert_eq!(at("g4"), Some((Seat::Yellow, Role::Bishop, false, false)));
    assert_eq!(at("d8"), Some((Seat::Green, Role::Rook, false, false)));
    let back = FourGame::from_pgn4(&g.pgn4(), 0).unwrap();
    assert_eq!(back.fen4(), g.fen4());
}
