//! The sealed-move envelope (FIDE Laws 2005, Annex A2; 1930, art. 21.2–21.3),
//! as cryptography over bytes and plain types: no file, no printing.
//!
//! At adjournment the player having the move writes it down and seals it in
//! an envelope that the arbiter keeps; nobody may consult the move before
//! resumption. The envelope shows in clear the players' names, the position
//! at adjournment, the time used by each player, who sealed, the move number,
//! a pending draw offer, and the date, time and place of resumption.
//!
//! An [`Envelope`] holds
//!
//! * the clear part ([`EnvelopeInfo`]), readable by anyone;
//! * the [`Commitment`] to the move (`arbitre_laws::seal`, the one the
//!   engine's stored game keeps), in clear: SHA-256 over a domain tag, a
//!   secret 32-byte salt and the move as written;
//! * the salt and the move, padded to a fixed length (so that the length of
//!   the ciphertext does not betray the move's), encrypted with HPKE
//!   (RFC 9180) in base mode to the arbiter's X25519 [`PublicKey`]:
//!   DHKEM(X25519, HKDF-SHA256), HKDF-SHA256, ChaCha20-Poly1305, with
//!   `info` = [`HPKE_INFO`] and the canonical clear part and commitment as
//!   associated data, so that the ciphertext cannot be moved under another
//!   clear part;
//! * which public key it was sealed to, and the HPKE encapsulated key;
//! * an Ed25519 signature over the canonical encoding of all of that
//!   ([`Envelope::signed_bytes`]), and the verifying key of the signer.
//!
//! # Who holds which key
//!
//! * The arbiter holds the X25519 [`SecretKey`]: only it opens envelopes.
//! * Whoever *seals* holds the arbiter's [`PublicKey`] and an Ed25519
//!   [`SigningKey`] of its own, and *signs*: the `arbitre` command line with
//!   the arbiter's own signing key, a server with the server's. Sealing
//!   needs no secret of the arbiter's: a server that seals cannot open what
//!   it sealed, nor any other envelope ([`open`] wants the [`SecretKey`];
//!   nothing else opens).
//! * Whoever checks an envelope needs the signer's [`VerifyingKey`], from a
//!   source it trusts: [`verify`] checks the signature against it. HPKE's
//!   base mode does not say who encrypted (anyone with the public key can),
//!   so the signature is what says who sealed; [`open`] therefore takes a
//!   [`Verified`] envelope, which only [`verify`] gives.
//!
//! A server that seals can refuse to seal, seal another move than the one it
//! was given, or sign a false clear part: the signature makes it answerable
//! for what it signed (the commitment shown at sealing lets the player check
//! the move at opening), but it cannot learn a move sealed by someone else
//! nor change an envelope without its signature failing.
//!
//! ```
//! use arbitre_envelope::{generate_signing_key, open, seal, verify, SecretKey};
//! # let info = arbitre_envelope::EnvelopeInfo {
//! #     players: Default::default(),
//! #     fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1".into(),
//! #     time_used: Default::default(), remaining: Default::default(),
//! #     sealer: arbitre_envelope::Side::Black, move_number: 1, draw_offer: None,
//! #     resume_at: "tomorrow 10:00".into(), place: "here".into(), edition: "2005".into(),
//! # };
//! let arbiter = SecretKey::generate()?;
//! let server = generate_signing_key()?;
//! // the server: the arbiter's public key and its own signing key
//! let envelope = seal(info, "c5", arbiter.public_key(), &server)?;
//! let file = envelope.to_json();
//! // the arbiter: the server's verifying key and the secret key
//! let envelope = arbitre_envelope::Envelope::from_json(file.as_bytes())?;
//! let opened = open(&verify(&envelope, &server.verifying_key())?, &arbiter)?;
//! assert_eq!(opened.text(), "c5");
//! assert!(envelope.commitment().opens(opened.salt(), "c5"));
//! # Ok::<(), arbitre_envelope::EnvelopeError>(())
//! ```
//!
//! A public key does not open anything:
//!
//! ```compile_fail
//! # fn f(v: &arbitre_envelope::Verified<'_>, k: &arbitre_envelope::PublicKey) {
//! let _ = arbitre_envelope::open(v, k);
//! # }
//! ```
//!
//! No function here panics on bad input: every failure is an
//! [`EnvelopeError`] that says what was wrong. `Debug` shows neither a
//! secret key nor the move.

