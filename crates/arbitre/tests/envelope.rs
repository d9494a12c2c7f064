//! The sealed-move envelope (Annex A2): round trips, tampering, keys, CLI.

use std::{
    fs,
    os::unix::fs::PermissionsExt,
    path::{Path, PathBuf},
    process::{Command, Output},
};

use arbitre::envelope::{
    keygen, open, open_with_keys, seal, seal_with_keys, show, verify, ArbiterKeys, Envelope,
    EnvelopeError, EnvelopeInfo, Players, Side, Times, Trust,
};
use base64::{engine::general_purpose::STANDARD as B64, Engine as _};
use serde_json::Value;

/// Every notation a player may write the sealed move in.
const NOTATIONS: &[&str] = &[
    "Nf3",
    "Cf3",
    "Sf3",
    "Pf3",
    "Ng1-f3",
    "0-0",
    "O-O-O",
    "♘f3",
    "g1f3",
    "e7e8q",
    "exd6 e.p.",
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
        edition: "1930".into(),
    }
}

fn keys() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    keygen(dir.path()).unwrap();
    dir
}

#[test]
fn every_notation_round_trips() {
    let dir = keys();
    for &m in NOTATIONS {
        let env = seal(info(), m, dir.path()).unwrap();
        let file = env.to_json();
        let parsed = Envelope::from_json(file.as_bytes()).unwrap();
        assert_eq!(parsed, env);
        verify(&parsed, Trust::Embedded).unwrap();
        verify(&parsed, Trust::KeyDir(dir.path())).unwrap();
        let opened = open(&parsed, dir.path()).unwrap();
        assert_eq!(opened.sealed_move, m, "{m}");
        assert_eq!(parsed.info(), &info());
    }
}

