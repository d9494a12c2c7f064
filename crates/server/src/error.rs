//! The API's errors (`../shared/spec/API.md`, "Errors"): a status and
//! `{"error": {"code", "message", "path"}}`. Never a `500` for anything a
//! client sent: a 5xx here means the store or the server failed.

use axum::{
    http::StatusCode,
    response::{IntoResponse, Response},
    Json,
};
use serde::Serialize;
use serde_json::json;

use arbitre_record::RecordError;

/// An error answered to a client.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct ApiError {
    /// The HTTP status.
    #[serde(skip)]
    #[schema(ignore)]
    pub status: u16,
    /// A stable code: `malformed`, `unauthorized`, `forbidden`, `not-found`,
    /// `method-not-allowed`, `stale`, `too-large`, `rate-limited`,
    /// `unavailable`, `tampered`.
    pub code: &'static str,
    /// What is wrong, in words.
    pub message: String,
    /// The JSON path of the offending value, where there is one.
    pub path: Option<String>,
    /// The connection is closed after this answer: the request's body was
    /// not read to its end (too large, or not sent in time), and what is
    /// left of it must not be read as the next request nor wait for it.
    #[serde(skip)]
    #[schema(ignore)]
    pub close: bool,
}

impl ApiError {
    fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError {
            status: status.as_u16(),
            code,
            message: message.into(),
            path: None,
            close: false,
        }
    }

    /// 400: the body is not what the API takes.
    pub fn malformed(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "malformed", message)
    }

    /// 400 from a record error, with its path.
    pub fn record(e: RecordError) -> ApiError {
        ApiError {
            path: (!e.path.is_empty()).then(|| e.path.clone()),
            ..ApiError::malformed(e.message)
        }
    }

    /// 401: no token, or one the server does not know.
    pub fn unauthorized(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNAUTHORIZED, "unauthorized", message)
    }

    /// 403: a token acting outside its seat or game.
    pub fn forbidden(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, "forbidden", message)
    }

    /// 404: no such game (or path).
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, "not-found", message)
    }

    /// 409: `after` is not the game's last event.
    pub fn stale(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, "stale", message)
    }

    /// 409: the request does not fit the game's state (`cannot-seal`,
    /// `not-started`): nothing was recorded.
    pub fn conflict(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, code, message)
    }

    /// 413: the body is larger than the server takes.
    pub fn too_large(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "too-large", message)
    }

    /// 429: too many requests from this token or address.
    pub fn rate_limited(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::TOO_MANY_REQUESTS, "rate-limited", message)
    }

    /// 503: another live node owns the game and this request could not be
    /// forwarded there (it came forwarded already, or that node gave no
    /// address); nothing was acknowledged: retry.
    pub fn elsewhere(id: &str, node: &str) -> ApiError {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "unavailable",
            format!("game `{id}` is owned by node `{node}`: nothing was recorded; retry"),
        )
    }

    /// 503: the store did not answer; nothing was acknowledged.
    pub fn unavailable(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "unavailable", message)
    }

    /// 500 `tampered`: a stored row of the game fails its authentication
    /// (someone wrote into the database); the game is not served until an
    /// arbiter has examined it (SECURITY.md).
    pub fn tampered(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "tampered", message)
    }

    /// The body, `{"error": {…}}`.
    pub fn body(&self) -> serde_json::Value {
        json!({"error": self})
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}: {}", self.status, self.code, self.message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = StatusCode::from_u16(self.status).unwrap_or(StatusCode::BAD_REQUEST);
        let mut response = (status, Json(self.body())).into_response();
        if self.close {
            response.headers_mut().insert(
                axum::http::header::CONNECTION,
                axum::http::HeaderValue::from_static("close"),
            );
        }
        response
    }
}
