//! The Law language: what a Law (or a Theory) says, a parser, an English printer, and the
//! evaluator with the rules' conventions.
//!
//! Syntax (`grammar/infer-law.ebnf`), for example `count orange >= 1`, `sum dice = 10`,
//! `count odd > count even`, `all blue are 5`, `odd blue touch each other`,
//! `some red are 2`, `not (count dice = 3)`.
//!
//! Conventions (RULINGS I5–I7): the null experiment is judged like any other; a Law holds
//! only if every part of it holds (false beats true: one blue 3 breaks "all blue are 5");
//! a restriction on dice that are absent holds (vacuous truth); a die under another has no
//! value, so value properties (a face, odd, even) never hold of it and restrictions on values
//! pass over it.

use super::experiment::{colour_name, Experiment};
use std::fmt::Write as _;

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
    /// In the experiment's northernmost row (or southernmost, …) while some die lies
    /// further that way's opposite: the Compass Rose variant, opt-in (ruling I9).
    Toward(Direction),
}

/// A cardinal direction, relative to the rest of the experiment (row 0 is north).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    North,
    South,
    East,
    West,
}

impl Direction {
    pub const ALL: [Direction; 4] = [Direction::North, Direction::South, Direction::East, Direction::West];

    pub fn name(self) -> &'static str {
        match self {
            Direction::North => "north",
            Direction::South => "south",
            Direction::East => "east",
            Direction::West => "west",
        }
    }
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
    Not(Box<Law>),
    And(Box<Law>, Box<Law>),
    Or(Box<Law>, Box<Law>),
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
        Sees { touching: self.touching || o.touching, lines: self.lines || o.lines, stacking: self.stacking || o.stacking, compass: self.compass || o.compass }
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
            Property::Alone => self.touching = true,
            Property::Toward(_) => self.compass = true,
            Property::Colour(_) | Property::Face(_) | Property::Odd | Property::Even | Property::Visible | Property::Hidden => {}
        }
    }

    fn number(&mut self, n: &Number) {
        match n {
            Number::Literal(_) => {}
            Number::Count(d) | Number::Sum(d) | Number::Product(d) => self.dice(d),
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
            Law::Ascending(_) | Law::Repeated(_) => self.lines = true,
            Law::Not(a) => self.law(a),
            Law::And(a, b) | Law::Or(a, b) => {
                self.law(a);
                self.law(b);
            }
        }
    }
}

/// A judgement: whether the experiment follows the Law, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgement {
    pub follows: bool,
    pub reason: String,
}

impl Dice {
    pub fn all() -> Dice {
        Dice(Vec::new())
    }

    /// The indices of the experiment's dice in the set.
    pub fn members(&self, x: &Experiment) -> Vec<usize> {
        (0..x.len()).filter(|&i| self.0.iter().all(|p| p.holds(x, i))).collect()
    }
}

impl Property {
    pub fn holds(&self, x: &Experiment, i: usize) -> bool {
        let face = x.face(i);
        match self {
            Property::Colour(c) => &x.dice[i].colour == c,
            Property::Face(f) => face == Some(*f),
            Property::Odd => face.is_some_and(|f| f % 2 == 1),
            Property::Even => face.is_some_and(|f| f % 2 == 0),
            Property::Visible => face.is_some(),
            Property::Hidden => face.is_none(),
            Property::Stacked => x.stacked(i),
            Property::OnTable => x.dice[i].level == 0,
            Property::Touching(set) => set.members(x).iter().any(|&j| j != i && x.touch(i, j)),
            Property::Alone => (0..x.len()).all(|j| j == i || !x.touch(i, j)),
            Property::Toward(d) => x.toward(i, *d),
        }
    }

    fn about_values(&self) -> bool {
        matches!(self, Property::Face(_) | Property::Odd | Property::Even)
    }
}

