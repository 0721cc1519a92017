//! The tag section of PGN and PGN4: `[Name "value"]` lines, read and written the same way for
//! both (values escape `\` and `"` with a backslash).

use crate::error::Error;

/// Tag pairs in file order.
pub type Tags = Vec<(String, String)>;

/// Splits a PGN or PGN4 text into its tag pairs (values unescaped) and its move text. Tag
/// lines are the lines starting with `[` (after any byte-order mark) before the move text
/// begins; lines starting with `%` (escape lines) are dropped. Errors: `invalid-pgn` for a malformed tag line.
// Not inlined: it has three callers, and a copy in each costs the wasm package a kilobyte.
#[inline(never)]
pub fn split(text: &str) -> Result<(Tags, String), Error> {
    let mut tags = Vec::new();
    let mut movetext = String::new();
    for line in text.lines() {
        // A UTF-8 byte-order mark before a tag line (a file's start, or files joined
        // together) is no part of it.
        let t = line.trim().trim_start_matches('\u{feff}').trim_start();
        if t.starts_with('[') && movetext.trim().is_empty() {
            tags.push(parse_tag(t)?);
        } else if !t.starts_with('%') {
            movetext.push_str(line);
            movetext.push('\n');
        }
    }
    Ok((tags, movetext))
}

/// The value of tag `name` (names compare case-insensitively).
pub fn get<'a>(tags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    tags.iter()
        .find(|(k, _)| k.eq_ignore_ascii_case(name))
        .map(|(_, v)| v.as_str())
}

/// Writes one tag line, `[Name "value"]\n`, escaping the value.
pub fn write(out: &mut String, name: &str, value: &str) {
    out.push('[');
    out.push_str(name);
    out.push_str(" \"");
    // Runs without a character to escape are copied whole (the export writes a tag section
    // per game: docs/BENCHMARKS.md, "PGN import and export").
    let mut rest = value;
    while let Some(i) = rest.bytes().position(|b| b == b'\\' || b == b'"') {
        out.push_str(&rest[..i]);
        out.push('\\');
        out.push(char::from(rest.as_bytes()[i]));
        rest = &rest[i + 1..];
    }
    out.push_str(rest);
    out.push_str("\"]\n");
}

fn parse_tag(line: &str) -> Result<(String, String), Error> {
    let malformed = || {
        Error::formatted(
            crate::error::ErrorKind::InvalidPgn,
            format_args!("malformed tag line {line:?}"),
        )
    };
    let inner = line
        .strip_prefix('[')
        .and_then(|s| s.strip_suffix(']'))
        .ok_or_else(malformed)?;
    let (name, value) = inner.split_once(' ').ok_or_else(malformed)?;
    let quoted = value
        .trim()
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .ok_or_else(|| {
            Error::formatted(
                crate::error::ErrorKind::InvalidPgn,
                format_args!("tag {name} value must be quoted"),
            )
        })?;
    let mut value = String::with_capacity(quoted.len());
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => value.push(chars.next().unwrap_or('\\')),
            c => value.push(c),
        }
    }
    Ok((name.to_string(), value))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_round_trip_through_escapes() {
        for v in ["plain", "say \"hi\"", "back\\slash", "both \\\" end\\"] {
            let mut line = String::new();
            write(&mut line, "Event", v);
            let (tags, rest) = split(&line).unwrap();
            assert_eq!(tags, [("Event".to_string(), v.to_string())], "{line}");
            assert!(rest.is_empty());
        }
    }

    #[test]
    fn tags_stop_at_the_move_text() {
        let (tags, moves) = split("[A \"1\"]\n%escape\n\n1. e4 [x]\n").unwrap();
        assert_eq!(get(&tags, "a"), Some("1"));
        assert_eq!(moves.trim(), "1. e4 [x]");
        assert!(split("[A 1]").is_err());
        assert!(split("[A]").is_err());
        assert!(split("[A \"1\"").is_err());
    }
}
