//! The house's shape, held by a test: the layers import only downwards (util → solve →
//! logic → reason → games → commands → serve → cli), no game imports a sibling, the front
//! ends (`src/cli/`, `src/serve/`) reach the library only through `commands/` (never
//! `games/` or `reason/`), and no two files import each other, directly or round a circle.
//!
//! Imports are read from the text: every `crate::…`, `super::…` and (in the binary)
//! `umpire::…` path outside comments, wherever it stands (a `use` line or an inline path
//! in a function body alike), resolved to the file that defines the module it names.

use petgraph::algo::tarjan_scc;
use petgraph::graph::DiGraph;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

const LAYERS: &[&str] = &["util", "solve", "logic", "reason", "games", "commands", "serve", "cli"];

/// Every `.rs` file under `src/`, as a path relative to `src/` with `/` separators.
fn sources() -> Vec<String> {
    fn walk(dir: &Path, base: &Path, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, base, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path.strip_prefix(base).unwrap().to_string_lossy().replace('\\', "/"));
            }
        }
    }
    let src = crate::root("src");
    let mut out = Vec::new();
    walk(&src, &src, &mut out);
    out.sort();
    out
}

/// The module path of a library file (`reason/finite/mod.rs` → reason, finite); the
/// binary's files (`cli/…`) are modules of the binary's own crate, rooted at `cli/`.
fn module_of(file: &str) -> Vec<String> {
    let file = file.strip_prefix("cli/").unwrap_or(file);
    let stem = file.trim_end_matches(".rs");
    let mut parts: Vec<String> = stem.split('/').map(str::to_string).collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib" | "main")) {
        parts.pop();
    }
    parts
}

/// The file that defines the longest prefix of `segments` (below `root`, `src/` or
/// `src/cli/`), if any.
fn resolve(files: &BTreeSet<String>, root: &str, segments: &[String]) -> Option<String> {
    (1..=segments.len()).rev().find_map(|n| {
        let stem = format!("{root}{}", segments[..n].join("/"));
        [format!("{stem}.rs"), format!("{stem}/mod.rs")].into_iter().find(|f| files.contains(f))
    })
}

