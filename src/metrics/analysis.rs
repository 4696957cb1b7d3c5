//! One analysis: a weight vector, a run length and a window; computed in chunks, then queried.

use serde::Serialize;

use super::error::MetricsError;
use super::fingerprint::Fingerprint;
use super::grid::Grid;
use super::lag::LevelTracker;
use super::limits::{default_steps, MAX_COMPUTED_PICKS, MAX_RUN_STEPS, MAX_WORK};
use super::record::{LagExtreme, Metrics, NodeMetrics, RunCount, WindowVariance};
use super::run_data::RunData;
use super::runs::RunTracker;
use super::tape::Tape;
use super::window::{planned_work, WindowScan};
use crate::engine::{Algorithm, Pick, Scheduler, SubtractRule, Swrr, TieRule, MAX_LEVEL};
use crate::input::Weights;

/// Where the picks come from: the fast static SWRR, or any algorithm (`--algo`).
#[derive(Debug, Clone)]
enum Source {
    Swrr(Swrr),
    Algorithm(Box<Algorithm>),
}

impl Source {
    fn advance(&mut self) -> Option<Pick> {
        match self {
            Self::Swrr(s) => s.advance(),
            Self::Algorithm(a) => a.advance(),
        }
    }
}

/// Work units a computed pick costs on top of one per node: the bookkeeping (lag, runs,
/// fingerprint) weighs about as much as 30 node updates in WebAssembly, which matters for small n.
pub const PICK_OVERHEAD: u64 = 32;

fn pick_cost(nodes: usize) -> u64 {
    nodes as u64 + PICK_OVERHEAD
}

/// How far an analysis has got, in work units: a computed pick costs one per node plus
/// [`PICK_OVERHEAD`], a pick entering or leaving a scored window one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Progress {
    pub done: u64,
    pub total: u64,
    pub finished: bool,
}

#[derive(Debug, Clone)]
enum Stage {
    Picks,
    Windows(Box<WindowScan>),
    Done(Box<(Metrics, RunData)>),
}

/// The metrics of one SWRR run and the data for its plots, computed in chunks.
///
/// Create it, call [`run`](Self::run) with a work budget until it reports `finished` (or call
/// [`run_to_end`](Self::run_to_end)), then read [`metrics`](Self::metrics) and the plot columns.
/// See the [module docs](super) for what each metric means.
///
/// ```
/// use swrr_viz::engine::TieRule;
/// use swrr_viz::input::Weights;
/// use swrr_viz::metrics::RunAnalysis;
/// let weights: Weights = "5,3,2".parse().unwrap();
/// let mut analysis = RunAnalysis::new(&weights, TieRule::First, Some(10_000_000), Some(4)).unwrap();
/// while !analysis.run(1_000).finished {} // each call does about 1,000 node updates
/// let metrics = analysis.metrics().unwrap();
/// assert_eq!(metrics.computed_picks, 10); // one period, not 10⁷ picks
/// assert_eq!(metrics.nodes[0].picks, 5_000_000);
/// ```
#[derive(Debug, Clone)]
pub struct RunAnalysis {
    weights: Weights,
    tie: TieRule,
    algorithm: &'static str,
    subtract: SubtractRule,
    scheduler: Source,
    /// The picks repeat with the period (every algorithm but random).
    repeats: bool,
    signed_weights: Vec<i64>,
    reduced: Vec<u64>,
    period: u64,
    steps: u64,
    window: u64,
    /// min(steps, period).
    to_compute: u64,
    picks: Vec<u32>,
    tape: Tape,
    levels: LevelTracker,
    runs: RunTracker,
    /// Run-length histograms per node, once every pick is computed.
    histograms: Vec<Vec<RunCount>>,
    fingerprint: Fingerprint,
    /// Pick counts after step `steps mod period`, for the run's totals.
    partial_counts: Option<Vec<u64>>,
    stage: Stage,
    work_done: u64,
    work_total: u64,
}

