//! Levels (current weights) and lags over time, downsampled to the lowest and highest value per
//! column, without touching every node at every step.
//!
//! levelᵢ(t) = t·wᵢ − W·picksᵢ(t) only rises between picks of i, so over a column a..=b its lowest
//! value is at a or right after a pick of i, its highest at b or right before a pick of i: a
//! column costs its steps plus the selected nodes, and a column of a period or more (on a
//! periodic run) takes the node's extremes over the whole period without reading a step.

use super::analysis::RunAnalysis;
use super::bands::Bands;
use super::error::MetricsError;
use super::grid::Grid;
use super::run_data::RunData;
use super::tape::TapeReader;

/// Levels per column over a [`Grid`] (levels after each step's pick). The lag is
/// `−level / total`, so the lag columns are these flipped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LevelColumns {
    pub bands: Bands<i64>,
    /// W, to turn levels into lags.
    pub total: i64,
}

impl LevelColumns {
    /// The lag bands: a column's lowest lag is at its highest level, its highest at the lowest.
    #[must_use]
    pub fn lags(&self) -> Bands<f64> {
        let lag = |levels: &[i64]| -> Vec<f64> {
            levels
                .iter()
                .map(|&level| (-level) as f64 / self.total as f64)
                .collect()
        };
        Bands {
            bounds: self.bands.bounds.clone(),
            nodes: self.bands.nodes.clone(),
            lowest: lag(&self.bands.highest),
            highest: lag(&self.bands.lowest),
            envelope_lowest: lag(&self.bands.envelope_highest),
            envelope_highest: lag(&self.bands.envelope_lowest),
        }
    }
}

/// Pick counts at step t, relative to a base step that is a multiple of the period, so a jump
/// over whole periods moves both and costs nothing.
struct LevelCursor<'a> {
    data: &'a RunData,
    reader: TapeReader<'a>,
    t: u64,
    base: u64,
    counts: Vec<u64>,
}

impl<'a> LevelCursor<'a> {
    fn new(data: &'a RunData) -> Self {
        Self {
            data,
            reader: data.tape.reader(1),
            t: 0,
            base: 0,
            counts: vec![0; data.weights.len()],
        }
    }

    fn level(&self, node: usize) -> i64 {
        let elapsed = i128::from(self.t - self.base);
        let level = elapsed * i128::from(self.data.weights[node])
            - i128::from(self.data.total) * i128::from(self.counts[node]);
        level as i64
    }

    fn step(&mut self) -> usize {
        let node = self.reader.next_pick() as usize;
        self.counts[node] += 1;
        self.t += 1;
        node
    }

    fn move_to(&mut self, target: u64) {
        if let Some(period) = self.data.tape.period() {
            let skip = (target - self.t) / period * period;
            self.t += skip;
            self.base += skip;
        }
        while self.t < target {
            self.step();
        }
    }

    fn all_levels(&self) -> impl Iterator<Item = i64> + '_ {
        (0..self.counts.len()).map(|i| self.level(i))
    }
}

impl RunAnalysis {
    /// Lowest and highest level per column for the selected nodes (`None`: all), and with
    /// `envelope` the lowest and highest of all nodes per column (O(n) more per column).
    ///
    /// ```
    /// use swrr_viz::engine::TieRule;
    /// use swrr_viz::input::Weights;
    /// use swrr_viz::metrics::RunAnalysis;
    /// let mut analysis = RunAnalysis::new(&"5,3,2".parse::<Weights>().unwrap(), TieRule::First, None, None).unwrap();
    /// analysis.run_to_end();
    /// let levels = analysis.level_columns(&analysis.grid(1, 10, 2).unwrap(), Some(&[0]), false).unwrap();
    /// // A after steps 1–5: -5 0 5 0 -5; after 6–10: 0 -5 0 5 0
    /// assert_eq!((levels.bands.lowest, levels.bands.highest), (vec![-5, -5], vec![5, 5]));
    /// ```
    pub fn level_columns(
        &self,
        grid: &Grid,
        nodes: Option<&[u32]>,
        envelope: bool,
    ) -> Result<LevelColumns, MetricsError> {
        let (data, selection) = self.plot_selection(grid, nodes)?;
        let columns = grid.columns();
        let selected = &selection.nodes;
        let mut bands = Bands::new(grid, selected, envelope, 0);
        let overall_lowest = data.level_lowest.iter().copied().min().unwrap_or(0);
        let overall_highest = data.level_highest.iter().copied().max().unwrap_or(0);
        let mut cursor = LevelCursor::new(data);
        let mut lowest = vec![0i64; selected.len()];
        let mut highest = vec![0i64; selected.len()];
        for j in 0..columns {
            let (first, last) = grid.column(j);
            if data.tape.period().is_some_and(|p| last - first + 1 >= p) {
                for (k, &i) in selected.iter().enumerate() {
                    bands.set(k, j, (data.level_lowest[i], data.level_highest[i]));
                }
                if envelope {
                    bands.set_envelope(j, (overall_lowest, overall_highest));
                }
                continue;
            }
            cursor.move_to(first);
            for (k, &i) in selected.iter().enumerate() {
                lowest[k] = cursor.level(i);
                highest[k] = lowest[k];
            }
            let mut envelope_low = i64::MAX;
            let mut envelope_high = i64::MIN;
            if envelope {
                envelope_low = cursor.all_levels().min().unwrap_or(0);
            }
            while cursor.t < last {
                let node = cursor.step();
                let after = cursor.level(node);
                let before = after - data.weights[node] + data.total;
                if let Some(k) = selection.slot(node) {
                    lowest[k] = lowest[k].min(after);
                    highest[k] = highest[k].max(before);
                }
                envelope_low = envelope_low.min(after);
                envelope_high = envelope_high.max(before);
            }
            for (k, &i) in selected.iter().enumerate() {
                bands.set(k, j, (lowest[k], highest[k].max(cursor.level(i))));
            }
            if envelope {
                let end_high = cursor.all_levels().max().unwrap_or(0);
                bands.set_envelope(j, (envelope_low, envelope_high.max(end_high)));
            }
        }
        Ok(LevelColumns {
            bands,
            total: data.total,
        })
    }
}
