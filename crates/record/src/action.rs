//! An action as stored and transmitted: one key of `docs/SCENARIOS.md`'s
//! vocabulary (`"move": "Nf3"`, `"claim": "threefold"`, …), without the time
//! and the actor. This is also the body of `POST /api/games/{id}/events`.

use arbitre_laws::{
    clock::Millis,
    event::{Judgment, Sealed, Unrestorable},
    seal::{Commitment, Salt, SealedText},
    Action, ActionKind, Actor, ClaimKind, Edition, GameResult, Power,
};
use serde::Deserialize;
use serde_json::{json, Map, Value};
use shakmaty::{Color, Square};

use crate::{
    error::{err, from_value, RecordError},
    setup::{side, side_code, Sides},
    time::{millis, seconds_value, signed_millis},
};

/// One action, in the record's own terms: articles as the text cited,
/// times in milliseconds.
#[derive(Clone, Debug, PartialEq)]
pub enum ActionRecord {
    /// A move as written; `press`: the clock is pressed with it.
    Move {
        /// The move as written.
        text: String,
        /// Whether the clock is pressed at the same moment.
        press: bool,
        /// The network lag the player's client reports (ms; `"lag"` in
        /// seconds): compensated in online games that have lag compensation.
        lag: Option<Millis>,
    },
    /// The player presses the clock.
    Press,
    /// The player touches the piece on this square.
    Touch(Square),
    /// A draw offer.
    OfferDraw,
    /// The offer accepted.
    AcceptDraw,
    /// The offer declined.
    DeclineDraw,
    /// A claim, with the move written and declared but not played.
    Claim {
        /// What is claimed.
        kind: ClaimKind,
        /// The declared move (9.2a, 9.3b).
        intended: Option<String>,
    },
    /// Resignation.
    Resign,
    /// The move written for the envelope, or what a stored game keeps of it.
    Seal(SealRecord),
    /// The arbiter opens an envelope of which the game holds only the
    /// commitment: the move as written and the commitment's salt.
    Open {
        /// The move as written.
        text: String,
        /// The salt.
        salt: Salt,
    },
    /// The player is at the board.
    Arrive,
    /// The arbiter records this player at the board (`"arrive": "white"`:
    /// he is the judge of presence). An API request only: the server
    /// stores it as the player's own `arrive` (docs/SERVER.md).
    ArriveFor(Color),
    /// The arbiter adjourns the game.
    Adjourn {
        /// Date and time of resumption.
        resume_at: String,
        /// Place of resumption.
        place: String,
    },
    /// The time of resumption has come.
    Resume,
    /// The arbiter's judgment on a pending claim.
    Ruling(Judgment),
    /// The envelope cannot be found.
    EnvelopeLost,
    /// Something cannot be restored at resumption.
    Unrestorable(Unrestorable),
    /// The arbiter sets the remaining times.
    SetClocks {
        /// White's time.
        white: Millis,
        /// Black's time.
        black: Millis,
    },
    /// The game was restored incorrectly (1930 21.8).
    Misrestored,
    /// The arbiter starts the game; these players are absent.
    Start {
        /// Absent players.
        absent: Vec<Color>,
    },
    /// The arbiter stops both clocks.
    StopClocks,
    /// The arbiter restarts the clock that ran.
    RestartClocks,
    /// The arbiter adds or removes time, citing an article.
    AdjustTime {
        /// White's change.
        white: Millis,
        /// Black's change.
        black: Millis,
        /// The article, as the edition numbers it.
        article: String,
    },
    /// The arbiter declares a result, citing an article.
    DeclareResult {
        /// The result.
        result: GameResult,
        /// The article.
        article: String,
    },
    /// The player calls the arbiter (`"call_arbiter": true`).
    CallArbiter,
    /// The arbiter answers the pending calls (`"answer_call": true`), or
    /// one player's (`"answer_call": {"side": "white"}`).
    AnswerCall(Option<Color>),
}

/// A sealed move as a record holds it.
#[derive(Clone, Debug, PartialEq)]
pub enum SealRecord {
    /// `"seal": "Nf3"`: the move as written (a scenario file, a request
    /// from the player's seat). A stored game never keeps this form.
    Text(SealedText),
    /// `"seal": {"commitment": "…", "envelope": {…}}`: what a stored game
    /// keeps: the commitment to the move, and the envelope encrypted to the
    /// arbiter's public key (`arbitre-envelope`), if there is one.
    Committed {
        /// The commitment.
        commitment: Commitment,
        /// The sealed envelope's JSON, kept as it is.
        envelope: Option<Value>,
    },
}

