//! The REPL through a pseudo-terminal, as a player uses it.

use rexpect::session::spawn_command;
use std::process::Command;

fn start() -> rexpect::session::PtySession {
    let history = std::env::temp_dir().join(format!("umpire-repl-history-{}", std::process::id()));
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_umpire"));
    cmd.arg("repl").env("UMPIRE_HISTORY", &history).env("TERM", "xterm").env("LANG", "C.UTF-8");
    let mut p = spawn_command(cmd, Some(20_000)).expect("spawn umpire repl");
    p.exp_string("umpire> ").unwrap();
    p
}

/// Sends a line once the previous answer has come and the prompt is back (a terminal drops
/// input typed ahead of the prompt), then waits for `answer`.
fn say(p: &mut rexpect::session::PtySession, line: &str, answer: &str) {
    std::thread::sleep(std::time::Duration::from_millis(200));
    p.send_line(line).unwrap();
    p.exp_string(answer).unwrap_or_else(|e| panic!("after `{line}`: {e}"));
}

#[test]
fn type_complete_check_and_cancel() {
    let mut p = start();
    // rexpect reads bytes as Latin-1, so the checks look at the ASCII parts of the output.
    say(&mut p, "forall x happy(x) -> blonde(x)", "(1) ");
    // Tab completes `bl` to `blonde`.
    std::thread::sleep(std::time::Duration::from_millis(200));
    p.send("bl").unwrap();
    p.send("\t").unwrap();
    say(&mut p, "(a)", "(2) blonde(a)");
    say(&mut p, "check", "consistent");
    // A long search, cancelled with Ctrl-C; the session goes on.
    say(&mut p, "clear", "the board is empty");
    // corpus/boards/pairing-chain.board: beyond every engine, so the search runs on.
    say(&mut p, "forall x, y, u, v (x + y = u + v -> x = u & y = v)", "(1) ");
    say(&mut p, "exists x exists y x != y", "(2) ");
    say(&mut p, "forall x, y, z (smarter(x, y) & smarter(y, z) -> smarter(x, z))", "(3) ");
    say(&mut p, "forall x smarter(father(x), x)", "(4) ");
    say(&mut p, "set max-size 250", "250 objects");
    say(&mut p, "set timeout 120", "120 s");
    say(&mut p, "check", "check");
    std::thread::sleep(std::time::Duration::from_millis(1500));
    p.send_control('c').unwrap();
    p.exp_string("cancelled").unwrap();
    say(&mut p, "list", "x = u");
    std::thread::sleep(std::time::Duration::from_millis(200));
    p.send_control('d').unwrap();
    p.exp_eof().unwrap();
}
