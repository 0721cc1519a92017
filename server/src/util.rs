//! Ids, tokens, hashing and time.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicI64, Ordering};

use sha2::{Digest, Sha256};
use tokio::sync::watch;

/// The manual clock (`--clock manual`): its time, and a channel that ticks when it moves.
struct Manual {
    now: AtomicI64,
    moved: watch::Sender<i64>,
}

static MANUAL: OnceLock<Manual> = OnceLock::new();

fn wall_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

/// The server's time: milliseconds since the Unix epoch, or the manual clock's time once
/// [`manual_clock`] was called (tests drive it with [`advance`]).
pub fn now_ms() -> i64 {
    match MANUAL.get() {
        Some(m) => m.now.load(Ordering::SeqCst),
        None => wall_ms(),
    }
}

/// Switches the process to a manual clock that starts at the wall time and moves only by
/// [`advance`]: nothing the rooms do then depends on wall time.
pub fn manual_clock() {
    let now = wall_ms();
    let _ = MANUAL.set(Manual {
        now: AtomicI64::new(now),
        moved: watch::channel(now).0,
    });
}

static BOOT: OnceLock<i64> = OnceLock::new();

/// The server's time when the process started serving (set once by `main`).
pub fn boot_ms() -> i64 {
    *BOOT.get_or_init(now_ms)
}

/// Is the clock manual?
pub fn is_manual() -> bool {
    MANUAL.get().is_some()
}

/// Moves the manual clock `ms` forward (never back) and wakes every room; returns the new
/// time. `None` without a manual clock.
pub fn advance(ms: i64) -> Option<i64> {
    let m = MANUAL.get()?;
    let now = m.now.fetch_add(ms.max(0), Ordering::SeqCst) + ms.max(0);
    m.moved.send_replace(now);
    Some(now)
}

/// A receiver that changes whenever the manual clock moves (`None` with the wall clock).
pub fn clock_moved() -> Option<watch::Receiver<i64>> {
    MANUAL.get().map(|m| m.moved.subscribe())
}

/// `n` random bytes from the operating system, as URL-safe base64 without padding.
pub fn random_id(n: usize) -> String {
    let mut bytes = vec![0u8; n];
    // The OS generator failing is not something a server can recover from sensibly; an id
    // of zeros would be guessable, so refuse to continue instead.
    getrandom::fill(&mut bytes).expect("the operating system's random generator failed");
    base64url(&bytes)
}

/// A random 64-bit seed.
pub fn random_seed() -> i64 {
    let mut b = [0u8; 8];
    getrandom::fill(&mut b).expect("the operating system's random generator failed");
    // Kept within 53 bits so that it survives a JSON round trip through JavaScript.
    (u64::from_le_bytes(b) >> 11) as i64
}

fn base64url(bytes: &[u8]) -> String {
    const A: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut out = String::with_capacity(bytes.len() * 4 / 3 + 2);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        let chars = chunk.len() + 1;
        for i in 0..chars {
            out.push(A[(n >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    out
}

/// SHA-256 of a token, hex. Tokens carry 192 random bits, so a fast unsalted hash is
/// enough: there is no dictionary to try.
pub fn token_hash(token: &str) -> String {
    let d = Sha256::digest(token.as_bytes());
    d.iter().map(|b| format!("{b:02x}")).collect()
}

/// Is `id` shaped like an id this server hands out (URL-safe base64, not too long)?
pub fn plausible_id(id: &str) -> bool {
    (1..=64).contains(&id.len())
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_long_and_distinct() {
        let a = random_id(16);
        assert_eq!(a.len(), 22);
        assert_ne!(a, random_id(16));
        assert!(
            a.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        );
    }

    #[test]
    fn base64url_matches_known_vectors() {
        assert_eq!(base64url(b"foobar"), "Zm9vYmFy");
        assert_eq!(base64url(b"fo"), "Zm8");
        assert_eq!(base64url(&[0xfb, 0xff]), "-_8");
    }
}
