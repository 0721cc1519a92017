//! The move tree and the one PGN/PGN4 movetext reader and writer (issue 49): real dialects
//! (lichess, chess.com, ChessBase, chess.com PGN4), every suffix NAG, a round trip over random
//! trees, and hostile inputs.

use tablero::ErrorKind;
use tablero::game::movetext::{Dialect, Movetext, Turn, WriteOptions, cyclic_turns, read, write};
use tablero::game::tree::{
    Annotation, Arrow, Command, Eval, Highlight, MAX_CLOCK_MS, MAX_COMMENT_BYTES, MAX_NAGS,
    MAX_NODES, MAX_VARIATION_DEPTH, NodeId, Score, Tree,
};

fn texts(t: &Tree, path: &[usize]) -> Vec<String> {
    // The line from the node at `path` along children[0].
    let mut out = Vec::new();
    let mut id = t.id_at(path).expect("path exists");
    out.push(t.node(id).text.clone());
    while let Some(&c) = t.node(id).children().first() {
        out.push(t.node(c).text.clone());
        id = c;
    }
    out
}

fn two() -> impl Fn(NodeId, usize) -> Turn {
    cyclic_turns(2, 1, 0)
}

/// A lichess study/game export: evals (pawns, mate, depth), clocks, suffix and `$` NAGs, a
/// variation with a nested variation, analysis comments with text beside the commands.
const LICHESS: &str = "1. e4 { [%eval 0.36] [%clk 0:03:00] } 1... e5?! { [%eval 0.7] [%clk 0:02:59] } \
( 1... c5 { Sicilian } 2. Nf3 ( 2. c3 { [%eval 0.2,24] } 2... d5 ) 2... d6 ) 2. Nf3 $1 \
{ [%eval 0.6] [%clk 0:02:58] } 2... Nc6 { [%eval 0.55] [%clk 0:02:57] } 3. Bb5 \
{ [%eval 0.4] [%clk 0:02:55] } 3... a6?? { (0.40 → 2.10) Blunder. Nf6 was best. } \
{ [%eval 2.1] [%clk 0:02:50] } ( 3... Nf6 { [%eval 0.3] [%cal Gb5c6,Rf6e4] [%csl Ge4] } \
4. O-O ) 4. Qh5 { [%eval #3,30] [%clk 0:02:41] } 4... Qe7 $4 { [%eval #-2] } 1-0";

