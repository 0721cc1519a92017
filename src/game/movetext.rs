//! The one movetext reader and writer of PGN and PGN4 (issue 49): moves, comments, NAGs,
//! commands and variations into a [`Tree`], and back.
//!
//! The reader does not know the rules: it builds the tree of move texts, and the engine that
//! imports the game replays it and refuses what is illegal. The tag section is read apart
//! (`pgn_tags`); [`read`] takes the move text that follows it.
//!
//! # What the reader reads
//!
//! - Moves: any other word. A suffix `!` `?` `!!` `??` `!?` `?!`, attached or standing alone,
//!   is NAG 1 to 6 of the move before it; any other run of `!`/`?` is an error.
//! - Null moves `--`, and `Z0`, `0000`, `@@@@` as python-chess and chessops read them, become
//!   a node whose text is `--` ([`Node::is_null`]) anywhere in the tree, as both those
//!   libraries keep them; whether a null move can be played is the engine's call.
//! - Move numbers `12.`, `12...`, PGN4 `7.`, also glued to the move (`12.e4`), are skipped: the
//!   engine knows whose move it is. A word of dots alone (PGN4's `..` between seats) is
//!   skipped too; before the first move of a variation (or of the game) such words are
//!   counted into [`Node::placeholders`]: chess.com writes `( .. Na10-c11 .. Bl8xm9+ ...)`,
//!   aligning the variation's first move to its seat.
//! - Comments `{...}` (over several lines) and `;` to the end of the line. A comment after a
//!   move belongs to it; one before the first move of the game to the root; one after `(` and
//!   before the variation's first move is that move's `comment_before`. Several comments in
//!   one place are joined with a space. Commands in them (`[%name value]`) are parsed into
//!   the node's typed fields (see below); the text around them, white space normalised, is
//!   the comment (where a broken command leaves `[%` in it, that becomes `[ %`, so that the
//!   text never reads back as a command). A `}` inside a `;` comment is dropped (a PGN brace comment cannot hold it).
//! - NAGs `$0` to `$255`; at most [`MAX_NAGS`] on a move (counting repeats), else an error.
//!   A repeated NAG is kept once.
//! - Variations `(...)`, nested at most [`MAX_VARIATION_DEPTH`] deep: each is an alternative
//!   to the move before the `(`.
//! - Results `1-0`, `0-1`, `1/2-1/2`, `*` and the four-player scores chess.com writes
//!   (`45-0-12-3`): at the top level the result ends the move text (only white space may
//!   follow); inside a variation it is ignored.
//! - A UTF-8 byte-order mark is white space, at the start or anywhere else outside comments
//!   (files joined together carry one in the middle); CRLF line ends; `%` escape lines (a
//!   `%` at the start of a line outside a comment: the line is skipped).
//!
//! # Commands
//!
//! - `[%clk h:mm:ss]`, `[%emt h:mm:ss]`, with up to three decimals (`0:02:59.9`): the hours
//!   one to five digits, minutes and seconds at most 59; milliseconds in
//!   [`Node::clock`]/[`Node::emt`].
//! - `[%eval 0.36]` (pawns, up to five integer digits and two decimals: centipawns),
//!   `[%eval #-3]` (mate, up to five digits), optionally `,depth` (`[%eval 0.36,20]`).
//! - `[%cal Ge2e4,Rd1d8]` arrows and `[%csl Gd4]` squares: a capital colour letter and
//!   squares of either board (`m6`, `i12`); at most [`MAX_SHAPES`] of each on a move.
//! - Anything else, and any of these whose value does not fit the syntax or bounds above
//!   (`[%clk 999999:99:99]`), is kept verbatim in [`Node::commands`] and written back as read
//!   (white space normalised): nothing is lost, nothing is clamped.
//!
//! # Bad input
//!
//! Errors are `invalid-pgn` and name the line and column of the move text: an unterminated
//! `{` or `(`, a `}` or `)` with no opening, variations nested deeper than
//! [`MAX_VARIATION_DEPTH`], a comment longer than [`MAX_COMMENT_BYTES`] (one comment, or a
//! node's comments together), more than [`MAX_NAGS`] NAGs on a move, a NAG above 255, a
//! NAG or variation with no move before it, a move text longer than [`MAX_MOVE_BYTES`],
//! more than [`MAX_NODES`] moves, text after the result. The reader makes one pass over the
//! text (linear time) and never recurses.
//!
//! # The writer
//!
//! [`write()`] follows the PGN export format: tokens separated by single spaces, lines of at
//! most 79 characters (80 columns with the line end), a token never split; a word that starts
//! with `%` (or with `[` outside a comment) never starts a line (it would read as an escape or
//! a tag line), so it may push a line past 79. Move numbers: `1. e4 e5 2. Nf3`; `1...` before a second-seat
//! move after a comment, a variation or at the start of a line of play. PGN4 writes
//! chess.com's form: `1. h2-h3 .. b7-c7 .. g13-g12 .. m10-l10`, each main-line round on its
//! own line (wrapped if longer), a move never apart from its `..` or number, and a variation that starts at seat `k` of a round starts with `k` placeholders
//! (`( .. Na10-c11 ...`). Comments are `{ text [%csl ...] [%cal ...] [%eval ...] [%name
//! value]... [%emt ...] [%clk ...] }`, NAGs `$n`, variations after the move they are
//! alternatives to. [`read`] of [`write()`]'s output gives back the same tree (for a tree whose
//! `comment_before`s are at variation starts and whose placeholders agree with its seats:
//! every tree [`read`] returns, see `tree`'s module docs).

