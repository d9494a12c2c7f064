//! Chess notation (Laws of Chess, Appendix C; Guidelines, Annex A8): reading
//! moves as players write them and writing moves in Standard Algebraic
//! Notation, with the piece letters of the player's language.
//!
//! Reading is lenient about form (figurines, long algebraic, UCI, capture
//! marks, annotation symbols) but strict about meaning: a written move is
//! either exactly one legal move, several legal moves ([`Reading::Ambiguous`]),
//! no legal move ([`Reading::Illegal`]) or not a move at all
//! ([`Reading::Unreadable`]).

use shakmaty::{
    san::SanPlus, uci::UciMove, CastlingMode, CastlingSide, Chess, File, Move, MoveList, Position,
    Rank, Role, Square,
};

/// Longest text, in bytes, that [`read_move`] tries to read.
pub const MAX_MOVE_LEN: usize = 64;

/// A language: of the piece letters in moves written by players, and the
/// one language type of arbitre, also for what it says to people
/// (`arbitre-messages` has catalogues for English and French, and shows
/// the other languages in English).
///
/// Letters (king, queen, rook, bishop, knight): `En` K Q R B N, `Fr` R D T F C,
/// `De` K D T L S, `Es` R D T A C, `It` R D T A C, `Nl` K D T L P.
/// Pawns have no letter in any language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Language {
    /// English.
    #[default]
    En,
    /// French.
    Fr,
    /// German.
    De,
    /// Spanish.
    Es,
    /// Italian.
    It,
    /// Dutch.
    Nl,
}

impl Language {
    /// Every language, in declaration order.
    pub const ALL: [Language; 6] = [
        Language::En,
        Language::Fr,
        Language::De,
        Language::Es,
        Language::It,
        Language::Nl,
    ];

    /// The ISO 639-1 code of the language: `"en"`, `"fr"`, `"de"`, `"es"`,
    /// `"it"` or `"nl"`.
    pub fn code(self) -> &'static str {
        match self {
            Language::En => "en",
            Language::Fr => "fr",
            Language::De => "de",
            Language::Es => "es",
            Language::It => "it",
            Language::Nl => "nl",
        }
    }

    /// The language with the given ISO 639-1 code (case-insensitive,
    /// surrounding whitespace ignored), if known.
    pub fn from_code(code: &str) -> Option<Language> {
        let code = code.trim();
        Language::ALL
            .into_iter()
            .find(|lang| lang.code().eq_ignore_ascii_case(code))
    }

    /// The letters for king, queen, rook, bishop and knight, in this order.
    fn letters(self) -> [char; 5] {
        match self {
            Language::En => ['K', 'Q', 'R', 'B', 'N'],
            Language::Fr => ['R', 'D', 'T', 'F', 'C'],
            Language::De => ['K', 'D', 'T', 'L', 'S'],
            Language::Es | Language::It => ['R', 'D', 'T', 'A', 'C'],
            Language::Nl => ['K', 'D', 'T', 'L', 'P'],
        }
    }

    /// The uppercase letter of the piece in this language.
    ///
    /// A pawn has no letter: for [`Role::Pawn`] this returns a space `' '`.
    pub fn piece_letter(self, role: Role) -> char {
        let [king, queen, rook, bishop, knight] = self.letters();
        match role {
            Role::King => king,
            Role::Queen => queen,
            Role::Rook => rook,
            Role::Bishop => bishop,
            Role::Knight => knight,
            Role::Pawn => ' ',
        }
    }

    /// The piece designated by an uppercase letter in this language, if any
    /// (never [`Role::Pawn`]). Lowercase letters are files, not pieces.
    pub fn role_of_letter(self, letter: char) -> Option<Role> {
        [
            Role::King,
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
        ]
        .into_iter()
        .find(|&role| self.piece_letter(role) == letter)
    }
}

/// What a written move designates in a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reading {
    /// Exactly one legal move.
    Move(Move),
    /// Several legal moves fit the text (e.g. "Nd2" when two knights can go
    /// there): Annex A8a "ambiguous".
    Ambiguous(Vec<Move>),
    /// The text is a well-formed move that designates no legal move (A8c
    /// "illegal"); `uci` is the physical from-to (UCI, e.g. `"e2e5"`,
    /// `"e7e8q"`) if the text names both squares.
    Illegal {
        /// The origin and destination squares in UCI, when the text names both.
        uci: Option<String>,
    },
    /// The text cannot be read as a move at all (A8b: "false, its true
    /// meaning impossible to establish").
    Unreadable,
}

/// A written move, understood without looking at the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Written {
    Castling(CastlingSide),
    Coordinates(Pattern),
}

/// A written move other than castling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Pattern {
    /// The piece, when written (letter or figurine).
    role: Option<Role>,
    from_file: Option<File>,
    from_rank: Option<Rank>,
    /// Whether a capture mark was written; `None` when the form does not say
    /// (UCI: both squares and no separator).
    capture: Option<bool>,
    to: Square,
    promotion: Option<Role>,
}

impl Pattern {
    fn origin(&self) -> Option<Square> {
        Some(Square::from_coords(self.from_file?, self.from_rank?))
    }

