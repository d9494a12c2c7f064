//! Reporting: a game's findings as text, CSV rows or a JSON line, and the
//! summary kept while games stream past (counts by kind, the worst games
//! first by severity, the files that failed).

use std::{
    collections::BTreeMap,
    io::{self, Write},
};

use arbitre_laws::{Arg, EditionId, Language};
use serde::Serialize;
use serde_json::{json, Map, Value};

use super::{
    read::{tag, Tags},
    say, Class, EditionChoice, Finding, GameReport, Kind,
};

fn finding_json(f: &Finding) -> Value {
    json!({
        "kind": f.kind,
        "class": f.kind.class(),
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
        let mut map = serializer.serialize_map(None)?;
        for (k, v) in self.0.last_of_each() {
            map.serialize_entry(k, v)?;
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
    edition: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    edition_note: Option<&'a str>,
    plies: u32,
    findings: Vec<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    notes: Option<Vec<Value>>,
}

/// A game's findings (violations, and claimable draws when asked for).
fn findings(r: &GameReport) -> impl Iterator<Item = &Finding> {
    r.findings.iter().filter(|f| f.kind.class() != Class::Note)
}

/// A game's notes about its record.
fn notes(r: &GameReport) -> impl Iterator<Item = &Finding> {
    r.findings.iter().filter(|f| f.kind.class() == Class::Note)
}

/// The JSON object of one game as `arbitre audit --json` writes it (`file`:
/// the name of its input): its findings, and its notes with `with_notes`.
pub fn game_line<'a>(r: &'a GameReport, file: &'a str, with_notes: bool) -> impl Serialize + 'a {
    GameLine {
        game: r.game,
        file,
        offset: r.offset,
        tags: TagsJson(&r.tags),
        edition: r.edition.code(),
        edition_note: r.edition_note.as_deref(),
        plies: r.plies,
        findings: findings(r).map(finding_json).collect(),
        notes: with_notes.then(|| notes(r).map(finding_json).collect()),
    }
}

/// Writes the JSON line of one game ([`game_line`]).
pub fn write_game_json(
    r: &GameReport,
    file: &str,
    with_notes: bool,
    out: &mut impl Write,
) -> io::Result<()> {
    serde_json::to_writer(&mut *out, &game_line(r, file, with_notes))?;
    writeln!(out)
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_owned()
    }
}

pub(super) const CSV_HEADER: &str =
    "game,file,offset,white,black,result,termination,plies,kind,ply,fen,article,message";

pub(super) fn csv_rows(
    r: &GameReport,
    file: &str,
    with_notes: bool,
    out: &mut impl Write,
) -> io::Result<()> {
    let t = |name| csv_field(tag(&r.tags, name).unwrap_or(""));
    let shown = r
        .findings
        .iter()
        .filter(|f| with_notes || f.kind.class() != Class::Note);
    for f in shown {
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
            f.kind.code(),
            f.ply,
            csv_field(f.fen.as_deref().unwrap_or("")),
            f.article.unwrap_or(""),
            csv_field(&f.message)
        )?;
    }
    Ok(())
}

/// A number as a message's argument.
fn count(n: u64) -> Arg {
    Arg::Count(i64::try_from(n).unwrap_or(i64::MAX))
}

/// Text as a message's argument.
fn text(s: impl Into<String>) -> Arg {
    Arg::Text(s.into())
}

fn headline(r: &GameReport, file: &str, lang: Language) -> String {
    let t = |name| tag(&r.tags, name).unwrap_or("?");
    // what the record says, as it says it
    let mut tags = format!(
        "{} - {}, {}, {}, {}",
        t("White"),
        t("Black"),
        t("Event"),
        t("Date"),
        t("Result")
    );
    if let Some(term) = tag(&r.tags, "Termination") {
        tags.push_str(&format!(" [{term}]"));
    }
    if let Some(site) = tag(&r.tags, "Site").filter(|s| s.starts_with("http")) {
        tags.push_str(&format!(" {site}"));
    }
    let mut line = say(
        lang,
        "audit-headline",
        &[
            ("game", count(r.game)),
            ("file", text(file)),
            ("offset", count(r.offset)),
            ("line", count(r.line)),
            ("tags", text(tags)),
            ("code", Arg::Code(r.edition.code())),
            (
                "name",
                text(arbitre_messages::edition(r.edition.code(), lang)),
            ),
        ],
    );
    if let Some(note) = &r.edition_note {
        line.push_str(&format!(" ({note})"));
    }
    line
}

/// Whether the text report prints a game: it has findings, or notes that
/// were asked for.
pub(super) fn shown_in_text(r: &GameReport, with_notes: bool) -> bool {
    findings(r).next().is_some() || with_notes && notes(r).next().is_some()
}

pub(super) fn text_game(
    r: &GameReport,
    file: &str,
    with_notes: bool,
    lang: Language,
    out: &mut impl Write,
) -> io::Result<()> {
    writeln!(out, "{}", headline(r, file, lang))?;
    let listed = findings(r).map(|f| (false, f));
    let noted = notes(r).filter(|_| with_notes).map(|f| (true, f));
    for (note, f) in listed.chain(noted) {
        let ply = say(
            lang,
            "audit-row-ply",
            &[("ply", text(format!("{:>3}", f.ply)))],
        );
        let message = match note {
            true => say(lang, "audit-note", &[("message", text(f.message.as_str()))]),
            false => f.message.clone(),
        };
        writeln!(
            out,
            "  {ply}  {:<22} {:<8} {message}",
            f.kind.code(),
            f.article.unwrap_or("-"),
        )?;
        if let Some(fen) = &f.fen {
            writeln!(out, "            {fen}")?;
        }
    }
    Ok(())
}

/// Counts kept while games stream past.
#[derive(Default)]
pub(super) struct Summary {
    pub(super) games: u64,
    pub(super) plies: u64,
    pub(super) with_findings: u64,
    pub(super) findings: u64,
    /// Games with notes about their records, and the notes.
    pub(super) with_notes: u64,
    pub(super) notes: u64,
    pub(super) by_kind: BTreeMap<Kind, (u64, u64)>,
    /// Games by the edition that judged them.
    pub(super) by_edition: BTreeMap<EditionId, u64>,
    pub(super) worst: Vec<(usize, std::cmp::Reverse<usize>, u64, Value)>,
    pub(super) errors: Vec<String>,
}

const WORST: usize = 10;

impl Summary {
    pub(super) fn add(&mut self, r: &GameReport, file: &str) {
        self.games += 1;
        self.plies += u64::from(r.plies);
        *self.by_edition.entry(r.edition).or_default() += 1;
        let mut kinds: Vec<Kind> = r.findings.iter().map(|f| f.kind).collect();
        let noted = notes(r).count() as u64;
        if noted > 0 {
            self.with_notes += 1;
            self.notes += noted;
        }
        // every kind counted, notes' too (listed apart in the summary)
        for k in &kinds {
            self.by_kind.entry(*k).or_default().1 += 1;
        }
        kinds.sort_by_key(|k| k.severity());
        kinds.dedup();
        for k in &kinds {
            self.by_kind.entry(*k).or_default().0 += 1;
        }
        let found = findings(r).count();
        if found == 0 {
            return;
        }
        self.with_findings += 1;
        self.findings += found as u64;
        let top = kinds
            .iter()
            .find(|k| k.class() != Class::Note)
            .map_or(Kind::ALL.len(), |k| k.severity());
        let key = (top, std::cmp::Reverse(found), r.game);
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
        let first = findings(r)
            .min_by_key(|f| f.kind.severity())
            .map(finding_json);
        let kinds: Vec<Kind> = kinds
            .into_iter()
            .filter(|k| k.class() != Class::Note)
            .collect();
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

    fn editions_json(&self) -> Value {
        self.by_edition
            .iter()
            .map(|(e, n)| (e.code().to_owned(), json!(n)))
            .collect::<Map<String, Value>>()
            .into()
    }

    pub(super) fn json(
        &self,
        edition: EditionChoice,
        files: usize,
        bytes: u64,
        claimable: bool,
    ) -> Value {
        let by_kind: Map<String, Value> = self
            .by_kind
            .iter()
            .map(|(k, (g, f))| {
                (
                    k.code().to_owned(),
                    json!({"games": g, "findings": f, "class": k.class()}),
                )
            })
            .collect();
        json!({"summary": {
            "edition": edition.code(),
            "games_by_edition": self.editions_json(),
            "files": files,
            "bytes": bytes,
            "games": self.games,
            "plies": self.plies,
            "games_with_findings": self.with_findings,
            "findings": self.findings,
            "games_with_notes": self.with_notes,
            "notes": self.notes,
            "by_kind": by_kind,
            "claimable_checked": claimable,
            "worst": self.worst.iter().map(|w| w.3.clone()).collect::<Vec<_>>(),
            "errors": self.errors,
        }})
    }

    /// The summary for people, in `lang`.
    pub(super) fn text(
        &self,
        edition: EditionChoice,
        files: usize,
        bytes: u64,
        secs: f64,
        lang: Language,
        out: &mut impl Write,
    ) -> io::Result<()> {
        let editions = self
            .by_edition
            .iter()
            .map(|(e, n)| format!("{} {n}", e.code()))
            .collect::<Vec<_>>()
            .join(", ");
        let title = match edition {
            EditionChoice::Auto if editions.is_empty() => say(lang, "audit-summary-auto", &[]),
            EditionChoice::Auto => say(
                lang,
                "audit-summary-auto-editions",
                &[("editions", text(editions))],
            ),
            EditionChoice::Fixed(e) => say(
                lang,
                "audit-summary-fixed",
                &[
                    ("code", Arg::Code(e.code())),
                    ("name", text(arbitre_messages::edition(e.code(), lang))),
                ],
            ),
        };
        writeln!(out, "\n{title}")?;
        // decimals as the language writes them
        let decimal = |s: String| match arbitre_messages::catalogue_language(lang) {
            Language::Fr => s.replace('.', ","),
            _ => s,
        };
        let said = say(
            lang,
            "audit-summary-games",
            &[
                ("games", count(self.games)),
                ("plies", count(self.plies)),
                ("bytes", count(bytes)),
                ("files", count(files as u64)),
                ("secs", text(decimal(format!("{secs:.1}")))),
                (
                    "rate",
                    text(format!("{:.0}", self.games as f64 / secs.max(1e-9))),
                ),
            ],
        );
        writeln!(out, "{said}")?;
        // a line of two counts
        let counts = |id: &str, (a, m): (&str, u64), (b, n): (&str, u64)| {
            say(lang, id, &[(a, count(m)), (b, count(n))])
        };
        let findings = ("findings", self.findings);
        let said = counts(
            "audit-summary-findings",
            ("games", self.with_findings),
            findings,
        );
        writeln!(out, "{said}")?;
        // most severe first; the counts in columns
        let of = |class: Class| self.by_kind.iter().filter(move |(k, _)| k.class() == class);
        let row = |id: &str, k: &Kind, g: u64, f: u64| {
            let said = say(
                lang,
                id,
                &[
                    ("games", text(format!("{g:>7}"))),
                    ("findings", text(format!("{f:>7}"))),
                ],
            );
            format!("  {:<22} {said}", k.code())
        };
        for (k, (g, f)) in of(Class::Violation).chain(of(Class::Claimable)) {
            writeln!(out, "{}", row("audit-summary-kind", k, *g, *f))?;
        }
        if self.notes > 0 {
            let notes = ("notes", self.notes);
            let said = counts("audit-summary-notes", notes, ("games", self.with_notes));
            writeln!(out, "{said}")?;
            for (k, (g, f)) in of(Class::Note) {
                writeln!(out, "{}", row("audit-summary-kind-notes", k, *g, *f))?;
            }
        }
        if !self.worst.is_empty() {
            writeln!(out, "{}", say(lang, "audit-summary-worst", &[]))?;
            for w in &self.worst {
                let v = &w.3;
                let t = |k: &str| v["tags"][k].as_str().unwrap_or("?").to_owned();
                let tags = format!(
                    "{} - {}, {}, {} {}",
                    t("White"),
                    t("Black"),
                    t("Event"),
                    t("Site"),
                    t("Result"),
                );
                let said = say(
                    lang,
                    "audit-summary-example",
                    &[
                        ("game", count(v["game"].as_u64().unwrap_or(0))),
                        ("file", text(v["file"].as_str().unwrap_or(""))),
                        ("offset", count(v["offset"].as_u64().unwrap_or(0))),
                        ("tags", text(tags)),
                        (
                            "message",
                            text(v["finding"]["message"].as_str().unwrap_or("")),
                        ),
                    ],
                );
                writeln!(out, "  {said}")?;
            }
        }
        for e in &self.errors {
            writeln!(
                out,
                "{}",
                say(lang, "audit-error", &[("error", text(e.as_str()))])
            )?;
        }
        Ok(())
    }
}
