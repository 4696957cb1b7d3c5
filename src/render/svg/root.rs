//! How every picture starts: the root element with its size, accessibility texts, stylesheet and
//! scoped ids, and the words of its title and footer.

use crate::engine::options::TieRule;
use crate::input::weights::vector::Weights;
use crate::render::svg::options::SvgOptions;
use crate::render::svg::text::rule_text;
use crate::render::svg::writer::Writer;

/// A short deterministic prefix for ids and animation names, so several pictures inlined in one
/// HTML page do not share them (FNV-1a 32 of what makes the picture).
pub(crate) fn id_prefix(parts: &[&str]) -> String {
    let mut hash: u32 = 0x811c_9dc5;
    for part in parts {
        for byte in part.bytes().chain(std::iter::once(0)) {
            hash ^= u32::from(byte);
            hash = hash.wrapping_mul(0x0100_0193);
        }
    }
    format!("s{:05x}", hash >> 12)
}

/// Starts a document: root element with size, viewBox, accessibility texts and the stylesheet.
/// `data` are extra `data-*` attributes of the root.
pub(crate) struct Root<'a> {
    pub(crate) prefix: &'a str,
    pub(crate) width: f64,
    pub(crate) height: f64,
    /// Displayed size / viewBox size (1 but for a scaled table).
    pub(crate) scale: f64,
    pub(crate) title: &'a str,
    pub(crate) desc: &'a str,
    pub(crate) css: &'a str,
    pub(crate) kind: &'static str,
}

pub(crate) fn open_root(w: &mut Writer, root: &Root<'_>, data: &[(&'static str, String)]) {
    let title_id = format!("{}-title", root.prefix);
    let desc_id = format!("{}-desc", root.prefix);
    let mut tag = w
        .el("svg")
        .a("xmlns", "http://www.w3.org/2000/svg")
        .a("id", root.prefix)
        .a("class", "swrr")
        .a("width", (root.width * root.scale).ceil())
        .a("height", (root.height * root.scale).ceil())
        .a(
            "viewBox",
            format!(
                "0 0 {} {}",
                crate::render::svg::writer::num(root.width),
                crate::render::svg::writer::num(root.height)
            ),
        )
        .a("role", "img")
        .a("aria-labelledby", format!("{title_id} {desc_id}"))
        .a("data-kind", root.kind);
    for (name, value) in data.iter().filter(|(_, value)| !value.is_empty()) {
        tag = tag.a(name, value.as_str());
    }
    tag.open();
    w.newline();
    w.el("title").a("id", title_id).text(root.title);
    w.newline();
    w.el("desc").a("id", desc_id).text(root.desc);
    w.newline();
    w.el("style").text(root.css);
    w.newline();
    w.el("rect")
        .a("class", "panel")
        .a("x", 0.5)
        .a("y", 0.5)
        .a("width", root.width - 1.0)
        .a("height", root.height - 1.0)
        .a("rx", 8.0)
        .close();
    w.newline();
}

/// The weights as a short text for titles: `5,3,2` or `gpu=5 cpu=3 queue=2`, shortened.
pub(crate) fn weights_label(weights: &Weights) -> String {
    crate::render::svg::text::fit(&weights.canonical_text(), 120)
}

/// The footer line: the caller's, or weights, W, period, tie rule.
pub(crate) fn summary_line(weights: &Weights, options: &SvgOptions) -> String {
    if let Some(footer) = &options.footer {
        return footer.clone();
    }
    let tie = options.tie;
    format!(
        "{} · W = {} · period {} · ties: {}{}",
        weights_label(weights),
        weights.total(),
        weights.period(),
        rule_text(tie),
        if tie == TieRule::First {
            " (nginx)"
        } else {
            ""
        }
    )
}
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefixes_differ_and_are_stable() {
        assert_eq!(id_prefix(&["a", "b"]), id_prefix(&["a", "b"]));
        assert_ne!(id_prefix(&["ab", ""]), id_prefix(&["a", "b"]));
    }
}
