//! Bounded compensation of network lag in online games, ported from
//! scalachess's `LagTracker` (lichess; GPL-3.0-or-later, like arbitre) so that
//! a player with a slow connection is not charged for the time his move spent
//! on the wire, and a player who claims lag cannot gain more than a quota.
//!
//! Each player has a quota of compensation, in centiseconds. It starts at 3
//! times the quota gain, grows by the gain at every move, and is capped at 7
//! times the gain. A move whose lag is `L` is compensated by `min(L, quota)`,
//! taken from the quota. The gain is `min(100, E × 2/5 + 15)` centiseconds,
//! with `E = base + 40 × increment` in seconds (scalachess's
//! `estimateTotalSeconds`; lichess issue 12097). The lag of a move comes from
//! its client (`lag_ms` on the move: the client's measure of its own network
//! delay, as lichess's clients send it) and is clamped at zero.
//!
//! A flag check may allow the player a grace of his quota, capped at two
//! seconds (scalachess's `outOfTime(withGrace = true)`): the fall is not
//! declared before the lag the player could still be compensated for has
//! passed.
//!
//! The tracker also keeps a decaying estimate of the lag (`DecayingStats`:
//! mean and deviation with decay 0.85, starting at the first lag with a
//! deviation of 4 cs), from which scalachess derives its lower estimate of
//! the next compensation (`mean − 0.8 × deviation`, within 0 and the quota).

/// Centiseconds, scalachess's unit.
pub type Centis = i64;

/// The compensation allowed in a flag check, at most (2 s).
pub const MAX_GRACE: Centis = 200;

/// A running mean and mean absolute deviation that forget old values at the
/// rate `decay` (scalachess's `DecayingStats`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DecayingStats {
    /// The decaying mean.
    pub mean: f32,
    /// The decaying mean absolute deviation.
    pub deviation: f32,
    /// The weight of the past, in 0..1.
    pub decay: f32,
}

impl DecayingStats {
    /// The statistics after one more value.
    pub fn record(self, value: f32) -> DecayingStats {
        let delta = self.mean - value;
        DecayingStats {
            mean: value + self.decay * delta,
            deviation: self.decay * self.deviation + (1.0 - self.decay) * delta.abs(),
            decay: self.decay,
        }
    }

    /// The statistics after each of `values`.
    pub fn record_all(self, values: impl IntoIterator<Item = f32>) -> DecayingStats {
        values.into_iter().fold(self, DecayingStats::record)
    }

    /// The statistics of a first value: the mean at it, deviation 4, decay 0.85.
    pub fn first(value: f32) -> DecayingStats {
        DecayingStats {
            mean: value,
            deviation: 4.0,
            decay: 0.85,
        }
    }
}

/// One player's lag compensation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LagTracker {
    /// What the quota gains at each move.
    pub quota_gain: Centis,
    /// The compensation still available.
    pub quota: Centis,
    /// The most the quota can hold.
    pub quota_max: Centis,
    /// The decaying estimate of this player's lag, from his first move on.
    pub estimate: Option<DecayingStats>,
    /// Moves compensated so far.
    pub moves: u32,
    /// Lag reported over those moves.
    pub total_lag: Centis,
    /// Compensation given over those moves.
    pub total_compensation: Centis,
}

impl LagTracker {
    /// The quota gain for a time control of `base_seconds` with an increment
    /// of `increment_seconds`: `min(1 s, (E × 2/5 + 15) cs)`, `E = base + 40 × increment`.
    pub fn quota_gain_for(base_seconds: i64, increment_seconds: i64) -> Centis {
        let estimate = base_seconds.saturating_add(increment_seconds.saturating_mul(40));
        (estimate.saturating_mul(2) / 5).saturating_add(15).min(100)
    }

    /// A player's tracker at the start of a game with this time control.
    pub fn new(base_seconds: i64, increment_seconds: i64) -> LagTracker {
        let gain = LagTracker::quota_gain_for(base_seconds, increment_seconds);
        LagTracker {
            quota_gain: gain,
            quota: gain * 3,
            quota_max: gain * 7,
            estimate: None,
            moves: 0,
            total_lag: 0,
            total_compensation: 0,
        }
    }

