//! A file cut into lines, each kept with its own ending (`\r\n`, `\n` or
//! `\r`, the TRF's own), so that joining them gives back the very bytes that
//! were read, and every reader counts lines alike.

/// One line of the file: its text and the ending that followed it (`"\r\n"`,
/// `"\n"`, `"\r"` — the TRF's own — or `""` for a last line without one).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Line {
    pub text: String,
    pub ending: &'static str,
}

/// The lines of `text`, with their endings. Every ending is one of `\r\n`,
/// `\n` or `\r`, so files from every system read alike.
pub(crate) fn split(text: &str) -> Vec<Line> {
    let mut lines = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        match rest.find(['\r', '\n']) {
            None => {
                lines.push(Line {
                    text: rest.to_owned(),
                    ending: "",
                });
                rest = "";
            }
            Some(at) => {
                let ending = if rest[at..].starts_with("\r\n") {
                    "\r\n"
                } else if rest[at..].starts_with('\r') {
                    "\r"
                } else {
                    "\n"
                };
                lines.push(Line {
                    text: rest[..at].to_owned(),
                    ending,
                });
                rest = &rest[at + ending.len()..];
            }
        }
    }
    lines
}

/// The characters of a line, read by the TRF's 1-based columns; a column past
/// the end of the line reads as a blank, as trailing blanks are often cut.
pub(crate) struct Columns {
    chars: Vec<char>,
}

impl Columns {
    pub fn new(text: &str) -> Self {
        Columns {
            chars: text.chars().collect(),
        }
    }

    /// How many columns the line has.
    pub fn len(&self) -> usize {
        self.chars.len()
    }

    /// The character at a 1-based column, a blank past the end.
    pub fn at(&self, column: usize) -> char {
        self.chars.get(column - 1).copied().unwrap_or(' ')
    }

    /// Columns `from..=to` (1-based), blanks past the end.
    pub fn field(&self, from: usize, to: usize) -> String {
        (from..=to).map(|c| self.at(c)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_ending_is_kept() {
        let text = "a\r\nb\nc\rd";
        let lines = split(text);
        let endings: Vec<_> = lines.iter().map(|l| l.ending).collect();
        assert_eq!(endings, ["\r\n", "\n", "\r", ""]);
        let joined: String = lines
            .iter()
            .map(|l| format!("{}{}", l.text, l.ending))
            .collect();
        assert_eq!(joined, text);
    }

    #[test]
    fn an_empty_line_is_a_line() {
        let lines = split("\n\n");
        assert_eq!(lines.len(), 2);
        assert!(lines.iter().all(|l| l.text.is_empty()));
    }

    #[test]
    fn columns_past_the_end_are_blank() {
        let c = Columns::new("001 é");
        assert_eq!(c.at(5), 'é');
        assert_eq!(c.at(90), ' ');
        assert_eq!(c.field(4, 7), " é  ");
    }
}
