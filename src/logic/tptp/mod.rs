//! Writing boards as TPTP problems (FOF), so that other systems (cvc5, E, Vampire) can
//! answer the same question and every verdict can be checked elsewhere.
//!
//! Symbols keep their names where TPTP allows them (`blonde`), other names are
//! single-quoted (`'0'`, `'+'`; letters beyond ASCII as `#x431;`). Each bound variable is written upper-cased and numbered
//! within its statement (`x` → `X_1`), so no two binders share a variable. A cardinality
//! statement is written out as the formula it abbreviates; a name made by `∃!` is
//! written with its definition (ruling L6) as a further axiom.

use crate::logic::ast::{BinaryOp, Formula, Quantifier, Statement, StatementKind};
use crate::logic::board::CheckedBoard;
use crate::logic::export::{self, Dialect};

pub mod read;

/// The board as a TPTP problem; with `conjecture` = k, statement k becomes the
/// conjecture (is it a consequence of the others?).
pub fn problem(
    board: &CheckedBoard,
    conjecture: Option<usize>,
) -> Result<String, export::TooLargeToWrite> {
    export::writable(board)?;
    let mut out = format!("% {} exported by umpire\n", board.board.name);
    for (i, st) in board.board.statements.iter().enumerate() {
        let k = i + 1;
        let role = if conjecture == Some(k) { "conjecture" } else { "axiom" };
        out.push_str(&format!("fof(s{k}, {role}, {}).\n", statement(st)));
        if let StatementKind::Named { formula, name, params, target } = &st.kind {
            out.push_str(&format!(
                "fof(s{k}_name, axiom, {}).\n",
                export::name_definition(&Fof, formula, &name.name, params.len(), &target.name)
            ));
        }
    }
    Ok(out)
}

/// A symbol as TPTP writes it: plain when it can be, else single-quoted (`+` as `'+'`, so
/// that a name `plus` made on the board stays another symbol). TPTP quotes hold printable
/// ASCII only, so a letter beyond it is written `#x431;` (its code point): a board's names
/// have no `#`, so no two names meet.
pub fn symbol(name: &str) -> String {
    let mut chars = name.chars();
    let plain = chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
    if plain {
        return name.to_string();
    }
    let mut quoted = String::new();
    for c in name.chars() {
        match c {
            '\\' => quoted.push_str("\\\\"),
            '\'' => quoted.push_str("\\'"),
            c if (' '..='~').contains(&c) => quoted.push(c),
            c => quoted.push_str(&format!("#x{:x};", c as u32)),
        }
    }
    format!("'{quoted}'")
}

/// A bound variable: the board's name upper-cased, with what TPTP does not allow in a
/// variable spelled out or dropped, then `_` and the binder's number. The number after the
/// last `_` tells binders apart, whatever the names; a symbol never starts upper-case.
fn variable(name: &str, index: usize) -> String {
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        match c {
            '\'' => out.push('p'),
            c if i == 0 && c.is_ascii_alphabetic() => out.extend(c.to_uppercase()),
            _ if i == 0 => out.push('V'),
            c if c.is_ascii_alphanumeric() || c == '_' => out.push(c),
            _ => {}
        }
    }
    if out.is_empty() {
        out.push('V');
    }
    format!("{out}_{index}")
}

/// A statement as a TPTP formula.
pub fn statement(st: &Statement) -> String {
    export::statement(&Fof, st)
}

/// A formula as a TPTP formula.
pub fn formula(f: &Formula) -> String {
    export::formula(&Fof, f)
}

/// TPTP's first-order form (FOF).
struct Fof;

