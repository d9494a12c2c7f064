//! Lag compensation on the clock (`Clock::press_compensated`,
//! `Clock::advance_held`) and in a game (`Setup::lag_compensation`): what a
//! move is charged, what a held flag records, and that compensation never
//! gives a player more than the lag he reported, nor more than his quota.

use arbitre_laws::{
    clock::{Clock, Instant, TimeControl},
    event::{Action, Actor, Event},
    lag::LagTracker,
    EditionId, Game, Setup,
};
use proptest::prelude::*;
use shakmaty::Color;

fn clock(tc: &str) -> Clock {
    let control: TimeControl = tc.parse().expect("a time control");
    let mut c = Clock::new(control, None);
    c.start(Color::White, Instant(0));
    c
}

proptest! {
    /// A move charged with compensation `comp` leaves exactly `comp` more
    /// than the same move pressed plainly (within the time the player had,
    /// the compensation at most the move's time), and never more.
    #[test]
    fn a_compensated_press_gives_back_exactly_the_compensation(
        base in 10u32..600,
        increment in 0u32..10,
        elapsed in 0i64..600_000,
        compensation in 1i64..2_000,
    ) {
        let tc = format!("{base}+{increment}");
        let budget = i64::from(base) * 1000;
        let mut plain = clock(&tc);
        let mut compensated = clock(&tc);
        let t = Instant(elapsed);
        plain.press(Color::White, t, 1);
        let on_time = compensated.press_compensated(Color::White, t, 1, compensation);
        let cost = (elapsed - compensation).max(0);
        prop_assert_eq!(on_time, cost < budget);
        if on_time {
            if elapsed < budget {
                // what the plain press charged, less the compensation
                let given = compensated.remaining(Color::White) - plain.remaining(Color::White);
                prop_assert_eq!(given, compensation.min(elapsed));
            }
            prop_assert_eq!(
                compensated.remaining(Color::White),
                budget - cost + i64::from(increment) * 1000
            );
            prop_assert!(compensated.fallen(Color::White).is_none());
            prop_assert_eq!(compensated.running(), Some(Color::Black));
        } else {
            prop_assert_eq!(compensated.remaining(Color::White), 0);
            prop_assert!(compensated.fallen(Color::White).is_some());
        }
    }

    /// A flag held through a grace records the instant the time ran out,
    /// however many times the clock was advanced meanwhile.
    #[test]
    fn a_held_flag_falls_when_the_time_ran_out(
        base in 1u32..300,
        steps in proptest::collection::vec(1i64..3_000, 1..6),
    ) {
        let mut c = clock(&base.to_string());
        let out = i64::from(base) * 1000;
        let mut t = 0;
        for step in steps {
            t += step;
            c.advance_held(Instant(t));
            prop_assert!(c.fallen(Color::White).is_none());
            prop_assert_eq!(c.remaining(Color::White), (out - t).max(0));
        }
        if t >= out {
            prop_assert_eq!(c.next_fall(), Some(Instant(out)));
        }
        let seen = t.max(out) + 500;
        prop_assert_eq!(c.advance(Instant(seen)), Some(Instant(out)));
        prop_assert_eq!(c.fallen(Color::White), Some(Instant(out)));
    }

    /// In a game, whatever lags the clients report, each move is charged at
    /// least its time less the most its player's tracker could give, and a
    /// player's clock never shows more than his time and increments.
    #[test]
    fn compensation_is_bounded_in_a_game(
        moves in proptest::collection::vec((0i64..20_000, 0i64..5_000), 1..12),
    ) {
        let script = ["Nf3", "Nf6", "Ng1", "Ng8", "Nc3", "Nc6", "Nb1", "Nb8", "e3", "e6", "d3", "d6"];
        let mut setup = Setup::new(EditionId::FideOnline2021);
        setup.time_control = "300+2".parse().expect("a time control");
        setup.lag_compensation = true;
        let mut game = Game::new(setup).expect("a game");
        let mut trackers = [LagTracker::new(300, 2); 2];
        let mut t = 0;
        let mut left = [300_000i64, 300_000];
        for (i, (think, lag)) in moves.iter().enumerate() {
            if game.outcome().is_some() {
                break;
            }
            let side = if i % 2 == 0 { Color::White } else { Color::Black };
            let k = i % 2;
            t += think;
            game.apply(&Event {
                t: Instant(t),
                by: Actor::Player(side),
                action: Action::Move { text: script[i].into(), press: true, lag: Some(*lag) },
            });
            if game.outcome().is_some() {
                break;
            }
            let most = trackers[k].on_move(lag / 10) * 10;
            let now = game.clock().remaining(side);
            // charged its time less the tracker's compensation, never
            // below zero, never more than the lag reported; increment 2 s
            prop_assert!(most <= *lag);
            prop_assert_eq!(now, left[k] - (think - most).max(0) + 2_000, "{:?} {} {}", left, think, most);
            left[k] = now;
        }
    }
}
