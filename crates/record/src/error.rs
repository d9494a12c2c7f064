//! What was wrong in a record, and where.

/// A malformed record: where and what.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordError {
    /// JSON path of the offending value (`events[7].claim`), or empty for
    /// the whole document.
    pub path: String,
    /// What was expected.
    pub message: String,
}

impl std::fmt::Display for RecordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.path.is_empty() || self.path == "." {
            write!(f, "{}", self.message)
        } else {
            write!(f, "at {}: {}", self.path, self.message)
        }
    }
}

impl std::error::Error for RecordError {}

impl RecordError {
    /// The same error inside `prefix` (`events[3]` + `claim` → `events[3].claim`).
    pub fn within(self, prefix: &str) -> RecordError {
        let path = match self.path.as_str() {
            "" | "." => prefix.to_owned(),
            p if p.starts_with('[') => format!("{prefix}{p}"),
            p => format!("{prefix}.{p}"),
        };
        RecordError { path, ..self }
    }
}

/// An error at `path`.
pub fn err(path: impl Into<String>, message: impl Into<String>) -> RecordError {
    RecordError {
        path: path.into(),
        message: message.into(),
    }
}

/// Deserializes `value` strictly, the error naming the JSON path inside it.
pub fn from_value<T: serde::de::DeserializeOwned>(
    value: serde_json::Value,
) -> Result<T, RecordError> {
    serde_path_to_error::deserialize(value).map_err(|e| {
        // the whole value: "" rather than serde_path_to_error's "."
        let path = match e.path().to_string() {
            p if p == "." => String::new(),
            p => p,
        };
        err(path, e.into_inner().to_string())
    })
}

/// Parses a JSON text; a syntax error says the line and column, and the
/// JSON path where it was found (a number out of range inside `events[0].t`).
pub fn parse_json(text: &str) -> Result<serde_json::Value, RecordError> {
    let de = &mut serde_json::Deserializer::from_str(text);
    let value: serde_json::Value = serde_path_to_error::deserialize(&mut *de).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        err(
            path,
            format!(
                "malformed JSON at line {}, column {}: {inner}",
                inner.line(),
                inner.column()
            ),
        )
    })?;
    de.end().map_err(|e| {
        err(
            "",
            format!(
                "malformed JSON at line {}, column {}: {e}",
                e.line(),
                e.column()
            ),
        )
    })?;
    Ok(value)
}