use std::fmt;

pub use arbitre_laws::seal::{Commitment, Salt, SealedText};
use ed25519_dalek::{Signature, Signer};
pub use ed25519_dalek::{SigningKey, VerifyingKey};
use hpke::{
    aead::ChaCha20Poly1305, kdf::HkdfSha256, kem::X25519HkdfSha256, Deserializable, Kem, OpModeR,
    OpModeS, Serializable,
};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use zeroize::Zeroizing;

mod codec;
mod info;
mod keys;

pub use info::{
    millis, name as side_name, EnvelopeInfo, Players, Side, Times, MAX_SECONDS, MAX_TEXT_BYTES,
};
pub use keys::{generate_signing_key, PublicKey, SecretKey};

use info::put;

/// The format tag of an envelope; part of everything signed.
pub const FORMAT: &str = "arbitre-envelope/2";
/// The format tag of the envelopes of earlier versions, which used a
/// symmetric key; refused with [`EnvelopeError::OldFormat`].
pub const FORMAT_1: &str = "arbitre-envelope/1";
/// HPKE's `info`: a domain tag with the format version.
pub const HPKE_INFO: &[u8] = b"arbitre-envelope/2 sealed move";
/// Longest sealed move accepted, in bytes of UTF-8.
pub const MAX_MOVE_BYTES: usize = 222;
/// Longest envelope JSON that [`Envelope::from_json`] reads, in bytes.
pub const MAX_JSON_BYTES: usize = 64 * 1024;

const SALT_LEN: usize = 32;
const TAG_LEN: usize = 16;
/// Salt, a two-byte length, the move, zero padding.
const PLAINTEXT_LEN: usize = SALT_LEN + 2 + MAX_MOVE_BYTES;
/// Length of every envelope's ciphertext, whatever the move.
pub const CIPHERTEXT_LEN: usize = PLAINTEXT_LEN + TAG_LEN;

const AAD_TAG: &[u8] = b"arbitre-envelope/2 associated data";
const SIGN_TAG: &[u8] = b"arbitre-envelope/2 signature";

type EncappedKey = <X25519HkdfSha256 as Kem>::EncappedKey;

/// Everything that can go wrong with an envelope.
#[derive(Debug, thiserror::Error)]
pub enum EnvelopeError {
    /// The clear part or the move given to [`seal`] is not acceptable.
    #[error("cannot seal: {0}")]
    InvalidInput(String),
    /// The envelope is not a well-formed envelope of this format.
    #[error("malformed envelope: {0}")]
    Malformed(String),
    /// The envelope is in format 1, which this version no longer reads.
    #[error(
        "the envelope format changed: this envelope is in format {FORMAT_1:?}, which earlier \
         versions of arbitre wrote with the arbiter's symmetric key (whoever sealed could also \
         open); this version reads format {FORMAT:?} only, where the move is encrypted to the \
         arbiter's public key (HPKE) so that sealing needs no secret of the arbiter's. Open it \
         with the version of arbitre and the key that sealed it"
    )]
    OldFormat,
    /// The signature does not verify: the envelope was altered after sealing.
    #[error("the envelope was altered: its signature does not verify against {checked_against}")]
    Altered {
        /// Which verifying key the signature was checked against.
        checked_against: String,
    },
    /// The envelope is intact but another key signed it, or it was sealed to
    /// another public key than the secret key given.
    #[error("wrong key: {0}")]
    WrongKey(String),
    /// The signed envelope names the secret key's public half as recipient
    /// but does not decrypt: its signer sealed it wrongly.
    #[error(
        "the envelope is signed and sealed to this key but does not decrypt with it: \
         whoever signed it sealed it wrongly"
    )]
    Undecryptable,
    /// The decrypted move does not match the commitment shown in clear.
    #[error(
        "commitment mismatch: the decrypted move does not hash to the commitment shown on the envelope"
    )]
    CommitmentMismatch,
    /// The operating system gave no randomness.
    #[error("no randomness from the operating system: {0}")]
    Random(String),
}