impl RunAnalysis {
    /// Checks the run length and window and prepares the work; nothing is computed yet.
    ///
    /// `steps` defaults to [`default_steps`]; `window` defaults to W and is capped at `steps`.
    pub fn new(
        weights: &Weights,
        tie: TieRule,
        steps: Option<u64>,
        window: Option<u64>,
    ) -> Result<Self, MetricsError> {
        let scheduler = Swrr::with_tie_rule(weights, tie);
        Self::build(
            weights,
            Source::Swrr(scheduler),
            (tie, SubtractRule::Total),
            "swrr",
            true,
            steps,
            window,
        )
    }

    /// The same analysis of any algorithm's picks (lag, runs and windows against the weights'
    /// shares). A run that repeats (`cycle()`) computes one period; random runs compute every
    /// step. Scenario runs are refused: their shares change as they go.
    pub fn with_algorithm(
        weights: &Weights,
        algorithm: Algorithm,
        steps: Option<u64>,
        window: Option<u64>,
    ) -> Result<Self, MetricsError> {
        if algorithm.has_events() {
            return Err(MetricsError::ScenarioRun);
        }
        let (tie, subtract) = match &algorithm {
            Algorithm::Swrr(swrr) => (swrr.tie_rule(), swrr.subtract_rule()),
            _ => (TieRule::First, SubtractRule::Total),
        };
        let own = subtract == SubtractRule::Own;
        let repeats = algorithm.cycle().is_some();
        let picks = steps.unwrap_or_else(|| default_steps(weights));
        let max_weight = weights.integers().into_iter().max().unwrap_or(0);
        if own && u128::from(picks) * u128::from(max_weight) > MAX_LEVEL as u128 {
            return Err(MetricsError::MayOverflow { picks, max_weight });
        }
        let kind = algorithm.kind().as_str();
        Self::build(
            weights,
            Source::Algorithm(Box::new(algorithm)),
            (tie, subtract),
            kind,
            repeats,
            steps,
            window,
        )
    }

    fn build(
        weights: &Weights,
        scheduler: Source,
        (tie, subtract): (TieRule, SubtractRule),
        algorithm: &'static str,
        repeats: bool,
        steps: Option<u64>,
        window: Option<u64>,
    ) -> Result<Self, MetricsError> {
        let steps = steps.unwrap_or_else(|| default_steps(weights));
        if steps == 0 || steps > MAX_RUN_STEPS {
            return Err(MetricsError::StepsOutOfRange { steps });
        }
        if window == Some(0) {
            return Err(MetricsError::ZeroWindow);
        }
        let window = window.unwrap_or_else(|| weights.total()).min(steps);
        let period = weights.period();
        let to_compute = if repeats { steps.min(period) } else { steps };
        if to_compute > MAX_COMPUTED_PICKS {
            return Err(MetricsError::TooManyPicks { steps, period });
        }
        let nodes = weights.len();
        if u128::from(to_compute) * nodes as u128 > u128::from(MAX_WORK) {
            return Err(MetricsError::TooMuchWork {
                picks: to_compute,
                nodes,
            });
        }
        let periodic = repeats && steps >= period;
        // Weights are at most 10^9: the casts are exact.
        let signed_weights: Vec<i64> = weights.integers().iter().map(|&w| w as i64).collect();
        let gcd = weights.gcd();
        let reduced = weights.integers().iter().map(|&w| w / gcd).collect();
        let work_total =
            to_compute * pick_cost(nodes) + planned_work(periodic, period, window, steps);
        Ok(Self {
            weights: weights.clone(),
            tie,
            algorithm,
            subtract,
            repeats,
            levels: LevelTracker::new(&signed_weights, weights.total() as i64),
            scheduler,
            signed_weights,
            reduced,
            period,
            steps,
            window,
            to_compute,
            picks: Vec::with_capacity(to_compute as usize),
            tape: Tape::default(),
            runs: RunTracker::new(nodes),
            histograms: Vec::new(),
            fingerprint: Fingerprint::new(),
            partial_counts: None,
            stage: Stage::Picks,
            work_done: 0,
            work_total,
        })
    }

    /// Columns over steps `from..=to` of this run.
    pub fn grid(&self, from: u64, to: u64, columns: u64) -> Result<Grid, MetricsError> {
        Grid::new(from, to, columns, self.steps())
    }

