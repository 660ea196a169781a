//! `umpire serve`: one page for the table, served by umpire itself. The page (HTML, CSS and
//! a little JavaScript, embedded: no CDN, works offline) talks to the JSON API of
//! [`api`], which calls the same library layers as the command line and the REPL.
//!
//! The server is tiny_http's: a blocking listener, read by a few worker threads, with no
//! async runtime (it would cost build time on 2 cores and buy nothing at a card table).
//! It listens on localhost; with `lan` it listens on every interface and every request must
//! carry the join code shown on the host's screen (header `X-Join-Code`, or `?code=` for
//! the page itself). Bodies are limited to [`api::MAX_BODY_BYTES`]; searches take turns
//! and carry a time budget; [`Server::run`] returns once `stop` is set and the requests in
//! hand are answered, so Ctrl-C never cuts a save in half (saves are atomic anyway).

pub mod api;
pub mod messages;
pub mod qr;
pub mod seats;

use api::Api;
use messages::{Refusal, Reply};
use std::io::Read;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// The page, embedded in the binary.
pub const PAGE: &str = include_str!("page.html");

/// How `umpire serve` was asked to run.
#[derive(Clone, Debug)]
pub struct Options {
    /// 0 picks a free port.
    pub port: u16,
    /// Listen on every interface, with a join code.
    pub lan: bool,
    /// The card game's save file.
    pub game: PathBuf,
    /// Each search's time budget.
    pub search_time: Duration,
    /// Worker threads answering requests.
    pub workers: usize,
}

/// A bound server, ready to run.
pub struct Server {
    http: Arc<tiny_http::Server>,
    api: Arc<Api>,
    /// The address to open, e.g. `http://127.0.0.1:8080/`.
    pub address: String,
    /// Required on every request when listening beyond this machine.
    pub join_code: Option<String>,
    workers: usize,
}

/// Why the server cannot start.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum ServeError {
    #[error("cannot listen on port {port}: {why}")]
    #[diagnostic(
        code(umpire::serve::listen),
        help("another program may use the port: try --port 0 for any free port")
    )]
    Listen { port: u16, why: String },
    #[error(transparent)]
    #[diagnostic(transparent)]
    Game(#[from] crate::commands::cardgame::GameError),
}

impl crate::util::failure::Classify for ServeError {}

/// A join code: 6 letters and digits that are hard to mistake for each other.
fn new_join_code() -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    let mut rng = crate::util::random::SplitMix64::new(crate::util::random::fresh_seed());
    (0..6).map(|_| ALPHABET[rng.below(ALPHABET.len() as u64) as usize] as char).collect()
}

impl Server {
    pub fn bind(options: &Options) -> Result<Server, ServeError> {
        let host = if options.lan { "0.0.0.0" } else { "127.0.0.1" };
        let http = tiny_http::Server::http((host, options.port))
            .map_err(|e| ServeError::Listen { port: options.port, why: e.to_string() })?;
        let port = http.server_addr().to_ip().map_or(options.port, |a| a.port());
        let join_code = options.lan.then(new_join_code);
        let shown_host = if options.lan {
            local_address().unwrap_or_else(|| "0.0.0.0".into())
        } else {
            "127.0.0.1".into()
        };
        let address = match &join_code {
            Some(code) => format!("http://{shown_host}:{port}/?code={code}"),
            None => format!("http://{shown_host}:{port}/"),
        };
        let api = Api::new(options.game.clone(), options.search_time)?;
        // Phones join by the address with its code: the page shows it as a QR code.
        let api = if join_code.is_some() { api.with_join_url(address.clone()) } else { api };
        Ok(Server {
            http: Arc::new(http),
            api: Arc::new(api),
            address,
            join_code,
            workers: options.workers.max(1),
        })
    }

    /// The port it listens on.
    pub fn port(&self) -> u16 {
        self.http.server_addr().to_ip().map_or(0, |a| a.port())
    }

