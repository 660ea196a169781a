//! What players see of the card table, drawn once for every front end: the table as the
//! command line and the REPL print it, and [`TableView`], the plain data the page polls
//! and `--json` prints. A hand shows each card with what it lets its player write, so an
//! S card reads as its statement (`S:14 ∀x∀y ¬smarter(x, y)`), not a bare number.

use crate::games::cardgame::deck::{specs, CardKind};
use crate::games::cardgame::state::{Claim, Entry, Event, Game};
use serde::Serialize;
use serde_json::Value;
use std::collections::BTreeMap;

/// The table as every page polls it and `game show --json` prints it.
#[derive(Clone, Debug, Serialize)]
pub struct TableView {
    /// The number of events so far: a page knows by it whether the game has moved on.
    pub version: usize,
    pub players: Vec<String>,
    pub own_cards: bool,
    /// A claim scores only with a derivation that proves it (ruling G20).
    pub derivations_required: bool,
    /// The seats the computer plays, with its level.
    pub computers: BTreeMap<String, u8>,
    pub points_to_win: usize,
    pub scores: Vec<usize>,
    pub current: String,
    pub winner: Option<String>,
    /// Once a dealt game is won, its seed (as text: a page's numbers cannot hold 64 bits),
    /// to deal it again (RULINGS G17); never while it runs.
    pub seed: Option<String>,
    pub board: Vec<BoardEntry>,
    /// Every hand by player; a front end shows each device only the hands it may see.
    pub hands: BTreeMap<String, Vec<CardView>>,
    pub draw_left: usize,
    /// What the last play did that the board does not show (where a ¬ went).
    pub note: Option<String>,
    pub events: Vec<EventView>,
}

#[derive(Clone, Debug, Serialize)]
pub struct BoardEntry {
    pub number: usize,
    pub text: String,
    pub by: String,
    /// Who changed it since with a ¬ card.
    pub changed_by: Vec<String>,
    pub scored: bool,
    /// The statement in words, as the rules read the symbols.
    pub words: String,
}

/// A card in a hand: its short name, and for an S card the statement it carries.
#[derive(Clone, Debug, Serialize)]
pub struct CardView {
    pub card: String,
    pub says: Option<String>,
    /// What the card lets its player write, in the deck's words.
    pub text: Option<String>,
}

/// One event of the game, numbered from 1; a claim carries its evidence while the front
/// end that decided it remembers it.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "event", rename_all = "lowercase")]
pub enum EventView {
    Play {
        number: usize,
        player: String,
        cards: Vec<String>,
        statement: String,
        target: Option<usize>,
        /// A computer's play says why.
        reason: Option<String>,
    },
    Pass {
        number: usize,
        player: String,
        reason: Option<String>,
    },
    Claim {
        number: usize,
        player: String,
        claim: ClaimView,
        upheld: bool,
        verdict: String,
        evidence: Option<Value>,
        /// The derivation the player argued the claim with, and its judgment.
        #[serde(skip_serializing_if = "Option::is_none")]
        derivation: Option<ArgumentView>,
        /// Upheld, but it scores nothing: the table requires a derivation that proves it,
        /// and this one does not (ruling G20).
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        scores_nothing: bool,
    },
}

/// A claim's derivation as the table reads it: as written, and how umpire judged it.
#[derive(Clone, Debug, Serialize)]
pub struct ArgumentView {
    pub text: String,
    /// `proves`, `has-gaps` or `proves-something-else`.
    pub verdict: String,
    /// The lines that are not right.
    pub gaps: Vec<usize>,
}

/// A claim as the page and `--json` name it: `{"claim": "redundant", "statement": 3}`.
#[derive(Clone, Copy, Debug, Serialize)]
#[serde(tag = "claim", rename_all = "kebab-case")]
pub enum ClaimView {
    Redundant { statement: usize },
    Inconsistent,
}

impl ClaimView {
    pub(crate) fn of(claim: &Claim) -> ClaimView {
        match *claim {
            Claim::Redundant { statement } => ClaimView::Redundant { statement },
            Claim::Inconsistent => ClaimView::Inconsistent,
        }
    }
}

