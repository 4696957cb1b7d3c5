//! Reading a picture back: its XML parsed, attributes and numbers read, its root checked; the
//! engine's runs the pictures are checked against.

use roxmltree::{Document, Node};
use swrr_viz::engine::{level_range, Step, Swrr, TieRule, Trace};
use swrr_viz::input::Weights;

pub fn weights(text: &str) -> Weights {
    text.parse().unwrap()
}

pub fn rows(w: &Weights, tie: TieRule, steps: u64) -> Vec<Step> {
    Trace::new(Swrr::with_tie_rule(w, tie))
        .rows(1, steps)
        .unwrap()
}

pub fn range(w: &Weights, steps: u64) -> (i64, i64) {
    level_range(&Swrr::new(w), steps)
}

pub fn parse(svg: &str) -> Document<'_> {
    Document::parse(svg).unwrap_or_else(|e| panic!("not well-formed XML: {e}\n{svg}"))
}

pub fn attr<'a>(node: &Node<'a, '_>, name: &str) -> &'a str {
    node.attribute(name)
        .unwrap_or_else(|| panic!("missing {name} on {:?}", node.tag_name().name()))
}

/// The attribute `name` of `node` as a number.
pub fn number(node: &Node<'_, '_>, name: &str) -> f64 {
    let text = attr(node, name);
    text.parse()
        .unwrap_or_else(|e| panic!("{name}=\"{text}\" is not a number: {e}"))
}

pub fn numbers<T: std::str::FromStr>(text: &str) -> Vec<T>
where
    T::Err: std::fmt::Debug,
{
    text.split(' ').map(|v| v.parse().unwrap()).collect()
}

/// The tanks' text size (their `g`'s).
pub fn font(doc: &Document<'_>) -> f64 {
    let g = doc
        .descendants()
        .find(|g| g.has_tag_name("g") && g.attribute("class") == Some("mono"))
        .unwrap();
    number(&g, "font-size")
}

pub fn has_class(node: &Node<'_, '_>, class: &str) -> bool {
    node.attribute("class")
        .is_some_and(|c| c.split(' ').any(|x| x == class))
}

/// The `<tag class="… class …">` elements of `doc`, in document order.
pub fn elements<'a, 'i>(doc: &'a Document<'i>, tag: &str, class: &str) -> Vec<Node<'a, 'i>> {
    doc.descendants()
        .filter(|n| n.has_tag_name(tag) && has_class(n, class))
        .collect()
}

/// Root: svg with a title and a desc, viewBox, width and height, referenced by aria-labelledby.
pub fn check_root(doc: &Document<'_>) {
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    for name in ["viewBox", "width", "height", "role", "aria-labelledby"] {
        attr(&root, name);
    }
    let labels: Vec<&str> = attr(&root, "aria-labelledby").split(' ').collect();
    for (tag, id) in ["title", "desc"].iter().zip(&labels) {
        let node = root
            .children()
            .find(|n| n.has_tag_name(*tag))
            .unwrap_or_else(|| panic!("no <{tag}>"));
        assert_eq!(attr(&node, "id"), *id);
        assert!(!node.text().unwrap_or("").is_empty());
    }
    // No script of any kind.
    assert!(!doc.descendants().any(|n| n.has_tag_name("script")
        || n.has_tag_name("foreignObject")
        || n.attributes().any(|a| a.name().starts_with("on"))));
}

/// The tanks of a picture: its `g.tank` groups, in order.
pub fn tanks<'a, 'i>(doc: &'a Document<'i>) -> Vec<Node<'a, 'i>> {
    doc.descendants()
        .filter(|n| n.has_tag_name("g") && has_class(n, "tank"))
        .collect()
}