    /// Whether the move `m` fits this pattern. `strict` also demands that
    /// capture marks and promotion pieces be written exactly as in SAN.
    fn fits(&self, m: Move, strict: bool) -> bool {
        let UciMove::Normal { from, to, .. } = m.to_uci(CastlingMode::Standard) else {
            return false;
        };
        if to != self.to
            || self.from_file.is_some_and(|file| file != from.file())
            || self.from_rank.is_some_and(|rank| rank != from.rank())
        {
            return false;
        }
        let role_fits = match self.role {
            Some(role) => role == m.role(),
            // Without a letter, SAN means a pawn; coordinates (both squares
            // named) designate whatever stands on the origin square.
            None => self.origin().is_some() || m.role() == Role::Pawn,
        };
        let promotion_fits = match self.promotion {
            Some(role) => m.promotion() == Some(role),
            None => !strict || !m.is_promotion(),
        };
        let capture_fits = !strict || self.capture.is_none_or(|capture| capture == m.is_capture());
        role_fits && promotion_fits && capture_fits
    }
}

/// Annotation symbols ignored at the end of a move.
const ANNOTATIONS: [char; 10] = ['+', '#', '!', '?', '‼', '⁇', '⁈', '⁉', '†', '‡'];

/// Removes trailing annotations and en passant marks ("e.p.", "ep").
fn strip_suffixes(mut text: &str) -> &str {
    loop {
        let mut stripped = text.trim_end().trim_end_matches(ANNOTATIONS).trim_end();
        for mark in ["e.p.", "e.p", "ep"] {
            if let Some(rest) = stripped.strip_suffix(mark) {
                if rest.trim_end().ends_with(|c: char| c.is_ascii_digit()) {
                    stripped = rest.trim_end();
                    break;
                }
            }
        }
        if stripped.len() == text.len() {
            return stripped;
        }
        text = stripped;
    }
}

/// The piece drawn by a figurine, of either colour.
fn figurine_role(c: char) -> Option<Role> {
    match c {
        '♔' | '♚' => Some(Role::King),
        '♕' | '♛' => Some(Role::Queen),
        '♖' | '♜' => Some(Role::Rook),
        '♗' | '♝' => Some(Role::Bishop),
        '♘' | '♞' => Some(Role::Knight),
        '♙' | '♟' => Some(Role::Pawn),
        _ => None,
    }
}

fn file_of(c: char) -> Option<File> {
    if c.is_ascii_lowercase() {
        File::from_char(c)
    } else {
        None
    }
}

fn rank_of(c: char) -> Option<Rank> {
    Rank::from_char(c)
}

/// Reads castling: "O-O", "0-0", "o-o", "O-O-O", ... (dashes optional).
fn parse_castling(chars: &[char]) -> Option<CastlingSide> {
    let mut os = 0;
    let mut dashes = 0;
    let mut previous_dash = true;
    for &c in chars {
        match c {
            'O' | 'o' | '0' if previous_dash || dashes == 0 => {
                os += 1;
                previous_dash = false;
            }
            '-' if !previous_dash => {
                dashes += 1;
                previous_dash = true;
            }
            _ => return None,
        }
    }
    if previous_dash || (dashes != 0 && dashes + 1 != os) {
        return None;
    }
    match os {
        2 => Some(CastlingSide::KingSide),
        3 => Some(CastlingSide::QueenSide),
        _ => None,
    }
}

/// Understands the text as a move, without the position; `None` if it is no
/// move in `lang`.
fn parse(text: &str, lang: Language) -> Option<Written> {
    let body = strip_suffixes(text.trim());
    let chars: Vec<char> = body
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| match c {
            '–' | '—' | '‐' | '−' => '-',
            other => other,
        })
        .collect();
    if let Some(side) = parse_castling(&chars) {
        return Some(Written::Castling(side));
    }

    // Piece letter or figurine.
    let (role, mut rest) = match chars.split_first() {
        Some((&first, tail)) => match figurine_role(first) {
            Some(role) => (Some(role), tail),
            None if first.is_uppercase() => (Some(lang.role_of_letter(first)?), tail),
            None => (None, &chars[..]),
        },
        None => return None,
    };

    // Promotion piece: "=Q", "Q", "(Q)", "/Q".
    let mut promotion_char = None;
    match rest {
        [head @ .., '(', piece, ')'] => {
            promotion_char = Some(*piece);
            rest = head;
        }
        [head @ .., last] if !last.is_ascii_digit() => {
            promotion_char = Some(*last);
            rest = match head {
                [front @ .., '=' | '/'] => front,
                _ => head,
            };
        }
        _ => {}
    }

    // Destination square.
    let [head @ .., file, rank] = rest else {
        return None;
    };
    let to = Square::from_coords(file_of(*file)?, rank_of(*rank)?);

    // Separator: capture mark or dash.
    let (separator, head) = match head {
        [front @ .., sep @ ('x' | 'X' | ':' | '×' | '-')] => (Some(*sep), front),
        _ => (None, head),
    };

    // Origin: file, rank, or both.
    let (from_file, from_rank) = match head {
        [] => (None, None),
        [c] => match (file_of(*c), rank_of(*c)) {
            (Some(file), _) => (Some(file), None),
            (None, Some(rank)) => (None, Some(rank)),
            (None, None) => return None,
        },
        [f, r] => (Some(file_of(*f)?), Some(rank_of(*r)?)),
        _ => return None,
    };

    let uci_shape =
        role.is_none() && separator.is_none() && from_file.is_some() && from_rank.is_some();
    let promotion = match promotion_char {
        None => None,
        Some(c) => Some(match figurine_role(c) {
            Some(role) => role,
            None if c.is_ascii_lowercase() && uci_shape => Role::from_char(c)?,
            None => lang.role_of_letter(c.to_uppercase().next()?)?,
        }),
    };
    let capture = match separator {
        Some('-') => Some(false),
        Some(_) => Some(true),
        None if uci_shape => None,
        None => Some(false),
    };
    Some(Written::Coordinates(Pattern {
        role,
        from_file,
        from_rank,
        capture,
        to,
        promotion,
    }))
}

