//! How every picture starts: the root element with its size, accessibility texts, stylesheet and
//! scoped ids, and the words of its title and footer.

use crate::input::text::in_sentence;
use crate::input::weights::vector::Weights;
use crate::render::svg::options::SvgOptions;
use crate::render::svg::text::{nginx_rule, rule_text};
use crate::render::svg::writer::{num, Writer};
use crate::render::words::args;

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

/// `svg`, whose ids are scoped by the prefix on its root, scoped instead by a prefix of its whole
/// text: the prefix [`id_prefix`] makes of a picture's kind, weights and step does not hold its
/// theme, words, width or run options, and two pictures inlined in one page that differ only in
/// those would share ids, keyframes and colours.
pub(crate) fn scoped_by_content(svg: String) -> String {
    let Some(at) = svg.find(" id=\"") else {
        return svg;
    };
    let start = at + " id=\"".len();
    let Some(len) = svg[start..].find('"') else {
        return svg;
    };
    let old = svg[start..start + len].to_string();
    let new = id_prefix(&["content", &svg]);
    svg.replace(&old, &new)
}

/// How a document starts: the root element with its size, viewBox, accessibility texts and
/// stylesheet.
pub(crate) struct Root<'a> {
    kind: &'static str,
    prefix: &'a str,
    width: f64,
    height: f64,
    /// Displayed size / viewBox size (1 but for a scaled table).
    scale: f64,
    title: &'a str,
    desc: &'a str,
    css: &'a str,
}

impl<'a> Root<'a> {
    /// A picture of `kind` (its `data-kind`), `width` × `height` at its natural size, its ids
    /// scoped by `prefix`.
    pub(crate) fn new(kind: &'static str, prefix: &'a str, width: f64, height: f64) -> Self {
        Self {
            kind,
            prefix,
            width,
            height,
            scale: 1.0,
            title: "",
            desc: "",
            css: "",
        }
    }

    /// Shown at `scale` times its natural size.
    pub(crate) fn scaled(self, scale: f64) -> Self {
        Self { scale, ..self }
    }

    /// Its accessible name (`title`, `desc`) and its stylesheet.
    pub(crate) fn texts(self, title: &'a str, desc: &'a str, css: &'a str) -> Self {
        Self {
            title,
            desc,
            css,
            ..self
        }
    }

    /// A writer with the root element open; `data` are its extra `data-*` attributes (empty
    /// values left out).
    pub(crate) fn open(&self, data: &[(&'static str, String)]) -> Writer {
        let mut w = Writer::new();
        let title_id = format!("{}-title", self.prefix);
        let desc_id = format!("{}-desc", self.prefix);
        let mut tag = w
            .el("svg")
            .a("xmlns", "http://www.w3.org/2000/svg")
            .a("id", self.prefix)
            .a("class", "swrr")
            .a("width", (self.width * self.scale).ceil())
            .a("height", (self.height * self.scale).ceil())
            .a(
                "viewBox",
                format!("0 0 {} {}", num(self.width), num(self.height)),
            )
            .a("role", "img")
            .a("aria-labelledby", format!("{title_id} {desc_id}"))
            .a("data-kind", self.kind);
        for (name, value) in data.iter().filter(|(_, value)| !value.is_empty()) {
            tag = tag.a(name, value.as_str());
        }
        tag.open();
        w.newline();
        w.el("title").a("id", title_id).text(self.title);
        w.newline();
        w.el("desc").a("id", desc_id).text(self.desc);
        w.newline();
        w.el("style").text(self.css);
        w.newline();
        w.el("rect")
            .a("class", "panel")
            .a("x", 0.5)
            .a("y", 0.5)
            .a("width", self.width - 1.0)
            .a("height", self.height - 1.0)
            .a("rx", 8.0)
            .close();
        w.newline();
        w
    }
}

/// Characters of the weights in a title or a footer, at most.
const LABEL_CHARS: usize = 120;

/// The weights as a short text for titles: `5,3,2` or `gpu=5 cpu=3 queue=2`, cut after the last
/// whole item that fits, with `…`; a right-to-left name isolated as in the narration
/// (`\u{2068}שרת\u{2069}=5`, not `5=שרת`).
pub(crate) fn weights_label(weights: &Weights) -> String {
    if weights.has_default_names() {
        return crate::render::svg::text::fit(&weights.canonical_text(), LABEL_CHARS);
    }
    let nodes = weights.nodes();
    let mut label = String::new();
    for (i, node) in nodes.iter().enumerate() {
        let item = format!("{}={}", in_sentence(&node.name), node.weight);
        let gap = usize::from(!label.is_empty());
        // Room for `…` while another item would follow this one.
        let room = LABEL_CHARS - usize::from(i + 1 < nodes.len());
        if label.chars().count() + gap + item.chars().count() > room {
            label.push('…');
            break;
        }
        if gap == 1 {
            label.push(' ');
        }
        label.push_str(&item);
    }
    label
}

/// The footer line: the caller's, or weights, W, period, tie rule.
pub(crate) fn summary_line(weights: &Weights, options: &SvgOptions) -> String {
    if let Some(footer) = &options.footer {
        return footer.clone();
    }
    let tie = options.tie;
    options.say(
        "figure.summary",
        &args![
            "weights" => weights_label(weights),
            "total" => weights.total(),
            "period" => weights.period(),
            "rule" => rule_text(tie, options),
            "nginx" => nginx_rule(tie, options),
        ],
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

    #[test]
    fn a_picture_is_scoped_by_its_whole_text() {
        let picture = |fill: &str| {
            format!("<svg id=\"s12345\"><style>#s12345{{fill:{fill}}}</style><g id=\"s12345c0\"/></svg>")
        };
        let (red, blue) = (
            scoped_by_content(picture("red")),
            scoped_by_content(picture("blue")),
        );
        assert_ne!(red, blue);
        assert!(!red.contains("s12345") && !blue.contains("s12345"));
        let id = &red[9..15];
        assert_eq!(
            red,
            format!("<svg id=\"{id}\"><style>#{id}{{fill:red}}</style><g id=\"{id}c0\"/></svg>")
        );
        assert_eq!(scoped_by_content(picture("red")), red);
    }

    #[test]
    fn a_weights_label_ends_after_a_whole_item() {
        let label = |text: &str| weights_label(&text.parse().unwrap());
        assert_eq!(label("5,3,2"), "5,3,2");
        assert_eq!(label("שרת=5 B=3"), "\u{2068}שרת\u{2069}=5 B=3");
        // Twenty items of six characters are 139 with their spaces: 17 fit before `…`.
        let many: Vec<String> = (10..30).map(|i| format!("n{i}=10")).collect();
        let cut = label(&many.join(" "));
        assert_eq!(cut, format!("{}…", many[..17].join(" ")));
        assert!(cut.chars().count() <= LABEL_CHARS);
        // Exactly 120 characters (60 + a space + 59): all of it, no `…`.
        let exact = format!("{}=1 {}=1", "x".repeat(58), "y".repeat(57));
        assert_eq!(exact.chars().count(), LABEL_CHARS);
        assert_eq!(label(&exact), exact);
    }
}
