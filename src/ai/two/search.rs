//! The [`SearchPosition`] implementation for [`crate::two::Position`]: what the shared
//! search needs from a two-player position.

use super::eval::{ORDER_VALUE, evaluate_white, see_ge};
use crate::ai::search::{MATE, SearchPosition};
use crate::role::Role;
use crate::two::{Bitboard, HILL, Move, MoveKind, MoveList, Position, Variant};

/// Encodes a move for the transposition table: non-zero and unique within a position.
fn encode(m: Move) -> u32 {
    let kind = match m.kind {
        MoveKind::Normal => 1,
        MoveKind::DoublePush => 2,
        MoveKind::EnPassant => 3,
        MoveKind::Castle => 4,
        MoveKind::Promotion(r) => 5 + r as u32,
    };
    m.from.index() as u32 | (m.to.index() as u32) << 6 | kind << 12
}

/// Arbitrary constant that marks positions reached by a null move in the hash, so they never
/// share entries with the real position of the same side to move.
const NULL_KEY: u64 = 0x9d39_247e_3377_6d41;

impl SearchPosition for Position {
    type Move = Move;
    const HISTORY_SIZE: usize = 2 * 64 * 64;

    type Moves = MoveList;

    fn gen_moves(&self, list: &mut MoveList) {
        self.legal_moves_into(list);
    }

    fn gen_tactical(&self, list: &mut MoveList) -> bool {
        let extra = match self.variant() {
            Variant::Chess => Bitboard::EMPTY,
            // Quiet checks are critical, and they can go anywhere.
            Variant::ThreeCheck => return false,
            Variant::KingOfTheHill => HILL,
            Variant::RacingKings => Bitboard::rank(7),
        };
        self.tactical_moves_into(list, extra);
        true
    }

    #[inline]
    fn play(&mut self, m: Move) {
        Position::play(self, m);
    }

    #[inline]
    fn gives_check(&self, m: Move) -> bool {
        Position::gives_check(self, m)
    }

    #[inline]
    fn hash(&self) -> u64 {
        Position::hash(self)
    }

    #[inline]
    fn mover(&self) -> usize {
        self.turn().index()
    }

    #[inline]
    fn in_check(&self) -> bool {
        self.is_check()
    }

    #[inline]
    fn move_key(m: Move) -> u32 {
        encode(m)
    }

    #[inline]
    fn history_index(&self, m: Move) -> usize {
        self.turn().index() * 4096 + m.from.index() * 64 + m.to.index()
    }

    #[inline]
    fn tactical_score(&self, m: Move) -> Option<i32> {
        let victim = match m.kind {
            MoveKind::EnPassant => Some(Role::Pawn),
            MoveKind::Castle => None,
            _ => self.piece_at(m.to).map(|(_, r)| r),
        };
        let promo = m.promotion();
        if victim.is_none() && promo != Some(Role::Queen) {
            return None;
        }
        let attacker = self.piece_at(m.from).map_or(Role::Pawn, |(_, r)| r);
        let v = victim.map_or(0, |r| ORDER_VALUE[r as usize]);
        let p = promo.map_or(0, |r| ORDER_VALUE[r as usize]);
        Some(v * 10 + p - ORDER_VALUE[attacker as usize] / 10)
    }

    #[inline]
    fn is_critical(&self, m: Move) -> bool {
        match self.variant() {
            Variant::Chess => false,
            Variant::ThreeCheck => self.gives_check(m),
            Variant::KingOfTheHill => self.wins_at_once(m),
            Variant::RacingKings => m.from == self.king(self.turn()) && m.to.rank() == 7,
        }
    }

    #[inline]
    fn critical_plies(&self) -> u32 {
        // Three-check: with one check given, check, evasion, check wins; following checks
        // four plies deep (where quiescence also stops searching evasions) screened 47.9%
        // against 46.1% over the same 1 600 games (docs/STRENGTH.md, session 19). Six plies
        // screened worse.
        if self.variant() == Variant::ThreeCheck {
            4
        } else {
            2
        }
    }

