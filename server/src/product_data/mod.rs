//! The Consumer Data Right's public product reference data (Consumer Data Standards, banking
//! 1.36.0), from core's product catalog:
//!
//! * `GET /cds-au/v1/banking/products` (versions 3 to 5; 5 is `ResponseBankingProductListV4`),
//!   filtered by `effective`, `updated-since`, `brand` and `product-category`, in pages (`page`,
//!   `page-size` up to 1000), newest `lastUpdated` first;
//! * `GET /cds-au/v1/banking/products/{productId}` (versions 4 to 7; 7 is
//!   `ResponseBankingProductByIdV7`, 4 the older shape of [`wire::downgrade_detail`]);
//! * `GET /cds-au/v1/discovery/status` and `/discovery/outages` (version 1).
//!
//! Unauthenticated and open to every origin (CORS `*`, the preflights answered here): the
//! standard makes this data public. Each answer checks `Accept` (406 unless it admits JSON),
//! negotiates its version from `x-v`/`x-min-v`, carries `x-v`, `x-fapi-interaction-id` (the
//! client's, or a new UUID), an `ETag` (a matching `If-None-Match` gets 304) and a private
//! `Cache-Control` with `Vary` on what it depends on, compressed as `Accept-Encoding` prefers;
//! every failure is the standard's error list (`ResponseErrorListV2`) with its code and status,
//! never a 500.
//!
//! The offers (every product once, each rate with its days) are worked out once, at start; a
//! request takes each as published at its moment, so an announced rate change appears beside
//! today's rate from its announcement and alone from its day, with no restart.

mod wire;

use std::convert::Infallible;
use std::sync::Arc;

use banksia_core::application::Today;
use banksia_core::products::offers::{ProductOffer, offers};
use chrono::{DateTime, NaiveDate, Utc};
use serde::Serialize;
use sha2::{Digest, Sha256};
use warp::http::{HeaderMap, HeaderValue, StatusCode, header};
use warp::reply::Response;
use warp::{Filter, Rejection, Reply};

pub use wire::BRAND;

/// The base path of the standard's endpoints.
pub const BASE_PATH: &str = "/cds-au/v1";
/// The list's versions served: the standard's current one (5) and the two before it, which
/// clients still send (the Data Standards Body's own product comparator defaults to `x-v: 4`,
/// `x-min-v: 1`, older builds of it to `x-v: 3`). For this bank's products the three give the
/// same fields: what each version added (card art's scheme and type, more categories and brand
/// fields) is nothing the bank publishes.
pub const LIST_VERSIONS: (u64, u64) = (3, 5);
/// The detail's versions served: the current one (7) back to 4, the one that comparator's
/// default reaches. Versions 5 to 7 give the same fields here; version 4 is the older shape
/// (a fee is an `amount`, a rate has no `applicationType`, [`wire::downgrade_detail`]).
pub const DETAIL_VERSIONS: (u64, u64) = (4, 7);
/// The versions of Get Status and Get Outages served (the standard has one of each).
pub const DISCOVERY_VERSIONS: (u64, u64) = (1, 1);
/// The page size when none is asked for, and the largest one allowed.
pub const DEFAULT_PAGE_SIZE: usize = 25;
/// The largest `page-size`.
pub const MAX_PAGE_SIZE: usize = 1000;
/// How long a client may reuse an answer without asking again. Private: every answer carries
/// the caller's `x-fapi-interaction-id`, which a shared cache would hand to the next caller.
const CACHE_CONTROL: &str = "private, max-age=300";
/// What an answer varies on: a cache keeps one per version asked, media type, encoding and
/// interaction id.
const VARY: &str = "accept, accept-encoding, x-v, x-min-v, x-fapi-interaction-id";

/// What the endpoints serve from: every offer, worked out once, and where the links point.
pub struct ProductData {
    offers: Vec<ProductOffer>,
    origin: String,
    clock: fn() -> DateTime<Utc>,
    /// When this server began answering: the last change of its status.
    started: DateTime<Utc>,
}

impl std::fmt::Debug for ProductData {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ProductData")
            .field("offers", &self.offers.len())
            .field("origin", &self.origin)
            .finish_non_exhaustive()
    }
}

impl ProductData {
    /// Core's catalog as published at `origin` (`PUBLIC_ORIGIN`, no trailing slash), judged
    /// by the system clock.
    pub fn new(origin: &str) -> Self {
        Self::with_clock(origin, Utc::now)
    }

