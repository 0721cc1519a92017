//! A small JSON writer for the result records: what the wasm layer hands to `JSON.parse`.
//!
//! Why not serde_json: the records already derive `serde::Serialize` (the server writes them
//! with serde_json), but on the wasm result path serde_json plus the serde code generated
//! for each record cost about 17 KB of gzipped wasm (docs/BENCHMARKS.md, "Package size"),
//! and a list of 20 moves spent more time being serialized than being generated. The records
//! are few and fixed, so each writes itself here, field by field.
//!
//! The text is byte for byte what serde_json writes for the same value (same keys, order,
//! omitted fields, escapes and numbers): the tests below compare both over every kind of
//! record of played games, so the wasm layer and the server keep emitting the same JSON.

#![cfg_attr(
    not(all(target_arch = "wasm32", target_os = "unknown")),
    allow(dead_code)
)]

use crate::game::tree::{Arrow, Command, Eval, Highlight, Node, NodeId, Score as TreeScore, Tree};
use crate::game::{SavedGame, SavedResult};
use crate::record::{
    Analysis, BoardPiece, CastlingRight, Elimination, EliminationReason, EntryKind, GameResult,
    Line, MoveRecord, PositionView, Score, ScoreChange, ScoreReason, SeatStatus, Status,
};
use crate::{
    kind::Facts, kind::GameInfo, kind::Rules, player::Player, result::ResultReason, role::Role,
};

/// A value that writes itself as JSON text.
pub(crate) trait ToJson {
    /// Appends the JSON text of `self` to `out`.
    fn write_json(&self, out: &mut String);
}

/// The JSON text of `value`.
pub(crate) fn to_json<T: ToJson + ?Sized>(value: &T) -> String {
    let mut out = String::with_capacity(256);
    value.write_json(&mut out);
    out
}

/// Writes a JSON string literal, escaped as serde_json escapes: `"`, `\`, the five short
/// control escapes, other control characters as `\u00xx`; everything else as is.
// Not inlined (nor `key`, `unsigned`): one copy of each keeps the writer small in the wasm.
#[inline(never)]
fn string(out: &mut String, s: &str) {
    out.push('"');
    let mut start = 0;
    for (i, b) in s.bytes().enumerate() {
        let esc: &str = match b {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            b'\n' => "\\n",
            b'\r' => "\\r",
            b'\t' => "\\t",
            0x08 => "\\b",
            0x0c => "\\f",
            0..=0x1f => "",
            _ => continue,
        };
        out.push_str(&s[start..i]);
        if esc.is_empty() {
            const HEX: &[u8; 16] = b"0123456789abcdef";
            out.push_str("\\u00");
            out.push(char::from(HEX[usize::from(b >> 4)]));
            out.push(char::from(HEX[usize::from(b & 15)]));
        } else {
            out.push_str(esc);
        }
        start = i + 1;
    }
    out.push_str(&s[start..]);
    out.push('"');
}

/// Writes an unsigned integer in decimal.
#[inline(never)]
fn unsigned(out: &mut String, mut n: u64) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.push_str(std::str::from_utf8(&digits[i..]).unwrap_or("0"));
}

/// Writes a signed integer in decimal.
fn signed(out: &mut String, n: i64) {
    if n < 0 {
        out.push('-');
    }
    unsigned(out, n.unsigned_abs());
}

/// Writes a score's points: whole numbers as integers (as `record::serialize_points` does),
/// other values in fixed point with up to 6 decimals (`0.5` for a two-player draw: points
/// are only ever whole or half). Not `{}`: Rust's float formatting would put about 14 KB of
/// code into the wasm for this one field.
fn points(out: &mut String, p: f64) {
    if !p.is_finite() || p.abs() >= 1e15 {
        // No JSON number says this (serde_json writes `null` too); it never happens.
        out.push_str("null");
        return;
    }
    if p < 0.0 {
        out.push('-');
    }
    let micro = (p.abs() * 1e6).round() as u64;
    unsigned(out, micro / 1_000_000);
    let mut frac = micro % 1_000_000;
    if frac != 0 {
        out.push('.');
        let mut div = 100_000;
        while frac != 0 {
            out.push(char::from(b'0' + (frac / div) as u8));
            frac %= div;
            div /= 10;
        }
    }
}

/// Writes `{"key":value,...}`: `obj(out).field("a", &x).end()`.
struct Obj<'a> {
    out: &'a mut String,
    first: bool,
}

