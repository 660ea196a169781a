//! The JSON API behind the page: each request is a method, a path and a body, and the
//! answer a status and a body, so the whole API is tested without a socket. Everything
//! here calls the same library layers as the command line and the REPL: the statement
//! language, the arbiter, the card game's [`SavedGame`](crate::commands::cardgame::SavedGame)
//! (one writer, atomic saves), the Clue and Deduction solvers and the Infer judge.

use crate::commands::cardgame::{claim_outcome, parse_cards, parse_claim, SavedGame};
use crate::commands::evidence::evidence;
use crate::games::cardgame::game::{Event, GameError, Settings};
use crate::logic::board::load;
use crate::logic::check::CheckMode;
use crate::logic::print::{statement as print_statement, Style};
use crate::reason::finite::{render, Limits};
use crate::reason::{decide_with, Decision, Options, Question};
use crate::solve::Budget;
use crate::util::failure::{diagnostic_json, Classify, FailureKind};
use serde_json::{json, Value};
use std::path::PathBuf;
use std::sync::{Condvar, Mutex, RwLock};
use std::time::Duration;

/// The largest request body read (a board of statements, a log): beyond it, 413.
pub const MAX_BODY_BYTES: usize = 256 * 1024;
/// Searching requests running at once (one per core); the others wait their turn.
pub const SEARCHES_AT_ONCE: usize = 2;
/// How long a searching request waits for its turn before the server says it is busy.
const WAIT_FOR_TURN: Duration = Duration::from_secs(20);

/// An answer: the HTTP status, the content type and the body.
#[derive(Clone, Debug, PartialEq)]
pub struct Reply {
    pub status: u16,
    pub content_type: &'static str,
    pub body: String,
}

impl Reply {
    fn json(status: u16, value: &Value) -> Reply {
        Reply { status, content_type: "application/json", body: value.to_string() }
    }

    fn ok(value: Value) -> Reply {
        Reply::json(200, &value)
    }

    /// An error in the one shape the command line's `--json` uses: `{"error": {kind,
    /// diagnostics: [{code, message, help, labels: [{offset, length, label}]}]}}`.
    pub fn error(status: u16, kind: &str, diagnostics: Vec<Value>) -> Reply {
        Reply::json(status, &json!({ "error": { "kind": kind, "diagnostics": diagnostics } }))
    }

    fn message(status: u16, kind: &str, message: &str) -> Reply {
        Reply::error(
            status,
            kind,
            vec![json!({ "code": null, "message": message, "help": null, "labels": [] })],
        )
    }

    fn from_failure(e: &(impl miette::Diagnostic + Classify)) -> Reply {
        let (status, kind) = match e.kind() {
            FailureKind::BadInput => (400, "bad_input"),
            FailureKind::Contradiction => (422, "contradiction"),
            FailureKind::OutOfBudget => (503, "out_of_budget"),
            FailureKind::Internal => (500, "internal"),
        };
        Reply::error(status, kind, vec![diagnostic_json(e)])
    }
}

/// A counting semaphore: searching requests take a turn, so that one request cannot take
/// every core from the others.
struct Turns {
    free: Mutex<usize>,
    freed: Condvar,
}

impl Turns {
    fn take(&self) -> Option<TurnGuard<'_>> {
        let mut free = self.free.lock().unwrap_or_else(|p| p.into_inner());
        let deadline = std::time::Instant::now() + WAIT_FOR_TURN;
        while *free == 0 {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            if left.is_zero() {
                return None;
            }
            free = self.freed.wait_timeout(free, left).unwrap_or_else(|p| p.into_inner()).0;
        }
        *free -= 1;
        Some(TurnGuard { turns: self })
    }
}

struct TurnGuard<'a> {
    turns: &'a Turns,
}

impl Drop for TurnGuard<'_> {
    fn drop(&mut self) {
        *self.turns.free.lock().unwrap_or_else(|p| p.into_inner()) += 1;
        self.turns.freed.notify_one();
    }
}

/// The card game the page plays, if any, with the evidence of its claims (kept in memory:
/// the save keeps each verdict's sentence, and a reloaded game shows that).
struct Table {
    saved: SavedGame,
    evidence: Vec<(usize, Value)>,
}

