//! Why a move was refused, in words a player reads (issue 14, item 9).
//!
//! The engines answer "is this text a legal move?"; when the answer is no, [`Game`] replaces
//! their terse message with one that says whose turn it is and what is wrong:
//! `illegal move "Nf3" (Red to move): four-player moves name both squares: write Ne1-f3 or
//! e1f3`, `illegal move "e2e5" (White to move): a pawn cannot move from e2 to e5 (its legal
//! moves: e3, e4)`, `... it would leave White's king in check`. The explanation reads only
//! the unified values every engine answers ([`Game::board`], [`Game::legal_moves`],
//! [`Game::status`]), so both engines share it. It runs only on the error path.

use super::Game;
use super::views::Grid;
use crate::record::MoveRecord;
use crate::text::cat;
use crate::{player::Player, role::Role};

/// The display name of a player: `"White"`, `"Red"`.
pub(super) fn display(p: Player) -> String {
    let name = p.name();
    let mut c = name.chars();
    c.next()
        .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
        .unwrap_or_default()
}

/// A move written as text, read leniently: enough to say what it meant.
#[derive(Debug, Default)]
struct Reading {
    role: Option<Role>,
    squares: Vec<(u8, u8)>,
    /// File / rank hints before the destination (SAN disambiguation, a pawn's capture file).
    file: Option<u8>,
    rank: Option<u8>,
    promotion: Option<Role>,
    castle: Option<bool>,
}

fn read(grid: &Grid, text: &str) -> Reading {
    let t = text.trim().trim_end_matches(['+', '#', '!', '?']);
    let mut r = Reading::default();
    match t {
        "O-O" | "0-0" => r.castle = Some(true),
        "O-O-O" | "0-0-0" => r.castle = Some(false),
        _ => {}
    }
    let b = t.as_bytes();
    let mut i = 0;
    if let Some(&c) = b.first()
        && c.is_ascii_uppercase()
    {
        r.role = Role::from_char(c as char);
        i = 1;
    }
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_lowercase() && i + 1 == b.len() && r.squares.len() >= 2 {
            // UCI promotion: "e7e8q".
            r.promotion = Role::from_char(c as char);
        } else if c.is_ascii_lowercase() && c < b'a' + grid.size {
            // The longest run of up to two digits that names a rank of this board.
            let digits = b[i + 1..]
                .iter()
                .take(2)
                .take_while(|d| d.is_ascii_digit())
                .count();
            let square = (1..=digits)
                .rev()
                .find_map(|n| grid.parse(&t[i..=i + n]).map(|sq| (sq, n)));
            if let Some((sq, n)) = square {
                r.squares.push(sq);
                i += n + 1;
                continue;
            }
            if r.squares.is_empty() {
                r.file = Some(c - b'a');
            }
        } else if c.is_ascii_digit() && r.squares.is_empty() {
            r.rank = t[i..]
                .split(|ch: char| !ch.is_ascii_digit())
                .next()
                .and_then(|n| n.parse::<u8>().ok())
                .and_then(|n| n.checked_sub(1));
        } else if c.is_ascii_uppercase() && !r.squares.is_empty() && i + 1 == b.len() {
            // SAN / PGN4 promotion: "e8=Q", "h8Q".
            r.promotion = Role::from_char(c as char);
        }
        i += 1;
    }
    r
}

/// "e3, e4" (at most eight, then "...").
fn listing(moves: &[&MoveRecord]) -> String {
    let mut names: Vec<&str> = moves.iter().take(8).map(|m| m.san.as_str()).collect();
    if moves.len() > 8 {
        names.push("...");
    }
    names.join(", ")
}

impl Game {
    /// The message of a refused move: `illegal move "{text}" ({Player} to move): {why}`.
    pub(super) fn explain_illegal(&self, text: &str) -> String {
        let Some(turn) = self.status().turn else {
            return format!("illegal move {text:?}: the game is over");
        };
        format!(
            "illegal move {text:?} ({} to move): {}",
            display(turn),
            self.why_illegal(turn, text)
        )
    }

