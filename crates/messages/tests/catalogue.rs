//! The catalogue against the laws: every note and every event has its
//! message in every catalogue, renders without a Fluent error, in French
//! without English; the two files have the same ids; a few sentences are
//! checked word for word.

use std::collections::BTreeSet;

use arbitre_laws::{
    event::{Judgment, Unrestorable},
    outcome::State,
    Action, Actor, Arg, Circumstance, ClaimKind, DecisionKind, Event, GameResult, GameType,
    Instant, Language, Note, Outcome, Termination,
};
use arbitre_messages::{report, try_event, try_render, CATALOGUED, EN_FTL, FR_FTL};
use shakmaty::{Color, Square};

#[path = "common/english.rs"]
mod english;

/// One event of every action (a new action does not compile in the match
/// until it is given an example here).
fn events() -> Vec<Event> {
    let by = |c| Actor::Player(c);
    let player = |action| Event {
        t: Instant(1_000),
        by: by(Color::White),
        action,
    };
    let arbiter = |action| Event {
        t: Instant(2_000),
        by: Actor::Arbiter,
        action,
    };
    let all = vec![
        player(Action::Move {
            text: "Nf3".into(),
            press: true,
            lag: None,
        }),
        player(Action::Move {
            text: "Nf3".into(),
            press: false,
            lag: None,
        }),
        player(Action::Press),
        player(Action::Touch(Square::E2)),
        player(Action::OfferDraw),
        player(Action::AcceptDraw),
        player(Action::DeclineDraw),
        player(Action::Claim {
            kind: ClaimKind::Threefold,
            intended: None,
        }),
        player(Action::Claim {
            kind: ClaimKind::FiftyMoves,
            intended: Some("Ng1".into()),
        }),
        player(Action::Resign),
        player(Action::Seal("Qxd8".into())),
        arbiter(Action::Open {
            text: "Qxd8".into(),
            salt: arbitre_laws::seal::Salt([1; 32]),
        }),
        player(Action::Arrive),
        arbiter(Action::Adjourn {
            resume_at: "2005-07-02 10:00".into(),
            place: "Salle B".into(),
        }),
        arbiter(Action::Resume),
        arbiter(Action::Ruling(Judgment::Draw)),
        arbiter(Action::Ruling(Judgment::Postpone)),
        arbiter(Action::Ruling(Judgment::Reject)),
        arbiter(Action::EnvelopeLost),
        arbiter(Action::Unrestorable(Unrestorable::Position)),
        arbiter(Action::Unrestorable(Unrestorable::Times)),
        arbiter(Action::Misrestored),
        arbiter(Action::Start { absent: vec![] }),
        arbiter(Action::Start {
            absent: vec![Color::Black],
        }),
        arbiter(Action::Start {
            absent: vec![Color::White, Color::Black],
        }),
        arbiter(Action::StopClocks),
        arbiter(Action::RestartClocks),
        player(Action::CallArbiter),
        arbiter(Action::AnswerCall(None)),
        arbiter(Action::AnswerCall(Some(Color::Black))),
        arbiter(Action::AdjustTime {
            white: 120_000,
            black: -30_000,
            article: "12.9",
        }),
        arbiter(Action::DeclareResult {
            result: GameResult::BlackByForfeit,
            article: "11.3.2.2",
        }),
        arbiter(Action::SetClocks {
            white: 3_600_000,
            black: 1_800_500,
        }),
        // a player's action by the arbiter is refused, but still described
        arbiter(Action::OfferDraw),
    ];
    for event in &all {
        match event.action {
            Action::Move { .. }
            | Action::Press
            | Action::Touch(_)
            | Action::OfferDraw
            | Action::AcceptDraw
            | Action::DeclineDraw
            | Action::Claim { .. }
            | Action::Resign
            | Action::Seal(_)
            | Action::Open { .. }
            | Action::Arrive
            | Action::Adjourn { .. }
            | Action::Resume
            | Action::Ruling(_)
            | Action::EnvelopeLost
            | Action::Unrestorable(_)
            | Action::Misrestored
            | Action::Start { .. }
            | Action::StopClocks
            | Action::RestartClocks
            | Action::CallArbiter
            | Action::AnswerCall(_)
            | Action::AdjustTime { .. }
            | Action::DeclareResult { .. }
            | Action::SetClocks { .. } => {}
        }
    }
    all
}

