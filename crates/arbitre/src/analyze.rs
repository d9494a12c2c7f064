//! `arbitre analyze`: can each side still checkmate, and is the position dead?
//!
//! A thin front end over [`arbitre_laws::dead`], the boundary with
//! `chasolver`: each FEN is parsed and checked by shakmaty, handed to
//! `chasolver`'s full helpmate search for White and for Black (or only to its
//! fast unwinnability test under `--fast`), and the helpmate line found is
//! replayed with shakmaty before it is printed, in UCI and in SAN.
//!
//! Verdicts per side are `yes` (a helpmate line was found and replays to a
//! checkmate by that side), `no` (proven impossible), `unknown` (undecided
//! within `chasolver`'s own search limits, or not proven by the fast test).

use std::{
    io::{self, BufRead, Write},
    process::ExitCode,
    time::Instant,
};

use arbitre_laws::{
    dead::{self, Mate},
    notation::transliterate,
    Arg, Language,
};
use serde::Serialize;
use shakmaty::{
    fen::Fen, san::SanPlus, uci::UciMove, CastlingMode, Chess, Color, Position, PositionError,
};

/// Parses the `--nodes` value: a positive number of search nodes.
pub fn parse_nodes(s: &str) -> Result<u64, String> {
    match s.trim().parse::<u64>() {
        Ok(0) => Err("the node limit must be at least 1".into()),
        Ok(n) => Ok(n),
        Err(e) => Err(format!("not a number of nodes: {e}")),
    }
}

/// What the analysis says about one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The side can checkmate: a helpmate line was found and replayed.
    Yes,
    /// The side cannot checkmate by any series of legal moves.
    No,
    /// Undecided (the search limit was reached, or the fast test could not prove it).
    Unknown,
}

impl Verdict {
    /// `yes`, `no` or `unknown`.
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Yes => "yes",
            Verdict::No => "no",
            Verdict::Unknown => "unknown",
        }
    }
}

/// The verdict for one side, with the helpmate line when there is one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Side {
    /// Can this side checkmate?
    pub verdict: Verdict,
    /// The helpmate line in UCI, from the position given (only with [`Verdict::Yes`]).
    pub uci: Option<Vec<String>>,
    /// The same line in SAN (only with [`Verdict::Yes`]).
    pub san: Option<Vec<String>>,
    /// Nodes the search explored (`None` under `--fast`, which does not count).
    pub nodes: Option<u64>,
}

impl Side {
    fn bare(verdict: Verdict, nodes: Option<u64>) -> Side {
        Side {
            verdict,
            uci: None,
            san: None,
            nodes,
        }
    }
}

/// The analysis of one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The position, as parsed.
    pub position: Chess,
    /// Can White checkmate?
    pub white: Side,
    /// Can Black checkmate?
    pub black: Side,
    /// Wall-clock time of both searches, in microseconds.
    pub micros: u64,
}

impl Analysis {
    /// Search nodes explored for both sides (`None` under `--fast`).
    pub fn nodes(&self) -> Option<u64> {
        Some(self.white.nodes? + self.black.nodes?)
    }

    /// Dead position: `Some(true)` when neither side can checkmate,
    /// `Some(false)` when one can, `None` when that is undecided.
    pub fn dead(&self) -> Option<bool> {
        match (self.white.verdict, self.black.verdict) {
            (Verdict::No, Verdict::No) => Some(true),
            (Verdict::Yes, _) | (_, Verdict::Yes) => Some(false),
            _ => None,
        }
    }
}

/// Parses a FEN into a position (standard castling rules) on which moves are
/// well defined. Like `chasolver`, accepts positions that cannot arise in a
/// game but can be played on: too much material (e.g. nine queens), or a
/// check no last move could have given. Refuses the rest (missing king,
/// pawns on the back rank, the side not to move in check, bad castling
/// rights or en passant square).
pub fn parse_fen(fen: &str) -> Result<Chess, NotAPosition> {
    let parsed: Fen = fen.parse().map_err(NotAPosition::Malformed)?;
    // Each `ignore_*` drops its kind from the error it hands back, so the
    // second one sees only what the first left.
    parsed
        .into_position(CastlingMode::Standard)
        .or_else(PositionError::ignore_too_much_material)
        .or_else(PositionError::ignore_impossible_check)
        .map_err(|e| NotAPosition::Illegal(e.kinds()))
}

/// Why an input is not a position to analyse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotAPosition {
    /// The text is not FEN.
    Malformed(shakmaty::fen::ParseFenError),
    /// The FEN describes a position no game can be played from.
    Illegal(shakmaty::PositionErrorKinds),
}

impl NotAPosition {
    /// In words, in `lang`.
    pub fn said(&self, lang: Language) -> String {
        match self {
            NotAPosition::Malformed(e) => arbitre_messages::malformed_fen(e, lang),
            NotAPosition::Illegal(kinds) => arbitre_messages::illegal_position(*kinds, lang),
        }
    }
}

