//! The JSON API behind the page: each request is a method, a path and a body, and the
//! answer a status and a body, so the whole API is tested without a socket. [`ROUTES`] is
//! the one table of what can be asked (the page reads its addresses from it); bodies and
//! replies are the types of [`super::messages`]. Every answer comes from the command layer,
//! as the command line's and the REPL's do: the statement language, the verdicts, the card
//! game's [`SavedGame`] (one writer, atomic saves), the Clue and Deduction notebooks, the
//! Infer judge and the dice coach.

use super::messages::*;
use super::seats::{self, Seats};
use crate::commands::board::{read_typed, statements, Style};
use crate::commands::cardgame::{GameError, NewGame, Play, SavedGame, Snapshot};
use crate::commands::computer::ComputerTurn;
use crate::commands::defaults::MOVE_TIME;
use crate::commands::dice::{self, DiceOptions, MOST_REROLLS};
use crate::commands::infer::{judge, JudgeRequest};
use crate::commands::verdict::{decide_on, DecisionView, Question, Search};
use crate::commands::Front;
use crate::commands::{clue, deduction};
use crate::solve::Budget;
use crate::util::failure::diagnostic_json;
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

/// One thing the page can ask: its method and path, the name the page calls it by, and
/// who answers (given the request's JSON body; `{}` for a GET).
pub struct Route {
    pub method: &'static str,
    pub path: &'static str,
    pub name: &'static str,
    answer: fn(&Api, &Value) -> Result<Value, Reply>,
}

/// Every route of the API, once. The page's script gets `{name: path}` from this table.
pub const ROUTES: &[Route] = &[
    Route {
        method: "GET",
        path: "/api/health",
        name: "health",
        answer: |_, _| reply(&Health { ok: true, version: env!("CARGO_PKG_VERSION") }),
    },
    Route {
        method: "GET",
        path: "/api/game",
        name: "game",
        answer: |api, _| Ok(api.snapshot.read().unwrap_or_else(|p| p.into_inner()).clone()),
    },
    Route { method: "POST", path: "/api/parse", name: "parse", answer: Api::parse },
    Route { method: "POST", path: "/api/check", name: "check", answer: Api::check },
    Route { method: "POST", path: "/api/game/new", name: "newGame", answer: Api::new_game },
    Route { method: "POST", path: "/api/game/play", name: "play", answer: Api::play },
    Route { method: "POST", path: "/api/game/pass", name: "pass", answer: Api::pass },
    Route { method: "POST", path: "/api/game/undo", name: "undo", answer: Api::undo },
    Route { method: "POST", path: "/api/game/claim", name: "claim", answer: Api::claim },
    Route { method: "POST", path: "/api/game/derive", name: "derive", answer: Api::derive },
    Route { method: "POST", path: "/api/game/move", name: "move", answer: Api::computer_move },
    Route { method: "POST", path: "/api/game/hint", name: "hint", answer: Api::hint },
    Route { method: "POST", path: "/api/game/sit", name: "sit", answer: Api::sit },
    Route { method: "POST", path: "/api/game/abandon", name: "abandon", answer: Api::abandon },
    Route { method: "GET", path: "/api/join", name: "join", answer: Api::join },
    Route {
        method: "POST",
        path: "/api/infer/judge",
        name: "inferJudge",
        answer: |_, request| infer_judge(request),
    },
    Route { method: "POST", path: "/api/clue/notebook", name: "clueNotebook", answer: Api::clue },
    Route {
        method: "POST",
        path: "/api/deduction/notebook",
        name: "deductionNotebook",
        answer: Api::deduction,
    },
    Route { method: "POST", path: "/api/dice/coach", name: "diceCoach", answer: Api::coach },
];

/// The page with the routes table written into its script (where it says `/*ROUTES*/`).
pub fn page() -> String {
    let routes: serde_json::Map<String, Value> =
        ROUTES.iter().map(|r| (r.name.to_string(), json!(r.path))).collect();
    super::PAGE.replacen("/*ROUTES*/{}", &Value::Object(routes).to_string(), 1)
}

