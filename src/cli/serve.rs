//! `umpire serve`: starts the page for the table and says where to open it.

use crate::budget::seconds;
use crate::exit::{Answer, Outcome};
use clap::Args;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use umpire::commands::defaults::SEARCH_SECONDS;
use umpire::serve::{Options, Server};

#[derive(Args)]
pub struct ServeArgs {
    /// The port to listen on (0: any free port).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The card game's save file: played from the page, created by its "New game".
    #[arg(long, default_value = "umpire-game.json")]
    game: PathBuf,
    /// Open the page to the local network (phones at the table), with a join code that
    /// every request must carry; without it, only this machine can connect.
    #[arg(long)]
    lan: bool,
    /// Each verdict's time budget, in seconds (a claim, the check pad, a notebook).
    #[arg(long, default_value = SEARCH_SECONDS, value_name = "SECONDS", value_parser = seconds)]
    timeout: Duration,
}

pub fn run(args: ServeArgs) -> Outcome {
    let options = Options {
        port: args.port,
        lan: args.lan,
        game: args.game.clone(),
        search_time: args.timeout,
        workers: 8,
    };
    if args.game.exists() {
        // Loading decides every recorded claim again, which can take a while: say so first.
        println!("replaying the saved game {} …", args.game.display());
    }
    let server = Server::bind(&options)?;
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    // The first Ctrl-C lets the requests in hand finish (a claim may take its whole budget);
    // a second one leaves at once, which is safe: every save is written atomically.
    let _ = ctrlc::set_handler(move || {
        if flag.swap(true, Ordering::Relaxed) {
            std::process::exit(130);
        }
        eprintln!("stopping after the requests in hand (Ctrl-C again to leave now)");
    });
    println!("umpire serves the table at {}", server.address);
    if let Some(code) = &server.join_code {
        println!("join code: {code} (the address above carries it; every request needs it)");
        // A phone at the table scans this instead of typing the address.
        if let Some(qr) = umpire::serve::qr::text(&server.address) {
            println!("{qr}");
        }
    }
    println!(
        "the card game is saved in {} after every move; Ctrl-C stops the server",
        args.game.display()
    );
    server.run(&stop);
    if args.game.exists() {
        println!("stopped; the game is saved in {}", args.game.display());
    } else {
        println!("stopped");
    }
    Ok(Answer::Yes)
}
