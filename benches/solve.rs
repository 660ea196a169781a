//! The constraint core: what varisat costs (pigeonhole, random 3-SAT, with and without
//! umpire's budget guard), a cardinality-heavy instance, and exact counting of a Clue deal.

use umpire::solve::deal::Deal;
use umpire::solve::{encode, Budget, Lit, Outcome, SatProblem};
use varisat::ExtendFormula;

fn main() {
    divan::main();
}

fn rng(seed: u64) -> impl FnMut(u64) -> u64 {
    let mut r = seed | 1;
    move |m| {
        r ^= r << 13;
        r ^= r >> 7;
        r ^= r << 17;
        r % m
    }
}

fn pigeonhole_clauses(pigeons: usize, holes: usize) -> Vec<Vec<(usize, bool)>> {
    let var = |p: usize, h: usize| p * holes + h;
    let mut cnf: Vec<Vec<(usize, bool)>> =
        (0..pigeons).map(|p| (0..holes).map(|h| (var(p, h), true)).collect()).collect();
    for h in 0..holes {
        for a in 0..pigeons {
            for b in a + 1..pigeons {
                cnf.push(vec![(var(a, h), false), (var(b, h), false)]);
            }
        }
    }
    cnf
}

fn random_3sat(vars: usize, clauses: usize, seed: u64) -> Vec<Vec<(usize, bool)>> {
    let mut next = rng(seed);
    (0..clauses)
        .map(|_| (0..3).map(|_| (next(vars as u64) as usize, next(2) == 1)).collect())
        .collect()
}

fn solve_guarded(cnf: &[Vec<(usize, bool)>], vars: usize) -> bool {
    let mut p = SatProblem::new();
    let x = p.new_lits(vars);
    for c in cnf {
        let lits: Vec<Lit> = c.iter().map(|&(v, s)| if s { x[v] } else { !x[v] }).collect();
        p.add_clause(&lits);
    }
    p.solve(&[], &Budget::unlimited()).is_sat()
}

fn solve_raw(cnf: &[Vec<(usize, bool)>], vars: usize) -> bool {
    let mut s = varisat::Solver::new();
    let x: Vec<Lit> = (0..vars).map(|_| s.new_lit()).collect();
    for c in cnf {
        let lits: Vec<Lit> = c.iter().map(|&(v, pos)| if pos { x[v] } else { !x[v] }).collect();
        s.add_clause(&lits);
    }
    s.solve().unwrap()
}

#[divan::bench(args = ["guarded", "raw varisat"])]
fn pigeonhole_8_into_7(kind: &str) -> bool {
    let cnf = pigeonhole_clauses(8, 7);
    if kind == "raw varisat" {
        solve_raw(&cnf, 56)
    } else {
        solve_guarded(&cnf, 56)
    }
}

#[divan::bench(args = ["guarded", "raw varisat"])]
fn random_3sat_120_vars_at_threshold(kind: &str) -> bool {
    let cnf = random_3sat(120, 511, 7);
    if kind == "raw varisat" {
        solve_raw(&cnf, 120)
    } else {
        solve_guarded(&cnf, 120)
    }
}

/// 60 literals, exactly 20 true, in 6 overlapping windows of 20 with at most 8 true each.
#[divan::bench]
fn cardinality_heavy() -> bool {
    let mut p = SatProblem::new();
    let x = p.new_lits(60);
    encode::exactly(&mut p, &x, 20);
    for w in 0..6 {
        let window: Vec<Lit> = (0..20).map(|i| x[(w * 8 + i) % 60]).collect();
        encode::at_most(&mut p, &window, 8);
    }
    p.solve(&[], &Budget::unlimited()).is_sat()
}

/// Classic Clue, 21 cards: envelope + 4 players (5, 5, 4, 4 cards), my 5 cards known,
/// a dozen "showed one of these three" refutations and the passes that came with them.
#[divan::bench]
fn clue_deal_exact_count() -> u128 {
    let mut d = Deal::new(21, vec![3, 5, 5, 4, 4]);
    d.exactly(0, &(0..6).collect::<Vec<_>>(), 1);
    d.exactly(0, &(6..12).collect::<Vec<_>>(), 1);
    d.exactly(0, &(12..21).collect::<Vec<_>>(), 1);
    for card in [0, 7, 13, 14, 20] {
        d.place(card, 1);
    }
    let mut next = rng(42);
    for _ in 0..12 {
        let s = next(6) as usize;
        let w = 6 + next(6) as usize;
        let r = 12 + next(9) as usize;
        let shower = 2 + next(3) as usize;
        if [s, w, r].iter().all(|&c| d.allowed[c] & (1 << shower) == 0) {
            continue;
        }
        d.at_least_one(shower, &[s, w, r]);
    }
    match d.count(&Budget::unlimited()) {
        Outcome::Sat(c) => c.total,
        _ => unreachable!("no budget"),
    }
}
