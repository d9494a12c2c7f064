//! Judging one game: the game replayed through the laws engine (a
//! [`FastReplay`]) and every check of the module documentation, from the
//! tags (result, termination, time control, start position) and the moves
//! with their clock comments. Pure: games are judged in any order.

use arbitre_laws::{
    dead::{self, can_checkmate, Mate},
    edition::{Date, Edition},
    game::DeadCheck,
    notation::transliterate,
    replay::FastReplay,
    san::san_to_move,
    Arg, ClaimKind, DrawClaim, EditionId, Game, GameResult, GameType, Instant, Language, Millis,
    Setup, Termination, TimeControl,
};
use pgn_reader::{KnownOutcome, Outcome as PgnOutcome};
use shakmaty::{fen::Fen, san::SanPlus, CastlingMode, Chess, Color, EnPassantMode, Position};

use super::{
    read::{tag, RawGame, Tags},
    say, EditionChoice, Finding, GameReport, Kind,
};

fn fen(pos: &Chess) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

/// A side as a message's code (`white`, `black`), to choose words by.
fn side_code(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// Moves as the record writes them (SAN, English piece letters) in
/// `lang`'s piece letters.
fn in_letters(san: &str, lang: Language) -> String {
    transliterate(
        san,
        Language::En,
        arbitre_messages::catalogue_language(lang),
    )
}

/// A text argument.
fn text(s: impl Into<String>) -> Arg {
    Arg::Text(s.into())
}

/// A number argument.
fn count(n: impl TryInto<i64>) -> Arg {
    Arg::Count(n.try_into().unwrap_or(i64::MAX))
}

/// Reads a `TimeControl` tag: the PGN syntax, or the plain English of some
/// broadcasts (`15 min. + 10 s. per move`, `90 minutes + 30 seconds …`).
pub fn time_control(text: &str) -> Option<TimeControl> {
    if let Ok(tc) = text.parse::<TimeControl>() {
        return Some(tc);
    }
    let lower = text.to_ascii_lowercase();
    if lower.contains('/') || lower.contains(':') {
        return None;
    }
    let amount = |part: &str, default_unit: i64| -> Option<i64> {
        let part = part.trim();
        let digits: String = part.chars().take_while(|c| c.is_ascii_digit()).collect();
        let n = digits.parse::<i64>().ok()?;
        let unit = part[digits.len()..].trim_start();
        let scale = if unit.starts_with('h') {
            3600
        } else if unit.starts_with("min") || unit.starts_with('m') && !unit.starts_with("ms") {
            60
        } else if unit.starts_with('s') {
            1
        } else {
            default_unit
        };
        Some(n * scale)
    };
    let (base, inc) = match lower.split_once('+') {
        Some((b, i)) => (amount(b, 60)?, amount(i, 1)?),
        None => (amount(&lower, 60)?, 0),
    };
    format!("{base}+{inc}").parse().ok()
}

/// Fischer increment of move `n` (1-based) of a player, and the time of a
/// new period added when that move completes one.
fn credit_after_move(tc: &TimeControl, n: u32) -> Millis {
    let periods = tc.periods();
    let index = tc.period_of_move(n);
    let mut credit = periods.get(index).map_or(0, |p| p.increment);
    let mut last = 0u32;
    for (i, p) in periods.iter().enumerate() {
        let Some(m) = p.moves else { break };
        if i + 1 == periods.len() {
            if n > last && (n - last).is_multiple_of(m) {
                credit += p.base;
            }
            break;
        }
        last = last.saturating_add(m);
        if n == last {
            credit += periods.get(i + 1).map_or(0, |q| q.base);
            break;
        }
        if n < last {
            break;
        }
    }
    credit
}

/// A clock reading, in the project's one time format.
fn clock(ms: Millis, lang: Language) -> Arg {
    Arg::Text(arbitre_messages::time::clock(ms, lang))
}

/// How the game ended according to its `Termination` tag.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ending {
    Time,
    Abandoned,
    Other,
}

fn ending(tags: &Tags) -> Ending {
    let Some(t) = tag(tags, "Termination") else {
        return Ending::Other;
    };
    let t = t.to_ascii_lowercase();
    if t.contains("time forfeit") || t.contains("on time") || t.contains("timeout") {
        Ending::Time
    } else if t.contains("abandon") {
        Ending::Abandoned
    } else {
        Ending::Other
    }
}

fn result_of(tags: &Tags, marker: Option<PgnOutcome>) -> Option<GameResult> {
    match tag(tags, "Result").map(str::trim) {
        Some("1-0") => Some(GameResult::WhiteWins),
        Some("0-1") => Some(GameResult::BlackWins),
        Some("1/2-1/2") | Some("½-½") => Some(GameResult::Draw),
        Some(_) => None,
        None => match marker {
            Some(PgnOutcome::Known(KnownOutcome::Decisive { winner })) => {
                Some(GameResult::win(winner))
            }
            Some(PgnOutcome::Known(KnownOutcome::Draw)) => Some(GameResult::Draw),
            _ => None,
        },
    }
}