use super::commands::parse_shapes;
pub use super::commands::{format_clock, format_eval, parse_clock, parse_eval};
pub use super::movetext_writer::{Dialect, LINE_WIDTH, Turn, WriteOptions, cyclic_turns, write};
pub(super) use super::movetext_writer::{utf8, write_into};
#[cfg(doc)]
use super::tree::MAX_NODES;
use super::tree::{
    self, Arrow, Command, Highlight, MAX_COMMENT_BYTES, MAX_MOVE_BYTES, MAX_NAGS, MAX_SHAPES,
    MAX_VARIATION_DEPTH, Node, NodeId, Tree,
};
use super::words::{BOM, Word, classify, is_space, line_end, word_end};
use crate::{error::Error, error::ErrorKind};

/// What [`read`] returns: the tree and the result token that ended the move text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Movetext {
    /// The moves and their annotations.
    pub tree: Tree,
    /// The result token at the end of the main line (`1-0`, `0-1`, `1/2-1/2`, `*`, or a
    /// PGN4 score such as `45-0-12-3`), if the text has one.
    pub result: Option<String>,
}

/// Reads a PGN or PGN4 move text (see the module docs). Errors: `invalid-pgn`, naming the line
/// and column.
pub fn read(movetext: &str) -> Result<Movetext, Error> {
    let mut r = Reader {
        src: movetext,
        tree: Tree::new(),
        frames: vec![Frame::new(Tree::ROOT, 0)],
        result: None,
    };
    r.run()?;
    if let Some(open) = r.frames.get(1) {
        return Err(r.error(
            open.open,
            format_args!("unterminated variation: this '(' is never closed"),
        ));
    }
    Ok(Movetext {
        tree: r.tree,
        result: r.result.map(str::to_string),
    })
}

/// One level of variation being read.
struct Frame {
    /// The node the next move follows.
    current: NodeId,
    /// A move has been read in this frame (`current` is it).
    has_move: bool,
    /// `..` words before the first move.
    placeholders: u8,
    /// NAGs read on `current` (repeats counted).
    nags: usize,
    /// The comments and commands read before the first move of a variation.
    pending: Option<Box<Node>>,
    /// Where the `(` is.
    open: usize,
}

impl Frame {
    fn new(current: NodeId, open: usize) -> Frame {
        Frame {
            current,
            has_move: false,
            placeholders: 0,
            nags: 0,
            pending: None,
            open,
        }
    }
}

struct Reader<'a> {
    src: &'a str,
    tree: Tree,
    /// The top level first; never empty.
    frames: Vec<Frame>,
    result: Option<&'a str>,
}