/// `seal` as written: the move, or the commitment and the envelope.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum RawSeal {
    Text(String),
    Committed(RawCommitted),
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCommitted {
    commitment: String,
    #[serde(default)]
    envelope: Option<Value>,
}

/// `open`: the move and the salt.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawOpen {
    #[serde(rename = "move")]
    mv: String,
    salt: String,
}

/// `adjourn` details.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAdjourn {
    resume_at: String,
    place: String,
}

/// `start`: `true`, or the players absent at the start.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum RawStart {
    Flag(bool),
    Absent(RawAbsent),
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAbsent {
    absent: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAdjust {
    white: Option<f64>,
    black: Option<f64>,
    article: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDeclare {
    result: String,
    article: String,
}

/// An action as written: every key optional, exactly one action checked after.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAction {
    #[serde(rename = "move")]
    mv: Option<String>,
    press: Option<bool>,
    lag: Option<f64>,
    touch: Option<String>,
    offer_draw: Option<bool>,
    accept_draw: Option<bool>,
    decline_draw: Option<bool>,
    claim: Option<String>,
    intended: Option<String>,
    resign: Option<bool>,
    seal: Option<RawSeal>,
    open: Option<RawOpen>,
    arrive: Option<RawArrive>,
    adjourn: Option<RawAdjourn>,
    resume: Option<bool>,
    ruling: Option<String>,
    envelope_lost: Option<bool>,
    unrestorable: Option<String>,
    set_clocks: Option<Sides<f64>>,
    misrestored: Option<bool>,
    start: Option<RawStart>,
    stop_clocks: Option<bool>,
    restart_clocks: Option<bool>,
    adjust_time: Option<RawAdjust>,
    declare_result: Option<RawDeclare>,
    call_arbiter: Option<bool>,
    answer_call: Option<RawAnswer>,
}

/// `"answer_call": true` (every pending call) or `{"side": "white"}`.
#[derive(Debug, Deserialize)]
#[serde(
    untagged,
    expecting = "true, or {\"side\": \"white\"} (the call of that player)"
)]
enum RawAnswer {
    Flag(bool),
    Side { side: String },
}

/// `"arrive": true` (a player for himself) or `"arrive": "white"` (the
/// arbiter records that player present).
#[derive(Debug, Deserialize)]
#[serde(
    untagged,
    expecting = "true, or the side the arbiter records present (\"white\" or \"black\")"
)]
enum RawArrive {
    Flag(bool),
    Side(String),
}

fn flag(value: bool, path: &str) -> Result<(), RecordError> {
    if value {
        Ok(())
    } else {
        Err(err(path, "expected true (leave the key out otherwise)"))
    }
}

fn codes<T: Copy>(all: &[T], code: impl Fn(T) -> &'static str) -> String {
    all.iter().map(|&x| code(x)).collect::<Vec<_>>().join(", ")
}

/// The arbiter's `"arrive": "white"` as the arrival of that player (he is
/// the judge of presence), a player's `"arrive": "<his side>"` as his own
/// `arrive`; `Err(())` for a player reporting the other side. Any other
/// action comes back as it is.
#[allow(clippy::result_unit_err)]
pub fn presence(by: Actor, action: ActionRecord) -> Result<(Actor, ActionRecord), ()> {
    match (by, action) {
        (Actor::Arbiter, ActionRecord::ArriveFor(c)) => {
            Ok((Actor::Player(c), ActionRecord::Arrive))
        }
        (Actor::Player(p), ActionRecord::ArriveFor(c)) if p == c => Ok((by, ActionRecord::Arrive)),
        (Actor::Player(_), ActionRecord::ArriveFor(_)) => Err(()),
        (by, action) => Ok((by, action)),
    }
}

