//! Game clocks (R11): time controls and the clock of one online game, as pure state.
//!
//! Nothing here reads the wall clock or sleeps. Every call that depends on time takes `now`,
//! the server's time in milliseconds (the rooms pass `util::now_ms()` as `u64`, the value
//! they store with each action), so the same calls always give the same clocks: a test drives
//! them with made-up instants, and a room restarted after a crash rebuilds them from its
//! stored moves' timestamps ([`GameClock::replay`]).
//!
//! The room's part: create the clock when the game starts ([`GameClock::for_game`]), report
//! every move ([`GameClock::on_move`], before applying it to the engine: a refused move is a
//! flag), every player who is out ([`GameClock::eliminate`]), a takeback ([`GameClock::undo`])
//! and the end ([`GameClock::stop`]); arm one timer at [`GameClock::deadline`] and, when it
//! fires, ask [`GameClock::expired`] what happened; send [`GameClock::snapshot`] with each
//! state.
//!
//! # Boundaries
//! A player's time is the half-open interval from the start of their turn to the deadline: a
//! move received exactly at the deadline is too late (its mover has 0 ms left, and 0 ms left is
//! a flag). The same holds for the 30 s first move (R11.2). Timestamps that go backwards (a
//! clock adjusted between two moves) count as no time spent, never as time gained.
//!
//! # Refusal codes
//! `bad-clock` (a time control outside R11.1, or unreadable), `flagged` (the mover's time ran
//! out, R11.5), `aborted` (the mover let the 30 s first-move time pass, R11.2),
//! `not-your-turn`, `game-over` (the clock was stopped).

use serde::{Deserialize, Serialize};
use tablero::GameKind;

use crate::refusal::Refusal;

/// The time each player has for a first move before the game is aborted (R11.2).
pub const FIRST_MOVE_MS: u64 = 30_000;

fn refusal(code: &'static str, message: impl Into<String>) -> Refusal {
    Refusal {
        code,
        message: message.into(),
    }
}

fn bad_clock(message: impl Into<String>) -> Refusal {
    refusal("bad-clock", message)
}

/// A time control (R11.1): an initial time per player plus an increment per move, both whole
/// seconds. Only valid controls exist: every constructor, deserialization included, checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "RawTimeControl")]
pub struct TimeControl {
    initial_ms: u64,
    increment_ms: u64,
}

#[derive(Deserialize)]
struct RawTimeControl {
    initial_ms: u64,
    increment_ms: u64,
}

impl TryFrom<RawTimeControl> for TimeControl {
    type Error = String;
    fn try_from(raw: RawTimeControl) -> Result<TimeControl, String> {
        TimeControl::new(raw.initial_ms, raw.increment_ms).map_err(|r| r.message)
    }
}

impl TimeControl {
    /// Shortest initial time (15 s).
    pub const MIN_INITIAL_MS: u64 = 15_000;
    /// Longest initial time (180 min).
    pub const MAX_INITIAL_MS: u64 = 180 * 60_000;
    /// Largest increment (180 s).
    pub const MAX_INCREMENT_MS: u64 = 180_000;

    /// A time control of `initial_ms` plus `increment_ms` per move; `bad-clock` unless both are
    /// whole seconds within R11.1's ranges.
    pub fn new(initial_ms: u64, increment_ms: u64) -> Result<TimeControl, Refusal> {
        if !(Self::MIN_INITIAL_MS..=Self::MAX_INITIAL_MS).contains(&initial_ms) {
            return Err(bad_clock(
                "the initial time must be from 15 seconds to 180 minutes",
            ));
        }
        if increment_ms > Self::MAX_INCREMENT_MS {
            return Err(bad_clock("the increment must be from 0 to 180 seconds"));
        }
        if !initial_ms.is_multiple_of(1000) || !increment_ms.is_multiple_of(1000) {
            return Err(bad_clock("clock times are whole seconds"));
        }
        Ok(TimeControl {
            initial_ms,
            increment_ms,
        })
    }

    /// The API's form, `clock: {initial: seconds, increment: seconds}`.
    pub fn from_seconds(initial: u64, increment: u64) -> Result<TimeControl, Refusal> {
        match (initial.checked_mul(1000), increment.checked_mul(1000)) {
            (Some(i), Some(inc)) => TimeControl::new(i, inc),
            _ => Err(bad_clock("clock times out of range")),
        }
    }

    /// Initial time per player, ms.
    pub fn initial_ms(self) -> u64 {
        self.initial_ms
    }

