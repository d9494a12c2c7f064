//! The sealed-move envelope on the command line: the arbiter's key files,
//! envelope files, and what `arbitre keygen` and `arbitre envelope
//! show|open` print. The envelope itself (HPKE to the arbiter's public
//! key, the commitment, the signature) is the crate `arbitre-envelope`.
//!
//! A key directory written by [`keygen`] holds
//!
//! * `arbiter.key` (mode 0600, format [`KEY_FORMAT`]): the X25519 secret
//!   key that opens envelopes and the Ed25519 signing key with which the
//!   command line signs the envelopes it seals;
//! * `arbiter.pub` (format [`PUB_FORMAT`]): their public halves, the X25519
//!   public key to which anyone (a server) seals, and the Ed25519 verifying
//!   key that checks what the command line sealed.
//!
//! Files of format 1 (a symmetric cipher key) are refused with a message
//! that says so ([`Error::OldKeyFormat`],
//! [`arbitre_envelope::EnvelopeError::OldFormat`]).

use std::{
    fmt, fs,
    io::{self, Read, Write},
    ops::Deref,
    os::unix::fs::{DirBuilderExt, OpenOptionsExt, PermissionsExt},
    path::{Path, PathBuf},
    process::ExitCode,
};

use arbitre_envelope::{
    generate_signing_key, millis, open as open_verified, verify, EnvelopeError, PublicKey,
    SecretKey, SigningKey, VerifyingKey,
};
pub use arbitre_envelope::{Envelope, EnvelopeInfo, Opened, Players, Side, Times};
use arbitre_laws::{Arg, EditionId, Language};
use base64::engine::general_purpose::STANDARD as B64;
use serde::{de::DeserializeOwned, Deserialize, Serialize};
use zeroize::Zeroizing;

/// The format tag of the secret key file `arbiter.key`.
pub const KEY_FORMAT: &str = "arbitre-arbiter-key/2";
/// The format tag of the public key file `arbiter.pub`.
pub const PUB_FORMAT: &str = "arbitre-arbiter-pub/2";
/// The format tags of earlier versions' key files (a symmetric cipher key
/// and a signing key), refused with [`Error::OldKeyFormat`].
pub const FORMATS_1: [&str; 2] = ["arbitre-arbiter-key/1", "arbitre-arbiter-pub/1"];
/// Name of the secret key file in a key directory (mode 0600).
pub const KEY_FILE: &str = "arbiter.key";
/// Name of the public key file in a key directory.
pub const PUB_FILE: &str = "arbiter.pub";
/// Largest key file read, in bytes.
pub const MAX_KEY_FILE_BYTES: u64 = 4096;

/// Everything that can go wrong with key and envelope files.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file or directory concerned.
        path: PathBuf,
        /// What the system said.
        source: io::Error,
    },
    /// A file is larger than any key or envelope file.
    #[error("{path}: {size} bytes or more, more than the {max} of any {what}; not read")]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// Its size (at least).
        size: u64,
        /// The largest accepted.
        max: u64,
        /// What it should have been.
        what: &'static str,
    },
    /// `keygen` found keys already in the directory.
    #[error("{0}: already exists; refusing to overwrite an arbiter key")]
    KeyExists(PathBuf),
    /// An envelope file exists where one was to be written.
    #[error("{0}: already exists; refusing to overwrite an envelope")]
    EnvelopeExists(PathBuf),
    /// A key file is not what `keygen` writes.
    #[error("{path}: not a valid arbiter key file: {reason}")]
    BadKeyFile {
        /// The key file.
        path: PathBuf,
        /// What was wrong with it.
        reason: String,
    },
    /// A key file of format 1.
    #[error(
        "{path}: the key file format changed: this is an arbiter key file of format 1 \
         ({found:?}), written by an earlier version of arbitre for envelopes encrypted with a \
         symmetric cipher key; this version reads {expected:?} only, for envelopes encrypted to \
         the arbiter's X25519 public key, so that sealing needs only the public key. Make new \
         keys with `arbitre keygen --out NEW_DIR`, and keep the old directory and that earlier \
         version to open the envelopes sealed with it"
    )]
    OldKeyFormat {
        /// The key file.
        path: PathBuf,
        /// Its format tag.
        found: String,
        /// The format this version reads.
        expected: &'static str,
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
    /// The envelope of a file is wrong, or does not verify or open.
    #[error("{path}: {source}")]
    Envelope {
        /// The envelope file, or the key directory when sealing.
        path: PathBuf,
        /// What is wrong.
        source: EnvelopeError,
    },
}