    /// The same, judged at the moments `clock` gives (tests pin the day).
    pub fn with_clock(origin: &str, clock: fn() -> DateTime<Utc>) -> Self {
        Self {
            offers: offers(&banksia_core::products::catalog()),
            origin: origin.trim_end_matches('/').to_owned(),
            clock,
            started: clock(),
        }
    }

    /// The bank's date at `now`.
    fn today(now: DateTime<Utc>) -> NaiveDate {
        Today::At(now).bank_date()
    }
}

/// The product endpoints, the discovery endpoints, their preflights, and the standard's 404 for
/// any other path under `/cds-au/`.
pub fn routes(
    data: Arc<ProductData>,
) -> impl Filter<Extract = (Response,), Error = Rejection> + Clone {
    list_products(data.clone())
        .or(product_detail(data.clone()))
        .unify()
        .or(discovery_status(data.clone()))
        .unify()
        .or(discovery_outages(data))
        .unify()
        .or(preflight())
        .unify()
        .or(unknown_path())
        .unify()
}

/// GET /cds-au/v1/discovery/status: the standard's health check. This server answering is the
/// product data answering (it needs nothing else), so the status is `OK` from its start.
pub fn discovery_status(
    data: Arc<ProductData>,
) -> impl Filter<Extract = (Response,), Error = Rejection> + Clone {
    warp::path!("cds-au" / "v1" / "discovery" / "status")
        .and(get_or_head())
        .and(warp::header::headers_cloned())
        .map(move |headers: HeaderMap| {
            discovery_answer(&headers, || wire::StatusResponse {
                data: wire::Status {
                    status: "OK",
                    update_time: wire::moment(data.started),
                },
                links: wire::SelfLink {
                    self_link: format!("{}{BASE_PATH}/discovery/status", data.origin),
                },
                meta: wire::EmptyMeta {},
            })
        })
}

/// GET /cds-au/v1/discovery/outages: the outages scheduled. The bank schedules none of this
/// service (a deploy replaces the server without a gap), so the list is empty.
pub fn discovery_outages(
    data: Arc<ProductData>,
) -> impl Filter<Extract = (Response,), Error = Rejection> + Clone {
    warp::path!("cds-au" / "v1" / "discovery" / "outages")
        .and(get_or_head())
        .and(warp::header::headers_cloned())
        .map(move |headers: HeaderMap| {
            discovery_answer(&headers, || wire::OutagesResponse {
                data: wire::Outages {
                    outages: Vec::new(),
                },
                links: wire::SelfLink {
                    self_link: format!("{}{BASE_PATH}/discovery/outages", data.origin),
                },
                meta: wire::EmptyMeta {},
            })
        })
}

/// A discovery endpoint's answer: the `Accept` and version checks of every endpoint, then the
/// body `make` writes, finished with the common headers.
fn discovery_answer<B: Serialize>(headers: &HeaderMap, make: impl FnOnce() -> B) -> Response {
    let interaction = interaction_id(headers);
    let answer = acceptable(headers).and_then(|()| {
        let version = negotiate(headers, DISCOVERY_VERSIONS)?;
        to_body(&make(), version)
    });
    finish(answer, headers, interaction)
}

/// GET /cds-au/v1/banking/products
pub fn list_products(
    data: Arc<ProductData>,
) -> impl Filter<Extract = (Response,), Error = Rejection> + Clone {
    warp::path!("cds-au" / "v1" / "banking" / "products")
        .and(get_or_head())
        .and(warp::header::headers_cloned())
        .and(raw_query())
        .map(move |headers: HeaderMap, query: String| {
            let interaction = interaction_id(&headers);
            let answer = list(&data, &headers, &query);
            finish(answer, &headers, interaction)
        })
}

/// GET /cds-au/v1/banking/products/{productId}
pub fn product_detail(
    data: Arc<ProductData>,
) -> impl Filter<Extract = (Response,), Error = Rejection> + Clone {
    warp::path!("cds-au" / "v1" / "banking" / "products" / String)
        .and(get_or_head())
        .and(warp::header::headers_cloned())
        .map(move |id: String, headers: HeaderMap| {
            let interaction = interaction_id(&headers);
            let answer = detail(&data, &headers, &id);
            finish(answer, &headers, interaction)
        })
}

/// Whether a path under `/cds-au/v1/` is one of the public endpoints.
fn is_endpoint(tail: &str) -> bool {
    let tail = tail.trim_end_matches('/');
    match tail.strip_prefix("banking/products") {
        Some("") => true,
        Some(rest) => rest
            .strip_prefix('/')
            .is_some_and(|id| !id.is_empty() && !id.contains('/')),
        None => matches!(tail, "discovery/status" | "discovery/outages"),
    }
}

