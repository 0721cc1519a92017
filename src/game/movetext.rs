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

#[cfg(doc)]
use super::tree::MAX_NODES;
use super::tree::{
    self, Arrow, Command, Eval, Highlight, MAX_CLOCK_MS, MAX_COMMENT_BYTES, MAX_MOVE_BYTES,
    MAX_NAGS, MAX_SHAPES, MAX_VARIATION_DEPTH, Node, NodeId, Score, Tree,
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
        let column = String::from_utf8_lossy(&before[start..]).chars().count() + 1;
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
                            let shown: String = text.chars().take(10).collect();
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
            let shown: String = text.chars().take(20).collect();
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
    if text.contains("[%") {
        text = text.replace("[%", "[ %");
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

/// Digits only, 1 to `max` of them.
fn digits(s: &str, max: usize) -> Option<u64> {
    (!s.is_empty() && s.len() <= max && s.bytes().all(|c| c.is_ascii_digit()))
        .then(|| s.parse().ok())
        .flatten()
}

/// `h:mm:ss(.fff)` in milliseconds (see the module docs for the bounds).
pub fn parse_clock(s: &str) -> Option<u64> {
    let mut parts = s.split(':');
    let (h, m, sec) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() {
        return None;
    }
    let (whole, frac) = sec.split_once('.').unwrap_or((sec, ""));
    let (h, m, whole) = (digits(h, 5)?, digits(m, 2)?, digits(whole, 2)?);
    if m > 59 || whole > 59 || frac.len() > 3 || !frac.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let mut ms = 0;
    for (i, c) in frac.bytes().enumerate() {
        ms += u64::from(c - b'0') * [100, 10, 1][i];
    }
    let total = ((h * 60 + m) * 60 + whole) * 1000 + ms;
    (total <= MAX_CLOCK_MS).then_some(total)
}

/// `ms` as `h:mm:ss`, with the decimals it needs (at most three).
pub fn format_clock(ms: u64) -> String {
    let mut out = String::new();
    push_clock(&mut out, ms);
    out
}

fn push_clock(out: &mut String, ms: u64) {
    use std::fmt::Write;
    let (h, m, s, f) = (ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000);
    let _ = write!(out, "{h}:{m:02}:{s:02}");
    if f > 0 {
        let _ = write!(out, ".{f:03}");
        while out.ends_with('0') {
            out.pop();
        }
    }
}

/// `t` without its sign, and whether the sign was `-`.
fn signed(t: &str) -> (bool, &str) {
    match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    }
}

/// The value of an `%eval` command (see the module docs for the syntax).
pub fn parse_eval(s: &str) -> Option<Eval> {
    let (score, depth) = match s.split_once(',') {
        Some((a, d)) => (a, Some(digits(d, 5)? as u32)),
        None => (s, None),
    };
    let score = if let Some(m) = score.strip_prefix('#') {
        let (neg, m) = signed(m);
        let m = digits(m, 5)? as i32;
        Score::Mate(if neg { -m } else { m })
    } else {
        let (neg, p) = signed(score);
        let (int, frac) = p.split_once('.').unwrap_or((p, ""));
        let int = if int.is_empty() && !frac.is_empty() {
            0
        } else {
            digits(int, 5)?
        };
        if p.contains('.') && (frac.is_empty() || digits(frac, 2).is_none()) {
            return None;
        }
        let frac = match frac.len() {
            0 => 0,
            1 => digits(frac, 1)? * 10,
            _ => digits(frac, 2)?,
        };
        let cp = (int * 100 + frac) as i32;
        Score::Cp(if neg { -cp } else { cp })
    };
    let e = Eval { score, depth };
    tree::eval_in_range(&e).then_some(e)
}

/// An `%eval` value: pawns with two decimals or `#n`, and `,depth`.
pub fn format_eval(e: &Eval) -> String {
    let mut out = String::new();
    push_eval(&mut out, e);
    out
}

fn push_eval(out: &mut String, e: &Eval) {
    use std::fmt::Write;
    let _ = match e.score {
        Score::Cp(cp) => {
            let a = cp.unsigned_abs();
            let sign = if cp < 0 { "-" } else { "" };
            write!(out, "{sign}{}.{:02}", a / 100, a % 100)
        }
        Score::Mate(m) => write!(out, "#{m}"),
    };
    if let Some(d) = e.depth {
        let _ = write!(out, ",{d}");
    }
}

/// The comma-separated shapes of a `%cal` (`squares` 2) or `%csl` (1) value; `None` if any
/// is malformed or there are more than [`MAX_SHAPES`].
fn parse_shapes(v: &str, squares: usize) -> Option<Vec<(char, &str, &str)>> {
    let mut out = Vec::new();
    for s in v.split(',') {
        let s = s.trim();
        let b = s.as_bytes();
        let color = *b.first()?;
        if !tree::is_color(color as char) {
            return None;
        }
        let a = tree::square_len(&b[1..])?;
        let second = if squares == 2 {
            tree::square_len(&b[1 + a..])?
        } else {
            0
        };
        if 1 + a + second != b.len() {
            return None;
        }
        out.push((color as char, &s[1..1 + a], &s[1 + a..]));
        if out.len() > MAX_SHAPES {
            return None;
        }
    }
    Some(out)
}

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
                        let _ = write!(self.buf, "[%{name} ");
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
    use std::fmt::Write;
    let mut out = Out {
        s: String::with_capacity(tree.len() * 8 + 16),
        line: 0,
        buf: String::new(),
        in_comment: false,
    };
    let pgn4 = opts.dialect == Dialect::Pgn4;
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
                    let _ = write!(number, "{}.", t.number);
                    if !pgn4 {
                        out.token(&number);
                    }
                } else if pgn4 {
                    let dots = if f.first { t.seat } else { 1 };
                    for _ in 0..dots {
                        number.push_str(".. ");
                    }
                } else if force || f.first {
                    let _ = write!(number, "{}...", t.number);
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
                        let _ = write!(number, "${g}");
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

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(t: &Tree) -> Vec<&str> {
        t.mainline().map(|id| t.node(id).text.as_str()).collect()
    }

    #[test]
    fn words_are_classified() {
        assert_eq!(classify("12."), Word::Number(""));
        assert_eq!(classify("12...Nf6"), Word::Number("Nf6"));
        assert_eq!(classify("7"), Word::Number(""));
        assert_eq!(classify(".."), Word::Placeholder);
        assert_eq!(classify("0-0"), Word::Move("0-0", None));
        assert_eq!(classify("0-0-0"), Word::Move("0-0-0", None));
        assert_eq!(classify("45-0-12-3"), Word::Result);
        assert_eq!(classify("1/2-1/2"), Word::Result);
        assert_eq!(classify("Z0"), Word::Null(None));
        assert_eq!(classify("0000?"), Word::Null(Some(2)));
        assert_eq!(classify("1-0!"), Word::BadSuffix("1-0!"));
        assert_eq!(classify("..!"), Word::BadSuffix("..!"));
        assert_eq!(classify("e4?!"), Word::Move("e4", Some(6)));
        assert_eq!(classify("!!"), Word::Suffix(3));
        assert_eq!(classify("e4!!!"), Word::BadSuffix("!!!"));
        assert_eq!(classify("Qa11xRa9+#"), Word::Move("Qa11xRa9+#", None));
    }

    #[test]
    fn clocks_and_evals_read_and_write() {
        assert_eq!(parse_clock("0:03:00"), Some(180_000));
        assert_eq!(parse_clock("0:02:59.9"), Some(179_900));
        assert_eq!(parse_clock("1:00:00.125"), Some(3_600_125));
        assert_eq!(parse_clock("99999:59:59.999"), Some(MAX_CLOCK_MS));
        for bad in [
            "999999:99:99",
            "0:60:00",
            "0:00:60",
            "0:00",
            "1:2:3:4",
            "0:00:00.1234",
            "a:00:00",
            "",
        ] {
            assert_eq!(parse_clock(bad), None, "{bad}");
        }
        assert_eq!(format_clock(180_000), "0:03:00");
        assert_eq!(format_clock(179_900), "0:02:59.9");
        assert_eq!(format_clock(3_600_050), "1:00:00.05");
        let e = |s| parse_eval(s).map(|e| (e.score, e.depth));
        assert_eq!(e("0.36"), Some((Score::Cp(36), None)));
        assert_eq!(e("-1.5,20"), Some((Score::Cp(-150), Some(20))));
        assert_eq!(e("+.5"), Some((Score::Cp(50), None)));
        assert_eq!(e("3"), Some((Score::Cp(300), None)));
        assert_eq!(e("#-3"), Some((Score::Mate(-3), None)));
        assert_eq!(e("#4,31"), Some((Score::Mate(4), Some(31))));
        for bad in [
            "",
            "0.123",
            "1.",
            "#",
            "x",
            "0.36,",
            "123456",
            "#123456",
            "0.36,123456",
        ] {
            assert_eq!(parse_eval(bad), None, "{bad}");
        }
        for s in ["0.36", "-1.50,20", "#-3", "0.00", "-0.05", "99999.99"] {
            assert_eq!(format_eval(&parse_eval(s).unwrap()), s);
        }
    }

    #[test]
    fn comments_attach_where_pgn_says() {
        let m =
            read("{start} 1. e4 {after e4} ( {before d4} 1. d4 {after d4} ) 1... e5 *").unwrap();
        let t = &m.tree;
        assert_eq!(t.root().comment.as_deref(), Some("start"));
        assert_eq!(t.at(&[0]).unwrap().comment.as_deref(), Some("after e4"));
        let d4 = t.at(&[1]).unwrap();
        assert_eq!(d4.comment_before.as_deref(), Some("before d4"));
        assert_eq!(d4.comment.as_deref(), Some("after d4"));
        assert_eq!(texts(t), ["e4", "e5"]);
        assert_eq!(m.result.as_deref(), Some("*"));
    }

    #[test]
    fn move_numbers_follow_comments_and_variations() {
        let m = read("1. e4 e5 { x } 2. Nf3 (2. f4) Nc6 *").unwrap();
        let turn = cyclic_turns(2, 1, 0);
        let s = write(
            &m.tree,
            &WriteOptions::default(),
            &turn,
            m.result.as_deref(),
        );
        assert_eq!(s, "1. e4 e5 { x } 2. Nf3 ( 2. f4 ) 2... Nc6 *");
        let m = read("1... e5 2. Nf3").unwrap();
        let s = write(
            &m.tree,
            &WriteOptions::default(),
            &cyclic_turns(2, 1, 1),
            None,
        );
        assert_eq!(s, "1... e5 2. Nf3");
    }
}