#[test]
fn a_lichess_export_keeps_every_annotation() {
    let m = read(LICHESS).unwrap();
    let t = &m.tree;
    assert_eq!(m.result.as_deref(), Some("1-0"));
    assert_eq!(
        texts(t, &[0]),
        ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Qh5", "Qe7"]
    );
    assert_eq!(t.len(), 8 + 3 + 2 + 2);
    let e4 = t.at(&[0]).unwrap();
    assert_eq!(
        e4.eval,
        Some(Eval {
            score: Score::Cp(36),
            depth: None
        })
    );
    assert_eq!(e4.clock, Some(180_000));
    assert_eq!(e4.comment, None, "a comment of commands alone has no text");
    let e5 = t.at(&[0, 0]).unwrap();
    assert_eq!(
        (e5.nags.as_slice(), e5.eval),
        (
            &[6u8][..],
            Some(Eval {
                score: Score::Cp(70),
                depth: None
            })
        )
    );
    assert_eq!(e5.clock, Some(179_000));
    // The variation of 1... e5 and the variation nested in it.
    assert_eq!(texts(t, &[0, 1]), ["c5", "Nf3", "d6"]);
    assert_eq!(t.at(&[0, 1]).unwrap().comment.as_deref(), Some("Sicilian"));
    assert_eq!(texts(t, &[0, 1, 1]), ["c3", "d5"]);
    assert_eq!(t.variation_depth(t.id_at(&[0, 1, 1]).unwrap()), 2);
    assert_eq!(
        t.at(&[0, 1, 1]).unwrap().eval,
        Some(Eval {
            score: Score::Cp(20),
            depth: Some(24)
        })
    );
    assert_eq!(t.at(&[0, 0, 0]).unwrap().nags, [1]);
    // Two comments on one move: the text of both, the commands of both.
    let a6 = t.at(&[0, 0, 0, 0, 0, 0]).unwrap();
    assert_eq!(a6.text, "a6");
    assert_eq!(a6.nags, [4]);
    assert_eq!(
        a6.comment.as_deref(),
        Some("(0.40 → 2.10) Blunder. Nf6 was best.")
    );
    assert_eq!(
        (a6.clock, a6.eval.map(|e| e.score)),
        (Some(170_000), Some(Score::Cp(210)))
    );
    let nf6 = t.at(&[0, 0, 0, 0, 0, 1]).unwrap();
    assert_eq!(nf6.text, "Nf6");
    assert_eq!(
        nf6.arrows,
        [
            Arrow {
                color: 'G',
                from: "b5".into(),
                to: "c6".into()
            },
            Arrow {
                color: 'R',
                from: "f6".into(),
                to: "e4".into()
            }
        ]
    );
    assert_eq!(
        nf6.highlights,
        [Highlight {
            color: 'G',
            square: "e4".into()
        }]
    );
    let qh5 = t.at(&[0, 0, 0, 0, 0, 0, 0]).unwrap();
    assert_eq!(
        qh5.eval,
        Some(Eval {
            score: Score::Mate(3),
            depth: Some(30)
        })
    );
    let qe7 = t.at(&[0, 0, 0, 0, 0, 0, 0, 0]).unwrap();
    assert_eq!(
        (qe7.nags.as_slice(), qe7.eval.map(|e| e.score)),
        (&[4u8][..], Some(Score::Mate(-2)))
    );

    // Exported: every annotation is there, as lichess writes it (suffixes as $n).
    let out = write(t, &WriteOptions::default(), &two(), m.result.as_deref());
    assert_eq!(
        out,
        // Line 1 would be 80 characters with its "}".
        "1. e4 { [%eval 0.36] [%clk 0:03:00] } 1... e5 $6 { [%eval 0.70] [%clk 0:02:59]\n\
         } ( 1... c5 { Sicilian } 2. Nf3 ( 2. c3 { [%eval 0.20,24] } 2... d5 ) 2... d6 )\n\
         2. Nf3 $1 { [%eval 0.60] [%clk 0:02:58] } 2... Nc6 { [%eval 0.55]\n\
         [%clk 0:02:57] } 3. Bb5 { [%eval 0.40] [%clk 0:02:55] } 3... a6 $4 { (0.40 →\n\
         2.10) Blunder. Nf6 was best. [%eval 2.10] [%clk 0:02:50] } ( 3... Nf6 {\n\
         [%csl Ge4] [%cal Gb5c6,Rf6e4] [%eval 0.30] } 4. O-O ) 4. Qh5 { [%eval #3,30]\n\
         [%clk 0:02:41] } 4... Qe7 $4 { [%eval #-2] } 1-0"
    );
    assert!(out.lines().all(|l| l.chars().count() <= 79), "{out}");
    let again = read(&out).unwrap();
    assert_eq!(again, m, "import → export → import is a fixed point");
    assert_eq!(
        write(&again.tree, &WriteOptions::default(), &two(), Some("1-0")),
        out
    );

    // The export options.
    let bare = WriteOptions {
        variations: false,
        comments: false,
        clocks: false,
        ..WriteOptions::default()
    };
    assert_eq!(
        write(t, &bare, &two(), Some("1-0")),
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Qh5 Qe7 1-0"
    );
    let clocks_only = WriteOptions {
        variations: false,
        comments: false,
        ..WriteOptions::default()
    };
    let s = write(t, &clocks_only, &two(), None);
    assert!(
        s.starts_with("1. e4 { [%clk 0:03:00] } 1... e5 { [%clk 0:02:59] } 2. Nf3"),
        "{s}"
    );
    assert!(
        !s.contains("eval") && !s.contains('(') && !s.contains('$'),
        "{s}"
    );
}

#[test]
fn a_chesscom_export_keeps_its_tenths_of_a_second() {
    let text = "1. e4 {[%clk 0:02:59.9]} 1... c5 {[%clk 0:02:59.1]} 2. Nf3 {[%clk 0:02:58.2]}\n\
                2... d6 {[%clk 0:02:57][%timestamp 12]} 3. d4 {[%clk 0:02:50]} 0-1\n";
    let m = read(text).unwrap();
    let clocks: Vec<Option<u64>> = m.tree.mainline().map(|id| m.tree.node(id).clock).collect();
    assert_eq!(
        clocks,
        [
            Some(179_900),
            Some(179_100),
            Some(178_200),
            Some(177_000),
            Some(170_000)
        ]
    );
    let d6 = m.tree.at(&[0, 0, 0, 0]).unwrap();
    assert_eq!(
        d6.commands,
        [Command {
            name: "timestamp".into(),
            value: "12".into()
        }]
    );
    let out = write(
        &m.tree,
        &WriteOptions::default(),
        &two(),
        m.result.as_deref(),
    );
    assert!(
        out.starts_with("1. e4 { [%clk 0:02:59.9] } 1... c5 { [%clk 0:02:59.1] }"),
        "{out}"
    );
    assert!(out.contains("[%timestamp 12] [%clk 0:02:57] }"), "{out}");
    assert_eq!(read(&out).unwrap(), m);
}

