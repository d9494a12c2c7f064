//! `arbitre analyze` end to end: a few positions written here, malformed
//! input, stdin, and the CHA-labelled dev set of chasolver's test vectors in
//! `../shared/corpus/unwinnability/dev_set.tsv` (read in place, never copied:
//! set `ARBITRE_UNWINNABILITY` to use another copy; when absent the test says
//! it did not run, and fails under `ARBITRE_REQUIRE_CORPUS=1`).

use std::{
    io::Write,
    path::PathBuf,
    process::{Command, Output, Stdio},
};

use serde_json::Value;
use shakmaty::{fen::Fen, uci::UciMove, CastlingMode, Chess, Color, Position, PositionError};

const README: &str = "5b2/p7/Pp3k2/1Pp1pBp1/2P1P1P1/5K2/8/8 w - -";
const KB_K: &str = "4k3/8/8/8/8/8/8/4KB2 w - - 0 1";
const K_KQ: &str = "4k3/8/8/8/8/8/8/3QK3 b - - 0 1";

fn arbitre(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .arg("analyze")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run arbitre");
    // Fed from a thread: a large input must not wait on unread output.
    let mut pipe = child.stdin.take().expect("stdin");
    let input = stdin.unwrap_or("").to_owned();
    let feeder = std::thread::spawn(move || pipe.write_all(input.as_bytes()));
    let out = child.wait_with_output().expect("arbitre output");
    feeder.join().expect("feeder").expect("feed stdin");
    out
}

fn json_lines(out: &Output) -> Vec<Value> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect()
}

fn position(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .expect("FEN")
        .into_position(CastlingMode::Standard)
        .or_else(PositionError::ignore_too_much_material)
        .or_else(PositionError::ignore_impossible_check)
        .expect("position")
}

/// Plays the UCI `line` from `fen`: does it end in checkmate by `side`?
fn mates(fen: &str, side: Color, line: &Value) -> bool {
    let Some(moves) = line.as_array() else {
        return false;
    };
    let mut pos = position(fen);
    for m in moves {
        let Some(m) = m
            .as_str()
            .and_then(|s| s.parse::<UciMove>().ok())
            .and_then(|u| u.to_move(&pos).ok())
        else {
            return false;
        };
        pos.play_unchecked(m);
    }
    pos.is_checkmate() && pos.turn() == !side
}

const KEYS: [&str; 7] = [
    "fen",
    "white_can_mate",
    "black_can_mate",
    "dead",
    "white_line",
    "black_line",
    "nodes",
];

#[test]
fn verdicts_on_known_positions() {
    let out = arbitre(&["--json", README, KB_K, K_KQ], None);
    assert!(out.status.success());
    let v = json_lines(&out);
    assert_eq!(v.len(), 3);
    for o in &v {
        for key in KEYS {
            assert!(o.get(key).is_some(), "{key} missing in {o}");
        }
    }
    // nodes searched, both sides (a lone bishop's side needs no search)
    assert!(v[0]["nodes"].as_u64().is_some_and(|n| n > 0), "{}", v[0]);
    assert!(v[1]["nodes"].is_u64());

    // The chasolver README position: White can mate, Black cannot.
    assert_eq!(v[0]["fen"], README);
    assert_eq!(v[0]["white_can_mate"], "yes");
    assert_eq!(v[0]["black_can_mate"], "no");
    assert_eq!(v[0]["dead"], false);
    assert!(mates(README, Color::White, &v[0]["white_line"]));
    assert!(v[0]["black_line"].is_null());
    let san = v[0]["white_san"].as_array().expect("SAN line");
    assert!(san
        .last()
        .and_then(Value::as_str)
        .is_some_and(|s| s.ends_with('#')));

    // King and bishop against king: dead.
    assert_eq!(v[1]["white_can_mate"], "no");
    assert_eq!(v[1]["black_can_mate"], "no");
    assert_eq!(v[1]["dead"], true);

    // A lone king against king and queen: only the queen's side can mate.
    assert_eq!(v[2]["white_can_mate"], "yes");
    assert_eq!(v[2]["black_can_mate"], "no");
    assert!(mates(K_KQ, Color::White, &v[2]["white_line"]));
}

#[test]
fn fast_never_says_yes() {
    let out = arbitre(&["--fast", "--json", README, KB_K, K_KQ], None);
    assert!(out.status.success());
    let v = json_lines(&out);
    let verdicts: Vec<(&str, &str)> = v
        .iter()
        .map(|o| {
            (
                o["white_can_mate"].as_str().unwrap_or("?"),
                o["black_can_mate"].as_str().unwrap_or("?"),
            )
        })
        .collect();
    assert_eq!(
        verdicts,
        [("unknown", "no"), ("no", "no"), ("unknown", "no")]
    );
    assert!(v
        .iter()
        .all(|o| o["white_line"].is_null() && o["black_line"].is_null()));
}

