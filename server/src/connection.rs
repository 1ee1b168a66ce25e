//! Serving one TCP connection: HTTP/1.1 by hyper with a header-read timeout, an idle timeout on
//! the socket itself, the peer's address for the handlers, and quiet logging of clients that go
//! away (a client closing its connection is not a server error).

use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use std::sync::Arc;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;
use tokio::time::{Instant, Sleep};

use warp::http::{HeaderMap, HeaderValue, Method, Request, Version, header};

use crate::error::ApiError;

/// The TCP peer of the connection a request came on, put in the request's extensions (read by
/// `filters::peer`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Peer(pub SocketAddr);

/// The connection timeouts (see `Config`).
#[derive(Debug, Clone, Copy)]
pub struct Timeouts {
    pub header_read: Duration,
    pub idle: Duration,
}

/// Serves `stream` until the client closes it, a timeout closes it, or a graceful shutdown ends
/// it. Connection-level failures are logged at debug: they are the client's doing.
///
/// Each request first passes [`refusal`]: one whose target or framing the router must not see
/// is answered here, with `security_headers` and an access log line like any other.
pub fn serve<S>(
    stream: TcpStream,
    peer: SocketAddr,
    service: S,
    timeouts: Timeouts,
    security_headers: Arc<HeaderMap>,
    graceful: &GracefulShutdown,
) -> impl Future<Output = ()> + Send + 'static
where
    S: tower_service::Service<
            Request<Incoming>,
            Response = warp::reply::Response,
            Error = std::convert::Infallible,
        > + Clone
        + Send
        + 'static,
    S::Future: Send + 'static,
{
    let lines = header_lines(&security_headers);
    let hyper_service = hyper::service::service_fn(move |mut request: Request<Incoming>| {
        let refused = refusal(&request).map(|error| {
            let started = std::time::Instant::now();
            let response = refused_response(error, &security_headers);
            crate::telemetry::log_request(
                request.method().as_str(),
                request.uri().path(),
                response.status().as_u16(),
                started.elapsed(),
            );
            response
        });
        request.extensions_mut().insert(Peer(peer));
        let mut service = service.clone();
        let routed = refused
            .is_none()
            .then(|| tower_service::Service::call(&mut service, request));
        async move {
            match (refused, routed) {
                (Some(response), _) => Ok(response),
                (None, Some(routed)) => routed.await,
                (None, None) => unreachable!("a request is either refused or routed"),
            }
        }
    });
    let io = TokioIo::new(IdleGuard::new(stream, timeouts.idle).with_header_lines(lines));
    let connection = http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(timeouts.header_read)
        .serve_connection(io, hyper_service);
    let connection = graceful.watch(connection);
    async move {
        if let Err(err) = connection.await {
            tracing::debug!(%peer, error = %err, "connection ended");
        }
    }
}

/// Answers a connection the caps turned away with a bare 503 (if the socket takes it at once:
/// nothing waits on a client that is not reading) and closes it.
pub fn turn_away(stream: &TcpStream, refused: crate::admission::Refused) {
    tracing::debug!(reason = refused.as_str(), "connection turned away");
    let _ = stream.try_write(
        b"HTTP/1.1 503 Service Unavailable\r\ncontent-length: 0\r\nretry-after: 1\r\nconnection: close\r\n\r\n",
    );
}

/// Why a request is answered 400 before routing, if it is:
/// - its target is not a path (`GET a:1`, `GET ~`, `CONNECT host:443`, `OPTIONS *`): only
///   origin-form targets (and absolute-form ones, whose path hyper gives) name something here;
/// - it is HTTP/1.1 without exactly one `Host` header (RFC 9112 section 3.2);
/// - its `Transfer-Encoding` is anything but one `chunked` (`chunked, chunked`, `gzip,
///   chunked`: hyper would read them as plain chunked, but no coding other than chunked is
///   supported, and a proxy in front may frame the body differently).
pub fn refusal<B>(request: &Request<B>) -> Option<ApiError> {
    let target_is_a_path = request.uri().path().starts_with('/');
    if !target_is_a_path || request.method() == Method::CONNECT {
        return Some(ApiError::BadRequestTarget);
    }
    let hosts = request.headers().get_all(header::HOST).iter().count();
    if hosts > 1 || (hosts == 0 && request.version() == Version::HTTP_11) {
        return Some(ApiError::BadHost);
    }
    let mut codings = request.headers().get_all(header::TRANSFER_ENCODING).iter();
    if let Some(first) = codings.next() {
        let only_chunked = first.as_bytes().eq_ignore_ascii_case(b"chunked");
        if !only_chunked || codings.next().is_some() {
            return Some(ApiError::UnsupportedTransferEncoding);
        }
    }
    None
}

