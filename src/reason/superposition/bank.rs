//! The term bank: every term the loop makes, stored once (perfect sharing, as in E's and
//! Vampire's term banks) and named by a [`TermId`].
//!
//! A term is built bottom up from the ids of its arguments, so two equal terms get the same
//! id: comparing terms is comparing ids, a substitution binds a variable to an id without
//! copying, and a clause is a short list of literals over ids. Each term carries its size
//! (symbols and variables), the largest variable in it and whether it is ground, computed
//! once when it is made, so the ordering, the weight limit and renaming ask in constant time.
//!
//! The bank only grows during a run (terms of clauses the loop has dropped stay: they are
//! few next to what a clause record costs). Input clauses come in from
//! `logic::clauses::Term` trees ([`Bank::intern`]) and proofs and saturations go out as
//! trees ([`Bank::tree`]), so the independent checkers keep their own tree terms.
//!
//! ```text
//! f(g(x), g(x))   →   #3 = f(#2, #2),  #2 = g(#1),  #1 = x
//! ```

use crate::logic::clauses::{SymId, Term};
use hashbrown::HashTable;
use rustc_hash::FxHasher;
use std::hash::{Hash, Hasher};

/// A term of a [`Bank`]: equal ids, equal terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TermId(u32);

/// What is at the top of a term.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Head {
    Var(u32),
    App(SymId),
}

/// One stored term: its head, where its arguments are, and what is cached about it.
#[derive(Clone, Copy, Debug)]
struct Node {
    head: Head,
    /// The arguments are `args[start..start + len]` of the bank.
    start: u32,
    len: u32,
    /// Symbols and variables.
    size: u32,
    /// One more than the largest variable in the term; 0 for a ground term.
    var_bound: u32,
}

/// The terms of one run of the loop, each stored once.
#[derive(Default)]
pub struct Bank {
    nodes: Vec<Node>,
    args: Vec<TermId>,
    /// The ids, found by the hash of (head, arguments).
    table: HashTable<TermId>,
}

fn hash_of(head: Head, args: &[TermId]) -> u64 {
    let mut h = FxHasher::default();
    head.hash(&mut h);
    args.hash(&mut h);
    h.finish()
}

impl Bank {
    pub fn new() -> Bank {
        Bank::default()
    }

    /// How many distinct terms are stored.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The term with this head and arguments (variables take none), made if it is new.
    pub fn make(&mut self, head: Head, args: &[TermId]) -> TermId {
        let hash = hash_of(head, args);
        let (nodes, all_args) = (&self.nodes, &self.args);
        let same = |id: &TermId| {
            let n = &nodes[id.0 as usize];
            n.head == head && &all_args[n.start as usize..(n.start + n.len) as usize] == args
        };
        if let Some(&id) = self.table.find(hash, same) {
            return id;
        }
        let (size, var_bound) = match head {
            Head::Var(v) => (1, v + 1),
            Head::App(_) => args.iter().fold((1u32, 0u32), |(size, bound), a| {
                let n = &self.nodes[a.0 as usize];
                (size.saturating_add(n.size), bound.max(n.var_bound))
            }),
        };
        let id = TermId(u32::try_from(self.nodes.len()).expect("fewer than 2^32 terms"));
        let start = self.args.len() as u32;
        self.args.extend_from_slice(args);
        self.nodes.push(Node { head, start, len: args.len() as u32, size, var_bound });
        let nodes = &self.nodes;
        let args_of = &self.args;
        self.table.insert_unique(hash, id, |id| {
            let n = &nodes[id.0 as usize];
            hash_of(n.head, &args_of[n.start as usize..(n.start + n.len) as usize])
        });
        id
    }

    /// Variable `v`.
    pub fn var(&mut self, v: u32) -> TermId {
        self.make(Head::Var(v), &[])
    }

    /// `f(args)`.
    pub fn app(&mut self, f: SymId, args: &[TermId]) -> TermId {
        self.make(Head::App(f), args)
    }

    fn node(&self, t: TermId) -> &Node {
        &self.nodes[t.0 as usize]
    }

    pub fn head(&self, t: TermId) -> Head {
        self.node(t).head
    }

    /// The arguments (none for a variable or a constant).
    pub fn args(&self, t: TermId) -> &[TermId] {
        let n = self.node(t);
        &self.args[n.start as usize..(n.start + n.len) as usize]
    }

    /// The variable `t` is, if it is one.
    pub fn as_var(&self, t: TermId) -> Option<u32> {
        match self.node(t).head {
            Head::Var(v) => Some(v),
            Head::App(_) => None,
        }
    }

    pub fn is_var(&self, t: TermId) -> bool {
        self.as_var(t).is_some()
    }

    /// The symbol at the top, unless `t` is a variable.
    pub fn symbol(&self, t: TermId) -> Option<SymId> {
        match self.node(t).head {
            Head::App(f) => Some(f),
            Head::Var(_) => None,
        }
    }

    /// Symbols and variables.
    pub fn size(&self, t: TermId) -> usize {
        self.node(t).size as usize
    }

    /// One more than the largest variable in `t`; 0 when it is ground.
    pub fn var_bound(&self, t: TermId) -> u32 {
        self.node(t).var_bound
    }

    pub fn is_ground(&self, t: TermId) -> bool {
        self.node(t).var_bound == 0
    }

    /// Whether variable `v` occurs in `t`.
    pub fn occurs(&self, v: u32, t: TermId) -> bool {
        let n = self.node(t);
        if v >= n.var_bound {
            return false;
        }
        match n.head {
            Head::Var(w) => w == v,
            Head::App(_) => self.args(t).iter().any(|&a| self.occurs(v, a)),
        }
    }

