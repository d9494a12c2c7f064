//! Scenario files: parsing and replay never panic, whatever the bytes.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(scenario) = arbitre::scenario::parse(text) {
            if scenario.events.len() <= 64 {
                let _ = arbitre::replay::play(&scenario);
            }
        }
    }
});
