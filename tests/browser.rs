//! The page in a real browser: headless Chromium driven through WebDriver (Debian's `chromium`
//! and `chromium-driver`; `.ci/run` installs them). One session, three ways in:
//!
//! 1. paste: a synthetic `paste` event carrying a fixture screenshot;
//! 2. pick: the file input given a file;
//! 3. hints: three presses of the Hint button.
//!
//! Each asserts the overlay appears and the solution text equals `snapsolve solve` on the same
//! file (the hints: each step highlighted), and saves a screenshot of the page to
//! `target/browser/` (kept, pass or fail). `SNAPSOLVE_BLESS=1` also writes the paste picture to
//! `docs/img/serve-page.png` for the README.
//!
//! Without chromedriver the test says so and returns; under CI (`CI=true`, where `.ci/run`
//! installs it) a missing browser fails the test instead.
//!
//! The WebDriver client is the few lines of HTTP in `support/http.rs` (no client crate: the
//! protocol is JSON over HTTP).

#[path = "support/http.rs"]
mod http;

use serde_json::{Value, json};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// chromedriver, stopped when dropped.
struct Driver {
    child: Child,
    addr: String,
    session: String,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = http::request(
            &self.addr,
            "DELETE",
            &format!("/session/{}", self.session),
            &[],
            b"",
        );
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Driver {
    /// A WebDriver command; the `value` of its answer.
    fn cmd(&self, method: &str, path: &str, body: &Value) -> Value {
        let body = if method == "GET" {
            Vec::new()
        } else {
            body.to_string().into_bytes()
        };
        let a = http::request(
            &self.addr,
            method,
            &format!("/session/{}{path}", self.session),
            &[("Content-Type", "application/json".into())],
            &body,
        );
        let v = a.json();
        assert_eq!(a.status, 200, "{method} {path}: {v}");
        v["value"].clone()
    }

    /// Runs a script in the page (its `arguments` given); its return value.
    fn run(&self, script: &str, args: Value) -> Value {
        self.cmd(
            "POST",
            "/execute/sync",
            &json!({"script": script, "args": args}),
        )
    }

    /// Waits until a script returns true.
    fn wait_until(&self, what: &str, script: &str) {
        let deadline = Instant::now() + Duration::from_secs(30);
        while Instant::now() < deadline {
            if self.run(script, json!([])) == json!(true) {
                return;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        let status = self.run(
            "return document.getElementById('status').textContent",
            json!([]),
        );
        panic!("timed out waiting for {what}; status: {status}");
    }

    /// Saves a screenshot of the page.
    fn screenshot(&self, name: &str) -> PathBuf {
        let b64 = self.cmd("GET", "/screenshot", &json!({}));
        let png = b64_decode(b64.as_str().expect("base64"));
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/browser");
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(format!("{name}.png"));
        std::fs::write(&path, png).unwrap();
        eprintln!("browser: page screenshot {}", path.display());
        path
    }
}

/// chromedriver and a headless Chromium session, or why there is none.
fn driver() -> Result<Driver, String> {
    let exe = [
        "chromedriver",
        "/usr/bin/chromedriver",
        "/usr/lib/chromium/chromedriver",
    ]
    .into_iter()
    .find(|p| {
        Command::new(p)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
    })
    .ok_or("no chromedriver (apt-get install chromium chromium-driver)")?;
    let port = TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map_err(|e| e.to_string())?
        .port();
    let child = Command::new(exe)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("chromedriver: {e}"))?;
    let addr = format!("127.0.0.1:{port}");
    let deadline = Instant::now() + Duration::from_secs(20);
    while std::net::TcpStream::connect(&addr).is_err() {
        if Instant::now() > deadline {
            return Err("chromedriver did not start".into());
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let caps = json!({"capabilities": {"alwaysMatch": {"browserName": "chrome",
        "goog:chromeOptions": {"args": ["--headless=new", "--no-sandbox", "--disable-gpu",
            "--disable-dev-shm-usage", "--window-size=1000,1300"]}}}});
    let a = http::request(
        &addr,
        "POST",
        "/session",
        &[("Content-Type", "application/json".into())],
        caps.to_string().as_bytes(),
    );
    let v = a.json();
    let session = v["value"]["sessionId"].as_str().map(str::to_string);
    let mut child = child;
    match session {
        Some(session) => Ok(Driver {
            child,
            addr,
            session,
        }),
        None => {
            let _ = child.kill();
            let _ = child.wait();
            Err(format!("no browser session: {v}"))
        }
    }
}

fn b64_decode(s: &str) -> Vec<u8> {
    let val = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        _ => 63,
    };
    let bytes: Vec<u8> = s.bytes().filter(|&c| c != b'=' && c != b'\n').collect();
    let mut out = Vec::with_capacity(bytes.len() * 3 / 4);
    for chunk in bytes.chunks(4) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (k, &c)| n | (u32::from(val(c)) << (18 - 6 * k)));
        out.extend_from_slice(&n.to_be_bytes()[1..chunk.len()]);
    }
    out
}

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures")
        .join(name)
}

