//! `arbitre` for Python: the laws engine (`arbitre-laws`), the scenario
//! records (`arbitre-record`) and the audit (`arbitre::audit`) behind a PyO3
//! module. No logic of its own: each function converts its arguments, calls
//! the function the command line calls, and converts the answer (JSON
//! values become Python objects with `pythonize`). Every error becomes a
//! Python exception that says what `arbitre` says; nothing panics across
//! the boundary (no `unwrap` on anything the caller gives).

use pyo3::{
    create_exception,
    exceptions::{PyTypeError, PyValueError},
    prelude::*,
    types::{PyDict, PyString},
};
use serde_json::Value;

use arbitre_laws::{dead::Mate, Language};
use arbitre_record::RecordError;

mod audit;
mod game;

create_exception!(
    arbitre,
    ArbitreError,
    PyValueError,
    "What arbitre refuses: a malformed scenario, setup, event, FEN or PGN. \
     `.path` names where (a JSON path such as `events[3].move`, an argument's \
     name, or `\"\"` for the whole input)."
);
create_exception!(
    arbitre,
    ScenarioError,
    ArbitreError,
    "A malformed scenario, setup or event (docs/SCENARIOS.md); `.path` is its JSON path."
);
create_exception!(
    arbitre,
    FenError,
    ArbitreError,
    "A FEN that is not a position a game can be played from."
);
create_exception!(
    arbitre,
    PgnError,
    ArbitreError,
    "An input of the audit that cannot be read as PGN (not text, no game, a read error)."
);

/// An exception of type `T` with `message`, its `.path` set to `path`.
fn error_at<T: pyo3::PyTypeInfo>(py: Python<'_>, message: String, path: &str) -> PyErr {
    let err = PyErr::new::<T, _>(message);
    // an attribute of a fresh exception instance cannot fail to be set;
    // if it ever did, the exception is still raised, without `.path`
    let _ = err.value(py).setattr("path", path);
    err
}

/// A malformed record as a [`ScenarioError`]: its message (`at PATH: …`) and path.
fn record_error(py: Python<'_>, e: RecordError) -> PyErr {
    error_at::<ScenarioError>(py, e.to_string(), &e.path)
}

/// A language code, or a `ValueError` naming the argument.
fn language(py: Python<'_>, code: &str) -> PyResult<Language> {
    arbitre::parse_language(code)
        .map_err(|e| error_at::<ArbitreError>(py, format!("lang: {e}"), "lang"))
}

/// A JSON value as Python objects (dicts, lists, str, int, float, bool, None).
fn to_python<'py>(py: Python<'py>, value: &impl serde::Serialize) -> PyResult<Bound<'py, PyAny>> {
    pythonize::pythonize(py, value).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// Python objects as a JSON value; `what` names the argument in the error.
fn from_python(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Value> {
    pythonize::depythonize(obj).map_err(|e| {
        PyTypeError::new_err(format!(
            "{what}: not a JSON value (dict, list, str, int, float, bool or None): {e}"
        ))
    })
}

/// The text of a scenario given as a path, a JSON text or a dict.
fn scenario_text(scenario: &Bound<'_, PyAny>) -> PyResult<String> {
    let py = scenario.py();
    if let Ok(text) = scenario.cast::<PyString>() {
        let text = text.to_cow()?;
        // a JSON object's text begins with `{`; anything else is a path
        if text.trim_start().starts_with('{') {
            return Ok(text.into_owned());
        }
    }
    if scenario.cast::<PyDict>().is_ok() {
        let value = from_python(scenario, "scenario")?;
        return serde_json::to_string(&value).map_err(|e| PyValueError::new_err(e.to_string()));
    }
    let os = py.import("os")?;
    let path: std::path::PathBuf = os
        .call_method1("fspath", (scenario,))?
        .extract()
        .map_err(|_| PyTypeError::new_err("scenario: expected a path, a JSON text or a dict"))?;
    std::fs::read_to_string(&path).map_err(|e| os_error(&e, &path))
}

/// An input/output error as Python's `OSError(errno, strerror, filename)`,
/// which Python turns into its subclass (`FileNotFoundError`, …).
fn os_error(e: &std::io::Error, path: &std::path::Path) -> PyErr {
    pyo3::exceptions::PyOSError::new_err((
        e.raw_os_error().unwrap_or(0),
        e.to_string(),
        path.display().to_string(),
    ))
}

/// Plays a scenario to its end and returns what `arbitre replay --json` prints.
#[pyfunction]
#[pyo3(signature = (scenario, lang = "en"))]
fn replay<'py>(scenario: &Bound<'py, PyAny>, lang: &str) -> PyResult<Bound<'py, PyAny>> {
    let py = scenario.py();
    let lang = language(py, lang)?;
    let text = scenario_text(scenario)?;
    let report = py
        .detach(|| {
            arbitre::scenario::parse(&text)
                .and_then(|s| arbitre::replay::play(&s))
                .map(|game| arbitre::replay::report(&game, lang))
        })
        .map_err(|e| record_error(py, e))?;
    to_python(py, &report)
}

