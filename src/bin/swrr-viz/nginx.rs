//! `nginx`: write an upstream block for weights, or read one back.

use std::fs::File;
use std::io::{self, Read, Write};
use std::path::Path;

use clap::Args;
use swrr_viz::input::{
    parse_named_upstream, parse_upstream, quoted_value, Scenario, UpstreamError, Weights,
    MAX_UPSTREAM_BYTES,
};
use swrr_viz::render::render_upstream;

use crate::Failure;

#[derive(Args, Debug)]
pub struct NginxArgs {
    /// Weights, e.g. 5,3,2 · "gpu=5 10.0.0.1:80=3" (several arguments are joined by spaces).
    #[arg(required_unless_present = "read", conflicts_with = "read", num_args = 1.., value_name = "WEIGHTS", allow_negative_numbers = true)]
    pub weights: Vec<String>,
    /// Read an upstream block (or a config holding one) from FILE, `-` for standard input.
    #[arg(long, value_name = "FILE")]
    pub read: Option<std::path::PathBuf>,
    /// With --read: the `upstream NAME { … }` block to read, in a config that has several.
    // Not `conflicts_with = "weights"`: clap reports that conflict before the `requires`, with
    // WEIGHTS given it even skips the `requires`; `write_nginx` says the missing --read instead.
    #[arg(long, value_name = "NAME", requires = "read")]
    pub upstream: Option<String>,
    /// Events whose backup, down, max_fails= and timeout= at request 1 become server
    /// parameters, e.g. "@1 D backup; @1 C down" (other events are listed in a comment).
    #[arg(long, value_name = "TEXT", conflicts_with = "read")]
    pub scenario: Option<String>,
}

/// `nginx WEIGHTS`: the upstream block; `nginx --read FILE [--upstream NAME]`: the weights of the
/// block in FILE (the one called NAME),
/// and on a second line the scenario its servers' parameters make (when they make one).
pub fn write_nginx(out: &mut impl Write, args: &NginxArgs) -> Result<(), Failure> {
    let Some(path) = &args.read else {
        if let Some(name) = &args.upstream {
            return Err(format!(
                "--upstream {} needs --read FILE: it names the block to read in a config that has several (swrr-viz nginx --read FILE --upstream NAME, - for standard input); the block written for WEIGHTS has no name to choose",
                quoted_value(name)
            )
            .into());
        }
        let weights: Weights = args
            .weights
            .join(" ")
            .parse()
            .map_err(|e| format!("invalid weights: {e}"))?;
        let scenario = Scenario::parse(args.scenario.as_deref().unwrap_or(""), &weights)
            .map_err(|e| format!("invalid scenario: {e}"))?;
        let block = render_upstream(&weights, &scenario)
            .map_err(|e| format!("cannot write the upstream block: {e}"))?;
        out.write_all(block.as_bytes())?;
        return Ok(());
    };
    let text = read_config(path)?;
    let upstream = match &args.upstream {
        Some(name) => parse_named_upstream(&text, name),
        None => parse_upstream(&text),
    }
    .map_err(|e| format!("invalid upstream block: {e}"))?;
    for note in &upstream.notes {
        eprintln!("swrr-viz: note: {note}");
    }
    writeln!(out, "{}", upstream.weights)?;
    if !upstream.scenario.is_empty() {
        writeln!(out, "{}", upstream.scenario)?;
    }
    Ok(())
}

/// The text of the config at `path` (`-`: stdin). No more than the reader takes is read, so an
/// endless input (`/dev/zero`, `yes |`) is refused at once. Bytes that are not UTF-8 (a Latin-1
/// comment) read as U+FFFD: nginx reads bytes, and none of its words need more than ASCII.
fn read_config(path: &Path) -> Result<String, Failure> {
    let cannot_read = |e: io::Error| {
        let source = if path.as_os_str() == "-" {
            "stdin".into()
        } else {
            path.display().to_string()
        };
        Failure::Read(io::Error::new(e.kind(), format!("{source}: {e}")))
    };
    let too_long = |error: UpstreamError| format!("invalid upstream block: {error}");
    let limit = MAX_UPSTREAM_BYTES as u64 + 1;
    let mut bytes = Vec::new();
    if path.as_os_str() == "-" {
        io::stdin()
            .take(limit)
            .read_to_end(&mut bytes)
            .map_err(cannot_read)?;
    } else {
        let file = File::open(path).map_err(cannot_read)?;
        let size = file.metadata().map_err(cannot_read)?.len();
        if size > MAX_UPSTREAM_BYTES as u64 {
            let bytes = usize::try_from(size).unwrap_or(usize::MAX);
            return Err(too_long(UpstreamError::TooLong { bytes }).into());
        }
        file.take(limit)
            .read_to_end(&mut bytes)
            .map_err(cannot_read)?;
    }
    if bytes.len() > MAX_UPSTREAM_BYTES {
        return Err(too_long(UpstreamError::TooLongStream).into());
    }
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}
