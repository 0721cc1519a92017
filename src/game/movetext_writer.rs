//! The movetext writer: a [`Tree`] back into PGN or PGN4 move text, wrapped at
//! [`LINE_WIDTH`] columns (the format is in [`super::movetext`]'s module docs).

use super::commands::{push_clock, push_eval, push_number};
use super::tree::{Node, NodeId, Tree};

/// Which movetext form [`write()`] writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Dialect {
    /// PGN: `1. e4 e5 2. Nf3`, `1...` where a second-seat move needs its number.
    #[default]
    Pgn,
    /// chess.com's PGN4: `1. h2-h3 .. b7-c7 .. g13-g12 .. m10-l10`, a round a line.
    Pgn4,
}

/// What [`write()`] writes and how.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WriteOptions {
    /// PGN or PGN4.
    pub dialect: Dialect,
    /// Write the variations (else the main line alone).
    pub variations: bool,
    /// Write comment text, NAGs and every command but `%clk`/`%emt`.
    pub comments: bool,
    /// Write `%clk` and `%emt`.
    pub clocks: bool,
}

impl Default for WriteOptions {
    fn default() -> WriteOptions {
        WriteOptions {
            dialect: Dialect::Pgn,
            variations: true,
            comments: true,
            clocks: true,
        }
    }
}

/// Whose move a node is, as [`write()`] numbers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Turn {
    /// The move number: the full move of PGN, the round of PGN4.
    pub number: u32,
    /// The mover's place in the round, 0 for the move that opens it (White's in PGN; in PGN4
    /// the first seat still in the game).
    pub seat: u8,
}

/// The turns of a game where `players` players move in a fixed cycle, the first move being
/// move `number`, seat `seat`: the writer's turn function for two-player games
/// (`cyclic_turns(2, fullmoves, black_to_move as u8)`) and for four-player games with nobody
/// out. Its arguments are the node and its ply (0 for the first move).
pub fn cyclic_turns(players: u8, number: u32, seat: u8) -> impl Fn(NodeId, usize) -> Turn {
    let players = usize::from(players.max(1));
    move |_, ply| {
        let n = usize::from(seat) + ply;
        Turn {
            number: number.saturating_add((n / players) as u32),
            seat: (n % players) as u8,
        }
    }
}

/// The longest line [`write()`] writes, tokens allowing.
pub const LINE_WIDTH: usize = 79;

/// Lines of tokens.
struct Out {
    s: String,
    /// Characters on the current line.
    line: usize,
    /// A scratch buffer for commands.
    buf: String,
    /// Inside `{ }`.
    in_comment: bool,
}

impl Out {
    fn token(&mut self, t: &str) {
        let len = t.chars().count();
        // A line that starts with `%` is an escape line for the tag reader (even inside a
        // comment), and one that starts with `[` outside a comment a tag line for the game
        // splitter: such a token stays on the line before. (Lines start only here and after
        // `newline`, which is always followed by a move number.)
        let glued = t.starts_with('%') || (!self.in_comment && t.starts_with('['));
        if self.line == 0 {
        } else if self.line + 1 + len > LINE_WIDTH && !glued {
            self.s.push('\n');
            self.line = 0;
        } else {
            self.s.push(' ');
            self.line += 1;
        }
        self.s.push_str(t);
        self.line += len;
    }

    fn newline(&mut self) {
        if self.line > 0 {
            self.s.push('\n');
            self.line = 0;
        }
    }

    /// The buffered command as a token.
    fn flush_command(&mut self) {
        let b = std::mem::take(&mut self.buf);
        self.token(&b);
        self.buf = b;
        self.buf.clear();
    }

