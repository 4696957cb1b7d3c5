//! The narration of a step as the page gets it: coded sentences (render/narration), which the
//! page words in its language (www/stage/narration.js `sayAll`). Codes and numbers only, no
//! English, so the first view's module carries no words of its own.
//!
//! A sentence is `{code, params}`; a parameter is a number (a count), a string (the scenario's
//! events, or `""` for nothing), a sentence, `{node}` (a name), `{level}` (a level, signed),
//! `{list: [...]}` (listed the language's way), `{joined: [...]}` (joined by ", ") or
//! `{change, from, to}` (a node's level before and after the fill).

use serde::ser::{Serialize, SerializeStruct, Serializer};

use crate::render::narration::{Part, Said};

/// A coded sentence for the page.
pub(super) struct SaidView<'a>(pub(super) &'a Said);

/// Every parameter of a sentence, by name.
struct ParamsView<'a>(&'a [(&'static str, Part)]);

struct PartView<'a>(&'a Part);

/// Items of a list, each a parameter.
struct PartsView<'a>(&'a [Part]);

impl Serialize for SaidView<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut said = serializer.serialize_struct("Said", 2)?;
        said.serialize_field("code", self.0.code)?;
        said.serialize_field("params", &ParamsView(&self.0.params))?;
        said.end()
    }
}

impl Serialize for ParamsView<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // A struct, not a map: serde-wasm-bindgen writes it as a plain object.
        let mut params = serializer.serialize_struct("Params", self.0.len())?;
        for (name, part) in self.0 {
            params.serialize_field(name, &PartView(part))?;
        }
        params.end()
    }
}

impl Serialize for PartsView<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(PartView))
    }
}

/// `{key: value}`.
fn one<S: Serializer, T: Serialize + ?Sized>(
    serializer: S,
    key: &'static str,
    value: &T,
) -> Result<S::Ok, S::Error> {
    let mut one = serializer.serialize_struct("Part", 1)?;
    one.serialize_field(key, value)?;
    one.end()
}

impl Serialize for PartView<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Part::Number(n) => serializer.serialize_i64(*n),
            Part::Text(text) => serializer.serialize_str(text),
            Part::Said(said) => SaidView(said).serialize(serializer),
            Part::Level(level) => one(serializer, "level", level),
            Part::Node(node) => one(serializer, "node", node),
            Part::List(items) => one(serializer, "list", &PartsView(items)),
            Part::Joined(items) => one(serializer, "joined", &PartsView(items)),
            Part::Change { node, from, to } => {
                let mut change = serializer.serialize_struct("Change", 3)?;
                change.serialize_field("change", node)?;
                change.serialize_field("from", from)?;
                change.serialize_field("to", to)?;
                change.end()
            }
        }
    }
}