/// Why an envelope of format `found` is not read, if it is not.
fn format_error(found: &str) -> Option<EnvelopeError> {
    if found == FORMAT {
        None
    } else if found == FORMAT_1 {
        Some(EnvelopeError::OldFormat)
    } else {
        Some(EnvelopeError::Malformed(format!(
            "format is {found:?}, expected {FORMAT:?}"
        )))
    }
}

/// Lower-case hexadecimal.
fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A sealed-move envelope; JSON through serde or [`Envelope::from_json`]
/// and [`Envelope::to_json`].
#[derive(Clone)]
pub struct Envelope {
    info: EnvelopeInfo,
    commitment: Commitment,
    recipient: PublicKey,
    encapsulated_key: [u8; 32],
    ciphertext: Vec<u8>,
    signer: VerifyingKey,
    signature: [u8; 64],
}

/// The envelope as it is written: `format`, `info`, `commitment` (hex),
/// then base64 `recipient`, `encapsulated_key`, `ciphertext`, `signer`,
/// `signature`.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Wire {
    #[serde(deserialize_with = "codec::format::deserialize")]
    format: String,
    info: EnvelopeInfo,
    #[serde(with = "codec::commitment")]
    commitment: Commitment,
    #[serde(with = "codec::b64")]
    recipient: [u8; 32],
    #[serde(with = "codec::b64")]
    encapsulated_key: [u8; 32],
    #[serde(with = "codec::ciphertext")]
    ciphertext: Vec<u8>,
    #[serde(with = "codec::b64")]
    signer: [u8; 32],
    #[serde(with = "codec::b64")]
    signature: [u8; 64],
}

impl Envelope {
    fn to_wire(&self) -> Wire {
        Wire {
            format: FORMAT.into(),
            info: self.info.clone(),
            commitment: self.commitment,
            recipient: self.recipient.to_bytes(),
            encapsulated_key: self.encapsulated_key,
            ciphertext: self.ciphertext.clone(),
            signer: self.signer.to_bytes(),
            signature: self.signature,
        }
    }

    fn from_wire(w: Wire) -> Result<Envelope, EnvelopeError> {
        let bad = EnvelopeError::Malformed;
        if let Some(e) = format_error(&w.format) {
            return Err(e);
        }
        w.info.validate().map_err(|e| bad(format!("info: {e}")))?;
        if w.ciphertext.len() != CIPHERTEXT_LEN {
            return Err(bad(format!(
                "ciphertext is {} bytes, expected {CIPHERTEXT_LEN}",
                w.ciphertext.len()
            )));
        }
        let signer = VerifyingKey::from_bytes(&w.signer)
            .map_err(|_| bad("signer is not an Ed25519 public key".into()))?;
        Ok(Envelope {
            info: w.info.normalized(),
            commitment: w.commitment,
            recipient: PublicKey::from_bytes(&w.recipient)?,
            encapsulated_key: w.encapsulated_key,
            ciphertext: w.ciphertext,
            signer,
            signature: w.signature,
        })
    }

    /// Parses and checks the structure of an envelope (not its signature:
    /// see [`verify`]): at most [`MAX_JSON_BYTES`], strict fields, a valid
    /// clear part, sizes as sealed. A format-1 envelope is
    /// [`EnvelopeError::OldFormat`]; anything else wrong is
    /// [`EnvelopeError::Malformed`] with the path of the field.
    pub fn from_json(bytes: &[u8]) -> Result<Envelope, EnvelopeError> {
        if bytes.len() > MAX_JSON_BYTES {
            return Err(EnvelopeError::Malformed(format!(
                "{} bytes, more than the {MAX_JSON_BYTES} of any envelope",
                bytes.len()
            )));
        }
        let mut de = serde_json::Deserializer::from_slice(bytes);
        let parsed = serde_path_to_error::deserialize::<_, Wire>(&mut de)
            .map_err(|e| e.to_string())
            .and_then(|w| de.end().map(|()| w).map_err(|e| e.to_string()));
        match parsed {
            Ok(w) => Envelope::from_wire(w),
            // the format says more than the first difference found
            Err(e) => Err(peek_format(bytes).unwrap_or(EnvelopeError::Malformed(e))),
        }
    }

