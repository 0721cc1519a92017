//! The position editor: [`validate_fen`], which says why a FEN or FEN4 is refused with a
//! stable code ([`FenProblem`]), and [`Setup`], a position to edit square by square and start
//! a game from.
//!
//! The engines' own readers ([`crate::two::Position::read_fen`],
//! [`crate::four::Position::read_fen4`]) decide what a position may be, so `validate_fen`
//! accepts exactly the starts [`Game::new`] accepts, less those whose game is already over by
//! its own goal (`already-over`). A [`Setup`] holds any arrangement while it is edited (no
//! kings, pawns on the last rank); [`Setup::validate`] and [`Setup::new_game`] judge it.

use super::{Game, NewGame};
use crate::error::{Error, ErrorKind, FenError, FenProblem};
use crate::kind::GameKind;
use crate::player::Player;
use crate::record::{BoardPiece, CastlingRight, CastlingSide};
use crate::role::Role;
use crate::two::{self, Color};

/// The longest text [`validate_fen`] reads, in bytes: a FEN4 with every extra is under 2 KB.
pub const MAX_FEN_BYTES: usize = 4096;

/// Checks `text` as the start of a game of `kind`: a FEN for two players, a FEN4 for four.
/// Returns the position as the game would write it (normalised: `K`/`Q` castling letters, the
/// en-passant square only when a capture there is legal, the Three-check counter always
/// present), or the first rule it breaks with a [`FenProblem`] code.
///
/// A checkmate or stalemate is a valid position (a puzzle's answer, a finished game); a game
/// whose own goal is already reached is not a start (`already-over`): Three-check with three
/// checks given, King of the Hill with a king on the hill, Racing Kings with the race decided.
/// Four-player FEN4 castling flags whose king or rook has left home are dropped, as the
/// engine reads them, not refused.
///
/// ```
/// use tablero::{FenProblem, GameKind, validate_fen};
///
/// let fen = validate_fen("8/8/8/8/8/8/8/K6k w - - 0 1", GameKind::Chess).unwrap();
/// assert_eq!(fen, "8/8/8/8/8/8/8/K6k w - - 0 1");
/// let e = validate_fen("8/8/8/8/8/8/8/K7 w - - 0 1", GameKind::Chess).unwrap_err();
/// assert_eq!((e.problem, e.problem.code()), (FenProblem::KingCount, "king-count"));
/// ```
pub fn validate_fen(text: &str, kind: GameKind) -> Result<String, FenError> {
    if text.len() > MAX_FEN_BYTES {
        return Err(FenError::formatted(
            FenProblem::TooLong,
            format_args!(
                "the text is {} bytes long; a FEN or FEN4 is at most {MAX_FEN_BYTES}",
                text.len()
            ),
        ));
    }
    match kind.variant() {
        Some(variant) => {
            let pos = two::Position::read_fen(variant, text)?;
            if let Some(end) = pos.variant_ending() {
                let winner = end.winner.map_or("nobody", Color::name);
                return Err(FenError::formatted(
                    FenProblem::AlreadyOver,
                    format_args!(
                        "the game is already over in this position ({}; winner: {winner})",
                        end.reason.code()
                    ),
                ));
            }
            Ok(pos.fen())
        }
        #[cfg(feature = "four")]
        None => {
            let rules = kind.rules().unwrap_or_default();
            Ok(crate::four::Position::read_fen4(rules, text)?.fen4())
        }
        #[cfg(not(feature = "four"))]
        None => Err(FenError::new(
            FenProblem::BadFields,
            "this build has no four-player engine (Cargo feature \"four\")",
        )),
    }
}

/// A piece as the editor holds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Cell {
    player: Player,
    role: Role,
    /// Four players: the piece of a player who is out.
    grey: bool,
    /// Four players: a queen made by promotion (worth 1 point).
    promoted: bool,
}

