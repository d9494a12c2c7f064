//! `GET /api/rounds/{id}/trf`: the tournament file given back to the
//! pairing program with this round's column (ROUNDS.md, "Results for the
//! pairing program"). Here, each board's outcome under the Laws becomes
//! TRF's result codes; `arbitre-pairing` writes them into the file.

use std::sync::Arc;

use arbitre_pairing::{Colour, ResultCode, RoundEntry, Tournament};
use axum::{
    extract::{Path, State},
    http::{header, HeaderMap, HeaderValue},
    response::{IntoResponse, Response},
};
use futures_util::future::join_all;
use serde_json::{json, Value};

use super::load;
use crate::{app::App, error::ApiError, owner::Command};

/// A player's result code for this round in the TRF.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Code {
    /// `1`: a game won, played to its end under the Laws.
    Win,
    /// `=`: drawn.
    Draw,
    /// `0`: lost.
    Loss,
    /// `+`: won by forfeit.
    ForfeitWin,
    /// `-`: lost by forfeit.
    ForfeitLoss,
    /// `W`: won before one move was made.
    UnplayedWin,
    /// `D`: drawn before one move was made.
    UnplayedDraw,
    /// `L`: lost before one move was made.
    UnplayedLoss,
}

impl Code {
    /// Its code in `arbitre-pairing`.
    pub fn result_code(self) -> ResultCode {
        match self {
            Code::Win => ResultCode::Win,
            Code::Draw => ResultCode::Draw,
            Code::Loss => ResultCode::Loss,
            Code::ForfeitWin => ResultCode::ForfeitWin,
            Code::ForfeitLoss => ResultCode::ForfeitLoss,
            Code::UnplayedWin => ResultCode::WinUnrated,
            Code::UnplayedDraw => ResultCode::DrawUnrated,
            Code::UnplayedLoss => ResultCode::LossUnrated,
        }
    }

    /// Its character in the TRF.
    pub fn letter(self) -> char {
        match self {
            Code::Win => '1',
            Code::Draw => '=',
            Code::Loss => '0',
            Code::ForfeitWin => '+',
            Code::ForfeitLoss => '-',
            Code::UnplayedWin => 'W',
            Code::UnplayedDraw => 'D',
            Code::UnplayedLoss => 'L',
        }
    }
}

/// Why a board has no code yet: the `409`'s reason for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Open(pub String);

/// White's and Black's codes from a game's state (`GET /api/games/{id}`'s
/// `state`, `result`, `termination` and `scoresheet`), or why there are
/// none yet (the game goes on, is adjourned, awaits a ruling, or was
/// annulled and is to be replayed).
pub fn codes(state: &Value) -> Result<(Code, Code), Open> {
    let game_state = state["state"].as_str().unwrap_or("?");
    let result = state["result"].as_str().unwrap_or("*");
    if game_state != "finished" {
        return Err(Open(game_state.to_owned()));
    }
    let termination = state["termination"].as_str().unwrap_or("");
    // a forfeit: declared as such, or a player absent when the game began
    let forfeit = matches!(result, "+/-" | "-/+" | "-/-") || termination == "late-arrival";
    // "less than one move": no move of either player stands
    let plies = state["scoresheet"].as_array().map_or(0, Vec::len);
    let (white_won, black_won, drawn) = match result {
        "1-0" | "+/-" => (true, false, false),
        "0-1" | "-/+" => (false, true, false),
        "1/2-1/2" => (false, false, true),
        "-/-" => return Ok((Code::ForfeitLoss, Code::ForfeitLoss)),
        other => {
            return Err(Open(format!(
                "finished without a result for the TRF ({other})"
            )))
        }
    };
    let (win, draw, loss) = if forfeit {
        (Code::ForfeitWin, Code::Draw, Code::ForfeitLoss)
    } else if plies < 2 {
        (Code::UnplayedWin, Code::UnplayedDraw, Code::UnplayedLoss)
    } else {
        (Code::Win, Code::Draw, Code::Loss)
    };
    Ok(if drawn {
        (draw, draw)
    } else if white_won {
        (win, loss)
    } else {
        debug_assert!(black_won);
        (loss, win)
    })
}

/// `GET /api/rounds/{id}/trf` (organiser): the TRF given at the round's
/// creation with this round's column and the points; `409` naming the
/// boards without a final result.
#[utoipa::path(get, path = "/api/rounds/{id}/trf", tag = "rounds",
    params(("id" = String, Path, description = "The round's id")),
    responses((status = 200, content_type = "text/plain", body = String), (status = 401, body = crate::openapi::ErrorBody),
              (status = 403, body = crate::openapi::ErrorBody), (status = 404, body = crate::openapi::ErrorBody),
              (status = 409, body = crate::openapi::ErrorBody), (status = 429, body = crate::openapi::ErrorBody)),
    security(("bearer" = [])))]
