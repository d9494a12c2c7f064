//! A subset of lichess's Board API at its own paths, so that the e-board
//! bridges written for lichess (its DGT page, Certabo's and others) can
//! drive a seat of an arbitre game when pointed at this server with the
//! seat's token (`docs/SERVER.md`, "E-boards: lichess's Board API"):
//!
//! - `GET /api/board/game/stream/{id}`: NDJSON, `gameFull` first, then a
//!   `gameState` after every committed event (`moves` in UCI, `wtime`,
//!   `btime`, `winc`, `binc` in ms, `status`, `winner`, `wdraw`, `bdraw`); an
//!   empty line every 7 s when idle; the stream ends after the game does;
//! - `POST /api/board/game/{id}/move/{uci}`, `…/resign`, `…/draw/{yes|no}`:
//!   `{"ok": true}`, or `400 {"error": …}` with the decision's message when
//!   the Laws refuse it;
//! - `GET /api/stream/event`: the seat's game, `gameStart` once it is
//!   started, `gameFinish` once it is over.
//!
//! What the Board API cannot say (an article, a sequence number, a decision
//! of the arbiter) is on the game's own stream (`stream.rs`), the rich one.
//! A move sent here is a move made on the board and the clock pressed: the
//! same events as over HTTP, the same Laws, the same lag compensation
//! (none reported: a board's lag is not measured).

use std::{convert::Infallible, sync::Arc};

use arbitre_laws::{Actor, Game, GameResult, Termination};
use arbitre_record::request::EventRequest;
use axum::{
    body::Body,
    extract::{Path, State},
    http::{header, HeaderMap, StatusCode},
    response::{IntoResponse, Response},
    Json,
};
use serde_json::{json, Value};
use shakmaty::{fen::Fen, CastlingMode, Chess, Color, EnPassantMode, Position};
use tokio::sync::{broadcast::error::RecvError, mpsc};

use crate::{app::App, error::ApiError, owner::Command, stream::PING};

/// What the Board API shows of a game, computed by its owner.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardView {
    /// The moves from the start position, in UCI, separated by spaces.
    pub moves: String,
    /// Remaining times (ms).
    pub wtime: i64,
    /// Black's.
    pub btime: i64,
    /// Increments of the current period (ms).
    pub winc: i64,
    /// Black's.
    pub binc: i64,
    /// lichess's status.
    pub status: &'static str,
    /// The winner, if the game has one.
    pub winner: Option<&'static str>,
    /// A draw offer by White is pending.
    pub wdraw: bool,
    /// By Black.
    pub bdraw: bool,
    /// `startpos`, or the FEN the game started from.
    pub initial_fen: String,
    /// The position now.
    pub fen: String,
    /// The players' names.
    pub names: [Option<String>; 2],
    /// The first period's time and increment (ms).
    pub clock: (i64, i64),
    /// `ultraBullet`…`classical`, `correspondence` with no clock.
    pub speed: &'static str,
    /// Who has the move.
    pub turn: Color,
    /// The game has started (its clock runs, or ran).
    pub started: bool,
    /// The game is over.
    pub finished: bool,
    /// The last move, in UCI.
    pub last_move: Option<String>,
}

impl BoardView {
    /// The view of `game` at its instant `now`.
    pub fn of(game: &Game, now: arbitre_laws::Instant) -> BoardView {
        let mut pos: Chess = game.start().clone();
        let mut uci = Vec::with_capacity(game.moves().len());
        for m in game.moves() {
            uci.push(m.to_uci(CastlingMode::Standard).to_string());
            // an illegal move left standing (2005 B6) cannot be played on:
            // the list stops at what a board can follow
            if pos.is_legal(*m) {
                pos.play_unchecked(*m);
            }
        }
        let clocks = game.remaining_at(now.max(game.now()));
        let control = game.clock().control();
        let period = |side: Color| {
            let n = game.clock().moves(side).saturating_add(1);
            control
                .periods()
                .get(control.period_of_move(n))
                .map_or(0, |p| p.increment)
        };
        let first = control
            .periods()
            .first()
            .map_or((0, 0), |p| (p.base, p.increment));
        let offer = game.pending_offer();
        let start_fen = Fen::from_position(game.start(), EnPassantMode::Legal).to_string();
        let initial_fen =
            if *game.start() == Chess::default() && game.start().fullmoves().get() == 1 {
                "startpos".to_owned()
            } else {
                start_fen
            };
        let outcome = game.outcome();
        let status = match outcome {
            None if !game.started() => "created",
            None => "started",
            Some(o) => status(o.termination),
        };
        let winner = outcome.and_then(|o| match o.result {
            GameResult::WhiteWins | GameResult::WhiteByForfeit => Some("white"),
            GameResult::BlackWins | GameResult::BlackByForfeit => Some("black"),
            _ => None,
        });
        let players = game.players();
        BoardView {
            moves: uci.join(" "),
            wtime: clocks.white,
            btime: clocks.black,
            winc: period(Color::White),
            binc: period(Color::Black),
            status,
            winner,
            wdraw: offer == Some(Color::White),
            bdraw: offer == Some(Color::Black),
            initial_fen,
            fen: Fen::from_position(game.position(), EnPassantMode::Legal).to_string(),
            names: [players.white.clone(), players.black.clone()],
            clock: first,
            speed: speed(game),
            turn: game.position().turn(),
            started: game.started(),
            finished: game.outcome().is_some(),
            last_move: uci.last().cloned(),
        }
    }

