//! The fuzz targets of fuzz/ as a bounded property run on stable (issue 10): a deterministic
//! mutator (seeded SplitMix64) over seed corpora from tests/data/ and games played here. Runs
//! `TABLERO_FUZZ_ITERS` inputs per target (default 3,000, a few seconds; `make fuzz` runs
//! many more). cargo-fuzz runs the same checks under libFuzzer on nightly.

#[allow(dead_code)]
#[path = "fuzz_checks.rs"]
mod checks;

use tablero::{Game, GameKind, NewGame, Rules};

/// A lichess-style record: clocks, evaluations, suffixes and NAGs, arrows, nested variations.
const PGN_TREE: &str = "[Event \"Rated Blitz game\"]\n[Site \"https://lichess.org/abcdefgh\"]\n[Result \"1-0\"]\n[Variant \"Standard\"]\n\n{ Before } 1. e4 { [%eval 0.36] [%clk 0:03:00] } 1... e5?! { [%eval 0.7] [%clk 0:02:59] } ( 1... c5 { Sicilian } 2. Nf3 ( 2. c3 { [%eval 0.2,24] } 2... d5 ) 2... d6 ) 2. Nf3 $1 { [%clk 0:02:58] } 2... Nc6 3. Bb5 3... a6?? { Blunder. } ( 3... Nf6 { [%cal Gb5c6,Rf6e4] [%csl Ge4] } 4. O-O ) 4. Bxc6 { [%eval #3,30] } 4... dxc6 $4 1-0";

/// A Three-check record with a variation and commands kept verbatim.
const PGN_TREE_3CHECK: &str = "[Variant \"Three-check\"]\n\n1. e4 e5 2. Bc4 ( 2. Nf3 { [%emt 0:00:03] [%foo bar] } ) 2... Nc6 3. Bxf7+ !! Kxf7 *";

/// A PGN4 with chess.com's variations and a comment.
const PGN4_TREE: &str = "[Variant \"FFA\"]\n[RuleVariants \"EnPassant\"]\n[StartFen4 \"4PC\"]\n[Result \"*\"]\n\n1. h2-h3 { [%clk 0:04:00] } .. b7-c7 ( .. b8-c8 .. g13-g12 ) .. g13-g12 .. m8-l8\n2. Qg1-h2 ( 2. i2-i3 { plan } .. b9-c9 ) .. b9-c9 *";

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

const DICT: [&[u8]; 14] = [
    b"{", b"}", b"(", b")", b"/", b"-", b",", b"x", b"8", b"Q", b"=Q", b"O-O", b"\"", b"\\",
];

/// One mutation of `seed`: byte flips, inserts, deletes, duplicated spans, dictionary words.
fn mutate(rng: &mut Rng, seed: &[u8]) -> Vec<u8> {
    let mut v = seed.to_vec();
    for _ in 0..1 + rng.below(4) {
        let i = rng.below(v.len() + 1);
        match rng.below(6) {
            0 if i < v.len() => v[i] ^= 1 << rng.below(8),
            1 => v.insert(i.min(v.len()), rng.next() as u8),
            2 if i < v.len() => {
                v.remove(i);
            }
            3 if i < v.len() => {
                let end = (i + 1 + rng.below(16)).min(v.len());
                let span = v[i..end].to_vec();
                v.splice(i..i, span);
            }
            4 => {
                let w = DICT[rng.below(DICT.len())];
                v.splice(i.min(v.len())..i.min(v.len()), w.iter().copied());
            }
            _ if i < v.len() => v[i] = b"0123456789abcdefghkrnbqpKQRBNP/- "[rng.below(33)],
            _ => {}
        }
    }
    v
}

