//! A model drawn for players: as text tables, as Graphviz (`--dot`) and as a picture (SVG)
//! for the page. The model's data and its JSON form are the engine's
//! (`reason::finite::render`); what a player reads and looks at is drawn here, once for
//! every front end.

use crate::reason::finite::render::{json, object, shown};
use crate::reason::finite::Model;
use petgraph::dot::{Config, Dot};
use petgraph::graph::Graph;
use serde_json::Value;
use std::collections::BTreeMap;
use std::fmt::Write;

/// Relations on at most this many objects are drawn as a matrix, larger ones as a list.
const MATRIX_UP_TO: usize = 10;

fn tuple_text(t: &[u32]) -> String {
    t.iter().map(|&e| object(e)).collect::<Vec<_>>().join(", ")
}

/// The model as a player reads it: objects, named objects, then each symbol's table.
pub fn text(model: &Model) -> String {
    let (m, witnesses) = (&shown(model), &model.witnesses);
    let mut out = String::new();
    let objects: Vec<String> = (0..m.size as u32).map(object).collect();
    let _ = writeln!(
        out,
        "{} object{}: {}",
        m.size,
        if m.size == 1 { "" } else { "s" },
        objects.join(" ")
    );
    for (name, t) in m.functions.iter().filter(|(_, t)| t.arity == 0) {
        let _ = writeln!(out, "  {name} = {}", object(t.values[0]));
    }
    for (name, t) in &m.predicates {
        let holding: Vec<usize> = (0..t.values.len()).filter(|&i| t.values[i]).collect();
        match t.arity {
            0 => {
                let _ = writeln!(out, "  {name}: {}", if t.values[0] { "true" } else { "false" });
            }
            1 => {
                let set: Vec<String> = holding.iter().map(|&i| object(i as u32)).collect();
                let _ = writeln!(
                    out,
                    "  {name}: {}",
                    if set.is_empty() { "nobody".into() } else { set.join(" ") }
                );
            }
            2 if m.size <= MATRIX_UP_TO && !holding.is_empty() => {
                let _ = writeln!(out, "  {name} (row {name} column):");
                grid(&mut out, m.size, |a, b| {
                    if t.values[m.index(&[a, b])] {
                        "✓".into()
                    } else {
                        "·".into()
                    }
                });
            }
            _ => {
                let list: Vec<String> = holding
                    .iter()
                    .map(|&i| format!("({})", tuple_text(&m.tuple(i, t.arity))))
                    .collect();
                let _ = writeln!(
                    out,
                    "  {name}: {}",
                    if list.is_empty() { "never".into() } else { list.join(" ") }
                );
            }
        }
    }
    for (name, t) in m.functions.iter().filter(|(_, t)| t.arity > 0) {
        if t.arity == 2 && m.size <= MATRIX_UP_TO {
            let _ = writeln!(
                out,
                "  {}:",
                if name == "+" {
                    "+ (row + column)".to_string()
                } else {
                    format!("{name} (row, column)")
                }
            );
            grid(&mut out, m.size, |a, b| object(t.values[m.index(&[a, b])]));
        } else {
            let entries: Vec<String> = (0..t.values.len())
                .map(|i| {
                    let args = m.tuple(i, t.arity);
                    let lhs = if t.arity == 1 {
                        object(args[0])
                    } else {
                        format!("({})", tuple_text(&args))
                    };
                    format!("{lhs}↦{}", object(t.values[i]))
                })
                .collect();
            let _ = writeln!(out, "  {name}: {}", entries.join(" "));
        }
    }
    if !model.unmentioned.is_empty() {
        let _ =
            writeln!(out, "  not on the board (anything goes): {}", model.unmentioned.join(", "));
    }
    // The objects statements promise, and apart from them the counterexample to the
    // statement that does not follow (its negation's object: no statement promises it).
    let promised: Vec<String> = witnesses
        .iter()
        .filter(|w| !w.3)
        .map(|(var, st, e, _)| format!("{var} of ({st}) is {}", object(*e)))
        .collect();
    if !promised.is_empty() {
        let _ = writeln!(out, "  witnesses: {}", promised.join(", "));
    }
    let mut against: BTreeMap<usize, Vec<String>> = BTreeMap::new();
    for (var, st, e, _) in witnesses.iter().filter(|w| w.3) {
        against.entry(*st).or_default().push(format!("{var} = {}", object(*e)));
    }
    for (st, values) in against {
        let _ = writeln!(out, "  counterexample: ({st}) fails at {}", values.join(", "));
    }
    out
}