    /// `{"type": "gameState", …}`.
    pub fn game_state(&self) -> Value {
        let mut state = json!({
            "type": "gameState",
            "moves": self.moves,
            "wtime": self.wtime,
            "btime": self.btime,
            "winc": self.winc,
            "binc": self.binc,
            "status": self.status,
            "wdraw": self.wdraw,
            "bdraw": self.bdraw,
        });
        if let (Some(winner), Value::Object(map)) = (self.winner, &mut state) {
            map.insert("winner".into(), json!(winner));
        }
        state
    }

    /// `{"type": "gameFull", …}`.
    pub fn game_full(&self, id: &str, created_ms: i64) -> Value {
        let player = |name: &Option<String>| {
            json!({
                "id": name.as_deref().map(str::to_lowercase),
                "name": name,
                "title": null,
                "rating": null,
            })
        };
        json!({
            "type": "gameFull",
            "id": id,
            "rated": false,
            "variant": {"key": "standard", "name": "Standard", "short": "Std"},
            "clock": {"initial": self.clock.0, "increment": self.clock.1},
            "speed": self.speed,
            "perf": {"name": perf_name(self.speed)},
            "createdAt": created_ms,
            "white": player(&self.names[0]),
            "black": player(&self.names[1]),
            "initialFen": self.initial_fen,
            "state": self.game_state(),
        })
    }

    /// The `game` object of `gameStart` and `gameFinish` for `seat`.
    fn event_game(&self, id: &str, seat: Color) -> Value {
        let opponent = &self.names[match seat {
            Color::White => 1,
            Color::Black => 0,
        }];
        let left = match seat {
            Color::White => self.wtime,
            Color::Black => self.btime,
        };
        json!({
            "gameId": id,
            "fullId": id,
            "id": id,
            "color": if seat == Color::White { "white" } else { "black" },
            "fen": self.fen,
            "hasMoved": !self.moves.is_empty(),
            "isMyTurn": self.turn == seat && !self.finished,
            "lastMove": self.last_move.clone().unwrap_or_default(),
            "opponent": {"id": opponent.as_deref().map(str::to_lowercase), "username": opponent},
            "perf": self.speed,
            "rated": false,
            "secondsLeft": left / 1000,
            "source": "friend",
            "speed": self.speed,
            "variant": {"key": "standard", "name": "Standard"},
            "compat": {"bot": false, "board": true},
            "status": {"name": self.status},
            "winner": self.winner,
        })
    }
}

/// lichess's status of a game ended by `termination`.
fn status(termination: Termination) -> &'static str {
    match termination {
        Termination::Checkmate => "mate",
        Termination::Resignation => "resign",
        Termination::Stalemate => "stalemate",
        Termination::TimeForfeit | Termination::TimeForfeitDraw | Termination::BothFlags => {
            "outoftime"
        }
        Termination::Agreement
        | Termination::ThreefoldRepetition
        | Termination::FiftyMoves
        | Termination::FivefoldRepetition
        | Termination::SeventyFiveMoves
        | Termination::DeadPosition
        | Termination::QuickplayFinish => "draw",
        Termination::LateArrival => "noStart",
        _ => "unknownFinish",
    }
}

/// lichess's speed of the game's time control, by its estimate of a game's
/// duration (base + 40 × increment, in seconds) and its thresholds:
/// ultraBullet under 30 s, bullet under 180 s, blitz under 480 s, rapid
/// under 1,500 s, classical from there; correspondence with no clock.
fn speed(game: &Game) -> &'static str {
    let Some(p) = game.clock().control().periods().first() else {
        return "correspondence";
    };
    if game.clock().is_untimed() {
        return "correspondence";
    }
    match (p.base + 40 * p.increment) / 1000 {
        e if e < 30 => "ultraBullet",
        e if e < 180 => "bullet",
        e if e < 480 => "blitz",
        e if e < 1500 => "rapid",
        _ => "classical",
    }
}

