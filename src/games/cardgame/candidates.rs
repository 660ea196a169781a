//! The plays a hand allows: candidate statements generated from the cards' grammar, each
//! kept only if the game's own legality check ([`Game::apply`] on a copy) accepts it.
//!
//! A symbol play (P, F, R cards together) writes a small formula that mentions exactly the
//! played symbols (and any names made by `∃!`); a Q play writes the cards' prefix, variables
//! renamed, over a quantifier-free body that uses every variable, and may name what a
//! trailing `∃!` defines; an S card writes its statement (`|L| ≥ n`, `|L| < n` with small n);
//! `?` writes any such formula; `¬` goes into every valid place of every board statement.
//! Formulas are drawn at random from a seeded stream, so the same seed gives the same
//! candidates: the computer player's choices are reproducible.

use super::deck::{quantifier_prefix, CardKind, SymbolClass};
use super::state::{Event, Game};
use crate::logic::ast::{BinaryOp, Formula, FormulaKind, Ident, Quantifier, Span, Statement};
use crate::logic::ast::{StatementKind, Term, PLUS};
use crate::logic::check::{SymbolKind, SymbolOrigin};
use crate::logic::print::{self, Style};
use crate::util::random::SplitMix64;
use std::collections::BTreeSet;

/// A play the hand allows: the cards, the statement, and (for `¬`) the statement changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Play {
    pub cards: Vec<CardKind>,
    pub statement: String,
    pub target: Option<usize>,
}

impl Play {
    /// The event that makes this play for `player`.
    pub fn event(&self, player: usize) -> Event {
        Event::Play {
            player,
            cards: self.cards.iter().map(CardKind::short_name).collect(),
            statement: self.statement.clone(),
            target: self.target,
            reason: None,
        }
    }

    /// How the table reads it: `Q:∀x∃y  ∀x∃y likes(x, y)`, or `X:¬ on (2): …`.
    pub fn describe(&self) -> String {
        let cards: Vec<String> = self.cards.iter().map(CardKind::short_name).collect();
        match self.target {
            Some(k) => format!("{} on ({k}): {}", cards.join(" "), self.statement),
            None => format!("{}  {}", cards.join(" "), self.statement),
        }
    }
}

/// How many formulas are drawn for each way of playing cards (a symbol set, a Q chain, `?`).
const DRAWS_PER_CHOICE: usize = 6;
/// How many tries a draw gets to mention every symbol and variable it must.
const TRIES_PER_DRAW: usize = 24;

/// The symbols a formula may use, with their arities.
#[derive(Clone, Debug, Default)]
struct Vocabulary {
    predicates: Vec<(String, usize)>,
    functions: Vec<(String, usize)>,
}

/// Legal plays for `player` from the cards of `hand` (their dealt hand, or with the table's
/// own cards the cards the table says they hold), at most `limit` of them, deduplicated, in a
/// seeded random order.
pub fn legal_plays(
    game: &Game,
    player: usize,
    hand: &[CardKind],
    rng: &mut SplitMix64,
    limit: usize,
) -> Vec<Play> {
    more_legal_plays(game, player, hand, rng, limit, &mut BTreeSet::new())
}