#[test]
fn a_chessbase_text_with_bom_crlf_and_escapes() {
    let text = "\u{feff}%ChessBase escape line 1-0 (\r\n1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 {Morphy\r\ndefence} \
                4.Ba4 (4.Bxc6 dxc6 5.O-O f6 $14 {[%csl Re5][%cal Gf3e5]}) 4...Nf6 5.O-O $1 ;line comment }\r\n\
                Be7 6.Re1 b5 7.Bb3 O-O 8.c3 d5!? 1/2-1/2\r\n";
    let m = read(text).unwrap();
    assert_eq!(
        texts(&m.tree, &[0]),
        [
            "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3",
            "O-O", "c3", "d5"
        ]
    );
    let t = &m.tree;
    let a6 = t.at(&[0; 6]).unwrap();
    assert_eq!(
        a6.comment.as_deref(),
        Some("Morphy defence"),
        "CRLF inside a comment is a space"
    );
    let path = [0, 0, 0, 0, 0, 0, 1];
    assert_eq!(texts(t, &path), ["Bxc6", "dxc6", "O-O", "f6"]);
    let f6 = t.at(&[0, 0, 0, 0, 0, 0, 1, 0, 0, 0]).unwrap();
    assert_eq!(f6.nags, [14]);
    assert_eq!(
        f6.highlights,
        [Highlight {
            color: 'R',
            square: "e5".into()
        }]
    );
    assert_eq!(
        f6.arrows,
        [Arrow {
            color: 'G',
            from: "f3".into(),
            to: "e5".into()
        }]
    );
    let castles = t.at(&[0; 9]).unwrap();
    assert_eq!(
        (castles.nags.as_slice(), castles.comment.as_deref()),
        (&[1u8][..], Some("line comment"))
    );
    assert_eq!(t.at(&[0; 16]).unwrap().nags, [5]);
    assert_eq!(m.result.as_deref(), Some("1/2-1/2"));
    let out = write(t, &WriteOptions::default(), &two(), m.result.as_deref());
    assert!(!out.contains('\r') && !out.contains('\u{feff}'));
    assert_eq!(read(&out).unwrap(), m);
}

#[test]
fn every_suffix_is_a_nag() {
    let m = read("1. e4! e5? 2. Nf3!! Nc6?? 3. Bb5!? a6?! 4. Ba4 ! Nf6 ? 5. O-O !! Be7 ?? 6. Re1 !? b5 ?! 7. Bb3 $1 $1 $3 *")
        .unwrap();
    let nags: Vec<Vec<u8>> = m
        .tree
        .mainline()
        .map(|id| m.tree.node(id).nags.clone())
        .collect();
    assert_eq!(
        nags,
        [[1], [2], [3], [4], [5], [6], [1], [2], [3], [4], [5], [6]]
            .iter()
            .map(|n| n.to_vec())
            .chain([vec![1, 3]])
            .collect::<Vec<_>>()
    );
    for bad in ["1. e4!!! *", "1. e4 ?!? *", "1. e4 !?! *"] {
        let e = read(bad).unwrap_err();
        assert_eq!(e.kind, ErrorKind::InvalidPgn, "{bad}");
        assert!(e.message.contains("not an annotation"), "{}", e.message);
    }
}

#[test]
fn null_moves_are_nodes() {
    let m = read("1. e4 e5 ( 1... -- 2. d4 ) ( 1... Z0 ) 2. 0000 @@@@ *").unwrap();
    let t = &m.tree;
    assert!(t.at(&[0, 1]).unwrap().is_null());
    assert_eq!(t.at(&[0, 2]).unwrap().text, "--");
    assert_eq!(texts(t, &[0]), ["e4", "e5", "--", "--"]);
    let out = write(t, &WriteOptions::default(), &two(), Some("*"));
    assert_eq!(out, "1. e4 e5 ( 1... -- 2. d4 ) ( 1... -- ) 2. -- -- *");
}

