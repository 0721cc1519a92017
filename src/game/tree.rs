//! The move tree of a game record: the main line and its variations, nested, with every
//! move's comments, NAGs and PGN commands (issue 49). The same tree serves PGN and PGN4; the
//! reader and writer are in [`crate::game::movetext`].
//!
//! # Model
//!
//! A [`Tree`] is a root [`Node`] (the start position: it holds no move, only the comment
//! written before the first move, and the commands of that comment) and move nodes below it.
//! A node's `children` are the moves that may follow it: `children[0]` is the main
//! continuation, the others are variations (alternatives to `children[0]`), in the order they
//! were read or added. The main line is the chain of `children[0]` from the root.
//!
//! The tree does not know the rules: a node holds its move as text (SAN for two players,
//! PGN4 move text for four), as read or as given to [`Tree::add`]. The engines replay the
//! tree, refuse what is illegal and may fill [`Node::canonical`] with the move's normalised
//! text, which the writer then prefers.
//!
//! # Paths
//!
//! A path is the list of child indices from the root: `[]` is the root, `[0]` the first move
//! of the main line, `[0, 1]` the first variation of the second move (an alternative to the
//! main line's second move), `[0, 1, 0]` the move after it. Paths are what callers keep;
//! [`NodeId`]s are handles into the tree's storage, stable while nodes are added, annotated or
//! promoted, and invalidated by [`Tree::delete`] (which compacts the storage).
//!
//! # Comments
//!
//! `comment` is the comment after a move; `comment_before` the comment written before it,
//! which PGN can tell apart from the previous move's comment only at the start of a
//! variation (`( {before} 1... c5 )`): the writer writes it wherever it is set, and elsewhere
//! it reads back appended to the preceding comment. Comment text is kept with its whitespace
//! normalised (runs of white space become one space, ends trimmed), so that re-wrapping the
//! move text never changes it; it never holds `}` (which would end a PGN comment) or `[%`
//! (which would start a command).
//!
//! # Bounds
//!
//! [`MAX_NODES`] move nodes, variations nested at most [`MAX_VARIATION_DEPTH`] deep (the
//! number of `(` around a move when written), [`MAX_NAGS`] NAGs on a move,
//! [`MAX_COMMENT_BYTES`] of comment text on a node. Every operation is iterative (no
//! recursion over the tree), so a long game cannot exhaust the stack.

use crate::{error::Error, error::ErrorKind};

/// The most move nodes a tree holds: a 100,000-move four-player game (R5.23's largest move
/// limit) with room for variations: about 75 MB at some 300 bytes a node.
pub const MAX_NODES: usize = 250_000;

/// The deepest nesting of variations (the number of `(` around a move when written).
pub const MAX_VARIATION_DEPTH: usize = 100;

/// The most NAGs on one move.
pub const MAX_NAGS: usize = 32;

/// The longest comment text of a node, in bytes (64 KiB), and the longest single comment
/// the reader accepts.
pub const MAX_COMMENT_BYTES: usize = 65_536;

pub use super::words::MAX_MOVE_BYTES;

/// The largest clock or elapsed-move time, in milliseconds: 99,999 hours (five hour digits,
/// as chessops reads them), 59 minutes, 59.999 seconds.
pub const MAX_CLOCK_MS: u64 = ((99_999 * 60 + 59) * 60 + 59) * 1000 + 999;

/// The largest evaluation in centipawns (99,999.99 pawns) and the largest mate distance or
/// search depth (99,999), as chessops reads them.
pub const MAX_EVAL_CP: i32 = 9_999_999;

/// The largest mate distance or depth of an `%eval` (five digits).
pub const MAX_EVAL_NUMBER: u32 = 99_999;

/// The most arrows, and the most highlighted squares, on a node.
pub const MAX_SHAPES: usize = 256;

/// A handle to a node of one [`Tree`]: an index into its storage. Valid until the next
/// [`Tree::delete`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(u32);

impl NodeId {
    /// The node's index in [`Tree::ids`] order (0 is the root).
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// An `%eval` score.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Score {
    /// Centipawns from White's point of view (PGN: pawns with two decimals, `0.36` is 36).
    Cp(i32),
    /// Mate in this many moves; negative when the side that is not White mates (`#-3`).
    Mate(i32),
}

