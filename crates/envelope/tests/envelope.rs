//! The envelope through its public API: round trips, keys, tampering, the
//! server's part, the commitment, sizes, redaction, old files.

use arbitre_envelope::{
    generate_signing_key, open, seal, verify, Envelope, EnvelopeError, EnvelopeInfo, Players,
    PublicKey, SecretKey, Side, SigningKey, Times, CIPHERTEXT_LEN, MAX_JSON_BYTES, MAX_MOVE_BYTES,
};
use base64::{engine::general_purpose::STANDARD as B64, Engine as _};
use proptest::prelude::*;
use serde_json::Value;

/// Every notation a player may write the sealed move in.
const NOTATIONS: &[&str] = &[
    "Nf3",
    "Cf3",
    "Sf3",
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

/// The arbiter's secret key and a sealer's signing key.
fn keys() -> (SecretKey, SigningKey) {
    (
        SecretKey::generate().unwrap(),
        generate_signing_key().unwrap(),
    )
}

#[test]
fn every_notation_round_trips() {
    let (arbiter, signer) = keys();
    for &m in NOTATIONS {
        let env = seal(info(), m, arbiter.public_key(), &signer).unwrap();
        let parsed = Envelope::from_json(env.to_json().as_bytes()).unwrap();
        assert_eq!(parsed, env);
        assert_eq!(parsed.info(), &info());
        assert_eq!(parsed.recipient(), arbiter.public_key());
        assert_eq!(parsed.signer(), &signer.verifying_key());
        let opened = open(&verify(&parsed, &signer.verifying_key()).unwrap(), &arbiter).unwrap();
        assert_eq!(opened.text(), m);
    }
}

#[test]
fn times_are_signed_to_the_millisecond() {
    let (arbiter, signer) = keys();
    let mut i = info();
    i.time_used.white = 12.3456;
    let env = seal(i, "Nf3", arbiter.public_key(), &signer).unwrap();
    assert_eq!(env.info().time_used.white, 12.346);
    let compact = serde_json::to_string(&env).unwrap();
    let again = Envelope::from_json(compact.as_bytes()).unwrap();
    assert_eq!(again.signed_bytes(), env.signed_bytes());
    verify(&again, &signer.verifying_key()).unwrap();
}

#[test]
fn another_secret_key_does_not_open() {
    let (arbiter, signer) = keys();
    let env = seal(info(), "Nf3", arbiter.public_key(), &signer).unwrap();
    let verified = verify(&env, &signer.verifying_key()).unwrap();
    let other = SecretKey::generate().unwrap();
    let e = open(&verified, &other).unwrap_err();
    assert!(matches!(e, EnvelopeError::WrongKey(_)), "{e}");
    assert!(e.to_string().starts_with("wrong key"), "{e}");
    assert!(e.to_string().contains("sealed to the public key"), "{e}");
}

#[test]
fn another_signer_is_a_wrong_key_not_an_alteration() {
    let (arbiter, signer) = keys();
    let env = seal(info(), "Nf3", arbiter.public_key(), &signer).unwrap();
    let stranger = generate_signing_key().unwrap();
    let e = verify(&env, &stranger.verifying_key()).unwrap_err();
    assert!(matches!(e, EnvelopeError::WrongKey(_)), "{e}");
    // the same forged by the stranger: intact under its own key only
    let forged = seal(info(), "Nf3", arbiter.public_key(), &stranger).unwrap();
    verify(&forged, forged.signer()).unwrap();
    let e = verify(&forged, &signer.verifying_key()).unwrap_err();
    assert!(matches!(e, EnvelopeError::WrongKey(_)), "{e}");
}

/// A server: the arbiter's public key (as bytes, from its public key file)
/// and a signing key of its own, nothing else.
#[test]
fn a_server_seals_what_only_the_arbiter_opens() {
    let arbiter = SecretKey::generate().unwrap();
    let arbiter_signing = generate_signing_key().unwrap();
    let published = arbiter.public_key().to_bytes();

    let server_signing = generate_signing_key().unwrap();
    let server_verifying = server_signing.verifying_key();
    let recipient = PublicKey::from_bytes(&published).unwrap();
    let file = seal(info(), "Nf3", &recipient, &server_signing)
        .unwrap()
        .to_json();

    // the server's own secrets do not open it: a "secret key" made of the
    // server's signing key bytes is another X25519 key
    let env = Envelope::from_json(file.as_bytes()).unwrap();
    let verified = verify(&env, &server_verifying).unwrap();
    let pretender = SecretKey::from_bytes(&server_signing.to_bytes()).unwrap();
    assert!(matches!(
        open(&verified, &pretender),
        Err(EnvelopeError::WrongKey(_))
    ));
    // the arbiter checks the server's signature, not its own key's
    assert!(matches!(
        verify(&env, &arbiter_signing.verifying_key()),
        Err(EnvelopeError::WrongKey(_))
    ));
    // and opens
    let opened = open(&verified, &arbiter).unwrap();
    assert_eq!(opened.text(), "Nf3");
}

#[test]
fn the_opened_move_and_salt_open_the_commitment() {
    let (arbiter, signer) = keys();
    let env = seal(info(), "Nf3", arbiter.public_key(), &signer).unwrap();
    let opened = open(&verify(&env, &signer.verifying_key()).unwrap(), &arbiter).unwrap();
    let commitment = env.commitment();
    assert!(commitment.opens(opened.salt(), opened.text()));
    for other in ["Ng5", "Nf3 ", "nf3", "Nf3+"] {
        assert!(!commitment.opens(opened.salt(), other), "{other}");
    }
    // the engine's opening event: the text and the salt
    let (text, salt) = opened.into_parts();
    assert!(commitment.opens(&salt, &text.0));
    assert!(!commitment.opens(&arbitre_envelope::Salt([0; 32]), &text.0));
    // a fresh salt each time: two seals of one move commit differently
    let again = seal(info(), "Nf3", arbiter.public_key(), &signer).unwrap();
    assert_ne!(again.commitment(), commitment);
}

#[test]
fn the_size_does_not_betray_the_move() {
    let (arbiter, signer) = keys();
    let moves = [
        "e4".to_string(),
        "Nbd2xe4+ (the knight on b1)".into(),
        "x".repeat(MAX_MOVE_BYTES),
        "♘".repeat(MAX_MOVE_BYTES / 3),
    ];
    let lengths: Vec<(usize, usize)> = moves
        .iter()
        .map(|m| {
            let env = seal(info(), m, arbiter.public_key(), &signer).unwrap();
            let v: Value = serde_json::from_str(&env.to_json()).unwrap();
            let ct = B64.decode(v["ciphertext"].as_str().unwrap()).unwrap();
            (ct.len(), env.to_json().len())
        })
        .collect();
    assert!(lengths.iter().all(|&l| l == lengths[0]), "{lengths:?}");
    assert_eq!(lengths[0].0, CIPHERTEXT_LEN);
}

#[test]
fn debug_shows_no_secret_and_no_move() {
    let (arbiter, signer) = keys();
    let env = seal(info(), "Qxf7#", arbiter.public_key(), &signer).unwrap();
    let verified = verify(&env, &signer.verifying_key()).unwrap();
    let opened = open(&verified, &arbiter).unwrap();
    let shown = format!(
        "{opened:?} {arbiter:?} {env:?} {verified:?} {:?}",
        opened.salt()
    );
    let secret = arbiter.to_bytes();
    let salt = opened.salt().to_hex();
    for hidden in [
        "Qxf7".to_string(),
        salt.clone(),
        salt[..16].to_string(),
        B64.encode(opened.salt().0),
        hex(&*secret),
        hex(&secret[..8]),
        B64.encode(*secret),
    ] {
        assert!(!shown.contains(&hidden), "{hidden} in {shown}");
    }
    // but the public parts are there
    assert!(shown.contains(&env.commitment().to_hex()), "{shown}");
    assert!(
        shown.contains(&hex(&arbiter.public_key().to_bytes())),
        "{shown}"
    );
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A field of the file: its path in the JSON and how to flip one bit of it.
#[derive(Clone, Copy, Debug)]
enum Field {
    /// A text of the clear part, as UTF-8.
    Text(&'static str, &'static str),
    /// A number of the clear part (times as milliseconds).
    Number(&'static str, Option<&'static str>),
    /// The commitment, as hexadecimal.
    Commitment,
    /// A base64 field.
    Binary(&'static str),
}

const FIELDS: &[Field] = &[
    Field::Text("players", "white"),
    Field::Text("players", "black"),
    Field::Text("fen", ""),
    Field::Text("resume_at", ""),
    Field::Text("place", ""),
    Field::Text("edition", ""),
    Field::Number("time_used", Some("white")),
    Field::Number("remaining", Some("black")),
    Field::Number("move_number", None),
    Field::Commitment,
    Field::Binary("recipient"),
    Field::Binary("encapsulated_key"),
    Field::Binary("ciphertext"),
    Field::Binary("signer"),
    Field::Binary("signature"),
];

/// The file with bit `bit` of byte `position` (modulo its length) of
/// `field` flipped; `None` when that is no longer JSON text (invalid UTF-8).
fn flipped(file: &Value, field: Field, position: usize, bit: u8) -> Option<Value> {
    let mut v = file.clone();
    let flip = |bytes: &mut [u8]| {
        let n = bytes.len();
        bytes[position % n] ^= 1 << bit;
    };
    match field {
        Field::Text(a, b) => {
            let slot = if b.is_empty() {
                &mut v["info"][a]
            } else {
                &mut v["info"][a][b]
            };
            let mut bytes = slot.as_str().unwrap().as_bytes().to_vec();
            flip(&mut bytes);
            *slot = Value::from(String::from_utf8(bytes).ok()?);
        }
        Field::Number(a, b) => {
            let slot = match b {
                None => &mut v["info"][a],
                Some(b) => &mut v["info"][a][b],
            };
            *slot = match b {
                None => Value::from(slot.as_u64().unwrap() ^ 1 << bit),
                Some(_) => {
                    let ms = (slot.as_f64().unwrap() * 1000.0).round() as u64;
                    Value::from((ms ^ 1 << bit) as f64 / 1000.0)
                }
            };
        }
        Field::Commitment => {
            let c = arbitre_envelope::Commitment::from_hex(v["commitment"].as_str().unwrap());
            let mut c = c.unwrap();
            flip(&mut c.0);
            v["commitment"] = Value::from(c.to_hex());
        }
        Field::Binary(key) => {
            let mut bytes = B64.decode(v[key].as_str().unwrap()).unwrap();
            flip(&mut bytes);
            v[key] = Value::from(B64.encode(bytes));
        }
    }
    Some(v)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Any flipped bit of the clear part, the commitment, the keys, the
    /// encapsulated key, the ciphertext or the signature is refused: the
    /// file no longer parses, or its signature fails against the trusted
    /// key, and it does not open.
    #[test]
    fn any_flipped_bit_is_detected(
        field in prop::sample::select(FIELDS),
        position in 0..1000usize,
        bit in 0..8u8,
    ) {
        let (arbiter, signer) = keys();
        let env = seal(info(), "Ng1-f3", arbiter.public_key(), &signer).unwrap();
        let file: Value = serde_json::from_str(&env.to_json()).unwrap();
        let Some(changed) = flipped(&file, field, position, bit) else {
            return Ok(());
        };
        prop_assert_ne!(&changed, &file);
        let bytes = serde_json::to_vec_pretty(&changed).unwrap();
        match Envelope::from_json(&bytes) {
            Err(e) => prop_assert!(matches!(e, EnvelopeError::Malformed(_)), "{e}"),
            Ok(parsed) => {
                prop_assert_ne!(&parsed, &env);
                let e = verify(&parsed, &signer.verifying_key()).unwrap_err();
                prop_assert!(matches!(e, EnvelopeError::Altered { .. }), "{field:?}: {e}");
                prop_assert!(e.to_string().contains("altered"), "{e}");
            }
        }
    }

    /// Any bytes: an error, never a panic; what parses writes back the same.
    #[test]
    fn any_bytes_parse_or_fail_cleanly(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        if let Ok(env) = Envelope::from_json(&bytes) {
            let again = Envelope::from_json(env.to_json().as_bytes()).unwrap();
            prop_assert_eq!(again, env);
        }
    }
}

#[test]
fn a_format_1_envelope_says_the_format_changed() {
    let old = include_str!("fixtures/format1-envelope.json");
    let e = Envelope::from_json(old.as_bytes()).unwrap_err();
    assert!(matches!(e, EnvelopeError::OldFormat), "{e}");
    let message = e.to_string();
    for needle in [
        "format changed",
        "\"arbitre-envelope/1\"",
        "symmetric key",
        "format \"arbitre-envelope/2\" only",
        "public key (HPKE)",
    ] {
        assert!(message.contains(needle), "{needle}: {message}");
    }
    // wherever the format stands in the file
    let mut v: Value = serde_json::from_str(old).unwrap();
    let format = v.as_object_mut().unwrap().remove("format").unwrap();
    v["format"] = format;
    let last = serde_json::to_vec(&v).unwrap();
    assert!(matches!(
        Envelope::from_json(&last),
        Err(EnvelopeError::OldFormat)
    ));
    // through serde too, when the format comes first
    let e = serde_json::from_str::<Envelope>(old).unwrap_err();
    assert!(e.to_string().contains("format changed"), "{e}");
}

#[test]
fn malformed_envelopes_say_what_is_wrong() {
    let (arbiter, signer) = keys();
    let env = seal(info(), "Nf3", arbiter.public_key(), &signer).unwrap();
    let v: Value = serde_json::from_str(&env.to_json()).unwrap();
    type Case = (fn(&mut Value), &'static str);
    let cases: [Case; 11] = [
        (|v| v["format"] = "arbitre-envelope/9".into(), "format"),
        (|v| v["format"] = 2.into(), "format"),
        (
            |v| v["encapsulated_key"] = "AAAA".into(),
            "encapsulated_key",
        ),
        (|v| v["ciphertext"] = "!!".into(), "base64"),
        (|v| v["ciphertext"] = "AAAA".into(), "ciphertext is 3 bytes"),
        (|v| v["commitment"] = "00".into(), "commitment"),
        (|v| v["extra"] = 1.into(), "extra"),
        (|v| v["info"]["move_number"] = (-1).into(), "move_number"),
        (
            |v| v["info"]["time_used"]["white"] = (-1.0).into(),
            "time_used.white",
        ),
        (
            |v| {
                v["info"].as_object_mut().unwrap().remove("place");
            },
            "place",
        ),
        (
            |v| v["ciphertext"] = B64.encode(vec![0; 100_000]).into(),
            "more than",
        ),
    ];
    for (change, expected) in cases {
        let mut w = v.clone();
        change(&mut w);
        let e = Envelope::from_json(&serde_json::to_vec(&w).unwrap()).unwrap_err();
        assert!(matches!(e, EnvelopeError::Malformed(_)), "{e}");
        assert!(e.to_string().contains(expected), "{expected}: {e}");
    }
    for junk in [
        &b""[..],
        b"{",
        b"\xff\xfe",
        b"[]",
        b"{} {}",
        b"null",
        b"{\"format\": 1}",
    ] {
        let e = Envelope::from_json(junk).unwrap_err();
        assert!(e.to_string().starts_with("malformed envelope"), "{e}");
    }
    let big = vec![b' '; MAX_JSON_BYTES + 1];
    let e = Envelope::from_json(&big).unwrap_err();
    assert!(e.to_string().contains("more than"), "{e}");
}

#[test]
fn seal_refuses_bad_input() {
    let (arbiter, signer) = keys();
    let mut i = info();
    i.sealer = Side::Black;
    let e = seal(i, "Nf3", arbiter.public_key(), &signer).unwrap_err();
    assert!(e.to_string().contains("White to move"), "{e}");
    for m in ["", "Nf3\n", &"x".repeat(MAX_MOVE_BYTES + 1)] {
        let e = seal(info(), m, arbiter.public_key(), &signer).unwrap_err();
        assert!(matches!(e, EnvelopeError::InvalidInput(_)), "{e}");
    }
}

/// A server's reply may carry an envelope among other fields.
#[test]
fn an_envelope_nests_in_other_json() {
    #[derive(serde::Serialize, serde::Deserialize)]
    struct Reply {
        game: u32,
        envelope: Envelope,
    }
    let (arbiter, signer) = keys();
    let envelope = seal(info(), "Nf3", arbiter.public_key(), &signer).unwrap();
    let text = serde_json::to_string(&Reply { game: 7, envelope }).unwrap();
    let reply: Reply = serde_json::from_str(&text).unwrap();
    assert_eq!(reply.game, 7);
    let opened = open(
        &verify(&reply.envelope, &signer.verifying_key()).unwrap(),
        &arbiter,
    )
    .unwrap();
    assert_eq!(opened.text(), "Nf3");
}
