//! Several pictures pasted inline into one HTML page (docs/EMBEDDING.md): each keeps its own ids,
//! keyframes and colours, however little it differs from another.

use crate::svg::svg;

/// The root's `id`, which scopes the picture's ids, classes and keyframe names.
fn root_id(svg: &str) -> String {
    let doc = roxmltree::Document::parse(svg).unwrap();
    doc.root_element().attribute("id").unwrap().to_string()
}

/// The selector of the rule that declares the theme's colours (`--panel`).
fn palette_selector(svg: &str) -> String {
    let start = svg.find("<style>").unwrap() + "<style>".len();
    let end = svg[start..].find("{--").unwrap();
    svg[start..start + end].to_string()
}

#[test]
fn pictures_that_differ_in_anything_have_different_ids() {
    let tanks = ["5,3,2", "--kind", "tanks", "--step", "5"];
    let with = |extra: &[&str]| svg(&[&tanks[..], extra].concat());
    let plain = with(&[]);
    let variants = [
        ("--theme dark", with(&["--theme", "dark"])),
        ("--theme light", with(&["--theme", "light"])),
        ("--lang zh", with(&["--lang", "zh"])),
        ("--width 390", with(&["--width", "390"])),
        ("--tie last", with(&["--tie", "last"])),
        ("--subtract own", with(&["--subtract", "own"])),
        ("--scenario", with(&["--scenario", "@3 C down"])),
    ];
    for (what, picture) in &variants {
        assert_ne!(picture, &plain, "{what} draws the same picture");
        assert_ne!(
            root_id(picture),
            root_id(&plain),
            "{what} shares the plain picture's id"
        );
    }
    // Two animations of 5,3,2 as long, whose levels differ, keep their keyframes apart.
    let animated = svg(&["5,3,2", "--steps", "12"]);
    let scenario = svg(&["5,3,2", "--steps", "12", "--scenario", "@3 C down"]);
    let (a, b) = (root_id(&animated), root_id(&scenario));
    assert_ne!(a, b);
    assert!(animated.contains(&format!("@keyframes {a}w2{{")));
    assert!(scenario.contains(&format!("@keyframes {b}w2{{")));
    // The same picture asked twice is the same file.
    assert_eq!(with(&[]), plain);
}

#[test]
fn the_colours_are_the_pictures_own() {
    // Declared on `.swrr`, every picture's class, a dark picture's colours would paint a light one
    // inlined beside it: they are declared on the picture's id.
    for theme in ["light", "dark", "auto"] {
        let picture = svg(&["5,3,2", "--kind", "still", "--theme", theme]);
        let id = root_id(&picture);
        assert_eq!(
            palette_selector(&picture),
            format!("#{id}"),
            "--theme {theme}"
        );
        assert!(!picture.contains(".swrr{--"), "--theme {theme}");
    }
    let auto = svg(&["5,3,2", "--kind", "strip"]);
    let id = root_id(&auto);
    assert!(auto.contains(&format!("@media (prefers-color-scheme:dark){{#{id}{{--")));
}