/// An `[%eval ...]` command: a score and, as lichess writes `[%eval 0.36,20]`, the depth.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Eval {
    /// The score.
    pub score: Score,
    /// The search depth, when given.
    pub depth: Option<u32>,
}

/// An arrow of `[%cal Ge2e4]`: a colour letter and two squares. Squares are strings because
/// the four-player board has squares such as `m6` and `i12`; the tree checks their syntax
/// (a lowercase letter and a number from 1 to 99), the engines whether they exist.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Arrow {
    /// The colour letter, an ASCII capital (`G`, `R`, `Y`, `B` in lichess and ChessBase).
    pub color: char,
    /// The square the arrow starts on.
    pub from: String,
    /// The square it points to.
    pub to: String,
}

/// A highlighted square of `[%csl Gd4]`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Highlight {
    /// The colour letter, an ASCII capital.
    pub color: char,
    /// The square.
    pub square: String,
}

/// A PGN command the tree has no field for (`[%evp 0.1,0.2]`, `[%emt` of another syntax,
/// a `%clk` out of range...), kept as read: written back as `[%name value]`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Command {
    /// The name after `%`.
    pub name: String,
    /// The rest, whitespace normalised; may be empty.
    pub value: String,
}

/// One node: a move (or, at the root, the start) and everything written about it.
#[derive(Debug, Clone, Default)]
pub struct Node {
    /// The move as read or added, suffix annotations (`!?`) removed; `--` for a null move;
    /// empty at the root.
    pub text: String,
    /// The move's normalised text, filled by the engine that checked it; the writer writes it
    /// instead of `text` when set.
    pub canonical: Option<String>,
    /// The `..` placeholders read before this move at the start of a variation (chess.com
    /// PGN4 aligns a variation's first move to its seat with them); 0 elsewhere. Kept for the
    /// engine that places the variation; the writer derives what it writes from the seat.
    pub placeholders: u8,
    /// The comment after the move (the game comment before the first move, at the root).
    pub comment: Option<String>,
    /// The comment before the move (see the module docs).
    pub comment_before: Option<String>,
    /// Numeric annotation glyphs, first seen first, no duplicates (`?!` is 6).
    pub nags: Vec<u8>,
    /// `%clk`: the mover's clock after the move, in milliseconds.
    pub clock: Option<u64>,
    /// `%emt`: the time the move took, in milliseconds.
    pub emt: Option<u64>,
    /// `%eval`.
    pub eval: Option<Eval>,
    /// `%cal` arrows.
    pub arrows: Vec<Arrow>,
    /// `%csl` squares.
    pub highlights: Vec<Highlight>,
    /// Every other command, in the order read.
    pub commands: Vec<Command>,
    /// Whose move this is, as the writer numbers it: set by the game that checked the move.
    pub(crate) turn: NodeTurn,
    /// A result declared in the position after this move (a resignation, a draw by
    /// agreement or claim): set by the game, which restores it when its line comes back.
    pub(crate) declared: Option<(Option<crate::player::Player>, crate::result::ResultReason)>,
    parent: Option<NodeId>,
    children: Vec<NodeId>,
}

impl Node {
    /// The moves that may follow this one: `[0]` is the main continuation.
    pub fn children(&self) -> &[NodeId] {
        &self.children
    }

    /// The node this move follows (`None` at the root).
    pub fn parent(&self) -> Option<NodeId> {
        self.parent
    }

    /// Whether this is a null move (`--`; read also from `Z0`, `0000`, `@@@@`).
    pub fn is_null(&self) -> bool {
        self.text == "--"
    }

    /// The text the writer writes: [`Node::canonical`] if set, else [`Node::text`].
    pub fn move_text(&self) -> &str {
        self.canonical.as_deref().unwrap_or(&self.text)
    }

