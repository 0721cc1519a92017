//! The game record as a tree, and the current line in it (issue 49): what ties a [`Game`]'s
//! [`Tree`] to its engine.
//!
//! A [`Game`] keeps its moves as a [`Tree`] (the main line and its variations, with their
//! annotations) and a current node, the end of the *current line*. The engine holds the
//! positions of the current line and nothing else: `status`, `legalMoves`, `fen`, `history`,
//! `aiMove` and `play` answer at the current node, exactly as a game without variations does.
//!
//! - A move played ([`Game::play_text`], [`Game::play_squares`], and four-player
//!   resignations, time-outs and zombie moves) goes to the current node's child with the same
//!   move if there is one, else becomes a new child: the main continuation when the node has
//!   none, else its last variation. The main line stays as it was.
//! - [`Game::undo`] takes back the last move of the current line: the move is deleted from
//!   the tree with everything that follows it, and the line ends at the move before (the
//!   meaning it has in a game without variations, and chess.js's). To step back keeping the
//!   moves, [`Game::go_to`] the parent's path.
//! - [`Game::go_to`] makes any node the end of the current line; the engine replays the line
//!   from the start.
//!
//! Imports read the move text with the one reader ([`super::movetext::read`]) and replay
//! every line of the tree through the engine: a move inside a variation is checked like a
//! main-line move, and an illegal one is an `invalid-pgn` error that names the variation
//! (numbered in the order of the text, from 1) and the move. A null move (`--`) is refused
//! with an `invalid-pgn` error: tablero's engines replay legal moves only. Moves are kept in
//! the engine's own notation (SAN; chess.com's PGN4 move text), so that export → import
//! gives back the same tree.

use std::collections::VecDeque;

use super::movetext::{self, Dialect, Turn, WriteOptions};
use super::tree::{Node, NodeId, NodeTurn, Tree};
use super::{Game, Inner};
use crate::error::{Error, ErrorKind};

/// What one move text of a replayed record did to the engine.
pub(super) enum Replayed {
    /// It was played: the engine's history grew (by one entry).
    Played,
    /// A marker that is no move (chess.com's stalemate `S`): nothing changed.
    #[cfg_attr(not(feature = "four"), allow(dead_code))]
    Marker,
    /// The record goes on past what these rules allow (a four-player record that chess.com
    /// played on): the import stops before this move.
    #[cfg(feature = "four")]
    Stopped(crate::four::Stop),
}

/// Tags of an imported file that the game writes back as read while they still hold.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct Source {
    /// Two players: the file's `Variant` tag (lichess writes `"Standard"` for chess).
    pub variant_tag: Option<String>,
    /// Four players: chess.com's `StartFen4 "4PC"` for the standard start.
    pub start_tag: Option<String>,
    /// Four players: the file's `RuleVariants` (chess.com writes settings such as
    /// `Anonymous` and `DeadKingWalking` there too).
    pub rule_variants_tag: Option<String>,
    /// Four players: the file's own `Result` and `Termination`, kept while the game is
    /// unchanged (chess.com writes names and points there).
    pub outcome: Option<Vec<(String, String)>>,
}

/// A tag's value to keep as read: one on one line (a value with a line break in it, which a
/// tag line cannot hold, is written the game's own way instead).
pub(super) fn one_line(value: Option<&str>) -> Option<String> {
    value
        .filter(|v| !v.contains(['\n', '\r']))
        .map(str::to_string)
}

impl Source {
    /// The tags as a save keeps them ([`super::SavedGame::source_tags`]): `Variant`,
    /// `StartFen4`, then the kept `Result` and `Termination`, each as the file spelt it.
    pub(super) fn tags(&self) -> Vec<(String, String)> {
        let mut out = Vec::new();
        if let Some(v) = &self.variant_tag {
            out.push(("Variant".to_string(), v.clone()));
        }
        if let Some(v) = &self.start_tag {
            out.push(("StartFen4".to_string(), v.clone()));
        }
        if let Some(v) = &self.rule_variants_tag {
            out.push(("RuleVariants".to_string(), v.clone()));
        }
        out.extend(self.outcome.iter().flatten().cloned());
        out
    }

