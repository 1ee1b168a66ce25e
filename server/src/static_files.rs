//! The built site: files from `STATIC_DIR`, each in the best precompressed form the client
//! accepts, with caching suited to each, and its 404 page.
//!
//! The site build writes `file.br` (brotli, highest quality) and `file.gz` (gzip -9) beside every
//! text and WASM asset, so compressing costs nothing per request. Negotiation, conditional
//! requests, ranges and HEAD are tower-http's `ServeDir`: it picks the acceptable encoding with
//! the highest q-value (br before gzip when equal, never one with q=0), falls back to the plain
//! file when no variant exists, and answers `Content-Encoding`, `Vary: Accept-Encoding`, the
//! length of the bytes it sends, `Last-Modified` and an `ETag` per variant.
//!
//! A request with a `Range` header is served from the plain file: byte offsets then always mean
//! the same bytes whatever the client accepts (and resuming a download works with any client).
//! Its `If-Range` is checked here (RFC 9110 section 13.1.5): unless it is the file's current
//! strong ETag or exact Last-Modified date, the whole file is sent (200), never a part of a
//! newer file. Every 304 carries `Vary: Accept-Encoding`, like the 200 it stands for.
//!
//! Nothing hidden or linked is served: a path with a segment starting with a dot (`.env`,
//! `.git/config`, however percent-encoded) or one that reaches a file through a symbolic link
//! answers the 404 page, whatever STATIC_DIR holds.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use http_body_util::BodyExt as _;
use tower_http::services::fs::ServeFileSystemResponseBody;
use tower_http::services::{ServeDir, ServeFile};
use warp::filters::path::FullPath;
use warp::http::{HeaderMap, HeaderValue, Method, Request, StatusCode, Uri, header};
use warp::reply::{Reply, Response};
use warp::{Filter, Rejection};

/// Astro writes every content-hashed asset under `/_astro/`: such a file never changes.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// Everything else (HTML above all) must be revalidated so a deploy shows at once.
const REVALIDATE: &str = "no-cache";

/// The directory and its 404 page, each with its precompressed variants.
struct Site {
    /// STATIC_DIR with every link resolved (None if it does not exist).
    root: Option<PathBuf>,
    files: ServeDir,
    not_found_page: ServeFile,
}

impl Site {
    fn new(static_dir: &Path) -> Self {
        Self {
            root: std::fs::canonicalize(static_dir).ok(),
            files: ServeDir::new(static_dir)
                .precompressed_br()
                .precompressed_gzip()
                .append_index_html_on_directories(true)
                // /checking and /checking/ both answer the page, without a redirect.
                .redirect_to_trailing_slash(false),
            not_found_page: ServeFile::new(static_dir.join("404.html"))
                .precompressed_br()
                .precompressed_gzip(),
        }
    }
}

/// GET/HEAD of any non-API path: the file, `dir/index.html` for a directory, or the site's
/// `404.html` with status 404.
pub fn site(static_dir: PathBuf) -> impl Filter<Extract = (Response,), Error = Rejection> + Clone {
    let site = Arc::new(Site::new(&static_dir));
    not_api()
        .and(warp::get().or(warp::head()).unify())
        .and(warp::method())
        .and(warp::path::full())
        .and(warp::header::headers_cloned())
        .and(warp::any().map(move || site.clone()))
        .then(serve)
}

async fn serve(method: Method, path: FullPath, headers: HeaderMap, site: Arc<Site>) -> Response {
    if is_hidden(path.as_str()) || is_linked(&site, path.as_str()).await {
        return not_found(&method, &headers, &site).await;
    }
    let mut file_headers = headers.clone();
    if !if_range_holds(&site, path.as_str(), &headers).await {
        file_headers.remove(header::RANGE);
        file_headers.remove(header::IF_RANGE);
    }
    let request = file_request(&method, path.as_str(), file_headers);
    let response = match site.files.clone().try_call(request).await {
        Ok(response) if response.status() != StatusCode::NOT_FOUND => {
            let policy = if path.as_str().starts_with("/_astro/") {
                IMMUTABLE
            } else {
                REVALIDATE
            };
            with_cache_control(response, policy)
        }
        Err(err) if !is_not_found(&err) => return internal_error(&err),
        _ => return not_found(&method, &headers, &site).await,
    };
    into_warp_response(response).await
}

/// The site's 404 page, negotiated like any file. Only the encoding is carried over: a range or
/// a validator sent for the unknown path says nothing about this page.
async fn not_found(method: &Method, headers: &HeaderMap, site: &Site) -> Response {
    let mut accepted = HeaderMap::new();
    for value in headers.get_all(header::ACCEPT_ENCODING) {
        accepted.append(header::ACCEPT_ENCODING, value.clone());
    }
    let request = file_request(method, "/404.html", accepted);
    match site.not_found_page.clone().try_call(request).await {
        Ok(mut response) => {
            *response.status_mut() = StatusCode::NOT_FOUND;
            into_warp_response(with_cache_control(response, REVALIDATE)).await
        }
        Err(err) if is_not_found(&err) => {
            tracing::warn!("the site has no 404.html");
            StatusCode::NOT_FOUND.into_response()
        }
        Err(err) => internal_error(&err),
    }
}