/// The text without comments (line comments and doc comments; strings are kept, so a path
/// spelled inside a string is read too, and resolves only if it names a real module) and
/// without the inline unit-test module, which stands last in its file: what tests import
/// is not the code's structure (a test of the parser may well read a whole board).
fn code_of(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod tests {") {
        Some(at) => &text[..at],
        None => text,
    };
    text.lines()
        .map(|line| match line.find("//") {
            // `://` inside a string (a URL) is not a comment.
            Some(i) if !line[..i].ends_with(':') => &line[..i],
            _ => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Each path's segments after `prefix` (`crate::`, `umpire::`, `super::`), braces expanded
/// one level (`crate::{a::b, c}`).
fn paths_after(code: &str, prefix: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    for (at, _) in code.match_indices(prefix) {
        if code[..at].chars().next_back().is_some_and(ident) {
            continue; // `mycrate::`, not `crate::`
        }
        let rest = &code[at + prefix.len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let inner = &group[..group.find('}').unwrap_or(group.len())];
            for item in inner.split(',') {
                let segs = segments(item.trim());
                if !segs.is_empty() {
                    out.push(segs);
                }
            }
        } else {
            out.push(segments(rest));
        }
    }
    out
}

/// `a::b::C` → [a, b, C], stopping at the first character that is not part of a path.
fn segments(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    loop {
        let end = rest.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(rest.len());
        if end == 0 {
            break;
        }
        out.push(rest[..end].to_string());
        match rest[end..].strip_prefix("::") {
            Some(more) => rest = more,
            None => break,
        }
    }
    out
}

/// Every file's imports: file → the files it names.
fn imports() -> BTreeMap<String, BTreeSet<String>> {
    let files: BTreeSet<String> = sources().into_iter().collect();
    let mut graph = BTreeMap::new();
    for file in &files {
        let code = code_of(&std::fs::read_to_string(crate::root("src").join(file)).unwrap());
        let in_binary = file.starts_with("cli/");
        let mut targets = BTreeSet::new();
        let mut add = |root: &str, segs: &[String]| {
            if let Some(target) = resolve(&files, root, segs) {
                if &target != file {
                    targets.insert(target);
                }
            }
        };
        for segs in paths_after(&code, "crate::") {
            add(if in_binary { "cli/" } else { "" }, &segs);
        }
        if in_binary {
            for segs in paths_after(&code, "umpire::") {
                add("", &segs);
            }
        }
        // `super::x` from `a/b/c.rs` (module a::b::c) names a::b::x.
        let mut parent = module_of(file);
        parent.pop();
        for segs in paths_after(&code, "super::") {
            let mut full = parent.clone();
            full.extend(segs);
            add(if in_binary { "cli/" } else { "" }, &full);
        }
        graph.insert(file.clone(), targets);
    }
    graph
}

/// The layer of a file: its top folder (`cli/` and `lib.rs` stand apart).
fn layer(file: &str) -> Option<usize> {
    let top = file.split('/').next()?;
    LAYERS.iter().position(|l| *l == top)
}

/// The game a file belongs to (`games/clue/solve.rs` → clue), if it is inside one.
fn game(file: &str) -> Option<&str> {
    let mut parts = file.split('/');
    if parts.next() != Some("games") {
        return None;
    }
    let second = parts.next()?;
    parts.next().map(|_| second)
}

#[test]
fn every_import_runs_down_the_layers_and_no_game_imports_a_sibling() {
    let mut wrong = Vec::new();
    for (file, targets) in imports() {
        for target in targets {
            if let (Some(from), Some(to)) = (layer(&file), layer(&target)) {
                if to > from {
                    wrong.push(format!("{file} imports {target}, a layer above it"));
                }
            }
            if let (Some(a), Some(b)) = (game(&file), game(&target)) {
                if a != b {
                    wrong.push(format!("{file} imports {target}, another game"));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_front_ends_reach_the_library_only_through_commands() {
    let mut wrong = Vec::new();
    for (file, targets) in imports() {
        if !(file.starts_with("cli/") || file.starts_with("serve/")) {
            continue;
        }
        for target in targets {
            if target.starts_with("games/") || target.starts_with("reason/") {
                wrong.push(format!("{file} imports {target}"));
            }
        }
    }
    assert!(wrong.is_empty(), "go through src/commands/ instead:\n{}", wrong.join("\n"));
}

#[test]
fn no_files_import_each_other_round_a_circle() {
    // Unit-test files import what they test and nothing imports them: left out, as they
    // cannot close a circle of the code's own.
    let is_test = |f: &str| f.ends_with("tests.rs") || f.ends_with("_tests.rs");
    let graph = imports();
    let mut g = DiGraph::<&str, ()>::new();
    let nodes: BTreeMap<&str, _> = graph
        .keys()
        .filter(|f| !is_test(f))
        .map(|f| (f.as_str(), g.add_node(f.as_str())))
        .collect();
    for (file, targets) in &graph {
        for target in targets {
            if let (Some(&a), Some(&b)) = (nodes.get(file.as_str()), nodes.get(target.as_str())) {
                g.add_edge(a, b, ());
            }
        }
    }
    let circles: Vec<String> = tarjan_scc(&g)
        .into_iter()
        .filter(|scc| scc.len() > 1)
        .map(|scc| scc.iter().map(|&n| g[n]).collect::<Vec<_>>().join(" ↔ "))
        .collect();
    assert!(circles.is_empty(), "import circles:\n{}", circles.join("\n"));
}

#[test]
fn the_reader_sees_inline_paths_groups_and_super() {
    let code = "fn f() { let s: crate::games::infer::law::Scope; }\nuse crate::{util::files, solve};\n// crate::reason::x\nuse super::order::Kbo;";
    let crate_paths = paths_after(&code_of(code), "crate::");
    assert_eq!(crate_paths.len(), 3, "{crate_paths:?}");
    assert_eq!(crate_paths[0], ["games", "infer", "law", "Scope"]);
    assert_eq!(paths_after(code, "super::")[0], ["order", "Kbo"]);
}

/// The trust base: the code a verdict's correctness rests on (ARCHITECTURE.md, "The trust
/// base"): the parser and syntax tree, the evaluators, the checkers. A folder ends in `/`.
const TRUST_BASE: &[&str] = &[
    "logic/ast.rs",
    "logic/parse.rs",
    "logic/board.rs",
    "logic/check.rs",
    "logic/diagnostics.rs",
    "logic/print.rs",
    "logic/clauses.rs",
    "logic/semantics.rs",
    "logic/infinite.rs",
    "logic/presburger/",
    // TPTP problems are read here, and proofs print TPTP names with it.
    "logic/tptp/",
    "logic/export.rs",
    // The derivation language: its reader, scope and rule checker (issue 57).
    "logic/derivation/",
    "reason/proof/mod.rs",
    "reason/proof/check.rs",
    // The checkers' own clausification, from the statements and the symbols' meanings.
    "reason/proof/clausify.rs",
    "reason/proof/saturation.rs",
    "reason/proof/drat.rs",
    "reason/proof/ground.rs",
    // The two checkers' one term toolkit: unification, matching, substitution (issue 62).
    "reason/proof/terms.rs",
];

/// What the trust base may use besides itself: plain utilities and the budget type (not the
/// SAT core around it).
const TRUST_BASE_MAY_USE: &[&str] = &["util/", "solve/budget.rs"];

fn in_list(file: &str, list: &[&str]) -> bool {
    list.iter()
        .any(|entry| if entry.ends_with('/') { file.starts_with(entry) } else { file == *entry })
}

#[test]
fn the_trust_base_imports_no_engine_no_clausifier_and_no_sat_solver() {
    // Issue 36: a checker that shared an engine's code would share its bugs.
    let graph = imports();
    let mut wrong = Vec::new();
    let mut members = 0;
    for (file, targets) in &graph {
        // Unit-test files use whatever they test with.
        if !in_list(file, TRUST_BASE) || file.ends_with("tests.rs") {
            continue;
        }
        members += 1;
        for target in targets {
            let allowed = in_list(target, TRUST_BASE) || in_list(target, TRUST_BASE_MAY_USE);
            if !allowed {
                wrong.push(format!("{file} imports {target}"));
            }
        }
        let code = code_of(&std::fs::read_to_string(crate::root("src").join(file)).unwrap());
        if code.contains("varisat") {
            wrong.push(format!("{file} names varisat"));
        }
    }
    assert!(members >= TRUST_BASE.len(), "every listed file exists ({members})");
    assert!(wrong.is_empty(), "the trust base reaches outside itself:\n{}", wrong.join("\n"));
}

/// What a `pub use` line re-exports: the module path it names (`games/cardgame/game`) and
/// each name (`pub use a::b::{C, D};` → C, D; `… as E` → E).
fn re_exported(line: &str) -> (String, Vec<String>) {
    let path = line.trim().trim_start_matches("pub use crate::").trim_end_matches(';');
    let (module, names) = match path.split_once("::{") {
        Some((module, group)) => {
            (module, group.trim_end_matches('}').split(',').map(str::to_string).collect())
        }
        None => {
            let (module, name) = path.rsplit_once("::").unwrap_or(("", path));
            (module, vec![name.to_string()])
        }
    };
    let names = names
        .iter()
        .map(|n| n.split(" as ").next().unwrap_or("").trim().to_string())
        .filter(|n| !n.is_empty() && n != "self")
        .collect();
    (module.replace("::", "/"), names)
}

/// The structs of `games/` and `reason/` whose fields are public: the file and the name.
fn structs_with_public_fields() -> BTreeSet<(String, String)> {
    let mut out = BTreeSet::new();
    for file in sources().iter().filter(|f| f.starts_with("games/") || f.starts_with("reason/")) {
        let text = std::fs::read_to_string(crate::root("src").join(file)).unwrap();
        let mut lines = text.lines();
        while let Some(line) = lines.next() {
            let Some(rest) = line.trim_start().strip_prefix("pub struct ") else { continue };
            let name: String =
                rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            if !rest.trim_end().ends_with('{') {
                continue;
            }
            for field in lines.by_ref() {
                if field.trim_start().starts_with('}') {
                    break;
                }
                let field = field.trim_start();
                if field.starts_with("pub ") && !field.starts_with("pub(") && field.contains(':') {
                    out.insert((file.clone(), name.clone()));
                }
            }
        }
    }
    out
}

/// Whether the struct `name` that `module` re-exports has public fields: looked for in the
/// module's own file, then in the folder around it, widening (a module may re-export what a
/// child defines: `reason::Decision` is `reason/verdict.rs`'s).
fn has_public_fields(open: &BTreeSet<(String, String)>, module: &str, name: &str) -> bool {
    let mut dir = module.to_string();
    loop {
        let found = open.iter().any(|(file, n)| {
            n == name && (file.starts_with(&format!("{dir}/")) || file == &format!("{dir}.rs"))
        });
        let defined_here = sources().iter().any(|f| {
            (f.starts_with(&format!("{dir}/")) || f == &format!("{dir}.rs"))
                && std::fs::read_to_string(crate::root("src").join(f)).is_ok_and(|t| {
                    t.contains(&format!("pub struct {name}"))
                        || t.contains(&format!("pub enum {name}"))
                })
        });
        if found || defined_here {
            return found;
        }
        match dir.rsplit_once('/') {
            Some((parent, _)) => dir = parent.to_string(),
            None => return false,
        }
    }
}

/// Issue 56: `commands/` re-exported `Game` whole, its fields public, and the page and the
/// command line read and wrote them. The façade re-exports no struct of `games/` or
/// `reason/` whose fields are public, so no front end can reach into one. What is listed
/// here is still re-exported and is to become a plain view of `commands/` (each one a
/// step of issue 56's serializable counterparts); the list may only shrink.
#[test]
fn the_facade_re_exports_no_engine_or_game_struct_with_public_fields() {
    const NOT_YET_VIEWS: &[&str] = &["Strategy", "Rules", "Sheet"];
    let open = structs_with_public_fields();
    let mut wrong = Vec::new();
    let mut still = BTreeSet::new();
    for file in sources().iter().filter(|f| f.starts_with("commands/")) {
        let text = std::fs::read_to_string(crate::root("src").join(file)).unwrap();
        for line in text.lines().filter(|l| {
            let l = l.trim_start();
            l.starts_with("pub use crate::games::") || l.starts_with("pub use crate::reason::")
        }) {
            let (module, names) = re_exported(line);
            for name in names.into_iter().filter(|n| has_public_fields(&open, &module, n)) {
                if NOT_YET_VIEWS.contains(&name.as_str()) {
                    still.insert(name);
                } else {
                    wrong.push(format!("{file} re-exports {name}, whose fields are public"));
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "give the front ends a view or a verb of commands/ instead:\n{}",
        wrong.join("\n")
    );
    let gone: Vec<&&str> = NOT_YET_VIEWS.iter().filter(|n| !still.contains(**n)).collect();
    assert!(gone.is_empty(), "no longer re-exported: take {gone:?} off the list");
    // The reader sees what it must: the game itself would be caught.
    assert!(has_public_fields(&open, "games/cardgame/game", "Game"), "{open:?}");
    assert!(has_public_fields(&open, "reason", "Decision"));
    assert!(!has_public_fields(&open, "reason", "Question"), "an enum");
    let (module, names) = re_exported("pub use crate::games::cardgame::game::{Game, Event as E};");
    assert_eq!(
        (module.as_str(), names),
        ("games/cardgame/game", vec!["Game".into(), "Event".into()])
    );
}

#[test]
fn no_engine_uses_the_checkers_term_toolkit() {
    // Issue 62: the checkers share one toolkit; an engine using it would share their bugs
    // (and they its).
    let graph = imports();
    let wrong: Vec<String> = graph
        .iter()
        .filter(|(file, _)| file.starts_with("reason/") && !in_list(file, TRUST_BASE))
        .filter(|(_, targets)| targets.iter().any(|t| t == "reason/proof/terms.rs"))
        .map(|(file, _)| file.clone())
        .collect();
    assert!(wrong.is_empty(), "engines using the checkers' toolkit: {wrong:?}");
    assert!(
        graph
            .get("reason/proof/check.rs")
            .is_some_and(|t| t.contains(&"reason/proof/terms.rs".to_string())),
        "the proof checker uses the toolkit"
    );
}

/// Issue 62: the claims of ARCHITECTURE.md that code can check, checked: the prover's
/// schedule lengths and the crates `util` uses.
#[test]
fn architecture_says_what_the_code_does() {
    let doc = std::fs::read_to_string(crate::root("ARCHITECTURE.md")).unwrap();
    let flat: String = doc.split_whitespace().collect::<Vec<_>>().join(" ");
    let prover =
        std::fs::read_to_string(crate::root("src/reason/superposition/schedule.rs")).unwrap();
    let runs = |name: &str| -> usize {
        prover
            .split(&format!("const {name}: [Run; "))
            .nth(1)
            .and_then(|rest| rest.split(']').next())
            .and_then(|n| n.trim().parse().ok())
            .expect("the schedule's length")
    };
    let words = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
    ];
    let word = |n: usize| words.get(n).copied().unwrap_or("many");
    let said = format!(
        "a schedule of {} runs for problems with a goal and one of {} for those without",
        word(runs("GOAL_SCHEDULE")),
        word(runs("SCHEDULE_WITHOUT_GOAL"))
    );
    assert!(flat.contains(&said), "ARCHITECTURE.md should say `{said}`");
    // The crates util uses, as ARCHITECTURE.md lists them.
    let mut used = std::collections::BTreeSet::new();
    for entry in std::fs::read_dir(crate::root("src/util")).unwrap() {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        for krate in [
            "miette",
            "serde_json",
            "libc",
            "unicode_normalization",
            "serde",
            "rayon",
            "nom",
            "clap",
        ] {
            if text.contains(&format!("{krate}::")) || text.contains(&format!("use {krate}")) {
                // Crate names are written as Cargo.toml spells them.
                used.insert(if krate == "unicode_normalization" {
                    "unicode-normalization".to_string()
                } else {
                    krate.to_string()
                });
            }
        }
    }
    let listed = flat
        .split("of other crates only ")
        .nth(1)
        .and_then(|rest| rest.split(')').next())
        .expect("ARCHITECTURE.md lists util's crates");
    for krate in &used {
        assert!(
            listed.contains(krate.as_str()),
            "util uses {krate}, which ARCHITECTURE.md does not list: {listed}"
        );
    }
}

/// Small rooms with a sign on the door: no source file over 800 lines, and every one opens
/// with a `//!` doc that says what it is for.
#[test]
fn every_source_file_is_under_800_lines_and_says_what_it_is() {
    let mut long = Vec::new();
    let mut undocumented = Vec::new();
    for file in sources() {
        let text = std::fs::read_to_string(crate::root("src").join(&file)).unwrap();
        if text.lines().count() > 800 {
            long.push(format!("{file} ({} lines)", text.lines().count()));
        }
        if !text.trim_start().starts_with("//!") {
            undocumented.push(file);
        }
    }
    assert!(long.is_empty(), "over 800 lines: {long:?}");
    assert!(undocumented.is_empty(), "no `//!` doc at the top: {undocumented:?}");
}