impl TableView {
    /// The view of `game`; `evidence` holds the claims' evidence by event number.
    pub(crate) fn of(game: &Game, evidence: &[(usize, Value)]) -> TableView {
        let players = &game.settings.players;
        let name = |p: usize| players.get(p).cloned().unwrap_or_default();
        let events = (0..game.events.len()).map(|i| event_view(game, i, evidence)).collect();
        TableView {
            version: game.events.len(),
            players: players.clone(),
            own_cards: game.settings.own_cards,
            derivations_required: game.settings.derivations_required,
            computers: game
                .settings
                .computers
                .iter()
                .map(|c| (c.player.clone(), c.level))
                .collect(),
            points_to_win: game.settings.points_to_win,
            scores: game.state.scores.clone(),
            current: name(game.state.current),
            winner: game.state.winner.map(name),
            seed: (!game.deal_is_secret() && !game.settings.own_cards)
                .then(|| game.settings.seed.to_string()),
            board: game
                .state
                .board
                .iter()
                .enumerate()
                .map(|(k, e)| BoardEntry {
                    number: k + 1,
                    text: e.text.clone(),
                    by: name(e.by),
                    changed_by: e.changed_by.iter().map(|p| name(*p)).collect(),
                    scored: e.scored,
                    words: in_words(&e.text),
                })
                .collect(),
            hands: players
                .iter()
                .zip(&game.state.hands)
                .map(|(p, h)| (p.clone(), h.iter().map(CardView::of).collect()))
                .collect(),
            draw_left: game.state.draw.len(),
            note: game.note.clone(),
            events,
        }
    }
}

/// Event `i` (from 0) of `game` as players see it: numbered from 1, players by name; a
/// claim with the evidence `evidence` keeps for it.
pub(crate) fn event_view(game: &Game, i: usize, evidence: &[(usize, Value)]) -> EventView {
    let name = |p: &usize| game.settings.players.get(*p).cloned().unwrap_or_default();
    match &game.events[i] {
        Event::Play { player, cards, statement, target, reason } => EventView::Play {
            number: i + 1,
            player: name(player),
            cards: cards.clone(),
            statement: statement.clone(),
            target: *target,
            reason: reason.clone(),
        },
        Event::Pass { player, reason } => {
            EventView::Pass { number: i + 1, player: name(player), reason: reason.clone() }
        }
        Event::Claim { player, claim, upheld, verdict, derivation, .. } => EventView::Claim {
            number: i + 1,
            player: name(player),
            claim: ClaimView::of(claim),
            upheld: *upheld,
            verdict: verdict.clone(),
            evidence: evidence.iter().find(|(at, _)| *at == i + 1).map(|(_, v)| v.clone()),
            derivation: derivation.as_ref().map(|d| ArgumentView {
                text: d.text.clone(),
                verdict: d.verdict.clone(),
                gaps: d.gaps.clone(),
            }),
            scores_nothing: *upheld && !super::counts(game, &game.events[i]),
        },
    }
}

/// A board statement in words; as written when it cannot be read alone (a name made by
/// another statement is then a constant, which reads the same).
fn in_words(statement: &str) -> String {
    crate::logic::parse::parse_statement(statement)
        .map(|st| crate::logic::words::statement(&st))
        .unwrap_or_else(|_| statement.to_string())
}

/// A statement as the board prints statements (Unicode, umpire's spacing), or as written
/// where the printer cannot read it alone (`|L| ≥ n`, a name made elsewhere).
pub(crate) fn board_form(statement: &str) -> String {
    crate::logic::parse::parse_statement(statement)
        .map(|st| crate::logic::print::statement(&st, crate::logic::print::Style::Unicode))
        .unwrap_or_else(|_| statement.to_string())
}

impl CardView {
    fn of(card: &CardKind) -> CardView {
        // An S card's statement as the board prints statements (the card's own spelling
        // where the printer cannot read it, as for `|L| ≥ n`).
        let says = match card {
            CardKind::Statement { statement } => Some(board_form(statement)),
            _ => None,
        };
        CardView { card: card.short_name(), says, text: card_text(card) }
    }