/// The start position from the `FEN` tag, if any; why not in `lang`.
fn start_position(tags: &Tags, lang: Language) -> Result<Chess, String> {
    let Some(fen) = tag(tags, "FEN") else {
        return Ok(Chess::default());
    };
    let mode = match tag(tags, "Variant") {
        Some(v) if v.contains("960") || v.to_ascii_lowercase().contains("fischer") => {
            CastlingMode::Chess960
        }
        _ => CastlingMode::Standard,
    };
    let wrong = |why: String| {
        say(
            lang,
            "audit-fen-tag",
            &[("fen", text(fen)), ("why", text(why))],
        )
    };
    let parsed: Fen = fen
        .trim()
        .parse()
        .map_err(|e| wrong(arbitre_messages::malformed_fen(&e, lang)))?;
    parsed
        .into_position(mode)
        .map_err(|e| wrong(arbitre_messages::illegal_position(e.kinds(), lang)))
}

/// A variant that is not chess by the Laws.
fn foreign_variant(tags: &Tags) -> Option<&str> {
    let v = tag(tags, "Variant")?;
    let lower = v.to_ascii_lowercase();
    let chess = lower.is_empty()
        || lower == "standard"
        || lower == "chess"
        || lower == "from position"
        || lower.contains("960")
        || lower.contains("fischer");
    (!chess).then_some(v)
}

/// Audits one game: pure, so that games can be audited in any order.
///
/// Dead positions are found without testing every irreversible move: a
/// position reachable from a dead position is dead, so the game is first
/// replayed with the material test after each move (as the engine's
/// [`DeadCheck::MaterialOnly`]), and only the position where it stopped (the
/// engine's end, the last position, or the one before an illegal move) is
/// given `chasolver`'s fast test. When that proves it dead, or the game ended
/// in stalemate or a dead position, the game is replayed again under the
/// engine's default policy, which finds the ply where the position first
/// became dead. Nor is every position tested for checkmate and stalemate:
/// the record's next move, if legal, shows that the side to move had a move
/// ([`FastReplay::play_san_continued`]); a refused move has the game replayed with
/// the test after every move. `thorough` replays every game under the
/// default policy, testing every move for checkmate and stalemate. The
/// messages are in `lang`.
pub(super) fn audit(
    raw: RawGame,
    choice: EditionChoice,
    claimable: bool,
    thorough: bool,
    lang: Language,
) -> GameReport {
    let (edition, edition_note) = edition_of(&raw.tags, choice, lang);
    let unparseable = |why: String| Finding {
        kind: Kind::Unparseable,
        ply: 0,
        fen: None,
        article: None,
        message: say(
            lang,
            "audit-unreadable",
            &[
                ("offset", count(raw.offset)),
                ("line", count(raw.line)),
                ("why", text(why)),
            ],
        ),
    };
    let replayed = if let Some(e) = &raw.error {
        Err(unparseable(reader_error(e, lang)))
    } else if let Some(v) = foreign_variant(&raw.tags) {
        Err(unparseable(say(
            lang,
            "audit-variant",
            &[("variant", text(v))],
        )))
    } else {
        let mut policy = if thorough {
            DeadTest::Default
        } else {
            DeadTest::WhereItStopped
        };
        // the quick pass lets each next move of the record stand for the
        // checkmate and stalemate test; the thorough one tests every move
        let mut continued = !thorough;
        loop {
            match replay(&raw, edition, claimable, policy, continued, lang) {
                // the move refused may follow a checkmate or stalemate
                Ok(r) if continued && r.illegal => continued = false,
                Ok(Replayed {
                    dead_from: Some(ply),
                    ..
                }) if !matches!(policy, DeadTest::DefaultFrom(_)) => {
                    policy = DeadTest::DefaultFrom(ply);
                }
                r => break r,
            }
        }
        .map_err(unparseable)
    };
    let (plies, mut findings) = match replayed {
        Ok(r) => (r.plies, r.findings),
        Err(f) => (0, vec![f]),
    };
    if let (Some(stray), false) = (&raw.stray, raw.error.is_some()) {
        findings.push(Finding {
            kind: Kind::Unparseable,
            ply: plies,
            fen: None,
            article: None,
            message: say(
                lang,
                "audit-stray",
                &[
                    ("token", text(stray.token.clone())),
                    ("offset", count(stray.offset)),
                    ("line", count(stray.line)),
                    ("plies", count(plies)),
                ],
            ),
        });
        findings.sort_by_key(|f| f.ply);
    }
    GameReport {
        game: raw.game,
        file: raw.file,
        offset: raw.offset,
        line: raw.line,
        tags: raw.tags,
        edition,
        edition_note,
        plies,
        findings,
    }
}

