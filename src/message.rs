//! Messages for people as data: a stable code, named parameters and the English text.
//!
//! Every error and note of the core keeps its English `Display` (the CLI prints it, scripts and
//! tests read it) and also says, through [`Coded`], *which* message it is and with *what* values:
//! `WeightError::Negative` is the code `weights.negative` with the parameter `token`. The page
//! words the same facts in its own language from the code and the parameters (the template
//! `core.<code>` in `www/i18n.js` and `www/i18n-zh.js`), so no sentence is built from translated
//! fragments and the English template reproduces the `Display` text exactly (a test checks it
//! for every code).
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
//! ```

use std::fmt;

use serde::ser::{Serialize, SerializeSeq, SerializeStruct, Serializer};

/// One parameter of a message: text as the English message writes it (a token, a name, a number
/// with its thousands separators), a message of its own (a token with its position, a reason), or
/// a list (joined with the language's list separator; in English `", "`).
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
            Self::List(items) => items.iter().map(Arg::text).collect::<Vec<_>>().join(", "),
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
    /// The English text: the `Display` of the error or note.
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

/// An error or note that can say which message it is: a code and named parameters next to its
/// English `Display`.
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
