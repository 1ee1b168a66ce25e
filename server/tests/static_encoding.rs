//! The site's precompressed files: which variant each `Accept-Encoding` gets, and the headers
//! that go with it (encoding, Vary, length, caching), for GET, HEAD, ranges, revalidation and
//! the 404 page. The fixture's `.br`/`.gz` files hold marker bytes, so a test can tell exactly
//! which file was sent; the site build writes real brotli and gzip there.

use crate::common;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

use banksia_server::static_files;
use warp::http::Response;
use warp::hyper::body::Bytes;

const HOME: &[u8] = b"<!doctype html><title>Home</title><p>The plain home page, as built.</p>";
const HOME_BR: &[u8] = b"home page, brotli variant";
const HOME_GZ: &[u8] = b"home page, gzip variant!!";
const SCRIPT: &[u8] = b"export const answer = 42; // the plain script";
const SCRIPT_BR: &[u8] = b"script, brotli variant";
const SCRIPT_GZ: &[u8] = b"script, gzip variant";
const WASM: &[u8] = b"\0asm\x01\0\0\0 the plain module bytes";
const WASM_BR: &[u8] = b"module, brotli variant";
const NOT_FOUND: &[u8] = b"<!doctype html><title>Oops! Page not found</title>";
const NOT_FOUND_BR: &[u8] = b"404 page, brotli variant";
const NOT_FOUND_GZ: &[u8] = b"404 page, gzip variant";

/// A built site in a fresh directory: a page (with a directory index), a hashed script and
/// module under `/_astro/`, the 404 page; the module has no gzip variant.
fn fixture() -> PathBuf {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let dir = std::env::temp_dir().join(format!(
        "banksia-static-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    let files: [(&str, &[u8]); 13] = [
        ("index.html", HOME),
        ("index.html.br", HOME_BR),
        ("index.html.gz", HOME_GZ),
        ("checking/index.html", HOME),
        ("checking/index.html.br", HOME_BR),
        ("checking/index.html.gz", HOME_GZ),
        ("_astro/app.Ab12Cd34.js", SCRIPT),
        ("_astro/app.Ab12Cd34.js.br", SCRIPT_BR),
        ("_astro/app.Ab12Cd34.js.gz", SCRIPT_GZ),
        ("_astro/core.Ef56Gh78.wasm", WASM),
        ("_astro/core.Ef56Gh78.wasm.br", WASM_BR),
        ("404.html", NOT_FOUND),
        ("404.html.br", NOT_FOUND_BR),
    ];
    for (path, bytes) in files {
        write(&dir, path, bytes);
    }
    write(&dir, "404.html.gz", NOT_FOUND_GZ);
    dir
}

fn write(dir: &Path, path: &str, bytes: &[u8]) {
    let path = dir.join(path);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, bytes).unwrap();
}

async fn get(dir: &Path, path: &str, headers: &[(&str, &str)]) -> Response<Bytes> {
    send(dir, "GET", path, headers).await
}

async fn send(dir: &Path, method: &str, path: &str, headers: &[(&str, &str)]) -> Response<Bytes> {
    let mut request = warp::test::request().method(method).path(path);
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    request.reply(&static_files::site(dir.to_path_buf())).await
}

fn header<'a>(response: &'a Response<Bytes>, name: &str) -> Option<&'a str> {
    response
        .headers()
        .get(name)
        .map(|v| v.to_str().expect("ASCII header"))
}

/// The headers every answer from a file carries, whichever variant it is.
fn assert_file_headers(response: &Response<Bytes>, encoding: Option<&str>, length: usize) {
    assert_eq!(header(response, "content-encoding"), encoding);
    assert_eq!(header(response, "vary"), Some("accept-encoding"));
    assert_eq!(
        header(response, "content-length"),
        Some(length.to_string().as_str())
    );
    assert_eq!(header(response, "accept-ranges"), Some("bytes"));
    assert!(header(response, "etag").is_some());
    assert!(header(response, "last-modified").is_some());
}

/// The home page as the variant `body` in `encoding` (`accept` was asked for): the file's
/// headers, and a page's type and caching.
fn assert_home_page(page: &Response<Bytes>, body: &[u8], encoding: Option<&str>, accept: &str) {
    assert_eq!(page.status(), 200, "{accept:?}");
    assert_eq!(page.body().as_ref(), body, "{accept:?}");
    assert_file_headers(page, encoding, body.len());
    let content_type = header(page, "content-type").unwrap();
    assert!(content_type.starts_with("text/html"), "{content_type}");
    assert_eq!(header(page, "cache-control"), Some("no-cache"));
}