/// What the PGN reader said of a game it could not read, in `lang`: its
/// two messages in words, anything else as it said it.
fn reader_error(said: &str, lang: Language) -> String {
    let what = match said {
        "unterminated comment" => "comment",
        "unterminated tag" => "tag",
        _ => return said.to_owned(),
    };
    say(lang, "audit-unterminated", &[("what", Arg::Code(what))])
}

/// A `Date` tag (`YYYY.MM.DD`, `??` for what is not known; `-` or `/` are
/// read too): the first and the last day it may be; `None` without a year.
fn date_range(text: &str) -> Option<(Date, Date)> {
    let mut parts = text.trim().split(['.', '-', '/']);
    let year = parts.next()?;
    if year.len() != 4 || !year.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let year: u16 = year.parse().ok()?;
    let number = |part: Option<&str>, max: u8| {
        part.and_then(|p| p.parse::<u8>().ok())
            .filter(|n| (1..=max).contains(n))
    };
    let month = number(parts.next(), 12);
    let day = month.and(number(parts.next(), 31));
    Some(match (month, day) {
        (Some(m), Some(d)) => (Date::new(year, m, d), Date::new(year, m, d)),
        (Some(m), None) => (Date::new(year, m, 1), Date::new(year, m, 31)),
        _ => (Date::new(year, 1, 1), Date::new(year, 12, 31)),
    })
}

/// The edition that judges a game, and why where it is not plain (in
/// `lang`: the edition by its code in English, by its name in French).
fn edition_of(tags: &Tags, choice: EditionChoice, lang: Language) -> (EditionId, Option<String>) {
    let EditionChoice::Fixed(edition) = choice else {
        let named = |e: EditionId| {
            [
                ("code", Arg::Code(e.code())),
                ("name", text(arbitre_messages::edition(e.code(), lang))),
            ]
        };
        let latest = EditionId::judging(Date::new(u16::MAX, 12, 31)).unwrap_or(EditionId::Fide2023);
        let Some((first, last)) = tag(tags, "Date").and_then(date_range) else {
            return (
                latest,
                Some(say(lang, "audit-edition-no-date", &named(latest))),
            );
        };
        // a partial date across a change of the Laws: the older — no rule
        // is applied to a game that may predate it
        let edition = EditionId::judging(first).unwrap_or(latest);
        let laws = edition.laws();
        let note = if EditionId::judging(last) != Some(edition) {
            let mut args = named(edition).to_vec();
            args.push(("date", text(tag(tags, "Date").unwrap_or_default())));
            Some(say(lang, "audit-edition-partial-date", &args))
        } else if first < laws.in_force_from {
            let mut args = named(edition).to_vec();
            args.push(("from", text(laws.in_force_from.to_string())));
            Some(say(lang, "audit-edition-older", &args))
        } else {
            None
        };
        return (edition, note);
    };
    (edition, None)
}

/// How a replay of a game tests for dead positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum DeadTest {
    /// The material test after every move ([`DeadCheck::MaterialOnly`]),
    /// `chasolver`'s fast test where the game stopped (the quick pass).
    WhereItStopped,
    /// The engine's default policy throughout (`--thorough`).
    Default,
    /// The material test only before this half-move (counted from the
    /// start, 1 for the first), the default policy from it on: the quick
    /// pass again, once the first dead position is known not to come earlier.
    DefaultFrom(u32),
}

/// A game replayed under one dead-position policy.
struct Replayed {
    plies: u32,
    findings: Vec<Finding>,
    /// Where the engine stopped, the position may be dead: the first ply
    /// whose position is proven dead (see [`audit`]).
    dead_from: Option<u32>,
    /// A move of the record was refused.
    illegal: bool,
}

