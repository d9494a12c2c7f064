//! Reading the inputs: files or standard input, plain, gzip or zstd
//! (recognised by their magic bytes), cut into games by pgn-reader; each game
//! keeps its tags, its mainline moves with their clock comments, its byte
//! offset and line, and the reader's error if it could not be read.

use std::{
    cell::RefCell,
    fs::File,
    io::{self, BufRead, BufReader, Read},
    ops::ControlFlow,
    path::Path,
    rc::Rc,
    sync::{
        atomic::{AtomicU64, Ordering},
        Arc,
    },
};

use arbitre_laws::{Arg, Language, Millis};
use pgn_reader::{Outcome as PgnOutcome, RawComment, RawTag, Reader, SanPlus, Skip, Visitor};

use super::{say, stray::stray, GameReport};

/// Games handed to the workers at a time.
const BATCH: usize = 512;

/// A mainline move as read, with its clock comments.
#[derive(Clone, Debug)]
pub(super) struct RawMove {
    pub(super) san: SanPlus,
    pub(super) clk: Option<Millis>,
    pub(super) emt: Option<Millis>,
}

/// A game as the reader thread hands it to the workers.
#[derive(Clone, Debug)]
pub(super) struct RawGame {
    pub(super) game: u64,
    pub(super) file: usize,
    pub(super) offset: u64,
    pub(super) line: u64,
    pub(super) tags: Tags,
    pub(super) moves: Vec<RawMove>,
    pub(super) marker: Option<PgnOutcome>,
    pub(super) error: Option<String>,
    /// Text in the movetext that is neither a move, a move number, a
    /// comment, a NAG, a variation nor a result: the moves after it are
    /// dropped (the game is audited up to it).
    pub(super) stray: Option<Stray>,
}

/// Unreadable text in a game's movetext, where it is.
#[derive(Clone, Debug)]
pub(super) struct Stray {
    /// Byte offset in the (decompressed) stream.
    pub(super) offset: u64,
    /// Line, 1-based.
    pub(super) line: u64,
    /// The text, as read (at most 40 characters).
    pub(super) token: String,
}

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

    /// The tags in their order in the file, each name at its last place
    /// only (a later tag of the same name replaces it), as (name, value).
    pub fn last_of_each(&self) -> impl Iterator<Item = (&str, &str)> + '_ {
        let name = |&[a, b, _]: &[u32; 3]| &self.text.as_bytes()[a as usize..b as usize];
        self.spans
            .iter()
            .enumerate()
            .filter(move |&(i, span)| {
                !self.spans[i + 1..]
                    .iter()
                    .any(|later| name(later) == name(span))
            })
            .map(|(_, &[a, b, c])| {
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

pub(super) fn tag<'a>(tags: &'a Tags, name: &str) -> Option<&'a str> {
    tags.get(name)
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
    /// A tag with no value was read: the movetext may start elsewhere for
    /// the look for stray text ([`stray`]), which counts as irregular.
    irregular_tag: bool,
}

struct Body {
    tags: Tags,
    moves: Vec<RawMove>,
    marker: Option<PgnOutcome>,
    /// The reader skipped text or read some leniently, skipped a variation
    /// or read a tag with no value: the game's bytes may hold stray text
    /// ([`stray`]).
    irregular: bool,
}

