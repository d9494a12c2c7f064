//! The sealed-move envelope (FIDE Laws 2005, Annex A2; 1930, art. 21.2–21.3).
//!
//! At adjournment the player having the move writes it down and seals it in
//! an envelope that the arbiter keeps; nobody may consult the move before
//! resumption. The envelope shows in clear the players' names, the position
//! at adjournment, the time used by each player, who sealed, the move number,
//! a pending draw offer, and the date, time and place of resumption.
//!
//! Here the envelope is a JSON file ([`Envelope`]) with
//!
//! * the clear part ([`EnvelopeInfo`]), readable by anyone ([`show`]);
//! * a *commitment*, SHA-256 over a domain tag, a secret 32-byte random salt
//!   and the move text, also in clear, so that players can note it at sealing
//!   time and check it at resumption; since the salt is secret, hashing the
//!   few dozen legal moves does not reveal the move;
//! * the move and the salt, encrypted with XChaCha20-Poly1305 under the
//!   arbiter's symmetric key with a random nonce, the clear part bound as
//!   associated data, the plaintext padded to a fixed size so that the length
//!   of the ciphertext does not betray the length of the move;
//! * an Ed25519 signature by the arbiter's key over a canonical byte encoding
//!   of everything else (see [`Envelope::signed_bytes`]), and the public key
//!   that made it.
//!
//! [`keygen`] writes the arbiter's keys; [`seal`], [`verify`] and [`open`]
//! do the rest. No function here panics on bad input: every failure is an
//! [`EnvelopeError`] that says what was wrong.

use std::{
    fmt, fs,
    io::{self, Write},
    os::unix::fs::{DirBuilderExt, OpenOptionsExt, PermissionsExt},
    path::{Path, PathBuf},
};

use base64::engine::general_purpose::STANDARD as B64;
use chacha20poly1305::{
    aead::{Aead, KeyInit, Payload},
    XChaCha20Poly1305, XNonce,
};
use ed25519_dalek::{Signature, Signer, SigningKey, VerifyingKey};
use rand_core::{OsRng, RngCore};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// The format tag of an envelope file; part of everything signed.
pub const FORMAT: &str = "arbitre-envelope/1";
/// The format tag of the secret key file `arbiter.key`.
pub const KEY_FORMAT: &str = "arbitre-arbiter-key/1";
/// The format tag of the public key file `arbiter.pub`.
pub const PUB_FORMAT: &str = "arbitre-arbiter-pub/1";
/// Name of the secret key file in a key directory (mode 0600).
pub const KEY_FILE: &str = "arbiter.key";
/// Name of the public key file in a key directory.
pub const PUB_FILE: &str = "arbiter.pub";
/// Longest sealed move accepted, in bytes of UTF-8.
pub const MAX_MOVE_BYTES: usize = 222;
/// Longest text field of the clear part, in bytes of UTF-8.
pub const MAX_TEXT_BYTES: usize = 1000;
/// Largest time accepted in the clear part, in seconds (about 115 days).
pub const MAX_SECONDS: f64 = 10_000_000.0;

const SALT_LEN: usize = 32;
const NONCE_LEN: usize = 24;
const TAG_LEN: usize = 16;
/// Salt, a two-byte length, the move, zero padding.
const PLAINTEXT_LEN: usize = SALT_LEN + 2 + MAX_MOVE_BYTES;
const CIPHERTEXT_LEN: usize = PLAINTEXT_LEN + TAG_LEN;
const MAX_FILE_BYTES: u64 = 1 << 20;

const COMMIT_TAG: &[u8] = b"arbitre-envelope/1 commitment";
const AAD_TAG: &[u8] = b"arbitre-envelope/1 associated data";
const SIGN_TAG: &[u8] = b"arbitre-envelope/1 signature";

/// Everything that can go wrong with keys and envelopes.
#[derive(Debug, thiserror::Error)]
pub enum EnvelopeError {
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file or directory concerned.
        path: PathBuf,
        /// What the system said.
        source: io::Error,
    },
    /// `keygen` found keys already in the directory.
    #[error("{0}: already exists; refusing to overwrite an arbiter key")]
    KeyExists(PathBuf),
    /// A key file is not what `keygen` writes.
    #[error("{path}: not a valid arbiter key file: {reason}")]
    BadKeyFile {
        /// The key file.
        path: PathBuf,
        /// What was wrong with it.
        reason: String,
    },
    /// The secret key file can be read by others than its owner.
    #[error(
        "{path}: the secret key file has mode {mode:04o} and can be read by group or others; \
         refusing to use it (chmod 600 it, and consider the key compromised)"
    )]
    KeyPermissions {
        /// The key file.
        path: PathBuf,
        /// Its permission bits.
        mode: u32,
    },
    /// The clear part or the move given to `seal` is not acceptable.
    #[error("cannot seal: {0}")]
    InvalidInput(String),
    /// The envelope file is not a well-formed envelope.
    #[error("malformed envelope: {0}")]
    Malformed(String),
    /// The signature does not verify: the envelope was altered after sealing.
    #[error("the envelope was altered: its signature does not verify against {checked_against}")]
    Altered {
        /// Which public key the signature was checked against.
        checked_against: String,
    },
    /// The envelope was sealed with another arbiter key than the one given.
    #[error("wrong key: {0}")]
    WrongKey(String),
    /// The decrypted move does not match the commitment shown in clear.
    #[error(
        "commitment mismatch: the decrypted move does not hash to the commitment shown on the envelope"
    )]
    CommitmentMismatch,
}