/// The first half-move after which the fast test proves the position dead,
/// found by bisection from the start to where the engine stopped (whose
/// position is proven dead, or stalemate): a position reachable from a dead
/// one is dead, so the proven-dead plies end the game.
fn first_dead_ply(game: &Game) -> u32 {
    let mut positions = Vec::with_capacity(game.moves().len() + 1);
    let mut pos = game.start().clone();
    positions.push(pos.clone());
    for &m in game.moves() {
        pos.play_unchecked(m);
        positions.push(pos.clone());
    }
    let (mut lo, mut hi) = (0, positions.len() - 1);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if dead::is_dead_fast(&positions[mid]) {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    hi as u32
}

/// Replays a readable game through the engine and checks it; `Err` when its
/// start cannot be set up.
fn replay(
    raw: &RawGame,
    edition: EditionId,
    claimable: bool,
    dead_test: DeadTest,
    continued: bool,
    lang: Language,
) -> Result<Replayed, String> {
    let laws = edition.laws();
    let tags = &raw.tags;
    let tc = tag(tags, "TimeControl").and_then(time_control);
    let mut setup = Setup::new(edition);
    setup.start = start_position(tags, lang)?;
    let dead_from = match dead_test {
        DeadTest::WhereItStopped => {
            setup.dead_check = DeadCheck::MaterialOnly;
            None
        }
        DeadTest::Default => None,
        DeadTest::DefaultFrom(ply) => Some(ply),
    };
    if let Some(tc) = &tc {
        setup.time_control = tc.clone();
    }
    let mut game = FastReplay::new(setup, dead_from).map_err(|e| e.to_string())?;
    let result = result_of(tags, raw.marker);
    let ending = ending(tags);
    let total = raw.moves.len() as u32;

    let mut findings = Vec::new();
    let mut plies = 0u32;
    // where and how the engine ended the game
    let mut ended: Option<(u32, arbitre_laws::Outcome, String)> =
        game.outcome().map(|o| (0, o.clone(), fen(game.position())));
    // a start (the FEN tag) that is already a finished game: said so, and
    // the moves after it are not the game's (not reported as illegal)
    if let (Some((_, outcome, at_fen)), false) = (&ended, raw.moves.is_empty()) {
        return Ok(Replayed {
            plies: 0,
            findings: vec![Finding {
                kind: Kind::AutomaticEndIgnored,
                ply: 0,
                fen: Some(at_fen.clone()),
                article: Some(outcome.article),
                message: say(
                    lang,
                    "audit-start-over",
                    &[
                        ("end", Arg::Code(end_code(outcome.termination))),
                        ("result", Arg::Code(outcome.result.code())),
                        ("plies", count(raw.moves.len())),
                        ("recorded", Arg::Code(result.map_or("*", GameResult::code))),
                    ],
                ),
            }],
            dead_from: None,
            illegal: false,
        });
    }
    // the position once the engine has ended the game: replayed on here
    let mut after_end: Option<Chess> = None;
    let mut illegal = false;
    // draws that could have been claimed, from the start position on
    let mut claims = Claims {
        lang,
        ..Claims::default()
    };
    if claimable {
        let first = raw.moves.first().map(|m| &m.san.san);
        claims.watch(&game, 0, first, total, result, &mut findings);
    }
    // clock checks: last reading and moves made, per side
    // (the reading, the side's move it was read after)
    let mut last_clk: [Option<(Millis, u32)>; 2] = [None, None];
    let mut moves_made: [u32; 2] = [0, 0];
    let mut zero_seen = false;

    for (i, mv) in raw.moves.iter().enumerate() {
        let ply = i as u32 + 1;
        let before = after_end.as_ref().unwrap_or(game.position());
        let mover = before.turn();
        let refused = match &mut after_end {
            Some(pos) => match san_to_move(pos, &mv.san.san) {
                Ok(m) => {
                    pos.play_unchecked(m);
                    None
                }
                Err(e) => Some(e),
            },
            None => {
                let made = game.moves().len();
                if continued && i + 1 < raw.moves.len() {
                    game.play_san_continued(i, Instant::ZERO, &mv.san.san);
                } else {
                    game.play_san(i, Instant::ZERO, &mv.san.san);
                }
                if game.moves().len() > made {
                    None
                } else {
                    Some(match san_to_move(game.position(), &mv.san.san) {
                        Err(e) => e,
                        // the engine refused a move shakmaty accepts: say so
                        Ok(_) => shakmaty::san::SanError::IllegalSan,
                    })
                }
            }
        };
        if let Some(e) = refused {
            let pos = after_end.as_ref().unwrap_or(game.position());
            findings.push(Finding {
                kind: Kind::IllegalMove,
                ply,
                fen: Some(fen(pos)),
                article: Some(laws.legal_move),
                message: say(
                    lang,
                    "audit-illegal-move",
                    &[
                        ("number", count(pos.fullmoves().get())),
                        ("turn", Arg::Code(side_code(mover))),
                        ("move", text(in_letters(&mv.san.to_string(), lang))),
                        (
                            "refusal",
                            Arg::Code(match e {
                                shakmaty::san::SanError::AmbiguousSan => "ambiguous",
                                shakmaty::san::SanError::IllegalSan => "illegal",
                            }),
                        ),
                    ],
                ),
            });
            illegal = true;
            break;
        }
        plies = ply;
        let just_ended = ended.is_none() && game.outcome().is_some();
        if just_ended {
            ended = game
                .outcome()
                .map(|o| (ply, o.clone(), fen(game.position())));
            after_end = Some(game.position().clone());
        }
        let pos = after_end.as_ref().unwrap_or(game.position());
        // a finding about this move's clock reading
        let reading = |kind, article, id, args: &[(&str, Arg)]| Finding {
            kind,
            ply,
            fen: Some(fen(pos)),
            article: Some(article),
            message: say(lang, id, args),
        };
        let goes_on = ply < total;
        if claimable {
            let next = raw.moves.get(ply as usize).map(|m| &m.san.san);
            claims.watch(&game, ply, next, total, result, &mut findings);
        }

        // clocks
        let s = mover as usize;
        moves_made[s] += 1;
        let n = moves_made[s];
        if let Some(clk) = mv.clk {
            // a reading the side's next one undoes (a relay's misread): not
            // the clock's time, and not the reading the next is compared with
            let mut misread = false;
            if let (Some((prev, read_after)), Some(tc)) = (last_clk[s], tc.as_ref()) {
                // what the moves since that reading gave (one move, or two
                // past a misread)
                let credit: Millis = (read_after + 1..=n).map(|k| credit_after_move(tc, k)).sum();
                // a relayed clock is read before or after the press: up to one
                // increment more than the time control gives is sampling
                // (and one second of rounding: clocks are written to the second)
                let excess = clk - (prev + credit);
                let sampling = increment_of(tc, n) + 1000;
                // the side's next reading, and what it may read if this one was
                // a misread (the reading before it, the next credit, sampling)
                let next = raw.moves.get(i + 2).and_then(|m| m.clk);
                let undone = next.is_some_and(|next| {
                    next <= prev + credit + credit_after_move(tc, n + 1) + sampling
                });
                // the side's last reading: relays reset the clocks at the end
                let last_reading = i + 2 >= raw.moves.len();
                misread = excess > sampling && undone;
                if excess > sampling && !undone && !last_reading {
                    findings.push(reading(
                        Kind::ClockIncrease,
                        laws.clock_correction,
                        "audit-clock-increase",
                        &[
                            ("side", Arg::Side(mover)),
                            ("from", clock(prev, lang)),
                            ("to", clock(clk, lang)),
                            ("excess", clock(excess, lang)),
                            ("control", text(tc.to_string())),
                            (
                                "why",
                                text(time_added(
                                    laws,
                                    game.game().game_type(),
                                    excess,
                                    sampling,
                                    lang,
                                )),
                            ),
                        ],
                    ));
                }
                // (the time a move took says nothing across a misread)
                if let (Some(emt), true) = (mv.emt, read_after + 1 == n) {
                    let expected = prev - emt + credit;
                    if (expected - clk).abs() > 2000 {
                        findings.push(reading(
                            Kind::ClockEmt,
                            laws.clock_correction,
                            "audit-clock-emt",
                            &[
                                ("side", Arg::Side(mover)),
                                ("clock", clock(clk, lang)),
                                ("emt", clock(emt, lang)),
                                ("from", clock(prev, lang)),
                                ("expected", clock(expected, lang)),
                            ],
                        ));
                    }
                }
            }
            // a reading of zero proves a flag fall only where the reading after
            // the move includes an increment: without one, a clock written to
            // the second shows 0:00:00 with up to a second left
            let credit = tc.as_ref().map_or(0, |tc| credit_after_move(tc, n));
            // 0:00 and then the side's clock reading time again: read before
            // the press, not a flag
            let played_on = raw
                .moves
                .get(i + 2)
                .and_then(|m| m.clk)
                .is_some_and(|c| c > 0);
            misread |= clk <= 0 && played_on;
            if clk <= 0 && credit > 0 && goes_on && !played_on && !zero_seen && ended.is_none() {
                zero_seen = true;
                findings.push(reading(
                    Kind::ClockZero,
                    laws.flag_fall,
                    "audit-clock-zero",
                    &[("side", Arg::Side(mover)), ("clock", clock(clk, lang))],
                ));
            }
            if !misread {
                last_clk[s] = Some((clk, n));
            }
        }
    }

    let pos = after_end.as_ref().unwrap_or(game.position());
    // cut at unreadable text: audited up to it, its end unknown
    let cut = raw.stray.is_some();
    if raw.marker.is_none() && !illegal && !cut {
        findings.push(Finding {
            kind: Kind::Truncated,
            ply: plies,
            fen: Some(fen(pos)),
            article: None,
            message: say(lang, "audit-truncated", &[]),
        });
    }

    // where the engine stopped: may the position there be dead? A dead
    // position there would change the findings only by moving the end of the
    // game earlier: for a win, only if the winner cannot checkmate (a dead
    // position is one where neither side can); for any other result, a game
    // played on after a dead position is a finding whatever its result
    let dead_suspected = dead_test == DeadTest::WhereItStopped
        && match game.outcome().map(|o| o.termination) {
            Some(Termination::Checkmate) => false,
            Some(Termination::Stalemate | Termination::DeadPosition) => true,
            Some(_) => dead::is_dead_fast(game.position()),
            None => match result {
                Some(GameResult::WhiteWins) => {
                    dead::cannot_checkmate_fast(game.position(), Color::White)
                }
                Some(GameResult::BlackWins) => {
                    dead::cannot_checkmate_fast(game.position(), Color::Black)
                }
                _ => dead::is_dead_fast(game.position()),
            },
        };
    // a game stopped by an illegal move is judged only if the board had
    // already ended it: what it ended with stands whatever was written after
    if !(illegal || cut) || ended.is_some() {
        let judge = Judge { laws, lang };
        findings.extend(judge_result(
            judge, result, ending, pos, plies, total, ended,
        ));
    }
    findings.sort_by_key(|f| f.ply);
    Ok(Replayed {
        plies,
        findings,
        dead_from: dead_suspected.then(|| first_dead_ply(&game)),
        illegal,
    })
}

/// The Laws a game is judged under, and the language of the findings.
#[derive(Clone, Copy)]
struct Judge<'a> {
    laws: &'a Edition,
    lang: Language,
}

