//! Random secrets (session cookies, invitation and status links, ceremony ids): 32 random
//! bytes, sent as base64url, stored only as their SHA-256.

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use sha2::{Digest, Sha256};

/// A new secret: the text to hand out and the hash to store.
pub fn new_token() -> Result<(String, Vec<u8>), String> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).map_err(|e| format!("no randomness: {e}"))?;
    let text = URL_SAFE_NO_PAD.encode(bytes);
    let hash = hash_token(&text);
    Ok((text, hash))
}

/// The stored form of a handed-out secret.
pub fn hash_token(text: &str) -> Vec<u8> {
    Sha256::digest(text.as_bytes()).to_vec()
}

/// True when `text` has the shape of a token (43 base64url characters), so nothing else is
/// ever looked up.
pub fn looks_like_token(text: &str) -> bool {
    text.len() == 43
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_random_and_hashed() {
        let (a, ha) = new_token().unwrap();
        let (b, hb) = new_token().unwrap();
        assert_ne!(a, b);
        assert_ne!(ha, hb);
        assert!(looks_like_token(&a));
        assert_eq!(ha, hash_token(&a));
        assert_eq!(ha.len(), 32);
        assert!(!looks_like_token("short"));
        assert!(!looks_like_token(&format!("{}!", &a[..42])));
    }
}
