//! Experiments: the notation, the rulings on touching, visibility, groups and lines.

use super::experiment::{Experiment, Supply};
use super::picture::svg;

fn e(text: &str) -> Experiment {
    Experiment::parse(text).unwrap()
}

#[test]
fn the_notation_reads_rows_cells_and_stacks() {
    let x = e("r3 b4 . w1+o2 / . b5");
    assert_eq!(x.len(), 5);
    let stack: Vec<_> = x
        .dice
        .iter()
        .filter(|d| (d.row, d.col) == (0, 3))
        .map(|d| (d.colour.as_str(), d.face, d.level))
        .collect();
    assert_eq!(stack, vec![("white", 1, 0), ("orange", 2, 1)]);
    assert_eq!(x.notation(), "r3 b4 . w1+o2 / . b5");
    assert_eq!(Experiment::parse(&x.notation()).unwrap(), x);
    assert!(e("null").is_empty() && e("").is_empty() && e(" - ").is_empty());
    assert_eq!(e("red3 blue4").notation(), "r3 b4");
    let bad = Experiment::parse("r3 q4").unwrap_err();
    assert!(
        bad.message.contains("`q4` is not a die") && bad.span == Some((3, 2).into()),
        "{bad:?}"
    );
    assert!(Experiment::parse("r7").is_err());
}

#[test]
fn only_top_faces_are_visible_but_colours_count() {
    let x = e("w1+o2");
    let (under, top) = (0, 1);
    assert_eq!(x.face(under), None);
    assert_eq!(x.face(top), Some(2));
    assert_eq!(x.dice[under].colour, "white");
    assert!(x.stacked(under) && x.stacked(top));
    assert!(!e("r1").stacked(0));
}

#[test]
fn touching_is_side_by_side_or_stacked_never_diagonal() {
    let x = e("r1 r2 / . r3");
    // (0,0)–(0,1) side by side; (0,1)–(1,1) side by side; (0,0)–(1,1) diagonal.
    let at = |r, c| x.dice.iter().position(|d| (d.row, d.col) == (r, c)).unwrap();
    assert!(x.touch(at(0, 0), at(0, 1)));
    assert!(x.touch(at(0, 1), at(1, 1)));
    assert!(!x.touch(at(0, 0), at(1, 1)));
    let gap = e("r1 . r2");
    assert!(!gap.touch(0, 1));
    // A die on top of a stack does not touch the neighbour on the table beside its stack.
    let s = e("r1+b2 w3");
    assert!(s.touch(0, 1)); // red under blue
    assert!(s.touch(0, 2)); // red beside white, both on the table
    assert!(!s.touch(1, 2)); // blue is above white's height
    let tower = e("r1+r2+r3");
    assert!(!tower.touch(0, 2), "dice two levels apart do not touch");
}

#[test]
fn groups_are_connected_components() {
    let x = e("r1 r2 . b3 / . . . b4 / w5");
    let sizes: Vec<usize> = x.groups().iter().map(Vec::len).collect();
    assert_eq!(sizes, vec![2, 2, 1]);
    assert_eq!(e("null").groups().len(), 0);
    // Blue dice joined only through a red one are not a group among themselves.
    let y = e("b1 r2 b3");
    assert_eq!(y.groups().len(), 1);
    assert_eq!(y.groups_among(&[0, 2]).len(), 2);
}

#[test]
fn lines_are_straight_runs_read_from_above() {
    let x = e("r1 r2 r3 / . w4+b5 / . b6");
    let faces: Vec<Vec<u8>> =
        x.lines().iter().map(|l| l.iter().map(|&i| x.dice[i].face).collect()).collect();
    assert!(faces.contains(&vec![1, 2, 3]), "{faces:?}");
    assert!(
        faces.contains(&vec![2, 5, 6]),
        "the column through the stack reads its top: {faces:?}"
    );
    assert_eq!(faces.len(), 2);
}

#[test]
fn the_supply_limits_an_experiment() {
    let supply = Supply::parse("red:2, blue").unwrap();
    assert!(e("r1 r2 b3").validate(&supply).is_ok());
    assert!(e("r1 r2 r3").validate(&supply).unwrap_err().message.contains("3 red dice"));
    assert!(e("w1").validate(&supply).unwrap_err().message.contains("no white dice"));
    assert!(e("r1 b1").validate(&Supply::default()).is_ok());
    assert!(Supply::parse("mauve").is_err());
    assert!(e("o1").validate(&Supply::default()).is_err(), "orange is not in the default box");
}