fn io_err(path: &Path) -> impl FnOnce(io::Error) -> EnvelopeError + '_ {
    move |source| EnvelopeError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// A side, as written in the envelope file: `"white"` or `"black"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// White.
    White,
    /// Black.
    Black,
}

impl Side {
    fn name(self) -> &'static str {
        match self {
            Side::White => "White",
            Side::Black => "Black",
        }
    }
}

/// The players' names (A2 a); either may be unknown.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Players {
    /// White's name.
    pub white: Option<String>,
    /// Black's name.
    pub black: Option<String>,
}

/// A time for each player, in seconds; kept to the millisecond.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Times {
    /// White's time, in seconds.
    pub white: f64,
    /// Black's time, in seconds.
    pub black: f64,
}

/// The clear part of the envelope: what Annex A2 has written on it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnvelopeInfo {
    /// a) the players' names.
    pub players: Players,
    /// b) the position at adjournment, as FEN; its side to move is the sealer.
    pub fen: String,
    /// c) the time used by each player, in seconds.
    pub time_used: Times,
    /// The time remaining on each clock at adjournment, in seconds.
    pub remaining: Times,
    /// d) the player who sealed the move (the one having the move).
    pub sealer: Side,
    /// e) the number of the sealed move.
    pub move_number: u32,
    /// f) the player whose draw offer was pending at adjournment, if any.
    pub draw_offer: Option<Side>,
    /// g) date and time of resumption, as the arbiter writes it.
    pub resume_at: String,
    /// g) place of resumption.
    pub place: String,
    /// The edition of the Laws applied (e.g. `"2005"`).
    pub edition: String,
}

fn check_text(what: &str, s: &str, required: bool) -> Result<(), String> {
    if required && s.trim().is_empty() {
        return Err(format!("{what} is empty"));
    }
    if s.len() > MAX_TEXT_BYTES {
        return Err(format!(
            "{what} is {} bytes long, more than {MAX_TEXT_BYTES}",
            s.len()
        ));
    }
    if let Some(c) = s.chars().find(|c| c.is_control()) {
        return Err(format!("{what} contains the control character {c:?}"));
    }
    Ok(())
}

fn check_time(what: &str, t: f64) -> Result<(), String> {
    if !t.is_finite() || !(0.0..=MAX_SECONDS).contains(&t) {
        return Err(format!(
            "{what} is {t}; it must be a number of seconds from 0 to {MAX_SECONDS}"
        ));
    }
    Ok(())
}

/// Seconds to whole milliseconds; the time has been checked.
fn millis(t: f64) -> u64 {
    // in range by check_time, so the cast neither saturates nor wraps
    (t * 1000.0).round() as u64
}

fn to_millisecond(t: f64) -> f64 {
    millis(t) as f64 / 1000.0
}

impl EnvelopeInfo {
    /// Checks the clear part: FEN that parses and has the sealer to move,
    /// times from 0 to [`MAX_SECONDS`], a move number of at least 1,
    /// non-empty resumption date, place and edition, no control characters.
    pub fn validate(&self) -> Result<(), String> {
        if let Some(w) = &self.players.white {
            check_text("players.white", w, false)?;
        }
        if let Some(b) = &self.players.black {
            check_text("players.black", b, false)?;
        }
        check_text("fen", &self.fen, true)?;
        let fen = shakmaty::fen::Fen::from_ascii(self.fen.as_bytes())
            .map_err(|e| format!("fen {:?} is not a valid FEN: {e}", self.fen))?;
        let to_move = match fen.as_setup().turn {
            shakmaty::Color::White => Side::White,
            shakmaty::Color::Black => Side::Black,
        };
        if to_move != self.sealer {
            return Err(format!(
                "sealer is {} but the FEN has {} to move; the player having the move seals it",
                self.sealer.name(),
                to_move.name()
            ));
        }
        check_time("time_used.white", self.time_used.white)?;
        check_time("time_used.black", self.time_used.black)?;
        check_time("remaining.white", self.remaining.white)?;
        check_time("remaining.black", self.remaining.black)?;
        if self.move_number == 0 {
            return Err("move_number is 0; moves are numbered from 1".into());
        }
        check_text("resume_at", &self.resume_at, true)?;
        check_text("place", &self.place, true)?;
        check_text("edition", &self.edition, true)?;
        Ok(())
    }

    fn normalized(mut self) -> Self {
        for t in [
            &mut self.time_used.white,
            &mut self.time_used.black,
            &mut self.remaining.white,
            &mut self.remaining.black,
        ] {
            *t = to_millisecond(*t);
        }
        self
    }

    /// Canonical encoding: length-prefixed fields in a fixed order, times
    /// in whole milliseconds.
    fn encode(&self, out: &mut Vec<u8>) {
        put_opt(out, self.players.white.as_deref());
        put_opt(out, self.players.black.as_deref());
        put(out, self.fen.as_bytes());
        for t in [
            self.time_used.white,
            self.time_used.black,
            self.remaining.white,
            self.remaining.black,
        ] {
            out.extend_from_slice(&millis(t).to_be_bytes());
        }
        out.push(side_code(Some(self.sealer)));
        out.extend_from_slice(&self.move_number.to_be_bytes());
        out.push(side_code(self.draw_offer));
        put(out, self.resume_at.as_bytes());
        put(out, self.place.as_bytes());
        put(out, self.edition.as_bytes());
    }
}

