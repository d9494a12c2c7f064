//! `arbitre`: an electronic chess arbiter. The binary owns the command line;
//! the laws live in the `arbitre-laws` library.

use std::{path::PathBuf, process::ExitCode};

use clap::{Parser, Subcommand, ValueEnum};

/// An electronic chess arbiter: the FIDE Laws of Chess, cited.
#[derive(Parser, Debug)]
#[command(name = "arbitre", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Language of the explanations.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum Lang {
    /// English.
    En,
    /// French.
    Fr,
}

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
        /// Language of the explanations in the human-readable form.
        #[arg(long, value_enum, default_value = "en")]
        lang: Lang,
        /// Write the sealed-move envelope of a scenario that ends adjourned to this file.
        #[arg(long, requires = "key")]
        envelope_out: Option<PathBuf>,
        /// Arbiter key directory (from `arbitre keygen`) to seal the envelope with.
        #[arg(long, requires = "envelope_out")]
        key: Option<PathBuf>,
    },
    /// Writes a new arbiter key pair (signing and cipher keys) for sealed-move envelopes.
    Keygen {
        /// Directory for `arbiter.key` (mode 0600) and `arbiter.pub`; existing keys are never overwritten.
        #[arg(long)]
        out: PathBuf,
    },
    /// Sealed-move envelopes (FIDE Laws 2005, Annex A2).
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
        /// Check the signature against DIR/arbiter.pub instead of the key embedded in the envelope.
        #[arg(long = "pub", value_name = "DIR")]
        pub_dir: Option<PathBuf>,
    },
    /// Verifies the envelope with the arbiter's keys, decrypts it and prints the sealed move.
    Open {
        /// Envelope file (JSON).
        file: PathBuf,
        /// Key directory written by `arbitre keygen`.
        #[arg(long, value_name = "DIR")]
        key: PathBuf,
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
        } => {
            let lang = match lang {
                Lang::En => arbitre_laws::explain::Lang::En,
                Lang::Fr => arbitre_laws::explain::Lang::Fr,
            };
            match (envelope_out, key) {
                (Some(out), Some(key)) => {
                    arbitre::replay::run_sealing(&files, json, lang, &out, &key)
                }
                _ => arbitre::replay::run(&files, json, lang),
            }
        }
        Command::Keygen { out } => arbitre::envelope::run_keygen(&out),
        Command::Envelope { command } => match command {
            EnvelopeCommand::Show { file, pub_dir } => {
                arbitre::envelope::run_show(&file, pub_dir.as_deref())
            }
            EnvelopeCommand::Open { file, key } => arbitre::envelope::run_open(&file, &key),
        },
    }
}