    /// Whether the node carries anything besides its move (a comment, NAG or command).
    pub fn is_annotated(&self) -> bool {
        self.comment.is_some()
            || self.comment_before.is_some()
            || !self.nags.is_empty()
            || self.clock.is_some()
            || self.emt.is_some()
            || self.eval.is_some()
            || !self.arrows.is_empty()
            || !self.highlights.is_empty()
            || !self.commands.is_empty()
    }

    /// Everything but the links to other nodes is equal.
    fn same_data(&self, o: &Node) -> bool {
        self.text == o.text
            && self.canonical == o.canonical
            && self.placeholders == o.placeholders
            && self.comment == o.comment
            && self.comment_before == o.comment_before
            && self.nags == o.nags
            && self.clock == o.clock
            && self.emt == o.emt
            && self.eval == o.eval
            && self.arrows == o.arrows
            && self.highlights == o.highlights
            && self.commands == o.commands
    }

    pub(crate) fn with_text(text: String) -> Node {
        Node {
            text,
            ..Node::default()
        }
    }
}

/// Whose move a node is: the move number (PGN's full move, PGN4's round), the mover's place
/// in it, and (four players) the play-order rank of the last mover of the round, from which
/// the next node's number follows.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct NodeTurn {
    pub number: u32,
    pub seat: u8,
    pub last: Option<u8>,
}

/// Changes for [`Tree::annotate`]: for each field, `None` leaves it as it is; `Some(None)`
/// (or `Some(vec![])` for the lists) removes it, which is what JS `null` maps to; `Some(v)`
/// replaces it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Annotation {
    /// The comment after the move (the game comment at the root).
    pub comment: Option<Option<String>>,
    /// The comment before the move (not at the root).
    pub comment_before: Option<Option<String>>,
    /// The NAGs (not at the root), at most [`MAX_NAGS`]; duplicates are dropped.
    pub nags: Option<Vec<u8>>,
    /// `%clk`, in milliseconds, at most [`MAX_CLOCK_MS`].
    pub clock: Option<Option<u64>>,
    /// `%emt`, in milliseconds, at most [`MAX_CLOCK_MS`].
    pub emt: Option<Option<u64>>,
    /// `%eval`, within [`MAX_EVAL_CP`] and [`MAX_EVAL_NUMBER`].
    pub eval: Option<Option<Eval>>,
    /// `%cal` arrows, at most [`MAX_SHAPES`].
    pub arrows: Option<Vec<Arrow>>,
    /// `%csl` squares, at most [`MAX_SHAPES`].
    pub highlights: Option<Vec<Highlight>>,
}

/// A game's move tree (see the module docs).
#[derive(Debug, Clone)]
pub struct Tree {
    /// Every node; `nodes[0]` is the root, and every node comes after its parent.
    nodes: Vec<Node>,
    /// The main line's last node, kept up to date by every change of structure: the export
    /// asks for it, and walking the main line for it costs a memory miss a move on a tree
    /// that is not in the cache (docs/BENCHMARKS.md, "PGN import and export").
    mainline_end: NodeId,
}

impl Default for Tree {
    fn default() -> Tree {
        Tree::new()
    }
}

impl PartialEq for Tree {
    /// The same moves in the same places with the same annotations, however the nodes are
    /// stored.
    fn eq(&self, other: &Tree) -> bool {
        let mut stack = vec![(Tree::ROOT, Tree::ROOT)];
        while let Some((a, b)) = stack.pop() {
            let (x, y) = (self.node(a), other.node(b));
            if !x.same_data(y) || x.children.len() != y.children.len() {
                return false;
            }
            stack.extend(x.children.iter().copied().zip(y.children.iter().copied()));
        }
        true
    }
}

impl Eq for Tree {}

/// `invalid-argument` with a formatted message.
fn bad(message: std::fmt::Arguments<'_>) -> Error {
    Error::formatted(ErrorKind::InvalidArgument, message)
}

// Messages write paths and values as `{:?}` would, by hand: the derived `Debug` of structs,
// enums and lists would bring the formatter's builders into the wasm (docs/BENCHMARKS.md,
// "Package size").

/// A path as `{:?}` writes it: `[0, 2]`.
pub(crate) fn path_text(path: &[usize]) -> String {
    let mut s = String::from("[");
    for (i, n) in path.iter().enumerate() {
        if i > 0 {
            s.push_str(", ");
        }
        s.push_str(&n.to_string());
    }
    s.push(']');
    s
}

