//! The bare SWRR kernel of nginx's `ngx_http_upstream_get_peer`: fixed weights, every peer up,
//! one process: the fast loop of the analysis and of `PickStream` (`nginx/swrr.rs` adds what
//! changes a run: health, failures, backups, retries, workers and events).

use crate::engine::options::TieRule;
use crate::engine::scheduler::{Pick, Scheduler};
use crate::input::weights::vector::Weights;

/// nginx SWRR over static weights.
///
/// Each step every node adds its weight to its current weight, the highest current weight wins
/// (ties: first in list order, as nginx's strict `>`), and the winner subtracts the total.
/// Levels stay within ±W·n, far inside i64 for the limits of [`Weights`].
///
/// ```
/// use swrr_viz::engine::{Swrr, Scheduler};
/// use swrr_viz::input::Weights;
/// let mut swrr = Swrr::new(&"5,1,1".parse::<Weights>().unwrap());
/// let picks: Vec<usize> = (0..7).map(|_| swrr.advance().unwrap().winner).collect();
/// assert_eq!(picks, [0, 0, 1, 0, 2, 0, 0]);
/// assert_eq!(swrr.levels(), &[0, 0, 0]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Swrr {
    weights: Vec<i64>,
    current: Vec<i64>,
    total: i64,
    tie: TieRule,
    period: u64,
    picks_per_period: Vec<u64>,
}

impl Swrr {
    /// Starts at step 0 with every current weight 0 and nginx's tie rule.
    #[must_use]
    pub fn new(weights: &Weights) -> Self {
        Self::with_tie_rule(weights, TieRule::First)
    }

    #[must_use]
    pub fn with_tie_rule(weights: &Weights, tie: TieRule) -> Self {
        let ints = weights.integers();
        let gcd = weights.gcd();
        Self {
            // Weights are at most 10^9 each and at most 10^4 of them: the casts are exact.
            weights: ints.iter().map(|&w| w as i64).collect(),
            current: vec![0; ints.len()],
            total: weights.total() as i64,
            tie,
            period: weights.period(),
            picks_per_period: ints.iter().map(|&w| w / gcd).collect(),
        }
    }

    #[must_use]
    pub fn tie_rule(&self) -> TieRule {
        self.tie
    }

    #[must_use]
    pub fn weights(&self) -> &[i64] {
        &self.weights
    }

    #[must_use]
    pub fn total(&self) -> i64 {
        self.total
    }
}

impl Swrr {
    /// Makes `out.len()` picks and writes each winner (zero-based) into `out`: the engine's bulk
    /// form, every pick computed (no period shortcut; [`sequence`](super::sequence) copies
    /// periods instead).
    ///
    /// ```
    /// use swrr_viz::engine::Swrr;
    /// use swrr_viz::input::Weights;
    /// let mut swrr = Swrr::new(&"5,3,2".parse::<Weights>().unwrap());
    /// let mut picks = [0; 10];
    /// swrr.fill_picks(&mut picks);
    /// assert_eq!(picks, [0, 1, 2, 0, 0, 1, 0, 2, 1, 0]);
    /// ```
    pub fn fill_picks(&mut self, out: &mut [u32]) {
        let count = out.len() as u64;
        let mut slots = out.iter_mut();
        run_picks(
            &mut self.current,
            &self.weights,
            self.total,
            self.tie,
            count,
            // At most 10^4 nodes: the index fits.
            |winner| {
                if let Some(slot) = slots.next() {
                    *slot = winner as u32;
                }
            },
        );
    }
}

/// Up to this many nodes, long runs keep every level in locals and pick without a branch, by a
/// tournament (measured: natively and in WebAssembly that pays up to 8 nodes).
const SMALL: usize = 8;

/// Nodes from which long runs prune the nodes that cannot win soon (below, the plain passes
/// are faster).
const PRUNE_FROM: usize = 256;

