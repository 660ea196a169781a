//! What crosses the wire: each route's request body and reply as a `serde` type, so that
//! the shapes are written once, read by the compiler, and refused with one message when a
//! body does not fit. The errors are in the shape the command line's `--json` uses.

use crate::commands::cardgame::TableView;
use crate::commands::verdict::DecisionView;
use crate::util::failure::{diagnostic_json, Classify, FailureKind};
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{json, Value};

/// An answer: the HTTP status, the content type and the body.
#[derive(Clone, Debug, PartialEq)]
pub struct Reply {
    pub status: u16,
    pub content_type: &'static str,
    pub body: String,
}

impl Reply {
    pub(crate) fn json(status: u16, value: &impl Serialize) -> Reply {
        let body = serde_json::to_string(value).unwrap_or_else(|_| "null".into());
        Reply { status, content_type: "application/json", body }
    }

    /// A library error, refused with the status its kind asks for.
    pub fn from_failure(e: &(impl miette::Diagnostic + Classify)) -> Reply {
        Refusal::from(e.kind()).with(vec![diagnostic_json(e)])
    }
}

/// Why the page's request was refused. Each reason's HTTP status and the error's `kind`
/// (the command line's `--json` kinds) are written here and nowhere else.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The request is wrong: a body that does not fit, a value out of range.
    BadInput,
    /// The board contradicts itself where the request needs it not to.
    Contradiction,
    /// There is nothing at that address.
    NotFound,
    /// The address is not used with that method.
    WrongMethod,
    /// The join code is missing or wrong, or the seat is another device's.
    Forbidden,
    /// The request is larger than the server reads.
    TooLarge,
    /// The table is not in the state the request needs (no game yet, one in progress).
    Conflict,
    /// Every core is busy, or the coach's table is still being computed: ask again.
    Busy,
    /// umpire failed.
    Internal,
}

impl Refusal {
    pub fn status(self) -> u16 {
        match self {
            Refusal::BadInput => 400,
            Refusal::Forbidden => 403,
            Refusal::NotFound => 404,
            Refusal::WrongMethod => 405,
            Refusal::Conflict => 409,
            Refusal::TooLarge => 413,
            Refusal::Contradiction => 422,
            Refusal::Internal => 500,
            Refusal::Busy => 503,
        }
    }

    /// The error's `kind`: a script tells a wrong request from a busy table by it.
    fn kind(self) -> &'static str {
        match self {
            Refusal::BadInput
            | Refusal::NotFound
            | Refusal::WrongMethod
            | Refusal::Forbidden
            | Refusal::TooLarge
            | Refusal::Conflict => "bad_input",
            Refusal::Contradiction => "contradiction",
            Refusal::Busy => "out_of_budget",
            Refusal::Internal => "internal",
        }
    }

    /// The refusal with its diagnostics, in the one shape the command line's `--json` uses:
    /// `{"error": {kind, diagnostics: [{code, message, help, labels: [{offset, length,
    /// label}]}]}}`.
    pub fn with(self, diagnostics: Vec<Value>) -> Reply {
        let error = json!({ "error": { "kind": self.kind(), "diagnostics": diagnostics } });
        Reply::json(self.status(), &error)
    }

    /// The refusal with one plain message.
    pub fn say(self, message: &str) -> Reply {
        self.with(vec![json!({ "code": null, "message": message, "help": null, "labels": [] })])
    }
}

impl From<FailureKind> for Refusal {
    fn from(kind: FailureKind) -> Refusal {
        match kind {
            FailureKind::BadInput => Refusal::BadInput,
            FailureKind::Contradiction => Refusal::Contradiction,
            FailureKind::OutOfBudget => Refusal::Busy,
            FailureKind::Internal => Refusal::Internal,
        }
    }
}

/// What a request that needs a game gets before one is started.
pub const NO_GAME: &str = "there is no game yet: start one";

/// A request the caller got wrong.
pub fn bad(message: &str) -> Reply {
    Refusal::BadInput.say(message)
}

/// Reads a body into its route's type; a body that does not fit is refused (400).
pub fn body<T: for<'de> Deserialize<'de>>(request: &Value, route: &str) -> Result<T, Reply> {
    serde_json::from_value(request.clone())
        .map_err(|e| bad(&format!("the request does not fit {route}: {e}")))
}

