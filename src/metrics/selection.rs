//! Which nodes a plot shows: the selection checked against the run, and each node's slot in it.

use super::error::MetricsError;
use super::limits::MAX_PLOT_VALUES;

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

/// `slot[node]` = position of the node in the selection, or `usize::MAX`.
pub(crate) fn slots(selected: &[usize], count: usize) -> Vec<usize> {
    let mut slot = vec![usize::MAX; count];
    for (k, &node) in selected.iter().enumerate() {
        slot[node] = k;
    }
    slot
}