    /// Time added after each move once the clocks run, ms.
    pub fn increment_ms(self) -> u64 {
        self.increment_ms
    }

    /// Reads the usual `minutes+seconds` form (`3+2`, `10+0`, `0.5+0`, `0.25+0`). Minutes may
    /// have up to four decimals but must come to whole seconds; the increment is whole
    /// seconds. `bad-clock` for anything else.
    pub fn parse(text: &str) -> Result<TimeControl, Refusal> {
        let unreadable = || bad_clock(format!("unreadable time control {text:?} (try 3+2)"));
        let (minutes, increment) = text.trim().split_once('+').ok_or_else(unreadable)?;
        let (whole, frac) = minutes.split_once('.').unwrap_or((minutes, ""));
        // Lengths are bounded so the arithmetic below cannot overflow; anything longer is out
        // of range anyway.
        let digits = |s: &str, max: usize| {
            !s.is_empty() && s.len() <= max && s.bytes().all(|b| b.is_ascii_digit())
        };
        if !digits(whole, 4)
            || !(frac.is_empty() || digits(frac, 4))
            || (minutes.contains('.') && frac.is_empty())
            || !digits(increment, 4)
        {
            return Err(unreadable());
        }
        let number = |s: &str| s.parse::<u64>().unwrap_or(u64::MAX);
        // ms = minutes × 60000, exactly: 60000 / 10^4 = 6, so four decimals are always whole ms.
        let frac_ms = if frac.is_empty() {
            0
        } else {
            number(frac) * 60_000 / 10u64.pow(frac.len() as u32)
        };
        let initial_ms = number(whole) * 60_000 + frac_ms;
        TimeControl::new(initial_ms, number(increment) * 1000)
    }

    /// The `minutes+seconds` label (`3+2`, `0.5+0`). Exact, so [`TimeControl::parse`] reads
    /// it back, whenever the initial time is a multiple of 3 s (every usual control); other
    /// initial times show minutes rounded to two decimals.
    pub fn label(self) -> String {
        let seconds = self.initial_ms / 1000;
        // Hundredths of a minute: seconds × 100 / 60, rounded.
        let hundredths = (seconds * 5 + 1) / 3;
        let mut minutes = (hundredths / 100).to_string();
        let frac = hundredths % 100;
        if frac != 0 {
            let digits = format!("{frac:02}");
            minutes.push('.');
            minutes.push_str(digits.trim_end_matches('0'));
        }
        format!("{minutes}+{}", self.increment_ms / 1000)
    }

    /// The PGN `TimeControl` tag value, in seconds (`180+2`; R11.6).
    // For records (R11.6) and tests; the rooms do not need it yet.
    #[allow(dead_code)]
    pub fn pgn_tag(self) -> String {
        format!("{}+{}", self.initial_ms / 1000, self.increment_ms / 1000)
    }

    /// Reads a PGN `TimeControl` tag of one period: `180+2`, or `300` for no increment.
    /// `bad-clock` for `-`, `?`, several periods or values outside R11.1.
    #[allow(dead_code)]
    pub fn from_pgn_tag(tag: &str) -> Result<TimeControl, Refusal> {
        let unreadable = || bad_clock(format!("unsupported TimeControl tag {tag:?}"));
        let (initial, increment) = tag.trim().split_once('+').unwrap_or((tag.trim(), "0"));
        let seconds = |s: &str| {
            if s.is_empty() || s.len() > 6 || !s.bytes().all(|b| b.is_ascii_digit()) {
                None
            } else {
                s.parse::<u64>().ok()
            }
        };
        match (seconds(initial), seconds(increment)) {
            (Some(i), Some(inc)) => TimeControl::from_seconds(i, inc),
            _ => Err(unreadable()),
        }
    }
}

impl std::fmt::Display for TimeControl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.label())
    }
}

impl std::str::FromStr for TimeControl {
    type Err = Refusal;
    fn from_str(s: &str) -> Result<TimeControl, Refusal> {
        TimeControl::parse(s)
    }
}

/// A remaining time as written in records' `[%clk h:mm:ss]` comments (R11.6): whole seconds,
/// and tenths under 10 s (`0:00:09.5`). Rounded down, so a record never shows more time than
/// the player had.
// For records (R11.6) and tests; the rooms do not need it yet.
#[allow(dead_code)]
pub fn format_clk(ms: u64) -> String {
    let (h, m, s) = (ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60);
    if ms < 10_000 {
        format!("{h}:{m:02}:{s:02}.{}", ms / 100 % 10)
    } else {
        format!("{h}:{m:02}:{s:02}")
    }
}

