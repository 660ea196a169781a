//! The English printer: a Law read back in plain words, as the Universe repeats a Theory
//! before a Publication token is spent.

use super::{Among, Aspect, Compare, Dice, Kind, Law, Number, Property, Scope};
use std::fmt::Write as _;

impl Law {
    /// The Law's negation said as a player would say it ("there must not be a line of 3
    /// dice …"), where one short sentence says it exactly; `None` for the others, which
    /// are read as "it must not be that …".
    fn negated_english(&self) -> Option<String> {
        let line = |rest: String| format!("there must not be a line of {rest}");
        Some(match self {
            Law::Ascending(n) => line(format!("{n} dice counting up by one (read either way)")),
            Law::Repeated(n) => line(format!("{n} dice in a row showing the same face")),
            Law::Line(n) => line(format!(
                "at least {n} occupied cells in a row or a column, whatever the dice show"
            )),
            Law::Is(n, k) => format!("{} must not be {}", english_number(n), kind_words(*k)),
            Law::TouchEachOther(d) => {
                format!("the {} must not all touch each other (form one group)", english_dice(d))
            }
            Law::All(d, p) => format!("not all {} may {}", english_dice(d), english_property(p)),
            _ => return None,
        })
    }

    /// The Law in plain English, as the Universe repeats a Theory back.
    pub fn english(&self) -> String {
        let dice = english_dice;
        if let Some(said) = self.share_english() {
            return said;
        }
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
            Law::Is(n, k) => format!("{} must be {}", english_number(n), kind_words(*k)),
            // Every one of them not P is none of them P, said the way players say it.
            Law::All(d, Property::Not(p)) => format!("no {} may {}", singular(d), english_property(p)),
            Law::All(d, p) => format!("all {} must {}", dice(d), english_property(p)),
            Law::No(d, p) => format!("no {} may {}", singular(d), english_property(p)),
            Law::Some(d, p) => format!("at least one {} must {}", singular(d), english_property(p)),
            Law::Most(d, p) => format!("most {} must {}", dice(d), english_property(p)),
            Law::TouchEachOther(d) => format!("the {} must touch each other (form one group)", dice(d)),
            Law::Same(d, a) => format!("the {} must all show the same {}", dice(d), aspect_name(*a)),
            Law::Different(d, a) => format!("the {} must all show different {}s", dice(d), aspect_name(*a)),
            Law::Ascending(n) => format!("there must be a line of {n} dice counting up by one (read either way)"),
            Law::Repeated(n) => format!("there must be a line of {n} dice in a row showing the same face"),
            Law::Line(n) => format!("there must be a line of at least {n} occupied cells in a row or a column, whatever the dice show"),
            Law::Scoped(scope, among, inner) => {
                let part = match scope {
                    Scope::Group => "group (dice touching, directly or through others)",
                    Scope::Line => "line (two or more dice in a row or a column)",
                };
                let (who, verb) = match among {
                    Among::Every => ("every", "must"),
                    Among::Some => ("at least one", "must"),
                    Among::No => ("no", "may"),
                };
                format!("{who} {part}, taken on its own, {verb} follow this: [{}]", inner.english())
            }
            // Brackets show how far `not`, `and` and `or` reach, so that a Theory read back
            // cannot be taken for another one with the same words.
            Law::Not(l) => l.negated_english().unwrap_or_else(|| {
                format!("it must not be that {}", l.bracketed(|l| matches!(l, Law::And(..) | Law::Or(..))))
            }),
            // A "not" beside an "and" or an "or" is bracketed too: "it must not be that A, and
            // B" would not say how far the "not" reaches.
            Law::And(a, b) => format!("{}, and {}", a.bracketed(|l| matches!(l, Law::Or(..) | Law::Not(..))), b.bracketed(|l| matches!(l, Law::And(..) | Law::Or(..) | Law::Not(..)))),
            Law::Or(a, b) => format!("{}, or {}", a.bracketed(|l| matches!(l, Law::And(..) | Law::Not(..))), b.bracketed(|l| matches!(l, Law::And(..) | Law::Or(..) | Law::Not(..)))),
        }
    }
}

impl Law {
    /// "at least half of the dice must be white" for `2 * count white >= count dice`: a
    /// share of a set, when the Law compares one set with the same set narrowed by one
    /// property.
    fn share_english(&self) -> Option<String> {
        let Law::Compare(a, op, b) = self else { return None };
        let scaled = |n: &Number| -> Option<(i64, Dice)> {
            match n {
                Number::Count(d) => Some((1, d.clone())),
                Number::Mul(k, c) => match (k.as_ref(), c.as_ref()) {
                    (Number::Literal(k), Number::Count(d)) if *k > 1 => Some((*k, d.clone())),
                    _ => None,
                },
                _ => None,
            }
        };
        let ((den, part), (num, whole)) = (scaled(a)?, scaled(b)?);
        // The part is the whole and one more property (a value property counts visible
        // dice in the whole, as "most" does).
        let extra: Vec<&Property> = part.0.iter().filter(|p| !whole.0.contains(p)).collect();
        let [p] = extra.as_slice() else { return None };
        let mut expected = whole.0.clone();
        if p.about_values() {
            expected.retain(|q| *q != Property::Visible);
        }
        if !expected.iter().all(|q| part.0.contains(q)) || part.0.len() != expected.len() + 1 {
            return None;
        }
        let fraction = match (num, den) {
            (1, 2) => "half",
            (1, 3) => "a third",
            (2, 3) => "two thirds",
            (1, 4) => "a quarter",
            (3, 4) => "three quarters",
            _ => return None,
        };
        let how = match op {
            Compare::Eq => "exactly",
            Compare::Ne => return None,
            Compare::Lt => "fewer than",
            Compare::Le => "at most",
            Compare::Gt => "more than",
            Compare::Ge => "at least",
        };
        let base = Dice(expected);
        let verb = if matches!(op, Compare::Lt | Compare::Le) { "may" } else { "must" };
        Some(format!(
            "{how} {fraction} of the {} {verb} {}",
            english_dice(&base),
            english_property(p)
        ))
    }