/// The solution `snapsolve solve --format json` prints for a file.
fn cli_solution(path: &Path) -> String {
    let o = Command::new(env!("CARGO_BIN_EXE_snapsolve"))
        .args(["solve", "--format", "json"])
        .arg(path)
        .output()
        .expect("solve runs");
    let v: Value = serde_json::from_slice(&o.stdout).expect("JSON");
    v["solution"].as_str().expect("a solution").to_string()
}

const OVERLAY_SHOWN: &str = "const r = document.getElementById('result'); \
    const i = document.getElementById('shot'); \
    return !r.hidden && i.src.startsWith('data:image/png') && i.complete && i.naturalWidth > 0;";

const SOLUTION_TEXT: &str = "const p = document.querySelector('#details pre'); \
    return p ? p.textContent : null;";

const PAGE_READY: &str = "return typeof submit === 'function' \
    && document.readyState === 'complete';";

const PASTE: &str = "const bin = atob(arguments[0]); const a = new Uint8Array(bin.length); \
    for (let k = 0; k < bin.length; k++) a[k] = bin.charCodeAt(k); \
    const f = new File([a], 'shot.png', {type: 'image/png'}); \
    const dt = new DataTransfer(); dt.items.add(f); \
    document.getElementById('shot').removeAttribute('src'); \
    document.dispatchEvent(new ClipboardEvent('paste', {clipboardData: dt, bubbles: true})); \
    return true;";

fn b64_encode(data: &[u8]) -> String {
    const A: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for c in data.chunks(3) {
        let n = c
            .iter()
            .enumerate()
            .fold(0u32, |n, (k, &b)| n | (u32::from(b) << (16 - 8 * k)));
        for k in 0..4 {
            out.push(if k <= c.len() {
                char::from(A[(n >> (18 - 6 * k)) as usize & 63])
            } else {
                '='
            });
        }
    }
    out
}

#[test]
fn the_page_solves_a_pasted_a_picked_screenshot_and_steps_through_hints() {
    let d = match driver() {
        Ok(d) => d,
        Err(why) => {
            assert!(std::env::var("CI").is_err(), "CI installs chromium: {why}");
            eprintln!("SKIPPED browser test: {why}");
            return;
        }
    };
    let server = http::start(&[]);
    d.cmd(
        "POST",
        "/url",
        &json!({"url": format!("http://{}/", server.addr)}),
    );

    // The page's script (deferred) must have run before anything is pasted: a paste that
    // arrives first goes nowhere.
    d.wait_until("the page script", PAGE_READY);

    // 1. Paste.
    let tango = fixture("tango-6x6-light-none-in-progress.png");
    let bytes = std::fs::read(&tango).unwrap();
    d.run(PASTE, json!([b64_encode(&bytes)]));
    d.wait_until("the pasted overlay", OVERLAY_SHOWN);
    let shot = d.screenshot("paste");
    assert_eq!(d.run(SOLUTION_TEXT, json!([])), json!(cli_solution(&tango)));
    if std::env::var_os("SNAPSOLVE_BLESS").is_some_and(|v| v == "1") {
        let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/img/serve-page.png");
        std::fs::copy(&shot, docs).unwrap();
    }

    // 2. Pick a file.
    let queens = fixture("queens-7x7-light-desktop-raw.png");
    d.run(
        "document.getElementById('shot').removeAttribute('src'); return true;",
        json!([]),
    );
    let input = d.cmd(
        "POST",
        "/element",
        &json!({"using": "css selector", "value": "#file"}),
    );
    let id = input
        .as_object()
        .and_then(|o| o.values().next())
        .and_then(Value::as_str)
        .expect("the file input")
        .to_string();
    d.cmd(
        "POST",
        &format!("/element/{id}/value"),
        &json!({"text": queens.to_string_lossy()}),
    );
    d.wait_until("the picked overlay", OVERLAY_SHOWN);
    d.screenshot("pick");
    assert_eq!(
        d.run(SOLUTION_TEXT, json!([])),
        json!(cli_solution(&queens))
    );

    // 3. Three hints, each highlighted on the screenshot.
    for k in 1..=3 {
        d.run(
            "document.getElementById('hint').click(); return true;",
            json!([]),
        );
        let want = format!(
            "const t = document.getElementById('hint-text').textContent; \
             return t.startsWith('Hint {k} of') && \
             document.querySelectorAll('#marks .mark.cell').length === 1;"
        );
        d.wait_until(&format!("hint {k}"), &want);
    }
    d.screenshot("hints");
}