/// The API's state: the game file, the game, the snapshot the pollers read, the turns.
pub struct Api {
    game_path: PathBuf,
    table: Mutex<Option<Table>>,
    /// The game as the pages see it, rebuilt after each change, so that polling never waits
    /// behind a claim being decided.
    snapshot: RwLock<Value>,
    /// The game itself as of the last change: typing checks and claims work on copies of
    /// it, never waiting for the game's lock.
    current: RwLock<Option<crate::games::cardgame::game::Game>>,
    turns: Turns,
    /// Each search's time budget.
    search_time: Duration,
    /// The Inverted Dice coach's strategy table: read from the cache, or computed once in
    /// the background (tens of seconds) the first time a page asks.
    strategy: std::sync::Arc<Mutex<Coach>>,
}

/// Where the coach's strategy table is.
enum Coach {
    NotAsked,
    Computing,
    Ready(std::sync::Arc<crate::games::dice::strategy::Strategy>),
    Failed(String),
}

fn bad(message: &str) -> Reply {
    Reply::message(400, "bad_input", message)
}

fn field<'a>(body: &'a Value, name: &str) -> Result<&'a str, Reply> {
    body.get(name)
        .and_then(Value::as_str)
        .ok_or_else(|| bad(&format!("the request needs a `{name}` text field")))
}

/// An optional text field: absent (or null) is `None`; anything but text is refused.
fn optional_text<'a>(body: &'a Value, name: &str) -> Result<Option<&'a str>, Reply> {
    match body.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(_) => Err(bad(&format!("`{name}` must be text"))),
    }
}

/// An optional count (a statement number, a hand size): a whole number from 1 to a
/// million; anything else is refused rather than read as something else.
fn optional_count(body: &Value, name: &str) -> Result<Option<usize>, Reply> {
    match body.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => match v.as_u64() {
            Some(n) if (1..=1_000_000).contains(&n) => Ok(Some(n as usize)),
            _ => Err(bad(&format!("`{name}` must be a whole number from 1 up, not {v}"))),
        },
    }
}

/// An optional list of texts.
fn optional_texts(body: &Value, name: &str) -> Result<Vec<String>, Reply> {
    match body.get(name) {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Array(items)) => items
            .iter()
            .map(|i| {
                i.as_str()
                    .map(str::to_string)
                    .ok_or_else(|| bad(&format!("`{name}` must be a list of texts")))
            })
            .collect(),
        Some(_) => Err(bad(&format!("`{name}` must be a list of texts"))),
    }
}

impl Api {
    /// An API over the game in `game_path` (opened if it exists; `new` creates it).
    pub fn new(game_path: PathBuf, search_time: Duration) -> Result<Api, GameError> {
        let table = if game_path.exists() {
            Some(Table { saved: SavedGame::open(&game_path)?, evidence: Vec::new() })
        } else {
            None
        };
        let api = Api {
            game_path,
            table: Mutex::new(table),
            snapshot: RwLock::new(Value::Null),
            current: RwLock::new(None),
            turns: Turns { free: Mutex::new(SEARCHES_AT_ONCE), freed: Condvar::new() },
            search_time,
            strategy: std::sync::Arc::new(Mutex::new(Coach::NotAsked)),
        };
        api.refresh(&api.table.lock().unwrap_or_else(|p| p.into_inner()));
        Ok(api)
    }

    /// Answers one request. `body` is the request body, already limited in size.
    pub fn handle(&self, method: &str, path: &str, body: &str) -> Reply {
        let path = path.split('?').next().unwrap_or("");
        let read = || -> Result<Value, Reply> {
            if body.trim().is_empty() {
                return Ok(json!({}));
            }
            serde_json::from_str(body)
                .map_err(|e| bad(&format!("the request body is not JSON: {e}")))
        };
        let answer = match (method, path) {
            ("GET", "/") | ("GET", "/index.html") => {
                return Reply {
                    status: 200,
                    content_type: "text/html; charset=utf-8",
                    body: super::PAGE.to_string(),
                }
            }
            ("GET", "/api/health") => {
                Ok(json!({ "ok": true, "version": env!("CARGO_PKG_VERSION") }))
            }
            ("GET", "/api/game") => {
                Ok(self.snapshot.read().unwrap_or_else(|p| p.into_inner()).clone())
            }
            ("POST", route) => match read() {
                Ok(request) => self.post(route, &request),
                Err(reply) => Err(reply),
            },
            (_, route) if route.starts_with("/api/") || route == "/" => Err(Reply::message(
                405,
                "bad_input",
                &format!("{method} is not how {route} is used"),
            )),
            (_, route) => {
                Err(Reply::message(404, "bad_input", &format!("there is nothing at {route}")))
            }
        };
        match answer {
            Ok(value) => Reply::ok(value),
            Err(reply) => reply,
        }
    }

