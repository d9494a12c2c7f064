//! `arbitre.Game`: one game played event by event through the engine, as a
//! scenario file's events are (`arbitre_record`'s setup and event records,
//! `Game::apply`), its state in the shape of `replay --json`.

use pyo3::{prelude::*, types::PyDict};
use serde_json::{json, Map, Value};
use shakmaty::{fen::Fen, CastlingMode, EnPassantMode, Position};

use arbitre_laws::{event::side_code, Applied, Instant, Language};
use arbitre_record::{
    error::from_value, setup::setup_error, time::instant, EventRecord, SetupRecord,
};

use crate::{error_at, from_python, language, record_error, to_python, ScenarioError};

/// A game under the Laws of one edition, played event by event.
#[pyclass(module = "arbitre")]
pub struct Game {
    game: arbitre_laws::Game,
    lang: Language,
}

/// What one step did: `{"seq", "accepted", "decisions"}`, each decision as
/// the log shows it.
fn applied(
    py: Python<'_>,
    game: &arbitre_laws::Game,
    a: &Applied,
    lang: Language,
) -> PyResult<Py<PyAny>> {
    let decisions: Vec<Value> = a
        .decisions
        .iter()
        .map(|d| arbitre_record::view::decision(d, lang, game.notation()))
        .collect();
    let out = json!({"seq": a.seq, "accepted": a.accepted(), "decisions": decisions});
    Ok(to_python(py, &out)?.unbind())
}