/// The checks of the result against the final position and the engine's end.
fn judge_result(
    Judge { laws, lang }: Judge,
    result: Option<GameResult>,
    ending: Ending,
    pos: &Chess,
    plies: u32,
    total: u32,
    ended: Option<(u32, arbitre_laws::Outcome, String)>,
) -> Vec<Finding> {
    let mut out = Vec::new();
    // a game played on after the board had drawn it, whatever result was
    // written, or none (after a checkmate or a stalemate no move is legal:
    // the next one is the finding)
    let went_on = ended.as_ref().is_some_and(|(at, outcome, _)| {
        *at < total
            && matches!(
                outcome.termination,
                Termination::DeadPosition
                    | Termination::FivefoldRepetition
                    | Termination::SeventyFiveMoves
            )
    });
    if let (true, Some((at, outcome, at_fen))) = (went_on, &ended) {
        out.push(Finding {
            kind: Kind::AutomaticEndIgnored,
            ply: *at,
            fen: Some(at_fen.clone()),
            article: Some(outcome.article),
            message: say(
                lang,
                "audit-automatic-end-went-on",
                &[
                    ("end", Arg::Code(end_code(outcome.termination))),
                    ("ply", count(*at)),
                    ("more", count(total - at)),
                    ("recorded", Arg::Code(result.map_or("*", GameResult::code))),
                ],
            ),
        });
    }
    let Some(result) = result else {
        return out;
    };
    let how = match ending {
        Ending::Time => "time",
        Ending::Abandoned => "abandonment",
        Ending::Other => "other",
    };
    // 6.9: a win on time needs a winner who could checkmate
    let mut flag_judged = false;
    let dead_at_end = matches!(&ended, Some((p, o, _)) if *p == plies && o.termination == Termination::DeadPosition);
    if ending != Ending::Other && (ended.is_none() || dead_at_end) {
        match result {
            GameResult::WhiteWins | GameResult::BlackWins => {
                let winner = if result == GameResult::WhiteWins {
                    Color::White
                } else {
                    Color::Black
                };
                match can_checkmate(pos, winner) {
                    Mate::Impossible => {
                        flag_judged = true;
                        out.push(Finding {
                            kind: Kind::FlagCannotMate,
                            ply: plies,
                            fen: Some(fen(pos)),
                            article: Some(laws.flag_fall),
                            message: say(
                                lang,
                                "audit-flag-cannot-mate",
                                &[
                                    ("side", Arg::Side(winner)),
                                    ("how", Arg::Code(how)),
                                    ("recorded", Arg::Code(result.code())),
                                    ("dead", Arg::Code(if dead_at_end { "yes" } else { "no" })),
                                ],
                            ),
                        });
                    }
                    Mate::Unknown => {
                        flag_judged = true;
                        out.push(Finding {
                            kind: Kind::MateUndecided,
                            ply: plies,
                            fen: Some(fen(pos)),
                            article: Some(laws.flag_fall),
                            message: say(
                                lang,
                                "audit-mate-undecided-win",
                                &[("side", Arg::Side(winner)), ("how", Arg::Code(how))],
                            ),
                        });
                    }
                    Mate::Possible(_) => {}
                }
            }
            GameResult::Draw if ending == Ending::Time && ended.is_none() => {
                let flagged = pos.turn();
                let opponent = !flagged;
                match can_checkmate(pos, opponent) {
                    Mate::Possible(line) => out.push(Finding {
                        kind: Kind::FlagDrawCouldMate,
                        ply: plies,
                        fen: Some(fen(pos)),
                        article: Some(laws.flag_fall),
                        message: say(
                            lang,
                            "audit-flag-draw-could-mate",
                            &[
                                ("flagged", Arg::Side(flagged)),
                                ("side", Arg::Side(opponent)),
                                (
                                    "line",
                                    text(in_letters(&written_line(pos, opponent, &line), lang)),
                                ),
                            ],
                        ),
                    }),
                    Mate::Unknown => out.push(Finding {
                        kind: Kind::MateUndecided,
                        ply: plies,
                        fen: Some(fen(pos)),
                        article: Some(laws.flag_fall),
                        message: say(
                            lang,
                            "audit-mate-undecided-draw",
                            &[("side", Arg::Side(opponent))],
                        ),
                    }),
                    Mate::Impossible => {}
                }
            }
            _ => {}
        }
    }
    let Some((at, outcome, at_fen)) = ended.filter(|_| !went_on) else {
        return out;
    };
    match outcome.termination {
        Termination::Checkmate | Termination::Stalemate | Termination::DeadPosition
            if outcome.result != result && !flag_judged =>
        {
            out.push(Finding {
                kind: Kind::ResultVsBoard,
                ply: at,
                fen: Some(at_fen),
                article: Some(outcome.article),
                message: say(
                    lang,
                    "audit-result-vs-board",
                    &[
                        ("end", Arg::Code(end_code(outcome.termination))),
                        ("ply", count(at)),
                        ("result", Arg::Code(outcome.result.code())),
                        ("recorded", Arg::Code(result.code())),
                        ("more", count(plies.saturating_sub(at))),
                    ],
                ),
            });
        }
        Termination::FivefoldRepetition | Termination::SeventyFiveMoves
            if outcome.result != result =>
        {
            out.push(Finding {
                kind: Kind::AutomaticEndIgnored,
                ply: at,
                fen: Some(at_fen),
                article: Some(outcome.article),
                message: say(
                    lang,
                    "audit-automatic-end",
                    &[
                        ("end", Arg::Code(end_code(outcome.termination))),
                        ("ply", count(at)),
                        ("recorded", Arg::Code(result.code())),
                    ],
                ),
            });
        }
        _ => {}
    }
    out
}

