//! A TRF of any bytes: never panics; a file that reads is given back byte
//! for byte, and the next round written on it (nobody paired) reads back.
#![no_main]
use arbitre_pairing::Tournament;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(t) = Tournament::parse(text) else {
        return;
    };
    assert_eq!(t.to_string(), text);
    let next = t.rounds_played() + 1;
    if let Ok(written) = t.with_round(next, &[]) {
        let back = Tournament::parse(&written).expect("a round written reads back");
        assert_eq!(back.rounds_played(), next);
    }
});