/// `count` SWRR steps on fixed weights (Σ levels = 0 at the start, the winner subtracts `total` =
/// Σ weights), calling `emit` with each winner in order. The levels end exactly as `count` single
/// steps leave them.
///
/// From [`PRUNE_FROM`] nodes on, the steps go in blocks of k (about √n) picks, and a block only
/// looks at the nodes that can win in it. At every step of a block one of the k nodes with the
/// highest `c + w` at its start has not been picked yet (at most k − 1 picks came before), and its
/// filled level is at least its `c + w`: so the highest filled level is at least T, the k-th
/// highest `c + w`. A node with `c + k·w < T` stays strictly below the top for the whole block:
/// never picked, never tied. Only the others (typically 2k of 1,024) are filled and compared; the
/// rest add `k·w` once at the end. Same picks, same levels, same tie rule, 4–6× less work.
pub(crate) fn run_picks(
    current: &mut [i64],
    weights: &[i64],
    total: i64,
    tie: TieRule,
    count: u64,
    mut emit: impl FnMut(usize),
) {
    let n = current.len();
    if n <= SMALL {
        run_small(current, weights, total, tie, count, emit);
        return;
    }
    if n < PRUNE_FROM {
        for _ in 0..count {
            let best = fill_and_pick(current, weights, tie);
            current[best] -= total;
            emit(best);
        }
        return;
    }
    // About √n picks per block (n ≤ 10^4: the float square root is exact enough).
    let block = ((n as f64).sqrt() as u64).clamp(8, 64);
    let mut groups = Vec::with_capacity(4 * block as usize);
    let mut top = Vec::with_capacity(block as usize + 1);
    let mut index: Vec<usize> = Vec::new();
    let mut levels: Vec<i64> = Vec::new();
    let mut rates: Vec<i64> = Vec::new();
    let mut left = count;
    while left > 0 {
        let k = block.min(left);
        left -= k;
        // k ≤ 64 and weights ≤ 10^9, levels within ±W ≤ 10^13: no overflow below.
        let steps = k as i64;
        let threshold = threshold(current, weights, k as usize, &mut groups, &mut top);
        index.clear();
        levels.clear();
        rates.clear();
        for (i, (&c, &w)) in current.iter().zip(weights).enumerate() {
            if c + steps * w >= threshold {
                index.push(i);
                levels.push(c);
                rates.push(w);
            }
        }
        if index.len() * 2 > n {
            // Too many could win: the plain passes are cheaper for this block.
            for _ in 0..k {
                let best = fill_and_pick(current, weights, tie);
                current[best] -= total;
                emit(best);
            }
            continue;
        }
        for _ in 0..k {
            let best = fill_and_pick(&mut levels, &rates, tie);
            levels[best] -= total;
            emit(index[best]);
        }
        for (c, &w) in current.iter_mut().zip(weights) {
            *c += steps * w;
        }
        for (&i, &level) in index.iter().zip(&levels) {
            current[i] = level;
        }
    }
}

/// T for a block of k picks: the nodes are dealt into 4k groups (node i into group i mod 4k),
/// and T is the k-th highest of the groups' highest `c + w`. That is k distinct nodes at T or
/// above, which is all the block's bound needs, for one pass over the nodes and a selection
/// among 4k values.
fn threshold(
    current: &[i64],
    weights: &[i64],
    k: usize,
    groups: &mut Vec<i64>,
    top: &mut Vec<i64>,
) -> i64 {
    let m = (4 * k).min(current.len());
    groups.clear();
    groups.resize(m, i64::MIN);
    for (levels, rates) in current.chunks(m).zip(weights.chunks(m)) {
        for ((group, &c), &w) in groups.iter_mut().zip(levels).zip(rates) {
            *group = (*group).max(c + w);
        }
    }
    kth_highest(groups.iter().copied(), k, top)
}

/// The k-th highest of `values` (k ≥ 1, at least k values): a sorted buffer of the k highest so
/// far, each new value inserted only when it beats the lowest of them, so usually one compare
/// per value (k ≤ 64 here; a general selection would link a sort into the wasm).
fn kth_highest(values: impl Iterator<Item = i64>, k: usize, top: &mut Vec<i64>) -> i64 {
    top.clear();
    for v in values {
        if top.len() == k {
            if v <= top[k - 1] {
                continue;
            }
            top.pop();
        }
        let at = top.partition_point(|&t| t >= v);
        top.insert(at, v);
    }
    top[k - 1]
}

/// [`run_picks`] for at most [`SMALL`] nodes: one instance per node count and tie rule.
fn run_small(
    current: &mut [i64],
    weights: &[i64],
    total: i64,
    tie: TieRule,
    count: u64,
    emit: impl FnMut(usize),
) {
    macro_rules! by_size {
        ($($n:literal)*) => {
            match (current.len(), tie) {
                $(
                    ($n, TieRule::First) => run_fixed::<$n, false>(current, weights, total, count, emit),
                    ($n, TieRule::Last) => run_fixed::<$n, true>(current, weights, total, count, emit),
                )*
                _ => unreachable!("run_small takes 1 to SMALL nodes"),
            }
        };
    }
    by_size!(1 2 3 4 5 6 7 8);
}

