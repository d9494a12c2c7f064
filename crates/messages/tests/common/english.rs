//! English words that a French text must not hold: the words of the mixed
//! French output arbitre printed before its catalogue (`claims threefold`,
//! `checkmate`, `Reject`, …) and the common words of its English sentences.
//! Shared by the catalogue's tests and the command line's.

/// Whole words, lowercase.
pub const ENGLISH: &[&str] = &[
    "accepts",
    "adjourns",
    "and",
    "arbiter",
    "arrives",
    "black",
    "breach",
    "checkmate",
    "claim",
    "claims",
    "clock",
    "clocks",
    "control",
    "declines",
    "draw",
    "drawn",
    "envelope",
    "flag",
    "flags",
    "game",
    "illegal",
    "is",
    "laws",
    "lapsed",
    "move",
    "moved",
    "moves",
    "of",
    "offer",
    "offers",
    "penalty",
    "player",
    "postpone",
    "presses",
    "refused",
    "reject",
    "rejects",
    "resign",
    "resignation",
    "resigns",
    "result",
    "ruling",
    "scoresheet",
    "seal",
    "sealed",
    "seals",
    "stalemate",
    "start",
    "starts",
    "the",
    "time",
    "times",
    "touch",
    "touches",
    "valid",
    "white",
    "wins",
];

/// The words of `text` (letters and digits, split on anything else) that
/// are on the English list, case-insensitive.
pub fn english_words(text: &str) -> Vec<String> {
    // what is between backticks is a command or a file's name, not prose
    let prose: String = text
        .split('`')
        .enumerate()
        .filter(|(i, _)| i % 2 == 0)
        .map(|(_, part)| part)
        .collect::<Vec<_>>()
        .join(" ");
    prose
        .split(|c: char| !c.is_alphanumeric())
        .map(str::to_lowercase)
        .filter(|w| ENGLISH.contains(&w.as_str()))
        .collect()
}