/// The side of the 14×14 grid of the four-player board (its 3×3 corners are not squares).
const FOUR_SIDE: usize = 14;

/// An editable position of one kind of game: put and remove pieces, set the player to move,
/// castling rights, the en-passant square, Three-check's remaining checks, four-player points
/// and who is out; then [`Setup::fen`], [`Setup::validate`] or [`Setup::new_game`].
///
/// Edits never fail for what the position becomes (a board without kings is a fine moment
/// of an edit); they fail (`invalid-argument`, the setup unchanged) only for what cannot be
/// written at all: a square not on the board, a player not in the game.
///
/// ```
/// use tablero::{GameKind, Player, Role, Setup};
///
/// let mut s = Setup::empty(GameKind::Chess);
/// s.put("e1", Some((Player::White, Role::King))).unwrap();
/// s.put("e8", Some((Player::Black, Role::King))).unwrap();
/// s.put("a7", Some((Player::White, Role::Pawn))).unwrap();
/// assert_eq!(s.validate().unwrap(), "4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
/// let mut game = s.new_game(0).unwrap();
/// assert_eq!(game.play_text("a8=Q+").unwrap().uci, "a7a8q");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    kind: GameKind,
    /// Two players: by square index (a1 = 0, h8 = 63). Four: `rank * 14 + file`.
    cells: Vec<Option<Cell>>,
    turn: Player,
    castling: Vec<CastlingRight>,
    ep: Option<String>,
    /// Three-check: checks White and Black still need to give.
    remaining_checks: [u8; 2],
    halfmoves: u32,
    fullmoves: u32,
    /// Four players, by seat (Red, Blue, Yellow, Green).
    points: [i32; 4],
    /// Four players, by seat.
    out: [bool; 4],
    /// Four players, by seat: FEN4's `enPassant` entry (`"h3:h4"`), kept as read.
    ep4: [Option<String>; 4],
}

impl Setup {
    /// The start position of `kind` (Chess960: the standard chess start, number 518).
    pub fn new(kind: GameKind) -> Setup {
        let fen = match kind.variant() {
            Some(v) => v.start_fen().to_string(),
            #[cfg(feature = "four")]
            None => crate::four::Position::startpos(kind.rules().unwrap_or_default()).fen4(),
            #[cfg(not(feature = "four"))]
            None => String::new(),
        };
        Setup::from_fen(kind, &fen).unwrap_or_else(|_| Setup::empty(kind))
    }

    /// An empty board of `kind`, the first player to move, no rights.
    pub fn empty(kind: GameKind) -> Setup {
        let squares = if kind.is_four() {
            FOUR_SIDE * FOUR_SIDE
        } else {
            64
        };
        Setup {
            kind,
            cells: vec![None; squares],
            turn: kind.players()[0],
            castling: Vec::new(),
            ep: None,
            remaining_checks: [3, 3],
            halfmoves: 0,
            fullmoves: 1,
            points: [0; 4],
            out: [false; 4],
            ep4: [const { None }; 4],
        }
    }