fn io_err(path: &Path) -> impl FnOnce(io::Error) -> Error + '_ {
    move |source| Error::Io {
        path: path.to_path_buf(),
        source,
    }
}

fn envelope_err(path: &Path) -> impl FnOnce(EnvelopeError) -> Error + '_ {
    move |source| Error::Envelope {
        path: path.to_path_buf(),
        source,
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// 32 bytes as base64 in a key file.
mod b64 {
    use super::B64;
    use base64::Engine as _;
    use serde::{de::Error as _, Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &[u8; 32], s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&B64.encode(v))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<[u8; 32], D::Error> {
        let s = zeroize::Zeroizing::new(String::deserialize(d)?);
        let v = zeroize::Zeroizing::new(
            B64.decode(s.as_bytes())
                .map_err(|e| D::Error::custom(format!("invalid base64: {e}")))?,
        );
        <[u8; 32]>::try_from(v.as_slice())
            .map_err(|_| D::Error::custom(format!("{} bytes where 32 are expected", v.len())))
    }
}

/// `arbiter.key`.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SecretFile {
    format: String,
    /// X25519, opens envelopes.
    #[serde(with = "b64")]
    hpke_secret_key: [u8; 32],
    /// Ed25519, signs the envelopes the command line seals.
    #[serde(with = "b64")]
    signing_key: [u8; 32],
}

impl Drop for SecretFile {
    fn drop(&mut self) {
        self.hpke_secret_key.fill(0);
        self.signing_key.fill(0);
    }
}

/// `arbiter.pub`.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct PublicFile {
    format: String,
    /// X25519, to which envelopes are sealed.
    #[serde(with = "b64")]
    hpke_public_key: [u8; 32],
    /// Ed25519, checks the envelopes the command line sealed.
    #[serde(with = "b64")]
    verifying_key: [u8; 32],
}

/// The public keys of `arbiter.pub`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublicKeys {
    /// The X25519 public key to which envelopes are sealed.
    pub sealing: PublicKey,
    /// The Ed25519 verifying key of the envelopes the command line seals.
    pub verifying: VerifyingKey,
}

/// The arbiter's secrets, from `arbiter.key`, checked against
/// `arbiter.pub`. `Debug` shows the public keys only.
pub struct ArbiterKeys {
    opening: SecretKey,
    signing: SigningKey,
    public: PublicKeys,
}

impl fmt::Debug for ArbiterKeys {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ArbiterKeys")
            .field("public", &self.public)
            .finish_non_exhaustive()
    }
}

/// The files written by [`keygen`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyPaths {
    /// `DIR/arbiter.key`, mode 0600.
    pub secret: PathBuf,
    /// `DIR/arbiter.pub`.
    pub public: PathBuf,
}

/// The file, if it is at most `max` bytes.
fn read_limited(path: &Path, max: u64, what: &'static str) -> Result<Vec<u8>, Error> {
    let file = fs::File::open(path).map_err(io_err(path))?;
    let too_large = |size| Error::TooLarge {
        path: path.to_path_buf(),
        size,
        max,
        what,
    };
    let size = file.metadata().map_err(io_err(path))?.len();
    if size > max {
        return Err(too_large(size));
    }
    let mut bytes = Vec::new();
    file.take(max + 1)
        .read_to_end(&mut bytes)
        .map_err(io_err(path))?;
    if bytes.len() as u64 > max {
        return Err(too_large(bytes.len() as u64));
    }
    Ok(bytes)
}

