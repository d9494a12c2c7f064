//! A pairing PGN of any bytes: never panics, and boards that read are in
//! board order, each number once, from 1.
#![no_main]
use arbitre_pairing::parse_pgn;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(round) = parse_pgn(&String::from_utf8_lossy(data)) else {
        return;
    };
    assert!(!round.boards.is_empty());
    assert!(round.boards[0].board >= 1);
    assert!(round.boards.windows(2).all(|w| w[0].board < w[1].board));
});
