//! Running `arbitre audit`: the inputs opened, a reader thread that cuts
//! them into batches, workers (rayon) that judge each batch as it comes,
//! the reports printed in input order, and the exit status; with one job,
//! one thread reads, judges and prints in turn.

use std::{
    io::{self, IsTerminal, Read, Write},
    path::PathBuf,
    process::ExitCode,
    sync::{
        atomic::{AtomicU64, Ordering},
        Arc,
    },
    time::{Duration, Instant},
};

use super::{
    judge::audit,
    read::{open, read_all, Input, Message, RawGame},
    report::{csv_rows, shown_in_text, text_game, write_game_json, Summary, CSV_HEADER},
    say,
    stream::Batches,
    Format, GameReport, Kind, Options,
};
use arbitre_laws::Arg;

fn progress_bar(total: Option<u64>) -> indicatif::ProgressBar {
    if !io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = match total {
        Some(len) => indicatif::ProgressBar::new(len).with_style(
            indicatif::ProgressStyle::with_template(
                "{spinner} {elapsed_precise} [{wide_bar}] {binary_bytes}/{binary_total_bytes} {msg} ETA {eta}",
            )
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        ),
        None => indicatif::ProgressBar::new_spinner().with_style(
            indicatif::ProgressStyle::with_template("{spinner} {elapsed_precise} {binary_bytes} {msg}")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
        ),
    };
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

/// Audits the PGN of one reader (plain, gzip or zstd) on the calling thread
/// and hands each game's report to `each`, in input order; `Err` if the
/// stream fails while being read (the games before are reported). This is
/// `arbitre audit --jobs 1` without the output, for programs and benchmarks.
pub fn audit_reader(
    input: impl Read + Send + 'static,
    opts: &Options,
    mut each: impl FnMut(GameReport),
) -> Result<(), String> {
    let input = Input {
        name: "-".into(),
        raw: Box::new(input),
        size: None,
    };
    let (edition, claimable, thorough, lang) =
        (opts.edition, opts.claimable, opts.thorough, opts.lang);
    let mut failure = Ok(());
    let counter = Arc::new(AtomicU64::new(0));
    read_all(vec![input], counter.clone(), counter, lang, |message| {
        match message {
            Message::Games(batch) => {
                for g in batch {
                    each(audit(g, edition, claimable, thorough, lang));
                }
            }
            Message::FileError(e) => failure = Err(e),
            Message::Reports(_) => {}
        }
        true
    });
    failure
}

/// Prints the reports of each batch in input order and keeps the summary.
struct Printer<'a, W: Write> {
    opts: &'a Options,
    names: &'a [String],
    out: W,
    summary: Summary,
    write_error: Option<io::Error>,
    bar: &'a indicatif::ProgressBar,
    progress: &'a AtomicU64,
    started: Instant,
}

impl<W: Write> Printer<'_, W> {
    /// Audits a batch with `audit` and prints it, or records a file error;
    /// `false` once the output cannot be written (reading may stop).
    fn take(
        &mut self,
        message: Message,
        audit: impl FnOnce(Vec<RawGame>) -> Vec<GameReport>,
    ) -> bool {
        let reports = match message {
            Message::Games(b) => audit(b),
            Message::Reports(r) => r,
            Message::FileError(e) => {
                self.bar.suspend(|| eprintln!("arbitre audit: {e}"));
                self.summary.errors.push(e);
                return self.write_error.is_none();
            }
        };
        for r in &reports {
            self.print(r);
        }
        self.bar.set_position(self.progress.load(Ordering::Relaxed));
        let secs = self.started.elapsed().as_secs_f64().max(1e-9);
        self.bar.set_message(say(
            self.opts.lang,
            "audit-progress",
            &[
                ("games", Arg::Count(self.summary.games as i64)),
                (
                    "rate",
                    Arg::Text(format!("{:.0}", self.summary.games as f64 / secs)),
                ),
            ],
        ));
        self.write_error.is_none()
    }

    fn print(&mut self, r: &GameReport) {
        let file = self.names.get(r.file).map_or("", String::as_str);
        self.summary.add(r, file);
        if self.write_error.is_some() {
            return;
        }
        let out = &mut self.out;
        let notes = self.opts.notes;
        let written = match self.opts.format {
            Format::Json => write_game_json(r, file, notes, &mut *out),
            Format::Csv => csv_rows(r, file, notes, out),
            Format::Text if shown_in_text(r, notes) => {
                text_game(r, file, notes, self.opts.lang, out)
            }
            Format::Text => Ok(()),
        };
        if let Err(e) = written {
            self.write_error = Some(e);
        }
        if self.opts.format != Format::Text {
            if let Some(f) = r.findings.iter().find(|f| f.kind == Kind::Unparseable) {
                let said = say(
                    self.opts.lang,
                    "audit-game-unreadable",
                    &[
                        ("file", Arg::Text(file.to_owned())),
                        ("game", Arg::Count(r.game as i64)),
                        ("message", Arg::Text(f.message.clone())),
                    ],
                );
                self.bar.suspend(|| eprintln!("arbitre audit: {said}"));
            }
        }
    }
}

