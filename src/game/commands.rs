//! The values of the PGN commands the move tree types (`[%clk]`, `[%emt]`, `[%eval]`, and the
//! shapes of `[%cal]`/`[%csl]`): read by the movetext reader, written by its writer.

use super::tree::{self, Eval, MAX_CLOCK_MS, MAX_SHAPES, Score};

/// Digits only, 1 to `max` of them.
pub(super) fn digits(s: &str, max: usize) -> Option<u64> {
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
    let mut out = Vec::new();
    push_clock(&mut out, ms);
    ascii_text(&out)
}

/// ASCII bytes as text.
fn ascii_text(b: &[u8]) -> String {
    b.iter().map(|&c| char::from(c)).collect()
}

/// Appends [`format_clock`]'s text (the writer builds bytes, see `movetext_writer`).
pub(super) fn push_clock(out: &mut Vec<u8>, ms: u64) {
    let (h, m, s, f) = (ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000);
    push_number(out, h, 1);
    out.push(b':');
    push_number(out, m, 2);
    out.push(b':');
    push_number(out, s, 2);
    if f > 0 {
        out.push(b'.');
        push_number(out, f, 3);
        while out.last() == Some(&b'0') {
            out.pop();
        }
    }
}

/// `t` without its sign, and whether the sign was `-`.
pub(super) fn signed(t: &str) -> (bool, &str) {
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
    let mut out = Vec::new();
    push_eval(&mut out, e);
    ascii_text(&out)
}

/// Appends [`format_eval`]'s text.
pub(super) fn push_eval(out: &mut Vec<u8>, e: &Eval) {
    let (sign, a) = match e.score {
        Score::Cp(cp) => (cp < 0, cp.unsigned_abs()),
        Score::Mate(m) => {
            out.push(b'#');
            (m < 0, m.unsigned_abs())
        }
    };
    if sign {
        out.push(b'-');
    }
    match e.score {
        Score::Cp(_) => {
            push_number(out, u64::from(a / 100), 1);
            out.push(b'.');
            push_number(out, u64::from(a % 100), 2);
        }
        Score::Mate(_) => push_number(out, u64::from(a), 1),
    }
    if let Some(d) = e.depth {
        out.push(b',');
        push_number(out, u64::from(d), 1);
    }
}

/// Appends `n` in decimal, zero-padded to `width` digits: `write!(out, "{n:0width$}")`
/// without the formatting machinery, which the writer would otherwise run for every clock,
/// evaluation, move number and NAG of an export (docs/BENCHMARKS.md, "PGN import and
/// export").
pub(super) fn push_number(out: &mut Vec<u8>, n: u64, width: usize) {
    // Most numbers of an export are clock fields, move numbers and NAGs below 100.
    if n < 100 && width <= 2 {
        let n = n as u8;
        if n >= 10 || width == 2 {
            out.extend_from_slice(&[b'0' + n / 10, b'0' + n % 10]);
        } else {
            out.push(b'0' + n);
        }
        return;
    }
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    let mut n = n;
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for _ in digits.len() - i..width {
        out.push(b'0');
    }
    out.extend_from_slice(&digits[i..]);
}

/// The comma-separated shapes of a `%cal` (`squares` 2) or `%csl` (1) value; `None` if any
/// is malformed or there are more than [`MAX_SHAPES`].
pub(super) fn parse_shapes(v: &str, squares: usize) -> Option<Vec<(char, &str, &str)>> {
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
