//! `arbitre serve`: opens the store, rebuilds the live games (an outage is
//! recorded, nothing is decided by it), listens, and shuts down gracefully
//! (streams closed with a reason, requests in flight finished, the clocks
//! that run stopped with the exact time, the store's queue committed).

use std::{net::SocketAddr, sync::Arc, time::Duration};

use arbitre_envelope::{PublicKey, SigningKey};
use arbitre_laws::Language;
use arbitre_store::{Batching, MacKey, Options, Store, TokenHash};
use tokio::net::TcpListener;

use crate::{
    app::{router, App, Limits},
    auth::Token,
    clock::ServerClock,
    metrics::Metrics,
    owner::{Command, Registry, Shared},
};

/// How a server runs.
pub struct Config {
    /// The address to listen on.
    pub listen: SocketAddr,
    /// `sqlite://FILE` or `postgres://…`.
    pub db: String,
    /// The organiser's token, if set from outside (stored as a hash).
    pub organiser_token: Option<String>,
    /// The language of messages where a game names none.
    pub lang: Language,
    /// The arbiter's public key sealed moves go to when a game names none.
    pub arbiter_key: Option<PublicKey>,
    /// The store's grouping of commits.
    pub batching: Batching,
    /// Rate limits.
    pub limits: Limits,
    /// This node's name in the store.
    pub node: String,
    /// Where the other nodes on the same database reach this one
    /// (`http://host:port`); `None`: it forwards to others but is not
    /// forwarded to (and its commits notify no one).
    pub advertise: Option<String>,
    /// How long this node's lease lasts past its last commit or heartbeat
    /// (once expired, another node takes its games over).
    pub lease: Duration,
    /// The server's clock; `None`: anchored at the wall clock now.
    pub clock: Option<ServerClock>,
    /// TLS: the certificate chain and its key (PEM); `None`: plain HTTP.
    pub tls: Option<(std::path::PathBuf, std::path::PathBuf)>,
    /// The key the server signs the envelopes it seals with; `None`: a new
    /// one for this run (its envelopes are checked against `/api/health`'s
    /// `envelope_signer` of this run only).
    pub signer: Option<SigningKey>,
    /// How long a request's head and a stalled write may take
    /// ([`crate::listen`]).
    pub connections: crate::listen::Bounds,
}

/// A server bound to its address, ready to run.
pub struct Server {
    listener: TcpListener,
    tls: Option<Arc<rustls::ServerConfig>>,
    bounds: crate::listen::Bounds,
    app: Arc<App>,
    /// The address it listens on.
    pub address: SocketAddr,
    /// A new organiser's token, when this start created one (shown once).
    pub new_organiser_token: Option<String>,
}

/// Why the server could not start.
#[derive(Debug)]
pub struct StartError(pub String);

impl std::fmt::Display for StartError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for StartError {}

/// The store's address: `sqlite://FILE` creates the file.
fn store_url(db: &str) -> String {
    if db.starts_with("sqlite:") && !db.contains("mode=") {
        let sep = if db.contains('?') { '&' } else { '?' };
        format!("{db}{sep}mode=rwc")
    } else {
        db.to_owned()
    }
}

