//! What arbitre's decisions say to people: a [Project Fluent] catalogue, one
//! file a language (`ftl/en.ftl`, `ftl/fr.ftl`), and its renderer.
//!
//! The laws crate decides and keeps no sentence: a [`Note`] has a stable
//! code ([`Note::code`], the id of its message) and typed data
//! ([`Note::args`], the message's arguments). This crate turns them into
//! words, and so do the other places that show decisions (the server, the
//! browser with `@fluent/bundle`): the `.ftl` files are the one source of
//! every sentence, served as they are ([`ftl`]).
//!
//! How each [`Arg`] reaches a message is written at the top of `en.ftl`:
//! sides, claims, results and terminations as their own messages
//! (`side-white`, `claim-kind-flag`, …), times already formatted by
//! [`time`], codes as themselves for selectors.
//!
//! Languages: English and French have a catalogue; German, Spanish, Italian
//! and Dutch ([`Language`] also gives their piece letters) are shown in
//! English ([`catalogue_language`]).
//!
//! [Project Fluent]: https://projectfluent.org

#![warn(missing_docs)]

use std::{fmt, sync::OnceLock};

pub use arbitre_laws::Language;
use arbitre_laws::{
    event::{Judgment, Unrestorable},
    outcome::State,
    Action, Actor, Arg, ClaimKind, DecisionKind, Event, GameResult, GameType, Note, Termination,
};
use fluent_bundle::{concurrent::FluentBundle, FluentArgs, FluentResource, FluentValue};
use shakmaty::Color;
use unic_langid::LanguageIdentifier;

pub mod report;
pub mod time;

/// The English catalogue, as embedded.
pub const EN_FTL: &str = include_str!("../ftl/en.ftl");
/// The French catalogue, as embedded.
pub const FR_FTL: &str = include_str!("../ftl/fr.ftl");

/// The languages that have a catalogue of their own.
pub const CATALOGUED: [Language; 2] = [Language::En, Language::Fr];

/// The language whose catalogue shows `lang`: itself for English and
/// French, English for the others.
pub fn catalogue_language(lang: Language) -> Language {
    match lang {
        Language::Fr => Language::Fr,
        _ => Language::En,
    }
}

/// The Fluent source of the catalogue that shows `lang`.
pub fn ftl(lang: Language) -> &'static str {
    match catalogue_language(lang) {
        Language::Fr => FR_FTL,
        _ => EN_FTL,
    }
}

type Bundle = FluentBundle<FluentResource>;

/// The bundle of a catalogued language, built once. A catalogue that does
/// not parse still gives the messages that do (the tests fail on it).
fn bundle(lang: Language) -> &'static Bundle {
    static EN: OnceLock<Bundle> = OnceLock::new();
    static FR: OnceLock<Bundle> = OnceLock::new();
    let lang = catalogue_language(lang);
    let cell = match lang {
        Language::Fr => &FR,
        _ => &EN,
    };
    cell.get_or_init(|| {
        let locale: LanguageIdentifier = lang.code().parse().unwrap_or_default();
        let resource = FluentResource::try_new(ftl(lang).to_owned()).unwrap_or_else(|(r, _)| r);
        let mut bundle = Bundle::new_concurrent(vec![locale]);
        bundle.set_use_isolating(false);
        // a duplicated id keeps its first message; the tests fail on it
        let _ = bundle.add_resource(resource);
        bundle
    })
}

/// A message that could not be rendered cleanly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// The message id.
    pub id: String,
    /// The catalogue's language.
    pub lang: Language,
    /// What went wrong (missing message, unknown variable, …).
    pub problems: Vec<String>,
    /// The best rendering there was (the id itself if the message is missing).
    pub text: String,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}.ftl: {}: {}",
            self.lang.code(),
            self.id,
            self.problems.join("; ")
        )
    }
}

impl std::error::Error for Error {}

