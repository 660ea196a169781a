//! What the words mean: the pieces a sentence is read into (how many, of which dice, what
//! they must be) and how they make a Law — negation said simply, "and" and "or" joined both
//! ways when mixed, a bare count read two ways.

use super::super::{Among, Aspect, Compare, Dice, Kind, Law, Number, Property, Scope};

/// How many dice (or groups): the quantity words before a noun.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Quantity {
    Compared(Compare, i64),
    /// A bare number ("two 2s"): at least, or exactly? The reader offers both.
    Bare(i64),
    Is(Kind),
}

/// What a sentence says of each die of a set, or of the set as a whole.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Predicate {
    /// Each die has the property (or, when `bool` is set, does not).
    Each(Property, bool),
    /// The set as a whole (or, when `bool` is set, not).
    Whole(Whole, bool),
}

#[derive(Clone, Debug, PartialEq)]
pub(super) enum Whole {
    /// "touch each other": all of them one group; "must not touch each other": none of
    /// them touches another of them.
    EachOther,
    /// "form one group", "be together": negated, only "not one group".
    OneGroup,
    /// A bare "touch" read as "each touches some die" (the other reading is `EachOther`).
    TouchSomething,
    Same(Aspect),
    Different(Aspect),
    SumCompared(Compare, Number),
    SumIs(Kind),
}

/// Who a sentence speaks of: all of a set, none, some, most, fewer than half, or a count.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Determiner {
    All,
    /// "all" said: "all dice must not be red" reads two ways (none, or not all).
    AllSaid,
    /// "no two": "no two dice may touch", "no two dice may show the same number".
    NoTwo,
    No,
    Some,
    Most,
    Minority,
    Counted(Quantity),
}

/// A set of dice as said: the words before and including the noun, the words after it.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct NounPhrase {
    pub(super) said: Vec<Property>,
    pub(super) post: Vec<Property>,
    /// Whether a noun was said ("dice", "5s"), not only adjectives.
    pub(super) noun: bool,
    /// Whether it began with "the" or "all".
    pub(super) prefixed: bool,
}

impl NounPhrase {
    pub(super) fn dice(&self) -> Dice {
        let mut all: Vec<Property> = Vec::new();
        for p in self.said.iter().chain(&self.post) {
            if !all.contains(p) {
                all.push(p.clone());
            }
        }
        Dice(all)
    }