/// The move text of a chess.com PGN4 file, and the turn of each move as the file's lines say
/// (a line is a round; a player out no longer has a seat in it).
fn chesscom_moves(file: &str) -> (String, Vec<Turn>) {
    let text = std::fs::read_to_string(format!("tests/data/chesscom/{file}")).unwrap();
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('[') && !l.trim().is_empty())
        .collect();
    let mut turns = Vec::new();
    for line in &lines {
        let (number, rest) = line.split_once(". ").unwrap();
        let number: u32 = number.parse().unwrap();
        for (seat, m) in rest.split(" .. ").enumerate() {
            if !m.trim().is_empty() && m.trim() != ".." {
                turns.push(Turn {
                    number,
                    seat: seat as u8,
                });
            }
        }
    }
    (lines.join("\n"), turns)
}

#[test]
fn chesscom_pgn4_move_text_is_written_as_chesscom_writes_it() {
    for file in [
        "hornet-100527014.pgn4",
        "hornet-97969768.pgn4",
        "thethirdone-ffa-2021.pgn4",
    ] {
        let (moves, turns) = chesscom_moves(file);
        let m = read(&moves).unwrap();
        assert_eq!(m.tree.len(), turns.len(), "{file}");
        assert_eq!(m.result, None);
        let opts = WriteOptions {
            dialect: Dialect::Pgn4,
            ..WriteOptions::default()
        };
        let out = write(&m.tree, &opts, &|_, ply| turns[ply], None);
        // hornet-100527014 ends in a dangling " .." that carries no move.
        assert_eq!(out, moves.trim_end_matches(" .."), "{file}");
    }
}

/// A chess.com-style PGN4 with variations (the form of the example), comments and
/// clocks, and a four-score result.
const PGN4: &str = "1. h2-h3 { [%clk 0:04:00] } .. b4-d4 .. i13-i12 .. m10-l10
2. Qg1-j4 .. b7-c7 { a plan } .. h13-h11 ( .. .. h13-h12 .. Bn9-m10 3. Qj4-i5 )
.. Bn9-m10
3. Bi1-g3 ( 3. Qj4-i5 .. Na5-b7 ) .. Na5-b7 .. k13-k11 .. m6-l6 $2
4. Qj4-i5 .. b9-c9 .. k11xl10 .. m7-k7
5. k2-k4 .. Qa8-b9 .. l10xm9+ .. Kn8-n9
6. Qi5-i9 .. Na10-c11 ( .. Na10-c11 .. Bl8xm9+ .. Kn8xBm9 7. Nj1-i3 )
.. d13-d11 .. Nn10-l9 72-14-61-33";

#[test]
fn a_pgn4_with_chesscom_variations() {
    let m = read(PGN4).unwrap();
    let t = &m.tree;
    assert_eq!(m.result.as_deref(), Some("72-14-61-33"));
    assert_eq!(t.mainline().count(), 24);
    assert_eq!(t.root().children().len(), 1);
    let yellow = [0, 0, 0, 0, 0, 0, 1];
    assert_eq!(texts(t, &yellow), ["h13-h12", "Bn9-m10", "Qj4-i5"]);
    assert_eq!(
        t.at(&yellow).unwrap().placeholders,
        2,
        "two placeholders: Yellow's seat"
    );
    assert_eq!(t.at(&[0, 0, 0, 0, 0, 0, 0]).unwrap().placeholders, 0);
    let red = [0; 8].iter().copied().chain([1]).collect::<Vec<_>>();
    assert_eq!(texts(t, &red), ["Qj4-i5", "Na5-b7"]);
    assert_eq!(t.at(&red).unwrap().placeholders, 0);
    assert_eq!(
        t.at(&[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]).unwrap().nags,
        [2]
    );
    let blue: Vec<usize> = [0; 21].iter().copied().chain([1]).collect();
    assert_eq!(
        texts(t, &blue),
        ["Na10-c11", "Bl8xm9+", "Kn8xBm9", "Nj1-i3"]
    );
    assert_eq!(t.at(&blue).unwrap().placeholders, 1);
    assert_eq!(t.at(&[0; 6]).unwrap().comment.as_deref(), Some("a plan"));
    assert_eq!(t.at(&[0]).unwrap().clock, Some(240_000));

    let opts = WriteOptions {
        dialect: Dialect::Pgn4,
        ..WriteOptions::default()
    };
    let out = write(t, &opts, &cyclic_turns(4, 1, 0), m.result.as_deref());
    // What was read is what chess.com's form with 79-column lines writes.
    assert_eq!(out, PGN4);
    assert_eq!(read(&out).unwrap(), m);
}