#[test]
fn the_picture_draws_every_die_and_marks_stacks() {
    let picture = svg(&e("r3 w1+o2"));
    assert_eq!(picture.matches("<rect x=").count(), 3);
    assert_eq!(picture.matches("<circle").count(), 3 + 2);
    assert!(picture.contains("×2"));
    assert!(svg(&e("null")).contains(">null<"));
}

mod laws {
    use super::e;
    use crate::games::infer::law::{parse, Law};

    fn law(text: &str) -> Law {
        parse(text).unwrap_or_else(|err| panic!("{text}: {err:?}"))
    }

    fn follows(l: &str, x: &str) -> bool {
        law(l).judge(&e(x)).unwrap().follows
    }

    #[test]
    fn the_rules_example_laws() {
        // "There must be at least one orange die."
        assert!(follows("count orange >= 1", "o3 r2"));
        assert!(!follows("count orange >= 1", "r2"));
        // "The sum of all dice must be ten."
        assert!(follows("sum dice = 10", "r4 b6"));
        assert!(!follows("sum dice = 10", "r4 b5"));
        // "There must be more odd dice than even dice."
        assert!(follows("count odd > count even", "r1 r3 b2"));
        assert!(!follows("count odd > count even", "r1 b2"));
        // "There must be exactly three dice."
        assert!(follows("count dice = 3", "r1 r1 r1"));
        // "There must be a red 2."
        assert!(follows("some red are 2", "r2 b3"));
        assert!(!follows("some red are 2", "b2 r3"));
        // "Odd blue dice must touch each other."
        assert!(follows("odd blue touch each other", "b1 b3 . b5+r2"));
        assert!(!follows("odd blue touch each other", "b1 r2 b3"));
        // "There must be at least 2 even dice."
        assert!(follows("count even >= 2", "w2 w4"));
    }

    #[test]
    fn the_null_experiment_is_judged_like_any_other() {
        assert!(!follows("count red >= 1", "null"), "a Law that requires something");
        assert!(follows("count red = 0", "null"), "a Law that restricts");
        assert!(follows("no dice are red", "null"));
        assert!(follows("sum dice = 0", "null"));
    }

    #[test]
    fn false_beats_true() {
        // "All blue dice must be 5s": a blue 5 and a blue 3 do not follow.
        let j = law("all blue are 5").judge(&e("b5 b3")).unwrap();
        assert!(!j.follows);
        assert!(j.reason.contains("blue 3"), "{}", j.reason);
        assert!(!follows("count red >= 1 and count blue >= 1", "r1"));
    }

    #[test]
    fn vacuous_truth() {
        // "All white dice must touch": no white dice follows.
        assert!(follows("white touch each other", "r1 . b2"));
        // "Blue dice must be odd": no blue dice follows (the rules' option A, ruling I6).
        let j = law("all blue are odd").judge(&e("r2")).unwrap();
        assert!(j.follows && j.reason.contains("vacuously"), "{}", j.reason);
    }

    #[test]
    fn hidden_faces_have_no_value() {
        // The white 2 under the red 3 is not even, is not a 2, and adds nothing to the sum.
        let x = "w2+r3";
        assert!(follows("count even = 0", x));
        assert!(follows("sum dice = 3", x));
        assert!(!follows("some dice are 2", x));
        assert!(follows("count white = 1", x), "its colour still counts");
        // Restrictions on values pass over it, so these two say the same thing.
        assert!(follows("all dice are odd", x));
        assert!(follows("no dice are even", x));
    }

    #[test]
    fn the_rules_equivalent_pair_agrees_on_these_experiments() {
        // "All dice must be divisible by 2" and "There must be no odd dice".
        for x in ["null", "r2", "r1", "r2 b4 w6", "r2+b1", "r1+b2", "w3 w4 / w5+w6"] {
            assert_eq!(follows("all dice are even", x), follows("no dice are odd", x), "{x}");
        }
    }

