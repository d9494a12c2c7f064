//! `arbitre-loadgen`: the load generator of `bench/load.sh` (issue 12).
//!
//! Against a running `arbitre serve`, over loopback, one task per live game
//! replays a real game of the corpus: it creates the game (the organiser's
//! token), starts it (the arbiter's), then plays the recorded moves in turn
//! with White's and Black's tokens, with randomised think times chosen so
//! that all games together offer `--rate` moves per second, over HTTP
//! keep-alive or (for `--ws-share` of the games) over each seat's WebSocket.
//! When a recorded game is over (by the Laws, or by its last move and a
//! resignation) the task creates the next, so that `--games` games stay
//! live. With `--target bare` the same bots post to `POST /bench/bare/{id}`
//! (`arbitre serve --bench-bare`): the same HTTP stack and commit, no chess.
//!
//! Against several nodes of one cluster (`--server A,B`, the nodes of one
//! PostgreSQL database), game slot `i` of `n` servers is created and
//! started on server `i % n`, which owns it; its moves go to the same
//! server (`--route owner`: a load balancer with affinity) or to the next,
//! `(i + 1) % n` (`--route other`: each move forwarded to the owner).
//!
//! Measured over `--duration` seconds after `--warmup`: acknowledged moves
//! per second (answers with `accepted: true`; refusals and errors apart),
//! the latency from the request's sending (a wait for a pooled connection
//! included) to its answer, the server's resident memory before and after
//! the games were created, started and had `--setup-moves` moves each (and
//! after their WebSockets opened), and the CPU of the server, of this
//! process, of the database's processes and of the machine (the server's
//! memory and CPU summed over `--server-pid`'s processes). Prints one JSON
//! object on standard output (with `timeline`: each second's acknowledged
//! moves and slowest answer), a summary on standard error.

mod client;
mod corpus;
mod procfs;

use std::{
    net::SocketAddr,
    path::PathBuf,
    process::ExitCode,
    sync::{
        atomic::{AtomicU64, AtomicUsize, Ordering},
        Arc, Mutex,
    },
    time::{Duration, Instant},
};

use clap::{Parser, ValueEnum};
use serde_json::{json, Value};
use tokio::sync::{watch, Barrier};

use client::{Answer, Http, Ws};
use corpus::Record;

/// Where the moves go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Target {
    /// `POST /api/games/{id}/events` and the WebSocket stream: arbitre.
    Arbitre,
    /// `POST /bench/bare/{id}`: the same HTTP stack and commit, no chess.
    Bare,
}

/// Which server a game's moves go to, of several (`--server A,B`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Route {
    /// The server that created the game, its owner.
    Owner,
    /// The next server after the owner: every move is forwarded.
    Other,
}

impl Route {
    fn name(self) -> &'static str {
        match self {
            Route::Owner => "owner",
            Route::Other => "other",
        }
    }
}

/// The servers (indices of `--server`, of `n`) that game slot `slot` is
/// created and started on (its owner), and that its moves and WebSockets
/// go to under `route`.
fn servers_of(slot: usize, n: usize, route: Route) -> (usize, usize) {
    let n = n.max(1);
    let owner = slot % n;
    match route {
        Route::Owner => (owner, owner),
        Route::Other => (owner, (slot + 1) % n),
    }
}