/// What a flag means for the game (R11.3–R11.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlagOutcome {
    /// Two players: the player whose time ran out loses.
    Loses,
    /// Two players: the opponent could not win by any series of legal moves, so it is a draw.
    Draw,
    /// Four players: the player times out (`T`): out as on resignation in `ffa`, R6.4 in
    /// `kingdoms`; the game goes on if others remain.
    TimesOut,
}

/// The pieces one side has besides its king, for deciding a flag (R11.3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Material {
    /// Pawns.
    pub pawns: u8,
    /// Knights.
    pub knights: u8,
    /// Bishops.
    pub bishops: u8,
    /// Rooks.
    pub rooks: u8,
    /// Queens.
    pub queens: u8,
}

impl Material {
    fn total(self) -> u32 {
        [
            self.pawns,
            self.knights,
            self.bishops,
            self.rooks,
            self.queens,
        ]
        .iter()
        .map(|&n| u32::from(n))
        .sum()
    }
}

/// The result of a flag in `kind` (R11.3–R11.4). `opponent` gives the material of the
/// flagged player's opponent; it is only called where material matters (Chess, Chess960,
/// Three-check). Only the opponent's material counts, as R11.3 says: a lone king, or a king
/// and one bishop or knight, cannot win Chess on time; a lone king cannot win Three-check; a
/// lone king can still reach the hill or the eighth rank, so King of the Hill and Racing Kings
/// always lose on time.
pub fn flag_outcome(kind: GameKind, opponent: impl FnOnce() -> Material) -> FlagOutcome {
    match kind {
        GameKind::Chess | GameKind::Chess960 => {
            let m = opponent();
            let total = m.total();
            if total == 0 || (total == 1 && (m.knights == 1 || m.bishops == 1)) {
                FlagOutcome::Draw
            } else {
                FlagOutcome::Loses
            }
        }
        GameKind::ThreeCheck => {
            if opponent().total() == 0 {
                FlagOutcome::Draw
            } else {
                FlagOutcome::Loses
            }
        }
        GameKind::KingOfTheHill | GameKind::RacingKings => FlagOutcome::Loses,
        GameKind::FourPlayer(_) => FlagOutcome::TimesOut,
    }
}

/// Time ran out for the seat to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expiry {
    /// The seat's clock reached 0 (R11.3–R11.4; decide with [`flag_outcome`]).
    Flag(usize),
    /// The seat let the 30 s for a first move pass: the game is aborted (R11.2, R12.3).
    NoFirstMove(usize),
}

impl Expiry {
    /// The seat whose time ran out.
    pub fn seat(self) -> usize {
        match self {
            Expiry::Flag(s) | Expiry::NoFirstMove(s) => s,
        }
    }
}

/// Why the clock refused a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClockError {
    /// The mover's time had already run out: the flag (or the abort) stands, R11.5.
    Expired(Expiry),
    /// It is not that seat's turn on the clock (or no such seat).
    NotTurn,
    /// The clock was stopped: the game is over.
    Stopped,
}

impl ClockError {
    /// The protocol's refusal for this error (see the module's codes).
    pub fn refusal(self) -> Refusal {
        match self {
            ClockError::Expired(Expiry::Flag(_)) => {
                refusal("flagged", "your time ran out before the move arrived")
            }
            ClockError::Expired(Expiry::NoFirstMove(_)) => refusal(
                "aborted",
                "the time for a first move ran out: the game is aborted",
            ),
            ClockError::NotTurn => refusal("not-your-turn", "it is not your turn on the clock"),
            ClockError::Stopped => refusal("game-over", "the game is over"),
        }
    }
}

/// One move as the clock saw it: who, when (server time, ms), and the mover's remaining time
/// after the move, increment included: the `[%clk]` of that move (R11.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ply {
    /// Seat (table order) that moved.
    pub seat: usize,
    /// Server time of the move, ms.
    pub at: u64,
    /// The mover's time left after the move, increment included, ms.
    pub remaining_ms: u64,
}

