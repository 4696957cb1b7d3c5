//! `swrr-viz svg`: names that share a start keep the part that differs wherever a picture
//! shortens them (the strip's cells, the names under the tanks), so no two nodes read alike
//! in black and white; names cut apart or whole are drawn as `fit` draws them.

use crate::svg::svg;

/// The texts of the elements whose class list holds `class`, in document order.
fn texts(svg: &str, class: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    doc.descendants()
        .filter(|n| {
            n.attribute("class")
                .is_some_and(|c| c.split(' ').any(|c| c == class))
        })
        .map(|n| n.text().unwrap_or_default().to_string())
        .collect()
}

#[test]
fn strip_cells_of_names_with_one_start_keep_their_ends() {
    let strip = svg(&["web1=5 web2=3 web3=2", "--kind", "strip"]);
    let cells = texts(&strip, "cell-text");
    assert_eq!(cells.len(), 10);
    assert_eq!(
        cells,
        ["…1", "…2", "…3", "…1", "…1", "…2", "…1", "…3", "…2", "…1"]
    );
    // The whole name stays in each cell's title.
    assert!(strip.contains("<title>web2</title>"));
    // Names that differ where they are cut keep their cut.
    let apart = svg(&["alpha=2 beta=1", "--kind", "strip"]);
    assert_eq!(texts(&apart, "cell-text"), ["a…", "b…", "a…"]);
}

#[test]
fn tank_names_with_one_start_keep_their_ends() {
    let names =
        "backend-primary-eu-west-1=5 backend-primary-eu-west-2=3 backend-primary-eu-west-3=2";
    for kind in ["tanks", "still", "animated"] {
        let picture = svg(&[names, "--kind", kind, "--width", "360"]);
        let mut shown = texts(&picture, "name");
        shown.dedup();
        assert_eq!(shown, ["backend-…1", "backend-…2", "backend-…3"], "{kind}");
    }
    let ips = "10.0.0.1:80=1 10.0.0.2:80=1 10.0.0.3:80=1 10.0.0.4:80=1";
    let tanks = svg(&[ips, "--kind", "tanks", "--width", "360"]);
    assert_eq!(
        texts(&tanks, "name"),
        ["10…1:80", "10…2:80", "10…3:80", "10…4:80"]
    );
}