    /// The tags of a save back into a `Source` for `engine`, each checked against the game
    /// it is written for ([`super::Engine::fits_source_tag`]), each at most once, values on
    /// one line. Errors: `invalid-argument` naming the tag.
    pub(super) fn from_tags(
        tags: &[(String, String)],
        engine: &dyn super::Engine,
    ) -> Result<Source, Error> {
        let mut source = Source::default();
        for (name, value) in tags {
            let slot = match name.as_str() {
                "Variant" => Some(&mut source.variant_tag),
                "StartFen4" => Some(&mut source.start_tag),
                "RuleVariants" => Some(&mut source.rule_variants_tag),
                _ => None,
            };
            let fits = !value.contains(['\n', '\r'])
                && engine.fits_source_tag(name, value)
                && match slot {
                    Some(slot) => slot.replace(value.clone()).is_none(),
                    None => {
                        let outcome = source.outcome.get_or_insert_with(Vec::new);
                        let fresh = outcome.iter().all(|(k, _)| k != name);
                        outcome.push((name.clone(), value.clone()));
                        fresh
                    }
                };
            if !fits {
                return Err(Error::formatted(
                    ErrorKind::InvalidArgument,
                    format_args!(
                        "corrupt saved game: sourceTags {name:?} {value:?} does not fit this game"
                    ),
                ));
            }
        }
        Ok(source)
    }
}

/// The game's tree from a tree as read: the engine `start` (at the start position) replays
/// every line. Returns the engine at the end of the main line, the tree, and the main line's
/// last node. `settle`: a record's main line ends with the moves of zombies to move there
/// (Four Kingdoms, R6.4), as a game played on would have them; a save's tree is restored
/// as it was saved, and does not settle. Errors: `invalid-pgn` for an illegal move (naming
/// its variation) or a null move.
pub(super) fn import(
    start: Inner,
    read: &Tree,
    settle: bool,
) -> Result<(Inner, Tree, NodeId), Error> {
    // Variations numbered in the order of the text, which is the order the reader stored
    // their first moves in.
    let mut ordinal = vec![0u32; read.len() + 1];
    let mut k = 0;
    for id in read.ids() {
        if let Some(p) = read.node(id).parent()
            && read.node(p).children().first() != Some(&id)
        {
            k += 1;
            ordinal[id.index()] = k;
        }
    }
    let mut tree = Tree::with_capacity(read.len());
    copy_data(tree.node_mut(Tree::ROOT), read.root());
    let pgn4 = cfg!(feature = "four") && start.engine().dialect() == Dialect::Pgn4;
    let mut queue: VecDeque<(Inner, Option<NodeId>, NodeId, u32)> = VecDeque::new();
    let mut main = None;
    let first = read.root().children().first().copied();
    let mut line = Some((start, first, Tree::ROOT, 0u32));
    while let Some((mut engine, mut raw, mut parent, variation)) = line.take() {
        let mut after_move = false;
        while let Some(r) = raw {
            let rn = read.node(r);
            if let Some(p) = rn.parent() {
                let siblings = read.node(p).children();
                if siblings.first() == Some(&r) {
                    for &s in &siblings[1..] {
                        queue.push_back((engine.clone(), Some(s), parent, ordinal[s.index()]));
                    }
                }
            }
            let place = if variation == 0 {
                String::new()
            } else {
                format!(" in variation {variation}")
            };
            if rn.is_null() {
                return Err(Error::formatted(
                    ErrorKind::InvalidPgn,
                    format_args!(
                        "null move \"--\"{place} after {}: tablero replays legal moves only",
                        if parent == Tree::ROOT {
                            "the start".to_string()
                        } else {
                            format!("{:?}", tree.node(parent).text)
                        }
                    ),
                ));
            }
            let before = engine.engine().ply();
            let parent_turn = tree.node(parent).turn;
            let e = engine.engine_mut();
            match e.replay_text(
                &rn.text,
                &mut after_move,
                parent_turn,
                parent == Tree::ROOT,
                &place,
            )? {
                Replayed::Played => {
                    for i in before..e.ply() {
                        let id = push_entry(&mut tree, parent, e, i, pgn4)?;
                        if i == before {
                            copy_data(tree.node_mut(id), rn);
                        }
                        parent = id;
                    }
                }
                Replayed::Marker => {}
                #[cfg(feature = "four")]
                Replayed::Stopped(stop) => {
                    if variation == 0 {
                        let left = line_len(read, r) - 1;
                        e.note_stop(parent_turn, parent == Tree::ROOT, &rn.text, stop, left);
                    }
                    break;
                }
            }
            raw = rn.children().first().copied();
        }
        if variation == 0 {
            let e = engine.engine_mut();
            let before = e.ply();
            if settle {
                e.end_replay();
            }
            for i in before..e.ply() {
                parent = push_entry(&mut tree, parent, e, i, pgn4)?;
            }
            main = Some((engine, parent));
        }
        line = queue.pop_front();
    }
    let (engine, end) = main.ok_or_else(|| Error::internal("an import without a main line"))?;
    Ok((engine, tree, end))
}

