//! What a game shows, as JSON: the report of `docs/SCENARIOS.md`
//! (`replay --json`, `restore`), and the live state a server answers with
//! (`docs/../shared/spec/API.md`, "The game's state": the report plus the
//! side to move, the clock that runs, the pending offer, what the arbiter
//! must rule on, the moves allowed now as chessground's destinations, and
//! the claims available to the side to move). Never the sealed move.

use std::collections::BTreeMap;

use arbitre_laws::{
    event::side_code,
    game::{AdjournmentPhase, SheetCache},
    outcome::State,
    Decision, Game, Instant, Language, Millis, Ruling,
};
use serde_json::{json, Map, Value};
use shakmaty::{fen::Fen, Color, EnPassantMode, Move, Position};

/// What an incorrect draw claim by `side` would cost now (9.5):
/// `{"taken", "bonus", "article"}`, times in seconds.
fn claim_penalty(game: &Game, side: Color) -> Value {
    let (taken, bonus, article) = game.claim_penalty(side);
    json!({"taken": seconds(taken), "bonus": seconds(bonus), "article": article})
}

fn seconds(ms: Millis) -> Value {
    json!((ms as f64) / 1000.0)
}

/// A moment as the seconds since the game began the report writes.
fn instant(t: Instant) -> Value {
    seconds(t.millis())
}

/// What A2 puts on the envelope, while the game is adjourned; never the sealed move.
fn envelope(game: &Game) -> Value {
    let Some(e) = game.envelope() else {
        return Value::Null;
    };
    json!({
        "players": {"white": e.players[0], "black": e.players[1]},
        "fen": Fen::from_position(&e.position, EnPassantMode::Legal).to_string(),
        "time_used": {"white": seconds(e.time_used[0]), "black": seconds(e.time_used[1])},
        "sealer": side_code(e.sealer),
        "move_number": e.move_number,
        "draw_offer": e.draw_offer.map(side_code),
        "resume_at": e.resume_at,
        "place": e.place,
    })
}

/// The output object of `docs/SCENARIOS.md`.
pub fn report(game: &Game, lang: Language) -> Value {
    report_with_sheet(game, lang, game.scoresheet())
}

fn report_with_sheet(game: &Game, lang: Language, scoresheet: Vec<String>) -> Value {
    let log: Vec<Value> = game
        .log()
        .iter()
        .map(|d| decision(d, lang, game.notation()))
        .collect();
    report_with(game, scoresheet, log)
}

/// The report from its scoresheet and its log, written already.
fn report_with(game: &Game, scoresheet: Vec<String>, log: Vec<Value>) -> Value {
    let outcome = game.outcome();
    let state: State = game.state();
    json!({
        "result": outcome.map_or("*", |o| o.result.code()),
        "termination": outcome.map(|o| o.termination.code()),
        "article": outcome.map(|o| o.article),
        "state": state.code(),
        "game_type": game.game_type().code(),
        "clocks": {
            "white": seconds(game.clock().remaining(Color::White)),
            "black": seconds(game.clock().remaining(Color::Black)),
        },
        "fen": Fen::from_position(game.position(), EnPassantMode::Legal).to_string(),
        "scoresheet": scoresheet,
        "envelope": envelope(game),
        "calls": calls(game),
        "log": log,
    })
}

/// The players' calls the arbiter has not answered, oldest first (an
/// extension): who called, when, and whether the clocks are stopped for it.
pub fn calls(game: &Game) -> Value {
    game.pending_calls()
        .iter()
        .map(|c| json!({"side": side_code(c.side), "t": instant(c.at), "clocks_stopped": c.clocks_stopped}))
        .collect()
}

/// One decision as the log shows it: `{"t", "event", "decision",
/// "article", "message"}`, the message in `lang`, the moves it names
/// (written in `written`'s letters: the game's notation) in `lang`'s.
pub fn decision(d: &Decision, lang: Language, written: Language) -> Value {
    json!({
        "t": instant(d.t),
        "event": d.event,
        "decision": d.note.decision().code(),
        "article": d.article,
        "message": arbitre_messages::render_in(&d.note, lang, written),
    })
}

/// Where an adjournment stands, as the live state shows it.
pub fn adjournment(a: AdjournmentPhase) -> Value {
    match a {
        AdjournmentPhase::AwaitingSeal { sealer } => {
            json!({"phase": "awaiting-seal", "sealer": side_code(sealer)})
        }
        AdjournmentPhase::Sealed { sealer } => {
            json!({"phase": "sealed", "sealer": side_code(sealer)})
        }
        AdjournmentPhase::Resumed { sealer, opened } => {
            json!({"phase": "resumed", "sealer": side_code(sealer), "opened": opened})
        }
    }
}

/// What the arbiter must rule on, as the live state shows it.
pub fn awaiting(what: Ruling) -> Value {
    match what {
        Ruling::Mate { side } => json!({"what": what.code(), "side": side_code(side)}),
        Ruling::QuickplayClaim { claimant } => {
            json!({"what": what.code(), "claimant": side_code(claimant)})
        }
        Ruling::QuickplayAtFlag { fallen, claimant } => json!({
            "what": what.code(),
            "fallen": side_code(fallen),
            "claimant": side_code(claimant),
        }),
        Ruling::QuickplayReferred { claimant } => {
            json!({"what": what.code(), "claimant": side_code(claimant)})
        }
        Ruling::OpenEnvelope { sealer } => {
            json!({"what": what.code(), "sealer": side_code(sealer)})
        }
    }
}

