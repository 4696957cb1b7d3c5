//! The `swrr-viz` binary: commands, flags, output and exit codes.

mod algos;
mod basics;
mod docs;
mod flags;
mod metrics;
mod nginx;
mod peers;
mod run;
mod svg;
mod svg_inline;
mod svg_marks;
mod svg_names;
mod svg_picks;
