//! A `snapsolve serve` started for a test (the built binary on port 0; the URL it prints tells
//! the port and the token) and a few lines of HTTP/1.1 over a `TcpStream` to talk to it (and
//! to a WebDriver server).
#![allow(dead_code)]

use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A running server, stopped when dropped.
pub struct Server {
    child: Child,
    /// `127.0.0.1:PORT`.
    pub addr: String,
    /// The access token printed in the URL (off loopback).
    pub token: Option<String>,
}

impl Server {
    /// The server's resident memory in KiB (Linux `/proc`), if known.
    pub fn rss_kib(&self) -> Option<u64> {
        std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .ok()?
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))?
            .trim()
            .trim_end_matches("kB")
            .trim()
            .parse()
            .ok()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `snapsolve serve --port 0` with more arguments.
pub fn start(extra: &[&str]) -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_snapsolve"))
        .args(["serve", "--port", "0"])
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("serve starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut line)
        .expect("the URL line");
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap_or_else(|| panic!("no URL in {line:?}"));
    let rest = url.trim_start_matches("http://");
    let (hostport, query) = rest.split_once('/').expect("a path");
    let token = query
        .strip_prefix("?token=")
        .map(str::to_string)
        .filter(|t| !t.is_empty());
    let port = hostport.rsplit_once(':').expect("a port").1;
    Server {
        child,
        addr: format!("127.0.0.1:{port}"),
        token,
    }
}

/// An HTTP answer: status and body.
pub struct Answer {
    /// The status code.
    pub status: u16,
    /// The body.
    pub body: Vec<u8>,
}

impl Answer {
    /// The body as JSON.
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|e| {
            panic!("{e}: {}", String::from_utf8_lossy(&self.body));
        })
    }
}

/// Sends one request (`Connection: close`) to `addr` and reads the whole answer.
pub fn request(
    addr: &str,
    method: &str,
    path: &str,
    headers: &[(&str, String)],
    body: &[u8],
) -> Answer {
    let mut stream = TcpStream::connect(addr).expect("connects");
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Length: {}\r\n",
        addr,
        body.len()
    );
    for (k, v) in headers {
        head += &format!("{k}: {v}\r\n");
    }
    head += "\r\n";
    // A refused body may close the connection before it is all sent: the answer still comes.
    let _ = stream
        .write_all(head.as_bytes())
        .and_then(|_| stream.write_all(body));
    read_answer(stream)
}

/// Reads a whole answer (the server closes the connection).
pub fn read_answer(mut stream: TcpStream) -> Answer {
    let mut raw = Vec::new();
    let mut buf = [0u8; 64 << 10];
    // Up to the end of the stream, or of the body its Content-Length announces (a server may
    // keep the connection open).
    loop {
        if let Some(end) = answer_end(&raw)
            && raw.len() >= end
        {
            break;
        }
        match stream.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => raw.extend_from_slice(&buf[..n]),
        }
    }
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .unwrap_or_else(|| panic!("no answer head in {:?}", String::from_utf8_lossy(&raw)));
    let head = String::from_utf8_lossy(&raw[..split]).into_owned();
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .expect("a status");
    Answer {
        status,
        body: raw[split + 4..].to_vec(),
    }
}

/// Where an answer with a Content-Length ends, once its head is in.
fn answer_end(raw: &[u8]) -> Option<usize> {
    let split = raw.windows(4).position(|w| w == b"\r\n\r\n")?;
    let head = String::from_utf8_lossy(&raw[..split]).to_ascii_lowercase();
    let len: usize = head
        .lines()
        .find_map(|l| l.strip_prefix("content-length:"))?
        .trim()
        .parse()
        .ok()?;
    Some(split + 4 + len)
}