/// Like [`legal_plays`], leaving out the statements in `seen` (plays already proposed, so
/// that a second batch from the same stream brings new ones), and adding the new ones to it.
// Long by design: one section per kind of play the cards allow (symbol cards, Q, S, `?`,
// `¬`), each filling the same list of proposals from the same vocabulary and random stream.
pub fn more_legal_plays(
    game: &Game,
    player: usize,
    hand: &[CardKind],
    rng: &mut SplitMix64,
    limit: usize,
    seen: &mut BTreeSet<(String, Option<usize>)>,
) -> Vec<Play> {
    let names = named_symbols(game);
    let mut all = Vocabulary::default();
    for (name, kind, arity) in game_symbols().into_iter().chain(names.iter().cloned()) {
        match kind {
            SymbolKind::Predicate => all.predicates.push((name, arity)),
            SymbolKind::Function => all.functions.push((name, arity)),
        }
    }
    let mut proposals: Vec<Play> = Vec::new();
    // Symbol plays: every set of distinct symbol cards in the hand.
    let symbols: Vec<(SymbolClass, String)> = hand
        .iter()
        .filter_map(|c| match c {
            CardKind::Symbol { class, symbol } => Some((*class, symbol.clone())),
            _ => None,
        })
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    for mask in 1u32..(1 << symbols.len().min(4)) {
        let chosen: Vec<&(SymbolClass, String)> = symbols
            .iter()
            .enumerate()
            .filter(|(i, _)| mask & (1 << i) != 0)
            .map(|(_, s)| s)
            .collect();
        let cards: Vec<CardKind> = chosen
            .iter()
            .map(|(class, symbol)| CardKind::Symbol { class: *class, symbol: symbol.clone() })
            .collect();
        let mut vocabulary = Vocabulary::default();
        for (name, kind, arity) in game_symbols().into_iter().chain(names.iter().cloned()) {
            let played = chosen.iter().any(|(_, s)| *s == name);
            let named = names.iter().any(|(n, _, _)| *n == name);
            match kind {
                SymbolKind::Predicate if played || named => {
                    vocabulary.predicates.push((name, arity))
                }
                SymbolKind::Function if played || named => vocabulary.functions.push((name, arity)),
                _ => {}
            }
        }
        let required: Vec<String> = chosen.iter().map(|(_, s)| s.clone()).collect();
        for _ in 0..DRAWS_PER_CHOICE {
            let prefix = FREE_PREFIXES[rng.below(FREE_PREFIXES.len() as u64) as usize];
            let prefix = quantifier_prefix(prefix).unwrap_or_default();
            if let Some(f) = draw(rng, &vocabulary, &prefix, &required) {
                proposals.push(Play { cards: cards.clone(), statement: text(&f), target: None });
            }
        }
    }
    // Q plays: each Q card, and each ordered pair of Q cards.
    let quantifiers: Vec<&CardKind> =
        hand.iter().filter(|c| matches!(c, CardKind::Quantifier { .. })).collect();
    let mut chains: Vec<Vec<&CardKind>> = quantifiers.iter().map(|c| vec![*c]).collect();
    for (i, a) in quantifiers.iter().enumerate() {
        for (j, b) in quantifiers.iter().enumerate() {
            if i != j {
                chains.push(vec![*a, *b]);
            }
        }
    }
    for chain in chains {
        let prefix: Vec<(Quantifier, String)> = chain
            .iter()
            .flat_map(|c| match c {
                CardKind::Quantifier { prefix } => quantifier_prefix(prefix).unwrap_or_default(),
                _ => Vec::new(),
            })
            .enumerate()
            .map(|(i, (q, _))| (q, VARIABLES.get(i).copied().unwrap_or("w").to_string()))
            .collect();
        if prefix.len() > VARIABLES.len() {
            continue;
        }
        let cards: Vec<CardKind> = chain.iter().map(|c| (*c).clone()).collect();
        for _ in 0..DRAWS_PER_CHOICE {
            let Some(f) = draw(rng, &all, &prefix, &[]) else { continue };
            let statement = match naming(&prefix, game, rng) {
                Some((name, params, target)) if rng.below(2) == 0 => Statement {
                    kind: StatementKind::Named {
                        formula: f,
                        name: Ident::new(name, Span::default()),
                        params: params.iter().map(|p| Ident::new(*p, Span::default())).collect(),
                        target: Ident::new(target, Span::default()),
                    },
                    span: Span::default(),
                },
                _ => Statement { kind: StatementKind::Formula(f), span: Span::default() },
            };
            proposals.push(Play {
                cards: cards.clone(),
                statement: print::statement(&statement, Style::Unicode),
                target: None,
            });
        }
    }
    // S cards: their statements, the cardinality ones with small n.
    for card in hand.iter().filter(|c| matches!(c, CardKind::Statement { .. })) {
        let CardKind::Statement { statement } = card else { continue };
        let texts: Vec<String> = match statement.as_str() {
            s if s.starts_with("|L| ≥") => (2..=4).map(|n| format!("|L| ≥ {n}")).collect(),
            s if s.starts_with("|L| <") => (2..=5).map(|n| format!("|L| < {n}")).collect(),
            s => vec![s.to_string()],
        };
        for statement in texts {
            proposals.push(Play { cards: vec![card.clone()], statement, target: None });
        }
    }
    // `?`: any statement, drawn over every symbol.
    if hand.contains(&CardKind::Wild) {
        for _ in 0..DRAWS_PER_CHOICE * 2 {
            let prefix = FREE_PREFIXES[rng.below(FREE_PREFIXES.len() as u64) as usize];
            let prefix = quantifier_prefix(prefix).unwrap_or_default();
            if let Some(f) = draw(rng, &all, &prefix, &[]) {
                proposals.push(Play {
                    cards: vec![CardKind::Wild],
                    statement: text(&f),
                    target: None,
                });
            }
        }
    }
    // `¬`: every place of every statement on the board.
    if hand.contains(&CardKind::Negation) {
        for (i, entry) in game.state.board.iter().enumerate() {
            for statement in negations(&entry.text) {
                proposals.push(Play {
                    cards: vec![CardKind::Negation],
                    statement,
                    target: Some(i + 1),
                });
            }
        }
    }
    rng.shuffle(&mut proposals);
    let mut plays = Vec::new();
    for play in proposals {
        if plays.len() >= limit {
            break;
        }
        if !seen.insert((play.statement.clone(), play.target)) {
            continue;
        }
        if game.clone().apply(play.event(player)).is_ok() {
            plays.push(play);
        }
    }
    plays
}

