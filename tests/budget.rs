//! The time limit is a promise to users' scripts (issue 37): `umpire tptp --cpu-limit N`
//! ends within N s and a small margin. Kept apart from `main` so that it runs alone.

use std::path::Path;
use std::process::{Command, Stdio};

fn read(rel: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// Issue 37: `umpire tptp --cpu-limit N` ends within N s and a small margin, answer and all,
/// on the problems whose size once broke the budget (`corpus/tptp-large`): 10 189 formulas
/// (CSR116+25, symmetry breaking over every constant), clauses too wide to split whole
/// (SWW888+1), a SAT search whose budget hook switched on varisat's own proof checker
/// (NLP089+1), superposition terms that grew without end (SYN885-1). This is not a speed
/// test: it checks a promise to users' scripts, that the limit holds, with the 1 s margin
/// the issue names (a debug build, one problem at a time). It is a test binary of its own
/// so that it runs alone: cargo runs test binaries one after another, and the tests of one
/// binary side by side, which would make the time the machine's load.
#[test]
fn the_budget_is_kept_on_large_problems() {
    let dir = "corpus/tptp-large";
    let manifest = read(&format!("{dir}/MANIFEST.tsv"));
    let limit = 2.0;
    let mut problems = 0;
    for line in manifest.lines().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        let (file, known) = (cols[0], cols[2]);
        let path = format!("{dir}/{file}");
        let start = std::time::Instant::now();
        let out = Command::new(env!("CARGO_BIN_EXE_umpire"))
            .args(["tptp", "--cpu-limit", &limit.to_string(), &path])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let took = start.elapsed().as_secs_f64();
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        let errors = String::from_utf8_lossy(&out.stderr).into_owned();
        let status = text
            .lines()
            .find_map(|l| l.strip_prefix("% SZS status "))
            .and_then(|l| l.split_whitespace().next())
            .unwrap_or_else(|| panic!("{file}: no SZS status: {text}{errors}"));
        assert!(!format!("{text}{errors}").contains("internal error"), "{file}");
        if ["Theorem", "CounterSatisfiable", "Unsatisfiable", "Satisfiable"].contains(&status) {
            assert_eq!(status, known, "{file}");
        }
        assert!(took <= limit + 1.0, "{file}: {took:.2} s with --cpu-limit {limit}");
        problems += 1;
    }
    assert_eq!(problems, 4);
}