/// A count in a request (a statement number, a hand size): a whole number from 1 to a
/// million; anything else is refused rather than read as something else.
fn count<'de, D: Deserializer<'de>>(d: D) -> Result<Option<usize>, D::Error> {
    match Option::<Value>::deserialize(d)? {
        None | Some(Value::Null) => Ok(None),
        Some(v) => match v.as_u64() {
            Some(n) if (1..=1_000_000).contains(&n) => Ok(Some(n as usize)),
            _ => Err(serde::de::Error::custom(format!("a whole number from 1 up, not {v}"))),
        },
    }
}

/// `POST /api/parse`: statements as typed; with `player` (and `cards`, `target`), whether
/// that play would be legal now.
#[derive(Deserialize)]
pub struct ParseBody {
    pub text: String,
    pub player: Option<String>,
    #[serde(default)]
    pub cards: Vec<String>,
    #[serde(default, deserialize_with = "count")]
    pub target: Option<usize>,
}

#[derive(Serialize)]
pub struct ParseReply {
    pub ok: bool,
    pub statements: Vec<String>,
    pub diagnostics: Vec<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub play: Option<PlayCheck>,
}

/// Whether a play typed so far would be legal, and if not, why (one line).
#[derive(Serialize)]
pub struct PlayCheck {
    pub legal: bool,
    pub why: Option<String>,
}

/// `POST /api/check`: the check pad — the board's consistency, or whether statement
/// `follows` follows.
#[derive(Deserialize)]
pub struct CheckBody {
    pub text: String,
    #[serde(default, deserialize_with = "count")]
    pub follows: Option<usize>,
}

/// `POST /api/game/new`: a game for the table (the defaults are `umpire game new`'s).
#[derive(Deserialize)]
pub struct NewGameBody {
    #[serde(default)]
    pub players: Vec<String>,
    /// Absent: a shuffle no one at the table can know.
    pub seed: Option<u64>,
    pub own_cards: Option<bool>,
    #[serde(default, deserialize_with = "count")]
    pub hand: Option<usize>,
    #[serde(default, deserialize_with = "count")]
    pub win: Option<usize>,
    /// Seats the computer plays (names from `players`).
    #[serde(default)]
    pub computer: Vec<String>,
    /// How it plays (0, 1 or 2; absent: the default level).
    pub level: Option<u8>,
    /// A claim scores only with a derivation that proves it (ruling G20).
    #[serde(default)]
    pub derivations_required: bool,
}

/// `POST /api/game/pass`, `/api/game/undo`: who acts (absent: the player to move).
#[derive(Deserialize)]
pub struct PlayerBody {
    pub player: Option<String>,
}

/// `POST /api/game/undo`: taking back a win needs `table_agrees`.
#[derive(Deserialize)]
pub struct UndoBody {
    pub player: Option<String>,
    #[serde(default)]
    pub table_agrees: bool,
}

/// `POST /api/game/sit`: the device that sits at `player`'s seat (or leaves it).
#[derive(Deserialize)]
pub struct SitBody {
    pub player: String,
    pub device: String,
    #[serde(default)]
    pub leave: bool,
}

/// `POST /api/game/move`, `/api/game/hint`: the seat (absent: the player to move) and, with
/// the table's own cards, the cards it holds.
#[derive(Deserialize)]
pub struct SeatBody {
    pub player: Option<String>,
    #[serde(default)]
    pub cards: Vec<String>,
}

/// `POST /api/game/play`: cards played and the statement written.
#[derive(Deserialize)]
pub struct PlayBody {
    pub player: Option<String>,
    pub statement: String,
    #[serde(default)]
    pub cards: Vec<String>,
    #[serde(default, deserialize_with = "count")]
    pub target: Option<usize>,
}

/// `POST /api/game/claim`: `claim` is `redundant` (with `k`) or `inconsistent`.
#[derive(Deserialize)]
pub struct ClaimBody {
    pub player: Option<String>,
    pub claim: String,
    #[serde(default, deserialize_with = "count")]
    pub k: Option<usize>,
    /// The derivation the claim is argued with (ruling G20).
    #[serde(default)]
    pub derivation: Option<String>,
}

