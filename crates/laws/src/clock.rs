//! Time controls and the chess clock, as one ledger.
//!
//! A [`TimeControl`] is read from the PGN `TimeControl` syntax with the
//! scenario contract's extensions (`moves/seconds+increment`, `secondsdDELAY`
//! for a simple (US) delay, `secondsbDELAY` for a Bronstein delay). The
//! [`Clock`] keeps every change of a player's time as a [`LedgerEntry`]:
//! periods allotted, increments, delay refunds, time used, penalties, bonuses
//! and arbiter settings, so that at every step
//! `used + remaining = allotted + increments + adjustments`.
//!
//! Time enters only as arguments: moments on the arbiter's clock
//! ([`Instant`], milliseconds since the game began). The clock never reads a
//! wall clock. A moment and a duration are two types: [`Millis`] is a
//! duration (remaining time, an increment, a penalty, time used), an
//! [`Instant`] is a moment; a moment plus a duration is a moment
//! ([`Instant::after`]), a moment minus an earlier one is a duration
//! ([`Instant::since`]), and two moments do not add.

use core::{fmt, str::FromStr};

use shakmaty::{ByColor, Color};

/// A duration in milliseconds: time on a player's clock (remaining, used),
/// an increment, a delay, a penalty or bonus, a limit. Moments on the
/// arbiter's clock are [`Instant`]s.
pub type Millis = i64;

/// A moment on the arbiter's clock: milliseconds since the game began (the
/// start of its first session). The time of an event, of a decision, of a
/// deadline or of a flag's fall; durations are [`Millis`].
///
/// The engine accepts events from `Instant::ZERO` to `Instant(MAX_MILLIS)`;
/// an instant outside that range may be built (and is refused as an event's
/// time), so the field stays public.
///
/// ```
/// use arbitre_laws::{clock::MAX_MILLIS, Instant};
///
/// let start = Instant(60_000);
/// let later = start.after(90_000);
/// assert_eq!(later, Instant(150_000));
/// assert_eq!(later.since(start), 90_000);
/// assert_eq!(start.since(later), 0); // never negative
/// assert_eq!(later.after(MAX_MILLIS), Instant(MAX_MILLIS));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Instant(pub Millis);

impl Instant {
    /// The moment the game began.
    pub const ZERO: Instant = Instant(0);

    /// Milliseconds since the game began.
    pub const fn millis(self) -> Millis {
        self.0
    }

    /// The time from `earlier` to this moment: never negative (zero when
    /// `earlier` is later), saturating.
    pub fn since(self, earlier: Instant) -> Millis {
        self.0.saturating_sub(earlier.0).max(0)
    }

    /// The moment `d` after this one (before it, `d` negative), saturating
    /// within `0..=MAX_MILLIS`.
    pub fn after(self, d: Millis) -> Instant {
        Instant(self.0.saturating_add(d).clamp(0, MAX_MILLIS))
    }

    /// The moment `d` after this one, saturating only at the bounds of
    /// `i64`: a deadline the engine computes may lie past [`MAX_MILLIS`]
    /// (a limit counted from the last accepted moment), and must not be
    /// brought forward.
    pub(crate) fn plus(self, d: Millis) -> Instant {
        Instant(self.0.saturating_add(d))
    }
}

/// The largest time the engine accepts anywhere a time enters it: the
/// arbiter's clock of an event (an adjourned game may resume weeks later),
/// remaining times set in a setup or by the arbiter, a period, an increment
/// or a delay. One year, in milliseconds. Every sum the clock makes of such
/// values stays far inside `i64`, and the clock's own arithmetic saturates.
pub const MAX_MILLIS: Millis = 366 * 24 * 3_600 * 1_000;

/// How a period's clock treats the start of each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Delay {
    /// No delay.
    #[default]
    None,
    /// Simple (US) delay: the first `0` milliseconds of each move are not counted.
    Simple(Millis),
    /// Bronstein delay: the time used on a move, up to `0` milliseconds, is
    /// given back when the clock is pressed.
    Bronstein(Millis),
}

/// One period of a time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Period {
    /// Moves to make in the period; `None` for the rest of the game.
    pub moves: Option<u32>,
    /// Time allotted for the period.
    pub base: Millis,
    /// Fischer increment added at each press.
    pub increment: Millis,
    /// Delay mode.
    pub delay: Delay,
}