#[test]
fn text_output() {
    let out = arbitre(&[README], None);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("white can mate: yes  1. "), "{text}");
    assert!(text.contains("black can mate: no"), "{text}");
    assert!(text.contains("dead: no"), "{text}");
}

/// `--lang fr`: the report and the errors in French, the helpmate line
/// in French piece letters (the UCI moves unchanged), no English word.
#[test]
fn the_report_in_french() {
    let out = arbitre(
        &[
            "--lang",
            "fr",
            "8/8/4k3/8/8/4K3/4Q3/8 w - - 0 1",
            "4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1",
            "not a fen",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("les Blancs peuvent mater : oui  1. R"),
        "{text}"
    );
    assert!(text.contains("D"), "{text}");
    assert!(text.contains("les Noirs peuvent mater : non"), "{text}");
    assert!(text.contains("position morte : non"), "{text}");
    assert!(
        text.contains("erreur : position illégale : le camp qui n’a pas le trait est en échec"),
        "{text}"
    );
    assert!(text.contains("erreur : FEN mal formée"), "{text}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("2 entrées ne sont pas des positions légales"),
        "{stderr}"
    );
    // the words of each line after the FEN, up to the UCI moves in brackets
    let said: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("  "))
        .map(|l| l.split('[').next().unwrap_or(l))
        .collect();
    for english in ["can mate", "dead:", "error", "yes", "nodes", "not a legal"] {
        let line = said.iter().find(|l| l.contains(english));
        assert!(line.is_none(), "{english} in {text}");
    }
    // the helpmate line in French letters: R(oi), D(ame), no K, Q or N
    let line = said
        .iter()
        .find_map(|l| l.split_once("oui  ").map(|(_, moves)| moves))
        .expect("a helpmate line");
    assert!(line.contains('D') && line.contains('R'), "{line}");
    assert!(!line.contains(['K', 'Q', 'N']), "{line}");
}

#[test]
fn bad_fens_are_reported_and_the_command_goes_on() {
    let bad = [
        "not a fen",
        "8/8/8/8/8/8/8/8 w - - 0 1",       // no kings
        "4k3/8/8/8/8/8/8/4K2R b K - 0 1",  // legal: analysed
        "4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1", // the side not to move is in check
        "4k3/8/8/8/8/8/8/P3K3 w - - 0 1",  // pawn on the back rank
    ];
    let mut args = vec!["--json"];
    args.extend(bad);
    let out = arbitre(&args, None);
    // every input analysed or reported, and the status says some were not
    // positions
    assert_eq!(out.status.code(), Some(1));
    let v = json_lines(&out);
    assert_eq!(v.len(), bad.len(), "one line per input");
    for (o, fen) in v.iter().zip(bad) {
        assert_eq!(o["fen"], fen);
    }
    let errors: Vec<bool> = v.iter().map(|o| o.get("error").is_some()).collect();
    assert_eq!(errors, [true, true, false, true, true]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.lines().count(), 5, "{stderr}");
    assert!(stderr.contains("`not a fen`: malformed FEN"), "{stderr}");
    // in chess terms, each said once
    assert!(
        stderr.contains("not a legal position: the board is empty; a side has no king"),
        "{stderr}"
    );
    assert!(
        stderr.contains("the side not to move is in check"),
        "{stderr}"
    );
    assert!(
        stderr.contains("a pawn stands on the first or the last rank"),
        "{stderr}"
    );
    assert!(
        !stderr.contains("illegal position: illegal position"),
        "{stderr}"
    );
    assert!(
        stderr.contains("4 input(s) not a legal position"),
        "{stderr}"
    );
    // the text report keeps its place for a bad input too
    let mut args = vec![];
    args.extend(bad);
    let out = arbitre(&args, None);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text.matches("  error: ").count(), 4, "{text}");
    assert!(
        text.starts_with("not a fen\n  error: malformed FEN"),
        "{text}"
    );
    // raw bytes of the input are never written to the terminal
    let out = arbitre(&["8/8/8\u{1b}[2J/8 w - - 0 1"], None);
    assert_eq!(out.status.code(), Some(1));
    for stream in [&out.stdout, &out.stderr] {
        assert!(
            !stream.contains(&0x1b),
            "{}",
            String::from_utf8_lossy(stream)
        );
    }
}

#[test]
fn stdin_lines_comments_and_tsv() {
    let input = format!(
        "# a comment\n\nfen\twhite_can_mate\tblack_can_mate\n{README}\tyes\tno\tsource\n  {KB_K}  \nnonsense\n"
    );
    let out = arbitre(&["--json"], Some(&input));
    // `nonsense` is not a position
    assert_eq!(out.status.code(), Some(1));
    let v = json_lines(&out);
    assert_eq!(v.len(), 3);
    assert_eq!(v[0]["fen"], README);
    assert_eq!(v[0]["white_can_mate"], "yes");
    assert_eq!(v[1]["fen"], KB_K);
    assert_eq!(v[1]["dead"], true);
    assert_eq!(v[2]["fen"], "nonsense");
    assert!(v[2]["error"].is_string());
}