    /// The English, in brackets when `needs` says this part would otherwise read ambiguously.
    fn bracketed(&self, needs: impl Fn(&Law) -> bool) -> String {
        if needs(self) {
            format!("[{}]", self.english())
        } else {
            self.english()
        }
    }
}

fn aspect_name(a: Aspect) -> &'static str {
    match a {
        Aspect::Colour => "colour",
        Aspect::Face => "face",
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
            Property::DivisibleBy(n) => tail.push(format!("divisible by {n}")),
            Property::Touching(s) => tail.push(format!("touching {}", english_dice(s))),
            Property::Alone => tail.push("touching nothing".into()),
            Property::Toward(d) => tail.push(format!("in the {}", d.name())),
            Property::TouchingAlike(a) => tail.push(format!("touching {}", alike_die(*a))),
            Property::Not(_) | Property::Either(_) => {
                tail.push(format!("that {}", plural(&english_property(p))))
            }
        }
    }
    let mut s =
        if words.is_empty() { "dice".to_string() } else { format!("{} dice", words.join(" ")) };
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
        Property::DivisibleBy(n) => format!("be divisible by {n}"),
        Property::Visible => "be uncovered".into(),
        Property::Hidden => "be covered".into(),
        Property::Stacked => "be in a stack".into(),
        Property::OnTable => "stand on the table".into(),
        Property::Touching(d) => format!("touch one of the {}", english_dice(d)),
        Property::Alone => "be alone (touching no other die)".into(),
        Property::Toward(d) => format!("be in the {}", d.name()),
        Property::TouchingAlike(a) => format!("touch {}", alike_die(*a)),
        Property::Not(p) => format!("not {}", english_property(p)),
        Property::Either(ps) => {
            let said: Vec<String> = ps.iter().map(english_property).collect();
            // "be red or blue", "show 5 or 6": one verb said once.
            let verb = said[0].split(' ').next().unwrap_or("").to_string() + " ";
            if said.iter().all(|w| w.starts_with(&verb)) {
                let rest: Vec<&str> = said.iter().map(|w| &w[verb.len()..]).collect();
                format!("{verb}{}", rest.join(" or "))
            } else {
                said.join(" or ")
            }
        }
    }
}

/// "a die of the same colour", "a die showing the same face".
fn alike_die(a: Aspect) -> &'static str {
    match a {
        Aspect::Colour => "a die of the same colour",
        Aspect::Face => "a die showing the same face",
    }
}

/// A property's verb phrase as said of several dice: "be red" is "are red".
fn plural(phrase: &str) -> String {
    phrase
        .strip_prefix("not be ")
        .map(|rest| format!("are not {rest}"))
        .or_else(|| phrase.strip_prefix("be ").map(|rest| format!("are {rest}")))
        .or_else(|| phrase.strip_prefix("not ").map(|rest| format!("do not {rest}")))
        .unwrap_or_else(|| phrase.to_string())
}

pub fn english_number(n: &Number) -> String {
    match n {
        Number::Literal(v) => v.to_string(),
        Number::Count(d) => format!("the number of {}", english_dice(d)),
        Number::Sum(d) => format!("the sum of the {}", english_dice(d)),
        Number::Product(d) => format!("the product of the {}", english_dice(d)),
        Number::Groups => "the number of groups".into(),
        Number::LargestGroup => "the size of the largest group".into(),
        Number::Kinds(d, Aspect::Colour) => {
            format!("the number of different colours among the {}", english_dice(d))
        }
        Number::Kinds(d, Aspect::Face) => {
            format!("the number of different faces the {} show", english_dice(d))
        }
        Number::Highest(d) => format!("the highest face among the {}", english_dice(d)),
        Number::Lowest(d) => format!("the lowest face among the {}", english_dice(d)),
        Number::MostAlike(d, Aspect::Colour) => {
            format!("the most {} of any one colour", english_dice(d))
        }
        Number::MostAlike(d, Aspect::Face) => {
            format!("the most {} showing any one face", english_dice(d))
        }
        Number::Add(a, b) => format!("({} plus {})", english_number(a), english_number(b)),
        Number::Sub(a, b) => format!("({} minus {})", english_number(a), english_number(b)),
        Number::Mul(a, b) => format!("({} times {})", english_number(a), english_number(b)),
    }
}

/// "even", "a prime", "divisible by 3".
fn kind_words(k: Kind) -> String {
    match k {
        Kind::Even => "even".to_string(),
        Kind::Odd => "odd".to_string(),
        Kind::Prime => "a prime".to_string(),
        Kind::DivisibleBy(d) => format!("divisible by {d}"),
    }
}
