//! Reads the message catalog, `www/core-messages.js` (the object after `export default` is JSON),
//! into `$OUT_DIR/catalog.rs`: each code's parameters and English template, sorted by code, for
//! `message::english` (the `Display` of every error and note).

use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::Path;

const CATALOG: &str = "www/core-messages.js";

fn main() {
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
    let mut entries: Vec<(&String, &serde_json::Value)> = catalog.iter().collect();
    entries.sort_by(|a, b| a.0.cmp(b.0));
    let mut out = String::from(
        "/// `(code, parameters, English template)` of every message, sorted by code.\n\
         pub(crate) static CATALOG: &[(&str, &[&str], &str)] = &[\n",
    );
    for (code, entry) in entries {
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
        writeln!(out, "    ({code:?}, &{params:?}, {text:?}),").unwrap();
    }
    out.push_str("];\n");
    let path = Path::new(&env::var("OUT_DIR").expect("OUT_DIR")).join("catalog.rs");
    fs::write(&path, out).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
}
