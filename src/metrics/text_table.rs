//! Text of the terminal reports: a plain table (columns padded to their widest cell, names and
//! words read left to right, numbers lined up on the right), the weights line and the words of
//! the window line.

/// `header` and `rows` as lines (each ending in a newline); the columns in `left` are aligned
/// left, the others right; trailing spaces are trimmed.
pub(crate) fn text_table(header: &[&str], rows: &[Vec<String>], left: &[usize]) -> String {
    let mut widths: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
    for row in rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let line = |cells: &[&str]| -> String {
        let mut text = String::new();
        for (i, (cell, &w)) in cells.iter().zip(&widths).enumerate() {
            let pad = w.saturating_sub(cell.chars().count());
            if i > 0 {
                text.push_str("  ");
            }
            if left.contains(&i) {
                text.push_str(cell);
                text.push_str(&" ".repeat(pad));
            } else {
                text.push_str(&" ".repeat(pad));
                text.push_str(cell);
            }
        }
        let mut text = text.trim_end().to_string();
        text.push('\n');
        text
    };
    let mut out = line(header);
    for row in rows {
        let cells: Vec<&str> = row.iter().map(String::as_str).collect();
        out.push_str(&line(&cells));
    }
    out
}

/// A report's first line, `weights       A=5 B=3 C=2  (totals)`: the first 12 nodes, then how
/// many there are.
pub(crate) fn weights_line<'a, W: std::fmt::Display>(
    nodes: impl ExactSizeIterator<Item = (&'a str, W)>,
    totals: &str,
) -> String {
    let count = nodes.len();
    let shown: Vec<String> = nodes
        .take(12)
        .map(|(name, weight)| format!("{name}={weight}"))
        .collect();
    let mut text = format!("weights       {}", shown.join(" "));
    if count > shown.len() {
        text.push_str(&format!(" … ({count} nodes)"));
    }
    text.push_str(&format!("  ({totals})\n"));
    text
}

/// `count` and the noun that goes with it: `1 window`, `2 windows`.
pub(crate) fn plural(count: u64, one: &str, many: &str) -> String {
    format!("{count} {}", if count == 1 { one } else { many })
}

/// Writes a report's window line: `window        {window}: largest share variance {v} in {span} (first
/// of {windows})`, the variance `0` or six decimals in scientific notation.
pub(crate) fn variance_line(
    out: &mut String,
    window: &str,
    span: &str,
    variance: f64,
    windows: u64,
) {
    let variance = if variance == 0.0 {
        "0".to_string()
    } else {
        format!("{variance:.6e}")
    };
    out.push_str(&format!(
        "window        {window}: largest share variance {variance} in {span} (first of {})\n",
        plural(windows, "window", "windows")
    ));
}
