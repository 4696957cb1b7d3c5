//! What the plots of a finished analysis read.

use super::record::RunCount;
use super::tape::Tape;

/// What the plots read once the analysis is finished.
#[derive(Debug, Clone)]
pub(crate) struct RunData {
    pub tape: Tape,
    pub weights: Vec<i64>,
    /// w / gcd.
    pub reduced: Vec<u64>,
    pub total: i64,
    pub window: u64,
    /// Lowest and highest level of each node over the run (= over one period when periodic).
    pub level_lowest: Vec<i64>,
    pub level_highest: Vec<i64>,
    /// Fewest and most picks of each node in any window.
    pub window_lowest: Vec<u64>,
    pub window_highest: Vec<u64>,
    pub histograms: Vec<Vec<RunCount>>,
}
