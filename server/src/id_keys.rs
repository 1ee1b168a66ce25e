//! Identification numbers (and the documents an applicant sends) at rest: AES-256-GCM (the `aes-gcm` crate), a random 96-bit nonce per
//! value, the application's reference as associated data (a ciphertext copied to another row
//! does not open there), and the key's id stored beside the ciphertext so keys can rotate:
//! new values use the first key of `ID_ENCRYPTION_KEYS`, old ones open with the key they name.

use std::collections::HashMap;

use aes_gcm::aead::{Aead, KeyInit, Payload};
use aes_gcm::{Aes256Gcm, Nonce};
use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;

/// The development key's id, used when `ID_ENCRYPTION_KEYS` is not set (with a warning).
pub const DEV_KEY_ID: &str = "dev";

fn derive(cipher: &Aes256Gcm, label: &str) -> Vec<u8> {
    use sha2::{Digest, Sha256};
    let digest = Sha256::digest(label.as_bytes());
    let sealed = cipher
        .encrypt(Nonce::from_slice(&digest[..12]), [0u8; 32].as_slice())
        .expect("AES-GCM encrypts 32 bytes");
    sealed[..32].to_vec()
}

/// The configured keys.
#[derive(Clone)]
pub struct IdKeys {
    current: String,
    keys: HashMap<String, Aes256Gcm>,
}

impl std::fmt::Debug for IdKeys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never the keys themselves.
        f.debug_struct("IdKeys")
            .field("current", &self.current)
            .field("ids", &self.keys.keys().collect::<Vec<_>>())
            .finish()
    }
}

/// An encrypted value as stored: nonce and ciphertext (with its tag), and the key's id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sealed {
    pub ciphertext: Vec<u8>,
    pub key_id: String,
}

