//! The exports mean the board (issue 38): random boards, with names chosen to collide once
//! written (`x'` beside `x_p`, `∃!` under a variable named like its second copy), are written as TPTP, read back by umpire's own TPTP reader,
//! and each statement and its export must agree on every structure tried (all of size 1 and
//! random ones of sizes 2 and 3), judged by the evaluator.

use umpire::logic::semantics::Structure;
use umpire::logic::{board, check::CheckMode, print, tptp};
use umpire::util::random::SplitMix64;

const BOARDS: u64 = 1000;
const NAMES: [&str; 7] = ["x", "x'", "x_p", "y", "x_u", "X", "x_1"];

struct Gen {
    rng: SplitMix64,
}

impl Gen {
    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.rng.below(items.len() as u64) as usize]
    }

    fn term(&mut self, bound: &[&str], depth: u32) -> String {
        let r = self.rng.below(10);
        if depth == 0 || r < 5 {
            if bound.is_empty() || r == 0 {
                return "c".into();
            }
            return self.pick(bound).to_string();
        }
        if r < 8 {
            return format!("father({})", self.term(bound, depth - 1));
        }
        format!("({} + {})", self.term(bound, depth - 1), self.term(bound, depth - 1))
    }

    fn atom(&mut self, bound: &[&str]) -> String {
        match self.rng.below(4) {
            0 => format!("happy({})", self.term(bound, 1)),
            1 => format!("likes({}, {})", self.term(bound, 1), self.term(bound, 1)),
            2 => format!("{} = {}", self.term(bound, 2), self.term(bound, 1)),
            _ => format!("{} ≠ {}", self.term(bound, 1), self.term(bound, 1)),
        }
    }

    fn formula(&mut self, bound: &mut Vec<&'static str>, depth: u32) -> String {
        let r = self.rng.below(10);
        if depth == 0 || r < 3 {
            let a = self.atom(bound);
            return if self.rng.below(4) == 0 { format!("¬({a})") } else { a };
        }
        if r < 6 {
            let op = self.pick(&["∧", "∨", "→", "↔"]);
            let l = self.formula(bound, depth - 1);
            let r = self.formula(bound, depth - 1);
            return format!("({l}) {op} ({r})");
        }
        // A binder with a name not yet bound (boards refuse shadowing), often a look-alike
        // of one that is.
        let free: Vec<&'static str> = NAMES.into_iter().filter(|n| !bound.contains(n)).collect();
        if free.is_empty() {
            return self.atom(bound);
        }
        let v = free[self.rng.below(free.len() as u64) as usize];
        let q = self.pick(&["∀", "∃", "∃!"]);
        bound.push(v);
        let body = self.formula(bound, depth - 1);
        bound.pop();
        format!("{q}{v} ({body})")
    }

    fn board(&mut self) -> String {
        let mut lines = Vec::new();
        for _ in 0..1 + self.rng.below(4) {
            let line = match self.rng.below(8) {
                0 => format!("|L| ≥ {}", 2 + self.rng.below(3)),
                1 => format!("|L| < {}", 2 + self.rng.below(4)),
                _ => self.formula(&mut Vec::new(), 4),
            };
            lines.push(line);
        }
        lines.join("\n")
    }

    /// A random structure over the board's symbols of `size` objects.
    fn structure(&mut self, template: &Structure, size: usize) -> Structure {
        let mut s = template.clone();
        for t in s.predicates.values_mut() {
            t.values.iter_mut().for_each(|v| *v = self.rng.below(2) == 1);
        }
        for t in s.functions.values_mut() {
            t.values.iter_mut().for_each(|v| *v = self.rng.below(size as u64) as u32);
        }
        s
    }
}

#[test]
fn a_thousand_random_boards_mean_the_same_once_exported() {
    let mut gen = Gen { rng: SplitMix64::new(38) };
    let dir = std::env::temp_dir().join(format!("umpire-export-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("board.p");
    let mut compared = 0u64;
    for k in 0..BOARDS {
        let text = gen.board();
        let b = match board::load("b", &text, CheckMode::FreeStanding) {
            Ok(b) => b,
            Err(e) => panic!("generated board {k} does not parse: {e:?}\n{text}"),
        };
        std::fs::write(&file, tptp::problem(&b, None).unwrap()).unwrap();
        let read = tptp::read::read_file(&file).unwrap();
        assert_eq!(read.len(), b.board.statements.len(), "{text}");
        for size in 1..=3 {
            let blank = Structure::blank(&b.signature, size);
            let tries = if size == 1 { 1 } else { 6 };
            for _ in 0..tries {
                let m = gen.structure(&blank, size);
                for (i, st) in b.board.statements.iter().enumerate() {
                    let ours = m.satisfies(st, false).unwrap();
                    let theirs = m.eval(&read[i].formula, &mut Vec::new()).unwrap();
                    assert_eq!(
                        ours,
                        theirs,
                        "board {k}, statement {}, size {size}: the export means something \
                         else\n{text}\n{}\n{m:?}",
                        i + 1,
                        print::formula(&read[i].formula, print::Style::Unicode)
                    );
                    compared += 1;
                }
            }
        }
    }
    std::fs::remove_dir_all(&dir).ok();
    eprintln!("{BOARDS} boards exported, read back and compared on {compared} (statement, structure) pairs");
    assert!(compared > BOARDS * 13, "{compared} comparisons");
}