    /// The envelope as pretty-printed JSON ending with a newline.
    pub fn to_json(&self) -> String {
        let mut s = serde_json::to_string_pretty(&self.to_wire()).unwrap_or_default();
        s.push('\n');
        s
    }

    /// The clear part (times to the millisecond).
    pub fn info(&self) -> &EnvelopeInfo {
        &self.info
    }

    /// The commitment to the move, shown in clear.
    pub fn commitment(&self) -> Commitment {
        self.commitment
    }

    /// The public key the move is encrypted to.
    pub fn recipient(&self) -> &PublicKey {
        &self.recipient
    }

    /// The verifying key the envelope names as its signer: trust it only
    /// from another source (see [`verify`]).
    pub fn signer(&self) -> &VerifyingKey {
        &self.signer
    }

    /// The canonical bytes that are signed: a domain tag, then the format,
    /// the clear part (length-prefixed fields in a fixed order, times in
    /// whole milliseconds), the commitment, the recipient's public key, the
    /// HPKE encapsulated key, the ciphertext and the signer's verifying key,
    /// each prefixed with its length as a big-endian u64.
    pub fn signed_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        put(&mut out, SIGN_TAG);
        put(&mut out, FORMAT.as_bytes());
        let mut info = Vec::new();
        self.info.encode(&mut info);
        put(&mut out, &info);
        put(&mut out, &self.commitment.0);
        put(&mut out, &self.recipient.to_bytes());
        put(&mut out, &self.encapsulated_key);
        put(&mut out, &self.ciphertext);
        put(&mut out, self.signer.as_bytes());
        out
    }
}

/// The format of a JSON object that does not parse, if it names one this
/// version does not read.
fn peek_format(bytes: &[u8]) -> Option<EnvelopeError> {
    #[derive(Deserialize)]
    struct Peek {
        format: Option<serde_json::Value>,
    }
    let peek: Peek = serde_json::from_slice(bytes).ok()?;
    format_error(peek.format?.as_str()?)
}

/// The HPKE associated data: a domain tag, the format, the clear part and
/// the commitment.
fn associated_data(info: &EnvelopeInfo, commitment: &Commitment) -> Vec<u8> {
    let mut out = Vec::new();
    put(&mut out, AAD_TAG);
    put(&mut out, FORMAT.as_bytes());
    let mut clear = Vec::new();
    info.encode(&mut clear);
    put(&mut out, &clear);
    put(&mut out, &commitment.0);
    out
}

impl Serialize for Envelope {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.to_wire().serialize(s)
    }
}

impl<'de> Deserialize<'de> for Envelope {
    /// As [`Envelope::from_json`], without its size bound.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let wire = Wire::deserialize(d)?;
        Envelope::from_wire(wire).map_err(serde::de::Error::custom)
    }
}

/// Two envelopes are equal when they sign the same bytes with the same
/// signature.
impl PartialEq for Envelope {
    fn eq(&self, other: &Self) -> bool {
        self.signature == other.signature && self.signed_bytes() == other.signed_bytes()
    }
}
impl Eq for Envelope {}

impl fmt::Debug for Envelope {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Envelope")
            .field("info", &self.info)
            .field("commitment", &self.commitment)
            .field("recipient", &self.recipient)
            .field("encapsulated_key", &hex(&self.encapsulated_key))
            .field(
                "ciphertext",
                &format_args!("<{} bytes>", self.ciphertext.len()),
            )
            .field("signer", &hex(self.signer.as_bytes()))
            .field("signature", &hex(&self.signature))
            .finish()
    }
}

/// An envelope whose signature [`verify`] found good against a trusted key;
/// the only thing [`open`] opens.
#[derive(Clone, Copy, Debug)]
pub struct Verified<'a> {
    envelope: &'a Envelope,
}

impl<'a> Verified<'a> {
    /// The envelope.
    pub fn envelope(&self) -> &'a Envelope {
        self.envelope
    }
}

