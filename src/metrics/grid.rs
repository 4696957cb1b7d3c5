//! Plot columns: a range of steps split evenly into at most as many columns as pixels.

use super::error::MetricsError;
use super::limits::MAX_COLUMNS;

/// Steps `from..=to` split into columns of (nearly) equal length: column j covers steps
/// `start(j)..start(j + 1)`, with `start(j) = from + ⌊j·len / columns⌋`. When the range has
/// fewer steps than the columns asked for, each column is one step.
///
/// ```
/// use swrr_viz::metrics::Grid;
/// let grid = Grid::new(1, 10, 4, 10).unwrap();
/// assert_eq!(grid.bounds(), [1, 3, 6, 8, 11]); // steps 1–2, 3–5, 6–7, 8–10
/// assert_eq!(Grid::new(1, 3, 1000, 10).unwrap().columns(), 3);
/// assert!(Grid::new(5, 11, 4, 10).is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Grid {
    from: u64,
    to: u64,
    columns: u64,
}

impl Grid {
    /// Columns over steps `from..=to` of a run of `steps` picks.
    pub fn new(from: u64, to: u64, columns: u64, steps: u64) -> Result<Self, MetricsError> {
        if from == 0 || from > to || to > steps {
            return Err(MetricsError::BadRange { from, to, steps });
        }
        if columns == 0 || columns > MAX_COLUMNS {
            return Err(MetricsError::BadColumns { columns });
        }
        Ok(Self {
            from,
            to,
            columns: columns.min(to - from + 1),
        })
    }

    #[must_use]
    pub fn columns(&self) -> usize {
        self.columns as usize
    }

    /// First step of column `j` (`j = columns` gives `to + 1`).
    #[must_use]
    pub fn start(&self, j: usize) -> u64 {
        let len = u128::from(self.to - self.from + 1);
        self.from + (j as u128 * len / u128::from(self.columns)) as u64
    }

    /// First and last step of column `j`.
    #[must_use]
    pub fn column(&self, j: usize) -> (u64, u64) {
        (self.start(j), self.start(j + 1) - 1)
    }

    /// `columns + 1` boundaries: column j is `bounds[j]..bounds[j + 1]`.
    #[must_use]
    pub fn bounds(&self) -> Vec<u64> {
        (0..=self.columns()).map(|j| self.start(j)).collect()
    }
}
