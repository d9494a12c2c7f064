//! `arbitre`: an electronic chess arbiter. The binary owns the command line;
//! the laws live in the `arbitre-laws` library.

use std::{path::PathBuf, process::ExitCode};

use clap::{Parser, Subcommand};

mod serve;

/// mimalloc: per-thread free lists instead of glibc's arenas, where a
/// request's answers and entries are allocated on one thread and freed on
/// another (BENCHMARKS.md, "The server against the bare durable endpoint").
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// An electronic chess arbiter: the FIDE Laws of Chess, cited.
#[derive(Parser, Debug)]
#[command(name = "arbitre", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Long help of `arbitre analyze`.
const ANALYZE_HELP: &str = "\
Can each side still checkmate? Is the position dead?

For each position, runs chasolver's full helpmate search for White and for Black \
and prints yes (a helpmate line was found; it is replayed with shakmaty and shown \
in SAN and UCI; a line that would not replay to a checkmate gives unknown and a \
message on stderr), no (proven impossible), or unknown (undecided within chasolver's \
search limits). The position is dead when both are no. --fast runs only chasolver's \
fast unwinnability test: no when it proves it, else unknown, never yes.

--json prints one object per input line: {\"fen\", \"white_can_mate\", \
\"black_can_mate\", \"dead\" (true/false, null if undecided), \"white_line\", \
\"black_line\" (UCI arrays or null), \"nodes\", \"white_san\", \"black_san\", \
\"micros\" (time of both searches)}. \"nodes\" is the number of search nodes explored \
for both sides (null under --fast). A FEN that cannot be read or is illegal gives \
{\"fen\", \"error\"} on stdout (so the output stays aligned with the input) and a \
message on stderr; the command goes on. Like chasolver, positions that cannot arise \
in a game but can be played on (too much material, an impossible check) are analysed. \
Exit status: 0 when it ran, 2 on usage errors.

Node limit: --nodes N stops each side's search after N nodes (a node is one \
candidate move considered by chasolver's helpmate searches, all phases, as chasolver \
counts them for its own budgets); a side not decided by then is unknown (a static \
phase may still prove no). Without --nodes only chasolver's own budgets apply (a \
last guided search of at most 2^24 nodes).";