    #[must_use]
    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// Picks in the run.
    #[must_use]
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// Picks per window (capped at the run's length).
    #[must_use]
    pub fn window(&self) -> u64 {
        self.window
    }

    #[must_use]
    pub fn progress(&self) -> Progress {
        let finished = matches!(self.stage, Stage::Done(_));
        Progress {
            done: if finished {
                self.work_total
            } else {
                self.work_done
            },
            total: self.work_total,
            finished,
        }
    }

    /// The metrics, once finished.
    #[must_use]
    pub fn metrics(&self) -> Option<&Metrics> {
        match &self.stage {
            Stage::Done(done) => Some(&done.0),
            _ => None,
        }
    }

    pub(crate) fn data(&self) -> Result<&RunData, MetricsError> {
        match &self.stage {
            Stage::Done(done) => Ok(&done.1),
            _ => Err(MetricsError::NotFinished),
        }
    }

    /// Runs everything that is left and returns the metrics.
    pub fn run_to_end(&mut self) -> &Metrics {
        while !self.run(u64::MAX).finished {}
        self.metrics().expect("finished")
    }

    /// Does about `budget` work units (at least one pick) and reports progress.
    ///
    /// A pick costs one unit per node plus [`PICK_OVERHEAD`], a window slide one unit: a unit is
    /// about 0.7 ns natively and 1 ns in WebAssembly (Chromium), so a budget of 10⁷ keeps a chunk
    /// near 10 ms.
    pub fn run(&mut self, budget: u64) -> Progress {
        let mut left = budget.max(1);
        while left > 0 {
            let spent = if matches!(self.stage, Stage::Picks) {
                self.compute_picks(left)
            } else if let Stage::Windows(scan) = &mut self.stage {
                let spent = scan.advance(&self.tape, left);
                if scan.summary().is_some() {
                    self.finish();
                }
                spent
            } else {
                break;
            };
            self.work_done += spent;
            left = left.saturating_sub(spent.max(1));
        }
        self.progress()
    }

    fn compute_picks(&mut self, budget: u64) -> u64 {
        let cost = pick_cost(self.signed_weights.len());
        let remaining = self.to_compute - self.picks.len() as u64;
        let count = (budget / cost).clamp(1, remaining);
        let periodic = self.repeats && self.steps >= self.period;
        let end_offset = self.steps % self.to_compute;
        for _ in 0..count {
            let winner = self
                .scheduler
                .advance()
                .expect("runs without events always have a node with weight above 0 to pick, and own-weight runs are bounded up front")
                .winner;
            let t = self.picks.len() as u64 + 1;
            self.picks.push(winner as u32);
            self.levels.pick(winner, t);
            self.runs.pick(winner as u32);
            self.fingerprint.write_pick(winner as u32);
            if periodic && t == end_offset {
                self.partial_counts = Some(self.levels.counts().to_vec());
            }
        }
        if self.picks.len() as u64 == self.to_compute {
            self.levels.finish(self.to_compute);
            self.histograms =
                std::mem::replace(&mut self.runs, RunTracker::new(0)).finish(periodic, self.steps);
            self.tape = Tape::new(std::mem::take(&mut self.picks), periodic);
            self.start_windows();
        }
        count * cost
    }

    fn start_windows(&mut self) {
        self.stage = Stage::Windows(Box::new(WindowScan::new(
            &self.tape,
            &self.reduced,
            self.period,
            self.window,
            self.steps,
        )));
    }

