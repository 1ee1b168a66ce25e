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
    files: ServeDir,
    not_found_page: ServeFile,
}

impl Site {
    fn new(static_dir: &Path) -> Self {
        Self {
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
    let request = file_request(&method, path.as_str(), headers.clone());
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
        _ => {
            // The 404 page, negotiated like any file. Only the encoding is carried over: a range
            // or a validator sent for the unknown path says nothing about this page.
            let mut accepted = HeaderMap::new();
            for value in headers.get_all(header::ACCEPT_ENCODING) {
                accepted.append(header::ACCEPT_ENCODING, value.clone());
            }
            let request = file_request(&method, "/404.html", accepted);
            match site.not_found_page.clone().try_call(request).await {
                Ok(mut response) => {
                    *response.status_mut() = StatusCode::NOT_FOUND;
                    with_cache_control(response, REVALIDATE)
                }
                Err(err) if is_not_found(&err) => {
                    tracing::warn!("the site has no 404.html");
                    return StatusCode::NOT_FOUND.into_response();
                }
                Err(err) => return internal_error(&err),
            }
        }
    };
    into_warp_response(response).await
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

/// The file's body, read whole: every file of the site is small (the largest, React's client,
/// is about 60 KB brotli), so buffering costs less than a second body type would.
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
    // A conditional GET answered 304 carries no body; the policy still applies.
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static(policy));
    response
}
