//! The JS API, exercised from WebAssembly under Node with wasm-bindgen-test
//! (`cargo test --target wasm32-unknown-unknown`, runner `wasm-bindgen-test-runner`).
#![cfg(all(target_arch = "wasm32", target_os = "unknown"))]

use js_sys::{Array, JSON, Object, Reflect};
use tablero::wasm::{Game, new_game};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

fn js(text: &str) -> JsValue {
    JSON::parse(text).expect("test JSON")
}

fn get(v: &JsValue, key: &str) -> JsValue {
    Reflect::get(v, &JsValue::from_str(key)).unwrap()
}

fn str_of(v: &JsValue, key: &str) -> String {
    get(v, key)
        .as_string()
        .unwrap_or_else(|| panic!("{key} is not a string"))
}

fn code(err: JsValue) -> String {
    assert!(
        err.is_instance_of::<js_sys::Error>(),
        "errors are JS Error objects"
    );
    let message = str_of(&err, "message");
    assert!(!message.is_empty());
    str_of(&err, "code")
}

fn game(options: &str) -> Game {
    new_game(Some(js(options))).unwrap_or_else(|e| panic!("newGame({options}): {}", code(e)))
}

fn play(g: &mut Game, mv: &str) -> JsValue {
    g.play(JsValue::from_str(mv))
        .unwrap_or_else(|e| panic!("play({mv}): {}", str_of(&e, "message")))
}

fn len(v: &JsValue) -> u32 {
    v.dyn_ref::<Array>().expect("an array").length()
}

/// The strings of a JS array of strings.
fn strings(v: &JsValue) -> Vec<String> {
    Array::from(v)
        .iter()
        .map(|x| x.as_string().expect("a string"))
        .collect()
}

/// `status().result.winners`.
fn winners(g: &Game) -> Vec<String> {
    strings(&get(&get(&g.status().unwrap(), "result"), "winners"))
}

#[wasm_bindgen_test]
fn default_game_is_chess_from_the_start() {
    let g = new_game(Some(JsValue::UNDEFINED)).unwrap();
    assert_eq!(g.variant(), "chess");
    assert_eq!(len(&g.legal_moves(Some(JsValue::UNDEFINED)).unwrap()), 20);
    assert_eq!(
        len(&g.legal_moves(Some(JsValue::from_str("g1"))).unwrap()),
        2
    );
    assert_eq!(g.perft(JsValue::from_f64(3.0), None).unwrap(), 8902.0);
    let status = g.status().unwrap();
    assert_eq!(str_of(&status, "turn"), "white");
    assert_eq!(get(&status, "over"), JsValue::FALSE);
    assert!(get(&status, "result").is_undefined());
}