/// What [`open`] finds inside an envelope: the move and the salt, which
/// open its [`Commitment`]. `Debug` shows neither.
#[derive(Clone, PartialEq, Eq)]
pub struct Opened {
    text: SealedText,
    salt: Salt,
}

impl Opened {
    /// The sealed move, exactly as written.
    pub fn text(&self) -> &str {
        &self.text.0
    }

    /// The secret salt of the commitment.
    pub fn salt(&self) -> &Salt {
        &self.salt
    }

    /// The move and the salt, for the engine's opening event.
    pub fn into_parts(self) -> (SealedText, Salt) {
        (self.text, self.salt)
    }
}

impl fmt::Debug for Opened {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Opened")
            .field("text", &self.text)
            .field("salt", &self.salt)
            .finish()
    }
}

fn check_move(text: &str) -> Result<(), EnvelopeError> {
    let bad = |m: String| Err(EnvelopeError::InvalidInput(m));
    if text.trim().is_empty() {
        return bad("the sealed move is empty".into());
    }
    if text.len() > MAX_MOVE_BYTES {
        return bad(format!(
            "the sealed move is {} bytes long, more than {MAX_MOVE_BYTES}",
            text.len()
        ));
    }
    if let Some(c) = text.chars().find(|c| c.is_control()) {
        return bad(format!(
            "the sealed move contains the control character {c:?}"
        ));
    }
    Ok(())
}

/// Salt, the move's length as a big-endian u16, the move, zeros up to
/// `PLAINTEXT_LEN`. The move has been checked.
fn pad(salt: &Salt, text: &str) -> Zeroizing<Vec<u8>> {
    let mut plaintext = Zeroizing::new(Vec::with_capacity(PLAINTEXT_LEN));
    plaintext.extend_from_slice(&salt.0);
    // at most MAX_MOVE_BYTES, checked
    plaintext.extend_from_slice(&(text.len() as u16).to_be_bytes());
    plaintext.extend_from_slice(text.as_bytes());
    plaintext.resize(PLAINTEXT_LEN, 0);
    plaintext
}

fn unpad(plaintext: &[u8]) -> Result<Opened, EnvelopeError> {
    let bad = |m: &str| EnvelopeError::Malformed(format!("decrypted contents: {m}"));
    if plaintext.len() != PLAINTEXT_LEN {
        return Err(bad("wrong length"));
    }
    let (salt, rest) = plaintext.split_at(SALT_LEN);
    let (len, rest) = rest.split_at(2);
    let len = usize::from(u16::from_be_bytes([len[0], len[1]]));
    if len > MAX_MOVE_BYTES {
        return Err(bad("move length out of range"));
    }
    let (text, padding) = rest.split_at(len);
    if padding.iter().any(|&b| b != 0) {
        return Err(bad("non-zero padding"));
    }
    let text = std::str::from_utf8(text).map_err(|_| bad("the move is not UTF-8"))?;
    let mut s = Salt([0; SALT_LEN]);
    s.0.copy_from_slice(salt);
    Ok(Opened {
        text: SealedText(text.to_owned()),
        salt: s,
    })
}

/// Seals `move_text` (exactly as written, in any notation) to the arbiter's
/// public key `recipient`, signed by `signer`: the `arbitre` command line
/// signs with the arbiter's own signing key, a server with its own. The
/// times of `info` are rounded to the millisecond; a fresh random salt
/// makes two envelopes of one move unlike.
///
/// The salt comes from the operating system ([`EnvelopeError::Random`] if
/// it gives none); HPKE's ephemeral key comes from the same source through
/// the `hpke` crate, which panics if the source fails (just after it gave
/// the salt).
pub fn seal(
    info: EnvelopeInfo,
    move_text: &str,
    recipient: &PublicKey,
    signer: &SigningKey,
) -> Result<Envelope, EnvelopeError> {
    info.validate().map_err(EnvelopeError::InvalidInput)?;
    let info = info.normalized();
    check_move(move_text)?;
    let salt = Salt(*keys::random32()?);
    let commitment = Commitment::of(&salt, move_text);
    let plaintext = pad(&salt, move_text);
    let aad = associated_data(&info, &commitment);
    let (encapsulated_key, ciphertext) =
        hpke::single_shot_seal::<ChaCha20Poly1305, HkdfSha256, X25519HkdfSha256>(
            &OpModeS::Base,
            &recipient.0,
            HPKE_INFO,
            &plaintext,
            &aad,
        )
        .map_err(|e| {
            EnvelopeError::InvalidInput(format!(
                "cannot encrypt to the public key {}: {e}",
                hex(&recipient.to_bytes())
            ))
        })?;
    let mut envelope = Envelope {
        info,
        commitment,
        recipient: recipient.clone(),
        encapsulated_key: encapsulated_key.to_bytes().into(),
        ciphertext,
        signer: signer.verifying_key(),
        signature: [0; 64],
    };
    envelope.signature = signer.sign(&envelope.signed_bytes()).to_bytes();
    Ok(envelope)
}

