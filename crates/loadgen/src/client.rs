//! The bots' two ways to the server: HTTP/1.1 keep-alive connections shared
//! through a pool of at most `connections` (a request waits for a free one,
//! and that wait counts in its latency), and one WebSocket per seat.

use std::{
    net::SocketAddr,
    sync::{
        atomic::{AtomicU64, Ordering},
        Mutex,
    },
};

use bytes::Bytes;
use futures_util::{SinkExt, StreamExt};
use http_body_util::{BodyExt, Full};
use hyper::{
    client::conn::http1::{self, SendRequest},
    header, Request,
};
use hyper_util::rt::TokioIo;
use serde::Deserialize;
use tokio::{net::TcpStream, sync::Semaphore};
use tokio_tungstenite::{
    tungstenite::{protocol::WebSocketConfig, Message},
    WebSocketStream,
};

/// What the bots need of an answer to an event.
#[derive(Debug, Deserialize)]
pub struct Answer {
    /// Accepted under the Laws.
    pub accepted: bool,
    /// The decisions (an accepted move with a decision ended the game).
    #[serde(default)]
    pub decisions: Vec<serde::de::IgnoredAny>,
}

/// A WebSocket message the bots look at.
#[derive(Deserialize)]
struct Ack {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    client_id: Option<String>,
    #[serde(default)]
    accepted: bool,
    #[serde(default)]
    decisions: Vec<serde::de::IgnoredAny>,
}

type Sender = SendRequest<Full<Bytes>>;

/// A pool of keep-alive connections to one server.
pub struct Http {
    addr: SocketAddr,
    host: String,
    idle: Mutex<Vec<Sender>>,
    permits: Semaphore,
    /// Connections opened so far.
    pub opened: AtomicU64,
}

impl Http {
    /// At most `connections` at once to `addr`.
    pub fn new(addr: SocketAddr, connections: usize) -> Http {
        Http {
            addr,
            host: addr.to_string(),
            idle: Mutex::new(Vec::new()),
            permits: Semaphore::new(connections.max(1)),
            opened: AtomicU64::new(0),
        }
    }

    async fn connect(&self) -> Result<Sender, String> {
        let stream = TcpStream::connect(self.addr)
            .await
            .map_err(|e| format!("connecting to {}: {e}", self.addr))?;
        stream.set_nodelay(true).map_err(|e| e.to_string())?;
        let (sender, connection) = http1::handshake(TokioIo::new(stream))
            .await
            .map_err(|e| format!("HTTP handshake: {e}"))?;
        tokio::spawn(connection);
        self.opened.fetch_add(1, Ordering::Relaxed);
        Ok(sender)
    }

    fn take_idle(&self) -> Option<Sender> {
        let mut idle = self.idle.lock().unwrap_or_else(|e| e.into_inner());
        while let Some(sender) = idle.pop() {
            if !sender.is_closed() {
                return Some(sender);
            }
        }
        None
    }

    /// `POST path` with a bearer token and a JSON body: the status and the body.
    pub async fn post(
        &self,
        path: &str,
        token: &str,
        body: String,
    ) -> Result<(u16, Bytes), String> {
        let _permit = self.permits.acquire().await.map_err(|e| e.to_string())?;
        let mut sender = match self.take_idle() {
            Some(s) => s,
            None => self.connect().await?,
        };
        if sender.ready().await.is_err() {
            // closed meanwhile: nothing was sent on it, a new one is safe
            sender = self.connect().await?;
            sender.ready().await.map_err(|e| e.to_string())?;
        }
        let request = Request::post(path)
            .header(header::HOST, &self.host)
            .header(header::AUTHORIZATION, format!("Bearer {token}"))
            .header(header::CONTENT_TYPE, "application/json")
            .body(Full::new(Bytes::from(body)))
            .map_err(|e| e.to_string())?;
        let response = sender
            .send_request(request)
            .await
            .map_err(|e| format!("POST {path}: {e}"))?;
        let status = response.status().as_u16();
        let bytes = response
            .into_body()
            .collect()
            .await
            .map_err(|e| format!("POST {path}: reading the answer: {e}"))?
            .to_bytes();
        self.idle
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(sender);
        Ok((status, bytes))
    }

