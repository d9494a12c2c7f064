//! `/metrics` (Prometheus text format, `prometheus-client`): events
//! acknowledged (accepted or refused under the Laws), requests refused
//! before the Laws (by status), the latency of acknowledged events from
//! receipt to answer, the store's commit times, the games loaded. Never a
//! token, a sealed move or a player's name.

use std::time::Duration;

use prometheus_client::{
    encoding::text::encode,
    metrics::{
        counter::Counter,
        family::Family,
        gauge::Gauge,
        histogram::{exponential_buckets, Histogram},
    },
    registry::Registry,
};

/// The server's counters.
pub struct Metrics {
    registry: Registry,
    /// Events acknowledged, by whether the Laws accepted them.
    pub events: Family<Vec<(String, String)>, Counter>,
    /// Requests answered with an error, by status.
    pub errors: Family<Vec<(String, String)>, Counter>,
    /// Receipt to answer of acknowledged events (seconds).
    pub ack_latency: Histogram,
    /// Store commits as the owners wait for them (seconds).
    pub commit_latency: Histogram,
    /// Games loaded (each with its owner task).
    pub games_loaded: Gauge,
    /// Streams open.
    pub streams: Gauge,
    /// Games taken over from a node whose lease had expired.
    pub taken_over: Counter,
    /// Appends refused because this node no longer held the game's lease.
    pub lease_lost: Counter,
    /// Requests forwarded to the node that owns their game.
    pub forwarded: Counter,
}

impl Default for Metrics {
    fn default() -> Metrics {
        Metrics::new()
    }
}

impl Metrics {
    /// The counters, registered.
    pub fn new() -> Metrics {
        let mut registry = Registry::with_prefix("arbitre");
        let events = Family::<Vec<(String, String)>, Counter>::default();
        let errors = Family::<Vec<(String, String)>, Counter>::default();
        // 50 µs to about 1.6 s
        let ack_latency = Histogram::new(exponential_buckets(0.000_05, 2.0, 16));
        let commit_latency = Histogram::new(exponential_buckets(0.000_05, 2.0, 16));
        let games_loaded = Gauge::default();
        let streams = Gauge::default();
        registry.register(
            "events",
            "Events acknowledged after their commit, by acceptance under the Laws",
            events.clone(),
        );
        registry.register(
            "request_errors",
            "Requests answered with an error, by HTTP status",
            errors.clone(),
        );
        registry.register(
            "ack_latency_seconds",
            "Time from an event's receipt to its acknowledgement (after the commit)",
            ack_latency.clone(),
        );
        registry.register(
            "store_commit_seconds",
            "Time an owner waits for the store to commit an entry",
            commit_latency.clone(),
        );
        registry.register(
            "live_games",
            "Games loaded, each held by its owner task",
            games_loaded.clone(),
        );
        registry.register("streams", "Streams open", streams.clone());
        let taken_over = Counter::default();
        let lease_lost = Counter::default();
        let forwarded = Counter::default();
        registry.register(
            "games_taken_over",
            "Games taken over from a node whose lease had expired",
            taken_over.clone(),
        );
        registry.register(
            "lease_lost",
            "Appends refused because this node no longer held the game's lease",
            lease_lost.clone(),
        );
        registry.register(
            "forwarded",
            "Requests forwarded to the node that owns their game",
            forwarded.clone(),
        );
        // both series from the start, at zero
        for outcome in ["accepted", "refused"] {
            events
                .get_or_create(&vec![("outcome".into(), outcome.into())])
                .inc_by(0);
        }
        Metrics {
            registry,
            events,
            errors,
            ack_latency,
            commit_latency,
            games_loaded,
            streams,
            taken_over,
            lease_lost,
            forwarded,
        }
    }

    /// An entry committed after waiting `waited`.
    pub fn committed(&self, waited: Duration) {
        self.commit_latency.observe(waited.as_secs_f64());
    }

    /// An event acknowledged `latency` after its receipt.
    pub fn acknowledged(&self, accepted: bool, latency: Duration) {
        let label = if accepted { "accepted" } else { "refused" };
        self.events
            .get_or_create(&vec![("outcome".into(), label.into())])
            .inc();
        self.ack_latency.observe(latency.as_secs_f64());
    }

    /// A request answered with `status`.
    pub fn error(&self, status: u16) {
        self.errors
            .get_or_create(&vec![("status".into(), status.to_string())])
            .inc();
    }

    /// The text format, with the store's own counters.
    pub fn render(&self, store: &arbitre_store::Stats) -> String {
        let mut out = String::new();
        if encode(&mut out, &self.registry).is_err() {
            out.clear();
        }
        // the store's totals, appended before the end marker
        let eof = out.rfind("# EOF").unwrap_or(out.len());
        let mut text = out[..eof].to_owned();
        for (name, help, value) in [
            (
                "arbitre_store_transactions_total",
                "Transactions committed by the writer",
                store.transactions,
            ),
            (
                "arbitre_store_appends_total",
                "Entries appended",
                store.appends,
            ),
            (
                "arbitre_store_refused_total",
                "Appends refused (a sequence number or client_id taken)",
                store.refused,
            ),
            (
                "arbitre_store_transaction_microseconds_total",
                "Time the writer spent in its transactions, from BEGIN to the end of COMMIT (microseconds)",
                store.commit_micros,
            ),
            (
                "arbitre_store_rewritten_total",
                "Group commits written again append by append (one append was refused)",
                store.rewritten,
            ),
            (
                "arbitre_store_largest_batch",
                "The largest group commit so far",
                store.largest_batch,
            ),
        ] {
            text.push_str(&format!(
                "# HELP {name} {help}.\n# TYPE {name} {}\n{name} {value}\n",
                if name.ends_with("_total") {
                    "counter"
                } else {
                    "gauge"
                }
            ));
        }
        text.push_str("# EOF\n");
        text
    }
}