#[test]
fn the_move_appears_nowhere_in_the_file() {
    let dir = keys();
    for &m in NOTATIONS.iter().chain(&["Nf3+", "Nxe5", "Bb5"]) {
        let file = seal(info(), m, dir.path()).unwrap().to_json();
        let value: Value = serde_json::from_str(&file).unwrap();
        // the file with its binary (base64) fields blanked: the clear part
        let mut clear = value.clone();
        for key in ["commitment", "nonce", "ciphertext", "signer", "signature"] {
            let b64 = clear[key].as_str().unwrap().to_string();
            let bytes = B64.decode(&b64).unwrap();
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
        // the shown part neither
        let shown = show(&Envelope::from_json(file.as_bytes()).unwrap());
        assert!(!shown.contains(m), "{m} shown: {shown}");
    }
}

#[test]
fn two_seals_of_one_move_share_nothing_secret() {
    let dir = keys();
    let a = seal(info(), "Nf3", dir.path()).unwrap();
    let b = seal(info(), "Nf3", dir.path()).unwrap();
    assert_ne!(a.commitment(), b.commitment(), "the salt is fresh");
    assert_ne!(a.to_json(), b.to_json());
}

/// Does the file open, and to what: `None` when parsing or opening fails.
fn try_open(bytes: &[u8], keys: &ArbiterKeys) -> Option<(Envelope, String)> {
    let env = Envelope::from_json(bytes).ok()?;
    let opened = open_with_keys(&env, keys).ok()?;
    Some((env, opened.sealed_move))
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
    const VALUE: &[u8] = b"0aZ/+9kQ1";
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

#[test]
fn every_byte_of_the_file_is_protected() {
    let dir = keys();
    let keys = ArbiterKeys::load(dir.path()).unwrap();
    let original = seal_with_keys(info(), "Ng1-f3", &keys).unwrap();
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
                // semantically void: the same JSON value (whitespace between tokens)
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
    match v {
        Value::Null => vec![Value::from("white"), Value::from("Someone")],
        Value::Number(n) => {
            let x = n.as_f64().unwrap();
            vec![Value::from(x + 1.0), Value::from(x + 0.001)]
        }
        Value::String(s) if path.last().is_some_and(|k| k == "sealer") => {
            vec![Value::from(if s == "white" { "black" } else { "white" })]
        }
        Value::String(s) if path.last().is_some_and(|k| k == "draw_offer") => {
            vec![Value::Null, Value::from("white")]
        }
        Value::String(s) if B64.decode(s).is_ok() && !path.contains(&"info".to_string()) => {
            let mut b = B64.decode(s).unwrap();
            let mut out = Vec::new();
            for i in [0, b.len() / 2, b.len() - 1] {
                b[i] ^= 1;
                out.push(Value::from(B64.encode(&b)));
                b[i] ^= 1;
            }
            out
        }
        Value::String(s) if path.last().is_some_and(|k| k == "fen") => {
            vec![Value::from(s.replace("2 3", "2 4"))]
        }
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
        assert_eq!(paths.len(), 19);
        for path in paths {
            let old = at(&mut value.clone(), &path).clone();
            for new in changed(&old, &path).into_iter().filter(|n| *n != old) {
                let mut v = value.clone();
                *at(&mut v, &path) = new.clone();
                let bytes = serde_json::to_vec_pretty(&v).unwrap();
                let err = Envelope::from_json(&bytes).and_then(|e| open_with_keys(&e, &keys));
                assert!(err.is_err(), "{path:?} = {new} still opens");
                // once it parses, a change can only be an alteration
                if let Ok(env) = Envelope::from_json(&bytes) {
                    let e = open_with_keys(&env, &keys).unwrap_err();
                    assert!(matches!(e, EnvelopeError::Altered { .. }), "{path:?}: {e}");
                    assert!(e.to_string().contains("altered"), "{e}");
                }
            }
        }
    }
}

#[test]
fn another_arbiters_key_does_not_open() {
    let (a, b) = (keys(), keys());
    let env = seal(info(), "Nf3", a.path()).unwrap();
    let e = open(&env, b.path()).unwrap_err();
    assert!(matches!(e, EnvelopeError::WrongKey(_)), "{e}");
    assert!(e.to_string().starts_with("wrong key"), "{e}");
    let e = verify(&env, Trust::KeyDir(b.path())).unwrap_err();
    assert!(matches!(e, EnvelopeError::WrongKey(_)), "{e}");
    // an envelope re-signed by another key, with that key embedded: still
    // not the arbiter's
    let forged = seal(info(), "Nf3", b.path()).unwrap();
    verify(&forged, Trust::Embedded).unwrap();
    let e = open(&forged, a.path()).unwrap_err();
    assert!(matches!(e, EnvelopeError::WrongKey(_)), "{e}");
}

#[test]
fn keys_are_private_and_never_overwritten() {
    let parent = tempfile::tempdir().unwrap();
    let dir = parent.path().join("keys");
    let paths = keygen(&dir).unwrap();
    let mode = |p: &Path| fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&paths.secret), 0o600);
    assert_eq!(mode(&dir), 0o700);
    assert_eq!(mode(&paths.secret) & 0o077, 0, "group or others can read");
    assert_eq!(paths.secret, dir.join("arbiter.key"));
    assert_eq!(paths.public, dir.join("arbiter.pub"));

    let before = (
        fs::read(&paths.secret).unwrap(),
        fs::read(&paths.public).unwrap(),
    );
    let e = keygen(&dir).unwrap_err();
    assert!(matches!(e, EnvelopeError::KeyExists(_)), "{e}");
    assert!(e.to_string().contains("refusing to overwrite"), "{e}");
    // a lone public key is not overwritten either
    fs::remove_file(&paths.secret).unwrap();
    assert!(matches!(
        keygen(&dir).unwrap_err(),
        EnvelopeError::KeyExists(_)
    ));
    fs::write(&paths.secret, &before.0).unwrap();
    fs::set_permissions(&paths.secret, fs::Permissions::from_mode(0o600)).unwrap();
    assert_eq!(fs::read(&paths.public).unwrap(), before.1);

    // a secret key others can read is refused
    let env = seal(info(), "Nf3", &dir).unwrap();
    fs::set_permissions(&paths.secret, fs::Permissions::from_mode(0o640)).unwrap();
    let e = open(&env, &dir).unwrap_err();
    assert!(matches!(e, EnvelopeError::KeyPermissions { .. }), "{e}");
    assert!(e.to_string().contains("0640"), "{e}");
}

#[test]
fn keys_are_fresh_and_not_in_the_source() {
    let (a, b) = (keys(), keys());
    let read = |d: &tempfile::TempDir| fs::read_to_string(d.path().join("arbiter.key")).unwrap();
    assert_ne!(read(&a), read(&b));
    let source = include_str!("../src/envelope.rs");
    let key: Value = serde_json::from_str(&read(&a)).unwrap();
    assert!(!source.contains(key["signing_key"].as_str().unwrap()));
}