#[test]
fn placeholders_are_kept_as_read() {
    // TheThirdOne/pgn4's form writes one placeholder whatever the seat.
    let m = read("1. h2-h3 .. b7-c7 .. g13-g12 ( .. h13-h12 ) .. Nn10-l9 { Test }").unwrap();
    assert_eq!(m.tree.at(&[0, 0, 1]).unwrap().placeholders, 1);
    assert_eq!(
        m.tree.at(&[0, 0, 0, 0]).unwrap().comment.as_deref(),
        Some("Test")
    );
}

// ---- the tree API against the reader ----

#[test]
fn promote_delete_and_annotate_on_a_read_tree() {
    let mut t = read(LICHESS).unwrap().tree;
    // Make 2. c3 (inside 1... c5) the main line.
    let new = t.promote(&[0, 1, 1]).unwrap();
    assert_eq!(new, [0, 0, 0]);
    assert_eq!(texts(&t, &[]), ["", "e4", "c5", "c3", "d5"]);
    assert_eq!(
        texts(&t, &[0, 1]),
        ["e5", "Nf3", "Nc6", "Bb5", "a6", "Qh5", "Qe7"]
    );
    assert_eq!(texts(&t, &[0, 0, 1]), ["Nf3", "d6"]);
    // 1... e5 and all after it: its line of 7 moves and 3... Nf6 4. O-O.
    t.delete(&[0, 1]).unwrap();
    assert_eq!(t.len(), 6);
    t.annotate(
        &[0, 0],
        &Annotation {
            comment: Some(Some("the Alapin".into())),
            clock: Some(None),
            eval: Some(Some(Eval {
                score: Score::Mate(-1),
                depth: None,
            })),
            ..Annotation::default()
        },
    )
    .unwrap();
    let out = write(&t, &WriteOptions::default(), &two(), Some("*"));
    assert_eq!(
        out,
        "1. e4 { [%eval 0.36] [%clk 0:03:00] } 1... c5 { the Alapin [%eval #-1] } 2. c3\n\
         { [%eval 0.20,24] } ( 2. Nf3 d6 ) 2... d5 *"
    );
    assert_eq!(read(&out).unwrap().tree, t);
}

// ---- round trip over random trees ----

struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

const MOVES: [&str; 14] = [
    "e4",
    "Nf3",
    "O-O",
    "O-O-O",
    "exd5",
    "e8=Q+",
    "Qxf7#",
    "--",
    "h2-h3",
    "Qa11xRa9+#",
    "Kn8xBm9",
    "δi3-i4",
    "0-0",
    "R",
];

/// A word of comment text: anything PGN can hold, `[`, `%`, `;`, `(`, non-ASCII, and now
/// and then one longer than a line.
fn word(rng: &mut XorShift) -> String {
    const ALPHABET: [&str; 20] = [
        "a", "Z", "7", "é", "→", "{", "(", ")", ";", "%", "[", "]", "$", "!", "?", "*", "\"", ".",
        "\u{feff}", "-",
    ];
    let len = if rng.chance(3) { 90 } else { 1 + rng.below(8) };
    let mut w = String::new();
    for _ in 0..len {
        w.push_str(ALPHABET[rng.below(ALPHABET.len())]);
    }
    w.replace("[%", "[ %")
}

fn sentence(rng: &mut XorShift) -> String {
    (0..1 + rng.below(6))
        .map(|_| word(rng))
        .collect::<Vec<_>>()
        .join(" ")
}

fn square(rng: &mut XorShift) -> String {
    format!(
        "{}{}",
        (b'a' + rng.below(14) as u8) as char,
        1 + rng.below(14)
    )
}

