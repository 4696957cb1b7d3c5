//! Sliding-window shares over time, downsampled to the smallest and largest share per column.
//!
//! The window ending at step t holds picks t−K+1..=t, so only windows ending at t ≥ K exist.
//! A slide changes two counts, so a column costs its steps plus the selected nodes; on a periodic
//! run a window of K = q·P + r picks is q periods plus r picks, and a column of a period or more
//! takes each node's fewest and most picks in any window without reading a step.

use super::analysis::RunAnalysis;
use super::bands::Bands;
use super::error::MetricsError;
use super::grid::Grid;
use super::run_data::RunData;
use super::tape::TapeReader;
use super::window::whole_periods;

/// Window shares per column over a [`Grid`]: the smallest and largest share (picks in the
/// window / window) of each selected node, and the smallest and largest gap share − target of any
/// node. A column in which no full window ends (its steps are all below the window size) holds NaN.
#[derive(Debug, Clone, PartialEq)]
pub struct WindowColumns {
    pub bands: Bands<f64>,
    /// Each selected node's target share w / W.
    pub targets: Vec<f64>,
    /// Picks per window.
    pub window: u64,
}

/// The counts of the window ending at step t, with readers at the pick that enters next
/// (step t+1) and the one that leaves next (step t+1−r).
struct WindowCursor<'a> {
    enter: TapeReader<'a>,
    leave: TapeReader<'a>,
    fill: u64,
    period: Option<u64>,
    t: u64,
    counts: Vec<u64>,
}

impl<'a> WindowCursor<'a> {
    /// The window ending at step `t` (t ≥ window).
    fn new(data: &'a RunData, t: u64) -> Self {
        let (q, fill) = match data.tape.period() {
            Some(period) => (data.window / period, data.window % period),
            None => (0, data.window),
        };
        let mut counts = whole_periods(&data.reduced, q);
        let mut reader = data.tape.reader(t - fill + 1);
        for _ in 0..fill {
            counts[reader.next_pick() as usize] += 1;
        }
        Self {
            enter: data.tape.reader(t + 1),
            leave: data.tape.reader(t - fill + 1),
            fill,
            period: data.tape.period(),
            t,
            counts,
        }
    }

    /// One slide; `(entered, left)` when two different nodes changed.
    fn step(&mut self) -> Option<(usize, usize)> {
        self.t += 1;
        if self.fill == 0 {
            return None;
        }
        let entered = self.enter.next_pick() as usize;
        let left = self.leave.next_pick() as usize;
        if entered == left {
            return None;
        }
        self.counts[entered] += 1;
        self.counts[left] -= 1;
        Some((entered, left))
    }

    fn move_to(&mut self, target: u64) {
        if let Some(period) = self.period {
            self.t += (target - self.t) / period * period;
        }
        while self.t < target {
            self.step();
        }
    }
}

impl RunAnalysis {
    /// Smallest and largest window share per column for the selected nodes (`None`: all), and
    /// with `envelope` the smallest and largest gap to target of any node (O(n) more per column).
    ///
    /// ```
    /// use swrr_viz::engine::TieRule;
    /// use swrr_viz::input::Weights;
    /// use swrr_viz::metrics::RunAnalysis;
    /// let mut analysis = RunAnalysis::new(&"5,3,2".parse::<Weights>().unwrap(), TieRule::First, Some(20), Some(2)).unwrap();
    /// analysis.run_to_end();
    /// let shares = analysis.window_columns(&analysis.grid(1, 20, 20).unwrap(), Some(&[0]), false).unwrap();
    /// assert!(shares.bands.lowest[0].is_nan()); // no window of 2 ends at step 1
    /// assert_eq!(shares.bands.highest[4], 1.0); // steps 4–5: A A
    /// ```
    pub fn window_columns(
        &self,
        grid: &Grid,
        nodes: Option<&[u32]>,
        envelope: bool,
    ) -> Result<WindowColumns, MetricsError> {
        let (data, selection) = self.plot_selection(grid, nodes)?;
        let count = data.weights.len();
        let columns = grid.columns();
        let selected = &selection.nodes;
        let window = data.window;
        let total = data.total as u64;
        // share − target = (W·picks − K·w) / (K·W): compared exactly as integers.
        let gap = |node: usize, picks: u64| {
            i128::from(total) * i128::from(picks)
                - i128::from(window) * i128::from(data.weights[node])
        };
        let gap_share = |gap: i128| gap as f64 / (window as f64 * total as f64);
        let share = |picks: u64| picks as f64 / window as f64;
        let mut bands = Bands::new(grid, selected, envelope, f64::NAN);
        let (overall_lowest, overall_highest) = if envelope {
            (
                (0..count).map(|i| gap(i, data.window_lowest[i])).min(),
                (0..count).map(|i| gap(i, data.window_highest[i])).max(),
            )
        } else {
            (None, None)
        };
        let mut cursor: Option<WindowCursor<'_>> = None;
        let mut lowest = vec![0u64; selected.len()];
        let mut highest = vec![0u64; selected.len()];
        for j in 0..columns {
            let (first, last) = grid.column(j);
            let first = first.max(window);
            if first > last {
                continue;
            }
            if data.tape.period().is_some_and(|p| last - first + 1 >= p) {
                for (k, &i) in selected.iter().enumerate() {
                    bands.set(
                        k,
                        j,
                        (share(data.window_lowest[i]), share(data.window_highest[i])),
                    );
                }
                if envelope {
                    let overall = |gap: Option<i128>| gap.map_or(f64::NAN, gap_share);
                    bands.set_envelope(j, (overall(overall_lowest), overall(overall_highest)));
                }
                continue;
            }
            let cursor = match &mut cursor {
                Some(cursor) => {
                    cursor.move_to(first);
                    cursor
                }
                None => cursor.insert(WindowCursor::new(data, first)),
            };
            for (k, &i) in selected.iter().enumerate() {
                lowest[k] = cursor.counts[i];
                highest[k] = cursor.counts[i];
            }
            let (mut envelope_low, mut envelope_high) = (i128::MAX, i128::MIN);
            if envelope {
                for (i, &picks) in cursor.counts.iter().enumerate() {
                    envelope_low = envelope_low.min(gap(i, picks));
                    envelope_high = envelope_high.max(gap(i, picks));
                }
            }
            while cursor.t < last {
                let Some((entered, left)) = cursor.step() else {
                    continue;
                };
                if let Some(k) = selection.slot(entered) {
                    highest[k] = highest[k].max(cursor.counts[entered]);
                }
                if let Some(k) = selection.slot(left) {
                    lowest[k] = lowest[k].min(cursor.counts[left]);
                }
                if envelope {
                    envelope_high = envelope_high.max(gap(entered, cursor.counts[entered]));
                    envelope_low = envelope_low.min(gap(left, cursor.counts[left]));
                }
            }
            for k in 0..selected.len() {
                bands.set(k, j, (share(lowest[k]), share(highest[k])));
            }
            if envelope {
                bands.set_envelope(j, (gap_share(envelope_low), gap_share(envelope_high)));
            }
        }
        let targets = selected
            .iter()
            .map(|&i| data.weights[i] as f64 / total as f64)
            .collect();
        Ok(WindowColumns {
            bands,
            targets,
            window,
        })
    }
}