/// `count` steps over `N` nodes held in locals. The winner is chosen with masks rather than
/// branches (which node wins changes from step to step, so a branch would mispredict), in a
/// tournament of neighbours rather than a scan (in WebAssembly 8 nodes went from 152 to 212 M
/// picks per second; natively the same), and the total is subtracted the same way.
fn run_fixed<const N: usize, const LAST: bool>(
    current: &mut [i64],
    weights: &[i64],
    total: i64,
    count: u64,
    mut emit: impl FnMut(usize),
) {
    let mut levels = [0i64; N];
    levels.copy_from_slice(current);
    let mut rates = [0i64; N];
    rates.copy_from_slice(weights);
    for _ in 0..count {
        for i in 0..N {
            levels[i] += rates[i];
        }
        // A tournament of neighbours: round by round each pair's left entry holds the lower
        // indices, so the tie rule holds at every match, and the chain of dependent compares is
        // log₂ N long instead of N.
        let mut tops = levels;
        let mut bests: [usize; N] = core::array::from_fn(|i| i);
        let mut width = N;
        while width > 1 {
            let half = width / 2;
            for i in 0..half {
                let (a, b) = (2 * i, 2 * i + 1);
                let right = if LAST {
                    tops[b] >= tops[a]
                } else {
                    tops[b] > tops[a]
                };
                let mask = usize::from(right).wrapping_neg();
                bests[i] = (bests[b] & mask) | (bests[a] & !mask);
                tops[i] = tops[a].max(tops[b]);
            }
            if width % 2 == 1 {
                tops[half] = tops[width - 1];
                bests[half] = bests[width - 1];
            }
            width = half + width % 2;
        }
        let best = bests[0];
        for (i, level) in levels.iter_mut().enumerate() {
            *level -= total & i64::from(i == best).wrapping_neg();
        }
        emit(best);
    }
    current.copy_from_slice(&levels);
}

/// The fill and the choice of one SWRR step, the hot loop of every long run: adds each weight to
/// its level and returns the index of the highest level (on a tie the first in list order, or the
/// last with [`TieRule::Last`]). `current` and `weights` have the same length, at least 1.
///
/// Three simple passes rather than one loop with a data-dependent branch: the fill is
/// element-wise, the maximum runs in four independent lanes (no loop-carried compare-and-branch
/// chain), and only then is the first (or last) node at that maximum looked up. Natively and in
/// WebAssembly this is 1.3–2.5× faster than the single loop for 3 to 1,024 nodes (`scripts/bench.sh`),
/// and it picks exactly the same node: the maximum is unique as a value, and the lookup applies the
/// tie rule.
#[inline]
pub(crate) fn fill_and_pick(current: &mut [i64], weights: &[i64], tie: TieRule) -> usize {
    debug_assert_eq!(current.len(), weights.len());
    for (c, &w) in current.iter_mut().zip(weights) {
        *c += w;
    }
    let mut lanes = [i64::MIN; 4];
    let chunks = current.chunks_exact(4);
    let rest = chunks.remainder();
    for chunk in chunks {
        for (lane, &c) in lanes.iter_mut().zip(chunk) {
            *lane = (*lane).max(c);
        }
    }
    let mut top = lanes[0].max(lanes[1]).max(lanes[2].max(lanes[3]));
    for &c in rest {
        top = top.max(c);
    }
    let found = match tie {
        TieRule::First => current.iter().position(|&c| c == top),
        TieRule::Last => current.iter().rposition(|&c| c == top),
    };
    // `top` is one of the levels, so it is found.
    found.unwrap_or(0)
}

impl Scheduler for Swrr {
    fn levels(&self) -> &[i64] {
        &self.current
    }

    fn advance(&mut self) -> Option<Pick> {
        let best = fill_and_pick(&mut self.current, &self.weights, self.tie);
        self.current[best] -= self.total;
        Some(Pick {
            winner: best,
            total: self.total,
        })
    }

    fn cycle(&self) -> Option<(u64, Vec<u64>)> {
        Some((self.period, self.picks_per_period.clone()))
    }
}