#[tokio::test]
async fn without_accept_encoding_the_plain_file_is_sent() {
    let dir = fixture();
    let page = get(&dir, "/", &[]).await;
    assert_home_page(&page, HOME, None, "");
}

#[tokio::test]
async fn brotli_is_preferred_when_accepted() {
    let dir = fixture();
    for accept in [
        "br",
        "gzip, deflate, br, zstd",
        "gzip;q=1.0, br;q=1.0",
        "BR",
    ] {
        let page = get(&dir, "/", &[("accept-encoding", accept)]).await;
        assert_home_page(&page, HOME_BR, Some("br"), accept);
    }
}

#[tokio::test]
async fn gzip_when_brotli_is_not_accepted_or_ranked_lower() {
    let dir = fixture();
    for accept in [
        "gzip",
        "gzip, deflate",
        "br;q=0, gzip",
        "br;q=0.5, gzip;q=0.8",
        "x-gzip",
    ] {
        let page = get(&dir, "/", &[("accept-encoding", accept)]).await;
        assert_home_page(&page, HOME_GZ, Some("gzip"), accept);
    }
}

#[tokio::test]
async fn identity_when_every_encoding_is_refused_or_unknown() {
    let dir = fixture();
    for accept in [
        "identity",
        "br;q=0, gzip;q=0",
        "deflate",
        "compress, *;q=0",
        "",
    ] {
        let page = get(&dir, "/", &[("accept-encoding", accept)]).await;
        assert_home_page(&page, HOME, None, accept);
    }
}

#[tokio::test]
async fn hashed_assets_keep_their_type_and_year_long_caching_in_every_encoding() {
    let dir = fixture();
    for (accept, body, encoding) in [
        ("br", SCRIPT_BR, Some("br")),
        ("gzip", SCRIPT_GZ, Some("gzip")),
        ("identity", SCRIPT, None),
    ] {
        let script = get(
            &dir,
            "/_astro/app.Ab12Cd34.js",
            &[("accept-encoding", accept)],
        )
        .await;
        assert_eq!(script.status(), 200);
        assert_eq!(script.body().as_ref(), body);
        assert_file_headers(&script, encoding, body.len());
        assert_eq!(
            header(&script, "content-type"),
            Some("text/javascript"),
            "{accept}"
        );
        assert_eq!(
            header(&script, "cache-control"),
            Some("public, max-age=31536000, immutable")
        );
    }
}

#[tokio::test]
async fn a_missing_variant_falls_back_to_the_next_acceptable_one() {
    let dir = fixture();
    // The module has a brotli variant and no gzip one.
    let module = get(
        &dir,
        "/_astro/core.Ef56Gh78.wasm",
        &[("accept-encoding", "br")],
    )
    .await;
    assert_eq!(module.body().as_ref(), WASM_BR);
    assert_file_headers(&module, Some("br"), WASM_BR.len());
    assert_eq!(header(&module, "content-type"), Some("application/wasm"));

    let module = get(
        &dir,
        "/_astro/core.Ef56Gh78.wasm",
        &[("accept-encoding", "gzip")],
    )
    .await;
    assert_eq!(module.body().as_ref(), WASM);
    assert_file_headers(&module, None, WASM.len());
    assert_eq!(header(&module, "content-type"), Some("application/wasm"));
}

#[tokio::test]
async fn head_answers_the_headers_of_the_variant_without_a_body() {
    let dir = fixture();
    for (accept, length, encoding) in [
        ("br", HOME_BR.len(), Some("br")),
        ("gzip", HOME_GZ.len(), Some("gzip")),
        ("identity", HOME.len(), None),
    ] {
        let head = send(&dir, "HEAD", "/", &[("accept-encoding", accept)]).await;
        assert_eq!(head.status(), 200);
        assert!(head.body().is_empty());
        assert_file_headers(&head, encoding, length);
        assert_eq!(header(&head, "cache-control"), Some("no-cache"));
    }
}

#[tokio::test]
async fn ranges_are_served_from_the_plain_file_whatever_is_accepted() {
    let dir = fixture();
    for accept in ["br", "gzip", "identity"] {
        let part = get(
            &dir,
            "/",
            &[("accept-encoding", accept), ("range", "bytes=0-14")],
        )
        .await;
        assert_eq!(part.status(), 206, "{accept}");
        assert_eq!(part.body().as_ref(), &HOME[..15]);
        assert_eq!(header(&part, "content-encoding"), None);
        assert_eq!(header(&part, "content-length"), Some("15"));
        assert_eq!(
            header(&part, "content-range"),
            Some(format!("bytes 0-14/{}", HOME.len()).as_str())
        );
        assert_eq!(header(&part, "vary"), Some("accept-encoding"));
    }
    let tail = get(&dir, "/_astro/app.Ab12Cd34.js", &[("range", "bytes=-8")]).await;
    assert_eq!(tail.status(), 206);
    assert_eq!(tail.body().as_ref(), &SCRIPT[SCRIPT.len() - 8..]);

    let beyond = get(&dir, "/", &[("range", "bytes=5000-6000")]).await;
    assert_eq!(beyond.status(), 416);
    assert_eq!(
        header(&beyond, "content-range"),
        Some(format!("bytes */{}", HOME.len()).as_str())
    );
}

