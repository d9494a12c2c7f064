//! The pages a browser opens (the web board and the arbiter's console come
//! with their own issue): `/` says what the server is and where its API is.

use axum::{response::Html, routing::get, Router};

/// The pages' router.
pub fn router() -> Router {
    Router::new().route("/", get(index))
}

async fn index() -> Html<&'static str> {
    Html(include_str!("index.html"))
}