    /// Changes the window (`None`: W, capped at the run's length) and redoes only the window
    /// scan: the picks, lags and runs already computed are kept. Call [`run`](Self::run) again
    /// until finished before reading metrics or plots.
    ///
    /// ```
    /// use swrr_viz::engine::TieRule;
    /// use swrr_viz::input::Weights;
    /// use swrr_viz::metrics::RunAnalysis;
    /// let mut analysis = RunAnalysis::new(&"5,3,2".parse::<Weights>().unwrap(), TieRule::First, Some(100), None).unwrap();
    /// assert_eq!(analysis.run_to_end().max_window_variance.variance, 0.0); // window W = 10
    /// analysis.set_window(Some(2)).unwrap();
    /// assert_eq!(analysis.run_to_end().window, 2);
    /// ```
    pub fn set_window(&mut self, window: Option<u64>) -> Result<(), MetricsError> {
        if window == Some(0) {
            return Err(MetricsError::ZeroWindow);
        }
        self.window = window
            .unwrap_or_else(|| self.weights.total())
            .min(self.steps);
        let picks_work = self.to_compute * pick_cost(self.weights.len());
        let periodic = self.steps >= self.period;
        self.work_total = picks_work + planned_work(periodic, self.period, self.window, self.steps);
        let stage = std::mem::replace(&mut self.stage, Stage::Picks);
        match stage {
            Stage::Picks => self.stage = Stage::Picks,
            Stage::Windows(_) => self.start_windows(),
            Stage::Done(done) => {
                self.tape = done.1.tape;
                self.start_windows();
            }
        }
        if !matches!(self.stage, Stage::Picks) {
            self.work_done = picks_work;
        }
        Ok(())
    }

    fn finish(&mut self) {
        let Stage::Windows(scan) = &self.stage else {
            return;
        };
        let Some(summary) = scan.summary().cloned() else {
            return;
        };
        let period = self.period;
        let periodic = self.tape.is_periodic();
        let total = self.weights.total();
        let histograms = self.histograms.clone();
        let run_picks: Vec<u64> = if periodic {
            let whole = self.steps / period;
            let partial = self.partial_counts.as_ref();
            self.reduced
                .iter()
                .enumerate()
                .map(|(i, &w)| whole * w + partial.as_ref().map_or(0, |p| p[i]))
                .collect()
        } else {
            self.levels.counts().to_vec()
        };
        let lag = |level: i64, step: u64| LagExtreme {
            // Negate the integer, not the float: a level of 0 is a lag of 0, not -0.
            lag: (-level) as f64 / total as f64,
            numerator: -level,
            step,
        };
        let window = self.window;
        let nodes = self
            .weights
            .nodes()
            .iter()
            .enumerate()
            .map(|(i, node)| NodeMetrics {
                name: node.name.clone(),
                weight: node.weight,
                target_share: node.weight as f64 / total as f64,
                picks: run_picks[i],
                ideal_picks: self.steps as f64 * node.weight as f64 / total as f64,
                picks_per_period: self.reduced[i],
                max_ahead: lag(self.levels.lowest()[i].level, self.levels.lowest()[i].step),
                max_behind: lag(
                    self.levels.highest()[i].level,
                    self.levels.highest()[i].step,
                ),
                longest_run: histograms[i].last().map_or(0, |r| r.length),
                runs: histograms[i].clone(),
                window_picks_min: summary.lowest[i],
                window_picks_max: summary.highest[i],
                window_share_min: summary.lowest[i] as f64 / window as f64,
                window_share_max: summary.highest[i] as f64 / window as f64,
            })
            .collect();
        let metrics = Metrics {
            nodes,
            total,
            gcd: self.weights.gcd(),
            period,
            steps: self.steps,
            window,
            tie: self.tie.as_str().to_string(),
            algorithm: self.algorithm.to_string(),
            subtract: self.subtract.as_str().to_string(),
            repeats: self.repeats,
            periodic,
            computed_picks: self.to_compute,
            fingerprint: self.fingerprint.hex(),
            fingerprint_picks: self.to_compute,
            max_window_variance: WindowVariance {
                variance: summary.best_variance,
                first_step: summary.best_start + 1,
                last_step: summary.best_start + window,
                windows: self.steps - window + 1,
            },
        };
        let data = RunData {
            tape: std::mem::take(&mut self.tape),
            weights: self.signed_weights.clone(),
            reduced: self.reduced.clone(),
            total: total as i64,
            window,
            level_lowest: self.levels.lowest().iter().map(|e| e.level).collect(),
            level_highest: self.levels.highest().iter().map(|e| e.level).collect(),
            window_lowest: summary.lowest,
            window_highest: summary.highest,
            histograms,
        };
        self.stage = Stage::Done(Box::new((metrics, data)));
    }
}
