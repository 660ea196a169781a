//! What kind of failure an error is. Every error type of the library says whether it means
//! bad input, a contradiction in what the user gave (a log no deal fits), a spent budget,
//! or a bug caught by a re-check; front ends map the kind to an exit status or a message in
//! one place, instead of guessing from the text.

/// The kinds of failure, as a front end must tell them apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FailureKind {
    /// The input cannot be read or is not well-formed (exit status 2).
    BadInput,
    /// The input is well-formed but contradicts itself: the answer is "no" (exit status 1).
    Contradiction,
    /// The budget ran out before an answer (exit status 3).
    OutOfBudget,
    /// A result failed its independent re-check: a bug in umpire (exit status 70).
    Internal,
}

/// An error that knows its [`FailureKind`], and what a reader needs listed after it.
pub trait Classify {
    fn kind(&self) -> FailureKind {
        FailureKind::BadInput
    }

    /// Lines to show after the diagnostic (a contradiction's lines of a log, say).
    fn notes(&self) -> Vec<String> {
        Vec::new()
    }
}

impl Classify for std::io::Error {}

/// A diagnostic as data, one shape for every front end that speaks JSON (`--json`, the
/// page's API): code, message, hint, and where it points (byte offsets into the input).
pub fn diagnostic_json(d: &dyn miette::Diagnostic) -> serde_json::Value {
    let labels: Vec<serde_json::Value> = d
        .labels()
        .into_iter()
        .flatten()
        .map(|l| serde_json::json!({ "offset": l.offset(), "length": l.len(), "label": l.label() }))
        .collect();
    let related: Vec<serde_json::Value> =
        d.related().into_iter().flatten().map(diagnostic_json).collect();
    let mut v = serde_json::json!({
        "code": d.code().map(|c| c.to_string()),
        "message": crate::util::text::shorten_message(&d.to_string()),
        "help": d.help().map(|h| h.to_string()),
        "labels": labels,
    });
    if !related.is_empty() {
        v["related"] = serde_json::Value::Array(related);
    }
    v
}

/// Renders a diagnostic as a player reads it: what went wrong first (the message, where it
/// points, the hint), and the diagnostic's code last, for whoever looks it up or scripts on
/// it (issue 38: every message used to open with `umpire::game::illegal`).
pub fn render(d: &dyn miette::Diagnostic, theme: miette::GraphicalTheme, width: usize) -> String {
    let handler = miette::GraphicalReportHandler::new_themed(theme).with_width(width);
    let mut out = String::new();
    // Writing into a String cannot fail.
    let _ = handler.render_report(&mut out, &CodeLast(d));
    if let Some(code) = d.code() {
        while out.ends_with('\n') {
            out.pop();
        }
        out.push_str(&format!("\n  code: {code}\n"));
    }
    out
}

/// A diagnostic without its code, which [`render`] writes after it instead of before.
struct CodeLast<'a>(&'a dyn miette::Diagnostic);

impl std::fmt::Debug for CodeLast<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self.0, f)
    }
}

impl std::fmt::Display for CodeLast<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(self.0, f)
    }
}

impl std::error::Error for CodeLast<'_> {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.0.source()
    }
}

impl miette::Diagnostic for CodeLast<'_> {
    fn severity(&self) -> Option<miette::Severity> {
        self.0.severity()
    }
    fn help<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        self.0.help()
    }
    fn url<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        self.0.url()
    }
    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        self.0.source_code()
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        self.0.labels()
    }
    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn miette::Diagnostic> + 'a>> {
        self.0.related()
    }
    fn diagnostic_source(&self) -> Option<&dyn miette::Diagnostic> {
        self.0.diagnostic_source()
    }
}