fn annotate_randomly(rng: &mut XorShift, t: &mut Tree, path: &[usize], variation_start: bool) {
    let some = |rng: &mut XorShift| rng.chance(30);
    let a = Annotation {
        comment: some(rng).then(|| Some(sentence(rng))),
        comment_before: (variation_start && some(rng)).then(|| Some(sentence(rng))),
        nags: some(rng).then(|| (0..1 + rng.below(4)).map(|_| rng.next() as u8).collect()),
        clock: some(rng)
            .then(|| Some(rng.next() % (MAX_CLOCK_MS + 1) / [1, 100, 1000][rng.below(3)])),
        emt: some(rng).then(|| Some(rng.next() % 100_000)),
        eval: some(rng).then(|| {
            let depth = rng.chance(50).then(|| rng.below(60) as u32);
            let score = if rng.chance(20) {
                Score::Mate(rng.below(40) as i32 - 20)
            } else {
                Score::Cp(rng.below(4001) as i32 - 2000)
            };
            Some(Eval { score, depth })
        }),
        arrows: some(rng).then(|| {
            (0..1 + rng.below(3))
                .map(|_| Arrow {
                    color: ['G', 'R', 'Y', 'B'][rng.below(4)],
                    from: square(rng),
                    to: square(rng),
                })
                .collect()
        }),
        highlights: some(rng).then(|| {
            (0..1 + rng.below(3))
                .map(|_| Highlight {
                    color: ['G', 'R', 'Y', 'B'][rng.below(4)],
                    square: square(rng),
                })
                .collect()
        }),
    };
    t.annotate(path, &a).unwrap();
    if rng.chance(10) {
        let n = t.at_mut(path).unwrap();
        let names = ["evp", "timestamp", "clk", "eval", "cal", "x-y"];
        n.commands.push(Command {
            name: names[rng.below(names.len())].to_string(),
            // Values that do not fit the typed commands: kept verbatim.
            value: ["", "999999:99:99", "a b c", "0.1,0.2,0.3", "Ge2e4,"][rng.below(5)].to_string(),
        });
    }
}

/// A random tree: a main line and variations at random plies, nested, every node annotated
/// at random. In PGN4 a line's first move gets the placeholders of its seat.
fn random_tree(rng: &mut XorShift, players: u8) -> Tree {
    let mut t = Tree::new();
    let turn = cyclic_turns(players, 1, 0);
    if rng.chance(30) {
        t.annotate(
            &[],
            &Annotation {
                comment: Some(Some(sentence(rng))),
                ..Annotation::default()
            },
        )
        .unwrap();
    }
    // (path of the node to continue from, moves left on this line)
    let mut todo = vec![(Vec::new(), 1 + rng.below(30))];
    while let Some((path, left)) = todo.pop() {
        if left == 0 || t.len() > 300 {
            continue;
        }
        let node = t.id_at(&path).unwrap();
        let before = t.node(node).children().len();
        let p = t.add(&path, MOVES[rng.below(MOVES.len())]).unwrap();
        let added = t.node(node).children().len() > before;
        if added {
            let start = *p.last().unwrap() > 0 || path.is_empty();
            annotate_randomly(rng, &mut t, &p, *p.last().unwrap() > 0);
            if players == 4 && start {
                let seat = turn(t.id_at(&p).unwrap(), p.len() - 1).seat;
                t.at_mut(&p).unwrap().placeholders = seat;
            }
        }
        todo.push((p.clone(), left - 1));
        if rng.chance(12) && t.variation_depth(t.id_at(&p).unwrap()) < 6 {
            // A variation: another move from the same parent.
            todo.push((path.clone(), 1 + rng.below(8)));
        }
    }
    t
}

#[test]
fn random_trees_round_trip() {
    let mut rng = XorShift(0x49_5eed);
    for i in 0..400 {
        let players = if i % 2 == 0 { 2 } else { 4 };
        let t = random_tree(&mut rng, players);
        let opts = WriteOptions {
            dialect: if players == 4 {
                Dialect::Pgn4
            } else {
                Dialect::Pgn
            },
            ..WriteOptions::default()
        };
        let result = ["1-0", "*", "1/2-1/2", "3-20-0-41"][rng.below(4)];
        let turn = cyclic_turns(players, 1 + rng.below(3) as u32, 0);
        let out = write(&t, &opts, &turn, Some(result));
        let back: Movetext = read(&out).unwrap_or_else(|e| panic!("{e}\n{out}"));
        assert_eq!(back.tree, t, "tree {i}:\n{out}");
        assert_eq!(back.result.as_deref(), Some(result));
        assert_eq!(write(&back.tree, &opts, &turn, Some(result)), out);
        // Neither a tag reader nor the game splitter sees anything but one game's move text.
        let game = format!("[Event \"x\"]\n\n{out}");
        assert_eq!(tablero::split_pgn(&game).len(), 1, "{out}");
        for line in out.lines() {
            assert!(!line.starts_with('%'), "{line}");
            // A line is longer than 79 characters only for a word that cannot be broken.
            if line.chars().count() > 79 {
                let longest = line
                    .split(' ')
                    .map(|w| w.chars().count())
                    .max()
                    .unwrap_or(0);
                let glued = line.contains(" [") || line.contains(" %");
                assert!(longest > 40 || glued, "{line}");
            }
        }
    }
}