impl Number {
    pub fn value(&self, x: &Experiment) -> i64 {
        let faces = |d: &Dice| -> Vec<i64> { d.members(x).into_iter().filter_map(|i| x.face(i)).map(i64::from).collect() };
        match self {
            Number::Literal(n) => *n,
            Number::Count(d) => d.members(x).len() as i64,
            Number::Sum(d) => faces(d).iter().sum(),
            Number::Product(d) => faces(d).iter().product(),
            Number::Groups => x.groups().len() as i64,
            Number::LargestGroup => x.groups().first().map_or(0, |g| g.len() as i64),
            Number::Add(a, b) => a.value(x).saturating_add(b.value(x)),
            Number::Sub(a, b) => a.value(x).saturating_sub(b.value(x)),
            Number::Mul(a, b) => a.value(x).saturating_mul(b.value(x)),
        }
    }
}

pub(crate) fn is_prime(n: i64) -> bool {
    n >= 2 && (2..).take_while(|d| d * d <= n).all(|d| n % d != 0)
}

impl Law {
    /// What of the arrangement this Law looks at.
    pub fn sees(&self) -> Sees {
        let mut s = Sees::default();
        s.law(self);
        s
    }

    /// Judges an experiment, with the reason a player can check.
    pub fn judge(&self, x: &Experiment) -> Judgement {
        let (follows, reason) = self.eval(x);
        Judgement { follows, reason }
    }

