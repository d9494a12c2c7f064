//! The audit as an iterator, in input order: a reader thread cuts the
//! inputs into batches of games; with one job each game is judged on the
//! thread that asks for it, when it asks, with more a rayon pool judges the
//! batches as they come (no barrier between them, at most `2 × jobs` in
//! flight, so memory stays bounded). `arbitre audit --jobs N` (N > 1) prints
//! what [`Batches`] hands on; programs (the Python module) take one game at a
//! time from [`Reports`].

use std::{
    collections::{BTreeMap, VecDeque},
    sync::{
        atomic::{AtomicU64, Ordering},
        mpsc, Arc,
    },
    thread::JoinHandle,
};

use arbitre_laws::{Arg, Language};

use super::{
    judge::audit,
    read::{read_all, Input, Message, RawGame},
    say, EditionChoice, GameReport, Options,
};

/// What judges a game: the options of [`audit`] that matter to one game.
#[derive(Clone, Copy)]
struct Judge {
    edition: EditionChoice,
    claimable: bool,
    thorough: bool,
    lang: Language,
}

impl Judge {
    fn of(opts: &Options) -> Judge {
        Judge {
            edition: opts.edition,
            claimable: opts.claimable,
            thorough: opts.thorough,
            lang: opts.lang,
        }
    }

    fn game(self, raw: RawGame) -> GameReport {
        audit(raw, self.edition, self.claimable, self.thorough, self.lang)
    }
}

/// The batches of an audit, in input order: with one job the games as read
/// (`Message::Games`, judged by the caller: [`Reports`] judges them one at a
/// time), with more the reports of each batch (`Message::Reports`); an
/// input that failed (`Message::FileError`) where it failed.
pub(super) struct Batches {
    rx: mpsc::Receiver<Message>,
    reader: Option<JoinHandle<()>>,
    /// The workers (more than one job), and the channel of their reports.
    pool: Option<rayon::ThreadPool>,
    done_tx: mpsc::Sender<(u64, Vec<GameReport>)>,
    done_rx: mpsc::Receiver<(u64, Vec<GameReport>)>,
    /// Batches taken from the reader but not handed on yet, by number.
    waiting: BTreeMap<u64, Message>,
    /// Batches taken from the reader; the next to hand on; whether the
    /// reader has finished.
    sent: u64,
    next: u64,
    read_done: bool,
    /// Batches read ahead of the one handed on.
    ahead: u64,
    judge: Judge,
}

impl Batches {
    /// Starts the reader thread (and, with `jobs > 1`, the workers), which
    /// counts the bytes it reads in `progress` (as stored) and `plain`
    /// (decompressed); the reason, in `opts.lang`, when the workers cannot
    /// be started.
    pub(super) fn start(
        inputs: Vec<Input>,
        opts: &Options,
        jobs: usize,
        progress: Arc<AtomicU64>,
        plain: Arc<AtomicU64>,
    ) -> Result<Batches, String> {
        let lang = opts.lang;
        let pool = if jobs > 1 {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(jobs)
                .build()
                .map_err(|e| {
                    say(
                        lang,
                        "audit-no-workers",
                        &[
                            ("jobs", Arg::Count(jobs as i64)),
                            ("error", Arg::Text(e.to_string())),
                        ],
                    )
                })?;
            Some(pool)
        } else {
            None
        };
        let (tx, rx) = mpsc::sync_channel::<Message>(2);
        let reader = std::thread::spawn(move || {
            read_all(inputs, progress, plain, lang, |m| tx.send(m).is_ok())
        });
        let (done_tx, done_rx) = mpsc::channel();
        Ok(Batches {
            rx,
            reader: Some(reader),
            ahead: if pool.is_some() { 2 * jobs as u64 } else { 1 },
            pool,
            done_tx,
            done_rx,
            waiting: BTreeMap::new(),
            sent: 0,
            next: 0,
            read_done: false,
            judge: Judge::of(opts),
        })
    }

