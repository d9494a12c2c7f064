//! What only the crate can reach: the cipher alone, without the signature.

use proptest::prelude::*;

use super::*;
use crate::info::tests::info;

fn sealed() -> (Envelope, SecretKey, SigningKey) {
    let arbiter = SecretKey::generate().unwrap();
    let signer = generate_signing_key().unwrap();
    let env = seal(info(), "Nf3", arbiter.public_key(), &signer).unwrap();
    (env, arbiter, signer)
}

fn resign(env: &mut Envelope, signer: &SigningKey) {
    env.signature = signer.sign(&env.signed_bytes()).to_bytes();
}

#[test]
fn padding_format() {
    let mut p = vec![0u8; PLAINTEXT_LEN];
    p[SALT_LEN + 1] = 3;
    p[SALT_LEN + 2..SALT_LEN + 5].copy_from_slice(b"e4!");
    assert_eq!(unpad(&p).unwrap().text(), "e4!");
    p[PLAINTEXT_LEN - 1] = 1;
    assert!(unpad(&p).is_err(), "non-zero padding");
    p[PLAINTEXT_LEN - 1] = 0;
    p[SALT_LEN] = 1;
    assert!(unpad(&p).is_err(), "length out of range");
    assert!(unpad(&p[1..]).is_err(), "short");
    let mut p = vec![0u8; PLAINTEXT_LEN];
    p[SALT_LEN + 1] = 1;
    p[SALT_LEN + 2] = 0xff;
    assert!(unpad(&p).is_err(), "not UTF-8");
    let salt = Salt([9; 32]);
    let padded = pad(&salt, "O-O-O");
    assert_eq!(padded.len(), PLAINTEXT_LEN);
    let opened = unpad(&padded).unwrap();
    assert_eq!((opened.text(), opened.salt()), ("O-O-O", &salt));
}

#[test]
fn bad_moves_are_refused() {
    for m in [
        "",
        "   ",
        "Nf3\n",
        "N\u{7f}f3",
        &"x".repeat(MAX_MOVE_BYTES + 1),
    ] {
        assert!(matches!(check_move(m), Err(EnvelopeError::InvalidInput(_))));
    }
    assert!(check_move(&"x".repeat(MAX_MOVE_BYTES)).is_ok());
    assert!(check_move(&"♘".repeat(MAX_MOVE_BYTES / 3)).is_ok());
}

#[test]
fn the_cipher_alone_opens_and_binds_the_clear_part() {
    let (env, arbiter, _) = sealed();
    assert_eq!(decrypt(&env, &arbiter).unwrap().text(), "Nf3");
    // the associated data: a change to the clear part, unsigned, still
    // fails the cipher
    let changes: [fn(&mut EnvelopeInfo); 4] = [
        |i| i.move_number += 1,
        |i| i.place.push('.'),
        |i| i.draw_offer = None,
        |i| i.remaining.black += 0.001,
    ];
    for change in changes {
        let mut e = env.clone();
        change(&mut e.info);
        assert!(matches!(
            decrypt(&e, &arbiter),
            Err(EnvelopeError::Undecryptable)
        ));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Without the signature, the cipher alone detects any flipped bit of
    /// the commitment, the encapsulated key or the ciphertext.
    #[test]
    fn the_cipher_alone_detects_flipped_bits(
        field in 0..3usize,
        position in any::<prop::sample::Index>(),
        bit in 0..8u8,
    ) {
        let (env, arbiter, _) = sealed();
        let mut e = env.clone();
        let bytes: &mut [u8] = match field {
            0 => &mut e.commitment.0,
            1 => &mut e.encapsulated_key,
            _ => &mut e.ciphertext,
        };
        let i = position.index(bytes.len());
        bytes[i] ^= 1 << bit;
        prop_assert!(matches!(decrypt(&e, &arbiter), Err(EnvelopeError::Undecryptable)));
    }
}

/// What only the holder of the signing key and the secret key could do:
/// encrypt a move with another commitment shown in clear, and sign it.
#[test]
fn commitment_mismatch_is_its_own_error() {
    let (mut env, arbiter, signer) = sealed();
    env.commitment = Commitment::of(&Salt([7; 32]), "Nf3");
    let plaintext = pad(&Salt([8; 32]), "Nf3");
    let aad = associated_data(&env.info, &env.commitment);
    let (enc, ct) = hpke::single_shot_seal::<ChaCha20Poly1305, HkdfSha256, X25519HkdfSha256>(
        &OpModeS::Base,
        &arbiter.public_key().0,
        HPKE_INFO,
        &plaintext,
        &aad,
    )
    .unwrap();
    env.encapsulated_key = enc.to_bytes().into();
    env.ciphertext = ct;
    resign(&mut env, &signer);
    let verified = verify(&env, &signer.verifying_key()).unwrap();
    let e = open(&verified, &arbiter).unwrap_err();
    assert!(matches!(e, EnvelopeError::CommitmentMismatch), "{e}");
}

#[test]
fn a_signed_envelope_that_does_not_decrypt_is_undecryptable() {
    let (mut env, arbiter, signer) = sealed();
    env.ciphertext[0] ^= 1;
    resign(&mut env, &signer);
    let verified = verify(&env, &signer.verifying_key()).unwrap();
    let e = open(&verified, &arbiter).unwrap_err();
    assert!(matches!(e, EnvelopeError::Undecryptable), "{e}");
    assert!(e.to_string().contains("sealed it wrongly"), "{e}");
}

#[test]
fn keys_round_trip_through_bytes() {
    let sk = SecretKey::generate().unwrap();
    let again = SecretKey::from_bytes(&sk.to_bytes()).unwrap();
    assert_eq!(again.public_key(), sk.public_key());
    let pk = PublicKey::from_bytes(&sk.public_key().to_bytes()).unwrap();
    assert_eq!(&pk, sk.public_key());
    assert_ne!(SecretKey::generate().unwrap().public_key(), sk.public_key());
}

#[test]
fn a_low_order_public_key_is_refused_at_sealing() {
    let zero = PublicKey::from_bytes(&[0; 32]).unwrap();
    let e = seal(info(), "Nf3", &zero, &generate_signing_key().unwrap()).unwrap_err();
    assert!(matches!(e, EnvelopeError::InvalidInput(_)), "{e}");
}