impl ActionRecord {
    /// Its kind.
    pub fn kind(&self) -> ActionKind {
        match self {
            ActionRecord::Move { .. } => ActionKind::Move,
            ActionRecord::Press => ActionKind::Press,
            ActionRecord::Touch(_) => ActionKind::Touch,
            ActionRecord::OfferDraw => ActionKind::OfferDraw,
            ActionRecord::AcceptDraw => ActionKind::AcceptDraw,
            ActionRecord::DeclineDraw => ActionKind::DeclineDraw,
            ActionRecord::Claim { .. } => ActionKind::Claim,
            ActionRecord::Resign => ActionKind::Resign,
            ActionRecord::Seal(_) => ActionKind::Seal,
            ActionRecord::Open { .. } => ActionKind::Open,
            ActionRecord::Arrive | ActionRecord::ArriveFor(_) => ActionKind::Arrive,
            ActionRecord::Adjourn { .. } => ActionKind::Adjourn,
            ActionRecord::Resume => ActionKind::Resume,
            ActionRecord::Ruling(_) => ActionKind::Ruling,
            ActionRecord::EnvelopeLost => ActionKind::EnvelopeLost,
            ActionRecord::Unrestorable(_) => ActionKind::Unrestorable,
            ActionRecord::SetClocks { .. } => ActionKind::SetClocks,
            ActionRecord::Misrestored => ActionKind::Misrestored,
            ActionRecord::Start { .. } => ActionKind::Start,
            ActionRecord::StopClocks => ActionKind::StopClocks,
            ActionRecord::RestartClocks => ActionKind::RestartClocks,
            ActionRecord::AdjustTime { .. } => ActionKind::AdjustTime,
            ActionRecord::DeclareResult { .. } => ActionKind::DeclareResult,
            ActionRecord::CallArbiter => ActionKind::CallArbiter,
            ActionRecord::AnswerCall(_) => ActionKind::AnswerCall,
        }
    }