/// The answer to a refused request: the error's JSON, the security headers, no caching, and
/// the connection closed (its body, if any, is never read).
fn refused_response(error: ApiError, security_headers: &HeaderMap) -> warp::reply::Response {
    let mut response = error.into_response();
    let headers = response.headers_mut();
    for (name, value) in security_headers {
        headers.insert(name.clone(), value.clone());
    }
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}

/// A socket that fails with `TimedOut` once nothing has been read from it or written to it for
/// `idle`: a client that stalls in a header, in a body, between requests or while it should be
/// reading the response does not hold a connection open for ever.
///
/// Its shutdown is a lingering close: the write side is shut (the client sees the end of the
/// answer), then what the client is still sending is read and thrown away, up to
/// [`LINGER_BYTES`] or [`LINGER_TIME`], before the socket closes. Closing with unread data
/// would make the kernel reset the connection, and a client still sending (a body over the
/// limit, answered 413 at once) could lose the answer with it.
pub struct IdleGuard<T> {
    io: T,
    idle: Duration,
    timer: Pin<Box<Sleep>>,
    /// Set once the write side is shut: how much the drain has read (the timer then holds its
    /// end).
    linger: Option<usize>,
    /// `name: value\r\n` lines added to the answers hyper writes by itself (see
    /// [`IdleGuard::with_header_lines`]), and bytes of such an answer still to be written.
    header_lines: Arc<Vec<u8>>,
    pending: Vec<u8>,
    pending_at: usize,
}

/// The security headers as the lines of an HTTP/1.1 head.
fn header_lines(headers: &HeaderMap) -> Arc<Vec<u8>> {
    let mut lines = Vec::new();
    for (name, value) in headers {
        lines.extend_from_slice(name.as_str().as_bytes());
        lines.extend_from_slice(b": ");
        lines.extend_from_slice(value.as_bytes());
        lines.extend_from_slice(b"\r\n");
    }
    Arc::new(lines)
}

/// The answers hyper gives by itself, before any request reaches the service: a request it
/// cannot parse (400), a target or header section too long (414, 431), an unsupported version
/// or expectation.
const HYPER_OWN_STATUSES: [&[u8]; 6] = [b"400", b"408", b"414", b"417", b"431", b"505"];

/// Whether `data` is the whole head of one of hyper's own answers: a status of
/// [`HYPER_OWN_STATUSES`] and none of the security headers that every answer of the service
/// carries.
fn is_hyper_own_answer(data: &[u8]) -> bool {
    let Some(head_end) = data.windows(4).position(|w| w == b"\r\n\r\n") else {
        return false;
    };
    let head = &data[..head_end];
    let status = head.get(9..12).unwrap_or_default();
    (head.starts_with(b"HTTP/1.1 ") || head.starts_with(b"HTTP/1.0 "))
        && HYPER_OWN_STATUSES.contains(&status)
        && !head
            .windows(b"content-security-policy:".len())
            .any(|w| w.eq_ignore_ascii_case(b"content-security-policy:"))
}

/// How much a lingering close reads at most.
pub const LINGER_BYTES: usize = 4 * 1024 * 1024;
/// How long a lingering close lasts at most.
pub const LINGER_TIME: Duration = Duration::from_secs(5);

impl<T> IdleGuard<T> {
    pub fn new(io: T, idle: Duration) -> Self {
        Self {
            io,
            idle,
            timer: Box::pin(tokio::time::sleep(idle)),
            linger: None,
            header_lines: Arc::new(Vec::new()),
            pending: Vec::new(),
            pending_at: 0,
        }
    }

    /// Adds `lines` to each answer hyper writes by itself (a 400 for a request it cannot
    /// parse, a 431 for headers over its limit ...), which never pass through the service and
    /// so would lack the security headers every other answer has.
    pub fn with_header_lines(mut self, lines: Arc<Vec<u8>>) -> Self {
        self.header_lines = lines;
        self
    }

    /// If `data` is one of hyper's own answers, takes it whole, with the header lines after
    /// its status line, as bytes still to be written: hyper is told all of `data` was.
    fn take_hyper_answer(&mut self, data: &[u8]) -> Option<usize> {
        if self.header_lines.is_empty() || !is_hyper_own_answer(data) {
            return None;
        }
        let status_end = data.windows(2).position(|w| w == b"\r\n")? + 2;
        self.pending.clear();
        self.pending.extend_from_slice(&data[..status_end]);
        self.pending.extend_from_slice(&self.header_lines);
        self.pending.extend_from_slice(&data[status_end..]);
        self.pending_at = 0;
        Some(data.len())
    }

