//! Time controls: parsing never panics, and a parsed control drives a clock
//! that conserves time.
#![no_main]
use arbitre_laws::{clock::Clock, Instant, TimeControl};
use libfuzzer_sys::fuzz_target;
use shakmaty::Color;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(tc) = text.parse::<TimeControl>() else {
        return;
    };
    let _ = tc.ms_for_sixty_moves();
    let mut clock = Clock::new(tc, None);
    clock.start(Color::White, Instant::ZERO);
    let mut t = 0;
    for i in 0..100u32 {
        t += 1_000 * i64::from(i % 7);
        let side = if i % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        clock.press(side, Instant(t), 1);
        for s in Color::ALL {
            let tot = clock.totals(s);
            assert_eq!(
                tot.used + clock.remaining(s),
                tot.allotted + tot.increments + tot.adjustments
            );
        }
    }
});
