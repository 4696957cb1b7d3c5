//! The data of a band plot: over the columns of a [`Grid`], the lowest and highest value of each
//! selected node, and of any node (the envelope). Levels, lags and window shares are drawn this way.

use super::grid::Grid;

/// Lowest and highest values per column. Per-node arrays are node-major: selected node k,
/// column j is at `k * columns + j`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bands<T> {
    /// `columns + 1` column boundaries (see [`Grid::bounds`]).
    pub bounds: Vec<u64>,
    /// The selected nodes, in the order asked.
    pub nodes: Vec<u32>,
    /// Lowest and highest value of each selected node per column.
    pub lowest: Vec<T>,
    pub highest: Vec<T>,
    /// Lowest and highest value of any node per column; empty unless the envelope was asked for.
    pub envelope_lowest: Vec<T>,
    pub envelope_highest: Vec<T>,
}

impl<T: Copy> Bands<T> {
    /// Every value `empty` until set, for the `selected` nodes (and the envelope with `envelope`).
    pub(crate) fn new(grid: &Grid, selected: &[usize], envelope: bool, empty: T) -> Self {
        let columns = grid.columns();
        let envelope_columns = if envelope { columns } else { 0 };
        Self {
            bounds: grid.bounds(),
            nodes: selected.iter().map(|&i| i as u32).collect(),
            lowest: vec![empty; selected.len() * columns],
            highest: vec![empty; selected.len() * columns],
            envelope_lowest: vec![empty; envelope_columns],
            envelope_highest: vec![empty; envelope_columns],
        }
    }

    /// Selected node `k`'s band in column `j`.
    pub(crate) fn set(&mut self, k: usize, j: usize, (lowest, highest): (T, T)) {
        let at = k * (self.bounds.len() - 1) + j;
        self.lowest[at] = lowest;
        self.highest[at] = highest;
    }

    /// The envelope's band in column `j` (asked for).
    pub(crate) fn set_envelope(&mut self, j: usize, (lowest, highest): (T, T)) {
        self.envelope_lowest[j] = lowest;
        self.envelope_highest[j] = highest;
    }
}
