//! Tests of the odds, the strategy and the coach against independent brute force: ordered
//! dice, keeps chosen by position, plain recursion with memos — sharing no table with the
//! dynamic programs under test.

use super::coach::advise;
use super::play::robot_games;
use super::roll::{face_set, first_roll_counts, inverted_sum, Frac};
use super::strategy::{End, Strategy};
use super::turn::target_odds;
use super::{Position, Rules, ScoreSheet, Scoring, Sheet};
use crate::solve::Budget;
use std::collections::HashMap;

/// Every ordered throw of `n` dice (made once).
fn throws(n: usize) -> &'static [Vec<u8>] {
    static ALL: std::sync::OnceLock<Vec<Vec<Vec<u8>>>> = std::sync::OnceLock::new();
    &ALL.get_or_init(|| {
        let mut by_n = vec![vec![Vec::new()]];
        for _ in 0..5 {
            let last: &Vec<Vec<u8>> = by_n.last().unwrap();
            let next = last
                .iter()
                .flat_map(|t| (1..=6).map(move |f| [t.clone(), vec![f]].concat()))
                .collect();
            by_n.push(next);
        }
        by_n
    })[n]
}

fn sorted(mut d: Vec<u8>) -> Vec<u8> {
    d.sort_unstable();
    d
}

/// The published first-roll table (the rules' facts): ways out of 7776 for sums 1–20.
const PUBLISHED: [u32; 20] =
    [120, 120, 360, 360, 600, 750, 870, 780, 930, 720, 720, 510, 360, 240, 211, 61, 31, 31, 1, 1];

#[test]
fn the_first_roll_table_is_the_published_one() {
    let computed = first_roll_counts();
    let mut by_brute_force = [0u32; 22];
    for t in throws(5) {
        by_brute_force[inverted_sum(face_set(t)) as usize] += 1;
    }
    for s in 1..=20 {
        assert_eq!(computed[s], PUBLISHED[s - 1], "sum {s}");
        assert_eq!(by_brute_force[s], PUBLISHED[s - 1], "sum {s} by enumeration");
    }
    assert_eq!(computed[0] + computed[21], 0);
    // The rules: 9 is the likeliest first-roll sum.
    assert_eq!((1..=20).max_by_key(|&s| computed[s]), Some(9));
}

/// Brute-force best chance of `target` within `rolls_left + 1` more looks, as a numerator
/// over 6^(5·rolls_left), keeps chosen by dice position.
fn target_brute(
    dice: &[u8],
    rolls_left: u32,
    target: u32,
    memo: &mut HashMap<(Vec<u8>, u32), u128>,
) -> u128 {
    let scale = 6u128.pow(5 * rolls_left);
    if inverted_sum(face_set(dice)) == target {
        return scale;
    }
    if rolls_left == 0 {
        return 0;
    }
    if let Some(&v) = memo.get(&(dice.to_vec(), rolls_left)) {
        return v;
    }
    let mut best = 0;
    for mask in 0u32..32 {
        let kept: Vec<u8> = (0..5).filter(|i| mask & (1 << i) != 0).map(|i| dice[i]).collect();
        let n = 5 - kept.len();
        let sum: u128 = throws(n)
            .iter()
            .map(|t| {
                target_brute(
                    &sorted([kept.clone(), t.clone()].concat()),
                    rolls_left - 1,
                    target,
                    memo,
                )
            })
            .sum();
        best = best.max(sum * 6u128.pow(5 - n as u32));
    }
    memo.insert((dice.to_vec(), rolls_left), best);
    best
}

#[test]
fn single_target_odds_equal_brute_force() {
    for target in [1, 6, 9, 15, 18, 20] {
        let odds = target_odds(target);
        let mut memo = HashMap::new();
        for rolls in 1..=3u32 {
            let total: u128 = throws(5)
                .iter()
                .map(|t| target_brute(&sorted(t.clone()), rolls - 1, target, &mut memo))
                .sum();
            assert_eq!(
                odds[rolls as usize - 1],
                Frac::new(total, 5 * rolls),
                "target {target}, {rolls} rolls"
            );
        }
    }
    // Five 1s: each die becomes a 1 within three throws with chance 91/216.
    assert_eq!(target_odds(20)[2].reduced(), (91u128.pow(5), 216u128.pow(5)));
    // Within one roll the odds are the first-roll table.
    assert_eq!(target_odds(9)[0], Frac::new(930, 5));
}