    fn eval(&self, x: &Experiment) -> (bool, String) {
        let names = |ids: &[usize]| ids.iter().map(|&i| die_name(x, i)).collect::<Vec<_>>().join(", ");
        match self {
            Law::Compare(a, op, b) => {
                let (l, r) = (a.value(x), b.value(x));
                let ok = match op {
                    Compare::Eq => l == r,
                    Compare::Ne => l != r,
                    Compare::Lt => l < r,
                    Compare::Le => l <= r,
                    Compare::Gt => l > r,
                    Compare::Ge => l >= r,
                };
                let side = |n: &Number, v: i64| match n {
                    Number::Literal(_) => None,
                    _ => Some(format!("{} is {v}", english_number(n))),
                };
                let said: Vec<String> = [side(a, l), side(b, r)].into_iter().flatten().collect();
                (ok, if said.is_empty() { format!("{l} against {r}") } else { said.join(" and ") })
            }
            Law::Is(n, kind) => {
                let v = n.value(x);
                let ok = match kind {
                    Kind::Even => v % 2 == 0,
                    Kind::Odd => v % 2 != 0,
                    Kind::Prime => is_prime(v),
                };
                (ok, format!("{} is {v}", english_number(n)))
            }
            Law::All(d, p) | Law::No(d, p) | Law::Some(d, p) | Law::Most(d, p) => {
                let mut members = d.members(x);
                // Restrictions on values pass over dice that show none (ruling I7).
                if p.about_values() && matches!(self, Law::All(..)) {
                    members.retain(|&i| x.face(i).is_some());
                }
                let (with, without): (Vec<usize>, Vec<usize>) = members.iter().partition(|&&i| p.holds(x, i));
                match self {
                    Law::All(..) if members.is_empty() => (true, format!("there are no {} (vacuously true)", english_dice(d))),
                    Law::All(..) => (without.is_empty(), if without.is_empty() { format!("every one is: {}", names(&with)) } else { format!("not so: {}", names(&without)) }),
                    Law::No(..) => (with.is_empty(), if with.is_empty() { format!("none is (of {})", members.len()) } else { format!("but: {}", names(&with)) }),
                    Law::Some(..) => (!with.is_empty(), if with.is_empty() { format!("none is (of {})", members.len()) } else { format!("this one is: {}", names(&with[..1])) }),
                    _ => (2 * with.len() > members.len(), format!("{} of {} are", with.len(), members.len())),
                }
            }
            Law::TouchEachOther(d) => {
                let members = d.members(x);
                let groups = x.groups_among(&members);
                if groups.len() <= 1 {
                    (true, if members.len() < 2 { format!("fewer than two {} (vacuously true)", english_dice(d)) } else { format!("they form one group: {}", names(&members)) })
                } else {
                    (false, format!("they form {} separate groups: {}", groups.len(), groups.iter().map(|g| format!("[{}]", names(g))).collect::<Vec<_>>().join(" ")))
                }
            }
            Law::Same(d, aspect) | Law::Different(d, aspect) => {
                let members = d.members(x);
                let keys: Vec<(usize, String)> = members
                    .iter()
                    .filter_map(|&i| match aspect {
                        Aspect::Colour => Some((i, x.dice[i].colour.clone())),
                        Aspect::Face => x.face(i).map(|f| (i, f.to_string())),
                    })
                    .collect();
                let mut distinct: Vec<&String> = keys.iter().map(|k| &k.1).collect();
                distinct.sort();
                distinct.dedup();
                let ok = match self {
                    Law::Same(..) => distinct.len() <= 1,
                    _ => distinct.len() == keys.len(),
                };
                (ok, format!("{} {} among {} dice", distinct.len(), if *aspect == Aspect::Colour { "colours" } else { "faces" }, keys.len()))
            }
            Law::Ascending(n) | Law::Repeated(n) => {
                let ascending = matches!(self, Law::Ascending(_));
                for line in x.lines() {
                    let faces: Vec<Option<u8>> = line.iter().map(|&i| x.face(i)).collect();
                    for forward in [true, false] {
                        let seq: Vec<Option<u8>> = if forward { faces.clone() } else { faces.iter().rev().copied().collect() };
                        let mut run = 1;
                        for w in seq.windows(2) {
                            let next = match (w[0], w[1]) {
                                (Some(a), Some(b)) if ascending => b == a + 1,
                                (Some(a), Some(b)) => a == b,
                                _ => false,
                            };
                            run = if next { run + 1 } else { 1 };
                            if run >= *n as usize {
                                return (true, format!("the line {}", names(&line)));
                            }
                        }
                    }
                }
                (*n <= 1 && !x.is_empty(), format!("no line has {n} such dice"))
            }
            Law::Not(l) => {
                let (v, why) = l.eval(x);
                (!v, why)
            }
            Law::And(a, b) => {
                let ((va, wa), (vb, wb)) = (a.eval(x), b.eval(x));
                // False beats true: the first part that fails is the reason.
                match (va, vb) {
                    (true, true) => (true, format!("{wa}; {wb}")),
                    (false, _) => (false, wa),
                    (true, false) => (false, wb),
                }
            }
            Law::Or(a, b) => {
                let ((va, wa), (vb, wb)) = (a.eval(x), b.eval(x));
                match (va, vb) {
                    (true, _) => (true, wa),
                    (false, true) => (true, wb),
                    _ => (false, format!("{wa}; {wb}")),
                }
            }
        }
    }

    /// The Law in plain English, as the Universe repeats a Theory back.
    pub fn english(&self) -> String {
        let dice = english_dice;
        match self {
            Law::Compare(a, op, b) => {
                let op = match op {
                    Compare::Eq => "must be exactly",
                    Compare::Ne => "must not be",
                    Compare::Lt => "must be less than",
                    Compare::Le => "must be at most",
                    Compare::Gt => "must be more than",
                    Compare::Ge => "must be at least",
                };
                format!("{} {op} {}", english_number(a), english_number(b))
            }
            Law::Is(n, k) => format!("{} must be {}", english_number(n), match k {
                Kind::Even => "even",
                Kind::Odd => "odd",
                Kind::Prime => "a prime",
            }),
            Law::All(d, p) => format!("all {} must {}", dice(d), english_property(p)),
            Law::No(d, p) => format!("no {} may {}", singular(d), english_property(p)),
            Law::Some(d, p) => format!("at least one {} must {}", singular(d), english_property(p)),
            Law::Most(d, p) => format!("most {} must {}", dice(d), english_property(p)),
            Law::TouchEachOther(d) => format!("the {} must touch each other (form one group)", dice(d)),
            Law::Same(d, a) => format!("the {} must all show the same {}", dice(d), aspect_name(*a)),
            Law::Different(d, a) => format!("the {} must all show different {}s", dice(d), aspect_name(*a)),
            Law::Ascending(n) => format!("there must be a line of {n} dice counting up by one (read either way)"),
            Law::Repeated(n) => format!("there must be a line of {n} dice in a row showing the same face"),
            Law::Not(l) => format!("it must not be that {}", l.english()),
            Law::And(a, b) => format!("{}, and {}", a.english(), b.english()),
            Law::Or(a, b) => format!("{}, or {}", a.english(), b.english()),
        }
    }
}

