//! Mates that need two opponents in a row. BRS lets one opponent reply between the searching
//! player's moves, so a mate that the next player enables (by opening a line, covering a
//! flight square or defending the mating square) and the one after delivers is invisible to
//! it: in measured games level 8 was mated this way early, its king boxed in at home. The
//! root therefore checks its moves against the real turn order, one reply deep.

use super::eval::{finished, in_game};
use crate::four::{MoveList, Position, Square};
use crate::role::Role;

/// Where `seat`'s live king stands.
fn king_square(pos: &Position, seat: usize) -> Option<(i32, i32)> {
    for file in 0..14 {
        for rank in 0..14 {
            if let Some(sq) = Square::new(file, rank)
                && let Some((s, Role::King, false, _)) = pos.piece_at(sq)
                && s.index() == seat
            {
                return Some((i32::from(file), i32::from(rank)));
            }
        }
    }
    None
}

/// Squares next to the king that are on the board and not held by its own live pieces
/// (whether attacked or not: this only decides whether a mate is worth looking for).
fn free_flights(pos: &Position, (kf, kr): (i32, i32), seat: usize) -> usize {
    let mut n = 0;
    for df in -1..=1 {
        for dr in -1..=1 {
            let (f, r) = (kf + df, kr + dr);
            if (df, dr) == (0, 0) || !(0..14).contains(&f) || !(0..14).contains(&r) {
                continue;
            }
            let Some(sq) = Square::new(f as u8, r as u8) else {
                continue;
            };
            if !matches!(pos.piece_at(sq), Some((s, _, false, _)) if s.index() == seat) {
                n += 1;
            }
        }
    }
    n
}

/// Could a piece arriving on `to` give check to a king on `k`: same line, a knight's jump or
/// next to it? (Discovered checks are left out.)
fn near_king(to: Square, (kf, kr): (i32, i32)) -> bool {
    let (df, dr) = (
        (i32::from(to.file()) - kf).abs(),
        (i32::from(to.rank()) - kr).abs(),
    );
    df == 0 || dr == 0 || df == dr || (df.min(dr) == 1 && df.max(dr) == 2)
}

/// `pos` with `seat` to move.
fn turn_to(pos: &Position, seat: usize) -> Position {
    let mut p = pos.clone();
    if p.turn().index() != seat {
        p.set_turn(seat);
    }
    p
}

/// After `pov`'s move (`child`), can one opponent make a move after which an opponent who
/// comes later in turn order (before `pov` moves again) mates `pov` at once, the others
/// passing? Only looked for when `pov`'s king has at most two squares around it that its own
/// pieces do not block.
pub(super) fn allows_turn_mate(child: &Position, pov: usize) -> bool {
    if !in_game(child, pov) || finished(child) || child.turn().index() == pov {
        return false;
    }
    let Some(k) = king_square(child, pov) else {
        return false;
    };
    if free_flights(child, k, pov) > 2 {
        return false;
    }
    let mut seats = Vec::with_capacity(3);
    let mut t = child.rules().next(pov);
    while t != pov {
        if child.moves(t) {
            seats.push(t);
        }
        t = child.rules().next(t);
    }
    let (mut first, mut second) = (MoveList::new(), MoveList::new());
    for (i, &a) in seats.iter().enumerate() {
        let base = turn_to(child, a);
        base.legal_moves(&mut first);
        for &ma in first.as_slice() {
            let mut p = base.clone();
            p.play_scored(ma);
            // A mate by one opponent alone is BRS's own business.
            if !in_game(&p, pov) || finished(&p) {
                continue;
            }
            for &b in &seats[i + 1..] {
                if !p.moves(b) {
                    continue;
                }
                let mid = turn_to(&p, b);
                mid.legal_moves(&mut second);
                for &mb in second.as_slice() {
                    if near_king(mb.to(), k) {
                        let mut q = mid.clone();
                        q.play_scored(mb);
                        if !in_game(&q, pov) {
                            return true;
                        }
                    }
                }
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::four::{Rules, Seat};

    /// Kingdoms (order Red, Green, Yellow, Blue), from a measured game: Blue's king on a7 is
    /// boxed in by its own pieces; only b6 is loose, and Yellow's bishop on f10 eyes it.
    const BOXED: &str = "e1f3 n5l6 e14f12 b11d11 j1k3 n10l11 j14k12 a5c6 f3g5 l6j7 e13e12 \
        d11e12 k3j5 j7h8 d13e12 a11g11 g5h7 m4l4 f14d12 g11g7 h7i9 h8i6 d12f10";

    fn boxed() -> crate::four::FourGame {
        let mut g = crate::four::FourGame::new(Rules::Kingdoms, Seat::Red, None, 0);
        for m in BOXED.split_whitespace() {
            g.play(m).unwrap();
        }
        g
    }

    #[test]
    fn sees_a_mate_that_one_opponent_enables_for_another() {
        let g = boxed();
        assert_eq!(g.position().turn(), Seat::Blue);
        // Rg7-g6 (what plain BRS played): Red's f2-f4 opens its queen's line to b6, and
        // Yellow's Bf10xb6 mates two moves later. The rules confirm it.
        let mut line = g.clone();
        for m in ["g7g6", "f2f4", "m6l6", "f10b6"] {
            line.play(m).unwrap();
        }
        assert!(line.position().statuses()[Seat::Blue.index()].is_out());
        let mut after = g.clone();
        after.play("g7g6").unwrap();
        assert!(allows_turn_mate(after.position(), Seat::Blue.index()));
        // Not every move allows it (the probe is not a blanket "king boxed in" test).
        let mut list = MoveList::new();
        g.position().legal_moves(&mut list);
        let safe = list.as_slice().iter().filter(|&&m| {
            let mut p = g.position().clone();
            p.play_scored(m);
            !allows_turn_mate(&p, Seat::Blue.index())
        });
        assert!(safe.count() > 0);
    }

    #[test]
    fn start_position_has_no_turn_mate() {
        let mut pos = Position::startpos(Rules::Ffa);
        let mut list = MoveList::new();
        pos.legal_moves(&mut list);
        pos.play_scored(list.as_slice()[0]);
        assert!(!allows_turn_mate(&pos, Seat::Red.index()));
    }
}
