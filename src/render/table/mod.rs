//! The trace of a run as a table: plain SWRR's hand calculation ([`render_trace`]), every other
//! algorithm and scenario ([`render_run`]) as text, Markdown, CSV or JSON, and the hand
//! calculation as an SVG picture ([`table_svg`]).

pub(crate) mod attempt_columns;
pub(crate) mod peer_columns;
pub(crate) mod run;
pub(crate) mod svg;
pub(crate) mod swrr;

pub use run::{render_run, RunInfo};
pub use svg::table_svg;
pub use swrr::{render_trace, TraceFormat};