/// The number of moves from `id` along `children[0]`, `id` included.
#[cfg(feature = "four")]
fn line_len(t: &Tree, id: NodeId) -> usize {
    let mut n = 1;
    let mut at = id;
    while let Some(&c) = t.node(at).children().first() {
        n += 1;
        at = c;
    }
    n
}

/// Copies everything written about a move (comments, NAGs, commands), not its move text.
fn copy_data(to: &mut Node, from: &Node) {
    to.comment.clone_from(&from.comment);
    to.comment_before.clone_from(&from.comment_before);
    to.nags.clone_from(&from.nags);
    to.clock = from.clock;
    to.emt = from.emt;
    to.eval = from.eval;
    to.arrows.clone_from(&from.arrows);
    to.highlights.clone_from(&from.highlights);
    to.commands.clone_from(&from.commands);
}

/// A new child of `parent` for the engine's history entry `i`, with its text and turn.
fn push_entry(
    tree: &mut Tree,
    parent: NodeId,
    e: &dyn super::Engine,
    i: usize,
    pgn4: bool,
) -> Result<NodeId, Error> {
    let mut node = Node::with_text(e.entry_text(i));
    node.turn = e.entry_turn(i, tree.node(parent).turn, parent == Tree::ROOT);
    // chess.com aligns the first move of a line to its seat with `..` placeholders: what
    // the writer writes and the reader reads back.
    let starts_line = parent == Tree::ROOT || !tree.node(parent).children().is_empty();
    if pgn4 && starts_line {
        node.placeholders = node.turn.seat;
    }
    tree.push(parent, node)
}

/// The writer's turn of a node.
pub(super) fn turn_of(tree: &Tree, id: NodeId) -> Turn {
    let t = tree.node(id).turn;
    Turn {
        number: t.number,
        seat: t.seat,
    }
}

/// The move text of `tree` (see [`movetext::write`]) in `dialect`.
pub(super) fn write(
    tree: &Tree,
    dialect: Dialect,
    opts: &super::PgnOptions,
    result: Option<&str>,
) -> String {
    let mut out = Vec::with_capacity(tree.len() * 16 + 16);
    write_into(&mut out, tree, dialect, opts, result);
    movetext::utf8(out)
}

/// [`write`], appended to `out` (the export's one buffer).
pub(super) fn write_into(
    out: &mut Vec<u8>,
    tree: &Tree,
    dialect: Dialect,
    opts: &super::PgnOptions,
    result: Option<&str>,
) {
    let w = WriteOptions {
        dialect,
        variations: opts.variations,
        comments: opts.comments,
        clocks: opts.clocks,
    };
    movetext::write_into(out, tree, &w, &|id, _| turn_of(tree, id), result);
}