    #[inline]
    fn margin_percent(&self) -> i32 {
        // Three-check's evaluation moves by hundreds with a check given or a king laid open;
        // half as wide again scored 48.7% against 46.8% over the same 800 games
        // (docs/STRENGTH.md, session 19).
        if self.variant() == Variant::ThreeCheck {
            150
        } else {
            100
        }
    }

    #[inline]
    fn wins_at_once(&self, m: Move) -> bool {
        match self.variant() {
            Variant::ThreeCheck => self.checks_given(self.turn()) == 2 && self.gives_check(m),
            Variant::KingOfTheHill => m.from == self.king(self.turn()) && HILL.has(m.to),
            _ => false,
        }
    }

    fn see_ge(&self, m: Move, threshold: i32) -> bool {
        see_ge(self, m, threshold)
    }

    fn evaluate(&self, pov: usize) -> i32 {
        let s = evaluate_white(self);
        // A small bonus for the side to move (tempo) keeps odd/even iterations closer.
        const TEMPO: i32 = 12;
        let s = if pov == 0 { s } else { -s };
        if pov == self.turn().index() {
            s + TEMPO
        } else {
            s - TEMPO
        }
    }

    fn game_over(&self, has_moves: bool) -> Option<i32> {
        if let Some(s) = self.decided() {
            return Some(s);
        }
        if !has_moves {
            return Some(if self.is_check() { -MATE } else { 0 });
        }
        // In check on the hundredth half-move: a mate (above) still counts, any move draws.
        (self.halfmoves() >= 100).then_some(0)
    }

    fn decided(&self) -> Option<i32> {
        if let Some(e) = self.variant_ending() {
            return Some(match e.winner {
                Some(w) if w == self.turn() => MATE,
                Some(_) => -MATE,
                None => 0,
            });
        }
        // Out of check, no mate can pre-empt the fifty-move draw.
        let fifty = self.halfmoves() >= 100 && !self.is_check();
        (fifty || self.is_insufficient_material()).then_some(0)
    }

    fn null_move(&self) -> Option<Self> {
        if self.is_check() {
            return None;
        }
        let us = self.turn();
        // Without pieces, zugzwang is common and passing would be unsound.
        let pieces =
            self.pieces_of(us).0 & !(self.role_bb(Role::Pawn).0 | self.role_bb(Role::King).0);
        if pieces == 0 || self.variant() == Variant::RacingKings {
            return None;
        }
        Some(Position::null_move(self, NULL_KEY))
    }

    #[inline]
    fn reversible_plies(&self) -> u32 {
        self.halfmoves()
    }
}

#[cfg(test)]
mod tests {
    use crate::ai::search::MATE;
    use crate::ai::{Limits, SearchPosition, Searcher, Table};
    use crate::two::{Position, Variant};