#[pymethods]
impl Game {
    /// A new game: `edition` and `time_control` as in a scenario file, and
    /// any other setup key of one (`start`, `history`, `game_type`,
    /// `players`, `notation`, `odds`, `regulations`, `session_end`,
    /// `clocks`, `name`, `lag_compensation`) as a keyword.
    /// `arbiter_starts=True`: no clock runs until the arbiter's `start`
    /// event (as in a scenario file that has one). `lang`: the language of
    /// the decisions' messages.
    #[new]
    #[pyo3(signature = (edition = "fide-2023", time_control = "-", *, arbiter_starts = false, lang = "en", **setup))]
    fn new(
        py: Python<'_>,
        edition: &str,
        time_control: &str,
        arbiter_starts: bool,
        lang: &str,
        setup: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Game> {
        let lang = language(py, lang)?;
        let mut map = match setup {
            Some(kw) => match from_python(kw.as_any(), "setup")? {
                Value::Object(map) => map,
                _ => Map::new(),
            },
            None => Map::new(),
        };
        map.insert("edition".into(), edition.into());
        map.insert("time_control".into(), time_control.into());
        let record: SetupRecord =
            from_value(Value::Object(map)).map_err(|e| record_error(py, e))?;
        let setup = record
            .to_setup(arbiter_starts)
            .map_err(|e| record_error(py, e))?;
        let game = arbitre_laws::Game::new(setup).map_err(|e| record_error(py, setup_error(e)))?;
        Ok(Game { game, lang })
    }

    /// Applies one event of the scenario vocabulary, with its `t` (seconds
    /// on the arbiter's clock, not before the game's time) and `by`
    /// (`white`, `black`, `arbiter`). Returns `{"seq", "accepted",
    /// "decisions": [{"decision", "article", "message", "t", "event"}, …]}`;
    /// an event the Laws refuse is not an error (`accepted` is `False`, the
    /// refusal among the decisions). A malformed event raises ScenarioError.
    fn apply(&mut self, py: Python<'_>, event: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let value = from_python(event, "event")?;
        let record = EventRecord::from_json(value).map_err(|e| record_error(py, e))?;
        let event = record
            .to_event(self.game.laws())
            .map_err(|e| record_error(py, e))?;
        if event.t < self.game.now() {
            let said = format!(
                "at t: expected a time not before the game's ({} s), found {} s",
                arbitre_record::time::instant_seconds(self.game.now()),
                arbitre_record::time::instant_seconds(event.t)
            );
            return Err(error_at::<ScenarioError>(py, said, "t"));
        }
        let a = self.game.apply(&event);
        applied(py, &self.game, &a, self.lang)
    }

    /// Lets time run to `t` (seconds on the arbiter's clock): a flag may
    /// fall, a lateness limit pass. Returns what `apply` returns (`seq` is
    /// `None`).
    fn advance(&mut self, py: Python<'_>, t: f64) -> PyResult<Py<PyAny>> {
        let t: Instant = instant(t, "t").map_err(|e| record_error(py, e))?;
        let a = self.game.advance(t);
        applied(py, &self.game, &a, self.lang)
    }

    /// The game as `arbitre replay --json` reports it: result, termination,
    /// article, state, game type, clocks, FEN, scoresheet, envelope, log.
    fn state<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, &arbitre_record::view::report(&self.game, self.lang))
    }

    /// The live state a server answers with: the report, plus the side to
    /// move, the running clock, the pending offer, the claims, the moves
    /// allowed (chessground's `dests`), the initial FEN and the moves in UCI.
    fn live<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let state = arbitre_record::view::live_state(&self.game, self.game.now(), self.lang);
        to_python(py, &state)
    }

    /// A `chess.Board` (python-chess) at the initial position with the
    /// game's moves pushed (so that its repetition and move stack match);
    /// ImportError without python-chess.
    fn board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let chess = py.import("chess")?;
        let initial = Fen::from_position(self.game.start(), EnPassantMode::Legal).to_string();
        let board = chess.getattr("Board")?.call1((initial,))?;
        let from_uci = chess.getattr("Move")?.getattr("from_uci")?;
        for m in self.game.moves() {
            let uci = m.to_uci(CastlingMode::Standard).to_string();
            board.call_method1("push", (from_uci.call1((uci,))?,))?;
        }
        Ok(board)
    }

    /// The position's FEN.
    #[getter]
    fn fen(&self) -> String {
        Fen::from_position(self.game.position(), EnPassantMode::Legal).to_string()
    }

    /// `"white"` or `"black"`: the side to move.
    #[getter]
    fn to_move(&self) -> &'static str {
        side_code(self.game.position().turn())
    }

    /// `1-0`, `0-1`, `1/2-1/2`, `*` (going on), or another result code.
    #[getter]
    fn result(&self) -> &'static str {
        self.game.outcome().map_or("*", |o| o.result.code())
    }

    /// How the game ended (`checkmate`, `time-forfeit`, …), `None` while it goes on.
    #[getter]
    fn termination(&self) -> Option<&'static str> {
        self.game.outcome().map(|o| o.termination.code())
    }

    /// `playing`, `adjourned`, `awaiting-ruling` or `finished`.
    #[getter]
    fn status(&self) -> &'static str {
        self.game.state().code()
    }

    /// The moves the side to move may make now, in UCI (touch-move and the
    /// move owed respected; empty when no move may be made).
    #[getter]
    fn legal_moves(&self) -> Vec<String> {
        self.game
            .allowed_moves()
            .iter()
            .map(|m| m.to_uci(CastlingMode::Standard).to_string())
            .collect()
    }

    /// The claims the side to move could make now (`threefold`, `fifty-moves`, `flag`, …).
    #[getter]
    fn claims(&self) -> Vec<&'static str> {
        self.game
            .claims(self.game.position().turn())
            .into_iter()
            .map(|k| k.code())
            .collect()
    }

    /// The game's time: seconds on the arbiter's clock.
    #[getter]
    fn now(&self) -> f64 {
        arbitre_record::time::instant_seconds(self.game.now())
    }

    /// The edition's code (`fide-2023`, …).
    #[getter]
    fn edition(&self) -> &'static str {
        self.game.laws().code
    }

    fn __repr__(&self) -> String {
        format!(
            "<arbitre.Game {} {} {} to move, {}>",
            self.game.laws().code,
            self.fen(),
            self.to_move(),
            self.result()
        )
    }
}