/// A time control: periods in order. No periods means no clock (`-`).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct TimeControl {
    periods: Vec<Period>,
    text: String,
}

/// Why a `TimeControl` string could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("time control `{text}`: {reason} (expected e.g. `5400`, `40/7200:3600`, `5400+30`, `40/5400+30:1800+30`, `5400d30`, `5400b30` or `-`)")]
pub struct TimeControlError {
    /// The text read.
    pub text: String,
    /// What was wrong.
    pub reason: String,
}

fn seconds(text: &str, what: &str) -> Result<Millis, String> {
    if text.is_empty() || text.len() > 9 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("{what} `{text}` is not a whole number of seconds"));
    }
    text.parse::<i64>()
        .map(|s| s * 1000)
        .map_err(|_| format!("{what} `{text}` is out of range"))
}

fn period(text: &str) -> Result<Period, String> {
    let (moves, rest) = match text.split_once('/') {
        Some((m, rest)) => {
            let moves = m
                .parse::<u32>()
                .ok()
                .filter(|&n| n > 0 && n <= 1000 && m.bytes().all(|b| b.is_ascii_digit()))
                .ok_or_else(|| format!("move count `{m}` is not a number from 1 to 1000"))?;
            (Some(moves), rest)
        }
        None => (None, text),
    };
    // the time first: "abc" is no period, not a delay `c`
    if !rest.starts_with(|c: char| c.is_ascii_digit()) {
        return Err(format!(
            "`{rest}` does not start with the period's time in seconds"
        ));
    }
    let (base, increment, delay) = if let Some((b, i)) = rest.split_once('+') {
        (b, seconds(i, "increment")?, Delay::None)
    } else if let Some((b, d)) = rest.split_once('d') {
        (b, 0, Delay::Simple(seconds(d, "delay")?))
    } else if let Some((b, d)) = rest.split_once('b') {
        (b, 0, Delay::Bronstein(seconds(d, "delay")?))
    } else {
        (rest, 0, Delay::None)
    };
    let base = seconds(base, "period time")?;
    Ok(Period {
        moves,
        base,
        increment,
        delay,
    })
}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let err = |reason: String| TimeControlError {
            text: text.to_owned(),
            reason,
        };
        let trimmed = text.trim();
        if trimmed == "-" {
            return Ok(TimeControl {
                periods: Vec::new(),
                text: "-".into(),
            });
        }
        if trimmed.is_empty() || trimmed == "?" {
            return Err(err("empty or unknown".into()));
        }
        let periods = trimmed
            .split(':')
            .map(period)
            .collect::<Result<Vec<_>, _>>()
            .map_err(err)?;
        if let Some(pos) = periods.iter().position(|p| p.moves.is_none()) {
            if pos + 1 != periods.len() {
                return Err(err(
                    "only the last period may be without a move count".into()
                ));
            }
        }
        Ok(TimeControl {
            periods,
            text: trimmed.to_owned(),
        })
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl TimeControl {
    /// The periods, in order.
    pub fn periods(&self) -> &[Period] {
        &self.periods
    }

    /// Whether the game is played without a clock.
    pub fn is_untimed(&self) -> bool {
        self.periods.is_empty()
    }

    /// Index of the period in which a player's `n`th move (1-based) is made.
    /// A last period with a move count repeats.
    pub fn period_of_move(&self, n: u32) -> usize {
        let mut first = 1u32;
        for (i, p) in self.periods.iter().enumerate() {
            match p.moves {
                Some(m) if i + 1 < self.periods.len() => {
                    if n < first.saturating_add(m) {
                        return i;
                    }
                    first = first.saturating_add(m);
                }
                _ => return i,
            }
        }
        0
    }

    /// Whether completing the player's `n`th move ends a period, and which
    /// period's time is then added.
    fn period_added_after_move(&self, n: u32) -> Option<usize> {
        let mut last = 0u32;
        for (i, p) in self.periods.iter().enumerate() {
            let m = p.moves?;
            if i + 1 == self.periods.len() {
                // a last period with a move count repeats
                return (n > last && (n - last).is_multiple_of(m)).then_some(i);
            }
            last = last.saturating_add(m);
            if n == last {
                return Some(i + 1);
            }
            if n < last {
                return None;
            }
        }
        None
    }

    /// Time available for 60 moves: every period that starts by the 60th move,
    /// plus 60 times the increment of each of those moves, plus the periods
    /// that start after it (once each). Rapid and blitz are defined on this
    /// figure (2005 B1/C1, 2023 A.1/B.1).
    pub fn ms_for_sixty_moves(&self) -> Millis {
        if self.periods.is_empty() {
            return Millis::MAX;
        }
        let mut total = self.periods[0].base;
        for n in 1..=60u32 {
            let p = &self.periods[self.period_of_move(n)];
            // a delay counts like an increment, as the most it can give
            // (docs/laws/readings.md, rule 5)
            total += match p.delay {
                Delay::None => p.increment,
                Delay::Simple(d) | Delay::Bronstein(d) => p.increment + d,
            };
            if n < 60 {
                if let Some(i) = self.period_added_after_move(n) {
                    total += self.periods[i].base;
                }
            }
        }
        // the periods that start later are part of the time in which all the
        // moves must be made (2005 B1, 2023 A.1): `60/3000:3000` gives 100
        // minutes, not 50; a repeating last period is counted as above
        let at_sixty = self.period_of_move(60);
        for p in self.periods.iter().skip(at_sixty + 1) {
            total = total.saturating_add(p.base);
        }
        total
    }
}