/// Variables in the order a Q chain's quantifiers take them.
const VARIABLES: [&str; 6] = ["x", "y", "z", "u", "v", "w"];

/// Prefixes a symbol play or `?` may choose (any quantifiers are allowed there).
const FREE_PREFIXES: [&str; 8] = ["∀x", "∀x", "∃x", "∀x∀y", "∀x∃y", "∃x∀y", "∃x∃y", "∀x∀y∀z"];

fn game_symbols() -> Vec<(String, SymbolKind, usize)> {
    vec![
        ("blonde".into(), SymbolKind::Predicate, 1),
        ("happy".into(), SymbolKind::Predicate, 1),
        ("likes".into(), SymbolKind::Predicate, 2),
        ("smarter".into(), SymbolKind::Predicate, 2),
        ("father".into(), SymbolKind::Function, 1),
        (PLUS.into(), SymbolKind::Function, 2),
    ]
}

/// The names `∃!` statements on the board have made, with their kind and arity.
fn named_symbols(game: &Game) -> Vec<(String, SymbolKind, usize)> {
    let Ok(checked) = game.checked_board(&game.state.board) else { return Vec::new() };
    checked
        .signature
        .symbols
        .iter()
        .filter(|(_, s)| matches!(s.origin, SymbolOrigin::Named { .. }))
        .map(|(n, s)| (n.clone(), s.kind, s.arity))
        .collect()
}

/// A name for what a trailing `∃!` after `∀`s defines (ruling G7), if the prefix allows one.
fn naming<'p>(
    prefix: &'p [(Quantifier, String)],
    game: &Game,
    rng: &mut SplitMix64,
) -> Option<(String, Vec<&'p str>, &'p str)> {
    let ((last, target), before) = prefix.split_last()?;
    if *last != Quantifier::ExistsUnique || before.iter().any(|(q, _)| *q != Quantifier::Forall) {
        return None;
    }
    let taken = game.checked_board(&game.state.board).ok()?.signature;
    let pool: &[&str] = if before.is_empty() { &CONSTANT_NAMES } else { &FUNCTION_NAMES };
    let start = rng.below(pool.len() as u64) as usize;
    let name =
        (0..pool.len()).map(|i| pool[(start + i) % pool.len()]).find(|n| taken.get(n).is_none())?;
    Some((name.to_string(), before.iter().map(|(_, v)| v.as_str()).collect(), target.as_str()))
}

const CONSTANT_NAMES: [&str; 6] = ["ada", "bea", "cal", "dot", "eve", "fay"];
const FUNCTION_NAMES: [&str; 6] = ["pal", "kin", "mate", "twin", "heir", "muse"];

fn text(f: &Formula) -> String {
    print::formula(f, Style::Unicode)
}

