//! The PGN / PGN4 headers (tag pairs) a [`Game`] carries: player names, event, date, any tag
//! a user sets or an imported PGN brought, written back on export.
//!
//! The engines write the tags that describe the game itself (`Result`, `Variant`, `FEN`,
//! `StartFen4`, ...); those are computed from the game at every export and cannot be set, so
//! a header can never contradict the moves. Every other tag is the caller's: it is kept in
//! the order it was first set or read, and replaces the engine's placeholder (`[White "?"]`)
//! where the engine writes one.

use super::Game;
use crate::{error::Error, kind::GameKind, pgn_tags};

/// Tag pairs in order: `(name, value)`.
pub type Headers = Vec<(String, String)>;

/// The longest header name accepted.
const MAX_NAME: usize = 255;

/// The tags an engine writes from the game of `kind` itself.
fn computed(kind: GameKind) -> &'static [&'static str] {
    if kind.rules().is_some() {
        &[
            "Variant",
            "RuleVariants",
            "StartFen4",
            "MoveLimit",
            "Result",
            "Termination",
        ]
    } else {
        &["Result", "Variant", "FEN", "SetUp"]
    }
}

fn is_computed(kind: GameKind, name: &str) -> bool {
    computed(kind).iter().any(|c| c.eq_ignore_ascii_case(name))
}

/// The headers of an imported PGN / PGN4 text: its tags but the computed ones, the roster's
/// "unknown" placeholders, and those [`Game::set_headers`] would refuse (a name that is no
/// PGN tag name), so that whatever a game carries it can save and restore. A text whose tags cannot be read gives none (its
/// import fails anyway).
pub(super) fn read(kind: GameKind, text: &str) -> Headers {
    let Ok((tags, _)) = pgn_tags::split(text) else {
        return Headers::new();
    };
    let mut headers = Headers::new();
    for (name, value) in tags {
        if check(kind, &name, Some(&value)).is_ok() && !is_placeholder(kind, &name, &value) {
            put(&mut headers, name, Some(value));
        }
    }
    headers
}

/// A two-player roster tag with the "unknown" value the export writes for it anyway
/// (`[White "?"]`, `[Date "????.??.??"]`), so it is no header of the game. Another spelling
/// (`[Date "?"]`) is the file's own and kept, so that a save keeps it too.
fn is_placeholder(kind: GameKind, name: &str, value: &str) -> bool {
    const ROSTER: [&str; 6] = ["Event", "Site", "Date", "Round", "White", "Black"];
    let default = if name.eq_ignore_ascii_case("Date") {
        "????.??.??"
    } else {
        "?"
    };
    kind.rules().is_none()
        && value == default
        && ROSTER.iter().any(|r| r.eq_ignore_ascii_case(name))
}

/// Sets (`Some`) or removes (`None`) header `name`, keeping its place when it exists.
fn put(headers: &mut Headers, name: String, value: Option<String>) {
    let at = headers
        .iter()
        .position(|(k, _)| k.eq_ignore_ascii_case(&name));
    match (at, value) {
        (Some(i), Some(v)) => headers[i] = (name, v),
        (Some(i), None) => {
            headers.remove(i);
        }
        (None, Some(v)) => headers.push((name, v)),
        (None, None) => {}
    }
}

/// Checks one header a caller sets: a PGN tag name (letters, digits, `_`) that the game does
/// not compute, and a value on one line.
fn check(kind: GameKind, name: &str, value: Option<&str>) -> Result<(), Error> {
    if name.is_empty()
        || name.len() > MAX_NAME
        || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
    {
        let shown = crate::error::first_chars(name, 60);
        return Err(Error::formatted(
            crate::error::ErrorKind::InvalidArgument,
            format_args!(
                "header name must be 1 to {MAX_NAME} letters, digits or underscores (a PGN tag name such as \"White\"), got {shown:?}"
            ),
        ));
    }
    if is_computed(kind, name) {
        return Err(Error::formatted(
            crate::error::ErrorKind::InvalidArgument,
            format_args!(
                "header {name:?} is written from the game itself ({} are); set other headers such as \"White\" or \"Event\"",
                computed(kind).join(", ")
            ),
        ));
    }
    if value.is_some_and(|v| v.contains(['\n', '\r'])) {
        return Err(Error::formatted(
            crate::error::ErrorKind::InvalidArgument,
            format_args!("header {name:?} must be one line of text, got a value with a line break"),
        ));
    }
    Ok(())
}