    /// The card as a hand shows it in text: its name, and an S card's statement beside it.
    fn shown(&self) -> String {
        match &self.says {
            Some(statement) => format!("{} {statement}", self.card),
            None => self.card.clone(),
        }
    }
}

/// What a card lets its player write, in the deck's own words (umpire's wording of the
/// rules' card sheets), for the page's buttons.
pub fn card_text(card: &CardKind) -> Option<String> {
    specs().into_iter().find(|s| s.kind == *card).map(|s| s.text)
}

/// Who wrote a statement, and who changed it since with a ¬ card: "Ann, ¬ Bob".
fn authors(game: &Game, entry: &Entry) -> String {
    let mut out = game.settings.players[entry.by].clone();
    for p in &entry.changed_by {
        out.push_str(&format!(", ¬ {}", game.settings.players[*p]));
    }
    out
}

/// The table as the command line and the REPL print it: board, scores, whose turn, and
/// (optionally) one hand, each S card with its statement.
pub(crate) fn table_text(game: &Game, hand_of: Option<usize>) -> String {
    let mut out = String::new();
    if let Some(note) = &game.note {
        out.push_str(note);
        out.push('\n');
    }
    out.push_str("Board:\n");
    if game.state.board.is_empty() {
        out.push_str("  (empty)\n");
    }
    for (i, e) in game.state.board.iter().enumerate() {
        let mark = if e.scored { "  (scored as redundant)" } else { "" };
        out.push_str(&format!("  ({}) {}   — {}{mark}\n", i + 1, e.text, authors(game, e)));
    }
    out.push_str("Scores:");
    for (p, s) in game.settings.players.iter().zip(&game.state.scores) {
        out.push_str(&format!(" {p} {s}"));
    }
    out.push_str(&format!("  (first to {} wins)\n", game.settings.points_to_win));
    for seat in &game.settings.computers {
        out.push_str(&format!("The computer plays {} (level {}).\n", seat.player, seat.level));
    }
    let players = &game.settings.players;
    match game.state.winner {
        Some(w) => {
            out.push_str(&format!("{} has won.\n", players[w]));
            if !game.settings.own_cards {
                let seed = game.settings.seed;
                out.push_str(&format!(
                    "The deal was seed {seed}: `game new … --seed {seed}` deals it again.\n"
                ));
            }
        }
        None if game.settings.own_cards => out.push_str(&format!(
            "{} to play (the table's own cards).\n",
            players[game.state.current]
        )),
        None => out.push_str(&format!(
            "{} to play. Cards left to draw: {}\n",
            players[game.state.current],
            game.state.draw.len()
        )),
    }
    if let Some(p) = hand_of.filter(|_| !game.settings.own_cards) {
        let cards: Vec<String> =
            game.state.hands[p].iter().map(|c| CardView::of(c).shown()).collect();
        out.push_str(&format!("{}'s hand: {}\n", players[p], cards.join("  ")));
    }
    out
}

/// The table after a move, as the next player needs it: when that is a person's turn,
/// their hand too (a computer's hand is not shown to its opponents).
pub(crate) fn turn_table_text(game: &Game) -> String {
    let person = game.settings.computer_level(game.state.current).is_none();
    let hand = (game.state.winner.is_none() && person).then_some(game.state.current);
    table_text(game, hand)
}

/// An event in words, for the table: "Ann's play of (3) ∀x happy(x)", "Bob's pass",
/// "Ann's claim that (2) is redundant (upheld)".
pub(crate) fn event_words(game: &Game, event: &Event) -> String {
    let name = |p: &usize| game.settings.players.get(*p).cloned().unwrap_or_default();
    match event {
        Event::Play { player, cards, statement, target, .. } => {
            format!("{}'s play {}", name(player), super::Play::line(cards, statement, *target))
        }
        Event::Pass { player, .. } => format!("{}'s pass", name(player)),
        Event::Claim { player, claim, upheld, .. } => {
            let what = match claim {
                Claim::Redundant { statement } => format!("({statement}) is redundant"),
                Claim::Inconsistent => "the board is inconsistent".into(),
            };
            let outcome = if *upheld { "upheld" } else { "not upheld" };
            format!("{}'s claim that {what} ({outcome})", name(player))
        }
    }
}
