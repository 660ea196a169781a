//! Infer: the Universe's search for the smallest experiment separating a Law from a Theory
//! (goal: under a second whenever the answer has at most 6 dice), and the listing of shapes
//! it searches over.

use umpire::games::infer::deck::deck;
use umpire::games::infer::experiment::Supply;
use umpire::games::infer::game::{Game, Setup};
use umpire::games::infer::law::{parse, Sees};
use umpire::games::infer::search::{disprove, Found, Limits};
use umpire::games::infer::shapes::shapes;
use umpire::solve::Budget;

fn main() {
    divan::main();
}

fn limits() -> Limits {
    Limits { max_dice: 6, budget: Budget::unlimited() }
}

/// Every pair of Laws in the deck (1711 searches; most separate with 0–3 dice).
#[divan::bench(sample_count = 5)]
fn disprove_all_deck_pairs() -> usize {
    let cards = deck();
    let supply = Supply::default();
    let mut found = 0;
    for (k, a) in cards.iter().enumerate() {
        for b in &cards[k + 1..] {
            found += matches!(
                disprove(&a.law, &b.law, &supply, &limits(), &mut |_, _| {}),
                Ok(Found::Experiment(_))
            ) as usize;
        }
    }
    found
}

/// Hard pairs: the witness needs 6 dice, or there is none and every shape up to 6 dice is
/// ruled out.
#[divan::bench(args = [
    "line ascending 6 | count dice = 7",
    "groups = count dice | no dice are touching dice",
    "all dice are even | no dice are odd",
    "dice different face and largest-group = 6 and some dice are stacked | count dice = 7",
    "sum dice = 36 and line ascending 2 | count dice = 9",
    "some group (count dice = 6 and dice different face) | count dice = 7",
    "some group (line ascending 6) | count dice = 7",
    "no line (count on-table >= 3) | not line 3",
    "every group (visible same face) and groups = 1 and count dice = 6 | count dice = 7",
    "all dice are divisible by 2 | no dice are odd",
], sample_count = 5)]
fn disprove_hard_pair(bencher: divan::Bencher, pair: &str) {
    let (a, b) = pair.split_once('|').unwrap();
    let (a, b) = (parse(a).unwrap(), parse(b).unwrap());
    let supply = Supply::default();
    bencher.bench(|| disprove(&a, &b, &supply, &limits(), &mut |_, _| {}).unwrap());
}

/// The arrangements of 6 dice when a Law sees touching, lines and stacking.
#[divan::bench(sample_count = 5)]
fn shapes_of_six_dice() -> usize {
    shapes(6, Sees { compass: false, ..Sees::everything() }).len()
}

fn game(law: &str) -> Game {
    let setup = Setup {
        supply: Supply::default(),
        compass: false,
        max_dice: 6,
        timer: false,
        seed: 3,
        level: None,
        law: Some(law.into()),
        variants: Default::default(),
        players: Vec::new(),
    };
    Game::new(setup, 0).unwrap()
}

/// A publication in a game (issues 34 and 59): a Theory that is the card's Law in other
/// words, `(L) and count dice >= 0`, which no experiment separates. Laws that see only counts
/// are decided over the whole box at once; the others rule out every experiment up to 6
/// dice. The deck's slowest cards (`scripts/infer-publication.sh` times every card).
#[divan::bench(args = [
    "every group (sum dice is divisible by 3)",
    "sum red > sum blue",
    "product dice = sum dice",
], sample_count = 3)]
fn publish_an_equivalent_theory(bencher: divan::Bencher, card: &str) {
    let theory = parse(&format!("({card}) and count dice >= 0")).unwrap();
    bencher.with_inputs(|| game(card)).bench_local_values(|mut g| {
        g.publish(Some(("t", &theory)), &Budget::unlimited(), 0, &mut |_| true).unwrap()
    });
}

/// Every card of the deck published as itself, in its own words (the same Law: no search).
#[divan::bench(sample_count = 3)]
fn publish_every_card_in_its_own_words(bencher: divan::Bencher) {
    let cards = deck();
    bencher
        .with_inputs(|| cards.iter().map(|c| game(&c.text)).collect::<Vec<_>>())
        .bench_local_values(|games| {
            let mut won = 0;
            for (mut g, card) in games.into_iter().zip(&cards) {
                let said = parse(&card.says).unwrap();
                let events = g
                    .publish(Some((&card.says, &said)), &Budget::unlimited(), 0, &mut |_| true)
                    .unwrap();
                won += events.len();
            }
            won
        });
}
