//! Which nodes a plot shows: the selection checked against the run, and each node's slot in it.

use super::analysis::RunAnalysis;
use super::error::MetricsError;
use super::grid::Grid;
use super::limits::MAX_PLOT_VALUES;
use super::run_data::RunData;

/// The selected node indices (all nodes for `None`), checked: known, each once, and few enough
/// that `nodes × columns` values fit in one plot.
pub(crate) fn select_nodes(
    nodes: Option<&[u32]>,
    count: usize,
    columns: usize,
) -> Result<Vec<usize>, MetricsError> {
    let selected: Vec<usize> = match nodes {
        None => (0..count).collect(),
        Some(list) => {
            let mut seen = vec![false; count];
            let mut selected = Vec::with_capacity(list.len());
            for &node in list {
                let index = node as usize;
                if index >= count {
                    return Err(MetricsError::UnknownNode {
                        node: u64::from(node),
                        nodes: count,
                    });
                }
                if std::mem::replace(&mut seen[index], true) {
                    return Err(MetricsError::DuplicateNode {
                        node: u64::from(node),
                    });
                }
                selected.push(index);
            }
            selected
        }
    };
    if selected.len() as u64 * columns as u64 > MAX_PLOT_VALUES {
        return Err(MetricsError::TooManyValues {
            nodes: selected.len(),
            columns: columns as u64,
        });
    }
    Ok(selected)
}

/// The selected nodes and where each node stands among them.
pub(crate) struct Selection {
    /// The selected node indices, in the order given.
    pub nodes: Vec<usize>,
    slot: Vec<usize>,
}

impl Selection {
    /// [`select_nodes`] of `count` nodes, for a plot of `columns` columns.
    pub(crate) fn new(
        nodes: Option<&[u32]>,
        count: usize,
        columns: usize,
    ) -> Result<Self, MetricsError> {
        let nodes = select_nodes(nodes, count, columns)?;
        let mut slot = vec![usize::MAX; count];
        for (k, &node) in nodes.iter().enumerate() {
            slot[node] = k;
        }
        Ok(Self { nodes, slot })
    }

    /// The position of `node` among the selected nodes, or `None` when it is not selected.
    pub(crate) fn slot(&self, node: usize) -> Option<usize> {
        self.slot.get(node).copied().filter(|&k| k != usize::MAX)
    }
}

impl RunAnalysis {
    /// The finished run and the [`Selection`] of `nodes` (`None`: all) for a plot over `grid`.
    pub(crate) fn plot_selection(
        &self,
        grid: &Grid,
        nodes: Option<&[u32]>,
    ) -> Result<(&RunData, Selection), MetricsError> {
        let data = self.data()?;
        let selection = Selection::new(nodes, data.weights.len(), grid.columns())?;
        Ok((data, selection))
    }
}
