//! Test helpers: FEN4 built from piece lists, and rotation of a scene to another seat.
//!
//! A scene is written from Red's point of view; `rot(k)` turns the board k quarter turns
//! clockwise so Red's role is played by the seat k places clockwise (R5.2: every seat's setup
//! is Red's rotated, R5.7/R5.8 likewise).
#![allow(dead_code)]

use tablero::four::{FourGame, Rules, Seat};

pub const SEATS: [Seat; 4] = [Seat::Red, Seat::Blue, Seat::Yellow, Seat::Green];
const LETTERS: [char; 4] = ['r', 'b', 'y', 'g'];

fn corner(f: i32, r: i32) -> bool {
    (!(3..=10).contains(&f)) && (!(3..=10).contains(&r))
}

/// Square `sq` rotated k quarter turns: (f, r) -> (r, 13 - f) once.
pub fn rsq(sq: &str, k: usize) -> String {
    let b = sq.as_bytes();
    let mut f = (b[0] - b'a') as i32;
    let mut r: i32 = sq[1..].parse::<i32>().unwrap() - 1;
    for _ in 0..k % 4 {
        let nf = r;
        let nr = 13 - f;
        f = nf;
        r = nr;
    }
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

/// A move text "e2e4" with both squares rotated.
pub fn rmv(mv: &str, k: usize) -> String {
    // Split "e10b10" into two squares.
    let b = mv.as_bytes();
    let mut i = 1;
    while b[i].is_ascii_digit() {
        i += 1;
    }
    format!("{}{}", rsq(&mv[..i], k), rsq(&mv[i..], k))
}

/// Seat rotated k places clockwise.
pub fn rs(seat: Seat, k: usize) -> Seat {
    SEATS[(seat as usize + k) % 4]
}

/// Full FEN4 from parts; pieces as ("e4", "rP"), grey as "dP"; everything rotated by k.
#[allow(clippy::too_many_arguments)]
pub fn fen_full(
    turn: Seat,
    out: [u8; 4],
    ks: [u8; 4],
    qs: [u8; 4],
    points: [i32; 4],
    pieces: &[(&str, &str)],
    k: usize,
) -> String {
    let rot4 = |a: [i64; 4]| {
        let mut o = [0i64; 4];
        for i in 0..4 {
            o[(i + k) % 4] = a[i];
        }
        o.iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join(",")
    };
    let mut grid = vec![vec![String::new(); 14]; 14];
    for (sq, p) in pieces {
        let s = rsq(sq, k);
        let f = (s.as_bytes()[0] - b'a') as usize;
        let r: usize = s[1..].parse::<usize>().unwrap() - 1;
        assert!(!corner(f as i32, r as i32), "test piece on corner {s}");
        let mut ch = p.chars();
        let c = ch.next().unwrap();
        let role = ch.next().unwrap();
        let c = match LETTERS.iter().position(|&l| l == c) {
            Some(i) => LETTERS[(i + k) % 4],
            None => c,
        };
        grid[r][f] = format!("{c}{role}");
    }
    let mut rows = Vec::new();
    for r in (0..14).rev() {
        let mut cells = Vec::new();
        let mut run = 0;
        for f in 0..14 {
            if corner(f, r) {
                if run > 0 {
                    cells.push(run.to_string());
                    run = 0;
                }
                cells.push("x".to_string());
            } else if grid[r as usize][f as usize].is_empty() {
                run += 1;
            } else {
                if run > 0 {
                    cells.push(run.to_string());
                    run = 0;
                }
                cells.push(grid[r as usize][f as usize].clone());
            }
        }
        if run > 0 {
            cells.push(run.to_string());
        }
        rows.push(cells.join(","));
    }
    let t = rs(turn, k).letter().to_ascii_uppercase();
    format!(
        "{t}-{}-{}-{}-{}-0-{}",
        rot4(out.map(i64::from)),
        rot4(ks.map(i64::from)),
        rot4(qs.map(i64::from)),
        rot4(points.map(i64::from)),
        rows.join("/")
    )
}

/// FEN4 with nobody out, no castling rights, no points.
pub fn fen(turn: Seat, pieces: &[(&str, &str)], k: usize) -> String {
    fen_full(turn, [0; 4], [0; 4], [0; 4], [0; 4], pieces, k)
}

/// A game from a scene.
pub fn game(rules: Rules, turn: Seat, pieces: &[(&str, &str)], k: usize) -> FourGame {
    FourGame::from_fen4(rules, &fen(turn, pieces, k), None, 7).unwrap()
}

/// Points of a seat.
pub fn pts(g: &FourGame, s: Seat) -> i32 {
    g.position().points()[s as usize]
}

/// Four kings on their home squares (Red h1, Blue a7, Yellow g14, Green n8).
pub const KINGS: [(&str, &str); 4] = [("h1", "rK"), ("a7", "bK"), ("g14", "yK"), ("n8", "gK")];

/// Scene with the four home kings plus `extra`.
pub fn with_kings<'a>(extra: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
    let mut v: Vec<(&str, &str)> = KINGS.to_vec();
    for e in extra {
        v.retain(|(s, _)| s != &e.0);
        v.push(*e);
    }
    v
}