/// The path's segments, percent-decoded.
fn segments(path: &str) -> impl Iterator<Item = Vec<u8>> + '_ {
    path.split('/').filter(|s| !s.is_empty()).map(|segment| {
        let bytes = segment.as_bytes();
        let mut decoded = Vec::with_capacity(bytes.len());
        let mut i = 0;
        while i < bytes.len() {
            let hex = |b: u8| char::from(b).to_digit(16);
            match (
                bytes[i],
                bytes.get(i + 1).copied().and_then(hex),
                bytes.get(i + 2).copied().and_then(hex),
            ) {
                (b'%', Some(high), Some(low)) => {
                    decoded.push(u8::try_from(high * 16 + low).unwrap_or(b'%'));
                    i += 3;
                }
                (byte, _, _) => {
                    decoded.push(byte);
                    i += 1;
                }
            }
        }
        decoded
    })
}

/// A segment starting with a dot: a dotfile or a dot-directory (`.env`, `.git/`, `.well-known/`
/// too: the site ships none).
fn is_hidden(path: &str) -> bool {
    segments(path).any(|segment| segment.first() == Some(&b'.'))
}

/// Whether the file the path names (or its directory's index.html, or a precompressed variant)
/// is reached through a symbolic link: its real path is not where the path says it is.
async fn is_linked(site: &Site, path: &str) -> bool {
    let Some(root) = &site.root else { return false };
    let mut expected = root.clone();
    for segment in segments(path) {
        match std::str::from_utf8(&segment) {
            Ok(name) => expected.push(name),
            // Not a name any file of the site has.
            Err(_) => return false,
        }
    }
    let mut candidates = vec![expected.clone()];
    if tokio::fs::metadata(&expected)
        .await
        .is_ok_and(|m| m.is_dir())
    {
        candidates.push(expected.join("index.html"));
    }
    for file in candidates.clone() {
        for suffix in [".br", ".gz"] {
            let mut variant = file.clone().into_os_string();
            variant.push(suffix);
            candidates.push(PathBuf::from(variant));
        }
    }
    for candidate in candidates {
        if let Ok(real) = tokio::fs::canonicalize(&candidate).await
            && real != candidate
        {
            return true;
        }
    }
    false
}

/// Whether a `Range` request's `If-Range` lets the range be served: no If-Range, or one equal
/// to the plain file's current strong ETag or (a date) its Last-Modified. A weak or stale
/// validator means the client's copy is not this file: it gets the whole of it.
async fn if_range_holds(site: &Site, path: &str, headers: &HeaderMap) -> bool {
    let (Some(validator), true) = (
        headers.get(header::IF_RANGE),
        headers.contains_key(header::RANGE),
    ) else {
        return true;
    };
    let probe = file_request(&Method::HEAD, path, HeaderMap::new());
    let Ok(current) = site.files.clone().try_call(probe).await else {
        return false;
    };
    let validator = validator.as_bytes();
    if validator.starts_with(b"W/") {
        return false;
    }
    let current_header = if validator.starts_with(b"\"") {
        header::ETAG
    } else {
        header::LAST_MODIFIED
    };
    current
        .headers()
        .get(current_header)
        .is_some_and(|value| value.as_bytes() == validator && !value.as_bytes().starts_with(b"W/"))
}

/// What `ServeDir` reports for a path that names no file (a missing one, or a file's "child").
fn is_not_found(err: &std::io::Error) -> bool {
    matches!(
        err.kind(),
        std::io::ErrorKind::NotFound | std::io::ErrorKind::NotADirectory
    )
}

/// The request handed to `ServeDir`: method, path and the headers that matter to a file.
fn file_request(method: &Method, path: &str, mut headers: HeaderMap) -> Request<()> {
    if headers.contains_key(header::RANGE) {
        headers.remove(header::ACCEPT_ENCODING);
    }
    // A path warp has matched is always a valid URI path.
    let uri: Uri = path.parse().unwrap_or_else(|_| Uri::from_static("/"));
    let mut request = Request::new(());
    *request.method_mut() = method.clone();
    *request.uri_mut() = uri;
    *request.headers_mut() = headers;
    request
}

fn internal_error(err: &std::io::Error) -> Response {
    tracing::error!(error = %err, "reading a static file failed");
    StatusCode::INTERNAL_SERVER_ERROR.into_response()
}

/// The file's body, read whole: every file of the site is small (the largest, a WASM package of
/// banksia-core, is under 120 KB brotli; benches/README.md, "Route budgets", lists each page's),
/// so buffering costs less than a second body type would.
async fn into_warp_response(
    response: warp::http::Response<ServeFileSystemResponseBody>,
) -> Response {
    let (parts, body) = response.into_parts();
    match body.collect().await {
        Ok(collected) => Response::from_parts(parts, collected.to_bytes().into()),
        Err(err) => internal_error(&err),
    }
}

/// Rejects `/api` and everything under it as not found, so unknown API paths get JSON, never HTML.
fn not_api() -> impl Filter<Extract = (), Error = Rejection> + Clone {
    warp::path::full()
        .and_then(|path: FullPath| async move {
            let p = path.as_str();
            if p == "/api" || p.starts_with("/api/") {
                Err(warp::reject::not_found())
            } else {
                Ok(())
            }
        })
        .untuple_one()
}

fn with_cache_control<B>(
    mut response: warp::http::Response<B>,
    policy: &'static str,
) -> warp::http::Response<B> {
    // A conditional GET answered 304 carries no body; the policy still applies, and so does
    // the Vary of the answer it stands for (a cache must not reuse it across encodings).
    if response.status() == StatusCode::NOT_MODIFIED
        && !response.headers().contains_key(header::VARY)
    {
        response
            .headers_mut()
            .insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    }
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static(policy));
    response
}