// ---- hostile input ----
//
// Bombs are bounded by what can be counted, not by the machine's speed. The reader makes one
// forward pass and a refusal names the line and column where it stopped: a bomb refused at
// the column where its documented limit is first crossed was read no further, whatever its
// length. A text that is read is read, written, compared and dropped on a small stack, which
// a recursion over its plies could not fit in.

/// The stack of the thread that handles a 200,000-ply game: a recursion over the plies needs
/// at least a return address a ply (1.6 MB), and the loops need a few KB. (An overflow
/// aborts the test binary: it fails.)
const SMALL_STACK: usize = 256 * 1024;

fn on_small_stack<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|s| {
        std::thread::Builder::new()
            .stack_size(SMALL_STACK)
            .spawn_scoped(s, f)
            .expect("a thread")
            .join()
            .expect("the small-stack thread panicked")
    })
}

/// Reads `text`, which must be refused with `needle` in the message; returns the column the
/// message names (the text is one line).
fn refused(text: &str, needle: &str) -> usize {
    let e = read(text).unwrap_err();
    assert_eq!(e.kind, ErrorKind::InvalidPgn);
    assert!(
        e.message.contains(needle),
        "{needle:?} not in {:?}",
        e.message
    );
    let at = e
        .message
        .split("(line 1, column ")
        .nth(1)
        .unwrap_or_else(|| panic!("no line 1 in {}", e.message));
    at[..at.find(' ').expect("a column")]
        .parse()
        .expect("a column number")
}

#[test]
fn hostile_inputs_are_refused_where_a_limit_is_crossed() {
    const MOVE: usize = "1. e4 ".len();
    // A '(' right after '(' is an alternative to nothing: refused at the second of 100,000.
    let bomb = format!("1. e4 {}", "(".repeat(100_000));
    assert_eq!(
        refused(&bomb, "a variation '(' with no move before it"),
        MOVE + 2
    );
    // 100,000 nested variations: refused at the first '(' one level too deep.
    let nested = format!("1. e4 {} e5", "( e5 ".repeat(100_000));
    let too_deep = format!("nested deeper than {MAX_VARIATION_DEPTH}");
    assert_eq!(
        refused(&nested, &too_deep),
        MOVE + "( e5 ".len() * MAX_VARIATION_DEPTH + 1
    );
    // A hundred deep is fine.
    let ok = format!("1. e4 e5 {} {} *", "( d4 d5 ".repeat(100), ")".repeat(100));
    assert_eq!(read(&ok).unwrap().tree.max_variation_depth(), 100);

    // A megabyte comment is refused at its '{', the next byte after the move.
    let mega = format!("1. e4 {{{}}} e5", "x".repeat(1 << 20));
    let most = format!("the most is {MAX_COMMENT_BYTES}");
    assert_eq!(refused(&mega, &most), MOVE + 1);
    // 10,000 comments of 15 bytes on one move, kept joined by a space (16 bytes each, one
    // separator fewer): refused at the first that takes them over 65,536 bytes.
    let comment = "{ xxxxxxxxxxxxxxx } ";
    let many = format!("1. e4 {} e5", comment.repeat(10_000));
    let fits = (MAX_COMMENT_BYTES + 1) / 16;
    assert_eq!(
        refused(&many, "longer than 65536 bytes together"),
        MOVE + comment.len() * fits + 1
    );
    let semicolon = format!("1. e4 ;{}\n e5", "y".repeat(1 << 20));
    assert_eq!(refused(&semicolon, "the most is"), MOVE + 1);

    // 100,000 NAGs: refused at the first one too many.
    let nags = format!("1. e4 {}", "$1 ".repeat(100_000));
    assert_eq!(
        refused(&nags, &format!("more than {MAX_NAGS} NAGs")),
        MOVE + "$1 ".len() * MAX_NAGS + 1
    );
    // A 100,000-byte word is refused at its start.
    let bangs = format!("1. e4{}", "!".repeat(100_000));
    assert_eq!(refused(&bangs, "not an annotation"), "1. ".len() + 1);
    refused("1. e4 $256", "$0 to $255");
    refused("1. e4 $", "$0 to $255");
    refused("$1 1. e4", "no move before it");
    refused("( 1. e4 )", "no move before it");
    refused("1. e4 ( $3 e5 )", "no move before it");

    refused("1. e4 { never closed\n2. d4", "never closed");
    refused("1. e4 } e5", "'}' with no '{'");
    refused("1. e4 ( 1. d4 ( 1. c4 ) e5", "never closed");
    refused("1. e4 ) e5", "')' with no '('");
    refused("1. e4 e5 1-0 2. Nf3", "after the result");
    refused(&format!("1. {}", "N".repeat(1000)), "longer than 32 bytes");
    let e = read("1. e4\n2. d4 }").unwrap_err();
    assert!(e.message.contains("line 2, column 7"), "{}", e.message);

    // One move too many: refused at its first byte.
    let long = "e4 ".repeat(MAX_NODES + 10);
    assert_eq!(
        refused(&long, &format!("more than {MAX_NODES} moves")),
        "e4 ".len() * MAX_NODES + 1
    );
}