/// An independent optimal-play solver: score sheet as a vector of entries, turns by brute
/// force over ordered throws with keeps by position.
struct Brute {
    rules: Rules,
    boxes: Vec<u32>,
    /// (boxes, bonus)
    sections: Vec<(Vec<u32>, u32)>,
    memo: HashMap<Vec<Option<u32>>, f64>,
}

impl Brute {
    fn value(&mut self, entries: Vec<Option<u32>>) -> f64 {
        if entries.iter().all(Option::is_some) {
            return 0.0;
        }
        if let Some(&v) = self.memo.get(&entries) {
            return v;
        }
        // What ending the turn with some dice is worth.
        let open: Vec<usize> = (0..self.boxes.len()).filter(|&i| entries[i].is_none()).collect();
        let mut zero_best = f64::MIN;
        for &i in &open {
            let mut e = entries.clone();
            e[i] = Some(0);
            zero_best = zero_best.max(self.value(e));
        }
        let mut score = HashMap::new();
        for &i in &open {
            let mut e = entries.clone();
            e[i] = Some(self.boxes[i]);
            let bonus: u32 = self
                .sections
                .iter()
                .filter(|(bs, _)| bs.contains(&self.boxes[i]))
                .filter(|(bs, _)| {
                    bs.iter().all(|b| {
                        e[self.boxes.iter().position(|x| x == b).unwrap()].is_some_and(|p| p > 0)
                    })
                })
                .map(|(_, bonus)| bonus)
                .sum();
            let v = (self.boxes[i] + bonus) as f64 + self.value(e);
            score.insert(self.boxes[i], v);
        }
        let rules = self.rules;
        let end = |dice: &[u8]| -> (f64, bool) {
            match score.get(&inverted_sum(face_set(dice))) {
                Some(&s) if rules.free_zero => (s.max(zero_best), true),
                Some(&s) => (s, true),
                None => (zero_best, false),
            }
        };
        let mut keep_memo: HashMap<(Vec<u8>, u32), f64> = HashMap::new();
        let mut roll_memo: HashMap<(Vec<u8>, u32), f64> = HashMap::new();
        let v = throws(5)
            .iter()
            .map(|t| turn_brute(&sorted(t.clone()), 2, &end, rules, &mut keep_memo, &mut roll_memo))
            .sum::<f64>()
            / 7776.0;
        self.memo.insert(entries, v);
        v
    }
}

fn turn_brute(
    dice: &[u8],
    rerolls_left: u32,
    end: &dyn Fn(&[u8]) -> (f64, bool),
    rules: Rules,
    keep_memo: &mut HashMap<(Vec<u8>, u32), f64>,
    roll_memo: &mut HashMap<(Vec<u8>, u32), f64>,
) -> f64 {
    let (stop, available) = end(dice);
    if rerolls_left == 0 || (available && rules.scoring == Scoring::Immediately) {
        return stop;
    }
    if let Some(&v) = roll_memo.get(&(dice.to_vec(), rerolls_left)) {
        return v;
    }
    let mut best = if rules.stop_early { stop } else { f64::MIN };
    for mask in 0u32..32 {
        if mask == 31 && !rules.stop_early {
            continue;
        }
        let kept = sorted((0..5).filter(|i| mask & (1 << i) != 0).map(|i| dice[i]).collect());
        let key = (kept.clone(), rerolls_left);
        let v = match keep_memo.get(&key) {
            Some(&v) => v,
            None => {
                let n = 5 - kept.len();
                let all = throws(n);
                let v = all
                    .iter()
                    .map(|t| {
                        turn_brute(
                            &sorted([kept.clone(), t.clone()].concat()),
                            rerolls_left - 1,
                            end,
                            rules,
                            keep_memo,
                            roll_memo,
                        )
                    })
                    .sum::<f64>()
                    / all.len() as f64;
                keep_memo.insert(key, v);
                v
            }
        };
        best = best.max(v);
    }
    roll_memo.insert((dice.to_vec(), rerolls_left), best);
    best
}

fn brute_expected(rules: Rules, sheet: &Sheet) -> f64 {
    let mut b = Brute {
        rules,
        boxes: sheet.boxes.clone(),
        sections: sheet.sections.iter().map(|s| (s.boxes.clone(), s.bonus)).collect(),
        memo: HashMap::new(),
    };
    b.value(vec![None; sheet.boxes.len()])
}

fn compute(rules: Rules, sheet: Sheet) -> Strategy {
    Strategy::compute(rules, sheet, &Budget::unlimited(), &|_| {}).expect("no budget to run out")
}

