//! `arbitre store` and `arbitre restore`: scenario files as stored games
//! (`arbitre-record`'s versioned log), and stored games replayed and
//! checked against what they recorded.

use std::{path::PathBuf, process::ExitCode};

use arbitre_laws::Language;
use arbitre_record::{
    scenario,
    stored::{random_salt, Divergence, StoredGame},
};

/// Runs `each` on every file's text; a file that cannot be read makes the
/// exit status 2, as `each` may make it.
fn each_file(files: &[PathBuf], mut each: impl FnMut(&PathBuf, String, &mut ExitCode)) -> ExitCode {
    let mut status = ExitCode::SUCCESS;
    for path in files {
        match std::fs::read_to_string(path) {
            Ok(text) => each(path, text, &mut status),
            Err(e) => {
                eprintln!("arbitre: {}: cannot read: {e}", path.display());
                status = ExitCode::from(2);
            }
        }
    }
    status
}

/// `arbitre store FILE...`: one stored game per scenario, one JSON object a
/// line (pretty-printed for a single file).
pub fn run_store(files: &[PathBuf]) -> ExitCode {
    each_file(files, |path, text, status| {
        let stored = scenario::parse(&text)
            .and_then(|s| StoredGame::from_scenario(&s, &mut random_salt).map(|(g, _)| g));
        match stored {
            Ok(g) if files.len() == 1 => {
                crate::outln!(
                    "{}",
                    serde_json::to_string_pretty(&g.to_json()).unwrap_or_default()
                )
            }
            Ok(g) => crate::outln!("{}", g.to_json()),
            Err(e) => {
                eprintln!("arbitre: {}: {e}", path.display());
                *status = ExitCode::from(2);
            }
        }
    })
}

/// `arbitre restore FILE...`: replays stored games (reusing their recorded
/// verdicts) and prints each one's state as `replay --json` does; every
/// difference from what the game recorded is reported on stderr, and the
/// exit status is then 1.
pub fn run_restore(files: &[PathBuf], lang: Language) -> ExitCode {
    each_file(files, |path, text, status| {
        let replayed = StoredGame::parse(&text).and_then(|g| g.replay().map(|r| (g, r)));
        match replayed {
            Ok((stored, r)) => {
                crate::outln!("{}", crate::replay::report(&r.game, lang));
                for d in &r.divergences {
                    *status = ExitCode::from(1);
                    match d {
                        Divergence::Decisions { seq, recorded, replayed } => eprintln!(
                            "arbitre: {}: entry {seq}: written by {}, the replay decides otherwise:\n  recorded {recorded:?}\n  replayed {replayed:?}",
                            path.display(),
                            stored.engine
                        ),
                        Divergence::Outcome { recorded, replayed } => eprintln!(
                            "arbitre: {}: written by {}, the replay ends otherwise: recorded {recorded:?}, replayed {replayed:?}",
                            path.display(),
                            stored.engine
                        ),
                    }
                }
            }
            Err(e) => {
                eprintln!("arbitre: {}: {e}", path.display());
                *status = ExitCode::from(2);
            }
        }
    })
}
