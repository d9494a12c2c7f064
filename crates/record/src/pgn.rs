//! A stored game as PGN (`../shared/spec/API.md`, "PGN export"): the Seven
//! Tag Roster, `TimeControl`, `Termination`, `FEN`/`SetUp` where the game did
//! not start from the initial position, the moves in SAN (the scoresheet's,
//! with `(=)` after a move where a draw was offered) with `[%clk h:mm:ss]`
//! after each, and every decision as a comment `{[article] message}` in the
//! game's language, where it was taken. Built by replaying the log with its
//! recorded verdicts, so the clocks are those the players saw.

use std::{collections::BTreeMap, fmt::Write as _};

use arbitre_laws::{
    outcome::{State, Termination},
    Game, Language, Millis,
};
use shakmaty::{fen::Fen, Chess, Color, EnPassantMode, Position};

use crate::{
    error::RecordError,
    setup::setup_error,
    stored::{Entry, StoredGame},
};

/// The tags a caller adds to the roster's (`Event`, `Site`, `Date`,
/// `Round`, `Board`, …), in order; `White`, `Black`, `Result`,
/// `TimeControl`, `Termination`, `FEN` and `SetUp` come from the game.
pub type Tags = Vec<(String, String)>;

/// `h:mm:ss` as `%clk` writes a clock (tenths dropped, never negative).
pub fn clk(ms: Millis) -> String {
    let s = ms.max(0) / 1000;
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

/// PGN's `Termination` tag for a termination (its standard values), or
/// `unterminated` while the game goes on.
fn termination_tag(t: Option<Termination>) -> &'static str {
    match t {
        None => "unterminated",
        Some(
            Termination::TimeForfeit
            | Termination::TimeForfeitDraw
            | Termination::BothFlags
            | Termination::LateArrival
            | Termination::LateForResumption,
        ) => "time forfeit",
        Some(
            Termination::IllegalMove
            | Termination::IllegalMoveDraw
            | Termination::SealedMoveInvalid,
        ) => "rules infraction",
        Some(Termination::ArbiterDecision | Termination::Annulled) => "adjudication",
        Some(_) => "normal",
    }
}

/// PGN's result token: `1-0`, `0-1`, `1/2-1/2` or `*` (a forfeit is the
/// win it gives; `-/-` and an annulled game have no PGN result, `*`).
fn result_token(code: &str) -> &'static str {
    match code {
        "1-0" | "+/-" => "1-0",
        "0-1" | "-/+" => "0-1",
        "1/2-1/2" => "1/2-1/2",
        _ => "*",
    }
}

fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

fn comment(text: &str) -> String {
    // a brace ends a PGN comment
    text.replace('}', ")").replace('{', "(")
}

/// The game as PGN, its comments in `lang`.
pub fn export(stored: &StoredGame, tags: &Tags, lang: Language) -> Result<String, RecordError> {
    let setup = stored
        .setup
        .to_setup(stored.arbiter_starts)
        .map_err(|e| e.within("setup"))?;
    let mut game = Game::new(setup).map_err(|e| setup_error(e).within("setup"))?;
    let first = game.moves().len();
    let start_turn = game.start().turn();
    // the mover's clock after each half-move of the log (history has none)
    let mut clocks: Vec<Option<Millis>> = vec![None; first];
    // comments after the half-move they follow (0: before the first)
    let mut comments: BTreeMap<usize, Vec<String>> = BTreeMap::new();
    for (i, stored_entry) in stored.entries.iter().enumerate() {
        let at = format!("entries[{i}]");
        let applied = match &stored_entry.entry {
            Entry::Event(e) => {
                let event = e.to_event(game.laws()).map_err(|e| e.within(&at))?;
                game.apply_recorded(&event, &stored_entry.verdicts)
            }
            Entry::Time(t) => game.advance_recorded(*t, &stored_entry.verdicts),
        };
        let plies = game.moves().len();
        clocks.truncate(plies);
        clocks.resize(plies, None);
        // a half-move's clock is read once its mover's clock has stopped
        // (pressed, with any increment), not while he may still press
        if let Some(k) = plies
            .checked_sub(1)
            .filter(|k| *k >= first && clocks[*k].is_none())
        {
            let mover = if k.is_multiple_of(2) {
                start_turn
            } else {
                !start_turn
            };
            if game.clock().running() != Some(mover) {
                clocks[k] = Some(game.clock().remaining(mover));
            }
        }
        let here = comments.entry(plies).or_default();
        if let Some(cause) = stored_entry.server {
            here.push(
                arbitre_messages::message(lang, cause.message_id(), &[]).unwrap_or_else(|e| e.text),
            );
        }
        for d in &applied.decisions {
            let message = arbitre_messages::render_in(&d.note, lang, game.notation());
            here.push(match d.article {
                Some(article) => format!("[{article}] {message}"),
                None => message,
            });
        }
    }
    Ok(write(&game, stored, tags, &clocks, &comments))
}

