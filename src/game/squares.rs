//! Questions about single squares of a game's current position: what stands there, what
//! attacks it, and who may still castle. One implementation per engine, chosen like
//! [`Game::engine`]'s.

use super::{Game, Inner};
use crate::error::{Error, ErrorKind};
use crate::player::Player;
use crate::record::{BoardPiece, CastlingRight};
use crate::two;

impl Game {
    /// The piece on `square` now, if any. Errors: `invalid-argument` when `square` is not a
    /// square of this board.
    pub fn get(&self, square: &str) -> Result<Option<BoardPiece>, Error> {
        let name = self.square(square)?;
        Ok(self.board().into_iter().find(|p| p.square == name))
    }

    /// The squares of the pieces that attack `square` now (of `player` only, when given), in
    /// board order from a1. An attack is a capture the piece could make if an enemy stood
    /// there, whoever stands there now and whether or not the piece is pinned; pawns attack
    /// diagonally forward; four players' grey pieces attack nothing (R5.16). Errors:
    /// `invalid-argument` for a square not on the board or a player not in the game.
    pub fn attackers(&self, square: &str, player: Option<Player>) -> Result<Vec<String>, Error> {
        let players: Vec<Player> = match player {
            Some(p) => vec![self.player_of_game(p)?],
            None => self.kind().players().to_vec(),
        };
        match &self.inner {
            Inner::Two(g) => {
                let pos = g.position();
                let sq = two::Square::parse(square).ok_or_else(|| self.bad_square(square))?;
                let mut found = two::Bitboard::EMPTY;
                for p in players {
                    if let Some(c) = p.color() {
                        found |= pos.attackers(sq, c, pos.occupied());
                    }
                }
                Ok(found.into_iter().map(|s| s.to_string()).collect())
            }
            #[cfg(feature = "four")]
            Inner::Four(g) => {
                let sq =
                    crate::four::Square::parse(square).ok_or_else(|| self.bad_square(square))?;
                let mut seats = [false; 4];
                for seat in players.into_iter().filter_map(|p| p.seat()) {
                    seats[seat.index()] = true;
                }
                let found = g.position().attackers(sq, seats);
                Ok(found.into_iter().map(|s| s.to_string()).collect())
            }
        }
    }

    /// Whether a piece of `by` attacks `square` now (see [`Game::attackers`]).
    pub fn is_attacked(&self, square: &str, by: Player) -> Result<bool, Error> {
        Ok(!self.attackers(square, Some(by))?.is_empty())
    }

    /// Who may still castle, to which side and with which rook, in player order (king side
    /// first). A right says the king and rook have not moved; whether castling is legal now
    /// is [`Game::legal_moves`]' answer.
    pub fn castling_rights(&self) -> Vec<CastlingRight> {
        match &self.inner {
            Inner::Two(g) => super::setup::two_castling(g.position()),
            #[cfg(feature = "four")]
            Inner::Four(g) => super::setup::four_castling(g.position()),
        }
    }

    /// `square` as the board names it, or an `invalid-argument` error.
    fn square(&self, square: &str) -> Result<String, Error> {
        let ok = match &self.inner {
            Inner::Two(_) => two::Square::parse(square).map(|s| s.to_string()),
            #[cfg(feature = "four")]
            Inner::Four(_) => crate::four::Square::parse(square).map(|s| s.to_string()),
        };
        ok.ok_or_else(|| self.bad_square(square))
    }

    fn bad_square(&self, square: &str) -> Error {
        let shown = crate::error::first_chars(square, 60);
        Error::formatted(
            ErrorKind::InvalidArgument,
            format_args!(
                "square must be a square of this board ({}), got {shown:?}",
                if self.kind().is_four() {
                    "a4 to n11 and d1 to k14; the 3×3 corners are not squares"
                } else {
                    "a1 to h8"
                }
            ),
        )
    }

    /// `player` when it plays this game, else an `invalid-argument` error.
    fn player_of_game(&self, player: Player) -> Result<Player, Error> {
        if self.kind().players().contains(&player) {
            Ok(player)
        } else {
            Err(Error::formatted(
                ErrorKind::InvalidArgument,
                format_args!(
                    "player must be one of {} in this game, got {:?}",
                    self.kind()
                        .players()
                        .iter()
                        .map(|p| p.name())
                        .collect::<Vec<_>>()
                        .join(", "),
                    player.name()
                ),
            ))
        }
    }
}