#[wasm_bindgen_test]
fn moves_as_uci_san_and_objects() {
    let mut g = game(r#"{"variant":"chess"}"#);
    let m = play(&mut g, "e2e4");
    assert_eq!(str_of(&m, "san"), "e4");
    assert_eq!(str_of(&m, "piece"), "pawn");
    assert_eq!(str_of(&m, "player"), "white");
    let m = g.play(js(r#"{"from":"e7","to":"e5"}"#)).unwrap();
    assert_eq!(str_of(&m, "uci"), "e7e5");
    let m = play(&mut g, "Nf3");
    assert_eq!(str_of(&m, "from"), "g1");
    assert_eq!(len(&g.history().unwrap()), 3);
    let undone = g.undo().unwrap();
    assert_eq!(str_of(&undone, "san"), "Nf3");
    assert_eq!(len(&g.history().unwrap()), 2);
    // Castling is the king's move.
    for mv in ["Nf3", "Nc6", "Bc4", "Bc5"] {
        play(&mut g, mv);
    }
    let castle = play(&mut g, "e1g1");
    assert_eq!(str_of(&castle, "san"), "O-O");
    assert_eq!(str_of(&castle, "to"), "g1");
}

#[wasm_bindgen_test]
fn promotion_with_object_and_uci() {
    let mut g = game(r#"{"fen":"8/4P2k/8/8/8/8/8/4K3 w - - 0 1"}"#);
    let m = g
        .play(js(r#"{"from":"e7","to":"e8","promotion":"n"}"#))
        .unwrap();
    assert_eq!(str_of(&m, "san"), "e8=N");
    assert_eq!(str_of(&m, "promotion"), "n");
    g.undo().unwrap();
    let m = play(&mut g, "e7e8q");
    assert_eq!(str_of(&m, "san"), "e8=Q");
    // Without a promotion piece the move is incomplete.
    g.undo().unwrap();
    assert_eq!(
        code(g.play(js(r#"{"from":"e7","to":"e8"}"#)).unwrap_err()),
        "illegal-move"
    );
}

#[wasm_bindgen_test]
fn bad_input_never_breaks_a_game() {
    let mut g = game(r#"{"variant":"3check"}"#);
    play(&mut g, "e4");
    let fen = g.fen();
    let history = JSON::stringify(&g.history().unwrap()).unwrap();

    let bad_moves = [
        JsValue::from_str(""),
        JsValue::from_str("zz"),
        JsValue::from_str("e2e4"),
        JsValue::from_str("e7e9"),
        JsValue::from_str("Qxh9"),
        JsValue::from_str("O-O"),
        JsValue::from_str(&"e5".repeat(10_000)),
        JsValue::from_str("\u{0}\u{ffff}"),
        JsValue::from_f64(42.0),
        JsValue::from_f64(f64::NAN),
        JsValue::from_f64(1e300),
        JsValue::TRUE,
        JsValue::UNDEFINED,
        JsValue::NULL,
        Array::new().into(),
        Object::new().into(),
        js(r#"{"from":"e7"}"#),
        js(r#"{"from":42,"to":[]}"#),
        js(r#"{"from":"e7","to":"e5","promotion":"k"}"#),
        js(r#"{"from":"e7","to":"e5","promotion":7}"#),
    ];
    for bad in bad_moves.iter() {
        let err = g.play(bad.clone()).expect_err("a bad move must be refused");
        let c = code(err);
        assert!(c == "illegal-move" || c == "invalid-argument", "code {c}");
        assert_eq!(g.fen(), fen);
    }
    for bad in [
        JsValue::from_f64(3.0),
        JsValue::from_str("z9"),
        JsValue::TRUE,
        Object::new().into(),
    ] {
        assert_eq!(
            code(g.legal_moves(Some(bad)).unwrap_err()),
            "invalid-argument"
        );
    }
    for bad in [
        JsValue::from_f64(-1.0),
        JsValue::from_f64(1e12),
        JsValue::from_f64(2.5),
        JsValue::from_str("3"),
        JsValue::UNDEFINED,
    ] {
        assert_eq!(code(g.perft(bad, None).unwrap_err()), "invalid-argument");
    }
    for bad in [
        JsValue::from_str("purple"),
        JsValue::from_f64(1.0),
        JsValue::TRUE,
    ] {
        assert_eq!(code(g.resign(Some(bad)).unwrap_err()), "invalid-argument");
    }
    for bad in [
        JsValue::from_f64(1.0),
        JsValue::from_str("not json"),
        JsValue::from_str("{}"),
        js(
            r#"{"format":"tablero-game","version":1,"seed":0,"variant":"chess","startFen":"x","moves":[]}"#,
        ),
        js(
            r#"{"format":"tablero-game","version":1,"seed":0,"variant":"chess","startFen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","moves":["e2e5"]}"#,
        ),
        js(
            r#"{"format":"tablero-game","version":1,"seed":-4,"variant":"chess","startFen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","moves":[]}"#,
        ),
        js(
            r#"{"format":"tablero-game","version":9,"seed":0,"variant":"chess","startFen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","moves":[]}"#,
        ),
    ] {
        let c = code(Game::from_json(bad).map(|_| ()).unwrap_err());
        assert!(c == "invalid-argument" || c == "invalid-fen", "code {c}");
    }
    for (bad, expected) in [
        (r#"{"variant":"xiangqi"}"#, "invalid-argument"),
        (r#"{"varient":"chess"}"#, "invalid-argument"),
        (r#"{"variant":7}"#, "invalid-argument"),
        (r#"{"seed":-1}"#, "invalid-argument"),
        (r#"{"seed":1e300}"#, "invalid-argument"),
        (r#"{"fen":"8/8/8/8/8/8/8/8 w - - 0 1"}"#, "invalid-fen"),
        (r#"{"fen":"garbage"}"#, "invalid-fen"),
        (r#"{"pgn":"1. e4 e5 2. Ke3"}"#, "invalid-pgn"),
        (
            r#"{"fen":"8/8/8/8/8/8/8/8 w - - 0 1","pgn":"1. e4"}"#,
            "invalid-argument",
        ),
        (r#"{"rules":"ffa"}"#, "invalid-argument"),
    ] {
        assert_eq!(
            code(new_game(Some(js(bad))).map(|_| ()).unwrap_err()),
            expected,
            "{bad}"
        );
    }
    assert_eq!(
        code(
            new_game(Some(JsValue::from_str("chess")))
                .map(|_| ())
                .unwrap_err()
        ),
        "invalid-argument"
    );

    // Nothing above touched the game.
    assert_eq!(g.fen(), fen);
    assert_eq!(JSON::stringify(&g.history().unwrap()).unwrap(), history);

    // It still plays a whole game: three checks win.
    for mv in ["e5", "Bc4", "Nc6", "Bxf7+", "Kxf7", "Qh5+", "g6", "Qxg6+"] {
        play(&mut g, mv);
    }
    let status = g.status().unwrap();
    assert_eq!(get(&status, "over"), JsValue::TRUE);
    let result = get(&status, "result");
    assert_eq!(strings(&get(&result, "winners")), ["white"]);
    assert_eq!(str_of(&result, "reason"), "third-check");
    let score = g.score().unwrap();
    assert_eq!(
        get(&Reflect::get_u32(&score, 0).unwrap(), "checks").as_f64(),
        Some(3.0)
    );

    // Moves after the end are refused with game-over, and so is resigning.
    assert_eq!(
        code(g.play(JsValue::from_str("Kf8")).unwrap_err()),
        "game-over"
    );
    assert_eq!(
        code(g.resign(Some(JsValue::UNDEFINED)).unwrap_err()),
        "game-over"
    );
    assert_eq!(len(&g.legal_moves(Some(JsValue::UNDEFINED)).unwrap()), 0);
}

#[wasm_bindgen_test]
fn checkmate_resign_and_claims() {
    let mut g = game("{}");
    for mv in ["f3", "e5", "g4", "Qh4#"] {
        play(&mut g, mv);
    }
    let result = get(&g.status().unwrap(), "result");
    assert_eq!(str_of(&result, "reason"), "checkmate");
    assert_eq!(winners(&g), ["black"]);
    assert!(
        get(&result, "winner").is_undefined(),
        "the old shape is gone"
    );
    assert!(g.pgn().contains("4. g4 Qh4# 0-1") || g.pgn().contains("2. g4 Qh4# 0-1"));

    let mut g = game("{}");
    assert!(!g.claim_draw());
    g.resign(Some(JsValue::from_str("black"))).unwrap();
    let result = get(&g.status().unwrap(), "result");
    assert_eq!(str_of(&result, "reason"), "resignation");
    assert_eq!(winners(&g), ["white"]);
    g.undo().unwrap();
    assert_eq!(get(&g.status().unwrap(), "over"), JsValue::FALSE);

    // Knights out and back twice: the start position occurs a third time.
    let mut g = game("{}");
    for mv in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"] {
        play(&mut g, mv);
    }
    assert_eq!(get(&g.status().unwrap(), "canClaimDraw"), JsValue::TRUE);
    assert!(g.claim_draw());
    let result = get(&g.status().unwrap(), "result");
    assert_eq!(str_of(&result, "reason"), "threefold-repetition");
    assert!(winners(&g).is_empty(), "a draw has no winners");
}

#[wasm_bindgen_test]
fn variants_end_as_their_rules_say() {
    let mut g = game(r#"{"variant":"kingofthehill","fen":"8/8/8/8/8/2K5/8/7k w - - 0 1"}"#);
    play(&mut g, "Kd4");
    assert_eq!(
        str_of(&get(&g.status().unwrap(), "result"), "reason"),
        "king-of-the-hill"
    );

    let mut g = game(r#"{"variant":"racingkings","fen":"8/6K1/8/8/8/8/k7/8 w - - 0 1"}"#);
    play(&mut g, "Kg8");
    // Black gets a reply but cannot reach rank 8 from a2: White wins at once.
    let result = get(&g.status().unwrap(), "result");
    assert_eq!(str_of(&result, "reason"), "race");
    assert_eq!(winners(&g), ["white"]);
    assert_eq!(g.variant(), "racingkings");
}

#[wasm_bindgen_test]
fn save_and_restore() {
    let mut g = game(r#"{"variant":"3check","seed":7}"#);
    for mv in ["e4", "e5", "Bc4"] {
        play(&mut g, mv);
    }
    let saved = g.to_json().unwrap();
    let text = JSON::stringify(&saved).unwrap().as_string().unwrap();
    let h = Game::from_json(JsValue::from_str(&text)).unwrap();
    assert_eq!(h.fen(), g.fen());
    assert_eq!(h.variant(), "3check");
    assert_eq!(h.seed(), 7.0);
    assert_eq!(len(&h.history().unwrap()), 3);

    // A game read back from its PGN is the same game.
    let pgn = g.pgn();
    let k = new_game(Some({
        let o = Object::new();
        Reflect::set(&o, &"pgn".into(), &JsValue::from_str(&pgn)).unwrap();
        o.into()
    }))
    .unwrap();
    assert_eq!(k.fen(), g.fen());
    assert_eq!(k.variant(), "3check");
}

#[wasm_bindgen_test]
fn board_lists_every_piece() {
    let g = game("{}");
    let board = g.board().unwrap();
    assert_eq!(len(&board), 32);
    let e1 = Array::from(&board)
        .iter()
        .find(|p| str_of(p, "square") == "e1")
        .expect("a piece on e1");
    assert_eq!(str_of(&e1, "piece"), "king");
    assert_eq!(str_of(&e1, "color"), "white");
}

const FOUR_START: &str = "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-x,x,x,yR,yN,yB,yK,yQ,yB,yN,yR,x,x,x/x,x,x,yP,yP,yP,yP,yP,yP,yP,yP,x,x,x/x,x,x,8,x,x,x/bR,bP,10,gP,gR/bN,bP,10,gP,gN/bB,bP,10,gP,gB/bQ,bP,10,gP,gK/bK,bP,10,gP,gQ/bB,bP,10,gP,gB/bN,bP,10,gP,gN/bR,bP,10,gP,gR/x,x,x,8,x,x,x/x,x,x,rP,rP,rP,rP,rP,rP,rP,rP,x,x,x/x,x,x,rR,rN,rB,rQ,rK,rB,rN,rR,x,x,x";

#[wasm_bindgen_test]
fn four_player_through_the_same_api() {
    let mut g = game(r#"{"variant":"fourplayer"}"#);
    assert_eq!(g.variant(), "fourplayer");
    assert_eq!(g.rules().as_string().as_deref(), Some("ffa"));
    assert_eq!(g.fen(), FOUR_START, "R5.2 start position");
    assert_eq!(len(&g.legal_moves(Some(JsValue::UNDEFINED)).unwrap()), 20);
    assert_eq!(g.perft(JsValue::from_f64(2.0), None).unwrap(), 395.0, "R8");
    let status = g.status().unwrap();
    assert_eq!(str_of(&status, "turn"), "red");

    let m = play(&mut g, "h2h4");
    assert_eq!(str_of(&m, "player"), "red");
    assert_eq!(str_of(&m, "san"), "h2-h4");
    let m = play(&mut g, "b7-c7");
    assert_eq!(str_of(&m, "player"), "blue");
    let m = g.play(js(r#"{"from":"g13","to":"g12"}"#)).unwrap();
    assert_eq!(str_of(&m, "player"), "yellow");
    assert_eq!(str_of(&g.status().unwrap(), "turn"), "green");
    let fen = g.fen();

    for bad in [
        JsValue::from_str("h2h5"),
        JsValue::from_str("o9o10"),
        JsValue::from_str("e2e4"),
        JsValue::from_f64(1.0),
        js(r#"{"from":"m8","to":"l8","promotion":"n"}"#),
    ] {
        assert_eq!(code(g.play(bad).unwrap_err()), "illegal-move");
        assert_eq!(g.fen(), fen);
    }
    assert_eq!(
        code(g.resign(Some(JsValue::from_str("white"))).unwrap_err()),
        "invalid-argument"
    );
    assert_eq!(
        code(g.legal_moves(Some(JsValue::from_str("z99"))).unwrap_err()),
        "invalid-argument"
    );

    // Saved and restored by replay.
    let saved = JSON::stringify(&g.to_json().unwrap())
        .unwrap()
        .as_string()
        .unwrap();
    let h = Game::from_json(JsValue::from_str(&saved)).unwrap();
    assert_eq!(h.fen(), fen);
    assert_eq!(len(&h.history().unwrap()), 3);
    // And through PGN4.
    let o = Object::new();
    Reflect::set(&o, &"variant".into(), &"fourplayer".into()).unwrap();
    Reflect::set(&o, &"pgn".into(), &JsValue::from_str(&g.pgn())).unwrap();
    let k = new_game(Some(o.into())).unwrap();
    assert_eq!(k.fen(), fen);

    assert!(g.undo().unwrap().is_object());
    assert_eq!(str_of(&g.status().unwrap(), "turn"), "yellow");

    let scores = g.score().unwrap();
    assert_eq!(len(&scores), 4);
    let first = Reflect::get_u32(&scores, 0).unwrap();
    assert_eq!(str_of(&first, "player"), "red");
    assert_eq!(get(&first, "points").as_f64(), Some(0.0));
    assert_eq!(str_of(&first, "status"), "active");

    let board = g.board().unwrap();
    assert_eq!(len(&board), 64);
}

/// R5.11: a checkmate scores 20 for the mover, even when another player gives the check, and
/// the mated player's pieces turn grey (R5.16).
#[wasm_bindgen_test]
fn four_player_checkmate_scores_twenty() {
    // Blue's king a7 is in check from Yellow's rook a11; Red's rook e10-b10 closes the b-file.
    let fen = "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-x,x,x,3,yK,4,x,x,x/x,x,x,8,x,x,x/x,x,x,8,x,x,x/yR,13/4,rR,9/14/13,gK/bK,13/14/4,bP,9/14/x,x,x,8,x,x,x/x,x,x,8,x,x,x/x,x,x,4,rK,3,x,x,x";
    let mut g = game(&format!(r#"{{"variant":"fourplayer","fen":"{fen}"}}"#));
    let m = play(&mut g, "e10b10");
    assert_eq!(get(&m, "points").as_f64(), Some(20.0));
    let eliminated = get(&m, "eliminated");
    assert_eq!(len(&eliminated), 1);
    let e = Reflect::get_u32(&eliminated, 0).unwrap();
    assert_eq!(str_of(&e, "player"), "blue");
    assert_eq!(str_of(&e, "reason"), "checkmated");
    assert!(str_of(&m, "san").ends_with('#'));
    // Blue is out and skipped: Yellow moves next.
    assert_eq!(str_of(&g.status().unwrap(), "turn"), "yellow");
    let board = Array::from(&g.board().unwrap());
    let blue_king = board
        .iter()
        .find(|p| str_of(p, "square") == "a7")
        .expect("the blue king stays on the board");
    assert_eq!(get(&blue_king, "grey"), JsValue::TRUE);
    let blue = Reflect::get_u32(&g.score().unwrap(), 1).unwrap();
    assert_eq!(str_of(&blue, "status"), "checkmated");
    let red = Reflect::get_u32(&g.score().unwrap(), 0).unwrap();
    assert_eq!(get(&red, "points").as_f64(), Some(20.0));
}

#[wasm_bindgen_test]
fn computer_opponent_from_javascript() {
    // Scholar's mate is on the board: Qxf7# is the only mating move.
    let g = game(
        r#"{"fen":"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4","seed":3}"#,
    );
    let fen = g.fen();
    for level in [4.0, 8.0] {
        let o = Object::new();
        Reflect::set(&o, &"level".into(), &JsValue::from_f64(level)).unwrap();
        Reflect::set(&o, &"nodes".into(), &JsValue::from_f64(20_000.0)).unwrap();
        let m = g.ai_move(Some(o.into())).unwrap();
        assert_eq!(str_of(&m, "san"), "Qxf7#", "level {level}");
    }
    assert_eq!(g.fen(), fen, "aiMove does not play the move");

    let a = g.analyse(Some(js(r#"{"timeMs":200}"#))).unwrap();
    assert_eq!(str_of(&get(&a, "move"), "san"), "Qxf7#");
    assert_eq!(get(&a, "mate").as_f64(), Some(1.0));
    assert!(len(&get(&a, "pv")) >= 1);

    for bad in [
        r#"{"level":0}"#,
        r#"{"level":9}"#,
        r#"{"level":2.5}"#,
        r#"{"timeMs":-5}"#,
        r#"{"nodes":0}"#,
        r#"{"lvl":3}"#,
    ] {
        assert_eq!(
            code(g.ai_move(Some(js(bad))).unwrap_err()),
            "invalid-argument",
            "{bad}"
        );
    }
    assert_eq!(
        code(g.ai_move(Some(JsValue::from_str("hard"))).unwrap_err()),
        "invalid-argument"
    );

    let mut over = game("{}");
    for mv in ["f3", "e5", "g4", "Qh4#"] {
        play(&mut over, mv);
    }
    assert_eq!(
        code(over.ai_move(Some(JsValue::UNDEFINED)).unwrap_err()),
        "game-over"
    );
}

/// The computer finds the four-player mate worth 20 points (R5.11) from JavaScript too.
#[wasm_bindgen_test]
fn four_player_computer_finds_the_mate() {
    let fen = "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-x,x,x,3,yK,4,x,x,x/x,x,x,8,x,x,x/x,x,x,8,x,x,x/yR,13/4,rR,9/14/13,gK/bK,13/14/4,bP,9/14/x,x,x,8,x,x,x/x,x,x,8,x,x,x/x,x,x,4,rK,3,x,x,x";
    let g = game(&format!(r#"{{"variant":"fourplayer","fen":"{fen}"}}"#));
    let m = g.ai_move(Some(js(r#"{"level":8,"nodes":20000}"#))).unwrap();
    assert_eq!(str_of(&m, "uci"), "e10b10");
    assert_eq!(get(&m, "points").as_f64(), Some(20.0));
    let a = g.analyse(Some(js(r#"{"timeMs":100}"#))).unwrap();
    assert_eq!(str_of(&get(&a, "move"), "uci"), "e10b10");
}

#[wasm_bindgen_test]
fn players_facts_ply_and_earlier_positions() {
    let mut g = game(r#"{"variant":"kingofthehill"}"#);
    assert_eq!(strings(&g.players().unwrap()), ["white", "black"]);
    let facts = g.facts().unwrap();
    assert_eq!(strings(&get(&facts, "hill")), ["d4", "e4", "d5", "e5"]);
    assert!(get(&facts, "finishRank").is_null());
    assert_eq!(get(&facts, "files").as_f64(), Some(8.0));
    let start = g.fen();
    for mv in ["e4", "e5"] {
        play(&mut g, mv);
    }
    assert_eq!(g.ply(), 2);
    let view = g.position_at(JsValue::from_f64(0.0)).unwrap();
    assert_eq!(str_of(&view, "fen"), start);
    assert!(get(&view, "lastMove").is_undefined());
    let view = g.position_at(JsValue::from_f64(1.0)).unwrap();
    assert_eq!(str_of(&view, "turn"), "black");
    assert_eq!(str_of(&get(&view, "lastMove"), "san"), "e4");
    for bad in [
        JsValue::from_f64(3.0),
        JsValue::from_f64(-1.0),
        JsValue::from_f64(0.5),
        JsValue::from_str("1"),
        JsValue::UNDEFINED,
    ] {
        assert_eq!(code(g.position_at(bad).unwrap_err()), "invalid-argument");
    }
    assert_eq!(g.ply(), 2, "positionAt changes nothing");

    let g = game(r#"{"variant":"fourplayer","rules":"kingdoms"}"#);
    assert_eq!(
        strings(&g.players().unwrap()),
        ["red", "green", "yellow", "blue"],
        "R6.1: counter-clockwise"
    );
    let status = g.status().unwrap();
    assert_eq!(len(&get(&status, "inCheck")), 0);
    assert_eq!(get(&status, "canClaimDraw"), JsValue::FALSE);
}

#[wasm_bindgen_test]
fn two_player_status_lists_the_checked_player() {
    let mut g = game("{}");
    for mv in ["e4", "f5", "Qh5+"] {
        play(&mut g, mv);
    }
    let status = g.status().unwrap();
    assert_eq!(strings(&get(&status, "inCheck")), ["black"]);
    let m = Reflect::get_u32(&g.history().unwrap(), 2).unwrap();
    assert_eq!(strings(&get(&m, "checks")), ["black"]);
    assert_eq!(get(&m, "check"), JsValue::TRUE);
}

/// R14 from JavaScript: the `teams` preset, its perft (R14.10), promotion to any piece on the
/// 11th rank (R14.3), the `enPassant` option (R14.4) and the winning team (R14.7).
#[wasm_bindgen_test]
fn teams_through_the_same_api() {
    let g = game(r#"{"variant":"fourplayer","rules":"teams"}"#);
    assert_eq!(g.rules().as_string().as_deref(), Some("teams"));
    assert_eq!(
        g.perft(JsValue::from_f64(3.0), None).unwrap(),
        7800.0,
        "R14.10"
    );
    let scores = g.score().unwrap();
    let first = Reflect::get_u32(&scores, 0).unwrap();
    assert_eq!(
        get(&first, "points").as_f64(),
        Some(39.0),
        "material, not points"
    );

    // Red's pawn e10 promotes on e11 to a knight; a king is refused.
    let fen = "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-x,x,x,3,yK,4,x,x,x/x,x,x,8,x,x,x/x,x,x,8,x,x,x/14/4,rP,9/14/13,gK/bK,13/14/14/14/x,x,x,8,x,x,x/x,x,x,8,x,x,x/x,x,x,4,rK,3,x,x,x";
    let mut g = game(&format!(
        r#"{{"variant":"fourplayer","rules":"teams","fen":"{fen}"}}"#
    ));
    let bad = g.play(js(r#"{"from":"e10","to":"e11","promotion":"k"}"#));
    assert_eq!(code(bad.unwrap_err()), "illegal-move");
    assert_eq!(g.fen(), fen);
    let m = g
        .play(js(r#"{"from":"e10","to":"e11","promotion":"n"}"#))
        .unwrap();
    assert_eq!(str_of(&m, "san"), "e10-e11=N");
    assert_eq!(str_of(&m, "promotion"), "n");

    let mut g = game(r#"{"variant":"fourplayer","rules":"teams","enPassant":false}"#);
    assert!(g.fen().contains("'noEnPassant':true"));
    assert!(g.pgn().contains("[RuleVariants \"\"]"));
    for bad in [
        r#"{"variant":"fourplayer","enPassant":false}"#,
        r#"{"variant":"fourplayer","rules":"teams","enPassant":"no"}"#,
    ] {
        let Err(e) = new_game(Some(js(bad))) else {
            panic!("newGame({bad}) accepted")
        };
        assert_eq!(code(e), "invalid-argument");
    }
    g.resign(Some(JsValue::from_str("green"))).unwrap();
    assert_eq!(winners(&g), ["red", "yellow"]);
    assert_eq!(
        str_of(&get(&g.status().unwrap(), "result"), "reason"),
        "resignation"
    );
}
