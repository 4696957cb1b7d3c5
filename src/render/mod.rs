//! What a run looks like on paper: SVG pictures, the trace as a table (text, Markdown, CSV,
//! JSON or SVG), the documents the CLI writes and the page exports, nginx `upstream` blocks, and
//! what a step of nginx SWRR says (`narration`: coded sentences the pictures and the page word).
//! Pure: every function takes the engine's records and returns a `String`; nothing is recomputed.

pub(crate) mod documents;
pub(crate) mod names;
pub(crate) mod narration;
pub(crate) mod phase;
pub(crate) mod request_mark;
pub(crate) mod svg;
pub(crate) mod table;
pub(crate) mod tank_layout;
pub(crate) mod upstream;
pub(crate) mod words;

pub use documents::{
    max_trace_steps, svg_document, trace_document, DocumentError, SvgKind, SvgRequest,
    TraceDocument, MAX_TRACE_CELLS, MAX_TRACE_ROWS,
};
pub use narration::{caption, english_all, narrate, Part, Said, Telling};
pub use request_mark::RequestMark;
pub use svg::{
    animated_svg, escape_xml, max_animated_steps, request_strip_svg, still_svg, strip_svg,
    tanks_svg, AnimationOptions, Around, Phase, Picture, SvgError, SvgOptions, TankFrame, Theme,
    DEFAULT_STEP_MS, DEFAULT_WIDTH, MAX_ANIMATED_NODES, MAX_ANIMATED_STEPS, MAX_ANIMATED_WORK,
    MAX_FRAME_NODES, MAX_STEP_MS, MAX_STRIP_STEPS, MAX_TABLE_NODES, MAX_TABLE_STEPS, MAX_WIDTH,
    MIN_STEP_MS, MIN_WIDTH,
};
pub use table::{hand_table, run_table, table_svg, RunInfo, TraceFormat};
pub use upstream::render_upstream;
pub use words::{English, Worded, Wording, Words};
