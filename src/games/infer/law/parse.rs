//! The Law parser (`grammar/infer-law.ebnf`): tokens with their offsets, then recursive
//! descent with a depth limit; every error points at the token it is about.

use super::{Among, Aspect, Compare, Dice, Direction, Kind, Law, Number, Property, Scope};
use crate::games::infer::experiment::colour_name;
use crate::util::text::{shorten, shorten_message};

/// A Law that cannot be read, or that reads more than one way.
#[derive(Debug, Clone, thiserror::Error, miette::Diagnostic)]
#[error("{message}")]
#[diagnostic(code(umpire::infer::law))]
pub struct LawError {
    pub message: String,
    #[label("here")]
    pub span: miette::SourceSpan,
    /// What to try instead: the nearest forms umpire knows, or the readings to choose from.
    #[help]
    pub help: Option<String>,
    /// When the text reads more than one way, every reading (the reader never picks one).
    pub readings: Vec<Law>,
}

impl crate::util::failure::Classify for LawError {}

/// The help of an error in the formal language.
pub(super) const FORMAL_HELP: &str = "formal Laws look like `count red >= 1`, `all blue are 5`, `odd blue touch each other`; plain English like `There must be at least one red die.` (`umpire infer judge --help` has the forms)";

impl LawError {
    /// An error of the formal language at `span`.
    pub fn formal(message: impl Into<String>, span: impl Into<miette::SourceSpan>) -> LawError {
        LawError {
            message: message.into(),
            span: span.into(),
            help: Some(FORMAL_HELP.into()),
            readings: vec![],
        }
    }
}

