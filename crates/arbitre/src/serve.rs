//! `arbitre serve`: the command line of the server (`arbitre-server`):
//! flags and their environment variables, logs, signals.

use std::{net::SocketAddr, num::NonZeroU32, path::PathBuf, process::ExitCode, time::Duration};

use arbitre_server::{
    app::Limits,
    serve::{Config, Server},
};
use arbitre_store::Batching;

/// The flags of `arbitre serve`.
#[derive(clap::Args, Debug)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, env = "ARBITRE_LISTEN", default_value = "127.0.0.1:8080")]
    pub listen: SocketAddr,
    /// The store: `sqlite://FILE` (created with its schema on first start) or
    /// `postgres://USER@HOST/DB`.
    #[arg(long, env = "ARBITRE_DB", default_value = "sqlite://arbitre.db")]
    pub db: String,
    /// The organiser's token (stored only as a hash); without it, the first
    /// start prints a new one once.
    #[arg(long, env = "ARBITRE_ORGANISER_TOKEN", hide_env_values = true)]
    pub organiser_token: Option<String>,
    /// Directory of the arbiter's `arbiter.pub` (from `arbitre keygen`): sealed
    /// moves of games created without `arbiter_key` are encrypted to it. The
    /// server never holds the private key.
    #[arg(long, env = "ARBITRE_ARBITER_KEY", value_name = "DIR")]
    pub arbiter_key: Option<PathBuf>,
    /// The file of the key with which the server signs the envelopes it
    /// seals (Ed25519; mode 0600, created on first start). Keep it with the
    /// store and give the same file to every node: an envelope is checked
    /// against `/api/health`'s `envelope_signer`.
    #[arg(
        long,
        env = "ARBITRE_SIGNING_KEY",
        value_name = "FILE",
        default_value = "arbitre-signing.key"
    )]
    pub signing_key: PathBuf,
    /// Language of messages of games created without `?lang=`.
    #[arg(long, default_value = "en", value_parser = arbitre::parse_language)]
    pub lang: arbitre_laws::Language,
    /// Group commit: `free` (commit what is queued as soon as the writer is
    /// free), a window in microseconds (at most 2000), or `none` (one
    /// transaction per event).
    #[arg(long, env = "ARBITRE_COMMIT", default_value = "free", value_parser = parse_batching)]
    pub commit: Batching,
    /// Requests per second allowed to one token (0: no limit); bursts of three times as many.
    #[arg(long, env = "ARBITRE_RATE_PER_TOKEN", default_value_t = 20)]
    pub rate_per_token: u32,
    /// Requests per second allowed to one client address (0: no limit); bursts of twice as many.
    #[arg(long, env = "ARBITRE_RATE_PER_ADDRESS", default_value_t = 2000)]
    pub rate_per_address: u32,
    /// This node's name in the store (one owner per game).
    #[arg(long, env = "ARBITRE_NODE", default_value = "local")]
    pub node: String,
    /// Where the other nodes on the same PostgreSQL database reach this one
    /// (`http://host:port`): requests for its games arriving elsewhere are
    /// forwarded here, and its commits wake the other nodes' streams. Give
    /// it to every node of a cluster (docs/SERVER.md, "Several nodes").
    #[arg(long, env = "ARBITRE_ADVERTISE", value_name = "URL")]
    pub advertise: Option<String>,
    /// How long this node's lease lasts past its last commit or heartbeat
    /// (ms); once it has expired, another node takes its games over.
    #[arg(long, env = "ARBITRE_LEASE_MS", default_value_t = 5000,
          value_parser = clap::value_parser!(u64).range(1500..=600_000))]
    pub lease_ms: u64,
    /// How long a client has to send a request's head once its connection
    /// is ready for one, and how long an idle connection stays open (s).
    #[arg(long, env = "ARBITRE_HEAD_TIMEOUT", default_value_t = 30,
          value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub head_timeout: u64,
    /// How long a write to a client may make no progress (a stream it no
    /// longer reads) before its connection is reset (s).
    #[arg(long, env = "ARBITRE_WRITE_STALL", default_value_t = 60,
          value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub write_stall: u64,
    /// TLS certificate chain (PEM); with --tls-key, the server speaks HTTPS.
    #[arg(long, env = "ARBITRE_TLS_CERT", requires = "tls_key")]
    pub tls_cert: Option<PathBuf>,
    /// TLS private key (PEM).
    #[arg(long, env = "ARBITRE_TLS_KEY", requires = "tls_cert")]
    pub tls_key: Option<PathBuf>,
    /// Logs as JSON lines instead of text.
    #[arg(long)]
    pub json_logs: bool,
    /// Also serve `POST /bench/bare/{id}`, the load benchmark's limit: the
    /// same HTTP stack and store commit with no chess engine (bench/load.sh).
    #[arg(long)]
    pub bench_bare: bool,
}

