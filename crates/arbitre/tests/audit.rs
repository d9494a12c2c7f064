//! `arbitre audit` end to end, on games cut from the lichess open database
//! (CC0) and hand-edited variants of them (see `fixtures/audit/README.md`).

use std::{
    io::Write,
    path::{Path, PathBuf},
    process::{Command, Output, Stdio},
};

use arbitre::audit::{audit_reader, Kind, Options};
use serde_json::Value;

#[path = "../../messages/tests/common/english.rs"]
mod english;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/audit")
        .join(name)
}

fn arbitre(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbitre"))
        .args(args)
        .output()
        .expect("run arbitre")
}

fn audit_json(args: &[&str]) -> (Vec<Value>, Value, Output) {
    let mut all = vec!["audit", "--json"];
    all.extend_from_slice(args);
    let out = arbitre(&all);
    let text = String::from_utf8(out.stdout.clone()).expect("utf-8 output");
    let mut lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect();
    let summary = lines.pop().expect("a summary line");
    let summary = summary["summary"].clone();
    assert!(summary.is_object(), "last line is {{\"summary\": …}}");
    (lines, summary, out)
}

fn kinds(game: &Value) -> Vec<String> {
    listed(game, "findings")
}

/// The kinds of a game's `findings` or `notes`.
fn listed(game: &Value, key: &str) -> Vec<String> {
    game[key]
        .as_array()
        .unwrap_or_else(|| panic!("no {key} in {game}"))
        .iter()
        .map(|f| f["kind"].as_str().expect("kind").to_owned())
        .collect()
}

/// A PGN text written to a file of this name in a new temporary folder
/// (kept as long as the folder's handle).
fn written(name: &str, text: impl AsRef<[u8]>) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join(name);
    std::fs::write(&file, text).expect("written");
    (dir, file)
}

fn path(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}