/// Renders the message `id` with `args` in the catalogue that shows `lang`.
/// Any Fluent error (no such message, an unknown variable, a missing
/// message reference) or an empty result is an [`Error`].
pub fn message(lang: Language, id: &str, args: &[(&str, Arg)]) -> Result<String, Error> {
    let lang = catalogue_language(lang);
    let mut problems = Vec::new();
    let mut values = FluentArgs::with_capacity(args.len());
    for (name, arg) in args {
        let value = match arg_value(arg, lang) {
            Ok(value) => value,
            Err(e) => {
                problems.push(format!("${name}: {e}"));
                FluentValue::from(e.text)
            }
        };
        values.set(*name, value);
    }
    let fail = |problems: Vec<String>, text: String| Error {
        id: id.to_owned(),
        lang,
        problems,
        text,
    };
    let bundle = bundle(lang);
    let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) else {
        return Err(fail(vec!["no such message".into()], id.to_owned()));
    };
    let mut errors = Vec::new();
    let text = bundle
        .format_pattern(pattern, Some(&values), &mut errors)
        .into_owned();
    problems.extend(errors.iter().map(ToString::to_string));
    if text.trim().is_empty() {
        problems.push("empty".into());
    }
    if problems.is_empty() {
        Ok(text)
    } else {
        Err(fail(problems, text))
    }
}

/// [`message`], or its best rendering when it has an error (never seen
/// when the tests pass).
fn text(lang: Language, id: &str, args: &[(&str, Arg)]) -> String {
    message(lang, id, args).unwrap_or_else(|e| e.text)
}

/// An argument as the messages receive it (see the top of `en.ftl`).
fn arg_value(arg: &Arg, lang: Language) -> Result<FluentValue<'static>, Error> {
    let named = |id: String| message(lang, &id, &[]).map(FluentValue::from);
    match arg {
        Arg::Side(c) => named(side_id(*c).into()),
        Arg::Claim(kind) => named(format!("claim-kind-{}", kind.code())),
        Arg::Result(r) => named(result_id(*r).into()),
        Arg::Termination(t) => named(format!("termination-{}", t.code())),
        Arg::Text(s) => Ok(FluentValue::from(s.clone())),
        Arg::Code(code) | Arg::Article(code) => Ok(FluentValue::from(*code)),
        Arg::Count(n) => Ok(FluentValue::from(*n)),
        Arg::Bool(b) => Ok(FluentValue::from(if *b { "true" } else { "false" })),
        Arg::Millis(ms) => Ok(FluentValue::from(time::duration(*ms, lang))),
        Arg::Delta(ms) => Ok(FluentValue::from(time::change(*ms, lang))),
        Arg::Instant(t) => Ok(FluentValue::from(time::instant(*t, lang))),
        Arg::Square(sq) => Ok(FluentValue::from(sq.to_string())),
    }
}

fn side_id(c: Color) -> &'static str {
    match c {
        Color::White => "side-white",
        Color::Black => "side-black",
    }
}

fn result_id(r: GameResult) -> &'static str {
    match r {
        GameResult::WhiteWins => "result-white-wins",
        GameResult::BlackWins => "result-black-wins",
        GameResult::Draw => "result-draw",
        GameResult::Annulled => "result-annulled",
        GameResult::WhiteByForfeit => "result-white-by-forfeit",
        GameResult::BlackByForfeit => "result-black-by-forfeit",
        GameResult::BothLose => "result-both-lose",
    }
}

/// What the note says, in `lang` (English where `lang` has no catalogue).
pub fn render(note: &Note, lang: Language) -> String {
    text(lang, note.code(), &note.args())
}

/// [`render`], the moves in its arguments (written with `written`'s piece
/// letters: the game's notation) shown with `lang`'s ("Cf3" in French for
/// a game written "Nf3").
pub fn render_in(note: &Note, lang: Language, written: Language) -> String {
    text(lang, note.code(), &in_letters(note.args(), lang, written))
}