    /// A move whose client reports `lag` (negative counts as zero): the
    /// compensation given, `min(lag, quota)`; the quota then gains
    /// `quota_gain` less that compensation, up to `quota_max`.
    pub fn on_move(&mut self, lag: Centis) -> Centis {
        let lag = lag.max(0);
        let compensation = lag.min(self.quota);
        self.quota = (self.quota + self.quota_gain - compensation).min(self.quota_max);
        self.moves = self.moves.saturating_add(1);
        self.total_lag = self.total_lag.saturating_add(lag);
        self.total_compensation = self.total_compensation.saturating_add(compensation);
        let sample = lag.min(self.quota_max) as f32;
        self.estimate = Some(match self.estimate {
            None => DecayingStats::first(sample),
            Some(e) => e.record(sample),
        });
        compensation
    }

    /// The grace a flag check allows this player: his quota, at most 2 s.
    pub fn grace(&self) -> Centis {
        self.quota.min(MAX_GRACE)
    }

    /// A low estimate of the next move's compensation (`mean − 0.8 ×
    /// deviation` of the lag estimate, within 0 and the quota), once a lag
    /// has been recorded.
    pub fn next_compensation_estimate(&self) -> Option<Centis> {
        self.estimate.map(|e| {
            let cs = (e.mean - 0.8 * e.deviation).round() as Centis;
            cs.max(0).min(self.quota)
        })
    }
}

#[cfg(test)]
mod tests {
    //! scalachess's own test vectors: `ClockLagCompTest` (the clock of
    //! scalachess's `test-kit/src/test/scala/ClockTest.scala`, simulated
    //! here move by move with the same arithmetic) and `DecayingStatsTest`.

    use super::*;

    /// scalachess's clock as far as the tests use it: remaining time per
    /// player, one tracker per player, White to move first.
    struct SimClock {
        remaining: [Centis; 2],
        lag: [LagTracker; 2],
        turn: usize,
    }

    impl SimClock {
        fn new(base_seconds: i64) -> SimClock {
            SimClock {
                remaining: [base_seconds * 100; 2],
                lag: [LagTracker::new(base_seconds, 0); 2],
                turn: 0,
            }
        }

        /// The player to move moves `elapsed` after the switch, his client
        /// reporting `lag` (none: no compensation asked, lag 0).
        fn step(&mut self, elapsed: Centis, lag: Option<Centis>) {
            let p = self.turn;
            let compensation = self.lag[p].on_move(lag.unwrap_or(0));
            let move_time = (elapsed - compensation).max(0);
            self.remaining[p] -= move_time;
            self.turn = 1 - p;
        }

        /// Out of time after `stalled` centiseconds of the player to move,
        /// with the grace or without it.
        fn out_of_time(&self, stalled: Centis, with_grace: bool) -> bool {
            let p = self.turn;
            let pending = if with_grace {
                (stalled - self.lag[p].grace()).max(0)
            } else {
                stalled
            };
            self.remaining[p] <= pending
        }
    }

    /// `clockStep`: for each lag, White moves at once, then Black moves
    /// `wait + lag` later reporting `lag`; Black's remaining time.
    fn clock_step(base_seconds: i64, wait: Centis, lags: &[Centis]) -> Centis {
        let mut c = SimClock::new(base_seconds);
        for &lag in lags {
            c.step(0, None);
            c.step(wait + lag, Some(lag));
        }
        c.remaining[1]
    }

    fn step600(wait: Centis, lags: &[Centis]) -> Centis {
        clock_step(600, wait, lags)
    }

    fn step60(wait: Centis, lags: &[Centis]) -> Centis {
        clock_step(60, wait, lags)
    }