impl std::fmt::Display for NotAPosition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.said(Language::En))
    }
}

/// Input as it may be shown on a terminal: control characters (and what
/// is not text) escaped, never written raw.
pub fn shown(input: &str) -> String {
    input
        .chars()
        .map(|c| {
            if c.is_control() {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// Replays a UCI line from `pos`: its SAN if every move is legal and the line
/// ends in checkmate delivered by `side`.
pub fn replay_line(pos: &Chess, side: Color, line: &[String]) -> Option<Vec<String>> {
    let mut pos = pos.clone();
    let mut san = Vec::with_capacity(line.len());
    for uci in line {
        let m = uci.parse::<UciMove>().ok()?.to_move(&pos).ok()?;
        san.push(SanPlus::from_move_and_play_unchecked(&mut pos, m).to_string());
    }
    (pos.is_checkmate() && pos.turn() == !side).then_some(san)
}

fn full(pos: &Chess, side: Color, max_nodes: Option<u64>) -> Side {
    let (mate, nodes) = dead::can_checkmate_within(pos, side, max_nodes);
    let nodes = Some(nodes);
    match mate {
        Mate::Possible(line) => match replay_line(pos, side, &line) {
            Some(san) => Side {
                verdict: Verdict::Yes,
                uci: Some(line),
                san: Some(san),
                nodes,
            },
            // A line that does not replay is no proof: say so rather than "yes".
            None => {
                eprintln!(
                    "arbitre analyze: {}: chasolver's line for {side:?} [{}] does not replay \
                     to a checkmate; verdict unknown",
                    Fen::from_position(pos, shakmaty::EnPassantMode::Legal),
                    line.join(" ")
                );
                Side::bare(Verdict::Unknown, nodes)
            }
        },
        Mate::Impossible => Side::bare(Verdict::No, nodes),
        Mate::Unknown => Side::bare(Verdict::Unknown, nodes),
    }
}

fn fast(pos: &Chess, side: Color) -> Side {
    if dead::cannot_checkmate_fast(pos, side) {
        Side::bare(Verdict::No, None)
    } else {
        Side::bare(Verdict::Unknown, None)
    }
}

/// Analyses one FEN: the full search for each side, each within `max_nodes`
/// search nodes when given (`unknown` at the limit), or with `fast_only`
/// `chasolver`'s fast unwinnability test alone (never `yes`).
pub fn analyze(
    fen: &str,
    fast_only: bool,
    max_nodes: Option<u64>,
) -> Result<Analysis, NotAPosition> {
    let position = parse_fen(fen)?;
    let start = Instant::now();
    let test = |side| {
        if fast_only {
            fast(&position, side)
        } else {
            full(&position, side, max_nodes)
        }
    };
    let white = test(Color::White);
    let black = test(Color::Black);
    let micros = u64::try_from(start.elapsed().as_micros()).unwrap_or(u64::MAX);
    Ok(Analysis {
        position,
        white,
        black,
        micros,
    })
}

/// The FEN of an input line: blank lines and `#` comments give `None`, as does
/// a TSV header (first field `fen`); otherwise the first tab-separated field.
pub fn input_fen(line: &str) -> Option<&str> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return None;
    }
    let fen = line.split('\t').next().unwrap_or(line).trim();
    (!fen.is_empty() && !fen.eq_ignore_ascii_case("fen")).then_some(fen)
}

/// One line of `--json`, keys in this order.
#[derive(Serialize, Debug)]
pub struct JsonReport<'a> {
    /// The FEN as given.
    pub fen: &'a str,
    /// `yes`, `no` or `unknown`.
    pub white_can_mate: &'static str,
    /// `yes`, `no` or `unknown`.
    pub black_can_mate: &'static str,
    /// Neither side can mate; `null` when undecided.
    pub dead: Option<bool>,
    /// White's helpmate line in UCI.
    pub white_line: Option<&'a [String]>,
    /// Black's helpmate line in UCI.
    pub black_line: Option<&'a [String]>,
    /// Search nodes explored for both sides; `null` under `--fast`.
    pub nodes: Option<u64>,
    /// White's helpmate line in SAN.
    pub white_san: Option<&'a [String]>,
    /// Black's helpmate line in SAN.
    pub black_san: Option<&'a [String]>,
    /// Time of both searches, in microseconds.
    pub micros: u64,
}

/// The `--json` object of one analysis.
pub fn to_json<'a>(fen: &'a str, a: &'a Analysis) -> JsonReport<'a> {
    JsonReport {
        fen,
        white_can_mate: a.white.verdict.as_str(),
        black_can_mate: a.black.verdict.as_str(),
        dead: a.dead(),
        white_line: a.white.uci.as_deref(),
        black_line: a.black.uci.as_deref(),
        nodes: a.nodes(),
        white_san: a.white.san.as_deref(),
        black_san: a.black.san.as_deref(),
        micros: a.micros,
    }
}

/// The `--json` object of an input that is not a position: `{"fen", "error"}`.
#[derive(Serialize, Debug)]
pub struct JsonError<'a> {
    /// The input as given.
    pub fen: &'a str,
    /// Why it could not be analysed.
    pub error: &'a str,
}

