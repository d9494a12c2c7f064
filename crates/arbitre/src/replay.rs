//! `arbitre replay`: plays scenario files through the laws engine.

use std::{path::PathBuf, process::ExitCode};

use arbitre_laws::{Game, Instant, Language};
use arbitre_messages::{report as line, time};
use shakmaty::{Color, Position};

use crate::scenario::{self, Scenario, ScenarioError};

/// Runs a scenario to its end (`until`, by default the last event's time).
pub fn play(scenario: &Scenario) -> Result<Game, ScenarioError> {
    let mut game = Game::new(scenario.setup.clone()).map_err(|e| ScenarioError {
        path: match e {
            arbitre_laws::game::SetupError::History(_) => "history".into(),
            arbitre_laws::game::SetupError::Odds(_) => "odds".into(),
            arbitre_laws::game::SetupError::Time { what, .. } => what.into(),
            arbitre_laws::game::SetupError::LagCompensation(_) => "lag_compensation".into(),
        },
        message: e.to_string(),
    })?;
    for event in &scenario.events {
        game.apply(event);
    }
    let end = scenario
        .until
        .or_else(|| scenario.events.last().map(|e| e.t))
        .unwrap_or(Instant::ZERO);
    game.advance(end);
    Ok(game)
}

pub use arbitre_record::view::report;

/// The text report: the scenario's events and the decisions they led to,
/// then the scoresheet, the result and the clocks, in `lang`.
fn human(scenario: &Scenario, game: &Game, lang: Language) -> String {
    let mut out = String::new();
    out.push_str(&format!("# {}\n", scenario.name));
    let control = game.clock().control().to_string();
    out.push_str(&line::header(
        game.laws().code,
        &control,
        game.game_type(),
        lang,
    ));
    out.push('\n');
    let decision = |out: &mut String, d: &arbitre_laws::Decision| {
        let said = arbitre_messages::render(&d.note, lang);
        out.push_str(&format!(
            "{:>9}    {}\n",
            time::instant(d.t, lang),
            line::decision(d.article, d.note.decision(), &said, lang)
        ));
    };
    let mut log = game.log().iter().peekable();
    for (i, event) in scenario.events.iter().enumerate() {
        while let Some(d) = log.next_if(|d| d.event.is_none() && d.t <= event.t) {
            decision(&mut out, d);
        }
        out.push_str(&format!(
            "{:>9}  {}\n",
            time::instant(event.t, lang),
            arbitre_messages::event(event, lang)
        ));
        while let Some(d) = log.next_if(|d| d.event == Some(i)) {
            decision(&mut out, d);
        }
    }
    for d in log {
        decision(&mut out, d);
    }
    let sheet = game.scoresheet();
    if !sheet.is_empty() {
        let mut moves = String::new();
        for (i, san) in sheet.iter().enumerate() {
            let ply = i + if game.start().turn() == Color::Black {
                1
            } else {
                0
            };
            if ply % 2 == 0 {
                moves.push_str(&format!("{}. ", ply / 2 + 1));
            } else if i == 0 {
                moves.push_str("1... ");
            }
            moves.push_str(san);
            moves.push(' ');
        }
        out.push_str(&line::scoresheet(moves.trim_end(), lang));
        out.push('\n');
    }
    out.push_str(&line::result(game.outcome(), game.state(), lang));
    out.push('\n');
    out.push_str(&line::clocks(
        game.clock().remaining(Color::White),
        game.clock().remaining(Color::Black),
        lang,
    ));
    out.push('\n');
    out
}

/// Runs `arbitre replay`. Exit status 2 if any file is malformed.
pub fn run(files: &[PathBuf], as_json: bool, lang: Language) -> ExitCode {
    let mut failed = false;
    for path in files {
        let shown = path.display();
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("arbitre: {shown}: cannot read: {e}");
                failed = true;
                continue;
            }
        };
        let result = scenario::parse(&text).and_then(|s| play(&s).map(|g| (s, g)));
        match result {
            Ok((s, game)) => {
                if as_json {
                    crate::outln!("{}", report(&game, lang));
                } else {
                    crate::outln!("{}", human(&s, &game, lang));
                }
            }
            Err(e) => {
                eprintln!("arbitre: {shown}: {e}");
                failed = true;
            }
        }
    }
    if failed {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    }
}

/// The envelope's clear part for the envelope file, from the game's A2 view.
pub fn envelope_info(game: &Game) -> Option<crate::envelope::EnvelopeInfo> {
    crate::envelope::EnvelopeInfo::of_game(game)
}

/// `arbitre replay SCENARIO --envelope-out FILE --key DIR`: replays one
/// scenario that ends adjourned and writes its sealed envelope.
pub fn run_sealing(
    files: &[PathBuf],
    as_json: bool,
    lang: Language,
    out: &std::path::Path,
    key: &std::path::Path,
) -> ExitCode {
    let [path] = files else {
        eprintln!("arbitre: --envelope-out takes exactly one scenario file");
        return ExitCode::from(2);
    };
    let shown = path.display();
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("arbitre: {shown}: cannot read: {e}");
            return ExitCode::from(2);
        }
    };
    let (s, game) = match scenario::parse(&text).and_then(|s| play(&s).map(|g| (s, g))) {
        Ok(x) => x,
        Err(e) => {
            eprintln!("arbitre: {shown}: {e}");
            return ExitCode::from(2);
        }
    };
    if as_json {
        crate::outln!("{}", report(&game, lang));
    } else {
        crate::outln!("{}", human(&s, &game, lang));
    }
    let (Some(info), Some(sealed)) = (envelope_info(&game), game.sealed_move()) else {
        eprintln!("arbitre: {shown}: the scenario does not end adjourned with a sealed move: no envelope to write");
        return ExitCode::from(1);
    };
    match crate::envelope::seal(info, sealed, key).and_then(|env| env.save(out)) {
        Ok(()) => {
            eprintln!("arbitre: envelope written to {}", out.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("arbitre: {}: {e}", out.display());
            ExitCode::from(1)
        }
    }
}
