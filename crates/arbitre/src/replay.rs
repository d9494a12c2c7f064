//! `arbitre replay`: plays scenario files through the laws engine.

use std::{path::PathBuf, process::ExitCode};

use arbitre_laws::{explain::Lang, outcome::State, Action, Actor, Event, Game, Millis};
use serde_json::{json, Value};
use shakmaty::{fen::Fen, Color, EnPassantMode, Position};

use crate::scenario::{self, Scenario, ScenarioError};

fn seconds(ms: Millis) -> Value {
    json!((ms as f64) / 1000.0)
}

/// Runs a scenario to its end (`until`, by default the last event's time).
pub fn play(scenario: &Scenario) -> Result<Game, ScenarioError> {
    let mut game = Game::new(scenario.setup.clone()).map_err(|e| ScenarioError {
        path: match e {
            arbitre_laws::game::SetupError::History(_) => "history".into(),
            arbitre_laws::game::SetupError::Odds(_) => "odds".into(),
            arbitre_laws::game::SetupError::Time { what, .. } => what.into(),
        },
        message: e.to_string(),
    })?;
    for event in &scenario.events {
        game.apply(event);
    }
    let end = scenario
        .until
        .or_else(|| scenario.events.last().map(|e| e.t))
        .unwrap_or(0);
    game.advance(end);
    Ok(game)
}

fn side_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// What A2 puts on the envelope, while the game is adjourned; never the sealed move.
fn envelope(game: &Game) -> Value {
    let Some(e) = game.envelope() else {
        return Value::Null;
    };
    json!({
        "players": {"white": e.players[0], "black": e.players[1]},
        "fen": Fen::from_position(&e.position, EnPassantMode::Legal).to_string(),
        "time_used": {"white": seconds(e.time_used[0]), "black": seconds(e.time_used[1])},
        "sealer": side_name(e.sealer),
        "move_number": e.move_number,
        "draw_offer": e.draw_offer.map(side_name),
        "resume_at": e.resume_at,
        "place": e.place,
    })
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
                "decision": d.note.decision().code(),
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
        "envelope": envelope(game),
        "log": log,
    })
}

