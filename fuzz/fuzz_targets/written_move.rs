//! The written-move reader: any text, any language, a position reached by
//! legal moves chosen by the first bytes; never panics, and a `Move` reading
//! is always a legal move.
#![no_main]
use arbitre_laws::notation::{read_move, read_movetext, Language, Reading};
use libfuzzer_sys::fuzz_target;
use shakmaty::{Chess, Position};

fuzz_target!(|data: &[u8]| {
    if data.len() < 2 {
        return;
    }
    let (choices, text) = data.split_at((data[0] as usize % 16).min(data.len()));
    let mut pos = Chess::default();
    for &c in choices {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        pos.play_unchecked(legal[c as usize % legal.len()]);
    }
    let Ok(text) = std::str::from_utf8(text) else {
        return;
    };
    for lang in Language::ALL {
        if let Reading::Move(m) = read_move(&pos, text, lang) {
            assert!(pos.is_legal(m));
        }
        let _ = read_movetext(&pos, text, lang);
    }
});