/// A helpmate line (UCI, from chasolver) by which `mating` checkmates, as a
/// scoresheet writes it: SAN with the move numbers, from `pos`
/// (`45...Kd4 46.Kf2 Qg2#`); the UCI as given if it does not replay to that
/// checkmate (it does: chasolver's lines are checked so by `analyze`).
fn written_line(pos: &Chess, mating: Color, line: &[String]) -> String {
    let Some(sans) = crate::analyze::replay_line(pos, mating, line) else {
        return line.join(" ");
    };
    let mut number = pos.fullmoves().get();
    let mut white = pos.turn() == Color::White;
    let mut out = Vec::with_capacity(sans.len());
    for (i, san) in sans.into_iter().enumerate() {
        out.push(match (white, i) {
            (true, _) => format!("{number}.{san}"),
            (false, 0) => format!("{number}...{san}"),
            (false, _) => san,
        });
        if !white {
            number += 1;
        }
        white = !white;
    }
    out.join(" ")
}

/// The increment of move `n` (1-based) of a player.
fn increment_of(tc: &TimeControl, n: u32) -> Millis {
    tc.periods()
        .get(tc.period_of_move(n))
        .map_or(0, |p| p.increment)
}

/// What time added to a clock, beyond the time control, probably is: one
/// of the amounts the Laws make an arbiter add to the opponent of a player
/// who made an illegal move or an incorrect claim (the edition's table, by
/// game type), within the sampling of the readings; otherwise an arbiter's
/// correction or a relay error. In `lang`.
fn time_added(
    laws: &Edition,
    game_type: GameType,
    excess: Millis,
    sampling: Millis,
    lang: Language,
) -> String {
    let near = |amount: Millis| amount > 0 && (excess - amount).abs() <= sampling + 1000;
    let illegal = near(laws.illegal_moves.bonus_ms.get(game_type));
    let claim = near(laws.claim_penalty.opponent_bonus_ms.get(game_type));
    let cause = match (illegal, claim) {
        (true, true) => "both",
        (true, false) => "illegal",
        (false, true) => "claim",
        (false, false) => return say(lang, "audit-time-unexplained", &[]),
    };
    say(
        lang,
        "audit-time-added",
        &[
            ("cause", Arg::Code(cause)),
            (
                "illegal",
                Arg::Article(laws.illegal_moves.penalty.get(game_type)),
            ),
            (
                "claim",
                Arg::Article(laws.claim_penalty.article.get(game_type)),
            ),
        ],
    )
}