/// `POST /api/derive`: a derivation judged on the game's board, arguing a claim (none:
/// no claim).
#[derive(Deserialize)]
pub struct DeriveBody {
    pub text: String,
    pub claim: Option<String>,
    #[serde(default, deserialize_with = "count")]
    pub k: Option<usize>,
}

/// What `POST /api/derive` answers: the report, and as text.
#[derive(Serialize)]
pub struct DeriveReply {
    pub report: crate::commands::derive::DerivationReport,
    pub text: String,
}

/// `POST /api/infer/judge`.
#[derive(Deserialize)]
pub struct JudgeBody {
    pub law: String,
    pub experiment: String,
}

/// `POST /api/clue/notebook`, `/api/deduction/notebook`: a log as the command line reads it.
#[derive(Deserialize)]
pub struct LogBody {
    pub log: String,
}

/// `POST /api/dice/coach`: five dice, the rerolls left, the boxes scored and crossed out.
#[derive(Deserialize)]
pub struct CoachBody {
    pub dice: String,
    /// Absent or not a number: the turn's first roll (two rerolls left).
    #[serde(default, deserialize_with = "lenient_count")]
    pub rerolls_left: Option<u64>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub scored: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub zeroed: Option<String>,
}

/// A list of boxes the page may send as anything: what is not text reads as none.
fn lenient_text<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    Ok(Option::<Value>::deserialize(d)?.and_then(|v| v.as_str().map(str::to_string)))
}

/// A number the page may send as anything (a blank field becomes `null`, or text): what is
/// not a whole number reads as absent.
fn lenient_count<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
    Ok(Option::<Value>::deserialize(d)?.and_then(|v| v.as_u64()))
}

/// `POST /api/clue/notebook`, `/api/deduction/notebook`: the notebook as the command line
/// prints it.
#[derive(Serialize)]
pub struct NotebookReply {
    pub notebook: String,
}

/// `POST /api/infer/judge`: the Law read back in English, the marker, why, and a picture.
#[derive(Serialize)]
pub struct JudgeReply {
    pub law: String,
    pub follows: bool,
    pub marker: &'static str,
    pub reason: String,
    pub svg: String,
}

/// `POST /api/dice/coach`: the coach's advice, and as text.
#[derive(Serialize)]
pub struct CoachReply {
    pub advice: crate::commands::dice::CoachAdvice,
    pub text: String,
}

/// `GET /api/health`.
#[derive(Serialize)]
pub struct Health {
    pub ok: bool,
    pub version: &'static str,
}

/// What a claim came to: the outcome's line and the decision.
#[derive(Serialize)]
pub struct Claimed {
    pub outcome: Option<String>,
    pub decision: DecisionView,
    /// The claimant's derivation, judged.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub derivation: Option<crate::commands::derive::DerivationReport>,
    /// umpire's own proof as a derivation, when the verdict has a proof.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub umpires_derivation: Option<crate::commands::written::WrittenDerivation>,
}

/// The game as every page polls it (`GET /api/game`, and after each change).
#[derive(Serialize)]
pub struct GameReply {
    pub game: Option<TableView>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_refusal_has_its_status_and_a_kind_scripts_know() {
        let all = [
            (Refusal::BadInput, 400, "bad_input"),
            (Refusal::Forbidden, 403, "bad_input"),
            (Refusal::NotFound, 404, "bad_input"),
            (Refusal::WrongMethod, 405, "bad_input"),
            (Refusal::Conflict, 409, "bad_input"),
            (Refusal::TooLarge, 413, "bad_input"),
            (Refusal::Contradiction, 422, "contradiction"),
            (Refusal::Internal, 500, "internal"),
            (Refusal::Busy, 503, "out_of_budget"),
        ];
        for (refusal, status, kind) in all {
            let reply = refusal.say("why");
            assert_eq!(reply.status, status, "{refusal:?}");
            let body: Value = serde_json::from_str(&reply.body).unwrap();
            assert_eq!(body["error"]["kind"], kind, "{refusal:?}");
            assert_eq!(body["error"]["diagnostics"][0]["message"], "why");
        }
        assert_eq!(Refusal::from(FailureKind::OutOfBudget), Refusal::Busy);
        assert_eq!(Refusal::from(FailureKind::Contradiction), Refusal::Contradiction);
    }
}