    #[test]
    fn numbers_groups_lines_and_sameness() {
        assert!(follows("product dice is prime", "r1 b5"));
        assert!(!follows("product dice is prime", "r2 b3"));
        assert!(follows("groups = 2", "r1 . r2"));
        assert!(follows("largest-group = 3", "r1 r2 r3 . b1"));
        assert!(follows("line ascending 3", "r3 b2 w1"), "read the other way, 1 2 3 ascends");
        assert!(!follows("line ascending 3", "r1 . r2 r3"));
        assert!(follows("line same 2", "r4 b4"));
        assert!(follows("red same face", "r4 r4 b1"));
        assert!(follows("dice different colours", "r4 b4 w1"));
        assert!(!follows("dice different faces", "r4 b4 w1"));
        assert!(follows("most dice are red", "r1 r2 b3"));
        assert!(follows("all red are touching blue", "r1 b2 r3"));
        assert!(follows("no red are alone", "r1 b2"));
        assert!(follows("count stacked = 2 and count on-table = 2", "r1+r2 b3"));
        assert!(follows("2 * count red > count dice", "r1 r2 b3"));
        assert!(follows("count 5s = 2", "r5 b5 w1"));
        assert!(follows("5 = count dice", "r1 r1 r1 r1 r1"));
        assert!(follows("not (count dice = 3) or count red = 3", "r1 r1 r1"));
    }

    #[test]
    fn most_over_no_dice_is_vacuously_true() {
        // Ruling I15: like `all`, a majority among no dice is a restriction that does not apply.
        let j = law("most blue are 5").judge(&e("r1 r2")).unwrap();
        assert!(j.follows && j.reason.contains("vacuously"), "{}", j.reason);
        assert!(follows("most blue are 5", "null"));
        assert!(!follows("most blue are 5", "b5 b1 b2"), "one of three is not most");
        assert!(follows("most blue are 5", "b5 b5 b1"));
    }

    #[test]
    fn a_reason_is_not_repeated() {
        let j = law("some red are 2 or some red are 3").judge(&e("r1")).unwrap();
        assert_eq!(j.reason, "the one red die does not", "{}", j.reason);
        let j = law("some red are 2 or some blue are 3").judge(&e("r1 b1")).unwrap();
        assert!(j.reason.contains("; "), "different reasons are both given: {}", j.reason);
    }

    #[test]
    fn most_passes_over_covered_dice_like_all() {
        // The only face showing is odd: most dice are odd (ruling I7: a covered die has no value).
        assert!(follows("most dice are odd", "r2+r1"));
        assert!(follows(
            "all dice are divisible by 2 and most dice are divisible by 3",
            "r6 . b2 . r3+w6"
        ));
        assert!(!follows("most dice are odd", "r1+w2"), "only the top die counts, and it is even");
        assert!(!follows("most dice are odd", "r1 b2 w3+w4"), "one of the three showing faces");
        assert!(
            follows("most dice are red", "r2+b1 r3"),
            "colours are not values: both reds count"
        );
    }

    #[test]
    fn numbers_are_exact_or_not_judged() {
        use crate::games::infer::experiment::{Die, Experiment};
        // 25 sixes: the product is 6^25, beyond 64 bits, computed exactly.
        let sixes = Experiment::from_dice(
            (0..25)
                .map(|k| Die { colour: "red".into(), face: 6, row: 0, col: 2 * k, level: 0 })
                .collect(),
        );
        assert!(law("product dice > 0").judge(&sixes).unwrap().follows);
        assert!(law("product dice is divisible by 3").judge(&sixes).unwrap().follows);
        assert!(
            law("product dice > 1000000 * 1000000 * 1000000 * 28").judge(&sixes).unwrap().follows,
            "6^25 ≈ 2.84·10^19"
        );
        assert!(
            !law("product dice > 1000000 * 1000000 * 1000000 * 29").judge(&sixes).unwrap().follows
        );
        // 60 sixes: beyond what umpire computes exactly; it says so rather than guess.
        let more = Experiment::from_dice(
            (0..60)
                .map(|k| Die { colour: "red".into(), face: 6, row: 0, col: 2 * k, level: 0 })
                .collect(),
        );
        let err = law("product dice > 0").judge(&more).unwrap_err();
        assert!(err.to_string().contains("too large"), "{err}");
        assert!(law("1000000*1000000*1000000*1000000*1000000*1000000*1000000 is divisible by 7")
            .judge(&e("null"))
            .is_err());
        assert!(!follows("1000000*1000000*1000000*1000000 is divisible by 7", "null"));
        assert!(
            law("1000000*1000000*1000000*1000000 is prime").judge(&e("null")).is_err(),
            "primality is tested up to 64 bits"
        );
        assert!(follows("1000000*1000000*1000000 + 3 is prime", "null"), "10^18 + 3 is prime");
        assert!(
            !follows("1000000*1000000*1000000 + 1 is prime", "null"),
            "10^18 + 1 = 101 × 9901 × …"
        );
    }

