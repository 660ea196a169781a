//! Fingerprint indexing (after Schulz, "Fingerprint Indexing for Paramodulation and
//! Rewriting", IJCAR 2012): the given-clause loop asks which stored terms could unify with a
//! term, which could be generalizations of it (a demodulator's left side that matches it),
//! or which could be instances of it, without trying each one.
//!
//! A term's fingerprint is what it has at a few fixed positions (the top, the first two
//! arguments, and their first two arguments): a symbol, a variable, *below a variable*
//! (the position is not in the term, but an instance could have it), or *absent* (no
//! instance has it). Two terms whose fingerprints clash at some position cannot unify (or
//! match); the converse does not hold, so what the index returns is a superset of the
//! answers, which the caller tries one by one. The fingerprints are the paths of a trie, so
//! one query walks only the compatible branches.
//!
//! Values are never removed: the loop drops those of retired clauses as it meets them
//! (a retired clause never comes back, a clause that changes is a new one).

use super::bank::{Bank, Head, TermId};
use super::literal::Atom;
use crate::logic::clauses::SymId;

/// What a term has at one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Feature {
    Symbol(SymId),
    /// The equality "symbol" at the top of an atom `s = t`.
    Equality,
    Variable,
    /// A variable is above the position: an instance may have anything there.
    BelowVariable,
    /// A symbol above the position has too few arguments: no instance has it.
    Absent,
}

/// The positions sampled, as argument paths from the top (Schulz's FP7).
const POSITIONS: [&[usize]; 7] = [&[], &[0], &[1], &[0, 0], &[0, 1], &[1, 0], &[1, 1]];

type Fingerprint = [Feature; POSITIONS.len()];

/// A term (a predicate atom is one, under its predicate symbol), or an equation.
#[derive(Clone, Copy)]
pub(super) enum Key {
    Term(TermId),
    /// An equation, with its sides in the order given.
    Eq(TermId, TermId),
}

impl Key {
    /// An atom; an equation as written, or `flipped`.
    pub(super) fn atom(atom: Atom, flipped: bool) -> Key {
        match atom {
            Atom::Pred(p) => Key::Term(p),
            Atom::Eq(s, t) if flipped => Key::Eq(t, s),
            Atom::Eq(s, t) => Key::Eq(s, t),
        }
    }

    /// An atom as written, and an equation also the other way round (as `s = t` and `t = s`
    /// are one atom).
    pub(super) fn both_ways(atom: Atom) -> impl Iterator<Item = Key> {
        let flips: &[bool] = if matches!(atom, Atom::Eq(..)) { &[false, true] } else { &[false] };
        flips.iter().map(move |&flipped| Key::atom(atom, flipped))
    }

    /// The features at [`POSITIONS`], in one descent (each query computes one, and on
    /// ground problems with many queries a descent per position was an eighth of the time).
    fn fingerprint(self, bank: &Bank) -> Fingerprint {
        use Feature::*;
        let leaf = |t: Option<TermId>| match t.map(|t| bank.head(t)) {
            None => Absent,
            Some(Head::Var(_)) => Variable,
            Some(Head::App(f)) => Symbol(f),
        };
        // An argument's own feature and those of its first two arguments.
        let below = |t: Option<TermId>| match t {
            None => [Absent; 3],
            Some(t) => match bank.head(t) {
                Head::Var(_) => [Variable, BelowVariable, BelowVariable],
                Head::App(f) => {
                    let args = bank.args(t);
                    [Symbol(f), leaf(args.first().copied()), leaf(args.get(1).copied())]
                }
            },
        };
        let (top, first, second) = match self {
            Key::Term(t) => match bank.head(t) {
                Head::Var(_) => {
                    return [
                        Variable,
                        BelowVariable,
                        BelowVariable,
                        BelowVariable,
                        BelowVariable,
                        BelowVariable,
                        BelowVariable,
                    ]
                }
                Head::App(f) => {
                    let args = bank.args(t);
                    (Symbol(f), args.first().copied(), args.get(1).copied())
                }
            },
            Key::Eq(s, t) => (Equality, Some(s), Some(t)),
        };
        let [a, a0, a1] = below(first);
        let [b, b0, b1] = below(second);
        // In the order of POSITIONS: [], [0], [1], [0, 0], [0, 1], [1, 0], [1, 1].
        [top, a, b, a0, a1, b0, b1]
    }

