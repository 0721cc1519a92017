//! What a word of PGN and PGN4 move text is: the lexicon shared by the movetext reader and the
//! tree's check of a move text ([`check_move_text`]), below both so neither imports the other.

use crate::error::{Error, ErrorKind};

/// The UTF-8 byte-order mark, white space to the reader wherever it stands.
/// The longest move text, in bytes (the longest real PGN4 move, `Qa11xRa9+#`, has 10).
pub const MAX_MOVE_BYTES: usize = 32;

pub(crate) const BOM: &[u8] = "\u{feff}".as_bytes();

/// What a word of the move text is.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Word<'a> {
    /// A move number, and what is glued after it.
    Number(&'a str),
    /// Dots alone.
    Placeholder,
    Result,
    /// A null move and its suffix annotation.
    Null(Option<u8>),
    /// A move and its suffix annotation.
    Move(&'a str, Option<u8>),
    /// A suffix annotation alone.
    Suffix(u8),
    /// A run of `!`/`?` that is none of the six.
    BadSuffix(&'a str),
}

pub(super) fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

/// The end of the word starting at `i`: white space (a byte-order mark too) or a character
/// of PGN's syntax ends it.
pub(super) fn word_end(b: &[u8], i: usize) -> usize {
    let mut j = i;
    while j < b.len() {
        let c = b[j];
        if is_space(c)
            || matches!(c, b'{' | b'}' | b'(' | b')' | b';' | b'$')
            || (c == 0xEF && b[j..].starts_with(BOM))
        {
            break;
        }
        j += 1;
    }
    j
}

/// The end of the line at `i` (the `\n`, or the end of the text).
pub(super) fn line_end(b: &[u8], i: usize) -> usize {
    i + b[i..].iter().take_while(|&&c| c != b'\n').count()
}

pub(super) fn is_result(w: &str) -> bool {
    if matches!(w, "1-0" | "0-1" | "1/2-1/2" | "*") {
        return true;
    }
    // chess.com's four scores; "0-0" and "0-0-0" are castling.
    w.bytes().filter(|&c| c == b'-').count() >= 3
        && w.split('-')
            .all(|p| !p.is_empty() && p.bytes().all(|c| c.is_ascii_digit()))
}

pub(super) fn suffix_nag(s: &str) -> Option<u8> {
    Some(match s {
        "!" => 1,
        "?" => 2,
        "!!" => 3,
        "??" => 4,
        "!?" => 5,
        "?!" => 6,
        _ => return None,
    })
}

pub(super) fn classify(w: &str) -> Word<'_> {
    if is_result(w) {
        return Word::Result;
    }
    if matches!(w, "--" | "Z0" | "0000" | "@@@@") {
        return Word::Null(None);
    }
    let b = w.as_bytes();
    if b.iter().all(|&c| c == b'.') {
        return Word::Placeholder;
    }
    let digits = b.iter().take_while(|c| c.is_ascii_digit()).count();
    if digits == b.len() {
        return Word::Number("");
    }
    if digits > 0 && b[digits] == b'.' {
        let dots = b[digits..].iter().take_while(|&&c| c == b'.').count();
        return Word::Number(&w[digits + dots..]);
    }
    let stem = w.trim_end_matches(['!', '?']);
    if stem.len() == w.len() {
        return Word::Move(w, None);
    }
    let Some(nag) = suffix_nag(&w[stem.len()..]) else {
        return Word::BadSuffix(&w[stem.len()..]);
    };
    if stem.is_empty() {
        return Word::Suffix(nag);
    }
    // An annotated move or null move; anything else with a suffix ("1-0!") is no move.
    match classify(stem) {
        Word::Move(m, None) => Word::Move(m, Some(nag)),
        Word::Null(None) => Word::Null(Some(nag)),
        _ => Word::BadSuffix(w),
    }
}

/// `Ok` when [`read`] would read `text` alone as the move `text` (or `--`): what
/// [`Tree::add`] accepts. Errors: `invalid-argument` naming the problem.
pub(crate) fn check_move_text(text: &str) -> Result<(), Error> {
    let bad = |why: &str| {
        Error::formatted(
            ErrorKind::InvalidArgument,
            format_args!("move text {:?} {why}", crate::error::first_chars(text, 40)),
        )
    };
    if text.len() > MAX_MOVE_BYTES {
        return Err(bad(&format!("is longer than {MAX_MOVE_BYTES} bytes")));
    }
    let b = text.as_bytes();
    if b.is_empty() || word_end(b, 0) != b.len() || b.starts_with(BOM) {
        return Err(bad(
            "must be one word: no white space or { } ( ) ; $, not empty",
        ));
    }
    if b.starts_with(b"%") || b.starts_with(b"[") {
        return Err(bad("cannot start with % or ["));
    }
    match classify(text) {
        Word::Null(None) if text == "--" => Ok(()),
        Word::Move(m, None) if m == text => Ok(()),
        Word::Null(None) => Err(bad("is a null move: write it --")),
        Word::Move(..) | Word::Suffix(_) | Word::BadSuffix(_) => {
            Err(bad("ends in ! or ?: give annotations as NAGs"))
        }
        _ => Err(bad(
            "is a move number, a result or a placeholder, not a move",
        )),
    }
}
