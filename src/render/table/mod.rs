//! The trace of a run as a table: plain SWRR's hand calculation ([`hand_table`]), every other
//! algorithm and scenario ([`run_table`], built from [`column`]s) as text, Markdown, CSV or JSON,
//! and the hand calculation as an SVG picture ([`table_svg`]).

pub(crate) mod attempt_columns;
pub(crate) mod column;
pub(crate) mod format;
pub(crate) mod hand;
pub(crate) mod peer_columns;
pub(crate) mod run;
pub(crate) mod svg;
pub(crate) mod svg_columns;
pub(crate) mod swrr_columns;

pub use format::TraceFormat;
pub use hand::hand_table;
pub use run::{run_table, RunInfo};
pub use svg::table_svg;