/// Reads a move written by a player, in the language `lang`.
///
/// Accepted forms: SAN with the language's piece letters ("Nf3", "Cf3" in
/// French), figurines (♘f3, either colour), pawn moves ("e4", "exd5", "ed5",
/// en passant with optional "e.p."/"ep"), captures marked "x", ":", "×" or
/// not at all, promotion "e8=Q", "e8Q", "e8(Q)", "e8/Q", castling "O-O",
/// "0-0", "o-o-o" (dashes optional), disambiguation by file, rank or square
/// ("Nbd2", "N1f3", "Qh4e1"), long algebraic ("Ng1-f3", "e7-e8=Q") and UCI
/// ("e2e4", "e7e8q", castling "e1g1"; also "Ke1-g1" and "Kg1" for castling).
/// Trailing annotations ("+", "#", "!", "?", "!?", "++") and whitespace are
/// ignored.
///
/// Decisions:
/// - Only the given language's uppercase letters are piece letters; a letter
///   of another language (e.g. "Cf3" in English, "Bc4" in Dutch) makes the
///   text [`Reading::Unreadable`]. Letters that are pieces in both languages
///   are read in the given language ("Rxe2" is a king move in French).
/// - In a promotion, the piece is the language's letter (either case) or a
///   figurine, except in UCI form (both squares, no piece, no separator)
///   where a lowercase letter is the English UCI letter ("e7e8r" is a rook).
/// - Without a piece letter the move is a pawn move, unless both origin and
///   destination squares are written ("g1f3", "g1-f3").
/// - The text is first matched exactly as SAN (capture mark present iff
///   capture, promotion piece written iff promotion). If nothing fits, capture
///   marks are disregarded and an unwritten promotion piece may be any piece
///   ("Nxf3" for a non-capture still designates the knight move; "e8" for a
///   promoting pawn is ambiguous).
/// - Texts longer than [`MAX_MOVE_LEN`] bytes are unreadable.
pub fn read_move(pos: &Chess, text: &str, lang: Language) -> Reading {
    if text.len() > MAX_MOVE_LEN {
        return Reading::Unreadable;
    }
    let Some(written) = parse(text, lang) else {
        return Reading::Unreadable;
    };
    // no move takes a king: where one stands in check on the opponent's
    // turn (an illegal move left standing in rapid or blitz), taking it is
    // an illegal move, read as such
    let mut legal = pos.legal_moves();
    let takes_king: MoveList = legal
        .iter()
        .filter(|m| m.capture() == Some(Role::King))
        .copied()
        .collect();
    legal.retain(|m| m.capture() != Some(Role::King));
    let (found, uci): (Vec<Move>, Option<String>) = match written {
        Written::Castling(side) => (
            legal
                .iter()
                .filter(|m| m.castling_side() == Some(side))
                .copied()
                .collect(),
            None,
        ),
        Written::Coordinates(pattern) => {
            let strict: Vec<Move> = legal
                .iter()
                .filter(|m| pattern.fits(**m, true))
                .copied()
                .collect();
            let found = if strict.is_empty() {
                legal
                    .iter()
                    .filter(|m| pattern.fits(**m, false))
                    .copied()
                    .collect()
            } else {
                strict
            };
            // a king taken, written in SAN: the move as made, to be judged
            let king_taken = takes_king
                .iter()
                .filter(|m| pattern.fits(**m, false))
                .map(|m| m.to_uci(CastlingMode::Standard).to_string())
                .next();
            let uci = pattern.origin().map(|from| {
                UciMove::Normal {
                    from,
                    to: pattern.to,
                    promotion: pattern.promotion,
                }
                .to_string()
            });
            (found, uci.or(king_taken))
        }
    };
    match found.as_slice() {
        [] => Reading::Illegal { uci },
        [m] => Reading::Move(*m),
        _ => Reading::Ambiguous(found),
    }
}

/// Whether `text` can be read as a move at all in `lang`'s letters (or
/// UCI, or castling), whatever the position: what [`read_move`] calls
/// [`Reading::Unreadable`] is exactly what this calls unreadable.
pub fn is_readable(text: &str, lang: Language) -> bool {
    text.len() <= MAX_MOVE_LEN && parse(text, lang).is_some()
}