/// Creates `path` (which must not exist) with `mode` and writes `bytes`.
fn write_new(
    path: &Path,
    bytes: &[u8],
    mode: u32,
    exists: fn(PathBuf) -> Error,
) -> Result<(), Error> {
    let mut file = fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(mode)
        .open(path)
        .map_err(|e| {
            if e.kind() == io::ErrorKind::AlreadyExists {
                exists(path.to_path_buf())
            } else {
                io_err(path)(e)
            }
        })?;
    file.write_all(bytes).map_err(io_err(path))?;
    file.sync_all().map_err(io_err(path))
}

fn to_json_line<T: Serialize>(v: &T) -> Zeroizing<String> {
    let mut s = Zeroizing::new(serde_json::to_string_pretty(v).unwrap_or_default());
    s.push('\n');
    s
}

/// Writes a new arbiter key pair into `dir` (created with mode 0700 if
/// missing): `arbiter.key`, created with mode 0600, holds the X25519 secret
/// key and the Ed25519 signing key; `arbiter.pub` their public halves.
/// Refuses to overwrite either file.
pub fn keygen(dir: &Path) -> Result<KeyPaths, Error> {
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
            return Err(Error::KeyExists(p.clone()));
        }
    }
    let keys =
        || -> Result<_, EnvelopeError> { Ok((SecretKey::generate()?, generate_signing_key()?)) };
    let (opening, signing) = keys().map_err(envelope_err(dir))?;
    let secret = SecretFile {
        format: KEY_FORMAT.into(),
        hpke_secret_key: *opening.to_bytes(),
        signing_key: signing.to_bytes(),
    };
    let public = PublicFile {
        format: PUB_FORMAT.into(),
        hpke_public_key: opening.public_key().to_bytes(),
        verifying_key: signing.verifying_key().to_bytes(),
    };
    write_new(
        &paths.secret,
        to_json_line(&secret).as_bytes(),
        0o600,
        Error::KeyExists,
    )?;
    write_new(
        &paths.public,
        to_json_line(&public).as_bytes(),
        0o644,
        Error::KeyExists,
    )?;
    Ok(paths)
}

/// A secret key file's bytes (wiped when dropped), if neither group nor
/// others can read it.
fn read_private(path: &Path) -> Result<Zeroizing<Vec<u8>>, Error> {
    let meta = fs::metadata(path).map_err(io_err(path))?;
    let mode = meta.permissions().mode() & 0o7777;
    if mode & 0o077 != 0 {
        return Err(Error::KeyPermissions {
            path: path.to_path_buf(),
            mode,
        });
    }
    Ok(Zeroizing::new(read_limited(
        path,
        MAX_KEY_FILE_BYTES,
        "key file",
    )?))
}