#[test]
fn optimal_play_on_boxes_one_to_six_without_bonus_equals_brute_force() {
    let sheet = Sheet::with_boxes((1..=6).collect(), false).unwrap();
    let strategy = compute(Rules::default(), sheet.clone());
    let brute = brute_expected(Rules::default(), &sheet);
    assert!(
        (strategy.expected_score() - brute).abs() < 1e-9,
        "{} vs {brute}",
        strategy.expected_score()
    );
    assert!(brute > 10.0 && brute < 21.0);
}

#[test]
fn every_rule_option_and_bonuses_agree_with_brute_force() {
    // A sheet that keeps part of two sections, so bonuses (and losing them to a zero) count.
    let sheet = Sheet::with_boxes(vec![3, 4, 5, 16, 17], true).unwrap();
    assert_eq!(sheet.sections.len(), 2);
    let options = [
        Rules::default(),
        Rules { stop_early: false, ..Rules::default() },
        Rules { scoring: Scoring::Immediately, ..Rules::default() },
        Rules { free_zero: true, ..Rules::default() },
        Rules { stop_early: false, scoring: Scoring::Immediately, free_zero: true },
    ];
    let mut values = Vec::new();
    for rules in options {
        let strategy = compute(rules, sheet.clone());
        let brute = brute_expected(rules, &sheet);
        assert!(
            (strategy.expected_score() - brute).abs() < 1e-9,
            "{rules:?}: {} vs {brute}",
            strategy.expected_score()
        );
        values.push(brute);
    }
    // The options are not all the same game: no stopping early costs points.
    assert!(values[1] < values[0] - 0.5, "{values:?}");
}

#[test]
fn the_coach_agrees_with_the_strategy_table() {
    let sheet = Sheet::with_boxes((1..=6).collect(), false).unwrap();
    let strategy = compute(Rules::default(), sheet.clone());
    let blank = ScoreSheet::new(sheet.clone());
    let t = super::roll::Combinatorics::get();
    // The table's value of the empty sheet is the average of the coach's best over first rolls.
    let mut average = 0.0;
    for (roll, &ways) in t.roll_ways.iter().enumerate() {
        let dice = t.dice_of(t.rolls[roll] as usize);
        let advice = advise(&strategy, &blank, &dice, 2).unwrap();
        average += advice.best().expected * ways as f64;
        // Choices come best first; the outcomes are a distribution whose value is the best's.
        assert!(advice.choices.windows(2).all(|w| w[0].expected >= w[1].expected));
        let total: f64 = advice.outcomes.iter().map(|o| o.1).sum();
        assert!((total - 1.0).abs() < 1e-9);
        let worth = |end: End| match end {
            End::Score(b) => b as f64 + strategy.value(Position { used: 1 << (b - 1), alive: 0 }),
            End::Zero(b) => strategy.value(Position { used: 1 << (b - 1), alive: 0 }),
        };
        let by_outcomes: f64 = advice.outcomes.iter().map(|&(e, p)| p * worth(e)).sum();
        assert!(
            (by_outcomes - advice.best().expected).abs() < 1e-9,
            "{dice:?}: {by_outcomes} vs {}",
            advice.best().expected
        );
    }
    average /= 7776.0;
    assert!((average - strategy.expected_score()).abs() < 1e-9);
    // With no rerolls left the only choice is to stop, and it scores what the dice show.
    let advice = advise(&strategy, &blank, &[2, 3, 4, 5, 6], 0).unwrap();
    assert_eq!(advice.choices.len(), 1);
    assert_eq!(advice.best().stop, Some(End::Score(1)));
    // Robot games that follow the coach average what the table expects (within 5 standard errors).
    let scores = robot_games(&strategy, 2000, 7);
    let mean = scores.iter().sum::<u32>() as f64 / scores.len() as f64;
    let sd = (scores.iter().map(|&s| (s as f64 - mean).powi(2)).sum::<f64>()
        / (scores.len() - 1) as f64)
        .sqrt();
    assert!(
        (mean - strategy.expected_score()).abs() < 5.0 * sd / (scores.len() as f64).sqrt(),
        "{mean}"
    );
}

