//! `arbitre_envelope::Envelope` from JSON: any bytes give an envelope or an
//! error, never a panic; serde and `from_json` agree; what parses writes
//! back to the same envelope, and verifies and opens (with some key)
//! without panicking.
#![no_main]
use arbitre_envelope::{open, verify, Envelope, SecretKey, MAX_JSON_BYTES};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let parsed = Envelope::from_json(data);
    if data.len() <= MAX_JSON_BYTES {
        let through_serde = serde_json::from_slice::<Envelope>(data);
        assert_eq!(parsed.is_ok(), through_serde.is_ok());
    }
    let Ok(envelope) = parsed else { return };
    let again = Envelope::from_json(envelope.to_json().as_bytes()).expect("written back");
    assert_eq!(again, envelope);
    if let Ok(verified) = verify(&envelope, envelope.signer()) {
        if let Ok(key) = SecretKey::from_bytes(&[7; 32]) {
            let _ = open(&verified, &key);
        }
    }
});