#[tokio::test]
async fn each_variant_revalidates_with_its_own_etag() {
    let dir = fixture();
    let br = get(&dir, "/", &[("accept-encoding", "br")]).await;
    let plain = get(&dir, "/", &[]).await;
    let br_tag = header(&br, "etag").unwrap().to_owned();
    let plain_tag = header(&plain, "etag").unwrap().to_owned();
    assert_ne!(br_tag, plain_tag);

    let again = get(
        &dir,
        "/",
        &[("accept-encoding", "br"), ("if-none-match", &br_tag)],
    )
    .await;
    assert_eq!(again.status(), 304);
    assert!(again.body().is_empty());
    assert_eq!(header(&again, "cache-control"), Some("no-cache"));

    // The plain file's tag does not validate the brotli variant.
    let other = get(
        &dir,
        "/",
        &[("accept-encoding", "br"), ("if-none-match", &plain_tag)],
    )
    .await;
    assert_eq!(other.status(), 200);
    assert_eq!(other.body().as_ref(), HOME_BR);
}

#[tokio::test]
async fn directories_answer_their_index_in_both_spellings() {
    let dir = fixture();
    for path in ["/checking", "/checking/"] {
        let page = get(&dir, path, &[("accept-encoding", "gzip, br")]).await;
        assert_eq!(page.status(), 200, "{path}");
        assert_eq!(page.body().as_ref(), HOME_BR, "{path}");
        assert_file_headers(&page, Some("br"), HOME_BR.len());
    }
}

#[tokio::test]
async fn unknown_paths_get_the_404_page_in_the_accepted_encoding() {
    let dir = fixture();
    for (accept, body, encoding) in [
        ("br", NOT_FOUND_BR, Some("br")),
        ("gzip", NOT_FOUND_GZ, Some("gzip")),
        ("identity", NOT_FOUND, None),
    ] {
        for path in ["/no/such/page", "/../etc/passwd", "/_astro/missing.js"] {
            let page = get(&dir, path, &[("accept-encoding", accept)]).await;
            assert_eq!(page.status(), 404, "{path} {accept}");
            assert_eq!(page.body().as_ref(), body, "{path} {accept}");
            assert_file_headers(&page, encoding, body.len());
            assert!(
                header(&page, "content-type")
                    .unwrap()
                    .starts_with("text/html")
            );
            assert_eq!(header(&page, "cache-control"), Some("no-cache"));
        }
    }
    // A range sent for an unknown path is not applied to the 404 page.
    let page = get(&dir, "/nope", &[("range", "bytes=0-3")]).await;
    assert_eq!(page.status(), 404);
    assert_eq!(page.body().as_ref(), NOT_FOUND);
    let head = send(&dir, "HEAD", "/nope", &[("accept-encoding", "br")]).await;
    assert_eq!(head.status(), 404);
    assert!(head.body().is_empty());
    assert_file_headers(&head, Some("br"), NOT_FOUND_BR.len());
}

#[tokio::test]
async fn api_paths_and_other_methods_are_not_files() {
    let dir = fixture();
    write(&dir, "api/secret.txt", b"never served");
    let rejected = warp::test::request()
        .path("/api/secret.txt")
        .filter(&static_files::site(dir.clone()))
        .await;
    assert!(rejected.is_err());
    let posted = warp::test::request()
        .method("POST")
        .path("/")
        .filter(&static_files::site(dir))
        .await;
    assert!(posted.is_err());
}