fn aspect_name(a: Aspect) -> &'static str {
    match a {
        Aspect::Colour => "colour",
        Aspect::Face => "face",
    }
}

fn die_name(x: &Experiment, i: usize) -> String {
    match x.face(i) {
        Some(f) => format!("{} {f}", x.dice[i].colour),
        None => format!("{} (hidden)", x.dice[i].colour),
    }
}

/// "odd blue dice", "dice", "5s".
pub fn english_dice(d: &Dice) -> String {
    let mut words = Vec::new();
    let mut tail = Vec::new();
    for p in &d.0 {
        match p {
            Property::Colour(c) => words.push(c.clone()),
            Property::Odd => words.insert(0, "odd".into()),
            Property::Even => words.insert(0, "even".into()),
            Property::Visible => words.insert(0, "visible".into()),
            Property::Hidden => words.insert(0, "covered".into()),
            Property::Stacked => words.insert(0, "stacked".into()),
            Property::OnTable => tail.push("on the table".to_string()),
            Property::Face(f) => tail.push(format!("showing {f}")),
            Property::Touching(s) => tail.push(format!("touching {}", english_dice(s))),
            Property::Alone => tail.push("touching nothing".into()),
            Property::Toward(d) => tail.push(format!("in the {}", d.name())),
        }
    }
    let mut s = if words.is_empty() { "dice".to_string() } else { format!("{} dice", words.join(" ")) };
    for t in tail {
        let _ = write!(s, " {t}");
    }
    s
}

fn singular(d: &Dice) -> String {
    english_dice(d).replacen("dice", "die", 1)
}

fn english_property(p: &Property) -> String {
    match p {
        Property::Colour(c) => format!("be {c}"),
        Property::Face(f) => format!("show {f}"),
        Property::Odd => "be odd".into(),
        Property::Even => "be even".into(),
        Property::Visible => "be uncovered".into(),
        Property::Hidden => "be covered".into(),
        Property::Stacked => "be in a stack".into(),
        Property::OnTable => "stand on the table".into(),
        Property::Touching(d) => format!("touch one of the {}", english_dice(d)),
        Property::Alone => "touch no other die".into(),
        Property::Toward(d) => format!("be in the {}", d.name()),
    }
}

pub fn english_number(n: &Number) -> String {
    match n {
        Number::Literal(v) => v.to_string(),
        Number::Count(d) => format!("the number of {}", english_dice(d)),
        Number::Sum(d) => format!("the sum of the {}", english_dice(d)),
        Number::Product(d) => format!("the product of the {}", english_dice(d)),
        Number::Groups => "the number of groups".into(),
        Number::LargestGroup => "the size of the largest group".into(),
        Number::Add(a, b) => format!("({} plus {})", english_number(a), english_number(b)),
        Number::Sub(a, b) => format!("({} minus {})", english_number(a), english_number(b)),
        Number::Mul(a, b) => format!("({} times {})", english_number(a), english_number(b)),
    }
}

/// A Law that cannot be read.
#[derive(Debug, Clone, thiserror::Error, miette::Diagnostic)]
#[error("{message}")]
#[diagnostic(code(umpire::infer::law), help("see grammar/infer-law.ebnf: e.g. `count red >= 1`, `all blue are 5`, `odd blue touch each other`"))]
pub struct LawError {
    pub message: String,
    #[label("here")]
    pub span: miette::SourceSpan,
}