    /// Reads the action keys of a JSON object (the other keys of an event
    /// already taken out); errors name the path inside the object.
    pub fn from_map(map: Map<String, Value>) -> Result<ActionRecord, RecordError> {
        let raw: RawAction = from_value(Value::Object(map))?;
        let mut actions: Vec<ActionRecord> = Vec::new();
        let lag = match raw.lag {
            Some(_) if raw.mv.is_none() => {
                return Err(err("lag", "a lag is reported only with a move"));
            }
            Some(s) => Some(millis(s, "lag")?),
            None => None,
        };
        if let Some(text) = raw.mv {
            actions.push(ActionRecord::Move {
                text,
                press: raw.press.unwrap_or(true),
                lag,
            });
        } else if let Some(press) = raw.press {
            flag(press, "press")?;
            actions.push(ActionRecord::Press);
        }
        if let Some(sq) = raw.touch {
            let square: Square = sq.parse().map_err(|_| {
                err(
                    "touch",
                    format!("expected a square such as \"g1\", found {sq:?}"),
                )
            })?;
            actions.push(ActionRecord::Touch(square));
        }
        for (value, key, action) in [
            (raw.offer_draw, "offer_draw", ActionRecord::OfferDraw),
            (raw.accept_draw, "accept_draw", ActionRecord::AcceptDraw),
            (raw.decline_draw, "decline_draw", ActionRecord::DeclineDraw),
        ] {
            if let Some(v) = value {
                flag(v, key)?;
                actions.push(action);
            }
        }
        if let Some(kind) = raw.claim {
            let kind = ClaimKind::from_code(&kind).ok_or_else(|| {
                err(
                    "claim",
                    format!(
                        "expected one of {}, found {kind:?}",
                        codes(&ClaimKind::ALL, ClaimKind::code)
                    ),
                )
            })?;
            if raw.intended.is_some()
                && !matches!(kind, ClaimKind::Threefold | ClaimKind::FiftyMoves)
            {
                return Err(err(
                    "intended",
                    "an intended move goes only with a threefold or fifty-moves claim",
                ));
            }
            actions.push(ActionRecord::Claim {
                kind,
                intended: raw.intended,
            });
        } else if raw.intended.is_some() {
            return Err(err("intended", "an intended move goes only with a claim"));
        }
        if let Some(v) = raw.resign {
            flag(v, "resign")?;
            actions.push(ActionRecord::Resign);
        }
        match raw.seal {
            Some(RawSeal::Text(text)) => {
                actions.push(ActionRecord::Seal(SealRecord::Text(SealedText(text))))
            }
            Some(RawSeal::Committed(c)) => {
                let commitment = Commitment::from_hex(&c.commitment).ok_or_else(|| {
                    err(
                        "seal.commitment",
                        "expected 64 hexadecimal digits (a SHA-256 commitment)",
                    )
                })?;
                actions.push(ActionRecord::Seal(SealRecord::Committed {
                    commitment,
                    envelope: c.envelope,
                }));
            }
            None => {}
        }
        if let Some(o) = raw.open {
            let salt = Salt::from_hex(&o.salt)
                .ok_or_else(|| err("open.salt", "expected 64 hexadecimal digits (the salt)"))?;
            actions.push(ActionRecord::Open { text: o.mv, salt });
        }
        match raw.arrive {
            Some(RawArrive::Flag(v)) => {
                flag(v, "arrive")?;
                actions.push(ActionRecord::Arrive);
            }
            Some(RawArrive::Side(s)) => actions.push(ActionRecord::ArriveFor(side(&s, "arrive")?)),
            None => {}
        }
        if let Some(a) = raw.adjourn {
            actions.push(ActionRecord::Adjourn {
                resume_at: a.resume_at,
                place: a.place,
            });
        }
        if let Some(v) = raw.resume {
            flag(v, "resume")?;
            actions.push(ActionRecord::Resume);
        }
        if let Some(r) = raw.ruling {
            let j = Judgment::from_code(&r).ok_or_else(|| {
                err(
                    "ruling",
                    format!(
                        "expected one of {}, found {r:?}",
                        codes(&Judgment::ALL, Judgment::code)
                    ),
                )
            })?;
            actions.push(ActionRecord::Ruling(j));
        }
        if let Some(v) = raw.envelope_lost {
            flag(v, "envelope_lost")?;
            actions.push(ActionRecord::EnvelopeLost);
        }
        if let Some(u) = raw.unrestorable {
            let what = Unrestorable::from_code(&u).ok_or_else(|| {
                err(
                    "unrestorable",
                    format!(
                        "expected one of {}, found {u:?}",
                        codes(&Unrestorable::ALL, Unrestorable::code)
                    ),
                )
            })?;
            actions.push(ActionRecord::Unrestorable(what));
        }
        if let Some(c) = raw.set_clocks {
            actions.push(ActionRecord::SetClocks {
                white: millis(c.white, "set_clocks.white")?,
                black: millis(c.black, "set_clocks.black")?,
            });
        }
        if let Some(v) = raw.misrestored {
            flag(v, "misrestored")?;
            actions.push(ActionRecord::Misrestored);
        }
        if let Some(s) = raw.start {
            let absent = match s {
                RawStart::Flag(v) => {
                    flag(v, "start")?;
                    Vec::new()
                }
                RawStart::Absent(a) => a
                    .absent
                    .iter()
                    .enumerate()
                    .map(|(k, c)| side(c, &format!("start.absent[{k}]")))
                    .collect::<Result<Vec<_>, _>>()?,
            };
            actions.push(ActionRecord::Start { absent });
        }
        if let Some(v) = raw.stop_clocks {
            flag(v, "stop_clocks")?;
            actions.push(ActionRecord::StopClocks);
        }
        if let Some(v) = raw.restart_clocks {
            flag(v, "restart_clocks")?;
            actions.push(ActionRecord::RestartClocks);
        }
        if let Some(a) = raw.adjust_time {
            if a.white.is_none() && a.black.is_none() {
                return Err(err(
                    "adjust_time",
                    "expected `white` or `black` seconds (or both)",
                ));
            }
            actions.push(ActionRecord::AdjustTime {
                white: signed_millis(a.white.unwrap_or(0.0), "adjust_time.white")?,
                black: signed_millis(a.black.unwrap_or(0.0), "adjust_time.black")?,
                article: a.article,
            });
        }
        if let Some(d) = raw.declare_result {
            let result = GameResult::from_code(&d.result).ok_or_else(|| {
                err(
                    "declare_result.result",
                    format!(
                        "expected one of {}, found {:?}",
                        codes(&GameResult::ALL, GameResult::code),
                        d.result
                    ),
                )
            })?;
            actions.push(ActionRecord::DeclareResult {
                result,
                article: d.article,
            });
        }
        if let Some(v) = raw.call_arbiter {
            flag(v, "call_arbiter")?;
            actions.push(ActionRecord::CallArbiter);
        }
        match raw.answer_call {
            Some(RawAnswer::Flag(v)) => {
                flag(v, "answer_call")?;
                actions.push(ActionRecord::AnswerCall(None));
            }
            Some(RawAnswer::Side { side: s }) => actions.push(ActionRecord::AnswerCall(Some(
                side(&s, "answer_call.side")?,
            ))),
            None => {}
        }
        if actions.len() != 1 {
            let found: Vec<&str> = actions.iter().map(|a| a.kind().code()).collect();
            return Err(err(
                "",
                format!(
                    "expected exactly one action ({}), found {}",
                    codes(&ActionKind::ALL, ActionKind::code),
                    if found.is_empty() {
                        "none".into()
                    } else {
                        found.join(", ")
                    }
                ),
            ));
        }
        Ok(actions.remove(0))
    }

