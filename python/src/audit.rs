//! `arbitre.audit`: `arbitre::audit::Reports` as a Python iterator — games
//! judged lazily, in input order, the GIL released while they are.

use std::{
    io::{self, Read},
    path::PathBuf,
    sync::Mutex,
};

use pyo3::{
    exceptions::{PyTypeError, PyValueError},
    prelude::*,
    types::{PyBytes, PyList, PyString},
};

use arbitre::audit::{game_line, EditionChoice, Input, Item, Options, Reports};

use crate::{error_at, language, os_error, to_python, ArbitreError, PgnError};

/// A Python file object (text or binary) read as bytes: text is written in
/// UTF-8. Read by the audit's reader thread, which takes the GIL for each
/// read of 64 KiB.
struct PyFile {
    file: Py<PyAny>,
    pending: Vec<u8>,
    at: usize,
}

impl Read for PyFile {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.at == self.pending.len() {
            let chunk = Python::attach(|py| -> PyResult<Vec<u8>> {
                let got = self.file.bind(py).call_method1("read", (1usize << 16,))?;
                if let Ok(text) = got.cast::<PyString>() {
                    return Ok(text.to_cow()?.as_bytes().to_vec());
                }
                if let Ok(bytes) = got.cast::<PyBytes>() {
                    return Ok(bytes.as_bytes().to_vec());
                }
                Err(PyTypeError::new_err(
                    "read() returned neither str nor bytes",
                ))
            })
            .map_err(|e| io::Error::other(e.to_string()))?;
            self.pending = chunk;
            self.at = 0;
        }
        let n = buf.len().min(self.pending.len() - self.at);
        buf[..n].copy_from_slice(&self.pending[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

/// One source of games: a path (str without a line break that does not
/// begin with `[`, or os.PathLike), PGN text (str), PGN bytes (plain, gzip
/// or zstd) or a file object (with `.read`).
fn input(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    lang: arbitre_laws::Language,
) -> PyResult<Input> {
    if let Ok(text) = source.cast::<PyString>() {
        let text = text.to_cow()?;
        let trimmed = text.trim_start();
        if text.contains('\n') || trimmed.starts_with('[') || trimmed.is_empty() {
            return Ok(Input::reader(
                "-",
                io::Cursor::new(text.into_owned().into_bytes()),
            ));
        }
    }
    if let Ok(bytes) = source.cast::<PyBytes>() {
        return Ok(Input::reader(
            "-",
            io::Cursor::new(bytes.as_bytes().to_vec()),
        ));
    }
    if source.hasattr("read")? {
        let name = source
            .getattr("name")
            .ok()
            .and_then(|n| n.extract::<String>().ok())
            .unwrap_or_else(|| "-".into());
        let file = PyFile {
            file: source.clone().unbind(),
            pending: Vec::new(),
            at: 0,
        };
        return Ok(Input::reader(name, file));
    }
    let os = py.import("os")?;
    let path: PathBuf = os
        .call_method1("fspath", (source,))
        .and_then(|p| p.extract())
        .map_err(|_| {
            PyTypeError::new_err(
                "source: expected a path, PGN text or bytes, a file object, or a list of them",
            )
        })?;
    if let Err(e) = std::fs::metadata(&path) {
        return Err(os_error(&e, &path));
    }
    Input::open(&path, lang).map_err(|e| error_at::<PgnError>(py, e, "source"))
}

/// The audit's games as they come: one dict per game in the shape of
/// `arbitre audit --json`; an input that cannot be read raises PgnError
/// where it comes (after the games read before it).
#[pyclass(module = "arbitre")]
pub struct Audit {
    /// `Reports` holds channels (Send, not Sync): one caller at a time.
    reports: Mutex<Reports>,
    notes: bool,
}

#[pymethods]
impl Audit {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        // as a generator: one thread at a time (waiting here for the lock
        // while holding the GIL would deadlock with the holder, which
        // takes the GIL back to return)
        let mut reports = match self.reports.try_lock() {
            Ok(r) => r,
            Err(std::sync::TryLockError::WouldBlock) => {
                return Err(PyValueError::new_err(
                    "the audit is already being iterated in another thread",
                ));
            }
            Err(std::sync::TryLockError::Poisoned(_)) => {
                return Err(PyErr::new::<ArbitreError, _>(
                    "the audit failed earlier: it cannot go on",
                ));
            }
        };
        // the game judged with the GIL released
        let judged: &mut Reports = &mut reports;
        let item = py.detach(|| judged.next());
        match item {
            None => Ok(None),
            Some(Item::FileError(e)) => Err(error_at::<PgnError>(py, e, "source")),
            Some(Item::Game(r)) => {
                let file = reports.names().get(r.file).map_or("", String::as_str);
                to_python(py, &game_line(&r, file, self.notes)).map(Some)
            }
        }
    }
}

/// Audits PGN games: each game replayed under the Laws of its date (or
/// `edition`), lazily, in input order.
#[pyfunction]
#[pyo3(signature = (source, edition = "auto", claimable = false, notes = false, lang = "en", jobs = None, thorough = false))]
pub fn audit(
    source: &Bound<'_, PyAny>,
    edition: &str,
    claimable: bool,
    notes: bool,
    lang: &str,
    jobs: Option<usize>,
    thorough: bool,
) -> PyResult<Audit> {
    let py = source.py();
    let lang = language(py, lang)?;
    let edition = EditionChoice::parse(edition)
        .map_err(|e| error_at::<ArbitreError>(py, format!("edition: {e}"), "edition"))?;
    let inputs = match source.cast::<PyList>() {
        Ok(list) => list
            .iter()
            .map(|s| input(py, &s, lang))
            .collect::<PyResult<Vec<_>>>()?,
        Err(_) => vec![input(py, source, lang)?],
    };
    let opts = Options {
        edition,
        // None: one worker a core, as `arbitre audit` without `--jobs`
        jobs: jobs.unwrap_or(0),
        claimable,
        thorough,
        notes,
        lang,
        ..Options::default()
    };
    let reports =
        Reports::start(inputs, &opts).map_err(|e| error_at::<ArbitreError>(py, e, "jobs"))?;
    Ok(Audit {
        reports: Mutex::new(reports),
        notes,
    })
}