/// A formula with the given prefix whose body is quantifier-free, uses every prefix
/// variable and mentions every `required` symbol, or `None` if the tries run out.
fn draw(
    rng: &mut SplitMix64,
    vocabulary: &Vocabulary,
    prefix: &[(Quantifier, String)],
    required: &[String],
) -> Option<Formula> {
    let variables: Vec<&str> = prefix.iter().map(|(_, v)| v.as_str()).collect();
    let constants: Vec<&str> =
        vocabulary.functions.iter().filter(|(_, a)| *a == 0).map(|(n, _)| n.as_str()).collect();
    if variables.is_empty() && constants.is_empty() {
        return None;
    }
    for _ in 0..TRIES_PER_DRAW {
        // Mostly one or two literals: short statements are what players write and read.
        let literals = match rng.below(10) {
            0..=4 => 1,
            5..=8 => 2,
            _ => 3,
        };
        let mut body = literal(rng, vocabulary, &variables, &constants);
        let mut atoms = vec![atom_of(&body)];
        for _ in 1..literals {
            let op =
                [BinaryOp::And, BinaryOp::Or, BinaryOp::Implies, BinaryOp::Iff, BinaryOp::Implies]
                    [rng.below(5) as usize];
            let next = literal(rng, vocabulary, &variables, &constants);
            atoms.push(atom_of(&next));
            body = Formula::binary(op, body, next);
        }
        // The same atom twice (`x = f(x) ∨ f(x) = x`) says less than it seems to.
        if atoms.iter().collect::<BTreeSet<_>>().len() < atoms.len() {
            continue;
        }
        let mut used = BTreeSet::new();
        body.collect_symbols(&mut used);
        let free: BTreeSet<String> = body.free_variables().into_iter().collect();
        if required.iter().all(|s| used.contains(s)) && variables.iter().all(|v| free.contains(*v))
        {
            return Some(prefix.iter().rev().fold(body, |f, (q, v)| Formula::quant(*q, v, f)));
        }
    }
    None
}

/// A literal's atom as text, an equation's sides in order, to spot the same atom twice.
fn atom_of(literal: &Formula) -> String {
    match &literal.kind {
        FormulaKind::Not(inner) => atom_of(inner),
        FormulaKind::Eq(a, b) | FormulaKind::Neq(a, b) => {
            let mut sides = [print::term(a), print::term(b)];
            sides.sort();
            sides.join(" = ")
        }
        _ => text(literal),
    }
}

/// An atom or a negated atom: a predicate applied to terms, or an equation.
fn literal(
    rng: &mut SplitMix64,
    v: &Vocabulary,
    variables: &[&str],
    constants: &[&str],
) -> Formula {
    let equation = v.predicates.is_empty() || (!v.functions.is_empty() && rng.below(3) == 0);
    let atom = if equation {
        // An equation has a function on its left, so that it says something about it.
        let left = term(rng, v, variables, constants, 2);
        let mut right = term(rng, v, variables, constants, 1);
        for _ in 0..4 {
            if right != left {
                break;
            }
            right = term(rng, v, variables, constants, 1);
        }
        // Negated as players write it: `s ≠ t`.
        return if rng.below(3) == 0 {
            Formula::new(FormulaKind::Neq(left, right))
        } else {
            Formula::new(FormulaKind::Eq(left, right))
        };
    } else {
        let (pred, arity) = &v.predicates[rng.below(v.predicates.len() as u64) as usize];
        let args = (0..*arity).map(|_| term(rng, v, variables, constants, 1)).collect();
        Formula::atom(pred, args)
    };
    if rng.below(3) == 0 {
        Formula::negation(atom)
    } else {
        atom
    }
}

fn term(
    rng: &mut SplitMix64,
    v: &Vocabulary,
    variables: &[&str],
    constants: &[&str],
    depth: usize,
) -> Term {
    let applicable: Vec<&(String, usize)> = v.functions.iter().filter(|(_, a)| *a > 0).collect();
    if depth > 0 && !applicable.is_empty() && rng.below(2) == 0 {
        let (func, arity) = applicable[rng.below(applicable.len() as u64) as usize];
        let args = (0..*arity).map(|_| term(rng, v, variables, constants, depth - 1)).collect();
        return Term::app(func, args);
    }
    let leaves = variables.len() + constants.len();
    let i = rng.below(leaves as u64) as usize;
    match variables.get(i) {
        Some(var) => Term::var(var),
        None => Term::constant(constants[i - variables.len()]),
    }
}