#[test]
fn the_coach_keeps_ones_for_a_last_chance_at_twenty() {
    // Only box 20 open: five 1s are the one way to score; keep the 1s and throw the rest.
    let small = Sheet::with_boxes(vec![19, 20], false).unwrap();
    let strategy = compute(Rules::default(), small.clone());
    let s = ScoreSheet::with(small, &[19], &[]).unwrap();
    let advice = advise(&strategy, &s, &[1, 1, 3, 4, 6], 2).unwrap();
    assert_eq!(advice.best().keep, vec![1, 1]);
    let p = advice.outcomes.iter().find(|o| o.0 == End::Score(20)).map(|o| o.1).unwrap();
    // Each of the three other dice must become a 1 within two throws: 11/36 each.
    assert!((p - (11.0f64 / 36.0).powi(3)).abs() < 1e-12, "{p}");
}

#[test]
fn a_table_survives_saving_and_refuses_other_rules() {
    let dir = std::env::temp_dir().join(format!("umpire-dice-{}", std::process::id()));
    let path = dir.join("t.table");
    let sheet = Sheet::with_boxes(vec![1, 2, 3], true).unwrap();
    let strategy = compute(Rules::default(), sheet.clone());
    strategy.save(&path).unwrap();
    let back = Strategy::load(&path, &Rules::default(), &sheet).unwrap().unwrap();
    assert_eq!(back.expected_score(), strategy.expected_score());
    let other = Rules { free_zero: true, ..Rules::default() };
    assert!(matches!(
        Strategy::load(&path, &other, &sheet),
        Err(super::strategy::TableError::Mismatch { .. })
    ));
    let bytes = std::fs::read(&path).unwrap();
    std::fs::write(&path, &bytes[..bytes.len() - 3]).unwrap();
    assert!(matches!(
        Strategy::load(&path, &Rules::default(), &sheet),
        Err(super::strategy::TableError::Unreadable { .. })
    ));
    assert!(Strategy::load(&dir.join("none"), &Rules::default(), &sheet).unwrap().is_none());
    // An older umpire's table (version 1 laid states out differently) is computed again.
    strategy.save(&path).unwrap();
    let text = std::fs::read(&path).unwrap();
    let header_end = text.iter().position(|&b| b == b'\n').unwrap();
    let header = String::from_utf8(text[..header_end].to_vec()).unwrap();
    assert!(header.contains("\"version\":2"), "{header}");
    let old =
        [header.replace("\"version\":2", "\"version\":1").as_bytes(), &text[header_end..]].concat();
    std::fs::write(&path, old).unwrap();
    assert!(Strategy::load(&path, &Rules::default(), &sheet).unwrap().is_none());
    let newer =
        [header.replace("\"version\":2", "\"version\":3").as_bytes(), &text[header_end..]].concat();
    std::fs::write(&path, newer).unwrap();
    assert!(matches!(
        Strategy::load(&path, &Rules::default(), &sheet),
        Err(super::strategy::TableError::Unreadable { .. })
    ));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn without_stopping_early_the_coach_never_offers_to_keep_all_five() {
    // Rolls two and three must throw a die: keeping all five is not a move (nor, when a
    // turn may stop early, a different one from stopping).
    let sheet = Sheet::with_boxes(vec![15, 20], false).unwrap();
    for rules in [Rules { stop_early: false, ..Rules::default() }, Rules::default()] {
        let strategy = compute(rules, sheet.clone());
        let s = ScoreSheet::with(sheet.clone(), &[], &[]).unwrap();
        for dice in [[1, 1, 1, 1, 1], [6, 6, 6, 6, 6], [1, 1, 1, 2, 3], [2, 3, 4, 5, 6]] {
            let advice = advise(&strategy, &s, &dice, 1).unwrap();
            assert!(advice.choices.iter().all(|c| !(c.keep.len() == 5 && c.stop.is_none())));
            assert_eq!(advice.choices.iter().any(|c| c.stop.is_some()), rules.stop_early);
        }
    }
}

#[test]
fn a_cancelled_computation_is_exhausted_not_a_table() {
    let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let budget = Budget::unlimited().with_cancel(flag);
    let r = Strategy::compute(Rules::default(), Sheet::standard(), &budget, &|_| {});
    assert_eq!(r.err(), Some(crate::solve::Exhausted::Cancelled));
}

#[test]
fn state_counts_match_the_canonical_form() {
    // 62 × 2046 × 62 states, less the full sheet.
    assert_eq!(Strategy::state_count(&Sheet::standard()), 62 * 2046 * 62 - 1);
}

#[test]
fn the_hand_reasoned_positions_of_the_corpus() {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/dice/positions.tsv"))
            .unwrap();
    let mut checked = 0;
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let f: Vec<&str> = line.split('\t').collect();
        let boxes = super::parse_box_list(f[0]).unwrap();
        let sheet = Sheet::with_boxes(boxes, false).unwrap();
        let strategy = compute(Rules::default(), sheet.clone());
        let s = ScoreSheet::with(
            sheet,
            &super::parse_box_list(f[1]).unwrap(),
            &super::parse_box_list(f[2]).unwrap(),
        )
        .unwrap();
        let dice = super::roll::parse_dice(f[3], 5..=5).unwrap();
        let advice = advise(&strategy, &s, &dice, f[4].parse().unwrap()).unwrap();
        let best = advice.best();
        let said = match best.stop {
            Some(End::Score(b)) => format!("stop score {b}"),
            Some(End::Zero(b)) => format!("stop zero {b}"),
            None => format!("keep {}", best.keep.iter().map(u8::to_string).collect::<String>()),
        };
        assert_eq!(said, f[5], "{line}");
        checked += 1;
    }
    assert!(checked >= 5);
}