impl Game {
    /// Brings the tree in line with the engine after an action that changed the engine's
    /// history from `before` entries: new entries become nodes (or go to existing children
    /// with the same move), taken-back ones are deleted. When the tree cannot take the new
    /// moves (its bounds), the engine is taken back too and the error returned.
    pub(super) fn sync(&mut self, before: usize) -> Result<(), Error> {
        let now = self.engine().ply();
        self.source.outcome = None;
        if now < before {
            let mut top = self.current;
            for _ in now..before {
                top = self.tree.node(top).parent().unwrap_or(Tree::ROOT);
            }
            let keep = self.tree.path_of(top);
            let mut gone = keep.clone();
            let path = self.tree.path_of(self.current);
            gone.push(path.get(keep.len()).copied().unwrap_or(0));
            if self.tree.id_at(&gone).is_some() && !gone.is_empty() {
                self.tree.delete(&gone)?;
            }
            self.current = self.tree.id_at(&keep).unwrap_or(Tree::ROOT);
        } else {
            let pgn4 = cfg!(feature = "four") && self.engine().dialect() == Dialect::Pgn4;
            for i in before..now {
                let text = self.engine().entry_text(i);
                let existing = self
                    .tree
                    .node(self.current)
                    .children()
                    .iter()
                    .copied()
                    .find(|&c| self.tree.node(c).text == text);
                let id = match existing {
                    Some(c) => Ok(c),
                    None => {
                        let parent = self.current;
                        let added = self.tree.add_at(parent, &text);
                        added.inspect(|&id| {
                            let turn = self.engine().entry_turn(
                                i,
                                self.tree.node(parent).turn,
                                parent == Tree::ROOT,
                            );
                            let starts_line =
                                parent == Tree::ROOT || self.tree.node(parent).children()[0] != id;
                            let n = self.tree.node_mut(id);
                            n.turn = turn;
                            if pgn4 && starts_line {
                                n.placeholders = turn.seat;
                            }
                        })
                    }
                };
                match id {
                    Ok(id) => self.current = id,
                    Err(e) => {
                        while self.engine().ply() > i {
                            if self.engine_mut().undo().is_none() {
                                break;
                            }
                        }
                        return Err(e);
                    }
                }
            }
        }
        let declared = self.engine().declared_result();
        self.tree.node_mut(self.current).declared = declared;
        Ok(())
    }

    /// The game's move tree: the main line, variations and annotations (see `line.rs`).
    pub fn tree(&self) -> &Tree {
        &self.tree
    }

    /// The path of the end of the current line (`[]`: the start).
    pub fn path(&self) -> Vec<usize> {
        self.tree.path_of(self.current)
    }

    /// The node at the end of the current line.
    pub fn current(&self) -> NodeId {
        self.current
    }

    /// The engine replayed along the line to `id`, with the result declared there.
    fn engine_at(&self, id: NodeId) -> Result<Inner, Error> {
        let mut line = Vec::new();
        let mut at = id;
        while let Some(p) = self.tree.node(at).parent() {
            line.push(at);
            at = p;
        }
        let mut inner = self.engine().restart();
        let e = inner.engine_mut();
        let mut after_move = false;
        for &n in line.iter().rev() {
            let node = self.tree.node(n);
            let played = e.replay_text(&node.text, &mut after_move, NodeTurn::default(), false, "");
            if !matches!(played, Ok(Replayed::Played)) {
                return Err(Error::internal(format!(
                    "the tree's move {:?} does not replay",
                    node.text
                )));
            }
        }
        e.end_replay();
        if let Some(d) = self.tree.node(id).declared {
            e.redeclare(d);
        }
        Ok(inner)
    }

    /// Makes the node at `path` the end of the current line: `status`, `fen`, `legalMoves`,
    /// `play`... then act there. Errors (`invalid-argument`, nothing changes): no node at
    /// `path`.
    pub fn go_to(&mut self, path: &[usize]) -> Result<(), Error> {
        let id = self.tree.id_at(path).ok_or_else(|| no_node(path))?;
        if id == self.current {
            return Ok(());
        }
        self.enter(id)
    }

    /// Makes `id` the end of the current line, the engine replayed to it.
    fn enter(&mut self, id: NodeId) -> Result<(), Error> {
        let inner = self.engine_at(id)?;
        self.enter_with(id, inner)
    }

    /// Makes `id` the end of the current line with `inner`, the engine replayed to it
    /// ([`Game::engine_at`]).
    fn enter_with(&mut self, id: NodeId, inner: Inner) -> Result<(), Error> {
        let replayed = inner.engine().ply();
        self.inner = inner;
        self.current = id;
        // Four Kingdoms: zombies to move there moved on (R6.4); their moves join the tree.
        let outcome = self.source.outcome.take();
        let line = self.tree.ply_of(id);
        let r = self.sync(line.min(replayed));
        self.source.outcome = outcome;
        r
    }