fn perf_name(speed: &str) -> &'static str {
    match speed {
        "ultraBullet" => "UltraBullet",
        "bullet" => "Bullet",
        "blitz" => "Blitz",
        "rapid" => "Rapid",
        "correspondence" => "Correspondence",
        _ => "Classical",
    }
}

/// The player a seat token acts for in game `id` (the arbiter's and the
/// organiser's tokens do not play on a board).
async fn player(app: &App, headers: &HeaderMap, id: &str) -> Result<Color, ApiError> {
    match app.actor(headers, id).await? {
        Actor::Player(c) => Ok(c),
        Actor::Arbiter => Err(ApiError::forbidden(
            "the Board API plays a seat: use the white or black token",
        )),
    }
}

/// lichess's error answer.
fn refused(message: String) -> Response {
    (StatusCode::BAD_REQUEST, Json(json!({ "error": message }))).into_response()
}

/// Submits `body` for `side`; `{"ok": true}` when the Laws accept it.
async fn play(app: &App, id: &str, side: Color, body: Value) -> Result<Response, ApiError> {
    let request = EventRequest::parse(&body.to_string()).map_err(ApiError::record)?;
    let received_ms = app.shared.clock.now_ms();
    let answer =
        crate::app::submit(app, id, Actor::Player(side), request, received_ms, false).await?;
    if answer["accepted"].as_bool().unwrap_or(false) {
        Ok(Json(json!({"ok": true})).into_response())
    } else {
        let message = answer["decisions"]
            .as_array()
            .and_then(|d| d.last())
            .and_then(|d| d["message"].as_str())
            .unwrap_or("refused under the Laws")
            .to_owned();
        Ok(refused(message))
    }
}