#[derive(Subcommand, Debug)]
enum Command {
    /// Plays scenario files through the laws engine and prints what the arbiter decides.
    Replay {
        /// Scenario files (JSON, see docs/SCENARIOS.md).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Print one JSON object per file (the shape of docs/SCENARIOS.md).
        #[arg(long)]
        json: bool,
        /// Language of what the arbiter says (the text report, and the
        /// messages of --json): en or fr; de, es, it and nl are accepted
        /// and shown in English (they have piece letters, no catalogue yet).
        #[arg(long, default_value = "en", value_parser = arbitre::parse_language)]
        lang: arbitre_laws::Language,
        /// Write the sealed-move envelope of a scenario that ends adjourned to this file.
        #[arg(long, requires = "key")]
        envelope_out: Option<PathBuf>,
        /// Arbiter key directory (from `arbitre keygen`) to seal the envelope with.
        #[arg(long, requires = "envelope_out")]
        key: Option<PathBuf>,
        /// Exit with status 1 when an outcome differs from its file's `expect`
        /// (the differences are said on stderr with or without it).
        #[arg(long)]
        check: bool,
    },
    /// Writes scenario files as stored games (the versioned log a server keeps:
    /// setup, every event with its decisions and mate verdicts, outcome, the
    /// engine's version; a sealed move only as a commitment, opened by the arbiter).
    Store {
        /// Scenario files (JSON, see docs/SCENARIOS.md).
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Replays stored games, reusing their recorded verdicts, prints each state as
    /// `replay --json` does, and reports every difference from the record (exit status 1).
    Restore {
        /// Stored games (JSON, see docs/RECORDS.md).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Language of the messages.
        #[arg(long, default_value = "en", value_parser = arbitre::parse_language)]
        lang: arbitre_laws::Language,
    },
    /// Runs live games: the API of docs/SERVER.md on an embedded SQLite file
    /// (or PostgreSQL), server clocks, every event on disk before it is acknowledged.
    Serve(serve::ServeArgs),
    /// Writes the arbiter's keys for sealed-move envelopes (X25519 to seal to and open, Ed25519 to sign).
    Keygen {
        /// Directory for `arbiter.key` (mode 0600) and `arbiter.pub`; existing keys are never overwritten.
        #[arg(long)]
        out: PathBuf,
    },
    /// Can each side still checkmate? Is the position dead? (chasolver's helpmate search)
    #[command(long_about = ANALYZE_HELP)]
    Analyze {
        /// Positions as FEN (quote each one); without any, one FEN per line on stdin
        /// (blank lines and `#` comments skipped; in TSV lines the first field is the FEN).
        fens: Vec<String>,
        /// Only chasolver's fast unwinnability test: `no` when it proves it, else `unknown`.
        #[arg(long)]
        fast: bool,
        /// One JSON object per input position, on one line each.
        #[arg(long)]
        json: bool,
        /// Stop each side's search after N nodes: undecided sides are `unknown`
        /// (default: only chasolver's own budgets).
        #[arg(long, value_name = "N", value_parser = arbitre::analyze::parse_nodes)]
        nodes: Option<u64>,
        /// Language of the text report and of the errors (the lines in its
        /// piece letters; the JSON keeps its codes and the moves in SAN and UCI).
        #[arg(long, default_value = "en", value_parser = arbitre::parse_language)]
        lang: arbitre_laws::Language,
    },
    /// Audits finished games (PGN, .gz, .zst or `-` for stdin) against the Laws: results,
    /// illegal moves, clocks; one finding per line with its ply, FEN and article.
    Audit {
        /// PGN files (plain, gzip or zstd); `-` reads standard input.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Edition of the Laws the games are checked against: `auto`, each
        /// game under the Laws in force on its `Date` (before 1 July 2005
        /// fide-2001, from then fide-2005, from 1 July 2014 fide-2023; no
        /// date: fide-2023), or one edition for every game.
        #[arg(long, default_value = "auto", value_parser = arbitre::audit::EditionChoice::parse)]
        edition: arbitre::audit::EditionChoice,
        /// One JSON object per game, in input order, then a last `{"summary": …}` line.
        #[arg(long, conflicts_with = "csv")]
        json: bool,
        /// One CSV row per finding (the summary goes to stderr).
        #[arg(long)]
        csv: bool,
        /// Worker threads, 1 or more (default: one per core).
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
        jobs: Option<u16>,
        /// Also report draws that could have been claimed (threefold, fifty moves) and were not.
        #[arg(long)]
        claimable: bool,
        /// Test for a dead position after every capture, pawn move and check, as
        /// live play does, not only where the game stopped (slower, same findings).
        #[arg(long)]
        thorough: bool,
        /// Exit with status 1 when any game has a finding (a violation of the
        /// Laws, or a claimable draw with --claimable; notes never).
        #[arg(long)]
        fail_on_findings: bool,
        /// Also list the notes about the records (clock readings that cannot be
        /// right, movetext without a result, an open helpmate question): not
        /// violations of the Laws; always counted in the summary.
        #[arg(long)]
        notes: bool,
        /// Language of the report, the summary and the errors, and of the
        /// `message` of each finding in JSON and CSV (their keys and codes stay):
        /// en or fr; de, es, it and nl are accepted and shown in English.
        #[arg(long, default_value = "en", value_parser = arbitre::parse_language)]
        lang: arbitre_laws::Language,
    },
    /// Sealed-move envelopes (what the Laws' adjournment articles say they carry: 2005 A2).
    Envelope {
        #[command(subcommand)]
        command: EnvelopeCommand,
    },
}

#[derive(Subcommand, Debug)]
enum EnvelopeCommand {
    /// Verifies the signature and prints what anyone may see: the clear part and the commitment.
    Show {
        /// Envelope file (JSON).
        file: PathBuf,
        /// Check the signature against DIR/arbiter.pub instead of the key named in the envelope,
        /// and that the envelope is sealed to that arbiter's public key.
        #[arg(long = "pub", value_name = "DIR")]
        pub_dir: Option<PathBuf>,
        /// Language of what is printed.
        #[arg(long, default_value = "en", value_parser = arbitre::parse_language)]
        lang: arbitre_laws::Language,
    },
    /// Verifies the envelope against the arbiter's keys, decrypts it with the secret key and prints the sealed move.
    Open {
        /// Envelope file (JSON).
        file: PathBuf,
        /// Key directory written by `arbitre keygen`.
        #[arg(long, value_name = "DIR")]
        key: PathBuf,
        /// Print `{"move", "salt"}` instead of the move alone: what the
        /// arbiter sends as `{"open": …}` (or pastes in the game page), so
        /// that the server checks the move against the game's commitment.
        #[arg(long)]
        json: bool,
        /// The signer to verify against, when not the arbiter (a server
        /// seals and signs with its own key: the `envelope_signer` of its
        /// `/api/health`), as 64 hexadecimal digits.
        #[arg(long, value_name = "HEX")]
        signer: Option<String>,
        /// Language of what is printed (the move with its number and side).
        #[arg(long, default_value = "en", value_parser = arbitre::parse_language)]
        lang: arbitre_laws::Language,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Replay {
            files,
            json,
            lang,
            envelope_out,
            key,
            check,
        } => match (envelope_out, key) {
            (Some(out), Some(key)) => arbitre::replay::run_sealing(&files, json, lang, &out, &key),
            _ => arbitre::replay::run(&files, json, lang, check),
        },
        Command::Analyze {
            fens,
            fast,
            json,
            nodes,
            lang,
        } => arbitre::analyze::run(
            &fens,
            &arbitre::analyze::Options {
                fast_only: fast,
                max_nodes: nodes,
                json,
                lang,
            },
        ),
        Command::Audit {
            files,
            edition,
            json,
            csv,
            jobs,
            claimable,
            thorough,
            fail_on_findings,
            notes,
            lang,
        } => {
            let format = if json {
                arbitre::audit::Format::Json
            } else if csv {
                arbitre::audit::Format::Csv
            } else {
                arbitre::audit::Format::Text
            };
            let opts = arbitre::audit::Options {
                edition,
                format,
                jobs: jobs.map_or(0, usize::from),
                claimable,
                thorough,
                fail_on_findings,
                notes,
                lang,
            };
            arbitre::audit::run(&files, &opts)
        }
        Command::Store { files } => arbitre::stored::run_store(&files),
        Command::Restore { files, lang } => arbitre::stored::run_restore(&files, lang),
        Command::Keygen { out } => arbitre::envelope::run_keygen(&out),
        Command::Serve(args) => serve::run(args),
        Command::Envelope { command } => match command {
            EnvelopeCommand::Show {
                file,
                pub_dir,
                lang,
            } => arbitre::envelope::run_show(&file, pub_dir.as_deref(), lang),
            EnvelopeCommand::Open {
                file,
                key,
                json,
                signer,
                lang,
            } => arbitre::envelope::run_open(&file, &key, signer.as_deref(), json, lang),
        },
    }
}
