//! The 8×8 position: board, side to move, rights and counters, and how a move changes them.

use super::attacks::{bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks};
use super::board::{Bitboard, Color, Square};
use super::moves::{Move, MoveKind, castling_targets};
use super::zobrist;
use crate::kind::Variant;
use crate::role::Role;

/// The engine's knowledge of each rule set (the names are the table's, in `src/kind.rs`).
impl Variant {
    /// All two-player variants.
    pub const ALL: [Variant; 4] = [
        Variant::Chess,
        Variant::ThreeCheck,
        Variant::KingOfTheHill,
        Variant::RacingKings,
    ];

    /// The FEN of the variant's starting position.
    pub const fn start_fen(self) -> &'static str {
        match self {
            Variant::RacingKings => "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1",
            Variant::ThreeCheck => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
            _ => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        }
    }
}

#[inline]
const fn piece_code(color: Color, role: Role) -> u8 {
    1 + role as u8 + 8 * color as u8
}

/// A two-player position. Positions are small and `Copy`-like (`Clone` is a memcpy), so the
/// engine uses copy-make: [`Position::play`] mutates in place and callers keep the old copy.
///
/// A `Position` is always valid: it can only be built from a FEN that passes validation, or
/// by playing legal moves.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Position {
    pub(super) variant: Variant,
    pub(super) by_color: [Bitboard; 2],
    pub(super) by_role: [Bitboard; 6],
    pub(super) turn: Color,
    /// Squares of rooks that still have castling rights.
    pub(super) castling: Bitboard,
    /// En-passant target square, kept only when the side to move can legally capture there.
    pub(super) ep: Option<Square>,
    pub(super) halfmoves: u32,
    pub(super) fullmoves: u32,
    /// Checks given by White and by Black (Three-check).
    pub(super) checks: [u8; 2],
    pub(super) checkers: Bitboard,
    pub(super) hash: u64,
    /// Piece codes by square (0 empty, else `1 + role`, plus 8 for Black): the bitboards
    /// answer "where are the rooks", this answers "what is on e4" in one load.
    pub(super) mailbox: [u8; 64],
    /// A Chess960 game: the rules are chess, but castling is written king-takes-rook in UCI
    /// (`e1h1`), as Chess960 engines and sites expect.
    pub(super) chess960: bool,
}

impl Position {
    /// The starting position of `variant`.
    pub fn new(variant: Variant) -> Position {
        Position::from_fen(variant, variant.start_fen())
            .unwrap_or_else(|_| unreachable!("start FENs are valid"))
    }

    /// The rule set.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// `true` in a Chess960 game (see [`Position::set_chess960`]).
    pub fn is_chess960(&self) -> bool {
        self.chess960
    }

    /// Marks the position as one of a Chess960 game (chess rules, castling written
    /// king-takes-rook in UCI), or not. Positions played from it keep the mark.
    pub fn set_chess960(&mut self, on: bool) {
        self.chess960 = on && self.variant == Variant::Chess;
    }