/// How the game ended on the board, as a message's code: `checkmate`,
/// `stalemate`, `fivefold`, `seventy-five`, `dead`.
fn end_code(termination: Termination) -> &'static str {
    match termination {
        Termination::Checkmate => "checkmate",
        Termination::Stalemate => "stalemate",
        Termination::FivefoldRepetition => "fivefold",
        Termination::SeventyFiveMoves => "seventy-five",
        _ => "dead",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn broadcast_time_controls_are_read() {
        let tc = time_control("15 min. + 10 s. per move").map(|t| t.to_string());
        assert_eq!(tc.as_deref(), Some("900+10"));
        let tc = time_control("15 minutes + 10 seconds increment per move, starting from move 1")
            .map(|t| t.to_string());
        assert_eq!(tc.as_deref(), Some("900+10"));
        assert_eq!(
            time_control("300+3").map(|t| t.to_string()).as_deref(),
            Some("300+3")
        );
        assert!(time_control("?").is_none());
    }

    #[test]
    fn period_credit() {
        let tc: TimeControl = "40/5400+30:1800+30".parse().unwrap_or_default();
        assert_eq!(credit_after_move(&tc, 39), 30_000);
        assert_eq!(credit_after_move(&tc, 40), 30_000 + 1_800_000);
        assert_eq!(credit_after_move(&tc, 41), 30_000);
    }
}

