//! Substring search by bytes, for the few places that look for a word inside a text, and
//! messages put together from parts ([`cat`]).
//!
//! A `&str` pattern (`text.contains("xK")`, `text.replace("xP", "x")`) brings the standard
//! library's two-way string searcher into the wasm: about 2 KB of code (1 KB gzip) for needles
//! of a few bytes in short texts. These loops are as fast there and share one copy.

/// The byte offset of the first `needle` in `hay`, as [`str::find`] with a `&str` pattern.
pub(crate) fn find(hay: &str, needle: &str) -> Option<usize> {
    if needle.is_empty() {
        return Some(0);
    }
    hay.as_bytes()
        .windows(needle.len())
        .position(|w| w == needle.as_bytes())
}

/// Whether `hay` holds `needle`, as [`str::contains`] with a `&str` pattern.
pub(crate) fn contains(hay: &str, needle: &str) -> bool {
    find(hay, needle).is_some()
}

/// `hay` with every `from` replaced by `to`, left to right, as [`str::replace`] with a
/// non-empty `&str` pattern. Only PGN4 writing needs it.
#[cfg(any(feature = "four", test))]
pub(crate) fn replace(hay: &str, from: &str, to: &str) -> String {
    let mut out = String::with_capacity(hay.len());
    let mut rest = hay;
    while let Some(i) = find(rest, from).filter(|_| !from.is_empty()) {
        out.push_str(&rest[..i]);
        out.push_str(to);
        rest = &rest[i + from.len()..];
    }
    out.push_str(rest);
    out
}

/// The parts one after the other: a message put together without `format!`, whose argument
/// machinery costs code at every call site (docs/BENCHMARKS.md, "Package size").
pub(crate) fn cat(parts: &[&str]) -> String {
    let mut out = String::new();
    for p in parts {
        out.push_str(p);
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn agrees_with_the_standard_library() {
        let texts = ["", "x", "QxPm6", "xPxPxP", "éxP→xP", "Nxk4xK", "axxPb"];
        for hay in texts {
            for needle in ["xP", "xK", "x", "é", "", "xPxP"] {
                assert_eq!(
                    super::find(hay, needle),
                    hay.find(needle),
                    "{hay:?} {needle:?}"
                );
                assert_eq!(super::contains(hay, needle), hay.contains(needle));
                if !needle.is_empty() {
                    assert_eq!(super::replace(hay, needle, "x"), hay.replace(needle, "x"));
                    assert_eq!(super::replace(hay, needle, ""), hay.replace(needle, ""));
                }
            }
        }
    }
}