#[test]
fn the_review_charges_each_choice_what_it_gives_up_against_the_best() {
    use super::review::{review, Chosen, Decision};
    let sheet = Sheet::with_boxes((1..=6).collect(), true).unwrap();
    let strategy = compute(Rules::default(), sheet.clone());
    let blank = ScoreSheet::new(sheet.clone());
    let players = vec!["Ann".to_string()];
    let at = |dice: Vec<u8>, rerolls_left, chosen| Decision {
        round: 1,
        seat: 0,
        entries: blank.entries.clone(),
        dice,
        rerolls_left,
        chosen,
    };
    // The coach's own best choice costs nothing.
    let advice = advise(&strategy, &blank, &[1, 2, 4, 5, 5], 2).unwrap();
    let best = Chosen::Keep { keep: advice.best().keep.clone() };
    assert!(advice.best().stop.is_none(), "12455 with two rerolls: keep and throw");
    let good = review(&strategy, &players, &[at(vec![1, 2, 4, 5, 5], 2, best.clone())]);
    assert_eq!((good.players[0].choices, good.players[0].costly.len()), (1, 0));
    // Throwing everything costs the difference of the two expectations, as the coach has them.
    let all = Chosen::Keep { keep: vec![] };
    let poor = review(&strategy, &players, &[at(vec![1, 2, 4, 5, 5], 2, all)]);
    let thrown = advice.choices.iter().find(|c| c.keep.is_empty()).unwrap().expected;
    let cost = &poor.players[0].costly[0];
    assert!((cost.cost - (advice.best().expected - thrown)).abs() < 1e-12, "{cost:?}");
    assert_eq!(cost.chosen, "reroll all five dice");
    // After a miss (11111 shows inverted sum 20, no box here) the player picks the box for
    // the 0. Each box's worth is the table's value of the state after it, read here directly:
    // a 0 in 1-5 ends the low section's bonus (bit 0), a 0 in 6 the middle one's (bit 1).
    let miss = vec![1, 1, 1, 1, 1];
    let worth = |b: u32| {
        let alive = if b <= 5 { 0b10 } else { 0b01 };
        strategy.value(Position { used: 1 << (b - 1), alive })
    };
    let best_worth = (1..=6).map(worth).fold(f64::MIN, f64::max);
    let worst = (1..=6).min_by(|&a, &b| worth(a).total_cmp(&worth(b))).unwrap();
    let zeroed = Chosen::Box { end: End::Zero(worst) };
    let r = review(&strategy, &players, &[at(miss.clone(), 0, zeroed)]);
    let c = &r.players[0].costly[0];
    assert!((c.cost - (best_worth - worth(worst))).abs() < 1e-12, "{c:?}");
    assert_eq!(c.chosen, format!("write 0 in box {worst}"));
    // Decisions that could not have been made are refused before any review.
    assert!(at(miss.clone(), 0, Chosen::Box { end: End::Score(20) }).check(&sheet, 1).is_err());
    assert!(at(vec![1, 2, 3], 0, Chosen::Stop).check(&sheet, 1).is_err());
    assert!(at(miss.clone(), 2, Chosen::Keep { keep: vec![6] }).check(&sheet, 1).is_err());
    assert!(at(miss.clone(), 2, Chosen::Keep { keep: vec![1, 1] }).check(&sheet, 1).is_ok());
    assert!(at(miss, 2, Chosen::Keep { keep: vec![1] }).check(&sheet, 2).is_ok());
}
