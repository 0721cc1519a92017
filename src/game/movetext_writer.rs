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

/// Lines of tokens, written as bytes: every byte comes from a `&str` or is ASCII, so the
/// result is UTF-8. A token is written after a space before its length is known, and the
/// space becomes a line end when the token does not fit: no scratch string per token
/// (docs/BENCHMARKS.md, "PGN import and export").
struct Out<'a> {
    s: &'a mut Vec<u8>,
    /// Characters on the current line.
    line: usize,
    /// Inside `{ }`.
    in_comment: bool,
}

impl Out<'_> {
    /// Starts a token: the separating space when the line has text. Returns where the
    /// separator (or, on an empty line, the token) starts, for [`Out::end`].
    fn begin(&mut self) -> usize {
        let at = self.s.len();
        if self.line > 0 {
            self.s.push(b' ');
        }
        at
    }

    /// Ends the token begun at `at`: counts its characters (`ascii`: its bytes are
    /// characters) and moves it to a new line when it does not fit on this one.
    fn end(&mut self, at: usize, ascii: bool) {
        let first = at + usize::from(self.line > 0);
        let t = &self.s[first..];
        let len = if ascii {
            t.len()
        } else {
            t.iter().filter(|&&b| b & 0xC0 != 0x80).count()
        };
        // A line that starts with `%` is an escape line for the tag reader (even inside a
        // comment), and one that starts with `[` outside a comment a tag line for the game
        // splitter: such a token stays on the line before. (Lines start only here and after
        // `newline`, which is always followed by a move number.)
        let glued = t.first() == Some(&b'%') || (!self.in_comment && t.first() == Some(&b'['));
        if self.line == 0 {
            self.line = len;
        } else if self.line + 1 + len > LINE_WIDTH && !glued {
            self.s[at] = b'\n';
            self.line = len;
        } else {
            self.line += 1 + len;
        }
    }

    fn token(&mut self, t: &str) {
        let at = self.begin();
        self.s.extend_from_slice(t.as_bytes());
        self.end(at, t.is_ascii());
    }

    /// A token that is ASCII (moves, numbers, punctuation).
    fn ascii(&mut self, t: &[u8]) {
        let at = self.begin();
        self.s.extend_from_slice(t);
        self.end(at, true);
    }

    fn newline(&mut self) {
        if self.line > 0 {
            self.s.push(b'\n');
            self.line = 0;
        }
    }

    /// Text with every `}` left out (a comment cannot hold one).
    fn text(&mut self, t: &str) {
        for part in t.split('}') {
            self.s.extend_from_slice(part.as_bytes());
        }
    }

    /// `{ ... }` with `text` and the node's commands that `opts` keep; nothing when empty.
    fn comment(&mut self, text: Option<&str>, n: Option<&Node>, opts: &WriteOptions) -> bool {
        let mut open = false;
        let mut start = |o: &mut Out<'_>| {
            if !open {
                o.ascii(b"{");
                o.in_comment = true;
                open = true;
            }
        };
        if opts.comments
            && let Some(t) = text
        {
            for w in t.split_whitespace() {
                start(self);
                let at = self.begin();
                self.text(w);
                self.end(at, false);
            }
        }
        if let Some(n) = n {
            if opts.comments {
                if !n.highlights.is_empty() {
                    start(self);
                    let at = self.begin();
                    self.s.extend_from_slice(b"[%csl ");
                    for (i, h) in n.highlights.iter().enumerate() {
                        if i > 0 {
                            self.s.push(b',');
                        }
                        push_char(self.s, h.color);
                        self.s.extend_from_slice(h.square.as_bytes());
                    }
                    self.s.push(b']');
                    self.end(at, false);
                }
                if !n.arrows.is_empty() {
                    start(self);
                    let at = self.begin();
                    self.s.extend_from_slice(b"[%cal ");
                    for (i, a) in n.arrows.iter().enumerate() {
                        if i > 0 {
                            self.s.push(b',');
                        }
                        push_char(self.s, a.color);
                        self.s.extend_from_slice(a.from.as_bytes());
                        self.s.extend_from_slice(a.to.as_bytes());
                    }
                    self.s.push(b']');
                    self.end(at, false);
                }
                if let Some(e) = &n.eval {
                    start(self);
                    let at = self.begin();
                    self.s.extend_from_slice(b"[%eval ");
                    push_eval(self.s, e);
                    self.s.push(b']');
                    self.end(at, true);
                }
                for c in &n.commands {
                    start(self);
                    let at = self.begin();
                    self.s.extend_from_slice(b"[%");
                    self.text(&c.name);
                    if !c.value.is_empty() {
                        self.s.push(b' ');
                        self.text(&c.value);
                    }
                    self.s.push(b']');
                    self.end(at, false);
                }
            }
            if opts.clocks {
                for (name, v) in [(&b"[%emt "[..], n.emt), (&b"[%clk "[..], n.clock)] {
                    if let Some(ms) = v {
                        start(self);
                        let at = self.begin();
                        self.s.extend_from_slice(name);
                        push_clock(self.s, ms);
                        self.s.push(b']');
                        self.end(at, true);
                    }
                }
            }
        }
        if open {
            self.ascii(b"}");
            self.in_comment = false;
        }
        open
    }
}

/// Appends `c` as UTF-8.
fn push_char(s: &mut Vec<u8>, c: char) {
    s.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
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
    let mut s = Vec::with_capacity(tree.len() * 16 + 16);
    write_into(&mut s, tree, opts, turn, result);
    utf8(s)
}

/// The text of bytes the writer wrote: UTF-8 by construction (see [`Out`]).
pub(super) fn utf8(s: Vec<u8>) -> String {
    String::from_utf8(s).unwrap_or_else(|_| {
        debug_assert!(false, "the writer wrote bytes that are not UTF-8");
        String::new()
    })
}

/// [`write()`], appended to `s`: the export writes the tags and the move text into one
/// buffer.
pub(super) fn write_into(
    s: &mut Vec<u8>,
    tree: &Tree,
    opts: &WriteOptions,
    turn: &dyn Fn(NodeId, usize) -> Turn,
    result: Option<&str>,
) {
    let mut out = Out {
        s,
        line: 0,
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
    let mut number = Vec::new();
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
                    number.push(b'.');
                    if !pgn4 {
                        out.ascii(&number);
                    }
                } else if pgn4 {
                    let dots = if f.first { t.seat } else { 1 };
                    for _ in 0..dots {
                        number.extend_from_slice(b".. ");
                    }
                } else if force || f.first {
                    push_number(&mut number, u64::from(t.number), 1);
                    number.extend_from_slice(b"...");
                    out.ascii(&number);
                }
                force = false;
                if pgn4 {
                    // chess.com's `.. move` and `7. move` stay together on a line.
                    if t.seat == 0 {
                        number.push(b' ');
                    }
                    let at = out.begin();
                    out.s.extend_from_slice(&number);
                    out.s.extend_from_slice(n.move_text().as_bytes());
                    out.end(at, false);
                } else {
                    out.token(n.move_text());
                }
                if opts.comments {
                    for g in &n.nags {
                        number.clear();
                        number.push(b'$');
                        push_number(&mut number, u64::from(*g), 1);
                        out.ascii(&number);
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
                    out.ascii(b"(");
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
                        out.ascii(b")");
                        force = true;
                    }
                }
            }
        }
    }
    if let Some(r) = result {
        out.token(r);
    }
}
