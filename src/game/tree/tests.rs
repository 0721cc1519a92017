use super::*;

fn line(tree: &mut Tree, path: &[usize], moves: &[&str]) -> Vec<usize> {
    let mut p = path.to_vec();
    for m in moves {
        p = tree.add(&p, m).unwrap();
    }
    p
}

#[test]
fn add_reuses_an_existing_child_and_appends_variations() {
    let mut t = Tree::new();
    line(&mut t, &[], &["e4", "e5", "Nf3"]);
    assert_eq!(t.add(&[], "e4").unwrap(), [0]);
    assert_eq!(t.add(&[0], "c5").unwrap(), [0, 1]);
    assert_eq!(t.add(&[0], "e6").unwrap(), [0, 2]);
    assert_eq!(t.add(&[0, 1], "Nf3").unwrap(), [0, 1, 0]);
    assert_eq!(t.len(), 6);
    let main: Vec<&str> = t.mainline().map(|id| t.node(id).text.as_str()).collect();
    assert_eq!(main, ["e4", "e5", "Nf3"]);
    assert_eq!(t.mainline_path(), [0, 0, 0]);
    let id = t.id_at(&[0, 1, 0]).unwrap();
    assert_eq!(t.path_of(id), [0, 1, 0]);
    assert_eq!(t.ply_of(id), 3);
    assert_eq!(t.variation_depth(id), 1);
    assert!(t.add(&[5], "e4").is_err());
    for bad in ["", "e4!", "e 4", "{", "1.", "1-0", "*", "..", "$1", "e4)"] {
        let e = t.add(&[], bad).unwrap_err();
        assert_eq!(e.kind, ErrorKind::InvalidArgument, "{bad:?}");
    }
    assert_eq!(t.len(), 6, "refused adds change nothing");
}

#[test]
fn promote_makes_the_line_main_at_every_level() {
    let mut t = Tree::new();
    line(&mut t, &[], &["e4", "e5", "Nf3"]);
    line(&mut t, &[0], &["c5", "Nf3", "d6"]);
    let deep = line(&mut t, &[0, 1], &["c3", "Nf6"]); // [0, 1, 1, 0]
    line(&mut t, &[], &["d4"]);
    assert_eq!(deep, [0, 1, 1, 0]);
    let id = t.id_at(&deep).unwrap();
    assert_eq!(t.promote(&deep).unwrap(), [0, 0, 0, 0]);
    assert_eq!(t.path_of(id), [0, 0, 0, 0]);
    let main: Vec<&str> = t.mainline().map(|id| t.node(id).text.as_str()).collect();
    assert_eq!(main, ["e4", "c5", "c3", "Nf6"]);
    // The lines passed keep their order after the promoted one.
    assert_eq!(t.at(&[0, 1]).unwrap().text, "e5");
    assert_eq!(t.at(&[0, 0, 1]).unwrap().text, "Nf3");
    assert_eq!(t.at(&[1]).unwrap().text, "d4");
    assert!(t.promote(&[]).is_err());
    assert!(t.promote(&[9]).is_err());
}

#[test]
fn delete_removes_a_move_and_what_follows() {
    let mut t = Tree::new();
    line(&mut t, &[], &["e4", "e5", "Nf3"]);
    line(&mut t, &[0], &["c5", "Nf3"]);
    line(&mut t, &[0], &["e6"]);
    t.delete(&[0, 0]).unwrap();
    assert_eq!(t.len(), 4);
    assert_eq!(t.at(&[0, 0]).unwrap().text, "c5");
    assert_eq!(t.at(&[0, 1]).unwrap().text, "e6");
    assert_eq!(t.at(&[0, 0, 0]).unwrap().text, "Nf3");
    // Links are consistent after compaction.
    for id in t.ids() {
        for &c in t.node(id).children() {
            assert_eq!(t.node(c).parent(), Some(id));
            assert!(c > id);
        }
    }
    assert!(t.delete(&[]).is_err());
    t.delete(&[0]).unwrap();
    assert!(t.is_empty());
    assert_eq!(t, Tree::new());
}