/// SAN moves numbered from the position they start from: `1. e4 e5 2. Nf3`,
/// or `1... e5 2. Nf3` when Black moves first.
pub fn numbered(pos: &Chess, san: &[String]) -> String {
    let mut out = String::new();
    let mut number = pos.fullmoves().get();
    let mut turn = pos.turn();
    for (i, mv) in san.iter().enumerate() {
        if !out.is_empty() {
            out.push(' ');
        }
        match turn {
            Color::White => out.push_str(&format!("{number}. ")),
            Color::Black if i == 0 => out.push_str(&format!("{number}... ")),
            Color::Black => {}
        }
        out.push_str(mv);
        if turn == Color::Black {
            number += 1;
        }
        turn = !turn;
    }
    out
}

/// The human-readable report of one analysis, in `lang` (the lines in
/// the language's piece letters).
pub fn to_text(fen: &str, a: &Analysis, lang: Language) -> String {
    let say = |id: &str, args: &[(&str, Arg)]| {
        arbitre_messages::message(lang, id, args).unwrap_or_else(|e| e.text)
    };
    let letters = arbitre_messages::catalogue_language(lang);
    let mut out = format!("{fen}\n");
    for (name, side) in [("white", &a.white), ("black", &a.black)] {
        out.push_str("  ");
        out.push_str(&say(
            "analyze-can-mate",
            &[
                ("side", Arg::Code(name)),
                ("verdict", Arg::Code(side.verdict.as_str())),
            ],
        ));
        if let (Some(uci), Some(san)) = (&side.uci, &side.san) {
            if uci.is_empty() {
                out.push_str("  ");
                out.push_str(&say("analyze-already-mate", &[]));
            } else {
                let san: Vec<String> = san
                    .iter()
                    .map(|m| transliterate(m, Language::En, letters))
                    .collect();
                out.push_str(&format!(
                    "  {}  [{}]",
                    numbered(&a.position, &san),
                    uci.join(" ")
                ));
            }
        }
        out.push('\n');
    }
    let dead = match a.dead() {
        Some(true) => "yes",
        Some(false) => "no",
        None => "unknown",
    };
    let mut args = vec![
        ("dead", Arg::Code(dead)),
        (
            "micros",
            Arg::Count(i64::try_from(a.micros).unwrap_or(i64::MAX)),
        ),
    ];
    let id = match a.nodes() {
        Some(n) => {
            args.push(("nodes", Arg::Count(i64::try_from(n).unwrap_or(i64::MAX))));
            "analyze-dead-nodes"
        }
        None => "analyze-dead",
    };
    out.push_str("  ");
    out.push_str(&say(id, &args));
    out.push('\n');
    out
}

/// Analyses one input and writes its report; `Ok(false)` when the input
/// was not a position (reported in the output's place, so that the output
/// stays aligned with the input, and on stderr).
fn report(out: &mut impl Write, fen: &str, options: &Options) -> io::Result<bool> {
    match analyze(fen, options.fast_only, options.max_nodes) {
        Ok(a) if options.json => {
            serde_json::to_writer(&mut *out, &to_json(fen, &a))?;
            writeln!(out)?;
            Ok(true)
        }
        Ok(a) => write!(out, "{}", to_text(fen, &a, options.lang)).map(|()| true),
        Err(e) => {
            let fen_shown = shown(fen);
            let e = e.said(options.lang);
            eprintln!("arbitre analyze: `{fen_shown}`: {e}");
            if options.json {
                serde_json::to_writer(&mut *out, &JsonError { fen, error: &e })?;
                writeln!(out)?;
            } else {
                let line = arbitre_messages::message(
                    options.lang,
                    "analyze-error",
                    &[("error", Arg::Text(e.clone()))],
                )
                .unwrap_or_else(|m| m.text);
                writeln!(out, "{fen_shown}\n  {line}")?;
            }
            Ok(false)
        }
    }
}

/// How `arbitre analyze` runs.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Only chasolver's fast unwinnability test.
    pub fast_only: bool,
    /// Each side's search budget in nodes.
    pub max_nodes: Option<u64>,
    /// One JSON line per input.
    pub json: bool,
    /// The language of the text report and of the errors.
    pub lang: Language,
}