fn side_code(side: Option<Side>) -> u8 {
    match side {
        None => 0,
        Some(Side::White) => 1,
        Some(Side::Black) => 2,
    }
}

fn put(out: &mut Vec<u8>, bytes: &[u8]) {
    out.extend_from_slice(&(bytes.len() as u64).to_be_bytes());
    out.extend_from_slice(bytes);
}

fn put_opt(out: &mut Vec<u8>, s: Option<&str>) {
    match s {
        None => out.push(0),
        Some(s) => {
            out.push(1);
            put(out, s.as_bytes());
        }
    }
}

/// Base64 (standard alphabet, padded, canonical) for binary fields.
mod b64 {
    use super::B64;
    use base64::Engine as _;
    use serde::{de::Error as _, Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer, T: AsRef<[u8]>>(v: &T, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&B64.encode(v.as_ref()))
    }

    pub fn deserialize<'de, D: Deserializer<'de>, const N: usize>(
        d: D,
    ) -> Result<[u8; N], D::Error> {
        let v = vec(d)?;
        let n = v.len();
        v.try_into()
            .map_err(|_| D::Error::custom(format!("{n} bytes where {N} are expected")))
    }

    pub fn vec<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
        let s = String::deserialize(d)?;
        B64.decode(s.as_bytes())
            .map_err(|e| D::Error::custom(format!("invalid base64: {e}")))
    }
}

/// A sealed-move envelope. Read it with [`Envelope::from_json`] or
/// [`Envelope::load`], write it with [`Envelope::to_json`] or
/// [`Envelope::save`]; binary fields are base64 in the file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Envelope {
    format: String,
    info: InfoEq,
    #[serde(with = "b64")]
    commitment: [u8; 32],
    #[serde(with = "b64")]
    nonce: [u8; NONCE_LEN],
    #[serde(serialize_with = "b64::serialize", deserialize_with = "b64::vec")]
    ciphertext: Vec<u8>,
    #[serde(with = "b64")]
    signer: [u8; 32],
    #[serde(with = "b64")]
    signature: [u8; 64],
}

/// [`EnvelopeInfo`] compared through its canonical encoding, so that an
/// envelope can be `Eq`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(transparent)]
struct InfoEq(EnvelopeInfo);

impl PartialEq for InfoEq {
    fn eq(&self, other: &Self) -> bool {
        let (mut a, mut b) = (Vec::new(), Vec::new());
        self.0.encode(&mut a);
        other.0.encode(&mut b);
        a == b
    }
}
impl Eq for InfoEq {}

/// What [`open`] finds inside a verified envelope.
#[derive(Clone, PartialEq, Eq)]
pub struct Opened {
    /// The sealed move, exactly as written.
    pub sealed_move: String,
    /// The secret salt of the commitment.
    pub salt: [u8; 32],
}

impl fmt::Debug for Opened {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Opened")
            .field("sealed_move", &self.sealed_move)
            .field("salt", &hex(&self.salt))
            .finish()
    }
}

/// The files written by [`keygen`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyPaths {
    /// `DIR/arbiter.key`: the signing key and the cipher key, mode 0600.
    pub secret: PathBuf,
    /// `DIR/arbiter.pub`: the Ed25519 public key.
    pub public: PathBuf,
}

