//! The run-length histogram of the selected nodes, added together.

use super::analysis::RunAnalysis;
use super::error::MetricsError;
use super::record::RunCount;
use super::runs::add_count;
use super::selection::select_nodes;

impl RunAnalysis {
    /// The run-length histogram of the selected nodes (`None`: all) added together, by length.
    ///
    /// ```
    /// use swrr_viz::engine::TieRule;
    /// use swrr_viz::input::Weights;
    /// use swrr_viz::metrics::{RunAnalysis, RunCount};
    /// let mut analysis = RunAnalysis::new(&"5,1,1".parse::<Weights>().unwrap(), TieRule::First, None, None).unwrap();
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