/// Reads a key file of format `format`: a format-1 file is
/// [`Error::OldKeyFormat`], whatever else it holds.
fn parse_key_file<T: DeserializeOwned>(
    path: &Path,
    bytes: &[u8],
    format: &'static str,
    get_format: impl Fn(&T) -> &str,
) -> Result<T, Error> {
    let bad = |reason: String| Error::BadKeyFile {
        path: path.to_path_buf(),
        reason,
    };
    #[derive(Deserialize)]
    struct Peek {
        format: Option<serde_json::Value>,
    }
    if let Ok(Peek {
        format: Some(serde_json::Value::String(found)),
    }) = serde_json::from_slice(bytes)
    {
        if FORMATS_1.contains(&found.as_str()) {
            return Err(Error::OldKeyFormat {
                path: path.to_path_buf(),
                found,
                expected: format,
            });
        }
    }
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

/// Reads the public keys `arbiter.pub` of a key directory.
pub fn load_public_keys(dir: &Path) -> Result<PublicKeys, Error> {
    let path = dir.join(PUB_FILE);
    let bytes = read_limited(&path, MAX_KEY_FILE_BYTES, "key file")?;
    let file: PublicFile = parse_key_file(&path, &bytes, PUB_FORMAT, |f: &PublicFile| &f.format)?;
    let bad = |reason: &str| Error::BadKeyFile {
        path: path.clone(),
        reason: reason.into(),
    };
    Ok(PublicKeys {
        sealing: PublicKey::from_bytes(&file.hpke_public_key)
            .map_err(|_| bad("hpke_public_key is not an X25519 public key"))?,
        verifying: VerifyingKey::from_bytes(&file.verifying_key)
            .map_err(|_| bad("verifying_key is not an Ed25519 public key"))?,
    })
}

impl ArbiterKeys {
    /// Reads `arbiter.key` (which must not be readable by group or others)
    /// and `arbiter.pub` from `dir`, and checks that they belong together.
    pub fn load(dir: &Path) -> Result<Self, Error> {
        let path = dir.join(KEY_FILE);
        let bytes = read_private(&path)?;
        let file: SecretFile =
            parse_key_file(&path, &bytes, KEY_FORMAT, |f: &SecretFile| &f.format)?;
        let opening =
            SecretKey::from_bytes(&file.hpke_secret_key).map_err(|e| Error::BadKeyFile {
                path: path.clone(),
                reason: format!("hpke_secret_key: {e}"),
            })?;
        let signing = SigningKey::from_bytes(&file.signing_key);
        let public = load_public_keys(dir)?;
        if public.sealing != *opening.public_key() || public.verifying != signing.verifying_key() {
            return Err(Error::BadKeyFile {
                path: dir.join(PUB_FILE),
                reason: format!("it does not match the secret keys in {KEY_FILE}"),
            });
        }
        Ok(ArbiterKeys {
            opening,
            signing,
            public,
        })
    }

    /// The public keys.
    pub fn public(&self) -> &PublicKeys {
        &self.public
    }
}

/// The format tag of a server's signing key file (`arbitre serve
/// --signing-key`).
pub const SERVER_KEY_FORMAT: &str = "arbitre-server-signing-key/1";

/// A server's signing key file: the Ed25519 key with which `arbitre serve`
/// signs the envelopes it seals, kept across restarts so that an envelope
/// sealed yesterday is checked today against the same `envelope_signer`.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ServerKeyFile {
    format: String,
    #[serde(with = "b64")]
    signing_key: [u8; 32],
}

impl Drop for ServerKeyFile {
    fn drop(&mut self) {
        self.signing_key.fill(0);
    }
}

/// The server's signing key from `path` (which must not be readable by
/// group or others), or, when there is no file there, a new key written to
/// it (mode 0600). The `bool` says whether it was created.
pub fn server_signing_key(path: &Path) -> Result<(SigningKey, bool), Error> {
    match fs::symlink_metadata(path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            let key = generate_signing_key().map_err(envelope_err(path))?;
            let file = ServerKeyFile {
                format: SERVER_KEY_FORMAT.into(),
                signing_key: key.to_bytes(),
            };
            // written whole under a temporary name, then linked to its
            // name: a node sharing the directory reads a whole file or none
            let mut tmp = path.as_os_str().to_owned();
            tmp.push(format!(".{}.tmp", std::process::id()));
            let tmp = PathBuf::from(tmp);
            let _ = fs::remove_file(&tmp);
            write_new(
                &tmp,
                to_json_line(&file).as_bytes(),
                0o600,
                Error::KeyExists,
            )?;
            let linked = fs::hard_link(&tmp, path);
            let _ = fs::remove_file(&tmp);
            match linked {
                Ok(()) => Ok((key, true)),
                // another node sharing the directory made it first
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => server_signing_key(path),
                Err(e) => Err(io_err(path)(e)),
            }
        }
        Err(e) => Err(io_err(path)(e)),
        Ok(_) => {
            let bytes = read_private(path)?;
            let file: ServerKeyFile =
                parse_key_file(path, &bytes, SERVER_KEY_FORMAT, |f: &ServerKeyFile| {
                    &f.format
                })?;
            Ok((SigningKey::from_bytes(&file.signing_key), false))
        }
    }
}