/// Bots replaying real games against `arbitre serve`.
#[derive(Parser, Debug, Clone)]
#[command(version)]
struct Args {
    /// The server's address, or the addresses of several nodes of one
    /// cluster, comma-separated (`127.0.0.1:8080,127.0.0.1:8081`).
    #[arg(long, value_delimiter = ',', default_value = "127.0.0.1:8080")]
    server: Vec<SocketAddr>,
    /// With several servers, where a game's moves go: to the server that
    /// created it (`owner`) or to the next one (`other`, forwarded).
    #[arg(long, value_enum, default_value_t = Route::Owner)]
    route: Route,
    /// The organiser's token.
    #[arg(long, env = "ARBITRE_ORGANISER_TOKEN", hide_env_values = true)]
    organiser_token: String,
    /// A PGN file or a directory of them (.pgn, .pgn.gz, .pgn.zst).
    #[arg(long, default_value = "../shared/corpus/pgn")]
    corpus: PathBuf,
    /// Games live at once.
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// Moves per second offered by all games together (0: no think time,
    /// each game's next move as soon as the last is acknowledged).
    #[arg(long, default_value_t = 1000.0)]
    rate: f64,
    /// Seconds of load before the measurement.
    #[arg(long, default_value_t = 3.0)]
    warmup: f64,
    /// Seconds measured.
    #[arg(long, default_value_t = 10.0)]
    duration: f64,
    /// Share of the games played over the WebSocket stream (the rest over HTTP).
    #[arg(long, default_value_t = 0.5)]
    ws_share: f64,
    /// Where the moves go.
    #[arg(long, value_enum, default_value_t = Target::Arbitre)]
    target: Target,
    /// HTTP keep-alive connections at most (shared by all bots), split
    /// evenly between the servers (each gets `connections / n`, at least 1),
    /// so that the load generator's concurrency is the same for one node
    /// and for several.
    #[arg(long, default_value_t = 256)]
    connections: usize,
    /// Moves each game makes before the memory is read (over HTTP).
    #[arg(long, default_value_t = 2)]
    setup_moves: usize,
    /// The server's process id, or several comma-separated (the nodes):
    /// their memory and CPU are read from /proc and summed.
    #[arg(long, value_delimiter = ',')]
    server_pid: Vec<u32>,
    /// The command name of the database's processes, whose CPU is counted
    /// apart (`postgres`).
    #[arg(long)]
    database_comm: Option<String>,
    /// The games' time control (long enough that no flag falls).
    #[arg(long, default_value = "5400+30")]
    time_control: String,
    /// The games' edition.
    #[arg(long, default_value = "fide-2023")]
    edition: String,
    /// Games read from the corpus at most.
    #[arg(long, default_value_t = 20_000)]
    corpus_games: usize,
    /// Recorded games shorter than this are not replayed.
    #[arg(long, default_value_t = 20)]
    min_plies: usize,
    /// Seed of the think times.
    #[arg(long, default_value_t = 12)]
    seed: u64,
    /// Worker threads of this process.
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// A label copied into the JSON output.
    #[arg(long, default_value = "")]
    label: String,
}

/// The measured interval, from the load's start.
#[derive(Clone, Copy, Debug)]
struct Window {
    start: Instant,
    from: Instant,
    to: Instant,
}

impl Window {
    fn holds(&self, t: Instant) -> bool {
        t >= self.from && t < self.to
    }
}

#[derive(Default)]
struct Stats {
    /// Accepted moves answered within the window, and those over WebSockets.
    moves: AtomicU64,
    moves_ws: AtomicU64,
    /// Moves refused under the Laws: within the window, and in all.
    refused: AtomicU64,
    refused_total: AtomicU64,
    /// Requests that failed (HTTP error, transport): within the window, and in all.
    errors: AtomicU64,
    errors_total: AtomicU64,
    /// Other requests within the window: creations, starts, resignations.
    others: AtomicU64,
    /// Games created in all.
    created: AtomicU64,
    /// Creations that failed while setting up (tried again).
    setup_failures: AtomicU64,
    /// Latencies of the accepted moves within the window (µs).
    http: Mutex<Vec<u32>>,
    ws: Mutex<Vec<u32>>,
    /// The first failures, for the report.
    failures: Mutex<Vec<String>>,
    /// Each second of the window: moves acknowledged, the slowest (µs).
    timeline: Mutex<Vec<(u64, u32)>>,
}

impl Stats {
    fn failure(&self, what: String) {
        let mut f = self.failures.lock().unwrap_or_else(|e| e.into_inner());
        if f.len() < 8 {
            f.push(what);
        }
    }
}

struct Ctx {
    args: Args,
    /// One pool per server, in the order of `--server`.
    http: Vec<Http>,
    corpus: Vec<Record>,
    next_record: AtomicUsize,
    stats: Stats,
}

/// A live game and the bots' place in its record.
struct Game {
    id: String,
    /// The index of the server (in `--server`) its moves and WebSockets go to.
    server: usize,
    /// White's, Black's and the arbiter's tokens.
    tokens: [String; 3],
    record: usize,
    ply: usize,
    ws: Option<[Ws; 2]>,
    over: bool,
}

/// splitmix64: think times, reproducible per game slot.
struct Rng(u64);

impl Rng {
    fn next_f64(&mut self) -> f64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        (z >> 11) as f64 / (1u64 << 53) as f64
    }
}

impl Ctx {
    fn events_path(&self, id: &str) -> String {
        match self.args.target {
            Target::Arbitre => format!("/api/games/{id}/events"),
            Target::Bare => format!("/bench/bare/{id}"),
        }
    }