    /// Writes the action's keys into `map`.
    pub fn write(&self, map: &mut Map<String, Value>) {
        let key = self.kind().code().to_owned();
        let value = match self {
            ActionRecord::Move { text, press, lag } => {
                if !press {
                    map.insert("press".into(), Value::Bool(false));
                }
                if let Some(ms) = lag {
                    map.insert("lag".into(), seconds_value(*ms));
                }
                Value::String(text.clone())
            }
            ActionRecord::Touch(sq) => Value::String(sq.to_string()),
            ActionRecord::Claim { kind, intended } => {
                if let Some(m) = intended {
                    map.insert("intended".into(), Value::String(m.clone()));
                }
                Value::String(kind.code().into())
            }
            ActionRecord::Seal(SealRecord::Text(text)) => Value::String(text.0.clone()),
            ActionRecord::Seal(SealRecord::Committed {
                commitment,
                envelope,
            }) => {
                let mut seal = Map::new();
                seal.insert("commitment".into(), Value::String(commitment.to_hex()));
                if let Some(e) = envelope {
                    seal.insert("envelope".into(), e.clone());
                }
                Value::Object(seal)
            }
            ActionRecord::Open { text, salt } => json!({"move": text, "salt": salt.to_hex()}),
            ActionRecord::Adjourn { resume_at, place } => {
                json!({"resume_at": resume_at, "place": place})
            }
            ActionRecord::ArriveFor(c) => Value::String(side_code(*c).into()),
            ActionRecord::Ruling(j) => Value::String(j.code().into()),
            ActionRecord::Unrestorable(u) => Value::String(u.code().into()),
            ActionRecord::SetClocks { white, black } => {
                json!({"white": seconds_value(*white), "black": seconds_value(*black)})
            }
            ActionRecord::Start { absent } if !absent.is_empty() => {
                json!({"absent": absent.iter().map(|&c| side_code(c)).collect::<Vec<_>>()})
            }
            ActionRecord::AdjustTime {
                white,
                black,
                article,
            } => {
                json!({"white": seconds_value(*white), "black": seconds_value(*black), "article": article})
            }
            ActionRecord::DeclareResult { result, article } => {
                json!({"result": result.code(), "article": article})
            }
            ActionRecord::AnswerCall(Some(c)) => json!({"side": side_code(*c)}),
            ActionRecord::Press
            | ActionRecord::OfferDraw
            | ActionRecord::AcceptDraw
            | ActionRecord::DeclineDraw
            | ActionRecord::Resign
            | ActionRecord::Arrive
            | ActionRecord::Resume
            | ActionRecord::EnvelopeLost
            | ActionRecord::Misrestored
            | ActionRecord::Start { .. }
            | ActionRecord::StopClocks
            | ActionRecord::RestartClocks
            | ActionRecord::CallArbiter
            | ActionRecord::AnswerCall(None) => Value::Bool(true),
        };
        map.insert(key, value);
    }

    /// The action as a JSON object.
    pub fn to_json(&self) -> Value {
        let mut map = Map::new();
        self.write(&mut map);
        Value::Object(map)
    }

