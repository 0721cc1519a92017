//! The board as a grid: [`Game::board_rows`] and [`Game::ascii`], and the square geometry
//! the illegal-move explanations use (`explain.rs`).

use super::Game;
use crate::record::BoardPiece;
use crate::{player::Player, role::Role};

/// The board of a game as a grid of cells, file by file and rank by rank.
pub(super) struct Grid {
    /// 8 or 14.
    pub size: u8,
    /// Four-player board: the 3×3 corners are not squares.
    pub cut_corners: bool,
    /// `cells[rank * size + file]`, 0-based from a1.
    cells: Vec<Option<BoardPiece>>,
}

impl Grid {
    pub fn of(game: &Game) -> Grid {
        let size = game.facts().files;
        let mut grid = Grid {
            size,
            cut_corners: game.kind().is_four(),
            cells: vec![None; usize::from(size) * usize::from(size)],
        };
        for p in game.board() {
            if let Some((f, r)) = grid.parse(&p.square) {
                grid.cells[usize::from(r) * usize::from(size) + usize::from(f)] = Some(p);
            }
        }
        grid
    }

    /// Whether (file, rank) is a square of this board (not off it, not a cut corner).
    pub fn on_board(&self, f: i32, r: i32) -> bool {
        let n = i32::from(self.size);
        let corner = |x: i32| x < 3 || x > n - 4;
        (0..n).contains(&f) && (0..n).contains(&r) && !(self.cut_corners && corner(f) && corner(r))
    }

    /// The coordinates of a square name such as `"e4"` or `"k11"`.
    pub fn parse(&self, name: &str) -> Option<(u8, u8)> {
        let b = name.as_bytes();
        let f = b.first()?.checked_sub(b'a')?;
        let digits = name.get(1..)?;
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|d| d.is_ascii_digit()) {
            return None;
        }
        let r = digits.parse::<u8>().ok()?.checked_sub(1)?;
        self.on_board(i32::from(f), i32::from(r)).then_some((f, r))
    }

    pub fn name(f: u8, r: u8) -> String {
        format!("{}{}", (b'a' + f) as char, r + 1)
    }

    pub fn at(&self, f: i32, r: i32) -> Option<&BoardPiece> {
        if !self.on_board(f, r) {
            return None;
        }
        self.cells[(r * i32::from(self.size) + f) as usize].as_ref()
    }

    /// Whether a `role` of `player` standing on `from` could move to `to` by how the piece
    /// moves alone (the path is clear, the target is not its own), ignoring what the move
    /// would do to its king, castling and en passant.
    pub fn reaches(&self, player: Player, role: Role, from: (u8, u8), to: (u8, u8)) -> bool {
        let (ff, fr) = (i32::from(from.0), i32::from(from.1));
        let (tf, tr) = (i32::from(to.0), i32::from(to.1));
        let (df, dr) = (tf - ff, tr - fr);
        let target = self.at(tf, tr);
        if target.is_some_and(|p| p.color == player && !p.grey) || (df, dr) == (0, 0) {
            return false;
        }
        let clear = |steps: i32, sf: i32, sr: i32| {
            (1..steps).all(|i| {
                let (f, r) = (ff + i * sf, fr + i * sr);
                self.on_board(f, r) && self.at(f, r).is_none()
            })
        };
        let line = |diagonal: bool| {
            let straight = df == 0 || dr == 0;
            let diag = df.abs() == dr.abs();
            (if diagonal { diag } else { straight })
                && clear(df.abs().max(dr.abs()), df.signum(), dr.signum())
        };
        match role {
            Role::Knight => matches!((df.abs(), dr.abs()), (1, 2) | (2, 1)),
            Role::King => df.abs().max(dr.abs()) == 1,
            Role::Rook => line(false),
            Role::Bishop => line(true),
            Role::Queen => line(false) || line(true),
            Role::Pawn => {
                let (pf, pr) = pawn_forward(player);
                let n = i32::from(self.size);
                // The start line: the second rank or file from the player's own edge.
                let start = match (pf, pr) {
                    (0, 1) => fr == 1,
                    (0, _) => fr == n - 2,
                    (1, _) => ff == 1,
                    _ => ff == n - 2,
                };
                if target.is_none() {
                    (df, dr) == (pf, pr)
                        || (start && (df, dr) == (2 * pf, 2 * pr) && clear(2, pf, pr))
                } else if pf == 0 {
                    // One step forward and one to the side.
                    (df.abs(), dr) == (1, pr)
                } else {
                    (dr.abs(), df) == (1, pf)
                }
            }
        }
    }
}