/// The application with no listener (what [`Server::start`] serves; the
/// in-process tests use it directly): the store opened and checked, the
/// organiser's token stored (a new one returned when this start made it),
/// the live games rebuilt with their outage recorded.
pub async fn build(config: Config) -> Result<(Arc<App>, Option<String>), StartError> {
    let signer: SigningKey = match config.signer {
        Some(key) => key,
        None => arbitre_envelope::generate_signing_key()
            .map_err(|e| StartError(format!("no server signing key: {e}")))?,
    };
    let store = Store::open(
        &store_url(&config.db),
        Options {
            batching: config.batching,
            node: config.node.clone(),
            address: config.advertise.clone(),
            lease: config.lease,
            // the rows' authentication key comes from the signing key,
            // which the database does not hold (SECURITY.md)
            key: Some(MacKey::derive(signer.as_bytes())),
            ..Options::default()
        },
    )
    .await
    .map_err(|e| StartError(e.to_string()))?;
    for (name, value) in store
        .settings()
        .await
        .map_err(|e| StartError(e.to_string()))?
    {
        tracing::info!(setting = name, %value, "store");
    }
    let clock = config.clock.unwrap_or_else(ServerClock::start);
    let new_organiser_token = match &config.organiser_token {
        Some(token) => {
            store
                .add_organiser_token(&TokenHash::of(token), clock.now_ms())
                .await
                .map_err(|e| StartError(e.to_string()))?;
            None
        }
        None if !store
            .has_organiser()
            .await
            .map_err(|e| StartError(e.to_string()))? =>
        {
            let token = Token::generate().map_err(|e| StartError(e.to_string()))?;
            store
                .add_organiser_token(&token.hash(), clock.now_ms())
                .await
                .map_err(|e| StartError(e.to_string()))?;
            Some(token.reveal().to_owned())
        }
        None => None,
    };
    let (closing, _) = tokio::sync::watch::channel(None);
    let shared = Arc::new(Shared {
        store,
        clock,
        lang: config.lang,
        default_arbiter_key: config.arbiter_key,
        signer,
        metrics: Metrics::new(),
        games: Registry::default(),
        closing,
        takeovers: Default::default(),
        resumes: Default::default(),
        delays: Default::default(),
    });
    resume_live_games(&shared).await?;
    Ok((App::new(shared, config.limits), new_organiser_token))
}

impl Server {
    /// Opens the store, rebuilds the live games, binds the address.
    pub async fn start(config: Config) -> Result<Server, StartError> {
        let listen = config.listen;
        let tls = match &config.tls {
            Some((cert, key)) => Some(crate::tls::config(cert, key).map_err(StartError)?),
            None => None,
        };
        let bounds = config.connections;
        let (app, new_organiser_token) = build(config).await?;
        let listener = TcpListener::bind(listen)
            .await
            .map_err(|e| StartError(format!("cannot listen on {listen}: {e}")))?;
        let address = listener
            .local_addr()
            .map_err(|e| StartError(e.to_string()))?;
        Ok(Server {
            listener,
            tls,
            bounds,
            app,
            address,
            new_organiser_token,
        })
    }

    /// Serves until `shutdown` resolves, then shuts down gracefully.
    pub async fn run(
        self,
        shutdown: impl std::future::Future<Output = ()> + Send + 'static,
    ) -> Result<(), StartError> {
        let Server {
            listener,
            app,
            tls,
            bounds,
            ..
        } = self;
        let shared = app.shared.clone();
        let heartbeat = tokio::spawn(heartbeat(app.clone()));
        let closing = shared.closing.clone();
        let mut closed = shared.closing.subscribe();
        // a client that never finishes its request (a body sent a byte at a
        // time, a stream it does not read) does not hold the shutdown: after
        // this long the clocks are stopped and the store closed regardless
        let patience = async move {
            let _ = closed.wait_for(Option::is_some).await;
            tokio::time::sleep(SHUTDOWN_PATIENCE).await;
            tracing::warn!(
                seconds = SHUTDOWN_PATIENCE.as_secs(),
                "connections still open after the shutdown's patience: closed"
            );
        };
        let signal = async move {
            shutdown.await;
            tracing::info!("shutting down: closing streams, finishing requests");
            let _ = closing.send(Some("the server is shutting down".into()));
        };
        let listener = match tls {
            Some(config) => crate::listen::Listener::Tls(
                crate::tls::TlsListener::new(listener, config)
                    .map_err(|e| StartError(e.to_string()))?,
            ),
            None => crate::listen::Listener::Plain(listener),
        };
        let all_closed = tokio::select! {
            () = crate::listen::serve(listener, router(app.clone()), bounds, signal) => true,
            () = patience => false,
        };
        heartbeat.abort();
        drop(shared);
        // connections left open keep the application alive: the store is
        // then not waited for long (everything acknowledged is on disk)
        stop(app, all_closed).await;
        Ok(())
    }
}

/// How long a graceful shutdown waits for the requests in flight.
const SHUTDOWN_PATIENCE: Duration = Duration::from_secs(5);

