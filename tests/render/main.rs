//! Pictures and tables: SVG parsed back and checked against the engine.

#[path = "../common/attempts.rs"]
mod attempts;
mod csv;
mod snapshots;
mod svg;
mod svg_frames;
mod svg_pipe_labels;
mod svg_read;
mod svg_refused;
mod svg_requests;
mod svg_still_around;
mod svg_still_fit;
mod svg_still_winner;
mod svg_table_runs;
mod svg_tank_fit;
mod svg_words;
