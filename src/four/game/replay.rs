//! A four-player game as record tokens, and rebuilding one from them (a save's moves or a
//! PGN4's): every token is replayed through the same move path a live game uses.

use super::FourGame;
use crate::four::board::{Rules, Seat};
use crate::record::EntryKind;
use crate::{error::Error, error::ErrorKind, kind::GameKind};

impl FourGame {
    /// Texts that replay this game from its start (a save keeps them): UCI for moves and
    /// `R:seat` / `T:seat` for resignations and time-outs.
    pub fn move_texts(&self) -> Vec<String> {
        self.history
            .iter()
            .map(|e| match e.info.kind {
                EntryKind::Resign => format!("R:{}", e.info.player),
                EntryKind::Timeout => format!("T:{}", e.info.player),
                _ => e.info.uci.clone(),
            })
            .collect()
    }

    /// The game kind: four-player with this game's rules.
    pub fn kind(&self) -> GameKind {
        GameKind::FourPlayer(self.pos.rules)
    }

    /// Applies record tokens in order; zombie moves come from the record. `err` builds the
    /// error for token `i` played by `seat`.
    ///
    /// `pgn4`: the tokens come from a PGN4, where a stalemate marker `S` may follow the move
    /// that stalemated (it changes nothing, R7 notation). A save never writes one, so there it
    /// is an error, as is an `S` that follows no move.
    ///
    /// A PGN4 that goes on after the game has ended under these rules (chess.com lets the
    /// leader play on rather than claim a 21-point lead, and does not end games on our draw
    /// rules) is read up to that end: the answer is then `Some(i)`, the index of the first
    /// token not played, and why. So is a record that reaches a rule chess.com has and these
    /// rules do not: a free-for-all king capture (R5.9 never allows one) or chess.com's
    /// "dead king walking" after a time-out. A save is never cut short.
    pub(crate) fn replay<'a>(
        &mut self,
        tokens: impl Iterator<Item = &'a str>,
        pgn4: bool,
        err: impl Fn(usize, Seat, Error) -> Error,
    ) -> Result<Option<(usize, Stop)>, Error> {
        let mut after_move = false;
        for (i, tok) in tokens.enumerate() {
            let seat = self.pos.turn();
            match self.replay_step(tok, pgn4, &mut after_move) {
                Err(e) => return Err(err(i, seat, e)),
                Ok(Step::Stopped(stop)) => return Ok(Some((i, stop))),
                Ok(_) => {}
            }
        }
        self.settle_zombies();
        Ok(None)
    }

    /// One token of [`FourGame::replay`]: what it did, or the error of that token
    /// (unwrapped). `after_move` says whether the token before was a move (a stalemate
    /// marker may follow one only); the step updates it. Zombies to move wait for the
    /// record's next token: call [`FourGame::settle_zombies`] after the last one.
    pub(crate) fn replay_step(
        &mut self,
        tok: &str,
        pgn4: bool,
        after_move: &mut bool,
    ) -> Result<Step, Error> {
        if is_stalemate_marker(tok) {
            if !(pgn4 && *after_move) {
                return Err(Error::invalid_argument(if pgn4 {
                    "a stalemate marker \"S\" must follow a move"
                } else {
                    "\"S\" is not a move (a save records moves, R: and T: only)"
                }));
            }
            *after_move = false;
            return Ok(Step::Marker);
        }
        if pgn4 && let Some(r) = &self.result {
            // A Teams game ends on the board (R14.7), as chess.com ends it: a record that goes
            // on is not a record of this game.
            if self.pos.rules == Rules::Teams {
                return Err(Error::formatted(
                    ErrorKind::GameOver,
                    format_args!("the game ended before {tok:?} ({}, R14.7)", r.reason.code()),
                ));
            }
            return Ok(Step::Stopped(Stop::GameOver));
        }
        // chess.com's "dead king walking": the move it played for a player whose time
        // ran out (`Kj2-k2T`), after which only that player's king moves on. Under
        // these rules the player is out or (ffa, R5.21) keeps the whole army.
        let bare = tok.trim().trim_end_matches(['+', '#']);
        if pgn4 && bare.len() > 1 && bare.ends_with('T') {
            return Ok(Step::Stopped(Stop::DeadKingWalking));
        }
        self.replaying = true;
        let played = self.token(tok);
        self.replaying = false;
        match played {
            // chess.com's free-for-all lets a player capture a king that another
            // player's move left in check; R5.9 never does. The record is read up to
            // that capture, which the caller reports.
            Err(e)
                if pgn4
                    && e.kind == ErrorKind::IllegalMove
                    && self.pos.rules == Rules::Ffa
                    && crate::text::contains(tok, "xK") =>
            {
                Ok(Step::Stopped(Stop::KingCapture))
            }
            Err(e) => Err(e),
            Ok(()) => {
                *after_move = true;
                Ok(Step::Played)
            }
        }
    }

    /// Plays the zombie moves due now (R6.4), as a live game would have: the end of a
    /// replay.
    pub(crate) fn settle_zombies(&mut self) {
        self.zombies();
    }

    fn token(&mut self, tok: &str) -> Result<(), Error> {
        let tok = tok.trim();
        let (head, seat) = match tok.split_once(':') {
            Some((h, s)) => (h, Some(Seat::parse(s)?)),
            None => (tok, None),
        };
        // chess.com writes `R#` / `T#` when the player who resigns or runs out of time leaves
        // the game: the same resignation or time-out (R7.2).
        let head = match head.trim_end_matches(['#', '+']) {
            h @ ("R" | "T") => h,
            _ => head,
        };
        match head {
            "R" | "T" => {
                let seat = seat.unwrap_or(self.pos.turn());
                if head == "R" {
                    self.resign(seat)
                } else {
                    self.timeout(seat)
                }
            }
            _ => {
                if self.result.is_some() {
                    return Err(Error::formatted(
                        crate::error::ErrorKind::GameOver,
                        format_args!("move {tok:?} after the end"),
                    ));
                }
                let m = self.parse_move(tok)?;
                if self.pos.is_zombie(self.pos.turn as usize) {
                    // Keep the generator in step with a live game's draws.
                    self.rng.next_u64();
                    self.record(m, EntryKind::Random);
                } else {
                    self.apply(m, EntryKind::Move);
                }
                Ok(())
            }
        }
    }
}

/// What one token of a replay did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Step {
    /// It was played: one history entry more.
    Played,
    /// A stalemate marker `S`: nothing changed.
    Marker,
    /// The replay stops before it (see [`FourGame::replay`]).
    Stopped(Stop),
}

/// Why a PGN4 import stopped before the end of its record (see [`FourGame::replay`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Stop {
    /// The game had ended under these rules and the record went on.
    GameOver,
    /// A free-for-all record captures a king, which R5.9 never allows.
    KingCapture,
    /// chess.com's "dead king walking" move for a player whose time ran out.
    DeadKingWalking,
}

/// `S`, chess.com's stalemate marker after the move that stalemated, also written `S#`.
fn is_stalemate_marker(tok: &str) -> bool {
    tok.trim().trim_end_matches(['#', '+']) == "S"
}