/// An `%eval` as `{:?}` writes it: `Eval { score: Cp(36), depth: Some(20) }`.
fn eval_text(e: &Eval) -> String {
    let (name, n) = match e.score {
        Score::Cp(n) => ("Cp", n),
        Score::Mate(n) => ("Mate", n),
    };
    let depth = match e.depth {
        Some(d) => format!("Some({d})"),
        None => "None".to_string(),
    };
    format!("Eval {{ score: {name}({n}), depth: {depth} }}")
}

impl Tree {
    /// The root's handle.
    pub const ROOT: NodeId = NodeId(0);

    /// A tree with no moves.
    pub fn new() -> Tree {
        Tree {
            nodes: vec![Node::default()],
            mainline_end: Tree::ROOT,
        }
    }

    /// A tree with no moves and room for `moves` of them: an import knows how many it will
    /// add, and growing the node list one doubling at a time copies it each time.
    pub fn with_capacity(moves: usize) -> Tree {
        let mut nodes = Vec::with_capacity(moves + 1);
        nodes.push(Node::default());
        Tree {
            nodes,
            mainline_end: Tree::ROOT,
        }
    }

    /// The root: the start position, with the comment before the first move.
    pub fn root(&self) -> &Node {
        &self.nodes[0]
    }

    /// The node of `id`. Panics on a handle of another tree or one invalidated by
    /// [`Tree::delete`]; use [`Tree::get`] for handles of unknown origin.
    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id.index()]
    }

    /// The node of `id`, if this tree has it.
    pub fn get(&self, id: NodeId) -> Option<&Node> {
        self.nodes.get(id.index())
    }

    /// The node of `id`, to change its move text or annotations (the links to other nodes
    /// are not reachable from it). See [`Tree::node`] for invalid handles.
    pub fn node_mut(&mut self, id: NodeId) -> &mut Node {
        &mut self.nodes[id.index()]
    }

    /// The number of moves in the tree (the root not counted).
    pub fn len(&self) -> usize {
        self.nodes.len() - 1
    }

    /// Whether the tree holds no move.
    pub fn is_empty(&self) -> bool {
        self.nodes.len() == 1
    }

    /// Every node, the root first, each after its parent: the order in which an engine can
    /// replay the whole tree, computing each node's position from its parent's.
    pub fn ids(&self) -> impl Iterator<Item = NodeId> + '_ {
        (0..self.nodes.len() as u32).map(NodeId)
    }

    /// The node at `path`, if there is one.
    pub fn id_at(&self, path: &[usize]) -> Option<NodeId> {
        let mut id = Tree::ROOT;
        for &i in path {
            id = *self.node(id).children.get(i)?;
        }
        Some(id)
    }

    /// The node at `path`, if there is one.
    pub fn at(&self, path: &[usize]) -> Option<&Node> {
        self.id_at(path).map(|id| self.node(id))
    }

    /// The node at `path`, to change its move text or annotations.
    pub fn at_mut(&mut self, path: &[usize]) -> Option<&mut Node> {
        self.id_at(path).map(|id| self.node_mut(id))
    }

    /// The path of `id`.
    pub fn path_of(&self, id: NodeId) -> Vec<usize> {
        let mut path = Vec::new();
        let mut at = id;
        while let Some(parent) = self.node(at).parent {
            let i = self.node(parent).children.iter().position(|&c| c == at);
            path.push(i.unwrap_or(0));
            at = parent;
        }
        path.reverse();
        path
    }

    /// The number of moves from the root to `id` (0 at the root, 1 for a first move).
    pub fn ply_of(&self, id: NodeId) -> usize {
        let mut n = 0;
        let mut at = id;
        while let Some(parent) = self.node(at).parent {
            n += 1;
            at = parent;
        }
        n
    }

    /// How deep in variations `id` is: the number of `(` around it when written, which is the
    /// number of nodes on its way from the root that are not their parent's `children[0]`.
    pub fn variation_depth(&self, id: NodeId) -> usize {
        let mut n = 0;
        let mut at = id;
        while let Some(parent) = self.node(at).parent {
            n += usize::from(self.node(parent).children.first() != Some(&at));
            at = parent;
        }
        n
    }

    /// The main line: the moves of the chain of `children[0]` from the root.
    pub fn mainline(&self) -> impl Iterator<Item = NodeId> + '_ {
        let mut at = Tree::ROOT;
        std::iter::from_fn(move || {
            at = *self.node(at).children.first()?;
            Some(at)
        })
    }

    /// The main line's last node ([`Tree::ROOT`] when there is no move).
    pub fn mainline_end(&self) -> NodeId {
        debug_assert_eq!(
            self.mainline_end,
            self.end_from(Tree::ROOT),
            "a change of structure left the main line's end behind"
        );
        self.mainline_end
    }

    /// The last node of the chain of first children from `id`.
    fn end_from(&self, id: NodeId) -> NodeId {
        let mut at = id;
        while let Some(&c) = self.node(at).children.first() {
            at = c;
        }
        at
    }

    /// The path of the main line's last move (`[]` when there is none): `[0, 0, ..., 0]`.
    pub fn mainline_path(&self) -> Vec<usize> {
        vec![0; self.mainline().count()]
    }

    /// Adds `node` as the last child of `parent`, without checks: the reader's way in.
    pub(crate) fn push(&mut self, parent: NodeId, mut node: Node) -> Result<NodeId, Error> {
        if self.nodes.len() > MAX_NODES {
            return Err(Error::formatted(
                ErrorKind::InvalidPgn,
                format_args!("the move text holds more than {MAX_NODES} moves"),
            ));
        }
        let id = NodeId(self.nodes.len() as u32);
        node.parent = Some(parent);
        node.children = Vec::new();
        self.nodes.push(node);
        self.nodes[parent.index()].children.push(id);
        // The end had no child: the new one continues the main line.
        if parent == self.mainline_end {
            self.mainline_end = id;
        }
        Ok(id)
    }

    /// Adds the move `text` after the node at `path` and returns the new move's path. When a
    /// child of that node already has this text (or canonical text), that child's path is
    /// returned and nothing changes. A new child becomes the main continuation when the node
    /// had none, else its last variation.
    ///
    /// `text` must read back as one move: no white space, none of `{ } ( ) ; $`, no `!`/`?`
    /// suffix, not a move number, result or `..`, at most [`MAX_MOVE_BYTES`] bytes; `--` is
    /// a null move. Errors (`invalid-argument`, the tree unchanged): no node at `path`, such a
    /// text, a tree of [`MAX_NODES`] moves, or a variation nested deeper than
    /// [`MAX_VARIATION_DEPTH`].
    pub fn add(&mut self, path: &[usize], text: &str) -> Result<Vec<usize>, Error> {
        let parent = self.id_at(path).ok_or_else(|| no_node(path))?;
        let id = self.add_at(parent, text)?;
        let mut out = path.to_vec();
        out.push(
            self.node(parent)
                .children
                .iter()
                .position(|&c| c == id)
                .unwrap_or(0),
        );
        Ok(out)
    }

    /// [`Tree::add`] after the node `parent`; returns the (new or existing) child.
    pub fn add_at(&mut self, parent: NodeId, text: &str) -> Result<NodeId, Error> {
        if self.get(parent).is_none() {
            return Err(bad(format_args!("no node {}", parent.0)));
        }
        if let Some(&c) = self.node(parent).children.iter().find(|&&c| {
            let n = self.node(c);
            n.text == text || n.canonical.as_deref() == Some(text)
        }) {
            return Ok(c);
        }
        super::words::check_move_text(text)?;
        let p = self.node(parent);
        if !p.children.is_empty() && self.variation_depth(parent) + 1 > MAX_VARIATION_DEPTH {
            return Err(bad(format_args!(
                "a variation there would be nested {} deep; the most is {MAX_VARIATION_DEPTH}",
                MAX_VARIATION_DEPTH + 1
            )));
        }
        if self.len() >= MAX_NODES {
            return Err(bad(format_args!(
                "the tree holds {MAX_NODES} moves, the most it may"
            )));
        }
        self.push(parent, Node::with_text(text.to_string()))
            .map_err(|e| Error::new(ErrorKind::InvalidArgument, e.message))
    }

    /// Makes the move at `path` part of the main line: on the way from the root to it, each
    /// node becomes its parent's `children[0]`, the children it passes keeping their order
    /// after it (python-chess's `promote_to_main` at every level; lichess's "make main
    /// line"). Returns the move's new path, all zeros. Errors (`invalid-argument`, the tree
    /// unchanged): no node at `path` or `path` empty, or a promotion that would push a demoted
    /// line deeper than [`MAX_VARIATION_DEPTH`].
    ///
    /// A `comment_before` stays with its node, though a main-line move's reads back as the
    /// previous comment (see the module docs).
    pub fn promote(&mut self, path: &[usize]) -> Result<Vec<usize>, Error> {
        let target = self.id_at(path).ok_or_else(|| no_node(path))?;
        if path.is_empty() {
            return Err(bad(format_args!(
                "the root cannot be promoted: give a move's path"
            )));
        }
        let saved: Vec<(NodeId, Vec<NodeId>)> = self
            .ancestors(target)
            .map(|(parent, _)| (parent, self.node(parent).children.clone()))
            .collect();
        let steps: Vec<(NodeId, NodeId)> = self.ancestors(target).collect();
        for (parent, child) in steps {
            let children = &mut self.nodes[parent.index()].children;
            if let Some(i) = children.iter().position(|&c| c == child) {
                children[..=i].rotate_right(1);
            }
        }
        if self.max_variation_depth() > MAX_VARIATION_DEPTH {
            for (parent, children) in saved {
                self.nodes[parent.index()].children = children;
            }
            return Err(bad(format_args!(
                "promoting {} would nest a variation deeper than {MAX_VARIATION_DEPTH}",
                path_text(path)
            )));
        }
        self.mainline_end = self.end_from(Tree::ROOT);
        Ok(vec![0; path.len()])
    }

    /// `(parent, child)` for each step from `id` up to the root.
    fn ancestors(&self, id: NodeId) -> impl Iterator<Item = (NodeId, NodeId)> + '_ {
        let mut at = id;
        std::iter::from_fn(move || {
            let parent = self.node(at).parent?;
            let step = (parent, at);
            at = parent;
            Some(step)
        })
    }

    /// The deepest variation nesting in the tree.
    pub fn max_variation_depth(&self) -> usize {
        // Parents come before children in storage, so one forward pass has every parent's
        // depth ready.
        let mut depth = vec![0usize; self.nodes.len()];
        let mut max = 0;
        for (i, n) in self.nodes.iter().enumerate() {
            for (k, c) in n.children.iter().enumerate() {
                let d = depth[i] + usize::from(k > 0);
                depth[c.index()] = d;
                max = max.max(d);
            }
        }
        max
    }

    /// Removes the move at `path` and everything after it (its variations' moves too). The
    /// parent's next child, if any, takes its index: deleting a main continuation makes the
    /// first variation the main continuation. Every [`NodeId`] is invalidated (the storage
    /// is compacted); paths of nodes outside the deleted part stay valid except for the later
    /// siblings of the deleted move, whose last index drops by one. Errors
    /// (`invalid-argument`): no node at `path`, or `path` empty (the root stays).
    pub fn delete(&mut self, path: &[usize]) -> Result<(), Error> {
        let target = self.id_at(path).ok_or_else(|| no_node(path))?;
        let Some(parent) = self.node(target).parent else {
            return Err(bad(format_args!(
                "the root cannot be deleted: give a move's path"
            )));
        };
        // The move just played, taken back (an undo): a leaf stored last goes without
        // compacting, so a play/undo loop stays constant time a move.
        if self.node(target).children.is_empty() && target.index() == self.nodes.len() - 1 {
            self.nodes[parent.index()].children.retain(|&c| c != target);
            self.nodes.pop();
            // A leaf on the main line is its end; the parent's next child, if any, now
            // continues the main line.
            if target == self.mainline_end {
                self.mainline_end = self.end_from(parent);
            }
            return Ok(());
        }
        // Parents come before children, so a node is gone exactly when its parent is (or it
        // is the target), decided in one forward pass.
        let mut gone = vec![false; self.nodes.len()];
        gone[target.index()] = true;
        for i in target.index() + 1..self.nodes.len() {
            if let Some(p) = self.nodes[i].parent {
                gone[i] = gone[p.index()];
            }
        }
        self.nodes[parent.index()].children.retain(|&c| c != target);
        let mut new_index = vec![u32::MAX; self.nodes.len()];
        let mut next = 0u32;
        for (i, g) in gone.iter().enumerate() {
            if !g {
                new_index[i] = next;
                next += 1;
            }
        }
        let old = std::mem::take(&mut self.nodes);
        self.nodes = old
            .into_iter()
            .zip(gone)
            .filter(|(_, g)| !g)
            .map(|(mut n, _)| {
                n.parent = n.parent.map(|p| NodeId(new_index[p.index()]));
                for c in &mut n.children {
                    *c = NodeId(new_index[c.index()]);
                }
                n
            })
            .collect();
        self.mainline_end = self.end_from(Tree::ROOT);
        Ok(())
    }

    /// Changes the annotations of the node at `path` (see [`Annotation`] for what each field
    /// means). Comments have their white space normalised, and an empty one is removed.
    /// Errors (`invalid-argument`, the tree unchanged): no node at `path`; a comment with `}`
    /// or `[%` (PGN could not hold it: use the typed fields), longer than
    /// [`MAX_COMMENT_BYTES`]; NAGs or a comment before the move at the root; more than
    /// [`MAX_NAGS`] NAGs; a clock, eval or shape out of range or badly formed.
    pub fn annotate(&mut self, path: &[usize], a: &Annotation) -> Result<(), Error> {
        let id = self.id_at(path).ok_or_else(|| no_node(path))?;
        let root = id == Tree::ROOT;
        let comment = checked_comment(&a.comment, "comment")?;
        let before = checked_comment(&a.comment_before, "commentBefore")?;
        if root && matches!(a.comment_before, Some(Some(_))) {
            return Err(bad(format_args!(
                "the root has no comment before it: its comment is the one before the first move"
            )));
        }
        let nags = match &a.nags {
            Some(v) if root && !v.is_empty() => {
                return Err(bad(format_args!("the root has no move to give NAGs to")));
            }
            Some(v) => {
                let mut out: Vec<u8> = Vec::with_capacity(v.len());
                for &n in v {
                    if !out.contains(&n) {
                        out.push(n);
                    }
                }
                if out.len() > MAX_NAGS {
                    return Err(bad(format_args!(
                        "at most {MAX_NAGS} NAGs on a move, got {}",
                        out.len()
                    )));
                }
                Some(out)
            }
            None => None,
        };
        for (name, v) in [("clock", a.clock), ("emt", a.emt)] {
            if let Some(Some(ms)) = v
                && ms > MAX_CLOCK_MS
            {
                return Err(bad(format_args!(
                    "{name} must be at most {MAX_CLOCK_MS} ms (99999:59:59.999), got {ms}"
                )));
            }
        }
        if let Some(Some(e)) = a.eval
            && !eval_in_range(&e)
        {
            return Err(bad(format_args!(
                "eval out of range: centipawns within ±{MAX_EVAL_CP}, mate and depth within \
                 {MAX_EVAL_NUMBER}, got {}",
                eval_text(&e)
            )));
        }
        if let Some(arrows) = &a.arrows {
            check_shapes(arrows.len(), "arrows")?;
            for x in arrows {
                if !is_color(x.color) || !is_square(&x.from) || !is_square(&x.to) {
                    return Err(bad(format_args!(
                        "an arrow is a capital colour letter and two squares (letter a-z, \
                         number 1-99), got Arrow {{ color: {:?}, from: {:?}, to: {:?} }}",
                        x.color, x.from, x.to
                    )));
                }
            }
        }
        if let Some(highlights) = &a.highlights {
            check_shapes(highlights.len(), "highlights")?;
            for x in highlights {
                if !is_color(x.color) || !is_square(&x.square) {
                    return Err(bad(format_args!(
                        "a highlight is a capital colour letter and a square (letter a-z, \
                         number 1-99), got Highlight {{ color: {:?}, square: {:?} }}",
                        x.color, x.square
                    )));
                }
            }
        }
        let n = self.node_mut(id);
        if let Some(c) = comment {
            n.comment = c;
        }
        if let Some(c) = before {
            n.comment_before = c;
        }
        if let Some(v) = nags {
            n.nags = v;
        }
        if let Some(v) = a.clock {
            n.clock = v;
        }
        if let Some(v) = a.emt {
            n.emt = v;
        }
        if let Some(v) = a.eval {
            n.eval = v;
        }
        if let Some(v) = &a.arrows {
            n.arrows.clone_from(v);
        }
        if let Some(v) = &a.highlights {
            n.highlights.clone_from(v);
        }
        Ok(())
    }
}