    /// A new game of slot `slot`, created and started on the slot's owner
    /// (its sockets open when `ws`, on the server its moves go to).
    async fn create(&self, slot: usize, ws: bool, window: Option<&Window>) -> Result<Game, String> {
        let (owner, server) = servers_of(slot, self.http.len(), self.args.route);
        let http = &self.http[owner];
        let record = self.next_record.fetch_add(1, Ordering::Relaxed) % self.corpus.len();
        let body = json!({
            "edition": self.args.edition,
            "time_control": self.args.time_control,
            "players": {"white": format!("bot {record} white"), "black": format!("bot {record} black")},
            "event": "arbitre-loadgen",
        })
        .to_string();
        let (status, bytes) = http
            .post("/api/games", &self.args.organiser_token, body)
            .await?;
        if status != 201 {
            return Err(format!(
                "POST /api/games: {status} {}",
                String::from_utf8_lossy(&bytes)
            ));
        }
        let created: Value = serde_json::from_slice(&bytes).map_err(|e| e.to_string())?;
        let text = |v: &Value| v.as_str().map(str::to_owned).unwrap_or_default();
        let id = text(&created["id"]);
        let tokens = [
            text(&created["tokens"]["white"]),
            text(&created["tokens"]["black"]),
            text(&created["tokens"]["arbiter"]),
        ];
        self.stats.created.fetch_add(1, Ordering::Relaxed);
        let path = self.events_path(&id);
        let started = http
            .event(
                &path,
                &tokens[2],
                r#"{"start":true,"client_id":"start"}"#.into(),
            )
            .await?;
        if !started.accepted {
            return Err(format!("game {id}: the start was refused"));
        }
        if let Some(w) = window {
            if w.holds(Instant::now()) {
                self.stats.others.fetch_add(2, Ordering::Relaxed);
            }
        }
        let mut game = Game {
            id,
            server,
            tokens,
            record,
            ply: 0,
            ws: None,
            over: false,
        };
        if ws {
            self.open_ws(&mut game).await?;
        }
        Ok(game)
    }

    async fn open_ws(&self, game: &mut Game) -> Result<(), String> {
        let path = format!("/api/games/{}/stream", game.id);
        let addr = self.args.server[game.server];
        let white = Ws::open(addr, &path, &game.tokens[0]).await?;
        let black = Ws::open(addr, &path, &game.tokens[1]).await?;
        game.ws = Some([white, black]);
        Ok(())
    }

    /// An event from `side` (0 White, 1 Black) of `game`.
    async fn send(
        &self,
        game: &mut Game,
        side: usize,
        body: String,
        client_id: &str,
    ) -> Result<Answer, String> {
        match &mut game.ws {
            Some(sockets) => sockets[side].event(body, client_id).await,
            None => {
                let path = self.events_path(&game.id);
                self.http[game.server]
                    .event(&path, &game.tokens[side], body)
                    .await
            }
        }
    }

