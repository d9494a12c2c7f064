//! Stored games: every scenario stored and restored is the scenario played;
//! the golden stored games committed in `tests/stored/` still load and replay
//! to what they recorded; a replay that differs says so.

use std::path::{Path, PathBuf};

use arbitre_laws::{seal::Salt, Game, Instant};
use arbitre_record::{
    scenario,
    stored::{Divergence, StoredGame},
    RecordError,
};
use serde_json::Value;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    out.sort();
    out
}

/// What a game shows: result, position, clocks, record.
fn shown(game: &Game) -> String {
    format!(
        "{:?} {:?} {:?} {:?} {:?}",
        game.outcome(),
        game.state(),
        shakmaty::fen::Fen::from_position(game.position(), shakmaty::EnPassantMode::Legal)
            .to_string(),
        game.remaining_at(game.now()),
        game.scoresheet()
    )
}

fn counting_salt() -> impl FnMut() -> Result<Salt, RecordError> {
    let mut n = 0u8;
    move || {
        n = n.wrapping_add(1);
        Ok(Salt([n; 32]))
    }
}

#[test]
fn every_scenario_stored_and_restored_is_the_scenario_played() {
    let mut count = 0;
    for dir in ["tests/scenarios", "tests/conformance"] {
        for sub in files_in_subdirs(&root().join(dir)) {
            let text = std::fs::read_to_string(&sub).expect("read");
            let s = scenario::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", sub.display()));
            let Ok(mut played) = scenario::start(&s) else {
                continue; // a setup the engine refuses has nothing to store
            };
            for e in &s.events {
                played.apply(e);
            }
            played.advance(
                s.until
                    .or_else(|| s.events.last().map(|e| e.t))
                    .unwrap_or(Instant::ZERO),
            );
            let (stored, live) = StoredGame::from_scenario(&s, &mut counting_salt())
                .unwrap_or_else(|e| panic!("{}: {e}", sub.display()));
            let json = stored.to_json().to_string();
            // no sealed move in clear: every seal is a commitment
            for entry in stored.to_json()["entries"].as_array().expect("entries") {
                assert!(
                    !entry.get("seal").is_some_and(Value::is_string),
                    "{}: a sealed move in clear: {entry}",
                    sub.display()
                );
            }
            let back =
                StoredGame::parse(&json).unwrap_or_else(|e| panic!("{}: {e}", sub.display()));
            assert_eq!(
                back,
                stored,
                "{}: the stored form does not read back",
                sub.display()
            );
            let r = back.replay().expect("replays");
            assert!(
                r.divergences.is_empty(),
                "{}: {:?}",
                sub.display(),
                r.divergences
            );
            assert_eq!(shown(&r.game), shown(&played), "{}", sub.display());
            assert_eq!(shown(&live), shown(&played), "{}", sub.display());
            count += 1;
        }
    }
    assert!(
        count > 600,
        "expected the project's scenarios, found {count}"
    );
}

fn files_in_subdirs(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            out.extend(files(&path));
        }
    }
    out.sort();
    out
}

#[test]
fn golden_stored_games_still_replay_to_what_they_recorded() {
    let golden = files(&root().join("tests/stored"));
    assert!(golden.len() >= 8, "the golden stored games are missing");
    let mut verdicts = 0;
    for path in &golden {
        let text = std::fs::read_to_string(path).expect("read");
        let stored = StoredGame::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let r = stored
            .replay()
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(
            r.divergences.is_empty(),
            "{}: {:?}",
            path.display(),
            r.divergences
        );
        assert_eq!(
            r.game
                .outcome()
                .map(arbitre_record::OutcomeRecord::from_outcome),
            stored.outcome
        );
        verdicts += stored
            .entries
            .iter()
            .map(|e| e.verdicts.len())
            .sum::<usize>();
    }
    assert!(verdicts >= 3, "the golden games should hold mate verdicts");
}

/// A recorded verdict is what the replay follows: the record altered to
/// the opposite answer, the replay ends otherwise, and says so.
#[test]
fn a_replay_that_differs_from_the_record_says_so() {
    let path = root().join("tests/stored/2001-6.9-time-forfeit-draw-opponent-lone-king.json");
    let mut stored =
        StoredGame::parse(&std::fs::read_to_string(path).expect("read")).expect("parse");
    let verdict = stored
        .entries
        .iter_mut()
        .flat_map(|e| e.verdicts.iter_mut())
        .next()
        .expect("a flag fall against a lone king rests on a verdict");
    assert_eq!(verdict.answer, arbitre_laws::dead::MateAnswer::Cannot);
    verdict.answer = arbitre_laws::dead::MateAnswer::Can;
    let r = stored.replay().expect("replays");
    assert!(
        r.divergences
            .iter()
            .any(|d| matches!(d, Divergence::Outcome { .. })),
        "{:?}",
        r.divergences
    );
    assert_eq!(
        r.game.outcome().map(|o| o.termination.code()),
        Some("time-forfeit"),
        "the replay follows the recorded verdict, not a new search"
    );
}

#[test]
fn malformed_stored_games_say_where() {
    let path = root().join("tests/stored/2005-A8c-illegal-sealed-move-loses.json");
    let good: Value = serde_json::from_str(&std::fs::read_to_string(path).expect("read")).unwrap();
    type Break = Box<dyn Fn(&mut Value)>;
    let cases: Vec<(Break, &str)> = vec![
        (Box::new(|g| g["v"] = 2.into()), "v"),
        (
            Box::new(|g| {
                g.as_object_mut().unwrap().remove("v");
            }),
            "v",
        ),
        (
            Box::new(|g| g["entries"][3]["seq"] = 7.into()),
            "entries[3].seq",
        ),
        (
            Box::new(|g| g["entries"][2]["seal"]["commitment"] = "zz".into()),
            "entries[2].seal.commitment",
        ),
        (
            Box::new(|g| g["entries"][1]["decisions"][0]["t"] = (-1).into()),
            "entries[1].decisions[0].t",
        ),
        (
            Box::new(|g| g["setup"]["edition"] = "fide-1999".into()),
            "setup.edition",
        ),
        (
            Box::new(|g| g["outcome"]["colour"] = 1.into()),
            "outcome.colour",
        ),
        (
            Box::new(|g| g["entries"][0]["by"] = "referee".into()),
            "entries[0].by",
        ),
    ];
    for (break_it, path) in cases {
        let mut g = good.clone();
        break_it(&mut g);
        let e = StoredGame::parse(&g.to_string())
            .and_then(|s| s.replay().map(|_| ()))
            .expect_err(path);
        assert_eq!(e.path, path, "{e}");
    }
}
