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
    /// "between two and four": both ends included.
    Between(i64, i64),
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
    /// "be allowed", "be used": negated ("are not allowed", "are forbidden"), none of them.
    Allowed,
    /// "be required": at least one of them.
    Required,
    /// "show at least three different numbers": how many kinds the set has.
    Kinds(Aspect, Quantity),
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
    /// "not all", "not every".
    NotAll,
    /// "at least half of the", "a third of the": `den` times those with the property
    /// compared with `num` times all of them.
    Share(Compare, i64, i64),
    /// "only red dice may be stacked": every stacked die is red.
    Only,
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

/// One of `p` (itself perhaps one of several) or `q`: "red or blue", "a 2, a 4 or a 6".
pub(super) fn one_of(p: &Property, q: Property) -> Property {
    let mut all = match p {
        Property::Either(ps) => ps.clone(),
        p => vec![p.clone()],
    };
    all.push(q);
    Property::Either(all)
}

/// `n` times a number.
pub(super) fn times_number(n: i64, m: Number) -> Number {
    if n == 1 {
        return m;
    }
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
        Quantity::Between(low, high) => vec![Law::And(
            Box::new(Law::Compare(n.clone(), Compare::Ge, Number::Literal(low))),
            Box::new(Law::Compare(n, Compare::Le, Number::Literal(high))),
        )],
    }
}

/// The Law said as simply as it means: every one of them not P is none of them P, and none
/// of them not P (when P is no value, which a covered die lacks) is all of them P.
pub(super) fn simpler(law: Law) -> Law {
    match law {
        Law::All(d, Property::Not(p)) => Law::No(d, *p),
        Law::No(d, Property::Not(p)) if !p.about_values() => Law::All(d, *p),
        other => other,
    }
}

pub(super) fn scoped(s: Scope, a: Among, law: Law) -> Law {
    Law::Scoped(s, a, Box::new(law))
}

/// The opposite Law, said as simply as it can be: a comparison turns round, "there must
/// not be a group …" is "no group …", a double negation goes.
pub(super) fn negate(law: Law) -> Law {
    match law {
        Law::Compare(a, op, b) => Law::Compare(a, opposite(op), b),
        Law::Some(d, p) => Law::No(d, p),
        Law::Scoped(s, Among::Some, l) => Law::Scoped(s, Among::No, l),
        Law::Scoped(s, Among::No, l) => Law::Scoped(s, Among::Some, l),
        Law::Not(l) => *l,
        other => Law::Not(Box::new(other)),
    }
}

/// The comparison that holds exactly when `op` does not.
pub(super) fn opposite(op: Compare) -> Compare {
    use Compare::*;
    match op {
        Eq => Ne,
        Ne => Eq,
        Lt => Ge,
        Ge => Lt,
        Gt => Le,
        Le => Gt,
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
    let whole = |w: Whole, d: Dice| -> Option<Law> {
        Some(match w {
            Whole::EachOther | Whole::OneGroup => Law::TouchEachOther(d),
            Whole::TouchSomething => Law::All(d, Property::Touching(Dice(vec![]))),
            Whole::Same(a) => Law::Same(d, a),
            Whole::Different(a) => Law::Different(d, a),
            Whole::SumCompared(op, n) => Law::Compare(Number::Sum(d), op, n),
            Whole::SumIs(k) => Law::Is(Number::Sum(d), k),
            // Said of the dice as a whole only with some determiners, handled before.
            Whole::Allowed | Whole::Required | Whole::Kinds(..) => return None,
        })
    };
    use Determiner as D;
    // "Two touching dice must never show the same number", "no two adjacent dice may be the
    // same colour": said of the pairs that touch, not of all of them at once.
    let touching_pair = d.0.contains(&touching());
    let untouched = || Dice(d.0.iter().filter(|p| **p != touching()).cloned().collect());
    let both_of_two = matches!(det, D::Counted(Quantity::Bare(2)) | D::All);
    if touching_pair {
        match (det, &pred) {
            (D::NoTwo, Predicate::Whole(Whole::Same(a), false)) => {
                return vec![Law::No(untouched(), Property::TouchingAlike(*a))]
            }
            (_, Predicate::Whole(Whole::Same(a), true)) if both_of_two => {
                return vec![Law::No(untouched(), Property::TouchingAlike(*a))]
            }
            _ => {}
        }
    }
    let share = |op: Compare, num: i64, den: i64, p: &Property| {
        // Restrictions on values pass over covered dice (I7), as "most" does.
        let counted = if p.about_values() { with(&Property::Visible) } else { d.clone() };
        Law::Compare(
            times_number(den, Number::Count(with(p))),
            op,
            times_number(num, Number::Count(counted)),
        )
    };
    vec![match (det, pred) {
        (D::NotAll, Predicate::Each(p, false)) => Law::Not(Box::new(Law::All(d, p))),
        (D::NotAll, Predicate::Whole(w, false)) => match whole(w, d) {
            Some(law) => negate(law),
            None => return vec![],
        },
        (D::Share(op, num, den), Predicate::Each(p, false)) => share(op, num, den, &p),
        // "Only red dice may be stacked": every stacked die is red.
        (D::Only, Predicate::Each(p, false)) if !d.0.is_empty() => {
            let mut laws = d.0.iter().map(|q| Law::All(Dice(vec![p.clone()]), q.clone()));
            let first = laws.next().expect("a condition");
            laws.fold(first, |a, b| Law::And(Box::new(a), Box::new(b)))
        }
        (D::Only, Predicate::Whole(Whole::Allowed, false)) if !d.0.is_empty() => {
            Law::All(Dice(vec![]), if d.0.len() == 1 { d.0[0].clone() } else { return vec![] })
        }
        (D::All | D::AllSaid, Predicate::Whole(Whole::Allowed, true))
        | (D::No, Predicate::Whole(Whole::Allowed, false)) => {
            Law::Compare(Number::Count(d), Compare::Eq, Number::Literal(0))
        }
        (D::All | D::AllSaid, Predicate::Whole(Whole::Required, false)) => {
            Law::Compare(Number::Count(d), Compare::Ge, Number::Literal(1))
        }
        (D::Counted(q), Predicate::Whole(Whole::Required | Whole::Allowed, false))
            if !matches!(q, Quantity::Compared(Compare::Le | Compare::Lt, _)) =>
        {
            return quantified(Number::Count(d), q)
        }
        // "At most two red dice are allowed".
        (
            D::Counted(q @ Quantity::Compared(Compare::Le | Compare::Lt, _)),
            Predicate::Whole(Whole::Allowed, false),
        ) => return quantified(Number::Count(d), q),
        (D::All | D::AllSaid, Predicate::Whole(Whole::Kinds(a, q), false)) => {
            return quantified(Number::Kinds(d, a), q)
        }
        (D::All | D::AllSaid, Predicate::Whole(Whole::Kinds(a, q), true)) => {
            return quantified(Number::Kinds(d, a), q).into_iter().map(negate).collect()
        }
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
        (D::All | D::AllSaid, Predicate::Whole(w, false)) => match whole(w, d) {
            Some(law) => law,
            None => return vec![],
        },
        (D::All | D::AllSaid, Predicate::Whole(w, true)) => match whole(w, d) {
            Some(law) => negate(law),
            None => return vec![],
        },
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