/// The kind of change to a player's time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LedgerKind {
    /// A period's time allotted.
    Allotted,
    /// A Fischer increment.
    Increment,
    /// Time given back by a Bronstein delay.
    DelayRefund,
    /// Thinking time used.
    Used,
    /// Time taken as a penalty.
    Penalty,
    /// Time added to a player (a penalty to the opponent, 9.5).
    Bonus,
    /// A correction by the arbiter (set to a value).
    ArbiterSet,
    /// Time of a move given back as network lag (online games with lag
    /// compensation, `crate::lag`).
    LagCompensation,
}

/// One change to a player's time, as read from the ledger.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LedgerEntry {
    /// Whose time.
    pub side: Color,
    /// What kind of change.
    pub kind: LedgerKind,
    /// Amount in milliseconds: positive adds time, except for `Used`, which is
    /// the time consumed (positive).
    pub ms: i32,
}

const KINDS: [LedgerKind; 8] = [
    LedgerKind::Allotted,
    LedgerKind::Increment,
    LedgerKind::DelayRefund,
    LedgerKind::Used,
    LedgerKind::Penalty,
    LedgerKind::Bonus,
    LedgerKind::ArbiterSet,
    LedgerKind::LagCompensation,
];

/// Largest amount one packed entry holds (2^27 - 1 ms, over 37 hours); a
/// larger change is written as several entries.
const PACKED_MAX: i64 = (1 << 27) - 1;

/// A ledger entry in four bytes: side (1 bit), kind (3 bits), amount in
/// milliseconds (28 bits, signed). A game holds two per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Packed(u32);

impl Packed {
    fn new(side: Color, kind: LedgerKind, ms: i64) -> Packed {
        let k = KINDS.iter().position(|&x| x == kind).unwrap_or(0) as u32;
        let s = u32::from(side == Color::Black);
        let amount = (ms.clamp(-PACKED_MAX, PACKED_MAX) as i32 as u32) & 0x0fff_ffff;
        Packed(s | k << 1 | amount << 4)
    }

    fn entry(self) -> LedgerEntry {
        let side = if self.0 & 1 == 1 {
            Color::Black
        } else {
            Color::White
        };
        let kind = KINDS[((self.0 >> 1) & 7) as usize % KINDS.len()];
        // sign-extend the 28-bit amount
        let ms = (self.0 as i32) >> 4;
        LedgerEntry { side, kind, ms }
    }
}

/// Sums of a player's ledger entries.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Totals {
    /// Time allotted by periods.
    pub allotted: Millis,
    /// Increments, delay refunds and lag compensation.
    pub increments: Millis,
    /// Penalties, bonuses and arbiter settings.
    pub adjustments: Millis,
    /// Time used.
    pub used: Millis,
}

