//! E-mail delivery through a real SMTP conversation with a small SMTP server run by the test.

use std::sync::{Arc, Mutex};

use axum::http::StatusCode;
use serde_json::json;
use server::mail::Sender;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;

use crate::helpers::{OWNER_EMAIL, spawn_app};

/// Accepts SMTP sessions on a free port and keeps each message's DATA.
async fn fake_smtp_server() -> (u16, Arc<Mutex<Vec<String>>>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let port = listener.local_addr().expect("address").port();
    let received = Arc::new(Mutex::new(Vec::new()));
    let store = received.clone();
    tokio::spawn(async move {
        while let Ok((socket, _)) = listener.accept().await {
            let store = store.clone();
            tokio::spawn(async move {
                let (read, mut write) = socket.into_split();
                let mut lines = BufReader::new(read).lines();
                let _ = write.write_all(b"220 test ESMTP\r\n").await;
                let mut data: Option<String> = None;
                while let Ok(Some(line)) = lines.next_line().await {
                    if let Some(body) = data.as_mut() {
                        if line == "." {
                            store.lock().expect("lock").push(std::mem::take(body));
                            data = None;
                            let _ = write.write_all(b"250 queued\r\n").await;
                        } else {
                            body.push_str(&line);
                            body.push('\n');
                        }
                        continue;
                    }
                    let verb = line
                        .split_whitespace()
                        .next()
                        .unwrap_or("")
                        .to_ascii_uppercase();
                    let reply: &[u8] = match verb.as_str() {
                        "EHLO" | "HELO" => b"250-test\r\n250 8BITMIME\r\n",
                        "DATA" => {
                            data = Some(String::new());
                            b"354 go ahead\r\n"
                        }
                        "QUIT" => {
                            let _ = write.write_all(b"221 bye\r\n").await;
                            break;
                        }
                        _ => b"250 ok\r\n",
                    };
                    let _ = write.write_all(reply).await;
                }
            });
        }
    });
    (port, received)
}

#[tokio::test]
async fn queued_mail_is_sent_once_over_smtp_and_marked_sent() {
    let app = spawn_app().await;
    let (port, received) = fake_smtp_server().await;
    let reply = app
        .post("/api/auth/forgot_password")
        .json(&json!({"email": OWNER_EMAIL}))
        .send()
        .await;
    assert_eq!(reply.status, StatusCode::OK);
    let sender = Sender::new(
        &format!("smtp://127.0.0.1:{port}"),
        "Storeloom <no-reply@storeloom.dev>",
    )
    .expect("sender");
    assert_eq!(
        sender
            .deliver_pending(&app.state.db)
            .await
            .expect("deliver"),
        1
    );
    // A second pass finds nothing left to send.
    assert_eq!(
        sender
            .deliver_pending(&app.state.db)
            .await
            .expect("deliver"),
        0
    );
    let messages = received.lock().expect("lock").clone();
    assert_eq!(messages.len(), 1);
    assert!(
        messages[0].contains("Subject: Reset your Storeloom password"),
        "{}",
        messages[0]
    );
    assert!(messages[0].contains("To: owner@storeloom.dev"));
    let (sent_at,): (Option<i64>,) = sqlx::query_as("SELECT sent_at FROM outbox")
        .fetch_one(&app.state.db)
        .await
        .expect("row");
    assert!(sent_at.is_some());
}

#[tokio::test]
async fn a_refused_delivery_is_recorded_and_kept_for_a_later_try() {
    let app = spawn_app().await;
    app.post("/api/auth/forgot_password")
        .json(&json!({"email": OWNER_EMAIL}))
        .send()
        .await;
    // Nothing listens on this port: the connection is refused.
    let port = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
        listener.local_addr().expect("address").port()
    };
    let sender = Sender::new(
        &format!("smtp://127.0.0.1:{port}"),
        "no-reply@storeloom.dev",
    )
    .expect("sender");
    assert_eq!(
        sender
            .deliver_pending(&app.state.db)
            .await
            .expect("deliver"),
        0
    );
    let (attempts, error, sent): (i64, Option<String>, Option<i64>) =
        sqlx::query_as("SELECT attempts, last_error, sent_at FROM outbox")
            .fetch_one(&app.state.db)
            .await
            .expect("row");
    assert_eq!(attempts, 1);
    assert!(error.is_some());
    assert!(sent.is_none());
}

#[test]
fn a_bad_smtp_url_or_sender_is_refused_at_start() {
    assert!(Sender::new("ftp://nowhere", "no-reply@storeloom.dev").is_err());
    assert!(Sender::new("smtp://127.0.0.1:25", "not an address").is_err());
}