/// Reads a Law in the formal language (`grammar/infer-law.ebnf`).
pub fn parse_formal(text: &str) -> Result<Law, LawError> {
    let tokens = tokenize(text)?;
    let mut p = Parser { tokens, at: 0, len: text.len(), depth: 0 };
    let law = p.law()?;
    match p.tokens.get(p.at) {
        None => Ok(law),
        Some((t, start)) => Err(LawError::formal(
            format!("`{}` was not expected here", shorten(t)),
            (*start, t.len()),
        )),
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
                && ((bytes[i] as char).is_ascii_alphanumeric()
                    || bytes[i] == b'-' && bytes.get(i + 1).is_some_and(u8::is_ascii_alphabetic))
            {
                i += 1;
            }
            out.push((text[start..i].to_lowercase(), start));
        } else if let Some(op) = ["<=", ">=", "!=", "=", "<", ">", "(", ")", "+", "-", "*", "#"]
            .iter()
            .find(|op| text[i..].starts_with(**op))
        {
            out.push((op.to_string(), i));
            i += op.len();
        } else {
            let ch = text[i..].chars().next().expect("in bounds");
            return Err(LawError::formal(
                format!("`{ch}` is not part of the Law language"),
                (i, ch.len_utf8()),
            ));
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
        Err(LawError::formal(shorten_message(&format!("expected {what}, found {found}")), span))
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
            return Err(LawError::formal(
                format!("the Law is nested more than {MAX_NESTING} deep"),
                (start, len),
            ));
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
        let next = self.tokens.get(self.at + 1).map(|t| t.0.as_str());
        let scope_word = matches!(next, Some("group" | "groups" | "line" | "lines"));
        match self.peek() {
            Some("every" | "each") => self.scoped(),
            Some("all" | "no" | "some") if scope_word => self.scoped(),
            Some("all") | Some("no") | Some("some") | Some("most") => {
                let q = self.peek().expect("peeked").to_string();
                self.at += 1;
                let dice = self.dice_or_all()?;
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
            Some("line") if next.is_some_and(|t| t.parse::<i64>().is_ok() || t == "-") => {
                if next == Some("-") {
                    self.at += 1;
                    return self.fail(
                        "a length of 2 or more (a line is two or more dice in a row or a column)",
                    );
                }
                self.at += 1;
                let at = self.at;
                let n = self.integer()?;
                if n < 2 {
                    self.at = at;
                    return self.fail(
                        "a length of 2 or more (a line is two or more dice in a row or a column)",
                    );
                }
                Ok(Law::Line(n.min(i64::from(u32::MAX)) as u32))
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
                let dice = self.dice_from(false)?;
                if self.at > save || self.peek() == Some("dice") {
                    self.eat("dice");
                    if self.eat("touch") {
                        self.expect("each")?;
                        self.expect("other")?;
                        return Ok(Law::TouchEachOther(dice));
                    }
                    if self.eat("same") || self.eat("different") {
                        let same = self.tokens[self.at - 1].0 == "same";
                        let aspect = self.aspect()?;
                        return Ok(if same {
                            Law::Same(dice, aspect)
                        } else {
                            Law::Different(dice, aspect)
                        });
                    }
                    self.at = save;
                }
                let a = self.number()?;
                if self.eat("is") {
                    let kind = match self.peek() {
                        Some("even") => Kind::Even,
                        Some("odd") => Kind::Odd,
                        Some("prime") => Kind::Prime,
                        Some("divisible") => {
                            self.at += 1;
                            return Ok(Law::Is(a, Kind::DivisibleBy(i64::from(self.divisor()?))));
                        }
                        _ => return self.fail("`even`, `odd`, `prime` or `divisible by …`"),
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

    /// `every group (…)`, `some line (…)`, `no group has (…)`: the inner Law judged on each
    /// part as an experiment of its own (ruling I16).
    fn scoped(&mut self) -> Result<Law, LawError> {
        let among = match self.peek() {
            Some("every" | "each" | "all") => Among::Every,
            Some("some") => Among::Some,
            _ => Among::No,
        };
        self.at += 1;
        let scope_at = self.at;
        let scope = match self.peek() {
            Some("group" | "groups") => Scope::Group,
            Some("line" | "lines") => Scope::Line,
            _ => return self.fail("`group` or `line`"),
        };
        self.at += 1;
        let _ = self.eat("has") || self.eat("have") || self.eat("is") || self.eat("are");
        if self.peek() != Some("(") {
            return self.fail("a Law in parentheses, like `every group (count red >= 1)`");
        }
        self.at += 1;
        if self.peek() == Some(")") {
            return self.fail("a Law inside the parentheses, like `every group (count red >= 1)`");
        }
        self.deeper()?;
        let inner = self.law();
        self.depth -= 1;
        let inner = inner?;
        self.expect(")")?;
        if inner.sees().compass {
            let (start, len) = (self.tokens[scope_at].1, self.tokens[scope_at].0.len());
            return Err(LawError::formal(
                "a direction inside a group or a line is not supported: north and south are read across the whole experiment",
                (start, len),
            ));
        }
        Ok(Law::Scoped(scope, among, Box::new(inner)))
    }

    /// `colour` or `face` (and their plurals and synonyms).
    fn aspect(&mut self) -> Result<Aspect, LawError> {
        let aspect = match self.peek() {
            Some("colour" | "color" | "colours" | "colors") => Aspect::Colour,
            Some("face" | "faces" | "value" | "values") => Aspect::Face,
            _ => return self.fail("`colour` or `face`"),
        };
        self.at += 1;
        Ok(aspect)
    }

    /// The `by n` of `divisible by n`, from 1 to a million.
    fn divisor(&mut self) -> Result<u32, LawError> {
        self.expect("by")?;
        let at = self.at;
        let n = self.integer()?;
        if n < 1 {
            self.at = at;
            return self.fail(
                "a number from 1 up (every number divides 0, and nothing is divisible by 0)",
            );
        }
        Ok(n as u32)
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
                Ok(Number::Count(self.dice_or_all()?))
            }
            Some("sum") => {
                self.at += 1;
                Ok(Number::Sum(self.dice_or_all()?))
            }
            Some("product") => {
                self.at += 1;
                Ok(Number::Product(self.dice_or_all()?))
            }
            Some("groups") => {
                self.at += 1;
                Ok(Number::Groups)
            }
            Some("largest-group") => {
                self.at += 1;
                Ok(Number::LargestGroup)
            }
            Some("distinct") => {
                self.at += 1;
                let aspect = self.aspect()?;
                Ok(Number::Kinds(self.dice_or_all()?, aspect))
            }
            Some("highest") => {
                self.at += 1;
                Ok(Number::Highest(self.dice_or_all()?))
            }
            Some("lowest") => {
                self.at += 1;
                Ok(Number::Lowest(self.dice_or_all()?))
            }
            Some("most-alike") => {
                self.at += 1;
                let aspect = self.aspect()?;
                Ok(Number::MostAlike(self.dice_or_all()?, aspect))
            }
            _ => Ok(Number::Literal(self.integer()?)),
        }
    }

    fn dice_or_all(&mut self) -> Result<Dice, LawError> {
        let d = self.dice()?;
        self.eat("dice");
        Ok(d)
    }

    /// A run of one-die conditions: colours, `odd`, `even`, a face (`5s`, or `5` where it
    /// cannot be a number), `visible`, `hidden`, `stacked`, `on-table`; `dice` may end it.
    fn dice(&mut self) -> Result<Dice, LawError> {
        self.dice_from(true)
    }

    /// At the start of a comparison a bare `5` is a number (`5 = count red`), not a face.
    fn dice_from(&mut self, bare_face: bool) -> Result<Dice, LawError> {
        let mut props = Vec::new();
        while let Some(t) = self.peek() {
            // Touching and alone as conditions, in brackets: `count red (touching blue) = 2`.
            if t == "(" {
                let after = self.tokens.get(self.at + 1).map(|t| t.0.as_str());
                match after {
                    Some("touching")
                        if self.tokens.get(self.at + 2).map(|t| t.0.as_str()) != Some("same") =>
                    {
                        self.at += 2;
                        self.deeper()?;
                        let d = self.dice();
                        self.depth -= 1;
                        let d = d?;
                        self.eat("dice");
                        self.expect(")")?;
                        props.push(Property::Touching(d));
                        continue;
                    }
                    Some("alone") => {
                        self.at += 2;
                        self.expect(")")?;
                        props.push(Property::Alone);
                        continue;
                    }
                    // `(not red)`, `(red or blue)`: a condition of its own.
                    Some(_) => {
                        let save = self.at;
                        self.at += 1;
                        match self.bracketed_condition() {
                            Some(p) => {
                                props.push(p);
                                continue;
                            }
                            None => {
                                self.at = save;
                                break;
                            }
                        }
                    }
                    None => break,
                }
            }
            let p = match t {
                "divisible" => {
                    self.at += 1;
                    props.push(Property::DivisibleBy(self.divisor()?));
                    continue;
                }
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
                    (None, Some(f)) if t.ends_with('s') || bare_face || !props.is_empty() => {
                        Property::Face(f)
                    }
                    _ => break,
                },
            };
            self.at += 1;
            props.push(p);
        }
        Ok(Dice(props))
    }

    /// After a `(`: `not P)`, `P or Q …)`, `touching same colour)`; `None` (the caller
    /// goes back) when the bracket holds something else, like a number.
    fn bracketed_condition(&mut self) -> Option<Property> {
        self.deeper().ok()?;
        let p = self.bracketed_inner();
        self.depth -= 1;
        p
    }

    fn bracketed_inner(&mut self) -> Option<Property> {
        if self.eat("not") {
            let p = self.property().ok()?;
            return self.eat(")").then(|| Property::Not(Box::new(p)));
        }
        let first = self.property().ok()?;
        let mut all = vec![first];
        while self.eat("or") {
            all.push(self.property().ok()?);
        }
        match (self.eat(")"), all.len()) {
            (true, 1) if matches!(all[0], Property::TouchingAlike(_)) => all.pop(),
            (true, n) if n >= 2 => Some(Property::Either(all)),
            _ => None,
        }
    }

    fn property(&mut self) -> Result<Property, LawError> {
        match self.peek() {
            Some("touching")
                if self.tokens.get(self.at + 1).map(|t| t.0.as_str()) == Some("same") =>
            {
                self.at += 2;
                Ok(Property::TouchingAlike(self.aspect()?))
            }
            Some("(") => {
                let save = self.at;
                self.at += 1;
                match self.bracketed_condition() {
                    Some(p) => Ok(p),
                    None => {
                        self.at = save;
                        self.fail("a condition in brackets: `(not red)`, `(red or blue)`, `(touching same colour)`")
                    }
                }
            }
            Some("touching") => {
                self.at += 1;
                let d = self.dice()?;
                self.eat("dice");
                Ok(Property::Touching(d))
            }
            Some("alone") => {
                self.at += 1;
                Ok(Property::Alone)
            }
            _ => {
                let d = self.dice()?;
                match d.0.as_slice() {
                    [one] => Ok(one.clone()),
                    _ => self.fail("one property (a colour, odd, even, a face, divisible by …, stacked, on-table, visible, hidden, touching …, alone)"),
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
