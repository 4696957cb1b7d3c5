//! Reads what the page and the Rust core share into `$OUT_DIR`:
//! - the message catalog, `www/core-messages.js` (the object after `export default` is JSON), into
//!   `catalog.rs`: each code's parameters and English template, sorted by code, for
//!   `message::english` (the `Display` of every error and note);
//! - the palette, `www/theme.css` (its `:root, :host` block, each colour `light-dark(light, dark)`,
//!   and its `:root[data-theme="dark"]` one for what is no colour), into `palette.rs`: the variables
//!   of each theme as the SVG pictures' stylesheet writes them (`render/svg/style.rs`).

use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::Path;

const CATALOG: &str = "www/core-messages.js";
const THEME: &str = "www/theme.css";

fn main() {
    catalog();
    palette();
}

fn catalog() {
    println!("cargo:rerun-if-changed={CATALOG}");
    let source = fs::read_to_string(CATALOG).unwrap_or_else(|e| panic!("{CATALOG}: {e}"));
    let start = source
        .find("export default")
        .and_then(|at| source[at..].find('{').map(|brace| at + brace))
        .unwrap_or_else(|| panic!("{CATALOG}: no `export default {{`"));
    let end = source
        .rfind('}')
        .unwrap_or_else(|| panic!("{CATALOG}: no closing `}}`"));
    let catalog: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(&source[start..=end])
            .unwrap_or_else(|e| panic!("{CATALOG}: the object is not JSON: {e}"));
    // One table per code's first part (`weights`, `nginx`, …): a type's Display reads only its
    // own, so a wasm module links the words of the messages it can give, not all of them.
    let mut groups: std::collections::BTreeMap<String, Vec<String>> = Default::default();
    for (code, entry) in &catalog {
        let text = entry["text"]
            .as_str()
            .unwrap_or_else(|| panic!("{CATALOG}: {code} has no text"));
        let params: Vec<&str> = entry["params"]
            .as_array()
            .unwrap_or_else(|| panic!("{CATALOG}: {code} has no params"))
            .iter()
            .map(|p| {
                p.as_str()
                    .unwrap_or_else(|| panic!("{CATALOG}: {code}: a parameter that is not a name"))
            })
            .collect();
        let (group, _) = code
            .split_once('.')
            .unwrap_or_else(|| panic!("{CATALOG}: {code} is not group.name"));
        groups
            .entry(group.to_uppercase())
            .or_default()
            .push(format!("    ({code:?}, &{params:?}, {text:?}),\n"));
    }
    let mut out = String::from(
        "/// `(code, parameters, English template)`.\n\
         pub(crate) type Entry = (&'static str, &'static [&'static str], &'static str);\n",
    );
    for (group, mut entries) in groups.clone() {
        entries.sort();
        writeln!(
            out,
            "/// The `{}.*` messages, sorted by code.",
            group.to_lowercase()
        )
        .unwrap();
        writeln!(out, "pub(crate) static {group}: &[Entry] = &[").unwrap();
        out.extend(entries);
        out.push_str("];\n");
    }
    let names: Vec<&String> = groups.keys().collect();
    writeln!(
        out,
        "/// Every table.\npub(crate) static ALL: &[&[Entry]] = &[{}];",
        names
            .iter()
            .map(|n| n.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    )
    .unwrap();
    let path = Path::new(&env::var("OUT_DIR").expect("OUT_DIR")).join("catalog.rs");
    fs::write(&path, out).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
}

/// `(name, value)` for each custom property of the block that `selector` opens in theme.css.
fn variables<'a>(css: &'a str, selector: &str) -> Vec<(&'a str, &'a str)> {
    let start = css
        .find(selector)
        .and_then(|at| css[at..].find('{').map(|brace| at + brace + 1))
        .unwrap_or_else(|| panic!("{THEME}: no block `{selector} {{`"));
    let end = start
        + css[start..]
            .find('}')
            .unwrap_or_else(|| panic!("{THEME}: `{selector}` is not closed"));
    let variables: Vec<_> = css[start..end]
        .split(';')
        .filter_map(|declaration| declaration.split_once(':'))
        .map(|(name, value)| (name.trim(), value.trim()))
        .filter(|(name, _)| name.starts_with("--"))
        .collect();
    assert!(
        !variables.is_empty(),
        "{THEME}: `{selector}` sets no variables"
    );
    variables
}

/// The light value and, when it has its own, the dark one: `light-dark(light, dark)` is a colour
/// of each theme; anything else is light's.
fn per_theme(value: &str) -> (&str, Option<&str>) {
    match value
        .strip_prefix("light-dark(")
        .and_then(|pair| pair.strip_suffix(')'))
    {
        Some(pair) => {
            let (light, dark) = pair
                .split_once(',')
                .unwrap_or_else(|| panic!("{THEME}: `{value}` is not light-dark(light, dark)"));
            (light.trim(), Some(dark.trim()))
        }
        None => (value, None),
    }
}

fn palette() {
    println!("cargo:rerun-if-changed={THEME}");
    let css = fs::read_to_string(THEME).unwrap_or_else(|e| panic!("{THEME}: {e}"));
    let dark_only = variables(&css, ":root[data-theme=\"dark\"]");
    let (mut light, mut dark) = (String::new(), String::new());
    for (name, value) in variables(&css, ":root, :host {") {
        let (light_value, dark_value) = per_theme(value);
        // Fonts (lists, with commas) aside: the pictures name their own.
        if light_value.contains(',') {
            continue;
        }
        write!(light, "{name}:{light_value};").unwrap();
        let dark_value = dark_value.or_else(|| {
            dark_only
                .iter()
                .find(|(dark_name, _)| *dark_name == name)
                .map(|(_, value)| *value)
        });
        if let Some(dark_value) = dark_value {
            write!(dark, "{name}:{dark_value};").unwrap();
        }
    }
    let out = format!(
        "/// The light theme's variables, as `:root` in www/theme.css.\n\
         pub(crate) const LIGHT: &str = {light:?};\n\
         /// The dark theme's, only what differs from light: the dark sides of its `light-dark()`\n\
         /// colours and what `[data-theme=\"dark\"]` sets there.\n\
         pub(crate) const DARK: &str = {dark:?};\n"
    );
    let path = Path::new(&env::var("OUT_DIR").expect("OUT_DIR")).join("palette.rs");
    fs::write(&path, out).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
}
