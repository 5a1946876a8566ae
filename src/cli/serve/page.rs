//! The page: one HTML file, its stylesheet and its script, embedded in the binary (no CDN,
//! nothing fetched from elsewhere: it works offline).

use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};

const INDEX_HTML: &str = include_str!("page/index.html");
const STYLE_CSS: &str = include_str!("page/style.css");
const APP_JS: &str = include_str!("page/app.js");

/// A static text answer of a type.
fn text(body: &'static str, mime: &'static str) -> Response {
    let mut res = body.into_response();
    res.headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static(mime));
    res
}

/// `GET /`.
pub async fn index() -> Response {
    text(INDEX_HTML, "text/html; charset=utf-8")
}

/// `GET /style.css`.
pub async fn style() -> Response {
    text(STYLE_CSS, "text/css; charset=utf-8")
}

/// `GET /app.js`.
pub async fn script() -> Response {
    text(APP_JS, "text/javascript; charset=utf-8")
}