impl<'a> Reader<'a> {
    #[cold]
    fn error(&self, at: usize, what: std::fmt::Arguments<'_>) -> Error {
        let before = &self.src.as_bytes()[..at.min(self.src.len())];
        let line = before.iter().filter(|&&c| c == b'\n').count() + 1;
        let start = before
            .iter()
            .rposition(|&c| c == b'\n')
            .map_or(0, |p| p + 1);
        // Characters, counted as the bytes that start one (`at` may cut a character short:
        // that one counts once, as a lossy decoding would count it).
        let column = before[start..]
            .iter()
            .filter(|&&c| !(0x80..0xc0).contains(&c))
            .count()
            + 1;
        Error::formatted(
            ErrorKind::InvalidPgn,
            format_args!("{what} (line {line}, column {column} of the move text)"),
        )
    }

    fn top(&mut self) -> &mut Frame {
        let last = self.frames.len() - 1;
        &mut self.frames[last]
    }

    fn run(&mut self) -> Result<(), Error> {
        let src = self.src;
        let b = src.as_bytes();
        let mut i = 0;
        while i < b.len() {
            let c = b[i];
            if is_space(c) {
                i += 1;
                continue;
            }
            if c == 0xEF && b[i..].starts_with(BOM) {
                i += BOM.len();
                continue;
            }
            let line_start =
                i == 0 || matches!(b[i - 1], b'\n' | b'\r') || (i == 3 && b.starts_with(BOM));
            if c == b'%' && line_start {
                i = line_end(b, i);
                continue;
            }
            if let Some(r) = self.result {
                return Err(self.error(i, format_args!("text after the result {r}")));
            }
            match c {
                b'{' => {
                    let Some(len) = b[i + 1..].iter().position(|&x| x == b'}') else {
                        return Err(self.error(
                            i,
                            format_args!("unterminated comment: this '{{' is never closed"),
                        ));
                    };
                    self.comment(&src[i + 1..i + 1 + len], i)?;
                    i += len + 2;
                }
                b';' => {
                    let end = line_end(b, i);
                    let text = &src[i + 1..end];
                    if text.contains('}') {
                        self.comment(&text.replace('}', ""), i)?;
                    } else {
                        self.comment(text, i)?;
                    }
                    i = end;
                }
                b'}' => return Err(self.error(i, format_args!("'}}' with no '{{' before it"))),
                b'(' => {
                    self.open(i)?;
                    i += 1;
                }
                b')' => {
                    self.close(i)?;
                    i += 1;
                }
                b'$' => {
                    let digits = b[i + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
                    let text = &src[i + 1..i + 1 + digits];
                    let n = match text.parse::<u8>() {
                        Ok(n) if digits <= 3 => n,
                        _ => {
                            let shown = crate::error::first_chars(text, 10);
                            return Err(
                                self.error(i, format_args!("a NAG is $0 to $255, got ${shown}"))
                            );
                        }
                    };
                    self.nag(n, i)?;
                    i += 1 + digits;
                }
                _ => {
                    let end = word_end(b, i);
                    self.word(&src[i..end], i)?;
                    i = end;
                }
            }
        }
        Ok(())
    }

    fn word(&mut self, mut w: &'a str, at: usize) -> Result<(), Error> {
        loop {
            match classify(w) {
                Word::Number(rest) => {
                    if rest.is_empty() {
                        return Ok(());
                    }
                    w = rest;
                }
                Word::Placeholder => {
                    let f = self.top();
                    if !f.has_move {
                        f.placeholders = f.placeholders.saturating_add(1);
                    }
                    return Ok(());
                }
                Word::Result => {
                    if self.frames.len() == 1 {
                        self.result = Some(w);
                    }
                    return Ok(());
                }
                Word::Null(nag) => return self.annotated_move("--", nag, at),
                Word::Move(m, nag) => return self.annotated_move(m, nag, at),
                Word::Suffix(n) => return self.nag(n, at),
                Word::BadSuffix(s) => {
                    return Err(self.error(
                        at,
                        format_args!(
                            "{s:?} is not an annotation (! ? !! ?? !? ?! or $n) nor a move with one"
                        ),
                    ));
                }
            }
        }
    }

    fn annotated_move(&mut self, text: &str, nag: Option<u8>, at: usize) -> Result<(), Error> {
        self.add_move(text, at)?;
        match nag {
            Some(n) => self.nag(n, at),
            None => Ok(()),
        }
    }

    fn add_move(&mut self, text: &str, at: usize) -> Result<(), Error> {
        if text.len() > MAX_MOVE_BYTES {
            let shown = crate::error::first_chars(text, 20);
            return Err(self.error(
                at,
                format_args!("move text {shown:?}... is longer than {MAX_MOVE_BYTES} bytes"),
            ));
        }
        let f = self.top();
        let mut node = f.pending.take().map_or_else(Node::default, |b| *b);
        node.text = text.to_string();
        if !f.has_move {
            node.placeholders = f.placeholders;
        }
        let parent = f.current;
        match self.tree.push(parent, node) {
            Ok(id) => {
                let f = self.top();
                f.current = id;
                f.has_move = true;
                f.nags = 0;
                Ok(())
            }
            Err(e) => Err(self.error(at, format_args!("{}", e.message))),
        }
    }

    fn nag(&mut self, n: u8, at: usize) -> Result<(), Error> {
        let f = self.top();
        if !f.has_move {
            return Err(self.error(at, format_args!("NAG ${n} with no move before it")));
        }
        f.nags += 1;
        if f.nags > MAX_NAGS {
            return Err(self.error(at, format_args!("more than {MAX_NAGS} NAGs on one move")));
        }
        let id = f.current;
        let nags = &mut self.tree.node_mut(id).nags;
        if !nags.contains(&n) {
            nags.push(n);
        }
        Ok(())
    }

    fn open(&mut self, at: usize) -> Result<(), Error> {
        if self.frames.len() > MAX_VARIATION_DEPTH {
            return Err(self.error(
                at,
                format_args!("variations nested deeper than {MAX_VARIATION_DEPTH}"),
            ));
        }
        let f = self.top();
        if !f.has_move {
            return Err(self.error(
                at,
                format_args!("a variation '(' with no move before it to be an alternative to"),
            ));
        }
        let id = f.current;
        let parent = self.tree.node(id).parent().unwrap_or(Tree::ROOT);
        self.frames.push(Frame::new(parent, at));
        Ok(())
    }

    fn close(&mut self, at: usize) -> Result<(), Error> {
        if self.frames.len() == 1 {
            return Err(self.error(at, format_args!("')' with no '(' before it")));
        }
        let Some(f) = self.frames.pop() else {
            return Ok(());
        };
        // Comments of an empty variation go to the move it was an alternative to.
        if let Some(mut p) = f.pending {
            p.comment = p.comment_before.take();
            let id = self.top().current;
            absorb(self.tree.node_mut(id), *p);
            self.check_comment_len(id, at)?;
        }
        Ok(())
    }

    fn comment(&mut self, raw: &str, at: usize) -> Result<(), Error> {
        if raw.len() > MAX_COMMENT_BYTES {
            return Err(self.error(
                at,
                format_args!(
                    "a comment of {} bytes; the most is {MAX_COMMENT_BYTES}",
                    raw.len()
                ),
            ));
        }
        let top_level = self.frames.len() == 1;
        let f = self.top();
        if f.has_move || top_level {
            let id = f.current;
            parse_comment(raw, self.tree.node_mut(id), false);
            self.check_comment_len(id, at)
        } else {
            let p = f.pending.get_or_insert_with(Box::default);
            parse_comment(raw, p, true);
            if p.comment_before
                .as_ref()
                .is_some_and(|c| c.len() > MAX_COMMENT_BYTES)
            {
                return Err(self.error(at, format_args!("{}", too_long())));
            }
            Ok(())
        }
    }

    fn check_comment_len(&self, id: NodeId, at: usize) -> Result<(), Error> {
        let n = self.tree.node(id);
        let long = |c: &Option<String>| c.as_ref().is_some_and(|c| c.len() > MAX_COMMENT_BYTES);
        if long(&n.comment) || long(&n.comment_before) {
            return Err(self.error(at, format_args!("{}", too_long())));
        }
        Ok(())
    }
}

fn too_long() -> String {
    format!("the comments of one move are longer than {MAX_COMMENT_BYTES} bytes together")
}

/// Moves `p`'s comments and commands into `n` (after what `n` has).
fn absorb(n: &mut Node, p: Node) {
    for (to, from) in [
        (&mut n.comment, p.comment),
        (&mut n.comment_before, p.comment_before),
    ] {
        if let Some(c) = from {
            let s = to.get_or_insert_with(String::new);
            tree::push_words(s, &c);
        }
    }
    n.clock = p.clock.or(n.clock);
    n.emt = p.emt.or(n.emt);
    n.eval = p.eval.or(n.eval);
    n.arrows.extend(p.arrows);
    n.highlights.extend(p.highlights);
    n.commands.extend(p.commands);
}

/// The first command of `s`: the offsets of its `[%` and of its `]`. A `[` before the `]`
/// means the `[%` opens no command (it stays text), so that text and command values never
/// hold `[`/`]` that would change how the written comment reads back.
fn find_command(s: &[u8]) -> Option<(usize, usize)> {
    let mut i = 0;
    while i + 1 < s.len() {
        let p = i + s[i..].windows(2).position(|w| w == b"[%")?;
        let j = p
            + 2
            + s[p + 2..]
                .iter()
                .take_while(|&&c| c != b']' && c != b'[')
                .count();
        if s.get(j) == Some(&b']') {
            return Some((p, j));
        }
        i = j;
    }
    None
}

/// Reads a comment into `n`: commands into their fields, the text into `comment` (or
/// `comment_before`), appended to what is there.
fn parse_comment(raw: &str, n: &mut Node, before: bool) {
    let mut text = String::new();
    let mut rest = raw;
    while let Some((start, end)) = find_command(rest.as_bytes()) {
        tree::push_words(&mut text, &rest[..start]);
        command(&rest[start + 2..end], n);
        rest = &rest[end + 1..];
    }
    tree::push_words(&mut text, rest);
    // What is left of a broken command (`[%clk 0:01` with no `]`, or one with a `[` inside)
    // must not join with the text around it into a command when written back.
    if tree::has_command_mark(&text) {
        // `text.replace("[%", "[ %")`, without the string searcher (see `has_command_mark`).
        let mut spaced = String::with_capacity(text.len() + 8);
        for c in text.chars() {
            if c == '%' && spaced.ends_with('[') {
                spaced.push(' ');
            }
            spaced.push(c);
        }
        text = spaced;
    }
    if !text.is_empty() {
        let to = if before {
            &mut n.comment_before
        } else {
            &mut n.comment
        };
        match to {
            Some(c) => tree::push_words(c, &text),
            None => *to = Some(text),
        }
    }
}

/// One command (the text between `[%` and `]`) into `n`.
fn command(inner: &str, n: &mut Node) {
    let inner = inner.trim_start();
    let name_len = inner.bytes().take_while(|&c| !is_space(c)).count();
    let (name, value) = inner.split_at(name_len);
    // Typed values hold no white space inside (`%cal`'s may around its commas), so they are
    // parsed as they stand, without a copy.
    let v = value.trim();
    let typed = match name {
        "clk" => parse_clock(v).map(|ms| n.clock = Some(ms)),
        "emt" => parse_clock(v).map(|ms| n.emt = Some(ms)),
        "eval" => parse_eval(v).map(|e| n.eval = Some(e)),
        "cal" => parse_shapes(v, 2).and_then(|s| {
            (n.arrows.len() + s.len() <= MAX_SHAPES).then(|| {
                n.arrows.extend(s.into_iter().map(|(color, a, b)| Arrow {
                    color,
                    from: a.to_string(),
                    to: b.to_string(),
                }));
            })
        }),
        "csl" => parse_shapes(v, 1).and_then(|s| {
            (n.highlights.len() + s.len() <= MAX_SHAPES).then(|| {
                n.highlights
                    .extend(s.into_iter().map(|(color, a, _)| Highlight {
                        color,
                        square: a.to_string(),
                    }));
            })
        }),
        _ => None,
    };
    if typed.is_none() {
        let mut value = String::new();
        tree::push_words(&mut value, v);
        n.commands.push(Command {
            name: name.to_string(),
            value,
        });
    }
}

#[cfg(test)]
mod tests;