/// An envelope as a file: pretty-printed JSON, at most
/// [`arbitre_envelope::MAX_JSON_BYTES`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EnvelopeFile(pub Envelope);

impl Deref for EnvelopeFile {
    type Target = Envelope;

    fn deref(&self) -> &Envelope {
        &self.0
    }
}

impl EnvelopeFile {
    /// Reads and parses an envelope file (see [`Envelope::from_json`]).
    pub fn load(path: &Path) -> Result<Self, Error> {
        let max = arbitre_envelope::MAX_JSON_BYTES as u64;
        let bytes = read_limited(path, max, "envelope")?;
        Envelope::from_json(&bytes)
            .map(EnvelopeFile)
            .map_err(envelope_err(path))
    }

    /// Writes the envelope file; refuses to overwrite an existing file.
    pub fn save(&self, path: &Path) -> Result<(), Error> {
        write_new(
            path,
            self.0.to_json().as_bytes(),
            0o644,
            Error::EnvelopeExists,
        )
    }
}

/// Seals `sealed_move` (exactly as written, in any notation) to the
/// arbiter's public key of `key_dir`, signed with its signing key.
pub fn seal(info: EnvelopeInfo, sealed_move: &str, key_dir: &Path) -> Result<EnvelopeFile, Error> {
    seal_with_keys(info, sealed_move, &ArbiterKeys::load(key_dir)?).map_err(envelope_err(key_dir))
}

/// [`seal`] with keys already loaded.
pub fn seal_with_keys(
    info: EnvelopeInfo,
    sealed_move: &str,
    keys: &ArbiterKeys,
) -> Result<EnvelopeFile, EnvelopeError> {
    arbitre_envelope::seal(info, sealed_move, &keys.public.sealing, &keys.signing).map(EnvelopeFile)
}

/// Verifies the envelope against the arbiter's verifying key (the command
/// line seals with the arbiter's signing key), decrypts it with the
/// arbiter's secret key and checks the commitment.
pub fn open_with_keys(envelope: &Envelope, keys: &ArbiterKeys) -> Result<Opened, EnvelopeError> {
    open_verified(&verify(envelope, &keys.public.verifying)?, &keys.opening)
}

/// The same for an envelope another party sealed and signed (a server:
/// its key is the `envelope_signer` of its `/api/health`): verified
/// against `signer` instead of the arbiter's own key.
pub fn open_signed_by(
    envelope: &Envelope,
    keys: &ArbiterKeys,
    signer: &VerifyingKey,
) -> Result<Opened, EnvelopeError> {
    open_verified(&verify(envelope, signer)?, &keys.opening)
}

/// An Ed25519 public key written as 64 hexadecimal digits.
pub fn parse_signer(text: &str) -> Result<VerifyingKey, String> {
    let bytes: Vec<u8> = (0..text.len())
        .step_by(2)
        .map(|i| {
            text.get(i..i + 2)
                .and_then(|h| u8::from_str_radix(h, 16).ok())
        })
        .collect::<Option<_>>()
        .ok_or_else(|| format!("`{text}` is not hexadecimal"))?;
    let bytes: [u8; 32] = bytes
        .try_into()
        .map_err(|_| format!("`{text}` is not 32 bytes (64 hexadecimal digits)"))?;
    VerifyingKey::from_bytes(&bytes).map_err(|_| format!("`{text}` is not an Ed25519 public key"))
}

/// A time of the clear part as a clock reading, in the project's one time
/// format (`1:59:35`, `0:00:03.5`).
fn format_seconds(t: f64, lang: Language) -> String {
    let ms = i64::try_from(millis(t)).unwrap_or(i64::MAX);
    arbitre_messages::time::clock(ms, lang)
}