    /// The feature at one position, descending from the top: the definition that
    /// [`Key::fingerprint`] computes in one descent.
    #[cfg(test)]
    fn feature(self, bank: &Bank, path: &[usize]) -> Feature {
        let (head, argument) = match self {
            Key::Term(t) => match bank.head(t) {
                Head::Var(_) => {
                    return if path.is_empty() { Feature::Variable } else { Feature::BelowVariable }
                }
                Head::App(f) => {
                    (Feature::Symbol(f), path.first().and_then(|&i| bank.args(t).get(i).copied()))
                }
            },
            Key::Eq(s, t) => {
                (Feature::Equality, path.first().and_then(|&i| [s, t].get(i).copied()))
            }
        };
        let Some((_, rest)) = path.split_first() else { return head };
        let Some(mut t) = argument else { return Feature::Absent };
        for &i in rest {
            match bank.head(t) {
                Head::Var(_) => return Feature::BelowVariable,
                Head::App(_) => match bank.args(t).get(i) {
                    Some(&a) => t = a,
                    None => return Feature::Absent,
                },
            }
        }
        match bank.head(t) {
            Head::Var(_) => Feature::Variable,
            Head::App(f) => Feature::Symbol(f),
        }
    }
}

/// A key's fingerprint, computed once for queries in several indexes (a literal's
/// atom looked up among the positive and the negative ones).
pub(super) struct Fingerprinted(Fingerprint);

impl Fingerprinted {
    pub(super) fn new(bank: &Bank, key: Key) -> Fingerprinted {
        Fingerprinted(key.fingerprint(bank))
    }
}

/// What a query looks for among the stored terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Retrieve {
    /// Terms that may unify with the query.
    Unifiable,
    /// Terms the query may be an instance of.
    Generalizations,
    /// Terms that may be instances of the query.
    Instances,
}

/// Whether a pattern with feature `p` may match a term with feature `t` at one position.
fn may_match(p: Feature, t: Feature) -> bool {
    match (p, t) {
        (Feature::BelowVariable, _) => true,
        (Feature::Variable, Feature::Symbol(_) | Feature::Equality | Feature::Variable) => true,
        (Feature::Variable, _) => false,
        (Feature::Absent, t) => t == Feature::Absent,
        (p, t) => p == t,
    }
}

fn compatible(mode: Retrieve, query: Feature, stored: Feature) -> bool {
    match mode {
        Retrieve::Generalizations => may_match(stored, query),
        Retrieve::Instances => may_match(query, stored),
        Retrieve::Unifiable => match (query, stored) {
            (Feature::BelowVariable, _) | (_, Feature::BelowVariable) => true,
            (Feature::Absent, s) | (s, Feature::Absent) => s == Feature::Absent,
            (Feature::Variable, _) | (_, Feature::Variable) => true,
            (q, s) => q == s,
        },
    }
}

struct Node<V> {
    children: Vec<(Feature, Node<V>)>,
    values: Vec<V>,
}

impl<V> Node<V> {
    fn new() -> Node<V> {
        Node { children: Vec::new(), values: Vec::new() }
    }
}

/// Values stored under terms, found by the fingerprints of their terms. Queries return
/// values in a fixed order (of the trie's branches, then of insertion), so that the loop is
/// deterministic.
pub(super) struct FingerprintIndex<V> {
    root: Node<V>,
}

impl<V> Default for FingerprintIndex<V> {
    fn default() -> Self {
        FingerprintIndex { root: Node::new() }
    }
}

impl<V> FingerprintIndex<V> {
    pub(super) fn insert(&mut self, bank: &Bank, key: Key, value: V) {
        let mut node = &mut self.root;
        for feature in key.fingerprint(bank) {
            let at = match node.children.iter().position(|(f, _)| *f == feature) {
                Some(at) => at,
                None => {
                    node.children.push((feature, Node::new()));
                    node.children.len() - 1
                }
            };
            node = &mut node.children[at].1;
        }
        node.values.push(value);
    }

    /// Calls `found` on every value stored under a term that may be what `mode` asks for
    /// (a superset of the true answers).
    pub(super) fn retrieve<'s>(
        &'s self,
        bank: &Bank,
        key: Key,
        mode: Retrieve,
        found: &mut impl FnMut(&'s V),
    ) {
        self.retrieve_by(&Fingerprinted::new(bank, key), mode, found);
    }

    /// [`FingerprintIndex::retrieve`] for a key fingerprinted once for several indexes.
    pub(super) fn retrieve_by<'s>(
        &'s self,
        key: &Fingerprinted,
        mode: Retrieve,
        found: &mut impl FnMut(&'s V),
    ) {
        fn walk<'s, V>(
            node: &'s Node<V>,
            query: &[Feature],
            mode: Retrieve,
            found: &mut impl FnMut(&'s V),
        ) {
            let Some((&feature, rest)) = query.split_first() else {
                node.values.iter().for_each(found);
                return;
            };
            for (stored, child) in &node.children {
                if compatible(mode, feature, *stored) {
                    walk(child, rest, mode, found);
                }
            }
        }
        walk(&self.root, &key.0, mode, found);
    }