/// OPTIONS of every public endpoint (the product list and detail, Get Status, Get Outages): the
/// CORS preflight, granted to every origin for GET with the standard's request headers.
pub fn preflight() -> impl Filter<Extract = (Response,), Error = Rejection> + Clone {
    warp::path!("cds-au" / "v1" / ..)
        .and(warp::path::tail())
        .and(warp::options())
        .map(|tail: warp::path::Tail| {
            let mut response = if is_endpoint(tail.as_str()) {
                StatusCode::NO_CONTENT.into_response()
            } else {
                not_found_answer()
            };
            let headers = response.headers_mut();
            cors(headers);
            headers.insert(
                header::ACCESS_CONTROL_ALLOW_METHODS,
                HeaderValue::from_static("GET, OPTIONS"),
            );
            headers.insert(
                header::ACCESS_CONTROL_ALLOW_HEADERS,
                HeaderValue::from_static(
                    "accept, x-v, x-min-v, x-fapi-interaction-id, if-none-match",
                ),
            );
            headers.insert(
                header::ACCESS_CONTROL_MAX_AGE,
                HeaderValue::from_static("86400"),
            );
            response
        })
}

/// Any other path under /cds-au/: the standard's 404 (`Resource/NotFound`), not the site's
/// page, so a client reading JSON gets JSON.
pub fn unknown_path() -> impl Filter<Extract = (Response,), Error = Rejection> + Clone {
    warp::path("cds-au")
        .and(warp::header::headers_cloned())
        .map(|headers: HeaderMap| {
            let interaction = interaction_id(&headers);
            let mut response = not_found_answer();
            cors(response.headers_mut());
            response
                .headers_mut()
                .insert("x-fapi-interaction-id", interaction);
            response
        })
}

fn not_found_answer() -> Response {
    CdsError::new(
        StatusCode::NOT_FOUND,
        "Resource/NotFound",
        "Resource Not Found",
        "No such endpoint: the public endpoints are /cds-au/v1/banking/products, /cds-au/v1/banking/products/{productId}, /cds-au/v1/discovery/status and /cds-au/v1/discovery/outages.",
    )
    .into_response()
}

/// GET, or HEAD (the same answer; hyper sends no body).
fn get_or_head() -> impl Filter<Extract = (), Error = Rejection> + Clone {
    warp::get().or(warp::head()).unify()
}

/// The query string as sent (empty when there is none).
fn raw_query() -> impl Filter<Extract = (String,), Error = Infallible> + Clone {
    warp::query::raw().or(warp::any().map(String::new)).unify()
}

/// The client's `x-fapi-interaction-id` played back, or a new RFC 4122 UUID.
fn interaction_id(headers: &HeaderMap) -> HeaderValue {
    let given = headers
        .get("x-fapi-interaction-id")
        .filter(|value| {
            let bytes = value.as_bytes();
            !bytes.is_empty() && bytes.len() <= 128 && bytes.iter().all(u8::is_ascii_graphic)
        })
        .cloned();
    given.unwrap_or_else(|| {
        let mut bytes = [0u8; 16];
        // Without the system's randomness the id is still unique enough for correlation:
        // the clock's nanoseconds.
        if getrandom::fill(&mut bytes).is_err() {
            let nanos = Utc::now().timestamp_nanos_opt().unwrap_or(0);
            bytes[..8].copy_from_slice(&nanos.to_be_bytes());
        }
        let id = uuid::Builder::from_random_bytes(bytes).into_uuid();
        HeaderValue::from_str(&id.hyphenated().to_string())
            .unwrap_or_else(|_| HeaderValue::from_static("00000000-0000-4000-8000-000000000000"))
    })
}

/// A successful answer before its headers: the body, and the version served.
struct Found {
    body: Vec<u8>,
    version: u64,
}

/// One failure in the standard's terms: status, code (after `urn:au-cds:error:cds-all:`),
/// title and detail.
#[derive(Debug)]
pub struct CdsError {
    status: StatusCode,
    code: &'static str,
    title: &'static str,
    detail: String,
}

impl CdsError {
    fn new(status: StatusCode, code: &'static str, title: &'static str, detail: &str) -> Self {
        Self {
            status,
            code,
            title,
            detail: detail.to_owned(),
        }
    }

