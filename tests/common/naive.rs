//! Naive measures the metrics tests compare the engine's against.

/// The mean over the nodes of (share of `window` − w/W)², the nodes weighted `targets`.
pub fn window_variance(window: &[usize], targets: &[u64]) -> f64 {
    let total: u64 = targets.iter().sum();
    let k = window.len();
    targets
        .iter()
        .enumerate()
        .map(|(i, &w)| {
            let share = window.iter().filter(|&&p| p == i).count() as f64 / k as f64;
            (share - w as f64 / total as f64).powi(2)
        })
        .sum::<f64>()
        / targets.len() as f64
}
