//! The sealed-move envelope on the command line (Annex A2): key files,
//! envelope files, tampering with the file, old formats, the commands.
//! The cryptography itself is tested in `crates/envelope`.

use std::{
    fs,
    os::unix::fs::PermissionsExt,
    path::{Path, PathBuf},
    process::{Command, Output},
};

use arbitre::envelope::{
    keygen, load_public_keys, open_with_keys, seal, seal_with_keys, show, ArbiterKeys, Envelope,
    EnvelopeFile, EnvelopeInfo, Error, Players, Side, Times,
};
use arbitre_envelope::EnvelopeError;
use base64::{engine::general_purpose::STANDARD as B64, Engine as _};
use serde_json::Value;

/// The binary fields of an envelope file, random-looking base64 or hex.
const BINARY: [&str; 6] = [
    "commitment",
    "recipient",
    "encapsulated_key",
    "ciphertext",
    "signer",
    "signature",
];

fn info() -> EnvelopeInfo {
    EnvelopeInfo {
        players: Players {
            white: Some("José Raúl Capablanca".into()),
            black: Some("Alexander Alekhine".into()),
        },
        fen: "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 2 3".into(),
        time_used: Times {
            white: 5025.125,
            black: 4790.5,
        },
        remaining: Times {
            white: 2174.875,
            black: 2409.5,
        },
        sealer: Side::White,
        move_number: 41,
        draw_offer: Some(Side::Black),
        resume_at: "1927-11-29 16:00".into(),
        place: "Buenos Aires, Club Argentino de Ajedrez".into(),
        edition: "fide-1930".into(),
    }
}

fn keys() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    keygen(dir.path()).unwrap();
    dir
}

fn open(env: &Envelope, dir: &Path) -> Result<String, Error> {
    let keys = ArbiterKeys::load(dir)?;
    open_with_keys(env, &keys)
        .map(|o| o.text().to_owned())
        .map_err(|source| Error::Envelope {
            path: dir.to_path_buf(),
            source,
        })
}

#[test]
fn a_sealed_file_opens_with_the_key_directory() {
    let dir = keys();
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join("envelope.json");
    seal(info(), "♘f3", dir.path())
        .unwrap()
        .save(&path)
        .unwrap();
    let loaded = EnvelopeFile::load(&path).unwrap();
    assert_eq!(loaded.info(), &info());
    assert_eq!(open(&loaded, dir.path()).unwrap(), "♘f3");
    let public = load_public_keys(dir.path()).unwrap();
    assert_eq!(loaded.recipient(), &public.sealing);
    assert_eq!(loaded.signer(), &public.verifying);
    // never overwritten
    let e = seal(info(), "Nf3", dir.path())
        .unwrap()
        .save(&path)
        .unwrap_err();
    assert!(matches!(e, Error::EnvelopeExists(_)), "{e}");
    assert!(e.to_string().contains("refusing to overwrite"), "{e}");
}

#[test]
fn the_move_appears_nowhere_in_the_file() {
    let dir = keys();
    for m in ["Nf3", "Ng1-f3", "exd6 e.p.", "Nf3+", "Nxe5", "Bb5"] {
        let file = seal(info(), m, dir.path()).unwrap().to_json();
        let value: Value = serde_json::from_str(&file).unwrap();
        // the file with its binary fields blanked: the clear part
        let mut clear = value.clone();
        for key in BINARY {
            let text = clear[key].as_str().unwrap().to_string();
            let bytes = B64.decode(&text).unwrap_or_default();
            // random bytes hold a given 2-byte string about once in 300
            // envelopes; from 4 bytes on a chance match is below one in 10^7
            if m.len() >= 4 {
                assert!(
                    !bytes.windows(m.len()).any(|w| w == m.as_bytes()),
                    "{m} in {key}"
                );
            }
            clear[key] = Value::Null;
        }
        let clear = serde_json::to_string(&clear).unwrap();
        assert!(!clear.contains(m), "{m} in the clear part {clear}");
        let shown = show(
            &Envelope::from_json(file.as_bytes()).unwrap(),
            arbitre_laws::Language::En,
        );
        assert!(!shown.contains(m), "{m} shown: {shown}");
    }
}