/// Reads a Law (`grammar/infer-law.ebnf`).
pub fn parse(text: &str) -> Result<Law, LawError> {
    let tokens = tokenize(text)?;
    let mut p = Parser { tokens, at: 0, len: text.len(), depth: 0 };
    let law = p.law()?;
    match p.tokens.get(p.at) {
        None => Ok(law),
        Some((t, start)) => Err(LawError { message: format!("`{t}` was not expected here"), span: (*start, t.len()).into() }),
    }
}

fn tokenize(text: &str) -> Result<Vec<(String, usize)>, LawError> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i] as char;
        if c.is_whitespace() {
            i += 1;
        } else if c.is_ascii_alphanumeric() {
            let start = i;
            // Words may contain hyphens (`on-table`), numbers may not (`5-3` is a subtraction).
            while i < bytes.len()
                && ((bytes[i] as char).is_ascii_alphanumeric() || bytes[i] == b'-' && bytes.get(i + 1).is_some_and(u8::is_ascii_alphabetic))
            {
                i += 1;
            }
            out.push((text[start..i].to_lowercase(), start));
        } else if let Some(op) = ["<=", ">=", "!=", "=", "<", ">", "(", ")", "+", "-", "*", "#"].iter().find(|op| text[i..].starts_with(**op)) {
            out.push((op.to_string(), i));
            i += op.len();
        } else {
            let ch = text[i..].chars().next().expect("in bounds");
            return Err(LawError { message: format!("`{ch}` is not part of the Law language"), span: (i, ch.len_utf8()).into() });
        }
    }
    Ok(out)
}

struct Parser {
    tokens: Vec<(String, usize)>,
    at: usize,
    len: usize,
    /// Nesting of `not` and parentheses so far; a Law nested deeper than [`MAX_NESTING`] is
    /// refused rather than overflowing the stack (here, or in the evaluator and printer).
    depth: usize,
}

const MAX_NESTING: usize = 100;

impl Parser {
    fn peek(&self) -> Option<&str> {
        self.tokens.get(self.at).map(|t| t.0.as_str())
    }

