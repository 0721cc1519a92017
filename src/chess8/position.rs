//! The 8×8 position: board, side to move, rights, counters, and the rules of each variant.

use super::attacks::{
    aligned, between, bishop_attacks, bishop_rays, king_attacks, knight_attacks, line,
    pawn_attacks, queen_attacks, rook_attacks, rook_rays,
};
use super::types::{Bitboard, Color, Square};
use super::zobrist;
use crate::{ResultReason, Role};

/// The rule set of a two-player game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Variant {
    /// FIDE chess (R1).
    Chess,
    /// Three-check (R2).
    ThreeCheck,
    /// King of the Hill (R3).
    KingOfTheHill,
    /// Racing Kings (R4).
    RacingKings,
}

impl Variant {
    /// All two-player variants.
    pub const ALL: [Variant; 4] = [
        Variant::Chess,
        Variant::ThreeCheck,
        Variant::KingOfTheHill,
        Variant::RacingKings,
    ];

    /// The API name: `"chess"`, `"3check"`, `"kingofthehill"` or `"racingkings"`.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Chess => "chess",
            Variant::ThreeCheck => "3check",
            Variant::KingOfTheHill => "kingofthehill",
            Variant::RacingKings => "racingkings",
        }
    }

    /// The lichess name used in the PGN `Variant` tag (R7.1).
    pub const fn pgn_name(self) -> &'static str {
        match self {
            Variant::Chess => "Standard",
            Variant::ThreeCheck => "Three-check",
            Variant::KingOfTheHill => "King of the Hill",
            Variant::RacingKings => "Racing Kings",
        }
    }

    /// Parses an API name or a PGN `Variant` tag value, leniently (case, spaces and dashes are
    /// ignored, so `"Three-check"`, `"threeCheck"` and `"3check"` all work). lichess writes
    /// `"From Position"` for standard chess from a set-up position: that is chess too.
    pub fn from_name(s: &str) -> Option<Variant> {
        let key: String = s
            .chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .map(|c| c.to_ascii_lowercase())
            .collect();
        Some(match key.as_str() {
            "chess" | "standard" | "fromposition" | "" => Variant::Chess,
            "3check" | "threecheck" => Variant::ThreeCheck,
            "kingofthehill" | "koth" => Variant::KingOfTheHill,
            "racingkings" => Variant::RacingKings,
            _ => return None,
        })
    }

    /// The FEN of the variant's starting position.
    pub const fn start_fen(self) -> &'static str {
        match self {
            Variant::RacingKings => "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1",
            Variant::ThreeCheck => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
            _ => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        }
    }
}

/// What a move does besides moving a piece from one square to another.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// An ordinary move or capture.
    Normal,
    /// A pawn's two-square advance.
    DoublePush,
    /// An en-passant capture; `to` is the square the capturing pawn lands on.
    EnPassant,
    /// Castling; the move's `to` is the castling rook's square (unambiguous also in
    /// Chess960-style X-FEN positions). [`Move::uci`] writes the king's move (`e1g1`).
    Castle,
    /// A promotion to the given role.
    Promotion(Role),
}

/// A move: origin, destination and kind. For castling, `to` is the rook's square; use
/// [`Move::king_to`] for where the king lands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// Origin square.
    pub from: Square,
    /// Destination square.
    pub to: Square,
    /// Special kind.
    pub kind: MoveKind,
}

impl Move {
    /// The promotion role, if any.
    pub fn promotion(self) -> Option<Role> {
        match self.kind {
            MoveKind::Promotion(r) => Some(r),
            _ => None,
        }
    }

    /// Where the moving king lands (castling) or the piece lands (any other move).
    pub fn king_to(self) -> Square {
        match self.kind {
            MoveKind::Castle => castling_targets(self.from, self.to).0,
            _ => self.to,
        }
    }

    /// `true` for king-side castling.
    pub fn is_castle_kingside(self) -> bool {
        self.kind == MoveKind::Castle && self.to.file() > self.from.file()
    }