fn reply(value: &impl serde::Serialize) -> Result<Value, Reply> {
    serde_json::to_value(value).map_err(|e| Refusal::Internal.say(&e.to_string()))
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

/// The computer's turns until a person's turn comes, their claims' evidence kept.
fn computers_reply(table: &mut Table) -> Result<(), GameError> {
    for turn in table.saved.computers_reply(MOVE_TIME)? {
        keep_claim_evidence(table, &turn);
    }
    Ok(())
}

/// A computer's claims show their evidence on the page like a person's.
fn keep_claim_evidence(table: &mut Table, turn: &ComputerTurn) {
    for (at, outcome, decision) in turn.claims() {
        let claimed = Claimed {
            outcome: Some(outcome.to_string()),
            decision,
            derivation: None,
            umpires_derivation: None,
        };
        if let Ok(value) = serde_json::to_value(&claimed) {
            table.evidence.push((at, value));
        }
    }
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
    current: RwLock<Option<Snapshot>>,
    turns: Turns,
    /// Each search's time budget.
    search_time: Duration,
    /// The Inverted Dice coach's strategy table: read from the cache, or computed once in
    /// the background (tens of seconds) the first time a page asks.
    strategy: std::sync::Arc<Mutex<Coach>>,
    /// Which device sits at which seat.
    seats: Seats,
    /// The address phones join by (with `--lan`), shown as a QR code.
    join_url: Option<String>,
}

/// Where the coach's strategy table is.
enum Coach {
    NotAsked,
    Computing,
    Ready(std::sync::Arc<dice::Strategy>),
    Failed(String),
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
            seats: Seats::default(),
            join_url: None,
        };
        api.refresh(&api.table.lock().unwrap_or_else(|p| p.into_inner()));
        Ok(api)
    }

    /// The address phones join by, for its QR code (`GET /api/join`).
    pub fn with_join_url(mut self, url: String) -> Api {
        self.join_url = Some(url);
        self
    }

    /// Answers one request. `body` is the request body, already limited in size.
    pub fn handle(&self, method: &str, full_path: &str, body: &str) -> Reply {
        let path = full_path.split('?').next().unwrap_or("");
        if method == "GET" && (path == "/" || path == "/index.html") {
            return Reply { status: 200, content_type: "text/html; charset=utf-8", body: page() };
        }
        let Some(route) = ROUTES.iter().find(|r| r.path == path && r.method == method) else {
            return if path.starts_with("/api/") || path == "/" {
                Refusal::WrongMethod.say(&format!("{method} is not how {path} is used"))
            } else {
                Refusal::NotFound.say(&format!("there is nothing at {path}"))
            };
        };
        let request = if body.trim().is_empty() {
            json!({})
        } else {
            match serde_json::from_str(body) {
                Ok(request) => request,
                Err(e) => return bad(&format!("the request body is not JSON: {e}")),
            }
        };
        let device = seats::device_of(full_path, &request);
        // The seat the request acts for, as the game spells it (absent: the player to move).
        let seat = self
            .current
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .as_ref()
            .and_then(|g| g.seat_name(request.get("player").and_then(Value::as_str)).ok());
        let mut request = request;
        if let Err(refused) = self.seats.check(route.name, seat.as_deref(), device.as_deref()) {
            if route.name != "parse" {
                return refused;
            }
            // Typing on another's seat: the statement is read, the play is not judged.
            if let Some(fields) = request.as_object_mut() {
                fields.remove("player");
                fields.remove("cards");
            }
        }
        match (route.answer)(self, &request) {
            // Every device sees the hands of its own seat and the free ones, not another's.
            Ok(value) => Reply::json(200, &self.seats.view(value, device.as_deref())),
            Err(reply) => reply,
        }
    }

    /// Each search's limits: the server's time, the default sizes.
    fn search(&self) -> Search {
        Search { timeout: self.search_time, ..Search::default() }
    }

    /// Waits for a turn to search; says the server is busy after a while.
    fn turn(&self, busy: &str) -> Result<TurnGuard<'_>, Reply> {
        self.turns.take().ok_or_else(|| Refusal::Busy.say(busy))
    }

    /// Statements as typed: each parsed and checked, with the diagnostics pointing into the
    /// text; with `player` (and `cards`), whether that play would be legal now.
    fn parse(&self, request: &Value) -> Result<Value, Reply> {
        let request: ParseBody = body(request, "/api/parse")?;
        let mut out = match read_typed("statement", &request.text) {
            Ok(board) => ParseReply {
                ok: true,
                statements: statements(&board, Style::Unicode),
                diagnostics: Vec::new(),
                play: None,
            },
            Err(report) => ParseReply {
                ok: false,
                statements: Vec::new(),
                diagnostics: report.errors.iter().map(|e| diagnostic_json(e)).collect(),
                play: None,
            },
        };
        if let Some(player) = &request.player {
            let game = self.current.read().unwrap_or_else(|p| p.into_inner()).clone();
            out.play = Some(match game {
                None => PlayCheck { legal: false, why: Some("there is no game yet".into()) },
                // A dry run on a copy of the game: the same rules as the real play.
                Some(game) => match Play::new(
                    request.cards.iter().map(String::as_str),
                    &request.text,
                    request.target,
                )
                .and_then(|play| game.would_play(Some(player), &play))
                {
                    Ok(()) => PlayCheck { legal: true, why: None },
                    Err(e) => PlayCheck { legal: false, why: Some(first_line(&e.to_string())) },
                },
            });
        }
        reply(&out)
    }

    /// The check pad: a board's consistency, or whether statement `k` follows.
    fn check(&self, request: &Value) -> Result<Value, Reply> {
        let request: CheckBody = body(request, "/api/check")?;
        let board = read_typed("board", &request.text).map_err(|report| {
            Refusal::BadInput.with(report.errors.iter().map(|e| diagnostic_json(e)).collect())
        })?;
        let question = match request.follows {
            Some(k) => Question::Follows(k),
            None => Question::Consistency,
        };
        let _turn =
            self.turn("every core is searching for other players: try again in a moment")?;
        let decision = decide_on(&board, question, &self.search(), true, &mut |_| {})
            .map_err(|e| Reply::from_failure(&e))?;
        reply(&DecisionView::of(&decision))
    }

    fn new_game(&self, request: &Value) -> Result<Value, Reply> {
        let request: NewGameBody = body(request, "/api/game/new")?;
        let new = NewGame {
            players: request.players,
            hand: request.hand,
            win: request.win,
            seed: request.seed,
            own_cards: request.own_cards.unwrap_or(false),
            computers: request.computer,
            level: request.level,
            derivations_required: request.derivations_required,
        };
        let mut guard = self.table.lock().unwrap_or_else(|p| p.into_inner());
        if guard.as_ref().is_some_and(|t| !t.saved.is_over()) {
            return Err(Refusal::Conflict.say("a game is in progress on this table: finish it (or start umpire serve with another --game file)"));
        }
        if self.game_path.exists() {
            // A finished game's file is kept: the new one takes the next free name.
            let _ = std::fs::rename(&self.game_path, finished_name(&self.game_path));
        }
        let saved =
            SavedGame::create(&self.game_path, &new).map_err(|e| Reply::from_failure(&e))?;
        self.seats.clear();
        let mut table = Table { saved, evidence: Vec::new() };
        // The computer may sit first.
        computers_reply(&mut table).map_err(|e| Reply::from_failure(&e))?;
        *guard = Some(table);
        Ok(self.refresh(&guard))
    }

    /// `POST /api/game/move`: the computer plays the turn of the seat it holds.
    fn computer_move(&self, request: &Value) -> Result<Value, Reply> {
        let request: SeatBody = body(request, "/api/game/move")?;
        let _turn =
            self.turn("every core is searching for other players: try again in a moment")?;
        self.change_table(|table| {
            let turn = table.saved.computer_move(MOVE_TIME, &request.cards)?;
            keep_claim_evidence(table, &turn);
            Ok(())
        })
        .map(|(state, ())| state)
    }

    /// `POST /api/game/hint`: the coach for a player (absent: the one to move); the game is
    /// not changed.
    fn hint(&self, request: &Value) -> Result<Value, Reply> {
        let request: SeatBody = body(request, "/api/game/hint")?;
        let game = self.snapshot()?;
        // Who is advised is refused before a turn to search is taken.
        game.seat_name(request.player.as_deref()).map_err(|e| Reply::from_failure(&e))?;
        let _turn =
            self.turn("every core is searching for other players: try again in a moment")?;
        let hint = game
            .hint(request.player.as_deref(), &request.cards, MOVE_TIME)
            .map_err(|e| Reply::from_failure(&e))?;
        Ok(json!({ "hint": hint, "text": hint.text(true, Front::Page) }))
    }

    fn play(&self, request: &Value) -> Result<Value, Reply> {
        let request: PlayBody = body(request, "/api/game/play")?;
        self.change_table(move |table| {
            let play = Play::new(
                request.cards.iter().map(String::as_str),
                &request.statement,
                request.target,
            )?;
            table.saved.play(request.player.as_deref(), &play)
        })
        .and_then(|(state, ())| self.after_a_person(state))
    }

    /// After a person's play or pass: the seats the computer holds answer, one after the
    /// other, until a person's turn comes (the page shows their moves like anyone's).
    fn after_a_person(&self, state: Value) -> Result<Value, Reply> {
        let computer_next = self
            .current
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .as_ref()
            .is_some_and(Snapshot::computer_to_move);
        if !computer_next {
            return Ok(state);
        }
        let _turn =
            self.turn("every core is searching for other players: try again in a moment")?;
        self.change_table(computers_reply).map(|(state, ())| state)
    }

    fn pass(&self, request: &Value) -> Result<Value, Reply> {
        let request: PlayerBody = body(request, "/api/game/pass")?;
        self.change_table(|table| table.saved.pass(request.player.as_deref()))
            .and_then(|(state, ())| self.after_a_person(state))
    }

    /// Takes back the last move; one that takes back a win needs the whole table's
    /// agreement (`table_agrees`), which the page asks for by name.
    fn undo(&self, request: &Value) -> Result<Value, Reply> {
        let request: UndoBody = body(request, "/api/game/undo")?;
        let (mut state, said) =
            self.change_table(|table| table.saved.undo(request.table_agrees))?;
        // The undone move is named, as everywhere.
        state["undone"] = json!(said);
        Ok(state)
    }

    /// `POST /api/game/sit`: this device plays `player` from now on (`leave`: no longer).
    fn sit(&self, request: &Value) -> Result<Value, Reply> {
        let request: SitBody = body(request, "/api/game/sit")?;
        let game = self.snapshot()?;
        let name = &game.seat_name(Some(&request.player)).map_err(|e| Reply::from_failure(&e))?;
        if game.computer_plays(name) {
            return Err(bad(&format!("the computer plays {name}: sit at a person's seat")));
        }
        self.seats.sit(name, &request.device, request.leave)?;
        Ok(self.snapshot.read().unwrap_or_else(|p| p.into_inner()).clone())
    }

    /// `POST /api/game/abandon`: the running game is put aside (its file kept under the
    /// next free name, like a finished one) and the table is free for a new game.
    fn abandon(&self, _: &Value) -> Result<Value, Reply> {
        let mut guard = self.table.lock().unwrap_or_else(|p| p.into_inner());
        if guard.is_none() {
            return Err(Refusal::Conflict.say("there is no game to abandon"));
        }
        if self.game_path.exists() {
            std::fs::rename(&self.game_path, finished_name(&self.game_path))
                .map_err(|e| Refusal::Internal.say(&format!("cannot put the game aside: {e}")))?;
        }
        *guard = None;
        self.seats.clear();
        Ok(self.refresh(&guard))
    }

    /// `GET /api/join`: the address phones join by, and its QR code (SVG); none without
    /// `--lan`, where only this machine can connect.
    fn join(&self, _: &Value) -> Result<Value, Reply> {
        let Some(url) = &self.join_url else { return Ok(json!({ "url": null, "svg": null })) };
        Ok(json!({ "url": url, "svg": super::qr::svg(url) }))
    }

    /// A claim is decided on a copy of the game, outside the game's lock (so the other
    /// devices keep playing and typing), with the whole budget counted from when the
    /// decision starts; it is then recorded if the game has not moved on meanwhile.
    fn claim(&self, request: &Value) -> Result<Value, Reply> {
        let request: ClaimBody = body(request, "/api/game/claim")?;
        let k = request.k.map(|k| k.to_string());
        if request.claim == "redundant" && k.is_none() {
            return Err(bad("a redundancy claim names its statement: `k` from 1"));
        }
        let words: Vec<&str> =
            std::iter::once(request.claim.as_str()).chain(k.as_deref()).collect();
        let pending = self
            .snapshot()?
            .begin_claim(request.player.as_deref(), &words)
            .map_err(|e| Reply::from_failure(&e))?
            .arguing(request.derivation.as_deref().filter(|t| !t.trim().is_empty()));
        let _turn =
            self.turn("every core is searching for other players: try again in a moment")?;
        let decided = pending.decide(&self.search()).map_err(|e| Reply::from_failure(&e))?;
        let (mut state, shown) = self.change_table(move |table| {
            let claimed = table.saved.record(decided)?;
            let shown = Claimed {
                outcome: Some(claimed.outcome()),
                decision: claimed.view(),
                derivation: claimed.derivation().cloned(),
                umpires_derivation: claimed.umpires_derivation().cloned(),
            };
            let shown = serde_json::to_value(&shown).unwrap_or(Value::Null);
            // The claim's evidence is kept for the pages.
            table.evidence.push((table.saved.version(), shown.clone()));
            Ok(shown)
        })?;
        state["claimed"] = shown;
        Ok(state)
    }

    /// The derivation pane: a derivation judged on the game's board as it stands.
    fn derive(&self, request: &Value) -> Result<Value, Reply> {
        let request: DeriveBody = body(request, "/api/game/derive")?;
        let k = request.k.map(|k| k.to_string());
        let words: Vec<&str> = request.claim.as_deref().into_iter().chain(k.as_deref()).collect();
        let snapshot = self.snapshot()?;
        let _turn =
            self.turn("every core is searching for other players: try again in a moment")?;
        let report = snapshot
            .judge_derivation(&request.text, &words)
            .map_err(|e| Reply::from_failure(&e))?;
        let text = report.text();
        reply(&DeriveReply { report, text })
    }

    /// The game as of the last change, or the page's answer that there is none.
    fn snapshot(&self) -> Result<Snapshot, Reply> {
        self.current
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
            .ok_or_else(|| Refusal::Conflict.say(NO_GAME))
    }

    /// One change to the table (the game and the claims' evidence) under the game's lock;
    /// the snapshot is rebuilt after it, and handed back with what the step answered.
    fn change_table<T>(
        &self,
        step: impl FnOnce(&mut Table) -> Result<T, GameError>,
    ) -> Result<(Value, T), Reply> {
        let mut guard = self.table.lock().unwrap_or_else(|p| p.into_inner());
        let Some(table) = guard.as_mut() else {
            return Err(Refusal::Conflict.say(NO_GAME));
        };
        let answer = step(table).map_err(|e| Reply::from_failure(&e))?;
        // Evidence of claims taken back by an undo goes with them.
        let events = table.saved.version();
        table.evidence.retain(|(at, _)| *at <= events);
        Ok((self.refresh(&guard), answer))
    }

    /// Rebuilds the snapshot the pages poll, and returns it.
    fn refresh(&self, table: &Option<Table>) -> Value {
        let view = GameReply { game: table.as_ref().map(|t| t.saved.view(&t.evidence)) };
        let state = serde_json::to_value(view).unwrap_or(Value::Null);
        *self.current.write().unwrap_or_else(|p| p.into_inner()) =
            table.as_ref().map(|t| t.saved.snapshot());
        *self.snapshot.write().unwrap_or_else(|p| p.into_inner()) = state.clone();
        state
    }

    fn clue(&self, request: &Value) -> Result<Value, Reply> {
        let request: LogBody = body(request, "/api/clue/notebook")?;
        let log = clue::page_log(&request.log).map_err(|e| Reply::from_failure(&e))?;
        let _turn = self.turn("every core is busy: try again in a moment")?;
        let notebook = clue::solve(&log, None, &Budget::time(self.search_time))
            .map_err(|e| Reply::from_failure(&e))?;
        reply(&NotebookReply { notebook: notebook.text })
    }

    fn deduction(&self, request: &Value) -> Result<Value, Reply> {
        let request: LogBody = body(request, "/api/deduction/notebook")?;
        let log = deduction::page_log(&request.log).map_err(|e| Reply::from_failure(&e))?;
        let _turn = self.turn("every core is busy: try again in a moment")?;
        let notebook = deduction::solve(&log, None, &Budget::time(self.search_time))
            .map_err(|e| Reply::from_failure(&e))?;
        reply(&NotebookReply { notebook: notebook.text })
    }
}

