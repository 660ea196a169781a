//! The formal printer: a Law written back in the formal language
//! (`grammar/infer-law.ebnf`), so that a Law read from English can be shown, saved and typed
//! again exactly. The parser reads what this prints back to the same tree (tested over the
//! deck and the English corpus).

use super::{Among, Aspect, Compare, Dice, Kind, Law, Number, Property, Scope};

impl Law {
    /// The Law in the formal language.
    pub fn formal(&self) -> String {
        match self {
            Law::Compare(a, op, b) => format!("{} {} {}", number(a), compare(*op), number(b)),
            Law::Is(n, k) => format!(
                "{} is {}",
                number(n),
                match k {
                    Kind::Even => "even".to_string(),
                    Kind::Odd => "odd".to_string(),
                    Kind::Prime => "prime".to_string(),
                    Kind::DivisibleBy(d) => format!("divisible by {d}"),
                }
            ),
            Law::All(d, p) => format!("all {} are {}", dice(d), property(p)),
            Law::No(d, p) => format!("no {} are {}", dice(d), property(p)),
            Law::Some(d, p) => format!("some {} are {}", dice(d), property(p)),
            Law::Most(d, p) => format!("most {} are {}", dice(d), property(p)),
            Law::TouchEachOther(d) => format!("{} touch each other", dice(d)),
            Law::Same(d, a) => format!("{} same {}", dice(d), aspect(*a)),
            Law::Different(d, a) => format!("{} different {}", dice(d), aspect(*a)),
            Law::Ascending(n) => format!("line ascending {n}"),
            Law::Repeated(n) => format!("line same {n}"),
            Law::Line(n) => format!("line {n}"),
            Law::Scoped(scope, among, inner) => {
                let among = match among {
                    Among::Every => "every",
                    Among::Some => "some",
                    Among::No => "no",
                };
                let scope = match scope {
                    Scope::Group => "group",
                    Scope::Line => "line",
                };
                format!("{among} {scope} ({})", inner.formal())
            }
            Law::Not(l) => format!("not ({})", l.formal()),
            Law::And(a, b) => format!("{} and {}", part(a), part(b)),
            Law::Or(a, b) => format!("{} or {}", part(a), part(b)),
        }
    }
}

/// A side of `and` or `or`, in parentheses when it is itself joined.
fn part(l: &Law) -> String {
    match l {
        Law::And(..) | Law::Or(..) => format!("({})", l.formal()),
        _ => l.formal(),
    }
}

fn compare(op: Compare) -> &'static str {
    match op {
        Compare::Eq => "=",
        Compare::Ne => "!=",
        Compare::Lt => "<",
        Compare::Le => "<=",
        Compare::Gt => ">",
        Compare::Ge => ">=",
    }
}

fn aspect(a: Aspect) -> &'static str {
    match a {
        Aspect::Colour => "colour",
        Aspect::Face => "face",
    }
}

fn number(n: &Number) -> String {
    match n {
        // The parser has no negative literal; a Law never needs one, but print one right.
        Number::Literal(v) if *v < 0 => format!("(0 - {})", v.unsigned_abs()),
        Number::Literal(v) => v.to_string(),
        Number::Count(d) => format!("count {}", dice(d)),
        Number::Sum(d) => format!("sum {}", dice(d)),
        Number::Product(d) => format!("product {}", dice(d)),
        Number::Groups => "groups".into(),
        Number::LargestGroup => "largest-group".into(),
        Number::Kinds(d, a) => format!("distinct {} {}", aspect(*a), dice(d)),
        Number::MostAlike(d, a) => format!("most-alike {} {}", aspect(*a), dice(d)),
        Number::Highest(d) => format!("highest {}", dice(d)),
        Number::Lowest(d) => format!("lowest {}", dice(d)),
        Number::Add(a, b) => format!("({} + {})", number(a), number(b)),
        Number::Sub(a, b) => format!("({} - {})", number(a), number(b)),
        Number::Mul(a, b) => format!("({} * {})", number(a), number(b)),
    }
}

/// A set of dice, ending in `dice` so that what follows cannot be taken for a condition.
fn dice(d: &Dice) -> String {
    let mut words: Vec<String> = d.0.iter().map(condition).collect();
    words.push("dice".into());
    words.join(" ")
}

fn condition(p: &Property) -> String {
    match p {
        Property::Colour(c) => c.clone(),
        Property::Face(f) => format!("{f}s"),
        Property::Odd => "odd".into(),
        Property::Even => "even".into(),
        Property::Visible => "visible".into(),
        Property::Hidden => "hidden".into(),
        Property::Stacked => "stacked".into(),
        Property::OnTable => "on-table".into(),
        Property::DivisibleBy(n) => format!("divisible by {n}"),
        Property::Toward(d) => d.name().into(),
        // Touching and alone are conditions only in brackets, so `all red touching blue`
        // keeps its meaning.
        Property::Touching(s) => format!("(touching {})", dice(s)),
        Property::Alone => "(alone)".into(),
        Property::TouchingAlike(a) => format!("(touching same {})", aspect(*a)),
        Property::Not(p) => format!("(not {})", property(p)),
        Property::Either(ps) => {
            format!("({})", ps.iter().map(property).collect::<Vec<_>>().join(" or "))
        }
    }
}

fn property(p: &Property) -> String {
    match p {
        Property::Touching(s) => format!("touching {}", dice(s)),
        Property::Alone => "alone".into(),
        other => condition(other),
    }
}
