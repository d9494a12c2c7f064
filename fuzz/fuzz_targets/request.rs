//! The server's request bodies: reading never panics, whatever the bytes.
#![no_main]
use arbitre_record::request::{EventRequest, GameRequest};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = EventRequest::parse(text);
        let _ = GameRequest::parse(text);
    }
});
