//! The arbiter's X25519 key pair, to which envelopes are encrypted, and
//! fresh randomness for keys and salts.

use std::fmt;

use ed25519_dalek::SigningKey;
use hpke::{kem::X25519HkdfSha256, Deserializable, Kem, Serializable};
use zeroize::{Zeroize, Zeroizing};

use crate::{hex, EnvelopeError};

pub(crate) type HpkePublic = <X25519HkdfSha256 as Kem>::PublicKey;
pub(crate) type HpkeSecret = <X25519HkdfSha256 as Kem>::PrivateKey;

/// The arbiter's X25519 public key: enough to seal an envelope, never to
/// open one. A server holds this (and its own Ed25519 signing key), never
/// the [`SecretKey`].
#[derive(Clone, PartialEq, Eq)]
pub struct PublicKey(pub(crate) HpkePublic);

/// The arbiter's X25519 secret key: the only thing that opens an envelope.
/// Its `Debug` shows the public half only; it is wiped when dropped.
#[derive(Clone)]
pub struct SecretKey {
    secret: HpkeSecret,
    public: PublicKey,
}

/// 32 bytes from the operating system's random number generator.
pub(crate) fn random32() -> Result<Zeroizing<[u8; 32]>, EnvelopeError> {
    let mut bytes = Zeroizing::new([0u8; 32]);
    getrandom::fill(bytes.as_mut()).map_err(|e| EnvelopeError::Random(e.to_string()))?;
    Ok(bytes)
}

fn key_error(what: &str, e: hpke::HpkeError) -> EnvelopeError {
    EnvelopeError::Malformed(format!("{what}: {e}"))
}

impl PublicKey {
    /// The key from its 32 bytes (RFC 7748 encoding).
    pub fn from_bytes(bytes: &[u8; 32]) -> Result<PublicKey, EnvelopeError> {
        HpkePublic::from_bytes(bytes)
            .map(PublicKey)
            .map_err(|e| key_error("X25519 public key", e))
    }

    /// Its 32 bytes (RFC 7748 encoding).
    pub fn to_bytes(&self) -> [u8; 32] {
        let mut out = [0u8; 32];
        out.copy_from_slice(&self.0.to_bytes());
        out
    }
}

impl fmt::Debug for PublicKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PublicKey({})", hex(&self.to_bytes()))
    }
}

impl SecretKey {
    /// A fresh key pair, derived (RFC 9180 DeriveKeyPair) from 32 bytes of
    /// the operating system's randomness.
    pub fn generate() -> Result<SecretKey, EnvelopeError> {
        let ikm = random32()?;
        let (secret, public) = X25519HkdfSha256::derive_keypair(ikm.as_ref());
        Ok(SecretKey {
            secret,
            public: PublicKey(public),
        })
    }

    /// The key from its 32 bytes (clamped, as RFC 9180 says).
    pub fn from_bytes(bytes: &[u8; 32]) -> Result<SecretKey, EnvelopeError> {
        let secret =
            HpkeSecret::from_bytes(bytes).map_err(|e| key_error("X25519 secret key", e))?;
        let public = PublicKey(X25519HkdfSha256::sk_to_pk(&secret));
        Ok(SecretKey { secret, public })
    }

    /// Its 32 bytes, wiped when the result is dropped.
    pub fn to_bytes(&self) -> Zeroizing<[u8; 32]> {
        let mut bytes = self.secret.to_bytes();
        let mut out = Zeroizing::new([0u8; 32]);
        out.copy_from_slice(&bytes);
        bytes.zeroize();
        out
    }

    /// The public half, to which envelopes are sealed.
    pub fn public_key(&self) -> &PublicKey {
        &self.public
    }

    pub(crate) fn hpke(&self) -> &HpkeSecret {
        &self.secret
    }
}

impl fmt::Debug for SecretKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SecretKey")
            .field("secret", &format_args!("<redacted>"))
            .field("public", &self.public)
            .finish()
    }
}

/// A fresh Ed25519 signing key from the operating system's randomness.
pub fn generate_signing_key() -> Result<SigningKey, EnvelopeError> {
    Ok(SigningKey::from_bytes(&*random32()?))
}
