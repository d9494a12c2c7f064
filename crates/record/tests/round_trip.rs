//! Every event survives `event → record → JSON text → record → event`:
//! arbitrary actions of the whole vocabulary, at arbitrary times, by the
//! actor each action belongs to, under every edition.

use arbitre_laws::{
    clock::MAX_MILLIS,
    event::{Judgment, Sealed, Unrestorable},
    seal::{Commitment, Salt},
    Action, ActionKind, Actor, ClaimKind, EditionId, Event, GameResult, Instant, Power,
};
use arbitre_record::EventRecord;
use proptest::prelude::*;
use shakmaty::{Color, Square};

fn text() -> impl Strategy<Value = String> {
    // what players write, and what they should not (quotes, escapes, non-ASCII)
    prop_oneof![
        "[a-hKQRBNx1-8=+#-]{1,8}",
        "\\PC{0,12}",
        Just("é\"\\\n".to_owned())
    ]
}

fn side() -> impl Strategy<Value = Color> {
    prop_oneof![Just(Color::White), Just(Color::Black)]
}

fn time() -> impl Strategy<Value = i64> {
    prop_oneof![Just(0), Just(MAX_MILLIS), 0..=MAX_MILLIS, 0i64..10_000_000]
}

fn signed() -> impl Strategy<Value = i64> {
    prop_oneof![
        Just(-MAX_MILLIS),
        -MAX_MILLIS..=MAX_MILLIS,
        -600_000i64..600_000
    ]
}

fn action(edition: EditionId) -> impl Strategy<Value = Action> {
    let of = |power: Power| -> Vec<&'static str> {
        let provisions = edition.laws().provisions();
        provisions
            .filter(|p| p.power.allows(power))
            .map(|p| p.article)
            .collect()
    };
    let time_article = proptest::sample::select(of(Power::Time));
    let result_article = proptest::sample::select(of(Power::Result));
    prop_oneof![
        (text(), any::<bool>(), proptest::option::of(0i64..=60_000))
            .prop_map(|(text, press, lag)| Action::Move { text, press, lag }),
        Just(Action::Press),
        (0u32..64).prop_map(|s| Action::Touch(Square::new(s))),
        Just(Action::OfferDraw),
        Just(Action::AcceptDraw),
        Just(Action::DeclineDraw),
        (
            proptest::sample::select(ClaimKind::ALL.to_vec()),
            proptest::option::of(text())
        )
            .prop_map(|(kind, intended)| Action::Claim {
                intended: intended
                    .filter(|_| matches!(kind, ClaimKind::Threefold | ClaimKind::FiftyMoves)),
                kind,
            }),
        Just(Action::Resign),
        text().prop_map(|t| Action::Seal(t.as_str().into())),
        any::<[u8; 32]>().prop_map(|c| Action::Seal(Sealed::Committed(Commitment(c)))),
        (text(), any::<[u8; 32]>()).prop_map(|(text, salt)| Action::Open {
            text,
            salt: Salt(salt)
        }),
        Just(Action::Arrive),
        (text(), text()).prop_map(|(resume_at, place)| Action::Adjourn { resume_at, place }),
        Just(Action::Resume),
        proptest::sample::select(Judgment::ALL.to_vec()).prop_map(Action::Ruling),
        Just(Action::EnvelopeLost),
        proptest::sample::select(Unrestorable::ALL.to_vec()).prop_map(Action::Unrestorable),
        (time(), time()).prop_map(|(white, black)| Action::SetClocks { white, black }),
        Just(Action::Misrestored),
        proptest::collection::vec(side(), 0..3).prop_map(|absent| Action::Start { absent }),
        Just(Action::StopClocks),
        Just(Action::RestartClocks),
        (signed(), signed(), time_article).prop_map(|(white, black, article)| {
            Action::AdjustTime {
                white,
                black,
                article,
            }
        }),
        (
            proptest::sample::select(GameResult::ALL.to_vec()),
            result_article
        )
            .prop_map(|(result, article)| Action::DeclareResult { result, article }),
        Just(Action::CallArbiter),
        proptest::option::of(side()).prop_map(Action::AnswerCall),
    ]
}

fn event() -> impl Strategy<Value = (EditionId, Event)> {
    proptest::sample::select(EditionId::ALL.to_vec()).prop_flat_map(|edition| {
        (time(), side(), action(edition)).prop_map(move |(t, side, action)| {
            let by = if action.kind().by_arbiter() {
                Actor::Arbiter
            } else {
                Actor::Player(side)
            };
            (
                edition,
                Event {
                    t: Instant(t),
                    by,
                    action,
                },
            )
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn an_event_survives_json((edition, event) in event()) {
        let record = EventRecord::from_event(&event);
        let text = serde_json::to_string(&record.to_json()).expect("serialise");
        let value: serde_json::Value = serde_json::from_str(&text).expect("parse");
        let back = EventRecord::from_json(value).expect("a record written reads back");
        prop_assert_eq!(&back, &record, "{}", text);
        let again = back.to_event(edition.laws()).expect("its articles are the edition's");
        prop_assert_eq!(again, event, "{}", text);
    }
}

/// Every kind of action is produced by the generator above: a kind added to
/// the vocabulary without a case here fails.
#[test]
fn the_generator_covers_the_vocabulary() {
    use proptest::strategy::ValueTree;
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let mut seen = std::collections::HashSet::new();
    for _ in 0..5000 {
        let (_, e) = event().new_tree(&mut runner).unwrap().current();
        seen.insert(e.action.kind());
    }
    for k in ActionKind::ALL {
        assert!(seen.contains(&k), "{} never generated", k.code());
    }
}

#[test]
fn a_record_of_another_version_is_refused() {
    let v2 = serde_json::json!({"v": 2, "t": 1, "by": "white", "move": "e4"});
    let e = EventRecord::from_json(v2).unwrap_err();
    assert_eq!(e.path, "v");
    assert!(e.message.contains("version 1"), "{e}");
    let v1 = serde_json::json!({"v": 1, "t": 1, "by": "white", "move": "e4"});
    assert!(EventRecord::from_json(v1).is_ok());
}
