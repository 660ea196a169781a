//! The Law language: what a Law (or a Theory) says (the syntax tree, here), two readers —
//! the formal language (`parse`) and plain English (`words`) — the evaluator with the
//! rules' conventions (`eval`), and two printers, English (`english`, what the Universe
//! repeats back) and formal (`formal`), as the statement language is split in
//! `crate::logic`.
//!
//! Formal syntax (`grammar/infer-law.ebnf`), for example `count orange >= 1`, `sum dice =
//! 10`, `count odd > count even`, `all blue are 5`, `odd blue touch each other`, `some red
//! are 2`, `not (count dice = 3)`. Plain English (`grammar/infer-english.ebnf`), for example
//! "There must be at least one orange die", "The sum of all dice must be ten", "Odd blue
//! dice must touch each other". [`parse`] takes either.
//!
//! Conventions (RULINGS I5–I7): the null experiment is judged like any other; a Law holds
//! only if every part of it holds (false beats true: one blue 3 breaks "all blue are 5");
//! a restriction on dice that are absent holds (vacuous truth); a die under another has no
//! value, so value properties (a face, odd, even) never hold of it and restrictions on values
//! pass over it.

mod english;
mod eval;
mod formal;
mod parse;
mod words;

pub use super::experiment::Direction;
use super::experiment::Experiment;
pub use english::{english_dice, english_number};
pub(crate) use eval::is_prime;
pub use eval::{Judgement, TooLarge};
pub use parse::{parse_formal, LawError};
pub use words::FORMS as ENGLISH_FORMS;

/// Reads a Law, or a Theory, in the formal language or in plain English.
///
/// The formal language is tried first, so a Law saved in it always reads the same. A
/// sentence that reads more than one way is refused with every reading
/// ([`LawError::readings`]), never resolved by a guess.
///
/// ```
/// use umpire::games::infer::law::{parse, parse_formal};
/// let said = parse("There must be at least one red die.").unwrap();
/// assert_eq!(said, parse_formal("count red >= 1").unwrap());
/// // "two 2s": at least two, or exactly two? Both readings come back.
/// let e = parse("There must be two 2s").unwrap_err();
/// assert_eq!(e.readings.len(), 2);
/// ```
pub fn parse(text: &str) -> Result<Law, LawError> {
    if text.trim().is_empty() {
        return Err(LawError {
            message: "there is no Law here".into(),
            span: (0, text.len()).into(),
            help: Some("say one, like `There must be at least one red die.`, or write it in the formal language, like `count red >= 1`".into()),
            readings: vec![],
        });
    }
    // A sentence's full stop is not part of the formal language, but a formal Law said as a
    // sentence ("Not all dice are red.") is still that Law.
    let bare = text.trim_end().trim_end_matches(['.', '!']);
    let formal_error = match parse_formal(bare) {
        Ok(law) => return Ok(law),
        Err(e) => e,
    };
    match words::read(text) {
        Ok(law) => Ok(law),
        Err(words::Misread::Ambiguous(readings)) => {
            // The readings go in the help, which is never cut short, each with its formal
            // form to type.
            let listed: Vec<String> = readings
                .iter()
                .enumerate()
                .map(|(i, l)| format!("{}. {} (formal: `{}`)", i + 1, l.english(), l.formal()))
                .collect();
            Err(LawError {
                message: format!(
                    "this can be read {} ways, and umpire does not guess which is meant",
                    readings.len()
                ),
                span: (0, text.len()).into(),
                help: Some(format!(
                    "{}\nsay it so that only one reading fits (\"exactly\" or \"at least\", \"each other\" or \"another die\", …), or type the formal form of the one you mean",
                    listed.join("\n")
                )),
                readings,
            })
        }
        Err(words::Misread::Unread { message, at, nearest }) => {
            // A sentence that looks like English hears about English; anything else about
            // the formal language, which is tried first.
            let english_like = text.split_whitespace().any(|w| {
                matches!(
                    w.to_lowercase().trim_matches(|c: char| !c.is_alphanumeric()),
                    "must"
                        | "may"
                        | "should"
                        | "cannot"
                        | "can't"
                        | "can"
                        | "there"
                        | "the"
                        | "has"
                        | "have"
                        | "be"
                        | "it"
                        | "die"
                        | "if"
                        | "than"
                        | "of"
                )
            });
            // A sentence ("Red dice are not allowed.") is English whatever its words.
            let sentence = text.trim_end().ends_with('.')
                || text.trim_start().chars().next().is_some_and(char::is_uppercase);
            if !english_like && !sentence {
                return Err(formal_error);
            }
            let mut help = String::new();
            if !nearest.is_empty() {
                help.push_str("sentences umpire reads, near this one: ");
                help.push_str(
                    &nearest.iter().map(|f| format!("\"{f}\"")).collect::<Vec<_>>().join(", "),
                );
                help.push_str("; or write it in the formal language, like `count red >= 1`");
            }
            Err(LawError {
                message,
                span: at.into(),
                help: (!help.is_empty()).then_some(help),
                readings: vec![],
            })
        }
    }
}

