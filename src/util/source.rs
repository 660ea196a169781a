//! A named text for diagnostics to point into, whose `[name:line:column]` counts columns in
//! characters, as a person counts them. miette's own sources count bytes, so `∀x ∀y
//! smarter(x)` used to put `smarter` at column 11 instead of 7.

use miette::{MietteError, MietteSpanContents, SourceCode, SourceSpan, SpanContents};

/// The text of a board, log, Law or problem, with the name it is shown under.
#[derive(Clone, Debug)]
pub struct SourceText {
    name: String,
    text: String,
}

impl SourceText {
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> SourceText {
        SourceText { name: name.into(), text: text.into() }
    }
}

impl SourceCode for SourceText {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let inner = self.text.read_span(span, before, after)?;
        let start = inner.span().offset();
        let line_start = self.text[..start].rfind('\n').map_or(0, |i| i + 1);
        // A span may start inside a character (a bad offset): count up to the boundary before it.
        let column = self.text.get(line_start..start).map_or(0, |s| s.chars().count());
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.clone(),
            inner.data(),
            *inner.span(),
            inner.line(),
            column,
            inner.line_count(),
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_are_counted_in_characters() {
        let source = SourceText::new("statement", "∀x\n∀y smarter(x)");
        let at = "∀x\n∀y ".len();
        let contents = source.read_span(&SourceSpan::from((at, 7)), 0, 0).unwrap();
        assert_eq!((contents.line(), contents.column()), (1, 3));
        assert_eq!(contents.data(), b"smarter");
        assert_eq!(contents.name(), Some("statement"));
    }
}