    fn post(&self, route: &str, request: &Value) -> Result<Value, Reply> {
        match route {
            "/api/parse" => self.parse(request),
            "/api/check" => self.check(request),
            "/api/game/new" => self.new_game(request),
            "/api/game/play" => self.play(request),
            "/api/game/pass" => {
                self.change(request, |saved, player, _| saved.pass(player).map(|_| None))
            }
            "/api/game/undo" => self.change(request, |saved, _, _| {
                if saved.game.events.is_empty() {
                    return Err(GameError::MovedOn("there is nothing to undo".into()));
                }
                saved.undo().map(|_| None)
            }),
            "/api/game/claim" => self.claim(request),
            "/api/infer/judge" => infer_judge(request),
            "/api/clue/notebook" => self.clue(request),
            "/api/deduction/notebook" => self.deduction(request),
            "/api/dice/coach" => self.coach(request),
            other => Err(Reply::message(404, "bad_input", &format!("there is nothing at {other}"))),
        }
    }

    fn limits(&self) -> Limits {
        Limits { max_size: 24, budget: Budget::time(self.search_time) }
    }

    /// Statements as typed: each parsed and checked, with the diagnostics pointing into the
    /// text; with `player` (and `cards`), whether that play would be legal now.
    fn parse(&self, request: &Value) -> Result<Value, Reply> {
        let text = field(request, "text")?;
        let mut out = match load("statement", text, CheckMode::FreeStanding) {
            Ok(board) => {
                json!({ "ok": true, "statements": board.board.statements.iter().map(|s| print_statement(s, Style::Unicode)).collect::<Vec<_>>(), "diagnostics": [] })
            }
            Err(report) => {
                json!({ "ok": false, "statements": [], "diagnostics": report.errors.iter().map(|e| diagnostic_json(e)).collect::<Vec<_>>() })
            }
        };
        if let Some(player) = optional_text(request, "player")? {
            let names = optional_texts(request, "cards")?;
            let target = optional_count(request, "target")?;
            let game = self.current.read().unwrap_or_else(|p| p.into_inner()).clone();
            let play = match game {
                None => json!({ "legal": false, "why": "there is no game yet" }),
                Some(game) => {
                    // A dry run on a copy of the game: the same rules as the real play.
                    let mut copy = game.clone();
                    match game.player_index(player).and_then(|p| {
                        parse_cards(names.iter().map(String::as_str))
                            .and_then(|cards| copy.play(p, &cards, text, target))
                    }) {
                        Ok(_) => json!({ "legal": true, "why": null }),
                        Err(e) => json!({ "legal": false, "why": first_line(&e.to_string()) }),
                    }
                }
            };
            out["play"] = play;
        }
        Ok(out)
    }

    /// The check pad: a board's consistency, or whether statement `k` follows.
    fn check(&self, request: &Value) -> Result<Value, Reply> {
        let text = field(request, "text")?;
        let board = load("board", text, CheckMode::FreeStanding).map_err(|report| {
            Reply::error(
                400,
                "bad_input",
                report.errors.iter().map(|e| diagnostic_json(e)).collect(),
            )
        })?;
        let question = match optional_count(request, "follows")? {
            Some(k) => Question::Follows(k),
            None => Question::Consistency,
        };
        let _turn = self.turns.take().ok_or_else(|| {
            Reply::message(
                503,
                "out_of_budget",
                "every core is searching for other players: try again in a moment",
            )
        })?;
        let decision =
            decide_with(&board, question, &self.limits(), Options { steps: true }, &mut |_| {})
                .map_err(|e| Reply::from_failure(&e))?;
        Ok(decision_json(&decision))
    }

