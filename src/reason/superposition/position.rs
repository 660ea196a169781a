//! Positions in terms: where an inference or a rewriting step works.
//!
//! A position is the path of argument indices from the top of a term; only positions of
//! non-variable subterms are visited (superposition never works into a variable), top down
//! and left to right, an order the loop's search relies on to be reproducible. The visits
//! hand the bank on to the visitor, which may make terms while the walk goes on (the walk
//! holds ids, not borrows). Replacing the subterm at a position is [`Bank::replace_at`].
//!
//! Deliberately separate from `reason::proof::saturation`'s own `positions` and
//! `replace_at`: the checker must not share code with the engine it checks.

use super::bank::{Bank, TermId};

/// The first `Some` that `visit` returns for a subterm of `t` that is not a variable, given
/// with its path, top down and left to right.
pub(super) fn find_position<R>(
    bank: &mut Bank,
    t: TermId,
    path: &mut Vec<usize>,
    visit: &mut impl FnMut(&mut Bank, &[usize], TermId) -> Option<R>,
) -> Option<R> {
    if bank.is_var(t) {
        return None;
    }
    if let Some(found) = visit(bank, path, t) {
        return Some(found);
    }
    for i in 0..bank.args(t).len() {
        let a = bank.args(t)[i];
        path.push(i);
        let found = find_position(bank, a, path, visit);
        path.pop();
        if found.is_some() {
            return found;
        }
    }
    None
}

/// Calls `visit` on every subterm of `t` that is not a variable.
pub(super) fn each_position(bank: &Bank, t: TermId, visit: &mut impl FnMut(TermId)) {
    if !bank.is_var(t) {
        visit(t);
        bank.args(t).iter().for_each(|&a| each_position(bank, a, visit));
    }
}

/// Calls `visit` on every subterm of `t` that is not a variable, with its path (borrowed:
/// most positions are only tried, and a path is copied only where an inference is made).
pub(super) fn each_path(
    bank: &mut Bank,
    t: TermId,
    path: &mut Vec<usize>,
    visit: &mut impl FnMut(&mut Bank, &[usize], TermId),
) {
    find_position(bank, t, path, &mut |bank, path, sub| -> Option<()> {
        visit(bank, path, sub);
        None
    });
}