    /// `t` with each variable replaced by what `image` gives for it (ground subterms are
    /// left as they are).
    pub fn map_vars(
        &mut self,
        t: TermId,
        image: &mut impl FnMut(&mut Bank, u32) -> TermId,
    ) -> TermId {
        if self.is_ground(t) {
            return t;
        }
        match self.head(t) {
            Head::Var(v) => image(self, v),
            head => {
                let n = self.node(t);
                let (start, len) = (n.start as usize, n.len as usize);
                let mut args: smallvec_args::Args = smallvec_args::Args::new();
                for k in 0..len {
                    let a = self.args[start + k];
                    args.push(self.map_vars(a, image));
                }
                self.make(head, &args)
            }
        }
    }

    /// `t` with every variable `v` renamed `v + by`.
    pub fn shift(&mut self, t: TermId, by: u32) -> TermId {
        if by == 0 {
            return t;
        }
        self.map_vars(t, &mut |bank, v| bank.var(v + by))
    }

    /// The term `t` of the clause form, stored.
    pub fn intern(&mut self, t: &Term) -> TermId {
        match t {
            Term::Var(v) => self.var(*v),
            Term::App(f, args) => {
                let ids: smallvec_args::Args = args.iter().map(|a| self.intern(a)).collect();
                self.app(*f, &ids)
            }
        }
    }

    /// Term `t` as a tree of the clause form.
    pub fn tree(&self, t: TermId) -> Term {
        match self.head(t) {
            Head::Var(v) => Term::Var(v),
            Head::App(f) => Term::App(f, self.args(t).iter().map(|&a| self.tree(a)).collect()),
        }
    }

    /// `t` with the subterm at `path` (argument indices from the top) replaced by `with`.
    pub fn replace_at(&mut self, t: TermId, path: &[usize], with: TermId) -> TermId {
        let Some((&i, rest)) = path.split_first() else { return with };
        let Head::App(f) = self.head(t) else { return t };
        let mut args: smallvec_args::Args = self.args(t).iter().copied().collect();
        args[i] = self.replace_at(args[i], rest, with);
        self.app(f, &args)
    }
}

/// A small vector of argument ids, on the stack for the arities terms mostly have.
mod smallvec_args {
    use super::TermId;

    /// Arguments being gathered before a term is made: most terms have at most four.
    pub(super) struct Args {
        inline: [TermId; 4],
        len: usize,
        heap: Vec<TermId>,
    }

    impl Args {
        pub(super) fn new() -> Args {
            Args { inline: [TermId(0); 4], len: 0, heap: Vec::new() }
        }

        pub(super) fn push(&mut self, t: TermId) {
            if self.len < 4 && self.heap.is_empty() {
                self.inline[self.len] = t;
                self.len += 1;
            } else {
                if self.heap.is_empty() {
                    self.heap.extend_from_slice(&self.inline[..self.len]);
                }
                self.heap.push(t);
            }
        }
    }

    impl std::ops::Deref for Args {
        type Target = [TermId];
        fn deref(&self) -> &[TermId] {
            if self.heap.is_empty() {
                &self.inline[..self.len]
            } else {
                &self.heap
            }
        }
    }

    impl std::ops::DerefMut for Args {
        fn deref_mut(&mut self) -> &mut [TermId] {
            if self.heap.is_empty() {
                &mut self.inline[..self.len]
            } else {
                &mut self.heap
            }
        }
    }

    impl FromIterator<TermId> for Args {
        fn from_iter<I: IntoIterator<Item = TermId>>(iter: I) -> Args {
            let mut args = Args::new();
            iter.into_iter().for_each(|t| args.push(t));
            args
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_terms_get_one_id_and_come_back_as_they_went_in() {
        let mut bank = Bank::new();
        // f(g(x), g(x), a) and f(g(x), g(y), a)
        let x = Term::Var(0);
        let g = |t: Term| Term::App(1, vec![t]);
        let a = Term::App(2, vec![]);
        let s = Term::App(0, vec![g(x.clone()), g(x.clone()), a.clone()]);
        let t = Term::App(0, vec![g(x.clone()), g(Term::Var(1)), a.clone()]);
        let (si, ti) = (bank.intern(&s), bank.intern(&t));
        assert_ne!(si, ti);
        assert_eq!(bank.intern(&s), si);
        assert_eq!(bank.args(si)[0], bank.args(si)[1]);
        assert_eq!(bank.tree(si), s);
        assert_eq!(bank.tree(ti), t);
        // x, g(x), a, s, y, g(y), t
        assert_eq!(bank.len(), 7);
        assert_eq!((bank.size(si), bank.var_bound(si), bank.var_bound(ti)), (6, 1, 2));
        let ai = bank.intern(&a);
        assert!(bank.is_ground(ai) && !bank.is_ground(si));
        assert!(bank.occurs(1, ti) && !bank.occurs(1, si));
    }

    #[test]
    fn shifting_and_replacing_make_the_terms_they_say() {
        let mut bank = Bank::new();
        let wide = Term::App(0, (0..6).map(Term::Var).collect());
        let w = bank.intern(&wide);
        let shifted = bank.shift(w, 10);
        assert_eq!(bank.tree(shifted), Term::App(0, (10..16).map(Term::Var).collect()));
        let c = bank.app(3, &[]);
        let replaced = bank.replace_at(w, &[5], c);
        let mut expected: Vec<Term> = (0..5).map(Term::Var).collect();
        expected.push(Term::App(3, vec![]));
        assert_eq!(bank.tree(replaced), Term::App(0, expected));
        assert_eq!(bank.replace_at(w, &[], c), c);
    }
}