/// `white`/`black` or python-chess's `chess.WHITE`/`chess.BLACK` (`True`/`False`).
fn side(obj: &Bound<'_, PyAny>) -> PyResult<shakmaty::Color> {
    if let Ok(white) = obj.cast::<pyo3::types::PyBool>() {
        return Ok(shakmaty::Color::from_white(white.is_true()));
    }
    let py = obj.py();
    let text: String = obj.extract().map_err(|_| {
        PyTypeError::new_err("side: expected \"white\", \"black\", chess.WHITE or chess.BLACK")
    })?;
    arbitre_record::setup::side(&text, "side")
        .map_err(|e| error_at::<ArbitreError>(py, e.to_string(), "side"))
}

/// A FEN, or the `.fen()` of an object (a `chess.Board`).
fn fen_of(position: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(text) = position.extract::<String>() {
        return Ok(text);
    }
    if position.hasattr("fen")? {
        return position.call_method0("fen")?.extract();
    }
    Err(PyTypeError::new_err(
        "position: expected a FEN or an object with a .fen() method (a chess.Board)",
    ))
}

/// Whether `side` can checkmate from `position` by some series of legal
/// moves: `True`, `False`, or `None` when the search is undecided within
/// `nodes` search nodes (or its own limits).
#[pyfunction]
#[pyo3(signature = (position, side, nodes = None))]
fn can_checkmate(
    position: &Bound<'_, PyAny>,
    side: &Bound<'_, PyAny>,
    nodes: Option<u64>,
) -> PyResult<Option<bool>> {
    let py = position.py();
    let color = self::side(side)?;
    if nodes == Some(0) {
        return Err(error_at::<ArbitreError>(
            py,
            "nodes: expected a positive number of nodes".into(),
            "nodes",
        ));
    }
    let fen = fen_of(position)?;
    let pos = arbitre::analyze::parse_fen(&fen).map_err(|e| {
        error_at::<FenError>(
            py,
            format!("{}: {}", arbitre::analyze::shown(&fen), e),
            "position",
        )
    })?;
    let (mate, _) = py.detach(|| arbitre_laws::dead::can_checkmate_within(&pos, color, nodes));
    Ok(match mate {
        Mate::Possible(_) => Some(true),
        Mate::Impossible => Some(false),
        Mate::Unknown => None,
    })
}

/// The module `arbitre._arbitre`, re-exported by the package `arbitre`.
#[pymodule]
fn _arbitre(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("ArbitreError", py.get_type::<ArbitreError>())?;
    m.add("ScenarioError", py.get_type::<ScenarioError>())?;
    m.add("FenError", py.get_type::<FenError>())?;
    m.add("PgnError", py.get_type::<PgnError>())?;
    m.add_function(wrap_pyfunction!(replay, m)?)?;
    m.add_function(wrap_pyfunction!(can_checkmate, m)?)?;
    m.add_function(wrap_pyfunction!(audit::audit, m)?)?;
    m.add_class::<audit::Audit>()?;
    m.add_class::<game::Game>()?;
    Ok(())
}
