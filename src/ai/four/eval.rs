//! Four-player evaluation from the searching player's point of view: material, the R5 points
//! already banked, being out, king safety and development.

use super::{FourConfig, MEASURING};
use crate::ai::search::MATE;
use crate::four::{Position, Rules, Seat, Square};
use crate::record::SeatStatus;
use crate::role::Role;

/// Material values for the evaluation (not the R5.10 points: those are in `points()`).
pub(super) const MATERIAL: [i32; 6] = [100, 300, 400, 500, 1000, 0];
/// Centipawns per point scored.
pub(super) const POINT_CP: i32 = 100;
/// Value of being out of the game, beyond the points already banked.
pub(super) const OUT_PENALTY: i32 = 6_000;
/// Hash salt for min layers (the same board is a different node there).
pub(super) const MIN_KEY: u64 = 0x5be0_cd19_137e_2179;

/// The 160 squares of the cross board.
#[inline]
fn squares() -> &'static [Square] {
    use std::sync::OnceLock;
    static SQ: OnceLock<Vec<Square>> = OnceLock::new();
    SQ.get_or_init(|| {
        let mut v = Vec::with_capacity(160);
        for rank in 0..14 {
            for file in 0..14 {
                if let Some(s) = Square::new(file, rank) {
                    v.push(s);
                }
            }
        }
        v
    })
}

/// Is `seat` still playing (its pieces move for it)?
#[inline]
pub(super) fn in_game(pos: &Position, seat: usize) -> bool {
    pos.moves(seat) && !pos.statuses()[seat].is_out()
}

/// `(lateral, forward)` coordinates of a square as `seat` sees the board: `forward` is 0 on
/// its back rank and grows toward the centre.
#[inline]
fn rel(seat: usize, file: i32, rank: i32) -> (i32, i32) {
    match seat {
        0 => (file, rank),
        1 => (rank, file),
        2 => (file, 13 - rank),
        _ => (rank, 13 - file),
    }
}

/// Board `(file, rank)` of `seat`'s relative coordinates (inverse of [`rel`]).
#[inline]
fn unrel(seat: usize, lateral: i32, forward: i32) -> (i32, i32) {
    match seat {
        0 => (lateral, forward),
        1 => (forward, lateral),
        2 => (lateral, 13 - forward),
        _ => (13 - forward, lateral),
    }
}

/// Is `(file, rank)` off the board or in one of its cut-off corners?
#[inline]
fn off_board(f: i32, r: i32) -> bool {
    let out = |x: i32| !(3..11).contains(&x);
    !(0..14).contains(&f) || !(0..14).contains(&r) || out(f) && out(r)
}

/// Attack weight of an enemy piece `dist` squares (king steps) from a king.
#[inline]
fn danger_weight(role: Role, dist: i32) -> i32 {
    match role {
        Role::Queen if dist <= 2 => 5,
        Role::Queen if dist <= 3 => 3,
        Role::Rook if dist <= 2 => 3,
        Role::Bishop | Role::Knight if dist <= 2 => 2,
        _ => 0,
    }
}