    #[test]
    fn quota_gain_follows_the_time_control() {
        // min(100, E * 2/5 + 15), E = base + 40 * increment
        assert_eq!(LagTracker::quota_gain_for(60, 0), 39);
        // 3+2: E = 260 s, 260 × 2/5 + 15 = 119 cs, capped at 1 s
        assert_eq!(LagTracker::quota_gain_for(180, 2), 100);
        assert_eq!(LagTracker::quota_gain_for(600, 0), 100);
        assert_eq!(LagTracker::quota_gain_for(0, 0), 15);
        let t = LagTracker::new(60, 0);
        assert_eq!((t.quota, t.quota_max), (117, 273));
    }

    #[test]
    fn first_move_no_compensation_needed() {
        // "start: no lag / small lag / big lag": White's first move, with
        // the clock not yet running for him, costs nothing
        for lag in [0, 20, 500] {
            let mut c = SimClock::new(60);
            c.step(0, Some(lag));
            assert_eq!(c.remaining[0], 60 * 100);
        }
    }

    #[test]
    fn one_move() {
        assert_eq!(step600(0, &[0]), 600 * 100);
        assert_eq!(step600(0, &[20]), 600 * 100);
        assert_eq!(step600(0, &[400]), 599 * 100);
        assert_eq!(step600(100, &[0]), 599 * 100);
        assert_eq!(step600(100, &[20]), 599 * 100);
        assert_eq!(step600(100, &[400]), 598 * 100);
    }

    #[test]
    fn multiple_premoves() {
        assert_eq!(step600(0, &[0, 0]), 600 * 100);
        assert_eq!(step600(0, &[300, 300]), 598 * 100);
        assert_eq!(step600(0, &[0, 300]), 600 * 100);
        assert_eq!(step600(0, &[0, 0, 0, 0, 0, 0, 0, 0, 800]), 599 * 100);
        assert_eq!(step600(0, &[0, 0, 0, 0, 0, 500, 600]), 597 * 100);
        assert_eq!(step600(0, &[0, 0, 0, 0, 0, 500, 500, 500]), 594 * 100);
    }

    #[test]
    fn multiple_premoves_with_a_fast_clock() {
        assert_eq!(step60(0, &[0, 0]), 60 * 100);
        assert_eq!(step60(0, &[0, 300]), 5856);
        assert_eq!(step60(0, &[0, 0, 0, 0, 700]), 5573);
    }

    #[test]
    fn live_time_checks() {
        // the clock started, White to move and stalling
        let c60 = SimClock::new(60);
        // 60 s stall: out without the grace, not with it
        assert!(!c60.out_of_time(60 * 100, true));
        assert!(c60.out_of_time(60 * 100, false));
        // 61 s: still within the grace
        assert!(!c60.out_of_time(61 * 100, true));
        // over the quota
        assert!(c60.out_of_time(6190, true));
        let c600 = SimClock::new(600);
        // within the quota
        assert!(!c600.out_of_time(60190, true));
        // the grace is at most 2 s
        assert!(c600.out_of_time(602 * 100, true));
    }

    #[test]
    fn compensation_never_exceeds_the_lag_or_the_quota() {
        let mut t = LagTracker::new(180, 2);
        for lag in [
            -50, 0, 1000, 1000, 1000, 30, 5000, 0, 0, 0, 0, 0, 0, 0, 0, 2500,
        ] {
            let quota = t.quota;
            let comp = t.on_move(lag);
            assert!(
                comp >= 0 && comp <= lag.max(0) && comp <= quota,
                "{lag} {quota} {comp}"
            );
            assert!(t.quota <= t.quota_max && t.quota >= 0);
        }
        assert_eq!(t.moves, 16);
        assert!(t.next_compensation_estimate().is_some_and(|e| e <= t.quota));
    }

    /// Java's `java.util.Random` (the scalachess test's generator): its
    /// 48-bit congruential generator and `nextGaussian` (polar method), so
    /// that the data are scalachess's own.
    struct JavaRandom {
        seed: u64,
        next_gaussian: Option<f64>,
    }

    impl JavaRandom {
        const MULTIPLIER: u64 = 0x5_DEEC_E66D;
        const MASK: u64 = (1 << 48) - 1;