    /// Keeps only the values `keep` accepts (to drop those of retired clauses).
    pub(super) fn retain(&mut self, keep: &mut impl FnMut(&V) -> bool) {
        fn walk<V>(node: &mut Node<V>, keep: &mut impl FnMut(&V) -> bool) {
            node.values.retain(|v| keep(v));
            for (_, child) in &mut node.children {
                walk(child, keep);
            }
            node.children.retain(|(_, c)| !c.values.is_empty() || !c.children.is_empty());
        }
        walk(&mut self.root, keep);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::clauses::Term;

    fn app(f: SymId, args: Vec<Term>) -> Term {
        Term::App(f, args)
    }

    #[test]
    fn the_fingerprint_tells_symbols_variables_and_missing_positions_apart() {
        let mut bank = Bank::new();
        // f(x, g(a)) with f binary, g unary, a a constant.
        let t = bank.intern(&app(0, vec![Term::Var(0), app(1, vec![app(2, vec![])])]));
        use Feature::*;
        assert_eq!(
            Key::Term(t).fingerprint(&bank),
            [Symbol(0), Variable, Symbol(1), BelowVariable, BelowVariable, Symbol(2), Absent]
        );
        let x = bank.var(3);
        assert_eq!(
            Key::Term(x).fingerprint(&bank),
            [
                Variable,
                BelowVariable,
                BelowVariable,
                BelowVariable,
                BelowVariable,
                BelowVariable,
                BelowVariable
            ]
        );
    }

    #[test]
    fn the_fingerprint_in_one_descent_is_the_feature_at_each_position() {
        let mut bank = Bank::new();
        let (x, a) = (Term::Var(0), app(2, vec![]));
        let terms = [
            x.clone(),
            a.clone(),
            app(1, vec![x.clone()]),
            app(1, vec![app(0, vec![a.clone(), x.clone()])]),
            app(0, vec![app(1, vec![a.clone()]), app(0, vec![x.clone(), app(1, vec![x.clone()])])]),
            app(0, vec![x.clone(), app(3, vec![a.clone(), a.clone(), x.clone()])]),
        ];
        let ids: Vec<TermId> = terms.iter().map(|t| bank.intern(t)).collect();
        let mut keys: Vec<Key> = ids.iter().map(|&t| Key::Term(t)).collect();
        for &s in &ids {
            for &t in &ids {
                keys.push(Key::Eq(s, t));
            }
        }
        for key in keys {
            let by_position = POSITIONS.map(|path| key.feature(&bank, path));
            assert_eq!(key.fingerprint(&bank), by_position);
        }
    }

    #[test]
    fn an_equation_is_fingerprinted_as_a_term_under_the_equality_symbol() {
        let mut bank = Bank::new();
        let x = Term::Var(0);
        let (fx, a) = (bank.intern(&app(1, vec![x])), bank.intern(&app(2, vec![])));
        let as_term = bank.app(7, &[fx, a]);
        let equation = Key::Eq(fx, a).fingerprint(&bank);
        assert_eq!(equation[0], Feature::Equality);
        assert_eq!(equation[1..], Key::Term(as_term).fingerprint(&bank)[1..]);
        let flipped = Key::atom(Atom::Eq(fx, a), true).fingerprint(&bank);
        assert_eq!((flipped[1], flipped[2]), (Feature::Symbol(2), Feature::Symbol(1)));
    }

    #[test]
    fn a_query_finds_only_what_may_unify_or_match() {
        let mut bank = Bank::new();
        let a = app(2, vec![]);
        let b = app(3, vec![]);
        let fa = bank.intern(&app(1, vec![a.clone()]));
        let fx = bank.intern(&app(1, vec![Term::Var(0)]));
        let fb = bank.intern(&app(1, vec![b.clone()]));
        let y = bank.var(1);
        let a = bank.intern(&a);
        let mut index = FingerprintIndex::default();
        for (k, t) in [fa, fx, fb, y].into_iter().enumerate() {
            index.insert(&bank, Key::Term(t), k);
        }
        let query = |t: TermId, mode| {
            let mut out = Vec::new();
            index.retrieve(&bank, Key::Term(t), mode, &mut |&k| out.push(k));
            out.sort();
            out
        };
        assert_eq!(query(fa, Retrieve::Unifiable), vec![0, 1, 3]);
        assert_eq!(query(fa, Retrieve::Generalizations), vec![0, 1, 3]);
        assert_eq!(query(fa, Retrieve::Instances), vec![0]);
        assert_eq!(query(fx, Retrieve::Instances), vec![0, 1, 2]);
        assert_eq!(query(fx, Retrieve::Generalizations), vec![1, 3]);
        assert_eq!(query(a, Retrieve::Unifiable), vec![3]);
    }
}
