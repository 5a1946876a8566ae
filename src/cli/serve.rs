//! `serve`: a local web page and its JSON API, on axum over tokio.
//!
//! Why axum: it is the HTTP framework the tokio project keeps, built on hyper (the most used
//! Rust HTTP implementation), with body limits, multipart and graceful shutdown built in; with
//! its default features off it adds little to the build (HTTP/1 only, no JSON or form layers:
//! the JSON is the CLI's own, built by [`super::report`]).
//!
//! The page ([`page`]) is plain HTML, CSS and JS embedded in the binary: no CDN, no request
//! anywhere else. The API ([`api`]): `POST /api/solve` answers with the object `solve --format
//! json` prints plus `overlay_png` (base64), `POST /api/hint` with the hint sequence `hint
//! --all --format json` prints, `GET /api/health`. Limits: the body size, the CLI's pixel
//! limits before decoding, a time limit per request, a bound on solves at once and on those
//! waiting (beyond it: 503). Every answer carries a CSP and nosniff header. Off loopback, a
//! random token (printed in the URL) is required on every request. Nothing is written to disk.

mod api;
mod b64;
mod page;

use super::args::ServeArgs;
use super::exit::{Code, diag};
use axum::Router;
use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::routing::{get, post};
use snapsolve::answer::ImageOptions;
use std::io::Write;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

/// The tunables of the server.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// Largest request body, in bytes. Default 26214400 (25 MiB).
    pub max_body_bytes: usize,
    /// Time limit of one request, in milliseconds (waiting in the queue included); past it
    /// the answer is 504. Default 30000.
    pub request_timeout_ms: u64,
    /// Screenshots solved at once (0: one per core). Default 0.
    pub jobs: usize,
    /// Requests that may wait for a solver beyond those solving; more get 503. Default 32.
    pub queue: usize,
}

impl Default for ServeOptions {
    fn default() -> Self {
        ServeOptions {
            max_body_bytes: 25 << 20,
            request_timeout_ms: 30_000,
            jobs: 0,
            queue: 32,
        }
    }
}

/// What every request handler shares.
pub struct AppState {
    /// The server's tunables.
    pub opts: ServeOptions,
    /// Reading and solving options (the CLI's defaults, its pixel limits included).
    pub image: ImageOptions,
    /// Admission: solving plus waiting; a request that finds none free gets 503.
    pub admitted: Arc<Semaphore>,
    /// Solving at once.
    pub solving: Arc<Semaphore>,
    /// The access token required off loopback.
    pub token: Option<String>,
}

/// The name of the cookie that carries the access token after the first page load.
const TOKEN_COOKIE: &str = "snapsolve_token";

