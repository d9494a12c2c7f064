//! The server's time. Every event is stamped on receipt from one monotonic
//! clock (tokio's, which tests pause and advance), anchored once at start to
//! the wall clock so that stored instants are milliseconds since the Unix
//! epoch and survive a restart. A game's own time (the engine's
//! [`Instant`]) is the server's time minus the game's origin (its creation).

use std::time::{SystemTime, UNIX_EPOCH};

use arbitre_laws::Instant;

/// The server's clock: monotonic, in epoch milliseconds.
#[derive(Clone, Copy, Debug)]
pub struct ServerClock {
    wall_ms: i64,
    mono: tokio::time::Instant,
}

impl ServerClock {
    /// A clock anchored at the wall clock now.
    pub fn start() -> ServerClock {
        let wall_ms = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX));
        ServerClock::anchored(wall_ms)
    }

    /// A clock that reads `wall_ms` now (tests).
    pub fn anchored(wall_ms: i64) -> ServerClock {
        ServerClock {
            wall_ms,
            mono: tokio::time::Instant::now(),
        }
    }

    /// Now, in epoch milliseconds; never goes backwards.
    pub fn now_ms(&self) -> i64 {
        let elapsed = i64::try_from(self.mono.elapsed().as_millis()).unwrap_or(i64::MAX);
        self.wall_ms.saturating_add(elapsed)
    }

    /// The monotonic instant at which the clock reads `ms` (for timers; an
    /// instant already past is now).
    pub fn deadline(&self, ms: i64) -> tokio::time::Instant {
        let ahead = ms.saturating_sub(self.now_ms()).max(0);
        tokio::time::Instant::now() + std::time::Duration::from_millis(ahead.unsigned_abs())
    }
}

/// A game's time for the server's `ms`, the game having begun at `origin_ms`.
pub fn game_time(ms: i64, origin_ms: i64) -> Instant {
    Instant(ms.saturating_sub(origin_ms).max(0))
}

/// The server's time of a game's instant.
pub fn server_ms(t: Instant, origin_ms: i64) -> i64 {
    origin_ms.saturating_add(t.millis())
}
