//! The metrics as a text report for the terminal.

use std::fmt::Write;

use super::record::{LagExtreme, Metrics};
use super::text_table::{text_table, variance_line, weights_line};

/// `+0.571 = 4/7` — the lag with its exact fraction of W.
fn lag_text(lag: &LagExtreme, total: u64) -> String {
    format!("{:+.3} = {}/{}", lag.lag, lag.numerator, total)
}

pub(crate) fn percent(share: f64) -> String {
    format!("{:.2}%", share * 100.0)
}

/// Renders the report `swrr-viz metrics` prints.
///
/// ```
/// use swrr_viz::engine::TieRule;
/// use swrr_viz::input::Weights;
/// use swrr_viz::metrics::{render_metrics, RunAnalysis};
/// let weights: Weights = "5,1,1".parse().unwrap();
/// let report = render_metrics(RunAnalysis::new(&weights, TieRule::First, None, None).unwrap().run_to_end());
/// assert!(report.contains("period        7 picks"));
/// ```
#[must_use]
pub fn render_metrics(metrics: &Metrics) -> String {
    let mut out = weights_line(
        metrics.nodes.iter().map(|n| (n.name.as_str(), n.weight)),
        &format!("W = {}, gcd {}", metrics.total, metrics.gcd),
    );
    let random = !metrics.repeats;
    if random {
        let _ = writeln!(
            out,
            "period        none ({}; W/gcd = {})",
            match metrics.algorithm.as_str() {
                _ if metrics.subtract == "own" => "subtracting own weight never repeats",
                "grpc" | "grpc-java" => "gRPC's 32-bit counter claims no period",
                "envoy" => "Envoy's f64 deadlines claim no period",
                _ => "random never repeats",
            },
            metrics.period
        );
    } else {
        let _ = writeln!(out, "period        {} picks", metrics.period);
    }
    let cover = if random {
        "no period".to_string()
    } else if metrics.periodic {
        let whole = metrics.steps / metrics.period;
        let rest = metrics.steps % metrics.period;
        let periods = if whole == 1 { "period" } else { "periods" };
        if rest == 0 {
            format!("{whole} {periods}")
        } else {
            format!("{whole} {periods} + {rest} picks")
        }
    } else {
        "part of one period".to_string()
    };
    let by = if metrics.algorithm == "swrr" && metrics.subtract == "own" {
        format!("tie: {}, subtract: own (broken)", metrics.tie)
    } else if metrics.algorithm == "swrr" {
        format!("tie: {}", metrics.tie)
    } else {
        format!("algorithm: {}", metrics.algorithm)
    };
    let _ = writeln!(
        out,
        "steps         {} ({cover}; {} picks computed)   {by}",
        metrics.steps, metrics.computed_picks
    );
    let _ = writeln!(
        out,
        "fingerprint   {}  (FNV-1a 64 of the first {} picks, u32 little-endian each)",
        metrics.fingerprint, metrics.fingerprint_picks
    );
    let worst = &metrics.max_window_variance;
    let window = format!("{} picks", metrics.window);
    let span = format!("steps {}–{}", worst.first_step, worst.last_step);
    variance_line(&mut out, &window, &span, worst.variance, worst.windows);
    out.push('\n');

    let rows: Vec<Vec<String>> = metrics
        .nodes
        .iter()
        .map(|n| {
            vec![
                n.name.clone(),
                n.weight.to_string(),
                percent(n.target_share),
                n.picks.to_string(),
                format!("{:.2}", n.ideal_picks),
                format!(
                    "{} @{}",
                    lag_text(&n.max_ahead, metrics.total),
                    n.max_ahead.step
                ),
                format!(
                    "{} @{}",
                    lag_text(&n.max_behind, metrics.total),
                    n.max_behind.step
                ),
                n.longest_run.to_string(),
                format!(
                    "{}–{} ({}–{})",
                    n.window_picks_min,
                    n.window_picks_max,
                    percent(n.window_share_min),
                    percent(n.window_share_max)
                ),
            ]
        })
        .collect();
    let header = [
        "node",
        "weight",
        "target",
        "picks",
        "ideal",
        "max ahead @step",
        "max behind @step",
        "longest run",
        "picks per window",
    ];
    // The node's name (at least 4 wide) and the window column read left to right.
    out.push_str(&text_table(&header, &rows, &[0, 8]));
    out.push('\n');
    let name_width = metrics
        .nodes
        .iter()
        .map(|n| n.name.chars().count())
        .max()
        .unwrap_or(4)
        .max(4);
    let scope = if metrics.periodic {
        "per period, runs across the period boundary counted whole"
    } else {
        "in the run"
    };
    let _ = writeln!(out, "runs (length×count, {scope}):");
    for node in &metrics.nodes {
        let runs: Vec<String> = node
            .runs
            .iter()
            .map(|r| format!("{}×{}", r.length, r.count))
            .collect();
        let runs = if runs.is_empty() {
            "never picked".to_string()
        } else {
            runs.join(" ")
        };
        let _ = writeln!(out, "  {:<name_width$}  {runs}", node.name);
    }
    out
}