/// Everything the crate renders, in `lang`, each with what it is.
fn everything(lang: Language) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for note in Note::examples() {
        let text = try_render(&note, lang).unwrap_or_else(|e| panic!("{note:?}: {e}"));
        out.push((format!("{note:?}"), text));
    }
    for event in events() {
        let text = try_event(&event, lang).unwrap_or_else(|e| panic!("{event:?}: {e}"));
        out.push((format!("{event:?}"), text));
    }
    let mut named = |what: String, text: String| out.push((what, text));
    for c in [Color::White, Color::Black] {
        named(format!("{c:?}"), arbitre_messages::side(c, lang));
    }
    for k in ClaimKind::ALL {
        named(format!("{k:?}"), arbitre_messages::claim_kind(k, lang));
    }
    for r in GameResult::ALL {
        named(format!("{r:?}"), arbitre_messages::result(r, lang));
    }
    for t in Termination::ALL {
        named(format!("{t:?}"), arbitre_messages::termination(t, lang));
    }
    for e in arbitre_laws::EditionId::ALL {
        let code = e.code();
        let name = arbitre_messages::edition(code, lang);
        assert_ne!(name, code, "the edition {code} has no name");
        named(code.to_owned(), name);
        named(
            code.to_owned(),
            report::header(code, None, GameType::Standard, lang),
        );
    }
    for c in Circumstance::ALL {
        let ending = Outcome::new(GameResult::Draw, Termination::Resignation, "5.1.2").because(c);
        let note = Note::GameOver(ending.clone());
        let said = try_render(&note, lang).unwrap_or_else(|e| panic!("{note:?}: {e}"));
        named(format!("{c:?}"), said);
        named(
            format!("{c:?}"),
            report::result(Some(&ending), State::Finished, lang),
        );
    }
    for s in STATES {
        named(format!("{s:?}"), arbitre_messages::state(s, lang));
        named(format!("{s:?}"), report::result(None, s, lang));
    }
    for g in [GameType::Standard, GameType::Rapid, GameType::Blitz] {
        named(format!("{g:?}"), arbitre_messages::game_type(g, lang));
        named(
            format!("{g:?}"),
            report::header("fide-2005", Some("5400"), g, lang),
        );
    }
    for k in DecisionKind::ALL {
        named(format!("{k:?}"), arbitre_messages::decision_kind(k, lang));
        named(
            format!("{k:?}"),
            report::decision(Some("9.1"), k, "…", lang),
        );
    }
    // the pages' words, with the arguments the pages give (web/src: a side
    // as its name, a move and a result as written, a count)
    let ftl = if lang == Language::Fr { FR_FTL } else { EN_FTL };
    for id in ftl
        .lines()
        .filter_map(|l| l.split_once(" = "))
        .map(|(id, _)| id)
    {
        if !id.starts_with("ui-") {
            continue;
        }
        for count in [1, 3] {
            let args = [
                ("side", Arg::Side(Color::Black)),
                ("move", Arg::Text("Nf3".into())),
                ("result", Arg::Text("0-1".into())),
                ("what", Arg::Text("quickplay".into())),
                ("article", Arg::Text("9.1.2.1".into())),
                ("claimant", Arg::Side(Color::White)),
                ("n", Arg::Count(1)),
                ("round", Arg::Count(3)),
                ("moves", Arg::Count(40)),
                ("time", Arg::Text("1:30:00".into())),
                ("seconds", Arg::Count(30)),
                ("example", Arg::Text("Nf3".into())),
                ("count", Arg::Count(count)),
                ("at", Arg::Text("2026-11-28 10:00".into())),
                ("place", Arg::Text("Salle B".into())),
                ("why", Arg::Text("…".into())),
                ("who", Arg::Text("Anand".into())),
                ("square", Arg::Text("e2".into())),
                ("candidates", Arg::Text("Nbd2, Nfd2".into())),
                ("bonus", Arg::Text("2 min".into())),
                ("taken", Arg::Text("3 min".into())),
                ("nearest", Arg::Text("12.3, 12.5, 12.9".into())),
            ];
            let text =
                arbitre_messages::message(lang, id, &args).unwrap_or_else(|e| panic!("{id}: {e}"));
            named(id.to_owned(), text);
        }
    }
    for (id, text) in audit_messages(lang) {
        named(id, text);
    }
    named("scoresheet".into(), report::scoresheet("1. e4 e5", lang));
    named("clocks".into(), report::clocks(5_400_000, 61_500, lang));
    let outcome = Outcome::new(GameResult::Draw, Termination::Agreement, "9.1");
    named(
        "result".into(),
        report::result(Some(&outcome), State::Finished, lang),
    );
    out
}