/// The articles of the game's edition that a page cites beside the actions
/// it offers (why one is not allowed now, what a claim rests on), by the
/// edition's own numbering.
fn articles(game: &Game) -> Value {
    let laws = game.laws();
    json!({
        "press": laws.clock_press,
        "offer": laws.draw_offer_breach,
        "resign": laws.resignation,
        "threefold": laws.threefold_intended,
        "fifty-moves": laws.fifty_intended,
        "flag": laws.flag_fall,
        "illegal-move": laws.illegal_moves.made,
        "quickplay": laws.quickplay.claim,
        "touch-move": laws.touching.touch_move,
        "seal": laws.adjournment.seal,
    })
}

/// The moves allowed now as chessground's `dests`: each from-square to its
/// destinations; castling both as the king's two-square step and as the
/// king onto the rook, as chessground accepts either.
pub fn dests(game: &Game) -> Map<String, Value> {
    let mut map: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for m in game.allowed_moves() {
        let from = m.from().map(|s| s.to_string()).unwrap_or_default();
        let mut to = vec![m.to().to_string()];
        if let Move::Castle { king, rook } = m {
            let side = if rook.file() > king.file() { 6 } else { 2 };
            to = vec![
                shakmaty::Square::from_coords(shakmaty::File::new(side), king.rank()).to_string(),
                rook.to_string(),
            ];
        }
        let entry = map.entry(from).or_default();
        for t in to {
            if !entry.contains(&t) {
                entry.push(t);
            }
        }
    }
    map.into_iter().map(|(k, v)| (k, Value::from(v))).collect()
}

/// The live state at arbiter time `now` (not before the game's own time):
/// the report, with the clocks as they show at `now`, and what a board or
/// a console needs to act.
pub fn live_state(game: &Game, now: Instant, lang: Language) -> Value {
    live_state_cached(game, now, lang, &mut StateCache::default())
}

/// What a live game's state has written already, so that each state
/// writes only what is new: the scoresheet's half-moves (each a SAN read
/// from its position) and the log's decisions (each a message rendered, in
/// one language: written again if it changes). A game's log only grows (a
/// reinstated position keeps it; a game read back from the store comes
/// with a new cache).
#[derive(Default)]
pub struct StateCache {
    sheet: SheetCache,
    log: Vec<Value>,
    log_in: Option<(Language, Language)>,
}

impl StateCache {
    /// The log's decisions, the new ones written.
    fn log(&mut self, game: &Game, lang: Language) -> Vec<Value> {
        let written = game.notation();
        let log = game.log();
        if self.log_in != Some((lang, written)) || self.log.len() > log.len() {
            self.log.clear();
            self.log_in = Some((lang, written));
        }
        for d in &log[self.log.len()..] {
            self.log.push(decision(d, lang, written));
        }
        self.log.clone()
    }
}

/// [`live_state`] with what `cache` has written already (a live game keeps
/// one: each state then writes only the new half-moves and decisions).
pub fn live_state_cached(
    game: &Game,
    now: Instant,
    lang: Language,
    cache: &mut StateCache,
) -> Value {
    let log = cache.log(game, lang);
    let mut state = report_with(game, game.scoresheet_cached(&mut cache.sheet), log);
    let clocks = game.remaining_at(now.max(game.now()));
    let running = (game.outcome().is_none()
        && !matches!(game.state(), State::AwaitingRuling { .. }))
    .then(|| game.clock().running())
    .flatten();
    let to_move = game.position().turn();
    // a move may be made on the board now
    let open = game.state() == State::Playing && game.started() && !game.interrupted();
    let extra = json!({
        "clocks": {"white": seconds(clocks.white), "black": seconds(clocks.black)},
        "to_move": side_code(to_move),
        "running": running.map(side_code),
        "offer": game.pending_offer().map(side_code),
        "unpressed": game.unpressed().map(side_code),
        "awaiting": match game.state() {
            State::AwaitingRuling { what } => awaiting(what),
            _ => Value::Null,
        },
        "dests": if open { Value::Object(dests(game)) } else { json!({}) },
        "claims": game.claims(to_move).into_iter().map(|k| k.code()).collect::<Vec<_>>(),
        "adjournment": game.adjournment().map(adjournment),
        "started": game.started(),
        "present": {"white": game.present().white, "black": game.present().black},
        "check": game.position().is_check(),
        "articles": articles(game),
        "claim_penalty": {
            "white": claim_penalty(game, Color::White),
            "black": claim_penalty(game, Color::Black),
        },
        "initial_fen": Fen::from_position(game.start(), EnPassantMode::Legal).to_string(),
        "uci": game
            .moves()
            .iter()
            .map(|m| m.to_uci(shakmaty::CastlingMode::Standard).to_string())
            .collect::<Vec<_>>(),
    });
    if let (Value::Object(s), Value::Object(e)) = (&mut state, extra) {
        for (k, v) in e {
            s.insert(k, v);
        }
    }
    state
}
