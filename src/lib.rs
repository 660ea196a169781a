//! umpire referees table games of logic and deduction.
//!
//! The library holds everything; the `umpire` binary (`src/cli/`) only parses arguments,
//! calls the command layer, prints and picks the exit code. The modules, from the ground up
//! (each uses only those listed before it, never one after; see `ARCHITECTURE.md`):

// The core: small utilities (which import nothing else), and constraint solving.
pub mod solve;
pub mod util;

// The statement language: syntax, checking, semantics, clause form, TPTP and SMT-LIB.
pub mod logic;

// The reasoning engines and the arbiter that races them.
pub mod reason;

// The games.
pub mod games;

// The command layer shared by the command line and the REPL.
pub mod commands;

pub mod serve;