fn no_node(path: &[usize]) -> Error {
    bad(format_args!("no move at path {}", path_text(path)))
}

fn check_shapes(n: usize, name: &str) -> Result<(), Error> {
    if n > MAX_SHAPES {
        return Err(bad(format_args!(
            "at most {MAX_SHAPES} {name} on a move, got {n}"
        )));
    }
    Ok(())
}

/// A comment change of [`Annotation`], checked and normalised.
fn checked_comment(
    c: &Option<Option<String>>,
    name: &str,
) -> Result<Option<Option<String>>, Error> {
    let Some(c) = c else { return Ok(None) };
    let Some(text) = c else {
        return Ok(Some(None));
    };
    if text.contains('}') || has_command_mark(text) {
        return Err(bad(format_args!(
            "{name} cannot hold \"}}\" or \"[%\" (a PGN comment could not hold them; commands \
             have their own fields)"
        )));
    }
    if text.len() > MAX_COMMENT_BYTES {
        return Err(bad(format_args!(
            "{name} is {} bytes long; the most is {MAX_COMMENT_BYTES}",
            text.len()
        )));
    }
    let mut out = String::with_capacity(text.len());
    push_words(&mut out, text);
    Ok(Some((!out.is_empty()).then_some(out)))
}

/// Whether `text` holds `[%`, the start of a PGN command. Compared as bytes: a `&str`
/// pattern would bring the standard library's two-way string searcher (about 2 KB of wasm)
/// into the package for this one two-byte needle.
pub(crate) fn has_command_mark(text: &str) -> bool {
    crate::text::contains(text, "[%")
}