    /// The position of a valid `fen` (FEN4 for four players) to edit. Errors: `invalid-fen`
    /// for anything [`validate_fen`] refuses.
    pub fn from_fen(kind: GameKind, fen: &str) -> Result<Setup, Error> {
        validate_fen(fen, kind)?;
        let mut s = Setup::empty(kind);
        match kind.variant() {
            Some(variant) => {
                let pos = two::Position::read_fen(variant, fen)?;
                for (sq, color, role) in two::board_pieces(&pos) {
                    s.cells[sq.index()] = Some(Cell {
                        player: color.into(),
                        role,
                        grey: false,
                        promoted: false,
                    });
                }
                s.turn = pos.turn().into();
                s.castling = two_castling(&pos);
                s.ep = pos.ep_square().map(|sq| sq.to_string());
                s.remaining_checks =
                    [Color::White, Color::Black].map(|c| 3u8.saturating_sub(pos.checks_given(c)));
                s.halfmoves = pos.halfmoves();
                s.fullmoves = pos.fullmoves();
            }
            #[cfg(feature = "four")]
            None => {
                use crate::four::{Position, Square};
                let pos = Position::read_fen4(kind.rules().unwrap_or_default(), fen)?;
                for rank in 0..FOUR_SIDE as u8 {
                    for file in 0..FOUR_SIDE as u8 {
                        let Some(sq) = Square::new(file, rank) else {
                            continue;
                        };
                        if let Some((seat, role, grey, promoted)) = pos.piece_at(sq) {
                            s.cells[usize::from(rank) * FOUR_SIDE + usize::from(file)] =
                                Some(Cell {
                                    player: seat.into(),
                                    role,
                                    grey,
                                    promoted,
                                });
                        }
                    }
                }
                s.turn = pos.turn().into();
                s.castling = four_castling(&pos);
                s.points = pos.points();
                s.out = pos.statuses().map(|st| st.is_out());
                s.ep4 = pos
                    .en_passant_squares()
                    .map(|e| e.map(|(passed, landed)| format!("{passed}:{landed}")));
                s.halfmoves = pos.ply_clock();
            }
            #[cfg(not(feature = "four"))]
            None => {}
        }
        Ok(s)
    }

    /// Which game this position is for.
    pub fn kind(&self) -> GameKind {
        self.kind
    }

    /// The cell index of `square`, or an `invalid-argument` error naming what a square is.
    fn index(&self, square: &str) -> Result<usize, Error> {
        let found = if self.kind.is_four() {
            four_index(square)
        } else {
            two::Square::parse(square).map(|sq| sq.index())
        };
        found.ok_or_else(|| {
            let shown = crate::error::first_chars(square, 60);
            Error::formatted(
                ErrorKind::InvalidArgument,
                format_args!(
                    "{shown:?} is not a square of this board ({})",
                    if self.kind.is_four() {
                        "a4 to n11 and d1 to k14; the 3×3 corners are not squares"
                    } else {
                        "a1 to h8"
                    }
                ),
            )
        })
    }

    /// `player` if it plays this game, else an `invalid-argument` error.
    fn check_player(&self, player: Player) -> Result<Player, Error> {
        if self.kind.players().contains(&player) {
            Ok(player)
        } else {
            Err(Error::formatted(
                ErrorKind::InvalidArgument,
                format_args!("{player} does not play {}", self.kind.id()),
            ))
        }
    }

    /// Puts `piece` (its owner and role) on `square`, or empties it with `None`. Errors:
    /// `invalid-argument` for a square not on the board or a player not in the game.
    pub fn put(&mut self, square: &str, piece: Option<(Player, Role)>) -> Result<(), Error> {
        let i = self.index(square)?;
        let cell = match piece {
            Some((player, role)) => Some(Cell {
                player: self.check_player(player)?,
                role,
                grey: self.kind.is_four()
                    && self.kind.rules() == Some(crate::kind::Rules::Ffa)
                    && self.is_out(player),
                promoted: false,
            }),
            None => None,
        };
        self.cells[i] = cell;
        Ok(())
    }

    /// The piece on `square`, if any. Errors: `invalid-argument` for a square not on the board.
    pub fn get(&self, square: &str) -> Result<Option<BoardPiece>, Error> {
        let i = self.index(square)?;
        Ok(self.cells[i].map(|c| BoardPiece {
            square: square.to_ascii_lowercase(),
            piece: c.role,
            color: c.player,
            grey: c.grey,
        }))
    }

    /// Every piece, in board order from a1.
    pub fn board(&self) -> Vec<BoardPiece> {
        (0..self.cells.len())
            .filter_map(|i| {
                let c = self.cells[i]?;
                Some(BoardPiece {
                    square: self.square_name(i),
                    piece: c.role,
                    color: c.player,
                    grey: c.grey,
                })
            })
            .collect()
    }