/// Runs `arbitre analyze`: the FENs given, or one per line on stdin when none
/// are. Every input is analysed or reported as not a position, in its
/// place; exit status 0 when every input was a position, 1 when one was not
/// (or the input or the output failed).
pub fn run(fens: &[String], options: &Options) -> ExitCode {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut invalid = 0usize;
    let result = if fens.is_empty() {
        let stdin = io::stdin();
        let mut input = stdin.lock();
        let mut buf = Vec::new();
        loop {
            buf.clear();
            match input.read_until(b'\n', &mut buf) {
                Ok(0) => break Ok(()),
                Ok(_) => {
                    let line = String::from_utf8_lossy(&buf);
                    if let Some(fen) = input_fen(&line) {
                        match report(&mut out, fen, options) {
                            Ok(valid) => invalid += usize::from(!valid),
                            Err(e) => break Err(e),
                        }
                    }
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => {
                    eprintln!("arbitre analyze: reading stdin: {e}");
                    return ExitCode::from(1);
                }
            }
        }
    } else {
        fens.iter().try_for_each(|fen| {
            report(&mut out, fen.trim(), options).map(|valid| invalid += usize::from(!valid))
        })
    };
    match result.and_then(|()| out.flush()) {
        Ok(()) if invalid > 0 => {
            let said = arbitre_messages::message(
                options.lang,
                "analyze-invalid-inputs",
                &[(
                    "count",
                    Arg::Count(i64::try_from(invalid).unwrap_or(i64::MAX)),
                )],
            )
            .unwrap_or_else(|m| m.text);
            eprintln!("arbitre analyze: {said}");
            ExitCode::from(1)
        }
        Ok(()) => ExitCode::SUCCESS,
        // The reader went away (e.g. `| head`): nothing left to say.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("arbitre analyze: writing output: {e}");
            ExitCode::from(1)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn input_lines() {
        assert_eq!(input_fen("  # comment"), None);
        assert_eq!(input_fen("   "), None);
        assert_eq!(input_fen("fen\twhite_can_mate"), None);
        assert_eq!(input_fen("8/8/8 w - -\tyes\tno"), Some("8/8/8 w - -"));
    }

    #[test]
    fn node_limits() {
        assert_eq!(parse_nodes("16777216"), Ok(1 << 24));
        assert_eq!(parse_nodes(" 1000 "), Ok(1000));
        assert!(parse_nodes("0").is_err());
        assert!(parse_nodes("-3").is_err());
        assert!(parse_nodes("x").is_err());
    }

    #[test]
    fn unknown_at_the_node_limit() {
        // the chasolver README position: Black cannot mate, White can
        let fen = "5b2/p7/Pp3k2/1Pp1pBp1/2P1P1P1/5K2/8/8 w - - 0 1";
        let free = analyze(fen, false, None).expect("analysis");
        assert_eq!(free.white.verdict, Verdict::Yes);
        assert_eq!(free.black.verdict, Verdict::No);
        let bounded = analyze(fen, false, Some(3)).expect("analysis");
        assert_eq!(bounded.white.verdict, Verdict::Unknown);
        assert!(bounded.white.nodes.is_some_and(|n| n <= 3));
        assert_eq!(bounded.dead(), None);
        assert!(analyze(fen, true, None)
            .expect("analysis")
            .nodes()
            .is_none());
    }

    #[test]
    fn lines_must_replay_to_mate_by_that_side() {
        let pos = parse_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap_or_default();
        let mate = ["a1a8".to_string()];
        assert_eq!(
            replay_line(&pos, Color::White, &mate),
            Some(vec!["Ra8#".to_string()])
        );
        assert_eq!(replay_line(&pos, Color::Black, &mate), None);
        assert_eq!(replay_line(&pos, Color::White, &["a1a7".to_string()]), None);
        assert_eq!(replay_line(&pos, Color::White, &["a1h8".to_string()]), None);
        assert_eq!(replay_line(&pos, Color::White, &["zz".to_string()]), None);
        assert_eq!(replay_line(&pos, Color::White, &[]), None);
    }

    #[test]
    fn unreachable_but_playable_positions_are_accepted() {
        // nine queens and eight pawns: too much material, still analysed
        assert!(parse_fen("QQQQQQQQ/8/8/8/8/8/PPPPPPPP/k1K4Q w - - 0 1").is_ok());
        assert!(parse_fen("4k3/8/8/8/8/8/8/8 w - - 0 1").is_err());
    }

    #[test]
    fn numbering() {
        let pos = parse_fen("4k3/8/8/8/8/8/8/4K3 b - - 0 7").unwrap_or_default();
        let san = ["Kd7".to_string(), "Kd2".to_string(), "Kc7".to_string()];
        assert_eq!(numbered(&pos, &san), "7... Kd7 8. Kd2 Kc7");
    }
}
