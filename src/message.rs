//! Messages for people as data: a stable code, named parameters, and the English words from the
//! catalog.
//!
//! Every error and note of the core says, through [`Coded`], *which* message it is and with *what*
//! values: `WeightError::Negative` is the code `weights.negative` with the parameter `token`. The
//! catalog, `www/core-messages.js`, has one entry per code — its parameters and English template —
//! and `www/words/core-messages-zh.js` the Chinese one. The `Display` of every error and note (what
//! the CLI prints) is the English template with the parameters filled in ([`english`]); the page
//! words the same code and parameters in the reader's language from the same files.
//!
//! ```
//! use swrr_viz::input::Weights;
//! use swrr_viz::message::{Arg, Coded};
//! let error = "5,-3".parse::<Weights>().unwrap_err();
//! assert_eq!(error.code(), "weights.negative");
//! let message = error.message();
//! assert_eq!(message.text, error.to_string());
//! let Arg::Message(token) = &message.params[0].1 else { panic!() };
//! assert_eq!(token.code, "weights.token");
//! assert_eq!(token.arg("text"), Some(&Arg::Text("-3".into())));
//! assert_eq!(error.to_string(), r#"weight 2 "-3" (at column 3) is negative: weights are 0 or more (0 drains a node)"#);
//! ```

use std::fmt;

use serde::ser::{Serialize, SerializeSeq, SerializeStruct, Serializer};

/// One parameter of a message: text as the English message writes it (a token, a name, a number
/// with its thousands separators), a message of its own (a token with its position, a reason), or
/// a list (joined with the language's list separator, the catalog's `list.separator`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Arg {
    Text(String),
    Message(Box<Message>),
    List(Vec<Arg>),
}

impl Arg {
    /// A list of parameters.
    pub fn list<T: Into<Arg>>(items: impl IntoIterator<Item = T>) -> Self {
        Self::List(items.into_iter().map(Into::into).collect())
    }

    /// The English text of the parameter, as the `Display` of the message writes it.
    #[must_use]
    pub fn text(&self) -> String {
        match self {
            Self::Text(text) => text.clone(),
            Self::Message(message) => message.text.clone(),
            Self::List(items) => items
                .iter()
                .map(Arg::text)
                .collect::<Vec<_>>()
                .join(&list_separator()),
        }
    }
}

impl From<String> for Arg {
    fn from(text: String) -> Self {
        Self::Text(text)
    }
}

impl From<&str> for Arg {
    fn from(text: &str) -> Self {
        Self::Text(text.to_string())
    }
}

impl From<&String> for Arg {
    fn from(text: &String) -> Self {
        Self::Text(text.clone())
    }
}

impl From<Message> for Arg {
    fn from(message: Message) -> Self {
        Self::Message(Box::new(message))
    }
}

macro_rules! arg_from_number {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(value: $t) -> Self {
                Self::Text(value.to_string())
            }
        }
    )*};
}
arg_from_number!(u8, u32, u64, u128, usize, i64);

/// Named parameters, in the order the English text names them.
pub type Params = Vec<(&'static str, Arg)>;

/// `params!["token" => token.message(), "places" => 7]`: a [`Params`] list.
macro_rules! params {
    ($($name:literal => $value:expr),* $(,)?) => {
        vec![$(($name, $crate::message::Arg::from($value))),*]
    };
}
pub(crate) use params;

/// A message as data: what the page needs to word it in any language, and the English text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    /// Stable and machine-readable, e.g. `weights.negative`; the page's template is `core.<code>`.
    pub code: &'static str,
    pub params: Params,
    /// The English text: the catalog's template with the parameters filled in.
    pub text: String,
}

impl Message {
    /// The parameter called `name`.
    #[must_use]
    pub fn arg(&self, name: &str) -> Option<&Arg> {
        self.params.iter().find(|(n, _)| *n == name).map(|(_, a)| a)
    }
}

impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// An error or note that can say which message it is: a code and named parameters. Its
/// `Display` is [`english`] (implement it with [`english_display!`]).
pub trait Coded: fmt::Display {
    /// The code and the parameters (one `match`, so the two never disagree).
    fn coded(&self) -> (&'static str, Params);

    /// The stable code, e.g. `weights.negative`.
    fn code(&self) -> &'static str {
        self.coded().0
    }

    /// The named parameters, e.g. `token`.
    fn params(&self) -> Params {
        self.coded().1
    }

    /// Code, parameters and English text together.
    fn message(&self) -> Message {
        let (code, params) = self.coded();
        Message {
            code,
            params,
            text: self.to_string(),
        }
    }
}

impl Coded for Message {
    fn coded(&self) -> (&'static str, Params) {
        (self.code, self.params.clone())
    }

    fn message(&self) -> Message {
        self.clone()
    }
}

// ── the catalog: www/core-messages.js, read by build.rs ──

/// The catalog's tables, one per code group (`WEIGHTS`, `NGINX`, …), generated by build.rs.
pub(crate) mod catalog {
    include!(concat!(env!("OUT_DIR"), "/catalog.rs"));
}

use catalog::Entry;

fn find(groups: &[&'static [Entry]], code: &str) -> Option<&'static Entry> {
    groups.iter().find_map(|group| {
        group
            .binary_search_by(|(c, _, _)| (*c).cmp(code))
            .ok()
            .map(|i| &group[i])
    })
}

/// The catalog's entry of `code`: its parameters and English template.
#[must_use]
pub fn entry(code: &str) -> Option<(&'static [&'static str], &'static str)> {
    find(catalog::ALL, code).map(|(_, params, text)| (*params, *text))
}

/// Every code of the catalog.
pub fn codes() -> impl Iterator<Item = &'static str> {
    catalog::ALL
        .iter()
        .flat_map(|group| group.iter().map(|(code, _, _)| *code))
}