#[test]
fn usage_errors_exit_2() {
    let out = arbitre(&["--nodes", "0", KB_K], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("at least 1"));
    let out = arbitre(&["--nodes", "many", KB_K], None);
    assert_eq!(out.status.code(), Some(2));
    let out = arbitre(&["--nodes", "16777216", "--json", KB_K], None);
    assert_eq!(out.status.code(), Some(0));
    let out = arbitre(&["--no-such-flag"], None);
    assert_eq!(out.status.code(), Some(2));
}

/// `--nodes`: a side the search cannot decide within the limit is unknown,
/// and the nodes reported never exceed the limit for both sides.
#[test]
fn unknown_at_the_node_limit() {
    let out = arbitre(&["--json", "--nodes", "4", README], None);
    assert!(out.status.success());
    let v = json_lines(&out);
    assert_eq!(v[0]["white_can_mate"], "unknown");
    assert_eq!(v[0]["dead"], Value::Null);
    assert!(v[0]["nodes"].as_u64().is_some_and(|n| n <= 8), "{}", v[0]);
    let free = json_lines(&arbitre(&["--json", README], None));
    let used = free[0]["nodes"].as_u64().expect("nodes");
    // a limit above what the search needs changes nothing
    let limit = used.to_string();
    let roomy = json_lines(&arbitre(&["--json", "--nodes", &limit, README], None));
    assert_eq!(roomy[0]["white_can_mate"], "yes");
    assert_eq!(roomy[0]["white_line"], free[0]["white_line"]);
    assert_eq!(roomy[0]["nodes"], free[0]["nodes"]);
}

/// The dev set's path and text, or `None` (the test does not run) with a
/// line on stderr saying so; with `ARBITRE_REQUIRE_CORPUS=1` a missing dev
/// set fails the test instead.
fn dev_set(test: &str) -> Option<(PathBuf, String)> {
    let path = std::env::var_os("ARBITRE_UNWINNABILITY")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .join("../../../shared/corpus/unwinnability/dev_set.tsv")
        });
    match std::fs::read_to_string(&path) {
        Ok(text) => Some((path, text)),
        Err(e) => {
            let why = format!("{test}: cannot read {}: {e}", path.display());
            assert!(
                std::env::var_os("ARBITRE_REQUIRE_CORPUS").is_none_or(|v| v != "1"),
                "ARBITRE_REQUIRE_CORPUS=1 but {why}"
            );
            // past libtest's capture: a test that did not run must be seen
            let _ = writeln!(std::io::stderr(), "NOT RUN: {why}");
            None
        }
    }
}

#[test]
fn dev_set_agrees_with_the_labels() {
    let Some((path, text)) = dev_set("dev_set_agrees_with_the_labels") else {
        return;
    };
    let rows: Vec<Vec<&str>> = text
        .lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split('\t').collect())
        .collect();
    let out = arbitre(&["--json"], Some(&text));
    assert!(out.status.success());
    let v = json_lines(&out);
    assert_eq!(
        v.len(),
        rows.len(),
        "one line per position of {}",
        path.display()
    );

    let (mut decided, mut agree, mut beyond_labels, mut errors) = (0, 0, 0, 0);
    for (row, o) in rows.iter().zip(&v) {
        let fen = row[0];
        assert_eq!(o["fen"], fen);
        if o.get("error").is_some() {
            errors += 1;
            decided += row[1..3].iter().filter(|l| **l != "unknown").count();
            continue;
        }
        for (side, key, line, label) in [
            (Color::White, "white_can_mate", "white_line", row[1]),
            (Color::Black, "black_can_mate", "black_line", row[2]),
        ] {
            let ours = o[key].as_str().unwrap_or("?");
            match ours {
                // A `no` is never labelled `yes`; some `unknown` labels we decide.
                "no" => assert_ne!(label, "yes", "{fen}: {key} no, labelled yes"),
                "yes" => {
                    assert_ne!(label, "no", "{fen}: {key} yes, labelled no");
                    assert!(mates(fen, side, &o[line]), "{fen}: {line} does not mate");
                }
                "unknown" => {}
                other => panic!("{fen}: {key} = {other}"),
            }
            if label == "unknown" {
                beyond_labels += usize::from(ours != "unknown");
            } else {
                decided += 1;
                agree += usize::from(ours == label);
            }
        }
        let dead = o["white_can_mate"] == "no" && o["black_can_mate"] == "no";
        assert_eq!(o["dead"].as_bool() == Some(true), dead, "{fen}: dead");
    }
    println!(
        "{} positions: {agree} of {decided} labelled verdicts agree, \
         {beyond_labels} decided where the label is unknown, {errors} errors",
        rows.len()
    );
    assert!(
        agree * 100 >= decided * 99,
        "{agree} of {decided} labelled verdicts agree"
    );
}