#[test]
fn malformed_files_say_what_is_wrong() {
    let dir = keys();
    let env = seal(info(), "Nf3", dir.path()).unwrap();
    let mut v: Value = serde_json::from_str(&env.to_json()).unwrap();
    for (mutate, expect) in [
        (
            Box::new(|v: &mut Value| v["format"] = "arbitre-envelope/9".into())
                as Box<dyn Fn(&mut Value)>,
            "format",
        ),
        (
            Box::new(|v: &mut Value| v["nonce"] = "AAAA".into()),
            "nonce",
        ),
        (
            Box::new(|v: &mut Value| v["ciphertext"] = "!!".into()),
            "base64",
        ),
        (Box::new(|v: &mut Value| v["extra"] = 1.into()), "extra"),
        (
            Box::new(|v: &mut Value| v["info"]["move_number"] = (-1).into()),
            "move_number",
        ),
        (
            Box::new(|v: &mut Value| v["info"]["time_used"]["white"] = (-1.0).into()),
            "time_used.white",
        ),
        (
            Box::new(|v: &mut Value| {
                v["info"].as_object_mut().unwrap().remove("place");
            }),
            "place",
        ),
    ] {
        let mut w = v.clone();
        mutate(&mut w);
        let e = Envelope::from_json(&serde_json::to_vec(&w).unwrap()).unwrap_err();
        assert!(matches!(e, EnvelopeError::Malformed(_)), "{e}");
        assert!(e.to_string().contains(expect), "{expect}: {e}");
    }
    v = Value::Null;
    let e = Envelope::from_json(&serde_json::to_vec(&v).unwrap()).unwrap_err();
    assert!(e.to_string().starts_with("malformed envelope"), "{e}");
    for junk in [&b""[..], b"{", b"\xff\xfe", b"[]", b"{} {}"] {
        assert!(matches!(
            Envelope::from_json(junk),
            Err(EnvelopeError::Malformed(_))
        ));
    }
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
    let e = seal(info(), "Nf3", &dir.path().join("nowhere")).unwrap_err();
    assert!(matches!(e, EnvelopeError::Io { .. }), "{e}");
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
    assert!(seal(info(), "Nf3", &a).unwrap().save(&file).is_err());

    // show: the clear part, the commitment, which check was done
    let out = arbitre(&["envelope", "show", s(&file)]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let shown = text(&out.stdout);
    for needle in [
        "Capablanca",
        "Alekhine",
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 2 3",
        "1:23:45.125",
        "Sealed by: White, move 41",
        "Black offered a draw",
        "1927-11-29 16:00",
        "Buenos Aires",
        "Commitment (SHA-256): ",
        "embedded in the envelope",
    ] {
        assert!(shown.contains(needle), "{needle} not in {shown}");
    }
    assert!(!shown.contains("♘f3"));
    let out = arbitre(&["envelope", "show", s(&file), "--pub", s(&a)]);
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).contains("arbiter.pub"));
    let out = arbitre(&["envelope", "show", s(&file), "--pub", s(&b)]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("wrong key"),
        "{}",
        text(&out.stderr)
    );

    // open: the move alone on standard output
    let out = arbitre(&["envelope", "open", s(&file), "--key", s(&a)]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "♘f3\n");
    let out = arbitre(&["envelope", "open", s(&file), "--key", s(&b)]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("wrong key"),
        "{}",
        text(&out.stderr)
    );
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
        vec!["envelope", "open", s(&altered), "--key", s(&a)],
    ] {
        let out = arbitre(&args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let err = text(&out.stderr);
        assert!(err.contains("altered"), "{err}");
        assert!(err.contains("signature does not verify against"), "{err}");
        assert!(out.stdout.is_empty());
    }
    let out = arbitre(&["envelope", "show", s(&altered)]);
    assert!(text(&out.stderr).contains("embedded in the envelope"));

    // malformed
    let junk = tmp.path().join("junk.json");
    fs::write(&junk, "{\"format\": 1}").unwrap();
    for args in [
        vec!["envelope", "show", s(&junk)],
        vec!["envelope", "open", s(&junk), "--key", s(&a)],
    ] {
        let out = arbitre(&args);
        assert_eq!(out.status.code(), Some(1));
        assert!(text(&out.stderr).contains("malformed envelope"));
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