    /// `{ ... }` with `text` and the node's commands that `opts` keep; nothing when empty.
    fn comment(&mut self, text: Option<&str>, n: Option<&Node>, opts: &WriteOptions) -> bool {
        use std::fmt::Write;
        let mut open = false;
        let mut start = |o: &mut Out| {
            if !open {
                o.token("{");
                o.in_comment = true;
                open = true;
            }
        };
        if opts.comments
            && let Some(t) = text
        {
            for w in t.split_whitespace() {
                start(self);
                if w.contains('}') {
                    self.token(&w.replace('}', ""));
                } else {
                    self.token(w);
                }
            }
        }
        if let Some(n) = n {
            if opts.comments {
                if !n.highlights.is_empty() {
                    start(self);
                    self.buf.push_str("[%csl ");
                    for (i, h) in n.highlights.iter().enumerate() {
                        let sep = if i > 0 { "," } else { "" };
                        let _ = write!(self.buf, "{sep}{}{}", h.color, h.square);
                    }
                    self.buf.push(']');
                    self.flush_command();
                }
                if !n.arrows.is_empty() {
                    start(self);
                    self.buf.push_str("[%cal ");
                    for (i, a) in n.arrows.iter().enumerate() {
                        let sep = if i > 0 { "," } else { "" };
                        let _ = write!(self.buf, "{sep}{}{}{}", a.color, a.from, a.to);
                    }
                    self.buf.push(']');
                    self.flush_command();
                }
                if let Some(e) = &n.eval {
                    start(self);
                    self.buf.push_str("[%eval ");
                    push_eval(&mut self.buf, e);
                    self.buf.push(']');
                    self.flush_command();
                }
                for c in &n.commands {
                    start(self);
                    let _ = write!(self.buf, "[%{}", c.name);
                    if !c.value.is_empty() {
                        let _ = write!(self.buf, " {}", c.value);
                    }
                    self.buf.push(']');
                    if self.buf.contains('}') {
                        self.buf.retain(|ch| ch != '}');
                    }
                    self.flush_command();
                }
            }
            if opts.clocks {
                for (name, v) in [("emt", n.emt), ("clk", n.clock)] {
                    if let Some(ms) = v {
                        start(self);
                        self.buf.push_str("[%");
                        self.buf.push_str(name);
                        self.buf.push(' ');
                        push_clock(&mut self.buf, ms);
                        self.buf.push(']');
                        self.flush_command();
                    }
                }
            }
        }
        if open {
            self.token("}");
            self.in_comment = false;
        }
        open
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Move,
    Sidelines,
    Next,
}

/// One line of play being written.
struct WFrame {
    node: NodeId,
    ply: usize,
    state: State,
    /// The next sibling to write as a variation.
    sibling: usize,
    /// `node` is the first move of this line.
    first: bool,
    /// A variation: `)` closes it.
    variation: bool,
}

/// Writes `tree` as move text (see the module docs), followed by `result` when given, with
/// no final line end. `turn` tells whose move each node is (see [`cyclic_turns`]); it is
/// called with the node and its ply (0 for the first move).
pub fn write(
    tree: &Tree,
    opts: &WriteOptions,
    turn: &dyn Fn(NodeId, usize) -> Turn,
    result: Option<&str>,
) -> String {
    let mut out = Out {
        s: String::with_capacity(tree.len() * 8 + 16),
        line: 0,
        buf: String::new(),
        in_comment: false,
    };
    let pgn4 = cfg!(feature = "four") && opts.dialect == Dialect::Pgn4;
    let root = tree.root();
    let mut force = out.comment(root.comment.as_deref(), Some(root), opts);
    let mut stack: Vec<WFrame> = root
        .children()
        .first()
        .map(|&node| WFrame {
            node,
            ply: 0,
            state: State::Move,
            sibling: 1,
            first: true,
            variation: false,
        })
        .into_iter()
        .collect();
    let mut number = String::new();
    while let Some(f) = stack.last_mut() {
        let n = tree.node(f.node);
        match f.state {
            State::Move => {
                if opts.comments
                    && let Some(c) = &n.comment_before
                {
                    force |= out.comment(Some(c), None, opts);
                }
                let t = turn(f.node, f.ply);
                number.clear();
                if t.seat == 0 {
                    if pgn4 && !f.variation && !f.first {
                        out.newline();
                    }
                    push_number(&mut number, u64::from(t.number), 1);
                    number.push('.');
                    if !pgn4 {
                        out.token(&number);
                    }
                } else if pgn4 {
                    let dots = if f.first { t.seat } else { 1 };
                    for _ in 0..dots {
                        number.push_str(".. ");
                    }
                } else if force || f.first {
                    push_number(&mut number, u64::from(t.number), 1);
                    number.push_str("...");
                    out.token(&number);
                }
                force = false;
                if pgn4 {
                    // chess.com's `.. move` and `7. move` stay together on a line.
                    if t.seat == 0 {
                        number.push(' ');
                    }
                    number.push_str(n.move_text());
                    out.token(&number);
                } else {
                    out.token(n.move_text());
                }
                if opts.comments {
                    for g in &n.nags {
                        number.clear();
                        number.push('$');
                        push_number(&mut number, u64::from(*g), 1);
                        out.token(&number);
                    }
                }
                force |= out.comment(n.comment.as_deref(), Some(n), opts);
                f.state = State::Sidelines;
            }
            State::Sidelines => {
                let siblings = n.parent().map_or(&[][..], |p| tree.node(p).children());
                if opts.variations
                    && siblings.first() == Some(&f.node)
                    && f.sibling < siblings.len()
                {
                    let node = siblings[f.sibling];
                    f.sibling += 1;
                    let ply = f.ply;
                    out.token("(");
                    force = true;
                    stack.push(WFrame {
                        node,
                        ply,
                        state: State::Move,
                        sibling: 1,
                        first: true,
                        variation: true,
                    });
                } else {
                    f.state = State::Next;
                }
            }
            State::Next => {
                if let Some(&c) = n.children().first() {
                    *f = WFrame {
                        node: c,
                        ply: f.ply + 1,
                        state: State::Move,
                        sibling: 1,
                        first: false,
                        variation: f.variation,
                    };
                } else {
                    let variation = f.variation;
                    stack.pop();
                    if variation {
                        out.token(")");
                        force = true;
                    }
                }
            }
        }
    }
    if let Some(r) = result {
        out.token(r);
    }
    out.s
}