    fn square_name(&self, i: usize) -> String {
        let (file, rank) = if self.kind.is_four() {
            (i % FOUR_SIDE, i / FOUR_SIDE)
        } else {
            (i % 8, i / 8)
        };
        format!("{}{}", char::from(b'a' + file as u8), rank + 1)
    }

    /// Empties the board and drops the castling rights and the en-passant square.
    pub fn clear(&mut self) {
        self.cells.iter_mut().for_each(|c| *c = None);
        self.castling.clear();
        self.ep = None;
        self.ep4 = [const { None }; 4];
    }

    /// The player to move.
    pub fn turn(&self) -> Player {
        self.turn
    }

    /// Sets the player to move. Errors: `invalid-argument` for a player not in the game.
    pub fn set_turn(&mut self, player: Player) -> Result<(), Error> {
        self.turn = self.check_player(player)?;
        Ok(())
    }

    /// The castling rights, in player order, king side first.
    pub fn castling(&self) -> Vec<CastlingRight> {
        self.castling.clone()
    }

    /// Replaces the castling rights: each a player, a side and optionally the rook's square
    /// (default: the outermost rook on that side of the king, or the four-player home rook).
    /// Errors: `invalid-argument` for a player not in the game, a rook square off the board
    /// or off the player's back rank, or two rights of one player to one side. Whether the
    /// board agrees is [`Setup::validate`]'s question (`bad-castling`).
    pub fn set_castling(
        &mut self,
        rights: &[(Player, CastlingSide, Option<String>)],
    ) -> Result<(), Error> {
        let mut out: Vec<CastlingRight> = Vec::new();
        for (player, side, rook) in rights {
            let player = self.check_player(*player)?;
            if out.iter().any(|r| r.player == player && r.side == *side) {
                return Err(Error::formatted(
                    ErrorKind::InvalidArgument,
                    format_args!("{player} has two {} side castling rights", side.name()),
                ));
            }
            let rook = self.rook_square(player, *side, rook.as_deref())?;
            out.push(CastlingRight {
                player,
                side: *side,
                rook,
            });
        }
        // Player order, king side first (no sort: its code is kilobytes of the package).
        let mut ordered = Vec::with_capacity(out.len());
        for p in self.kind.players() {
            for side in [CastlingSide::King, CastlingSide::Queen] {
                ordered.extend(
                    out.iter()
                        .filter(|r| r.player == *p && r.side == side)
                        .cloned(),
                );
            }
        }
        self.castling = ordered;
        Ok(())
    }

    /// The rook square of a castling right: `given`, checked, or the default one.
    fn rook_square(
        &self,
        player: Player,
        side: CastlingSide,
        given: Option<&str>,
    ) -> Result<String, Error> {
        #[cfg(feature = "four")]
        if let Some(seat) = player.seat() {
            let home =
                crate::four::Position::castling_rook(seat, side == CastlingSide::King).to_string();
            return match given {
                Some(g) if !g.eq_ignore_ascii_case(&home) => Err(Error::formatted(
                    ErrorKind::InvalidArgument,
                    format_args!(
                        "{player} castles to the {} side with the rook on {home}, not {g:?}",
                        side.name()
                    ),
                )),
                _ => Ok(home),
            };
        }
        let color = player.color().unwrap_or(Color::White);
        let rank = color.back_rank();
        if let Some(g) = given {
            let i = self.index(g)?;
            if i / 8 != usize::from(rank) {
                return Err(Error::formatted(
                    ErrorKind::InvalidArgument,
                    format_args!("{player}'s castling rook must be on its back rank, not {g:?}"),
                ));
            }
            return Ok(self.square_name(i));
        }
        // The outermost rook on that side of the king, as the FEN letters K and Q mean; the
        // corner square when there is no king or rook to go by.
        let at = |file: usize| self.cells[usize::from(rank) * 8 + file];
        let is = |file: usize, role: Role| {
            at(file).is_some_and(|c| c.player == player && c.role == role)
        };
        let king = (0..8).find(|&f| is(f, Role::King));
        let rook = match (side, king) {
            (CastlingSide::King, Some(k)) => (k + 1..8).rev().find(|&f| is(f, Role::Rook)),
            (CastlingSide::Queen, Some(k)) => (0..k).find(|&f| is(f, Role::Rook)),
            _ => None,
        };
        let file = rook.unwrap_or(if side == CastlingSide::King { 7 } else { 0 });
        Ok(self.square_name(usize::from(rank) * 8 + file))
    }