    fn why_illegal(&self, turn: Player, text: &str) -> String {
        let grid = Grid::of(self);
        // A constant without the four-player engine: its branches leave the rules-only build.
        let four = cfg!(feature = "four") && grid.cut_corners;
        let me = display(turn);
        let legal = self.legal_moves();
        let in_check = self.status().in_check.contains(&turn);
        let r = read(&grid, text);
        if let Some(king_side) = r.castle {
            let side = if king_side { "king side" } else { "queen side" };
            return if in_check {
                cat(&[&me, " is in check and cannot castle"])
            } else {
                cat(&[
                    &me,
                    " cannot castle ",
                    side,
                    " now (the king or that rook has moved, a square between them is taken, \
                     or the king would cross an attacked square)",
                ])
            };
        }
        let Some(&to) = r.squares.get(r.squares.len().min(2).saturating_sub(1)) else {
            return if four {
                "it names no square of this board: write the squares, such as h2-h4 or Ng1-h3 \
                 (PGN4) or h2h4 (UCI)"
                    .into()
            } else {
                "it names no square of this board: write SAN such as Nf3 or UCI such as g1f3".into()
            };
        };
        let to_name = Grid::name(to.0, to.1);
        let racing = self.kind() == crate::kind::GameKind::RacingKings;
        let check_note = |what: &[&str]| {
            let what = cat(what);
            if racing {
                // Racing Kings forbids giving check as well (R4.2).
                cat(&[
                    &what,
                    " would leave ",
                    &me,
                    "'s king in check or give check, and Racing Kings allows neither",
                ])
            } else if in_check {
                cat(&[&me, " is in check and ", &what, " does not end the check"])
            } else {
                cat(&[&what, " would leave ", &me, "'s king in check"])
            }
        };
        if r.squares.len() >= 2 {
            let from = r.squares[0];
            let from_name = Grid::name(from.0, from.1);
            let Some(p) = grid.at(i32::from(from.0), i32::from(from.1)) else {
                return cat(&["there is no piece on ", &from_name]);
            };
            if p.grey {
                return cat(&[
                    "the ",
                    p.piece.name(),
                    " on ",
                    &from_name,
                    " is grey: ",
                    &display(p.color),
                    " is out of the game",
                ]);
            }
            if p.color != turn {
                return cat(&[
                    "the ",
                    p.piece.name(),
                    " on ",
                    &from_name,
                    " is ",
                    &display(p.color),
                    "'s, not ",
                    &me,
                    "'s",
                ]);
            }
            if let Some(role) = r.role.filter(|&role| role != p.piece) {
                return cat(&[
                    "the piece on ",
                    &from_name,
                    " is a ",
                    p.piece.name(),
                    ", not a ",
                    role.name(),
                ]);
            }
            let from_here: Vec<&MoveRecord> =
                legal.iter().filter(|m| m.from == from_name).collect();
            let there: Vec<&MoveRecord> = from_here
                .iter()
                .copied()
                .filter(|m| m.to == to_name)
                .collect();
            if !there.is_empty() {
                return self.mismatch(&there, &r, four);
            }
            if let Some(own) = grid
                .at(i32::from(to.0), i32::from(to.1))
                .filter(|q| q.color == turn && !q.grey)
            {
                return cat(&[&me, "'s own ", own.piece.name(), " stands on ", &to_name]);
            }
            let piece = p.piece.name();
            if p.piece == Role::King && from.1 == to.1 && from.0.abs_diff(to.0) == 2 {
                return cat(&[&me, " cannot castle that way now"]);
            }
            if grid.reaches(turn, p.piece, from, to) {
                return check_note(&[piece, " ", &from_name, "-", &to_name]);
            }
            let moves = if from_here.is_empty() {
                "it has no legal move".to_string()
            } else {
                cat(&["its legal moves: ", &listing(&from_here)])
            };
            return cat(&[
                "a ",
                piece,
                " cannot move from ",
                &from_name,
                " to ",
                &to_name,
                " (",
                &moves,
                ")",
            ]);
        }
        // One square: SAN ("Nf3", "exd5", "e8=Q").
        let role = r.role.unwrap_or(Role::Pawn);
        let fits = |sq: &str| {
            grid.parse(sq).is_some_and(|(f, rank)| {
                r.file.is_none_or(|x| x == f) && r.rank.is_none_or(|x| x == rank)
            })
        };
        let candidates: Vec<&MoveRecord> = legal
            .iter()
            .filter(|m| m.to == to_name && m.piece == Some(role) && fits(&m.from))
            .collect();
        if four {
            return match candidates.as_slice() {
                [] => cat(&[
                    "four-player moves name both squares (such as Ng1-h3 or g1h3), and ",
                    &me,
                    " has no ",
                    role.name(),
                    " that can move to ",
                    &to_name,
                ]),
                some => {
                    let mut s = String::from("four-player moves name both squares: write ");
                    for (i, m) in some.iter().enumerate() {
                        let sep = if i > 0 { ", or " } else { "" };
                        s.push_str(&cat(&[sep, &m.san, " or ", &m.uci]));
                    }
                    s
                }
            };
        }
        if !candidates.is_empty() {
            let froms: Vec<&str> = candidates.iter().map(|m| m.from.as_str()).collect();
            let mut distinct = froms.clone();
            distinct.dedup();
            if distinct.len() > 1 {
                return cat(&[
                    "it is ambiguous: a ",
                    role.name(),
                    " on ",
                    &distinct.join(" or "),
                    " can move to ",
                    &to_name,
                    "; write ",
                    &listing(&candidates),
                ]);
            }
            return self.mismatch(&candidates, &r, four);
        }
        let mine: Vec<(u8, u8)> = self
            .board()
            .iter()
            .filter(|p| p.color == turn && !p.grey && p.piece == role && fits(&p.square))
            .filter_map(|p| grid.parse(&p.square))
            .collect();
        if mine.is_empty() {
            let place = if r.file.is_some() || r.rank.is_some() {
                " on that file or rank"
            } else {
                ""
            };
            return cat(&[&me, " has no ", role.name(), place]);
        }
        if let Some(own) = grid
            .at(i32::from(to.0), i32::from(to.1))
            .filter(|q| q.color == turn)
        {
            return cat(&[&me, "'s own ", own.piece.name(), " stands on ", &to_name]);
        }
        if let Some(&from) = mine
            .iter()
            .find(|&&from| grid.reaches(turn, role, from, to))
        {
            return check_note(&[role.name(), " ", &Grid::name(from.0, from.1), "-", &to_name]);
        }
        cat(&[&me, " has no ", role.name(), " that can reach ", &to_name])
    }