fn iterations() -> usize {
    std::env::var("TABLERO_FUZZ_ITERS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3_000)
}

/// Seed inputs: the FENs of tests/data/*.perft, and FEN/PGN/saves of played games.
fn corpus(kind_byte: u8, four: bool) -> Vec<(Vec<u8>, Vec<u8>, Vec<u8>)> {
    let mut out = Vec::new();
    let kinds: &[GameKind] = if four {
        &[
            GameKind::FourPlayer(Rules::Ffa),
            GameKind::FourPlayer(Rules::Kingdoms),
            GameKind::FourPlayer(Rules::Teams),
        ]
    } else {
        &[
            GameKind::Chess,
            GameKind::ThreeCheck,
            GameKind::KingOfTheHill,
            GameKind::RacingKings,
        ]
    };
    let mut rng = Rng(u64::from(kind_byte));
    for (k, &kind) in kinds.iter().enumerate() {
        let mut g = Game::new(NewGame {
            kind,
            ..NewGame::default()
        })
        .unwrap();
        for ply in 0..60 {
            let moves = g.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len())].uci.clone();
            g.play_text(&m).unwrap();
            if ply % 10 == 0 {
                let tag = |s: String| {
                    let mut v = vec![k as u8];
                    v.extend(s.into_bytes());
                    v
                };
                out.push((
                    tag(g.fen()),
                    tag(g.pgn()),
                    serde_json::to_vec(&g.to_saved()).unwrap(),
                ));
            }
        }
    }
    // Records with trees (issue 49): variations nested, comments, NAGs, suffixes, clocks,
    // evaluations, arrows, chess.com's PGN4 variations; their saves keep the tree and a
    // current line inside a variation.
    let records: &[(u8, &str)] = if four {
        &[
            (0, PGN4_TREE),
            (2, include_str!("../data/chesscom/teams-26780489.pgn4")),
        ]
    } else {
        &[(0, PGN_TREE), (1, PGN_TREE_3CHECK)]
    };
    for &(k, text) in records {
        let mut g = Game::from_pgn(text, 0).expect("a seed record imports");
        let tag = |s: &str| {
            let mut v = vec![k];
            v.extend(s.as_bytes());
            v
        };
        out.push((Vec::new(), tag(text), Vec::new()));
        out.push((Vec::new(), tag(&g.pgn()), Vec::new()));
        let deepest = g.tree().ids().max_by_key(|&id| g.tree().path_of(id).len());
        if let Some(id) = deepest {
            let path = g.tree().path_of(id);
            g.go_to(&path).unwrap();
        }
        out.push((
            Vec::new(),
            Vec::new(),
            serde_json::to_vec(&g.to_saved()).unwrap(),
        ));
    }
    if !four {
        for file in ["chess-tricky.perft", "3check.perft", "racingkings.perft"] {
            let text = std::fs::read_to_string(format!("tests/data/{file}")).unwrap_or_default();
            for line in text.lines().filter(|l| l.contains('/')).take(20) {
                let fen = line.split(';').next().unwrap_or(line).trim();
                let fen = fen.strip_prefix("fen ").unwrap_or(fen);
                let mut v = vec![0u8];
                v.extend(fen.as_bytes());
                out.push((v, Vec::new(), Vec::new()));
            }
        }
    }
    out
}

fn run(
    name: &str,
    four: bool,
    pick: impl Fn(&(Vec<u8>, Vec<u8>, Vec<u8>)) -> &[u8],
    check: fn(&[u8]),
) {
    let seeds = corpus(name.len() as u8, four);
    let seeds: Vec<&[u8]> = seeds.iter().map(&pick).filter(|s| !s.is_empty()).collect();
    assert!(!seeds.is_empty(), "{name}: no seeds");
    let mut rng = Rng(0x7ab1e40 ^ name.len() as u64);
    for s in &seeds {
        check(s);
    }
    for i in 0..iterations() {
        let input = mutate(&mut rng, seeds[i % seeds.len()]);
        let outcome = std::panic::catch_unwind(|| check(&input));
        assert!(
            outcome.is_ok(),
            "{name}: input {:?} failed",
            String::from_utf8_lossy(&input)
        );
    }
}

#[test]
fn fuzz_fen() {
    run("fen", false, |s| &s.0, checks::fen);
}

#[test]
fn fuzz_fen4() {
    run("fen4", true, |s| &s.0, checks::fen4);
}

#[test]
fn fuzz_pgn() {
    run("pgn", false, |s| &s.1, checks::pgn);
}

#[test]
fn fuzz_pgn4() {
    run("pgn4", true, |s| &s.1, checks::pgn4);
}

#[test]
fn fuzz_saved() {
    run("saved", false, |s| &s.2, checks::saved);
    run("saved4", true, |s| &s.2, checks::saved);
}

#[test]
fn fuzz_move_text() {
    run("move_text", false, |s| &s.1, checks::move_text);
}

