//! `arbitre replay`: plays scenario files through the laws engine.

use std::{path::PathBuf, process::ExitCode};

use arbitre_laws::{explain::Lang, outcome::State, Game, Millis};
use serde_json::{json, Value};
use shakmaty::{fen::Fen, Color, EnPassantMode, Position};

use crate::scenario::{self, Scenario, ScenarioError};

fn seconds(ms: Millis) -> Value {
    json!((ms as f64) / 1000.0)
}

/// Runs a scenario to its end (`until`, by default the last event's time).
pub fn play(scenario: &Scenario) -> Result<Game, ScenarioError> {
    let mut game = Game::new(scenario.setup.clone()).map_err(|e| ScenarioError {
        path: "history".into(),
        message: e.to_string(),
    })?;
    for (i, event) in scenario.events.iter().enumerate() {
        game.apply(i, event);
    }
    let end = scenario
        .until
        .or_else(|| scenario.events.last().map(|e| e.t))
        .unwrap_or(0);
    game.advance(end);
    Ok(game)
}

/// The output object of `docs/SCENARIOS.md`.
pub fn report(game: &Game, lang: Lang) -> Value {
    let outcome = game.outcome();
    let state: State = game.state();
    let log: Vec<Value> = game
        .log()
        .iter()
        .map(|d| {
            json!({
                "t": seconds(d.t),
                "event": d.event,
                "decision": d.note.decision(),
                "article": d.article,
                "message": d.note.text(lang),
            })
        })
        .collect();
    json!({
        "result": outcome.map_or("*", |o| o.result.code()),
        "termination": outcome.map(|o| o.termination.code()),
        "article": outcome.map(|o| o.article),
        "state": state.code(),
        "game_type": game.game_type().code(),
        "clocks": {
            "white": seconds(game.clock().remaining(Color::White)),
            "black": seconds(game.clock().remaining(Color::Black)),
        },
        "fen": Fen::from_position(game.position(), EnPassantMode::Legal).to_string(),
        "scoresheet": game.scoresheet(),
        "envelope": Value::Null,
        "log": log,
    })
}

fn human(name: &str, game: &Game, lang: Lang) -> String {
    let mut out = String::new();
    let fr = lang == Lang::Fr;
    out.push_str(&format!("# {name}\n"));
    out.push_str(&format!(
        "{} {} · {} {}\n",
        if fr { "Règles" } else { "Laws" },
        game.laws().code,
        if fr { "cadence" } else { "time control" },
        game.clock().control()
    ));
    for d in game.log() {
        let when = format!("{:>9.3}", d.t as f64 / 1000.0);
        out.push_str(&format!(
            "{when}  [{:<8}] {:<14} {}\n",
            d.article,
            d.note.decision(),
            d.note.text(lang)
        ));
    }
    let sheet = game.scoresheet();
    if !sheet.is_empty() {
        let mut line = String::new();
        for (i, san) in sheet.iter().enumerate() {
            let ply = i + if game.start().turn() == Color::Black {
                1
            } else {
                0
            };
            if ply % 2 == 0 {
                line.push_str(&format!("{}. ", ply / 2 + 1));
            } else if i == 0 {
                line.push_str("1... ");
            }
            line.push_str(san);
            line.push(' ');
        }
        out.push_str(&format!(
            "{}: {}\n",
            if fr { "Feuille" } else { "Scoresheet" },
            line.trim_end()
        ));
    }
    let result = match game.outcome() {
        Some(o) => format!(
            "{} ({}, art. {})",
            o.result.code(),
            o.termination.code(),
            o.article
        ),
        None => format!("* ({})", game.state().code()),
    };
    out.push_str(&format!(
        "{}: {}\n{}: {} {:.3} s, {} {:.3} s\n",
        if fr { "Résultat" } else { "Result" },
        result,
        if fr { "Pendules" } else { "Clocks" },
        if fr { "Blancs" } else { "White" },
        game.clock().remaining(Color::White) as f64 / 1000.0,
        if fr { "Noirs" } else { "Black" },
        game.clock().remaining(Color::Black) as f64 / 1000.0,
    ));
    out
}

/// Runs `arbitre replay`. Exit status 2 if any file is malformed.
pub fn run(files: &[PathBuf], as_json: bool, lang: Lang) -> ExitCode {
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
                    println!("{}", report(&game, lang));
                } else {
                    println!("{}", human(&s.name, &game, lang));
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
