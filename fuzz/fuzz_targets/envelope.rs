//! Envelope files as `arbitre envelope show` reads them: any bytes never
//! panic, and what is read shows and verifies without panicking.
#![no_main]
use arbitre::envelope::{show, Envelope};
use arbitre_laws::Language;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(envelope) = Envelope::from_json(data) {
        for lang in [Language::En, Language::Fr] {
            let _ = show(&envelope, lang);
        }
        let _ = arbitre_envelope::verify(&envelope, envelope.signer());
    }
});