/// `tags` (an engine's tag section: `[Name "value"]` lines, then a blank line) with `headers`
/// written in: each replaces the engine's tag of the same name, the rest follow the engine's
/// tags in order. The engine's own lines are copied as they are, not read and written again
/// (docs/BENCHMARKS.md, "PGN import and export").
fn write(tags: String, headers: &Headers) -> String {
    if headers.is_empty() {
        return tags;
    }
    let mut out = String::with_capacity(tags.len() + 64 * headers.len());
    let mut used = vec![false; headers.len()];
    let mut rest = tags.as_str();
    while rest.starts_with('[') {
        let end = rest.find('\n').map_or(rest.len(), |i| i + 1);
        let line = &rest[..end];
        let name = line[1..].split(' ').next().unwrap_or_default();
        match headers
            .iter()
            .position(|(k, _)| k.eq_ignore_ascii_case(name))
        {
            Some(i) => {
                used[i] = true;
                pgn_tags::write(&mut out, &headers[i].0, &headers[i].1);
            }
            None => out.push_str(line),
        }
        rest = &rest[end..];
    }
    for ((name, value), used) in headers.iter().zip(used) {
        if !used {
            pgn_tags::write(&mut out, name, value);
        }
    }
    out.push_str(rest);
    out
}

impl Game {
    /// The headers the game carries, in order: those set with [`Game::set_headers`] and those
    /// read from an imported PGN / PGN4, but never the tags the game writes from itself
    /// (`Result`, `Variant`, `FEN`, `SetUp`; four players: `Variant`, `RuleVariants`,
    /// `StartFen4`, `MoveLimit`, `Result`, `Termination`).
    pub fn headers(&self) -> &[(String, String)] {
        &self.headers
    }

    /// Sets headers for [`Game::pgn`] (`("White", Some("Ada"))`), or removes them (`None`).
    /// Names compare without case; a header keeps its place when it is set again. All or
    /// nothing: errors (`invalid-argument`) for a name that is not a PGN tag name, a tag the
    /// game writes from itself (`Result`, ...), or a value with a line break.
    pub fn set_headers<'a, I>(&mut self, headers: I) -> Result<(), Error>
    where
        I: IntoIterator<Item = (&'a str, Option<&'a str>)>,
    {
        let changes: Vec<_> = headers.into_iter().collect();
        let kind = self.kind();
        for &(name, value) in &changes {
            check(kind, name, value)?;
        }
        for (name, value) in changes {
            put(
                &mut self.headers,
                name.to_string(),
                value.map(str::to_string),
            );
        }
        Ok(())
    }

    /// The game as PGN (PGN4 for four players), with its headers, comments, NAGs,
    /// commands and variations: [`Game::pgn_with`] the default options.
    pub fn pgn(&self) -> String {
        self.pgn_with(&super::PgnOptions::default())
    }

    /// The game as PGN (PGN4 for four players): the tags of the game at the end of the main
    /// line (the seven-tag roster first, then the game's own tags, then every other header
    /// as read or set), and the move tree written by [`super::movetext::write`], with what
    /// `opts` keeps.
    pub fn pgn_with(&self, opts: &super::PgnOptions) -> String {
        let main = self.mainline_engine();
        let engine = match &main {
            Ok(inner) => inner.engine(),
            // The tree's moves were checked when they entered it: they replay.
            Err(_) => self.engine(),
        };
        // The headers merge into the engine's tag section alone: the move text, most of the
        // export, is not read again (docs/BENCHMARKS.md, "PGN import and export").
        let tags = write(engine.pgn_tags(&self.source), &self.headers);
        // One buffer for the whole export, sized for a move with a clock and an evaluation.
        let mut out = tags.into_bytes();
        out.reserve(self.tree.len() * 40 + 16);
        super::line::write_into(
            &mut out,
            &self.tree,
            engine.dialect(),
            opts,
            engine.result_token(),
        );
        out.push(b'\n');
        super::movetext::utf8(out)
    }

    /// Headers restored from a save: checked like [`Game::set_headers`]' (`invalid-argument`).
    pub(super) fn restore_headers(&mut self, headers: &Headers) -> Result<(), Error> {
        self.set_headers(headers.iter().map(|(k, v)| (k.as_str(), Some(v.as_str()))))
            .map_err(|e| {
                Error::formatted(
                    crate::error::ErrorKind::InvalidArgument,
                    format_args!("corrupt saved game: {}", e.message),
                )
            })
    }
}