    /// UCI text: `e2e4`, `e7e8q`, and castling as the king's two-square move `e1g1`. Castling
    /// in Chess960-style positions, where that would be ambiguous, is written king-takes-rook
    /// (`b1a1`).
    pub fn uci(self) -> String {
        let to = match self.kind {
            MoveKind::Castle if self.from.file() == 4 && matches!(self.to.file(), 0 | 7) => {
                self.king_to()
            }
            _ => self.to,
        };
        let mut s = format!("{}{}", self.from, to);
        if let Some(r) = self.promotion() {
            s.push(r.char());
        }
        s
    }
}

/// A fixed-capacity list of moves (512): far more than the 218 of the richest reachable
/// position. A list never grows past its capacity; extra moves would be dropped.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; 512],
    len: usize,
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl MoveList {
    /// An empty list.
    pub fn new() -> MoveList {
        let filler = Move {
            from: Square::from_index(0),
            to: Square::from_index(0),
            kind: MoveKind::Normal,
        };
        MoveList {
            moves: [filler; 512],
            len: 0,
        }
    }

    #[inline]
    fn push(&mut self, m: Move) {
        // 512 is far above the 218 moves of the richest reachable position and the 270 of
        // positions with extra promoted material; the guard keeps anything stranger
        // positions from writing out of bounds.
        if self.len < self.moves.len() {
            self.moves[self.len] = m;
            self.len += 1;
        }
    }

    /// Number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// `true` when there are no moves.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// Keeps only the moves for which `f` is true.
    pub fn retain(&mut self, mut f: impl FnMut(&Move) -> bool) {
        let mut j = 0;
        for i in 0..self.len {
            if f(&self.moves[i]) {
                self.moves[j] = self.moves[i];
                j += 1;
            }
        }
        self.len = j;
    }

    /// Removes all moves.
    pub fn clear(&mut self) {
        self.len = 0;
    }
}

/// Where move generation sends its moves: a [`MoveList`] stores them, a [`MoveCounter`] only
/// counts them (perft's last ply), using one popcount per piece instead of one write per move.
pub(crate) trait MoveSink {
    /// One move.
    fn push(&mut self, m: Move);
    /// Ordinary moves of a piece (not a pawn) from `from` to every square of `targets`.
    fn piece_moves(&mut self, from: Square, targets: Bitboard);
}

impl MoveSink for MoveList {
    #[inline]
    fn push(&mut self, m: Move) {
        MoveList::push(self, m);
    }

    #[inline]
    fn piece_moves(&mut self, from: Square, targets: Bitboard) {
        for to in targets {
            MoveList::push(
                self,
                Move {
                    from,
                    to,
                    kind: MoveKind::Normal,
                },
            );
        }
    }
}

/// A [`MoveSink`] that only counts.
#[derive(Default)]
pub(crate) struct MoveCounter(pub(crate) u64);

impl MoveSink for MoveCounter {
    #[inline]
    fn push(&mut self, _: Move) {
        self.0 += 1;
    }

    #[inline]
    fn piece_moves(&mut self, _: Square, targets: Bitboard) {
        self.0 += u64::from(targets.count());
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

/// The end of a position: the winner (`None` for a draw) and the reason.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Ending {
    /// The winning side, or `None` for a draw.
    pub winner: Option<Color>,
    /// Why the game ended.
    pub reason: ResultReason,
}

/// King and rook destinations of castling with the king on `king` and the rook on `rook`.
#[inline]
pub(crate) fn castling_targets(king: Square, rook: Square) -> (Square, Square) {
    let rank = king.rank();
    if rook.file() > king.file() {
        (Square::from_coords(6, rank), Square::from_coords(5, rank))
    } else {
        (Square::from_coords(2, rank), Square::from_coords(3, rank))
    }
}

#[inline]
const fn piece_code(color: Color, role: Role) -> u8 {
    1 + role as u8 + 8 * color as u8
}

pub(crate) const HILL: Bitboard = Bitboard(0x0000_0018_1800_0000);

/// A two-player position. Positions are small and `Copy`-like (`Clone` is a memcpy), so the
/// engine uses copy-make: [`Position::play`] mutates in place and callers keep the old copy.
///
/// A `Position` is always valid: it can only be built from a FEN that passes validation, or
/// by playing legal moves.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Position {
    pub(crate) variant: Variant,
    pub(crate) by_color: [Bitboard; 2],
    pub(crate) by_role: [Bitboard; 6],
    pub(crate) turn: Color,
    /// Squares of rooks that still have castling rights.
    pub(crate) castling: Bitboard,
    /// En-passant target square, kept only when the side to move can legally capture there.
    pub(crate) ep: Option<Square>,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
    /// Checks given by White and by Black (Three-check).
    pub(crate) checks: [u8; 2],
    pub(crate) checkers: Bitboard,
    pub(crate) hash: u64,
    /// Piece codes by square (0 empty, else `1 + role`, plus 8 for Black): the bitboards
    /// answer "where are the rooks", this answers "what is on e4" in one load.
    pub(crate) mailbox: [u8; 64],
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
    fn bb(&self, color: Color, role: Role) -> Bitboard {
        self.by_color[color.index()] & self.by_role[role.index()]
    }