impl Visitor for Collect {
    type Tags = ();
    type Movetext = Body;
    type Output = Body;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        self.tags.clear();
        self.irregular_tag = false;
        ControlFlow::Continue(())
    }

    fn irregular_tag(&mut self, (): &mut Self::Tags) -> ControlFlow<Self::Output> {
        self.irregular_tag = true;
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
            irregular: self.irregular_tag,
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

    fn irregular(&mut self, body: &mut Self::Movetext) -> ControlFlow<Self::Output> {
        body.irregular = true;
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, body: &mut Self::Movetext) -> ControlFlow<Self::Output, Skip> {
        // skipped unread: its text is looked over with the rest
        body.irregular = true;
        ControlFlow::Continue(Skip(true))
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
    /// The bytes read from `kept_from` on: the current game's, looked over
    /// for stray text ([`stray`]) where the reader found its movetext
    /// irregular.
    kept: Vec<u8>,
    kept_from: u64,
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
                t.kept.extend_from_slice(&buf[..n]);
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

/// An input opened and checked, not yet read: a file, standard input or
/// any reader (plain, gzip or zstd, recognised when it is read).
pub struct Input {
    pub(super) name: String,
    pub(super) raw: Box<dyn Read + Send>,
    pub(super) size: Option<u64>,
}

impl Input {
    /// The file at `path` (`-`: standard input), or why it cannot be read,
    /// in `lang` (what `arbitre audit FILE` says).
    pub fn open(path: &Path, lang: Language) -> Result<Input, String> {
        open(path, lang)
    }

    /// A reader, named `name` in the reports (the `file` of each game).
    pub fn reader(name: impl Into<String>, raw: impl Read + Send + 'static) -> Input {
        Input {
            name: name.into(),
            raw: Box::new(raw),
            size: None,
        }
    }

    /// Its name in the reports.
    pub fn name(&self) -> &str {
        &self.name
    }
}

/// What went wrong with the file `name`, in `lang`: the message `id` of
/// the catalogue (`audit-file-…`), the system's error (`error`) if any.
fn file_error(
    lang: Language,
    name: &str,
    id: &str,
    error: Option<&dyn std::fmt::Display>,
    more: &[(&str, Arg)],
) -> String {
    let mut args = vec![("file", Arg::Text(name.to_owned()))];
    if let Some(e) = error {
        args.push(("error", Arg::Text(e.to_string())));
    }
    args.extend(more.iter().cloned());
    say(lang, id, &args)
}

/// Opens an input, or says clearly (in `lang`) why it cannot be read.
pub(super) fn open(path: &Path, lang: Language) -> Result<Input, String> {
    let name = path.display().to_string();
    if name == "-" {
        return Ok(Input {
            name,
            raw: Box::new(io::stdin()),
            size: None,
        });
    }
    let file = File::open(path)
        .map_err(|e| file_error(lang, &name, "audit-file-cannot-open", Some(&e), &[]))?;
    let meta = file
        .metadata()
        .map_err(|e| file_error(lang, &name, "audit-file-cannot-read", Some(&e), &[]))?;
    if meta.is_dir() {
        return Err(file_error(lang, &name, "audit-file-directory", None, &[]));
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

/// Why the first bytes of a (decompressed) input are not PGN, if they are
/// not: text in UTF-16 (a byte-order mark, or every other byte zero), or
/// binary data (a zero byte; PGN is text). The message's id and arguments.
fn not_pgn(head: &[u8]) -> Option<(&'static str, Vec<(&'static str, Arg)>)> {
    let utf16 = |bom| Some(("audit-file-utf16", vec![("bom", Arg::Code(bom))]));
    if head.starts_with(&[0xff, 0xfe]) || head.starts_with(&[0xfe, 0xff]) {
        return utf16("yes");
    }
    let zero = memchr::memchr(0, head)?;
    let sample = &head[..head.len().min(4096)];
    let pairs = sample.len() / 2;
    let zeros_at = |parity: usize| {
        sample
            .iter()
            .skip(parity)
            .step_by(2)
            .filter(|&&b| b == 0)
            .count()
    };
    // text in UTF-16: one byte of each pair zero, the other not
    let (even, odd) = (zeros_at(0), zeros_at(1));
    let mostly = |n: usize| n * 10 >= pairs * 9;
    let seldom = |n: usize| n * 10 <= pairs;
    if pairs >= 8 && (mostly(even) && seldom(odd) || mostly(odd) && seldom(even)) {
        return utf16("no");
    }
    Some((
        "audit-file-binary",
        vec![("at", Arg::Count(i64::try_from(zero).unwrap_or(i64::MAX)))],
    ))
}

/// What the reader sends, and what the workers send back.
pub(super) enum Message {
    Games(Vec<RawGame>),
    /// A batch audited.
    Reports(Vec<GameReport>),
    /// A file that failed while being read.
    FileError(String),
}

/// Reads every input in turn and sends its games in batches.
pub(super) fn read_all(
    inputs: Vec<Input>,
    progress: Arc<AtomicU64>,
    plain_bytes: Arc<AtomicU64>,
    lang: Language,
    mut send: impl FnMut(Message) -> bool,
) {
    let cannot_read =
        |name: &str, e: &io::Error| file_error(lang, name, "audit-file-cannot-read", Some(e), &[]);
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
                if !send(Message::FileError(cannot_read(&name, &e))) {
                    return;
                }
                continue;
            }
        };
        let mut stream = BufReader::with_capacity(1 << 16, stream);
        match stream.fill_buf().map(not_pgn) {
            Ok(None) => {}
            Ok(Some((id, args))) => {
                if !send(Message::FileError(file_error(lang, &name, id, None, &args))) {
                    return;
                }
                continue;
            }
            Err(e) => {
                if !send(Message::FileError(cannot_read(&name, &e))) {
                    return;
                }
                continue;
            }
        }
        let first_game = game;
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
                // the bytes before this game are not needed any more
                // (dropped in large steps: few copies)
                let done = (offset - t.kept_from) as usize;
                if done > t.kept.len() / 2 {
                    t.kept.drain(..done);
                    t.kept_from = offset;
                }
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
                stray: None,
            };
            match reader.read_game(&mut visitor) {
                Ok(Some(body)) => {
                    raw.tags = body.tags;
                    raw.moves = body.moves;
                    raw.marker = body.marker;
                    let mut t = tally.borrow_mut();
                    let end = t.bytes - reader.buffer().len() as u64;
                    let from = (offset - t.kept_from) as usize;
                    let to = (end - t.kept_from) as usize;
                    let found = body.irregular.then(|| t.kept.get(from..to)).flatten();
                    if let Some(found) = found.and_then(stray) {
                        let at = offset + found.at as u64;
                        raw.moves.truncate(found.moves_before);
                        raw.stray = Some(Stray {
                            offset: at,
                            line: t.line_at(at),
                            token: found.token,
                        });
                    }
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
        if game == first_game
            && failure.is_none()
            && !send(Message::FileError(file_error(
                lang,
                &name,
                "audit-file-no-games",
                None,
                &[(
                    "bytes",
                    Arg::Count(i64::try_from(tally.borrow().bytes).unwrap_or(i64::MAX)),
                )],
            )))
        {
            return;
        }
        if let Some(e) = failure {
            let at = tally.borrow().bytes;
            let at = Arg::Count(i64::try_from(at).unwrap_or(i64::MAX));
            let said = file_error(
                lang,
                &name,
                "audit-file-read-error",
                Some(&e),
                &[("at", at)],
            );
            if !send(Message::FileError(said)) {
                return;
            }
        }
    }
}

/// Each game of `text` the reader could read: its bytes, and whether the
/// reader found its movetext irregular (for the test of [`stray`]).
#[cfg(test)]
pub(super) fn games_read(text: &[u8]) -> Vec<(std::ops::Range<usize>, bool)> {
    let tally = Rc::new(RefCell::new(Tally::default()));
    let mut reader = Reader::new(Counting {
        inner: text,
        tally: tally.clone(),
    });
    let at = |reader: &Reader<_>| tally.borrow().bytes as usize - reader.buffer().len();
    let mut visitor = Collect::default();
    let mut games = Vec::new();
    while reader.has_more().unwrap_or(false) {
        let from = at(&reader);
        match reader.read_game(&mut visitor) {
            Ok(Some(body)) => games.push((from..at(&reader), body.irregular)),
            Ok(None) => break,
            Err(_) => {
                let _ = reader.skip_game();
            }
        }
    }
    games
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
        tags.push(b"Black", b"later");
        assert_eq!(
            tags.last_of_each().collect::<Vec<_>>(),
            [("White", "Müller"), ("white", "again"), ("Black", "later")]
        );
    }
}