impl Dialect for Fof {
    fn variable(&self, name: &str, index: usize) -> String {
        variable(name, index)
    }
    fn apply(&self, name: &str, args: &[String]) -> String {
        if args.is_empty() {
            symbol(name)
        } else {
            format!("{}({})", symbol(name), args.join(","))
        }
    }
    fn equal(&self, a: &str, b: &str, equal: bool) -> String {
        format!("{a} {} {b}", if equal { "=" } else { "!=" })
    }
    fn not(&self, f: &str) -> String {
        format!("~ ({f})")
    }
    fn binary(&self, op: BinaryOp, left: &str, right: &str) -> String {
        let op = match op {
            BinaryOp::And => "&",
            BinaryOp::Or => "|",
            BinaryOp::Implies => "=>",
            BinaryOp::Iff => "<=>",
        };
        format!("({left}) {op} ({right})")
    }
    fn quantified(&self, q: Quantifier, v: &str, inner: &str) -> String {
        let q = if q == Quantifier::Forall { "!" } else { "?" };
        format!("{q} [{v}] : ({inner})")
    }
    fn exists_unique(&self, v: &str, inner: &str, w: &str, again: &str) -> String {
        format!("? [{v}] : (({inner}) & ! [{w}] : (({again}) => {w} = {v}))")
    }
    /// `?[O_1,…,O_n] : (O_1 != O_2 & …)`.
    fn at_least(&self, vars: &[String]) -> String {
        let n = vars.len();
        let mut distinct = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                distinct.push(format!("{} != {}", vars[i], vars[j]));
            }
        }
        format!("? [{}] : ({})", vars.join(","), distinct.join(" & "))
    }
    fn truth(&self) -> &'static str {
        "$true"
    }
    fn definition(&self, params: &[String], unique: &str, instance: &str) -> String {
        let inner = format!("(({unique}) => ({instance}))");
        if params.is_empty() {
            inner
        } else {
            format!("! [{}] : {inner}", params.join(","))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::{board, check::CheckMode};

    #[test]
    fn boards_become_fof_problems() {
        let b = board::load(
            "b",
            "∀x blonde(x) → happy(x)\n∃!x blonde(x) | blondie := x\n|L| < 3\nhappy(0 + blondie)",
            CheckMode::FreeStanding,
        )
        .unwrap();
        let p = problem(&b, Some(4)).unwrap();
        assert!(p.contains("fof(s1, axiom, ! [X_1] : ((blonde(X_1)) => (happy(X_1))))."), "{p}");
        assert!(p.contains("fof(s2_name, axiom, ((? [X_1] : ((blonde(X_1)) & ! [X_2] : ((blonde(X_2)) => X_2 = X_1))) => (blonde(blondie))))."), "{p}");
        assert!(
            p.contains(
                "fof(s3, axiom, ~ (? [O_1,O_2,O_3] : (O_1 != O_2 & O_1 != O_3 & O_2 != O_3)))."
            ),
            "{p}"
        );
        assert!(p.contains("fof(s4, conjecture, happy('+'('0',blondie)))."), "{p}");
    }

    /// Play-testing issue 38: a name `plus` made on the board met `+` (written `plus`), so
    /// E called a consistent board unsatisfiable; a Cyrillic name was quoted as it is, which
    /// TPTP does not allow.
    #[test]
    fn symbols_stay_apart_and_quotes_stay_ascii() {
        let b = board::load(
            "b",
            "∀x∀y∃!z z = y | plus(x, y) := z\n∃x∃y x + y ≠ y\n∃!x blonde(x) | блондин := x",
            CheckMode::FreeStanding,
        )
        .unwrap();
        let p = problem(&b, None).unwrap();
        assert!(p.contains("(plus(X_1,Y_2) = Y_2)") && p.contains("'+'(X_1,Y_2) != Y_2"), "{p}");
        assert!(p.contains("blonde('#x431;#x43b;#x43e;#x43d;#x434;#x438;#x43d;')"), "{p}");
        assert!(p.is_ascii(), "{p}");
    }

    /// Issue 38: `x'` and `x_p` were both written `X_p`, and `∃!x` under `∀x_u` wrote its
    /// second variable as the outer one's name, so the export said something else.
    #[test]
    fn no_two_binders_share_a_variable() {
        let b = board::load(
            "b",
            "∀x' ∀x_p likes(x', x_p)\n∀x_u ∃!x likes(x, x_u)\n∀x ∃!y (likes(x, y) ∧ ∃z likes(y, z))",
            CheckMode::FreeStanding,
        )
        .unwrap();
        let p = problem(&b, None).unwrap();
        assert!(p.contains("fof(s1, axiom, ! [Xp_1] : (! [X_p_2] : (likes(Xp_1,X_p_2))))."), "{p}");
        assert!(
            p.contains("fof(s2, axiom, ! [X_u_1] : (? [X_2] : ((likes(X_2,X_u_1)) & ! [X_3] : ((likes(X_3,X_u_1)) => X_3 = X_2))))."),
            "{p}"
        );
        // The inner `∃z` binds a variable of its own in each copy of the `∃!` body.
        assert!(
            p.contains("fof(s3, axiom, ! [X_1] : (? [Y_2] : (((likes(X_1,Y_2)) & (? [Z_3] : (likes(Y_2,Z_3)))) & ! [Y_4] : (((likes(X_1,Y_4)) & (? [Z_5] : (likes(Y_4,Z_5)))) => Y_4 = Y_2))))."),
            "{p}"
        );
    }
}