/// Something that changes a clock; a game's clock is the replay of its events from the start
/// ([`GameClock::replay`]), which is how a restarted room gets its clocks back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "lowercase")]
pub enum ClockEvent {
    /// `seat` moved at `at` ([`GameClock::on_move`]).
    Move {
        /// Seat that moved.
        seat: usize,
        /// Server time, ms.
        at: u64,
    },
    /// `seat` is out of the game at `at` ([`GameClock::eliminate`]).
    Out {
        /// Seat that is out.
        seat: usize,
        /// Server time, ms.
        at: u64,
    },
    /// `plies` moves were taken back at `at` ([`GameClock::undo`]).
    Undo {
        /// Moves taken back.
        plies: usize,
        /// Server time, ms.
        at: u64,
    },
    /// The game ended at `at` ([`GameClock::stop`]).
    Stop {
        /// Server time, ms.
        at: u64,
    },
}

/// The clocks of one game (R11): one per seat, in table order, run in play order.
///
/// Until every seat still in the game has made a first move no clock runs and no increment
/// is added; the seat to move has [`FIRST_MOVE_MS`] for its first move instead (R11.2). From
/// then on only the clock of the seat to move runs; a seat's increment is added when it
/// completes a move. Seats that are out are skipped.
///
/// Serializes as its time control, play order, start time and events, and deserializes by
/// replaying them, so a stored clock can never load inconsistent.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "StoredClock", try_from = "StoredClock")]
pub struct GameClock {
    control: TimeControl,
    /// Seats (table indices) in play order.
    order: Vec<usize>,
    started_at: u64,
    events: Vec<ClockEvent>,
    /// Per seat: time left at the start of the current turn (the seat to move) or now (others).
    remaining: Vec<u64>,
    out: Vec<bool>,
    plies: Vec<Ply>,
    /// The seat to move; `None` once stopped or when nobody is left.
    turn: Option<usize>,
    /// When the current turn began.
    since: u64,
    stopped: bool,
}

#[derive(Clone, Serialize, Deserialize)]
struct StoredClock {
    control: TimeControl,
    order: Vec<usize>,
    started_at: u64,
    events: Vec<ClockEvent>,
}

impl From<GameClock> for StoredClock {
    fn from(c: GameClock) -> StoredClock {
        StoredClock {
            control: c.control,
            order: c.order,
            started_at: c.started_at,
            events: c.events,
        }
    }
}

impl TryFrom<StoredClock> for GameClock {
    type Error = String;
    fn try_from(s: StoredClock) -> Result<GameClock, String> {
        GameClock::replay(s.control, s.order, s.started_at, s.events).map_err(|e| e.message)
    }
}

impl GameClock {
    /// The clock of a game of `kind` starting at `now`, seats in the engine's table order
    /// (`GameKind::players()`) and play order (`GameKind::play_order`).
    pub fn for_game(kind: GameKind, control: TimeControl, now: u64) -> GameClock {
        let table = kind.players();
        let order = kind
            .play_order()
            .iter()
            .filter_map(|p| table.iter().position(|t| t == p))
            .collect();
        GameClock::build(control, order, now)
    }

    /// The clock of a game whose seats (table indices `0..n`) play in `order`, starting at
    /// `now`. `bad-clock` unless `order` is a permutation of 2 to 4 seats.
    pub fn new(control: TimeControl, order: Vec<usize>, now: u64) -> Result<GameClock, Refusal> {
        let n = order.len();
        let mut seen = vec![false; n];
        for &s in &order {
            if s >= n || std::mem::replace(&mut seen[s], true) {
                return Err(bad_clock("the play order must list every seat once"));
            }
        }
        if !(2..=4).contains(&n) {
            return Err(bad_clock("a clock has 2 to 4 seats"));
        }
        Ok(GameClock::build(control, order, now))
    }

    fn build(control: TimeControl, order: Vec<usize>, now: u64) -> GameClock {
        let n = order.len();
        GameClock {
            control,
            turn: order.first().copied(),
            order,
            started_at: now,
            events: Vec::new(),
            remaining: vec![control.initial_ms; n],
            out: vec![false; n],
            plies: Vec::new(),
            since: now,
            stopped: false,
        }
    }

