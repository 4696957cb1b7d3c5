//! Pictures and tables: SVG parsed back and checked against the engine.

mod snapshots;
mod svg;
mod svg_frames;
mod svg_read;
