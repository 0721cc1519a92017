//! Elo ratings as RULES R10 defines them.
//!
//! One formula covers both table sizes: each player is scored against every other player by
//! final place (higher place 1, same place ½, lower 0) and their change is the sum over those
//! pairs with K divided by the number of opponents. With two players that is plain Elo
//! (R10.3); with four, K/3 per pair (R10.4). Teams (R14.8) scores each player against the two
//! players of the other team only, K/2 per pair ([`update_teams`]).

/// Everyone's starting rating (R10.1).
pub const START: f64 = 1500.0;
/// Rated games after which a rating stops being provisional and K drops (R10.2).
pub const PROVISIONAL_GAMES: i64 = 30;

/// A player's rating in one game before or after a result.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// Elo rating.
    pub rating: f64,
    /// Rated games played of this game.
    pub games: i64,
}

impl Default for Rating {
    fn default() -> Self {
        Rating {
            rating: START,
            games: 0,
        }
    }
}

/// K for a player with `games` rated games so far (R10.2).
pub fn k_factor(games: i64) -> f64 {
    if games < PROVISIONAL_GAMES {
        40.0
    } else {
        20.0
    }
}

/// Expected score of a player rated `a` against one rated `b` (R10.1).
pub fn expected(a: f64, b: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf((b - a) / 400.0))
}

/// New ratings after a game in which player `i` (rated `before[i]`) finished at `places[i]`
/// (1 = first; equal places are a draw between those players).
pub fn update(before: &[Rating], places: &[u32]) -> Vec<Rating> {
    let n = before.len();
    if n < 2 || places.len() != n {
        return before.to_vec();
    }
    update_against(before, places, |i| (0..n).filter(|&j| j != i).collect())
}

/// Teams (R14.8): new ratings after a game of four seated in play order (Red, Blue, Yellow,
/// Green: partners two apart), where `places` are the engine's (winners 1, losers 3, all 1 in a
/// draw). Each player is scored against each of the two opponents, win 1, draw ½, loss 0, with
/// K divided by 2; a partner is no opponent. Any other number of players: unchanged.
pub fn update_teams(before: &[Rating], places: &[u32]) -> Vec<Rating> {
    if before.len() != 4 || places.len() != 4 {
        return before.to_vec();
    }
    update_against(before, places, |i| vec![(i + 1) % 4, (i + 3) % 4])
}

/// Scores each player `i` against each of `opponents(i)` (win 1, draw ½, loss 0 by place),
/// with K divided among those opponents: the rule R10 and R14.8 share.
fn update_against(
    before: &[Rating],
    places: &[u32],
    opponents: impl Fn(usize) -> Vec<usize>,
) -> Vec<Rating> {
    (0..before.len())
        .map(|i| {
            let them = opponents(i);
            let k = k_factor(before[i].games) / them.len() as f64;
            let delta: f64 = them
                .into_iter()
                .map(|j| {
                    let score = match places[i].cmp(&places[j]) {
                        std::cmp::Ordering::Less => 1.0,
                        std::cmp::Ordering::Equal => 0.5,
                        std::cmp::Ordering::Greater => 0.0,
                    };
                    k * (score - expected(before[i].rating, before[j].rating))
                })
                .sum();
            Rating {
                rating: before[i].rating + delta,
                games: before[i].games + 1,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r10_3_two_new_players_win_and_draw() {
        let r = update(&[Rating::default(), Rating::default()], &[1, 2]);
        assert_eq!(r[0].rating, 1520.0);
        assert_eq!(r[1].rating, 1480.0);
        let d = update(&[Rating::default(), Rating::default()], &[1, 1]);
        assert_eq!(d[0].rating, 1500.0);
    }

    #[test]
    fn r10_2_k_halves_after_thirty_games() {
        let veteran = Rating {
            rating: 1500.0,
            games: 30,
        };
        let r = update(&[veteran, veteran], &[1, 2]);
        assert_eq!(r[0].rating, 1510.0);
        assert_eq!(r[0].games, 31);
    }

    #[test]
    fn r10_4_four_players_score_every_pair_with_k_over_three() {
        let r = update(&[Rating::default(); 4], &[1, 2, 2, 4]);
        // First beats three: 3 × 40/3 × ½ = 20; the two second places beat one, draw one,
        // lose one: 0; last loses three: -20.
        assert!((r[0].rating - 1520.0).abs() < 1e-9);
        assert!((r[1].rating - 1500.0).abs() < 1e-9);
        assert!((r[3].rating - 1480.0).abs() < 1e-9);
    }

    #[test]
    fn r14_8_teams_score_the_two_opponents_with_k_over_two() {
        // Red and Yellow (seats 0 and 2) beat Blue and Green: each new winner gains
        // 2 × 40/2 × ½ = 20 and each loser loses 20; the partners are not scored against
        // each other (with K/3 against all three, as R10.4, a winner would gain 13⅓).
        let r = update_teams(&[Rating::default(); 4], &[1, 3, 1, 3]);
        for (i, want) in [1520.0, 1480.0, 1520.0, 1480.0].into_iter().enumerate() {
            assert!(
                (r[i].rating - want).abs() < 1e-9,
                "seat {i}: {}",
                r[i].rating
            );
            assert_eq!(r[i].games, 1);
        }
        // A draw between equal teams changes nothing; a stronger partner does not matter.
        let strong = Rating {
            rating: 1900.0,
            games: 40,
        };
        let d = update_teams(&[Rating::default(); 4], &[1, 1, 1, 1]);
        assert!(d.iter().all(|x| (x.rating - 1500.0).abs() < 1e-9));
        let r = update_teams(
            &[
                Rating::default(),
                Rating::default(),
                strong,
                Rating::default(),
            ],
            &[1, 3, 1, 3],
        );
        assert!((r[0].rating - 1520.0).abs() < 1e-9);
        // The veteran's K is 20: 2 × 10 × (1 − E(1900 vs 1500)).
        let e = expected(1900.0, 1500.0);
        assert!((r[2].rating - (1900.0 + 20.0 * (1.0 - e))).abs() < 1e-9);
    }
}