/// Checks the envelope's signature against `trusted`, the verifying key of
/// whoever should have sealed it (taken from a source the caller trusts,
/// never from the envelope itself unless all that is wanted is to know
/// that the envelope is intact since that key signed it).
///
/// When the envelope names `trusted` as its signer, a bad signature is
/// [`EnvelopeError::Altered`]. When it names another key, the signature is
/// checked against that key: a bad one is `Altered` (the envelope was
/// changed), a good one [`EnvelopeError::WrongKey`] (intact, but someone
/// else sealed it).
pub fn verify<'a>(
    envelope: &'a Envelope,
    trusted: &VerifyingKey,
) -> Result<Verified<'a>, EnvelopeError> {
    let signature = Signature::from_bytes(&envelope.signature);
    let bytes = envelope.signed_bytes();
    let good = |key: &VerifyingKey| key.verify_strict(&bytes, &signature).is_ok();
    if envelope.signer == *trusted {
        if good(trusted) {
            Ok(Verified { envelope })
        } else {
            Err(EnvelopeError::Altered {
                checked_against: format!("the trusted key {}", hex(trusted.as_bytes())),
            })
        }
    } else if good(&envelope.signer) {
        Err(EnvelopeError::WrongKey(format!(
            "the envelope is intact but was signed by the key {}, not by the trusted key {}",
            hex(envelope.signer.as_bytes()),
            hex(trusted.as_bytes())
        )))
    } else {
        Err(EnvelopeError::Altered {
            checked_against: format!(
                "the key it names as its signer ({})",
                hex(envelope.signer.as_bytes())
            ),
        })
    }
}

/// Decrypts a verified envelope with the arbiter's secret key and checks
/// the move and salt against the commitment shown in clear.
///
/// An envelope sealed to another public key is [`EnvelopeError::WrongKey`].
pub fn open(verified: &Verified<'_>, recipient: &SecretKey) -> Result<Opened, EnvelopeError> {
    let envelope = verified.envelope;
    if envelope.recipient != *recipient.public_key() {
        return Err(EnvelopeError::WrongKey(format!(
            "the envelope was sealed to the public key {}, this secret key is the one of {}",
            hex(&envelope.recipient.to_bytes()),
            hex(&recipient.public_key().to_bytes())
        )));
    }
    decrypt(envelope, recipient)
}

/// HPKE open and the commitment check, without the signature.
fn decrypt(envelope: &Envelope, recipient: &SecretKey) -> Result<Opened, EnvelopeError> {
    let encapsulated_key = EncappedKey::from_bytes(&envelope.encapsulated_key)
        .map_err(|_| EnvelopeError::Undecryptable)?;
    let aad = associated_data(&envelope.info, &envelope.commitment);
    let plaintext = Zeroizing::new(
        hpke::single_shot_open::<ChaCha20Poly1305, HkdfSha256, X25519HkdfSha256>(
            &OpModeR::Base,
            recipient.hpke(),
            &encapsulated_key,
            HPKE_INFO,
            &envelope.ciphertext,
            &aad,
        )
        .map_err(|_| EnvelopeError::Undecryptable)?,
    );
    let opened = unpad(&plaintext)?;
    if !envelope.commitment.opens(&opened.salt, opened.text()) {
        return Err(EnvelopeError::CommitmentMismatch);
    }
    Ok(opened)
}

#[cfg(test)]
mod tests;
