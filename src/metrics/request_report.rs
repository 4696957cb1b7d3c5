//! The metrics of a run of requests as a text report for the terminal.

use std::fmt::Write;

use super::report::percent;
use super::requests::RequestMetrics;
use super::text_table::{plural, text_table, variance_line, weights_line};

/// Renders the report `swrr-viz metrics` prints for a run that models requests.
///
/// ```
/// use swrr_viz::engine::RunSpec;
/// use swrr_viz::input::{Scenario, Weights};
/// use swrr_viz::metrics::{render_request_metrics, RequestMetrics};
/// let weights: Weights = "5,3,2".parse().unwrap();
/// let scenario = Scenario::parse("@1 C dead max_fails=3 timeout=3600", &weights).unwrap();
/// let spec = RunSpec::new(weights, Default::default(), scenario);
/// let report = render_request_metrics(&RequestMetrics::measure(&spec, Some(30), None).unwrap());
/// assert!(report.contains("requests      30: 30 answered, 0 with a 502"));
/// assert!(report.contains("attempts      33: 3 failed, 3 retried (3 requests retried)"));
/// ```
#[must_use]
pub fn render_request_metrics(m: &RequestMetrics) -> String {
    let mut out = weights_line(
        m.nodes.iter().map(|n| (n.name.as_str(), n.weight)),
        &format!("primary W = {}", m.primary_total),
    );
    let workers = match (m.workers, m.zone) {
        (1, _) => "1 worker".to_string(),
        (w, true) => format!("{w} workers sharing a zone"),
        (w, false) => format!("{w} workers, each with its own state"),
    };
    let tries = match m.tries {
        0 => String::new(),
        n => format!(", at most {} a request", plural(n, "try", "tries")),
    };
    let _ = writeln!(
        out,
        "traffic       {} a second, {workers}{tries}",
        plural(m.rate, "request", "requests")
    );
    let _ = writeln!(
        out,
        "requests      {}: {} answered, {} with a 502 ({} with no server left)",
        m.requests, m.answered, m.bad_gateway, m.none_left
    );
    let _ = writeln!(
        out,
        "attempts      {}: {} failed, {} retried ({} retried)",
        m.attempts,
        m.nodes.iter().map(|n| n.failed).sum::<u64>(),
        m.retries,
        plural(m.retried_requests, "request", "requests")
    );
    let worst = &m.max_window_variance;
    if worst.windows > 0 {
        let window = format!("{} answered requests", m.window);
        let span = format!("answered requests {}–{}", worst.first, worst.last);
        variance_line(&mut out, &window, &span, worst.variance, worst.windows);
    } else {
        let _ = writeln!(out, "window        no answered request");
    }
    out.push('\n');
    let rows: Vec<Vec<String>> = m
        .nodes
        .iter()
        .map(|n| {
            vec![
                n.name.clone(),
                n.weight.to_string(),
                if n.backup {
                    "backup".to_string()
                } else {
                    percent(n.target_share)
                },
                n.answered.to_string(),
                percent(n.answered_share),
                n.attempts.to_string(),
                n.failed.to_string(),
                n.longest_run.to_string(),
                format!("{}–{}", n.window_min, n.window_max),
            ]
        })
        .collect();
    let header = [
        "server",
        "weight",
        "target",
        "answered",
        "share",
        "attempts",
        "failed",
        "longest run",
        "answered per window",
    ];
    out.push_str(&text_table(&header, &rows, &[0, 8]));
    out
}
