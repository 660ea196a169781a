//! `umpire infer …`: argument parsing and printing for Infer.

use clap::Subcommand;
use std::path::PathBuf;
use std::process::ExitCode;
use umpire::files::write_atomically;
use umpire::infer::experiment::{Experiment, ExperimentError, Supply};
use umpire::infer::picture::svg;

use super::EXIT_BAD_INPUT;

#[derive(Subcommand)]
pub enum InferAction {
    /// Reads an experiment and shows what a Law may see in it: the dice, the visible faces,
    /// the groups of touching dice, the lines.
    Show {
        /// The experiment (`grammar/infer-experiment.ebnf`), like `r3 b4 . w1+o2 / . b5`.
        experiment: String,
        /// The dice available, like `red:20,blue:20,white:20,orange:20`.
        #[arg(long, default_value = "red:20,blue:20,white:20")]
        supply: String,
        #[arg(long)]
        json: bool,
        /// Also draw it (SVG) in this file.
        #[arg(long, value_name = "FILE")]
        svg: Option<PathBuf>,
    },
    /// Judges an experiment against a Law: O (follows, exit 0) or X (does not, exit 1), with
    /// the reason and the Law read back in English.
    Judge {
        /// The Law (`grammar/infer-law.ebnf`), like `all blue are 5`.
        law: String,
        experiment: String,
        #[arg(long, default_value = "red:20,blue:20,white:20")]
        supply: String,
        #[arg(long)]
        json: bool,
    },
}

fn judge(law: &str, experiment: &str, supply: &str, json: bool) -> ExitCode {
    let parsed = match umpire::infer::law::parse(law) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("{:?}", miette::Report::new(e).with_source_code(law.to_string()));
            return ExitCode::from(EXIT_BAD_INPUT);
        }
    };
    let x = match Experiment::parse(experiment).and_then(|x| x.validate(&Supply::parse(supply)?).map(|()| x)) {
        Ok(x) => x,
        Err(e) => {
            eprintln!("{:?}", miette::Report::new(e).with_source_code(experiment.to_string()));
            return ExitCode::from(EXIT_BAD_INPUT);
        }
    };
    let j = parsed.judge(&x);
    if json {
        let out = serde_json::json!({"law": parsed.english(), "experiment": x.notation(), "follows": j.follows, "marker": if j.follows { "O" } else { "X" }, "reason": j.reason});
        println!("{}", serde_json::to_string_pretty(&out).expect("plain data"));
    } else {
        println!("Law: {}.", parsed.english());
        println!("{} {}: {}", if j.follows { "O" } else { "X" }, if j.follows { "follows" } else { "does not follow" }, j.reason);
    }
    if j.follows {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(super::EXIT_NO)
    }
}

pub fn run(action: InferAction) -> ExitCode {
    let (experiment, supply, json, picture) = match action {
        InferAction::Show { experiment, supply, json, svg } => (experiment, supply, json, svg),
        InferAction::Judge { law, experiment, supply, json } => return judge(&law, &experiment, &supply, json),
    };
    let read = || -> Result<Experiment, ExperimentError> {
        let x = Experiment::parse(&experiment)?;
        x.validate(&Supply::parse(&supply)?)?;
        Ok(x)
    };
    let x = match read() {
        Ok(x) => x,
        Err(e) => {
            eprintln!("{:?}", miette::Report::new(e).with_source_code(experiment.clone()));
            return ExitCode::from(EXIT_BAD_INPUT);
        }
    };
    let name = |i: usize| {
        let d = &x.dice[i];
        match x.face(i) {
            Some(f) => format!("{} {f}", d.colour),
            None => format!("{} (face hidden)", d.colour),
        }
    };
    let list = |ids: &[usize]| ids.iter().map(|&i| name(i)).collect::<Vec<_>>().join(", ");
    if json {
        let out = serde_json::json!({
            "experiment": x.notation(),
            "dice": x.dice.iter().enumerate().map(|(i, d)| serde_json::json!({
                "colour": d.colour, "face": x.face(i), "row": d.row, "col": d.col, "level": d.level, "stacked": x.stacked(i),
            })).collect::<Vec<_>>(),
            "groups": x.groups(),
            "lines": x.lines(),
        });
        println!("{}", serde_json::to_string_pretty(&out).expect("plain data"));
    } else {
        println!("{} ({} dice)", x.notation(), x.len());
        for (k, g) in x.groups().iter().enumerate() {
            println!("  group {}: {}", k + 1, list(g));
        }
        for line in x.lines() {
            println!("  line: {}", list(&line));
        }
    }
    if let Some(path) = picture {
        if let Err(e) = write_atomically(&path, svg(&x).as_bytes()) {
            eprintln!("umpire: cannot write {}: {e}", path.display());
            return ExitCode::from(EXIT_BAD_INPUT);
        }
    }
    ExitCode::SUCCESS
}
