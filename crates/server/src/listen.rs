//! The server's connections: accepted (plain TCP, or TLS through
//! [`crate::tls`]), each served by hyper's HTTP/1 with upgrades (the
//! WebSocket streams) in a task of its own, with the bounds a public server
//! needs against clients that are slow or gone:
//!
//! - a request's head must arrive within [`HEAD_TIMEOUT`] of the
//!   connection's being ready for it (hyper's `header_read_timeout`): a
//!   head trickled a byte at a time, or a connection opened and left idle,
//!   is closed — the body has its own bound (`RequestBodyTimeoutLayer`);
//! - a write that makes no progress for [`WRITE_STALL`] (a client that no
//!   longer reads a stream or an answer: its socket's buffers are full) ends
//!   the connection with a reset, so that the kernel frees the buffers at
//!   once instead of trying to deliver them.
//!
//! On shutdown no connection is accepted any more, each open connection
//! finishes the request it is serving and closes (hyper's graceful
//! shutdown), and [`serve`] returns when all are closed.

use std::{
    future::Future,
    io,
    net::SocketAddr,
    pin::Pin,
    task::{Context, Poll},
    time::Duration,
};

use axum::{extract::ConnectInfo, Router};
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::{
    io::{AsyncRead, AsyncWrite, ReadBuf},
    net::{TcpListener, TcpStream},
    sync::mpsc,
    time::Sleep,
};
use tokio_rustls::server::TlsStream;
use tower::ServiceExt;

/// How long a client has to send a request's head once the connection is
/// ready for one (also how long an idle connection is kept open).
pub const HEAD_TIMEOUT: Duration = Duration::from_secs(30);

/// How long a write may make no progress before the connection is reset.
pub const WRITE_STALL: Duration = Duration::from_secs(60);

/// Where connections come from.
pub enum Listener {
    /// Plain HTTP (a hall's LAN, or behind a proxy that terminates TLS).
    Plain(TcpListener),
    /// TLS, handshakes completed in their own tasks.
    Tls(crate::tls::TlsListener),
}

/// A connection, plain or TLS.
enum Connection {
    Plain(TcpStream),
    Tls(Box<TlsStream<TcpStream>>),
}

impl Listener {
    async fn accept(&mut self) -> (Connection, SocketAddr) {
        match self {
            Listener::Plain(listener) => loop {
                match listener.accept().await {
                    Ok((tcp, addr)) => {
                        // no Nagle: a WebSocket's ack, written right after
                        // the event's broadcast, would wait for the client's
                        // delayed ACK (40 ms)
                        let _ = tcp.set_nodelay(true);
                        return (Connection::Plain(tcp), addr);
                    }
                    Err(e) => {
                        // out of descriptors, most often: wait, then again
                        tracing::warn!(error = %e, "accept");
                        tokio::time::sleep(Duration::from_millis(50)).await;
                    }
                }
            },
            Listener::Tls(listener) => {
                let (tls, addr) = listener.accept().await;
                (Connection::Tls(Box::new(tls)), addr)
            }
        }
    }
}

impl Connection {
    fn tcp(&self) -> &TcpStream {
        match self {
            Connection::Plain(tcp) => tcp,
            Connection::Tls(tls) => tls.get_ref().0,
        }
    }
}

/// A connection whose writes are watched: pending for [`WRITE_STALL`]
/// without progress, the write fails and the socket is set to be reset on
/// close (SO_LINGER 0: its unsent buffers dropped, not kept by the kernel).
struct Watched {
    io: Connection,
    stalled: Option<Pin<Box<Sleep>>>,
    limit: Duration,
}

impl Watched {
    /// A pending write: has it been pending too long?
    fn pending<T>(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<T>> {
        let limit = self.limit;
        let timer = self
            .stalled
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(limit)));
        if timer.as_mut().poll(cx).is_ready() {
            tracing::debug!("a client read nothing for too long: its connection is reset");
            let _ = socket2::SockRef::from(self.io.tcp()).set_linger(Some(Duration::ZERO));
            return Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the client read nothing for too long",
            )));
        }
        Poll::Pending
    }

    fn progress<T>(
        &mut self,
        done: Poll<io::Result<T>>,
        cx: &mut Context<'_>,
    ) -> Poll<io::Result<T>> {
        match done {
            Poll::Pending => self.pending(cx),
            ready => {
                self.stalled = None;
                ready
            }
        }
    }
}