/// Replaces English piece letters by the language's.
fn translate(english: &str, lang: Language) -> String {
    english
        .chars()
        .map(|c| match c {
            'K' | 'Q' | 'R' | 'B' | 'N' => {
                Role::from_char(c).map_or(c, |role| lang.piece_letter(role))
            }
            other => other,
        })
        .collect()
}

/// A move written with `from`'s piece letters (SAN, long algebraic, a
/// player's text), with `to`'s: every uppercase letter that names a piece in
/// `from` becomes that piece's letter in `to`; everything else (squares,
/// castling, a letter that names no piece) stays as written.
pub fn transliterate(text: &str, from: Language, to: Language) -> String {
    if from == to {
        return text.to_owned();
    }
    text.chars()
        .map(|c| {
            from.role_of_letter(c)
                .map_or(c, |role| to.piece_letter(role))
        })
        .collect()
}

/// The move in Standard Algebraic Notation with the language's piece letters,
/// with "+" or "#" suffix. Castling is written "O-O" / "O-O-O".
///
/// `m` should be legal in `pos`; otherwise the text is a best effort without
/// suffix.
pub fn write_san(pos: &Chess, m: &Move, lang: Language) -> String {
    write_san_plus(&SanPlus::from_move(pos.clone(), *m), lang)
}

/// A move already in SAN, with the language's piece letters.
pub fn write_san_plus(san: &SanPlus, lang: Language) -> String {
    translate(&san.to_string(), lang)
}

/// The move in long algebraic notation with the language's piece letters
/// (e.g. "Ng1-f3", "e5xd6", "e7-e8=Q+"), with "+" or "#" suffix. Castling is
/// written "O-O" / "O-O-O".
///
/// `m` should be legal in `pos`; otherwise the text is a best effort without
/// suffix.
pub fn write_lan(pos: &Chess, m: &Move, lang: Language) -> String {
    let suffix = SanPlus::from_move(pos.clone(), *m)
        .suffix
        .map(|suffix| suffix.char());
    let mut text = String::new();
    match (m.castling_side(), m.from()) {
        (Some(CastlingSide::KingSide), _) => text.push_str("O-O"),
        (Some(CastlingSide::QueenSide), _) => text.push_str("O-O-O"),
        (None, from) => {
            if m.role() != Role::Pawn {
                text.push(lang.piece_letter(m.role()));
            }
            if let Some(from) = from {
                text.push_str(&from.to_string());
            }
            text.push(if m.is_capture() { 'x' } else { '-' });
            text.push_str(&m.to().to_string());
            if let Some(role) = m.promotion() {
                text.push('=');
                text.push(lang.piece_letter(role));
            }
        }
    }
    text.extend(suffix);
    text
}

/// Error reading movetext such as "1. e4 e5 2. Nf3": said as a scoresheet
/// numbers it, "White's 2nd move `Ke3`: illegal".
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}'s {} move `{token}`: {reason}", side_word(*side), ordinal(*number))]
pub struct MovetextError {
    /// The half-move (1-based) at which reading failed.
    pub index: usize,
    /// The side whose move it is.
    pub side: shakmaty::Color,
    /// Its move number, as the scoresheet numbers it.
    pub number: u32,
    /// The text that could not be read as a move.
    pub token: String,
    /// Why: ambiguous, illegal, unreadable, or an unterminated comment.
    pub reason: String,
}

fn side_word(side: shakmaty::Color) -> &'static str {
    match side {
        shakmaty::Color::White => "White",
        shakmaty::Color::Black => "Black",
    }
}

/// "1st", "2nd", "3rd", "4th", "11th", "21st".
fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// Whether a movetext token is a game result.
fn is_result(token: &str) -> bool {
    matches!(token, "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*")
}

/// Removes a move number ("12.", "12...", "12…") from the front of a token.
fn strip_move_number(token: &str) -> &str {
    let after_digits = token.trim_start_matches(|c: char| c.is_ascii_digit());
    if after_digits.len() == token.len() {
        return token;
    }
    let after_dots = after_digits.trim_start_matches(['.', '…']);
    if after_dots.len() == after_digits.len() && !after_digits.is_empty() {
        // Digits not followed by dots: not a move number ("0-0", "1-0").
        token
    } else {
        after_dots
    }
}

