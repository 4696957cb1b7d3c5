//! The selection strip, downsampled: per column, who was picked most and how often each
//! selected node was picked.

use super::analysis::RunAnalysis;
use super::error::MetricsError;
use super::grid::Grid;
use super::selection::select_nodes;

/// The strip over a [`Grid`]. Arrays per selected node are node-major: the value of selected
/// node k in column j is at `k * columns + j`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StripColumns {
    /// `columns + 1` column boundaries (see [`Grid::bounds`]).
    pub bounds: Vec<u64>,
    /// The node picked most often in each column (ties: the first in list order). With one step
    /// per column (a range no longer than the columns), this is the pick itself.
    pub dominant: Vec<u32>,
    /// How often the dominant node was picked in each column.
    pub dominant_picks: Vec<u64>,
    /// The selected nodes, in the order asked.
    pub nodes: Vec<u32>,
    /// Picks of each selected node per column.
    pub picks: Vec<u64>,
}

impl RunAnalysis {
    /// The strip over `grid` for the selected nodes (`None`: all).
    ///
    /// Cost: the steps of the range, but a column of `len ≥ period` steps costs only
    /// `len mod period` steps (its whole periods are counted by weight).
    ///
    /// ```
    /// use swrr_viz::engine::TieRule;
    /// use swrr_viz::input::Weights;
    /// use swrr_viz::metrics::RunAnalysis;
    /// let mut analysis = RunAnalysis::new(&"5,3,2".parse::<Weights>().unwrap(), TieRule::First, Some(1000), None).unwrap();
    /// analysis.run_to_end();
    /// let strip = analysis.strip(&analysis.grid(1, 10, 100).unwrap(), None).unwrap();
    /// assert_eq!(strip.dominant, [0, 1, 2, 0, 0, 1, 0, 2, 1, 0]); // the picks themselves
    /// let strip = analysis.strip(&analysis.grid(1, 1000, 2).unwrap(), Some(&[2])).unwrap();
    /// assert_eq!(strip.picks, [100, 100]); // C: 2 picks per period of 10
    /// ```
    pub fn strip(&self, grid: &Grid, nodes: Option<&[u32]>) -> Result<StripColumns, MetricsError> {
        let data = self.data()?;
        let count = data.weights.len();
        let columns = grid.columns();
        let selected = select_nodes(nodes, count, columns)?;
        // Nodes absent from a column's partial period: the first heaviest has the most picks.
        let first_heaviest = (0..count)
            .max_by_key(|&i| (data.reduced[i], std::cmp::Reverse(i)))
            .unwrap_or(0);
        let mut partial = vec![0u64; count];
        let mut touched: Vec<usize> = Vec::new();
        let mut strip = StripColumns {
            bounds: grid.bounds(),
            dominant: vec![0; columns],
            dominant_picks: vec![0; columns],
            nodes: selected.iter().map(|&i| i as u32).collect(),
            picks: vec![0; selected.len() * columns],
        };
        for j in 0..columns {
            let (first, last) = grid.column(j);
            let len = last - first + 1;
            let (whole, rest) = match data.tape.period() {
                Some(period) if len >= period => (len / period, len % period),
                _ => (0, len),
            };
            let mut reader = data.tape.reader(first);
            for _ in 0..rest {
                let node = reader.next_pick() as usize;
                if partial[node] == 0 {
                    touched.push(node);
                }
                partial[node] += 1;
            }
            let picks_of = |i: usize| whole * data.reduced[i] + partial[i];
            let extra = (whole > 0).then_some(first_heaviest);
            let mut best: Option<(u64, usize)> = None;
            for i in touched.iter().copied().chain(extra) {
                let picks = picks_of(i);
                if best.map_or(true, |(most, at)| picks > most || (picks == most && i < at)) {
                    best = Some((picks, i));
                }
            }
            let (most, at) = best.unwrap_or((0, 0));
            strip.dominant[j] = at as u32;
            strip.dominant_picks[j] = most;
            for (k, &i) in selected.iter().enumerate() {
                strip.picks[k * columns + j] = picks_of(i);
            }
            for &i in &touched {
                partial[i] = 0;
            }
            touched.clear();
        }
        Ok(strip)
    }
}