/// A set of dice: every condition must hold of a die (`odd blue` = odd and blue).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dice(pub Vec<Property>);

/// Something a single die may be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Property {
    Colour(String),
    Face(u8),
    Odd,
    Even,
    Visible,
    Hidden,
    Stacked,
    OnTable,
    /// Touches at least one die of the set.
    Touching(Dice),
    /// Touches no die.
    Alone,
    /// Shows a face that `n` divides (a value property: a covered die has none).
    DivisibleBy(u32),
    /// In the experiment's northernmost row (or southernmost, …) while some die lies
    /// further that way's opposite: the Compass Rose variant, opt-in (ruling I9).
    Toward(Direction),
    /// Touches a die of the same colour, or (both showing a face) of the same face.
    TouchingAlike(Aspect),
    /// Does not have the property ("dice that are not red"; a covered die is "not odd").
    Not(Box<Property>),
    /// Has at least one of the properties ("red or blue dice").
    Either(Vec<Property>),
}

/// A number an experiment has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Number {
    Literal(i64),
    Count(Dice),
    /// Of the visible faces of the set (0 for none).
    Sum(Dice),
    /// Of the visible faces of the set (1 for none, the empty product).
    Product(Dice),
    Groups,
    LargestGroup,
    /// How many different colours (or visible faces) the set's dice have.
    Kinds(Dice, Aspect),
    /// The most dice of the set that share one colour (or one visible face); 0 for none.
    MostAlike(Dice, Aspect),
    /// The highest visible face of the set; 0 when none shows a face.
    Highest(Dice),
    /// The lowest visible face of the set; 0 when none shows a face.
    Lowest(Dice),
    Add(Box<Number>, Box<Number>),
    Sub(Box<Number>, Box<Number>),
    Mul(Box<Number>, Box<Number>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compare {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Even,
    Odd,
    Prime,
    /// A multiple of the number (at least 1); 0 is a multiple of every number.
    DivisibleBy(i64),
}

impl Kind {
    /// Whether the number `v` is of this kind.
    pub fn holds(self, v: i64) -> bool {
        match self {
            Kind::Even => v % 2 == 0,
            Kind::Odd => v % 2 != 0,
            Kind::Prime => is_prime(v),
            Kind::DivisibleBy(k) => v.rem_euclid(k) == 0,
        }
    }
}

/// What a scoped Law ranges over (ruling I16): each part is judged as an experiment of its
/// own, made of just those dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// The groups: dice that touch, directly or through others (whole stacks).
    Group,
    /// The lines (ruling I3), each with the whole stacks on its cells.
    Line,
}

/// The parts a scoped Law ranges over (ruling I16), as sorted die indices: the groups, or
/// the lines with the whole stacks on their cells. Dice are kept in order by cell, so a
/// part's `k`-th die is the `k`-th index listed.
pub fn scope_members(x: &Experiment, scope: Scope) -> Vec<Vec<usize>> {
    match scope {
        Scope::Group => x.groups(),
        Scope::Line => x
            .lines()
            .into_iter()
            .map(|line| {
                let cells: Vec<(i32, i32)> =
                    line.iter().map(|&i| (x.dice[i].row, x.dice[i].col)).collect();
                (0..x.len()).filter(|&i| cells.contains(&(x.dice[i].row, x.dice[i].col))).collect()
            })
            .collect(),
    }
}

/// How many of the parts must follow the inner Law.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Among {
    /// Every part (vacuously true when there is none).
    Every,
    /// At least one part.
    Some,
    /// No part.
    No,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aspect {
    Colour,
    Face,
}

/// A Law.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Law {
    Compare(Number, Compare, Number),
    Is(Number, Kind),
    /// Every die of the set has the property (vacuous when the set is empty).
    All(Dice, Property),
    /// No die of the set has the property.
    No(Dice, Property),
    /// Some die of the set has the property.
    Some(Dice, Property),
    /// More than half the dice of the set have the property.
    Most(Dice, Property),
    /// The set's dice form one group by touching each other (vacuous for fewer than two).
    TouchEachOther(Dice),
    /// All dice of the set share the aspect (for faces: the visible ones).
    Same(Dice, Aspect),
    /// No two dice of the set share the aspect.
    Different(Dice, Aspect),
    /// Some line has a run of `n` visible faces each one more than the last (read either way).
    Ascending(u32),
    /// Some line has `n` dice in a row with the same visible face.
    Repeated(u32),
    /// Some line is at least `n` occupied cells long, whatever the dice show.
    Line(u32),
    /// Every / some / no group (or line), taken as an experiment of its own, follows the Law.
    Scoped(Scope, Among, Box<Law>),
    Not(Box<Law>),
    And(Box<Law>, Box<Law>),
    Or(Box<Law>, Box<Law>),
}