    /// A legal move goes where the text says, yet the text was refused: say what differs.
    fn mismatch(&self, moves: &[&MoveRecord], r: &Reading, four: bool) -> String {
        let promotes = moves.iter().any(|m| m.promotion.is_some());
        match r.promotion {
            None if promotes && !four => cat(&[
                "a pawn reaching ",
                &moves[0].to,
                " must promote: add the piece, such as ",
                &listing(moves),
            ]),
            Some(p) if promotes && !moves.iter().any(|m| m.promotion == Some(p)) => {
                if four {
                    "four-player pawns promote only to a queen".into()
                } else {
                    cat(&["a pawn cannot promote to a ", p.name()])
                }
            }
            Some(_) if !promotes => cat(&[&moves[0].san, " is not a promotion"]),
            _ => cat(&[
                "the legal move there is ",
                &listing(moves),
                "; the text does not describe it (check the capture mark and the piece letters)",
            ]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{game::NewGame, kind::GameKind};

    fn game(kind: GameKind, fen: Option<&str>) -> Game {
        Game::new(NewGame {
            kind,
            fen: fen.map(str::to_string),
            ..NewGame::default()
        })
        .unwrap()
    }

    fn why(g: &Game, text: &str) -> String {
        g.explain_illegal(text)
    }

    #[test]
    fn two_player_reasons() {
        let g = game(GameKind::Chess, None);
        let cases = [
            (
                "e2e5",
                "a pawn cannot move from e2 to e5 (its legal moves: e4, e3)",
            ),
            ("e4e5", "there is no piece on e4"),
            ("e7e5", "the pawn on e7 is Black's, not White's"),
            ("Nf6", "White has no knight that can reach f6"),
            ("Ke2", "White's own pawn stands on e2"),
            ("Qd3", "White has no queen that can reach d3"),
            ("O-O", "White cannot castle king side now"),
            ("zz", "names no square"),
            ("Bg1f3", "the piece on g1 is a knight, not a bishop"),
        ];
        for (text, part) in cases {
            let m = why(&g, text);
            assert!(
                m.starts_with(&format!("illegal move {text:?} (White to move): ")),
                "{m}"
            );
            assert!(m.contains(part), "{text}: {m}");
        }
        // A pin: the e2 knight may not leave the e-file (Black's rook on e8).
        let pinned = game(GameKind::Chess, Some("4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1"));
        assert!(why(&pinned, "Nc3").contains("would leave White's king in check"));
        assert!(why(&pinned, "e2c3").contains("would leave White's king in check"));
        let check = game(GameKind::Chess, Some("4r1k1/8/8/8/8/8/3N4/4K3 w - - 0 1"));
        assert!(why(&check, "Nb3").contains("White is in check and knight d2-b3 does not end"));
        let two_knights = game(GameKind::Chess, Some("4k3/8/8/8/8/8/8/2N1K1N1 w - - 0 1"));
        assert!(
            why(&two_knights, "Ne2").contains("ambiguous"),
            "{}",
            why(&two_knights, "Ne2")
        );
        // Racing Kings: Ne2-c3 would check the king on a2 (R4.2).
        let racing = game(GameKind::RacingKings, None);
        assert!(why(&racing, "Nc3").ends_with("knight e2-c3 would leave White's king in check or give check, and Racing Kings allows neither"), "{}", why(&racing, "Nc3"));
        let promote = game(GameKind::Chess, Some("4k3/P7/8/8/8/8/8/4K3 w - - 0 1"));
        assert!(why(&promote, "a8").contains("must promote"));
        assert!(why(&promote, "a7a8k").contains("cannot promote to a king"));
    }

    #[cfg(feature = "four")]
    #[test]
    fn four_player_reasons() {
        let g = game(GameKind::FourPlayer(crate::kind::Rules::Ffa), None);
        let cases = [
            (
                "Nf3",
                "four-player moves name both squares: write Ne1-f3 or e1f3",
            ),
            (
                "h2-h5",
                "a pawn cannot move from h2 to h5 (its legal moves: h2-h3, h2-h4)",
            ),
            ("b7-c7", "the pawn on b7 is Blue's, not Red's"),
            ("Ng1-f3", "the piece on g1 is a queen, not a knight"),
            ("h5-h6", "there is no piece on h5"),
            ("a1a2", "names no square"),
        ];
        for (text, part) in cases {
            let m = why(&g, text);
            assert!(
                m.starts_with(&format!("illegal move {text:?} (Red to move): ")),
                "{m}"
            );
            assert!(m.contains(part), "{text}: {m}");
        }
    }
}
