//! A request body's bound: a body that makes the server wait longer than
//! the limit for its next frame (one sent a byte at a time, or never
//! finished) fails as unreadable (bench/stall.py).
//!
//! tower-http's `RequestBodyTimeoutLayer` arms a timer before it polls
//! the body, for every frame and for the body's end: two timers set and
//! cleared in the runtime's timer wheel for each request, even when the
//! whole body came with the head, as an event's does. This one polls the
//! body first and arms the timer only when the body makes the server
//! wait; the bound is the same.

use std::{
    future::Future,
    pin::Pin,
    task::{ready, Context, Poll},
    time::Duration,
};

use axum::{body::Body, http::Request};
use http_body::{Body as HttpBody, Frame, SizeHint};
use tokio::time::Sleep;
use tower::{Layer, Service};

/// Wraps each request's body in a [`TimeoutBody`].
#[derive(Clone, Copy)]
pub struct BodyTimeoutLayer {
    limit: Duration,
}

impl BodyTimeoutLayer {
    pub fn new(limit: Duration) -> BodyTimeoutLayer {
        BodyTimeoutLayer { limit }
    }
}

impl<S> Layer<S> for BodyTimeoutLayer {
    type Service = BodyTimeout<S>;

    fn layer(&self, inner: S) -> BodyTimeout<S> {
        BodyTimeout {
            inner,
            limit: self.limit,
        }
    }
}

/// The service of [`BodyTimeoutLayer`].
#[derive(Clone)]
pub struct BodyTimeout<S> {
    inner: S,
    limit: Duration,
}

impl<S> Service<Request<Body>> for BodyTimeout<S>
where
    S: Service<Request<Body>>,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = S::Future;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request<Body>) -> S::Future {
        let limit = self.limit;
        self.inner.call(request.map(|body| {
            Body::new(TimeoutBody {
                body,
                limit,
                waiting: None,
            })
        }))
    }
}

/// A body whose wait for a frame is bounded.
pub struct TimeoutBody {
    body: Body,
    limit: Duration,
    /// Set while the body makes the server wait; cleared by each frame.
    waiting: Option<Pin<Box<Sleep>>>,
}

/// The error of a body that made the server wait too long: its bound.
#[derive(Debug)]
pub struct BodyTimedOut(Duration);

impl std::fmt::Display for BodyTimedOut {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the body's next bytes were not received within {} s",
            self.0.as_secs()
        )
    }
}

impl std::error::Error for BodyTimedOut {}

impl HttpBody for TimeoutBody {
    type Data = axum::body::Bytes;
    type Error = axum::BoxError;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Self::Data>, Self::Error>>> {
        let this = &mut *self;
        if let Poll::Ready(frame) = Pin::new(&mut this.body).poll_frame(cx) {
            this.waiting = None;
            return Poll::Ready(frame.map(|f| f.map_err(Into::into)));
        }
        let limit = this.limit;
        let waiting = this
            .waiting
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(limit)));
        ready!(waiting.as_mut().poll(cx));
        Poll::Ready(Some(Err(Box::new(BodyTimedOut(limit)))))
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use futures_util::StreamExt;

    /// A body that sends its first bytes, then nothing.
    fn stalled() -> Body {
        let first = futures_util::stream::once(async {
            Ok::<_, std::io::Error>(axum::body::Bytes::from("{\"mo"))
        });
        Body::from_stream(first.chain(futures_util::stream::pending()))
    }

    #[tokio::test(start_paused = true)]
    async fn a_body_that_stops_fails_after_the_limit() {
        let body = TimeoutBody {
            body: stalled(),
            limit: Duration::from_secs(10),
            waiting: None,
        };
        let started = tokio::time::Instant::now();
        let err = axum::body::to_bytes(Body::new(body), usize::MAX)
            .await
            .expect_err("a stalled body fails");
        assert_eq!(
            err.to_string(),
            "the body's next bytes were not received within 10 s"
        );
        assert_eq!(started.elapsed(), Duration::from_secs(10));
    }

    #[tokio::test(start_paused = true)]
    async fn a_body_that_came_whole_is_read_as_it_came() {
        let body = TimeoutBody {
            body: Body::from("{\"move\":\"e4\"}"),
            limit: Duration::from_secs(10),
            waiting: None,
        };
        let bytes = axum::body::to_bytes(Body::new(body), usize::MAX)
            .await
            .expect("read");
        assert_eq!(&bytes[..], b"{\"move\":\"e4\"}");
    }
}
