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
        let message = humane(&e.inner().to_string(), &path);
        err(path, message)
    })
}

/// serde's words in a reader's: "expected a number, found \"abc\"" rather
/// than "invalid type: string \"abc\", expected f64"; a field's name not
/// twice (it ends the path already); no position said twice.
pub(crate) fn humane(message: &str, path: &str) -> String {
    let types = |t: &str| -> String {
        match t.trim() {
            "f64" | "f32" => "a number".into(),
            "u8" | "u16" | "u32" | "u64" | "usize" => "a whole number from 0".into(),
            "i8" | "i16" | "i32" | "i64" | "isize" => "a whole number".into(),
            "a boolean" | "bool" => "true or false".into(),
            other => other.to_owned(),
        }
    };
    if let Some(rest) = message.strip_prefix("invalid type: ") {
        if let Some((found, expected)) = rest.rsplit_once(", expected ") {
            return format!("expected {}, found {}", types(expected), found);
        }
    }
    if let Some(rest) = message.strip_prefix("invalid value: ") {
        if let Some((found, expected)) = rest.rsplit_once(", expected ") {
            return format!("expected {}, found {}", types(expected), found);
        }
    }
    if let Some(rest) = message.strip_prefix("unknown field `") {
        if let Some((key, tail)) = rest.split_once('`') {
            let last = path.rsplit(['.', '[']).next().unwrap_or("");
            if last == key {
                return format!("unknown field{tail}").replacen(
                    "unknown field, expected",
                    "unknown field; expected",
                    1,
                );
            }
        }
    }
    message.to_owned()
}

/// A JSON syntax error's words without serde_json's own "at line L column C"
/// (said once, by the caller) and in plain terms.
fn syntax(e: &serde_json::Error) -> String {
    let text = e.to_string();
    let suffix = format!(" at line {} column {}", e.line(), e.column());
    let text = text.strip_suffix(&suffix).unwrap_or(&text);
    match text.strip_prefix("EOF while parsing ") {
        Some(what) => format!("the text ends inside {what}"),
        None => text.to_owned(),
    }
}

/// Parses a JSON text; a syntax error says the line and column, and the
/// JSON path where it was found (a number out of range inside `events[0].t`).
/// An object with a key twice is refused (which value would count is
/// ambiguous: `{"move": "e4", "move": "d4"}`), at any depth.
pub fn parse_json(text: &str) -> Result<serde_json::Value, RecordError> {
    let de = &mut serde_json::Deserializer::from_str(text);
    let Strict(value) = serde_path_to_error::deserialize(&mut *de).map_err(|e| {
        // where in the document, when serde_path_to_error knows ("?": not)
        let path = match e.path().to_string() {
            p if p == "?" || p == "." => String::new(),
            p => p,
        };
        let inner = e.into_inner();
        err(
            path,
            format!(
                "malformed JSON at line {}, column {}: {}",
                inner.line(),
                inner.column(),
                syntax(&inner)
            ),
        )
    })?;
    de.end().map_err(|e| {
        err(
            "",
            format!(
                "malformed JSON at line {}, column {}: {}",
                e.line(),
                e.column(),
                syntax(&e)
            ),
        )
    })?;
    Ok(value)
}

/// A JSON value read with every object's keys checked for repetition.
struct Strict(serde_json::Value);

impl<'de> serde::Deserialize<'de> for Strict {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(StrictVisitor).map(Strict)
    }
}

struct StrictVisitor;

impl<'de> serde::de::Visitor<'de> for StrictVisitor {
    type Value = serde_json::Value;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Self::Value, E> {
        Ok(v.into())
    }

    fn visit_i64<E>(self, v: i64) -> Result<Self::Value, E> {
        Ok(v.into())
    }

    fn visit_u64<E>(self, v: u64) -> Result<Self::Value, E> {
        Ok(v.into())
    }

    fn visit_f64<E>(self, v: f64) -> Result<Self::Value, E> {
        Ok(serde_json::Number::from_f64(v).map_or(serde_json::Value::Null, Into::into))
    }

    fn visit_str<E>(self, v: &str) -> Result<Self::Value, E> {
        Ok(v.into())
    }

    fn visit_string<E>(self, v: String) -> Result<Self::Value, E> {
        Ok(v.into())
    }

    fn visit_unit<E>(self) -> Result<Self::Value, E> {
        Ok(serde_json::Value::Null)
    }

    fn visit_none<E>(self) -> Result<Self::Value, E> {
        Ok(serde_json::Value::Null)
    }

    fn visit_some<D: serde::Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_any(StrictVisitor)
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut out = Vec::new();
        while let Some(Strict(v)) = seq.next_element()? {
            out.push(v);
        }
        Ok(out.into())
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut out = serde_json::Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if out.contains_key(&key) {
                return Err(serde::de::Error::custom(format!(
                    "the key `{key}` appears twice in one object"
                )));
            }
            let Strict(v) = map.next_value()?;
            out.insert(key, v);
        }
        Ok(out.into())
    }
}