/// King safety and development of every seat, in centipawns (higher is better for it).
/// `grid[file][rank]` holds `1 + seat * 8 + role` of live pieces, 0 elsewhere; `pieces` the
/// live pieces other than pawns and kings. With `teams` (R14.2) a partner's pieces never
/// attack the king: they shelter it as its own do.
fn safety(
    grid: &[[u8; 14]; 14],
    pieces: &[(u8, Role, i8, i8)],
    kings: &[Option<(i32, i32)>; 4],
    moving: &[bool; 4],
    lines: bool,
    teams: bool,
) -> [i32; 4] {
    let friend = |t: usize, s: usize| t == s || teams && t == (s + 2) % 4;
    let own_pawn = |seat: usize, f: i32, r: i32| -> bool {
        (0..14).contains(&f)
            && (0..14).contains(&r)
            && grid[f as usize][r as usize] == 1 + seat as u8 * 8 + Role::Pawn as u8
    };
    let mut out = [0i32; 4];
    let mut heavy = [0i32; 4];
    for &(s, role, f, r) in pieces {
        let s = s as usize;
        if matches!(role, Role::Queen | Role::Rook) {
            heavy[s] += 1;
        }
        // Development: knights and bishops still on the back rank.
        if matches!(role, Role::Knight | Role::Bishop) && rel(s, f.into(), r.into()).1 == 0 {
            out[s] -= 12;
        }
    }
    let total_heavy: i32 = heavy.iter().sum();
    for s in 0..4 {
        let Some((kf, kr)) = kings[s] else { continue };
        if !moving[s] {
            continue;
        }
        let (mut danger, mut attackers, mut flights) = (0, 0, 0);
        // Which opponents attack the king (a bit per seat).
        let mut seats = 0u32;
        // Enemy pawns next to the king (pawns are not in `pieces`), and the squares next to
        // it that its own pieces leave free.
        for df in -1..=1 {
            for dr in -1..=1 {
                let (f, r) = (kf + df, kr + dr);
                if off_board(f, r) {
                    continue;
                }
                let c = grid[f as usize][r as usize];
                let owner = u32::from(c.wrapping_sub(1) / 8);
                if c == 0 || !friend(owner as usize, s) {
                    flights += 1;
                    if c != 0 && (c - 1) % 8 == Role::Pawn as u8 {
                        danger += 1;
                        attackers += 1;
                        seats |= 1 << owner;
                    }
                }
            }
        }
        for &(t, role, f, r) in pieces {
            let t = t as usize;
            if friend(t, s) || !moving[t] {
                continue;
            }
            let (df, dr) = (i32::from(f) - kf, i32::from(r) - kr);
            let d = df.abs().max(dr.abs());
            let mut w = danger_weight(role, d);
            // A distant slider on a line to the king with at most one piece between: one
            // player's quiet move opens it for another (a mate BRS cannot see coming).
            if w == 0
                && lines
                && (matches!(role, Role::Queen | Role::Rook) && (df == 0 || dr == 0)
                    || matches!(role, Role::Queen | Role::Bishop) && df.abs() == dr.abs())
            {
                let mut blockers = 0;
                for k in 1..d {
                    let (lf, lr) = (kf + df.signum() * k, kr + dr.signum() * k);
                    if grid[lf as usize][lr as usize] != 0 {
                        blockers += 1;
                    } else if off_board(lf, lr) {
                        // Lines do not cross the cut-off corners.
                        blockers += 2;
                    }
                    if blockers > 1 {
                        break;
                    }
                }
                if blockers <= 1 {
                    w = 2;
                }
            }
            if w > 0 {
                danger += w;
                attackers += 1;
                seats |= 1 << t;
            }
        }
        if lines {
            // Attackers of two opponents: best-reply search lets only one of them move
            // before the king's owner does, so the search underrates them.
            if seats.count_ones() >= 2 {
                danger = danger * 3 / 2;
            }
            // An attacked king with fewer than two flight squares is mated by one more piece.
            // (Not without attackers: that would pay for loosening the pawn shelter.)
            if attackers > 0 && total_heavy - heavy[s] >= 2 {
                out[s] -= 30 * (2 - flights).max(0);
            }
        }
        if attackers >= 2 {
            out[s] -= (danger * danger * 2).min(600);
        } else {
            out[s] -= danger * 4;
        }
        let (lx, ly) = rel(s, kf, kr);
        // While enemy heavy pieces are about, the king belongs home behind its pawns.
        if total_heavy - heavy[s] >= 3 {
            out[s] -= 30 * ly.min(3);
            if ly <= 1 {
                for dx in -1..=1 {
                    let (f1, r1) = unrel(s, lx + dx, ly + 1);
                    let (f2, r2) = unrel(s, lx + dx, ly + 2);
                    if own_pawn(s, f1, r1) {
                        out[s] += 10;
                    } else if own_pawn(s, f2, r2) {
                        out[s] += 5;
                    } else {
                        let (f3, r3) = unrel(s, lx + dx, ly + 3);
                        if !own_pawn(s, f3, r3) {
                            // An open line in front of the king.
                            out[s] -= 10;
                        }
                    }
                }
            }
        }
    }
    out
}

/// Evaluation in centipawns from `pov`'s point of view.
pub fn evaluate_four(pos: &Position, pov: usize) -> i32 {
    evaluate_with(pos, pov, &FourConfig::default())
}