    /// Whether a die could be all of it: one colour, one face, not odd and even at once.
    pub(super) fn possible(&self) -> bool {
        let all = self.dice().0;
        let colours = all.iter().filter(|p| matches!(p, Property::Colour(_))).count();
        let faces: Vec<u8> = all
            .iter()
            .filter_map(|p| if let Property::Face(f) = p { Some(*f) } else { None })
            .collect();
        let odd = all.contains(&Property::Odd);
        let even = all.contains(&Property::Even);
        let parity_clash = faces.iter().any(|f| (odd && f % 2 == 0) || (even && f % 2 == 1));
        colours <= 1
            && faces.len() <= 1
            && !(odd && even)
            && !parity_clash
            && !(all.contains(&Property::Visible) && all.contains(&Property::Hidden))
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Joint {
    And,
    Or,
}

/// `n` times a number.
pub(super) fn times_number(n: i64, m: Number) -> Number {
    Number::Mul(Box::new(Number::Literal(n)), Box::new(m))
}

/// The Laws a quantity makes of a number: a bare number reads two ways.
pub(super) fn quantified(n: Number, q: Quantity) -> Vec<Law> {
    match q {
        Quantity::Compared(op, m) => vec![Law::Compare(n, op, Number::Literal(m))],
        Quantity::Bare(0) => vec![Law::Compare(n, Compare::Eq, Number::Literal(0))],
        Quantity::Bare(m) => vec![
            Law::Compare(n.clone(), Compare::Ge, Number::Literal(m)),
            Law::Compare(n, Compare::Eq, Number::Literal(m)),
        ],
        Quantity::Is(kind) => vec![Law::Is(n, kind)],
    }
}

pub(super) fn scoped(s: Scope, a: Among, law: Law) -> Law {
    Law::Scoped(s, a, Box::new(law))
}

/// The opposite Law, said as simply as it can be: a comparison turns round, "there must
/// not be a group …" is "no group …", a double negation goes.
pub(super) fn negate(law: Law) -> Law {
    use Compare::*;
    match law {
        Law::Compare(a, op, b) => {
            let op = match op {
                Eq => Ne,
                Ne => Eq,
                Lt => Ge,
                Ge => Lt,
                Gt => Le,
                Le => Gt,
            };
            Law::Compare(a, op, b)
        }
        Law::Some(d, p) => Law::No(d, p),
        Law::Scoped(s, Among::Some, l) => Law::Scoped(s, Among::No, l),
        Law::Scoped(s, Among::No, l) => Law::Scoped(s, Among::Some, l),
        Law::Not(l) => *l,
        other => Law::Not(Box::new(other)),
    }
}

pub(super) fn negated(p: Predicate, neg: bool) -> Predicate {
    match p {
        Predicate::Each(p, n) => Predicate::Each(p, n != neg),
        Predicate::Whole(w, n) => Predicate::Whole(w, n != neg),
    }
}

/// The Laws a determiner, a set of dice and a predicate make: none when they make no
/// sense together, two for a bare count ("two dice must be red": at least, or exactly?).
pub(super) fn apply(det: Determiner, d: Dice, pred: Predicate) -> Vec<Law> {
    let with = |p: &Property| {
        let mut all = d.0.clone();
        all.push(p.clone());
        Dice(all)
    };
    // None of the dice touches another of them.
    let apart = |d: &Dice| Law::No(d.clone(), Property::Touching(d.clone()));
    let touching = || Property::Touching(Dice(vec![]));
    let whole = |w: Whole, d: Dice| match w {
        Whole::EachOther | Whole::OneGroup => Law::TouchEachOther(d),
        Whole::TouchSomething => Law::All(d, Property::Touching(Dice(vec![]))),
        Whole::Same(a) => Law::Same(d, a),
        Whole::Different(a) => Law::Different(d, a),
        Whole::SumCompared(op, n) => Law::Compare(Number::Sum(d), op, n),
        Whole::SumIs(k) => Law::Is(Number::Sum(d), k),
    };
    use Determiner as D;
    vec![match (det, pred) {
        (D::All | D::AllSaid, Predicate::Each(p, false)) => Law::All(d, p),
        (D::All, Predicate::Each(p, true)) => Law::No(d, p),
        (D::AllSaid, Predicate::Each(p, true)) => {
            return vec![Law::No(d.clone(), p.clone()), Law::Not(Box::new(Law::All(d, p)))]
        }
        (D::All, Predicate::Whole(Whole::EachOther, true)) => apart(&d),
        // "All dice must not touch each other": none of them touching another, or not all
        // of them one group? Both readings.
        (D::AllSaid, Predicate::Whole(Whole::EachOther, true)) => {
            return vec![apart(&d), Law::Not(Box::new(Law::TouchEachOther(d)))]
        }
        (D::All, Predicate::Whole(Whole::TouchSomething, true)) => Law::No(d, touching()),
        (D::AllSaid, Predicate::Whole(Whole::TouchSomething, true)) => {
            return vec![
                Law::No(d.clone(), touching()),
                Law::Not(Box::new(Law::All(d, touching()))),
            ]
        }
        (D::No, Predicate::Whole(Whole::TouchSomething, false)) => Law::No(d, touching()),
        (D::NoTwo, Predicate::Whole(Whole::TouchSomething, false)) => apart(&d),
        (D::All | D::AllSaid, Predicate::Whole(w, false)) => whole(w, d),
        (D::All | D::AllSaid, Predicate::Whole(w, true)) => negate(whole(w, d)),
        (D::No, Predicate::Each(p, false)) => Law::No(d, p),
        (D::No, Predicate::Whole(Whole::EachOther, false)) => apart(&d),
        (D::NoTwo, Predicate::Whole(Whole::EachOther, false)) => apart(&d),
        (D::NoTwo, Predicate::Each(Property::Touching(t), false)) if t.0.is_empty() => apart(&d),
        (D::NoTwo, Predicate::Whole(Whole::Same(a), false)) => Law::Different(d, a),
        (D::Some, Predicate::Each(p, false)) => Law::Some(d, p),
        (D::Some, Predicate::Each(p, true)) => negate(Law::All(d, p)),
        (D::Most, Predicate::Each(p, false)) => Law::Most(d, p),
        // Fewer than half; over no dice it holds, as "most" does (ruling I15).
        (D::Minority, Predicate::Each(p, false)) => Law::Or(
            Box::new(Law::Compare(Number::Count(d.clone()), Compare::Eq, Number::Literal(0))),
            Box::new(Law::Compare(
                times_number(2, Number::Count(with(&p))),
                Compare::Lt,
                Number::Count(d),
            )),
        ),
        (D::Counted(q), Predicate::Each(p, false)) => {
            return quantified(Number::Count(with(&p)), q)
        }
        _ => return vec![],
    }]
}

/// Clauses joined left to right. `and` and `or` mixed read two ways (which binds first?),
/// and both are offered.
pub(super) fn join(parts: Vec<Law>, joints: &[Joint]) -> Vec<Law> {
    let fold = |first: Joint| -> Law {
        // Split at the looser joint, then fold each side.
        let looser = if first == Joint::And { Joint::Or } else { Joint::And };
        let mut groups: Vec<Vec<Law>> = vec![vec![parts[0].clone()]];
        for (law, j) in parts[1..].iter().zip(joints) {
            if *j == looser {
                groups.push(vec![law.clone()]);
            } else {
                groups.last_mut().expect("one group").push(law.clone());
            }
        }
        let tie = |laws: Vec<Law>, j: Joint| -> Law {
            let mut it = laws.into_iter();
            let first = it.next().expect("a clause");
            it.fold(first, |a, b| match j {
                Joint::And => Law::And(Box::new(a), Box::new(b)),
                Joint::Or => Law::Or(Box::new(a), Box::new(b)),
            })
        };
        let inner: Vec<Law> = groups.into_iter().map(|g| tie(g, first)).collect();
        tie(inner, looser)
    };
    let mut out = vec![fold(Joint::And)];
    if joints.contains(&Joint::And) && joints.contains(&Joint::Or) {
        out.push(fold(Joint::Or));
    }
    out
}
