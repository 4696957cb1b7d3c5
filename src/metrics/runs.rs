//! Runs of consecutive picks of one node, in O(1) per pick, with the run that wraps across the
//! period boundary counted whole.

use super::analysis::Analysis;
use super::error::MetricsError;
use super::grid::select_nodes;
use super::record::RunCount;

#[derive(Debug, Clone, Copy)]
struct Run {
    node: u32,
    length: u64,
}

/// Histograms of run lengths per node, built pick by pick.
#[derive(Debug, Clone)]
pub(crate) struct RunTracker {
    /// Per node, `(length, count)` sorted by length: few distinct lengths, so a sorted vector
    /// (a `BTreeMap` here cost the wasm some 5 KB).
    histograms: Vec<Vec<RunCount>>,
    /// The run that started at step 1, held back: on a periodic sequence it joins the last run.
    first: Option<Run>,
    current: Option<Run>,
}

impl RunTracker {
    pub(crate) fn new(nodes: usize) -> Self {
        Self {
            histograms: vec![Vec::new(); nodes],
            first: None,
            current: None,
        }
    }

    fn record(&mut self, run: Run) {
        add_count(&mut self.histograms[run.node as usize], run.length, 1);
    }

    pub(crate) fn pick(&mut self, node: u32) {
        match &mut self.current {
            Some(run) if run.node == node => run.length += 1,
            _ => {
                let ended = self.current.replace(Run { node, length: 1 });
                if let Some(ended) = ended {
                    if self.first.is_none() {
                        self.first = Some(ended);
                    } else {
                        self.record(ended);
                    }
                }
            }
        }
    }

    /// Per-node histograms `length → count`.
    ///
    /// `periodic`: the picks seen are one full period of a sequence that repeats; the last run
    /// then continues into the first, and a single run covering everything lasts the whole
    /// run of `steps` picks.
    pub(crate) fn finish(mut self, periodic: bool, steps: u64) -> Vec<Vec<RunCount>> {
        let Some(last) = self.current.take() else {
            return self.histograms;
        };
        match self.first.take() {
            None if periodic => self.record(Run {
                node: last.node,
                length: steps,
            }),
            None => self.record(last),
            Some(first) if periodic && first.node == last.node => self.record(Run {
                node: last.node,
                length: first.length + last.length,
            }),
            Some(first) => {
                self.record(first);
                self.record(last);
            }
        }
        self.histograms
    }
}

/// Adds `count` runs of `length` to a histogram sorted by length.
fn add_count(histogram: &mut Vec<RunCount>, length: u64, count: u64) {
    let at = histogram.partition_point(|r| r.length < length);
    match histogram.get_mut(at) {
        Some(r) if r.length == length => r.count += count,
        _ => histogram.insert(at, RunCount { length, count }),
    }
}

impl Analysis {
    /// The run-length histogram of the selected nodes (`None`: all) added together, by length.
    ///
    /// ```
    /// use swrr_viz::engine::TieRule;
    /// use swrr_viz::input::Weights;
    /// use swrr_viz::metrics::{Analysis, RunCount};
    /// let mut analysis = Analysis::new(&"5,1,1".parse::<Weights>().unwrap(), TieRule::First, None, None).unwrap();
    /// analysis.run_to_end();
    /// // A A B A C A A | A A …: A has runs 1 and 4, B and C one run of 1 each.
    /// assert_eq!(analysis.run_histogram(None).unwrap(), [RunCount { length: 1, count: 3 }, RunCount { length: 4, count: 1 }]);
    /// ```
    pub fn run_histogram(&self, nodes: Option<&[u32]>) -> Result<Vec<RunCount>, MetricsError> {
        let data = self.data()?;
        let selected = select_nodes(nodes, data.histograms.len(), 1)?;
        let mut sum = Vec::new();
        for i in selected {
            for run in &data.histograms[i] {
                add_count(&mut sum, run.length, run.count);
            }
        }
        Ok(sum)
    }
}
