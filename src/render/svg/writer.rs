//! A tiny SVG writer: every attribute value and every text node goes through the XML escaper,
//! so user text (node names) is always text, never markup. Tag and attribute names are
//! `&'static str`, chosen by this crate.

use std::fmt::Write as _;

/// Escapes `text` for XML text content and for attribute values (in double or single quotes).
///
/// Characters XML 1.0 does not allow (C0 controls other than tab and newline, U+FFFE, U+FFFF)
/// become U+FFFD; the weights parser already refuses control characters in names, this is the
/// second line of defence.
///
/// ```
/// use swrr_viz::render::escape_xml;
/// assert_eq!(escape_xml("<script>alert(1)</script>"), "&lt;script&gt;alert(1)&lt;/script&gt;");
/// assert_eq!(escape_xml("a&b\"c'd"), "a&amp;b&quot;c&apos;d");
/// ```
#[must_use]
pub fn escape_xml(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' => out.push(ch),
            '\r' => out.push_str("&#13;"),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

/// A coordinate or size for an attribute: at most two decimals, no trailing zeros, no `-0`.
#[must_use]
pub(crate) fn num(value: f64) -> String {
    if !value.is_finite() {
        return "0".into();
    }
    let mut text = format!("{value:.2}");
    if text.contains('.') {
        while text.ends_with('0') {
            text.pop();
        }
        if text.ends_with('.') {
            text.pop();
        }
    }
    if text == "-0" {
        text = "0".into();
    }
    text
}

/// A value an attribute can take: strings are escaped, numbers formatted.
pub(crate) trait AttrValue {
    fn write_to(&self, out: &mut String);
}

impl AttrValue for &str {
    fn write_to(&self, out: &mut String) {
        out.push_str(&escape_xml(self));
    }
}

impl AttrValue for String {
    fn write_to(&self, out: &mut String) {
        out.push_str(&escape_xml(self));
    }
}

impl AttrValue for f64 {
    fn write_to(&self, out: &mut String) {
        out.push_str(&num(*self));
    }
}

macro_rules! integer_attr {
    ($($t:ty),*) => {$(
        impl AttrValue for $t {
            fn write_to(&self, out: &mut String) {
                let _ = write!(out, "{self}");
            }
        }
    )*};
}
integer_attr!(i64, u64, usize, u32);

/// An SVG document being written.
#[derive(Debug, Default)]
pub(crate) struct Writer {
    out: String,
    open: Vec<&'static str>,
}

impl Writer {
    pub(crate) fn new() -> Self {
        Self::default()
    }

    /// Starts an element; finish it with [`Tag::open`], [`Tag::close`] or [`Tag::text`].
    pub(crate) fn el(&mut self, name: &'static str) -> Tag<'_> {
        self.out.push('<');
        self.out.push_str(name);
        Tag { writer: self, name }
    }

    /// Closes the innermost element opened with [`Tag::open`].
    pub(crate) fn end(&mut self) {
        if let Some(name) = self.open.pop() {
            self.out.push_str("</");
            self.out.push_str(name);
            self.out.push('>');
        }
    }

    /// Escaped text content.
    pub(crate) fn text(&mut self, text: &str) {
        self.out.push_str(&escape_xml(text));
    }

    /// Markup written by another `Writer` (so already escaped).
    pub(crate) fn raw(&mut self, markup: &str) {
        self.out.push_str(markup);
    }

    /// The markup written so far, closing what is still open (no trailing newline).
    pub(crate) fn into_string(mut self) -> String {
        while !self.open.is_empty() {
            self.end();
        }
        self.out
    }

    /// True when nothing was written.
    pub(crate) fn is_empty(&self) -> bool {
        self.out.is_empty()
    }

    /// A line break between elements, to keep the file readable in a diff.
    pub(crate) fn newline(&mut self) {
        self.out.push('\n');
    }

    /// Closes everything still open and returns the document.
    pub(crate) fn finish(mut self) -> String {
        while !self.open.is_empty() {
            self.end();
        }
        self.out.push('\n');
        self.out
    }
}

/// An element whose start tag is being written.
#[derive(Debug)]
pub(crate) struct Tag<'w> {
    writer: &'w mut Writer,
    name: &'static str,
}

impl Tag<'_> {
    /// Adds an attribute; the value is escaped.
    pub(crate) fn a(self, name: &'static str, value: impl AttrValue) -> Self {
        let out = &mut self.writer.out;
        out.push(' ');
        out.push_str(name);
        out.push_str("=\"");
        value.write_to(out);
        out.push('"');
        self
    }

    /// Adds an attribute when `value` is `Some`.
    pub(crate) fn opt(self, name: &'static str, value: Option<impl AttrValue>) -> Self {
        match value {
            Some(value) => self.a(name, value),
            None => self,
        }
    }

    /// A text drawn `length` wide, narrower than its own, where `length` is `Some`.
    pub(crate) fn squeezed_to(self, length: Option<f64>) -> Self {
        self.opt("textLength", length)
            .opt("lengthAdjust", length.map(|_| "spacingAndGlyphs"))
    }

    /// `<name …>`: children follow, then [`Writer::end`].
    pub(crate) fn open(self) {
        self.writer.out.push('>');
        self.writer.open.push(self.name);
    }

    /// `<name …/>`.
    pub(crate) fn close(self) {
        self.writer.out.push_str("/>");
    }

    /// `<name …>text</name>`, the text escaped.
    pub(crate) fn text(self, text: &str) {
        let name = self.name;
        let writer = self.writer;
        writer.out.push('>');
        writer.text(text);
        writer.out.push_str("</");
        writer.out.push_str(name);
        writer.out.push('>');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short() {
        assert_eq!(num(1.0), "1");
        assert_eq!(num(1.5), "1.5");
        assert_eq!(num(1.239), "1.24");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(f64::NAN), "0");
    }

    #[test]
    fn attributes_and_text_are_escaped() {
        let mut w = Writer::new();
        w.el("g").a("data-name", "a\"b<c>&'").open();
        w.el("text").a("x", 1.5).text("<script>alert(1)</script>");
        w.end();
        assert_eq!(
            w.finish(),
            "<g data-name=\"a&quot;b&lt;c&gt;&amp;&apos;\"><text x=\"1.5\">&lt;script&gt;alert(1)&lt;/script&gt;</text></g>\n"
        );
    }

    #[test]
    fn characters_xml_forbids_are_replaced() {
        assert_eq!(escape_xml("a\u{1}b\u{FFFF}"), "a\u{FFFD}b\u{FFFD}");
        assert_eq!(escape_xml("a\rb"), "a&#13;b");
    }
}