/// Does the file open, and to what: `None` when parsing or opening fails.
fn try_open(bytes: &[u8], keys: &ArbiterKeys) -> Option<(Envelope, String)> {
    let env = Envelope::from_json(bytes).ok()?;
    let opened = open_with_keys(&env, keys).ok()?;
    Some((env, opened.text().to_owned()))
}

/// Which bytes of a JSON text lie inside a string (between its quotes).
fn in_string(json: &[u8]) -> Vec<bool> {
    let (mut inside, mut escaped) = (false, false);
    json.iter()
        .map(|&b| {
            let was = inside;
            if inside && !escaped && b == b'"' {
                inside = false;
                return false;
            }
            if !inside && b == b'"' {
                inside = true;
                return false;
            }
            escaped = inside && !escaped && b == b'\\';
            was
        })
        .collect()
}

/// Replacements tried at position `i`: outside strings every structural
/// byte, whitespace and number characters; inside strings (where each
/// change that keeps the JSON valid costs a signature check) a quote, and
/// one letter, digit or base64 symbol, varied with the position.
fn replacements(i: usize, original: u8, inside: bool) -> Vec<u8> {
    const VALUE: &[u8] = b"0aZ/+9kQ1f";
    let mut out: Vec<u8> = if inside {
        vec![b'"']
    } else {
        b"019aAZ+/= \t\n\r\"-.eE{},:[]ntf".to_vec()
    };
    let pick = (0..VALUE.len())
        .map(|k| VALUE[(i + k) % VALUE.len()])
        .find(|&c| c != original);
    out.extend(pick);
    if !original.is_ascii() {
        // within a multi-byte character: another character of the same length
        out.extend([original ^ 1, original ^ 2, original ^ 4]);
    }
    out.retain(|&c| c != original);
    out.dedup();
    out
}

/// Every byte of the file, changed: either the change is void (the same
/// JSON value: whitespace between tokens) and the envelope opens as before,
/// or the file no longer opens.
#[test]
fn every_byte_of_the_file_is_protected() {
    let dir = keys();
    let keys = ArbiterKeys::load(dir.path()).unwrap();
    let original = seal_with_keys(info(), "Ng1-f3", &keys).unwrap().0;
    let file = original.to_json().into_bytes();
    let value: Value = serde_json::from_slice(&file).unwrap();
    let expected = Some((original.clone(), "Ng1-f3".to_string()));
    assert_eq!(try_open(&file, &keys), expected);
    let inside = in_string(&file);

    // (tried, void, refused) over a range of positions
    let check = |range: std::ops::Range<usize>| {
        let (mut tried, mut void, mut refused) = (0, 0, 0);
        for i in range {
            let mut changed_here = false;
            for c in replacements(i, file[i], inside[i]) {
                let mut bytes = file.clone();
                bytes[i] = c;
                if std::str::from_utf8(&bytes).is_err() {
                    continue;
                }
                changed_here = true;
                tried += 1;
                let same = serde_json::from_slice::<Value>(&bytes).is_ok_and(|v| v == value);
                match try_open(&bytes, &keys) {
                    None => {
                        assert!(!same, "a void change at {i} was refused");
                        refused += 1;
                    }
                    result => {
                        assert!(
                            same,
                            "byte {i} ({:?} -> {:?}) changed the envelope and it still opened: {}",
                            file[i] as char,
                            c as char,
                            String::from_utf8_lossy(&bytes)
                        );
                        assert_eq!(result, expected);
                        void += 1;
                    }
                }
            }
            assert!(changed_here, "no valid UTF-8 change tried at {i}");
        }
        (tried, void, refused)
    };
    let half = file.len() / 2;
    let ((t1, v1, r1), (t2, v2, r2)) = std::thread::scope(|s| {
        let a = s.spawn(|| check(0..half));
        let b = check(half..file.len());
        (a.join().unwrap(), b)
    });
    let (tried, void, refused) = (t1 + t2, v1 + v2, r1 + r2);
    // every position was changed at least once
    assert!(tried >= file.len(), "{tried} < {}", file.len());
    assert!(refused > file.len() && void > 0, "{refused} {void}");
}

