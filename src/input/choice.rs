//! A word that names none of the choices of an option (`--algo`, `--tie`, a theme, …).

use crate::message::{params, Coded, Params};

/// Which option a word was meant for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Choice {
    Algorithm,
    Tie,
    Subtract,
    Ranking,
    Format,
    PictureKind,
    Theme,
    Phase,
}

/// A word that is none of the choices of an option, e.g. `--tie middle`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownChoice {
    pub choice: Choice,
    /// The word as given.
    pub given: String,
}

impl UnknownChoice {
    pub(crate) fn new(choice: Choice, given: &str) -> Self {
        Self {
            choice,
            given: crate::input::text::quoted(given, crate::input::text::QUOTED_CHARS),
        }
    }
}

crate::message::english_error!(UnknownChoice: CHOICE);

impl Coded for UnknownChoice {
    fn coded(&self) -> (&'static str, Params) {
        let code = match self.choice {
            Choice::Algorithm => "choice.algorithm",
            Choice::Tie => "choice.tie",
            Choice::Subtract => "choice.subtract",
            Choice::Ranking => "choice.ranking",
            Choice::Format => "choice.format",
            Choice::PictureKind => "choice.picture_kind",
            Choice::Theme => "choice.theme",
            Choice::Phase => "choice.phase",
        };
        (code, params!["given" => &self.given])
    }
}

/// Declares the choices of an option once: the enum, each choice's word (`as_str`), `ALL` in
/// list order and, with `for Choice::X`, `FromStr`, which takes the words (and any `| "alias"`)
/// and refuses every other word with an [`UnknownChoice`] for `X`.
///
/// ```ignore
/// named_choices! {
///     /// Which node wins a tie.
///     #[derive(Default)]
///     pub enum TieRule for Choice::Tie {
///         #[default]
///         First = "first",
///         Last = "last",
///     }
/// }
/// ```
macro_rules! named_choices {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident for Choice::$choice:ident {
            $( $(#[$variant_meta:meta])* $variant:ident = $word:literal $(| $alias:literal)* ),+ $(,)?
        }
    ) => {
        $crate::input::choice::named_choices! {
            $(#[$meta])*
            $vis enum $name {
                $( $(#[$variant_meta])* $variant = $word ),+
            }
        }

        impl ::std::str::FromStr for $name {
            type Err = $crate::input::choice::UnknownChoice;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                match s {
                    $( $word $(| $alias)* => Ok(Self::$variant), )+
                    other => Err($crate::input::choice::UnknownChoice::new(
                        $crate::input::choice::Choice::$choice,
                        other,
                    )),
                }
            }
        }
    };
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $( $(#[$variant_meta:meta])* $variant:ident = $word:literal ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        $vis enum $name {
            $( $(#[$variant_meta])* $variant ),+
        }

        impl $name {
            /// Every choice, in list order.
            pub const ALL: [Self; [$(stringify!($variant)),+].len()] = [$(Self::$variant),+];

            /// The word that names this choice.
            #[must_use]
            pub fn as_str(self) -> &'static str {
                match self {
                    $( Self::$variant => $word ),+
                }
            }
        }
    };
}
pub(crate) use named_choices;