/// What the envelope's article (2005 A2) lets anyone see: the clear part,
/// the commitment and the keys, never the move; in `lang`. Does not verify
/// the signature.
pub fn show(envelope: &Envelope, lang: Language) -> String {
    let i = envelope.info();
    let say = |id: &str, args: &[(&str, Arg)]| {
        arbitre_messages::message(lang, id, args).unwrap_or_else(|e| e.text)
    };
    let text = |t: &str| Arg::Text(t.to_owned());
    let name = |n: &Option<String>| match n {
        Some(n) => n.clone(),
        None => say("cli-envelope-not-recorded", &[]),
    };
    let times = |id: &str, t: &Times| {
        say(
            id,
            &[
                ("white", text(&format_seconds(t.white, lang))),
                ("black", text(&format_seconds(t.black, lang))),
            ],
        )
    };
    // the edition's own name and the article that says what the envelope
    // carries; a code no edition has is shown as it is
    let edition = i.edition.parse::<EditionId>().ok();
    let laws = match edition {
        Some(e) => say(
            "cli-envelope-laws",
            &[
                ("edition", text(&arbitre_messages::edition(e.code(), lang))),
                ("article", text(e.laws().adjournment.envelope)),
            ],
        ),
        None => say(
            "cli-envelope-laws-unknown",
            &[("edition", text(&i.edition))],
        ),
    };
    let offer = match i.draw_offer {
        None => "none",
        Some(Side::White) => "white",
        Some(Side::Black) => "black",
    };
    [
        say(
            "cli-envelope-title",
            &[("format", text(arbitre_envelope::FORMAT))],
        ),
        laws,
        say(
            "cli-envelope-player",
            &[
                ("side", Arg::Side(Side::White)),
                ("name", text(&name(&i.players.white))),
            ],
        ),
        say(
            "cli-envelope-player",
            &[
                ("side", Arg::Side(Side::Black)),
                ("name", text(&name(&i.players.black))),
            ],
        ),
        say("cli-envelope-position", &[("fen", text(&i.fen))]),
        times("cli-envelope-time-used", &i.time_used),
        times("cli-envelope-time-remaining", &i.remaining),
        say(
            "cli-envelope-sealed-by",
            &[
                ("side", Arg::Side(i.sealer)),
                ("number", Arg::Count(i64::from(i.move_number))),
            ],
        ),
        say("cli-envelope-draw-offer", &[("offer", Arg::Code(offer))]),
        say(
            "cli-envelope-resumption",
            &[("at", text(&i.resume_at)), ("place", text(&i.place))],
        ),
        say(
            "cli-envelope-commitment",
            &[("hex", text(&envelope.commitment().to_hex()))],
        ),
        say(
            "cli-envelope-sealed-to",
            &[("hex", text(&hex(&envelope.recipient().to_bytes())))],
        ),
        say(
            "cli-envelope-signed-by",
            &[("hex", text(&hex(envelope.signer().as_bytes())))],
        ),
    ]
    .join("\n")
}

/// The sealed move with its number and side, as a scoresheet writes it:
/// "41. Nf3 (White)", "1… c5 (Black)".
pub fn sealed_move(info: &EnvelopeInfo, text: &str, lang: Language) -> String {
    let id = match info.sealer {
        Side::White => "cli-envelope-move-white",
        Side::Black => "cli-envelope-move-black",
    };
    arbitre_messages::message(
        lang,
        id,
        &[
            ("number", Arg::Count(i64::from(info.move_number))),
            ("move", Arg::Text(text.to_owned())),
        ],
    )
    .unwrap_or_else(|e| e.text)
}

fn fail(message: &str) -> ExitCode {
    eprintln!("arbitre: {message}");
    ExitCode::FAILURE
}

/// The command line: `arbitre keygen --out DIR`. Prints the two files
/// written; exit 1 with the reason on failure.
pub fn run_keygen(dir: &Path) -> ExitCode {
    match keygen(dir) {
        Ok(paths) => {
            crate::outln!(
                "secret keys (X25519 to open, Ed25519 to sign; mode 0600): {}",
                paths.secret.display()
            );
            crate::outln!(
                "public keys (X25519 to seal to, Ed25519 to verify): {}",
                paths.public.display()
            );
            ExitCode::SUCCESS
        }
        Err(e) => fail(&format!("keygen: {e}")),
    }
}

