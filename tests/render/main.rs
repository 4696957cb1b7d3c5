//! Pictures and tables: SVG parsed back and checked against the engine.

mod snapshots;
mod svg;