        fn new(seed: i64) -> JavaRandom {
            JavaRandom {
                seed: (seed as u64 ^ JavaRandom::MULTIPLIER) & JavaRandom::MASK,
                next_gaussian: None,
            }
        }

        fn next(&mut self, bits: u32) -> i32 {
            self.seed = self
                .seed
                .wrapping_mul(JavaRandom::MULTIPLIER)
                .wrapping_add(0xB)
                & JavaRandom::MASK;
            (self.seed >> (48 - bits)) as i64 as i32
        }

        fn next_double(&mut self) -> f64 {
            let hi = i64::from(self.next(26)) << 27;
            let lo = i64::from(self.next(27));
            (hi + lo) as f64 * (1.0 / (1u64 << 53) as f64)
        }

        fn next_gaussian(&mut self) -> f64 {
            if let Some(g) = self.next_gaussian.take() {
                return g;
            }
            loop {
                let v1 = 2.0 * self.next_double() - 1.0;
                let v2 = 2.0 * self.next_double() - 1.0;
                let s = v1 * v1 + v2 * v2;
                if s < 1.0 && s != 0.0 {
                    let multiplier = (-2.0 * s.ln() / s).sqrt();
                    self.next_gaussian = Some(v2 * multiplier);
                    return v1 * multiplier;
                }
            }
        }
    }

    fn close(actual: f32, expected: f32, tolerance: f32) {
        assert!(
            (actual - expected).abs() <= tolerance,
            "{actual} not within {tolerance} of {expected}"
        );
    }

    fn ds(mean: f32, deviation: f32, decay: f32) -> DecayingStats {
        DecayingStats {
            mean,
            deviation,
            decay,
        }
    }

    #[test]
    fn decaying_stats_vectors() {
        let mut random = JavaRandom::new(2286825201242408115);
        let randoms: Vec<f32> = (0..1000).map(|_| random.next_gaussian() as f32).collect();
        let data10: Vec<f32> = randoms.iter().map(|x| x + 10.0).collect();
        let stats10 = ds(10.0, 100.0, 0.9).record_all(data10.iter().copied());
        let stats10d = ds(10.0, 100.0, 0.99).record_all(data10.iter().copied());
        // gaussian data: eventually converge with constant mean
        close(stats10.deviation, 1.0, 0.25);
        close(stats10.mean, 10.0, 0.25);
        close(stats10d.deviation, 1.0, 0.25);
        close(stats10d.mean, 10.0, 0.1);
        // with a second mean
        let stats2 = stats10.record_all(randoms.iter().copied());
        let stats2d = stats10d.record_all(randoms.iter().copied());
        close(stats2.deviation, 1.0, 0.25);
        close(stats2.mean, 0.0, 0.25);
        close(stats2d.deviation, 1.0, 0.25);
        close(stats2d.mean, 0.0, 0.1);
        // quickly to a new mean; not so quick with a high decay
        close(
            stats10.record_all(randoms.iter().take(20).copied()).mean,
            0.0,
            1.0,
        );
        close(
            stats10d.record_all(randoms.iter().take(100).copied()).mean,
            0.0,
            4.0,
        );
        // interleaved
        let interleaved: Vec<f32> = data10
            .iter()
            .zip(&randoms)
            .flat_map(|(a, b)| [*a, *b])
            .collect();
        let a = ds(10.0, 100.0, 0.9).record_all(interleaved.iter().copied());
        let b = ds(10.0, 100.0, 0.99).record_all(interleaved.iter().copied());
        close(a.deviation, 5.0, 1.0);
        close(a.mean, 5.0, 1.0);
        close(b.deviation, 5.0, 0.25);
        close(b.mean, 5.0, 0.25);
        // flip flop
        let flip: Vec<f32> = (0..1000)
            .map(|i| if i % 2 == 0 { 0.0 } else { 1.0 })
            .collect();
        let s = ds(0.0, 10.0, 0.9).record_all(flip);
        close(s.mean, 0.5, 0.05);
        close(s.deviation, 0.5, 0.05);
    }
}