    /// Answers requests until `stop` is set; then finishes the requests in hand and returns.
    pub fn run(&self, stop: &Arc<AtomicBool>) {
        let workers: Vec<_> = (0..self.workers)
            .map(|_| {
                let (http, api, stop, code) =
                    (self.http.clone(), self.api.clone(), stop.clone(), self.join_code.clone());
                std::thread::spawn(move || {
                    while !stop.load(Ordering::Relaxed) {
                        match http.recv_timeout(Duration::from_millis(200)) {
                            Ok(Some(request)) => answer(&api, request, code.as_deref()),
                            Ok(None) => {}
                            Err(_) => break,
                        }
                    }
                })
            })
            .collect();
        for w in workers {
            let _ = w.join();
        }
    }
}

/// This machine's address on the local network, as others would type it: the source
/// address of a UDP socket pointed outward (nothing is sent).
fn local_address() -> Option<String> {
    let socket = std::net::UdpSocket::bind("0.0.0.0:0").ok()?;
    socket.connect("192.0.2.1:9").ok()?;
    socket.local_addr().ok().map(|a| a.ip().to_string())
}

/// The join code a request carries: the `X-Join-Code` header or `code=` in the query.
fn carried_code(request: &tiny_http::Request) -> Option<String> {
    let header = request
        .headers()
        .iter()
        .find(|h| h.field.equiv("X-Join-Code"))
        .map(|h| h.value.as_str().trim().to_string());
    let query = request.url().split_once('?').and_then(|(_, q)| {
        q.split('&').find_map(|kv| kv.strip_prefix("code=")).map(str::to_string)
    });
    header.or(query)
}

fn answer(api: &Api, mut request: tiny_http::Request, join_code: Option<&str>) {
    let wrong_code = join_code.is_some_and(|c| {
        !carried_code(&request).is_some_and(|given| given.eq_ignore_ascii_case(c))
    });
    let reply = if wrong_code && !request.url().starts_with("/api/") {
        // A person opening the bare address: a page that says what is missing.
        Reply { status: Refusal::Forbidden.status(), content_type: "text/html; charset=utf-8", body: "<!doctype html><meta charset=utf-8><meta name=viewport content=\"width=device-width\"><title>umpire</title><p style=\"font:1.2rem system-ui;margin:2rem\">This table needs its join code: open the address shown on the host's screen (it ends in <code>?code=…</code>).</p>".into() }
    } else if wrong_code {
        Refusal::Forbidden.with(
            vec![
                serde_json::json!({ "code": "umpire::serve::join_code", "message": "this table needs its join code: open the address shown on the host's screen", "help": "the address ends in ?code=…", "labels": [] }),
            ],
        )
    } else {
        let mut body = Vec::new();
        let limit = api::MAX_BODY_BYTES as u64;
        match request.as_reader().take(limit + 1).read_to_end(&mut body) {
            Ok(_) if body.len() as u64 > limit => Refusal::TooLarge.with(
                vec![
                    serde_json::json!({ "code": "umpire::serve::too_large", "message": format!("the request is larger than {} kB", limit / 1024), "help": null, "labels": [] }),
                ],
            ),
            Ok(_) => match String::from_utf8(body) {
                Ok(text) => api.handle(&request.method().to_string(), request.url(), &text),
                Err(_) => Refusal::BadInput.say("the request is not UTF-8 text"),
            },
            Err(e) => Refusal::BadInput.say(&format!("cannot read the request: {e}")),
        }
    };
    let header = tiny_http::Header::from_bytes(&b"Content-Type"[..], reply.content_type.as_bytes())
        .expect("a valid header");
    let no_store = tiny_http::Header::from_bytes(&b"Cache-Control"[..], &b"no-store"[..])
        .expect("a valid header");
    let response = tiny_http::Response::from_string(reply.body)
        .with_status_code(reply.status)
        .with_header(header)
        .with_header(no_store);
    let _ = request.respond(response);
}