/// Every leaf of the JSON file, changed to another value of its kind.
fn leaves(v: &Value, path: Vec<String>, out: &mut Vec<Vec<String>>) {
    match v {
        Value::Object(m) => {
            for (k, v) in m {
                let mut p = path.clone();
                p.push(k.clone());
                leaves(v, p, out);
            }
        }
        _ => out.push(path),
    }
}

fn at<'a>(v: &'a mut Value, path: &[String]) -> &'a mut Value {
    path.iter().fold(v, |v, k| &mut v[k.as_str()])
}

fn changed(v: &Value, path: &[String]) -> Vec<Value> {
    let last = path.last().map(String::as_str).unwrap_or_default();
    match v {
        Value::Null => vec![Value::from("white"), Value::from("Someone")],
        Value::Number(n) => {
            let x = n.as_f64().unwrap();
            vec![Value::from(x + 1.0), Value::from(x + 0.001)]
        }
        Value::String(s) if last == "sealer" => {
            vec![Value::from(if s == "white" { "black" } else { "white" })]
        }
        Value::String(_) if last == "draw_offer" => vec![Value::Null, Value::from("white")],
        Value::String(s) if last == "commitment" => {
            let flip = |k: usize| {
                let mut c: Vec<char> = s.chars().collect();
                c[k] = if c[k] == '0' { '1' } else { '0' };
                Value::from(c.into_iter().collect::<String>())
            };
            vec![flip(0), flip(31), flip(63)]
        }
        Value::String(s) if BINARY.contains(&last) => {
            let mut b = B64.decode(s).unwrap();
            let mut out = Vec::new();
            for i in [0, b.len() / 2, b.len() - 1] {
                b[i] ^= 1;
                out.push(Value::from(B64.encode(&b)));
                b[i] ^= 1;
            }
            out
        }
        Value::String(s) if last == "fen" => vec![Value::from(s.replace("2 3", "2 4"))],
        Value::String(s) => vec![Value::from(format!("{s}.")), Value::from(s.to_uppercase())],
        other => panic!("unexpected {other}"),
    }
}

#[test]
fn every_field_change_is_detected() {
    let dir = keys();
    let keys = ArbiterKeys::load(dir.path()).unwrap();
    let mut info = info();
    info.players.black = None;
    info.draw_offer = None;
    for info in [self::info(), info] {
        let original = seal_with_keys(info, "O-O", &keys).unwrap();
        let value: Value = serde_json::from_str(&original.to_json()).unwrap();
        let mut paths = Vec::new();
        leaves(&value, Vec::new(), &mut paths);
        assert_eq!(paths.len(), 20);
        for path in paths {
            let old = at(&mut value.clone(), &path).clone();
            for new in changed(&old, &path).into_iter().filter(|n| *n != old) {
                let mut v = value.clone();
                *at(&mut v, &path) = new.clone();
                let bytes = serde_json::to_vec_pretty(&v).unwrap();
                // once it parses, a change can only be an alteration
                match Envelope::from_json(&bytes) {
                    Err(e) => assert!(matches!(e, EnvelopeError::Malformed(_)), "{path:?}: {e}"),
                    Ok(env) => {
                        let e = open_with_keys(&env, &keys).unwrap_err();
                        assert!(
                            matches!(e, EnvelopeError::Altered { .. }),
                            "{path:?} = {new}: {e}"
                        );
                        assert!(e.to_string().contains("altered"), "{e}");
                    }
                }
            }
        }
    }
}