/// Appends the words of `text` to `out`, one space between words (and before the first when
/// `out` is not empty).
pub(crate) fn push_words(out: &mut String, text: &str) {
    for w in text.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(w);
    }
}

/// Whether `e` is within what the reader accepts.
pub(crate) fn eval_in_range(e: &Eval) -> bool {
    let score_ok = match e.score {
        Score::Cp(cp) => cp.unsigned_abs() <= MAX_EVAL_CP as u32,
        Score::Mate(m) => m.unsigned_abs() <= MAX_EVAL_NUMBER,
    };
    score_ok && e.depth.is_none_or(|d| d <= MAX_EVAL_NUMBER)
}

/// A colour letter of `%cal`/`%csl`.
pub(crate) fn is_color(c: char) -> bool {
    c.is_ascii_uppercase()
}

/// The syntax of a square of either board: a lowercase letter and a number from 1 to 99
/// without a leading zero.
pub(crate) fn is_square(s: &str) -> bool {
    square_len(s.as_bytes()) == Some(s.len())
}

/// The length of the square at the start of `b`, if one is there.
pub(crate) fn square_len(b: &[u8]) -> Option<usize> {
    match b {
        [f, d1, d2, ..]
            if f.is_ascii_lowercase() && (b'1'..=b'9').contains(d1) && d2.is_ascii_digit() =>
        {
            Some(3)
        }
        [f, d1, ..] if f.is_ascii_lowercase() && (b'1'..=b'9').contains(d1) => Some(2),
        _ => None,
    }
}

#[cfg(test)]
mod tests;
