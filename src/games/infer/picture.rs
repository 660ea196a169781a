//! An experiment as a picture (SVG): each cell a die seen from above, with its colour and
//! pips; a stack shows the dice under the top one as coloured edges and its height.

use super::experiment::Experiment;

const CELL: f64 = 60.0;
const DIE: f64 = 46.0;

fn fill(colour: &str) -> (&'static str, &'static str) {
    // (body, pips)
    match colour {
        "red" => ("#d33", "#fff"),
        "blue" => ("#36c", "#fff"),
        "white" => ("#f4f4f4", "#222"),
        "orange" => ("#f90", "#222"),
        "green" => ("#3a3", "#fff"),
        "yellow" => ("#ee2", "#222"),
        "black" => ("#222", "#fff"),
        _ => ("#939", "#fff"),
    }
}

/// Pip positions for a face, in die units (0..1).
fn pips(face: u8) -> &'static [(f64, f64)] {
    const L: f64 = 0.25;
    const M: f64 = 0.5;
    const H: f64 = 0.75;
    match face {
        1 => &[(M, M)],
        2 => &[(L, L), (H, H)],
        3 => &[(L, L), (M, M), (H, H)],
        4 => &[(L, L), (H, L), (L, H), (H, H)],
        5 => &[(L, L), (H, L), (M, M), (L, H), (H, H)],
        _ => &[(L, L), (H, L), (L, M), (H, M), (L, H), (H, H)],
    }
}

/// The experiment drawn from above; the null experiment is an empty, labelled frame.
pub fn svg(experiment: &Experiment) -> String {
    let stacks = experiment.stacks();
    let rows = experiment.dice.iter().map(|d| d.row).max().map_or(1, |r| r + 1).max(1);
    let cols = experiment.dice.iter().map(|d| d.col).max().map_or(1, |c| c + 1).max(1);
    let (r0, c0) = (
        experiment.dice.iter().map(|d| d.row).min().unwrap_or(0),
        experiment.dice.iter().map(|d| d.col).min().unwrap_or(0),
    );
    let width = (cols - c0) as f64 * CELL + 20.0;
    let height = (rows - r0) as f64 * CELL + 20.0;
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\">\n<rect width=\"100%\" height=\"100%\" fill=\"#e8e1d0\"/>\n"
    );
    if experiment.is_empty() {
        out.push_str(&format!("<text x=\"{}\" y=\"{}\" font-family=\"sans-serif\" font-size=\"12\" text-anchor=\"middle\">null</text>\n", width / 2.0, height / 2.0 + 4.0));
    }
    for ((r, c), stack) in &stacks {
        let x = 10.0 + (c - c0) as f64 * CELL + (CELL - DIE) / 2.0;
        let y = 10.0 + (r - r0) as f64 * CELL + (CELL - DIE) / 2.0;
        // Dice underneath peek out down and to the right, one step per level.
        for (k, &i) in stack.iter().enumerate() {
            let shift = 3.0 * (stack.len() - 1 - k) as f64;
            let (body, _) = fill(&experiment.dice[i].colour);
            out.push_str(&format!(
                "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{DIE}\" height=\"{DIE}\" rx=\"7\" fill=\"{body}\" stroke=\"#333\" stroke-width=\"1.5\"/>\n",
                x + shift,
                y + shift
            ));
        }
        let top = *stack.last().expect("a stack has a die");
        let (_, pip) = fill(&experiment.dice[top].colour);
        for (px, py) in pips(experiment.dice[top].face) {
            out.push_str(&format!(
                "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"4.5\" fill=\"{pip}\"/>\n",
                x + px * DIE,
                y + py * DIE
            ));
        }
        if stack.len() > 1 {
            out.push_str(&format!(
                "<text x=\"{:.1}\" y=\"{:.1}\" font-family=\"sans-serif\" font-size=\"11\" font-weight=\"bold\" fill=\"#000\">×{}</text>\n",
                x - 4.0,
                y - 1.0,
                stack.len()
            ));
        }
    }
    out.push_str("</svg>\n");
    out
}