    /// The square of `color`'s king. Valid positions always have exactly one.
    #[inline]
    pub fn king(&self, color: Color) -> Square {
        self.bb(color, Role::King)
            .first()
            .unwrap_or(Square::from_index(0))
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
        let queens = self.by_role[Role::Queen.index()];
        (knight_attacks(sq) & self.by_role[Role::Knight.index()]
            | king_attacks(sq) & self.by_role[Role::King.index()]
            | pawn_attacks(attacker.other(), sq) & self.by_role[Role::Pawn.index()]
            | rook_attacks(sq, occupied) & (self.by_role[Role::Rook.index()] | queens)
            | bishop_attacks(sq, occupied) & (self.by_role[Role::Bishop.index()] | queens))
            & self.by_color[attacker.index()]
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
    fn toggle(&mut self, color: Color, role: Role, sq: Square) {
        let b = sq.bb();
        let code = piece_code(color, role);
        let cell = &mut self.mailbox[sq.index()];
        *cell = if *cell == code { 0 } else { code };
        self.by_color[color.index()] ^= b;
        self.by_role[role.index()] ^= b;
        self.hash ^= zobrist::piece(color.index(), role.index(), sq.index());
    }

    /// Plays a move that must be legal in this position (from [`Position::legal_moves`] or
    /// parsed by the notation functions, which only return legal moves).
    pub fn play(&mut self, m: Move) {
        let us = self.turn;
        let them = us.other();
        let Some(role) = self.role_at(m.from) else {
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

    /// `true` when the side to move can legally capture on `self.ep` (FIDE 9.2.3: only then
    /// does the en-passant square make a position different). Needs `checkers` up to date.
    pub(crate) fn has_legal_en_passant(&self) -> bool {
        if self.ep.is_none() {
            return false;
        }
        let mut list = MoveList::new();
        self.gen_chess_moves(&mut list);
        list.iter().any(|m| m.kind == MoveKind::EnPassant)
    }

    /// Our pieces that stand alone between `king` and a slider of `slider_color`: pinned pieces
    /// when `king` is ours, discovered-check candidates when it is the enemy's.
    #[inline]
    fn blockers(&self, king: Square, slider_color: Color) -> Bitboard {
        let queens = self.by_role[Role::Queen.index()];
        let snipers = (rook_rays(king) & (self.by_role[Role::Rook.index()] | queens)
            | bishop_rays(king) & (self.by_role[Role::Bishop.index()] | queens))
            & self.by_color[slider_color.index()];
        let occ = self.occupied();
        let mut blockers = Bitboard::EMPTY;
        for s in snipers {
            let b = between(king, s) & occ;
            if b.any() && !b.more_than_one() {
                blockers |= b;
            }
        }
        blockers
    }

    /// Legal moves by chess rules alone, without the variant's extra restrictions or endings.
    fn gen_chess_moves<S: MoveSink>(&self, list: &mut S) {
        let us = self.turn;
        let them = us.other();
        let ours = self.by_color[us.index()];
        let occ = self.occupied();
        let ksq = self.king(us);

        // King steps: test each destination with the king removed so it cannot hide behind
        // itself on a checking line.
        let occ_no_king = occ ^ ksq.bb();
        for to in king_attacks(ksq) & !ours {
            if self.attackers(to, them, occ_no_king).is_empty() {
                list.push(Move {
                    from: ksq,
                    to,
                    kind: MoveKind::Normal,
                });
            }
        }

        if self.checkers.more_than_one() {
            return;
        }
        let target = match self.checkers.first() {
            Some(c) => between(ksq, c) | c.bb(),
            None => !ours,
        } & !ours;
        let pinned = self.blockers(ksq, them) & ours;

        if self.checkers.is_empty() {
            self.gen_castling(list, ksq, occ);
        }

        let queens = self.by_role[Role::Queen.index()];
        let knights = self.bb(us, Role::Knight) & !pinned;
        for from in knights {
            list.piece_moves(from, knight_attacks(from) & target);
        }
        for from in (self.by_role[Role::Bishop.index()] | queens) & ours {
            let mut t = bishop_attacks(from, occ) & target;
            if pinned.has(from) {
                t &= line(ksq, from);
            }
            list.piece_moves(from, t);
        }
        for from in (self.by_role[Role::Rook.index()] | queens) & ours {
            let mut t = rook_attacks(from, occ) & target;
            if pinned.has(from) {
                t &= line(ksq, from);
            }
            list.piece_moves(from, t);
        }
        // Queens were generated as both a bishop and a rook above.

        self.gen_pawns(list, ksq, target, pinned, occ);
    }

    fn gen_pawns<S: MoveSink>(
        &self,
        list: &mut S,
        ksq: Square,
        target: Bitboard,
        pinned: Bitboard,
        occ: Bitboard,
    ) {
        let us = self.turn;
        let them = us.other();
        let theirs = self.by_color[them.index()];
        let forward: i32 = if us == Color::White { 8 } else { -8 };
        let start_rank = if us == Color::White { 1 } else { 6 };
        let promo_rank = if us == Color::White { 7 } else { 0 };
        for from in self.bb(us, Role::Pawn) {
            let allowed = if pinned.has(from) {
                line(ksq, from)
            } else {
                Bitboard::ALL
            };
            let one = from.index() as i32 + forward;
            if !(0..64).contains(&one) {
                continue;
            }
            let one = Square::from_index(one as u32);
            let mut dests = pawn_attacks(us, from) & theirs;
            if !occ.has(one) {
                dests |= one.bb();
                if from.rank() == start_rank {
                    let two = Square::from_index((one.index() as i32 + forward) as u32);
                    if !occ.has(two) && (target & allowed).has(two) {
                        list.push(Move {
                            from,
                            to: two,
                            kind: MoveKind::DoublePush,
                        });
                    }
                }
            }
            for to in dests & target & allowed {
                if to.rank() == promo_rank {
                    for r in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
                        list.push(Move {
                            from,
                            to,
                            kind: MoveKind::Promotion(r),
                        });
                    }
                } else {
                    list.push(Move {
                        from,
                        to,
                        kind: MoveKind::Normal,
                    });
                }
            }
        }

        if let Some(ep) = self.ep {
            let cap_sq = Square::from_coords(ep.file(), if us == Color::White { 4 } else { 3 });
            for from in pawn_attacks(them, ep) & self.bb(us, Role::Pawn) {
                // Simulate: removing two pawns from one rank can expose the king sideways,
                // which pin masks do not see, so test the resulting position directly.
                let occ2 = (occ ^ from.bb() ^ cap_sq.bb()) | ep.bb();
                let attackers = self.attackers(ksq, them, occ2) & !cap_sq.bb();
                if attackers.is_empty() {
                    list.push(Move {
                        from,
                        to: ep,
                        kind: MoveKind::EnPassant,
                    });
                }
            }
        }
    }

    fn gen_castling<S: MoveSink>(&self, list: &mut S, ksq: Square, occ: Bitboard) {
        let us = self.turn;
        let them = us.other();
        let rank = us.back_rank();
        if ksq.rank() != rank {
            return;
        }
        let rights = self.castling & self.bb(us, Role::Rook) & Bitboard::rank(rank);
        for rook in rights {
            let (king_to, rook_to) = castling_targets(ksq, rook);
            // Chess960-style rule (X-FEN positions): every square the king or the rook crosses
            // or lands on must be empty but for those two pieces.
            let path = between(ksq, king_to) | king_to.bb() | between(rook, rook_to) | rook_to.bb();
            if (path & occ & !ksq.bb() & !rook.bb()).any() {
                continue;
            }
            // The rook leaves its square too, which can open a line onto the king's path.
            let occ_after = occ ^ ksq.bb() ^ rook.bb();
            let king_path = between(ksq, king_to) | king_to.bb();
            let mut safe = true;
            for sq in king_path {
                if self.attackers(sq, them, occ_after).any() {
                    safe = false;
                    break;
                }
            }
            if safe {
                list.push(Move {
                    from: ksq,
                    to: rook,
                    kind: MoveKind::Castle,
                });
            }
        }
    }

    /// `true` if `m` (legal here) would give check. Cheap: no move is played. Only valid for
    /// moves without pawns, castling or en passant involved... and in general for any move
    /// thanks to the fallback.
    pub fn gives_check(&self, m: Move) -> bool {
        let us = self.turn;
        let tk = self.king(us.other());
        match m.kind {
            MoveKind::Normal | MoveKind::DoublePush => {
                let Some(role) = self.role_at(m.from) else {
                    return false;
                };
                let occ = self.occupied();
                let direct = match role {
                    Role::Pawn => pawn_attacks(us, m.to).has(tk),
                    Role::Knight => knight_attacks(m.to).has(tk),
                    Role::Bishop => bishop_attacks(tk, occ).has(m.to),
                    Role::Rook => rook_attacks(tk, occ).has(m.to),
                    Role::Queen => queen_attacks(tk, occ).has(m.to),
                    Role::King => false,
                };
                direct
                    || (self.blockers(tk, us) & self.by_color[us.index()]).has(m.from)
                        && !aligned(m.from, m.to, tk)
            }
            _ => {
                let mut after = self.clone();
                after.play(m);
                after.is_check()
            }
        }
    }

    /// Generates the legal moves into `list` (cleared first). Finished positions (a variant
    /// win, checkmate, stalemate) have none. Insufficient material does not stop generation:
    /// it is a game rule ([`crate::game`]), not a move rule.
    pub fn legal_moves_into(&self, list: &mut MoveList) {
        list.clear();
        if self.variant_ending().is_some() {
            return;
        }
        self.gen_chess_moves(list);
        if self.variant == Variant::RacingKings {
            self.retain_non_checking(list);
        }
    }

    fn retain_non_checking(&self, list: &mut MoveList) {
        // Racing Kings has no pawns, castling or en passant (rejected at setup), so direct
        // checks and discoveries are all that can give check.
        let us = self.turn;
        let tk = self.king(us.other());
        let occ = self.occupied();
        let discoverers = self.blockers(tk, us) & self.by_color[us.index()];
        let diag = bishop_attacks(tk, occ);
        let orth = rook_attacks(tk, occ);
        let knight = knight_attacks(tk);
        let by_role = self.by_role;
        list.retain(|m| {
            let check_squares = if by_role[Role::Knight.index()].has(m.from) {
                knight
            } else if by_role[Role::Bishop.index()].has(m.from) {
                diag
            } else if by_role[Role::Rook.index()].has(m.from) {
                orth
            } else if by_role[Role::Queen.index()].has(m.from) {
                diag | orth
            } else {
                Bitboard::EMPTY
            };
            !(check_squares.has(m.to) || discoverers.has(m.from) && !aligned(m.from, m.to, tk))
        });
    }

    /// The legal moves of the side to move.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.legal_moves_into(&mut list);
        list
    }

    /// Number of legal move paths of length `depth` (perft). A finished game has no moves, so
    /// the count below a finished node is 0 (1 at depth 0), as in the suites in `testdata/`.
    pub fn perft(&self, depth: u32) -> u64 {
        // One move list per ply, allocated once: filling a fresh 512-entry list at every node
        // would cost more than generating the moves.
        let mut lists = vec![MoveList::new(); depth as usize];
        self.perft_with(depth, &mut lists)
    }

    fn perft_with(&self, depth: u32, lists: &mut [MoveList]) -> u64 {
        let Some((list, rest)) = lists.split_first_mut() else {
            return 1;
        };
        if depth == 1 && self.variant != Variant::RacingKings {
            // Bulk counting: the leaves are the legal moves, which need not be listed.
            if self.variant_ending().is_some() {
                return 0;
            }
            let mut counter = MoveCounter::default();
            self.gen_chess_moves(&mut counter);
            return counter.0;
        }
        self.legal_moves_into(list);
        if depth <= 1 {
            return list.len() as u64;
        }
        let mut total = 0;
        for &m in list.as_slice() {
            let mut child = self.clone();
            child.play(m);
            total += child.perft_with(depth - 1, rest);
        }
        total
    }

    /// The variant's own ending, independent of whether moves exist: third check, king on
    /// the hill, decided race.
    pub fn variant_ending(&self) -> Option<Ending> {
        match self.variant {
            Variant::Chess => None,
            Variant::ThreeCheck => [Color::White, Color::Black]
                .into_iter()
                .find(|c| self.checks[c.index()] >= 3)
                .map(|c| Ending {
                    winner: Some(c),
                    reason: ResultReason::ThirdCheck,
                }),
            Variant::KingOfTheHill => [Color::White, Color::Black]
                .into_iter()
                .find(|&c| HILL.has(self.king(c)))
                .map(|c| Ending {
                    winner: Some(c),
                    reason: ResultReason::KingOfTheHill,
                }),
            Variant::RacingKings => self.race_ending(),
        }
    }

    fn race_ending(&self) -> Option<Ending> {
        let goal = Bitboard::rank(7);
        let white_in = goal.has(self.king(Color::White));
        let black_in = goal.has(self.king(Color::Black));
        let ending = |winner| {
            Some(Ending {
                winner,
                reason: ResultReason::Race,
            })
        };
        match (white_in, black_in) {
            (true, true) => ending(None),
            (false, true) => ending(Some(Color::Black)),
            (true, false) if self.turn == Color::White => ending(Some(Color::White)),
            (true, false) => {
                // Black's reply (R4.3): the race goes on only if Black can reach rank 8 now.
                let mut list = MoveList::new();
                self.gen_chess_moves(&mut list);
                self.retain_non_checking(&mut list);
                let bk = self.king(Color::Black);
                if list.iter().any(|m| m.from == bk && goal.has(m.to)) {
                    None
                } else {
                    ending(Some(Color::White))
                }
            }
            (false, false) => None,
        }
    }

    /// `true` when neither side can ever win by the variant's rules for lack of material
    /// (R1.1, R2.3; never in King of the Hill or Racing Kings).
    pub fn is_insufficient_material(&self) -> bool {
        let kings = self.by_role[Role::King.index()];
        let others = self.occupied() & !kings;
        match self.variant {
            Variant::KingOfTheHill | Variant::RacingKings => false,
            Variant::ThreeCheck => others.is_empty(),
            Variant::Chess => {
                if others.is_empty() {
                    return true;
                }
                let heavy = self.by_role[Role::Pawn.index()]
                    | self.by_role[Role::Rook.index()]
                    | self.by_role[Role::Queen.index()];
                if heavy.any() {
                    return false;
                }
                let knights = self.by_role[Role::Knight.index()];
                let bishops = self.by_role[Role::Bishop.index()];
                if knights.any() {
                    return knights.count() == 1 && bishops.is_empty();
                }
                // Only bishops: dead when they all stand on one colour of square.
                (bishops & Bitboard::DARK).is_empty() || (bishops & !Bitboard::DARK).is_empty()
            }
        }
    }

    /// How the position has ended, if it has: the variant's ending, then checkmate or
    /// stalemate, then insufficient material.
    pub fn ending(&self) -> Option<Ending> {
        if let Some(e) = self.variant_ending() {
            return Some(e);
        }
        if self.legal_moves().is_empty() {
            return Some(if self.is_check() {
                Ending {
                    winner: Some(self.turn.other()),
                    reason: ResultReason::Checkmate,
                }
            } else {
                Ending {
                    winner: None,
                    reason: ResultReason::Stalemate,
                }
            });
        }
        if self.is_insufficient_material() {
            return Some(Ending {
                winner: None,
                reason: ResultReason::InsufficientMaterial,
            });
        }
        None
    }

    /// `true` when the side to move is checkmated (in check, no legal move, no variant ending).
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && self.variant_ending().is_none() && self.legal_moves().is_empty()
    }
}