    fn new_game(&self, request: &Value) -> Result<Value, Reply> {
        let players: Vec<String> =
            optional_texts(request, "players")?.iter().map(|s| s.trim().to_string()).collect();
        if let Some(k) = players.iter().position(String::is_empty) {
            return Err(bad(&format!("player {} has no name", k + 1)));
        }
        if let Some((k, p)) = players
            .iter()
            .enumerate()
            .find(|(k, p)| players[..*k].iter().any(|q| q.eq_ignore_ascii_case(p)))
        {
            return Err(bad(&format!("two players are called {p} (player {})", k + 1)));
        }
        let seed = match request.get("seed") {
            None | Some(Value::Null) => std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64),
            Some(v) => v.as_u64().ok_or_else(|| bad("`seed` must be a whole number"))?,
        };
        let own_cards = match request.get("own_cards") {
            None | Some(Value::Null) => false,
            Some(v) => v.as_bool().ok_or_else(|| bad("`own_cards` must be true or false"))?,
        };
        // The same defaults as `umpire game new`.
        let settings = Settings {
            players,
            hand_size: optional_count(request, "hand")?.unwrap_or(3),
            points_to_win: optional_count(request, "win")?.unwrap_or(3),
            seed,
            own_cards,
        };
        let mut guard = self.table.lock().unwrap_or_else(|p| p.into_inner());
        if guard.as_ref().is_some_and(|t| t.saved.game.state.winner.is_none()) {
            return Err(Reply::message(409, "bad_input", "a game is in progress on this table: finish it (or start umpire serve with another --game file)"));
        }
        if self.game_path.exists() {
            // A finished game's file is kept: the new one takes the next free name.
            let _ = std::fs::rename(&self.game_path, finished_name(&self.game_path));
        }
        let saved =
            SavedGame::create(&self.game_path, settings).map_err(|e| Reply::from_failure(&e))?;
        *guard = Some(Table { saved, evidence: Vec::new() });
        Ok(self.refresh(&guard))
    }

    fn play(&self, request: &Value) -> Result<Value, Reply> {
        let statement = field(request, "statement")?.to_string();
        let names = optional_texts(request, "cards")?;
        let target = optional_count(request, "target")?;
        self.change(request, move |saved, player, _| {
            let cards = parse_cards(names.iter().map(String::as_str))?;
            saved.play(player, &cards, &statement, target).map(|_| None)
        })
    }

    /// A claim is decided on a copy of the game, outside the game's lock (so the other
    /// devices keep playing and typing), with the whole budget counted from when the
    /// decision starts; it is then recorded if the game has not moved on meanwhile.
    fn claim(&self, request: &Value) -> Result<Value, Reply> {
        let kind = field(request, "claim")?.to_string();
        let k = optional_count(request, "k")?.map(|k| k.to_string());
        if kind == "redundant" && k.is_none() {
            return Err(bad("a redundancy claim names its statement: `k` from 1"));
        }
        let words: Vec<&str> = std::iter::once(kind.as_str()).chain(k.as_deref()).collect();
        let claim = parse_claim(&words).map_err(|e| Reply::from_failure(&e))?;
        let game =
            self.current.read().unwrap_or_else(|p| p.into_inner()).clone().ok_or_else(|| {
                Reply::message(409, "bad_input", "there is no game yet: start one")
            })?;
        let player = match optional_text(request, "player")? {
            Some(name) => game.player_index(name),
            None => Ok(game.state.current),
        }
        .map_err(|e| Reply::from_failure(&e))?;
        let version = game.events.len();
        let _turn = self.turns.take().ok_or_else(|| {
            Reply::message(
                503,
                "out_of_budget",
                "every core is searching for other players: try again in a moment",
            )
        })?;
        let mut copy = game;
        let (event, decision) =
            copy.claim(player, claim, &self.limits()).map_err(|e| Reply::from_failure(&e))?;
        let extra =
            json!({ "outcome": claim_outcome(&event), "decision": decision_json(&decision) });
        self.change(request, move |saved, _, _| {
            saved.record(event, version)?;
            Ok(Some(extra))
        })
    }

    /// One change to the game, by the player the request names, under the game's lock;
    /// the snapshot is rebuilt after it. A claim's evidence is kept for the pages.
    fn change(
        &self,
        request: &Value,
        step: impl FnOnce(&mut SavedGame, usize, ()) -> Result<Option<Value>, GameError>,
    ) -> Result<Value, Reply> {
        let mut guard = self.table.lock().unwrap_or_else(|p| p.into_inner());
        let Some(table) = guard.as_mut() else {
            return Err(Reply::message(409, "bad_input", "there is no game yet: start one"));
        };
        let player = table
            .saved
            .player(optional_text(request, "player")?)
            .map_err(|e| Reply::from_failure(&e))?;
        let extra = step(&mut table.saved, player, ()).map_err(|e| Reply::from_failure(&e))?;
        if let Some(extra) = &extra {
            let at = table.saved.game.events.len();
            table.evidence.push((at, extra.clone()));
        }
        // Evidence of claims taken back by an undo goes with them.
        let events = table.saved.game.events.len();
        table.evidence.retain(|(at, _)| *at <= events);
        let mut state = self.refresh(&guard);
        if let Some(extra) = extra {
            state["claimed"] = extra;
        }
        Ok(state)
    }

    /// Rebuilds the snapshot the pages poll, and returns it.
    fn refresh(&self, table: &Option<Table>) -> Value {
        let state = match table {
            None => json!({ "game": null }),
            Some(t) => game_json(t),
        };
        *self.current.write().unwrap_or_else(|p| p.into_inner()) =
            table.as_ref().map(|t| t.saved.game.clone());
        *self.snapshot.write().unwrap_or_else(|p| p.into_inner()) = state.clone();
        state
    }

    fn clue(&self, request: &Value) -> Result<Value, Reply> {
        use crate::commands::clue;
        let log = clue::page_log(field(request, "log")?).map_err(|e| Reply::from_failure(&e))?;
        let _turn = self.turns.take().ok_or_else(|| {
            Reply::message(503, "out_of_budget", "every core is busy: try again in a moment")
        })?;
        let notebook = clue::solve(&log, None, &Budget::time(self.search_time))
            .map_err(|e| Reply::from_failure(&e))?;
        Ok(json!({ "notebook": notebook.text }))
    }

    fn deduction(&self, request: &Value) -> Result<Value, Reply> {
        use crate::commands::deduction;
        let log =
            deduction::page_log(field(request, "log")?).map_err(|e| Reply::from_failure(&e))?;
        let _turn = self.turns.take().ok_or_else(|| {
            Reply::message(503, "out_of_budget", "every core is busy: try again in a moment")
        })?;
        let notebook = deduction::solve(&log, None, &Budget::time(self.search_time))
            .map_err(|e| Reply::from_failure(&e))?;
        Ok(json!({ "notebook": notebook.text }))
    }
}