    /// An event: the answer, or why there is none.
    pub async fn event(&self, path: &str, token: &str, body: String) -> Result<Answer, String> {
        let (status, bytes) = self.post(path, token, body).await?;
        if status != 200 {
            return Err(format!(
                "POST {path}: {status} {}",
                String::from_utf8_lossy(&bytes)
            ));
        }
        serde_json::from_slice(&bytes).map_err(|e| format!("POST {path}: the answer: {e}"))
    }
}

/// One seat's WebSocket on a game's stream.
pub struct Ws {
    stream: WebSocketStream<TcpStream>,
}

impl Ws {
    /// Opens `path` (the game's stream) and authenticates with `token`.
    pub async fn open(addr: SocketAddr, path: &str, token: &str) -> Result<Ws, String> {
        let tcp = TcpStream::connect(addr)
            .await
            .map_err(|e| format!("connecting to {addr}: {e}"))?;
        tcp.set_nodelay(true).map_err(|e| e.to_string())?;
        // a small read buffer: tungstenite's default (128 KiB) is filled on
        // every read and stays resident, for each of thousands of sockets
        let config = WebSocketConfig::default().read_buffer_size(4 * 1024);
        let (mut stream, _) = tokio_tungstenite::client_async_with_config(
            format!("ws://{addr}{path}"),
            tcp,
            Some(config),
        )
        .await
        .map_err(|e| format!("WebSocket {path}: {e}"))?;
        let hello = serde_json::json!({ "token": token }).to_string();
        stream
            .send(Message::text(hello))
            .await
            .map_err(|e| format!("WebSocket {path}: {e}"))?;
        loop {
            match stream.next().await {
                Some(Ok(Message::Text(text))) => {
                    if text.contains(r#""type":"authenticated""#) {
                        return Ok(Ws { stream });
                    }
                    if text.contains(r#""type":"error""#) || text.contains(r#""type":"closing""#) {
                        return Err(format!("WebSocket {path}: {text}"));
                    }
                }
                Some(Ok(_)) => {}
                Some(Err(e)) => return Err(format!("WebSocket {path}: {e}")),
                None => return Err(format!("WebSocket {path}: closed")),
            }
        }
    }

    /// Sends an event and reads until its `ack` (the stream's other
    /// messages, the game's events, are read and dropped on the way).
    pub async fn event(&mut self, body: String, client_id: &str) -> Result<Answer, String> {
        self.stream
            .send(Message::text(body))
            .await
            .map_err(|e| format!("WebSocket: {e}"))?;
        loop {
            match self.stream.next().await {
                Some(Ok(Message::Text(text))) => {
                    let ack = text.contains(r#""type":"ack""#);
                    if !ack && !text.contains(r#""type":"error""#) {
                        if text.contains(r#""type":"closing""#) {
                            return Err(format!("WebSocket: {text}"));
                        }
                        continue;
                    }
                    let message: Ack = serde_json::from_str(&text)
                        .map_err(|e| format!("WebSocket: an ack: {e}"))?;
                    if message.client_id.as_deref() != Some(client_id) {
                        continue;
                    }
                    if message.kind != "ack" {
                        return Err(format!("WebSocket: {text}"));
                    }
                    return Ok(Answer {
                        accepted: message.accepted,
                        decisions: message.decisions,
                    });
                }
                Some(Ok(_)) => {}
                Some(Err(e)) => return Err(format!("WebSocket: {e}")),
                None => return Err("WebSocket: closed".into()),
            }
        }
    }

    /// Closes the socket (the game is over).
    pub async fn close(mut self) {
        let _ = self.stream.close(None).await;
    }
}