    fn invalid_field(name: &str) -> Self {
        Self::new(
            StatusCode::BAD_REQUEST,
            "Field/Invalid",
            "Invalid Field",
            name,
        )
    }

    /// The HTTP status.
    pub fn status(&self) -> StatusCode {
        self.status
    }

    /// The standard's error code.
    pub fn code(&self) -> String {
        format!("urn:au-cds:error:cds-all:{}", self.code)
    }

    fn into_response(self) -> Response {
        self.into_encoded_response(None)
    }

    /// The error list (`ResponseErrorListV2`), in `encoding` if given.
    fn into_encoded_response(self, encoding: Option<Encoding>) -> Response {
        #[derive(Serialize)]
        struct ErrorList {
            errors: [ErrorV2; 1],
        }
        #[derive(Serialize)]
        struct ErrorV2 {
            code: String,
            title: &'static str,
            detail: String,
            meta: Meta,
        }
        #[derive(Serialize)]
        struct Meta {}
        let body = ErrorList {
            errors: [ErrorV2 {
                code: self.code(),
                title: self.title,
                detail: self.detail,
                meta: Meta {},
            }],
        };
        let bytes = serde_json::to_vec(&body).unwrap_or_default();
        let encoded = encoding.and_then(|e| encode(&bytes, e).map(|b| (e, b)));
        let mut response = match encoded {
            Some((encoding, bytes)) => {
                let mut response = bytes.into_response();
                response.headers_mut().insert(
                    header::CONTENT_ENCODING,
                    HeaderValue::from_static(encoding.name()),
                );
                response
            }
            None => bytes.into_response(),
        };
        *response.status_mut() = self.status;
        let headers = response.headers_mut();
        headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        );
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
        response
    }
}

/// Reads a PositiveInteger header: `Ok(None)` when absent; a number too large for `u64` is
/// still a positive integer (just one no endpoint serves).
fn positive_integer(headers: &HeaderMap, name: &str) -> Result<Option<u64>, CdsError> {
    let Some(value) = headers.get(name) else {
        return Ok(None);
    };
    let invalid = || {
        CdsError::new(
            StatusCode::BAD_REQUEST,
            "Header/InvalidVersion",
            "Invalid Version",
            &format!("{name} must be a positive integer"),
        )
    };
    let text = value.to_str().map_err(|_| invalid())?.trim();
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(invalid());
    }
    let number = text.parse::<u64>().unwrap_or(u64::MAX);
    if number == 0 {
        return Err(invalid());
    }
    Ok(Some(number))
}

/// The version to answer with: the highest of `served` between `x-min-v` and `x-v` (an
/// `x-min-v` at or above `x-v` counts as absent).
pub fn negotiate(headers: &HeaderMap, served: (u64, u64)) -> Result<u64, CdsError> {
    let requested = positive_integer(headers, "x-v")?.ok_or_else(|| {
        CdsError::new(
            StatusCode::BAD_REQUEST,
            "Header/Missing",
            "Missing Required Header",
            "x-v",
        )
    })?;
    let minimum = positive_integer(headers, "x-min-v")?
        .filter(|&minimum| minimum < requested)
        .unwrap_or(requested);
    let (lowest, highest) = served;
    let version = requested.min(highest);
    if version < lowest || version < minimum {
        let asked = if minimum < requested {
            format!(
                "versions {minimum} to {requested} were asked for (x-min-v {minimum}, x-v {requested})"
            )
        } else {
            format!("version {requested} was asked for (x-v {requested})")
        };
        let served = if lowest == highest {
            format!("version {lowest} is served")
        } else {
            format!("versions {lowest} to {highest} are served")
        };
        return Err(CdsError::new(
            StatusCode::NOT_ACCEPTABLE,
            "Header/UnsupportedVersion",
            "Unsupported Version",
            &format!(
                "This endpoint's {served}; {asked}. Send x-v {highest}, or an x-min-v of at most {highest}."
            ),
        ));
    }
    Ok(version)
}