/// The statement `text` with one ¬ inserted at each place a ¬ may go (ruling G5): in front
/// of the whole statement and of every part that is itself a statement. Places the game
/// refuses (G6, under a name's quantifiers) are left to the legality check.
pub fn negations(text: &str) -> Vec<String> {
    let Ok(st) = crate::logic::parse::parse_statement(text) else { return Vec::new() };
    let formula = match &st.kind {
        StatementKind::Formula(f) | StatementKind::Named { formula: f, .. } => f,
        _ => return vec![format!("¬{}", print::statement(&st, Style::Unicode))],
    };
    let mut variants = Vec::new();
    negate_each(formula, &mut |g| {
        let kind = match &st.kind {
            StatementKind::Named { name, params, target, .. } => StatementKind::Named {
                formula: g,
                name: name.clone(),
                params: params.clone(),
                target: target.clone(),
            },
            _ => StatementKind::Formula(g),
        };
        variants.push(print::statement(&Statement { kind, span: Span::default() }, Style::Unicode));
    });
    variants
}

/// Calls `out` with `f` rebuilt once for every subformula wrapped in a ¬.
fn negate_each(f: &Formula, out: &mut dyn FnMut(Formula)) {
    out(Formula::negation(f.clone()));
    match &f.kind {
        FormulaKind::Not(g) => negate_each(g, &mut |g2| out(Formula::negation(g2))),
        FormulaKind::Binary { op, left, right } => {
            negate_each(left, &mut |l| out(Formula::binary(*op, l, (**right).clone())));
            negate_each(right, &mut |r| out(Formula::binary(*op, (**left).clone(), r)));
        }
        FormulaKind::Quant { q, var, body } => {
            negate_each(body, &mut |b| out(Formula::quant(*q, &var.name, b)))
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::cardgame::game::Settings;

    fn game_with(hand: &[&str]) -> Game {
        let settings = Settings {
            players: vec!["Ann".into(), "Bob".into()],
            hand_size: 3,
            points_to_win: 3,
            seed: 3,
            own_cards: false,
            computers: Vec::new(),
            derivations_required: false,
        };
        let mut g = Game::new(settings).unwrap();
        g.state.hands[0] = hand.iter().map(|c| CardKind::parse(c).unwrap()).collect();
        g
    }

    #[test]
    fn every_kind_of_card_gives_legal_plays() {
        let mut g = game_with(&["P:happy", "F:father", "Q:∀x∃y"]);
        let plays = legal_plays(&g, 0, &g.state.hands[0], &mut SplitMix64::new(1), 100);
        assert!(plays.iter().any(|p| p.cards.len() == 2), "P and F together: {plays:?}");
        assert!(plays.iter().any(|p| p.statement.starts_with("∀x∃y")), "{plays:?}");
        for p in &plays {
            assert!(g.clone().apply(p.event(0)).is_ok(), "{p:?}");
        }
        g.apply(plays[0].event(0)).unwrap();
        g.state.hands[1] =
            ["X:¬", "S:13", "X:?"].iter().map(|c| CardKind::parse(c).unwrap()).collect();
        let plays = legal_plays(&g, 1, &g.state.hands[1], &mut SplitMix64::new(2), 100);
        assert!(plays.iter().any(|p| p.target == Some(1)), "a ¬ on (1): {plays:?}");
        assert!(plays.iter().any(|p| p.statement.starts_with("|L| <")), "{plays:?}");
        assert!(plays.iter().any(|p| p.cards == vec![CardKind::Wild]), "{plays:?}");
    }

    #[test]
    fn the_same_seed_gives_the_same_plays() {
        let g = game_with(&["R:likes", "Q:∀x∃!y", "P:blonde"]);
        let a = legal_plays(&g, 0, &g.state.hands[0], &mut SplitMix64::new(9), 50);
        let b = legal_plays(&g, 0, &g.state.hands[0], &mut SplitMix64::new(9), 50);
        assert_eq!(a, b);
        assert!(a.iter().any(|p| p.statement.contains(":=")), "∃! plays may name: {a:?}");
    }

    #[test]
    fn negations_cover_every_place() {
        let places = negations("∀x happy(x) ⇒ blonde(x)");
        assert_eq!(
            places,
            vec![
                "¬∀x happy(x) → blonde(x)",
                "∀x ¬(happy(x) → blonde(x))",
                "∀x ¬happy(x) → blonde(x)",
                "∀x happy(x) → ¬blonde(x)"
            ]
        );
        assert_eq!(negations("|L| ≥ 3"), vec!["¬|L| ≥ 3"]);
    }
}
