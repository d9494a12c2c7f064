//! Arbitrary event sequences, in every edition: the engine never panics.
#![no_main]
use arbitre_laws::{
    event::Judgment, Action, Actor, ClaimKind, EditionId, Event, Game, Setup,
};
use libfuzzer_sys::fuzz_target;
use shakmaty::{CastlingMode, Color, Position};

fuzz_target!(|data: &[u8]| {
    if data.is_empty() {
        return;
    }
    let mut setup = Setup::new(EditionId::ALL[data[0] as usize % 4]);
    let controls = ["60", "180+2", "900+10", "2/60:30", "120d5", "120b5", "-"];
    setup.time_control = controls[(data[0] as usize / 4) % controls.len()].parse().expect("control");
    let Ok(mut game) = Game::new(setup) else { return };
    let mut t = 0i64;
    for (i, chunk) in data[1..].chunks(3).enumerate() {
        let [a, b, c] = [chunk[0], *chunk.get(1).unwrap_or(&0), *chunk.get(2).unwrap_or(&0)];
        t += i64::from(c) * 250;
        let side = if a & 1 == 0 { game.position().turn() } else { !game.position().turn() };
        let legal = game.position().legal_moves();
        let action = match a >> 1 & 31 {
            0..=10 if !legal.is_empty() => Action::Move {
                text: legal[b as usize % legal.len()].to_uci(CastlingMode::Standard).to_string(),
                press: a & 32 == 0,
            },
            11 if b % 8 == 0 => Action::Claim { kind: ClaimKind::Quickplay, intended: None },
            11 if b % 8 == 1 => Action::Claim { kind: ClaimKind::TouchMove, intended: None },
            11 if b % 8 == 2 => Action::Claim { kind: ClaimKind::InitialPosition, intended: None },
            11 if b % 8 == 3 => Action::Ruling(Judgment::Postpone),
            11 if b % 8 == 4 => Action::Ruling(Judgment::Reject),
            7 | 11 => Action::Press,
            16 => Action::OfferDraw,
            17 => Action::AcceptDraw,
            18 => Action::DeclineDraw,
            19 => Action::Claim { kind: ClaimKind::Threefold, intended: None },
            12 => Action::Claim { kind: ClaimKind::FiftyMoves, intended: None },
            13 => Action::Claim { kind: ClaimKind::Flag, intended: None },
            14 => Action::Ruling(Judgment::Draw),
            15 if b & 1 == 0 => Action::Touch(shakmaty::Square::new(u32::from(c) % 64)),
            15 => Action::Claim { kind: ClaimKind::IllegalMove, intended: None },
            _ => {
                // a physical move from a square of the mover to any square: mostly illegal
                let from = shakmaty::Square::new(u32::from(b) % 64);
                let to = shakmaty::Square::new(u32::from(c) % 64);
                Action::Move { text: format!("{from}{to}"), press: true }
            }
        };
        let by = match action {
            Action::Ruling(_) => Actor::Arbiter,
            _ => Actor::Player(if side == Color::White { Color::White } else { Color::Black }),
        };
        game.apply(i, &Event { t, by, action });
    }
    let _ = game.scoresheet();
});