    /// The game's next recorded move; `Ok(true)` when it was accepted.
    async fn play(&self, game: &mut Game, window: Option<&Window>) -> Result<bool, String> {
        let record = &self.corpus[game.record];
        let ply = game.ply;
        let san = &record.moves[ply];
        let client_id = format!("m{ply}");
        let body = format!(r#"{{"move":"{san}","client_id":"{client_id}"}}"#);
        let ws = game.ws.is_some();
        let sent = Instant::now();
        let answer = self.send(game, ply % 2, body, &client_id).await;
        let done = Instant::now();
        let counted = window.is_some_and(|w| w.holds(done));
        let s = &self.stats;
        match answer {
            Ok(a) if a.accepted => {
                game.ply += 1;
                if counted {
                    s.moves.fetch_add(1, Ordering::Relaxed);
                    let micros =
                        u32::try_from(done.duration_since(sent).as_micros()).unwrap_or(u32::MAX);
                    let lat = if ws {
                        s.moves_ws.fetch_add(1, Ordering::Relaxed);
                        &s.ws
                    } else {
                        &s.http
                    };
                    lat.lock().unwrap_or_else(|e| e.into_inner()).push(micros);
                    if let Some(w) = window {
                        let second = done.duration_since(w.from).as_secs() as usize;
                        let mut t = s.timeline.lock().unwrap_or_else(|e| e.into_inner());
                        if t.len() <= second {
                            t.resize(second + 1, (0, 0));
                        }
                        t[second].0 += 1;
                        t[second].1 = t[second].1.max(micros);
                    }
                }
                // a decision on an accepted move: the Laws ended the game
                if !a.decisions.is_empty() {
                    game.over = true;
                } else if game.ply == record.moves.len() {
                    if !record.ends {
                        let side = game.ply % 2;
                        let r = self
                            .send(
                                game,
                                side,
                                r#"{"resign":true,"client_id":"resign"}"#.into(),
                                "resign",
                            )
                            .await;
                        if window.is_some_and(|w| w.holds(Instant::now())) {
                            s.others.fetch_add(1, Ordering::Relaxed);
                        }
                        if let Err(e) = r {
                            s.failure(format!("game {}: resigning: {e}", game.id));
                        }
                    }
                    game.over = true;
                }
                Ok(true)
            }
            Ok(_) => {
                if counted {
                    s.refused.fetch_add(1, Ordering::Relaxed);
                }
                s.refused_total.fetch_add(1, Ordering::Relaxed);
                s.failure(format!(
                    "game {} (record {}): move {} `{san}` refused",
                    game.id,
                    game.record,
                    ply + 1
                ));
                game.over = true;
                Ok(false)
            }
            Err(e) => {
                if counted {
                    s.errors.fetch_add(1, Ordering::Relaxed);
                }
                s.errors_total.fetch_add(1, Ordering::Relaxed);
                s.failure(e.clone());
                game.over = true;
                Err(e)
            }
        }
    }
}

async fn close(game: Game) {
    if let Some([white, black]) = game.ws {
        white.close().await;
        black.close().await;
    }
}

/// Times a game's creation is tried while setting up.
const SETUP_ATTEMPTS: usize = 50;

/// One live game slot: set up, then the load until the window closes.
async fn slot(
    ctx: Arc<Ctx>,
    index: usize,
    ws: bool,
    barriers: Arc<(Barrier, Barrier)>,
    mut window: watch::Receiver<Option<Window>>,
) {
    let stats = &ctx.stats;
    // set up: created, started, a few moves over HTTP; a failed creation
    // is tried again (the memory is read with every game live)
    let mut game = None;
    for _ in 0..SETUP_ATTEMPTS {
        match ctx.create(index, false, None).await {
            Ok(mut g) => {
                for _ in 0..ctx.args.setup_moves {
                    if g.over || ctx.play(&mut g, None).await.is_err() {
                        break;
                    }
                }
                game = Some(g);
                break;
            }
            Err(e) => {
                stats.errors_total.fetch_add(1, Ordering::Relaxed);
                stats.setup_failures.fetch_add(1, Ordering::Relaxed);
                stats.failure(e);
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
    }
    barriers.0.wait().await;
    if ws {
        if let Some(g) = &mut game {
            if let Err(e) = ctx.open_ws(g).await {
                stats.errors_total.fetch_add(1, Ordering::Relaxed);
                stats.failure(e);
                g.over = true;
            }
        }
    }
    barriers.1.wait().await;
    let Ok(w) = window.wait_for(Option::is_some).await.map(|w| *w) else {
        return;
    };
    let Some(w) = w else { return };
    let mut rng = Rng(ctx.args.seed ^ (index as u64).wrapping_mul(0x2545_f491_4f6c_dd1d));
    // seconds between two moves of one game, on average
    let mean = if ctx.args.rate > 0.0 {
        ctx.args.games as f64 / ctx.args.rate
    } else {
        0.0
    };
    let mut next = w.start + Duration::from_secs_f64(mean * rng.next_f64());
    loop {
        let g = match game.take() {
            Some(g) if !g.over => g,
            old => {
                if let Some(old) = old {
                    close(old).await;
                }
                if Instant::now() >= w.to {
                    return;
                }
                match ctx.create(index, ws, Some(&w)).await {
                    Ok(g) => g,
                    Err(e) => {
                        if w.holds(Instant::now()) {
                            stats.errors.fetch_add(1, Ordering::Relaxed);
                        }
                        stats.errors_total.fetch_add(1, Ordering::Relaxed);
                        stats.failure(e);
                        tokio::time::sleep(Duration::from_millis(100)).await;
                        continue;
                    }
                }
            }
        };
        let mut g = g;
        tokio::time::sleep_until(next.into()).await;
        if Instant::now() >= w.to {
            close(g).await;
            return;
        }
        let sent = Instant::now();
        let _ = ctx.play(&mut g, Some(&w)).await;
        // uniform in [0.5, 1.5] times the mean, from the last sending; never
        // before the answer
        let think = Duration::from_secs_f64(mean * (0.5 + rng.next_f64()));
        next = (sent + think).max(Instant::now());
        game = Some(g);
    }
}

fn percentile(sorted: &[u32], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let rank = ((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    f64::from(sorted[rank - 1]) / 1000.0
}

fn latencies(v: &Mutex<Vec<u32>>) -> Vec<u32> {
    let mut v = std::mem::take(&mut *v.lock().unwrap_or_else(|e| e.into_inner()));
    v.sort_unstable();
    v
}

fn round(x: f64, digits: i32) -> f64 {
    let f = 10f64.powi(digits);
    (x * f).round() / f
}

async fn run(args: Args) -> Result<Value, String> {
    let started = Instant::now();
    let corpus = corpus::load(&args.corpus, args.corpus_games, args.min_plies)
        .map_err(|e| format!("{}: {e}", args.corpus.display()))?;
    if corpus.is_empty() {
        return Err(format!("no game to replay in {}", args.corpus.display()));
    }
    let plies: usize = corpus.iter().map(|r| r.moves.len()).sum();
    eprintln!(
        "corpus: {} games, {plies} plies, read in {:.1} s",
        corpus.len(),
        started.elapsed().as_secs_f64()
    );
    let ws_share = if args.target == Target::Bare {
        0.0
    } else {
        args.ws_share.clamp(0.0, 1.0)
    };
    let n = args.games.max(1);
    let ws_games = (n as f64 * ws_share).round() as usize;
    let servers = args.server.len();
    if servers == 0 {
        return Err("no server to load: give --server".into());
    }
    let per_server = (args.connections / servers).max(1);
    let ctx = Arc::new(Ctx {
        http: args
            .server
            .iter()
            .map(|&addr| Http::new(addr, per_server))
            .collect(),
        corpus,
        next_record: AtomicUsize::new(0),
        stats: Stats::default(),
        args: args.clone(),
    });
    let pids = args.server_pid.as_slice();
    let rss = || -> u64 { pids.iter().filter_map(|&p| procfs::rss_kib(p)).sum() };
    let rss0 = rss();
    let barriers = Arc::new((Barrier::new(n + 1), Barrier::new(n + 1)));
    let (set_window, window) = watch::channel(None);
    let setup = Instant::now();
    let mut tasks = Vec::with_capacity(n);
    for i in 0..n {
        // every other game over WebSockets, up to the share
        let ws = ws_games > 0 && (i * ws_games) / n != ((i + 1) * ws_games) / n;
        tasks.push(tokio::spawn(slot(
            ctx.clone(),
            i,
            ws,
            barriers.clone(),
            window.clone(),
        )));
    }
    barriers.0.wait().await;
    let setup_s = setup.elapsed().as_secs_f64();
    let rss1 = rss();
    barriers.1.wait().await;
    let rss2 = rss();
    eprintln!(
        "{n} games created and started, {} moves each, in {setup_s:.1} s; server RSS {rss0} -> {rss1} KiB ({ws_games} games' WebSockets: {rss2} KiB)",
        args.setup_moves
    );
    let start = Instant::now();
    let w = Window {
        start,
        from: start + Duration::from_secs_f64(args.warmup),
        to: start + Duration::from_secs_f64(args.warmup + args.duration),
    };
    let _ = set_window.send(Some(w));
    let db = args.database_comm.as_deref();
    tokio::time::sleep_until(w.from.into()).await;
    let cpu0 = procfs::Sample::now(pids, db);
    let t0 = Instant::now();
    tokio::time::sleep_until(w.to.into()).await;
    let cpu1 = procfs::Sample::now(pids, db);
    let wall = t0.elapsed().as_secs_f64();
    let rss3 = rss();
    let (cpu_server, cpu_loadgen, cpu_db, cpu_machine) = cpu0.usage(&cpu1, wall);
    // the moves in flight finish; a task still waiting after 20 s is dropped
    let deadline = Instant::now() + Duration::from_secs(20);
    for task in tasks {
        let left = deadline.saturating_duration_since(Instant::now());
        let handle = task.abort_handle();
        if tokio::time::timeout(left, task).await.is_err() {
            handle.abort();
        }
    }
    let s = &ctx.stats;
    let http = latencies(&s.http);
    let ws = latencies(&s.ws);
    let mut all: Vec<u32> = http.iter().chain(&ws).copied().collect();
    all.sort_unstable();
    let moves = s.moves.load(Ordering::Relaxed);
    let kib_per_game = |a: u64, b: u64, k: usize| {
        if k == 0 {
            0.0
        } else {
            round(b.saturating_sub(a) as f64 / k as f64, 2)
        }
    };
    let failures = s.failures.lock().unwrap_or_else(|e| e.into_inner()).clone();
    let timeline: Vec<Value> = s
        .timeline
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .iter()
        .map(|(n, max)| json!([n, f64::from(*max) / 1000.0]))
        .collect();
    Ok(json!({
        "label": args.label,
        "target": match args.target { Target::Arbitre => "arbitre", Target::Bare => "bare" },
        "servers": servers,
        "route": args.route.name(),
        "games": n,
        "ws_games": ws_games,
        "rate_offered": args.rate,
        "duration_s": round(wall, 3),
        "moves": moves,
        "moves_per_s": round(moves as f64 / wall, 1),
        "moves_ws": s.moves_ws.load(Ordering::Relaxed),
        "refused": s.refused.load(Ordering::Relaxed),
        "refused_total": s.refused_total.load(Ordering::Relaxed),
        "errors": s.errors.load(Ordering::Relaxed),
        "errors_total": s.errors_total.load(Ordering::Relaxed),
        "other_requests": s.others.load(Ordering::Relaxed),
        "games_created": s.created.load(Ordering::Relaxed),
        "p50_ms": percentile(&all, 0.50),
        "p99_ms": percentile(&all, 0.99),
        "p999_ms": percentile(&all, 0.999),
        "max_ms": percentile(&all, 1.0),
        "http_p50_ms": percentile(&http, 0.50),
        "http_p99_ms": percentile(&http, 0.99),
        "ws_p50_ms": percentile(&ws, 0.50),
        "ws_p99_ms": percentile(&ws, 0.99),
        "rss_before_kib": rss0,
        "rss_games_kib": rss1,
        "rss_sockets_kib": rss2,
        "rss_end_kib": rss3,
        "kib_per_game": kib_per_game(rss0, rss1, n),
        "kib_per_ws_game": kib_per_game(rss1, rss2, ws_games),
        "cpu_server_pct": round(cpu_server, 1),
        "cpu_loadgen_pct": round(cpu_loadgen, 1),
        "cpu_database_pct": round(cpu_db, 1),
        "cpu_machine_pct": round(cpu_machine, 1),
        "setup_s": round(setup_s, 2),
        "setup_failures": s.setup_failures.load(Ordering::Relaxed),
        "connections_opened": ctx.http.iter().map(|h| h.opened.load(Ordering::Relaxed)).sum::<u64>(),
        "failures": failures,
        "timeline": timeline,
    }))
}

fn main() -> ExitCode {
    let args = Args::parse();
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(args.threads.max(1))
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("arbitre-loadgen: no runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(run(args)) {
        Ok(result) => {
            eprintln!(
                "{} moves/s acknowledged ({} refused, {} errors); latency p50 {} ms, p99 {} ms, p99.9 {} ms; {} KiB a game; server CPU {} %",
                result["moves_per_s"],
                result["refused"],
                result["errors"],
                result["p50_ms"],
                result["p99_ms"],
                result["p999_ms"],
                result["kib_per_game"],
                result["cpu_server_pct"],
            );
            for f in result["failures"].as_array().into_iter().flatten() {
                eprintln!("  failure: {}", f.as_str().unwrap_or_default());
            }
            println!("{result}");
            runtime.shutdown_timeout(Duration::from_secs(1));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("arbitre-loadgen: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{servers_of, Route};

    #[test]
    fn one_server_takes_everything() {
        for slot in 0..4 {
            assert_eq!(servers_of(slot, 1, Route::Owner), (0, 0));
            assert_eq!(servers_of(slot, 1, Route::Other), (0, 0));
        }
    }

    #[test]
    fn two_servers_owner_and_other() {
        // (created on, moves sent to)
        assert_eq!(servers_of(0, 2, Route::Owner), (0, 0));
        assert_eq!(servers_of(1, 2, Route::Owner), (1, 1));
        assert_eq!(servers_of(2, 2, Route::Owner), (0, 0));
        assert_eq!(servers_of(0, 2, Route::Other), (0, 1));
        assert_eq!(servers_of(1, 2, Route::Other), (1, 0));
        assert_eq!(servers_of(3, 2, Route::Other), (1, 0));
    }
}