fn obj(out: &mut String) -> Obj<'_> {
    out.push('{');
    Obj { out, first: true }
}

impl Obj<'_> {
    #[inline(never)]
    fn key(&mut self, key: &str) -> &mut String {
        self.out.push_str(if self.first { "\"" } else { ",\"" });
        self.first = false;
        self.out.push_str(key);
        self.out.push_str("\":");
        self.out
    }

    fn field<T: ToJson + ?Sized>(mut self, key: &str, value: &T) -> Self {
        value.write_json(self.key(key));
        self
    }

    /// The field only when `value` is `Some` (serde's `skip_serializing_if = "Option::is_none"`).
    fn some<T: ToJson>(self, key: &str, value: &Option<T>) -> Self {
        match value {
            Some(v) => self.field(key, v),
            None => self,
        }
    }

    /// The field only when the list is not empty.
    fn nonempty<T: ToJson>(self, key: &str, value: &[T]) -> Self {
        if value.is_empty() {
            self
        } else {
            self.field(key, value)
        }
    }

    fn end(self) {
        self.out.push('}');
    }
}

impl ToJson for str {
    fn write_json(&self, out: &mut String) {
        string(out, self);
    }
}

impl ToJson for String {
    fn write_json(&self, out: &mut String) {
        string(out, self);
    }
}

impl ToJson for bool {
    fn write_json(&self, out: &mut String) {
        out.push_str(if *self { "true" } else { "false" });
    }
}

macro_rules! json_integers {
    ($f:ident: $($t:ty),*) => {$(
        impl ToJson for $t {
            fn write_json(&self, out: &mut String) {
                $f(out, (*self).try_into().unwrap_or_default());
            }
        }
    )*};
}
json_integers!(unsigned: u8, u16, u32, u64, usize);
json_integers!(signed: i8, i16, i32, i64);

impl<T: ToJson + ?Sized> ToJson for &T {
    fn write_json(&self, out: &mut String) {
        (**self).write_json(out);
    }
}

/// `None` is `null`, as serde writes a field that is not skipped.
impl<T: ToJson> ToJson for Option<T> {
    fn write_json(&self, out: &mut String) {
        match self {
            Some(v) => v.write_json(out),
            None => out.push_str("null"),
        }
    }
}

impl<T: ToJson> ToJson for [T] {
    fn write_json(&self, out: &mut String) {
        out.push('[');
        for (i, v) in self.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            v.write_json(out);
        }
        out.push(']');
    }
}

impl<T: ToJson> ToJson for Vec<T> {
    fn write_json(&self, out: &mut String) {
        self.as_slice().write_json(out);
    }
}

/// An enum written as one of its names.
macro_rules! json_names {
    ($($t:ty => |$v:ident| $name:expr;)*) => {$(
        impl ToJson for $t {
            fn write_json(&self, out: &mut String) {
                let $v = *self;
                string(out, $name);
            }
        }
    )*};
}
json_names! {
    Player => |p| p.name();
    Role => |r| r.name();
    ResultReason => |r| r.code();
    Rules => |r| r.name();
    SeatStatus => |s| s.name();
    EntryKind => |k| kind_name(k);
    ScoreReason => |r| match r {
        ScoreReason::Capture => "capture",
        ScoreReason::Checkmate => "checkmate",
        ScoreReason::DoubleCheck => "double-check",
        ScoreReason::TripleCheck => "triple-check",
        ScoreReason::Stalemate => "stalemate",
        ScoreReason::KingCapture => "king-capture",
        ScoreReason::Draw => "draw",
        ScoreReason::Survivor => "survivor",
    };
    EliminationReason => |r| match r {
        EliminationReason::Checkmated => "checkmated",
        EliminationReason::Stalemated => "stalemated",
        EliminationReason::KingCaptured => "king-captured",
    };
}

fn kind_name(k: EntryKind) -> &'static str {
    match k {
        EntryKind::Move => "move",
        EntryKind::Resign => "resign",
        EntryKind::Timeout => "timeout",
        EntryKind::Random => "random",
    }
}

/// A role as its UCI letter (`"q"`), as `role::serialize_letter(s)` write it.
struct Letter(Role);

impl ToJson for Letter {
    fn write_json(&self, out: &mut String) {
        let mut b = [0u8; 4];
        string(out, self.0.char().encode_utf8(&mut b));
    }
}