/// `Ok` when the `Accept` header, if any, admits `application/json` (RFC 9110 section 12.5.1:
/// `*/*`, `application/*` or `application/json`, parameters aside, with a q-value above 0);
/// otherwise the 406 the standard asks for.
pub fn acceptable(headers: &HeaderMap) -> Result<(), CdsError> {
    let values: Vec<&HeaderValue> = headers.get_all(header::ACCEPT).iter().collect();
    if values.is_empty() {
        return Ok(());
    }
    let refused = || {
        CdsError::new(
            StatusCode::NOT_ACCEPTABLE,
            "Header/Invalid",
            "Invalid Header",
            "Accept: these endpoints answer application/json only",
        )
    };
    let mut ranges = Vec::new();
    for value in values {
        let text = value.to_str().map_err(|_| refused())?;
        ranges.extend(text.split(',').map(str::trim).filter(|r| !r.is_empty()));
    }
    if ranges.is_empty() {
        // An empty Accept is as good as none.
        return Ok(());
    }
    let admits = ranges.iter().any(|range| {
        let mut parts = range.split(';').map(str::trim);
        let media = parts.next().unwrap_or("").to_ascii_lowercase();
        let weight = parts
            .filter_map(|p| p.split_once('='))
            .find(|(name, _)| name.trim().eq_ignore_ascii_case("q"))
            .map_or(Some(1.0), |(_, q)| q.trim().parse::<f32>().ok());
        let positive = weight.is_some_and(|q| q > 0.0);
        positive && matches!(media.as_str(), "*/*" | "application/*" | "application/json")
    });
    if admits { Ok(()) } else { Err(refused()) }
}

/// Which offers the list shows (`effective`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Effective {
    Current,
    Future,
    All,
}

/// The list's query, read.
#[derive(Debug)]
struct ListQuery {
    effective: Effective,
    updated_since: Option<DateTime<Utc>>,
    brand: Option<String>,
    category: Option<String>,
    page: usize,
    page_size: usize,
}

impl ListQuery {
    /// The query again, for the pagination links (only what the client set, `page` last).
    fn link(&self, origin: &str, page: usize) -> String {
        let mut query = form_urlencoded::Serializer::new(String::new());
        match self.effective {
            Effective::Current => {}
            Effective::Future => {
                query.append_pair("effective", "FUTURE");
            }
            Effective::All => {
                query.append_pair("effective", "ALL");
            }
        }
        if let Some(since) = self.updated_since {
            query.append_pair("updated-since", &since.to_rfc3339());
        }
        if let Some(brand) = &self.brand {
            query.append_pair("brand", brand);
        }
        if let Some(category) = &self.category {
            query.append_pair("product-category", category);
        }
        query.append_pair("page", &page.to_string());
        query.append_pair("page-size", &self.page_size.to_string());
        format!("{origin}{BASE_PATH}/banking/products?{}", query.finish())
    }
}

/// A PositiveInteger query value.
fn query_positive(value: &str, name: &str) -> Result<usize, CdsError> {
    if value.is_empty() || !value.bytes().all(|b| b.is_ascii_digit()) {
        return Err(CdsError::invalid_field(name));
    }
    match value.parse::<usize>() {
        Ok(0) => Err(CdsError::invalid_field(name)),
        Ok(number) => Ok(number),
        // Larger than any page or size: the same answers as a merely large number.
        Err(_) => Ok(usize::MAX),
    }
}

fn read_query(raw: &str) -> Result<ListQuery, CdsError> {
    let mut query = ListQuery {
        effective: Effective::Current,
        updated_since: None,
        brand: None,
        category: None,
        page: 1,
        page_size: DEFAULT_PAGE_SIZE,
    };
    let mut seen: Vec<String> = Vec::new();
    for (name, value) in form_urlencoded::parse(raw.as_bytes()) {
        let known = matches!(
            &*name,
            "effective" | "updated-since" | "brand" | "product-category" | "page" | "page-size"
        );
        if !known {
            // Unknown parameters are ignored, as the standard's clients expect.
            continue;
        }
        if seen.iter().any(|n| *n == name) {
            return Err(CdsError::invalid_field(&name));
        }
        seen.push(name.to_string());
        let value = &*value;
        match &*name {
            "effective" => {
                query.effective = match value {
                    "CURRENT" => Effective::Current,
                    "FUTURE" => Effective::Future,
                    "ALL" => Effective::All,
                    _ => return Err(CdsError::invalid_field("effective")),
                }
            }
            "updated-since" => {
                let moment = DateTime::parse_from_rfc3339(value.trim()).map_err(|_| {
                    CdsError::new(
                        StatusCode::BAD_REQUEST,
                        "Field/InvalidDateTime",
                        "Invalid Date",
                        "updated-since",
                    )
                })?;
                query.updated_since = Some(moment.with_timezone(&Utc));
            }
            "brand" => query.brand = Some(value.to_owned()),
            "product-category" => {
                if !wire::CATEGORIES.contains(&value) {
                    return Err(CdsError::invalid_field("product-category"));
                }
                query.category = Some(value.to_owned());
            }
            "page" => query.page = query_positive(value, "page")?,
            _ => {
                // page-size: a PositiveInteger, at most 1000.
                let size = query_positive(value, "page-size")?;
                if size > MAX_PAGE_SIZE {
                    return Err(CdsError::new(
                        StatusCode::BAD_REQUEST,
                        "Field/InvalidPageSize",
                        "Invalid Page Size",
                        "page-size must be at most 1000",
                    ));
                }
                query.page_size = size;
            }
        }
    }
    Ok(query)
}

