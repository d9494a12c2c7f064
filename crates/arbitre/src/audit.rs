//! `arbitre audit`: replays finished games from PGN files through the laws
//! engine and reports the results that contradict the Laws.
//!
//! The input is streamed with `pgn-reader` (plain, gzip or zstd, recognised
//! by their magic bytes; `-` is standard input): a reader thread cuts it into
//! batches of games, each batch is audited in parallel with rayon and printed
//! in input order before the next one is taken, so memory stays bounded
//! whatever the size of the input.
//!
//! What is checked, game by game (each finding carries the ply, the FEN, the
//! article of the chosen edition and a one-line message):
//!
//! - `flag-cannot-mate`: a win on time or by abandonment (`Termination` tag)
//!   for a side that could not checkmate by any series of legal moves (2023
//!   6.9, 2005 6.10): the game is drawn;
//! - `flag-draw-could-mate`: a draw on time although the opponent of the side
//!   to move (whose clock ran) could checkmate: the flag loses;
//! - `mate-undecided`: the helpmate search could not decide the previous two
//!   questions; said so, never guessed;
//! - `result-vs-board`: a result other than the one a checkmate, stalemate or
//!   dead position on the board had already fixed;
//! - `automatic-end-ignored`: under editions with fivefold repetition and the
//!   75-move rule (2023 9.6), a game that went on after them, or another result;
//! - `illegal-move`: a move that is not legal; the game is audited up to it
//!   (its result is judged only if the board had already ended the game);
//! - `claimable-threefold`, `claimable-fifty` (with `--claimable` only): a draw
//!   that could have been claimed and was not;
//! - `clock-increase`, `clock-zero`, `clock-emt`: clock comments that
//!   contradict themselves or the time control;
//! - `truncated`: movetext with no game termination marker;
//! - `unparseable`: a game the reader or the FEN tag could not read (with its
//!   byte offset and line); the audit goes on with the next game.

use std::{
    cell::RefCell,
    collections::BTreeMap,
    fs::File,
    io::{self, BufRead, BufReader, IsTerminal, Read, Write},
    ops::ControlFlow,
    path::{Path, PathBuf},
    process::ExitCode,
    rc::Rc,
    sync::{
        atomic::{AtomicU64, Ordering},
        mpsc, Arc,
    },
    time::{Duration, Instant},
};

use arbitre_laws::{
    dead::{self, can_checkmate, Mate},
    edition::Edition,
    game::{same_position, DeadCheck},
    replay::FastReplay,
    EditionId, Game, GameResult, Millis, Setup, Termination, TimeControl,
};
use pgn_reader::{
    KnownOutcome, Outcome as PgnOutcome, RawComment, RawTag, Reader, SanPlus, Visitor,
};
use serde::Serialize;
use serde_json::{json, Map, Value};
use shakmaty::{fen::Fen, zobrist::Zobrist64, CastlingMode, Chess, Color, EnPassantMode, Position};

/// Games handed to the workers at a time.
const BATCH: usize = 512;

/// Output format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Findings per game for people, then the summary.
    Text,
    /// One JSON object per game, in input order, then `{"summary": …}`.
    Json,
    /// One CSV row per finding; the summary goes to stderr.
    Csv,
}

/// What `arbitre audit` was asked to do.
#[derive(Clone, Debug)]
pub struct Options {
    /// Edition of the Laws the results are checked against.
    pub edition: EditionId,
    /// Output format.
    pub format: Format,
    /// Worker threads (0: one per core).
    pub jobs: usize,
    /// Report draws that could have been claimed (informational).
    pub claimable: bool,
    /// Test dead positions after every irreversible move, as the engine
    /// does by default, instead of where the game stopped (slower; see
    /// [`audit`] for why both find the same).
    pub thorough: bool,
    /// Exit with status 1 when any game has a finding.
    pub fail_on_findings: bool,
}

impl Default for Options {
    /// What `arbitre audit FILE` does: the Laws in force (2023), text, one
    /// worker per core, no claimable draws, dead positions tested where each
    /// game stopped.
    fn default() -> Options {
        Options {
            edition: EditionId::Fide2023,
            format: Format::Text,
            jobs: 0,
            claimable: false,
            thorough: false,
            fail_on_findings: false,
        }
    }
}

/// One thing found in a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Finding {
    /// Kind, e.g. `flag-cannot-mate` (see the module documentation).
    pub kind: &'static str,
    /// Half-move concerned (1-based; 0 = the starting position).
    pub ply: u32,
    /// The position concerned (after the ply; before it for an illegal move).
    pub fen: Option<String>,
    /// The article of the edition in force, where a Law applies.
    pub article: Option<&'static str>,
    /// One line of explanation.
    pub message: String,
}

/// The audit of one game.
#[derive(Clone, Debug)]
pub struct GameReport {
    /// Position of the game in the whole input, 1-based.
    pub game: u64,
    /// Index of its file in the file list.
    pub file: usize,
    /// Byte offset of its first tag in the (decompressed) stream.
    pub offset: u64,
    /// Line (1-based) of its first tag.
    pub line: u64,
    /// Tags, as read (Latin-1 decoded where they are not UTF-8).
    pub tags: Tags,
    /// Half-moves replayed.
    pub plies: u32,
    /// What was found.
    pub findings: Vec<Finding>,
}

/// A mainline move as read, with its clock comments.
#[derive(Clone, Debug)]
struct RawMove {
    san: SanPlus,
    clk: Option<Millis>,
    emt: Option<Millis>,
}

/// A game as the reader thread hands it to the workers.
#[derive(Clone, Debug)]
struct RawGame {
    game: u64,
    file: usize,
    offset: u64,
    line: u64,
    tags: Tags,
    moves: Vec<RawMove>,
    marker: Option<PgnOutcome>,
    error: Option<String>,
}

// ---------------------------------------------------------------------------
// Reading

/// A game's tags as read, names and values in one string (two allocations a
/// game rather than two a tag): UTF-8, or Latin-1 decoded where a name or
/// value is not valid UTF-8.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tags {
    text: String,
    /// Start of the name, start of the value (end of the name), end of the value.
    spans: Vec<[u32; 3]>,
}