#[test]
fn another_arbiters_keys_do_not_open() {
    let (a, b) = (keys(), keys());
    let env = seal(info(), "Nf3", a.path()).unwrap();
    let e = open(&env, b.path()).unwrap_err();
    assert!(e.to_string().contains("wrong key"), "{e}");
    // an envelope sealed to a's public key but signed by b: not a's
    let keys_a = ArbiterKeys::load(a.path()).unwrap();
    let keys_b = ArbiterKeys::load(b.path()).unwrap();
    let forged = seal_with_keys(info(), "Nf3", &keys_b).unwrap();
    assert!(matches!(
        open_with_keys(&forged, &keys_a),
        Err(EnvelopeError::WrongKey(_))
    ));
    assert_ne!(keys_a.public(), keys_b.public());
}

#[test]
fn keys_are_private_and_never_overwritten() {
    let parent = tempfile::tempdir().unwrap();
    let dir = parent.path().join("keys");
    let paths = keygen(&dir).unwrap();
    let mode = |p: &Path| fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&paths.secret), 0o600);
    assert_eq!(mode(&dir), 0o700);
    assert_eq!(paths.secret, dir.join("arbiter.key"));
    assert_eq!(paths.public, dir.join("arbiter.pub"));

    let before = (
        fs::read(&paths.secret).unwrap(),
        fs::read(&paths.public).unwrap(),
    );
    let e = keygen(&dir).unwrap_err();
    assert!(matches!(e, Error::KeyExists(_)), "{e}");
    assert!(e.to_string().contains("refusing to overwrite"), "{e}");
    // a lone public key is not overwritten either
    fs::remove_file(&paths.secret).unwrap();
    assert!(matches!(keygen(&dir).unwrap_err(), Error::KeyExists(_)));
    fs::write(&paths.secret, &before.0).unwrap();
    fs::set_permissions(&paths.secret, fs::Permissions::from_mode(0o600)).unwrap();
    assert_eq!(fs::read(&paths.public).unwrap(), before.1);

    // a secret key others can read is refused
    let env = seal(info(), "Nf3", &dir).unwrap();
    fs::set_permissions(&paths.secret, fs::Permissions::from_mode(0o640)).unwrap();
    let e = open(&env, &dir).unwrap_err();
    assert!(matches!(e, Error::KeyPermissions { .. }), "{e}");
    assert!(e.to_string().contains("0640"), "{e}");
}

#[test]
fn key_files_hold_what_they_say() {
    let (a, b) = (keys(), keys());
    let read = |d: &tempfile::TempDir, f: &str| -> Value {
        serde_json::from_str(&fs::read_to_string(d.path().join(f)).unwrap()).unwrap()
    };
    let (secret, public) = (read(&a, "arbiter.key"), read(&a, "arbiter.pub"));
    assert_eq!(secret["format"], "arbitre-arbiter-key/2");
    assert_eq!(public["format"], "arbitre-arbiter-pub/2");
    let mut fields: Vec<&String> = secret.as_object().unwrap().keys().collect();
    fields.sort();
    assert_eq!(fields, ["format", "hpke_secret_key", "signing_key"]);
    let mut fields: Vec<&String> = public.as_object().unwrap().keys().collect();
    fields.sort();
    assert_eq!(fields, ["format", "hpke_public_key", "verifying_key"]);
    // fresh, and not in the source
    assert_ne!(read(&a, "arbiter.key"), read(&b, "arbiter.key"));
    let source = include_str!("../src/envelope.rs");
    for key in ["hpke_secret_key", "signing_key"] {
        assert!(!source.contains(secret[key].as_str().unwrap()));
    }
    // nor in Debug
    let keys = format!("{:?}", ArbiterKeys::load(a.path()).unwrap());
    for key in ["hpke_secret_key", "signing_key"] {
        let bytes = B64.decode(secret[key].as_str().unwrap()).unwrap();
        let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
        assert!(!keys.contains(secret[key].as_str().unwrap()) && !keys.contains(&hex[..16]));
    }
    assert!(keys.contains("PublicKey("), "{keys}");
    // no secret in the public file
    let public_text = fs::read_to_string(a.path().join("arbiter.pub")).unwrap();
    for key in ["hpke_secret_key", "signing_key"] {
        assert!(!public_text.contains(secret[key].as_str().unwrap()));
    }
}

