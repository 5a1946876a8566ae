//! `snapsolve serve` over loopback: every fixture through `POST /api/solve` equals the CLI's
//! JSON (timings aside), the faults (empty body, malformed multipart, a decompression bomb, an
//! oversized body, a client gone mid-upload) each get their 4xx while the server keeps
//! answering, the token off loopback, and a bounded load test.
//!
//! The server runs as the built binary on port 0 (the URL it prints tells the port); the
//! client is a few lines of HTTP/1.1 over a `TcpStream`.

#[path = "support/http.rs"]
mod http;

use http::{Answer, Server, request, start};
use serde_json::Value;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

fn post_image(s: &Server, path: &str, bytes: &[u8]) -> Answer {
    request(
        &s.addr,
        "POST",
        path,
        &[("Content-Type", "image/png".into())],
        bytes,
    )
}

fn fixtures() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("fixtures")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "png"))
        .collect();
    v.sort();
    v
}

/// A JSON answer without what differs between runs or ways in: timings, the name, the images.
fn comparable(mut v: Value) -> Value {
    if let Some(m) = v.as_object_mut() {
        for k in [
            "file",
            "stage_ms",
            "timings_us",
            "overlay_png",
            "before_png",
        ] {
            m.remove(k);
        }
    }
    v
}

#[test]
fn every_fixture_answers_as_the_cli_does() {
    let s = start(&["-j", "2"]);
    let files = fixtures();
    assert!(files.len() >= 10, "{files:?}");
    let cli = Command::new(env!("CARGO_BIN_EXE_snapsolve"))
        .args(["solve", "--format", "json", "-j", "2"])
        .args(&files)
        .output()
        .expect("solve runs");
    let lines: Vec<Value> = String::from_utf8_lossy(&cli.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert_eq!(lines.len(), files.len());
    for (f, want) in files.iter().zip(lines) {
        let bytes = std::fs::read(f).expect("fixture");
        let a = post_image(&s, "/api/solve", &bytes);
        let got = a.json();
        let expected_status = if want.get("error").is_some() {
            422
        } else {
            200
        };
        assert_eq!(a.status, expected_status, "{}", f.display());
        if want.get("solution").is_some() || want.get("outcome").is_some() {
            let png = got["overlay_png"].as_str().expect("overlay_png");
            assert!(png.starts_with("iVBORw0KGgo"), "{}: not a PNG", f.display());
        }
        let mut got = comparable(got);
        if want.get("error").is_some() {
            got.as_object_mut().expect("object").remove("error_kind");
        }
        assert_eq!(got, comparable(want), "{}", f.display());
    }
    // The same image as a multipart field gives the same answer.
    let bytes = std::fs::read(&files[0]).expect("fixture");
    let raw = comparable(post_image(&s, "/api/solve", &bytes).json());
    let form = multipart_request(&s, "/api/solve", &bytes);
    assert_eq!(form.status, 200);
    let form = form.json();
    assert_eq!(form["file"], "shot.png");
    assert_eq!(comparable(form), raw);
}

fn multipart_request(s: &Server, path: &str, bytes: &[u8]) -> Answer {
    let name = "shot.png";
    let mut body = format!(
        "--XyZ\r\nContent-Disposition: form-data; name=\"image\"; filename=\"{name}\"\r\n\
         Content-Type: image/png\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(bytes);
    body.extend_from_slice(b"\r\n--XyZ--\r\n");
    request(
        &s.addr,
        "POST",
        path,
        &[("Content-Type", "multipart/form-data; boundary=XyZ".into())],
        &body,
    )
}

/// A PNG that claims 60000x60000 pixels in a few dozen bytes.
fn bomb_png() -> Vec<u8> {
    fn chunk(out: &mut Vec<u8>, kind: &[u8], data: &[u8]) {
        out.extend_from_slice(&(data.len() as u32).to_be_bytes());
        out.extend_from_slice(kind);
        out.extend_from_slice(data);
        out.extend_from_slice(&crc32([kind, data].concat().as_slice()).to_be_bytes());
    }
    let mut ihdr = Vec::new();
    ihdr.extend_from_slice(&60_000u32.to_be_bytes());
    ihdr.extend_from_slice(&60_000u32.to_be_bytes());
    ihdr.extend_from_slice(&[8, 2, 0, 0, 0]);
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    chunk(&mut png, b"IHDR", &ihdr);
    // A stored (uncompressed) zlib block of zeros: enough for the header check.
    chunk(
        &mut png,
        b"IDAT",
        &[0x78, 0x01, 0x01, 0x04, 0x00, 0xfb, 0xff, 0, 0, 0, 0],
    );
    chunk(&mut png, b"IEND", &[]);
    png
}

fn crc32(data: &[u8]) -> u32 {
    let mut c = !0u32;
    for &b in data {
        c ^= u32::from(b);
        for _ in 0..8 {
            c = if c & 1 == 1 {
                (c >> 1) ^ 0xedb8_8320
            } else {
                c >> 1
            };
        }
    }
    !c
}

fn health_ok(s: &Server) {
    let a = request(&s.addr, "GET", "/api/health", &[], b"");
    assert_eq!(a.status, 200);
    assert_eq!(a.json()["status"], "ok");
}

#[test]
fn faults_get_their_4xx_and_the_server_keeps_answering() {
    let s = start(&["-j", "1"]);
    let tango = std::fs::read(&fixtures()[fixtures().len() - 1]).expect("fixture");
    // A 0-byte body.
    let a = post_image(&s, "/api/solve", b"");
    assert_eq!(a.status, 400);
    assert_eq!(a.json()["error_kind"], "bad_input");
    health_ok(&s);
    // A malformed multipart (the part never ends).
    let a = request(
        &s.addr,
        "POST",
        "/api/solve",
        &[("Content-Type", "multipart/form-data; boundary=XX".into())],
        b"--XX\r\nContent-Disposition: form-data; name=\"image\"\r\n\r\nabc",
    );
    assert_eq!(a.status, 400, "{}", String::from_utf8_lossy(&a.body));
    health_ok(&s);
    // A decompression bomb: refused from its header, before decoding.
    let t = Instant::now();
    let a = post_image(&s, "/api/solve", &bomb_png());
    assert_eq!(a.status, 422, "{}", String::from_utf8_lossy(&a.body));
    assert!(a.json()["error"].as_str().unwrap().contains("too large"));
    assert!(t.elapsed() < Duration::from_secs(5));
    // Not an image.
    assert_eq!(post_image(&s, "/api/solve", b"tango 4x4\n").status, 415);
    // A 100 MB body: 413 without reading it all.
    let big = vec![0u8; 100 << 20];
    let a = post_image(&s, "/api/solve", &big);
    assert_eq!(a.status, 413);
    drop(big);
    // A client that disconnects mid-upload.
    {
        let mut stream = TcpStream::connect(&s.addr).expect("connects");
        let head = "POST /api/solve HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n\r\n";
        stream.write_all(head.as_bytes()).unwrap();
        stream.write_all(&tango[..1000]).unwrap();
    }
    // An unknown path.
    assert_eq!(request(&s.addr, "GET", "/nope", &[], b"").status, 404);
    // Still answering, correctly.
    health_ok(&s);
    let a = post_image(&s, "/api/solve", &tango);
    assert_eq!(a.status, 200);
    assert_eq!(a.json()["outcome"], "unique");
}

#[test]
fn pages_carry_the_security_headers_and_the_token_is_required_off_loopback() {
    let s = start(&["--host", "0.0.0.0"]);
    let token = s.token.clone().expect("a token in the URL");
    assert_eq!(token.len(), 32);
    assert_eq!(request(&s.addr, "GET", "/api/health", &[], b"").status, 401);
    assert_eq!(
        request(&s.addr, "GET", "/?token=wrong", &[], b"").status,
        401
    );
    let page = request(&s.addr, "GET", &format!("/?token={token}"), &[], b"");
    assert_eq!(page.status, 200);
    let html = String::from_utf8_lossy(&page.body);
    assert!(html.contains("accept=\"image/*\""), "{html}");
    let cookie = ("Cookie", format!("snapsolve_token={token}"));
    for path in ["/app.js", "/style.css", "/api/health"] {
        let a = request(&s.addr, "GET", path, std::slice::from_ref(&cookie), b"");
        assert_eq!(a.status, 200, "{path}");
    }
    // The headers, on loopback too.
    let local = start(&[]);
    assert!(local.token.is_none());
    let mut stream = TcpStream::connect(&local.addr).unwrap();
    stream
        .write_all(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .unwrap();
    let mut raw = String::new();
    let _ = stream.read_to_string(&mut raw);
    let head = raw.to_ascii_lowercase();
    assert!(
        head.contains("content-security-policy: default-src 'self'"),
        "{head}"
    );
    assert!(head.contains("x-content-type-options: nosniff"), "{head}");
    assert!(
        !raw.contains("https://"),
        "the page fetches nothing from elsewhere"
    );
}

#[test]
fn hints_step_through_the_solve() {
    let s = start(&[]);
    let f = fixtures()
        .into_iter()
        .find(|p| p.to_string_lossy().contains("tango-6x6-light-none-raw.png"))
        .expect("fixture");
    let a = post_image(&s, "/api/hint", &std::fs::read(f).unwrap());
    assert_eq!(a.status, 200, "{}", String::from_utf8_lossy(&a.body));
    let v = a.json();
    assert!(v["steps"].as_array().unwrap().len() >= 3, "{v}");
    assert!(v["grid"]["cell_w"].as_f64().unwrap() > 5.0);
    assert_eq!(v["complete"], true);
}

#[test]
fn load_eight_clients_at_once() {
    let s = start(&["-j", "2"]);
    let files = fixtures();
    let tango = files
        .iter()
        .find(|p| p.to_string_lossy().contains("tango-6x6-light-none-raw.png"))
        .expect("fixture");
    let bytes = std::fs::read(tango).unwrap();
    let want = comparable(post_image(&s, "/api/solve", &bytes).json());
    assert_eq!(want["outcome"], "unique");
    let round = |per_client: usize| {
        std::thread::scope(|sc| {
            for _ in 0..8 {
                sc.spawn(|| {
                    for _ in 0..per_client {
                        let a = post_image(&s, "/api/solve", &bytes);
                        assert_eq!(a.status, 200);
                        assert_eq!(comparable(a.json()), want);
                    }
                });
            }
        })
    };
    // A warm-up round, then the measured one: memory after within 10% of before.
    round(5);
    let before = s.rss_kib();
    let t = Instant::now();
    round(200);
    assert!(t.elapsed() < Duration::from_secs(240), "{:?}", t.elapsed());
    let after = s.rss_kib();
    eprintln!(
        "load: 8 x 200 requests in {:?}; RSS {before:?} -> {after:?} KiB",
        t.elapsed()
    );
    if let (Some(b), Some(a)) = (before, after) {
        assert!(a <= b + b / 10, "memory grew from {b} to {a} KiB");
    }
    health_ok(&s);
}
