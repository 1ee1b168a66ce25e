//! The built site, health endpoints, routing errors and the headers on every response.

use crate::common;

use common::spawn_app;

#[tokio::test]
async fn pages_are_served_and_revalidated() {
    let app = spawn_app().await;
    let home = app.request("GET", "/", &[], b"").await;
    assert_eq!(home.status, 200);
    assert!(home.text().contains("If you have a dream"));
    assert_eq!(home.header("cache-control"), Some("no-cache"));
    assert!(
        home.header("content-type")
            .unwrap()
            .starts_with("text/html")
    );

    // Astro builds /checking as checking/index.html: both spellings work.
    for path in ["/checking", "/checking/"] {
        let page = app.request("GET", path, &[], b"").await;
        assert_eq!(page.status, 200, "{path}");
        assert!(page.text().contains("Checking Accounts"), "{path}");
    }
}

#[tokio::test]
async fn hashed_assets_are_cached_for_a_year() {
    let app = spawn_app().await;
    let asset = app
        .request("GET", "/_astro/app.Bx3kQ9aZ.js", &[], b"")
        .await;
    assert_eq!(asset.status, 200);
    assert_eq!(
        asset.header("cache-control"),
        Some("public, max-age=31536000, immutable")
    );
}

#[tokio::test]
async fn unknown_pages_get_the_sites_404_page() {
    let app = spawn_app().await;
    for path in [
        "/services/online-banking",
        "/support/faq",
        "/no/such/page.html",
        "/../etc/passwd",
    ] {
        let page = app.request("GET", path, &[], b"").await;
        assert_eq!(page.status, 404, "{path}");
        assert!(page.text().contains("Oops! Page not found"), "{path}");
        assert!(
            page.header("content-type")
                .unwrap()
                .starts_with("text/html")
        );
    }
}

#[tokio::test]
async fn unknown_api_paths_get_json_404() {
    let app = spawn_app().await;
    for (method, path) in [
        ("GET", "/api/nope"),
        ("POST", "/api/applications/1"),
        ("GET", "/api"),
        ("DELETE", "/api/x"),
    ] {
        let res = app.request(method, path, &[], b"").await;
        assert_eq!(res.status, 404, "{method} {path}");
        assert_eq!(res.json()["error"], "Not found.");
        assert!(
            res.header("content-type")
                .unwrap()
                .starts_with("application/json")
        );
    }
}

#[tokio::test]
async fn wrong_method_is_405() {
    let app = spawn_app().await;
    for method in ["GET", "PUT", "DELETE", "PATCH"] {
        let res = app.request(method, "/api/applications", &[], b"").await;
        assert_eq!(res.status, 405, "{method}");
        assert_eq!(res.json()["error"], "Method not allowed.");
    }
}

#[tokio::test]
async fn health_and_readiness() {
    let app = spawn_app().await;
    let health = app.request("GET", "/healthz", &[], b"").await;
    assert_eq!(health.status, 200);
    assert_eq!(health.json()["status"], "ok");
    let ready = app.request("GET", "/readyz", &[], b"").await;
    assert_eq!(ready.status, 200);
    assert_eq!(ready.json()["status"], "ready");
}

#[tokio::test]
async fn every_response_carries_the_security_headers() {
    let app = spawn_app().await;
    let responses = [
        app.request("GET", "/", &[], b"").await,
        app.request("GET", "/missing", &[], b"").await,
        app.request("GET", "/api/missing", &[], b"").await,
        app.request("GET", "/healthz", &[], b"").await,
        app.request(
            "POST",
            "/api/applications",
            &[("content-type", "text/plain")],
            b"hi",
        )
        .await,
    ];
    for res in &responses {
        let csp = res.header("content-security-policy").expect("CSP");
        for directive in [
            "object-src 'none'",
            "base-uri 'none'",
            "frame-ancestors 'none'",
            "default-src 'self'",
        ] {
            assert!(csp.contains(directive), "{csp}");
        }
        let script_src = csp
            .split(';')
            .map(str::trim)
            .find(|d| d.starts_with("script-src"))
            .unwrap();
        assert!(!script_src.contains("'unsafe-inline'"), "{script_src}");
        assert_eq!(
            res.header("strict-transport-security"),
            Some("max-age=31536000; includeSubDomains")
        );
        assert_eq!(res.header("x-content-type-options"), Some("nosniff"));
        assert!(res.header("referrer-policy").is_some());
        assert!(res.header("permissions-policy").is_some());
    }
}

#[tokio::test]
async fn inline_scripts_of_the_site_are_allowed_by_hash() {
    let app = spawn_app().await;
    let res = app.request("GET", "/", &[], b"").await;
    let csp = res.header("content-security-policy").unwrap();
    // sha256 of `window.fixtureInline = true;` (the fixture's inline script), base64.
    assert!(
        csp.contains("'sha256-M9+1zp3Fc2JsPUe/4E3bsnMh+KYPzi5t1OwVBk5lQNo='"),
        "{csp}"
    );
}

#[tokio::test]
async fn api_answers_are_never_cached() {
    let app = spawn_app().await;
    let res = app.request("GET", "/api/missing", &[], b"").await;
    assert_eq!(res.header("cache-control"), Some("no-store"));
    let res = app.request("GET", "/healthz", &[], b"").await;
    assert_eq!(res.header("cache-control"), Some("no-store"));
}