/// The command line: `arbitre envelope show FILE [--pub DIR]`. Verifies
/// the signature (against the key the envelope names, or against
/// `DIR/arbiter.pub`, whose X25519 key must also be the one sealed to),
/// then prints the clear part, the commitment and which check was done;
/// exit 1 with the reason if the file is malformed or a check fails.
pub fn run_show(file: &Path, pub_dir: Option<&Path>, lang: Language) -> ExitCode {
    let envelope = match EnvelopeFile::load(file) {
        Ok(e) => e,
        Err(e) => return fail(&e.to_string()),
    };
    let checked = match pub_dir {
        None => verify(&envelope, envelope.signer()).map(|_| {
            arbitre_messages::message(lang, "cli-envelope-signature-named", &[])
                .unwrap_or_else(|e| e.text)
        }),
        Some(dir) => {
            let public = match load_public_keys(dir) {
                Ok(p) => p,
                Err(e) => return fail(&e.to_string()),
            };
            let path = dir.join(PUB_FILE);
            if *envelope.recipient() != public.sealing {
                return fail(&format!(
                    "envelope {}: sealed to the public key {}, not to the one of {}: \
                     that arbiter cannot open it",
                    file.display(),
                    hex(&envelope.recipient().to_bytes()),
                    path.display()
                ));
            }
            verify(&envelope, &public.verifying).map(|_| {
                arbitre_messages::message(
                    lang,
                    "cli-envelope-signature-pub",
                    &[("path", Arg::Text(path.display().to_string()))],
                )
                .unwrap_or_else(|e| e.text)
            })
        }
    };
    match checked {
        Ok(checked) => {
            crate::outln!("{}", show(&envelope, lang));
            crate::outln!("{checked}");
            ExitCode::SUCCESS
        }
        Err(e) => fail(&format!("envelope {}: {e}", file.display())),
    }
}

/// The command line: `arbitre envelope open FILE --key DIR`. Verifies the
/// signature against `DIR/arbiter.pub`, decrypts with `DIR/arbiter.key`,
/// checks the commitment and prints the sealed move alone on standard
/// output — or, with `json`, `{"move", "salt"}`, the body of the arbiter's
/// `{"open": …}` event; exit 1 with the reason otherwise.
pub fn run_open(
    file: &Path,
    key_dir: &Path,
    signer: Option<&str>,
    json: bool,
    lang: Language,
) -> ExitCode {
    let signer = match signer.map(parse_signer).transpose() {
        Ok(s) => s,
        Err(e) => return fail(&format!("--signer: {e}")),
    };
    let opened = EnvelopeFile::load(file).and_then(|envelope| {
        let keys = ArbiterKeys::load(key_dir)?;
        match &signer {
            Some(signer) => open_signed_by(&envelope, &keys, signer),
            None => open_with_keys(&envelope, &keys),
        }
        .map(|opened| (envelope.info().clone(), opened))
        .map_err(envelope_err(file))
    });
    match opened {
        Ok((info, opened)) => {
            if json {
                let body =
                    serde_json::json!({"move": opened.text(), "salt": opened.salt().to_hex()});
                crate::outln!("{body}");
            } else {
                crate::outln!("{}", sealed_move(&info, opened.text(), lang));
            }
            let against = match &signer {
                Some(k) => format!("the signer {}", hex(k.as_bytes())),
                None => key_dir.join(PUB_FILE).display().to_string(),
            };
            eprintln!(
                "arbitre: signature verified against {against}; the move matches the commitment"
            );
            ExitCode::SUCCESS
        }
        Err(e) => fail(&format!("{e}; the envelope stays sealed")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn show_formats_times_to_the_millisecond() {
        assert_eq!(format_seconds(0.0, Language::En), "0:00:00");
        assert_eq!(format_seconds(5025.125, Language::En), "1:23:45.125");
        assert_eq!(format_seconds(86400.0005, Language::En), "24:00:00.001");
    }
}