/// The chess clock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    control: TimeControl,
    remaining: ByColor<Millis>,
    running: Option<Color>,
    /// Arbiter time up to which the running side's time is counted (the
    /// clock's arithmetic is on raw milliseconds; its methods take and give
    /// [`Instant`]s).
    since: Millis,
    /// Arbiter time at which the running side's clock was started.
    turn_start: Millis,
    /// Time counted in the running side's current turn.
    turn_used: Millis,
    /// Arbiter time at which both clocks were last stopped.
    stopped_at: Millis,
    /// Time counted in the current turn not yet written in the ledger.
    unposted: Millis,
    /// Time charged to the running side in the current turn (at most what
    /// it had): with its remaining time, what the turn began with.
    turn_charged: Millis,
    /// Arbiter time at which the running side's time reached zero in the
    /// current turn while its flag was held ([`Clock::advance_held`]).
    zero_at: Option<Millis>,
    moves: ByColor<u32>,
    fallen: ByColor<Option<Millis>>,
    ledger: Vec<Packed>,
    totals: ByColor<Totals>,
}

impl Clock {
    /// A clock for `control` with the first period's time on both sides, or
    /// with `start` if given.
    pub fn new(control: TimeControl, start: Option<ByColor<Millis>>) -> Clock {
        let first = control.periods.first().map_or(0, |p| p.base);
        let mut clock = Clock {
            control,
            remaining: ByColor::new_with(|_| 0),
            running: None,
            since: 0,
            turn_start: 0,
            turn_used: 0,
            stopped_at: 0,
            unposted: 0,
            turn_charged: 0,
            zero_at: None,
            moves: ByColor::new_with(|_| 0),
            fallen: ByColor::new_with(|_| None),
            ledger: Vec::new(),
            totals: ByColor::new_with(|_| Totals::default()),
        };
        for side in Color::ALL {
            let ms = start.as_ref().map_or(first, |s| *s.get(side)).max(0);
            clock.post(side, LedgerKind::Allotted, ms);
        }
        clock
    }

    fn post(&mut self, side: Color, kind: LedgerKind, ms: Millis) {
        if ms == 0 {
            return;
        }
        let totals = self.totals.get_mut(side);
        let sum = match kind {
            LedgerKind::Allotted => &mut totals.allotted,
            LedgerKind::Increment | LedgerKind::DelayRefund | LedgerKind::LagCompensation => {
                &mut totals.increments
            }
            LedgerKind::Penalty | LedgerKind::Bonus | LedgerKind::ArbiterSet => {
                &mut totals.adjustments
            }
            LedgerKind::Used => &mut totals.used,
        };
        *sum = sum.saturating_add(ms);
        let remaining = self.remaining.get_mut(side);
        *remaining = if kind == LedgerKind::Used {
            remaining.saturating_sub(ms)
        } else {
            remaining.saturating_add(ms)
        };
        let mut left = ms;
        while left != 0 {
            let part = left.clamp(-PACKED_MAX, PACKED_MAX);
            self.ledger.push(Packed::new(side, kind, part));
            left = left.saturating_sub(part);
        }
    }

    /// The time control.
    pub fn control(&self) -> &TimeControl {
        &self.control
    }

    /// Whether there is no clock.
    pub fn is_untimed(&self) -> bool {
        self.control.is_untimed()
    }

    /// Remaining time of a player, as counted up to the last `advance`.
    pub fn remaining(&self, side: Color) -> Millis {
        self.remaining
            .get(side)
            .saturating_sub(if self.running == Some(side) {
                self.unposted
            } else {
                0
            })
    }

    /// Whose clock runs.
    pub fn running(&self) -> Option<Color> {
        self.running
    }

    /// Arbiter time up to which the clock has been counted.
    pub fn now(&self) -> Instant {
        Instant(self.since)
    }

    /// When a player's flag fell, if it has.
    pub fn fallen(&self, side: Color) -> Option<Instant> {
        self.fallen.get(side).map(Instant)
    }

    /// Moves completed by a player, as counted for the time control.
    pub fn moves(&self, side: Color) -> u32 {
        *self.moves.get(side)
    }