    fn eat(&mut self, word: &str) -> bool {
        if self.peek() == Some(word) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    fn fail<T>(&self, what: &str) -> Result<T, LawError> {
        let (found, span) = match self.tokens.get(self.at) {
            Some((t, s)) => (format!("`{t}`"), (*s, t.len())),
            None => ("the end".to_string(), (self.len, 0)),
        };
        Err(LawError { message: format!("expected {what}, found {found}"), span: span.into() })
    }

    fn expect(&mut self, word: &str) -> Result<(), LawError> {
        if self.eat(word) {
            Ok(())
        } else {
            self.fail(&format!("`{word}`"))
        }
    }

    fn law(&mut self) -> Result<Law, LawError> {
        let mut l = self.conjunction()?;
        while self.eat("or") {
            l = Law::Or(Box::new(l), Box::new(self.conjunction()?));
        }
        Ok(l)
    }

    fn conjunction(&mut self) -> Result<Law, LawError> {
        let mut l = self.unary()?;
        while self.eat("and") {
            l = Law::And(Box::new(l), Box::new(self.unary()?));
        }
        Ok(l)
    }

    /// Enters one level of nesting (`not`, a parenthesis), refusing Laws nested too deep.
    fn deeper(&mut self) -> Result<(), LawError> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            let (start, len) = self.tokens.get(self.at).map_or((self.len, 0), |t| (t.1, t.0.len()));
            return Err(LawError { message: format!("the Law is nested more than {MAX_NESTING} deep"), span: (start, len).into() });
        }
        Ok(())
    }

    fn unary(&mut self) -> Result<Law, LawError> {
        self.deeper()?;
        let law = self.unary_inner();
        self.depth -= 1;
        law
    }

    fn unary_inner(&mut self) -> Result<Law, LawError> {
        if self.eat("not") {
            return Ok(Law::Not(Box::new(self.unary()?)));
        }
        // A parenthesised Law, unless the parenthesis opens a number: look for a comparison.
        if self.peek() == Some("(") {
            let save = self.at;
            self.at += 1;
            if let Ok(l) = self.law() {
                if self.eat(")") {
                    return Ok(l);
                }
            }
            self.at = save;
        }
        self.atom()
    }

    fn atom(&mut self) -> Result<Law, LawError> {
        match self.peek() {
            Some("all") | Some("no") | Some("some") | Some("most") => {
                let q = self.peek().expect("peeked").to_string();
                self.at += 1;
                let dice = self.dice_or_all();
                // `all blue are 5`; `are` may be left out (`all blue touching red`).
                let _ = self.eat("are") || self.eat("is");
                let p = self.property()?;
                Ok(match q.as_str() {
                    "all" => Law::All(dice, p),
                    "no" => Law::No(dice, p),
                    "some" => Law::Some(dice, p),
                    _ => Law::Most(dice, p),
                })
            }
            Some("line") => {
                self.at += 1;
                let kind = self.peek().map(str::to_string);
                self.at += 1;
                let n = self.integer()? as u32;
                match kind.as_deref() {
                    Some("ascending") => Ok(Law::Ascending(n)),
                    Some("same") => Ok(Law::Repeated(n)),
                    _ => {
                        self.at -= 2;
                        self.fail("`ascending` or `same` after `line`")
                    }
                }
            }
            _ => {
                // A set of dice followed by a relation, or a number compared.
                let save = self.at;
                let dice = self.dice_from(false);
                if self.at > save || self.peek() == Some("dice") {
                    self.eat("dice");
                    if self.eat("touch") {
                        self.expect("each")?;
                        self.expect("other")?;
                        return Ok(Law::TouchEachOther(dice));
                    }
                    if self.eat("same") || self.eat("different") {
                        let same = self.tokens[self.at - 1].0 == "same";
                        let aspect = match self.peek() {
                            Some("colour" | "color" | "colours" | "colors") => Aspect::Colour,
                            Some("face" | "faces" | "value" | "values") => Aspect::Face,
                            _ => return self.fail("`colour` or `face`"),
                        };
                        self.at += 1;
                        return Ok(if same { Law::Same(dice, aspect) } else { Law::Different(dice, aspect) });
                    }
                    self.at = save;
                }
                let a = self.number()?;
                if self.eat("is") {
                    let kind = match self.peek() {
                        Some("even") => Kind::Even,
                        Some("odd") => Kind::Odd,
                        Some("prime") => Kind::Prime,
                        _ => return self.fail("`even`, `odd` or `prime`"),
                    };
                    self.at += 1;
                    return Ok(Law::Is(a, kind));
                }
                let op = match self.peek() {
                    Some("=") => Compare::Eq,
                    Some("!=") => Compare::Ne,
                    Some("<") => Compare::Lt,
                    Some("<=") => Compare::Le,
                    Some(">") => Compare::Gt,
                    Some(">=") => Compare::Ge,
                    _ => return self.fail("a comparison (= != < <= > >=) or `is`"),
                };
                self.at += 1;
                Ok(Law::Compare(a, op, self.number()?))
            }
        }
    }

    fn integer(&mut self) -> Result<i64, LawError> {
        match self.peek().and_then(|t| t.parse::<i64>().ok()) {
            Some(n) if n.abs() <= 1_000_000 => {
                self.at += 1;
                Ok(n)
            }
            _ => self.fail("a number (at most a million)"),
        }
    }

    fn number(&mut self) -> Result<Number, LawError> {
        let mut n = self.product()?;
        loop {
            if self.eat("+") {
                n = Number::Add(Box::new(n), Box::new(self.product()?));
            } else if self.eat("-") {
                n = Number::Sub(Box::new(n), Box::new(self.product()?));
            } else {
                return Ok(n);
            }
        }
    }

    fn product(&mut self) -> Result<Number, LawError> {
        let mut n = self.term()?;
        while self.eat("*") {
            n = Number::Mul(Box::new(n), Box::new(self.term()?));
        }
        Ok(n)
    }

    fn term(&mut self) -> Result<Number, LawError> {
        self.deeper()?;
        let n = self.term_inner();
        self.depth -= 1;
        n
    }

    fn term_inner(&mut self) -> Result<Number, LawError> {
        if self.eat("(") {
            let n = self.number()?;
            self.expect(")")?;
            return Ok(n);
        }
        match self.peek() {
            Some("count" | "#") => {
                self.at += 1;
                Ok(Number::Count(self.dice_or_all()))
            }
            Some("sum") => {
                self.at += 1;
                Ok(Number::Sum(self.dice_or_all()))
            }
            Some("product") => {
                self.at += 1;
                Ok(Number::Product(self.dice_or_all()))
            }
            Some("groups") => {
                self.at += 1;
                Ok(Number::Groups)
            }
            Some("largest-group") => {
                self.at += 1;
                Ok(Number::LargestGroup)
            }
            _ => Ok(Number::Literal(self.integer()?)),
        }
    }

    fn dice_or_all(&mut self) -> Dice {
        let d = self.dice();
        self.eat("dice");
        d
    }

    /// A run of one-die conditions: colours, `odd`, `even`, a face (`5s`, or `5` where it
    /// cannot be a number), `visible`, `hidden`, `stacked`, `on-table`; `dice` may end it.
    fn dice(&mut self) -> Dice {
        self.dice_from(true)
    }

    /// At the start of a comparison a bare `5` is a number (`5 = count red`), not a face.
    fn dice_from(&mut self, bare_face: bool) -> Dice {
        let mut props = Vec::new();
        while let Some(t) = self.peek() {
            let p = match t {
                "odd" => Property::Odd,
                "even" => Property::Even,
                "visible" => Property::Visible,
                "hidden" => Property::Hidden,
                "stacked" => Property::Stacked,
                "on-table" => Property::OnTable,
                "north" => Property::Toward(Direction::North),
                "south" => Property::Toward(Direction::South),
                "east" => Property::Toward(Direction::East),
                "west" => Property::Toward(Direction::West),
                t => match (colour_word(t), face_word(t)) {
                    (Some(c), _) => Property::Colour(c.to_string()),
                    (None, Some(f)) if t.ends_with('s') || bare_face || !props.is_empty() => Property::Face(f),
                    _ => break,
                },
            };
            self.at += 1;
            props.push(p);
        }
        Dice(props)
    }

    fn property(&mut self) -> Result<Property, LawError> {
        match self.peek() {
            Some("touching") => {
                self.at += 1;
                let d = self.dice();
                self.eat("dice");
                Ok(Property::Touching(d))
            }
            Some("alone") => {
                self.at += 1;
                Ok(Property::Alone)
            }
            _ => {
                let d = self.dice();
                match d.0.as_slice() {
                    [one] => Ok(one.clone()),
                    _ => self.fail("one property (a colour, odd, even, a face, stacked, on-table, visible, hidden, touching …, alone)"),
                }
            }
        }
    }
}

/// A colour as a word of a Law: its full name, singular or plural (`blue`, `blues`).
fn colour_word(t: &str) -> Option<&'static str> {
    let full = |w: &str| colour_name(w).filter(|c| *c == w);
    full(t).or_else(|| t.strip_suffix('s').and_then(full))
}

/// A face as a condition: `5`, `5s`.
fn face_word(t: &str) -> Option<u8> {
    let t = t.strip_suffix('s').unwrap_or(t);
    t.parse::<u8>().ok().filter(|f| (1..=6).contains(f))
}