impl Tags {
    /// Adds a tag.
    pub fn push(&mut self, name: &[u8], value: &[u8]) {
        let start = self.text.len() as u32;
        decode_into(&mut self.text, name);
        let middle = self.text.len() as u32;
        decode_into(&mut self.text, value);
        self.spans.push([start, middle, self.text.len() as u32]);
    }

    /// Removes every tag.
    pub fn clear(&mut self) {
        self.text.clear();
        self.spans.clear();
    }

    /// The tags in their order in the file, as (name, value).
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> + '_ {
        self.spans.iter().map(|&[a, b, c]| {
            (
                &self.text[a as usize..b as usize],
                &self.text[b as usize..c as usize],
            )
        })
    }

    /// The value of the first tag with this name (ASCII case ignored).
    pub fn get(&self, name: &str) -> Option<&str> {
        self.iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v)
    }

    /// How many tags.
    pub fn len(&self) -> usize {
        self.spans.len()
    }

    /// No tags.
    pub fn is_empty(&self) -> bool {
        self.spans.is_empty()
    }
}

/// Appends bytes as text: UTF-8, or Latin-1 where they are not valid UTF-8.
fn decode_into(out: &mut String, bytes: &[u8]) {
    match std::str::from_utf8(bytes) {
        Ok(s) => out.push_str(s),
        Err(_) => out.extend(bytes.iter().map(|&b| char::from(b))),
    }
}

/// `[%clk 1:02:03.4]` / `[%emt 0:00:05]` in a comment, in milliseconds.
fn clock_command(comment: &[u8], command: &[u8]) -> Option<Millis> {
    // commands are few and short: look for their `[` rather than build a
    // substring searcher for every comment
    let at = memchr::memchr_iter(b'[', comment).find(|&i| comment[i..].starts_with(command))?;
    let rest = &comment[at + command.len()..];
    let rest = rest.strip_prefix(b" ").unwrap_or(rest);
    let end = rest
        .iter()
        .position(|&b| !(b.is_ascii_digit() || b == b':' || b == b'.'))
        .unwrap_or(rest.len());
    parse_hms(&rest[..end])
}

/// `h:mm:ss(.f)`, `mm:ss` or `ss` in milliseconds (ASCII digits, at most
/// three fields, at most 12 digits a field).
fn parse_hms(text: &[u8]) -> Option<Millis> {
    let (whole, frac) = match memchr::memchr(b'.', text) {
        Some(i) => (&text[..i], &text[i + 1..]),
        None => (text, &b""[..]),
    };
    let number = |digits: &[u8]| -> Option<Millis> {
        if digits.is_empty() || digits.len() > 12 || !digits.iter().all(u8::is_ascii_digit) {
            return None;
        }
        Some(
            digits
                .iter()
                .fold(0, |n, &d| n * 10 + Millis::from(d - b'0')),
        )
    };
    let mut fields = 0;
    let mut secs: Millis = 0;
    for part in whole.split(|&b| b == b':') {
        fields += 1;
        if fields > 3 {
            return None;
        }
        secs = secs * 60 + number(part)?;
    }
    let mut ms = secs * 1000;
    if !frac.is_empty() {
        let digits = &frac[..frac.len().min(3)];
        let scale = [100, 10, 1][digits.len() - 1];
        ms += number(digits)? * scale;
    }
    Some(ms)
}

/// The visitor: tags are kept in `self` so that they survive a read error.
#[derive(Default)]
struct Collect {
    tags: Tags,
}

struct Body {
    tags: Tags,
    moves: Vec<RawMove>,
    marker: Option<PgnOutcome>,
}

impl Visitor for Collect {
    type Tags = ();
    type Movetext = Body;
    type Output = Body;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        self.tags.clear();
        ControlFlow::Continue(())
    }

    fn tag(
        &mut self,
        _: &mut Self::Tags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        self.tags.push(name, &value.decode());
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, (): Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue(Body {
            tags: Tags::default(),
            moves: Vec::with_capacity(100),
            marker: None,
        })
    }

    fn san(&mut self, body: &mut Self::Movetext, san: SanPlus) -> ControlFlow<Self::Output> {
        body.moves.push(RawMove {
            san,
            clk: None,
            emt: None,
        });
        ControlFlow::Continue(())
    }

    fn comment(
        &mut self,
        body: &mut Self::Movetext,
        comment: RawComment<'_>,
    ) -> ControlFlow<Self::Output> {
        let text = comment.as_bytes();
        if let Some(last) = body.moves.last_mut() {
            if let Some(ms) = clock_command(text, b"[%clk") {
                last.clk = Some(ms);
            }
            if let Some(ms) = clock_command(text, b"[%emt") {
                last.emt = Some(ms);
            }
        }
        ControlFlow::Continue(())
    }

    fn outcome(
        &mut self,
        body: &mut Self::Movetext,
        outcome: PgnOutcome,
    ) -> ControlFlow<Self::Output> {
        body.marker = Some(outcome);
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, mut body: Self::Movetext) -> Self::Output {
        // taken only here: a game that fails to read keeps its tags for the report
        body.tags = std::mem::take(&mut self.tags);
        body
    }
}

/// Bytes that went through a reader, where their newlines are, and whether
/// it failed.
#[derive(Default)]
struct Tally {
    bytes: u64,
    /// Newlines before the offset last asked for by [`Tally::line_at`].
    lines: u64,
    /// Offsets of the newlines read and not yet counted in `lines`.
    pending: std::collections::VecDeque<u64>,
    failed: Option<String>,
}

impl Tally {
    /// The line (1-based) of a byte offset, for offsets asked in increasing
    /// order: each newline is looked at twice in all, whatever the buffering.
    fn line_at(&mut self, offset: u64) -> u64 {
        while self.pending.front().is_some_and(|&at| at < offset) {
            self.pending.pop_front();
            self.lines += 1;
        }
        self.lines + 1
    }
}

/// Counts what the PGN reader takes from the stream.
struct Counting<R> {
    inner: R,
    tally: Rc<RefCell<Tally>>,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self.inner.read(buf) {
            Ok(n) => {
                let mut t = self.tally.borrow_mut();
                t.bytes += n as u64;
                let at = t.bytes - n as u64;
                t.pending
                    .extend(memchr::memchr_iter(b'\n', &buf[..n]).map(|i| at + i as u64));
                Ok(n)
            }
            Err(e) => {
                self.tally.borrow_mut().failed = Some(e.to_string());
                Err(e)
            }
        }
    }
}