#[test]
fn key_files_are_checked() {
    let (a, b) = (keys(), keys());
    // a public key file from another pair
    fs::copy(b.path().join("arbiter.pub"), a.path().join("arbiter.pub")).unwrap();
    let e = ArbiterKeys::load(a.path()).unwrap_err();
    assert!(e.to_string().contains("does not match"), "{e}");
    let key = a.path().join("arbiter.key");
    fs::write(&key, "{}").unwrap();
    let e = ArbiterKeys::load(a.path()).unwrap_err();
    assert!(matches!(e, Error::BadKeyFile { .. }), "{e}");
    assert!(e.to_string().contains("missing field"), "{e}");
    fs::write(&key, " ".repeat(5000)).unwrap();
    let e = ArbiterKeys::load(a.path()).unwrap_err();
    assert!(matches!(e, Error::TooLarge { .. }), "{e}");
    let e = seal(info(), "Nf3", &a.path().join("nowhere")).unwrap_err();
    assert!(matches!(e, Error::Io { .. }), "{e}");
}

#[test]
fn seal_refuses_bad_input() {
    let dir = keys();
    let mut i = info();
    i.sealer = Side::Black;
    let e = seal(i, "Nf3", dir.path()).unwrap_err();
    assert!(e.to_string().contains("White to move"), "{e}");
    let e = seal(info(), "", dir.path()).unwrap_err();
    assert!(e.to_string().contains("empty"), "{e}");
}

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/envelope-format1")
        .join(name)
}

/// The files an earlier arbitre wrote: a clear message, not a parse error.
#[test]
fn format_1_files_say_the_format_changed() {
    let dir = tempfile::tempdir().unwrap();
    for f in ["arbiter.key", "arbiter.pub"] {
        fs::copy(fixture(f), dir.path().join(f)).unwrap();
    }
    fs::set_permissions(
        dir.path().join("arbiter.key"),
        fs::Permissions::from_mode(0o600),
    )
    .unwrap();
    let e = ArbiterKeys::load(dir.path()).unwrap_err();
    assert!(matches!(e, Error::OldKeyFormat { .. }), "{e}");
    let e = load_public_keys(dir.path()).unwrap_err();
    assert!(matches!(e, Error::OldKeyFormat { .. }), "{e}");
    let message = e.to_string();
    for needle in [
        "arbiter.pub",
        "key file format changed",
        "\"arbitre-arbiter-pub/1\"",
        "symmetric cipher key",
        "\"arbitre-arbiter-pub/2\" only",
        "arbitre keygen",
    ] {
        assert!(message.contains(needle), "{needle}: {message}");
    }
    let e = EnvelopeFile::load(&fixture("envelope.json")).unwrap_err();
    let message = e.to_string();
    assert!(
        matches!(
            e,
            Error::Envelope {
                source: EnvelopeError::OldFormat,
                ..
            }
        ),
        "{e}"
    );
    assert!(message.contains("envelope.json"), "{message}");
    assert!(message.contains("format changed"), "{message}");
}

// The command line.