impl Law {
    /// The Law with double negations dropped and the parts of `and` and `or` in one order:
    /// two Laws with the same normal form agree on every experiment.
    pub fn normal(&self) -> Law {
        match self {
            Law::Not(a) => match a.normal() {
                Law::Not(inner) => *inner,
                other => Law::Not(Box::new(other)),
            },
            Law::And(a, b) | Law::Or(a, b) => {
                let (mut x, mut y) = (a.normal(), b.normal());
                if x.formal() > y.formal() {
                    std::mem::swap(&mut x, &mut y);
                }
                let (x, y) = (Box::new(x), Box::new(y));
                if matches!(self, Law::And(..)) {
                    Law::And(x, y)
                } else {
                    Law::Or(x, y)
                }
            }
            Law::Scoped(scope, among, inner) => {
                Law::Scoped(*scope, *among, Box::new(inner.normal()))
            }
            other => other.clone(),
        }
    }

    /// Whether the two Laws are the same up to [`Law::normal`]: then no experiment tells them
    /// apart, and no search is needed to say so.
    pub fn same_as(&self, other: &Law) -> bool {
        self == other || self.normal() == other.normal()
    }
}

/// What of an experiment's arrangement a Law looks at, beyond colours and visible faces
/// (which faces are visible always matters). Searches use it to skip arrangements that
/// look the same to the Laws at hand.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Sees {
    pub touching: bool,
    pub lines: bool,
    pub stacking: bool,
    pub compass: bool,
}

impl Sees {
    pub fn everything() -> Sees {
        Sees { touching: true, lines: true, stacking: true, compass: true }
    }

    pub fn union(self, o: Sees) -> Sees {
        Sees {
            touching: self.touching || o.touching,
            lines: self.lines || o.lines,
            stacking: self.stacking || o.stacking,
            compass: self.compass || o.compass,
        }
    }

    fn dice(&mut self, d: &Dice) {
        for p in &d.0 {
            self.property(p);
        }
    }

    fn property(&mut self, p: &Property) {
        match p {
            Property::Stacked | Property::OnTable => self.stacking = true,
            Property::Touching(d) => {
                self.touching = true;
                self.dice(d);
            }
            Property::Alone | Property::TouchingAlike(_) => self.touching = true,
            Property::Toward(_) => self.compass = true,
            Property::Not(p) => self.property(p),
            Property::Either(ps) => ps.iter().for_each(|p| self.property(p)),
            Property::Colour(_)
            | Property::Face(_)
            | Property::Odd
            | Property::Even
            | Property::DivisibleBy(_)
            | Property::Visible
            | Property::Hidden => {}
        }
    }

    fn number(&mut self, n: &Number) {
        match n {
            Number::Literal(_) => {}
            Number::Count(d)
            | Number::Sum(d)
            | Number::Product(d)
            | Number::Kinds(d, _)
            | Number::MostAlike(d, _)
            | Number::Highest(d)
            | Number::Lowest(d) => self.dice(d),
            Number::Groups | Number::LargestGroup => self.touching = true,
            Number::Add(a, b) | Number::Sub(a, b) | Number::Mul(a, b) => {
                self.number(a);
                self.number(b);
            }
        }
    }

    fn law(&mut self, l: &Law) {
        match l {
            Law::Compare(a, _, b) => {
                self.number(a);
                self.number(b);
            }
            Law::Is(n, _) => self.number(n),
            Law::All(d, p) | Law::No(d, p) | Law::Some(d, p) | Law::Most(d, p) => {
                self.dice(d);
                self.property(p);
            }
            Law::TouchEachOther(d) => {
                self.touching = true;
                self.dice(d);
            }
            Law::Same(d, _) | Law::Different(d, _) => self.dice(d),
            Law::Ascending(_) | Law::Repeated(_) | Law::Line(_) => self.lines = true,
            Law::Scoped(scope, _, inner) => {
                // The parts are cut from the arrangement: whatever tells them apart must be seen.
                match scope {
                    Scope::Group => self.touching = true,
                    Scope::Line => {
                        self.lines = true;
                        self.stacking = true;
                    }
                }
                self.law(inner);
            }
            Law::Not(a) => self.law(a),
            Law::And(a, b) | Law::Or(a, b) => {
                self.law(a);
                self.law(b);
            }
        }
    }
}
