//! `arbitre replay`: plays scenario files through the laws engine.

use std::{path::PathBuf, process::ExitCode};

use serde_json::Value;

use arbitre_laws::{Game, Instant, Language};
use arbitre_messages::{report as line, time};
use shakmaty::{Color, Position};

use crate::scenario::{self, Scenario, ScenarioError};

/// Runs a scenario to its end (`until`, by default the last event's time).
pub fn play(scenario: &Scenario) -> Result<Game, ScenarioError> {
    let mut game = Game::new(scenario.setup.clone()).map_err(|e| ScenarioError {
        path: e.field().into(),
        message: e.reason(),
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
    let untimed = game.clock().is_untimed();
    out.push_str(&line::header(
        game.laws().code,
        (!untimed).then_some(control.as_str()),
        game.game_type(),
        lang,
    ));
    out.push('\n');
    let decision = |out: &mut String, d: &arbitre_laws::Decision| {
        let said = arbitre_messages::render_in(&d.note, lang, game.notation());
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
            arbitre_messages::event_in(event, lang, game.notation())
        ));
        while let Some(d) = log.next_if(|d| d.event == Some(i)) {
            decision(&mut out, d);
        }
    }
    for d in log {
        decision(&mut out, d);
    }
    let sheet = game.scoresheet_in(arbitre_messages::catalogue_language(lang));
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
    // a game without a clock has no times to report
    if !untimed {
        out.push_str(&line::clocks(
            game.clock().remaining(Color::White),
            game.clock().remaining(Color::Black),
            lang,
        ));
        out.push('\n');
    }
    out
}

/// Runs `arbitre replay`. Exit status 2 if any file is malformed.
pub fn run(files: &[PathBuf], as_json: bool, lang: Language, check: bool) -> ExitCode {
    let mut failed = false;
    let mut differs = false;
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
                let got = report(&game, lang);
                if as_json {
                    crate::outln!("{got}");
                } else {
                    crate::outln!("{}", human(&s, &game, lang));
                }
                // the file's own `expect`, as written: said when the outcome
                // differs from it
                let expect = serde_json::from_str::<Value>(&text)
                    .ok()
                    .and_then(|v| v.get("expect").and_then(Value::as_object).cloned());
                if let Some(expect) = expect {
                    let found = differences(&expect, &got);
                    if !found.is_empty() {
                        differs = true;
                        eprintln!(
                            "arbitre: {shown}: the outcome differs from the file's `expect`:"
                        );
                        for line in found {
                            eprintln!("  {line}");
                        }
                    }
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
    } else if check && differs {
        ExitCode::from(1)
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
    let sealed = crate::envelope::seal(info, sealed, key)
        .and_then(|env| env.save(out).map(|()| env.commitment().to_hex()));
    match sealed {
        Ok(commitment) => {
            // the commitment as the file stores it and `envelope show`
            // prints it: the sealer notes it to check the envelope later
            eprintln!(
                "arbitre: envelope written to {}; commitment (SHA-256): {commitment}",
                out.display()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("arbitre: {}: {e}", out.display());
            ExitCode::from(1)
        }
    }
}

/// `expect.decisions`: the whole log, `[decision, article]` in order.
fn compare_decisions(want: &Value, got: &Value) -> Vec<String> {
    let Some(want) = want.as_array() else {
        return vec![format!("decisions: want an array, found {want}")];
    };
    let have: Vec<Value> = got["log"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|e| Value::Array(vec![e["decision"].clone(), e["article"].clone()]))
        .collect();
    let show = |v: &[Value]| {
        v.iter()
            .map(Value::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut problems = Vec::new();
    for (i, (w, h)) in want.iter().zip(&have).enumerate() {
        if w != h {
            problems.push(format!("decisions[{i}]: want {w}, got {h}"));
        }
    }
    if want.len() != have.len() {
        let n = want.len().min(have.len());
        problems.push(format!(
            "decisions: want {} entries, got {}; {} [{}]",
            want.len(),
            have.len(),
            if have.len() > n {
                "extra in the log:"
            } else {
                "missing from the log:"
            },
            show(if have.len() > n {
                &have[n..]
            } else {
                &want[n..]
            })
        ));
    }
    if !problems.is_empty() {
        problems.push(format!("the log: [{}]", show(&have)));
    }
    problems
}

fn close(a: &Value, b: f64) -> bool {
    a.as_f64().is_some_and(|a| (a - b).abs() <= 0.05)
}

/// What a replayed game's report (`report`, the `--json` shape) says
/// against a scenario's `expect` object: one line per difference (a key
/// whose value differs, a clock more than 0.05 s away, an article missing
/// from the log, the log's decisions in order), none when it agrees.
pub fn differences(expect: &serde_json::Map<String, Value>, got: &Value) -> Vec<String> {
    let mut problems = Vec::new();
    for (key, want) in expect {
        match key.as_str() {
            "clocks" => {
                for (side, v) in want.as_object().into_iter().flatten() {
                    let have = &got["clocks"][side];
                    if !close(have, v.as_f64().unwrap_or(f64::NAN)) {
                        problems.push(format!("clocks.{side}: want {v}, got {have}"));
                    }
                }
            }
            "log_articles" => {
                let seen: Vec<&str> = got["log"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|e| e["article"].as_str())
                    .collect();
                for art in want.as_array().into_iter().flatten() {
                    let art = art.as_str().unwrap_or_default();
                    if !seen.contains(&art) {
                        problems.push(format!("log lacks article {art} (has {seen:?})"));
                    }
                }
            }
            "decisions" => problems.extend(compare_decisions(want, got)),
            "fen" => {
                let want: Vec<&str> = want
                    .as_str()
                    .unwrap_or_default()
                    .split(' ')
                    .take(5)
                    .collect();
                let have: Vec<&str> = got["fen"]
                    .as_str()
                    .unwrap_or_default()
                    .split(' ')
                    .take(5)
                    .collect();
                if want != have {
                    problems.push(format!("fen: want {want:?}, got {have:?}"));
                }
            }
            _ => {
                if &got[key] != want {
                    problems.push(format!("{key}: want {want}, got {}", got[key]));
                }
            }
        }
    }
    problems
}