pub(super) fn evaluate_with(pos: &Position, pov: usize, cfg: &FourConfig) -> i32 {
    let points = pos.points();
    let mut material = [0i32; 4];
    let mut center = [0i32; 4];
    let mut grid = [[0u8; 14]; 14];
    let mut pieces: [(u8, Role, i8, i8); 64] = [(0, Role::Pawn, 0, 0); 64];
    let mut n = 0;
    let mut kings = [None; 4];
    for &sq in squares() {
        if let Some((seat, role, grey, promoted)) = pos.piece_at(sq) {
            if grey {
                continue;
            }
            let s = seat.index();
            material[s] += if promoted && role == Role::Queen {
                900
            } else {
                MATERIAL[role as usize]
            };
            // Minor pieces and queens like the centre of the big board.
            if matches!(role, Role::Knight | Role::Bishop | Role::Queen) {
                let df = (2 * i32::from(sq.file()) - 13).abs();
                let dr = (2 * i32::from(sq.rank()) - 13).abs();
                center[s] += (26 - df.max(dr)) / 2;
            }
            if cfg.king_safety {
                let (f, r) = (sq.file(), sq.rank());
                grid[f as usize][r as usize] = 1 + s as u8 * 8 + role as u8;
                if role == Role::King {
                    kings[s] = Some((i32::from(f), i32::from(r)));
                } else if role != Role::Pawn && n < pieces.len() {
                    pieces[n] = (s as u8, role, f as i8, r as i8);
                    n += 1;
                }
            }
        }
    }
    if pos.rules() == Rules::Teams {
        let ks = if cfg.king_safety {
            let moving = [0, 1, 2, 3].map(|s| in_game(pos, s));
            safety(&grid, &pieces[..n], &kings, &moving, cfg.king_lines, true)
        } else {
            [0; 4]
        };
        return teams_eval(pos, pov, &material, &center, &ks);
    }
    let opps = [1, 2, 3].map(|d| (pov + d) % 4);
    let max_pts = opps.iter().map(|&s| points[s]).max().unwrap_or(0);
    let avg_pts = opps.iter().map(|&s| points[s]).sum::<i32>() / 3;
    // Ranking counts: the leader matters most, the field too.
    let rival = if MEASURING && cfg.leader_rank {
        max_pts
    } else {
        (max_pts + avg_pts) / 2
    };
    let mut v = POINT_CP * (points[pov] - rival);
    if !in_game(pos, pov) {
        return v - OUT_PENALTY;
    }
    let opp_mat = opps.iter().map(|&s| material[s]).sum::<i32>() / 3;
    v += material[pov] - opp_mat;
    v += center[pov] - opps.iter().map(|&s| center[s]).sum::<i32>() / 3;
    // Being in check, and giving it.
    if pos.in_check(Seat::from_index(pov)) {
        v -= 60;
    }
    for &s in &opps {
        if in_game(pos, s) && pos.in_check(Seat::from_index(s)) {
            v += 25;
        }
    }
    if cfg.king_safety {
        let moving = [0, 1, 2, 3].map(|s| in_game(pos, s));
        let ks = safety(&grid, &pieces[..n], &kings, &moving, cfg.king_lines, false);
        let live = opps.iter().filter(|&&s| moving[s]).count() as i32;
        v += ks[pov];
        if live > 0 {
            v -= opps
                .iter()
                .filter(|&&s| moving[s])
                .map(|&s| ks[s])
                .sum::<i32>()
                / (2 * live);
        }
    }
    v
}

/// Teams (R14): the side's material, centre and king safety against the other side's, and
/// checks on either side's kings (a partner's king left attacked can be captured, R14.6): the
/// partner's king is worth guarding as much as one's own. No points.
fn teams_eval(
    pos: &Position,
    pov: usize,
    material: &[i32; 4],
    center: &[i32; 4],
    safety: &[i32; 4],
) -> i32 {
    let side = |s: usize| s == pov || s == (pov + 2) % 4;
    let mut v = 0;
    for s in 0..4 {
        let sign = if side(s) { 1 } else { -1 };
        v += sign * (material[s] + center[s] + safety[s]);
        if pos.in_check(Seat::from_index(s)) {
            v -= sign * 50;
        }
    }
    v
}

/// Teams (R14.7): once a player is out the game is over: `Some(Some(team))` (0: Red and
/// Yellow, 1: Blue and Green) for the team that won, `Some(None)` for a stalemate; `None`
/// while it goes on.
pub(super) fn teams_winner(pos: &Position) -> Option<Option<usize>> {
    let st = pos.statuses();
    let s = (0..4).find(|&s| st[s].is_out())?;
    Some((st[s] != SeatStatus::Stalemated).then_some((s + 1) & 1))
}

/// Is the game over for the purposes of the search: three players out, or two left whose
/// points differ by 21 or more (R5.18 a, b); in Teams, anyone out (R14.7).
pub(super) fn finished(pos: &Position) -> bool {
    if pos.rules() == Rules::Teams {
        return teams_winner(pos).is_some();
    }
    let st = pos.statuses();
    let p = pos.points();
    let mut active = (0..4).filter(|&s| !st[s].is_out());
    match (active.next(), active.next(), active.next()) {
        (None, _, _) | (Some(_), None, _) => true,
        (Some(a), Some(b), None) => (p[a] - p[b]).abs() >= 21,
        _ => false,
    }
}

/// The value of a finished game or of `pov` being out, if either holds.
pub(super) fn end_value(pos: &Position, pov: usize, ply: usize) -> Option<i32> {
    if !in_game(pos, pov) {
        return Some(evaluate_four(pos, pov));
    }
    if finished(pos) {
        // The game is over: the points decide. A sure win is a "mate" at this distance.
        let p = pos.points();
        let best_opp = (0..4)
            .filter(|&s| s != pov)
            .map(|s| p[s])
            .max()
            .unwrap_or(0);
        return Some(if p[pov] > best_opp {
            MATE - ply as i32
        } else {
            POINT_CP * (p[pov] - best_opp)
        });
    }
    None
}