pub(crate) async fn round_trf(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    app.organiser(&headers).await?;
    let round = load(&app, &id).await?;
    let Some(text) = &round.trf else {
        return Err(ApiError::conflict(
            "no-trf",
            "this round was created from boards, not from a TRF: there is no file to give back",
        ));
    };
    let tournament = Tournament::parse(text).map_err(|e| {
        ApiError::unavailable(format!("the round's stored TRF cannot be read again: {e}"))
    })?;
    let states = join_all(
        round
            .boards
            .iter()
            .map(|b| app.shared.ask(&b.game, |reply| Command::State(None, reply))),
    )
    .await;
    let mut entries = Vec::new();
    let mut open = Vec::new();
    for (b, state) in round.boards.iter().zip(states) {
        let state = state?;
        match codes(&state) {
            Ok((white, black)) => {
                let (Some(w), Some(k)) = (b.white.start_rank, b.black.start_rank) else {
                    return Err(ApiError::unavailable(format!(
                        "board {} has a player without a start rank",
                        b.board
                    )));
                };
                entries.push(RoundEntry {
                    start_rank: w,
                    opponent: Some(k),
                    colour: Some(Colour::White),
                    code: white.result_code(),
                });
                entries.push(RoundEntry {
                    start_rank: k,
                    opponent: Some(w),
                    colour: Some(Colour::Black),
                    code: black.result_code(),
                });
            }
            Err(Open(why)) => open.push(json!({"board": b.board, "game": b.game, "state": why})),
        }
    }
    if !open.is_empty() {
        let states: Vec<String> = open
            .iter()
            .map(|o| {
                format!(
                    "board {} ({})",
                    o["board"],
                    o["state"].as_str().unwrap_or("?")
                )
            })
            .collect();
        return Err(ApiError::conflict(
            "boards-open",
            format!(
                "{} without a final result yet: the TRF is given once every board has one",
                states.join(", ")
            ),
        ));
    }
    for bye in &round.byes {
        entries.push(RoundEntry {
            start_rank: bye.start_rank,
            opponent: None,
            colour: None,
            code: ResultCode::PairingAllocatedBye,
        });
    }
    let written = tournament
        .with_round(round.round as usize, &entries)
        .map_err(|e| {
            ApiError::unavailable(format!("this round cannot be written into the TRF: {e}"))
        })?;
    Ok((
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/plain; charset=utf-8"),
            ),
            (
                header::CONTENT_DISPOSITION,
                HeaderValue::from_str(&format!(
                    "attachment; filename=\"round-{}.trf\"",
                    round.round
                ))
                .unwrap_or(HeaderValue::from_static("attachment")),
            ),
        ],
        written,
    )
        .into_response())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn state(result: &str, termination: &str, plies: usize) -> Value {
        json!({"state": "finished", "result": result, "termination": termination,
               "scoresheet": vec!["e4"; plies]})
    }

    #[test]
    fn each_outcome_its_code() {
        use Code::*;
        assert_eq!(codes(&state("1-0", "checkmate", 41)), Ok((Win, Loss)));
        assert_eq!(codes(&state("1/2-1/2", "agreement", 30)), Ok((Draw, Draw)));
        assert_eq!(codes(&state("0-1", "time-forfeit", 12)), Ok((Loss, Win)));
        assert_eq!(
            codes(&state("+/-", "arbiter-decision", 0)),
            Ok((ForfeitWin, ForfeitLoss))
        );
        assert_eq!(
            codes(&state("-/+", "arbiter-decision", 10)),
            Ok((ForfeitLoss, ForfeitWin))
        );
        assert_eq!(
            codes(&state("-/-", "arbiter-decision", 0)),
            Ok((ForfeitLoss, ForfeitLoss))
        );
        assert_eq!(
            codes(&state("0-1", "late-arrival", 0)),
            Ok((ForfeitLoss, ForfeitWin))
        );
        // a resignation before the first move, or after White's only
        assert_eq!(
            codes(&state("0-1", "resignation", 0)),
            Ok((UnplayedLoss, UnplayedWin))
        );
        assert_eq!(
            codes(&state("1-0", "resignation", 1)),
            Ok((UnplayedWin, UnplayedLoss))
        );
        assert_eq!(
            codes(&state("1/2-1/2", "agreement", 0)),
            Ok((UnplayedDraw, UnplayedDraw))
        );
        // a move by each: played
        assert_eq!(codes(&state("1-0", "resignation", 2)), Ok((Win, Loss)));
        for open in ["playing", "adjourned", "awaiting-ruling"] {
            let s = json!({"state": open, "result": "*"});
            assert_eq!(codes(&s), Err(Open(open.into())));
        }
        assert!(codes(&state("annulled", "annulled", 5)).is_err());
    }
}
