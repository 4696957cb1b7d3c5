//! `svg`: a picture for documentation, to standard output or a file.

use std::io::{self, Write};
use std::path::Path;

use clap::Args;
use swrr_viz::render::{
    svg_document, Around, DocumentError, Phase, SvgKind, SvgRequest, Theme, Wording,
};

use crate::chinese::Chinese;
use crate::numbers;
use crate::run_spec::{AlgoArgs, WeightArgs};
use crate::{print_notes, Failure};

#[derive(Args, Debug)]
pub struct SvgArgs {
    #[command(flatten)]
    pub weights: WeightArgs,
    /// What to draw: one frame of the tanks, a whole step as one still (fill, pick and drain),
    /// the selection strip, the table, or the animated tanks.
    #[arg(long, default_value = "animated", value_parser = ["tanks", "still", "strip", "table", "animated"])]
    pub kind: String,
    /// tanks, still: the step shown [default: 1]; strip and table: the step marked as current.
    #[arg(long, value_parser = numbers::step)]
    pub step: Option<u64>,
    /// tanks: the phase of the step shown [default: drain].
    #[arg(long, value_parser = ["fill", "pick", "drain"])]
    pub phase: Option<String>,
    /// strip, table, animated: number of steps [default: one period (after the last event), at
    /// most 1000 cells in a strip, 100 rows in a table, 200 steps in an animation; a preset's own].
    #[arg(long, short = 'n', value_parser = numbers::picture_steps)]
    pub steps: Option<u64>,
    #[command(flatten)]
    pub algo: AlgoArgs,
    /// Colours: light, dark, or auto (light, dark when the reader's system prefers dark).
    #[arg(long, default_value = "auto", value_parser = ["auto", "light", "dark"])]
    pub theme: String,
    /// The language of the picture's words: en (English) or zh (简体中文, as the page's Export
    /// writes it in Chinese).
    #[arg(long, default_value = "en", value_parser = ["en", "zh"])]
    pub lang: String,
    /// still: the tanks alone, without the step, the narration, Σ, the key and the footer (for a
    /// page that says them itself).
    #[arg(long)]
    pub bare: bool,
    /// Width in pixels [default: 640; the table: as wide as its columns].
    #[arg(long, value_parser = numbers::width)]
    pub width: Option<u32>,
    /// animated: milliseconds per step (fill, pick and drain take a third each).
    #[arg(long, default_value_t = swrr_viz::render::DEFAULT_STEP_MS, value_parser = numbers::step_ms)]
    pub step_ms: u32,
    /// Write to FILE instead of standard output.
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<std::path::PathBuf>,
}

/// Writes the picture to `--output`, or to `out`. A file that cannot be written (its folder
/// missing, a folder's name, no permission) is bad input, as a file that cannot be read is.
pub fn write_svg(out: &mut impl Write, args: &SvgArgs) -> Result<(), Failure> {
    let svg = render_svg(args)?;
    match &args.output {
        Some(path) => std::fs::write(path, svg).map_err(|e| cannot_write(path, &e))?,
        None => out.write_all(svg.as_bytes())?,
    }
    Ok(())
}

/// Why `-o path` cannot be written: the system's words, and the folder when it is missing (the
/// system says "No such file or directory" of the folder, not of the file to be made).
fn cannot_write(path: &Path, e: &io::Error) -> String {
    let folder = path.parent().filter(|p| !p.as_os_str().is_empty());
    match folder {
        Some(folder) if e.kind() == io::ErrorKind::NotFound && !folder.is_dir() => format!(
            "cannot write -o {}: the folder {} does not exist",
            path.display(),
            folder.display()
        ),
        _ => format!("cannot write -o {}: {e}", path.display()),
    }
}

fn render_svg(args: &SvgArgs) -> Result<String, String> {
    let spec = args.algo.resolve(&args.weights)?;
    print_notes(&spec);
    let kind = args.kind.parse::<SvgKind>().map_err(|e| e.to_string())?;
    if args.bare && kind != SvgKind::Still {
        return Err(DocumentError::BareOnlyForStill.to_string());
    }
    let request = SvgRequest {
        kind,
        step: args.step,
        phase: args
            .phase
            .as_deref()
            .map(str::parse::<Phase>)
            .transpose()
            .map_err(|e| e.to_string())?,
        steps: args.steps,
        theme: args.theme.parse::<Theme>().map_err(|e| e.to_string())?,
        width: args.width,
        step_ms: args.step_ms,
        words: match args.lang.as_str() {
            "zh" => Wording::new(Chinese::new()),
            _ => Wording::default(),
        },
        around: if args.bare {
            Around::Nothing
        } else {
            Around::Everything
        },
    };
    svg_document(&spec, &request).map_err(|e| e.to_string())
}