/// Which public key [`verify`] trusts.
#[derive(Clone, Copy, Debug)]
pub enum Trust<'a> {
    /// The key embedded in the envelope: proves that the envelope was not
    /// altered since it was signed, not who signed it.
    Embedded,
    /// The `arbiter.pub` of a key directory.
    KeyDir(&'a Path),
    /// A given public key.
    Key(&'a VerifyingKey),
}

/// The arbiter's secrets, as read from a key directory.
pub struct ArbiterKeys {
    signing: SigningKey,
    cipher: [u8; 32],
    public: VerifyingKey,
}

impl fmt::Debug for ArbiterKeys {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ArbiterKeys")
            .field("public", &hex(self.public.as_bytes()))
            .finish_non_exhaustive()
    }
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SecretFile {
    format: String,
    #[serde(with = "b64")]
    signing_key: [u8; 32],
    #[serde(with = "b64")]
    cipher_key: [u8; 32],
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct PublicFile {
    format: String,
    #[serde(with = "b64")]
    public_key: [u8; 32],
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn read_limited(path: &Path) -> Result<Vec<u8>, EnvelopeError> {
    let meta = fs::metadata(path).map_err(io_err(path))?;
    if meta.len() > MAX_FILE_BYTES {
        return Err(EnvelopeError::Malformed(format!(
            "{}: {} bytes, more than any envelope or key file",
            path.display(),
            meta.len()
        )));
    }
    fs::read(path).map_err(io_err(path))
}

fn write_new(path: &Path, bytes: &[u8], mode: u32) -> Result<(), EnvelopeError> {
    let mut file = fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(mode)
        .open(path)
        .map_err(|e| {
            if e.kind() == io::ErrorKind::AlreadyExists {
                EnvelopeError::KeyExists(path.to_path_buf())
            } else {
                io_err(path)(e)
            }
        })?;
    file.write_all(bytes).map_err(io_err(path))?;
    file.sync_all().map_err(io_err(path))
}

/// Writes a new arbiter key pair into `dir` (created with mode 0700 if
/// missing): `arbiter.key`, created with mode 0600, holds the Ed25519
/// signing key and the 32-byte cipher key; `arbiter.pub` holds the Ed25519
/// public key. Refuses to overwrite either file.
pub fn keygen(dir: &Path) -> Result<KeyPaths, EnvelopeError> {
    fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(dir)
        .map_err(io_err(dir))?;
    let paths = KeyPaths {
        secret: dir.join(KEY_FILE),
        public: dir.join(PUB_FILE),
    };
    for p in [&paths.secret, &paths.public] {
        if fs::symlink_metadata(p).is_ok() {
            return Err(EnvelopeError::KeyExists(p.clone()));
        }
    }
    let signing = SigningKey::generate(&mut OsRng);
    let mut cipher = [0u8; 32];
    OsRng.fill_bytes(&mut cipher);
    let secret = SecretFile {
        format: KEY_FORMAT.into(),
        signing_key: signing.to_bytes(),
        cipher_key: cipher,
    };
    let public = PublicFile {
        format: PUB_FORMAT.into(),
        public_key: signing.verifying_key().to_bytes(),
    };
    let mut secret_json = to_json_line(&secret);
    write_new(&paths.secret, secret_json.as_bytes(), 0o600)?;
    wipe(&mut secret_json);
    cipher.fill(0);
    write_new(&paths.public, to_json_line(&public).as_bytes(), 0o644)?;
    Ok(paths)
}

fn wipe(s: &mut String) {
    // overwrite with ASCII zeros in place, which keeps it UTF-8
    let mut bytes = std::mem::take(s).into_bytes();
    bytes.fill(b'0');
    *s = String::from_utf8(bytes).unwrap_or_default();
}

fn to_json_line<T: Serialize>(v: &T) -> String {
    let mut s = serde_json::to_string_pretty(v).unwrap_or_default();
    s.push('\n');
    s
}

fn parse_key_file<T: for<'de> Deserialize<'de>>(
    path: &Path,
    bytes: &[u8],
    format: &str,
    get_format: impl Fn(&T) -> &str,
) -> Result<T, EnvelopeError> {
    let bad = |reason: String| EnvelopeError::BadKeyFile {
        path: path.to_path_buf(),
        reason,
    };
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let v: T = serde_path_to_error::deserialize(&mut de).map_err(|e| bad(e.to_string()))?;
    de.end().map_err(|e| bad(e.to_string()))?;
    if get_format(&v) != format {
        return Err(bad(format!(
            "format is {:?}, expected {format:?}",
            get_format(&v)
        )));
    }
    Ok(v)
}

/// Reads the public key `arbiter.pub` of a key directory.
pub fn load_public_key(dir: &Path) -> Result<VerifyingKey, EnvelopeError> {
    let path = dir.join(PUB_FILE);
    let bytes = read_limited(&path)?;
    let file: PublicFile = parse_key_file(&path, &bytes, PUB_FORMAT, |f: &PublicFile| &f.format)?;
    VerifyingKey::from_bytes(&file.public_key).map_err(|_| EnvelopeError::BadKeyFile {
        path,
        reason: "public_key is not an Ed25519 public key".into(),
    })
}

impl ArbiterKeys {
    /// Reads `arbiter.key` (which must not be readable by group or others)
    /// and `arbiter.pub` from `dir`, and checks that they belong together.
    pub fn load(dir: &Path) -> Result<Self, EnvelopeError> {
        let path = dir.join(KEY_FILE);
        let meta = fs::metadata(&path).map_err(io_err(&path))?;
        let mode = meta.permissions().mode() & 0o7777;
        if mode & 0o077 != 0 {
            return Err(EnvelopeError::KeyPermissions { path, mode });
        }
        let mut bytes = read_limited(&path)?;
        let parsed = parse_key_file(&path, &bytes, KEY_FORMAT, |f: &SecretFile| &f.format);
        bytes.fill(0);
        let mut file = parsed?;
        let signing = SigningKey::from_bytes(&file.signing_key);
        let keys = ArbiterKeys {
            public: signing.verifying_key(),
            signing,
            cipher: file.cipher_key,
        };
        file.signing_key.fill(0);
        file.cipher_key.fill(0);
        let public = load_public_key(dir)?;
        if public != keys.public {
            return Err(EnvelopeError::BadKeyFile {
                path: dir.join(PUB_FILE),
                reason: format!("it does not match the secret key in {KEY_FILE}"),
            });
        }
        Ok(keys)
    }

    /// The public key.
    pub fn public(&self) -> &VerifyingKey {
        &self.public
    }
}

impl Drop for ArbiterKeys {
    fn drop(&mut self) {
        self.cipher.fill(0);
    }
}

fn commitment(salt: &[u8; 32], sealed_move: &str) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update((COMMIT_TAG.len() as u64).to_be_bytes());
    h.update(COMMIT_TAG);
    h.update(salt);
    h.update(sealed_move.as_bytes());
    h.finalize().into()
}

fn check_move(sealed_move: &str) -> Result<(), EnvelopeError> {
    let bad = |m: String| Err(EnvelopeError::InvalidInput(m));
    if sealed_move.trim().is_empty() {
        return bad("the sealed move is empty".into());
    }
    if sealed_move.len() > MAX_MOVE_BYTES {
        return bad(format!(
            "the sealed move is {} bytes long, more than {MAX_MOVE_BYTES}",
            sealed_move.len()
        ));
    }
    if let Some(c) = sealed_move.chars().find(|c| c.is_control()) {
        return bad(format!(
            "the sealed move contains the control character {c:?}"
        ));
    }
    Ok(())
}

/// Seals `sealed_move` (exactly as written, in any notation) with the keys of
/// `key_dir`. The times of `info` are rounded to the millisecond.
pub fn seal(
    info: EnvelopeInfo,
    sealed_move: &str,
    key_dir: &Path,
) -> Result<Envelope, EnvelopeError> {
    seal_with_keys(info, sealed_move, &ArbiterKeys::load(key_dir)?)
}

/// [`seal`] with keys already loaded.
pub fn seal_with_keys(
    info: EnvelopeInfo,
    sealed_move: &str,
    keys: &ArbiterKeys,
) -> Result<Envelope, EnvelopeError> {
    info.validate().map_err(EnvelopeError::InvalidInput)?;
    let info = info.normalized();
    check_move(sealed_move)?;
    let mut salt = [0u8; SALT_LEN];
    OsRng.fill_bytes(&mut salt);
    let mut nonce = [0u8; NONCE_LEN];
    OsRng.fill_bytes(&mut nonce);
    let commitment = commitment(&salt, sealed_move);

    let mut plaintext = Vec::with_capacity(PLAINTEXT_LEN);
    plaintext.extend_from_slice(&salt);
    // at most MAX_MOVE_BYTES, checked above
    plaintext.extend_from_slice(&(sealed_move.len() as u16).to_be_bytes());
    plaintext.extend_from_slice(sealed_move.as_bytes());
    plaintext.resize(PLAINTEXT_LEN, 0);
    salt.fill(0);

    let mut envelope = Envelope {
        format: FORMAT.into(),
        info: InfoEq(info),
        commitment,
        nonce,
        ciphertext: Vec::new(),
        signer: keys.public.to_bytes(),
        signature: [0; 64],
    };
    let cipher = XChaCha20Poly1305::new((&keys.cipher).into());
    let aad = envelope.associated_data();
    let sealed = cipher.encrypt(
        XNonce::from_slice(&nonce),
        Payload {
            msg: &plaintext,
            aad: &aad,
        },
    );
    plaintext.fill(0);
    envelope.ciphertext =
        sealed.map_err(|_| EnvelopeError::InvalidInput("the cipher refused to encrypt".into()))?;
    envelope.signature = keys.signing.sign(&envelope.signed_bytes()).to_bytes();
    Ok(envelope)
}

impl Envelope {
    /// The clear part.
    pub fn info(&self) -> &EnvelopeInfo {
        &self.info.0
    }

    /// The commitment: SHA-256 over the domain tag, the salt and the move.
    pub fn commitment(&self) -> &[u8; 32] {
        &self.commitment
    }

    /// The public key embedded in the envelope (the one that signed it, if
    /// the envelope is intact).
    pub fn signer(&self) -> &[u8; 32] {
        &self.signer
    }

    /// The associated data of the cipher: the format and the clear part.
    fn associated_data(&self) -> Vec<u8> {
        let mut out = Vec::new();
        put(&mut out, AAD_TAG);
        put(&mut out, self.format.as_bytes());
        self.info.0.encode(&mut out);
        put(&mut out, &self.commitment);
        out
    }

    /// The canonical bytes signed by the arbiter: a domain tag, then the
    /// format, the clear part (length-prefixed fields in a fixed order, times
    /// in whole milliseconds), the commitment, the nonce, the ciphertext and
    /// the signer's public key, each length-prefixed with a big-endian u64.
    pub fn signed_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        put(&mut out, SIGN_TAG);
        put(&mut out, self.format.as_bytes());
        let mut info = Vec::new();
        self.info.0.encode(&mut info);
        put(&mut out, &info);
        put(&mut out, &self.commitment);
        put(&mut out, &self.nonce);
        put(&mut out, &self.ciphertext);
        put(&mut out, &self.signer);
        out
    }

    /// Parses and checks the structure of an envelope file (not its
    /// signature: see [`verify`]).
    pub fn from_json(bytes: &[u8]) -> Result<Self, EnvelopeError> {
        let mut de = serde_json::Deserializer::from_slice(bytes);
        let env: Envelope = serde_path_to_error::deserialize(&mut de)
            .map_err(|e| EnvelopeError::Malformed(e.to_string()))?;
        de.end()
            .map_err(|e| EnvelopeError::Malformed(e.to_string()))?;
        if env.format != FORMAT {
            return Err(EnvelopeError::Malformed(format!(
                "format is {:?}, expected {FORMAT:?}",
                env.format
            )));
        }
        env.info
            .0
            .validate()
            .map_err(|e| EnvelopeError::Malformed(format!("info: {e}")))?;
        if env.ciphertext.len() != CIPHERTEXT_LEN {
            return Err(EnvelopeError::Malformed(format!(
                "ciphertext is {} bytes, expected {CIPHERTEXT_LEN}",
                env.ciphertext.len()
            )));
        }
        VerifyingKey::from_bytes(&env.signer)
            .map_err(|_| EnvelopeError::Malformed("signer is not an Ed25519 public key".into()))?;
        Ok(env)
    }

    /// Reads an envelope file (see [`Envelope::from_json`]).
    pub fn load(path: &Path) -> Result<Self, EnvelopeError> {
        Self::from_json(&read_limited(path)?).map_err(|e| match e {
            EnvelopeError::Malformed(m) => {
                EnvelopeError::Malformed(format!("{}: {m}", path.display()))
            }
            e => e,
        })
    }

    /// The envelope file, pretty-printed JSON ending with a newline.
    pub fn to_json(&self) -> String {
        to_json_line(self)
    }

    /// Writes the envelope file; refuses to overwrite an existing file.
    pub fn save(&self, path: &Path) -> Result<(), EnvelopeError> {
        write_new(path, self.to_json().as_bytes(), 0o644).map_err(|e| match e {
            EnvelopeError::KeyExists(p) => EnvelopeError::Io {
                path: p,
                source: io::Error::new(
                    io::ErrorKind::AlreadyExists,
                    "already exists; refusing to overwrite an envelope",
                ),
            },
            e => e,
        })
    }
}

fn format_seconds(t: f64) -> String {
    let ms = millis(t);
    let (h, m, s, ms) = (ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000);
    format!("{h}:{m:02}:{s:02}.{ms:03}")
}

/// What Annex A2 lets anyone see: the clear part and the commitment, never
/// the move. Does not verify the signature (see [`verify`]).
pub fn show(envelope: &Envelope) -> String {
    let i = envelope.info();
    let name = |n: &Option<String>| n.clone().unwrap_or_else(|| "(not recorded)".into());
    let draw = match i.draw_offer {
        None => "none".to_string(),
        Some(s) => format!("{} offered a draw before adjournment", s.name()),
    };
    [
        format!("Sealed-move envelope ({})", envelope.format),
        format!("Laws: FIDE {} (Annex A2)", i.edition),
        format!("White: {}", name(&i.players.white)),
        format!("Black: {}", name(&i.players.black)),
        format!("Position at adjournment: {}", i.fen),
        format!(
            "Time used: White {}, Black {}",
            format_seconds(i.time_used.white),
            format_seconds(i.time_used.black)
        ),
        format!(
            "Time remaining: White {}, Black {}",
            format_seconds(i.remaining.white),
            format_seconds(i.remaining.black)
        ),
        format!("Sealed by: {}, move {}", i.sealer.name(), i.move_number),
        format!("Pending draw offer: {draw}"),
        format!("Resumption: {}, {}", i.resume_at, i.place),
        format!("Commitment (SHA-256): {}", hex(&envelope.commitment)),
        format!("Signer public key: {}", hex(&envelope.signer)),
    ]
    .join("\n")
}

fn verify_against(
    envelope: &Envelope,
    key: &VerifyingKey,
    described: String,
) -> Result<(), EnvelopeError> {
    let signature = Signature::from_bytes(&envelope.signature);
    key.verify_strict(&envelope.signed_bytes(), &signature)
        .map_err(|_| EnvelopeError::Altered {
            checked_against: described,
        })
}

/// Verifies the envelope's signature against the trusted key.
///
/// With [`Trust::Embedded`], against the public key inside the envelope: a
/// failure is [`EnvelopeError::Altered`]. Otherwise, when the embedded key is
/// the trusted one, against the trusted key (failure: `Altered`); when it is
/// not, against the embedded key (failure: `Altered`, the envelope was
/// changed), and if that holds, [`EnvelopeError::WrongKey`]: the envelope is
/// intact but another key sealed it.
pub fn verify(envelope: &Envelope, trust: Trust<'_>) -> Result<(), EnvelopeError> {
    let trusted = match trust {
        Trust::Embedded => None,
        Trust::KeyDir(dir) => Some((
            load_public_key(dir)?,
            format!("the arbiter's public key {}", dir.join(PUB_FILE).display()),
        )),
        Trust::Key(k) => Some((
            *k,
            format!("the arbiter's public key ({})", hex(k.as_bytes())),
        )),
    };
    verify_trusted(envelope, trusted)
}

fn verify_trusted(
    envelope: &Envelope,
    trusted: Option<(VerifyingKey, String)>,
) -> Result<(), EnvelopeError> {
    let embedded = VerifyingKey::from_bytes(&envelope.signer)
        .map_err(|_| EnvelopeError::Malformed("signer is not an Ed25519 public key".into()))?;
    let embedded_described = || {
        format!(
            "the public key embedded in the envelope ({})",
            hex(&envelope.signer)
        )
    };
    match trusted {
        None => verify_against(envelope, &embedded, embedded_described()),
        Some((key, described)) if key == embedded => verify_against(envelope, &key, described),
        Some((key, described)) => {
            verify_against(envelope, &embedded, embedded_described())?;
            Err(EnvelopeError::WrongKey(format!(
                "the envelope is intact but was sealed with the key {}, not with {described} ({})",
                hex(&envelope.signer),
                hex(key.as_bytes())
            )))
        }
    }
}

/// Verifies the envelope against the public key of `key_dir` (not only the
/// one inside the envelope), decrypts it and checks the commitment.
pub fn open(envelope: &Envelope, key_dir: &Path) -> Result<Opened, EnvelopeError> {
    open_with_keys(envelope, &ArbiterKeys::load(key_dir)?)
}

/// [`open`] with keys already loaded.
pub fn open_with_keys(envelope: &Envelope, keys: &ArbiterKeys) -> Result<Opened, EnvelopeError> {
    verify(envelope, Trust::Key(&keys.public))?;
    let cipher = XChaCha20Poly1305::new((&keys.cipher).into());
    let mut plaintext = cipher
        .decrypt(
            XNonce::from_slice(&envelope.nonce),
            Payload {
                msg: &envelope.ciphertext,
                aad: &envelope.associated_data(),
            },
        )
        .map_err(|_| {
            EnvelopeError::WrongKey(
                "the signature is the arbiter's but the cipher key does not decrypt the move"
                    .into(),
            )
        })?;
    let result = unpad(&plaintext);
    plaintext.fill(0);
    let opened = result?;
    if commitment(&opened.salt, &opened.sealed_move) != envelope.commitment {
        return Err(EnvelopeError::CommitmentMismatch);
    }
    Ok(opened)
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
    let sealed_move = std::str::from_utf8(text)
        .map_err(|_| bad("the move is not UTF-8"))?
        .to_string();
    let mut s = [0u8; SALT_LEN];
    s.copy_from_slice(salt);
    Ok(Opened {
        sealed_move,
        salt: s,
    })
}

/// The command line: `arbitre keygen --out DIR`. Prints the two files
/// written; exit 1 with the reason on failure.
pub fn run_keygen(dir: &Path) -> std::process::ExitCode {
    match keygen(dir) {
        Ok(paths) => {
            println!(
                "secret key (signing and cipher, mode 0600): {}",
                paths.secret.display()
            );
            println!("public key: {}", paths.public.display());
            std::process::ExitCode::SUCCESS
        }
        Err(e) => fail(&format!("keygen: {e}")),
    }
}

fn fail(message: &str) -> std::process::ExitCode {
    eprintln!("arbitre: {message}");
    std::process::ExitCode::FAILURE
}

/// The command line: `arbitre envelope show FILE [--pub DIR]`. Verifies the
/// signature (against the embedded key, or against `DIR/arbiter.pub`), then
/// prints the clear part, the commitment and which check was done; exit 1
/// with the reason if the file is malformed or the signature fails.
pub fn run_show(file: &Path, pub_dir: Option<&Path>) -> std::process::ExitCode {
    let envelope = match Envelope::load(file) {
        Ok(e) => e,
        Err(e) => return fail(&e.to_string()),
    };
    let (trust, checked) = match pub_dir {
        None => (
            Trust::Embedded,
            "Signature: valid against the public key embedded in the envelope \
             (this shows the envelope is unaltered since that key signed it; \
             check that it is your arbiter's key with --pub DIR)"
                .to_string(),
        ),
        Some(dir) => (
            Trust::KeyDir(dir),
            format!(
                "Signature: valid against the arbiter's public key {}",
                dir.join(PUB_FILE).display()
            ),
        ),
    };
    if let Err(e) = verify(&envelope, trust) {
        return fail(&format!("envelope {}: {e}", file.display()));
    }
    println!("{}", show(&envelope));
    println!("{checked}");
    std::process::ExitCode::SUCCESS
}

/// The command line: `arbitre envelope open FILE --key DIR`. Verifies the
/// signature against `DIR/arbiter.pub`, decrypts, checks the commitment and
/// prints the sealed move alone on standard output; exit 1 with the reason
/// otherwise.
pub fn run_open(file: &Path, key_dir: &Path) -> std::process::ExitCode {
    let envelope = match Envelope::load(file) {
        Ok(e) => e,
        Err(e) => return fail(&format!("{e}; the envelope stays sealed")),
    };
    match open(&envelope, key_dir) {
        Ok(opened) => {
            println!("{}", opened.sealed_move);
            eprintln!(
                "arbitre: signature verified against {}; the move matches the commitment",
                key_dir.join(PUB_FILE).display()
            );
            std::process::ExitCode::SUCCESS
        }
        Err(e) => fail(&format!(
            "envelope {}: {e}; the envelope stays sealed",
            file.display()
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn info() -> EnvelopeInfo {
        EnvelopeInfo {
            players: Players {
                white: Some("Alekhine".into()),
                black: None,
            },
            fen: "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2".into(),
            time_used: Times {
                white: 12.3456,
                black: 7.0,
            },
            remaining: Times {
                white: 100.0,
                black: 0.0,
            },
            sealer: Side::White,
            move_number: 2,
            draw_offer: Some(Side::Black),
            resume_at: "1930-04-01 10:00".into(),
            place: "San Remo".into(),
            edition: "1930".into(),
        }
    }

    #[test]
    fn canonical_bytes_ignore_json_layout_and_round_times() {
        let dir = tempfile::tempdir().unwrap();
        keygen(dir.path()).unwrap();
        let env = seal(info(), "Nf3", dir.path()).unwrap();
        assert_eq!(env.info().time_used.white, 12.346);
        let compact = serde_json::to_string(&env).unwrap();
        let again = Envelope::from_json(compact.as_bytes()).unwrap();
        assert_eq!(again.signed_bytes(), env.signed_bytes());
        assert_eq!(open(&again, dir.path()).unwrap().sealed_move, "Nf3");
    }

    #[test]
    fn validation_says_what_is_wrong() {
        let mut i = info();
        i.sealer = Side::Black;
        assert!(i.validate().unwrap_err().contains("White to move"));
        let mut i = info();
        i.time_used.black = -1.0;
        assert!(i.validate().unwrap_err().contains("time_used.black"));
        let mut i = info();
        i.remaining.white = f64::NAN;
        assert!(i.validate().unwrap_err().contains("remaining.white"));
        let mut i = info();
        i.fen = "not a fen".into();
        assert!(i.validate().unwrap_err().contains("not a valid FEN"));
        let mut i = info();
        i.place = "Paris\nBlack: forged".into();
        assert!(i.validate().unwrap_err().contains("control character"));
        let mut i = info();
        i.move_number = 0;
        assert!(i.validate().unwrap_err().contains("move_number"));
    }

    #[test]
    fn bad_moves_are_refused() {
        for m in ["", "   ", "Nf3\n", &"x".repeat(MAX_MOVE_BYTES + 1)] {
            assert!(matches!(check_move(m), Err(EnvelopeError::InvalidInput(_))));
        }
        assert!(check_move(&"x".repeat(MAX_MOVE_BYTES)).is_ok());
    }

    #[test]
    fn ciphertext_length_does_not_depend_on_the_move() {
        let dir = tempfile::tempdir().unwrap();
        keygen(dir.path()).unwrap();
        let keys = ArbiterKeys::load(dir.path()).unwrap();
        let a = seal_with_keys(info(), "O-O", &keys).unwrap();
        let b = seal_with_keys(info(), "Nbd2xe4+ (the knight on b1)", &keys).unwrap();
        assert_eq!(a.ciphertext.len(), b.ciphertext.len());
        assert_ne!(a.commitment, b.commitment);
    }

    /// What only the holder of the arbiter's keys could do: re-encrypt and
    /// re-sign with another commitment shown in clear.
    #[test]
    fn commitment_mismatch_is_its_own_error() {
        let dir = tempfile::tempdir().unwrap();
        keygen(dir.path()).unwrap();
        let keys = ArbiterKeys::load(dir.path()).unwrap();
        let mut env = seal_with_keys(info(), "Nf3", &keys).unwrap();
        let cipher = XChaCha20Poly1305::new((&keys.cipher).into());
        let nonce = *XNonce::from_slice(&env.nonce);
        let aad = env.associated_data();
        let plaintext = cipher
            .decrypt(
                &nonce,
                Payload {
                    msg: &env.ciphertext,
                    aad: &aad,
                },
            )
            .unwrap();
        env.commitment = commitment(&[7; 32], "Nf3");
        let aad = env.associated_data();
        env.ciphertext = cipher
            .encrypt(
                &nonce,
                Payload {
                    msg: &plaintext,
                    aad: &aad,
                },
            )
            .unwrap();
        env.signature = keys.signing.sign(&env.signed_bytes()).to_bytes();
        verify(&env, Trust::Key(keys.public())).unwrap();
        let e = open_with_keys(&env, &keys).unwrap_err();
        assert!(matches!(e, EnvelopeError::CommitmentMismatch), "{e}");
        assert!(e.to_string().contains("commitment mismatch"));
    }

    #[test]
    fn a_cipher_key_that_does_not_match_is_a_wrong_key() {
        let dir = tempfile::tempdir().unwrap();
        keygen(dir.path()).unwrap();
        let keys = ArbiterKeys::load(dir.path()).unwrap();
        let env = seal_with_keys(info(), "Nf3", &keys).unwrap();
        let other = ArbiterKeys {
            signing: keys.signing.clone(),
            cipher: [1; 32],
            public: keys.public,
        };
        let e = open_with_keys(&env, &other).unwrap_err();
        assert!(matches!(e, EnvelopeError::WrongKey(_)), "{e}");
        assert!(e.to_string().contains("cipher key"), "{e}");
    }

    #[test]
    fn key_files_are_checked() {
        let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        keygen(a.path()).unwrap();
        keygen(b.path()).unwrap();
        // a public key from another pair
        fs::copy(b.path().join(PUB_FILE), a.path().join(PUB_FILE)).unwrap();
        let e = ArbiterKeys::load(a.path()).unwrap_err();
        assert!(e.to_string().contains("does not match"), "{e}");
        let key = a.path().join(KEY_FILE);
        fs::write(&key, "{}").unwrap();
        let e = ArbiterKeys::load(a.path()).unwrap_err();
        assert!(matches!(e, EnvelopeError::BadKeyFile { .. }), "{e}");
        assert!(e.to_string().contains("missing field"), "{e}");
    }

    #[test]
    fn show_formats_times_to_the_millisecond() {
        assert_eq!(format_seconds(0.0), "0:00:00.000");
        assert_eq!(format_seconds(5025.125), "1:23:45.125");
        assert_eq!(format_seconds(86400.0005), "24:00:00.001");
    }

    #[test]
    fn padding_format() {
        let mut p = vec![0u8; PLAINTEXT_LEN];
        p[SALT_LEN + 1] = 3;
        p[SALT_LEN + 2..SALT_LEN + 5].copy_from_slice(b"e4!");
        assert_eq!(unpad(&p).unwrap().sealed_move, "e4!");
        p[PLAINTEXT_LEN - 1] = 1;
        assert!(unpad(&p).is_err());
        p[PLAINTEXT_LEN - 1] = 0;
        p[SALT_LEN] = 1;
        assert!(unpad(&p).is_err());
    }
}