#[test]
fn annotate_merges_and_null_removes() {
    let mut t = Tree::new();
    line(&mut t, &[], &["e4"]);
    let a = Annotation {
        comment: Some(Some("  a\n good   move ".into())),
        nags: Some(vec![1, 1, 14]),
        clock: Some(Some(180_000)),
        eval: Some(Some(Eval {
            score: Score::Cp(36),
            depth: Some(20),
        })),
        arrows: Some(vec![Arrow {
            color: 'G',
            from: "e2".into(),
            to: "e4".into(),
        }]),
        ..Annotation::default()
    };
    t.annotate(&[0], &a).unwrap();
    let n = t.at(&[0]).unwrap();
    assert_eq!(n.comment.as_deref(), Some("a good move"));
    assert_eq!(n.nags, [1, 14]);
    assert_eq!(n.clock, Some(180_000));
    t.annotate(
        &[0],
        &Annotation {
            comment: Some(None),
            ..Annotation::default()
        },
    )
    .unwrap();
    let n = t.at(&[0]).unwrap();
    assert_eq!((n.comment.as_deref(), n.clock), (None, Some(180_000)));
    let before = t.clone();
    for bad in [
        Annotation {
            comment: Some(Some("a } b".into())),
            ..Annotation::default()
        },
        Annotation {
            comment: Some(Some("[%clk 0:00:01]".into())),
            ..Annotation::default()
        },
        Annotation {
            nags: Some((0..=40).collect()),
            ..Annotation::default()
        },
        Annotation {
            clock: Some(Some(MAX_CLOCK_MS + 1)),
            ..Annotation::default()
        },
        Annotation {
            arrows: Some(vec![Arrow {
                color: 'g',
                from: "e2".into(),
                to: "e4".into(),
            }]),
            ..Annotation::default()
        },
        Annotation {
            highlights: Some(vec![Highlight {
                color: 'R',
                square: "e0".into(),
            }]),
            ..Annotation::default()
        },
    ] {
        assert!(t.annotate(&[0], &bad).is_err(), "{bad:?}");
        assert_eq!(t, before);
    }
    assert!(
        t.annotate(
            &[],
            &Annotation {
                nags: Some(vec![1]),
                ..Annotation::default()
            }
        )
        .is_err()
    );
    t.annotate(
        &[],
        &Annotation {
            comment: Some(Some("game".into())),
            ..Annotation::default()
        },
    )
    .unwrap();
    assert_eq!(t.root().comment.as_deref(), Some("game"));
}

#[test]
fn squares_of_both_boards() {
    for s in ["a1", "h8", "m6", "i12", "n14"] {
        assert!(is_square(s), "{s}");
    }
    for s in ["", "a", "a0", "A1", "a01", "a100", "1a", "e4e"] {
        assert!(!is_square(s), "{s}");
    }
}

#[test]
fn variation_depth_is_bounded() {
    let mut t = Tree::new();
    let mut p = t.add(&[], "a").unwrap();
    for _ in 0..MAX_VARIATION_DEPTH {
        // A main continuation, then a variation of it: one level deeper each time.
        t.add(&p, "x").unwrap();
        p = t.add(&p, "y").unwrap();
    }
    assert_eq!(t.max_variation_depth(), MAX_VARIATION_DEPTH);
    t.add(&p, "x").unwrap();
    let e = t.add(&p, "y").unwrap_err();
    assert_eq!(e.kind, ErrorKind::InvalidArgument);
}

#[test]
fn messages_write_paths_and_values_as_debug_does() {
    for p in [&[][..], &[0][..], &[3, 0, 12][..]] {
        assert_eq!(path_text(p), format!("{p:?}"));
    }
    let evals = [
        Eval {
            score: Score::Cp(-36),
            depth: Some(20),
        },
        Eval {
            score: Score::Mate(3),
            depth: None,
        },
    ];
    for e in evals {
        assert_eq!(eval_text(&e), format!("{e:?}"));
    }
    let mut t = Tree::new();
    line(&mut t, &[], &["e4"]);
    let arrow = Arrow {
        color: 'g',
        from: "e2\"".to_string(),
        to: "e4".to_string(),
    };
    let highlight = Highlight {
        color: 'G',
        square: "z0".to_string(),
    };
    let far = Eval {
        score: Score::Cp(i32::MAX),
        depth: None,
    };
    let cases = [
        (
            Annotation {
                arrows: Some(vec![arrow.clone()]),
                ..Annotation::default()
            },
            format!("{arrow:?}"),
        ),
        (
            Annotation {
                highlights: Some(vec![highlight.clone()]),
                ..Annotation::default()
            },
            format!("{highlight:?}"),
        ),
        (
            Annotation {
                eval: Some(Some(far)),
                ..Annotation::default()
            },
            format!("{far:?}"),
        ),
    ];
    for (a, shown) in cases {
        let e = t.annotate(&[0], &a).unwrap_err();
        assert!(
            e.message.ends_with(&format!("got {shown}")),
            "{}",
            e.message
        );
    }
    let e = t.annotate(&[0, 0, 1], &Annotation::default()).unwrap_err();
    assert!(
        e.message.ends_with("no move at path [0, 0, 1]"),
        "{}",
        e.message
    );
}