    /// The en-passant square (two players), if any.
    pub fn ep_square(&self) -> Option<String> {
        self.ep.clone()
    }

    /// Sets or clears the en-passant square. Errors: `invalid-argument` for a square not on
    /// the board, and in four-player games (their FEN4 records en passant per seat).
    pub fn set_ep_square(&mut self, square: Option<&str>) -> Result<(), Error> {
        if self.kind.is_four() {
            return Err(Error::invalid_argument(
                "four-player setups have no en-passant square to set",
            ));
        }
        self.ep = match square {
            Some(sq) => Some(self.square_name(self.index(sq)?)),
            None => None,
        };
        Ok(())
    }

    /// Three-check: the checks White and Black still need to give (3 and 3 at the start).
    pub fn remaining_checks(&self) -> Option<[u8; 2]> {
        (self.kind == GameKind::ThreeCheck).then_some(self.remaining_checks)
    }

    /// Three-check: sets the checks White and Black still need to give, 0 to 3 each.
    /// Errors: `invalid-argument` out of range or in another game.
    pub fn set_remaining_checks(&mut self, white: u8, black: u8) -> Result<(), Error> {
        if self.kind != GameKind::ThreeCheck {
            return Err(Error::invalid_argument(
                "only Three-check positions count remaining checks",
            ));
        }
        if white > 3 || black > 3 {
            return Err(Error::formatted(
                ErrorKind::InvalidArgument,
                format_args!("remaining checks must be 0 to 3 each, got {white} and {black}"),
            ));
        }
        self.remaining_checks = [white, black];
        Ok(())
    }

    /// Four players: each player's points, in seat order (Red, Blue, Yellow, Green).
    pub fn points(&self) -> Option<[i32; 4]> {
        self.kind.is_four().then_some(self.points)
    }

    /// Four players: sets a player's points (0 to 1,000,000, as FEN4 allows). Errors:
    /// `invalid-argument` out of range, for a player not in the game, or in two-player games.
    pub fn set_points(&mut self, player: Player, points: i32) -> Result<(), Error> {
        let seat = self.seat_index(player)?;
        if !(0..=1_000_000).contains(&points) {
            return Err(Error::formatted(
                ErrorKind::InvalidArgument,
                format_args!("points must be 0 to 1000000, got {points}"),
            ));
        }
        self.points[seat] = points;
        Ok(())
    }

    /// Four players: whether `player` is out.
    pub fn is_out(&self, player: Player) -> bool {
        self.seat_index(player).is_ok_and(|s| self.out[s])
    }

    /// Four players: puts `player` out or back in; their pieces turn grey or live with them
    /// (in free-for-all an out player's pieces are grey; FEN4 writes them `d`). Errors:
    /// `invalid-argument` for a player not in the game or in two-player games.
    pub fn set_out(&mut self, player: Player, out: bool) -> Result<(), Error> {
        let seat = self.seat_index(player)?;
        self.out[seat] = out;
        if out {
            // An out player's last double step can no longer be taken en passant.
            self.ep4[seat] = None;
        }
        let grey = out && self.kind.is_four() && self.kind.rules() == Some(crate::kind::Rules::Ffa);
        for c in self.cells.iter_mut().flatten() {
            if c.player == player {
                c.grey = grey;
            }
        }
        Ok(())
    }