/// Counts the raw bytes read from a file (before decompression), for the progress bar.
struct Progress<R> {
    inner: R,
    done: Arc<AtomicU64>,
}

impl<R: Read> Read for Progress<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.done.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// An input opened and checked, not yet read.
struct Input {
    name: String,
    raw: Box<dyn Read + Send>,
    size: Option<u64>,
}

/// Opens an input, or says clearly why it cannot be read.
fn open(path: &Path) -> Result<Input, String> {
    let name = path.display().to_string();
    if name == "-" {
        return Ok(Input {
            name,
            raw: Box::new(io::stdin()),
            size: None,
        });
    }
    let file = File::open(path).map_err(|e| format!("{name}: cannot open: {e}"))?;
    let meta = file
        .metadata()
        .map_err(|e| format!("{name}: cannot read: {e}"))?;
    if meta.is_dir() {
        return Err(format!("{name}: is a directory, not a PGN file"));
    }
    Ok(Input {
        name,
        raw: Box::new(file),
        size: Some(meta.len()),
    })
}

/// The decompressed stream, recognised by its first bytes.
fn decompress(raw: impl Read + Send + 'static) -> io::Result<Box<dyn Read>> {
    let mut buffered = BufReader::with_capacity(1 << 16, raw);
    let head = buffered.fill_buf()?;
    Ok(if head.starts_with(&[0x1f, 0x8b]) {
        Box::new(flate2::bufread::MultiGzDecoder::new(buffered))
    } else if head.starts_with(&[0x28, 0xb5, 0x2f, 0xfd]) {
        Box::new(zstd::stream::read::Decoder::with_buffer(buffered)?)
    } else {
        Box::new(buffered)
    })
}

/// What the reader sends, and what the workers send back.
enum Message {
    Games(Vec<RawGame>),
    /// A batch audited.
    Reports(Vec<GameReport>),
    /// A file that failed while being read.
    FileError(String),
}