    #[test]
    fn divisible_by_is_a_word() {
        // The rules' example: "All dice must be divisible by 2" is "there must be no odd dice".
        for x in ["null", "r2", "r1", "r2 b4 w6", "r2+b1", "r1+b2", "w3 w4 / w5+w6"] {
            assert_eq!(
                follows("all dice are divisible by 2", x),
                follows("no dice are odd", x),
                "{x}"
            );
        }
        assert!(
            follows("all dice are divisible by 3", "r3 b6 . w1+r6"),
            "the covered 1 has no value"
        );
        assert!(!follows("some dice are divisible by 4", "r3 b6"));
        assert!(follows("sum dice is divisible by 5", "r4 b6"));
        assert!(follows("sum dice is divisible by 5", "null"), "0 is a multiple of 5");
        assert!(
            follows("count red - count blue is divisible by 2", "b1 b2"),
            "-2 is a multiple of 2"
        );
        assert!(follows("count divisible by 3 dice = 2", "r3 b6 w2"));
    }

    #[test]
    fn groups_and_lines_are_judged_one_by_one() {
        // "Every group contains a red die."
        assert!(
            follows("every group (count red >= 1)", "r1 b2 . b3+r4"),
            "the red under the blue counts"
        );
        let j = law("every group (count red >= 1)").judge(&e("r1 b2 . b3 w4")).unwrap();
        assert!(!j.follows && j.reason.contains("[blue 3, white 4]"), "{}", j.reason);
        assert!(follows("every group (count red >= 1)", "null"), "no group: vacuously true");
        // "Within each group all showing dice show the same value."
        assert!(follows("every group (visible same face)", "r2 b2 . w5 / . . r5+b5"));
        assert!(!follows("every group (visible same face)", "r2 b3"));
        // "No group has more than 3 dice."
        assert!(follows("no group (count dice > 3)", "r1 r1 r1 . r1 r1 r1"));
        assert!(
            !follows("no group (count dice > 3)", "r1 r1 r1+r1"),
            "a stack belongs to its group"
        );
        // "Some group is all blue."
        assert!(follows("some group (all dice are blue)", "r1 r2 . b3 b4"));
        assert!(!follows("some group (all dice are blue)", "r1 b2"));
        assert!(!follows("some group (all dice are blue)", "null"));
        // "No three occupied cells in a row or column", "there is a line of 4 dice".
        assert!(follows("no line (count on-table >= 3)", "r1 r2 / r3"));
        assert!(!follows("no line (count on-table >= 3)", "r1 r2 r3"));
        assert!(follows("line 4", "r1 r2 r3 r4"));
        assert!(!follows("line 4", "r1 r2 r3 . r4"));
        assert!(!follows("line 2", "r1+r2"), "a stack is not a line");
        // "Every line has a white die": the dice under a line's top dice are on its cells.
        assert!(follows("every line (count white >= 1)", "w1+r2 r3 / b1"));
        assert!(!follows("every line (count white >= 1)", "w1 r2 / . r3"));
        assert!(follows("every line (count white >= 1)", "r1 . r2"), "no line at all");
        // A group taken on its own: its own lines and groups.
        assert!(follows("every group (groups = 1)", "r1 . r2 b2"));
    }

    #[test]
    fn bad_laws_are_diagnostics() {
        let err = parse("count red >> 1").unwrap_err();
        assert!(err.message.contains("expected"), "{err:?}");
        let err = parse("all blue are").unwrap_err();
        assert!(err.message.contains("the end"), "{err:?}");
        assert!(parse("count red ≥ 1")
            .unwrap_err()
            .message
            .contains("not part of the Law language"));
        assert!(parse("sum dice = 99999999999").is_err());
        assert!(parse("").is_err());
        let deep_not = format!("{}count red = 1", "not ".repeat(20_000));
        assert!(parse(&deep_not).unwrap_err().message.contains("nested more than"));
        let deep_parens = format!("{}count red = 1{}", "(".repeat(20_000), ")".repeat(20_000));
        assert!(parse(&deep_parens).unwrap_err().message.contains("nested more than"));
        let deep_number = format!("{}1{} = 1", "(".repeat(20_000), ")".repeat(20_000));
        assert!(parse(&deep_number).unwrap_err().message.contains("nested more than"));
        assert!(parse(&format!("{}count red = 1", "not ".repeat(50))).is_ok());
        let deep_groups =
            format!("{}count red = 1{}", "every group (".repeat(20_000), ")".repeat(20_000));
        assert!(parse(&deep_groups).unwrap_err().message.contains("nested more than"));
        let zero = parse("all dice are divisible by 0").unwrap_err();
        assert!(zero.message.contains("from 1 up") && zero.span == (26, 1).into(), "{zero:?}");
        assert!(parse("sum dice is divisible by -2").is_err());
        assert!(parse("line 1").unwrap_err().message.contains("2 or more"));
        let bare = parse("every group count red >= 1").unwrap_err();
        assert!(bare.message.contains("in parentheses"), "{bare:?}");
        let compass = parse("every group (some dice are north)").unwrap_err();
        assert!(
            compass.message.contains("direction") && compass.span == (6, 5).into(),
            "{compass:?}"
        );
    }