/// Name/value pairs written as one JSON object, in their order (PGN headers:
/// `{"White":"Ada","Event":"Club night"}`), as serde_json writes a map of them.
pub(crate) struct JsonObject<'a>(pub &'a [(String, String)]);

impl ToJson for JsonObject<'_> {
    fn write_json(&self, out: &mut String) {
        out.push('{');
        for (i, (name, value)) in self.0.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            string(out, name);
            out.push(':');
            string(out, value);
        }
        out.push('}');
    }
}

// Each record is taken apart with a pattern that names every field: a field added to a
// record is then a compile error here, not a key silently missing from the JS objects.

impl ToJson for MoveRecord {
    fn write_json(&self, out: &mut String) {
        let MoveRecord {
            player,
            kind,
            from,
            to,
            promotion,
            uci,
            san,
            piece,
            captured,
            check,
            checks,
            points,
            scoring,
            eliminated,
        } = self;
        obj(out)
            .field("player", player)
            .field("kind", kind)
            .field("from", from)
            .field("to", to)
            .some("promotion", &promotion.map(Letter))
            .field("uci", uci)
            .field("san", san)
            .field("piece", piece.map_or("", Role::name))
            .some("captured", captured)
            .field("check", check)
            .field("checks", checks)
            .field("points", points)
            .field("scoring", scoring)
            .field("eliminated", eliminated)
            .end();
    }
}

impl ToJson for ScoreChange {
    fn write_json(&self, out: &mut String) {
        let ScoreChange {
            player,
            points,
            reason,
        } = self;
        obj(out)
            .field("player", player)
            .field("points", points)
            .field("reason", reason)
            .end();
    }
}

impl ToJson for Elimination {
    fn write_json(&self, out: &mut String) {
        let Elimination { player, reason } = self;
        obj(out)
            .field("player", player)
            .field("reason", reason)
            .end();
    }
}

impl ToJson for Score {
    fn write_json(&self, out: &mut String) {
        let Score {
            player,
            points: p,
            checks,
            status,
            place,
        } = self;
        let mut o = obj(out).field("player", player);
        points(o.key("points"), *p);
        o.some("checks", checks)
            .some("status", status)
            .some("place", place)
            .end();
    }
}

impl ToJson for GameResult {
    fn write_json(&self, out: &mut String) {
        let GameResult {
            winners,
            reason,
            scores,
        } = self;
        obj(out)
            .field("winners", winners)
            .field("reason", reason)
            .field("scores", scores)
            .end();
    }
}

impl ToJson for Status {
    fn write_json(&self, out: &mut String) {
        let Status {
            turn,
            in_check,
            over,
            result,
            can_claim_draw,
        } = self;
        obj(out)
            .field("turn", turn)
            .field("inCheck", in_check)
            .field("over", over)
            .some("result", result)
            .field("canClaimDraw", can_claim_draw)
            .end();
    }
}

impl ToJson for BoardPiece {
    fn write_json(&self, out: &mut String) {
        let BoardPiece {
            square,
            piece,
            color,
            grey,
        } = self;
        let o = obj(out)
            .field("square", square)
            .field("piece", piece)
            .field("color", color);
        if *grey { o.field("grey", &true) } else { o }.end();
    }
}

impl ToJson for CastlingRight {
    fn write_json(&self, out: &mut String) {
        let CastlingRight { player, side, rook } = self;
        obj(out)
            .field("player", player)
            .field("side", &side.name())
            .field("rook", rook)
            .end();
    }
}

/// `validate_fen`'s answer as `validateFen` returns it: `{"ok":true,"fen":...}` or
/// `{"ok":false,"code":...,"message":...}`.
impl ToJson for Result<String, crate::error::FenError> {
    fn write_json(&self, out: &mut String) {
        match self {
            Ok(fen) => obj(out).field("ok", &true).field("fen", fen).end(),
            Err(e) => obj(out)
                .field("ok", &false)
                .field("code", e.problem.code())
                .field("message", &e.message)
                .end(),
        }
    }
}

impl ToJson for PositionView {
    fn write_json(&self, out: &mut String) {
        let PositionView {
            ply,
            fen,
            turn,
            board,
            last_move,
        } = self;
        obj(out)
            .field("ply", ply)
            .field("fen", fen)
            .field("turn", turn)
            .field("board", board)
            .some("lastMove", last_move)
            .end();
    }
}

