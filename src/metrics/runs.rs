//! Runs of consecutive picks of one node, in O(1) per pick, with the run that wraps across the
//! period boundary counted whole.

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
pub(crate) fn add_count(histogram: &mut Vec<RunCount>, length: u64, count: u64) {
    let at = histogram.partition_point(|r| r.length < length);
    match histogram.get_mut(at) {
        Some(r) if r.length == length => r.count += count,
        _ => histogram.insert(at, RunCount { length, count }),
    }
}
