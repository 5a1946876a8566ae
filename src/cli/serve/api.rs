//! The JSON API: the uploaded image (raw body or multipart field `image`), the solve and hint
//! answers built by the CLI's own report functions, errors as JSON with the CLI's error kinds,
//! and the bounds every solve runs under (admission, solvers at once, the time limit).

use super::super::exit::Code;
use super::super::hint::image_hints_json;
use super::super::image::{image_error_json, read_plain, solve_read};
use super::super::report::image_report_json;
use super::{AppState, b64, request_timeout};
use axum::body::Bytes;
use axum::extract::{FromRequest, Multipart, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use image::RgbImage;
use serde_json::{Value, json};
use snapsolve::answer::{ImageOptions, draw_overlay};
use snapsolve::input::{InputKind, sniff};
use std::sync::Arc;
use std::time::Instant;

/// A JSON answer with a status.
fn json_response(status: StatusCode, v: &Value) -> Response {
    let mut res = (status, v.to_string()).into_response();
    res.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    res
}

/// An error answer: `{"error": message, "error_kind": the CLI code's name, "exit_code": the
/// code the CLI would exit with}`.
pub fn error(status: StatusCode, code: Code, msg: &str) -> Response {
    json_response(status, &error_fields(json!({"error": msg}), code))
}

/// Adds the error kind and the CLI's exit code to an error object.
fn error_fields(mut v: Value, code: Code) -> Value {
    v["error_kind"] = code.kind().into();
    v["exit_code"] = code.code().into();
    v
}

/// The HTTP status of a CLI outcome that gave no answer.
fn status_of(code: Code) -> StatusCode {
    match code {
        Code::Ok => StatusCode::OK,
        Code::Usage => StatusCode::BAD_REQUEST,
        Code::BadInput | Code::NoBoard | Code::NoSolution | Code::Several | Code::Uncertain => {
            StatusCode::UNPROCESSABLE_ENTITY
        }
        Code::Timeout => StatusCode::GATEWAY_TIMEOUT,
        Code::Internal | Code::Io | Code::CheckFailed => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

/// `GET /api/health`.
pub async fn health(State(state): State<Arc<AppState>>) -> Response {
    json_response(
        StatusCode::OK,
        &json!({
            "status": "ok",
            "version": env!("CARGO_PKG_VERSION"),
            "solvers_free": state.solving.available_permits(),
        }),
    )
}

/// Any other path.
pub async fn not_found() -> Response {
    error(StatusCode::NOT_FOUND, Code::Usage, "no such page")
}

/// The uploaded image and its name: the raw body (any type) or the multipart field `image`.
/// Refuses an empty body, a malformed multipart, an oversized body and anything but a PNG,
/// JPEG or WebP image.
async fn upload(req: Request) -> Result<(String, Bytes), Response> {
    let multipart = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/form-data"));
    let (name, bytes) = if multipart {
        multipart_image(req).await?
    } else {
        let bytes = Bytes::from_request(req, &())
            .await
            .map_err(|r| error(r.status(), Code::BadInput, &r.body_text()))?;
        ("upload".to_string(), bytes)
    };
    if bytes.is_empty() {
        return Err(error(
            StatusCode::BAD_REQUEST,
            Code::BadInput,
            "the body is empty: send a screenshot",
        ));
    }
    match sniff(&bytes) {
        InputKind::Image(_) => Ok((name, bytes)),
        InputKind::OtherImage(k) => Err(error(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Code::BadInput,
            &format!("a {k} image: send a PNG, JPEG or WebP screenshot"),
        )),
        InputKind::Text => Err(error(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Code::BadInput,
            "not a PNG, JPEG or WebP image",
        )),
    }
}

/// The field `image` of a multipart body.
async fn multipart_image(req: Request) -> Result<(String, Bytes), Response> {
    let bad = |status: StatusCode, msg: String| error(status, Code::BadInput, &msg);
    let mut form = Multipart::from_request(req, &())
        .await
        .map_err(|r| bad(r.status(), r.body_text()))?;
    loop {
        let field = form
            .next_field()
            .await
            .map_err(|e| bad(e.status(), e.body_text()))?;
        let Some(field) = field else {
            return Err(bad(
                StatusCode::BAD_REQUEST,
                "no multipart field `image`".into(),
            ));
        };
        if field.name() == Some("image") {
            let name = field.file_name().unwrap_or("upload").to_string();
            let bytes = field
                .bytes()
                .await
                .map_err(|e| bad(e.status(), e.body_text()))?;
            return Ok((name, bytes));
        }
    }
}

/// Runs blocking work under the bounds: a place in the queue (none free: 503), one of the
/// solvers, and the time limit (504; the work still holds its solver until it ends, so the
/// bound on work at once holds). A panic (a bug) is a 500.
async fn run_bounded<T: Send + 'static>(
    state: &Arc<AppState>,
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, Response> {
    let admitted = state.admitted.clone().try_acquire_owned().map_err(|_| {
        error(
            StatusCode::SERVICE_UNAVAILABLE,
            Code::Io,
            "busy: too many screenshots are waiting; try again shortly",
        )
    })?;
    let solving = state.solving.clone();
    let run = async move {
        let permit = solving.acquire_owned().await.ok()?;
        tokio::task::spawn_blocking(move || {
            let _held = (permit, admitted);
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(work)).ok()
        })
        .await
        .ok()
        .flatten()
    };
    match tokio::time::timeout(request_timeout(state), run).await {
        Err(_) => Err(error(
            StatusCode::GATEWAY_TIMEOUT,
            Code::Timeout,
            "the screenshot took longer than the time limit",
        )),
        Ok(None) => Err(error(
            StatusCode::INTERNAL_SERVER_ERROR,
            Code::Internal,
            "internal error (a bug): the solver failed on this input",
        )),
        Ok(Some(t)) => Ok(t),
    }
}

/// `POST /api/solve`: the object `solve --format json` prints, plus `overlay_png`.
pub async fn solve(State(state): State<Arc<AppState>>, req: Request) -> Response {
    let (name, bytes) = match upload(req).await {
        Ok(x) => x,
        Err(r) => return r,
    };
    let opts = state.image.clone();
    match run_bounded(&state, move || solve_json(&opts, &name, &bytes)).await {
        Ok((status, v)) => json_response(status, &v),
        Err(r) => r,
    }
}

/// `POST /api/hint`: the hint sequence `hint --all --format json` prints, plus `grid`.
pub async fn hint(State(state): State<Arc<AppState>>, req: Request) -> Response {
    let (_, bytes) = match upload(req).await {
        Ok(x) => x,
        Err(r) => return r,
    };
    let read = state.image.read.clone();
    match run_bounded(&state, move || image_hints_json(&bytes, &read)).await {
        Ok(Ok(v)) => json_response(StatusCode::OK, &v),
        Ok(Err((code, msg))) => error(status_of(code), code, &msg),
        Err(r) => r,
    }
}

/// Reads, solves and draws one screenshot: the CLI's JSON with `overlay_png` (base64 PNG) and,
/// for a tilted capture, `before_png` (the straightened screenshot the overlay is drawn on).
pub fn solve_json(opts: &ImageOptions, name: &str, bytes: &[u8]) -> (StatusCode, Value) {
    let (read, times) = read_plain(bytes, &opts.read);
    let (img, mut solved, code) = match solve_read(opts, read, &times, None) {
        Ok(x) => x,
        Err((code, msg)) => {
            let v = error_fields(image_error_json(name, code, &msg), code);
            return (status_of(code), v);
        }
    };
    let t = Instant::now();
    let drawn = draw_overlay(&img, &solved)
        .map_err(|e| e.to_string())
        .and_then(|d| png_bytes(&d));
    solved.times.render = t.elapsed();
    let mut v = image_report_json(name, &solved, code, None);
    match drawn {
        Ok(png) => v["overlay_png"] = b64::encode(&png).into(),
        Err(e) => v["overlay_error"] = e.into(),
    }
    if solved.reading.straightened.is_some()
        && let Ok(png) = png_bytes(&img)
    {
        v["before_png"] = b64::encode(&png).into();
    }
    (StatusCode::OK, v)
}

/// An image as PNG bytes (in memory).
fn png_bytes(img: &RgbImage) -> Result<Vec<u8>, String> {
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png)
        .map_err(|e| e.to_string())?;
    Ok(out.into_inner())
}