fn arbitre(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .args(args)
        .output()
        .unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn cli_keygen_show_open() {
    let tmp = tempfile::tempdir().unwrap();
    let (a, b) = (tmp.path().join("a"), tmp.path().join("b"));
    let out = arbitre(&["keygen", "--out", s(&a)]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("arbiter.key"));
    assert_eq!(
        fs::metadata(a.join("arbiter.key"))
            .unwrap()
            .permissions()
            .mode()
            & 0o777,
        0o600
    );
    let out = arbitre(&["keygen", "--out", s(&a)]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("already exists"));
    assert_eq!(arbitre(&["keygen", "--out", s(&b)]).status.code(), Some(0));

    let file: PathBuf = tmp.path().join("adjourned.json");
    seal(info(), "♘f3", &a).unwrap().save(&file).unwrap();

    // show: the clear part, the commitment, which check was done
    let out = arbitre(&["envelope", "show", s(&file)]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let shown = text(&out.stdout);
    let public = load_public_keys(&a).unwrap();
    let hex = |b: &[u8]| b.iter().map(|b| format!("{b:02x}")).collect::<String>();
    for needle in [
        "Capablanca",
        "Alekhine",
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 2 3",
        "1:23:45.125",
        "Laws: FIDE Rules of 1930 (art. 21.4)",
        "Sealed by: White, move 41",
        "Black offered a draw",
        "1927-11-29 16:00",
        "Buenos Aires",
        "Commitment (SHA-256): ",
        &EnvelopeFile::load(&file).unwrap().commitment().to_hex(),
        &format!(
            "Sealed to (X25519 public key): {}",
            hex(&public.sealing.to_bytes())
        ),
        &hex(public.verifying.as_bytes()),
        "named in the envelope",
    ] {
        assert!(shown.contains(needle), "{needle} not in {shown}");
    }
    assert!(!shown.contains("♘f3"));
    let out = arbitre(&["envelope", "show", s(&file), "--pub", s(&a)]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("arbiter.pub"));
    // b's public key: sealed to another arbiter
    let out = arbitre(&["envelope", "show", s(&file), "--pub", s(&b)]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("that arbiter cannot open it"),
        "{}",
        text(&out.stderr)
    );

    // in French, every line (a space before each colon)
    let out = arbitre(&["envelope", "show", s(&file), "--lang", "fr"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let shown = text(&out.stdout);
    for needle in [
        "Règles : Règlement de la FIDE de 1930 (art. 21.4)",
        "Blancs : José Raúl Capablanca",
        "Coup secret des Blancs, coup 41",
        "les Noirs ont proposé la nullité avant l’ajournement",
        "Empreinte (SHA-256) : ",
        &EnvelopeFile::load(&file).unwrap().commitment().to_hex(),
        "Signature : valide",
    ] {
        assert!(shown.contains(needle), "{needle} not in {shown}");
    }
    for english in ["Sealed", "Laws", "White", "Time", "none", "Signed"] {
        assert!(!shown.contains(english), "{english} in {shown}");
    }

    // open: the move with its number and side on standard output
    let out = arbitre(&["envelope", "open", s(&file), "--key", s(&a)]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "41. ♘f3 (White)\n");
    let out = arbitre(&["envelope", "open", s(&file), "--key", s(&a), "--lang", "fr"]);
    assert_eq!(text(&out.stdout), "41. ♘f3 (Blancs)\n");
    // --json: the body of the arbiter's `{"open": …}`, whose salt opens the
    // commitment the file shows
    let out = arbitre(&["envelope", "open", s(&file), "--key", s(&a), "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let opened: Value = serde_json::from_str(text(&out.stdout).trim()).expect("one JSON line");
    assert_eq!(opened["move"], "♘f3");
    let salt = opened["salt"].as_str().expect("a salt");
    assert_eq!(salt.len(), 64, "{salt}");
    assert!(salt.bytes().all(|b| b.is_ascii_hexdigit()), "{salt}");
    let out = arbitre(&["envelope", "open", s(&file), "--key", s(&b)]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("wrong key"), "{err}");
    assert!(err.contains("stays sealed"), "{err}");
    assert!(out.stdout.is_empty());

    // altered: the move number changed from 41 to 42
    let altered = tmp.path().join("altered.json");
    let json = fs::read_to_string(&file).unwrap();
    assert!(json.contains("\"move_number\": 41"));
    fs::write(
        &altered,
        json.replace("\"move_number\": 41", "\"move_number\": 42"),
    )
    .unwrap();
    for args in [
        vec!["envelope", "show", s(&altered)],
        vec!["envelope", "show", s(&altered), "--pub", s(&a)],
        vec!["envelope", "open", s(&altered), "--key", s(&a)],
    ] {
        let out = arbitre(&args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let err = text(&out.stderr);
        assert!(err.contains("altered"), "{err}");
        assert!(err.contains("signature does not verify against"), "{err}");
        assert!(out.stdout.is_empty());
    }

    // malformed, too large, missing
    let junk = tmp.path().join("junk.json");
    fs::write(&junk, "{\"format\": 1}").unwrap();
    let big = tmp.path().join("big.json");
    fs::write(&big, vec![b' '; arbitre_envelope::MAX_JSON_BYTES + 1]).unwrap();
    for (path, expected) in [(&junk, "malformed envelope"), (&big, "not read")] {
        for args in [
            vec!["envelope", "show", s(path)],
            vec!["envelope", "open", s(path), "--key", s(&a)],
        ] {
            let out = arbitre(&args);
            assert_eq!(out.status.code(), Some(1));
            let err = text(&out.stderr);
            assert!(err.contains(expected), "{err}");
        }
    }
    let out = arbitre(&[
        "envelope",
        "open",
        s(&tmp.path().join("none.json")),
        "--key",
        s(&a),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("none.json"));
    // usage errors are clap's
    assert_eq!(
        arbitre(&["envelope", "open", s(&file)]).status.code(),
        Some(2)
    );
}

#[test]
fn cli_format_1_files_say_the_format_changed() {
    let tmp = tempfile::tempdir().unwrap();
    let keys = tmp.path().join("old-keys");
    fs::create_dir(&keys).unwrap();
    for f in ["arbiter.key", "arbiter.pub"] {
        fs::copy(fixture(f), keys.join(f)).unwrap();
    }
    fs::set_permissions(keys.join("arbiter.key"), fs::Permissions::from_mode(0o600)).unwrap();
    let old = fixture("envelope.json");
    let new_keys = tmp.path().join("keys");
    keygen(&new_keys).unwrap();
    for (args, expected) in [
        (vec!["envelope", "show", s(&old)], "format changed"),
        (
            vec!["envelope", "open", s(&old), "--key", s(&new_keys)],
            "format changed",
        ),
        (
            vec!["envelope", "show", s(&old), "--pub", s(&keys)],
            "format changed",
        ),
        (
            vec!["envelope", "open", s(&old), "--key", s(&keys)],
            "format changed",
        ),
    ] {
        let out = arbitre(&args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let err = text(&out.stderr);
        assert!(err.contains(expected), "{args:?}: {err}");
        assert!(err.contains("format 1") || err.contains("/1\""), "{err}");
        assert!(!err.contains("unknown field"), "{err}");
    }
    // sealing with old keys
    let scenario = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/conformance/adjourn/A2-envelope-while-adjourned.json");
    let out = arbitre(&[
        "replay",
        s(&scenario),
        "--envelope-out",
        s(&tmp.path().join("e.json")),
        "--key",
        s(&keys),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("key file format changed"), "{err}");
}

#[test]
fn the_server_signing_key_is_made_once_kept_private_and_read_back() {
    use arbitre::envelope::{server_signing_key, SERVER_KEY_FORMAT};
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("signing.key");
    let (first, created) = server_signing_key(&path).unwrap();
    assert!(created);
    let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains(SERVER_KEY_FORMAT), "{text}");
    // a restart signs with the same key
    let (again, created) = server_signing_key(&path).unwrap();
    assert!(!created);
    assert_eq!(first.verifying_key(), again.verifying_key());
    // no temporary file left beside it
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    // readable by others: refused, not used
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
    let e = server_signing_key(&path).unwrap_err().to_string();
    assert!(e.contains("0644"), "{e}");
    // not a key file: refused with what is wrong
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
    std::fs::write(&path, b"{\"format\": \"arbitre-server-signing-key/1\"}").unwrap();
    let e = server_signing_key(&path).unwrap_err().to_string();
    assert!(e.contains("signing_key"), "{e}");
    // an arbiter's key file is not a server's
    let keys = keys();
    let e = server_signing_key(&keys.path().join("arbiter.key"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("format"), "{e}");
}
