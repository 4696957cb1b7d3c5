//! The pictures' words in Chinese (`svg --lang zh`): the templates of
//! `www/words/core-messages-zh.js`, the catalog a Chinese page words its exports from, so the CLI
//! draws what the page exports.

use std::collections::HashMap;

use swrr_viz::render::{English, Worded, Words};

/// The Chinese catalog as the page has it: a JSON object after `export default`.
const CATALOG: &str = include_str!("../../../www/words/core-messages-zh.js");

/// Chinese words of the core's codes.
pub struct Chinese {
    templates: HashMap<String, String>,
}

impl Chinese {
    pub fn new() -> Self {
        let object = CATALOG
            .split_once("export default")
            .map(|(_, rest)| rest.trim().trim_end_matches(';'))
            .expect("www/words/core-messages-zh.js: export default {…}");
        let templates =
            serde_json::from_str(object).expect("www/words/core-messages-zh.js: a JSON object");
        Self { templates }
    }

    fn text(&self, param: &Worded) -> String {
        match param {
            Worded::Text(text) => text.clone(),
            Worded::List(items) => list(items),
            Worded::Joined(items) => items.join(&self.templates["list.separator"]),
        }
    }
}

impl Words for Chinese {
    /// `code`'s template with each `{name}` filled in; a code without Chinese words is English,
    /// as on the page (`i18n.js`).
    fn word(&self, code: &str, params: &[(&'static str, Worded)]) -> String {
        let Some(template) = self.templates.get(code) else {
            return English.word(code, params);
        };
        let mut out = String::with_capacity(template.len() + 16);
        let mut rest = template.as_str();
        while let Some(open) = rest.find('{') {
            out.push_str(&rest[..open]);
            let after = &rest[open + 1..];
            let filled = after.split_once('}').and_then(|(name, tail)| {
                let param = params.iter().find(|(n, _)| *n == name)?;
                Some((self.text(&param.1), tail))
            });
            match filled {
                Some((text, tail)) => {
                    out.push_str(&text);
                    rest = tail;
                }
                None => {
                    out.push('{');
                    rest = after;
                }
            }
        }
        out.push_str(rest);
        out
    }
}

/// Items listed the Chinese way, as the page's `i18n.js` `listIn` writes them: "A、B 和 C", with a
/// space between 和 and a Latin name or a number, none beside a Han character ("甲、乙和丙").
fn list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [head @ .., last] => {
            let head = head.join("、");
            let before = if head.chars().next_back().is_some_and(is_han) {
                ""
            } else {
                " "
            };
            let after = if last.chars().next().is_some_and(is_han) {
                ""
            } else {
                " "
            };
            format!("{head}{before}和{after}{last}")
        }
    }
}

/// A character of the Han script (Unicode's `Script=Han`: the ideographs, their radicals and
/// iteration marks).
fn is_han(c: char) -> bool {
    matches!(u32::from(c),
        0x2E80..=0x2E99 | 0x2E9B..=0x2EF3 | 0x2F00..=0x2FD5 | 0x3005 | 0x3007 | 0x3021..=0x3029
        | 0x3038..=0x303B | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xF900..=0xFA6D | 0xFA70..=0xFAD9
        | 0x20000..=0x2A6DF | 0x2A700..=0x2EBEF | 0x2F800..=0x2FA1D | 0x30000..=0x323AF)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_space_latin_names_and_numbers_from_和_but_not_han() {
        let items = |list: &[&str]| list.iter().map(ToString::to_string).collect::<Vec<_>>();
        assert_eq!(list(&items(&["A", "B", "C"])), "A、B 和 C");
        assert_eq!(list(&items(&["甲", "乙", "丙"])), "甲、乙和丙");
        assert_eq!(list(&items(&["甲", "B"])), "甲和 B");
        assert_eq!(list(&items(&["A"])), "A");
    }

    #[test]
    fn every_parameter_is_filled_in_and_lists_are_chinese() {
        let zh = Chinese::new();
        let text = |t: &str| Worded::Text(t.to_string());
        assert_eq!(zh.word("figure.step", &[("t", text("3"))]), "第 3 步");
        assert_eq!(
            zh.word(
                "narration.more",
                &[
                    ("list", Worded::Joined(vec!["A 5".into(), "B 3".into()])),
                    ("count", text("4"))
                ]
            ),
            "A 5、B 3 及另外 4 个"
        );
    }
}