/// Runs `arbitre audit`: 0 when it ran, 1 with `fail_on_findings` and
/// findings, 2 when an input cannot be read.
pub fn run(files: &[PathBuf], opts: &Options) -> ExitCode {
    let lang = opts.lang;
    let mut inputs = Vec::with_capacity(files.len());
    let mut stdin_used = false;
    for f in files {
        if f.as_os_str() == "-" {
            if stdin_used {
                eprintln!("arbitre audit: {}", say(lang, "audit-stdin-twice", &[]));
                return ExitCode::from(2);
            }
            stdin_used = true;
        }
        match open(f, lang) {
            Ok(i) => inputs.push(i),
            Err(e) => {
                eprintln!("arbitre audit: {e}");
                return ExitCode::from(2);
            }
        }
    }
    let names: Vec<String> = inputs.iter().map(|i| i.name.clone()).collect();
    let total = inputs
        .iter()
        .map(|i| i.size)
        .try_fold(0u64, |acc, s| s.map(|s| acc + s));
    let jobs = match opts.jobs {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    };
    let bar = progress_bar(total);
    let progress = Arc::new(AtomicU64::new(0));
    let plain = Arc::new(AtomicU64::new(0));
    let stdout = io::stdout();
    let mut printer = Printer {
        opts,
        names: &names,
        out: io::BufWriter::new(stdout.lock()),
        summary: Summary::default(),
        write_error: None,
        bar: &bar,
        progress: &progress,
        started: Instant::now(),
    };
    if opts.format == Format::Csv {
        if let Err(e) = writeln!(printer.out, "{CSV_HEADER}") {
            printer.write_error = Some(e);
        }
    }
    let (edition, claimable, thorough) = (opts.edition, opts.claimable, opts.thorough);
    if jobs == 1 {
        // one thread: read, audit and print in turn, as the bare replay does
        read_all(inputs, progress.clone(), plain.clone(), lang, |message| {
            printer.take(message, |batch| {
                batch
                    .into_iter()
                    .map(|g| audit(g, edition, claimable, thorough, lang))
                    .collect()
            })
        });
    } else {
        // a reader thread and a pool of workers (`stream`), the reports
        // printed here in input order
        let batches = Batches::start(inputs, opts, jobs, progress.clone(), plain.clone());
        let batches = match batches {
            Ok(b) => b,
            Err(said) => {
                eprintln!("arbitre audit: {said}");
                return ExitCode::from(2);
            }
        };
        for message in batches {
            if !printer.take(message, |_| Vec::new()) {
                break;
            }
        }
    }
    let Printer {
        mut out,
        summary,
        mut write_error,
        started,
        ..
    } = printer;
    bar.finish_and_clear();
    let secs = started.elapsed().as_secs_f64();
    let bytes = plain.load(Ordering::Relaxed);
    if write_error.is_none() {
        let done = match opts.format {
            Format::Json => serde_json::to_writer(
                &mut out,
                &summary.json(opts.edition, names.len(), bytes, opts.claimable),
            )
            .map_err(io::Error::from)
            .and_then(|()| writeln!(out)),
            Format::Text => summary.text(opts.edition, names.len(), bytes, secs, lang, &mut out),
            Format::Csv => {
                let err = &mut io::stderr();
                summary.text(opts.edition, names.len(), bytes, secs, lang, err)
            }
        };
        if let Err(e) = done.and_then(|()| out.flush()) {
            write_error = Some(e);
        }
    }
    match write_error {
        Some(e) if e.kind() == io::ErrorKind::BrokenPipe => {}
        Some(e) => {
            let said = say(
                lang,
                "audit-cannot-write",
                &[("error", Arg::Text(e.to_string()))],
            );
            eprintln!("arbitre audit: {said}");
            return ExitCode::from(2);
        }
        None => {}
    }
    if !summary.errors.is_empty() {
        ExitCode::from(2)
    } else if opts.fail_on_findings && summary.with_findings > 0 {
        // findings only: notes about the records fail nothing
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