    /// UCI text of a legal move of this position: [`Move::uci`], except that castling in a
    /// Chess960 game is always king-takes-rook (`e1h1`).
    pub fn uci(&self, m: Move) -> String {
        if self.chess960 && m.kind == MoveKind::Castle {
            format!("{}{}", m.from, m.to)
        } else {
            m.uci()
        }
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Zobrist hash of everything that matters for repetition: pieces, side to move, castling
    /// rights, a capturable en-passant square and the Three-check counters.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Half-moves since the last capture or pawn move.
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// Full-move number, starting at 1 and incremented after Black's move.
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// Checks given so far by `color` (Three-check; always 0 elsewhere).
    pub fn checks_given(&self, color: Color) -> u8 {
        self.checks[color.index()]
    }

    /// The en-passant square, when the side to move can legally capture en passant.
    pub fn ep_square(&self) -> Option<Square> {
        self.ep
    }

    /// Squares of the pieces of `color`.
    pub fn pieces_of(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// Squares of the pieces with `role`, both colours.
    pub fn role_bb(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }

    /// All occupied squares.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<(Color, Role)> {
        let code = self.mailbox[sq.index()];
        let color = if code & 8 == 0 {
            Color::White
        } else {
            Color::Black
        };
        self.role_at(sq).map(|r| (color, r))
    }

    #[inline]
    pub(crate) fn role_at(&self, sq: Square) -> Option<Role> {
        match self.mailbox[sq.index()] & 7 {
            0 => None,
            r => Role::ALL.get(r as usize - 1).copied(),
        }
    }

    /// Fills the mailbox from the bitboards (after setting up a position from FEN).
    pub(crate) fn rebuild_mailbox(&mut self) {
        self.mailbox = [0; 64];
        for color in [Color::White, Color::Black] {
            for role in Role::ALL {
                for sq in self.bb(color, role) {
                    self.mailbox[sq.index()] = piece_code(color, role);
                }
            }
        }
    }

    #[inline]
    pub(super) fn bb(&self, color: Color, role: Role) -> Bitboard {
        self.by_color[color.index()] & self.by_role[role.index()]
    }

    /// The square of `color`'s king. Valid positions always have exactly one.
    #[inline]
    pub fn king(&self, color: Color) -> Square {
        let king = self.bb(color, Role::King).first();
        debug_assert!(king.is_some(), "no {color:?} king in {}", self.fen());
        king.unwrap_or(Square::A1)
    }

    /// Pieces giving check to the side to move.
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }

    /// `true` when the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.checkers.any()
    }

    /// Squares of the rooks that keep castling rights.
    pub fn castling_rooks(&self) -> Bitboard {
        self.castling
    }

    /// Pieces of `attacker` that attack `sq`, with `occupied` as the blockers.
    #[inline]
    pub fn attackers(&self, sq: Square, attacker: Color, occupied: Bitboard) -> Bitboard {
        self.all_attackers(sq, occupied) & self.by_color[attacker.index()]
    }

    /// Pieces of either colour that attack `sq`, with `occupied` as the blockers (an exchange
    /// on `sq` needs both sides' at every capture).
    pub(crate) fn all_attackers(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        let queens = self.by_role[Role::Queen.index()];
        // A white pawn attacks `sq` from where a black pawn on `sq` would attack, and back.
        let pawns = pawn_attacks(Color::Black, sq) & self.by_color[Color::White.index()]
            | pawn_attacks(Color::White, sq) & self.by_color[Color::Black.index()];
        knight_attacks(sq) & self.by_role[Role::Knight.index()]
            | king_attacks(sq) & self.by_role[Role::King.index()]
            | pawns & self.by_role[Role::Pawn.index()]
            | rook_attacks(sq, occupied) & (self.by_role[Role::Rook.index()] | queens)
            | bishop_attacks(sq, occupied) & (self.by_role[Role::Bishop.index()] | queens)
    }

    pub(crate) fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for color in [Color::White, Color::Black] {
            for role in Role::ALL {
                for sq in self.bb(color, role) {
                    h ^= zobrist::piece(color.index(), role.index(), sq.index());
                }
            }
        }
        for sq in self.castling {
            h ^= zobrist::castling(sq.index());
        }
        if let Some(ep) = self.ep {
            h ^= zobrist::ep_file(ep.file() as usize);
        }
        if self.turn == Color::Black {
            h ^= zobrist::black_to_move();
        }
        if self.variant == Variant::ThreeCheck {
            h ^= zobrist::checks(0, self.checks[0]) ^ zobrist::checks(1, self.checks[1]);
        }
        h
    }

    #[inline]
    pub(super) fn toggle(&mut self, color: Color, role: Role, sq: Square) {
        let b = sq.bb();
        let code = piece_code(color, role);
        let cell = &mut self.mailbox[sq.index()];
        *cell = if *cell == code { 0 } else { code };
        self.by_color[color.index()] ^= b;
        self.by_role[role.index()] ^= b;
        self.hash ^= zobrist::piece(color.index(), role.index(), sq.index());
    }

    /// The position after a pass ("null move"), for the search's null-move pruning: the
    /// other side to move, no en-passant square, and the half-move clock reset so that no
    /// position before the pass counts as a repetition after it. `key` is mixed into the
    /// hash so the pass position never shares a hash with a real one. Only meaningful when
    /// the side to move is not in check.
    pub fn null_move(&self, key: u64) -> Position {
        debug_assert!(!self.is_check(), "null move in check: {}", self.fen());
        let mut p = self.clone();
        p.turn = self.turn.other();
        p.ep = None;
        p.checkers = Bitboard::EMPTY;
        p.hash = self.hash ^ key;
        p.halfmoves = 0;
        p
    }

    /// Plays a move that must be legal in this position (from [`Position::legal_moves`] or
    /// parsed by the notation functions, which only return legal moves).
    pub fn play(&mut self, m: Move) {
        let us = self.turn;
        let them = us.other();
        let Some(role) = self.role_at(m.from) else {
            debug_assert!(
                false,
                "play {}: no piece on {} in {}",
                m.uci(),
                m.from,
                self.fen()
            );
            return;
        };
        if let Some(ep) = self.ep.take() {
            self.hash ^= zobrist::ep_file(ep.file() as usize);
        }
        let captured = if m.kind == MoveKind::Castle {
            None
        } else if m.kind == MoveKind::EnPassant {
            let cap_sq = Square::from_coords(m.to.file(), m.from.rank());
            self.toggle(them, Role::Pawn, cap_sq);
            Some(Role::Pawn)
        } else if let Some(cr) = self.role_at(m.to) {
            self.toggle(them, cr, m.to);
            Some(cr)
        } else {
            None
        };

        self.toggle(us, role, m.from);
        match m.kind {
            MoveKind::Promotion(p) => self.toggle(us, p, m.to),
            MoveKind::Castle => {
                // `to` holds the rook; remove both pieces before placing them, since in
                // Chess960-style positions the targets may be the origin squares.
                let (king_to, rook_to) = castling_targets(m.from, m.to);
                self.toggle(us, Role::Rook, m.to);
                self.toggle(us, Role::King, king_to);
                self.toggle(us, Role::Rook, rook_to);
            }
            _ => self.toggle(us, role, m.to),
        }

        let lost = if role == Role::King {
            self.castling & Bitboard::rank(us.back_rank())
        } else {
            self.castling & (m.from.bb() | m.to.bb())
        } | (self.castling & m.to.bb());
        for sq in lost {
            self.hash ^= zobrist::castling(sq.index());
        }
        self.castling ^= lost;

        if role == Role::Pawn || captured.is_some() {
            self.halfmoves = 0;
        } else {
            self.halfmoves = self.halfmoves.saturating_add(1);
        }
        if us == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = them;
        self.hash ^= zobrist::black_to_move();
        self.checkers = self.attackers(self.king(them), us, self.occupied());
        if m.kind == MoveKind::DoublePush {
            let mid = Square::from_coords(m.from.file(), (m.from.rank() + m.to.rank()) / 2);
            if (pawn_attacks(us, mid) & self.bb(them, Role::Pawn)).any() {
                self.ep = Some(mid);
                if self.has_legal_en_passant() {
                    self.hash ^= zobrist::ep_file(mid.file() as usize);
                } else {
                    self.ep = None;
                }
            }
        }
        if self.variant == Variant::ThreeCheck && self.checkers.any() {
            let i = us.index();
            self.hash ^= zobrist::checks(i, self.checks[i]);
            self.checks[i] = self.checks[i].saturating_add(1);
            self.hash ^= zobrist::checks(i, self.checks[i]);
        }
    }
}
