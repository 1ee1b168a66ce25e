//! The built site: files from `STATIC_DIR`, with caching suited to each, and its 404 page.

use std::path::PathBuf;

use warp::filters::path::FullPath;
use warp::http::{HeaderValue, StatusCode, header};
use warp::reply::{Reply, Response};
use warp::{Filter, Rejection};

/// Astro writes every content-hashed asset under `/_astro/`: such a file never changes.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// Everything else (HTML above all) must be revalidated so a deploy shows at once.
const REVALIDATE: &str = "no-cache";

/// GET/HEAD of any non-API path: the file, `dir/index.html` for a directory, or the site's
/// `404.html` with status 404.
pub fn site(static_dir: PathBuf) -> impl Filter<Extract = (Response,), Error = Rejection> + Clone {
    let not_found_page = static_dir.join("404.html");
    let files = warp::path::full().and(warp::fs::dir(static_dir)).map(
        |path: FullPath, file: warp::fs::File| {
            let policy = if path.as_str().starts_with("/_astro/") {
                IMMUTABLE
            } else {
                REVALIDATE
            };
            with_cache_control(file.into_response(), policy)
        },
    );
    let not_found = warp::get()
        .or(warp::head())
        .unify()
        .and(warp::fs::file(not_found_page))
        .map(|file: warp::fs::File| {
            let mut response = with_cache_control(file.into_response(), REVALIDATE);
            if response.status() == StatusCode::OK {
                *response.status_mut() = StatusCode::NOT_FOUND;
            }
            response
        });
    not_api().and(files.or(not_found).unify())
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

fn with_cache_control(mut response: Response, policy: &'static str) -> Response {
    // A conditional GET answered 304 carries no body; the policy still applies.
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static(policy));
    response
}
