//! TLS when the server is given a certificate and a key (rustls, with
//! `ring`): a listener (for [`crate::listen`]) that accepts TCP connections
//! and completes each handshake in its own task, so a slow or hostile client
//! never holds up the others. Without them, plain HTTP, for a hall's LAN or
//! behind a proxy that terminates TLS.

use std::{io, net::SocketAddr, path::Path, sync::Arc, time::Duration};

use tokio::{
    net::{TcpListener, TcpStream},
    sync::mpsc,
};
use tokio_rustls::{server::TlsStream, TlsAcceptor};

/// The server's TLS configuration from PEM files: the certificate chain
/// and its private key.
pub fn config(cert: &Path, key: &Path) -> Result<Arc<rustls::ServerConfig>, String> {
    let read = |path: &Path| {
        std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
    };
    let certs = rustls_pemfile::certs(&mut read(cert)?.as_slice())
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| format!("{}: not a PEM certificate chain: {e}", cert.display()))?;
    if certs.is_empty() {
        return Err(format!("{}: no certificate in it", cert.display()));
    }
    let key_der = rustls_pemfile::private_key(&mut read(key)?.as_slice())
        .map_err(|e| format!("{}: not a PEM private key: {e}", key.display()))?
        .ok_or_else(|| format!("{}: no private key in it", key.display()))?;
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let mut config = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| e.to_string())?
        .with_no_client_auth()
        .with_single_cert(certs, key_der)
        .map_err(|e| format!("the certificate and the key do not go together: {e}"))?;
    config.alpn_protocols = vec![b"http/1.1".to_vec()];
    Ok(Arc::new(config))
}

/// A TCP listener whose connections are TLS streams once their handshake
/// is done.
pub struct TlsListener {
    ready: mpsc::Receiver<(TlsStream<TcpStream>, SocketAddr)>,
}

/// How long a client has to finish its handshake.
const HANDSHAKE: Duration = Duration::from_secs(10);

impl TlsListener {
    /// Accepts on `listener`, completing handshakes with `config`.
    pub fn new(
        listener: TcpListener,
        config: Arc<rustls::ServerConfig>,
    ) -> io::Result<TlsListener> {
        let acceptor = TlsAcceptor::from(config);
        let (tx, ready) = mpsc::channel(64);
        tokio::spawn(async move {
            loop {
                let (tcp, addr) = match listener.accept().await {
                    Ok(c) => c,
                    Err(e) => {
                        tracing::warn!(error = %e, "accept");
                        tokio::time::sleep(Duration::from_millis(50)).await;
                        continue;
                    }
                };
                if tx.is_closed() {
                    break;
                }
                // no Nagle (see serve.rs)
                let _ = tcp.set_nodelay(true);
                let acceptor = acceptor.clone();
                let ready = tx.clone();
                tokio::spawn(async move {
                    match tokio::time::timeout(HANDSHAKE, acceptor.accept(tcp)).await {
                        Ok(Ok(stream)) => {
                            let _ = ready.send((stream, addr)).await;
                        }
                        Ok(Err(e)) => tracing::debug!(%addr, error = %e, "TLS handshake failed"),
                        Err(_) => tracing::debug!(%addr, "TLS handshake timed out"),
                    }
                });
            }
        });
        Ok(TlsListener { ready })
    }
}

impl TlsListener {
    /// The next connection whose handshake is complete.
    pub async fn accept(&mut self) -> (TlsStream<TcpStream>, SocketAddr) {
        match self.ready.recv().await {
            Some(connection) => connection,
            // the accepting task ended: no more connections
            None => std::future::pending().await,
        }
    }
}