fn parse_batching(text: &str) -> Result<Batching, String> {
    match text {
        "free" => Ok(Batching::AsSoonAsFree),
        "none" => Ok(Batching::PerAppend),
        micros => match micros.parse::<u64>() {
            Ok(us) if us <= 2000 => Ok(Batching::Window(Duration::from_micros(us))),
            Ok(us) => Err(format!("a window of {us} µs is over the 2000 µs bound")),
            Err(_) => Err(format!(
                "`{text}` is not free, none or a window in microseconds"
            )),
        },
    }
}

fn rate(per_second: u32, burst: u32) -> Option<(NonZeroU32, NonZeroU32)> {
    let rate = NonZeroU32::new(per_second)?;
    Some((rate, NonZeroU32::new(burst).unwrap_or(rate)))
}

/// Runs the server until SIGTERM or Ctrl-C.
pub fn run(args: ServeArgs) -> ExitCode {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    // colours only for a person at a terminal: a file, a pipe or a
    // journal gets plain text (and NO_COLOR is honoured)
    let colour = std::io::IsTerminal::is_terminal(&std::io::stderr())
        && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(colour)
        .with_writer(std::io::stderr);
    if args.json_logs {
        builder.json().init();
    } else {
        builder.init();
    }
    let arbiter_key = match &args.arbiter_key {
        Some(dir) => match crate_envelope_key(dir) {
            Ok(key) => Some(key),
            Err(e) => {
                eprintln!("arbitre serve: {e}");
                return ExitCode::from(2);
            }
        },
        None => None,
    };
    let signer = match arbitre::envelope::server_signing_key(&args.signing_key) {
        Ok((key, created)) => {
            if created {
                tracing::info!(file = %args.signing_key.display(), "a new envelope signing key");
            }
            key
        }
        Err(e) => {
            eprintln!("arbitre serve: the envelope signing key: {e}");
            return ExitCode::from(2);
        }
    };
    if args.bench_bare {
        arbitre_server::bare::enable();
    }
    let config = Config {
        listen: args.listen,
        db: args.db.clone(),
        organiser_token: args.organiser_token.clone(),
        lang: args.lang,
        arbiter_key,
        batching: args.commit,
        limits: Limits {
            per_token: rate(args.rate_per_token, args.rate_per_token.saturating_mul(3)),
            per_address: rate(
                args.rate_per_address,
                args.rate_per_address.saturating_mul(2),
            ),
        },
        node: args.node.clone(),
        advertise: args.advertise.clone(),
        lease: Duration::from_millis(args.lease_ms),
        clock: None,
        tls: args.tls_cert.clone().zip(args.tls_key.clone()),
        signer: Some(signer),
        connections: arbitre_server::listen::Bounds {
            head: Duration::from_secs(args.head_timeout),
            write_stall: Duration::from_secs(args.write_stall),
        },
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("arbitre serve: no runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    runtime.block_on(async move {
        let server = match Server::start(config).await {
            Ok(s) => s,
            Err(e) => {
                eprintln!("arbitre serve: {e}");
                return ExitCode::FAILURE;
            }
        };
        if let Some(token) = &server.new_organiser_token {
            println!("organiser token (shown once, stored only as a hash): {token}");
        }
        println!(
            "arbitre serves http://{}/ (store: {})",
            server.address,
            redact(&args.db)
        );
        match server.run(shutdown_signal()).await {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("arbitre serve: {e}");
                ExitCode::FAILURE
            }
        }
    })
}

fn crate_envelope_key(dir: &std::path::Path) -> Result<arbitre_envelope::PublicKey, String> {
    arbitre::envelope::load_public_keys(dir)
        .map(|keys| keys.sealing)
        .map_err(|e| e.to_string())
}

/// The address without a password.
fn redact(db: &str) -> String {
    match (db.find("://"), db.rfind('@')) {
        (Some(s), Some(at)) if at > s => match db[s + 3..at].find(':') {
            Some(colon) => format!("{}:***{}", &db[..s + 3 + colon], &db[at..]),
            None => db.to_owned(),
        },
        _ => db.to_owned(),
    }
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = term => {},
    }
}