    fn seat_index(&self, player: Player) -> Result<usize, Error> {
        let players = self.kind.players();
        if !self.kind.is_four() {
            return Err(Error::invalid_argument(
                "only four-player positions have points and players out",
            ));
        }
        self.check_player(player)?;
        Ok(players.iter().position(|p| *p == player).unwrap_or(0))
    }

    /// The position as FEN (FEN4 for four players), as edited: it may be invalid.
    pub fn fen(&self) -> String {
        if self.kind.is_four() {
            self.fen4()
        } else {
            self.fen8()
        }
    }

    fn fen8(&self) -> String {
        let mut s = String::with_capacity(90);
        for rank in (0..8).rev() {
            let mut empty = 0u8;
            for file in 0..8 {
                match self.cells[rank * 8 + file] {
                    Some(c) => {
                        if empty > 0 {
                            s.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        s.push(if c.player == Player::White {
                            c.role.upper_char()
                        } else {
                            c.role.char()
                        });
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                s.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s.push_str(if self.turn == Player::Black {
            " b "
        } else {
            " w "
        });
        if self.castling.is_empty() {
            s.push('-');
        }
        // X-FEN: K and Q where the right is the outermost rook's on that side of the king
        // (what the letters mean), the rook's file otherwise.
        for r in &self.castling {
            let default = self.rook_square(r.player, r.side, None).ok();
            let letter = if default.as_deref() == Some(r.rook.as_str()) {
                if r.side == CastlingSide::King {
                    'k'
                } else {
                    'q'
                }
            } else {
                r.rook.chars().next().unwrap_or('a')
            };
            s.push(if r.player == Player::White {
                letter.to_ascii_uppercase()
            } else {
                letter
            });
        }
        s.push(' ');
        s.push_str(self.ep.as_deref().unwrap_or("-"));
        if self.kind == GameKind::ThreeCheck {
            let [w, b] = self.remaining_checks;
            s.push_str(&format!(" {w}+{b}"));
        }
        s.push_str(&format!(" {} {}", self.halfmoves, self.fullmoves));
        s
    }

    fn fen4(&self) -> String {
        let mut s = String::new();
        s.push(
            self.turn
                .name()
                .chars()
                .next()
                .unwrap_or('r')
                .to_ascii_uppercase(),
        );
        let players = self.kind.players();
        let right = |p: Player, side| {
            i32::from(
                self.castling
                    .iter()
                    .any(|r| r.player == p && r.side == side),
            )
        };
        let out = [0, 1, 2, 3].map(|i| i32::from(self.out[i]));
        let king = [0, 1, 2, 3].map(|i| right(players[i], CastlingSide::King));
        let queen = [0, 1, 2, 3].map(|i| right(players[i], CastlingSide::Queen));
        for list in [out, king, queen, self.points] {
            for (i, x) in list.into_iter().enumerate() {
                s.push(if i == 0 { '-' } else { ',' });
                s.push_str(&x.to_string());
            }
        }
        s.push_str(&format!("-{}-", self.halfmoves));
        let promoted: Vec<String> = players
            .iter()
            .map(|&p| {
                let mut names = Vec::new();
                for (i, c) in self.cells.iter().enumerate() {
                    if let Some(c) = c
                        && c.player == p
                        && c.promoted
                        && c.role == Role::Queen
                        && !c.grey
                    {
                        names.push(self.square_name(i));
                    }
                }
                names.join(" ")
            })
            .collect();
        let quoted = |items: &mut dyn Iterator<Item = &str>| {
            items
                .map(|p| format!("'{p}'"))
                .collect::<Vec<_>>()
                .join(",")
        };
        let mut extras = Vec::new();
        if self.ep4.iter().any(Option::is_some) {
            let mut items = self.ep4.iter().map(|e| e.as_deref().unwrap_or(""));
            extras.push(format!("'enPassant':({})", quoted(&mut items)));
        }
        if promoted.iter().any(|p| !p.is_empty()) {
            let mut items = promoted.iter().map(String::as_str);
            extras.push(format!("'promoted':({})", quoted(&mut items)));
        }
        if !extras.is_empty() {
            s.push_str(&format!("{{{}}}-", extras.join(",")));
        }
        for rank in (0..FOUR_SIDE).rev() {
            let mut cells: Vec<String> = Vec::new();
            let mut run = 0;
            for file in 0..FOUR_SIDE {
                let corner = (!(3..=10).contains(&file)) && (!(3..=10).contains(&rank));
                let cell = self.cells[rank * FOUR_SIDE + file];
                if cell.is_none() && !corner {
                    run += 1;
                    continue;
                }
                if run > 0 {
                    cells.push(run.to_string());
                    run = 0;
                }
                cells.push(match cell {
                    _ if corner => "x".to_string(),
                    Some(c) => {
                        let letter = if c.grey {
                            'd'
                        } else {
                            c.player.name().chars().next().unwrap_or('r')
                        };
                        format!("{letter}{}", c.role.upper_char())
                    }
                    None => String::new(),
                });
            }
            if run > 0 {
                cells.push(run.to_string());
            }
            s.push_str(&cells.join(","));
            if rank > 0 {
                s.push('/');
            }
        }
        s
    }

    /// [`validate_fen`] of [`Setup::fen`]: the normalised FEN, or why it is refused.
    pub fn validate(&self) -> Result<String, FenError> {
        validate_fen(&self.fen(), self.kind)
    }

    /// A game starting from this position, with `seed` (see [`NewGame::seed`]). Errors:
    /// `invalid-fen` (the message says why) when [`Setup::validate`] refuses it.
    pub fn new_game(&self, seed: u64) -> Result<Game, Error> {
        let fen = self.validate()?;
        Game::new(NewGame {
            kind: self.kind,
            fen: Some(fen),
            seed,
            ..NewGame::default()
        })
    }
}

/// The cell index (`rank * 14 + file`) of a four-player square.
fn four_index(square: &str) -> Option<usize> {
    #[cfg(feature = "four")]
    {
        crate::four::Square::parse(square)
            .map(|sq| usize::from(sq.rank()) * FOUR_SIDE + usize::from(sq.file()))
    }
    #[cfg(not(feature = "four"))]
    {
        let _ = square;
        None
    }
}

/// The castling rights of a two-player position, White first, king side first.
pub(crate) fn two_castling(pos: &two::Position) -> Vec<CastlingRight> {
    let mut out = Vec::new();
    for color in [Color::White, Color::Black] {
        let king = pos.king(color);
        let rooks: Vec<two::Square> = pos
            .castling_rooks()
            .into_iter()
            .filter(|r| r.rank() == color.back_rank())
            .collect();
        // The bitboard lists files upwards: reversed, king side (files above the king's)
        // comes before queen side.
        for &rook in rooks.iter().rev() {
            out.push(CastlingRight {
                player: color.into(),
                side: if rook.file() > king.file() {
                    CastlingSide::King
                } else {
                    CastlingSide::Queen
                },
                rook: rook.to_string(),
            });
        }
    }
    out
}

/// The castling rights of a four-player position, in seat order, king side first.
#[cfg(feature = "four")]
pub(crate) fn four_castling(pos: &crate::four::Position) -> Vec<CastlingRight> {
    let mut out = Vec::new();
    for seat in crate::four::Seat::ALL {
        for (side, king_side) in [(CastlingSide::King, true), (CastlingSide::Queen, false)] {
            if pos.can_castle(seat, king_side) {
                out.push(CastlingRight {
                    player: seat.into(),
                    side,
                    rook: crate::four::Position::castling_rook(seat, king_side).to_string(),
                });
            }
        }
    }
    out
}