#[test]
fn a_long_game_needs_no_recursion_over_its_plies() {
    let game = "e4 e5 ".repeat(100_000);
    on_small_stack(|| {
        let m = read(&game).unwrap();
        assert_eq!(m.tree.len(), 200_000);
        let out = write(&m.tree, &WriteOptions::default(), &two(), None);
        assert!(out.starts_with("1. e4 e5 2. e4 e5"));
        let copy = m.tree.clone();
        assert!(copy == m.tree);
        drop((m, copy));
    });
}

#[test]
fn absurd_commands_are_kept_verbatim() {
    let m =
        read("1. e4 { [%clk 999999:99:99] [%eval 123456.7] [%cal Ge2] [%emt -1] [%csl] }").unwrap();
    let e4 = m.tree.at(&[0]).unwrap();
    assert_eq!((e4.clock, e4.eval, e4.emt), (None, None, None));
    assert!(e4.arrows.is_empty() && e4.highlights.is_empty());
    let kept: Vec<(&str, &str)> = e4
        .commands
        .iter()
        .map(|c| (c.name.as_str(), c.value.as_str()))
        .collect();
    assert_eq!(
        kept,
        [
            ("clk", "999999:99:99"),
            ("eval", "123456.7"),
            ("cal", "Ge2"),
            ("emt", "-1"),
            ("csl", "")
        ]
    );
    let out = write(&m.tree, &WriteOptions::default(), &two(), None);
    assert_eq!(
        out,
        "1. e4 { [%clk 999999:99:99] [%eval 123456.7] [%cal Ge2] [%emt -1] [%csl] }"
    );
    assert_eq!(read(&out).unwrap(), m);
}

#[test]
fn a_bom_in_the_middle_is_white_space() {
    let m = read("\u{feff}1. e4 \u{feff}e5 {a \u{feff} b} 2.\u{feff}Nf3 *").unwrap();
    assert_eq!(texts(&m.tree, &[0]), ["e4", "e5", "Nf3"]);
    // Inside a comment it is text (not white space for Rust either).
    assert_eq!(
        m.tree.at(&[0, 0]).unwrap().comment.as_deref(),
        Some("a \u{feff} b")
    );
}

// ---- fuzzing: random mutations of real move texts ----

#[test]
fn fuzz_movetext() {
    let seeds = [
        LICHESS,
        PGN4,
        "1. e4 (1. d4 {x} d5) e5 ; c\n 2. Nf3 $1 *",
        "{ [%clk 0:00:01] } 1. e4 { [%cal Ge2e4] } *",
    ];
    let dict: [&str; 16] = [
        "{", "}", "(", ")", "$", "!", "?", "..", "[%clk ", "]", ";", "\n%", "1-0", "--",
        "\u{feff}", "12.",
    ];
    let mut rng = XorShift(0xf022);
    // As many inputs as the other fuzz targets run (`make fuzz` runs more).
    let iterations = std::env::var("TABLERO_FUZZ_ITERS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3_000);
    for i in 0..iterations {
        let mut v: Vec<u8> = seeds[i % seeds.len()].as_bytes().to_vec();
        for _ in 0..1 + rng.below(6) {
            let at = rng.below(v.len() + 1);
            match rng.below(4) {
                0 if at < v.len() => {
                    v.remove(at);
                }
                1 => {
                    let w = dict[rng.below(dict.len())].as_bytes();
                    v.splice(at..at, w.iter().copied());
                }
                2 if at < v.len() => v[at] = rng.next() as u8,
                _ => {
                    let end = (at + rng.below(20)).min(v.len());
                    let span = v[at..end].to_vec();
                    v.splice(at..at, span);
                }
            }
        }
        super::fuzz::movetext(&v);
    }
}