impl IdKeys {
    /// Reads `id:base64key,id:base64key` (32-byte keys; the first encrypts new values).
    pub fn parse(text: &str) -> Result<Self, String> {
        let mut keys = HashMap::new();
        let mut current = None;
        for entry in text.split(',').map(str::trim).filter(|e| !e.is_empty()) {
            let (id, key) = entry
                .split_once(':')
                .ok_or("ID_ENCRYPTION_KEYS: each entry is id:base64key")?;
            let id = id.trim();
            if id.is_empty() || !id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-') {
                return Err("ID_ENCRYPTION_KEYS: a key id is letters, digits and '-'".into());
            }
            let bytes = STANDARD
                .decode(key.trim())
                .map_err(|_| format!("ID_ENCRYPTION_KEYS: key `{id}` is not base64"))?;
            if bytes.len() != 32 {
                return Err(format!("ID_ENCRYPTION_KEYS: key `{id}` is not 32 bytes"));
            }
            let cipher = Aes256Gcm::new_from_slice(&bytes).map_err(|e| e.to_string())?;
            if keys.insert(id.to_owned(), cipher).is_some() {
                return Err(format!("ID_ENCRYPTION_KEYS: key `{id}` appears twice"));
            }
            current.get_or_insert_with(|| id.to_owned());
        }
        let current = current.ok_or("ID_ENCRYPTION_KEYS: no key")?;
        Ok(Self { current, keys })
    }

    /// A fixed, publicly known key for local runs and tests only.
    pub fn development() -> Self {
        Self::parse(&format!("{DEV_KEY_ID}:{}", STANDARD.encode([7u8; 32])))
            .expect("the development key is well formed")
    }

    /// A 32-byte secret for `label`, derived from the current key (e.g. the HMAC key of the
    /// sign-in decoys): the key stream of the current key under a nonce fixed by the label, which
    /// only a holder of the key can compute; never stored, never sent.
    pub fn derive_secret(&self, label: &str) -> Vec<u8> {
        derive(&self.keys[&self.current], label)
    }

    /// The secret for `label` under every configured key, the current key's first: a value keyed
    /// before a rotation (an idempotency fingerprint) still matches while its key is listed.
    pub fn derive_secrets(&self, label: &str) -> Vec<Vec<u8>> {
        let mut ids: Vec<&String> = self.keys.keys().filter(|id| **id != self.current).collect();
        ids.sort();
        std::iter::once(&self.current)
            .chain(ids)
            .map(|id| derive(&self.keys[id], label))
            .collect()
    }

    /// The id new values are encrypted with.
    pub fn current_id(&self) -> &str {
        &self.current
    }

    /// Encrypts `plaintext` for the row of `reference` with the current key.
    pub fn seal(&self, plaintext: &str, reference: &str) -> Result<Sealed, String> {
        self.seal_bytes(plaintext.as_bytes(), reference)
    }

    /// Encrypts bytes (a document) with the current key; `context` is the associated data that
    /// must be given again to open them (it names the application and the document).
    pub fn seal_bytes(&self, plaintext: &[u8], context: &str) -> Result<Sealed, String> {
        let cipher = &self.keys[&self.current];
        let mut nonce = [0u8; 12];
        getrandom::fill(&mut nonce).map_err(|e| format!("no randomness: {e}"))?;
        let body = cipher
            .encrypt(
                Nonce::from_slice(&nonce),
                Payload {
                    msg: plaintext,
                    aad: context.as_bytes(),
                },
            )
            .map_err(|_| "encryption failed".to_owned())?;
        let mut ciphertext = nonce.to_vec();
        ciphertext.extend(body);
        Ok(Sealed {
            ciphertext,
            key_id: self.current.clone(),
        })
    }

    /// Decrypts a stored value of the row of `reference`.
    pub fn open(&self, sealed: &Sealed, reference: &str) -> Result<String, String> {
        let plain = self.open_bytes(sealed, reference)?;
        String::from_utf8(plain).map_err(|_| "not UTF-8".to_owned())
    }

    /// Decrypts bytes sealed by [`IdKeys::seal_bytes`] with the same `context`.
    pub fn open_bytes(&self, sealed: &Sealed, context: &str) -> Result<Vec<u8>, String> {
        let cipher = self
            .keys
            .get(&sealed.key_id)
            .ok_or_else(|| format!("no key `{}` is configured", sealed.key_id))?;
        if sealed.ciphertext.len() < 12 + 16 {
            return Err("ciphertext too short".into());
        }
        let (nonce, body) = sealed.ciphertext.split_at(12);
        cipher
            .decrypt(
                Nonce::from_slice(nonce),
                Payload {
                    msg: body,
                    aad: context.as_bytes(),
                },
            )
            .map_err(|_| "the value does not decrypt with its key".to_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seals_and_opens_with_rotation() {
        let old = IdKeys::parse(&format!("k1:{}", STANDARD.encode([1u8; 32]))).unwrap();
        let sealed = old.seal("PA1234567", "BKS-1").unwrap();
        assert_eq!(sealed.key_id, "k1");
        assert!(!sealed.ciphertext.windows(9).any(|w| w == b"PA1234567"));
        assert_eq!(old.open(&sealed, "BKS-1").unwrap(), "PA1234567");
        // Another row's reference: refused.
        assert!(old.open(&sealed, "BKS-2").is_err());
        // After rotation the new key encrypts and the old one still opens.
        let both = IdKeys::parse(&format!(
            "k2:{},k1:{}",
            STANDARD.encode([2u8; 32]),
            STANDARD.encode([1u8; 32])
        ))
        .unwrap();
        assert_eq!(both.current_id(), "k2");
        assert_eq!(both.open(&sealed, "BKS-1").unwrap(), "PA1234567");
        assert_eq!(both.seal("X", "BKS-1").unwrap().key_id, "k2");
        // Two seals of one value differ (random nonce).
        assert_ne!(both.seal("X", "R").unwrap(), both.seal("X", "R").unwrap());
    }

    #[test]
    fn documents_open_only_in_their_own_context() {
        let keys = IdKeys::development();
        let bytes = b"%PDF-1.7 a document's bytes, not text \xff\x00".to_vec();
        let sealed = keys.seal_bytes(&bytes, "BKS-1/information/1/1").unwrap();
        assert!(!sealed.ciphertext.windows(9).any(|w| w == b"%PDF-1.7 "));
        assert_eq!(
            keys.open_bytes(&sealed, "BKS-1/information/1/1").unwrap(),
            bytes
        );
        assert!(keys.open_bytes(&sealed, "BKS-1/information/1/2").is_err());
        assert!(keys.open_bytes(&sealed, "BKS-2/information/1/1").is_err());
    }

    #[test]
    fn bad_key_lists_are_refused() {
        for bad in ["", "k1", "k1:notbase64!", "k1:AAAA", "k 1:AAAA"] {
            assert!(IdKeys::parse(bad).is_err(), "{bad}");
        }
        let key = STANDARD.encode([1u8; 32]);
        assert!(IdKeys::parse(&format!("a:{key},a:{key}")).is_err());
    }
}