/// Reads every input in turn and sends its games in batches.
fn read_all(
    inputs: Vec<Input>,
    progress: Arc<AtomicU64>,
    plain_bytes: Arc<AtomicU64>,
    mut send: impl FnMut(Message) -> bool,
) {
    let mut game = 0u64;
    for (index, input) in inputs.into_iter().enumerate() {
        let name = input.name.clone();
        let raw = Progress {
            inner: input.raw,
            done: progress.clone(),
        };
        let stream = match decompress(raw) {
            Ok(s) => s,
            Err(e) => {
                if !send(Message::FileError(format!("{name}: cannot read: {e}"))) {
                    return;
                }
                continue;
            }
        };
        let tally = Rc::new(RefCell::new(Tally::default()));
        let mut reader = Reader::new(Counting {
            inner: stream,
            tally: tally.clone(),
        });
        let mut batch = Vec::with_capacity(BATCH);
        let mut failure = None;
        let mut visitor = Collect::default();
        loop {
            match reader.has_more() {
                Ok(true) => {}
                Ok(false) => break,
                Err(e) => {
                    failure = Some(e.to_string());
                    break;
                }
            }
            let (offset, line) = {
                let mut t = tally.borrow_mut();
                let offset = t.bytes - reader.buffer().len() as u64;
                (offset, t.line_at(offset))
            };
            game += 1;
            let mut raw = RawGame {
                game,
                file: index,
                offset,
                line,
                tags: Tags::default(),
                moves: Vec::new(),
                marker: None,
                error: None,
            };
            match reader.read_game(&mut visitor) {
                Ok(Some(body)) => {
                    raw.tags = body.tags;
                    raw.moves = body.moves;
                    raw.marker = body.marker;
                }
                Ok(None) => {
                    game -= 1;
                    break;
                }
                Err(e) => {
                    if tally.borrow().failed.is_some() {
                        game -= 1;
                        failure = Some(e.to_string());
                        break;
                    }
                    raw.error = Some(e.to_string());
                    raw.tags = std::mem::take(&mut visitor.tags);
                    // resynchronise on the next game
                    if let Err(e) = reader.skip_game() {
                        if tally.borrow().failed.is_some() {
                            failure = Some(e.to_string());
                        }
                    }
                }
            }
            batch.push(raw);
            if batch.len() >= BATCH
                && !send(Message::Games(std::mem::replace(
                    &mut batch,
                    Vec::with_capacity(BATCH),
                )))
            {
                return;
            }
            if failure.is_some() {
                break;
            }
        }
        plain_bytes.fetch_add(tally.borrow().bytes, Ordering::Relaxed);
        if !batch.is_empty() && !send(Message::Games(batch)) {
            return;
        }
        if let Some(e) = failure {
            let at = tally.borrow().bytes;
            if !send(Message::FileError(format!(
                "{name}: read error near byte {at}: {e}"
            ))) {
                return;
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Auditing one game

fn tag<'a>(tags: &'a Tags, name: &str) -> Option<&'a str> {
    tags.get(name)
}

fn fen(pos: &Chess) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

fn side(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
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

fn format_ms(ms: Millis) -> String {
    let s = ms / 1000;
    let frac = ms % 1000;
    if frac == 0 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}:{:02}.{:03}", s / 3600, s / 60 % 60, s % 60, frac)
    }
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

/// The start position from the `FEN` tag, if any.
fn start_position(tags: &Tags) -> Result<Chess, String> {
    let Some(text) = tag(tags, "FEN") else {
        return Ok(Chess::default());
    };
    let mode = match tag(tags, "Variant") {
        Some(v) if v.contains("960") || v.to_ascii_lowercase().contains("fischer") => {
            CastlingMode::Chess960
        }
        _ => CastlingMode::Standard,
    };
    let parsed: Fen = text
        .trim()
        .parse()
        .map_err(|e| format!("FEN tag `{text}`: {e}"))?;
    parsed
        .into_position(mode)
        .map_err(|e| format!("FEN tag `{text}`: {e}"))
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
/// default policy, testing every move for checkmate and stalemate.
fn audit(raw: RawGame, edition: EditionId, claimable: bool, thorough: bool) -> GameReport {
    let unparseable = |why: String| Finding {
        kind: "unparseable",
        ply: 0,
        fen: None,
        article: None,
        message: format!(
            "game not readable at byte {}, line {}: {why}",
            raw.offset, raw.line
        ),
    };
    let replayed = if let Some(e) = &raw.error {
        Err(unparseable(e.clone()))
    } else if let Some(v) = foreign_variant(&raw.tags) {
        Err(unparseable(format!(
            "variant `{v}` is not played under the Laws of Chess"
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
            match replay(&raw, edition, claimable, policy, continued) {
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
    let (plies, findings) = match replayed {
        Ok(r) => (r.plies, r.findings),
        Err(f) => (0, vec![f]),
    };
    GameReport {
        game: raw.game,
        file: raw.file,
        offset: raw.offset,
        line: raw.line,
        tags: raw.tags,
        plies,
        findings,
    }
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

/// Findings that are not made once the engine has ended the game.
const AFTER_THE_END: [&str; 3] = ["clock-zero", "claimable-threefold", "claimable-fifty"];

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
) -> Result<Replayed, String> {
    let laws = edition.laws();
    let tags = &raw.tags;
    let tc = tag(tags, "TimeControl").and_then(time_control);
    let mut setup = Setup::new(edition);
    setup.start = start_position(tags)?;
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
    // the position once the engine has ended the game: replayed on here
    let mut after_end: Option<Chess> = None;
    let mut illegal = false;
    // repetition window since the last irreversible move (for --claimable)
    let mut window: Vec<(u64, Chess)> = Vec::new();
    if claimable {
        let pos = game.position();
        window.push((
            pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0,
            pos.clone(),
        ));
    }
    let mut threefold_seen = false;
    let mut fifty_seen = false;
    // clock checks: last reading and moves made, per side
    let mut last_clk: [Option<Millis>; 2] = [None, None];
    let mut moves_made: [u32; 2] = [0, 0];
    let mut zero_seen = false;

    for (i, mv) in raw.moves.iter().enumerate() {
        let ply = i as u32 + 1;
        let before = after_end.as_ref().unwrap_or(game.position());
        let mover = before.turn();
        let refused = match &mut after_end {
            Some(pos) => match mv.san.san.to_move(pos) {
                Ok(m) => {
                    pos.play_unchecked(m);
                    None
                }
                Err(e) => Some(e),
            },
            None => {
                let made = game.moves().len();
                if continued && i + 1 < raw.moves.len() {
                    game.play_san_continued(i, 0, &mv.san.san);
                } else {
                    game.play_san(i, 0, &mv.san.san);
                }
                if game.moves().len() > made {
                    None
                } else {
                    Some(match mv.san.san.to_move(game.position()) {
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
                kind: "illegal-move",
                ply,
                fen: Some(fen(pos)),
                article: Some(laws.legal_move),
                message: format!(
                    "{}{} {} is not a legal move here ({e}); the game is audited up to it",
                    pos.fullmoves(),
                    if mover == Color::White { "." } else { "..." },
                    mv.san
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
        let goes_on = ply < total;
        let decided_here = !goes_on && result == Some(GameResult::Draw);

        if claimable && (ended.is_none() || just_ended) {
            let h = pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0;
            if pos.halfmoves() == 0 {
                window.clear();
            }
            let seen = window
                .iter()
                .filter(|(wh, wp)| *wh == h && same_position(wp, pos))
                .count();
            window.push((h, pos.clone()));
            if !threefold_seen && seen + 1 >= 3 && !decided_here && !just_ended {
                threefold_seen = true;
                findings.push(Finding {
                    kind: "claimable-threefold",
                    ply,
                    fen: Some(fen(pos)),
                    article: Some(laws.threefold_appeared),
                    message: format!(
                        "the same position stands for the {} time: a draw could have been claimed and {}",
                        ordinal(seen + 1),
                        if goes_on { "the game went on" } else { "the result is not a draw" }
                    ),
                });
            }
            if !fifty_seen
                && pos.halfmoves() >= 2 * laws.fifty_moves
                && !pos.is_checkmate()
                && !decided_here
                && !just_ended
            {
                fifty_seen = true;
                findings.push(Finding {
                    kind: "claimable-fifty",
                    ply,
                    fen: Some(fen(pos)),
                    article: Some(laws.fifty_completed),
                    message: format!(
                        "{} moves by each player without a capture or a pawn move: a draw could have been claimed and {}",
                        laws.fifty_moves,
                        if goes_on { "the game went on" } else { "the result is not a draw" }
                    ),
                });
            }
        }

        // clocks
        let s = mover as usize;
        moves_made[s] += 1;
        let n = moves_made[s];
        if let Some(clk) = mv.clk {
            if let (Some(prev), Some(tc)) = (last_clk[s], tc.as_ref()) {
                let credit = credit_after_move(tc, n);
                // clocks are written to the second: one second of rounding
                if clk > prev + credit + 1000 {
                    findings.push(Finding {
                        kind: "clock-increase",
                        ply,
                        fen: Some(fen(pos)),
                        article: Some(laws.clock_correction),
                        message: format!(
                            "{}'s clock goes from {} to {} over one move, more than the {} the time control {} gives (time added by someone?)",
                            side(mover),
                            format_ms(prev),
                            format_ms(clk),
                            format_ms(credit),
                            tc
                        ),
                    });
                }
                if let Some(emt) = mv.emt {
                    let expected = prev - emt + credit;
                    if (expected - clk).abs() > 2000 {
                        findings.push(Finding {
                            kind: "clock-emt",
                            ply,
                            fen: Some(fen(pos)),
                            article: Some(laws.clock_correction),
                            message: format!(
                                "{}'s clock reads {} after a move said to take {} from {}: {} expected",
                                side(mover),
                                format_ms(clk),
                                format_ms(emt),
                                format_ms(prev),
                                format_ms(expected)
                            ),
                        });
                    }
                }
            }
            // a reading of zero proves a flag fall only where the reading after
            // the move includes an increment: without one, a clock written to
            // the second shows 0:00:00 with up to a second left
            let credit = tc.as_ref().map_or(0, |tc| credit_after_move(tc, n));
            if clk <= 0 && credit > 0 && goes_on && !zero_seen && ended.is_none() {
                zero_seen = true;
                findings.push(Finding {
                    kind: "clock-zero",
                    ply,
                    fen: Some(fen(pos)),
                    article: Some(laws.flag_fall),
                    message: format!(
                        "{}'s clock shows {} after this move, increment included: the flag had fallen and the game went on",
                        side(mover),
                        format_ms(clk)
                    ),
                });
            }
            last_clk[s] = Some(clk);
        }
    }

    let pos = after_end.as_ref().unwrap_or(game.position());
    if raw.marker.is_none() && !illegal {
        findings.push(Finding {
            kind: "truncated",
            ply: plies,
            fen: Some(fen(pos)),
            article: None,
            message: "the movetext ends without a result (1-0, 0-1, 1/2-1/2 or *): the game may be cut short".into(),
        });
    }

    // where the engine stopped: may the position there be dead? A dead
    // position there would change the findings only by moving the end of the
    // game earlier: for a win, only if the winner cannot checkmate (a dead
    // position is one where neither side can); otherwise only where a finding
    // depends on the game going on
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
                _ => {
                    (ending != Ending::Other
                        || findings.iter().any(|f| AFTER_THE_END.contains(&f.kind)))
                        && dead::is_dead_fast(game.position())
                }
            },
        };
    // a game stopped by an illegal move is judged only if the board had
    // already ended it: what it ended with stands whatever was written after
    if !illegal || ended.is_some() {
        findings.extend(judge_result(laws, result, ending, pos, plies, total, ended));
    }
    findings.sort_by_key(|f| f.ply);
    Ok(Replayed {
        plies,
        findings,
        dead_from: dead_suspected.then(|| first_dead_ply(&game)),
        illegal,
    })
}

fn ordinal(n: usize) -> String {
    match n {
        3 => "third".into(),
        4 => "fourth".into(),
        5 => "fifth".into(),
        n => format!("{n}th"),
    }
}

/// The checks of the result against the final position and the engine's end.
fn judge_result(
    laws: &Edition,
    result: Option<GameResult>,
    ending: Ending,
    pos: &Chess,
    plies: u32,
    total: u32,
    ended: Option<(u32, arbitre_laws::Outcome, String)>,
) -> Vec<Finding> {
    let mut out = Vec::new();
    let Some(result) = result else {
        return out;
    };
    let how = match ending {
        Ending::Time => "on time",
        Ending::Abandoned => "by abandonment",
        Ending::Other => "",
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
                            kind: "flag-cannot-mate",
                            ply: plies,
                            fen: Some(fen(pos)),
                            article: Some(laws.flag_fall),
                            message: format!(
                                "{} is given the win {how} ({}), but {} cannot checkmate by any series of legal moves{}: the game is drawn",
                                side(winner),
                                result.code(),
                                side(winner),
                                if dead_at_end { " (the position is dead)" } else { "" }
                            ),
                        });
                    }
                    Mate::Unknown => {
                        flag_judged = true;
                        out.push(Finding {
                            kind: "mate-undecided",
                            ply: plies,
                            fen: Some(fen(pos)),
                            article: Some(laws.flag_fall),
                            message: format!(
                                "{} is given the win {how}; whether {} could checkmate is undecided within the search limits: an arbiter must rule",
                                side(winner),
                                side(winner)
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
                        kind: "flag-draw-could-mate",
                        ply: plies,
                        fen: Some(fen(pos)),
                        article: Some(laws.flag_fall),
                        message: format!(
                            "drawn on time, but {} (whose clock ran) lost on time: {} could checkmate (e.g. {})",
                            side(flagged),
                            side(opponent),
                            line.join(" ")
                        ),
                    }),
                    Mate::Unknown => out.push(Finding {
                        kind: "mate-undecided",
                        ply: plies,
                        fen: Some(fen(pos)),
                        article: Some(laws.flag_fall),
                        message: format!(
                            "drawn on time; whether {} could checkmate is undecided within the search limits: an arbiter must rule",
                            side(opponent)
                        ),
                    }),
                    Mate::Impossible => {}
                }
            }
            _ => {}
        }
    }
    let Some((at, outcome, at_fen)) = ended else {
        return out;
    };
    match outcome.termination {
        Termination::Checkmate | Termination::Stalemate | Termination::DeadPosition
            if outcome.result != result && !flag_judged =>
        {
            let what = match outcome.termination {
                Termination::Checkmate => "checkmate",
                Termination::Stalemate => "stalemate",
                _ => "a dead position",
            };
            out.push(Finding {
                    kind: "result-vs-board",
                    ply: at,
                    fen: Some(at_fen),
                    article: Some(outcome.article),
                    message: format!(
                        "{what} on the board at ply {at} ended the game {}; the recorded result is {}{}",
                        outcome.result.code(),
                        result.code(),
                        if at < plies {
                            format!(" ({} more plies were played)", plies - at)
                        } else {
                            String::new()
                        }
                    ),
                });
        }
        Termination::FivefoldRepetition | Termination::SeventyFiveMoves
            if at < total || outcome.result != result =>
        {
            let what = if outcome.termination == Termination::FivefoldRepetition {
                "fivefold repetition"
            } else {
                "the 75-move rule"
            };
            out.push(Finding {
                    kind: "automatic-end-ignored",
                    ply: at,
                    fen: Some(at_fen),
                    article: Some(outcome.article),
                    message: format!(
                        "{what} ended the game as a draw at ply {at}; {} more plies were played and the recorded result is {}",
                        total.saturating_sub(at),
                        result.code()
                    ),
                });
        }
        _ => {}
    }
    out
}

// ---------------------------------------------------------------------------
// Output

/// Kinds by severity: what a rating officer should look at first.
const SEVERITY: [&str; 14] = [
    "flag-cannot-mate",
    "result-vs-board",
    "automatic-end-ignored",
    "flag-draw-could-mate",
    "illegal-move",
    "unparseable",
    "clock-zero",
    "clock-increase",
    "clock-emt",
    "mate-undecided",
    "truncated",
    "claimable-threefold",
    "claimable-fifty",
    "",
];

fn severity(kind: &str) -> usize {
    SEVERITY
        .iter()
        .position(|k| *k == kind)
        .unwrap_or(SEVERITY.len())
}

fn finding_json(f: &Finding) -> Value {
    json!({
        "kind": f.kind,
        "ply": f.ply,
        "fen": f.fen,
        "article": f.article,
        "message": f.message,
    })
}

/// Tags as a JSON object, in their order in the file (the last of two tags
/// with the same name wins).
struct TagsJson<'a>(&'a Tags);

impl Serialize for TagsJson<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let tags = self.0;
        let mut map = serializer.serialize_map(None)?;
        for (i, (k, v)) in tags.iter().enumerate() {
            if !tags.iter().skip(i + 1).any(|(later, _)| later == k) {
                map.serialize_entry(k, v)?;
            }
        }
        map.end()
    }
}

/// The JSON line of one game (the shape `arbitre audit --json` promises).
#[derive(Serialize)]
struct GameLine<'a> {
    game: u64,
    file: &'a str,
    offset: u64,
    tags: TagsJson<'a>,
    plies: u32,
    findings: &'a [Finding],
}

/// Writes the JSON line of one game.
pub fn write_game_json(r: &GameReport, file: &str, out: &mut impl Write) -> io::Result<()> {
    let line = GameLine {
        game: r.game,
        file,
        offset: r.offset,
        tags: TagsJson(&r.tags),
        plies: r.plies,
        findings: &r.findings,
    };
    serde_json::to_writer(&mut *out, &line)?;
    writeln!(out)
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_owned()
    }
}

const CSV_HEADER: &str =
    "game,file,offset,white,black,result,termination,plies,kind,ply,fen,article,message";

fn csv_rows(r: &GameReport, file: &str, out: &mut impl Write) -> io::Result<()> {
    let t = |name| csv_field(tag(&r.tags, name).unwrap_or(""));
    for f in &r.findings {
        writeln!(
            out,
            "{},{},{},{},{},{},{},{},{},{},{},{},{}",
            r.game,
            csv_field(file),
            r.offset,
            t("White"),
            t("Black"),
            t("Result"),
            t("Termination"),
            r.plies,
            f.kind,
            f.ply,
            csv_field(f.fen.as_deref().unwrap_or("")),
            f.article.unwrap_or(""),
            csv_field(&f.message)
        )?;
    }
    Ok(())
}

fn headline(r: &GameReport, file: &str) -> String {
    let t = |name| tag(&r.tags, name).unwrap_or("?");
    let mut line = format!(
        "game {} ({file}, byte {}, line {}): {} - {}, {}, {}, {}",
        r.game,
        r.offset,
        r.line,
        t("White"),
        t("Black"),
        t("Event"),
        t("Date"),
        t("Result")
    );
    if let Some(term) = tag(&r.tags, "Termination") {
        line.push_str(&format!(" [{term}]"));
    }
    if let Some(site) = tag(&r.tags, "Site").filter(|s| s.starts_with("http")) {
        line.push_str(&format!(" {site}"));
    }
    line
}

fn text_game(r: &GameReport, file: &str, out: &mut impl Write) -> io::Result<()> {
    writeln!(out, "{}", headline(r, file))?;
    for f in &r.findings {
        writeln!(
            out,
            "  ply {:>3}  {:<22} {:<8} {}",
            f.ply,
            f.kind,
            f.article.unwrap_or("-"),
            f.message
        )?;
        if let Some(fen) = &f.fen {
            writeln!(out, "            {fen}")?;
        }
    }
    Ok(())
}

/// Counts kept while games stream past.
#[derive(Default)]
struct Summary {
    games: u64,
    plies: u64,
    with_findings: u64,
    findings: u64,
    by_kind: BTreeMap<&'static str, (u64, u64)>,
    worst: Vec<(usize, std::cmp::Reverse<usize>, u64, Value)>,
    errors: Vec<String>,
}

const WORST: usize = 10;

impl Summary {
    fn add(&mut self, r: &GameReport, file: &str) {
        self.games += 1;
        self.plies += u64::from(r.plies);
        if r.findings.is_empty() {
            return;
        }
        self.with_findings += 1;
        self.findings += r.findings.len() as u64;
        let mut kinds: Vec<&'static str> = r.findings.iter().map(|f| f.kind).collect();
        for k in &kinds {
            self.by_kind.entry(k).or_default().1 += 1;
        }
        kinds.sort_by_key(|k| severity(k));
        kinds.dedup();
        for k in &kinds {
            self.by_kind.entry(k).or_default().0 += 1;
        }
        let top = kinds.first().map_or(SEVERITY.len(), |k| severity(k));
        let key = (top, std::cmp::Reverse(r.findings.len()), r.game);
        let full = self.worst.len() >= WORST;
        if full && self.worst.last().is_some_and(|w| (w.0, w.1, w.2) <= key) {
            return;
        }
        let keep = [
            "Event",
            "Site",
            "Date",
            "Round",
            "White",
            "Black",
            "Result",
            "Termination",
        ];
        let tags: Map<String, Value> = keep
            .iter()
            .filter_map(|k| tag(&r.tags, k).map(|v| ((*k).to_owned(), Value::String(v.to_owned()))))
            .collect();
        let first = r
            .findings
            .iter()
            .min_by_key(|f| severity(f.kind))
            .map(finding_json);
        let example = json!({
            "game": r.game,
            "file": file,
            "offset": r.offset,
            "tags": tags,
            "kinds": kinds,
            "finding": first,
        });
        self.worst.push((key.0, key.1, key.2, example));
        self.worst.sort_by_key(|w| (w.0, w.1, w.2));
        self.worst.truncate(WORST);
    }

    fn json(&self, edition: EditionId, files: usize, bytes: u64, claimable: bool) -> Value {
        let by_kind: Map<String, Value> = self
            .by_kind
            .iter()
            .map(|(k, (g, f))| ((*k).to_owned(), json!({"games": g, "findings": f})))
            .collect();
        json!({"summary": {
            "edition": edition.code(),
            "files": files,
            "bytes": bytes,
            "games": self.games,
            "plies": self.plies,
            "games_with_findings": self.with_findings,
            "findings": self.findings,
            "by_kind": by_kind,
            "claimable_checked": claimable,
            "worst": self.worst.iter().map(|w| w.3.clone()).collect::<Vec<_>>(),
            "errors": self.errors,
        }})
    }

    fn text(
        &self,
        edition: EditionId,
        files: usize,
        bytes: u64,
        secs: f64,
        out: &mut impl Write,
    ) -> io::Result<()> {
        writeln!(out, "\n== audit summary ({}) ==", edition.code())?;
        writeln!(
            out,
            "{} games ({} plies, {} bytes) from {} file(s) in {:.1} s ({:.0} games/s)",
            self.games,
            self.plies,
            bytes,
            files,
            secs,
            self.games as f64 / secs.max(1e-9)
        )?;
        writeln!(
            out,
            "{} game(s) with findings, {} finding(s)",
            self.with_findings, self.findings
        )?;
        let mut kinds: Vec<_> = self.by_kind.iter().collect();
        kinds.sort_by_key(|(k, _)| severity(k));
        for (k, (g, f)) in kinds {
            writeln!(out, "  {k:<22} {g:>7} game(s) {f:>7} finding(s)")?;
        }
        if !self.worst.is_empty() {
            writeln!(out, "worst examples:")?;
            for w in &self.worst {
                let v = &w.3;
                let t = |k: &str| v["tags"][k].as_str().unwrap_or("?").to_owned();
                writeln!(
                    out,
                    "  game {} ({}, byte {}): {} - {}, {}, {} {} : {}",
                    v["game"],
                    v["file"].as_str().unwrap_or(""),
                    v["offset"],
                    t("White"),
                    t("Black"),
                    t("Event"),
                    t("Site"),
                    t("Result"),
                    v["finding"]["message"].as_str().unwrap_or("")
                )?;
            }
        }
        for e in &self.errors {
            writeln!(out, "error: {e}")?;
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------------
// The command

fn progress_bar(total: Option<u64>) -> indicatif::ProgressBar {
    if !io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = match total {
        Some(len) => indicatif::ProgressBar::new(len).with_style(
            indicatif::ProgressStyle::with_template(
                "{spinner} {elapsed_precise} [{wide_bar}] {binary_bytes}/{binary_total_bytes} {msg} ETA {eta}",
            )
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        ),
        None => indicatif::ProgressBar::new_spinner().with_style(
            indicatif::ProgressStyle::with_template("{spinner} {elapsed_precise} {binary_bytes} {msg}")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
        ),
    };
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

/// Audits the PGN of one reader (plain, gzip or zstd) on the calling thread
/// and hands each game's report to `each`, in input order; `Err` if the
/// stream fails while being read (the games before are reported). This is
/// `arbitre audit --jobs 1` without the output, for programs and benchmarks.
pub fn audit_reader(
    input: impl Read + Send + 'static,
    opts: &Options,
    mut each: impl FnMut(GameReport),
) -> Result<(), String> {
    let input = Input {
        name: "-".into(),
        raw: Box::new(input),
        size: None,
    };
    let (edition, claimable, thorough) = (opts.edition, opts.claimable, opts.thorough);
    let mut failure = Ok(());
    let counter = Arc::new(AtomicU64::new(0));
    read_all(vec![input], counter.clone(), counter, |message| {
        match message {
            Message::Games(batch) => {
                for g in batch {
                    each(audit(g, edition, claimable, thorough));
                }
            }
            Message::FileError(e) => failure = Err(e),
            Message::Reports(_) => {}
        }
        true
    });
    failure
}

/// Prints the reports of each batch in input order and keeps the summary.
struct Printer<'a, W: Write> {
    opts: &'a Options,
    names: &'a [String],
    out: W,
    summary: Summary,
    write_error: Option<io::Error>,
    bar: &'a indicatif::ProgressBar,
    progress: &'a AtomicU64,
    started: Instant,
}

impl<W: Write> Printer<'_, W> {
    /// Audits a batch with `audit` and prints it, or records a file error;
    /// `false` once the output cannot be written (reading may stop).
    fn take(
        &mut self,
        message: Message,
        audit: impl FnOnce(Vec<RawGame>) -> Vec<GameReport>,
    ) -> bool {
        let reports = match message {
            Message::Games(b) => audit(b),
            Message::Reports(r) => r,
            Message::FileError(e) => {
                self.bar.suspend(|| eprintln!("arbitre audit: {e}"));
                self.summary.errors.push(e);
                return self.write_error.is_none();
            }
        };
        for r in &reports {
            self.print(r);
        }
        self.bar.set_position(self.progress.load(Ordering::Relaxed));
        let secs = self.started.elapsed().as_secs_f64().max(1e-9);
        self.bar.set_message(format!(
            "{} games, {:.0} games/s",
            self.summary.games,
            self.summary.games as f64 / secs
        ));
        self.write_error.is_none()
    }

    fn print(&mut self, r: &GameReport) {
        let file = self.names.get(r.file).map_or("", String::as_str);
        self.summary.add(r, file);
        if self.write_error.is_some() {
            return;
        }
        let out = &mut self.out;
        let written = match self.opts.format {
            Format::Json => write_game_json(r, file, &mut *out),
            Format::Csv => csv_rows(r, file, out),
            Format::Text if !r.findings.is_empty() => text_game(r, file, out),
            Format::Text => Ok(()),
        };
        if let Err(e) = written {
            self.write_error = Some(e);
        }
        if self.opts.format != Format::Text {
            if let Some(f) = r.findings.iter().find(|f| f.kind == "unparseable") {
                let msg = &f.message;
                self.bar
                    .suspend(|| eprintln!("arbitre audit: {file}: game {}: {msg}", r.game));
            }
        }
    }
}

/// Runs `arbitre audit`: 0 when it ran, 1 with `fail_on_findings` and
/// findings, 2 when an input cannot be read.
pub fn run(files: &[PathBuf], opts: &Options) -> ExitCode {
    let mut inputs = Vec::with_capacity(files.len());
    let mut stdin_used = false;
    for f in files {
        if f.as_os_str() == "-" {
            if stdin_used {
                eprintln!("arbitre audit: `-` (standard input) given twice");
                return ExitCode::from(2);
            }
            stdin_used = true;
        }
        match open(f) {
            Ok(i) => inputs.push(i),
            Err(e) => {
                eprintln!("arbitre audit: {e}");
                return ExitCode::from(2);
            }
        }
    }
    let names: Vec<String> = inputs.iter().map(|i| i.name.clone()).collect();
    let total = inputs
        .iter()
        .map(|i| i.size)
        .try_fold(0u64, |acc, s| s.map(|s| acc + s));
    let jobs = match opts.jobs {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    };
    let bar = progress_bar(total);
    let progress = Arc::new(AtomicU64::new(0));
    let plain = Arc::new(AtomicU64::new(0));
    let stdout = io::stdout();
    let mut printer = Printer {
        opts,
        names: &names,
        out: io::BufWriter::new(stdout.lock()),
        summary: Summary::default(),
        write_error: None,
        bar: &bar,
        progress: &progress,
        started: Instant::now(),
    };
    if opts.format == Format::Csv {
        if let Err(e) = writeln!(printer.out, "{CSV_HEADER}") {
            printer.write_error = Some(e);
        }
    }
    let (edition, claimable, thorough) = (opts.edition, opts.claimable, opts.thorough);
    if jobs == 1 {
        // one thread: read, audit and print in turn, as the bare replay does
        read_all(inputs, progress.clone(), plain.clone(), |message| {
            printer.take(message, |batch| {
                batch
                    .into_iter()
                    .map(|g| audit(g, edition, claimable, thorough))
                    .collect()
            })
        });
    } else {
        let pool = match rayon::ThreadPoolBuilder::new().num_threads(jobs).build() {
            Ok(p) => p,
            Err(e) => {
                eprintln!("arbitre audit: cannot start {jobs} worker thread(s): {e}");
                return ExitCode::from(2);
            }
        };
        // a reader thread cuts the input into batches; each batch is audited
        // by the pool as soon as it comes (no barrier between batches), and
        // printed here once every batch before it is printed. At most
        // `2 × jobs` batches are in flight: memory stays bounded.
        let (tx, rx) = mpsc::sync_channel::<Message>(2);
        let reader = {
            let progress = progress.clone();
            let plain = plain.clone();
            std::thread::spawn(move || read_all(inputs, progress, plain, |m| tx.send(m).is_ok()))
        };
        let (done_tx, done_rx) = mpsc::channel::<(u64, Vec<GameReport>)>();
        let mut waiting: BTreeMap<u64, Message> = BTreeMap::new();
        let (mut sent, mut next, mut read_done) = (0u64, 0u64, false);
        loop {
            while !read_done && sent - next < 2 * jobs as u64 {
                match rx.recv() {
                    Ok(Message::Games(batch)) => {
                        let done = done_tx.clone();
                        let seq = sent;
                        pool.spawn(move || {
                            let reports = batch
                                .into_iter()
                                .map(|g| audit(g, edition, claimable, thorough))
                                .collect();
                            let _ = done.send((seq, reports));
                        });
                    }
                    Ok(error) => {
                        waiting.insert(sent, error);
                    }
                    Err(_) => read_done = true,
                }
                if !read_done {
                    sent += 1;
                }
            }
            if next == sent {
                break;
            }
            if !waiting.contains_key(&next) {
                match done_rx.recv() {
                    Ok((seq, reports)) => {
                        waiting.insert(seq, Message::Reports(reports));
                    }
                    Err(_) => break,
                }
            }
            let mut going = true;
            while let Some(message) = waiting.remove(&next) {
                going &= printer.take(message, |_| Vec::new());
                next += 1;
            }
            if !going {
                break;
            }
        }
        drop(rx);
        if reader.join().is_err() {
            printer
                .summary
                .errors
                .push("the reader thread stopped unexpectedly".into());
        }
    }
    let Printer {
        mut out,
        summary,
        mut write_error,
        started,
        ..
    } = printer;
    bar.finish_and_clear();
    let secs = started.elapsed().as_secs_f64();
    let bytes = plain.load(Ordering::Relaxed);
    if write_error.is_none() {
        let done = match opts.format {
            Format::Json => serde_json::to_writer(
                &mut out,
                &summary.json(opts.edition, names.len(), bytes, opts.claimable),
            )
            .map_err(io::Error::from)
            .and_then(|()| writeln!(out)),
            Format::Text => summary.text(opts.edition, names.len(), bytes, secs, &mut out),
            Format::Csv => summary.text(opts.edition, names.len(), bytes, secs, &mut io::stderr()),
        };
        if let Err(e) = done.and_then(|()| out.flush()) {
            write_error = Some(e);
        }
    }
    match write_error {
        Some(e) if e.kind() == io::ErrorKind::BrokenPipe => {}
        Some(e) => {
            eprintln!("arbitre audit: cannot write the output: {e}");
            return ExitCode::from(2);
        }
        None => {}
    }
    if !summary.errors.is_empty() {
        ExitCode::from(2)
    } else if opts.fail_on_findings && summary.with_findings > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_are_read() {
        assert_eq!(clock_command(b" [%clk 0:05:01] ", b"[%clk"), Some(301_000));
        assert_eq!(clock_command(b"[%emt 0:00:02.5]", b"[%emt"), Some(2_500));
        assert_eq!(clock_command(b"[%eval 0.3]", b"[%clk"), None);
        assert_eq!(parse_hms(b"1:00:00"), Some(3_600_000));
        assert_eq!(parse_hms(b"5:01.25"), Some(301_250));
        assert_eq!(parse_hms(b"7"), Some(7_000));
        assert_eq!(parse_hms(b"1:2:3:4"), None);
        assert_eq!(parse_hms(b"1::3"), None);
        assert_eq!(parse_hms(b"1:00."), Some(60_000));
        assert_eq!(parse_hms(b""), None);
    }

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

    #[test]
    fn latin1_names() {
        let mut tags = Tags::default();
        tags.push(b"White", b"M\xfcller");
        tags.push(b"Black", "Müller".as_bytes());
        tags.push(b"white", b"again");
        assert_eq!(tags.get("WHITE"), Some("Müller"));
        assert_eq!(tags.get("Black"), Some("Müller"));
        assert_eq!(tags.len(), 3);
        assert_eq!(
            tags.iter().map(|(n, _)| n).collect::<Vec<_>>(),
            ["White", "Black", "white"]
        );
    }
}