fn list(data: &ProductData, headers: &HeaderMap, raw: &str) -> Result<Found, CdsError> {
    acceptable(headers)?;
    let version = negotiate(headers, LIST_VERSIONS)?;
    let query = read_query(raw)?;
    let now = (data.clock)();
    let today = ProductData::today(now);
    let published: Vec<ProductOffer> = data.offers.iter().map(|o| o.published_at(now)).collect();
    let mut selected: Vec<&ProductOffer> = published
        .iter()
        .filter(|offer| match query.effective {
            Effective::Current => offer.is_current_on(today),
            Effective::Future => offer.is_future_on(today),
            Effective::All => offer.is_current_on(today) || offer.is_future_on(today),
        })
        .filter(|offer| {
            query
                .updated_since
                .is_none_or(|since| offer.last_updated(now) > since)
        })
        // Every product is the one brand's: a brand filter keeps all or none.
        .filter(|_| {
            query
                .brand
                .as_deref()
                .is_none_or(|brand| brand.trim().eq_ignore_ascii_case(BRAND))
        })
        .filter(|offer| {
            query
                .category
                .as_deref()
                .is_none_or(|category| wire::category_code(offer) == category)
        })
        .collect();
    // Newest lastUpdated first, as the standard expects; then a fixed order.
    selected.sort_by(|a, b| {
        b.last_updated(now)
            .cmp(&a.last_updated(now))
            .then_with(|| a.id.cmp(&b.id))
    });
    let total_records = selected.len();
    let total_pages = total_records.div_ceil(query.page_size);
    if query.page > total_pages.max(1) {
        return Err(CdsError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "Field/InvalidPage",
            "Invalid Page",
            &total_pages.to_string(),
        ));
    }
    let start = (query.page - 1).saturating_mul(query.page_size);
    let products = selected
        .iter()
        .skip(start)
        .take(query.page_size)
        .map(|offer| wire::product(offer, &data.origin, now))
        .collect();
    let origin = &data.origin;
    let has_more = query.page < total_pages;
    let links = wire::PaginatedLinks {
        self_link: if raw.is_empty() {
            format!("{origin}{BASE_PATH}/banking/products")
        } else {
            format!("{origin}{BASE_PATH}/banking/products?{raw}")
        },
        first: (query.page > 1).then(|| query.link(origin, 1)),
        prev: (query.page > 1).then(|| query.link(origin, query.page - 1)),
        next: has_more.then(|| query.link(origin, query.page + 1)),
        last: has_more.then(|| query.link(origin, total_pages)),
    };
    let body = wire::ProductList {
        data: wire::ProductListData { products },
        links,
        meta: wire::PaginatedMeta {
            total_records,
            total_pages,
        },
    };
    to_body(&body, version)
}

fn detail(data: &ProductData, headers: &HeaderMap, id: &str) -> Result<Found, CdsError> {
    acceptable(headers)?;
    let version = negotiate(headers, DETAIL_VERSIONS)?;
    let now = (data.clock)();
    // One offer per product: today's rates and those announced, each with its days.
    let offer = data
        .offers
        .iter()
        .find(|offer| offer.id == id)
        .map(|offer| offer.published_at(now))
        .ok_or_else(|| {
            // The detail names the id asked for when it is plain text (the standard's
            // convention); anything else is not repeated.
            let shown = if id.len() <= 64 && id.bytes().all(|b| b.is_ascii_graphic()) {
                id
            } else {
                "productId"
            };
            CdsError::new(
                StatusCode::NOT_FOUND,
                "Resource/Invalid",
                "Invalid Resource",
                shown,
            )
        })?;
    let body = wire::ProductDetailResponse {
        data: wire::detail(&offer, &data.origin, now),
        links: wire::SelfLink {
            self_link: format!("{}{BASE_PATH}/banking/products/{}", data.origin, offer.id),
        },
        meta: wire::EmptyMeta {},
    };
    if version < 5 {
        let mut value = serde_json::to_value(&body).map_err(|_| unwritable())?;
        wire::downgrade_detail(&mut value["data"]);
        return to_body(&value, version);
    }
    to_body(&body, version)
}