impl Api {
    /// The Inverted Dice coach for a position: the best keep, the alternatives, the odds.
    fn coach(&self, request: &Value) -> Result<Value, Reply> {
        use crate::commands::dice::{self, DiceOptions, MOST_REROLLS};
        let refused = |e: dice::DiceError| bad(&e.to_string());
        let shown = dice::read_dice(field(request, "dice")?).map_err(refused)?;
        let rerolls_left = request
            .get("rerolls_left")
            .and_then(Value::as_u64)
            .unwrap_or(dice::REROLLS_LEFT as u64) as usize;
        if rerolls_left > MOST_REROLLS {
            return Err(bad(&format!("a turn has at most {MOST_REROLLS} rerolls")));
        }
        let list = |name: &str| request.get(name).and_then(Value::as_str).unwrap_or("");
        // The page plays the published game.
        let options = DiceOptions::default();
        let sheet = options.score_sheet(list("scored"), list("zeroed")).map_err(refused)?;
        let mut coach = self.strategy.lock().unwrap_or_else(|p| p.into_inner());
        if matches!(*coach, Coach::NotAsked) {
            let table = options.table().map_err(refused)?;
            match table.load() {
                Ok(Some(s)) => *coach = Coach::Ready(std::sync::Arc::new(s)),
                _ => {
                    *coach = Coach::Computing;
                    let slot = self.strategy.clone();
                    std::thread::spawn(move || {
                        let budget = Budget::time(dice::PAGE_TABLE_TIME);
                        let done = match table.compute(&budget, &|_| {}) {
                            Ok(computed) => Coach::Ready(std::sync::Arc::new(computed.strategy)),
                            Err(stopped) => Coach::Failed(format!(
                                "the strategy table could not be computed: {}",
                                stopped.0
                            )),
                        };
                        *slot.lock().unwrap_or_else(|p| p.into_inner()) = done;
                    });
                }
            }
        }
        let strategy = match &*coach {
            Coach::Ready(s) => s.clone(),
            Coach::Computing | Coach::NotAsked => return Err(Reply::message(503, "out_of_budget", "the coach is computing its strategy table once (about half a minute on this machine): ask again shortly")),
            Coach::Failed(why) => return Err(Reply::message(500, "internal", why)),
        };
        drop(coach);
        let advice = dice::advise(&strategy, &sheet, &shown, rerolls_left).map_err(refused)?;
        Ok(json!({ "advice": advice, "text": advice.render(dice::CHOICES_SHOWN) }))
    }
}