impl AsyncRead for Watched {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        match &mut self.io {
            Connection::Plain(tcp) => Pin::new(tcp).poll_read(cx, buf),
            Connection::Tls(tls) => Pin::new(tls.as_mut()).poll_read(cx, buf),
        }
    }
}

impl AsyncWrite for Watched {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let done = match &mut self.io {
            Connection::Plain(tcp) => Pin::new(tcp).poll_write(cx, buf),
            Connection::Tls(tls) => Pin::new(tls.as_mut()).poll_write(cx, buf),
        };
        self.progress(done, cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let done = match &mut self.io {
            Connection::Plain(tcp) => Pin::new(tcp).poll_write_vectored(cx, bufs),
            Connection::Tls(tls) => Pin::new(tls.as_mut()).poll_write_vectored(cx, bufs),
        };
        self.progress(done, cx)
    }

    fn is_write_vectored(&self) -> bool {
        match &self.io {
            Connection::Plain(tcp) => tcp.is_write_vectored(),
            Connection::Tls(tls) => tls.is_write_vectored(),
        }
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let done = match &mut self.io {
            Connection::Plain(tcp) => Pin::new(tcp).poll_flush(cx),
            Connection::Tls(tls) => Pin::new(tls.as_mut()).poll_flush(cx),
        };
        self.progress(done, cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let done = match &mut self.io {
            Connection::Plain(tcp) => Pin::new(tcp).poll_shutdown(cx),
            Connection::Tls(tls) => Pin::new(tls.as_mut()).poll_shutdown(cx),
        };
        self.progress(done, cx)
    }
}

/// The bounds of [`serve`]'s connections.
#[derive(Clone, Copy, Debug)]
pub struct Bounds {
    /// [`HEAD_TIMEOUT`] unless a test shortens it.
    pub head: Duration,
    /// [`WRITE_STALL`] unless a test shortens it.
    pub write_stall: Duration,
}

impl Default for Bounds {
    fn default() -> Self {
        Bounds {
            head: HEAD_TIMEOUT,
            write_stall: WRITE_STALL,
        }
    }
}

/// Serves `router` on the connections of `listener` until `signal`
/// resolves, then shuts down gracefully: returns once every connection has
/// closed (the caller bounds how long it waits).
pub async fn serve(
    mut listener: Listener,
    router: Router,
    bounds: Bounds,
    signal: impl Future<Output = ()> + Send + 'static,
) {
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(bounds.head);
    // every connection task holds a sender: when the last is dropped, all
    // connections are closed
    let (open, mut all_closed) = mpsc::channel::<()>(1);
    let (closing, closing_seen) = tokio::sync::watch::channel(false);
    tokio::pin!(signal);
    loop {
        let (io, addr) = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut signal => break,
        };
        let router = router.clone();
        let service = hyper::service::service_fn(move |request: hyper::Request<Incoming>| {
            let mut request = request.map(axum::body::Body::new);
            request.extensions_mut().insert(ConnectInfo(addr));
            router.clone().oneshot(request)
        });
        let watched = Watched {
            io,
            stalled: None,
            limit: bounds.write_stall,
        };
        let connection = builder
            .serve_connection(TokioIo::new(watched), service)
            .with_upgrades();
        let open = open.clone();
        let mut closing = closing_seen.clone();
        tokio::spawn(async move {
            tokio::pin!(connection);
            let mut asked = false;
            loop {
                tokio::select! {
                    served = connection.as_mut() => {
                        if let Err(e) = served {
                            tracing::debug!(%addr, error = %e, "connection ended");
                        }
                        break;
                    }
                    changed = closing.wait_for(|c| *c), if !asked => {
                        asked = true;
                        if changed.is_ok() {
                            connection.as_mut().graceful_shutdown();
                        }
                    }
                }
            }
            drop(open);
        });
    }
    drop(listener);
    let _ = closing.send(true);
    drop(open);
    let _ = all_closed.recv().await;
}
