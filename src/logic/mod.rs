//! The statement language of the logic card game: syntax tree ([`ast`]), parser
//! ([`parse`], following `grammar/statements.ebnf`), checker ([`check`]), printer
//! ([`print`](mod@print)), diagnostics ([`diagnostics`]) and board files ([`board`]).
//!
//! Text flows `parse` → `check` → engines; every later stage may assume the checker's
//! guarantees: each symbol used with its kind and arity, variables bound exactly once.

pub mod ast;
pub mod board;
pub mod check;
pub mod clauses;
pub mod cnf;
pub mod derivation;
pub mod diagnostics;
pub mod export;
pub mod infinite;
pub mod parse;
pub mod presburger;
pub mod print;
pub mod semantics;
pub mod smt2;
pub mod tptp;
pub mod words;
