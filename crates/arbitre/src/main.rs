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
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Replay { files, json, lang } => {
            let lang = match lang {
                Lang::En => arbitre_laws::explain::Lang::En,
                Lang::Fr => arbitre_laws::explain::Lang::Fr,
            };
            arbitre::replay::run(&files, json, lang)
        }
    }
}
