//! Transport hygiene every response gets: errors as the documented JSON whatever produced
//! them (axum's own rejections, the body limit's 413, an unknown route), and the security
//! headers of the page (Content-Security-Policy, nosniff, no framing, no referrer).

use axum::body::{Body, to_bytes};
use axum::extract::Request;
use axum::http::{HeaderName, HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::app::ApiError;

/// The page's Content-Security-Policy: scripts, styles and connections only from this
/// origin (no inline script or style), WebAssembly compiled from those scripts, the piece
/// images the board draws as `data:` URLs, and no framing by other pages.
pub const CSP: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
style-src 'self'; img-src 'self' data:; connect-src 'self'; worker-src 'self'; \
object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// The error code of a status whose response no handler of ours wrote (axum's
/// rejections, the body limit, unknown routes).
pub fn code_of(status: StatusCode) -> &'static str {
    match status {
        StatusCode::NOT_FOUND => "not-found",
        StatusCode::METHOD_NOT_ALLOWED => "bad-method",
        StatusCode::PAYLOAD_TOO_LARGE => "too-large",
        StatusCode::UNAUTHORIZED => "unauthorized",
        StatusCode::TOO_MANY_REQUESTS => "rate-limited",
        s if s.is_server_error() => "internal",
        _ => "bad-request",
    }
}

/// Middleware: an error response that is not JSON yet becomes `{"error", "message"}` with
/// the same status, so that a client reads every failure the same way.
pub async fn json_errors(req: Request, next: Next) -> Response {
    let res = next.run(req).await;
    let status = res.status();
    if !(status.is_client_error() || status.is_server_error()) {
        return res;
    }
    let is_json = res
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if is_json {
        return res;
    }
    let (parts, body) = res.into_parts();
    // The texts of axum's rejections are short; anything longer is cut rather than kept.
    let text = to_bytes(body, 4096).await.unwrap_or_default();
    let mut message = String::from_utf8_lossy(&text).trim().to_string();
    if message.is_empty() {
        message = status
            .canonical_reason()
            .unwrap_or("request refused")
            .to_lowercase();
    }
    let mut out = ApiError(status, code_of(status), message).into_response();
    // Keep what the layers below said about the response (CORS, Allow, ...) except its
    // body's type and length, which are now the JSON's.
    for (name, value) in parts.headers.iter() {
        if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
            out.headers_mut().insert(name.clone(), value.clone());
        }
    }
    out
}

/// Middleware: the security headers, on every response (the API's JSON is never meant to
/// be framed or sniffed either).
pub async fn security_headers(req: Request<Body>, next: Next) -> Response {
    let mut res = next.run(req).await;
    let h = res.headers_mut();
    let set = |h: &mut axum::http::HeaderMap, name: HeaderName, value: &'static str| {
        h.entry(name).or_insert(HeaderValue::from_static(value));
    };
    set(h, header::CONTENT_SECURITY_POLICY, CSP);
    set(h, header::X_CONTENT_TYPE_OPTIONS, "nosniff");
    set(h, header::X_FRAME_OPTIONS, "DENY");
    set(h, header::REFERRER_POLICY, "no-referrer");
    res
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_status_has_a_documented_code() {
        assert_eq!(code_of(StatusCode::PAYLOAD_TOO_LARGE), "too-large");
        assert_eq!(code_of(StatusCode::NOT_FOUND), "not-found");
        assert_eq!(code_of(StatusCode::METHOD_NOT_ALLOWED), "bad-method");
        assert_eq!(code_of(StatusCode::UNSUPPORTED_MEDIA_TYPE), "bad-request");
        assert_eq!(code_of(StatusCode::BAD_GATEWAY), "internal");
    }
}