/// Every message of `arbitre audit` (`audit-…`), with made-up arguments
/// as the audit gives them (sides, codes to choose words by, counts, moves
/// in the language's piece letters, times already formatted), once with
/// each value of each of its selectors.
fn audit_messages(lang: Language) -> Vec<(String, String)> {
    let french = lang == Language::Fr;
    let said = |fr: &str, en: &str| Arg::Text(if french { fr } else { en }.to_owned());
    let base: Vec<(&str, Arg)> = vec![
        ("offset", Arg::Count(696)),
        ("line", Arg::Count(21)),
        ("why", Arg::Text("…".into())),
        ("what", Arg::Code("comment")),
        ("variant", Arg::Text("crazyhouse".into())),
        ("token", Arg::Text("foo".into())),
        ("plies", Arg::Count(3)),
        ("fen", Arg::Text("8/8/8/8/8/8/8/8 w - - 0 1".into())),
        ("code", Arg::Code("fide-2023")),
        (
            "name",
            Arg::Text(arbitre_messages::edition("fide-2023", lang)),
        ),
        ("date", Arg::Text("2014.??.??".into())),
        ("from", Arg::Text("0:02:17".into())),
        ("to", Arg::Text("0:03:32".into())),
        ("excess", Arg::Text("0:01:05".into())),
        ("clock", Arg::Text("0:00:00".into())),
        ("emt", Arg::Text("0:00:02,5".into())),
        ("expected", Arg::Text("0:14:58".into())),
        ("control", Arg::Text("900+10".into())),
        ("cause", Arg::Code("both")),
        ("illegal", Arg::Article("A.3")),
        ("claim", Arg::Article("A.3")),
        ("end", Arg::Code("checkmate")),
        ("result", Arg::Code("0-1")),
        ("recorded", Arg::Code("1/2-1/2")),
        ("number", Arg::Count(2)),
        ("turn", Arg::Code("white")),
        ("move", said("Re3", "Ke3")),
        ("refusal", Arg::Code("illegal")),
        ("side", Arg::Side(Color::Black)),
        ("flagged", Arg::Side(Color::White)),
        ("how", Arg::Code("time")),
        ("dead", Arg::Code("yes")),
        ("ply", Arg::Count(256)),
        ("more", Arg::Count(7)),
        ("kind", Arg::Code("threefold")),
        ("repetitions", Arg::Count(3)),
        ("moves", Arg::Count(50)),
        ("went_on", Arg::Code("yes")),
        ("played", Arg::Code("other")),
        ("played_move", said("e5", "e5")),
        ("game", Arg::Count(12)),
        ("file", Arg::Text("`broadcast/FWWRC.pgn`".into())),
        (
            "tags",
            Arg::Text("`Tokhirjonova - Jarocka, 1/2-1/2`".into()),
        ),
        ("message", Arg::Text("…".into())),
        ("editions", Arg::Text("fide-2005 2, fide-2023 3".into())),
        ("games", Arg::Count(3)),
        ("findings", Arg::Count(4)),
        ("notes", Arg::Count(1)),
        ("bytes", Arg::Count(12_935)),
        ("files", Arg::Count(2)),
        ("secs", said("0,1", "0.1")),
        ("rate", Arg::Count(95)),
        ("jobs", Arg::Count(2)),
        ("error", Arg::Text("…".into())),
        ("bom", Arg::Code("no")),
        ("at", Arg::Count(4)),
    ];
    let codes = |values: &[&'static str]| values.iter().map(|v| Arg::Code(v)).collect::<Vec<_>>();
    let counts = |values: &[i64]| values.iter().map(|n| Arg::Count(*n)).collect::<Vec<_>>();
    let selectors: Vec<(&str, Vec<Arg>)> = vec![
        ("what", codes(&["comment", "tag"])),
        (
            "end",
            codes(&["checkmate", "stalemate", "fivefold", "seventy-five", "dead"]),
        ),
        ("turn", codes(&["white", "black"])),
        ("refusal", codes(&["ambiguous", "illegal"])),
        ("cause", codes(&["illegal", "claim", "both"])),
        ("how", codes(&["time", "abandonment"])),
        ("dead", codes(&["yes", "no"])),
        ("kind", codes(&["threefold", "fifty"])),
        ("went_on", codes(&["yes", "no"])),
        ("played", codes(&["it", "other", "none"])),
        ("bom", codes(&["yes", "no"])),
        ("more", counts(&[0, 1, 7])),
        ("plies", counts(&[0, 1, 3])),
        ("repetitions", counts(&[3, 4, 5, 6])),
        ("games", counts(&[1, 3])),
        ("findings", counts(&[1, 4])),
        ("notes", counts(&[1, 2])),
        ("files", counts(&[1, 2])),
        ("bytes", counts(&[1, 12_935])),
    ];
    let ftl = if lang == Language::Fr { FR_FTL } else { EN_FTL };
    let ids = ftl
        .lines()
        .filter_map(|l| l.split_once(" = "))
        .map(|(id, _)| id)
        .filter(|id| id.starts_with("audit-"));
    let mut out = Vec::new();
    for id in ids {
        let mut render = |args: &[(&str, Arg)]| {
            let text =
                arbitre_messages::message(lang, id, args).unwrap_or_else(|e| panic!("{id}: {e}"));
            out.push((id.to_owned(), text));
        };
        render(&base);
        for (name, values) in &selectors {
            for value in values {
                let args: Vec<(&str, Arg)> = base
                    .iter()
                    .map(|(n, a)| (*n, if n == name { value.clone() } else { a.clone() }))
                    .collect();
                render(&args);
            }
        }
    }
    assert!(out.len() > 50, "the audit's messages are rendered");
    out
}

const STATES: [State; 4] = [
    State::Playing,
    State::Adjourned,
    State::AwaitingRuling {
        what: arbitre_laws::Ruling::Mate {
            side: shakmaty::Color::White,
        },
    },
    State::Finished,
];

#[test]
fn every_note_and_event_renders_in_every_catalogue() {
    for lang in CATALOGUED {
        for (what, text) in everything(lang) {
            assert!(!text.trim().is_empty(), "{lang:?}: {what} is empty");
            assert!(
                !text.contains('{') && !text.contains('\u{2068}'),
                "{lang:?}: {what}: {text}"
            );
        }
    }
}

/// The message ids of a catalogue, checking that it parses and holds each
/// id once.
fn ids(name: &str, source: &str) -> BTreeSet<String> {
    if let Err((_, errors)) = fluent_bundle::FluentResource::try_new(source.to_owned()) {
        panic!("{name} does not parse: {errors:?}");
    }
    let mut ids = BTreeSet::new();
    for line in source.lines() {
        let Some((id, _)) = line.split_once(" =") else {
            continue;
        };
        if id.starts_with(|c: char| c.is_ascii_lowercase())
            && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        {
            assert!(ids.insert(id.to_owned()), "{name}: {id} twice");
        }
    }
    ids
}

#[test]
fn both_catalogues_have_the_same_ids_and_every_note_its_message() {
    let en = ids("en.ftl", EN_FTL);
    let fr = ids("fr.ftl", FR_FTL);
    assert_eq!(
        en.symmetric_difference(&fr).collect::<Vec<_>>(),
        Vec::<&String>::new(),
        "ids in one catalogue only"
    );
    // the notes' messages are exactly the notes' codes: besides them, only
    // the words they are made of, with prefixes no note code has
    let helpers = [
        "side-",
        "actor-",
        "claim-kind-",
        "result-",
        "termination-",
        "ending-",
        "edition-",
        "cli-envelope-",
        "analyze-",
        "fen-",
        "state-",
        "game-type-",
        "kind-",
        "event",
        "report-",
        // arbitre audit: its findings, report, summary and errors
        "audit-",
        // what a server records by itself (arbitre serve): no note's
        "server-",
        // the pages' words (web/: buttons, labels, tooltips)
        "ui-",
    ];
    let codes: BTreeSet<String> = Note::examples()
        .iter()
        .map(|n| n.code().to_owned())
        .collect();
    for code in &codes {
        assert!(en.contains(code), "no message for the note code {code}");
        assert!(
            !helpers.iter().any(|h| code.starts_with(h)),
            "the note code {code} looks like a helper message"
        );
    }
    for id in &en {
        assert!(
            codes.contains(id) || helpers.iter().any(|h| id.starts_with(h)),
            "{id} is neither a note's code nor a helper message"
        );
    }
}

#[test]
fn french_has_no_english() {
    for (what, text) in everything(Language::Fr) {
        let words = english::english_words(&text);
        assert!(words.is_empty(), "{what}: {text}: English {words:?}");
    }
    // the check itself finds the words of the old mixed output
    assert_eq!(
        english::english_words("Blancs: claims threefold (Reject, checkmate)"),
        ["claims", "reject", "checkmate"]
    );
}

#[test]
fn languages_without_a_catalogue_are_shown_in_english() {
    for lang in [Language::De, Language::Es, Language::It, Language::Nl] {
        assert_eq!(everything(lang), everything(Language::En));
        assert_eq!(arbitre_messages::ftl(lang), EN_FTL);
    }
}

#[test]
fn golden_sentences() {
    let notes = [
        (
            Note::ClaimIncorrect {
                side: Color::White,
                taken: 150_000,
                bonus: 180_000,
            },
            "White's claim is incorrect: 2 min 30 s taken from the claimant, 3 min added to the opponent; the game continues",
            "Réclamation injustifiée des Blancs : le demandeur perd 2 min 30 s, l’adversaire reçoit 3 min de plus ; la partie continue",
        ),
        (
            Note::ClaimExamined {
                side: Color::Black,
                kind: ClaimKind::Threefold,
            },
            "Black claims a draw by threefold repetition; both clocks are stopped",
            "Les Noirs réclament la nullité par triple répétition ; les deux pendules sont arrêtées",
        ),
        (
            Note::GameOver(Outcome::new(
                GameResult::WhiteWins,
                Termination::Checkmate,
                "5.1a",
            )),
            "White wins: checkmate",
            "Les Blancs gagnent : échec et mat",
        ),
        (
            Note::TimeAdjusted {
                white: 120_000,
                black: -1_500,
            },
            "The arbiter adjusts the times: White +2 min, Black -1.5 s",
            "L’arbitre corrige les temps : Blancs +2 min, Noirs -1,5 s",
        ),
        (
            Note::SealedMoveInvalid {
                side: Color::Black,
                text: "Qh9".into(),
                kind: "unreadable",
            },
            "Black's sealed move `Qh9` is false: its meaning cannot be established",
            "Le coup sous enveloppe des Noirs, « Qh9 », est faux : sa signification est impossible à établir",
        ),
        (
            Note::FlagFell(Color::Black),
            "Black's flag has fallen",
            "Le drapeau des Noirs est tombé",
        ),
        (
            Note::NotHandled(arbitre_laws::ActionKind::OfferDraw),
            "Refused: offering a draw is not for whoever did it, or not at this moment",
            "Refusé : proposer la nullité ne revient pas à qui l’a fait, ou pas à ce moment",
        ),
    ];
    for (note, en, fr) in notes {
        assert_eq!(try_render(&note, Language::En).as_deref(), Ok(en));
        assert_eq!(try_render(&note, Language::Fr).as_deref(), Ok(fr));
    }
    let claim = Event {
        t: Instant::ZERO,
        by: Actor::Player(Color::White),
        action: Action::Claim {
            kind: ClaimKind::Threefold,
            intended: Some("Cg8".into()),
        },
    };
    assert_eq!(
        try_event(&claim, Language::En).as_deref(),
        Ok("White: claims a draw by threefold repetition (declared move Cg8)")
    );
    assert_eq!(
        try_event(&claim, Language::Fr).as_deref(),
        Ok("Blancs : réclame la nullité par triple répétition (coup déclaré Cg8)")
    );
    assert_eq!(
        report::clocks(5_267_000, 61_500, Language::Fr),
        "Pendules : Blancs 1:27:47, Noirs 0:01:01,5"
    );
}

#[test]
fn a_missing_message_or_argument_is_an_error() {
    let missing = arbitre_messages::message(Language::En, "no-such-message", &[]).unwrap_err();
    assert_eq!(missing.text, "no-such-message");
    let unknown = arbitre_messages::message(Language::Fr, "flag-fell", &[]).unwrap_err();
    assert!(
        unknown.problems.iter().any(|p| p.contains("side")),
        "{unknown}"
    );
}

/// A refusal names every kind of action in words, never by its code.
#[test]
fn every_action_has_its_words_in_a_refusal() {
    for lang in [Language::En, Language::Fr] {
        for kind in arbitre_laws::ActionKind::ALL {
            let text = try_render(&Note::NotHandled(kind), lang).expect("renders");
            // the default branch quotes the code: `open`, « open »
            assert!(
                !text.contains('`') && !text.contains('«'),
                "{lang:?}: {kind:?} falls through to the default: {text}"
            );
        }
    }
}