#[test]
fn json_shape_is_fixed() {
    let file = fixture("lichess.pgn");
    let (games, summary, out) = audit_json(&[path(&file)]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(games.len(), 5);
    for (i, g) in games.iter().enumerate() {
        let obj = g.as_object().expect("object");
        let mut keys: Vec<&str> = obj.keys().map(String::as_str).collect();
        keys.sort_unstable();
        assert_eq!(
            keys,
            ["edition", "file", "findings", "game", "offset", "plies", "tags"],
            "keys of game {i}"
        );
        assert_eq!(g["game"], i as u64 + 1);
        // played in 2025: the Laws of 2023
        assert_eq!(g["edition"], "fide-2023");
        assert_eq!(g["file"], path(&file));
        assert!(g["tags"]["Site"].as_str().is_some());
        for f in g["findings"].as_array().expect("findings") {
            let mut keys: Vec<&str> = f
                .as_object()
                .expect("finding")
                .keys()
                .map(String::as_str)
                .collect();
            keys.sort_unstable();
            assert_eq!(keys, ["article", "class", "fen", "kind", "message", "ply"]);
        }
    }
    // byte offsets of the `[Event` lines
    let offsets: Vec<u64> = games
        .iter()
        .map(|g| g["offset"].as_u64().expect("offset"))
        .collect();
    assert_eq!(offsets, [0, 1532, 2228, 6497, 8841]);
    assert_eq!(games[0]["plies"], 42);
    // the checkmate, the resignation and the time forfeit against a lone king
    // (drawn, as 6.9 says) are all right; time was given in game 4
    assert!(kinds(&games[0]).is_empty());
    assert!(kinds(&games[1]).is_empty());
    assert!(kinds(&games[2]).is_empty());
    // a note about the record, not a violation: counted, not listed
    assert!(kinds(&games[3]).is_empty());
    assert!(games[3].get("notes").is_none(), "{}", games[3]);
    // claimable draws are off by default
    assert!(kinds(&games[4]).is_empty());
    assert_eq!(summary["games"], 5);
    assert_eq!(summary["games_with_findings"], 0);
    assert_eq!(summary["games_with_notes"], 1);
    assert_eq!(summary["notes"], 1);
    assert_eq!(summary["by_kind"]["clock-increase"]["games"], 1);
    assert_eq!(summary["by_kind"]["clock-increase"]["class"], "note");
    // notes are never worst examples
    assert_eq!(summary["worst"], serde_json::json!([]));
    // listed with --notes, each with its class
    let (games, summary, _) = audit_json(&["--notes", path(&file)]);
    assert_eq!(listed(&games[3], "notes"), ["clock-increase"]);
    assert_eq!(games[3]["notes"][0]["ply"], 68);
    assert_eq!(games[3]["notes"][0]["class"], "note");
    assert!(kinds(&games[3]).is_empty());
    assert_eq!(summary["games_with_findings"], 0);
    assert_eq!(summary["edition"], "auto");
    assert_eq!(summary["games_by_edition"]["fide-2023"], 5);
}

#[test]
fn claimable_draws_on_request() {
    let (games, _, _) = audit_json(&["--claimable", path(&fixture("lichess.pgn"))]);
    assert_eq!(kinds(&games[4]), ["claimable-threefold"]);
    let f = &games[4]["findings"][0];
    assert_eq!(f["class"], "claimable");
    // White, to move, could have written 63. Kf2 and claimed (9.2.1.1):
    // the finding is his, at the ply of the move he would have written,
    // with the position he would have claimed in
    assert_eq!(f["article"], "9.2.1.1");
    assert_eq!(f["ply"], 125);
    assert_eq!(f["fen"], "8/8/8/8/5k2/5p2/8/6K1 w - - 14 63");
    let message = f["message"].as_str().expect("a message");
    assert!(message.starts_with("White could have claimed"), "{message}");
    assert!(message.contains("63. Kf2"), "{message}");
}

/// A claim by writing a move is one even when another move is played
/// (9.2a: the player declares the move that would repeat the position),
/// credited to the player who had the move; one the game ended with (the
/// last move written, a draw) was made; and the fifty moves count from the
/// first ply, when the FEN tag's halfmove clock already stands at 99.
#[test]
fn claimable_draws_by_writing_the_move() {
    let pgn = "[Event \"by writing\"]\n[Date \"2010.01.01\"]\n[Result \"0-1\"]\n\n\
               1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 e5 5. Nf3 Nc6 0-1\n\n\
               [Event \"claimed\"]\n[Date \"2010.01.01\"]\n[Result \"1/2-1/2\"]\n\n\
               1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 1/2-1/2\n\n\
               [Event \"fifty\"]\n[Date \"2010.01.01\"]\n[Result \"1-0\"]\n\
               [FEN \"8/8/8/4k3/8/8/4K3/4R3 w - - 99 80\"]\n[SetUp \"1\"]\n\n\
               80. Kd2 Kd5 1-0\n";
    let (_dir, file) = written("claims.pgn", pgn);
    let (games, _, _) = audit_json(&["--claimable", "--edition", "fide-2005", path(&file)]);
    assert_eq!(kinds(&games[0]), ["claimable-threefold"]);
    let f = &games[0]["findings"][0];
    assert_eq!(f["article"], "9.2a");
    assert_eq!(f["ply"], 8);
    let message = f["message"].as_str().expect("a message");
    assert!(message.starts_with("Black could have claimed"), "{message}");
    assert!(message.contains("4… Ng8"), "{message}");
    assert!(message.contains("he played e5 instead"), "{message}");
    assert!(kinds(&games[1]).is_empty(), "{}", games[1]);
    let fifty = &games[2]["findings"];
    assert_eq!(kinds(&games[2]), ["claimable-fifty"], "{fifty}");
    assert_eq!(fifty[0]["article"], "9.3b");
    assert_eq!(fifty[0]["ply"], 1);
    assert_eq!(fifty[0]["fen"], "8/8/8/4k3/8/8/4K3/4R3 w - - 99 80");
    // without --claimable, none of it
    let (games, _, _) = audit_json(&["--edition", "fide-2005", path(&file)]);
    assert!(games.iter().all(|g| kinds(g).is_empty()));
}

#[test]
fn results_against_the_laws() {
    let (games, summary, _) = audit_json(&[path(&fixture("contradictions.pgn"))]);
    assert_eq!(kinds(&games[0]), ["flag-cannot-mate"]);
    let f = &games[0]["findings"][0];
    assert_eq!(f["article"], "6.9");
    assert_eq!(f["ply"], 136);
    assert_eq!(f["fen"], "8/8/4K3/5P2/6k1/8/8/8 w - - 2 69");
    assert_eq!(kinds(&games[1]), ["result-vs-board"]);
    assert_eq!(games[1]["findings"][0]["article"], "5.1.1");
    assert_eq!(summary["by_kind"]["flag-cannot-mate"]["games"], 1);
    // the 2005 Laws number the same rule 6.10
    let (games, _, _) = audit_json(&[
        "--edition",
        "fide-2005",
        path(&fixture("contradictions.pgn")),
    ]);
    assert_eq!(games[0]["findings"][0]["article"], "6.10");
}

#[test]
fn illegal_move_reported_at_its_ply() {
    let (games, _, _) = audit_json(&[path(&fixture("illegal.pgn"))]);
    assert_eq!(kinds(&games[0]), ["illegal-move"]);
    let f = &games[0]["findings"][0];
    assert_eq!(f["ply"], 3);
    assert_eq!(f["article"], "3.10.1");
    assert_eq!(games[0]["plies"], 2);
    assert!(f["message"].as_str().expect("message").contains("Ke3"));
}

#[test]
fn real_world_quirks() {
    // BOM, CRLF, Latin-1 name, NAGs, a variation, a `;` comment, no blank line
    let (games, summary, out) = audit_json(&[path(&fixture("quirks.pgn"))]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(games.len(), 2);
    assert_eq!(games[0]["tags"]["White"], "Müller, Jürgen");
    assert_eq!(games[0]["offset"], 3);
    assert_eq!(games[0]["plies"], 42);
    assert_eq!(games[1]["plies"], 12);
    assert_eq!(summary["games_with_findings"], 0);
}

#[test]
fn malformed_games_are_reported_and_the_audit_goes_on() {
    let (games, summary, out) = audit_json(&[path(&fixture("malformed.pgn"))]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(games.len(), 5);
    assert!(kinds(&games[0]).is_empty());
    assert_eq!(kinds(&games[1]), ["unparseable"]);
    assert_eq!(games[1]["offset"], 696);
    let msg = games[1]["findings"][0]["message"]
        .as_str()
        .expect("message");
    assert!(msg.contains("byte 696") && msg.contains("line 21"), "{msg}");
    assert!(
        kinds(&games[2]).is_empty(),
        "the game after a bad one is audited"
    );
    assert_eq!(games[2]["plies"], 42);
    assert!(kinds(&games[3]).is_empty());
    assert_eq!(summary["by_kind"]["truncated"]["class"], "note");
    assert_eq!(kinds(&games[4]), ["unparseable"]);
    let msg = games[4]["findings"][0]["message"]
        .as_str()
        .expect("message");
    assert!(
        msg.contains("line 83") && msg.contains("unterminated comment"),
        "{msg}"
    );
    assert_eq!(games[4]["tags"]["Site"], "https://lichess.org/8ySAcljf");
    assert_eq!(summary["by_kind"]["unparseable"]["games"], 2);
    assert_eq!(summary["by_kind"]["unparseable"]["class"], "violation");
    let (games, _, _) = audit_json(&["--notes", path(&fixture("malformed.pgn"))]);
    assert_eq!(listed(&games[3], "notes"), ["truncated"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("malformed.pgn") && stderr.contains("byte 696"),
        "{stderr}"
    );
}

#[test]
fn exit_status() {
    let clean = fixture("quirks.pgn");
    let dirty = fixture("contradictions.pgn");
    let code = |args: &[&str]| arbitre(args).status.code();
    assert_eq!(code(&["audit", path(&dirty)]), Some(0));
    assert_eq!(
        code(&["audit", "--fail-on-findings", path(&dirty)]),
        Some(1)
    );
    assert_eq!(
        code(&["audit", "--fail-on-findings", path(&clean)]),
        Some(0)
    );
    // a note about a record (a clock reading) is no violation
    assert_eq!(
        code(&[
            "audit",
            "--fail-on-findings",
            "--notes",
            path(&fixture("lichess.pgn"))
        ]),
        Some(0)
    );
    assert_eq!(code(&["audit"]), Some(2));
    assert_eq!(
        code(&["audit", "--edition", "fide-1999", path(&clean)]),
        Some(2)
    );
    assert_eq!(code(&["audit", "--json", "--csv", path(&clean)]), Some(2));
    // no workers is no audit: refused, saying why
    let out = arbitre(&["audit", "--jobs", "0", path(&clean)]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--jobs"));
}

#[test]
fn unreadable_file_is_a_clear_error() {
    let missing = fixture("no-such-file.pgn");
    let out = arbitre(&["audit", path(&fixture("quirks.pgn")), path(&missing)]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("no-such-file.pgn") && stderr.contains("cannot open"),
        "{stderr}"
    );
    assert!(out.stdout.is_empty());
    let dir = fixture("");
    let out = arbitre(&["audit", path(&dir)]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("directory"));
}

#[test]
fn input_order_with_two_jobs() {
    // 1,000 games: two batches and more, audited on two threads
    let plain = std::fs::read(fixture("lichess.pgn")).expect("fixture");
    let mut big = tempfile::NamedTempFile::new().expect("temp file");
    for _ in 0..200 {
        big.write_all(&plain).expect("write");
        big.write_all(b"\n\n").expect("write");
    }
    let big_path = big.path().to_owned();
    let one = audit_json(&["--jobs", "1", path(&big_path)]);
    let two = audit_json(&["--jobs", "2", path(&big_path)]);
    assert_eq!(one.0.len(), 1000);
    assert_eq!(one.0, two.0, "same output, in input order");
    for (i, g) in two.0.iter().enumerate() {
        assert_eq!(g["game"], i as u64 + 1);
    }
    let offsets: Vec<u64> = two
        .0
        .iter()
        .map(|g| g["offset"].as_u64().expect("offset"))
        .collect();
    assert!(offsets.windows(2).all(|w| w[0] < w[1]));
    assert_eq!(offsets[5], plain.len() as u64 + 2);
    assert_eq!(two.1["by_kind"]["clock-increase"]["games"], 200);
}

#[test]
fn compressed_input_and_stdin() {
    let plain = std::fs::read(fixture("lichess.pgn")).expect("fixture");
    let dir = tempfile::tempdir().expect("temp dir");
    let gz = dir.path().join("games.pgn.gz");
    let mut enc = flate2::write::GzEncoder::new(
        std::fs::File::create(&gz).expect("create"),
        flate2::Compression::default(),
    );
    enc.write_all(&plain).expect("gzip");
    enc.finish().expect("gzip");
    let zst = dir.path().join("games.pgn.zst");
    let packed = zstd::encode_all(&plain[..], 3).expect("zstd");
    std::fs::write(&zst, packed).expect("write");

    let (reference, _, _) = audit_json(&[path(&fixture("lichess.pgn"))]);
    let strip = |games: &[Value]| -> Vec<Value> {
        games
            .iter()
            .map(|g| {
                let mut g = g.clone();
                g["file"] = Value::Null;
                g
            })
            .collect()
    };
    for file in [&gz, &zst] {
        let (games, summary, out) = audit_json(&[path(file)]);
        assert_eq!(out.status.code(), Some(0), "{}", file.display());
        assert_eq!(strip(&games), strip(&reference), "{}", file.display());
        assert_eq!(summary["bytes"], plain.len() as u64);
    }
    // both files in one run: games are numbered on across files
    let (games, _, _) = audit_json(&[path(&gz), path(&zst)]);
    assert_eq!(games.len(), 10);
    assert_eq!(games[5]["game"], 6);
    assert_eq!(games[5]["offset"], 0);
    assert_eq!(games[5]["file"], path(&zst));

    // standard input, compressed or not
    for input in [plain.clone(), std::fs::read(&gz).expect("gz")] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_arbitre"))
            .args(["audit", "--json", "-"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("spawn");
        let mut stdin = child.stdin.take().expect("stdin");
        stdin.write_all(&input).expect("feed stdin");
        drop(stdin);
        let out = child.wait_with_output().expect("wait");
        assert_eq!(out.status.code(), Some(0));
        let text = String::from_utf8(out.stdout).expect("utf-8");
        let games: Vec<Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).expect("json"))
            .filter(|v: &Value| v.get("game").is_some())
            .collect();
        assert_eq!(games.len(), 5);
        assert_eq!(games[0]["file"], "-");
        assert_eq!(strip(&games), strip(&reference));
    }
}

#[test]
fn csv_table() {
    let out = arbitre(&["audit", "--csv", path(&fixture("contradictions.pgn"))]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "game,file,offset,white,black,result,termination,plies,kind,ply,fen,article,message"
    );
    assert_eq!(lines.len(), 3);
    assert!(lines[1].starts_with("1,") && lines[1].contains(",flag-cannot-mate,136,"));
    assert!(lines[2].contains(",result-vs-board,42,"));
}

/// A game that went on in a dead position (pawn chains locked by 2. h4, a
/// position written for this test) and was scored a win: the dead position
/// is found at its ply by the default audit, which tests only where the game
/// stopped, as by `--thorough`, which tests after every pawn move; the game
/// went on after the board had drawn it, and the finding says the result
/// written.
#[test]
fn dead_position_found_at_its_ply_as_by_thorough() {
    let pgn = "[Event \"Locked\"]\n[Result \"1-0\"]\n\
        [FEN \"8/8/4k3/1p1p1p1p/1P1P1P2/4K2P/8/8 w - - 0 1\"]\n[SetUp \"1\"]\n\n\
        1. Kf2 Ke7 2. h4 Kd6 3. Ke3 Ke6 4. Kf3 Kf7 5. Ke3 Kg6 1-0\n";
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("locked.pgn");
    std::fs::write(&file, pgn).expect("write");
    let (quick, _, _) = audit_json(&[path(&file)]);
    let (thorough, _, _) = audit_json(&["--thorough", path(&file)]);
    assert_eq!(quick, thorough);
    assert_eq!(kinds(&quick[0]), ["automatic-end-ignored"]);
    let f = &quick[0]["findings"][0];
    assert!(
        f["message"]
            .as_str()
            .is_some_and(|m| m.contains("the recorded result is 1-0")),
        "{f}"
    );
    assert_eq!(f["ply"], 3);
    assert_eq!(f["article"], "5.2.2");
    assert_eq!(f["fen"], "8/4k3/8/1p1p1p1p/1P1P1P1P/8/5K2/8 b - - 0 2");
}

/// The quick audit lets the record's next move stand for the checkmate and
/// stalemate test: a move written after a checkmate or a stalemate has the
/// game replayed with the test after every move, and reported as
/// `--thorough` reports it: the game ended there, the move is illegal, and
/// the recorded result is judged against that ending.
#[test]
fn a_move_after_checkmate_or_stalemate_is_found_illegal() {
    let pgn = "[Event \"mate\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 3. a3 0-1\n\n\
        [Event \"stalemate\"]\n[Result \"1-0\"]\n[FEN \"7k/5K2/8/8/8/8/8/6Q1 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. Qg6 Kh8 1-0\n\n";
    for thorough in [false, true] {
        let opts = Options {
            thorough,
            ..Options::default()
        };
        let mut reports = Vec::new();
        audit_reader(std::io::Cursor::new(pgn), &opts, |r| reports.push(r)).expect("read");
        let found: Vec<Vec<_>> = reports
            .iter()
            .map(|r| {
                r.findings
                    .iter()
                    .map(|f| (r.plies, f.kind.code(), f.ply, f.fen.clone().expect("fen")))
                    .collect()
            })
            .collect();
        let mate = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3".to_string();
        let stalemate = "7k/5K2/6Q1/8/8/8/8/8 b - - 1 1".to_string();
        assert_eq!(
            found,
            [
                vec![(4, "illegal-move", 5, mate)],
                vec![
                    (1, "result-vs-board", 1, stalemate.clone()),
                    (1, "illegal-move", 2, stalemate)
                ],
            ],
            "thorough: {thorough}"
        );
    }
}

/// On a terminal, stderr shows a progress bar (bytes done of the file's
/// size, games, games/s, ETA); the report on stdout is the same. Run under
/// `script` (util-linux), which gives the command a pseudo-terminal.
#[test]
fn progress_bar_on_a_terminal_only() {
    let file = fixture("lichess.pgn");
    let bin = env!("CARGO_BIN_EXE_arbitre");
    let out = tempfile::NamedTempFile::new().expect("temp file");
    let command = format!(
        "'{bin}' audit --json '{}' 2>&1 > '{}'",
        path(&file),
        path(out.path())
    );
    let terminal = Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .stdin(Stdio::null())
        .output()
        .expect("script (util-linux) runs the audit on a pseudo-terminal");
    assert!(terminal.status.success(), "{terminal:?}");
    let shown = String::from_utf8_lossy(&terminal.stdout);
    let size = std::fs::metadata(&file).expect("fixture").len();
    let kib = format!("{:.2} KiB", size as f64 / 1024.0);
    for needle in [
        format!("{kib}/{kib}"),
        "5 games".into(),
        "games/s".into(),
        "ETA".into(),
    ] {
        assert!(shown.contains(&needle), "{needle} not in {shown:?}");
    }
    // the same report as without a terminal, where stderr stays empty
    let plain = arbitre(&["audit", "--json", path(&file)]);
    assert!(
        plain.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&plain.stderr)
    );
    assert_eq!(std::fs::read(out.path()).expect("report"), plain.stdout);
}

/// A game played on past the fifth occurrence of a position: a violation
/// under the Laws that have the fivefold repetition (from 1 July 2014), not
/// under those before. `--edition auto` (the default) judges each game
/// under the Laws of its `Date` and says which; a partial date across a
/// change of the Laws takes the older; a game with no date, the latest,
/// saying so; a game older than the oldest text modelled, that text, saying
/// so; `--edition` forces one edition for all.
#[test]
fn the_edition_follows_the_date_of_the_game() {
    let shuffle = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 \
                   7. Nf3 Nf6 8. Ng1 Ng8 9. e4 e5 1/2-1/2";
    let game = |date: Option<&str>| {
        let date = date.map_or(String::new(), |d| format!("[Date \"{d}\"]\n"));
        format!("[Event \"e\"]\n{date}[Result \"1/2-1/2\"]\n\n{shuffle}\n\n")
    };
    let dates = [
        Some("1886.01.11"),
        Some("2010.06.01"),
        Some("2014.??.??"),
        Some("2014.07.01"),
        None,
        Some("????.??.??"),
    ];
    let mut file = tempfile::NamedTempFile::new().expect("temp file");
    for d in dates {
        file.write_all(game(d).as_bytes()).expect("written");
    }
    let (games, summary, _) = audit_json(&[path(file.path())]);
    let judged: Vec<(&str, Vec<String>)> = games
        .iter()
        .map(|g| (g["edition"].as_str().expect("an edition"), kinds(g)))
        .collect();
    let ignored = || vec!["automatic-end-ignored".to_string()];
    assert_eq!(
        judged,
        [
            ("fide-2001", vec![]),
            ("fide-2005", vec![]),
            ("fide-2005", vec![]),
            ("fide-2023", ignored()),
            ("fide-2023", ignored()),
            ("fide-2023", ignored()),
        ]
    );
    let note = |i: usize| games[i]["edition_note"].as_str().unwrap_or("").to_owned();
    assert!(
        note(0).contains("before fide-2001 came into force"),
        "{}",
        note(0)
    );
    assert!(games[1].get("edition_note").is_none(), "{}", games[1]);
    assert!(note(2).contains("partial"), "{}", note(2));
    // the 2023 table judges from 1 July 2014, the fivefold repetition's
    // first day: the Laws of 2014 as far as they are modelled
    assert!(
        note(3).contains("before fide-2023 came into force"),
        "{}",
        note(3)
    );
    assert!(note(4).starts_with("no date"), "{}", note(4));
    assert!(note(5).starts_with("no date"), "{}", note(5));
    assert_eq!(summary["edition"], "auto");
    assert_eq!(summary["games_by_edition"]["fide-2001"], 1);
    assert_eq!(summary["games_by_edition"]["fide-2005"], 2);
    assert_eq!(summary["games_by_edition"]["fide-2023"], 3);
    // forced: every game under the one edition, no notes
    let (games, summary, _) = audit_json(&["--edition", "fide-2023", path(file.path())]);
    assert!(games
        .iter()
        .all(|g| g["edition"] == "fide-2023" && kinds(g) == ignored()));
    assert!(games.iter().all(|g| g.get("edition_note").is_none()));
    assert_eq!(summary["edition"], "fide-2023");
    let (games, _, _) = audit_json(&["--edition", "fide-2005", path(file.path())]);
    assert!(games.iter().all(|g| kinds(g).is_empty()));
    // the text report names the edition of each game it prints
    let out = arbitre(&["audit", path(file.path())]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("judged under fide-2023"), "{text}");
    assert!(
        text.contains("each game under the Laws of its date"),
        "{text}"
    );
}

/// A game played on after a dead position is reported as one played on
/// after a fivefold repetition is, whatever result was written — a draw
/// included — at the ply the position became dead, by the quick audit as
/// by `--thorough`.
#[test]
fn a_game_played_on_after_a_dead_position_is_reported_whatever_its_result() {
    let game = |result: &str| {
        format!(
            "[Event \"dead\"]\n[Date \"2024.03.01\"]\n[Result \"{result}\"]\n\
             [FEN \"8/8/8/4k3/8/8/4p3/3BK3 w - - 0 1\"]\n[SetUp \"1\"]\n\n\
             1. Kxe2 Kd4 2. Kd2 Ke4 {result}\n\n"
        )
    };
    let mut file = tempfile::NamedTempFile::new().expect("temp file");
    for result in ["1/2-1/2", "1-0", "*"] {
        file.write_all(game(result).as_bytes()).expect("written");
    }
    for thorough in [false, true] {
        let mut args = vec![path(file.path())];
        if thorough {
            args.push("--thorough");
        }
        let (games, _, _) = audit_json(&args);
        for g in &games {
            let found = kinds(g);
            assert!(
                found.first().map(String::as_str) == Some("automatic-end-ignored"),
                "thorough {thorough}: {g}"
            );
            let f = &g["findings"][0];
            assert_eq!(f["ply"], 1, "{g}");
            assert_eq!(f["article"], "5.2.2", "{g}");
            let message = f["message"].as_str().expect("a message");
            assert!(
                message.contains("dead position") && message.contains("3 more plies"),
                "{message}"
            );
        }
    }
}

/// A file that is not PGN says so, and what to do, instead of being read
/// as one game of no moves: binary data, UTF-16 text (with a byte-order
/// mark or without); an empty file says that no games were found. Each is
/// an input that could not be audited (status 2); the other files are.
#[test]
fn files_that_are_not_pgn_say_so() {
    let dir = tempfile::tempdir().expect("temp dir");
    let pgn = "[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n";
    let utf16 = |bom: bool| {
        let mut bytes: Vec<u8> = if bom { vec![0xff, 0xfe] } else { Vec::new() };
        bytes.extend(pgn.encode_utf16().flat_map(u16::to_le_bytes));
        bytes
    };
    let mut binary = b"\x7fELF\x02\x01\x01".to_vec();
    binary.extend([0u8; 64]);
    let cases: [(&str, Vec<u8>, &str); 5] = [
        ("empty.pgn", Vec::new(), "no games found"),
        ("blank.pgn", b"\n\n  \n".to_vec(), "no games found"),
        ("binary.pgn", binary, "not a PGN file: binary data"),
        ("bom.pgn", utf16(true), "UTF-16"),
        (
            "utf16.pgn",
            utf16(false),
            "UTF-16 text without a byte-order mark",
        ),
    ];
    let good = dir.path().join("good.pgn");
    std::fs::write(&good, pgn).expect("written");
    for (name, bytes, said) in cases {
        let file = dir.path().join(name);
        std::fs::write(&file, bytes).expect("written");
        let out = arbitre(&["audit", "--json", path(&file), path(&good)]);
        assert_eq!(out.status.code(), Some(2), "{name}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains(name) && stderr.contains(said),
            "{name}: {stderr}"
        );
        // the good file after it is audited: one game, two plies
        let text = String::from_utf8_lossy(&out.stdout);
        let games: Vec<Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).expect("JSON"))
            .filter(|v: &Value| v.get("game").is_some())
            .collect();
        assert_eq!(games.len(), 1, "{name}: {text}");
        assert_eq!(games[0]["plies"], 2, "{name}");
    }
}

/// Text in the movetext that is neither a move, a move number, a comment, a
/// NAG, a variation nor a result is a finding (`unparseable`, with its byte
/// offset and line), never skipped: the game is audited up to it, its
/// result not judged on the moves before. What is PGN — comments, NAGs,
/// variations (whose moves are not the game's), castling with zeros, move
/// numbers with dots — is read as such.
#[test]
fn unreadable_text_in_the_movetext_is_a_finding() {
    let games = "[Event \"good\"]\n[Result \"1-0\"]\n\n\
        1. e4 {a comment} e5 (1... c5 2. Nf3 $14) 2. Nf3 $1 Nc6!? 3. Bb5 a6?! 4. Ba4 Nf6 5. 0-0 ; a line\n\
        %an escape line\n5... Be7 6. Re1 b5 7. Bb3 d6 1-0\n\n\
        [Event \"foo\"]\n[Result \"0-1\"]\n\n1. e4 foo e5 2. Nf3 0-1\n\n\
        [Event \"symbols\"]\n[Result \"*\"]\n\n1. d4 d5 2. c4 %%%%$$ e6 *\n\n\
        [Event \"brace\"]\n[Result \"1/2-1/2\"]\n\n1. e4 } e5 1/2-1/2\n";
    let (_dir, file) = written("stray.pgn", games);
    let (games, summary, _) = audit_json(&[path(&file)]);
    assert!(kinds(&games[0]).is_empty(), "{}", games[0]);
    assert_eq!(games[0]["plies"], 14);
    let stray = |g: &Value| {
        assert_eq!(kinds(g), ["unparseable"], "{g}");
        let f = &g["findings"][0];
        (
            g["plies"].as_u64(),
            f["ply"].as_u64(),
            f["message"].as_str().unwrap_or("").to_owned(),
        )
    };
    let (plies, ply, message) = stray(&games[1]);
    assert_eq!((plies, ply), (Some(1), Some(1)));
    let offset = games[1]["offset"].as_u64().expect("offset") + 36;
    assert!(
        message.starts_with(&format!("`foo` at byte {offset}, line 11 ")),
        "{message}"
    );
    let (plies, _, message) = stray(&games[2]);
    assert_eq!(plies, Some(3));
    assert!(message.starts_with("`%%%%` at byte"), "{message}");
    let (plies, _, message) = stray(&games[3]);
    assert_eq!(plies, Some(1));
    assert!(message.starts_with("`}` at byte"), "{message}");
    // the result is not judged on the moves before: no other finding
    assert_eq!(summary["findings"], 3);
}

/// A draw on time where the flag's opponent could still checkmate: the
/// finding gives a helpmate line as a scoresheet writes it (SAN with move
/// numbers, from the move the flagged side had to play), not in UCI.
#[test]
fn a_helpmate_line_is_written_in_san() {
    let pgn = "[Event \"flag\"]\n[Date \"2024.01.01\"]\n[Result \"1/2-1/2\"]\n\
        [Termination \"Time forfeit\"]\n[FEN \"7k/8/8/8/8/8/3q4/7K w - - 0 60\"]\n[SetUp \"1\"]\n\n\
        60. Kg1 Qd1+ 61. Kh2 Qd2+ 1/2-1/2\n";
    let (_dir, file) = written("flag.pgn", pgn);
    let (games, _, _) = audit_json(&[path(&file)]);
    assert_eq!(kinds(&games[0]), ["flag-draw-could-mate"]);
    let message = games[0]["findings"][0]["message"]
        .as_str()
        .expect("a message");
    let line = message
        .split("(e.g. ")
        .nth(1)
        .and_then(|l| l.strip_suffix(')'))
        .unwrap_or_else(|| panic!("no line in {message}"));
    assert!(line.starts_with("62.K"), "{line}");
    assert!(line.ends_with('#'), "{line}");
    // SAN, not UCI: no square pair such as `d2d1`
    assert!(
        !line.split(' ').any(|m| m.len() >= 4
            && m.bytes().take(4).all(|b| b.is_ascii_alphanumeric())
            && m.as_bytes()[1].is_ascii_digit()
            && m.as_bytes()[3].is_ascii_digit()),
        "{line}"
    );
}

/// A game whose `FEN` tag is already a finished position (checkmate,
/// stalemate, a dead position) is reported as such — the game was over
/// before its first move — not as an illegal first move; the same by the
/// quick audit and by `--thorough`. With no move after it and the right
/// result, there is nothing to report.
#[test]
fn a_start_that_is_already_finished_is_reported_as_such() {
    let game = |name: &str, fen: &str, moves: &str, result: &str| {
        format!(
            "[Event \"{name}\"]\n[Date \"2024.01.01\"]\n[Result \"{result}\"]\n\
             [FEN \"{fen}\"]\n[SetUp \"1\"]\n\n{moves} {result}\n\n"
        )
    };
    let mate = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    let stalemate = "7k/5K2/6Q1/8/8/8/8/8 b - - 1 1";
    let bare = "8/8/4k3/8/8/3K4/8/8 w - - 0 1";
    let pgn = [
        game("mate", mate, "3. a3 a6", "0-1"),
        game("stalemate", stalemate, "1... Kh7", "1/2-1/2"),
        game("bare kings", bare, "1. Kd4 Kd6", "1/2-1/2"),
        game("mate, nothing after", mate, "", "0-1"),
    ]
    .concat();
    let (_dir, file) = written("finished.pgn", pgn);
    let (quick, _, _) = audit_json(&[path(&file)]);
    let (thorough, _, _) = audit_json(&["--thorough", path(&file)]);
    assert_eq!(quick, thorough);
    for (g, what) in quick
        .iter()
        .zip(["a checkmate", "a stalemate", "a dead position"])
    {
        assert_eq!(kinds(g), ["automatic-end-ignored"], "{g}");
        let f = &g["findings"][0];
        assert_eq!(f["ply"], 0, "{g}");
        let message = f["message"].as_str().expect("a message");
        assert!(
            message.contains(&format!("the FEN tag is already {what}"))
                && message.contains("before its first move"),
            "{message}"
        );
    }
    assert!(kinds(&quick[3]).is_empty(), "{}", quick[3]);
}

/// Relayed clock readings (`%clk`) are judged as a relay takes them: a
/// reading up to one increment above what the time control gives is
/// sampling; a single reading the next one undoes (too high, or 0:00) is a
/// misread, and the next is compared with the one before it; the last
/// reading of each side (relays reset the clocks at the end) is no gain.
/// What remains is a note saying what it probably is: here one minute
/// added, what the Laws make an arbiter add in rapid for an illegal move
/// or an incorrect claim by the opponent.
#[test]
fn relayed_clock_readings_are_judged_as_a_relay_takes_them() {
    let (_dir, file) = written("clocks.pgn", relayed_clocks());
    let (games, summary, _) = audit_json(&["--notes", path(&file)]);
    assert!(kinds(&games[0]).is_empty(), "{}", games[0]);
    assert_eq!(
        listed(&games[0], "notes"),
        ["clock-increase"],
        "{}",
        games[0]
    );
    let note = &games[0]["notes"][0];
    assert_eq!(note["ply"], 11);
    let message = note["message"].as_str().expect("a message");
    assert!(
        message.contains("0:01:00 more than the time control 900+10 gives")
            && message
                .contains("consistent with the time added for an illegal move by the opponent")
            && message.contains("or an incorrect claim by the opponent"),
        "{message}"
    );
    assert_eq!(summary["notes"], 1);
}

/// A rapid game relayed with its clock readings (`%clk`): sampling, two
/// misreads, one minute added after White's 6th move, the clocks reset at
/// the end (see the test above).
fn relayed_clocks() -> String {
    let clocks = [
        ("Nf3", "0:15:00"),
        ("Nf6", "0:15:00"),
        ("Nc3", "0:15:05"),
        ("Nc6", "0:15:08"),
        // sampling: 10 s more than the increment gives
        ("e3", "0:15:25"),
        // a misread 0:00, undone by the next reading
        ("e6", "0:00:00"),
        // a misread, too high, undone by the next reading
        ("d3", "0:16:30"),
        ("d6", "0:15:10"),
        ("Be2", "0:15:40"),
        ("Be7", "0:15:15"),
        // one minute added
        ("Bd2", "0:16:50"),
        ("Bd7", "0:15:20"),
        ("a3", "0:16:55"),
        ("a6", "0:15:25"),
        // reset at the end
        ("h3", "0:20:00"),
        ("h6", "0:25:00"),
    ];
    let mut movetext = String::new();
    for (i, (san, clk)) in clocks.iter().enumerate() {
        if i % 2 == 0 {
            movetext.push_str(&format!("{}. ", i / 2 + 1));
        }
        movetext.push_str(&format!("{san} {{[%clk {clk}]}} "));
    }
    format!(
        "[Event \"rapid\"]\n[Date \"2024.12.28\"]\n[Result \"1/2-1/2\"]\n[TimeControl \"900+10\"]\n\n{movetext}1/2-1/2\n"
    )
}

/// The English words of a report's lines, the record's own words (its
/// tags, the files' names) and the kinds' codes left out: what `--lang fr`
/// must not print.
fn english_in(report: &str, record: &[String]) -> Vec<String> {
    let mut found = Vec::new();
    for line in report.lines() {
        let mut prose = line.to_owned();
        // the longest first: a tag may hold another
        let mut data: Vec<&str> = record.iter().map(String::as_str).collect();
        data.extend(Kind::ALL.iter().map(|k| k.code()));
        data.sort_by_key(|d| std::cmp::Reverse(d.len()));
        for d in data.into_iter().filter(|d| !d.is_empty()) {
            prose = prose.replace(d, " ");
        }
        let words = english::english_words(&prose);
        if !words.is_empty() {
            found.push(format!("{words:?}: {line}"));
        }
    }
    found
}

/// `arbitre audit --lang fr` (as `replay --lang fr`): the text report, its
/// headlines, every finding and note, the summary and the errors in
/// French, the moves in French piece letters; the JSON keeps its keys and
/// codes (kinds, classes, articles, editions), its messages in French.
#[test]
fn the_audit_speaks_french() {
    let (_dir, relayed) = written("pendules.pgn", relayed_clocks());
    let runs: [(&[&str], Vec<PathBuf>); 4] = [
        (
            &[],
            vec![fixture("contradictions.pgn"), fixture("illegal.pgn")],
        ),
        (&["--claimable", "--notes"], vec![fixture("lichess.pgn")]),
        (&["--notes"], vec![relayed.clone()]),
        (&["--notes"], vec![fixture("malformed.pgn")]),
    ];
    let mut reports = String::new();
    for (options, files) in &runs {
        let files: Vec<&str> = files.iter().map(|f| path(f)).collect();
        let mut args = vec!["audit", "--lang", "fr", "--jobs", "1"];
        args.extend_from_slice(options);
        args.extend_from_slice(&files);
        let out = arbitre(&args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        let report = String::from_utf8(out.stdout).expect("utf-8");
        // what the record says is not the audit's: the tags, the files
        let (games, _, _) = audit_json(&files);
        let mut record: Vec<String> = files.iter().map(|f| (*f).to_owned()).collect();
        for g in &games {
            let tags = g["tags"].as_object().expect("tags");
            record.extend(tags.values().filter_map(|v| v.as_str()).map(str::to_owned));
        }
        let english = english_in(&report, &record);
        assert!(english.is_empty(), "{}\n\n{report}", english.join("\n"));
        reports.push_str(&report);
    }
    for said in [
        // the headline, the edition by its name
        ", jugée selon « Règles du jeu d’échecs de la FIDE 2023 »",
        "partie 2 (",
        // the findings, the moves in French piece letters
        "demi-coup 136  flag-cannot-mate       6.9      les Noirs se voient attribuer le gain \
         au temps (0-1), mais les Noirs ne peuvent mater par aucune suite de coups légaux : \
         la partie est nulle",
        "le mat sur l’échiquier au demi-coup 42 a fixé le résultat 0-1 ; le résultat noté est 1/2-1/2",
        "2. Re3 n’est pas un coup légal ici (aucun coup légal ne s’écrit ainsi) ; \
         la partie est examinée jusqu’à lui",
        "les Blancs pouvaient réclamer la nullité en inscrivant 63. Rf2 sur leur feuille de partie \
         (ce coup ferait se présenter la même position pour la troisième fois) ; ils l’ont joué, \
         et la partie a continué",
        // the notes
        "note : la pendule des Noirs passe de 0:01:04 à 0:01:44 en un coup, 0:00:40 de plus que \
         ce que donne la cadence 600+0 ; ce n’est pas une durée que donnent les Règles",
        "note : la pendule des Blancs passe de 0:15:40 à 0:16:50 en un coup, 0:01:00 de plus que \
         ce que donne la cadence 900+10 ; cela correspond au temps ajouté pour un coup illégal \
         de l’adversaire (A.3) ou une réclamation injustifiée de l’adversaire (A.3)",
        "note : le texte des coups s’arrête sans résultat (1-0, 0-1, 1/2-1/2 ou *)",
        "partie illisible à l’octet 3819, ligne 83 : commentaire non fermé",
        // the summary
        "== bilan de l’audit (chaque partie selon les Règles de sa date : fide-2023 3) ==",
        "3 parties avec des constats, 3 constats",
        "  flag-cannot-mate             1 partie(s)       1 constat(s)",
        "1 note sur les enregistrements de 1 partie, qui ne sont pas des infractions aux Règles \
         (listées avec --notes) :",
        "exemples les plus graves :",
    ] {
        assert!(reports.contains(said), "no «{said}» in:\n{reports}");
    }

    // an error, in French too
    let missing = fixture("absente.pgn");
    let out = arbitre(&["audit", "--lang", "fr", path(&missing)]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("absente.pgn : ouverture impossible : "),
        "{stderr}"
    );

    // JSON: the same findings, kinds, articles and editions; the messages
    // (and the notes on editions) in French
    let file = fixture("contradictions.pgn");
    let (en, en_summary, _) = audit_json(&[path(&file)]);
    let (fr, fr_summary, _) = audit_json(&["--lang", "fr", path(&file)]);
    assert_eq!(en.len(), fr.len());
    let codes = |f: &Value| {
        let mut f = f.clone();
        f["message"] = Value::Null;
        f
    };
    for (e, f) in en.iter().zip(&fr) {
        assert_eq!(e["edition"], f["edition"]);
        let (e, f) = (&e["findings"], &f["findings"]);
        let pairs: Vec<(&Value, &Value)> = e
            .as_array()
            .expect("findings")
            .iter()
            .zip(f.as_array().expect("findings"))
            .collect();
        assert!(!pairs.is_empty());
        for (e, f) in pairs {
            assert_eq!(codes(e), codes(f));
            let message = f["message"].as_str().expect("a message");
            assert_ne!(Some(message), e["message"].as_str());
            let words = english::english_words(message);
            assert!(words.is_empty(), "{words:?}: {message}");
        }
    }
    assert_eq!(
        fr[0]["findings"][0]["message"],
        "les Noirs se voient attribuer le gain au temps (0-1), mais les Noirs ne peuvent mater \
         par aucune suite de coups légaux : la partie est nulle"
    );
    assert_eq!(fr[0]["findings"][0]["kind"], "flag-cannot-mate");
    assert_eq!(fr[0]["findings"][0]["article"], "6.9");
    assert_eq!(en_summary["by_kind"], fr_summary["by_kind"]);
    assert_eq!(
        fr_summary["worst"][0]["finding"]["message"],
        fr[0]["findings"][0]["message"]
    );
    // a game with no date: the note on its edition in French
    let (_dir, undated) = written(
        "sans-date.pgn",
        "[Event \"e\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n",
    );
    let (games, _, _) = audit_json(&["--lang", "fr", path(&undated)]);
    assert_eq!(games[0]["edition"], "fide-2023");
    assert_eq!(
        games[0]["edition_note"],
        "pas de date : partie jugée selon le texte le plus récent modélisé \
         (« Règles du jeu d’échecs de la FIDE 2023 »)"
    );
}
