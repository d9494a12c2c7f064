//! Stray text in a game's movetext: the first token that is no move, move
//! number, result, NAG, comment nor parenthesis of a variation (text the
//! PGN reader skips without a word), reported (`audit-stray`) with the
//! moves after it dropped.
//!
//! The reader says where a game's movetext is irregular as it reads it
//! (`Visitor::irregular`, a patch of the vendored pgn-reader; a variation,
//! which it skips unread, counts too): only those games' bytes are looked
//! over here, a second time, for the token and its place. A game that
//! reader read without a word of that kind has no stray text: the test
//! below checks it on generated games.

/// The first unreadable text of a game's bytes (tags and movetext): its
/// index, the mainline moves before it, the text.
pub(super) struct Found {
    pub(super) at: usize,
    pub(super) moves_before: usize,
    pub(super) token: String,
}

/// Where a token of the movetext ends (pgn-reader's own delimiters).
fn token_end(byte: u8) -> bool {
    matches!(
        byte,
        b' ' | b'\t'
            | b'\n'
            | b'\r'
            | b'{'
            | b'}'
            | b'('
            | b')'
            | b'!'
            | b'?'
            | b'$'
            | b';'
            | b'.'
            | b'*'
    )
}

/// Looks over a game's bytes as pgn-reader reads them, for text it skips
/// without a word: a token that is neither a move (SAN), a move number, a
/// result, a NAG (`$n`, `!`, `?` and their pairs), a comment (`{…}`, `;`
/// to the end of the line, a `%` line), nor a variation's parenthesis.
pub(super) fn stray(game: &[u8]) -> Option<Found> {
    let n = game.len();
    let mut i = 0;
    // the tags (and a byte-order mark, blank lines, `%` lines before them)
    loop {
        while i < n && matches!(game[i], b' ' | b'\t' | b'\r' | b'\n') {
            i += 1;
        }
        if game[i..].starts_with(b"\xef\xbb\xbf") {
            i += 3;
        } else if i < n && game[i] == b'%' {
            i += memchr::memchr(b'\n', &game[i..]).unwrap_or(n - i);
        } else if i < n && game[i] == b'[' {
            let mut quoted = false;
            i += 1;
            while i < n {
                match game[i] {
                    b'\\' if quoted => i += 1,
                    b'"' => quoted = !quoted,
                    b']' if !quoted => break,
                    b'\n' => break,
                    _ => {}
                }
                i += 1;
            }
            // past the `]` or the newline: none where the game ends
            i = (i + 1).min(n);
        } else {
            break;
        }
    }
    let mut depth = 0usize;
    let mut moves = 0usize;
    while i < n {
        match game[i] {
            b'\n' => {
                i += 1;
                if game.get(i) == Some(&b'%') {
                    i += memchr::memchr(b'\n', &game[i..]).unwrap_or(n - i);
                }
            }
            b' ' | b'\t' | b'\r' | b'.' | b'!' | b'?' | b'*' => i += 1,
            b'{' => i += memchr::memchr(b'}', &game[i..]).map_or(n - i, |j| j + 1),
            b';' => i += memchr::memchr(b'\n', &game[i..]).unwrap_or(n - i),
            b'(' => {
                depth += 1;
                i += 1;
            }
            b')' => {
                depth = depth.saturating_sub(1);
                i += 1;
            }
            _ => {
                let start = i;
                // `$` starts a NAG, a token of its own
                if game[i] == b'$' {
                    i += 1;
                }
                while i < n && !token_end(game[i]) {
                    i += 1;
                }
                if i == start {
                    // a delimiter out of place (a `}` with no `{`)
                    i += 1;
                }
                let token = &game[start..i];
                // Some(true): a move; Some(false): something else read
                let read = match token {
                    [b'}'] => None,
                    [b'$', digits @ ..] => (!digits.is_empty()
                        && digits.iter().all(u8::is_ascii_digit))
                    .then_some(false),
                    b"1-0" | b"0-1" | b"1/2-1/2" => Some(false),
                    _ if token == "½-½".as_bytes() => Some(false),
                    // a move number
                    _ if token.iter().all(u8::is_ascii_digit) => Some(false),
                    _ => {
                        // castling with zeros, as pgn-reader reads it
                        let zeros = [&b"0-0-0"[..], b"0-0"]
                            .into_iter()
                            .find(|c| token.starts_with(c))
                            .is_some_and(|c| matches!(&token[c.len()..], b"" | b"+" | b"#"));
                        (zeros || shakmaty::san::SanPlus::from_ascii(token).is_ok()).then_some(true)
                    }
                };
                match read {
                    None => {
                        let text = String::from_utf8_lossy(token);
                        return Some(Found {
                            at: start,
                            moves_before: moves,
                            token: text.chars().take(40).collect(),
                        });
                    }
                    Some(true) if depth == 0 => moves += 1,
                    Some(_) => {}
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::stray;
    use crate::audit::read::games_read;

    /// Tokens, well-formed or not, and the text around them.
    #[rustfmt::skip]
    const TOKENS: &[&str] = &[
        "e4", "Nf3", "exd5", "e8=Q", "e8=X", "Qh4#", "Kxe1+", "P@e4", "--", "O-O", "O-O-O",
        "0-0", "0-0-0", "0-0+", "0-0#", "0-0-", "0-0x", "0-0+#", "0-0-0-0", "0-00", "0–0",
        "0-0—0", "1-0", "0-1", "1/2-1/2", "½-½", "1–0", "0—1", "1/2–1/2", "½—½", "1-0x",
        "1-00", "1/2", "1/2-", "1/2-1", "½", "½-", "1-", "0-", "0", "1", "12", "12.", "3...",
        "12e4", "1e4", "e4e5", "Nf3x", "$1", "$", "$256", "$x", "$12$3", "!", "?", "!!", "?!",
        "*", "{c}", "{", "}", "(", ")", "(e4 e5)", ";c\n", "\n%x\n", "%", "[", "]", "\"",
        "[A \"b\"]", "[A \"b]\"]", "[A]", "[A \"b\" c]", "[A \"b\\\"c\"]", "[A \"b",
        "\\", "\u{feff}", "–", "—", "x", "a", "h9", "Z0", "@",
        "{ [%clk 1:00:00] }",
    ];

    /// What comes between them.
    const BETWEEN: &[&str] = &["", " ", ".", "\n", "\n\n", "\r\n", "\t", "...", "\n["];

    /// A piece of a generated game: a token and what follows it, or any byte.
    fn piece() -> impl Strategy<Value = Vec<u8>> {
        prop_oneof![
            4 => (0..TOKENS.len(), 0..BETWEEN.len())
                .prop_map(|(t, b)| [TOKENS[t], BETWEEN[b]].concat().into_bytes()),
            1 => any::<u8>().prop_map(|b| vec![b]),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(20_000))]

        /// A game whose movetext the reader read with no word of anything
        /// irregular has no stray text: the one reading is enough.
        #[test]
        fn games_with_stray_text_are_flagged(
            tags in any::<bool>(),
            pieces in prop::collection::vec(piece(), 0..24),
        ) {
            let mut text = if tags {
                b"[Event \"x\"]\n[Result \"*\"]\n\n".to_vec()
            } else {
                Vec::new()
            };
            text.extend(pieces.concat());
            for (bytes, irregular) in games_read(&text) {
                let game = &text[bytes];
                prop_assert!(
                    irregular || stray(game).is_none(),
                    "not flagged: {:?}",
                    String::from_utf8_lossy(game)
                );
            }
        }
    }
}