impl ToJson for Analysis {
    fn write_json(&self, out: &mut String) {
        let Analysis {
            best,
            score,
            mate,
            depth,
            nodes,
            pv,
            lines,
        } = self;
        let o = obj(out)
            .field("move", best)
            .field("score", score)
            .some("mate", mate)
            .field("depth", depth)
            .field("nodes", nodes)
            .field("pv", pv);
        if lines.is_empty() {
            o
        } else {
            o.field("lines", lines)
        }
        .end();
    }
}

impl ToJson for Line {
    fn write_json(&self, out: &mut String) {
        let Line { score, mate, pv } = self;
        obj(out)
            .field("score", score)
            .some("mate", mate)
            .field("pv", pv)
            .end();
    }
}

impl ToJson for Facts {
    fn write_json(&self, out: &mut String) {
        let Facts {
            files,
            ranks,
            hill,
            finish_rank,
            promotions,
            claimable_draws,
            counts_checks,
            points,
        } = self;
        let mut o = obj(out)
            .field("files", files)
            .field("ranks", ranks)
            .field("hill", hill)
            .field("finishRank", finish_rank);
        let list = o.key("promotions");
        list.push('[');
        for (i, r) in promotions.iter().enumerate() {
            if i > 0 {
                list.push(',');
            }
            Letter(*r).write_json(list);
        }
        list.push(']');
        o.field("claimableDraws", claimable_draws)
            .field("countsChecks", counts_checks)
            .field("points", points)
            .end();
    }
}

impl ToJson for GameInfo {
    fn write_json(&self, out: &mut String) {
        let GameInfo {
            kind,
            id,
            variant,
            rules,
            pgn_variant,
            label,
            online,
            times_out,
        } = self;
        obj(out)
            .field("id", id)
            .field("variant", variant)
            .some("rules", rules)
            .field("players", kind.players())
            .field("playOrder", kind.play_order())
            .field("pgnVariant", pgn_variant)
            .field("label", label)
            .field("online", online)
            .field("timesOut", times_out)
            .field("facts", &kind.facts())
            .end();
    }
}

impl ToJson for SavedGame {
    fn write_json(&self, out: &mut String) {
        let SavedGame {
            format,
            version,
            kind,
            seed,
            start_fen,
            first_player,
            move_limit,
            moves,
            declared,
            headers,
            movetext,
            path,
            source_tags,
        } = self;
        let headers = (!headers.is_empty()).then(|| JsonObject(headers));
        let source_tags = (!source_tags.is_empty()).then(|| JsonObject(source_tags));
        obj(out)
            .field("format", format)
            .field("version", version)
            .field("variant", kind.variant_name())
            .some("rules", &kind.rules())
            .field("seed", seed)
            .field("startFen", start_fen)
            .some("firstPlayer", first_player)
            .some("moveLimit", move_limit)
            .field("moves", moves)
            .some("declared", declared)
            .some("headers", &headers)
            .some("movetext", movetext)
            .some("path", path)
            .some("sourceTags", &source_tags)
            .end();
    }
}

impl ToJson for SavedResult {
    fn write_json(&self, out: &mut String) {
        let SavedResult { winner, reason } = self;
        obj(out)
            .some("winner", winner)
            .field("reason", reason)
            .end();
    }
}

/// A game's move tree for `tree()`, flat so that no JSON nests deeper than three levels
/// however long the game (a JS parser may recurse): `[{fen, comment?}, [parent, move,
/// notes], ...]`, the root first, then every move node in preorder, each after its parent
/// and its siblings in `children` order; `parent` is the index of the parent's entry (0: the
/// root), `move` the move's record, `notes` its annotations. `js/tablero.js` nests them.
pub(crate) struct TreeJson<'a> {
    /// The tree.
    pub tree: &'a Tree,
    /// The record of each node ([`crate::Game::tree_moves`]).
    pub moves: Vec<Option<MoveRecord>>,
    /// The start position.
    pub fen: String,
}