/// `serve`: binds, prints the URL, serves until Ctrl+C.
pub fn run_serve(a: &ServeArgs) -> Code {
    let opts = ServeOptions {
        jobs: a.jobs,
        ..ServeOptions::default()
    };
    let ip: IpAddr = match a.host.parse() {
        Ok(ip) => ip,
        Err(_) => {
            diag(format!("--host {}: not an IP address", a.host));
            return Code::Usage;
        }
    };
    let jobs = match opts.jobs {
        0 => std::thread::available_parallelism().map_or(2, |n| n.get()),
        n => n,
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .max_blocking_threads(jobs)
        .enable_all()
        .build();
    let runtime = match runtime {
        Ok(r) => r,
        Err(e) => {
            diag(format!("cannot start the server: {e}"));
            return Code::Internal;
        }
    };
    let token = (!ip.is_loopback()).then(random_token);
    let state = Arc::new(AppState {
        admitted: Arc::new(Semaphore::new(jobs + opts.queue)),
        solving: Arc::new(Semaphore::new(jobs)),
        image: ImageOptions::default(),
        token,
        opts,
    });
    runtime.block_on(serve(SocketAddr::new(ip, a.port), state, a.open))
}

/// Binds, prints the URL (and opens it when asked), serves until Ctrl+C.
async fn serve(addr: SocketAddr, state: Arc<AppState>, open: bool) -> Code {
    let listener = match tokio::net::TcpListener::bind(addr).await {
        Ok(l) => l,
        Err(e) => {
            diag(format!("cannot listen on {addr}: {e}"));
            return Code::Io;
        }
    };
    let bound = listener.local_addr().unwrap_or(addr);
    let url = match &state.token {
        Some(t) => format!("http://{bound}/?token={t}"),
        None => format!("http://{bound}/"),
    };
    // Written without println!: a closed stdout must not stop the server.
    let mut lines = format!("snapsolve: serving on {url} (Ctrl+C stops)\n");
    if bound.ip().is_unspecified()
        && let Some(lan) = lan_ip()
    {
        let query = state
            .token
            .as_ref()
            .map_or(String::new(), |t| format!("?token={t}"));
        lines += &format!(
            "snapsolve: from this network: http://{}/{query}\n",
            SocketAddr::new(lan, bound.port())
        );
    }
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(lines.as_bytes()).and_then(|_| out.flush());
    drop(out);
    if open {
        open_browser(&url);
    }
    let app = router(state);
    let shutdown = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    match axum::serve(listener, app)
        .with_graceful_shutdown(shutdown)
        .await
    {
        Ok(()) => Code::Ok,
        Err(e) => {
            diag(format!("server error: {e}"));
            Code::Io
        }
    }
}

/// The routes, the body limit and the headers and token check on every answer.
pub fn router(state: Arc<AppState>) -> Router {
    Router::new()
        .route("/", get(page::index))
        .route("/app.js", get(page::script))
        .route("/style.css", get(page::style))
        .route("/api/health", get(api::health))
        .route("/api/solve", post(api::solve))
        .route("/api/hint", post(api::hint))
        .fallback(api::not_found)
        .layer(DefaultBodyLimit::max(state.opts.max_body_bytes))
        .layer(middleware::from_fn_with_state(state.clone(), guard))
        .with_state(state)
}

/// The token check (off loopback) and the security headers on every answer.
async fn guard(State(state): State<Arc<AppState>>, req: Request, next: Next) -> Response {
    let mut set_cookie = None;
    if let Some(want) = &state.token {
        let from_query = query_token(req.uri().query());
        let ok = [from_query.as_deref(), cookie_token(&req).as_deref()]
            .iter()
            .any(|t| t.is_some_and(|t| constant_time_eq(t.as_bytes(), want.as_bytes())));
        if !ok {
            return api::error(
                StatusCode::UNAUTHORIZED,
                Code::Usage,
                "the access token printed with the URL is required",
            );
        }
        if from_query.is_some() {
            set_cookie = Some(format!(
                "{TOKEN_COOKIE}={want}; Path=/; HttpOnly; SameSite=Strict"
            ));
        }
    }
    let mut res = next.run(req).await;
    let h = res.headers_mut();
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static("default-src 'self'; img-src 'self' data: blob:"),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    if let Some(c) = set_cookie.and_then(|c| HeaderValue::from_str(&c).ok()) {
        h.insert(header::SET_COOKIE, c);
    }
    res
}

/// The `token=` parameter of a query string.
fn query_token(query: Option<&str>) -> Option<String> {
    query?
        .split('&')
        .find_map(|kv| kv.strip_prefix("token="))
        .map(str::to_string)
}

/// The token cookie of a request.
fn cookie_token(req: &Request) -> Option<String> {
    req.headers()
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .find_map(|kv| {
            kv.trim()
                .strip_prefix(&format!("{TOKEN_COOKIE}="))
                .map(str::to_string)
        })
}

/// Compares without stopping at the first difference (no timing hint of the token).
fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// 128 random bits as hex, from the standard library's OS-seeded hasher keys.
fn random_token() -> String {
    use std::hash::{BuildHasher, Hasher};
    (0..2)
        .map(|k| {
            let mut h = std::collections::hash_map::RandomState::new().build_hasher();
            h.write_u64(k);
            h.write_u128(
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_nanos()),
            );
            format!("{:016x}", h.finish())
        })
        .collect()
}

/// This machine's address on the local network (the one a phone would reach): the source
/// address of a UDP socket pointed at a documentation address (nothing is sent).
fn lan_ip() -> Option<IpAddr> {
    let s = std::net::UdpSocket::bind("0.0.0.0:0").ok()?;
    s.connect("192.0.2.1:9").ok()?;
    let ip = s.local_addr().ok()?.ip();
    (!ip.is_unspecified() && !ip.is_loopback()).then_some(ip)
}

/// Opens the URL in the default browser (best effort: a failure is one line).
fn open_browser(url: &str) {
    let cmd = if cfg!(target_os = "macos") {
        std::process::Command::new("open").arg(url).spawn()
    } else if cfg!(windows) {
        std::process::Command::new("cmd")
            .args(["/C", "start", "", url])
            .spawn()
    } else {
        std::process::Command::new("xdg-open").arg(url).spawn()
    };
    if let Err(e) = cmd {
        diag(format!("cannot open a browser ({e}); open {url}"));
    }
}

/// The per-request time limit.
fn request_timeout(state: &AppState) -> Duration {
    Duration::from_millis(state.opts.request_timeout_ms)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn documented_defaults() {
        let d = ServeOptions::default();
        assert_eq!(d.max_body_bytes, 26_214_400);
        assert_eq!(d.request_timeout_ms, 30_000);
        assert_eq!(d.jobs, 0);
        assert_eq!(d.queue, 32);
    }

    #[test]
    fn tokens_are_random_hex_and_found() {
        let (a, b) = (random_token(), random_token());
        assert_eq!(a.len(), 32);
        assert!(a.chars().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
        assert_eq!(query_token(Some("x=1&token=ab")), Some("ab".into()));
        assert_eq!(query_token(Some("x=1")), None);
        assert!(constant_time_eq(b"ab", b"ab"));
        assert!(!constant_time_eq(b"ab", b"ac"));
        assert!(!constant_time_eq(b"ab", b"abc"));
    }
}