    #[test]
    fn the_english_reads_back() {
        assert_eq!(
            law("count orange >= 1").english(),
            "the number of orange dice must be at least 1"
        );
        assert_eq!(law("all blue are 5").english(), "all blue dice must show 5");
        assert_eq!(
            law("odd blue touch each other").english(),
            "the odd blue dice must touch each other (form one group)"
        );
        assert_eq!(law("no dice are odd").english(), "no die may be odd");
        assert_eq!(law("all dice are divisible by 2").english(), "all dice must be divisible by 2");
        assert_eq!(
            law("sum dice is divisible by 3").english(),
            "the sum of the dice must be divisible by 3"
        );
        assert_eq!(law("line 4").english(), "there must be a line of at least 4 occupied cells in a row or a column, whatever the dice show");
        assert_eq!(
            law("every group (count red >= 1)").english(),
            "every group (dice touching, directly or through others), taken on its own, must follow this: [the number of red dice must be at least 1]"
        );
        // Brackets keep apart Laws that would read the same.
        assert_ne!(
            law("every group (count red >= 1 and count blue >= 1)").english(),
            law("every group (count red >= 1) and count blue >= 1").english()
        );
        assert_ne!(
            law("not (count red = 1 and count blue = 1)").english(),
            law("not count red = 1 and count blue = 1").english()
        );
        assert_ne!(
            law("count red = 1 and (count blue = 1 or count white = 1)").english(),
            law("(count red = 1 and count blue = 1) or count white = 1").english()
        );
        assert!(law("no line (count dice >= 3)").english().starts_with(
            "no line (two or more dice in a row or a column), taken on its own, may follow this:"
        ));
    }
}

#[test]
fn experiments_read_from_json_as_show_prints_them() {
    let x = e("r3 b4 . w1+w2 / . b5");
    let json = serde_json::json!({
        "dice": x.dice.iter().enumerate().map(|(i, d)| serde_json::json!({"colour": d.colour, "face": x.face(i), "row": d.row, "col": d.col, "level": d.level})).collect::<Vec<_>>(),
    });
    let back = Experiment::parse(&json.to_string()).unwrap();
    assert_eq!(back.notation(), "r3 b4 . w1+w2 / . b5", "a covered die's face is not needed");
    assert!(Experiment::parse(r#"{"dice": [{"colour": "red", "face": 1, "row": 0, "col": 0}, {"colour": "r", "face": 2, "row": 0, "col": 0}]}"#).is_err());
    assert!(Experiment::parse(r#"{"dice": 3}"#).is_err());
}

#[test]
fn compass_directions_are_relative_to_the_rest_of_the_experiment() {
    use super::law::Direction::*;
    let lone = e("b1");
    assert!(
        [North, South, East, West].iter().all(|&d| !lone.toward(0, d)),
        "a lone die is in no direction"
    );
    let column = e("b1 / r2");
    assert!(column.toward(0, North) && !column.toward(0, South) && column.toward(1, South));
    assert!(!column.toward(0, West) && !column.toward(0, East), "one column has no west or east");
    let row = e("b1 . r2+w3");
    assert!(
        row.toward(0, West) && row.toward(1, East) && row.toward(2, East),
        "a stack shares its cell's direction"
    );
    let law = super::law::parse("some blue are north").unwrap();
    assert!(
        law.sees().compass
            && !law.judge(&lone).unwrap().follows
            && law.judge(&column).unwrap().follows
    );
}
