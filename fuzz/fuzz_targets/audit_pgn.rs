//! `arbitre audit` on any bytes: never panics, and every game read is
//! reported with at most as many plies as it has moves.
#![no_main]
use arbitre::audit::{audit_reader, Options};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let opts = Options {
        claimable: true,
        ..Options::default()
    };
    let mut last = 0;
    let _ = audit_reader(std::io::Cursor::new(data.to_vec()), &opts, |r| {
        assert!(r.game > last, "games in input order");
        last = r.game;
    });
});