    /// Rebuilds a clock from its events (stored moves with their server times, eliminations,
    /// takebacks, the end). The result equals the clock that saw the same calls live.
    ///
    /// A move stored after its mover's deadline (timestamps from another process of a
    /// cluster) is replayed, not refused: the record is the authority, and the mover's time
    /// stays at 0 plus the increment. Other inconsistencies (a move out of turn or after the
    /// end, an unknown seat, a takeback of more moves than were made, an order that is not a
    /// permutation) are `bad-clock`.
    pub fn replay(
        control: TimeControl,
        order: Vec<usize>,
        started_at: u64,
        events: impl IntoIterator<Item = ClockEvent>,
    ) -> Result<GameClock, Refusal> {
        let mut clock = GameClock::new(control, order, started_at)?;
        for (i, event) in events.into_iter().enumerate() {
            let ok = match event {
                ClockEvent::Move { seat, at } => {
                    let ok = clock.check_move(seat).is_ok();
                    if ok {
                        clock.record_move(seat, at);
                    }
                    ok
                }
                ClockEvent::Out { seat, at } => {
                    clock.eliminate(seat, at);
                    seat < clock.seats()
                }
                ClockEvent::Undo { plies, at } => clock.undo(plies, at),
                ClockEvent::Stop { at } => {
                    clock.stop(at);
                    true
                }
            };
            if !ok {
                return Err(bad_clock(format!(
                    "clock event {i} ({event:?}) does not fit"
                )));
            }
        }
        Ok(clock)
    }

    /// The time control.
    // For records (R11.6) and tests; the rooms do not need it yet.
    #[allow(dead_code)]
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// The seats (table indices) in play order.
    pub fn order(&self) -> &[usize] {
        &self.order
    }

    /// Number of seats.
    pub fn seats(&self) -> usize {
        self.order.len()
    }

    /// Every event so far, oldest first (what [`GameClock::replay`] takes).
    // For records (R11.6) and tests; the rooms do not need it yet.
    #[allow(dead_code)]
    pub fn events(&self) -> &[ClockEvent] {
        &self.events
    }

    /// Every move so far with its `[%clk]` (R11.6), oldest first.
    // For records (R11.6) and tests; the rooms do not need it yet.
    #[allow(dead_code)]
    pub fn plies(&self) -> &[Ply] {
        &self.plies
    }

    /// The seat to move on the clock; `None` once stopped.
    pub fn turn(&self) -> Option<usize> {
        self.turn
    }

    /// Have the clocks started, that is, has every seat still in the game made a first move
    /// (R11.2)?
    pub fn started(&self) -> bool {
        (0..self.seats()).all(|s| self.out[s] || self.plies.iter().any(|p| p.seat == s))
    }

    /// Is the game over on the clock ([`GameClock::stop`])?
    // For records (R11.6) and tests; the rooms do not need it yet.
    #[allow(dead_code)]
    pub fn is_stopped(&self) -> bool {
        self.stopped
    }

    /// Time left to `seat` at `now`, ms (0 for an unknown seat). Before the clocks start,
    /// every seat shows its initial time.
    pub fn remaining(&self, seat: usize, now: u64) -> u64 {
        let Some(&left) = self.remaining.get(seat) else {
            return 0;
        };
        if self.turn == Some(seat) && self.started() {
            left.saturating_sub(now.saturating_sub(self.since))
        } else {
            left
        }
    }

    /// Time left to every seat at `now`, ms, in table order: the state's `clocks`.
    pub fn snapshot(&self, now: u64) -> Vec<u64> {
        (0..self.seats()).map(|s| self.remaining(s, now)).collect()
    }

    /// Before the clocks start: the seat to move and its time left for a first move at `now`
    /// (the page's first-move countdown). `None` once the clocks run or stop.
    // For records (R11.6) and tests; the rooms do not need it yet.
    #[allow(dead_code)]
    pub fn first_move(&self, now: u64) -> Option<(usize, u64)> {
        let seat = self.turn?;
        if self.started() {
            return None;
        }
        let end = self.since.saturating_add(FIRST_MOVE_MS);
        Some((seat, end.saturating_sub(now)))
    }

    /// The instant (server ms) when the seat to move runs out of time, for its clock or for
    /// its first move: the room arms its one timer there. `None` when no time runs.
    pub fn deadline(&self) -> Option<u64> {
        let seat = self.turn?;
        let budget = if self.started() {
            self.remaining[seat]
        } else {
            FIRST_MOVE_MS
        };
        Some(self.since.saturating_add(budget))
    }

    /// Has the seat to move run out of time at `now`? Exactly at the deadline counts as run
    /// out (see the module's boundaries).
    pub fn expired(&self, now: u64) -> Option<Expiry> {
        let seat = self.turn?;
        if now < self.deadline()? {
            None
        } else if self.started() {
            Some(Expiry::Flag(seat))
        } else {
            Some(Expiry::NoFirstMove(seat))
        }
    }

    fn check_move(&self, seat: usize) -> Result<(), ClockError> {
        if self.stopped {
            Err(ClockError::Stopped)
        } else if self.turn != Some(seat) {
            Err(ClockError::NotTurn)
        } else {
            Ok(())
        }
    }