impl ToJson for TreeJson<'_> {
    fn write_json(&self, out: &mut String) {
        let tree = self.tree;
        out.push('[');
        obj(out)
            .field("fen", &self.fen)
            .some("comment", &tree.root().comment)
            .end();
        let mut index = vec![0u32; tree.len() + 1];
        let mut next = 1;
        let mut stack: Vec<NodeId> = tree.root().children().iter().rev().copied().collect();
        while let Some(id) = stack.pop() {
            index[id.index()] = next;
            next += 1;
            let n = tree.node(id);
            out.push_str(",[");
            let parent = n.parent().map_or(0, |p| index[p.index()]);
            unsigned(out, u64::from(parent));
            out.push(',');
            self.moves
                .get(id.index())
                .cloned()
                .flatten()
                .write_json(out);
            out.push(',');
            Notes(n).write_json(out);
            out.push(']');
            stack.extend(n.children().iter().rev().copied());
        }
        out.push(']');
    }
}

/// What is written about a move, as `tree()` gives it: `{nags, comment?, commentBefore?,
/// clock?, emt?, eval?, arrows?, highlights?, commands?}`.
struct Notes<'a>(&'a Node);

impl ToJson for Notes<'_> {
    fn write_json(&self, out: &mut String) {
        let n = self.0;
        let eval = n.eval.map(EvalJson);
        obj(out)
            .field("nags", &n.nags)
            .some("comment", &n.comment)
            .some("commentBefore", &n.comment_before)
            .some("clock", &n.clock)
            .some("emt", &n.emt)
            .some("eval", &eval)
            .nonempty("arrows", &n.arrows)
            .nonempty("highlights", &n.highlights)
            .nonempty("commands", &n.commands)
            .end();
    }
}

struct EvalJson(Eval);

impl ToJson for EvalJson {
    fn write_json(&self, out: &mut String) {
        let (cp, mate) = match self.0.score {
            TreeScore::Cp(c) => (Some(c), None),
            TreeScore::Mate(m) => (None, Some(m)),
        };
        obj(out)
            .some("cp", &cp)
            .some("mate", &mate)
            .some("depth", &self.0.depth)
            .end();
    }
}

impl ToJson for Arrow {
    fn write_json(&self, out: &mut String) {
        let mut c = [0u8; 4];
        obj(out)
            .field("color", self.color.encode_utf8(&mut c) as &str)
            .field("from", &self.from)
            .field("to", &self.to)
            .end();
    }
}

impl ToJson for Highlight {
    fn write_json(&self, out: &mut String) {
        let mut c = [0u8; 4];
        obj(out)
            .field("color", self.color.encode_utf8(&mut c) as &str)
            .field("square", &self.square)
            .end();
    }
}

impl ToJson for Command {
    fn write_json(&self, out: &mut String) {
        obj(out)
            .field("name", &self.name)
            .field("value", &self.value)
            .end();
    }
}

/// Moves in the packed form `js/tablero.js` decodes into `Move` objects (the object form of
/// `legalMoves`): one line per move, fields separated by tabs: player, kind, from, to,
/// promotion letter, uci, san, piece, captured, check (`1` or empty), checks (comma-joined),
/// points, and the JSON `[scoring, eliminated]` when either is non-empty. The engine writes
/// every one of these texts itself (no user text), and JSON text has no raw tab or newline.
///
/// Why: `JSON.parse` of 20 moves cost more than generating them; object literals of a fixed
/// shape built in JS cost a third of that (docs/BENCHMARKS.md, "JS boundary").
pub(crate) fn moves_packed(moves: &[MoveRecord]) -> String {
    let mut out = String::with_capacity(moves.len() * 48);
    for (i, m) in moves.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let name = |r: Option<Role>| r.map_or("", Role::name);
        let mut letter = [0u8; 4];
        let promotion: &str = match m.promotion {
            Some(r) => r.char().encode_utf8(&mut letter),
            None => "",
        };
        for f in [
            m.player.name(),
            kind_name(m.kind),
            &m.from,
            &m.to,
            promotion,
            &m.uci,
            &m.san,
            name(m.piece),
            name(m.captured),
            if m.check { "1" } else { "" },
        ] {
            out.push_str(f);
            out.push('\t');
        }
        for (j, p) in m.checks.iter().enumerate() {
            if j > 0 {
                out.push(',');
            }
            out.push_str(p.name());
        }
        out.push('\t');
        signed(&mut out, i64::from(m.points));
        out.push('\t');
        if !m.scoring.is_empty() || !m.eliminated.is_empty() {
            out.push('[');
            m.scoring.write_json(&mut out);
            out.push(',');
            m.eliminated.write_json(&mut out);
            out.push(']');
        }
    }
    out
}

#[cfg(test)]
mod tests;
