//! Splitting a text that holds several PGN (or PGN4) games into one text per game.
//!
//! A database export, a tournament file or a chess.com download holds many games one after
//! the other; [`crate::Game::new`] reads exactly one and refuses more (issue 14), so that a
//! file is never silently cut to its first game. [`split_pgn`] is the way to read them all.

/// Splits `text` into the texts of the games it holds, first to last, each trimmed of the
/// blank lines around it; `[]` for a text with no game (only whitespace).
///
/// A game ends where the next one begins: at a tag line (`[Name "value"]`) that follows move
/// text, or at the first token after a game-termination marker (`1-0`, `0-1`, `1/2-1/2`,
/// `*`). Comments (`{...}`, `; ...`), variations and escape lines (`%...`) never split a
/// game, even when they hold such text. The games themselves are not read: a malformed game
/// is still one entry, refused later by whatever imports it.
///
/// ```
/// let games = tablero::split_pgn("[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. d4 *\n");
/// assert_eq!(games, ["[Event \"a\"]\n\n1. e4 e5 *", "[Event \"b\"]\n\n1. d4 *"]);
/// ```
pub fn split_pgn(text: &str) -> Vec<String> {
    let mut games = Vec::new();
    let mut start = 0;
    for cut in game_starts(text) {
        push_game(&mut games, &text[start..cut]);
        start = cut;
    }
    push_game(&mut games, &text[start..]);
    games
}

/// How many games `text` holds ([`split_pgn`]'s count, without copying them).
pub(crate) fn count_games(text: &str) -> usize {
    let mut bounds = vec![0];
    bounds.extend(game_starts(text));
    bounds.push(text.len());
    bounds
        .windows(2)
        .filter(|w| !trim(&text[w[0]..w[1]]).is_empty())
        .count()
}

/// `s` without the white space and byte-order marks around it (files joined together carry
/// a BOM at the start of each).
fn trim(s: &str) -> &str {
    s.trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}')
}

fn push_game(games: &mut Vec<String>, text: &str) {
    let t = trim(text);
    if !t.is_empty() {
        games.push(t.to_string());
    }
}

/// The byte offsets at which a new game begins (never 0). A scan of bytes: every character
/// that matters (brackets, braces, `;`, `%`, the result tokens) is ASCII.
fn game_starts(text: &str) -> Vec<usize> {
    let b = text.as_bytes();
    let mut cuts = Vec::new();
    // Inside a `{...}` comment, which may span lines.
    let mut in_comment = false;
    // Move text (anything but tag, escape and blank lines) has been seen in this game.
    let mut moves_seen = false;
    // A termination marker ended this game: the next token starts another.
    let mut ended = false;
    let mut depth = 0usize;
    let mut token: Option<usize> = None;
    let mut line_start = true;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if in_comment {
            in_comment = c != b'}';
            i += 1;
            continue;
        }
        if line_start {
            line_start = false;
            let mut first = i;
            loop {
                if matches!(b.get(first), Some(b' ' | b'\t')) {
                    first += 1;
                } else if b[first..].starts_with(BOM) {
                    first += BOM.len();
                } else {
                    break;
                }
            }
            if matches!(b.get(first), Some(b'[' | b'%')) {
                if b[first] == b'[' && (moves_seen || ended) {
                    cuts.push(i);
                    (moves_seen, ended, depth) = (false, false, 0);
                }
                // The whole line is a tag or an escape: skip it.
                i = first + b[first..].iter().take_while(|&&x| x != b'\n').count();
                continue;
            }
        }
        if c == 0xEF && b[i..].starts_with(BOM) {
            // A byte-order mark in the middle of a file is white space.
            if let Some(t) = token.take() {
                ended |= depth == 0 && is_termination(&b[t..i]);
            }
            i += BOM.len();
            continue;
        }
        if c.is_ascii_whitespace() || matches!(c, b'{' | b';' | b'(' | b')') {
            if let Some(t) = token.take() {
                ended |= depth == 0 && is_termination(&b[t..i]);
            }
            match c {
                b'{' => in_comment = true,
                b';' => {
                    i += b[i..].iter().take_while(|&&x| x != b'\n').count();
                    continue;
                }
                b'(' => (depth, moves_seen) = (depth + 1, true),
                b')' => (depth, moves_seen) = (depth.saturating_sub(1), true),
                b'\n' => line_start = true,
                _ => {}
            }
        } else if token.is_none() {
            if ended {
                cuts.push(i);
                (ended, depth) = (false, 0);
            }
            token = Some(i);
            moves_seen = true;
        }
        i += 1;
    }
    cuts
}

/// The UTF-8 byte-order mark.
const BOM: &[u8] = "\u{feff}".as_bytes();

fn is_termination(token: &[u8]) -> bool {
    matches!(token, b"1-0" | b"0-1" | b"1/2-1/2" | b"*")
}
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_split_at_tags_and_results() {
        let two = "[Event \"a\"]\n[White \"x\"]\n\n1. e4 e5 1-0\n\n\n[Event \"b\"]\n\n1. d4 *\n";
        assert_eq!(
            split_pgn(two),
            [
                "[Event \"a\"]\n[White \"x\"]\n\n1. e4 e5 1-0",
                "[Event \"b\"]\n\n1. d4 *"
            ]
        );
        assert_eq!(count_games(two), 2);
        // No tags: the result token ends the game.
        assert_eq!(split_pgn("1. e4 1-0 1. d4 0-1"), ["1. e4 1-0", "1. d4 0-1"]);
        // No result: the next tag section does.
        assert_eq!(
            split_pgn("[A \"1\"]\n1. e4\n[A \"2\"]\n1. d4\n"),
            ["[A \"1\"]\n1. e4", "[A \"2\"]\n1. d4"]
        );
    }

    #[test]
    fn comments_and_variations_do_not_split() {
        let one =
            "[A \"1\"]\n\n1. e4 {a comment\n[Not \"a tag\"] 1-0 } e5 (1... d5 *) ; 0-1\n2. Nf3 *\n";
        assert_eq!(split_pgn(one), [one.trim()]);
        assert_eq!(count_games(one), 1);
        let escape = "%escape 1-0\n1. e4 *";
        assert_eq!(split_pgn(escape).len(), 1);
    }

    #[test]
    fn byte_order_marks_are_white_space() {
        let text = "\u{feff}[Event \"a\"]\r\n\r\n1. e4 e5 1-0\r\n\r\n\u{feff}[Event \"b\"]\r\n\r\n1. d4 *\r\n";
        assert_eq!(
            split_pgn(text),
            [
                "[Event \"a\"]\r\n\r\n1. e4 e5 1-0",
                "[Event \"b\"]\r\n\r\n1. d4 *"
            ]
        );
        assert_eq!(count_games(text), 2);
        assert_eq!(count_games("\u{feff}\n"), 0);
    }

    #[test]
    fn empty_and_single_texts() {
        assert!(split_pgn("").is_empty());
        assert!(split_pgn(" \n\n").is_empty());
        assert_eq!(count_games(" \n"), 0);
        assert_eq!(count_games("1. e4 *\n\n"), 1);
        assert_eq!(count_games("1. e4"), 1);
        for text in [
            "",
            "x",
            "1-0",
            "[A \"1\"]\n1. e4 *\n[B \"2\"]\n1. d4 *\n* *",
        ] {
            assert_eq!(count_games(text), split_pgn(text).len(), "{text:?}");
        }
    }
}