/// `POST /api/board/game/{id}/move/{uci}`.
pub async fn board_move(
    State(app): State<Arc<App>>,
    Path((id, uci)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let side = player(&app, &headers, &id).await?;
    if uci.len() > 5 || !uci.is_ascii() {
        return Ok(refused(format!(
            "{uci:?} is not a move in UCI (e2e4, e7e8q)"
        )));
    }
    play(&app, &id, side, json!({ "move": uci })).await
}

/// `POST /api/board/game/{id}/resign`.
pub async fn board_resign(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let side = player(&app, &headers, &id).await?;
    play(&app, &id, side, json!({"resign": true})).await
}

/// `POST /api/board/game/{id}/draw/{accept}`: `yes` offers a draw, or
/// accepts the opponent's; `no` declines it.
pub async fn board_draw(
    State(app): State<Arc<App>>,
    Path((id, accept)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let side = player(&app, &headers, &id).await?;
    let yes = match accept.as_str() {
        "yes" | "true" => true,
        "no" | "false" => false,
        other => {
            return Err(ApiError {
                path: Some("accept".into()),
                ..ApiError::malformed(format!("expected yes or no, found {other:?}"))
            })
        }
    };
    let view = app.shared.ask(&id, Command::Board).await?;
    let theirs = match side {
        Color::White => view.bdraw,
        Color::Black => view.wdraw,
    };
    let body = match (yes, theirs) {
        (true, true) => json!({"accept_draw": true}),
        (true, false) => json!({"offer_draw": true}),
        (false, _) => json!({"decline_draw": true}),
    };
    play(&app, &id, side, body).await
}

fn ndjson(rx: mpsc::Receiver<String>) -> Response {
    use futures_util::StreamExt;
    let body = Body::from_stream(
        tokio_stream::wrappers::ReceiverStream::new(rx)
            .map(|line| Ok::<_, Infallible>(format!("{line}\n"))),
    );
    (
        [
            (header::CONTENT_TYPE, "application/x-ndjson"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

/// `GET /api/board/game/stream/{id}`.
pub async fn board_stream(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let side = player(&app, &headers, &id).await?;
    let subscription = app.shared.ask(&id, Command::Subscribe).await?;
    let view = app.shared.ask(&id, Command::Board).await?;
    // the seat is connected while its board stream is open
    app.shared
        .tell(&id, Command::Presence { side, up: true })
        .await;
    let created_ms = app
        .shared
        .store
        .game(&id)
        .await
        .ok()
        .flatten()
        .map_or(0, |g| g.created_ms);
    let (tx, rx) = mpsc::channel::<String>(16);
    let _ = tx.try_send(view.game_full(&id, created_ms).to_string());
    let shared = app.shared.clone();
    tokio::spawn(async move {
        let mut events = subscription.events;
        let mut last = view;
        let mut closing = shared.closing.subscribe();
        let mut ping = tokio::time::interval_at(tokio::time::Instant::now() + PING, PING);
        while !last.finished {
            tokio::select! {
                received = crate::stream::next_local(&mut events) => match received {
                    Ok(_) | Err(RecvError::Lagged(_)) => {
                        let Ok(view) = shared.ask(&id, Command::Board).await else { break };
                        if view != last {
                            if tx.send(view.game_state().to_string()).await.is_err() {
                                break;
                            }
                            last = view;
                        }
                        ping.reset();
                    }
                    Err(RecvError::Closed) => match shared.ask(&id, Command::Subscribe).await {
                        Ok(s) => events = s.events,
                        Err(_) => break,
                    },
                },
                _ = ping.tick() => if tx.send(String::new()).await.is_err() { break },
                _ = closing.changed() => break,
                () = tx.closed() => break,
            }
        }
        shared
            .tell(&id, Command::Presence { side, up: false })
            .await;
    });
    Ok(ndjson(rx))
}

/// `GET /api/stream/event`: the seat token's game.
pub async fn stream_event(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let (id, seat) = app.seat_of(&headers).await?;
    let subscription = app.shared.ask(&id, Command::Subscribe).await?;
    let shared = app.shared.clone();
    let (tx, rx) = mpsc::channel::<String>(16);
    tokio::spawn(async move {
        let mut events = subscription.events;
        let mut closing = shared.closing.subscribe();
        let mut ping = tokio::time::interval_at(tokio::time::Instant::now() + PING, PING);
        let mut started = false;
        loop {
            let Ok(view) = shared.ask(&id, Command::Board).await else {
                break;
            };
            if view.started && !started {
                started = true;
                let line = json!({"type": "gameStart", "game": view.event_game(&id, seat)});
                if tx.send(line.to_string()).await.is_err() {
                    break;
                }
            }
            if view.finished {
                let line = json!({"type": "gameFinish", "game": view.event_game(&id, seat)});
                let _ = tx.send(line.to_string()).await;
                // lichess's event stream stays open; this seat has no other game
                while tokio::time::timeout(PING, tx.closed()).await.is_err() {
                    if tx.send(String::new()).await.is_err() {
                        break;
                    }
                }
                break;
            }
            tokio::select! {
                received = crate::stream::next_local(&mut events) => match received {
                    Ok(_) | Err(RecvError::Lagged(_)) => ping.reset(),
                    Err(RecvError::Closed) => match shared.ask(&id, Command::Subscribe).await {
                        Ok(s) => events = s.events,
                        Err(_) => break,
                    },
                },
                _ = ping.tick() => if tx.send(String::new()).await.is_err() { break },
                _ = closing.changed() => break,
                () = tx.closed() => break,
            }
        }
    });
    Ok(ndjson(rx))
}

#[cfg(test)]
mod tests {
    use arbitre_laws::{
        event::{Action, Actor, Event},
        EditionId, Game, Instant, Setup,
    };
    use shakmaty::Color;

    use super::BoardView;

    fn game(tc: &str) -> Game {
        let mut setup = Setup::new(EditionId::FideOnline2021);
        setup.time_control = tc.parse().expect("a time control");
        Game::new(setup).expect("a game")
    }

    fn play(g: &mut Game, t: i64, side: Color, action: Action) {
        g.apply(&Event {
            t: Instant(t),
            by: Actor::Player(side),
            action,
        });
    }

    #[test]
    fn speeds_follow_lichess_thresholds() {
        for (tc, speed) in [
            ("15", "ultraBullet"),
            ("60", "bullet"),
            ("180+2", "blitz"),
            ("600", "rapid"),
            ("900+10", "rapid"),
            ("1500", "classical"),
            ("5400+30", "classical"),
        ] {
            assert_eq!(BoardView::of(&game(tc), Instant(0)).speed, speed, "{tc}");
        }
    }

    #[test]
    fn moves_clocks_offers_and_the_end() {
        let mut g = game("300+2");
        let v = BoardView::of(&g, Instant(0));
        assert_eq!(
            (v.status, v.moves.as_str(), v.initial_fen.as_str()),
            ("started", "", "startpos")
        );
        play(
            &mut g,
            3_000,
            Color::White,
            Action::Move {
                text: "e4".into(),
                press: true,
                lag: None,
            },
        );
        play(&mut g, 4_000, Color::Black, Action::OfferDraw);
        let v = BoardView::of(&g, Instant(5_000));
        assert_eq!(v.moves, "e2e4");
        assert_eq!((v.wtime, v.btime, v.winc), (299_000, 298_000, 2_000));
        assert!(v.bdraw && !v.wdraw);
        play(&mut g, 6_000, Color::Black, Action::Resign);
        let v = BoardView::of(&g, Instant(6_000));
        assert_eq!(
            (v.status, v.winner, v.finished),
            ("resign", Some("white"), true)
        );
        assert_eq!(v.game_state()["winner"], "white");
    }
}