    /// The engine's action under `laws`: an article cited must be one the
    /// edition lets the arbiter cite. Errors name the path inside the action.
    pub fn to_action(&self, laws: &Edition) -> Result<Action, RecordError> {
        let cited = |text: &str, path: &str, wanted: Power| {
            laws.cited_article(text, wanted).map_err(|refused| {
                let what = match wanted {
                    Power::Result => "declare a result",
                    Power::Time | Power::Both => "add or remove time",
                };
                let other = if refused.exists {
                    " (it is one for the other ruling)"
                } else {
                    ""
                };
                err(
                    path,
                    format!(
                        "{text:?} is not an article of {} under which the arbiter may {what}{other}; the nearest that are: {}",
                        laws.code,
                        refused.nearest.join(", ")
                    ),
                )
            })
        };
        Ok(match self {
            ActionRecord::Move { text, press, lag } => Action::Move {
                text: text.clone(),
                press: *press,
                lag: *lag,
            },
            ActionRecord::Press => Action::Press,
            ActionRecord::Touch(sq) => Action::Touch(*sq),
            ActionRecord::OfferDraw => Action::OfferDraw,
            ActionRecord::AcceptDraw => Action::AcceptDraw,
            ActionRecord::DeclineDraw => Action::DeclineDraw,
            ActionRecord::Claim { kind, intended } => Action::Claim {
                kind: *kind,
                intended: intended.clone(),
            },
            ActionRecord::Resign => Action::Resign,
            ActionRecord::Seal(SealRecord::Text(text)) => Action::Seal(Sealed::Text(text.clone())),
            ActionRecord::Seal(SealRecord::Committed { commitment, .. }) => {
                Action::Seal(Sealed::Committed(*commitment))
            }
            ActionRecord::Open { text, salt } => Action::Open {
                text: text.clone(),
                salt: salt.clone(),
            },
            ActionRecord::Arrive | ActionRecord::ArriveFor(_) => Action::Arrive,
            ActionRecord::Adjourn { resume_at, place } => Action::Adjourn {
                resume_at: resume_at.clone(),
                place: place.clone(),
            },
            ActionRecord::Resume => Action::Resume,
            ActionRecord::Ruling(j) => Action::Ruling(*j),
            ActionRecord::EnvelopeLost => Action::EnvelopeLost,
            ActionRecord::Unrestorable(u) => Action::Unrestorable(*u),
            ActionRecord::SetClocks { white, black } => Action::SetClocks {
                white: *white,
                black: *black,
            },
            ActionRecord::Misrestored => Action::Misrestored,
            ActionRecord::Start { absent } => Action::Start {
                absent: absent.clone(),
            },
            ActionRecord::StopClocks => Action::StopClocks,
            ActionRecord::RestartClocks => Action::RestartClocks,
            ActionRecord::AdjustTime {
                white,
                black,
                article,
            } => Action::AdjustTime {
                white: *white,
                black: *black,
                article: cited(article, "adjust_time.article", Power::Time)?,
            },
            ActionRecord::DeclareResult { result, article } => Action::DeclareResult {
                result: *result,
                article: cited(article, "declare_result.article", Power::Result)?,
            },
            ActionRecord::CallArbiter => Action::CallArbiter,
            ActionRecord::AnswerCall(side) => Action::AnswerCall(*side),
        })
    }

    /// The record of an engine action.
    pub fn from_action(action: &Action) -> ActionRecord {
        match action {
            Action::Move { text, press, lag } => ActionRecord::Move {
                text: text.clone(),
                press: *press,
                lag: *lag,
            },
            Action::Press => ActionRecord::Press,
            Action::Touch(sq) => ActionRecord::Touch(*sq),
            Action::OfferDraw => ActionRecord::OfferDraw,
            Action::AcceptDraw => ActionRecord::AcceptDraw,
            Action::DeclineDraw => ActionRecord::DeclineDraw,
            Action::Claim { kind, intended } => ActionRecord::Claim {
                kind: *kind,
                intended: intended.clone(),
            },
            Action::Resign => ActionRecord::Resign,
            Action::Seal(Sealed::Text(text)) => ActionRecord::Seal(SealRecord::Text(text.clone())),
            Action::Seal(Sealed::Committed(commitment)) => {
                ActionRecord::Seal(SealRecord::Committed {
                    commitment: *commitment,
                    envelope: None,
                })
            }
            Action::Open { text, salt } => ActionRecord::Open {
                text: text.clone(),
                salt: salt.clone(),
            },
            Action::Arrive => ActionRecord::Arrive,
            Action::Adjourn { resume_at, place } => ActionRecord::Adjourn {
                resume_at: resume_at.clone(),
                place: place.clone(),
            },
            Action::Resume => ActionRecord::Resume,
            Action::Ruling(j) => ActionRecord::Ruling(*j),
            Action::EnvelopeLost => ActionRecord::EnvelopeLost,
            Action::Unrestorable(u) => ActionRecord::Unrestorable(*u),
            Action::SetClocks { white, black } => ActionRecord::SetClocks {
                white: *white,
                black: *black,
            },
            Action::Misrestored => ActionRecord::Misrestored,
            Action::Start { absent } => ActionRecord::Start {
                absent: absent.clone(),
            },
            Action::StopClocks => ActionRecord::StopClocks,
            Action::RestartClocks => ActionRecord::RestartClocks,
            Action::AdjustTime {
                white,
                black,
                article,
            } => ActionRecord::AdjustTime {
                white: *white,
                black: *black,
                article: (*article).to_owned(),
            },
            Action::DeclareResult { result, article } => ActionRecord::DeclareResult {
                result: *result,
                article: (*article).to_owned(),
            },
            Action::CallArbiter => ActionRecord::CallArbiter,
            Action::AnswerCall(side) => ActionRecord::AnswerCall(*side),
        }
    }
}