fn unwritable() -> CdsError {
    CdsError::new(
        StatusCode::SERVICE_UNAVAILABLE,
        "Service/Unavailable",
        "Service Unavailable",
        "The product data could not be written; please try again.",
    )
}

fn to_body(body: &impl Serialize, version: u64) -> Result<Found, CdsError> {
    serde_json::to_vec(body)
        .map(|body| Found { body, version })
        .map_err(|_| unwritable())
}

/// The CORS headers of a public endpoint: any origin, and the headers a script may read.
fn cors(headers: &mut HeaderMap) {
    headers.insert(
        header::ACCESS_CONTROL_ALLOW_ORIGIN,
        HeaderValue::from_static("*"),
    );
    headers.insert(
        header::ACCESS_CONTROL_EXPOSE_HEADERS,
        HeaderValue::from_static("x-v, x-fapi-interaction-id, etag"),
    );
}

/// A strong validator of the body: its SHA-256, cut to 128 bits. Each content coding of it is
/// another representation, so another tag (`-br`, `-gzip` after the digest).
fn etag(body: &[u8], version: u64) -> String {
    let digest = Sha256::digest(body);
    let hex: String = digest[..16].iter().map(|b| format!("{b:02x}")).collect();
    format!("\"v{version}-{hex}\"")
}

fn tag_for(tag: &str, encoding: Option<Encoding>) -> String {
    match encoding {
        None => tag.to_owned(),
        Some(encoding) => format!("{}-{}\"", tag.trim_end_matches('"'), encoding.name()),
    }
}

/// Whether `If-None-Match` names `tag` in any of its codings (weak comparison, as GET allows;
/// `*` matches): the client holds this very body.
fn not_modified(headers: &HeaderMap, tag: &str) -> bool {
    let base = tag.trim_end_matches('"');
    headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .map(|candidate| candidate.trim())
        .any(|candidate| {
            let candidate = candidate.trim_start_matches("W/");
            candidate == "*"
                || candidate == tag
                || [Encoding::Brotli, Encoding::Gzip]
                    .iter()
                    .any(|encoding| candidate == format!("{base}-{}\"", encoding.name()))
        })
}

/// A content coding of an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Encoding {
    Brotli,
    Gzip,
}

impl Encoding {
    const fn name(self) -> &'static str {
        match self {
            Self::Brotli => "br",
            Self::Gzip => "gzip",
        }
    }
}

/// The coding to answer in: the acceptable one (q above 0) with the highest q-value, brotli
/// before gzip when equal, `*` standing for either; none when neither is acceptable.
fn encoding_for(headers: &HeaderMap) -> Option<Encoding> {
    let mut weights: Vec<(String, f32)> = Vec::new();
    for value in headers.get_all(header::ACCEPT_ENCODING) {
        let Ok(text) = value.to_str() else { continue };
        for item in text.split(',') {
            let mut parts = item.split(';').map(str::trim);
            let name = parts.next().unwrap_or("").to_ascii_lowercase();
            if name.is_empty() {
                continue;
            }
            let q = parts
                .filter_map(|p| p.split_once('='))
                .find(|(key, _)| key.trim().eq_ignore_ascii_case("q"))
                .map_or(Some(1.0), |(_, q)| q.trim().parse::<f32>().ok())
                .unwrap_or(0.0);
            weights.push((name, q));
        }
    }
    let weight = |name: &str| {
        weights
            .iter()
            .find(|(n, _)| n == name)
            .or_else(|| weights.iter().find(|(n, _)| n == "*"))
            .map_or(0.0, |(_, q)| *q)
    };
    let (br, gzip) = (weight("br"), weight("gzip"));
    if br > 0.0 && br >= gzip {
        Some(Encoding::Brotli)
    } else if gzip > 0.0 {
        Some(Encoding::Gzip)
    } else {
        None
    }
}

/// `body` in `encoding` (`None` when it can't be, and the body goes as it is).
fn encode(body: &[u8], encoding: Encoding) -> Option<Vec<u8>> {
    use std::io::Write as _;
    match encoding {
        Encoding::Gzip => {
            let mut encoder =
                flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::new(6));
            encoder.write_all(body).ok()?;
            encoder.finish().ok()
        }
        Encoding::Brotli => {
            let mut out = Vec::new();
            {
                // Quality 5 of 11: most of brotli's gain at a fraction of its time.
                let mut writer = brotli::CompressorWriter::new(&mut out, 4096, 5, 22);
                writer.write_all(body).ok()?;
                writer.flush().ok()?;
            }
            Some(out)
        }
    }
}