/// Reads movetext (move numbers "1." "1..." "12...", results "1-0" "0-1"
/// "1/2-1/2" "*", comments `{...}` and `; ...`, variations `(...)`, NAGs
/// "$1" skipped) in the language's letters, playing each move from `start`;
/// returns the moves played.
///
/// Each move must read as exactly one legal move ([`Reading::Move`]); the
/// error names the first half-move that does not. A variation is recognised
/// by a "(" at the start of a token, so "e8(Q)" remains a promotion.
pub fn read_movetext(
    start: &Chess,
    text: &str,
    lang: Language,
) -> Result<Vec<Move>, MovetextError> {
    let mut pos = start.clone();
    let mut moves = Vec::new();
    let mut rest = text;
    let error = |pos: &Chess, moves: &[Move], token: &str, reason: String| MovetextError {
        index: moves.len() + 1,
        side: pos.turn(),
        number: pos.fullmoves().get(),
        token: token.to_string(),
        reason,
    };
    loop {
        rest = rest.trim_start();
        let Some(first) = rest.chars().next() else {
            return Ok(moves);
        };
        match first {
            '{' => match rest.find('}') {
                Some(end) => rest = &rest[end + 1..],
                None => return Err(error(&pos, &moves, "{", "unterminated comment".into())),
            },
            ';' => rest = rest.find('\n').map_or("", |end| &rest[end + 1..]),
            '(' => {
                let mut depth = 0usize;
                let mut end = None;
                for (i, c) in rest.char_indices() {
                    match c {
                        '(' => depth += 1,
                        ')' => {
                            depth = depth.saturating_sub(1);
                            if depth == 0 {
                                end = Some(i);
                                break;
                            }
                        }
                        _ => {}
                    }
                }
                match end {
                    Some(end) => rest = &rest[end + 1..],
                    None => return Err(error(&pos, &moves, "(", "unterminated variation".into())),
                }
            }
            '$' => {
                rest = rest[1..].trim_start_matches(|c: char| c.is_ascii_digit());
            }
            _ => {
                let end = rest
                    .find(|c: char| c.is_whitespace() || c == '{' || c == ';')
                    .unwrap_or(rest.len());
                let token = &rest[..end];
                rest = &rest[end..];
                let token = strip_move_number(token);
                if token.is_empty()
                    || token.chars().all(|c| c.is_ascii_digit())
                    || is_result(token)
                    || matches!(token, "e.p." | "e.p" | "ep")
                    || token.chars().all(|c| ANNOTATIONS.contains(&c))
                {
                    continue;
                }
                match read_move(&pos, token, lang) {
                    Reading::Move(m) => {
                        pos.play_unchecked(m);
                        moves.push(m);
                    }
                    Reading::Ambiguous(candidates) => {
                        let fits: Vec<String> = candidates
                            .iter()
                            .map(|m| write_san(&pos, m, lang))
                            .collect();
                        let reason = format!("ambiguous: fits {}", fits.join(", "));
                        return Err(error(&pos, &moves, token, reason));
                    }
                    Reading::Illegal { uci } => {
                        let reason = match uci {
                            Some(uci) => format!("illegal ({uci})"),
                            None => "illegal".to_string(),
                        };
                        return Err(error(&pos, &moves, token, reason));
                    }
                    Reading::Unreadable => {
                        return Err(error(&pos, &moves, token, "unreadable".into()));
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use shakmaty::fen::Fen;

    fn position(fen: &str) -> Chess {
        Fen::from_ascii(fen.as_bytes())
            .expect("valid FEN")
            .into_position(CastlingMode::Standard)
            .expect("legal position")
    }

    fn after(moves: &str) -> Chess {
        let start = Chess::default();
        let played = read_movetext(&start, moves, Language::En).expect("valid movetext");
        let mut pos = start;
        for m in played {
            pos.play_unchecked(m);
        }
        pos
    }

    fn uci(pos: &Chess, text: &str) -> Move {
        text.parse::<UciMove>()
            .expect("UCI")
            .to_move(pos)
            .expect("legal")
    }

    fn reads(pos: &Chess, text: &str, lang: Language, expected: &str) {
        assert_eq!(
            read_move(pos, text, lang),
            Reading::Move(uci(pos, expected)),
            "{text} in {lang:?}"
        );
    }

    #[test]
    fn language_codes_and_letters() {
        for lang in Language::ALL {
            assert_eq!(Language::from_code(lang.code()), Some(lang));
            assert_eq!(lang.piece_letter(Role::Pawn), ' ');
            for role in [
                Role::King,
                Role::Queen,
                Role::Rook,
                Role::Bishop,
                Role::Knight,
            ] {
                assert_eq!(lang.role_of_letter(lang.piece_letter(role)), Some(role));
            }
        }
        assert_eq!(Language::from_code(" FR "), Some(Language::Fr));
        assert_eq!(Language::from_code("xx"), None);
        assert_eq!(Language::default(), Language::En);
        assert_eq!(Language::Fr.piece_letter(Role::King), 'R');
        assert_eq!(Language::Fr.piece_letter(Role::Queen), 'D');
        assert_eq!(Language::De.piece_letter(Role::Bishop), 'L');
        assert_eq!(Language::De.piece_letter(Role::Knight), 'S');
        assert_eq!(Language::Es.piece_letter(Role::Bishop), 'A');
        assert_eq!(Language::Nl.piece_letter(Role::Knight), 'P');
        assert_eq!(Language::Nl.role_of_letter('B'), None);
    }

    #[test]
    fn french() {
        let start = Chess::default();
        reads(&start, "Cf3", Language::Fr, "g1f3");
        let pos = after("1. e4 e5");
        reads(&pos, "Dh5", Language::Fr, "d1h5");
        reads(&pos, "Re2", Language::Fr, "e1e2");
        reads(&pos, "Fc4", Language::Fr, "f1c4");
        let pos = position("4k3/8/8/8/8/8/4p3/4K3 w - - 0 1");
        reads(&pos, "Rxe2", Language::Fr, "e1e2");
        reads(&pos, "R:e2", Language::Fr, "e1e2");
        assert_eq!(
            read_move(&pos, "Rxe2", Language::En),
            Reading::Illegal { uci: None }
        );
        let pos = position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        reads(&pos, "0-0", Language::Fr, "e1g1");
        reads(&pos, "0-0-0", Language::Fr, "e1c1");
        assert_eq!(write_san(&start, &uci(&start, "g1f3"), Language::Fr), "Cf3");
    }

    #[test]
    fn german_dutch_spanish_italian() {
        let start = Chess::default();
        reads(&start, "Sf3", Language::De, "g1f3");
        reads(&start, "Pf3", Language::Nl, "g1f3");
        reads(&start, "Cf3", Language::Es, "g1f3");
        reads(&start, "Cf3", Language::It, "g1f3");
        let pos = after("1. e4 e5");
        reads(&pos, "Lb5", Language::De, "f1b5");
        reads(&pos, "Lb5", Language::Nl, "f1b5");
        reads(&pos, "Ab5", Language::Es, "f1b5");
        reads(&pos, "Ab5", Language::It, "f1b5");
        reads(&pos, "Dh5", Language::De, "d1h5");
        reads(&pos, "Ke2", Language::De, "e1e2");
        assert_eq!(read_move(&pos, "Bc4", Language::Nl), Reading::Unreadable);
        assert_eq!(read_move(&pos, "Bc4", Language::De), Reading::Unreadable);
        reads(&pos, "Bc4", Language::En, "f1c4");
        assert_eq!(read_move(&start, "Nf3", Language::Fr), Reading::Unreadable);
        assert_eq!(read_move(&start, "Cf3", Language::En), Reading::Unreadable);
        assert_eq!(read_move(&start, "Sf3", Language::Nl), Reading::Unreadable);
        assert_eq!(write_san(&pos, &uci(&pos, "f1b5"), Language::De), "Lb5");
        assert_eq!(write_san(&start, &uci(&start, "g1f3"), Language::Nl), "Pf3");
    }

    #[test]
    fn promotion_in_every_language() {
        let pos = position("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
        for lang in Language::ALL {
            let q = lang.piece_letter(Role::Queen);
            let n = lang.piece_letter(Role::Knight);
            for text in [
                format!("e8={q}"),
                format!("e8{q}"),
                format!("e8({q})"),
                format!("e8/{q}"),
                format!("e7-e8={q}"),
                format!("e8={q}+"),
                "e8♕".to_string(),
                "e7e8q".to_string(),
            ] {
                reads(&pos, &text, lang, "e7e8q");
            }
            reads(&pos, &format!("e8={n}"), lang, "e7e8n");
            reads(&pos, "e7e8n", lang, "e7e8n");
            let m = uci(&pos, "e7e8q");
            assert_eq!(write_san(&pos, &m, lang), format!("e8={q}"));
            assert!(matches!(
                read_move(&pos, "e8", lang),
                Reading::Ambiguous(v) if v.len() == 4
            ));
        }
        reads(&pos, "e8=T", Language::Fr, "e7e8r");
        reads(&pos, "e7e8r", Language::Fr, "e7e8r");
        assert_eq!(
            read_move(&pos, "e8=R", Language::Fr),
            Reading::Illegal { uci: None }
        );
        assert_eq!(read_move(&pos, "e8=Z", Language::En), Reading::Unreadable);
    }

    #[test]
    fn ambiguous_and_disambiguated() {
        let pos = position("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
        match read_move(&pos, "Nd2", Language::En) {
            Reading::Ambiguous(moves) => {
                assert_eq!(moves.len(), 2);
                assert!(moves.contains(&uci(&pos, "b1d2")));
                assert!(moves.contains(&uci(&pos, "f3d2")));
            }
            other => panic!("expected ambiguous, got {other:?}"),
        }
        reads(&pos, "Nbd2", Language::En, "b1d2");
        reads(&pos, "Nfd2", Language::En, "f3d2");
        reads(&pos, "N1d2", Language::En, "b1d2");
        reads(&pos, "N3d2", Language::En, "f3d2");
        reads(&pos, "Nf3d2", Language::En, "f3d2");
        reads(&pos, "Sbd2", Language::De, "b1d2");
        assert_eq!(write_san(&pos, &uci(&pos, "b1d2"), Language::Fr), "Cbd2");
        let start = Chess::default();
        reads(&start, "Ng1-f3", Language::En, "g1f3");
        reads(&start, "g1-f3", Language::En, "g1f3");
        reads(&start, "Ng1f3", Language::En, "g1f3");
        reads(&start, "♘f3", Language::Fr, "g1f3");
        reads(&start, "♞f3", Language::En, "g1f3");
        reads(&start, "  e4  ", Language::En, "e2e4");
        reads(&start, "e2-e4!?", Language::En, "e2e4");
        reads(&start, "e2–e4", Language::En, "e2e4");
        reads(&start, "Nxf3", Language::En, "g1f3");
        reads(&start, "N1f3", Language::En, "g1f3");
        reads(&start, "Ng1xf3", Language::En, "g1f3");
        let pos = position("4k3/8/8/8/7Q/8/8/K7 w - - 0 1");
        for text in ["Qh4e1", "Qh4-e1", "Qe1", "Qh4e1+", "♕h4e1", "h4e1"] {
            reads(&pos, text, Language::En, "h4e1");
        }
        reads(&pos, "Dh4e1", Language::Nl, "h4e1");
        let pos = after("1. e4 d5");
        reads(&pos, "exd5", Language::En, "e4d5");
        reads(&pos, "e:d5", Language::Fr, "e4d5");
        reads(&pos, "e4xd5", Language::En, "e4d5");
        reads(&pos, "e4d5", Language::En, "e4d5");
    }

    #[test]
    fn illegal_and_unreadable() {
        let start = Chess::default();
        assert_eq!(
            read_move(&start, "Ke2", Language::En),
            Reading::Illegal { uci: None }
        );
        assert_eq!(
            read_move(&start, "e5", Language::En),
            Reading::Illegal { uci: None }
        );
        assert_eq!(
            read_move(&start, "e2e5", Language::En),
            Reading::Illegal {
                uci: Some("e2e5".into())
            }
        );
        assert_eq!(
            read_move(&start, "Ng1-e2", Language::En),
            Reading::Illegal {
                uci: Some("g1e2".into())
            }
        );
        assert_eq!(
            read_move(&start, "O-O", Language::En),
            Reading::Illegal { uci: None }
        );
        for garbage in [
            "", "   ", "hello", "Zz9", "e9", "i4", "Nf", "x", "O-O-O-O", "O--O", "e4e", "Nf3f3f3",
            "1-0", "ep", "+",
        ] {
            assert_eq!(
                read_move(&start, garbage, Language::En),
                Reading::Unreadable,
                "{garbage:?}"
            );
        }
        let long = "e4".repeat(40);
        assert_eq!(read_move(&start, &long, Language::En), Reading::Unreadable);
    }

    #[test]
    fn en_passant() {
        let pos = position("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
        for text in [
            "exd6",
            "exd6 e.p.",
            "exd6e.p.",
            "exd6 ep",
            "exd6ep+",
            "e5d6",
            "ed6",
            "e5xd6",
        ] {
            reads(&pos, text, Language::En, "e5d6");
        }
        let m = uci(&pos, "e5d6");
        assert!(m.is_en_passant());
        assert_eq!(write_san(&pos, &m, Language::En), "exd6");
        assert_eq!(write_lan(&pos, &m, Language::En), "e5xd6");
    }

    #[test]
    fn castling() {
        let pos = position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        let short = read_move(&pos, "O-O", Language::En);
        assert_eq!(short, read_move(&pos, "e1g1", Language::En));
        let Reading::Move(m) = short else {
            panic!("castling expected")
        };
        assert!(m.is_castle());
        for text in ["0-0", "o-o", "OO", "O-O+", "Ke1-g1", "Kg1", "Rg1"] {
            let lang = if text.starts_with('R') {
                Language::Fr
            } else {
                Language::En
            };
            assert_eq!(read_move(&pos, text, lang), Reading::Move(m), "{text}");
        }
        let long = read_move(&pos, "O-O-O", Language::En);
        assert_eq!(long, read_move(&pos, "e1c1", Language::En));
        assert_eq!(long, read_move(&pos, "0-0-0", Language::De));
        assert_eq!(write_san(&pos, &m, Language::Fr), "O-O");
        assert_eq!(write_lan(&pos, &m, Language::Fr), "O-O");
    }

    #[test]
    fn movetext() {
        let start = Chess::default();
        let text =
            "1. e4 e5 2. Nf3 {a comment} Nc6 $1 3.Bb5 (3. Bc4 Bc5) 3... a6 ; rest\n 4. Ba4 1-0";
        let moves = read_movetext(&start, text, Language::En).expect("valid");
        assert_eq!(moves.len(), 7);
        let french = read_movetext(
            &start,
            "1. e4 e5 2. Cf3 Cc6 3. Fb5 a6 4. Fa4 *",
            Language::Fr,
        )
        .expect("valid");
        assert_eq!(french, moves);
        let ep =
            read_movetext(&start, "1. e4 a6 2. e5 d5 3. exd6 e.p.", Language::En).expect("valid");
        assert!(ep[4].is_en_passant());
        assert_eq!(
            read_movetext(&start, "1. e4 e5 2. Ke3", Language::En),
            Err(MovetextError {
                index: 3,
                side: shakmaty::Color::White,
                number: 2,
                token: "Ke3".into(),
                reason: "illegal".into()
            })
        );
        let err = read_movetext(&start, "1. e4 zz", Language::En).expect_err("unreadable");
        assert_eq!((err.index, err.reason.as_str()), (2, "unreadable"));
        let err = read_movetext(
            &start,
            "1. Nc3 d6 2. Nf3 d5 3. Nd4 d4 4. Nb5 a6 5. Nd2",
            Language::Fr,
        )
        .expect_err("French letters");
        assert_eq!(err.index, 1);
        let err = read_movetext(
            &start,
            "1. Nc3 h6 2. Nf3 h5 3. Ne4 h4 4. Nd4 g6 5. Nb3 g5 6. Nc5",
            Language::En,
        )
        .expect_err("ambiguous");
        assert_eq!(err.index, 11);
        assert!(err.reason.starts_with("ambiguous"), "{err}");
        let err = read_movetext(&start, "1. e4 {open", Language::En).expect_err("comment");
        assert_eq!(err.index, 2);
        assert_eq!(
            err.to_string(),
            "Black's 1st move `{`: unterminated comment"
        );
        assert_eq!(
            read_movetext(&start, "1...e5", Language::En),
            Err(MovetextError {
                index: 1,
                side: shakmaty::Color::White,
                number: 1,
                token: "e5".into(),
                reason: "illegal".into()
            })
        );
    }

    fn play_random(start: Chess, choices: &[u32]) -> Chess {
        let mut pos = start;
        for &choice in choices {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            let m = legal[choice as usize % legal.len()];
            pos.play_unchecked(m);
        }
        pos
    }

    const STARTS: [&str; 5] = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/pPpppppp/8/8/8/8/PpPPPPPP/R3K2R w KQkq - 0 1",
        "n3k2n/1P4P1/8/2N1N3/8/2n1n3/1p4p1/N3K2N w - - 0 1",
        "r3k2r/8/3Q4/8/3pP3/8/8/R3K2R b KQkq e3 0 1",
        "8/PPPPPPPP/k7/8/8/K7/pppppppp/8 w - - 0 1",
    ];

    fn check_round_trips(pos: &Chess) {
        for m in pos.legal_moves() {
            for lang in Language::ALL {
                let san = write_san(pos, &m, lang);
                assert_eq!(
                    read_move(pos, &san, lang),
                    Reading::Move(m),
                    "{san} {lang:?}"
                );
                let lan = write_lan(pos, &m, lang);
                assert_eq!(
                    read_move(pos, &lan, lang),
                    Reading::Move(m),
                    "{lan} {lang:?}"
                );
                let uci = m.to_uci(CastlingMode::Standard).to_string();
                assert_eq!(
                    read_move(pos, &uci, lang),
                    Reading::Move(m),
                    "{uci} {lang:?}"
                );
            }
        }
    }

    proptest! {
        #[test]
        fn round_trip_from_start(choices in proptest::collection::vec(any::<u32>(), 0..80)) {
            let pos = play_random(Chess::default(), &choices);
            check_round_trips(&pos);
        }

        #[test]
        fn round_trip_special_positions(
            start in 0..STARTS.len(),
            choices in proptest::collection::vec(any::<u32>(), 0..20),
        ) {
            let pos = play_random(position(STARTS[start]), &choices);
            check_round_trips(&pos);
        }

        /// A move written in one language, transliterated to another, is
        /// that move as the other writes it (SAN and long algebraic), in
        /// every pair of languages: R is a king in French and a rook in
        /// English, so a letter-by-letter swap without the source language
        /// would fail.
        #[test]
        fn transliteration_writes_the_same_move(
            start in 0..STARTS.len(),
            choices in proptest::collection::vec(any::<u32>(), 0..40),
        ) {
            let pos = play_random(position(STARTS[start]), &choices);
            for m in pos.legal_moves() {
                for from in Language::ALL {
                    for to in Language::ALL {
                        let (san, lan) = (write_san(&pos, &m, from), write_lan(&pos, &m, from));
                        prop_assert_eq!(transliterate(&san, from, to), write_san(&pos, &m, to));
                        prop_assert_eq!(transliterate(&lan, from, to), write_lan(&pos, &m, to));
                    }
                }
            }
        }

        #[test]
        fn movetext_round_trip(choices in proptest::collection::vec(any::<u32>(), 0..60), lang in 0..6usize) {
            let lang = Language::ALL[lang];
            let mut pos = Chess::default();
            let mut played = Vec::new();
            let mut text = String::new();
            for (ply, &choice) in choices.iter().enumerate() {
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let m = legal[choice as usize % legal.len()];
                if ply % 2 == 0 {
                    text.push_str(&format!("{}. ", ply / 2 + 1));
                }
                text.push_str(&write_san(&pos, &m, lang));
                text.push(' ');
                pos.play_unchecked(m);
                played.push(m);
            }
            prop_assert_eq!(read_movetext(&Chess::default(), &text, lang), Ok(played));
        }

        #[test]
        fn never_panics_on_any_string(text in any::<String>(), lang in 0..6usize) {
            let pos = Chess::default();
            let _ = read_move(&pos, &text, Language::ALL[lang]);
            let _ = read_movetext(&pos, &text, Language::ALL[lang]);
        }

        #[test]
        fn readings_are_consistent(
            text in "[a-hKQRBNDTLSCAPFOo0-9x:=()/+#!? .-]{0,10}",
            start in 0..STARTS.len(),
            lang in 0..6usize,
        ) {
            let pos = position(STARTS[start]);
            let legal = pos.legal_moves();
            match read_move(&pos, &text, Language::ALL[lang]) {
                Reading::Move(m) => prop_assert!(legal.contains(&m)),
                Reading::Ambiguous(moves) => {
                    prop_assert!(moves.len() >= 2);
                    prop_assert!(moves.iter().all(|m| legal.contains(m)));
                }
                Reading::Illegal { .. } | Reading::Unreadable => {}
            }
        }
    }
}