    /// Writes what [`Self::take_hyper_answer`] holds, first.
    fn poll_pending(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>>
    where
        T: AsyncWrite + Unpin,
    {
        while self.pending_at < self.pending.len() {
            let written = Pin::new(&mut self.io).poll_write(cx, &self.pending[self.pending_at..]);
            match self.after_write(cx, written) {
                Poll::Ready(Ok(0)) => return Poll::Ready(Err(io::ErrorKind::WriteZero.into())),
                Poll::Ready(Ok(n)) => self.pending_at += n,
                Poll::Ready(Err(err)) => return Poll::Ready(Err(err)),
                Poll::Pending => return Poll::Pending,
            }
        }
        self.pending.clear();
        self.pending_at = 0;
        Poll::Ready(Ok(()))
    }

    fn progressed(&mut self) {
        self.timer.as_mut().reset(Instant::now() + self.idle);
    }

    fn stalled(&mut self, cx: &mut Context<'_>) -> bool {
        self.timer.as_mut().poll(cx).is_ready()
    }

    /// A write that wrote something resets the timer; one still pending past `idle` times out.
    fn after_write(
        &mut self,
        cx: &mut Context<'_>,
        written: Poll<io::Result<usize>>,
    ) -> Poll<io::Result<usize>> {
        match written {
            Poll::Pending if self.stalled(cx) => Poll::Ready(Err(timed_out())),
            Poll::Pending => Poll::Pending,
            ready => {
                if matches!(ready, Poll::Ready(Ok(n)) if n > 0) {
                    self.progressed();
                }
                ready
            }
        }
    }
}

fn timed_out() -> io::Error {
    io::Error::new(io::ErrorKind::TimedOut, "connection idle for too long")
}

impl<T: AsyncRead + Unpin> AsyncRead for IdleGuard<T> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let before = buf.filled().len();
        match Pin::new(&mut this.io).poll_read(cx, buf) {
            Poll::Pending if this.stalled(cx) => Poll::Ready(Err(timed_out())),
            Poll::Pending => Poll::Pending,
            ready => {
                if buf.filled().len() > before {
                    this.progressed();
                }
                ready
            }
        }
    }
}

impl<T: AsyncRead + AsyncWrite + Unpin> AsyncWrite for IdleGuard<T> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        data: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        match this.poll_pending(cx) {
            Poll::Ready(Ok(())) => {}
            Poll::Ready(Err(err)) => return Poll::Ready(Err(err)),
            Poll::Pending => return Poll::Pending,
        }
        if let Some(taken) = this.take_hyper_answer(data) {
            return Poll::Ready(Ok(taken));
        }
        let written = Pin::new(&mut this.io).poll_write(cx, data);
        this.after_write(cx, written)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        match this.poll_pending(cx) {
            Poll::Ready(Ok(())) => {}
            Poll::Ready(Err(err)) => return Poll::Ready(Err(err)),
            Poll::Pending => return Poll::Pending,
        }
        if let Some(first) = bufs.iter().find(|b| !b.is_empty())
            && let Some(taken) = this.take_hyper_answer(first)
        {
            return Poll::Ready(Ok(taken));
        }
        let written = Pin::new(&mut this.io).poll_write_vectored(cx, bufs);
        this.after_write(cx, written)
    }

    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        match this.poll_pending(cx) {
            Poll::Ready(Ok(())) => {}
            other => return other,
        }
        match Pin::new(&mut this.io).poll_flush(cx) {
            Poll::Pending if this.stalled(cx) => Poll::Ready(Err(timed_out())),
            other => other,
        }
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        match this.poll_pending(cx) {
            Poll::Ready(Ok(())) => {}
            other => return other,
        }
        if this.linger.is_none() {
            match Pin::new(&mut this.io).poll_shutdown(cx) {
                Poll::Ready(Ok(())) => {}
                other => return other,
            }
            let until = Instant::now() + LINGER_TIME.min(this.idle);
            this.timer.as_mut().reset(until);
            this.linger = Some(0);
        }
        let mut scratch = [0u8; 8192];
        loop {
            let Some(drained) = this.linger.as_mut() else {
                return Poll::Ready(Ok(()));
            };
            if *drained >= LINGER_BYTES {
                return Poll::Ready(Ok(()));
            }
            let mut buf = ReadBuf::new(&mut scratch);
            match Pin::new(&mut this.io).poll_read(cx, &mut buf) {
                // The client's end, or its reset: nothing more to wait for.
                Poll::Ready(Ok(())) if buf.filled().is_empty() => return Poll::Ready(Ok(())),
                Poll::Ready(Err(_)) => return Poll::Ready(Ok(())),
                Poll::Ready(Ok(())) => *drained += buf.filled().len(),
                Poll::Pending if this.timer.as_mut().poll(cx).is_ready() => {
                    return Poll::Ready(Ok(()));
                }
                Poll::Pending => return Poll::Pending,
            }
        }
    }
}