fn describe(event: &Event, lang: Lang) -> String {
    let fr = lang == Lang::Fr;
    let who = match (event.by, fr) {
        (Actor::Player(Color::White), false) => "White",
        (Actor::Player(Color::Black), false) => "Black",
        (Actor::Arbiter, false) => "Arbiter",
        (Actor::Player(Color::White), true) => "Blancs",
        (Actor::Player(Color::Black), true) => "Noirs",
        (Actor::Arbiter, true) => "Arbitre",
    };
    let what = match &event.action {
        Action::Move { text, press: true } => text.clone(),
        Action::Move { text, press: false } => {
            format!(
                "{text} ({})",
                if fr {
                    "sans appuyer sur la pendule"
                } else {
                    "clock not pressed"
                }
            )
        }
        Action::Touch(sq) => format!("{} {sq}", if fr { "touche" } else { "touches" }),
        Action::Misrestored => (if fr {
            "partie mal reconstituée"
        } else {
            "the game was restored incorrectly"
        })
        .into(),
        Action::Press => (if fr {
            "appuie sur la pendule"
        } else {
            "presses the clock"
        })
        .into(),
        Action::OfferDraw => (if fr {
            "propose la nullité"
        } else {
            "offers a draw"
        })
        .into(),
        Action::AcceptDraw => (if fr {
            "accepte la nullité"
        } else {
            "accepts the draw"
        })
        .into(),
        Action::DeclineDraw => (if fr {
            "refuse la nullité"
        } else {
            "declines the draw"
        })
        .into(),
        Action::Claim {
            kind,
            intended: Some(m),
        } => {
            format!(
                "{} {} ({} {m})",
                if fr { "réclame" } else { "claims" },
                kind.code(),
                if fr {
                    "coup déclaré"
                } else {
                    "declared move"
                }
            )
        }
        Action::Claim {
            kind,
            intended: None,
        } => format!("{} {}", if fr { "réclame" } else { "claims" }, kind.code()),
        Action::Resign => (if fr { "abandonne" } else { "resigns" }).into(),
        // the sealed move is never shown: it is revealed when the envelope is opened
        Action::Seal(_) => (if fr {
            "met son coup sous enveloppe"
        } else {
            "seals a move"
        })
        .into(),
        Action::Arrive => (if fr { "arrive" } else { "arrives" }).into(),
        Action::Start { absent } if absent.is_empty() => (if fr {
            "lance la partie"
        } else {
            "starts the game"
        })
        .into(),
        Action::Start { absent } => format!(
            "{} ({})",
            if fr {
                "lance la partie"
            } else {
                "starts the game"
            },
            absent
                .iter()
                .map(|c| match (c, fr) {
                    (Color::White, false) => "White absent",
                    (Color::Black, false) => "Black absent",
                    (Color::White, true) => "Blancs absents",
                    (Color::Black, true) => "Noirs absents",
                })
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Action::StopClocks => (if fr {
            "arrête les pendules"
        } else {
            "stops the clocks"
        })
        .into(),
        Action::RestartClocks => (if fr {
            "remet la pendule en marche"
        } else {
            "restarts the clocks"
        })
        .into(),
        Action::AdjustTime {
            white,
            black,
            article,
        } => format!(
            "{} {:+.3} / {:+.3} s ({article})",
            if fr {
                "corrige les temps"
            } else {
                "adjusts the times"
            },
            *white as f64 / 1000.0,
            *black as f64 / 1000.0
        ),
        Action::DeclareResult { result, article } => format!(
            "{} {} ({article})",
            if fr {
                "déclare le résultat"
            } else {
                "declares the result"
            },
            result.code()
        ),
        Action::Adjourn { resume_at, place } => format!(
            "{} ({resume_at}, {place})",
            if fr { "ajourne" } else { "adjourns" }
        ),
        Action::Resume => (if fr { "reprise" } else { "resumes the game" }).into(),
        Action::Ruling(j) => format!("{} {j:?}", if fr { "décide" } else { "rules" }),
        Action::EnvelopeLost => (if fr {
            "enveloppe perdue"
        } else {
            "envelope lost"
        })
        .into(),
        Action::Unrestorable(u) => format!(
            "{} {u:?}",
            if fr {
                "impossible à rétablir :"
            } else {
                "cannot restore"
            }
        ),
        Action::SetClocks { white, black } => {
            format!(
                "{} {:.3} / {:.3}",
                if fr {
                    "règle les pendules"
                } else {
                    "sets the clocks"
                },
                *white as f64 / 1000.0,
                *black as f64 / 1000.0
            )
        }
    };
    format!("{who}: {what}")
}

fn human(scenario: &Scenario, game: &Game, lang: Lang) -> String {
    let mut out = String::new();
    let fr = lang == Lang::Fr;
    out.push_str(&format!("# {}\n", scenario.name));
    out.push_str(&format!(
        "{} {} · {} {} · {}\n",
        if fr { "Règles" } else { "Laws" },
        game.laws().code,
        if fr { "cadence" } else { "time control" },
        game.clock().control(),
        game.game_type().code(),
    ));
    let decision = |out: &mut String, d: &arbitre_laws::Decision| {
        out.push_str(&format!(
            "{:>9.3}    [{}] {}: {}\n",
            d.t as f64 / 1000.0,
            d.article.unwrap_or("-"),
            d.note.decision().code(),
            d.note.text(lang)
        ));
    };
    let mut log = game.log().iter().peekable();
    for event in &scenario.events {
        while let Some(d) = log.next_if(|d| d.event.is_none() && d.t <= event.t) {
            decision(&mut out, d);
        }
        out.push_str(&format!(
            "{:>9.3}  {}\n",
            event.t as f64 / 1000.0,
            describe(event, lang)
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
                    println!("{}", human(&s, &game, lang));
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
    use crate::envelope::{EnvelopeInfo, Players, Side, Times};
    let e = game.envelope()?;
    let side = |c: Color| {
        if c == Color::White {
            Side::White
        } else {
            Side::Black
        }
    };
    Some(EnvelopeInfo {
        players: Players {
            white: e.players[0].clone(),
            black: e.players[1].clone(),
        },
        fen: Fen::from_position(&e.position, EnPassantMode::Legal).to_string(),
        time_used: Times {
            white: e.time_used[0] as f64 / 1000.0,
            black: e.time_used[1] as f64 / 1000.0,
        },
        remaining: Times {
            white: e.remaining[0] as f64 / 1000.0,
            black: e.remaining[1] as f64 / 1000.0,
        },
        sealer: side(e.sealer),
        move_number: e.move_number,
        draw_offer: e.draw_offer.map(side),
        resume_at: e.resume_at,
        place: e.place,
        edition: game.laws().code.to_owned(),
    })
}

/// `arbitre replay SCENARIO --envelope-out FILE --key DIR`: replays one
/// scenario that ends adjourned and writes its sealed envelope.
pub fn run_sealing(
    files: &[PathBuf],
    as_json: bool,
    lang: Lang,
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
        println!("{}", report(&game, lang));
    } else {
        println!("{}", human(&s, &game, lang));
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
