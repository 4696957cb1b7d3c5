//! SVG pictures for documentation, with no script: a tank frame, a whole step as one still, the
//! selection strip, the hand-calculation table and an animated period of the water tanks (CSS animation, loops).
//!
//! Pure: every function returns the document as a `String`, takes its numbers from the engine
//! (`Step` records, pick sequences, the level range) and never recomputes a pick. The look is
//! the page's (www/stage/tanks.js, www/theme.css): Okabe–Ito node colours, light and dark themes.
//! Every user text (node names) is escaped by the writer; nothing is injected.
//!
//! ```
//! use swrr_viz::engine::{level_range, Swrr, Trace};
//! use swrr_viz::input::Weights;
//! use swrr_viz::render::{tanks_svg, Phase, SvgOptions, TankFrame};
//! let weights: Weights = "5,3,2".parse().unwrap();
//! let swrr = Swrr::new(&weights);
//! let range = level_range(&swrr, weights.period());
//! let mut trace = Trace::new(swrr);
//! let frame = TankFrame::at(&mut trace, 5, Phase::Drain).unwrap();
//! let svg = tanks_svg(&weights, &frame, range, &SvgOptions::default()).unwrap();
//! assert!(svg.starts_with("<svg "));
//! assert!(svg.contains(r#"data-node="0" data-weight="5" data-current="-5""#));
//! ```

pub(crate) mod animated;
pub(crate) mod characters;
pub(crate) mod error;
pub(crate) mod frame;
mod framing;
pub(crate) mod layout;
pub(crate) mod limits;
mod marks;
pub(crate) mod options;
mod request_strip;
pub(crate) mod root;
mod still;
mod still_key;
pub(crate) mod strip;
pub(crate) mod style;
mod tank_narration;
pub(crate) mod tanks;
pub(crate) mod text;
pub(crate) mod writer;

pub use animated::{animated_svg, AnimationOptions};
pub use error::{Picture, SvgError};
pub use frame::{Phase, TankFrame};
pub use limits::{
    max_animated_steps, DEFAULT_STEP_MS, DEFAULT_WIDTH, MAX_ANIMATED_NODES, MAX_ANIMATED_STEPS,
    MAX_ANIMATED_WORK, MAX_FRAME_NODES, MAX_STEP_MS, MAX_STRIP_STEPS, MAX_TABLE_NODES,
    MAX_TABLE_STEPS, MAX_WIDTH, MIN_STEP_MS, MIN_WIDTH,
};
pub use options::{Around, SvgOptions, Theme};
pub use request_strip::request_strip_svg;
pub use still::still_svg;
pub use strip::strip_svg;
pub use tanks::tanks_svg;
pub use writer::escape_xml;