/// A table with a row and a column per object.
fn grid(out: &mut String, size: usize, cell: impl Fn(u32, u32) -> String) {
    let width = object(size as u32 - 1).len().max(2);
    let mut header = format!("    {:width$}", "");
    for e in 0..size as u32 {
        let _ = write!(header, " {:>width$}", object(e));
    }
    let _ = writeln!(out, "{header}");
    for a in 0..size as u32 {
        let mut row = format!("    {:>width$}", object(a));
        for b in 0..size as u32 {
            let _ = write!(row, " {:>width$}", cell(a, b));
        }
        let _ = writeln!(out, "{row}");
    }
}

/// Graphviz: objects as nodes (labelled with their names and properties), binary
/// relations as arrows, unary functions as dashed arrows.
pub fn dot(model: &Model) -> String {
    let m = &shown(model);
    let mut g: Graph<String, (String, bool)> = Graph::new();
    let nodes: Vec<_> = (0..m.size as u32)
        .map(|e| {
            let mut label = vec![object(e)];
            for (name, t) in m.functions.iter().filter(|(_, t)| t.arity == 0) {
                if t.values[0] == e {
                    label.push(name.clone());
                }
            }
            for (name, t) in m.predicates.iter().filter(|(_, t)| t.arity == 1) {
                if t.values[e as usize] {
                    label.push(name.clone());
                }
            }
            g.add_node(label.join("\\n"))
        })
        .collect();
    for (name, t) in m.predicates.iter().filter(|(_, t)| t.arity == 2) {
        for i in (0..t.values.len()).filter(|&i| t.values[i]) {
            let pair = m.tuple(i, 2);
            g.add_edge(nodes[pair[0] as usize], nodes[pair[1] as usize], (name.clone(), false));
        }
    }
    for (name, t) in m.functions.iter().filter(|(_, t)| t.arity == 1) {
        for (a, &b) in t.values.iter().enumerate() {
            g.add_edge(nodes[a], nodes[b as usize], (name.clone(), true));
        }
    }
    let edge = |_, e: petgraph::graph::EdgeReference<(String, bool)>| {
        let (name, dashed) = e.weight();
        let color = match name.as_str() {
            "likes" => "crimson",
            "smarter" => "royalblue",
            _ => "black",
        };
        format!(
            "label = \"{}\", style = {}, color = {color}",
            escape(name),
            if *dashed { "dashed" } else { "solid" }
        )
    };
    let node = |_, (_, label): (petgraph::graph::NodeIndex, &String)| {
        format!("label = \"{}\"", escape_keep_newlines(label))
    };
    format!(
        "{:?}",
        Dot::with_attr_getters(&g, &[Config::EdgeNoLabel, Config::NodeNoLabel], &edge, &node)
    )
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

fn escape_keep_newlines(s: &str) -> String {
    s.replace('"', "\\\"")
}

/// The model as a picture (SVG) for players who would rather look than read: objects as
/// dots on a circle with their constants' names, one-place predicates as words under a dot,
/// two-place predicates as solid arrows (a colour each, with a legend), one-place functions
/// (`father`) as dashed arrows; wider symbols are left to the tables.
// Long by design: one picture drawn back to front (layout, arrows, dots and names, legend),
// each part a few lines that place themselves by the ones before.
pub fn svg(model: &Model) -> String {
    let data = json(model);
    let objects: Vec<String> = data["objects"]
        .as_array()
        .map(|a| a.iter().filter_map(|o| o.as_str().map(str::to_string)).collect())
        .unwrap_or_default();
    let n = objects.len().max(1);
    // Few objects sit close together, so their arrows stay short and the picture small.
    let (w, h, r) = (520.0f64, 420.0f64, (40.0 + 30.0 * n as f64).min(140.0));
    let (cx, cy) = (w / 2.0, 190.0);
    let at = |name: &str| -> (f64, f64) {
        let k = objects.iter().position(|o| o == name).unwrap_or(0) as f64;
        if n == 1 {
            return (cx, cy);
        }
        let angle = -std::f64::consts::FRAC_PI_2 + 2.0 * std::f64::consts::PI * k / n as f64;
        (cx + r * angle.cos(), cy + r * angle.sin())
    };
    let escape = |s: &str| s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;");
    const COLOURS: [&str; 6] = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"];
    let mut out = String::new();
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}" font-family="sans-serif" font-size="13">"#
    );
    out.push_str(r#"<defs>"#);
    for (i, c) in COLOURS.iter().enumerate() {
        let _ = write!(
            out,
            r#"<marker id="head{i}" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="{c}"/></marker>"#
        );
    }
    out.push_str("</defs>");
    let mut legend = Vec::new();
    let arrow = |out: &mut String, from: &str, to: &str, colour: usize, dashed: bool, bend: f64| {
        let ((x1, y1), (x2, y2)) = (at(from), at(to));
        let c = COLOURS[colour % COLOURS.len()];
        let dash = if dashed { r#" stroke-dasharray="6 4""# } else { "" };
        if from == to {
            let _ = write!(
                out,
                r#"<path d="M{:.1},{:.1} c-30,-40 30,-40 8,-14" fill="none" stroke="{c}" stroke-width="1.6"{dash} marker-end="url(#head{})"/>"#,
                x1 - 4.0,
                y1 - 10.0,
                colour % COLOURS.len()
            );
            return;
        }
        let (dx, dy) = (x2 - x1, y2 - y1);
        let len = (dx * dx + dy * dy).sqrt().max(1.0);
        let (ux, uy) = (dx / len, dy / len);
        let (sx, sy, ex, ey) = (x1 + ux * 12.0, y1 + uy * 12.0, x2 - ux * 12.0, y2 - uy * 12.0);
        let (mx, my) = ((sx + ex) / 2.0 - uy * bend, (sy + ey) / 2.0 + ux * bend);
        let _ = write!(
            out,
            r#"<path d="M{sx:.1},{sy:.1} Q{mx:.1},{my:.1} {ex:.1},{ey:.1}" fill="none" stroke="{c}" stroke-width="1.6"{dash} marker-end="url(#head{})"/>"#,
            colour % COLOURS.len()
        );
    };
    let mut colour = 0;
    let mut words: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut wide = Vec::new();
    if let Some(preds) = data["predicates"].as_object() {
        for (name, holding) in preds {
            let rows = holding.as_array().cloned().unwrap_or_default();
            match rows.first() {
                Some(Value::Array(pair)) if pair.len() == 2 => {
                    for row in &rows {
                        if let (Some(a), Some(b)) = (row[0].as_str(), row[1].as_str()) {
                            arrow(&mut out, a, b, colour, false, 10.0 + 6.0 * colour as f64);
                        }
                    }
                    legend.push((escape(name), colour, false));
                    colour += 1;
                }
                Some(Value::Array(_)) => wide.push(escape(name)),
                Some(_) => {
                    for o in rows.iter().filter_map(Value::as_str) {
                        words.entry(o.to_string()).or_default().push(escape(name));
                    }
                }
                None => {
                    legend.push((format!("{} (holds of nothing)", escape(name)), usize::MAX, false))
                }
            }
        }
    }
    if let Some(funs) = data["functions"].as_object() {
        for (name, rows) in funs {
            let rows = rows.as_array().cloned().unwrap_or_default();
            if rows.first().is_some_and(|r| r["args"].as_array().is_some_and(|a| a.len() == 1)) {
                for row in &rows {
                    if let (Some(a), Some(v)) = (row["args"][0].as_str(), row["value"].as_str()) {
                        arrow(&mut out, a, v, colour, true, 10.0 + 6.0 * colour as f64);
                    }
                }
                legend.push((escape(name), colour, true));
                colour += 1;
            } else {
                wide.push(escape(name));
            }
        }
    }
    let mut names: BTreeMap<String, Vec<String>> = BTreeMap::new();
    if let Some(consts) = data["constants"].as_object() {
        for (name, o) in consts {
            if let Some(o) = o.as_str() {
                names.entry(o.to_string()).or_default().push(escape(name));
            }
        }
    }
    for o in &objects {
        let (x, y) = at(o);
        let _ = write!(
            out,
            r##"<circle cx="{x:.1}" cy="{y:.1}" r="9" fill="#333"/><text x="{:.1}" y="{:.1}" text-anchor="middle" font-weight="bold">{}</text>"##,
            x,
            y - 15.0,
            escape(o)
        );
        let mut under = Vec::new();
        if let Some(c) = names.get(o) {
            under.push(format!("= {}", c.join(", ")));
        }
        if let Some(p) = words.get(o) {
            under.push(p.join(", "));
        }
        for (k, line) in under.iter().enumerate() {
            let _ = write!(
                out,
                r##"<text x="{x:.1}" y="{:.1}" text-anchor="middle" fill="#555">{line}</text>"##,
                y + 24.0 + 15.0 * k as f64
            );
        }
    }
    let mut ly = 365.0;
    let mut lx = 10.0;
    for (name, c, dashed) in &legend {
        if *c == usize::MAX {
            let _ = write!(out, r##"<text x="{lx}" y="{ly}" fill="#555">{name}</text>"##);
        } else {
            let colour = COLOURS[c % COLOURS.len()];
            let dash = if *dashed { r#" stroke-dasharray="6 4""# } else { "" };
            let _ = write!(
                out,
                r##"<line x1="{lx}" y1="{}" x2="{}" y2="{}" stroke="{colour}" stroke-width="2"{dash}/><text x="{}" y="{ly}">{name}</text>"##,
                ly - 4.0,
                lx + 26.0,
                ly - 4.0,
                lx + 32.0
            );
        }
        lx += 40.0 + 8.0 * name.chars().count() as f64;
        if lx > w - 80.0 {
            lx = 10.0;
            ly += 18.0;
        }
    }
    if !wide.is_empty() {
        let _ = write!(
            out,
            r##"<text x="10" y="{}" fill="#555">in the tables: {}</text>"##,
            ly + 20.0,
            wide.join(", ")
        );
    }
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reason::finite::render::tests::family;
    use serde_json::json;

    #[test]
    fn text_shows_sets_matrices_and_tables() {
        let t = text(&family());
        assert!(!t.contains("happy:"), "{t}");
        assert!(t.contains("not on the board (anything goes): happy"), "{t}");
        assert!(t.starts_with("2 objects: #1 #2\n"), "{t}");
        assert!(t.contains("blondie = #1"), "{t}");
        assert!(t.contains("blonde: #1\n"), "{t}");
        assert!(t.contains("#1  ·  ✓"), "{t}");
        assert!(t.contains("father: #1↦#2 #2↦#1"), "{t}");
        assert!(t.contains("x of (3) is #2"), "{t}");
    }

    /// Issue 56: the object that refutes a `∀` statement was listed among the "witnesses",
    /// as if that statement promised it.
    #[test]
    fn a_counterexample_is_not_called_a_witness() {
        let mut m = family();
        m.witnesses.push(("y".into(), 2, 0, true));
        m.witnesses.push(("z".into(), 2, 1, true));
        let t = text(&m);
        assert!(t.contains("witnesses: x of (3) is #2\n"), "{t}");
        assert!(t.contains("counterexample: (2) fails at y = #1, z = #2\n"), "{t}");
        let j = json(&m);
        assert_eq!(j["witnesses"][1]["counterexample"], json!(true));
        assert_eq!(j["witnesses"][0]["counterexample"], json!(false));
    }

    #[test]
    fn dot_draws_relations_and_dashed_functions() {
        let d = dot(&family());
        assert!(d.starts_with("digraph"), "{d}");
        assert!(d.contains("0 -> 1 [ label = \"likes\", style = solid"), "{d}");
        assert!(d.contains("label = \"father\", style = dashed"), "{d}");
        assert!(d.contains("#1\\nblondie\\nblonde"), "{d}");
    }
}
