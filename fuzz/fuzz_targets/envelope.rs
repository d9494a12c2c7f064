//! Envelope files: reading any bytes never panics, and what is read shows
//! and verifies without panicking.
#![no_main]
use arbitre::envelope::{show, verify, Envelope, Trust};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(envelope) = Envelope::from_json(data) {
        let _ = show(&envelope);
        let _ = verify(&envelope, Trust::Embedded);
    }
});
