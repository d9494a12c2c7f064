//! Stored games: reading never panics; what reads back writes back the same
//! and replays without panicking.
#![no_main]
use arbitre_record::StoredGame;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(stored) = StoredGame::parse(text) {
        let again = StoredGame::parse(&stored.to_json().to_string()).expect("written, read back");
        assert_eq!(again, stored);
        if stored.entries.len() <= 64 {
            let _ = stored.replay();
        }
    }
});
