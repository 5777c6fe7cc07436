//! A server that must never be reached: it records every connection and every request line it
//! gets, so a test can prove that the browsing policy let nothing through to it.

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;

#[derive(Default, Debug, Clone)]
pub struct Heard {
    /// Connections accepted (a preconnect opens one without sending a request).
    pub connections: usize,
    /// The request lines received (`GET /img.png?… HTTP/1.1`).
    pub requests: Vec<String>,
}

pub struct Sink {
    pub addr: SocketAddr,
    heard: Arc<Mutex<Heard>>,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for Sink {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl Sink {
    /// Listens on `host`:0.
    pub async fn start(host: &str) -> std::io::Result<Sink> {
        let listener = TcpListener::bind((host, 0)).await?;
        let addr = listener.local_addr()?;
        let heard: Arc<Mutex<Heard>> = Arc::default();
        let log = heard.clone();
        let task = tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                if let Ok(mut h) = log.lock() {
                    h.connections += 1;
                }
                let log = log.clone();
                tokio::spawn(async move {
                    let mut reader = BufReader::new(stream);
                    loop {
                        let mut line = String::new();
                        if reader.read_line(&mut line).await.unwrap_or(0) == 0 {
                            return;
                        }
                        if let Ok(mut h) = log.lock() {
                            h.requests.push(line.trim_end().to_string());
                        }
                        // Skip the headers, then answer so a request that got through completes.
                        loop {
                            let mut header = String::new();
                            if reader.read_line(&mut header).await.unwrap_or(0) == 0 {
                                return;
                            }
                            if header == "\r\n" || header == "\n" {
                                break;
                            }
                        }
                        let reply = b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 2\r\nAccess-Control-Allow-Origin: *\r\n\r\nok";
                        if reader.get_mut().write_all(reply).await.is_err() {
                            return;
                        }
                    }
                });
            }
        });
        Ok(Sink { addr, heard, task })
    }

    /// `http://addr`.
    pub fn origin(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// What it has heard so far.
    pub fn heard(&self) -> Heard {
        self.heard.lock().map(|h| h.clone()).unwrap_or_default()
    }
}
