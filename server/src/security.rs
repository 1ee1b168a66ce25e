//! Security headers sent on every response, with a Content-Security-Policy that allows the
//! site's inline scripts by hash (never `'unsafe-inline'` for scripts).

use std::collections::BTreeSet;
use std::path::Path;

use base64::Engine as _;
use sha2::{Digest, Sha256};
use warp::http::header::{HeaderMap, HeaderName, HeaderValue};

/// The headers every response carries. `script_hashes` are `'sha256-…'` sources.
pub fn security_headers(script_hashes: &BTreeSet<String>) -> HeaderMap {
    let mut script_src = String::from("'self' 'wasm-unsafe-eval'");
    for hash in script_hashes {
        script_src.push(' ');
        script_src.push_str(hash);
    }
    let csp = format!(
        "default-src 'self'; script-src {script_src}; style-src 'self' 'unsafe-inline'; \
         img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; \
         base-uri 'none'; frame-ancestors 'none'; form-action 'self'"
    );
    let pairs: [(&str, &str); 8] = [
        ("content-security-policy", &csp),
        (
            "strict-transport-security",
            "max-age=31536000; includeSubDomains",
        ),
        ("x-content-type-options", "nosniff"),
        ("referrer-policy", "strict-origin-when-cross-origin"),
        (
            "permissions-policy",
            "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
        ),
        ("x-frame-options", "DENY"),
        ("cross-origin-opener-policy", "same-origin"),
        ("cross-origin-resource-policy", "same-origin"),
    ];
    let mut headers = HeaderMap::new();
    for (name, value) in pairs {
        headers.insert(
            HeaderName::from_static(name),
            HeaderValue::from_str(value).expect("header values are ASCII"),
        );
    }
    headers
}

/// Hashes of every inline `<script>` in the HTML files under `dir` (recursively), so the CSP
/// allows exactly the inline code the built site ships. A missing directory yields no hashes.
pub fn inline_script_hashes(dir: &Path) -> BTreeSet<String> {
    let mut hashes = BTreeSet::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let Ok(kind) = entry.file_type() else {
                continue;
            };
            if kind.is_dir() {
                pending.push(path);
            } else if path
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("html"))
                && let Ok(html) = std::fs::read_to_string(&path)
            {
                hashes.extend(inline_scripts(&html).into_iter().map(csp_hash));
            }
        }
    }
    hashes
}

fn csp_hash(script: &str) -> String {
    let digest = Sha256::digest(script.as_bytes());
    format!(
        "'sha256-{}'",
        base64::engine::general_purpose::STANDARD.encode(digest)
    )
}

/// Bodies of `<script>` elements without a `src` attribute, exactly as the browser hashes them.
fn inline_scripts(html: &str) -> Vec<&str> {
    let lower = html.to_ascii_lowercase();
    let mut scripts = Vec::new();
    let mut at = 0;
    while let Some(found) = lower[at..].find("<script") {
        let tag_start = at + found;
        let after_name = tag_start + "<script".len();
        // `<scripts>` or `<script-foo>` are other elements.
        if !lower[after_name..]
            .starts_with(|c: char| c == '>' || c.is_ascii_whitespace() || c == '/')
        {
            at = after_name;
            continue;
        }
        let Some(tag_len) = lower[after_name..].find('>') else {
            break;
        };
        let body_start = after_name + tag_len + 1;
        let Some(body_len) = lower[body_start..].find("</script") else {
            break;
        };
        let attributes = &lower[after_name..after_name + tag_len];
        if !has_src_attribute(attributes) {
            scripts.push(&html[body_start..body_start + body_len]);
        }
        at = body_start + body_len;
    }
    scripts
}

fn has_src_attribute(attributes: &str) -> bool {
    attributes
        .split(|c: char| c.is_ascii_whitespace())
        .any(|attr| attr == "src" || attr.starts_with("src="))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_inline_scripts_only() {
        let html = r#"<head><script type="module" src="/_astro/a.js"></script>
            <SCRIPT>console.log(1)</SCRIPT><scripts>x</scripts>
            <script type="application/ld+json">{"a":1}</script></head>"#;
        assert_eq!(inline_scripts(html), vec!["console.log(1)", r#"{"a":1}"#]);
    }

    #[test]
    fn hash_matches_the_browser_format() {
        // echo -n 'alert(1)' | openssl dgst -sha256 -binary | base64
        assert_eq!(
            csp_hash("alert(1)"),
            "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='"
        );
    }

    #[test]
    fn policy_has_the_required_directives_and_no_unsafe_inline_script() {
        let hashes = BTreeSet::from(["'sha256-abc='".to_owned()]);
        let headers = security_headers(&hashes);
        let csp = headers["content-security-policy"].to_str().unwrap();
        for directive in [
            "object-src 'none'",
            "base-uri 'none'",
            "frame-ancestors 'none'",
        ] {
            assert!(csp.contains(directive), "{csp}");
        }
        let script_src = csp
            .split(';')
            .find(|d| d.trim().starts_with("script-src"))
            .unwrap();
        assert!(!script_src.contains("unsafe-inline"));
        assert!(script_src.contains("'sha256-abc='"));
        assert_eq!(
            headers["strict-transport-security"],
            "max-age=31536000; includeSubDomains"
        );
    }
}