impl Api {
    /// The Inverted Dice coach for a position: the best keep, the alternatives, the odds.
    fn coach(&self, request: &Value) -> Result<Value, Reply> {
        let request: CoachBody = body(request, "/api/dice/coach")?;
        let refused = |e: dice::DiceError| bad(&e.to_string());
        let shown = dice::read_dice(&request.dice).map_err(refused)?;
        let rerolls_left = request.rerolls_left.unwrap_or(dice::REROLLS_LEFT as u64) as usize;
        if rerolls_left > MOST_REROLLS {
            return Err(bad(&format!("a turn has at most {MOST_REROLLS} rerolls")));
        }
        // The page plays the published game.
        let options = DiceOptions::default();
        let sheet = options
            .score_sheet(
                request.scored.as_deref().unwrap_or(""),
                request.zeroed.as_deref().unwrap_or(""),
            )
            .map_err(refused)?;
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
            Coach::Computing | Coach::NotAsked => return Err(Refusal::Busy.say("the coach is computing its strategy table once (about half a minute on this machine): ask again shortly")),
            Coach::Failed(why) => return Err(Refusal::Internal.say(why)),
        };
        drop(coach);
        let advice = dice::advise(&strategy, &sheet, &shown, rerolls_left).map_err(refused)?;
        let text = advice.render(dice::CHOICES_SHOWN);
        reply(&CoachReply { advice, text })
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

fn infer_judge(request: &Value) -> Result<Value, Reply> {
    let request: JudgeBody = body(request, "/api/infer/judge")?;
    // The page judges any Law (directions too) and any experiment, whatever the supply.
    let request = JudgeRequest {
        law: request.law,
        experiment: request.experiment,
        supply: None,
        compass: true,
    };
    let j = judge(&request).map_err(|e| Reply::from_failure(&e))?;
    reply(&JudgeReply {
        law: j.law,
        follows: j.follows,
        marker: j.marker,
        reason: j.reason,
        svg: j.picture,
    })
}
