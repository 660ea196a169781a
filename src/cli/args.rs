//! The command line's words: one clap `Command` a subcommand, each with its help text, and
//! the argument structs of each family in its own file. Nothing here runs anything.

use crate::{board, clue, deduction, derive, dice, game, infer, serve, tptp};
use clap::Parser;

#[derive(Parser)]
#[command(name = "umpire", version, about = "Referees table games of logic and deduction")]
pub enum Command {
    /// Parse and check statements; print them normalized, or as a syntax tree.
    Parse(board::ParseArgs),
    /// Is the board consistent? Prints a model, or why there is none.
    Check(board::CheckArgs),
    /// Does statement K (counted from 1) follow from the other statements?
    Follows(board::FollowsArgs),
    /// Finds and shows a model of the board (the smallest, or one of the given size).
    Model(board::ModelArgs),
    /// Judges a derivation line by line against a board: each step right, wrong (with a
    /// counter-model) or unknown, and whether it proves the claim argued.
    Derive(derive::DeriveArgs),
    /// Try statements interactively: build a board, check it, ask what follows, play a game.
    Repl,
    /// A game of the logic card game, kept in a save file (JSON; written atomically).
    #[command(subcommand)]
    Game(game::GameAction),
    /// Solves a TPTP problem (FOF or CNF): `% SZS status … for NAME`, then the model or proof.
    Tptp(tptp::TptpArgs),
    /// Clue: everything a game log implies, with exact probabilities; advice; log editing.
    #[command(subcommand)]
    Clue(clue::ClueAction),
    /// Deduction (piecepack): what a log implies about the missing tile, advice, a game.
    #[command(subcommand)]
    Deduction(deduction::DeductionAction),
    /// Infer: dice experiments and Laws — judging, the Universe's disproofs, the deck, and a game against a computer Universe.
    #[command(subcommand)]
    Infer(infer::InferAction),
    /// Inverted Dice: exact odds, the coach, the optimal strategy, a score-sheet game.
    #[command(subcommand)]
    Dice(dice::DiceAction),
    /// Serves one page for the table (the card game, a check pad, Infer, Clue and Deduction
    /// notebooks) on this machine, or to the local network with --lan and a join code.
    Serve(serve::ServeArgs),
    /// Writes the board as a problem for other provers.
    Export(board::ExportArgs),
    /// Prints a completion script for a shell (bash, zsh, fish, elvish, powershell).
    Completions { shell: clap_complete::Shell },
    /// Prints the manual page (roff): `umpire man > umpire.1 && man ./umpire.1`.
    Man,
}
