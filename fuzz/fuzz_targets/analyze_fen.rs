//! `arbitre analyze` on any text: never panics; a bounded search (1,000
//! nodes a side) keeps every input quick.
#![no_main]
use arbitre::analyze::analyze;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(a) = analyze(text, false, Some(1_000)) {
            assert!(a.nodes().is_some_and(|n| n <= 2_000));
        }
        let _ = analyze(text, true, None);
    }
});
