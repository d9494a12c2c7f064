//! HTTPS when the server is given a certificate and a key: a client that
//! trusts the certificate talks to the API; plain HTTP to the TLS port is
//! not answered as HTTP.

use std::sync::Arc;

use arbitre_laws::Language;
use arbitre_server::{
    app::Limits,
    serve::{Config, Server},
};
use arbitre_store::Batching;
use rustls::pki_types::{pem::PemObject, CertificateDer, ServerName};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

#[tokio::test]
async fn the_api_speaks_https_with_the_given_certificate() {
    let dir = tempfile::tempdir().unwrap();
    let certified = rcgen::generate_simple_self_signed(vec!["localhost".into()]).unwrap();
    let cert_pem = certified.cert.pem();
    let cert_path = dir.path().join("cert.pem");
    let key_path = dir.path().join("key.pem");
    std::fs::write(&cert_path, &cert_pem).unwrap();
    std::fs::write(&key_path, certified.signing_key.serialize_pem()).unwrap();
    let server = Server::start(Config {
        listen: "127.0.0.1:0".parse().unwrap(),
        db: format!("sqlite://{}/arbitre.db", dir.path().display()),
        organiser_token: Some("organiser".into()),
        lang: Language::En,
        arbiter_key: None,
        batching: Batching::AsSoonAsFree,
        limits: Limits::default(),
        node: "local".into(),
        advertise: None,
        lease: std::time::Duration::from_secs(5),
        clock: None,
        tls: Some((cert_path, key_path)),
        signer: None,
        connections: Default::default(),
    })
    .await
    .unwrap();
    let address = server.address;
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let running = tokio::spawn(server.run(async {
        let _ = stopped.await;
    }));

    let mut roots = rustls::RootCertStore::empty();
    roots
        .add(CertificateDer::from_pem_slice(cert_pem.as_bytes()).unwrap())
        .unwrap();
    let config = rustls::ClientConfig::builder_with_provider(Arc::new(
        rustls::crypto::ring::default_provider(),
    ))
    .with_safe_default_protocol_versions()
    .unwrap()
    .with_root_certificates(roots)
    .with_no_client_auth();
    let connector = tokio_rustls::TlsConnector::from(Arc::new(config));
    let tcp = tokio::net::TcpStream::connect(address).await.unwrap();
    let mut tls = connector
        .connect(ServerName::try_from("localhost").unwrap(), tcp)
        .await
        .unwrap();
    tls.write_all(b"GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let mut answer = String::new();
    tls.read_to_string(&mut answer).await.unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.ends_with("\"ok\":true}"), "{answer}");

    // plain HTTP on the TLS port gets no HTTP answer
    let mut plain = tokio::net::TcpStream::connect(address).await.unwrap();
    plain
        .write_all(b"GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let mut bytes = Vec::new();
    let _ = plain.read_to_end(&mut bytes).await;
    assert!(!String::from_utf8_lossy(&bytes).contains("200 OK"));

    stop.send(()).unwrap();
    running.await.unwrap().unwrap();
}