/// The arguments that are moves (`text`, `move`: as written, or in SAN),
/// with `lang`'s piece letters instead of `written`'s.
fn in_letters(
    mut args: Vec<(&'static str, Arg)>,
    lang: Language,
    written: Language,
) -> Vec<(&'static str, Arg)> {
    let shown = catalogue_language(lang);
    for (name, arg) in &mut args {
        if let (&mut ("text" | "move"), Arg::Text(t)) = (name, &mut *arg) {
            *t = arbitre_laws::notation::transliterate(t, written, shown);
        }
    }
    args
}

/// [`render`], failing on any Fluent error or an empty sentence.
pub fn try_render(note: &Note, lang: Language) -> Result<String, Error> {
    message(lang, note.code(), &note.args())
}

/// The name of a side: "White", "Blancs".
pub fn side(c: Color, lang: Language) -> String {
    text(lang, side_id(c), &[])
}

/// What a claim asks for, as written after "claims".
pub fn claim_kind(kind: ClaimKind, lang: Language) -> String {
    text(lang, &format!("claim-kind-{}", kind.code()), &[])
}

/// A result in words: "White wins", "Partie nulle".
pub fn result(r: GameResult, lang: Language) -> String {
    text(lang, result_id(r), &[])
}

/// How a game ended, in words: "checkmate", "échec et mat".
pub fn termination(t: Termination, lang: Language) -> String {
    text(lang, &format!("termination-{}", t.code()), &[])
}

/// The state of a game, in words.
pub fn state(s: State, lang: Language) -> String {
    text(lang, &format!("state-{}", s.code()), &[])
}

/// Why a position cannot be set up, in words: "not a legal position: the
/// side not to move is in check".
pub fn illegal_position(kinds: shakmaty::PositionErrorKinds, lang: Language) -> String {
    let said: Vec<String> = arbitre_laws::position::problems(kinds)
        .into_iter()
        .map(|code| text(lang, &format!("fen-{code}"), &[]))
        .collect();
    match said.is_empty() {
        true => text(lang, "fen-illegal", &[]),
        false => text(
            lang,
            "fen-illegal-because",
            &[("problems", Arg::Text(said.join("; ")))],
        ),
    }
}

/// A FEN that cannot be read, in words: "malformed FEN: its board part".
pub fn malformed_fen(e: &shakmaty::fen::ParseFenError, lang: Language) -> String {
    text(
        lang,
        "fen-malformed-fen",
        &[("part", Arg::Code(arbitre_laws::position::fen_part(e)))],
    )
}

/// An edition of the Laws by its name ("FIDE Laws of Chess 2005"), from
/// its code; the code itself for one the catalogue does not name.
pub fn edition(code: &str, lang: Language) -> String {
    message(lang, &format!("edition-{code}"), &[]).unwrap_or_else(|_| code.to_owned())
}

/// A game type, in words.
pub fn game_type(g: GameType, lang: Language) -> String {
    text(lang, &format!("game-type-{}", g.code()), &[])
}

/// The label of a kind of decision: "refused", "refus".
pub fn decision_kind(kind: DecisionKind, lang: Language) -> String {
    text(lang, &format!("kind-{}", kind.code()), &[])
}

/// One line saying who did what: "White: offers a draw", "Noirs :
/// propose la nullité". The sealed move is never shown.
pub fn event(event: &Event, lang: Language) -> String {
    try_event(event, lang).unwrap_or_else(|e| e.text)
}

/// [`event`], the move written with `written`'s piece letters (the game's
/// notation) shown with `lang`'s.
pub fn event_in(event: &Event, lang: Language, written: Language) -> String {
    event_text(event, lang, written).unwrap_or_else(|e| e.text)
}

/// [`event`], failing on any Fluent error or an empty sentence.
pub fn try_event(event: &Event, lang: Language) -> Result<String, Error> {
    event_text(event, lang, lang)
}

fn event_text(event: &Event, lang: Language, written: Language) -> Result<String, Error> {
    let actor = match event.by {
        Actor::Player(c) => Arg::Side(c),
        Actor::Arbiter => Arg::Text(message(lang, "actor-arbiter", &[])?),
    };
    let (id, args) = action_message(&event.action);
    let action = message(lang, id, &in_letters(args, lang, written))?;
    message(
        lang,
        "event",
        &[("actor", actor), ("action", Arg::Text(action))],
    )
}

/// The message of an action and its arguments.
fn action_message(action: &Action) -> (&'static str, Vec<(&'static str, Arg)>) {
    let text = |s: &str| Arg::Text(s.to_owned());
    match action {
        Action::Move { text: t, press, .. } => (
            if *press {
                "event-move"
            } else {
                "event-move-unpressed"
            },
            vec![("text", text(t))],
        ),
        Action::Press => ("event-press", vec![]),
        Action::Touch(sq) => ("event-touch", vec![("square", Arg::Square(*sq))]),
        Action::OfferDraw => ("event-offer-draw", vec![]),
        Action::AcceptDraw => ("event-accept-draw", vec![]),
        Action::DeclineDraw => ("event-decline-draw", vec![]),
        Action::Claim {
            kind,
            intended: None,
        } => ("event-claim", vec![("claim", Arg::Claim(*kind))]),
        Action::Claim {
            kind,
            intended: Some(m),
        } => (
            "event-claim-declared",
            vec![("claim", Arg::Claim(*kind)), ("text", text(m))],
        ),
        Action::Resign => ("event-resign", vec![]),
        // the sealed move is never shown: it is revealed when the envelope is opened
        Action::Seal(_) => ("event-seal", vec![]),
        Action::Open { text, .. } => ("event-open", vec![("text", Arg::Text(text.clone()))]),
        Action::Arrive => ("event-arrive", vec![]),
        Action::Adjourn { resume_at, place } => (
            "event-adjourn",
            vec![("resume_at", text(resume_at)), ("place", text(place))],
        ),
        Action::Resume => ("event-resume", vec![]),
        Action::Ruling(j) => {
            let code = match j {
                Judgment::Draw => "draw",
                Judgment::Postpone => "postpone",
                Judgment::Reject => "reject",
            };
            ("event-ruling", vec![("judgment", Arg::Code(code))])
        }
        Action::EnvelopeLost => ("event-envelope-lost", vec![]),
        Action::Unrestorable(u) => {
            let code = match u {
                Unrestorable::Position => "position",
                Unrestorable::Times => "times",
            };
            ("event-unrestorable", vec![("what", Arg::Code(code))])
        }
        Action::Misrestored => ("event-misrestored", vec![]),
        Action::Start { absent } => {
            match (
                absent.contains(&Color::White),
                absent.contains(&Color::Black),
            ) {
                (false, false) => ("event-start", vec![]),
                (true, true) => ("event-start-both-absent", vec![]),
                (white, _) => (
                    "event-start-absent",
                    vec![(
                        "side",
                        Arg::Side(if white { Color::White } else { Color::Black }),
                    )],
                ),
            }
        }
        Action::StopClocks => ("event-stop-clocks", vec![]),
        Action::CallArbiter => ("event-call-arbiter", vec![]),
        Action::AnswerCall(None) => ("event-answer-call", vec![]),
        Action::AnswerCall(Some(c)) => ("event-answer-call-side", vec![("side", Arg::Side(*c))]),
        Action::RestartClocks => ("event-restart-clocks", vec![]),
        Action::AdjustTime {
            white,
            black,
            article,
        } => (
            "event-adjust-time",
            vec![
                ("white", Arg::Delta(*white)),
                ("black", Arg::Delta(*black)),
                ("article", Arg::Article(article)),
            ],
        ),
        Action::DeclareResult { result, article } => (
            "event-declare-result",
            vec![
                ("result", Arg::Result(*result)),
                ("article", Arg::Article(article)),
            ],
        ),
        Action::SetClocks { white, black } => (
            "event-set-clocks",
            vec![
                ("white", Arg::Millis(*white)),
                ("black", Arg::Millis(*black)),
            ],
        ),
    }
}