fn write(
    game: &Game,
    stored: &StoredGame,
    tags: &Tags,
    clocks: &[Option<Millis>],
    comments: &BTreeMap<usize, Vec<String>>,
) -> String {
    let outcome = game.outcome();
    let result = result_token(outcome.map_or("*", |o| o.result.code()));
    let players = stored.setup.players.as_ref();
    let name = |side: Color| {
        players
            .and_then(|p| match side {
                Color::White => p.white.clone(),
                Color::Black => p.black.clone(),
            })
            .unwrap_or_else(|| "?".into())
    };
    let mut roster: Vec<(String, String)> = Vec::new();
    let tag = |key: &str, default: &str| {
        tags.iter()
            .find(|(k, _)| k == key)
            .map_or_else(|| default.to_owned(), |(_, v)| v.clone())
    };
    roster.push(("Event".into(), tag("Event", "?")));
    roster.push(("Site".into(), tag("Site", "?")));
    roster.push(("Date".into(), tag("Date", "????.??.??")));
    roster.push(("Round".into(), tag("Round", "-")));
    roster.push(("White".into(), name(Color::White)));
    roster.push(("Black".into(), name(Color::Black)));
    roster.push(("Result".into(), result.into()));
    for (k, v) in tags {
        if !matches!(k.as_str(), "Event" | "Site" | "Date" | "Round") {
            roster.push((k.clone(), v.clone()));
        }
    }
    roster.push(("TimeControl".into(), stored.setup.time_control.clone()));
    roster.push((
        "Termination".into(),
        termination_tag(outcome.map(|o| o.termination)).into(),
    ));
    if game.state() == State::Adjourned {
        roster.push(("Annotator".into(), "arbitre (adjourned)".into()));
    }
    if *game.start() != Chess::default() {
        roster.push(("SetUp".into(), "1".into()));
        roster.push((
            "FEN".into(),
            Fen::from_position(game.start(), EnPassantMode::Legal).to_string(),
        ));
    }
    let mut out = String::new();
    for (k, v) in &roster {
        let _ = writeln!(out, "[{k} \"{}\"]", escape(v));
    }
    out.push('\n');
    let sheet = game.scoresheet();
    let start = game.start();
    let mut number = start.fullmoves().get();
    let mut turn = start.turn();
    let mut tokens: Vec<String> = Vec::new();
    let comment_at = |ply: usize, tokens: &mut Vec<String>| {
        for text in comments.get(&ply).into_iter().flatten() {
            tokens.push(format!("{{{}}}", comment(text)));
        }
    };
    comment_at(0, &mut tokens);
    for (i, san) in sheet.iter().enumerate() {
        match turn {
            Color::White => tokens.push(format!("{number}.")),
            Color::Black if i == 0 => tokens.push(format!("{number}...")),
            Color::Black => {}
        }
        tokens.push(san.clone());
        if let Some(Some(ms)) = clocks.get(i) {
            tokens.push(format!("{{[%clk {}]}}", clk(*ms)));
        }
        comment_at(i + 1, &mut tokens);
        if turn == Color::Black {
            number += 1;
        }
        turn = !turn;
    }
    tokens.push(result.into());
    // lines of at most 79 characters, as export format asks
    let mut line = String::new();
    for token in tokens {
        if !line.is_empty() && line.len() + 1 + token.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&token);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{scenario, stored::StoredGame};

    fn stored(text: &str) -> StoredGame {
        let scenario = scenario::parse(text).unwrap();
        StoredGame::from_scenario(&scenario, &mut crate::stored::random_salt)
            .unwrap()
            .0
    }

    #[test]
    fn clocks_comments_and_roster() {
        let game = stored(
            r#"{"name": "pgn", "edition": "fide-2005", "time_control": "40/5400+30:1800",
                "players": {"white": "Anand", "black": "Kramnik"},
                "events": [
                  {"t": 10, "by": "white", "move": "e4"},
                  {"t": 25, "by": "black", "move": "e5", "press": false},
                  {"t": 25, "by": "black", "offer_draw": true},
                  {"t": 25, "by": "black", "press": true},
                  {"t": 40, "by": "white", "move": "Nf3"},
                  {"t": 41, "by": "black", "resign": true}]}"#,
        );
        let pgn = export(
            &game,
            &vec![("Event".into(), "Club \"A\"".into())],
            Language::En,
        )
        .unwrap();
        assert!(pgn.contains("[Event \"Club \\\"A\\\"\"]"), "{pgn}");
        assert!(pgn.contains("[White \"Anand\"]"));
        assert!(pgn.contains("[Result \"1-0\"]"));
        assert!(pgn.contains("[TimeControl \"40/5400+30:1800\"]"));
        assert!(pgn.contains("[Termination \"normal\"]"));
        assert!(!pgn.contains("[FEN"));
        // White used 10 s and got 30: 1:30:20; Black used 15 s and got 30: 1:30:15
        assert!(
            pgn.contains("1. e4 {[%clk 1:30:20]} e5(=) {[%clk 1:30:15]}"),
            "{pgn}"
        );
        assert!(pgn.contains("2. Nf3 {[%clk 1:30:35]}"), "{pgn}");
        assert!(
            pgn.contains("{[5.1b]"),
            "the resignation's decision as a comment: {pgn}"
        );
        assert!(pgn.trim_end().ends_with("1-0"));
    }

    #[test]
    fn a_position_set_up_is_tagged() {
        let game = stored(
            r#"{"name": "pgn", "edition": "fide-2023", "time_control": "300",
                "start": "4k3/8/8/8/8/8/8/4K2R b K - 0 30",
                "events": [{"t": 1, "by": "black", "move": "Kd7"}]}"#,
        );
        let pgn = export(&game, &Vec::new(), Language::Fr).unwrap();
        assert!(pgn.contains("[SetUp \"1\"]"), "{pgn}");
        assert!(pgn.contains("[FEN \"4k3/8/8/8/8/8/8/4K2R b K - 0 30\"]"));
        assert!(
            pgn.contains("30... Kd7 {[%clk 0:04:59]}"),
            "from the position set up: {pgn}"
        );
        assert!(pgn.contains("[Termination \"unterminated\"]"));
    }

    #[test]
    fn clk_format() {
        assert_eq!(clk(0), "0:00:00");
        assert_eq!(clk(5_400_999), "1:30:00");
        assert_eq!(clk(-5), "0:00:00");
        assert_eq!(clk(59_000), "0:00:59");
    }
}
