//! Ids, tokens, hashing and time.

use sha2::{Digest, Sha256};

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
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
