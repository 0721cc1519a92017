//! Names people can trust: one display name per person, readable, and never a disguise.
//!
//! A name is normalised (Unicode NFC, trimmed, every run of inner whitespace one space) and
//! refused when it holds a control or format character (categories Cc and Cf: bidi
//! overrides that make "evil" read "live", zero-width characters that make a blank or a
//! twin name) or when it has no letter or digit. Two names are the same name when their
//! [`key`]s are equal (case-insensitive), and the store keeps keys unique.

use unicode_normalization::UnicodeNormalization;
use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};

/// Longest name, in characters (after normalising).
pub const MAX_CHARS: usize = 24;

/// Why a name is refused (the API answers 400 `bad-name` with the message).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadName(pub String);

/// The name as stored and shown: NFC, trimmed, inner whitespace collapsed; or why not.
pub fn clean(raw: &str) -> Result<String, BadName> {
    let nfc: String = raw.nfc().collect();
    if let Some(c) = nfc.chars().find(|&c| {
        !c.is_whitespace()
            && matches!(
                c.general_category(),
                GeneralCategory::Control | GeneralCategory::Format
            )
    }) {
        return Err(BadName(format!(
            "a name cannot contain invisible or control characters (U+{:04X})",
            c as u32
        )));
    }
    // Tabs and newlines are whitespace and control: they are collapsed, not refused.
    let name = nfc.split_whitespace().collect::<Vec<_>>().join(" ");
    let n = name.chars().count();
    if n == 0 || n > MAX_CHARS {
        return Err(BadName(format!("a name is 1 to {MAX_CHARS} characters")));
    }
    if !name.chars().any(char::is_alphanumeric) {
        return Err(BadName("a name needs a letter or a digit".into()));
    }
    Ok(name)
}

/// The name's identity for uniqueness: its lower case (full Unicode case mapping), so that
/// "Ana", "ANA" and "ana" are one name.
pub fn key(name: &str) -> String {
    name.nfc().collect::<String>().to_lowercase()
}

/// The name shown for a player whose name an older database shares with an earlier
/// player: the name and the first characters of the id (`len` of them), "Ana #b3Jx".
pub fn with_suffix(name: &str, id: &str, len: usize) -> String {
    let tag: String = id.chars().take(len).collect();
    format!("{name} #{tag}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_normalised() {
        assert_eq!(clean("  Ana   María \t López ").unwrap(), "Ana María López");
        // "e" + combining acute becomes the one precomposed "é" (NFC).
        assert_eq!(clean("Jose\u{301}").unwrap(), "Jos\u{e9}");
        assert_eq!(clean("大 王").unwrap(), "大 王");
        assert_eq!(clean(&"ü".repeat(24)).unwrap().chars().count(), 24);
    }

    #[test]
    fn disguises_are_refused() {
        for bad in [
            "\u{200B}",          // zero-width space only
            "Ana\u{200B}",       // a twin of "Ana"
            "evi\u{202E}l",      // right-to-left override
            "\u{2066}x\u{2069}", // isolates
            "a\u{0007}b",        // bell (Cc)
            "\u{FEFF}Bo",        // byte-order mark (Cf)
            "ab\u{00AD}c",       // soft hyphen (Cf)
            "---",               // no letter or digit
            "   ",               // empty once trimmed
            &"x".repeat(25),     // too long
        ] {
            assert!(clean(bad).is_err(), "{bad:?} should be refused");
        }
        assert_eq!(clean("R2-D2").unwrap(), "R2-D2");
        assert_eq!(clean("7").unwrap(), "7");
    }

    #[test]
    fn keys_ignore_case() {
        assert_eq!(key("Ana"), key("ANA"));
        assert_eq!(key("Zoë"), key("ZOË"));
        assert_ne!(key("Ana"), key("Anna"));
        assert_eq!(with_suffix("Ana", "b3Jx1QeS0w2vZ7xk", 4), "Ana #b3Jx");
    }
}