    /// The ledger, oldest entry first.
    pub fn ledger(&self) -> impl Iterator<Item = LedgerEntry> + '_ {
        self.ledger.iter().map(|p| p.entry())
    }

    /// Sums of a player's ledger, including time counted in the current turn.
    pub fn totals(&self, side: Color) -> Totals {
        let mut t = *self.totals.get(side);
        if self.running == Some(side) {
            t.used = t.used.saturating_add(self.unposted);
        }
        t
    }

    fn delay(&self, side: Color) -> Delay {
        let n = self.moves(side).saturating_add(1);
        self.control
            .periods
            .get(self.control.period_of_move(n))
            .map_or(Delay::None, |p| p.delay)
    }

    /// When the running side's flag will fall if nobody acts, if it has not.
    pub fn next_fall(&self) -> Option<Instant> {
        let side = self.running?;
        if self.fallen(side).is_some() || self.is_untimed() {
            return None;
        }
        if let Some(zero) = self.zero_at {
            // held at zero (`advance_held`): it fell when the time ran out
            return Some(Instant(zero));
        }
        let left = self.remaining(side);
        let uncounted = match self.delay(side) {
            Delay::Simple(d) => self
                .turn_start
                .saturating_add(d)
                .saturating_sub(self.since)
                .max(0),
            _ => 0,
        };
        Some(Instant(
            self.since.saturating_add(uncounted).saturating_add(left),
        ))
    }

    /// Counts the running side's time up to arbiter time `t` (never backwards).
    /// Returns the fall time if the running side's flag fell in between.
    pub fn advance(&mut self, t: Instant) -> Option<Instant> {
        self.advance_inner(t, false)
    }

    /// Counts the running side's time up to `t` as [`Clock::advance`] does,
    /// but holds its flag: its time shows zero once it runs out, and the
    /// fall is seen only by a later `advance` (at the instant the time ran
    /// out). For a grace given to a player whose move may still be
    /// compensated for lag (online games, `crate::lag`).
    pub fn advance_held(&mut self, t: Instant) {
        self.advance_inner(t, true);
    }

    fn advance_inner(&mut self, t: Instant, hold: bool) -> Option<Instant> {
        let t = t.millis();
        let Some(side) = self.running else {
            self.since = self.since.max(t);
            return None;
        };
        if self.is_untimed() {
            self.since = self.since.max(t);
            return None;
        }
        // never backwards: at `since` itself no time passes, but a clock
        // that runs with no time left shows its flag down
        let t = t.max(self.since);
        let (counted, delay_over) = self.counted_at(side, t);
        let delta = counted.saturating_sub(self.turn_used).max(0);
        let left = self.remaining(side);
        let used = delta.min(left).max(0);
        self.turn_used = counted;
        self.unposted = self.unposted.saturating_add(used);
        self.turn_charged = self.turn_charged.saturating_add(used);
        self.since = t;
        // the flag falls when the counted time reaches the time left (with a
        // simple delay, not before the delay is over)
        if delay_over && delta >= left && self.fallen(side).is_none() {
            // the instant the time ran out: within this advance, or when a
            // held advance brought it to zero
            let at = match self.zero_at {
                Some(zero) if left == 0 => zero,
                _ => t.saturating_sub(delta.saturating_sub(used)),
            };
            if hold {
                self.zero_at.get_or_insert(at);
                return None;
            }
            *self.fallen.get_mut(side) = Some(at);
            return Some(Instant(at));
        }
        None
    }

    /// The running side's time counted in its turn at arbiter time `t`,
    /// and whether a simple delay is over.
    fn counted_at(&self, side: Color, t: Millis) -> (Millis, bool) {
        let elapsed = t.saturating_sub(self.turn_start);
        match self.delay(side) {
            Delay::Simple(d) => (elapsed.saturating_sub(d).max(0), elapsed >= d),
            _ => (elapsed, true),
        }
    }

    /// The running side completes its move at `t` with `compensation` of
    /// its time given back as network lag: the move is charged its time
    /// less the compensation (never below zero), as scalachess's clock
    /// does. `false` (nothing changed but the time counted, the flag down)
    /// when even so it took all the time the player had: his flag fell.
    /// Otherwise the clock is pressed as [`Clock::press`] does.
    pub fn press_compensated(
        &mut self,
        side: Color,
        t: Instant,
        count: u32,
        compensation: Millis,
    ) -> bool {
        if self.running != Some(side) || self.is_untimed() || compensation <= 0 {
            self.press(side, t, count);
            return self.fallen(side).is_none();
        }
        let at = t.millis().max(self.since);
        // what the turn began with, and what the move costs
        let budget = self.remaining(side).saturating_add(self.turn_charged);
        let (counted, _) = self.counted_at(side, at);
        let cost = counted.saturating_sub(compensation).max(0);
        if cost >= budget {
            self.advance(t);
            return false;
        }
        self.advance_held(t);
        let back = budget
            .saturating_sub(cost)
            .saturating_sub(self.remaining(side))
            .max(0);
        self.post(side, LedgerKind::LagCompensation, back);
        self.zero_at = None;
        self.press(side, t, count);
        true
    }

    fn flush(&mut self) {
        if let Some(side) = self.running {
            let used = core::mem::take(&mut self.unposted);
            // `remaining` already excludes nothing: post subtracts now
            self.post(side, LedgerKind::Used, used);
        }
    }

    /// Starts `side`'s clock at `t` (after the clocks were stopped).
    pub fn start(&mut self, side: Color, t: Instant) {
        self.advance(t);
        let t = t.millis();
        self.flush();
        self.running = Some(side);
        self.since = t.max(self.since);
        self.turn_start = self.since;
        self.turn_used = 0;
        self.turn_charged = 0;
        self.zero_at = None;
    }

    /// Resumes `side`'s clock at `t` within the same turn (after a claim
    /// stopped the clocks): time already counted this turn stays counted and
    /// the pause is not thinking time.
    pub fn resume(&mut self, side: Color, t: Instant) {
        let t = t.millis();
        if self.running.is_none() {
            // the whole pause since the clocks stopped, however time was
            // advanced meanwhile
            let paused = t.saturating_sub(self.stopped_at).max(0);
            self.turn_start = self.turn_start.saturating_add(paused);
        }
        self.since = t.max(self.since);
        self.running = Some(side);
    }

    /// Stops both clocks at `t`.
    pub fn stop(&mut self, t: Instant) {
        self.advance(t);
        self.flush();
        if self.running.is_some() {
            self.stopped_at = self.since;
        }
        self.running = None;
    }

    /// The running side presses the clock at `t` having completed `count`
    /// moves for the time control (1, or N in an odds game): increment, delay
    /// refund and any new period are added, and the opponent's clock starts.
    pub fn press(&mut self, side: Color, t: Instant, count: u32) {
        self.advance(t);
        let t = t.millis();
        let turn_used = self.turn_used;
        self.flush();
        if !self.is_untimed() {
            let n = self.moves(side).saturating_add(1);
            let period = self.control.periods[self.control.period_of_move(n)];
            if self.fallen(side).is_none() {
                self.post(side, LedgerKind::Increment, period.increment);
                if let Delay::Bronstein(d) = period.delay {
                    self.post(side, LedgerKind::DelayRefund, turn_used.min(d));
                }
            }
            for k in 0..count {
                let done = self.moves(side).saturating_add(k + 1);
                if let Some(p) = self.control.period_added_after_move(done) {
                    let base = self.control.periods[p].base;
                    if self.fallen(side).is_none() {
                        self.post(side, LedgerKind::Allotted, base);
                    }
                }
            }
        }
        *self.moves.get_mut(side) = self.moves(side).saturating_add(count);
        self.running = Some(!side);
        self.since = t.max(self.since);
        self.turn_start = self.since;
        self.turn_used = 0;
        self.turn_charged = 0;
        self.zero_at = None;
    }

    /// Completes a move made while the clocks are stopped (a sealed move
    /// played at resumption), counting `count` moves for the time control
    /// (N for an odds series, 1930 22.3), with the next period's time if it
    /// ends one, but no increment.
    pub fn complete_move(&mut self, side: Color, count: u32) {
        for k in 0..count {
            let done = self.moves(side).saturating_add(k + 1);
            if !self.is_untimed() {
                if let Some(p) = self.control.period_added_after_move(done) {
                    let base = self.control.periods[p].base;
                    self.post(side, LedgerKind::Allotted, base);
                }
            }
        }
        *self.moves.get_mut(side) = self.moves(side).saturating_add(count);
    }

    /// Reinstates the clock of an earlier moment, `before`, at arbiter time
    /// `t` (an irregularity put right: 7.4, 7.5, B5, 1930 21.8): the moves
    /// counted for the time control go back to what they were, and the
    /// periods and increments credited since are taken back, each as an
    /// entry of the ledger; the time each player used since stays used, and
    /// the arbiter's adjustments stay. Both clocks are left stopped.
    pub fn reinstate(&mut self, before: &Clock, t: Instant) {
        self.stop(t);
        // what the clock credited since `before`, read from the ledger (the
        // first entries of which are `before`'s), per player and kind
        let since = before.ledger.len().min(self.ledger.len());
        let credited = [
            LedgerKind::Allotted,
            LedgerKind::Increment,
            LedgerKind::DelayRefund,
        ];
        for side in Color::ALL {
            for kind in credited {
                let given: Millis = self.ledger[since..]
                    .iter()
                    .map(|p| p.entry())
                    .filter(|e| e.side == side && e.kind == kind)
                    .map(|e| Millis::from(e.ms))
                    .sum();
                // never below zero: what was already used of it stays used
                let back = given.min(self.remaining(side));
                self.post(side, kind, -back);
            }
            *self.moves.get_mut(side) = before.moves(side);
            if self.remaining(side) > 0 {
                *self.fallen.get_mut(side) = None;
            }
        }
    }

    /// Counts a move for the time control without touching the clocks (moves
    /// of the `history`, played before the clocks start).
    pub fn count_move(&mut self, side: Color) {
        *self.moves.get_mut(side) = self.moves(side).saturating_add(1);
    }

    /// Counts `n` moves completed without a press (a move that ends the
    /// game: 2005 6.2a, 2023 6.2.1): no increment, no period.
    pub fn count_moves(&mut self, side: Color, n: u32) {
        *self.moves.get_mut(side) = self.moves(side).saturating_add(n);
    }

    /// Adds (or, negative, takes) time as a penalty or bonus. Time never
    /// shows below zero, nor above [`MAX_MILLIS`].
    pub fn adjust(&mut self, side: Color, kind: LedgerKind, ms: Millis) {
        let left = self.remaining(side);
        let ms = ms.clamp(-left, MAX_MILLIS.saturating_sub(left).max(0));
        self.post(side, kind, ms);
        if self.remaining(side) > 0 {
            *self.fallen.get_mut(side) = None;
        }
    }

    /// The arbiter sets a player's remaining time.
    pub fn set(&mut self, side: Color, ms: Millis) {
        let delta = ms.clamp(0, MAX_MILLIS).saturating_sub(self.remaining(side));
        self.adjust(side, LedgerKind::ArbiterSet, delta);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tc(s: &str) -> TimeControl {
        s.parse().unwrap()
    }

    #[test]
    fn reads_the_pgn_syntax_and_extensions() {
        let t = tc("40/5400+30:1800+30");
        assert_eq!(t.periods().len(), 2);
        assert_eq!(
            t.periods()[0],
            Period {
                moves: Some(40),
                base: 5_400_000,
                increment: 30_000,
                delay: Delay::None
            }
        );
        assert_eq!(tc("5400d30").periods()[0].delay, Delay::Simple(30_000));
        assert_eq!(
            tc("40/7200b30:3600b30").periods()[1].delay,
            Delay::Bronstein(30_000)
        );
        assert!(tc("-").is_untimed());
        for bad in [
            "",
            "abc",
            "40/",
            "/300",
            "300+",
            "300:40/100",
            "0/300",
            "300x5",
            "99999999999",
        ] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad}");
        }
    }

    #[test]
    fn packed_entries_round_trip() {
        for ms in [0, 1, -1, 30_000, -180_000, PACKED_MAX, -PACKED_MAX] {
            for side in Color::ALL {
                for kind in KINDS {
                    let e = Packed::new(side, kind, ms).entry();
                    assert_eq!((e.side, e.kind, i64::from(e.ms)), (side, kind, ms));
                }
            }
        }
        let mut c = Clock::new(tc("-"), None);
        c.adjust(Color::White, LedgerKind::Bonus, 3 * PACKED_MAX + 5);
        assert_eq!(
            c.ledger().map(|e| i64::from(e.ms)).sum::<i64>(),
            3 * PACKED_MAX + 5
        );
        assert_eq!(c.remaining(Color::White), 3 * PACKED_MAX + 5);
    }

    #[test]
    fn sixty_moves_figure() {
        assert_eq!(tc("1500+10").ms_for_sixty_moves(), 2_100_000);
        assert_eq!(
            tc("40/5400+30:1800+30").ms_for_sixty_moves(),
            5_400_000 + 1_800_000 + 1_800_000
        );
        assert_eq!(tc("300").ms_for_sixty_moves(), 300_000);
    }

    #[test]
    fn period_reached_by_move_count() {
        let mut c = Clock::new(tc("2/100:50"), None);
        c.start(Color::White, Instant(0));
        c.press(Color::White, Instant(10_000), 1);
        c.press(Color::Black, Instant(20_000), 1);
        assert_eq!(c.remaining(Color::White), 90_000);
        c.press(Color::White, Instant(30_000), 1);
        assert_eq!(c.remaining(Color::White), 90_000 - 10_000 + 50_000);
    }

    #[test]
    fn repeating_last_period() {
        let t = tc("2/100");
        assert_eq!(t.period_added_after_move(2), Some(0));
        assert_eq!(t.period_added_after_move(3), None);
        assert_eq!(t.period_added_after_move(4), Some(0));
    }

    #[test]
    fn simple_delay_and_bronstein() {
        let mut c = Clock::new(tc("300d5"), None);
        c.start(Color::White, Instant(0));
        c.press(Color::White, Instant(3_000), 1);
        assert_eq!(c.remaining(Color::White), 300_000);
        c.press(Color::Black, Instant(10_000), 1);
        assert_eq!(c.remaining(Color::Black), 298_000);
        let mut c = Clock::new(tc("300b5"), None);
        c.start(Color::White, Instant(0));
        c.press(Color::White, Instant(3_000), 1);
        assert_eq!(c.remaining(Color::White), 300_000);
        c.press(Color::Black, Instant(10_000), 1);
        assert_eq!(c.remaining(Color::Black), 298_000);
    }

    #[test]
    fn flag_falls_at_the_right_moment() {
        let mut c = Clock::new(tc("60"), None);
        c.start(Color::White, Instant(0));
        assert_eq!(c.next_fall(), Some(Instant(60_000)));
        assert_eq!(c.advance(Instant(70_000)), Some(Instant(60_000)));
        assert_eq!(c.remaining(Color::White), 0);
        let mut c = Clock::new(tc("60d5"), None);
        c.start(Color::White, Instant(0));
        assert_eq!(c.next_fall(), Some(Instant(65_000)));
        assert_eq!(c.advance(Instant(70_000)), Some(Instant(65_000)));
    }

    #[test]
    fn instant_arithmetic_saturates() {
        let t = Instant(10_000);
        assert_eq!(Instant::ZERO.millis(), 0);
        assert_eq!(Instant::default(), Instant::ZERO);
        assert_eq!(t.after(5_000), Instant(15_000));
        assert_eq!(t.after(-4_000), Instant(6_000));
        // within 0..=MAX_MILLIS
        assert_eq!(t.after(-20_000), Instant::ZERO);
        assert_eq!(t.after(MAX_MILLIS), Instant(MAX_MILLIS));
        assert_eq!(Instant(MAX_MILLIS).after(1), Instant(MAX_MILLIS));
        assert_eq!(t.after(Millis::MAX), Instant(MAX_MILLIS));
        assert_eq!(t.after(Millis::MIN), Instant::ZERO);
        // a duration is never negative
        assert_eq!(t.since(Instant(4_000)), 6_000);
        assert_eq!(t.since(t), 0);
        assert_eq!(Instant(4_000).since(t), 0);
        assert_eq!(Instant(MAX_MILLIS).since(Instant::ZERO), MAX_MILLIS);
        assert_eq!(
            Instant(Millis::MAX).since(Instant(Millis::MIN)),
            Millis::MAX
        );
        assert_eq!(Instant(Millis::MIN).since(Instant(Millis::MAX)), 0);
        // a deadline past MAX_MILLIS is not brought forward
        assert_eq!(Instant(MAX_MILLIS).plus(1), Instant(MAX_MILLIS + 1));
        assert_eq!(Instant(Millis::MAX).plus(1), Instant(Millis::MAX));
        assert!(Instant(1) < Instant(2));
    }
}