    /// Takes batches from the reader while fewer than `ahead` wait, each
    /// handed to the workers when there are some.
    fn read_ahead(&mut self) {
        while !self.read_done && self.sent - self.next < self.ahead {
            match (self.rx.recv(), &self.pool) {
                (Ok(Message::Games(batch)), Some(pool)) => {
                    let (done, seq, judge) = (self.done_tx.clone(), self.sent, self.judge);
                    pool.spawn(move || {
                        let reports = batch.into_iter().map(|g| judge.game(g)).collect();
                        let _ = done.send((seq, reports));
                    });
                }
                (Ok(message), _) => {
                    self.waiting.insert(self.sent, message);
                }
                (Err(_), _) => self.read_done = true,
            }
            if !self.read_done {
                self.sent += 1;
            }
        }
    }
}

impl Iterator for Batches {
    type Item = Message;

    fn next(&mut self) -> Option<Message> {
        self.read_ahead();
        if self.next == self.sent {
            // the reader has finished: a reader that panicked is said once
            let stopped = self.reader.take().is_some_and(|r| r.join().is_err());
            return stopped
                .then(|| Message::FileError(say(self.judge.lang, "audit-reader-stopped", &[])));
        }
        while !self.waiting.contains_key(&self.next) {
            let (seq, reports) = self.done_rx.recv().ok()?;
            self.waiting.insert(seq, Message::Reports(reports));
        }
        let message = self.waiting.remove(&self.next);
        self.next += 1;
        message
    }
}

/// One step of an audit, in input order.
#[derive(Debug)]
pub enum Item {
    /// A game's report.
    Game(GameReport),
    /// An input that failed, and why (in the options' language): the games
    /// read before it were handed on, the next input follows.
    FileError(String),
}

/// The audit of some inputs as an iterator of [`Item`]s, in input order:
/// with one job each game is judged by the call to `next` that returns it
/// (a reader thread reads ahead, at most three batches of 512 games), with
/// more by a pool of workers, batch by batch, ahead of the caller.
pub struct Reports {
    batches: Batches,
    plain: Arc<AtomicU64>,
    names: Vec<String>,
    games: VecDeque<RawGame>,
    reports: VecDeque<GameReport>,
}

impl Reports {
    /// Starts the audit of `inputs` with `opts` (its `edition`, `claimable`,
    /// `thorough`, `lang` and `jobs`, 0 for one a core; the format and the
    /// exit status are the caller's); the reason when the workers cannot start.
    pub fn start(inputs: Vec<Input>, opts: &Options) -> Result<Reports, String> {
        let names = inputs.iter().map(|i| i.name.clone()).collect();
        let jobs = match opts.jobs {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        };
        let plain = Arc::new(AtomicU64::new(0));
        let progress = Arc::new(AtomicU64::new(0));
        Ok(Reports {
            batches: Batches::start(inputs, opts, jobs, progress, plain.clone())?,
            plain,
            names,
            games: VecDeque::new(),
            reports: VecDeque::new(),
        })
    }

    /// The name of each input, by its index ([`GameReport::file`]).
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// Bytes of the inputs read so far, decompressed.
    pub fn bytes_read(&self) -> u64 {
        self.plain.load(Ordering::Relaxed)
    }
}

impl Iterator for Reports {
    type Item = Item;

    fn next(&mut self) -> Option<Item> {
        loop {
            if let Some(r) = self.reports.pop_front() {
                return Some(Item::Game(r));
            }
            if let Some(g) = self.games.pop_front() {
                return Some(Item::Game(self.batches.judge.game(g)));
            }
            match self.batches.next()? {
                Message::Games(batch) => self.games = batch.into(),
                Message::Reports(reports) => self.reports = reports.into(),
                Message::FileError(e) => return Some(Item::FileError(e)),
            }
        }
    }
}