/// The first line of a message (the page shows the statement's own diagnostics, with the
/// span underlined, from the parse request; a rendered report would repeat them as text).
fn first_line(message: &str) -> String {
    message.lines().next().unwrap_or("").trim_end_matches(':').to_string()
}

/// Where a finished game's file goes when a new game starts: `game.json` → `game.1.json`, …
fn finished_name(path: &std::path::Path) -> PathBuf {
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("game");
    let ext = path.extension().and_then(|s| s.to_str()).unwrap_or("json");
    (1..)
        .map(|k| path.with_file_name(format!("{stem}.{k}.{ext}")))
        .find(|p| !p.exists())
        .expect("some name is free")
}

/// A decision as the pages show it: the verdict fields (`verdict`, …) as `check --json`
/// gives them, the evidence as text, and the model as a picture when it has one.
pub fn decision_json(decision: &Decision) -> Value {
    let mut v = serde_json::to_value(decision).unwrap_or(Value::Null);
    v["explanation_text"] = json!(decision.explanation);
    v["evidence"] = json!(evidence(decision));
    v["svg"] = match decision.verdict.model() {
        Some(model) => json!(render::svg(model)),
        None => Value::Null,
    };
    v
}

fn game_json(t: &Table) -> Value {
    let g = &t.saved.game;
    let players = &g.settings.players;
    let name = |p: usize| players.get(p).cloned().unwrap_or_default();
    let events: Vec<Value> = g
        .events
        .iter()
        .enumerate()
        .map(|(i, e)| match e {
            Event::Play { player, cards, statement, target } => json!({ "number": i + 1, "event": "play", "player": name(*player), "cards": cards, "statement": statement, "target": target }),
            Event::Pass { player } => json!({ "number": i + 1, "event": "pass", "player": name(*player) }),
            Event::Claim { player, claim, upheld, verdict, .. } => {
                let evidence = t.evidence.iter().find(|(at, _)| *at == i + 1).map(|(_, v)| v.clone());
                json!({ "number": i + 1, "event": "claim", "player": name(*player), "claim": claim, "upheld": upheld, "verdict": verdict, "evidence": evidence })
            }
        })
        .collect();
    json!({
        "game": {
            "version": g.events.len(),
            "players": players,
            "own_cards": g.settings.own_cards,
            "points_to_win": g.settings.points_to_win,
            "scores": g.state.scores,
            "current": name(g.state.current),
            "winner": g.state.winner.map(name),
            "board": g.state.board.iter().enumerate().map(|(k, e)| json!({ "number": k + 1, "text": e.text, "by": name(e.by), "scored": e.scored })).collect::<Vec<_>>(),
            "hands": players.iter().zip(&g.state.hands).map(|(p, h)| (p.clone(), json!(h.iter().map(card_json).collect::<Vec<_>>()))).collect::<serde_json::Map<_, _>>(),
            "draw_left": g.state.draw.len(),
            "note": g.note,
            "events": events,
        }
    })
}

/// A card in a hand: its short name, and for an S card the statement it carries.
fn card_json(card: &crate::games::cardgame::deck::CardKind) -> Value {
    use crate::games::cardgame::deck::CardKind;
    let says = match card {
        CardKind::Statement { statement } => Some(statement.clone()),
        _ => None,
    };
    json!({ "card": card.short_name(), "says": says })
}

fn infer_judge(request: &Value) -> Result<Value, Reply> {
    use crate::commands::infer::{judge, JudgeRequest};
    // The page judges any Law (directions too) and any experiment, whatever the supply.
    let request = JudgeRequest {
        law: field(request, "law")?.to_string(),
        experiment: field(request, "experiment")?.to_string(),
        supply: None,
        compass: true,
    };
    let j = judge(&request).map_err(|e| Reply::from_failure(&e))?;
    Ok(
        json!({ "law": j.law, "follows": j.follows, "marker": j.marker, "reason": j.reason, "svg": j.picture }),
    )
}