/// Over a real socket, through every layer of the server: the encoded page keeps the security
/// headers, and HEAD's `Content-Length` survives the HTTP layer.
#[tokio::test]
async fn through_the_server_the_encoded_page_keeps_the_security_headers() {
    let dir = fixture();
    let app = common::spawn_app_with(&common::CLUSTER, |config| {
        config.static_dir = dir.clone();
    })
    .await;
    let page = app
        .request("GET", "/", &[("accept-encoding", "gzip, br")], b"")
        .await;
    assert_eq!(page.status, 200);
    assert_eq!(page.body, HOME_BR);
    assert_eq!(page.header("content-encoding"), Some("br"));
    assert_eq!(page.header("vary"), Some("accept-encoding"));
    assert_eq!(
        page.header("content-length"),
        Some(HOME_BR.len().to_string().as_str())
    );
    assert_eq!(page.header("cache-control"), Some("no-cache"));
    assert!(page.header("content-security-policy").is_some());
    assert_eq!(
        page.header("strict-transport-security"),
        Some("max-age=31536000; includeSubDomains")
    );
    assert_eq!(page.header("x-content-type-options"), Some("nosniff"));

    let head = app
        .request("HEAD", "/", &[("accept-encoding", "br")], b"")
        .await;
    assert_eq!(head.status, 200);
    assert!(head.body.is_empty());
    assert_eq!(head.header("content-encoding"), Some("br"));
    assert_eq!(
        head.header("content-length"),
        Some(HOME_BR.len().to_string().as_str())
    );

    let missing = app
        .request("GET", "/missing", &[("accept-encoding", "br")], b"")
        .await;
    assert_eq!(missing.status, 404);
    assert_eq!(missing.body, NOT_FOUND_BR);
    assert!(missing.header("content-security-policy").is_some());
    app.shutdown().await;
}

// Issue 21 -------------------------------------------------------------------------------------

#[tokio::test]
async fn an_if_range_that_is_not_the_current_validator_gets_the_whole_file() {
    let dir = fixture();
    let whole = get(&dir, "/", &[]).await;
    let etag = header(&whole, "etag").unwrap().to_owned();
    let modified = header(&whole, "last-modified").unwrap().to_owned();
    let range = ("range", "bytes=0-9");
    // The current validators: the part.
    for validator in [etag.as_str(), modified.as_str()] {
        let part = get(&dir, "/", &[range, ("if-range", validator)]).await;
        assert_eq!(part.status(), 206, "{validator}");
        assert_eq!(part.body().as_ref(), &HOME[..10]);
    }
    // A stale ETag, a weak one, an older date: the whole file, 200.
    let weak = format!("W/{etag}");
    for validator in [
        "\"an-old-etag\"",
        weak.as_str(),
        "Tue, 01 Jan 2019 00:00:00 GMT",
    ] {
        let answer = get(&dir, "/", &[range, ("if-range", validator)]).await;
        assert_eq!(answer.status(), 200, "{validator}");
        assert_eq!(answer.body().as_ref(), HOME, "{validator}");
    }
}

#[tokio::test]
async fn a_304_varies_on_accept_encoding_like_its_200() {
    let dir = fixture();
    for encoding in ["br", "gzip", "identity"] {
        let first = get(&dir, "/", &[("accept-encoding", encoding)]).await;
        let etag = header(&first, "etag").unwrap().to_owned();
        let again = get(
            &dir,
            "/",
            &[("accept-encoding", encoding), ("if-none-match", &etag)],
        )
        .await;
        assert_eq!(again.status(), 304, "{encoding}");
        assert_eq!(
            header(&again, "vary"),
            Some("accept-encoding"),
            "{encoding}"
        );
    }
}

#[tokio::test]
async fn dotfiles_and_symbolic_links_are_never_served() {
    let dir = fixture();
    write(&dir, ".env", b"DATABASE_URL=postgres://secret");
    write(&dir, ".git/config", b"[core] secret");
    write(&dir, "checking/.hidden.html", b"hidden page");
    let outside = dir.with_extension("outside");
    write(&outside, "secret.html", b"a file outside the site");
    std::os::unix::fs::symlink(outside.join("secret.html"), dir.join("linked.html")).unwrap();
    std::os::unix::fs::symlink(&outside, dir.join("linked-dir")).unwrap();
    // A link inside the site to a file of the site is refused too: links are not followed.
    std::os::unix::fs::symlink(dir.join("index.html"), dir.join("alias.html")).unwrap();
    for path in [
        "/.env",
        "/%2eenv",
        "/%2Eenv",
        "/.git/config",
        "/.git/",
        "/checking/.hidden.html",
        "/linked.html",
        "/linked-dir/secret.html",
        "/alias.html",
    ] {
        let answer = get(&dir, path, &[]).await;
        assert_eq!(answer.status(), 404, "{path}");
        assert_eq!(answer.body().as_ref(), NOT_FOUND, "{path}");
    }
    // The ordinary files still are.
    assert_eq!(get(&dir, "/checking/", &[]).await.status(), 200);
    assert_eq!(get(&dir, "/index.html", &[]).await.status(), 200);
}
