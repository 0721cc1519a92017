use super::*;
use crate::game::tree::{MAX_CLOCK_MS, Score};

fn texts(t: &Tree) -> Vec<&str> {
    t.mainline().map(|id| t.node(id).text.as_str()).collect()
}

#[test]
fn words_are_classified() {
    assert_eq!(classify("12."), Word::Number(""));
    assert_eq!(classify("12...Nf6"), Word::Number("Nf6"));
    assert_eq!(classify("7"), Word::Number(""));
    assert_eq!(classify(".."), Word::Placeholder);
    assert_eq!(classify("0-0"), Word::Move("0-0", None));
    assert_eq!(classify("0-0-0"), Word::Move("0-0-0", None));
    assert_eq!(classify("45-0-12-3"), Word::Result);
    assert_eq!(classify("1/2-1/2"), Word::Result);
    assert_eq!(classify("Z0"), Word::Null(None));
    assert_eq!(classify("0000?"), Word::Null(Some(2)));
    assert_eq!(classify("1-0!"), Word::BadSuffix("1-0!"));
    assert_eq!(classify("..!"), Word::BadSuffix("..!"));
    assert_eq!(classify("e4?!"), Word::Move("e4", Some(6)));
    assert_eq!(classify("!!"), Word::Suffix(3));
    assert_eq!(classify("e4!!!"), Word::BadSuffix("!!!"));
    assert_eq!(classify("Qa11xRa9+#"), Word::Move("Qa11xRa9+#", None));
}

#[test]
fn clocks_and_evals_read_and_write() {
    assert_eq!(parse_clock("0:03:00"), Some(180_000));
    assert_eq!(parse_clock("0:02:59.9"), Some(179_900));
    assert_eq!(parse_clock("1:00:00.125"), Some(3_600_125));
    assert_eq!(parse_clock("99999:59:59.999"), Some(MAX_CLOCK_MS));
    for bad in [
        "999999:99:99",
        "0:60:00",
        "0:00:60",
        "0:00",
        "1:2:3:4",
        "0:00:00.1234",
        "a:00:00",
        "",
    ] {
        assert_eq!(parse_clock(bad), None, "{bad}");
    }
    assert_eq!(format_clock(180_000), "0:03:00");
    assert_eq!(format_clock(179_900), "0:02:59.9");
    assert_eq!(format_clock(3_600_050), "1:00:00.05");
    let e = |s| parse_eval(s).map(|e| (e.score, e.depth));
    assert_eq!(e("0.36"), Some((Score::Cp(36), None)));
    assert_eq!(e("-1.5,20"), Some((Score::Cp(-150), Some(20))));
    assert_eq!(e("+.5"), Some((Score::Cp(50), None)));
    assert_eq!(e("3"), Some((Score::Cp(300), None)));
    assert_eq!(e("#-3"), Some((Score::Mate(-3), None)));
    assert_eq!(e("#4,31"), Some((Score::Mate(4), Some(31))));
    for bad in [
        "",
        "0.123",
        "1.",
        "#",
        "x",
        "0.36,",
        "123456",
        "#123456",
        "0.36,123456",
    ] {
        assert_eq!(parse_eval(bad), None, "{bad}");
    }
    for s in ["0.36", "-1.50,20", "#-3", "0.00", "-0.05", "99999.99"] {
        assert_eq!(format_eval(&parse_eval(s).unwrap()), s);
    }
}

/// The writer's digits (`push_number`, not `format!`) against what `format!` writes, over
/// clocks and evaluations at the edges of their ranges.
#[test]
fn clocks_and_evals_write_as_format_would() {
    use crate::game::tree::Eval;
    for ms in [
        0,
        1,
        10,
        999,
        1_000,
        59_999,
        60_000,
        3_599_999,
        3_600_000,
        MAX_CLOCK_MS,
    ] {
        let (h, m, s, f) = (ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000);
        let frac = format!(".{f:03}");
        let frac = if f == 0 {
            ""
        } else {
            frac.trim_end_matches('0')
        };
        assert_eq!(format_clock(ms), format!("{h}:{m:02}:{s:02}{frac}"), "{ms}");
    }
    for cp in [
        -9_999_999i32,
        -1_234,
        -100,
        -99,
        -5,
        0,
        5,
        10,
        100,
        9_999_999,
    ] {
        let a = cp.unsigned_abs();
        let sign = if cp < 0 { "-" } else { "" };
        for depth in [None, Some(0), Some(99_999)] {
            let d = depth.map_or(String::new(), |d| format!(",{d}"));
            let e = Eval {
                score: Score::Cp(cp),
                depth,
            };
            assert_eq!(
                format_eval(&e),
                format!("{sign}{}.{:02}{d}", a / 100, a % 100)
            );
        }
    }
    for m in [-99_999, -1, 0, 1, 99_999] {
        let e = Eval {
            score: Score::Mate(m),
            depth: Some(7),
        };
        assert_eq!(format_eval(&e), format!("#{m},7"));
    }
}

#[test]
fn comments_attach_where_pgn_says() {
    let m = read("{start} 1. e4 {after e4} ( {before d4} 1. d4 {after d4} ) 1... e5 *").unwrap();
    let t = &m.tree;
    assert_eq!(t.root().comment.as_deref(), Some("start"));
    assert_eq!(t.at(&[0]).unwrap().comment.as_deref(), Some("after e4"));
    let d4 = t.at(&[1]).unwrap();
    assert_eq!(d4.comment_before.as_deref(), Some("before d4"));
    assert_eq!(d4.comment.as_deref(), Some("after d4"));
    assert_eq!(texts(t), ["e4", "e5"]);
    assert_eq!(m.result.as_deref(), Some("*"));
}

#[test]
fn move_numbers_follow_comments_and_variations() {
    let m = read("1. e4 e5 { x } 2. Nf3 (2. f4) Nc6 *").unwrap();
    let turn = cyclic_turns(2, 1, 0);
    let s = write(
        &m.tree,
        &WriteOptions::default(),
        &turn,
        m.result.as_deref(),
    );
    assert_eq!(s, "1. e4 e5 { x } 2. Nf3 ( 2. f4 ) 2... Nc6 *");
    let m = read("1... e5 2. Nf3").unwrap();
    let s = write(
        &m.tree,
        &WriteOptions::default(),
        &cyclic_turns(2, 1, 1),
        None,
    );
    assert_eq!(s, "1... e5 2. Nf3");
}

#[test]
fn broken_commands_are_spaced_apart() {
    // What `str::replace("[%", "[ %")` gives, computed here with the standard library.
    for raw in [
        "a [%clk 0:01 b",
        "[%x [%clk [%eval 1]",
        "[[%%] é[%→",
        "%[%",
        "[%clk 0:00:05] ok [%",
    ] {
        let mut n = Node::default();
        parse_comment(raw, &mut n, false);
        let mut words = String::new();
        let mut rest = raw;
        while let Some((start, end)) = find_command(rest.as_bytes()) {
            tree::push_words(&mut words, &rest[..start]);
            rest = &rest[end + 1..];
        }
        tree::push_words(&mut words, rest);
        let expected = words.replace("[%", "[ %");
        assert_eq!(n.comment.as_deref(), Some(expected.as_str()), "{raw:?}");
        assert!(!tree::has_command_mark(&expected));
    }
    assert!(tree::has_command_mark("x[%"));
    assert!(!tree::has_command_mark("[ % %[ ["));
}
