//! The [`SearchPosition`] trait: what the shared search needs from a game.

/// What the search needs from a game: both the two-player [`crate::two::Position`] and the
/// four-player [`crate::four::Position`] implement it.
///
/// Positions are copy-make: [`SearchPosition::play`] changes `self`, and the search keeps the
/// parent as a clone.
pub trait SearchPosition: Clone {
    /// A move of this game.
    type Move: Copy + PartialEq;
    /// Size of the history table, indexed by [`SearchPosition::history_index`].
    const HISTORY_SIZE: usize;

    /// The fixed-capacity list [`SearchPosition::gen_moves`] fills. The search keeps one and
    /// reuses it at every node: creating such a list writes its whole capacity, and creating
    /// one per node (and, where the generator was not inlined, copying it out) cost a tenth
    /// of a two-player search (docs/BENCHMARKS.md, "The move list, created once").
    type Moves: Default + std::ops::Deref<Target = [Self::Move]>;

    /// Replaces the contents of `list` with the legal moves of the side to move.
    fn gen_moves(&self, list: &mut Self::Moves);

    /// Replaces the contents of `list` with the legal moves quiescence search may try out of
    /// check: every capture, promotion and move that [`SearchPosition::wins_at_once`] or
    /// [`SearchPosition::is_critical`] can accept, in [`SearchPosition::gen_moves`]'s order,
    /// perhaps with a few more. `false` where a game has nothing cheaper than all its legal
    /// moves: quiescence then generates those. The default: `false`.
    fn gen_tactical(&self, _list: &mut Self::Moves) -> bool {
        false
    }

    /// The legal moves of the side to move in a new vector (for the root, once per search).
    fn legal_move_vec(&self) -> Vec<Self::Move> {
        let mut list = Self::Moves::default();
        self.gen_moves(&mut list);
        list.to_vec()
    }
    /// Plays a legal move.
    fn play(&mut self, m: Self::Move);
    /// Whether playing `m` (legal here) checks the opponent. The default plays it on a copy;
    /// games with a cheaper test override it.
    fn gives_check(&self, m: Self::Move) -> bool {
        let mut child = self.clone();
        child.play(m);
        child.in_check()
    }
    /// Zobrist hash (must include the side to move and everything that decides the result).
    fn hash(&self) -> u64;
    /// Index of the side (seat) to move.
    fn mover(&self) -> usize;
    /// `true` when the side to move is in check.
    fn in_check(&self) -> bool;
    /// A non-zero code unique among this position's moves (for the transposition table).
    fn move_key(m: Self::Move) -> u32;
    /// Index into the history table for the side to move playing `m`.
    fn history_index(&self, m: Self::Move) -> usize;
    /// MVV-LVA order value for captures and promotions, `None` for quiet moves.
    fn tactical_score(&self, m: Self::Move) -> Option<i32>;
    /// Quiet moves that quiescence search must still try because they can end the game at
    /// once (checks in Three-check, stepping onto the hill, reaching the last rank).
    fn is_critical(&self, m: Self::Move) -> bool;
    /// How many plies deep quiescence search still tries [`SearchPosition::is_critical`]
    /// moves; deeper, only moves that end the game at once.
    fn critical_plies(&self) -> u32 {
        2
    }
    /// The search's futility margins in percent of chess's: a game whose evaluation swings
    /// further in one move needs wider ones.
    fn margin_percent(&self) -> i32 {
        100
    }
    /// Static evaluation in centipawns from `pov`'s point of view.
    fn evaluate(&self, pov: usize) -> i32;
    /// The result when the game is over with the side to move to play: `Some(score)` from the
    /// side to move's view (`-MATE` lost, `0` drawn, `MATE` won; the caller adds distance),
    /// `has_moves` telling whether the side to move has a legal move.
    fn game_over(&self, has_moves: bool) -> Option<i32>;
    /// The part of [`SearchPosition::game_over`] that needs no move generation: `Some` when
    /// the game is over here whatever the legal moves are (a variant's goal reached, a draw
    /// that no mate can pre-empt). The search asks it before generating moves, so that nodes
    /// cut off by the table, a stand-pat or a pruning test never generate them. The default:
    /// never.
    fn decided(&self) -> Option<i32> {
        None
    }
    /// The position after the side to move passes, when passing is a sound pruning test here
    /// (not in check, enough material that zugzwang is unlikely); `None` otherwise.
    fn null_move(&self) -> Option<Self>;
    /// Half-moves since the last irreversible move, bounding the repetition scan.
    fn reversible_plies(&self) -> u32;
    /// Whether playing `m` ends the game in the mover's favour at once (third check, king on
    /// the hill). Quiescence always tries these, however deep. The default: never.
    fn wins_at_once(&self, _m: Self::Move) -> bool {
        false
    }
    /// Whether the exchange that `m` starts on its target square wins at least `threshold`
    /// centipawns for the mover (static exchange evaluation). Games without one keep the
    /// default, which prunes nothing.
    fn see_ge(&self, _m: Self::Move, _threshold: i32) -> bool {
        true
    }
}