    /// Makes the move at `path` part of the main line (see [`Tree::promote`]); the current
    /// line stays the same moves. Errors: `invalid-argument`.
    pub fn promote(&mut self, path: &[usize]) -> Result<Vec<usize>, Error> {
        let out = self.tree.promote(path)?;
        self.source.outcome = None;
        Ok(out)
    }

    /// Deletes the move at `path` and everything after it (see [`Tree::delete`]). When the
    /// current line goes through it, the line ends at the move before, the engine replayed
    /// there (Four Kingdoms: a zombie to move there moves again, R6.4, and its move joins the
    /// tree). Errors (`invalid-argument`, nothing changes): no move at `path`, or the root.
    pub fn delete_move(&mut self, path: &[usize]) -> Result<(), Error> {
        if path.is_empty() || self.tree.id_at(path).is_none() {
            self.tree.delete(path)?;
        }
        let mut current = self.tree.path_of(self.current);
        let depth = path.len() - 1;
        let through = current.starts_with(path);
        // The engine at the move before, replayed before anything changes.
        let parent = match through {
            true => {
                current.truncate(depth);
                let id = self.tree.id_at(&current).ok_or_else(|| no_node(&current))?;
                Some(self.engine_at(id)?)
            }
            false => None,
        };
        self.tree.delete(path)?;
        // A later sibling of the deleted move on the current path moves one place up.
        if !through
            && current.len() > depth
            && current[..depth] == path[..depth]
            && current[depth] > path[depth]
        {
            current[depth] -= 1;
        }
        self.current = self.tree.id_at(&current).unwrap_or(Tree::ROOT);
        self.source.outcome = None;
        match parent {
            Some(inner) => self.enter_with(self.current, inner),
            None => Ok(()),
        }
    }

    /// Changes the annotations of the node at `path` (see [`Tree::annotate`]).
    pub fn annotate(&mut self, path: &[usize], a: &super::tree::Annotation) -> Result<(), Error> {
        self.tree.annotate(path, a)
    }

    /// The record of every move of the tree (the fields of [`Game::legal_moves`]' records),
    /// indexed by [`NodeId::index`] (`None` at the root): every line replayed once.
    pub fn tree_moves(&self) -> Result<Vec<Option<crate::record::MoveRecord>>, Error> {
        let mut out = vec![None; self.tree.len() + 1];
        // Every line from the start: the first move's and those of its alternatives (the
        // root's other children), each from the start position.
        let start = self.engine().restart();
        let mut lines: Vec<(Inner, NodeId)> = self
            .tree
            .root()
            .children()
            .iter()
            .map(|&c| (start.clone(), c))
            .collect();
        while let Some((mut engine, start)) = lines.pop() {
            let mut at = Some(start);
            let mut after_move = false;
            while let Some(id) = at {
                let node = self.tree.node(id);
                let e = engine.engine_mut();
                let played = e.replay_text(&node.text, &mut after_move, node.turn, false, "");
                if !matches!(played, Ok(Replayed::Played)) {
                    return Err(Error::internal(format!(
                        "the tree's move {:?} does not replay",
                        node.text
                    )));
                }
                out[id.index()] = e.last_entry();
                let children = node.children();
                for &c in children.iter().skip(1) {
                    // The position before `c` is the one after `id`: the engine now.
                    lines.push((engine.clone(), c));
                }
                at = children.first().copied();
            }
        }
        Ok(out)
    }

    /// The start position as FEN (FEN4 for four players).
    pub fn start_fen(&self) -> String {
        self.engine().restart().engine().fen()
    }

    /// The engine at the end of the main line: the game's own when the current line is the
    /// main line to its end, else one replayed.
    pub(super) fn mainline_engine(&self) -> Result<std::borrow::Cow<'_, Inner>, Error> {
        let end = self.tree.mainline_end();
        if end == self.current {
            Ok(std::borrow::Cow::Borrowed(&self.inner))
        } else {
            self.engine_at(end).map(std::borrow::Cow::Owned)
        }
    }
}

fn no_node(path: &[usize]) -> Error {
    Error::formatted(
        ErrorKind::InvalidArgument,
        format_args!("no move at path {}", super::tree::path_text(path)),
    )
}