fn finish(
    answer: Result<Found, CdsError>,
    headers: &HeaderMap,
    interaction: HeaderValue,
) -> Response {
    let encoding = encoding_for(headers);
    let mut response = match answer {
        Ok(Found { body, version }) => {
            let plain_tag = etag(&body, version);
            let encoded = encoding.and_then(|e| encode(&body, e).map(|bytes| (e, bytes)));
            let tag = tag_for(&plain_tag, encoded.as_ref().map(|(e, _)| *e));
            let mut response = if not_modified(headers, &plain_tag) {
                StatusCode::NOT_MODIFIED.into_response()
            } else {
                let mut response = match encoded {
                    Some((encoding, bytes)) => {
                        let mut response = bytes.into_response();
                        response.headers_mut().insert(
                            header::CONTENT_ENCODING,
                            HeaderValue::from_static(encoding.name()),
                        );
                        response
                    }
                    None => body.into_response(),
                };
                response.headers_mut().insert(
                    header::CONTENT_TYPE,
                    HeaderValue::from_static("application/json"),
                );
                response
            };
            let out = response.headers_mut();
            out.insert("x-v", HeaderValue::from(version));
            if let Ok(tag) = HeaderValue::from_str(&tag) {
                out.insert(header::ETAG, tag);
            }
            out.insert(
                header::CACHE_CONTROL,
                HeaderValue::from_static(CACHE_CONTROL),
            );
            response
        }
        Err(error) => error.into_encoded_response(encoding),
    };
    let out = response.headers_mut();
    out.insert(header::VARY, HeaderValue::from_static(VARY));
    out.insert("x-fapi-interaction-id", interaction);
    cors(out);
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(*name, HeaderValue::from_static(value));
        }
        map
    }

    #[test]
    fn the_highest_version_between_min_and_requested_is_served() {
        let served = (5, 5);
        assert_eq!(negotiate(&headers(&[("x-v", "5")]), served).unwrap(), 5);
        assert_eq!(
            negotiate(&headers(&[("x-v", "9"), ("x-min-v", "3")]), served).unwrap(),
            5
        );
        // x-min-v at or above x-v is treated as absent: only x-v itself is asked for.
        assert_eq!(
            negotiate(&headers(&[("x-v", "5"), ("x-min-v", "7")]), served).unwrap(),
            5
        );
        let refused = |pairs: &[(&'static str, &'static str)]| {
            let error = negotiate(&headers(pairs), served).unwrap_err();
            (error.status.as_u16(), error.code)
        };
        assert_eq!(refused(&[("x-v", "4")]), (406, "Header/UnsupportedVersion"));
        assert_eq!(refused(&[("x-v", "6")]), (406, "Header/UnsupportedVersion"));
        assert_eq!(
            refused(&[("x-v", "99999999999999999999999")]),
            (406, "Header/UnsupportedVersion")
        );
        assert_eq!(
            refused(&[("x-v", "9"), ("x-min-v", "6")]),
            (406, "Header/UnsupportedVersion")
        );
        assert_eq!(refused(&[]), (400, "Header/Missing"));
        for bad in ["0", "-1", "+5", "5.0", "five", "", " "] {
            assert_eq!(
                refused(&[("x-v", bad)]),
                (400, "Header/InvalidVersion"),
                "{bad:?}"
            );
        }
        assert_eq!(
            refused(&[("x-v", "5"), ("x-min-v", "x")]),
            (400, "Header/InvalidVersion")
        );
    }

    #[test]
    fn if_none_match_compares_weakly_and_accepts_lists() {
        let tag = "\"v5-abc\"";
        assert!(not_modified(
            &headers(&[("if-none-match", "\"v5-abc\"")]),
            tag
        ));
        assert!(not_modified(
            &headers(&[("if-none-match", "\"x\", W/\"v5-abc\"")]),
            tag
        ));
        assert!(not_modified(&headers(&[("if-none-match", "*")]), tag));
        assert!(!not_modified(
            &headers(&[("if-none-match", "\"v5-abd\"")]),
            tag
        ));
        assert!(!not_modified(&headers(&[]), tag));
    }
}