/// Inputs the longer runs found, kept as seeds: a PGN4 ending in a resignation (`R`), whose
/// FEN4 cannot say why the seat is out; tag values with a line break.
#[test]
fn fuzz_regressions() {
    let pgn4 = "\0[Variant \"FFA\"]\n[RuleVariants \"EnPassant\"]\n\n1. k2-k3 .. b5-c5 .. g13-g11 .. m5-l5\n2. f2-f4 .. c5-d5 .. Bf14-g13 .. m11-l11\n3. k3-k4 .. Na5-c4 .. d13-d11 .. Bn6-k3\n4. Rk1xBk3 .. Nc4-a5 .. Bg13-e11 .. m10-k10\n5. Rk3-e3 .. Na10-c9 .. Nj14-k12 .. l5xPk4\n6. Re3-h3 R\n";
    checks::pgn4(pgn4.as_bytes());
    // Two Date tags, one the file's own "?": the save keeps what the export writes.
    let pgn = "\u{3}[Event \"?\"]\n[Site \"?\"]\n[Date \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n[Variant \"Racing Kings\"]\n\n1. Ng3 *\n";
    checks::pgn(pgn.as_bytes());
    // A Variant spelling with a line break in it is not kept (a tag line cannot hold it).
    checks::pgn(b"\x02[Variant \"King of \rthe Hill\"]\n\n1. c3 *\n");
    // Nor a roster tag's (session 41's `make fuzz`): the game wrote `[Site "\r?"]` back while
    // its headers, and so its save, left the tag out.
    checks::pgn(b"\0[Site \"\r?\"]\n\n1. e3 Nc6 *\n");
    // A save whose main line ends with a zombie to move (Four Kingdoms, R6.4; session 41's
    // `make fuzz`, the package's harness): the save keeps it so, its PGN reads back with the
    // zombie's moves.
    checks::saved(br#"{"format": "tablero-game", "version": 1, "variant": "fourplayer", "rules": "kingdoms", "seed": 809, "startFen": "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-x,x,x,yR,yN,yB,yK,yQ,yB,yN,yR,x,x,x/x,x,x,yP,yP,yP,yP,yP,yP,yP,yP,x,x,x/x,x,x,8,x,x,x/bR,bP,10,gP,gR/bN,bP,10,gP,gN/bB,bP,10,gP,gB/bQ,bP,10,gP,gK/bK,bP,10,gP,gQ/bB,bP,10,gP,gB/bN,bP,10,gP,gN/bR,bP,10,gP,gR/x,x,x,8,x,x,x/x,x,x,rP,rP,rP,rP,rP,rP,rP,rP,x,x,x/x,x,x,rR,rN,rB,rQ,rK,rB,rN,rR,x,x,x", "firstPlayer": "red", "moves": ["h2h3", "m5l5"], "headers": {"Wite": ",Ada \"-\" \\Ada a \"-\" \\Ada \"-\" \\", "Whute": "Ada \"A\"", "Whte": "Ad \"S\" "}, "movetext": "{ [%clk 2:07:07.469] }1. h2-h3 { [%eval -8.43,35] } .. Nn10-l11 $66 $5 (\n.. m5-l5 ) .. R:red { [%eval 1.58,36] } .. Nj14-k12 .. R:green .. b8-d8\n2. h3-h4 .. m6-k6 .. g13-g12+ .. Qa8-b8\n3. g2-g3 *", "path": [0, 1]}"#);
}

/// The movetext reader and writer's check (issue 49), for the mutation run of
/// tests/game/movetext.rs, whose dictionary knows PGN's annotation syntax.
pub(crate) fn movetext(data: &[u8]) {
    checks::movetext(data);
}

/// The position editor's edits (issue 49), over random and mutated byte strings.
#[test]
fn fuzz_setup() {
    let mut rng = Rng(0x5e7);
    let seeds: Vec<Vec<u8>> = (0..64)
        .map(|i| (0..1 + i).map(|_| rng.next() as u8).collect())
        .collect();
    for s in &seeds {
        checks::setup(s);
    }
    for i in 0..iterations() {
        let input = mutate(&mut rng, &seeds[i % seeds.len()]);
        let outcome = std::panic::catch_unwind(|| checks::setup(&input));
        assert!(outcome.is_ok(), "setup: input {input:?} failed");
    }
}

/// `validate_fen` over mutated FENs and FEN4s (issue 49).
#[test]
fn fuzz_validate_fen() {
    run("validate_fen", false, |s| &s.0, checks::validate_fen);
    // Four-player seeds carry kind bytes 0 to 2: shifted to the four-player kinds (4 to 6).
    let four = corpus(b'v', true);
    for (fen, _, _) in four.iter().filter(|s| !s.0.is_empty()) {
        let mut v = fen.clone();
        v[0] += 4;
        checks::validate_fen(&v);
    }
    run(
        "validate_fen4",
        true,
        |s| &s.0,
        |d: &[u8]| {
            let mut v = d.to_vec();
            if let Some(k) = v.first_mut() {
                *k = 4 + *k % 3;
            }
            checks::validate_fen(&v);
        },
    );
}
