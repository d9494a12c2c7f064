//! The lines of the text report of `arbitre replay` (the layout of each
//! line is the catalogue's, so that French gets its space before the colon).

use arbitre_laws::{
    outcome::State, Arg, DecisionKind, GameResult, GameType, Language, Millis, Outcome,
};

use crate::text;

/// "FIDE Laws of Chess 2005 · time control 40/5400+30 · standard": the
/// edition by its name, the time control (`None`: played without a clock),
/// the game type.
pub fn header(edition: &str, control: Option<&str>, game_type: GameType, lang: Language) -> String {
    let mut args = vec![
        ("edition", Arg::Text(crate::edition(edition, lang))),
        ("game_type", Arg::Text(crate::game_type(game_type, lang))),
    ];
    let id = match control {
        Some(control) => {
            args.push(("control", Arg::Text(control.to_owned())));
            "report-header"
        }
        None => "report-header-untimed",
    };
    text(lang, id, &args)
}

/// "[9.1] offer: Black offers a draw (=)": a decision with its article
/// (`-` when no article makes it), its kind and what it says.
pub fn decision(
    article: Option<&str>,
    kind: DecisionKind,
    message: &str,
    lang: Language,
) -> String {
    text(
        lang,
        "report-decision",
        &[
            ("article", Arg::Text(article.unwrap_or("-").to_owned())),
            ("kind", Arg::Text(crate::decision_kind(kind, lang))),
            ("message", Arg::Text(message.to_owned())),
        ],
    )
}

/// "Scoresheet: 1. e4 e5".
pub fn scoresheet(moves: &str, lang: Language) -> String {
    text(
        lang,
        "report-scoresheet",
        &[("moves", Arg::Text(moves.to_owned()))],
    )
}

/// "Result: 1-0 (checkmate, art. 5.1a)", or "Result: * (the game goes on)"
/// while there is no outcome.
pub fn result(outcome: Option<&Outcome>, state: State, lang: Language) -> String {
    match outcome {
        Some(o) => {
            let mut args = vec![
                ("result", Arg::Text(result_written(o.result, lang))),
                ("termination", Arg::Termination(o.termination)),
                ("article", Arg::Article(o.article)),
            ];
            let id = match o.circumstance {
                Some(c) => {
                    args.push(("circumstance", Arg::Code(c.code())));
                    "report-result-because"
                }
                None => "report-result",
            };
            text(lang, id, &args)
        }
        None => text(
            lang,
            "report-result-pending",
            &[("state", Arg::Text(crate::state(state, lang)))],
        ),
    }
}

/// "Clocks: White 1:29:35, Black 1:33:03": the remaining times.
pub fn clocks(white: Millis, black: Millis, lang: Language) -> String {
    let reading = |ms| Arg::Text(crate::time::clock(ms, lang));
    text(
        lang,
        "report-clocks",
        &[("white", reading(white)), ("black", reading(black))],
    )
}

/// A result as a scoresheet writes it (`1-0`, `+/-`), a void game in words.
fn result_written(r: GameResult, lang: Language) -> String {
    match r {
        GameResult::Annulled => text(lang, "report-annulled", &[]),
        r => r.code().to_owned(),
    }
}