/// The end of a graceful shutdown, once no request is in flight: the
/// clocks that run are stopped with the exact time, on disk; the owners
/// end; the store commits its queue and closes.
pub async fn stop(app: Arc<App>, all_closed: bool) {
    let shared = app.shared.clone();
    drop(app);
    let _ = shared
        .closing
        .send(Some("the server is shutting down".into()));
    for handle in shared.games.handles() {
        let (reply, done) = tokio::sync::oneshot::channel();
        if handle.send(Command::Stop(reply)).await.is_ok() {
            let _ = done.await;
        }
    }
    let _ = shared.store.record_instant(shared.clock.now_ms()).await;
    // the clocks are stopped and on disk: another node may take the games
    // over at once (and restart their clocks), not after the lease
    if let Err(e) = shared.store.release().await {
        tracing::warn!(error = %e, "the lease could not be given up");
    }
    shared.games.clear();
    // the owners end as their queues empty; then the store closes
    let mut shared = shared;
    for _ in 0..if all_closed { 500 } else { 50 } {
        match Arc::try_unwrap(shared) {
            Ok(only) => {
                only.store.close().await;
                tracing::info!("stopped");
                return;
            }
            Err(still) => {
                shared = still;
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
        }
    }
    tracing::warn!("owners or connections still running; the store closes with the process");
}

/// Every second: the instant this node was running, on disk (after a
/// crash, the outage starts there), which also renews its lease; the games
/// of the nodes whose lease has expired, taken over. If this node's own
/// lease was lost (it was paused or cut off, and another node took its
/// games), it drops every game it holds, registers again and rebuilds what
/// is still its own.
async fn heartbeat(app: Arc<App>) {
    let mut tick = tokio::time::interval(Duration::from_secs(1));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut n: u64 = 0;
    let mut taking_over: Option<tokio::task::JoinHandle<()>> = None;
    loop {
        tick.tick().await;
        let shared = &app.shared;
        let now = shared.clock.now_ms();
        match shared.store.record_instant(now).await {
            Ok(()) => {}
            Err(e @ arbitre_store::StoreError::Fenced { .. }) => {
                tracing::error!(error = %e, "this node's lease was lost: its games are dropped and it registers again");
                shared.games.abort_all();
                // the outages this node noted are for games it may no longer own
                shared.resumes_lock().clear();
                match shared.store.register_again().await {
                    Ok(epoch) => {
                        tracing::info!(epoch, "registered again");
                        if let Err(e) = resume_live_games(shared).await {
                            tracing::error!(error = %e, "rebuilding this node's games");
                        }
                    }
                    Err(e) => tracing::error!(error = %e, "registering again"),
                }
            }
            Err(e) => tracing::warn!(error = %e, "heartbeat not recorded"),
        }
        // taken over beside the heartbeat, which must go on renewing this
        // node's own lease however long loading the games takes
        if taking_over.as_ref().is_none_or(|t| t.is_finished()) {
            match shared.store.expired_nodes().await {
                Ok(nodes) if !nodes.is_empty() => {
                    let shared = shared.clone();
                    taking_over = Some(tokio::spawn(async move {
                        for node in nodes {
                            shared.take_over(&node).await;
                        }
                    }));
                }
                Ok(_) => {}
                Err(e) => tracing::warn!(error = %e, "looking for expired nodes"),
            }
        }
        if n.is_multiple_of(10) {
            app.refresh_peers().await;
        }
        n += 1;
        if n.is_multiple_of(60) {
            app.forget_idle();
        }
    }
}

/// Rebuilds every live game of this node and records the outage: from the
/// last instant known durably to now, the clocks were stopped.
async fn resume_live_games(shared: &Arc<Shared>) -> Result<(), StartError> {
    let last = shared
        .store
        .last_instant()
        .await
        .map_err(|e| StartError(e.to_string()))?;
    let games = shared
        .store
        .live_games()
        .await
        .map_err(|e| StartError(e.to_string()))?;
    let started = std::time::Instant::now();
    let now = shared.clock.now_ms();
    for row in &games {
        if let Err(e) = shared.rebuild(&row.id, last.unwrap_or(now).min(now)).await {
            tracing::error!(game = %row.id, error = %e, "cannot rebuild");
        }
    }
    if !games.is_empty() {
        tracing::info!(
            games = games.len(),
            millis = started.elapsed().as_millis() as u64,
            last_durable_ms = last,
            "live games rebuilt"
        );
    }
    Ok(())
}