/// The direction a player's pawns move, as (file, rank) steps.
fn pawn_forward(player: Player) -> (i32, i32) {
    match player {
        Player::White | Player::Red => (0, 1),
        Player::Black | Player::Yellow => (0, -1),
        Player::Blue => (1, 0),
        Player::Green => (-1, 0),
    }
}

/// The letters of a piece in [`Game::ascii`]: the FEN letter for two players (upper case for
/// White), the FEN4 pair for four (`rK`, `bP`; `d` for a grey piece).
fn letters(p: &BoardPiece, four: bool) -> String {
    let role = p.piece.upper_char();
    let mut out = String::new();
    if !four {
        out.push(if p.color == Player::White {
            role
        } else {
            role.to_ascii_lowercase()
        });
        return out;
    }
    out.push(if p.grey {
        'd'
    } else {
        p.color.name().as_bytes()[0] as char
    });
    out.push(role);
    out
}
impl Game {
    /// The board as rows of cells, the top rank first (rank 8, or 14 for four players) and
    /// each row from the a-file: 8 rows of 8, or 14 of 14. A cell is the piece on it or
    /// `None`, both for an empty square and for the four-player board's cut corners (the
    /// 3×3 corners, files a–c and l–n on ranks 1–3 and 12–14, which are not squares).
    pub fn board_rows(&self) -> Vec<Vec<Option<BoardPiece>>> {
        let grid = Grid::of(self);
        let n = usize::from(grid.size);
        grid.cells.chunks(n).rev().map(<[_]>::to_vec).collect()
    }

    /// The board as text, the top rank first, for logs and terminals: one line per rank
    /// with its number, then the file letters. Two players: FEN letters (`K` White's king,
    /// `k` Black's), `.` for an empty square. Four players: FEN4 pairs (`rK` Red's king,
    /// `bP` a Blue pawn, `dQ` a grey queen of a player who is out), `..` for an empty
    /// square and blanks for the cut corners. Every line ends with `\n`.
    ///
    /// ```
    /// let g = tablero::Game::new(tablero::NewGame::default()).unwrap();
    /// assert!(g.ascii().starts_with("8 r n b q k b n r\n7 p p p p p p p p\n6 . . . . . . . .\n"));
    /// assert!(g.ascii().ends_with("1 R N B Q K B N R\n  a b c d e f g h\n"));
    /// ```
    pub fn ascii(&self) -> String {
        let grid = Grid::of(self);
        let four = grid.cut_corners;
        let (empty, blank) = if four { ("..", "  ") } else { (".", " ") };
        let mut out = String::new();
        for r in (0..i32::from(grid.size)).rev() {
            let mut line = String::new();
            if four && r < 9 {
                line.push(' ');
            }
            line += &(r + 1).to_string();
            for f in 0..i32::from(grid.size) {
                line.push(' ');
                match grid.at(f, r) {
                    Some(p) => line += &letters(p, four),
                    None if grid.on_board(f, r) => line += empty,
                    None => line += blank,
                }
            }
            out += line.trim_end();
            out.push('\n');
        }
        out += if four { "  " } else { " " };
        for f in 0..grid.size {
            out.push(' ');
            out.push((b'a' + f) as char);
            out += if four && f + 1 < grid.size { " " } else { "" };
        }
        out.push('\n');
        out
    }
}