/// The English words of a message: its catalog template with each `{name}` replaced by the
/// parameter's English text (a `{` not followed by a parameter's name and `}` stays as it is).
#[must_use]
pub fn english(code: &str, params: &Params) -> String {
    english_in(catalog::ALL, code, params)
}

/// What the English of a list joins its items with (the catalog's `list.separator`).
#[must_use]
pub fn list_separator() -> String {
    english("list.separator", &Params::new())
}

/// As [`english`], looking in `groups` only (see [`english_display!`]).
#[must_use]
pub(crate) fn english_in(groups: &[&'static [Entry]], code: &str, params: &Params) -> String {
    // A module built with `js-words` words its messages in JavaScript (www/core-words.js): the
    // templates stay out of it, and `text` is empty until the facade's JavaScript fills it in.
    if cfg!(all(target_arch = "wasm32", feature = "js-words")) {
        return String::new();
    }
    let Some((_, _, template)) = find(groups, code) else {
        // Unreachable for the core's own codes (tests/input/messages.rs checks every one).
        let names: Vec<String> = params
            .iter()
            .map(|(n, a)| format!("{n}={}", a.text()))
            .collect();
        return format!("{code} ({})", names.join(", "));
    };
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest: &str = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let name_end = after
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(after.len());
        let value = (name_end > 0 && after[name_end..].starts_with('}'))
            .then(|| params.iter().find(|(n, _)| *n == &after[..name_end]))
            .flatten();
        match value {
            Some((_, arg)) => {
                out.push_str(&arg.text());
                rest = &after[name_end + 1..];
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

/// `english_display!(WeightError: WEIGHTS)`: the type's `Display` is its [`Coded`] message in
/// English, from the catalog's tables of its codes' groups (`weights.*`): only those are linked.
macro_rules! english_display {
    ($t:ty: $($group:ident),+) => {
        impl ::std::fmt::Display for $t {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                let (code, params) = $crate::message::Coded::coded(self);
                let groups = [$($crate::message::catalog::$group),+];
                f.write_str(&$crate::message::english_in(&groups, code, &params))
            }
        }
    };
}
pub(crate) use english_display;

/// `english_error!(WeightError: WEIGHTS)`: [`english_display!`], and the type is an
/// [`std::error::Error`] (the words are its whole story: no source).
macro_rules! english_error {
    ($t:ty: $($group:ident),+) => {
        $crate::message::english_display!($t: $($group),+);
        impl ::std::error::Error for $t {}
    };
}
pub(crate) use english_error;

/// A type's messages declared once, one arm a variant: its pattern, its catalog code and its
/// parameters; it implements [`Coded`] and the English `Display` ([`english_display!`]), and with
/// `error` (rather than `display`) [`english_error!`].
///
/// ```ignore
/// coded! {
///     error QuizError: QUIZ;
///     Self::Finished { picks } => "quiz.finished" ["picks" => *picks],
///     Self::Other(inner) => (inner.coded()), // no `[…]`: the whole `(code, params)`
/// }
/// ```
///
/// The code is one token: a literal, or an expression in parentheses (e.g. a `match` on a reason).
macro_rules! coded {
    (error $t:ty: $($group:ident),+; $($arms:tt)*) => {
        $crate::message::english_error!($t: $($group),+);
        $crate::message::coded!(@impl $t; $($arms)*);
    };
    (display $t:ty: $($group:ident),+; $($arms:tt)*) => {
        $crate::message::english_display!($t: $($group),+);
        $crate::message::coded!(@impl $t; $($arms)*);
    };
    (@impl $t:ty; $($pat:pat => $code:tt $([$($param:tt)*])?),+ $(,)?) => {
        impl $crate::message::Coded for $t {
            fn coded(&self) -> (&'static str, $crate::message::Params) {
                match self {
                    $($pat => $crate::message::coded!(@arm $code $([$($param)*])?),)+
                }
            }
        }
    };
    (@arm ($($code:tt)*) [$($param:tt)*]) => {
        ($($code)*, $crate::message::params![$($param)*])
    };
    (@arm ($($coded:tt)*)) => {
        $($coded)*
    };
    (@arm $code:literal [$($param:tt)*]) => {
        ($code, $crate::message::params![$($param)*])
    };
}
pub(crate) use coded;

// ── serialisation: `{code, params: {name: value}, text}`, values text, messages or arrays ──

struct ParamsObject<'a>(&'a Params);

impl Serialize for ParamsObject<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // A struct, not a map: serde-wasm-bindgen makes a plain object of it (a map would be a
        // JS `Map`), and the names are `&'static str` already.
        let mut object = serializer.serialize_struct("Params", self.0.len())?;
        for (name, value) in self.0 {
            object.serialize_field(name, value)?;
        }
        object.end()
    }
}

impl Serialize for Arg {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Self::Text(text) => serializer.serialize_str(text),
            Self::Message(message) => message.serialize(serializer),
            Self::List(items) => {
                let mut seq = serializer.serialize_seq(Some(items.len()))?;
                for item in items {
                    seq.serialize_element(item)?;
                }
                seq.end()
            }
        }
    }
}

impl Serialize for Message {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut object = serializer.serialize_struct("Message", 3)?;
        object.serialize_field("code", self.code)?;
        object.serialize_field("params", &ParamsObject(&self.params))?;
        object.serialize_field("text", &self.text)?;
        object.end()
    }
}

/// The parameters alone as a serialisable object (`{name: value}`), for an error's `params`.
#[must_use]
pub fn params_object(params: &Params) -> impl Serialize + '_ {
    ParamsObject(params)
}
