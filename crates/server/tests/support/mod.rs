//! What the in-process API tests share: a server on a real SQLite store,
//! built as `arbitre serve` builds it, and requests through its router.

#![allow(dead_code)]

use std::sync::Arc;

use arbitre_laws::Language;
use arbitre_server::{
    app::{router, App, Limits},
    clock::ServerClock,
    serve::{build, Config},
};
use arbitre_store::Batching;
use axum::{
    body::{to_bytes, Body},
    http::{header, HeaderMap, Request, StatusCode},
    Router,
};
use serde_json::Value;
use tower::ServiceExt;

pub const ORGANISER: &str = "organiser-token-for-tests-0123456789";

pub struct Api {
    pub app: Arc<App>,
    pub router: Router,
}

pub fn sqlite(dir: &tempfile::TempDir) -> String {
    format!("sqlite://{}/arbitre.db", dir.path().display())
}

pub async fn open_at(db: &str, clock: Option<ServerClock>) -> Api {
    let (app, _) = build(Config {
        listen: "127.0.0.1:0".parse().unwrap(),
        db: db.into(),
        organiser_token: Some(ORGANISER.into()),
        lang: Language::En,
        arbiter_key: None,
        batching: Batching::AsSoonAsFree,
        limits: Limits {
            per_token: None,
            per_address: None,
        },
        node: "local".into(),
        advertise: None,
        lease: std::time::Duration::from_secs(5),
        clock,
        tls: None,
        signer: Some(arbitre_envelope::SigningKey::from_bytes(&[9; 32])),
        connections: Default::default(),
    })
    .await
    .expect("the server builds");
    Api {
        router: router(app.clone()),
        app,
    }
}

/// An answer: its status, headers and body (JSON when it is, else text).
pub struct Answer {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub text: String,
    pub json: Value,
}

impl Api {
    pub async fn request(
        &self,
        method: &str,
        path: &str,
        token: Option<&str>,
        headers: &[(&str, &str)],
        body: String,
    ) -> Answer {
        let mut request = Request::builder().method(method).uri(path);
        if let Some(t) = token {
            request = request.header(header::AUTHORIZATION, format!("Bearer {t}"));
        }
        for (k, v) in headers {
            request = request.header(*k, *v);
        }
        let response = self
            .router
            .clone()
            .oneshot(request.body(Body::from(body)).unwrap())
            .await
            .unwrap();
        let status = response.status();
        let headers = response.headers().clone();
        let bytes = to_bytes(response.into_body(), 1 << 26).await.unwrap();
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let json = serde_json::from_str(&text).unwrap_or(Value::Null);
        Answer {
            status,
            headers,
            text,
            json,
        }
    }
}

/// Tokio's clock paused, and kept from advancing by itself while the
/// runtime waits for the store's threads (a task always ready): time moves
/// only when a test advances it. Dropped, the task ends.
pub struct Still(tokio::task::JoinHandle<()>);

impl Drop for Still {
    fn drop(&mut self) {
        self.0.abort();
    }
}

pub fn pause() -> Still {
    tokio::time::pause();
    Still(tokio::spawn(async {
        loop {
            tokio::task::yield_now().await;
        }
    }))
}

/// An NDJSON stream read message by message.
pub struct Lines {
    body: axum::body::BodyDataStream,
    buffer: String,
}

impl Lines {
    pub async fn open(api: &Api, path: &str) -> Lines {
        Lines::open_as(api, path, None).await
    }

    /// The stream read with a token (`Authorization: Bearer`).
    pub async fn open_as(api: &Api, path: &str, token: Option<&str>) -> Lines {
        let mut request = Request::get(path);
        if let Some(t) = token {
            request = request.header(header::AUTHORIZATION, format!("Bearer {t}"));
        }
        let response = api
            .router
            .clone()
            .oneshot(request.body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(
            response.headers()[header::CONTENT_TYPE],
            "application/x-ndjson"
        );
        Lines {
            body: response.into_body().into_data_stream(),
            buffer: String::new(),
        }
    }

    /// The next message.
    pub async fn next(&mut self) -> Value {
        use futures_util::StreamExt;
        loop {
            if let Some(end) = self.buffer.find('\n') {
                let line = serde_json::from_str(&self.buffer[..end]).unwrap();
                self.buffer.drain(..=end);
                return line;
            }
            let chunk = self.body.next().await.unwrap().unwrap();
            self.buffer.push_str(std::str::from_utf8(&chunk).unwrap());
        }
    }

    /// The next `n` messages.
    pub async fn take(&mut self, n: usize) -> Vec<Value> {
        let mut lines = Vec::with_capacity(n);
        while lines.len() < n {
            lines.push(self.next().await);
        }
        lines
    }
}
