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
    let stack: Vec<_> = x.dice.iter().filter(|d| (d.row, d.col) == (0, 3)).map(|d| (d.colour.as_str(), d.face, d.level)).collect();
    assert_eq!(stack, vec![("white", 1, 0), ("orange", 2, 1)]);
    assert_eq!(x.notation(), "r3 b4 . w1+o2 / . b5");
    assert_eq!(Experiment::parse(&x.notation()).unwrap(), x);
    assert!(e("null").is_empty() && e("").is_empty() && e(" - ").is_empty());
    assert_eq!(e("red3 blue4").notation(), "r3 b4");
    let bad = Experiment::parse("r3 q4").unwrap_err();
    assert!(bad.message.contains("`q4` is not a die") && bad.span == Some((3, 2).into()), "{bad:?}");
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
    let faces: Vec<Vec<u8>> = x.lines().iter().map(|l| l.iter().map(|&i| x.dice[i].face).collect()).collect();
    assert!(faces.contains(&vec![1, 2, 3]), "{faces:?}");
    assert!(faces.contains(&vec![2, 5, 6]), "the column through the stack reads its top: {faces:?}");
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