    /// `decided` settles what needs no move generation and agrees with `game_over`, which the
    /// search asks only after generating the moves; mate and stalemate are left to the latter.
    #[test]
    fn decided_agrees_with_game_over() {
        let cases = [
            // The side to move's king stands on the hill: it won on its last move.
            (
                Variant::KingOfTheHill,
                "4k3/8/8/8/3K4/8/8/8 b - - 1 1",
                Some(-MATE),
            ),
            // Third check given by White.
            (
                Variant::ThreeCheck,
                "4k3/8/8/8/8/8/8/R3K3 b - - 0+3 1 1",
                Some(-MATE),
            ),
            // Fifty moves without a capture or pawn move, out of check: drawn.
            (Variant::Chess, "4k3/8/8/8/8/8/8/R3K3 w - - 100 80", Some(0)),
            // The same in check: a move must be found first (or it is mate), so not decided.
            (Variant::Chess, "4k3/8/8/8/8/8/8/r3K3 w - - 100 80", None),
            // Two bare kings.
            (Variant::Chess, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", Some(0)),
            // Back-rank mate: over, but only move generation can tell.
            (Variant::Chess, "R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1", None),
        ];
        for (variant, fen, expected) in cases {
            let pos = Position::from_fen(variant, fen).expect("valid FEN");
            assert_eq!(pos.decided(), expected, "{fen}");
            let has_moves = !pos.legal_move_vec().is_empty();
            if let Some(s) = expected {
                assert_eq!(pos.game_over(has_moves), Some(s), "{fen}");
            }
        }
        let mate = Position::from_fen(Variant::Chess, "R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1").unwrap();
        assert_eq!(mate.game_over(false), Some(-MATE));
        let in_check_late =
            Position::from_fen(Variant::Chess, "4k3/8/8/8/8/8/8/r3K3 w - - 100 80").unwrap();
        assert_eq!(in_check_late.game_over(true), Some(0));
    }

    /// A draw costs the searching side the contempt, whichever colour it plays: every move of
    /// a dead draw ends the game at ply 1, where the draw is worth `+CONTEMPT` to the
    /// opponent, so the root scores `-CONTEMPT` with White to move as with Black.
    #[test]
    fn draws_cost_the_searching_side_its_contempt() {
        for fen in [
            "4k3/8/8/8/8/8/1N6/4K3 w - - 0 1",
            "4k3/8/8/8/8/8/1N6/4K3 b - - 0 1",
        ] {
            let pos = Position::from_fen(Variant::Chess, fen).expect("valid FEN");
            let mut tt = Table::with_mb(1);
            let limits = Limits {
                depth: Some(6),
                ..Limits::default()
            };
            let mut searcher: Searcher<'_, Position> = Searcher::new(&mut tt, limits, vec![], None);
            let result = searcher.search_two_player(&pos, 1);
            assert_eq!(result.score, -crate::ai::search::CONTEMPT, "{fen}");
        }
    }

    /// A table shared by searches for both colours (one UCI process playing both sides)
    /// does not give one colour's entries, whose draws were scored with the contempt turned
    /// round, to the other: a search for Black after one for White goes exactly as on a fresh
    /// table. A second search for the same side finds the first one's and needs fewer nodes.
    #[test]
    fn table_serves_one_root_side_at_a_time() {
        let white = Position::new(Variant::Chess);
        let mut black = white.clone();
        let e4 = black
            .legal_move_vec()
            .into_iter()
            .find(|m| m.uci() == "e2e4")
            .expect("e2e4 is legal");
        black.play(e4);
        let limits = Limits {
            depth: Some(7),
            ..Limits::default()
        };
        let search = |tt: &mut Table, pos: &Position| {
            let mut searcher: Searcher<'_, Position> = Searcher::new(tt, limits, vec![], None);
            let r = searcher.search_two_player(pos, 1);
            (r.best, r.score, r.nodes)
        };
        let fresh = search(&mut Table::with_mb(4), &black);
        let mut shared = Table::with_mb(4);
        search(&mut shared, &white);
        assert_eq!(search(&mut shared, &black), fresh);
        let again = search(&mut shared, &black);
        assert!(again.2 < fresh.2, "{again:?} against {fresh:?}");
    }

    /// The evaluation cache gives what the evaluation gives, before and after a search has
    /// filled it, and tells apart the same board with the other side to move (whose
    /// evaluation, from the mover's side, differs).
    #[test]
    fn evaluation_cache_returns_the_evaluation() {
        let board = "r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1";
        let positions: Vec<Position> = [
            (Variant::ThreeCheck, format!("{board} w - - 2+3 0 7")),
            (Variant::ThreeCheck, format!("{board} b - - 2+3 0 7")),
            (Variant::Chess, format!("{board} w - - 0 7")),
            (Variant::Chess, format!("{board} b - - 0 7")),
        ]
        .into_iter()
        .map(|(v, fen)| Position::from_fen(v, &fen).expect("valid FEN"))
        .collect();
        assert_ne!(
            positions[0].evaluate(positions[0].mover()),
            positions[1].evaluate(positions[1].mover())
        );
        let mut tt = Table::with_mb(1);
        let limits = Limits {
            nodes: Some(2_000),
            ..Limits::default()
        };
        let mut searcher: Searcher<'_, Position> = Searcher::new(&mut tt, limits, vec![], None);
        for pos in &positions {
            assert_eq!(searcher.evaluate_mover(pos), pos.evaluate(pos.mover()));
        }
        for pos in &positions {
            searcher.search_two_player(pos, 1);
            for _ in 0..2 {
                for p in &positions {
                    assert_eq!(searcher.evaluate_mover(p), p.evaluate(p.mover()));
                }
            }
        }
    }
}