/// The draws a player could have claimed and did not (`--claimable`): the
/// first of each kind, credited to the player who had the move.
#[derive(Default)]
struct Claims {
    threefold: bool,
    fifty: bool,
    /// The language of the findings.
    lang: Language,
}

impl Claims {
    /// The position after `ply` plies is on the board, `next` the move
    /// written after it: could the player with the move claim a draw here,
    /// on the board (9.2b, 9.3a) or by writing a move (9.2a, 9.3b)? A claim
    /// the game ended with (a draw right there) was made, and is not one.
    fn watch(
        &mut self,
        game: &Game,
        ply: u32,
        next: Option<&shakmaty::san::San>,
        total: u32,
        result: Option<GameResult>,
        findings: &mut Vec<Finding>,
    ) {
        let laws = game.laws();
        let pos = game.position();
        let written = next.and_then(|san| san_to_move(pos, san).ok());
        for kind in [ClaimKind::Threefold, ClaimKind::FiftyMoves] {
            let seen = match kind {
                ClaimKind::Threefold => &mut self.threefold,
                _ => &mut self.fifty,
            };
            if *seen {
                continue;
            }
            let Some(claim) = game.draw_claim(kind, written) else {
                continue;
            };
            *seen = true;
            let drawn = result == Some(GameResult::Draw);
            let claimed = drawn
                && match claim {
                    DrawClaim::OnTheBoard => ply == total,
                    DrawClaim::ByWriting(m) => ply + 1 == total && written == Some(m),
                };
            if claimed {
                continue;
            }
            let lang = self.lang;
            let mut args = vec![
                ("side", Arg::Side(pos.turn())),
                ("number", text(move_number(pos))),
                (
                    "kind",
                    Arg::Code(match kind {
                        ClaimKind::Threefold => "threefold",
                        _ => "fifty",
                    }),
                ),
                ("repetitions", count(game.repetitions())),
                ("moves", count(laws.fifty_moves)),
                ("went_on", Arg::Code(if ply < total { "yes" } else { "no" })),
                ("recorded", Arg::Code(result.map_or("*", GameResult::code))),
            ];
            let (at, article, message) = match claim {
                DrawClaim::OnTheBoard => (
                    ply,
                    match kind {
                        ClaimKind::Threefold => laws.threefold_appeared,
                        _ => laws.fifty_completed,
                    },
                    say(lang, "audit-claimable-on-the-board", &args),
                ),
                DrawClaim::ByWriting(m) => {
                    let san = SanPlus::from_move(pos.clone(), m).to_string();
                    args.push(("move", text(in_letters(&san, lang))));
                    let played = match written {
                        Some(w) if w == m => "it",
                        _ => match next {
                            Some(n) => {
                                args.push(("played_move", text(in_letters(&n.to_string(), lang))));
                                "other"
                            }
                            None => "none",
                        },
                    };
                    args.push(("played", Arg::Code(played)));
                    (
                        ply + 1,
                        match kind {
                            ClaimKind::Threefold => laws.threefold_intended,
                            _ => laws.fifty_intended,
                        },
                        say(lang, "audit-claimable-by-writing", &args),
                    )
                }
            };
            findings.push(Finding {
                kind: match kind {
                    ClaimKind::Threefold => Kind::ClaimableThreefold,
                    _ => Kind::ClaimableFifty,
                },
                ply: at,
                fen: Some(fen(pos)),
                article: Some(article),
                message,
            });
        }
    }
}

/// The number of the move the side to move makes next, as a scoresheet
/// writes it: "20." for White, "20…" for Black.
fn move_number(pos: &Chess) -> String {
    match pos.turn() {
        Color::White => format!("{}.", pos.fullmoves()),
        Color::Black => format!("{}…", pos.fullmoves()),
    }
}