    /// `seat` moves at `now`: its clock stops, the increment is added (once the clocks run)
    /// and the next seat's time starts. Returns the move's record (its `[%clk]`). Refused,
    /// with nothing changed, when it is not `seat`'s turn or its time ran out by `now`
    /// ([`ClockError::Expired`]: the flag stands, R11.5; the room then acts on the expiry).
    pub fn on_move(&mut self, seat: usize, now: u64) -> Result<Ply, ClockError> {
        self.check_on_move(seat, now)?;
        Ok(self.record_move(seat, now))
    }

    /// Would [`GameClock::on_move`] refuse `seat`'s move at `now`, and why? Changes nothing:
    /// the room asks before the engine checks the move, and records it only once the engine
    /// accepted it.
    pub fn check_on_move(&self, seat: usize, now: u64) -> Result<(), ClockError> {
        self.check_move(seat)?;
        match self.expired(now) {
            Some(e) => Err(ClockError::Expired(e)),
            None => Ok(()),
        }
    }

    /// Applies a move already checked for turn (not for time: see [`GameClock::replay`]).
    fn record_move(&mut self, seat: usize, at: u64) -> Ply {
        if self.started() {
            let left = self.remaining[seat].saturating_sub(at.saturating_sub(self.since));
            self.remaining[seat] = left.saturating_add(self.control.increment_ms);
        }
        let ply = Ply {
            seat,
            at,
            remaining_ms: self.remaining[seat],
        };
        self.plies.push(ply);
        self.events.push(ClockEvent::Move { seat, at });
        self.turn = self.next_after(seat);
        self.since = at;
        ply
    }

    /// The next seat in play order after `seat` that is still in, `seat` itself if it is
    /// the only one, `None` if nobody is.
    fn next_after(&self, seat: usize) -> Option<usize> {
        let n = self.seats();
        let at = self.order.iter().position(|&s| s == seat)?;
        (1..=n)
            .map(|k| self.order[(at + k) % n])
            .find(|&s| !self.out[s])
    }

    /// `seat` is out of the game at `now` (resigned, mated, timed out; four players): its
    /// clock freezes and it is skipped from now on. If it was to move, the next seat's time
    /// starts at `now`. Repeats and unknown seats change nothing.
    pub fn eliminate(&mut self, seat: usize, now: u64) {
        if seat >= self.seats() || self.out[seat] || self.stopped {
            return;
        }
        self.remaining[seat] = self.remaining(seat, now);
        self.out[seat] = true;
        self.events.push(ClockEvent::Out { seat, at: now });
        if self.turn == Some(seat) {
            self.turn = self.next_after(seat);
            self.since = now;
        }
    }

    /// Takes back the last `plies` moves at `now` (R12.2): every clock returns to its value
    /// after the last move that stays, and the seat to move then starts its turn afresh at
    /// `now` (with a first-move countdown again if the takeback reaches back before the
    /// clocks started). Returns `false`, changing nothing, when there are not that many
    /// moves, `plies` is 0 or the clock is stopped.
    pub fn undo(&mut self, plies: usize, now: u64) -> bool {
        if plies == 0 || plies > self.plies.len() || self.stopped {
            return false;
        }
        self.plies.truncate(self.plies.len() - plies);
        for seat in 0..self.seats() {
            // A seat that is out keeps its frozen time; a takeback does not bring it back.
            if !self.out[seat] {
                self.remaining[seat] = self
                    .plies
                    .iter()
                    .rev()
                    .find(|p| p.seat == seat)
                    .map_or(self.control.initial_ms, |p| p.remaining_ms);
            }
        }
        self.turn = match self.plies.last() {
            Some(p) => self.next_after(p.seat),
            None => self.order.iter().copied().find(|&s| !self.out[s]),
        };
        self.since = now;
        self.events.push(ClockEvent::Undo { plies, at: now });
        true
    }

    /// The game ended at `now`: every clock freezes (the seat to move is charged its time
    /// up to `now`, down to 0 at most). Later calls to stop change nothing.
    pub fn stop(&mut self, now: u64) {
        if self.stopped {
            return;
        }
        if let Some(seat) = self.turn {
            self.remaining[seat] = self.remaining(seat, now);
        }
        self.turn = None;
        self.stopped = true;
        self.events.push(ClockEvent::Stop { at: now });
    }
}

#[cfg(test)]
mod tests;
