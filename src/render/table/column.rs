//! A table as columns — one value per row, or one per node per row under a shared title — and
//! how such a table is written: aligned text, Markdown or CSV.

use crate::engine::step::Step;
use crate::input::weights::vector::Weights;
use crate::render::table::format::{aligned, csv_field, escape_markdown};

/// A column of the trace: one value per row, or one per node per row under a shared title.
pub(crate) enum Column {
    Scalar {
        title: String,
        cells: Vec<String>,
        left: bool,
    },
    Group {
        title: String,
        names: Vec<String>,
        cells: Vec<Vec<String>>,
        /// Every cell ends with a one-character mark (or a space), so the digits stay aligned.
        marked: bool,
    },
}

pub(crate) fn scalar(title: &str, rows: &[Step], cell: impl Fn(&Step) -> String) -> Column {
    Column::Scalar {
        title: title.to_string(),
        cells: rows.iter().map(cell).collect(),
        left: false,
    }
}

pub(crate) fn left(title: &str, rows: &[Step], cell: impl Fn(&Step) -> String) -> Column {
    Column::Scalar {
        title: title.to_string(),
        cells: rows.iter().map(cell).collect(),
        left: true,
    }
}

pub(crate) fn group(
    title: &str,
    weights: &Weights,
    rows: &[Step],
    cell: impl Fn(&Step, usize) -> String,
) -> Column {
    Column::Group {
        title: title.to_string(),
        names: weights.nodes().iter().map(|n| n.name.clone()).collect(),
        cells: rows
            .iter()
            .map(|s| (0..weights.len()).map(|i| cell(s, i)).collect())
            .collect(),
        marked: false,
    }
}

pub(crate) fn table(columns: &[Column], n: usize, legend: &[String]) -> String {
    // Every column as (title line, names line, row texts), then padded and joined.
    let mut blocks: Vec<(String, String, Vec<String>)> = Vec::new();
    for column in columns {
        match column {
            Column::Scalar { title, cells, left } => {
                let width = cells
                    .iter()
                    .map(|c| c.chars().count())
                    .max()
                    .unwrap_or(0)
                    .max(title.chars().count());
                let pad = |text: &str| {
                    if *left {
                        format!("{text:<width$}")
                    } else {
                        format!("{text:>width$}")
                    }
                };
                blocks.push((
                    pad(title),
                    " ".repeat(width),
                    cells.iter().map(|c| pad(c)).collect(),
                ));
            }
            Column::Group {
                title,
                names,
                cells,
                marked,
            } => {
                let names: Vec<String> = names
                    .iter()
                    .map(|n| if *marked { format!("{n} ") } else { n.clone() })
                    .collect();
                let widths: Vec<usize> = (0..names.len())
                    .map(|i| {
                        cells
                            .iter()
                            .map(|row| row[i].chars().count())
                            .max()
                            .unwrap_or(0)
                            .max(names[i].chars().count())
                    })
                    .collect();
                let line = |values: &[String]| aligned(values, &widths);
                let names_line = line(&names);
                let width = names_line.chars().count().max(title.chars().count());
                blocks.push((
                    format!("{title:<width$}"),
                    format!("{names_line:<width$}"),
                    cells
                        .iter()
                        .map(|row| format!("{:<width$}", line(row)))
                        .collect(),
                ));
            }
        }
    }
    let has_groups = columns.iter().any(|c| matches!(c, Column::Group { .. }));
    let join = |parts: Vec<&str>| parts.join(" │ ").trim_end().to_string() + "\n";
    let mut out = join(blocks.iter().map(|b| b.0.as_str()).collect());
    if has_groups {
        out.push_str(&join(blocks.iter().map(|b| b.1.as_str()).collect()));
    }
    for r in 0..n {
        out.push_str(&join(blocks.iter().map(|b| b.2[r].as_str()).collect()));
    }
    for line in legend {
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// Header and cells with groups expanded to one column per node.
fn flat(
    columns: &[Column],
    n: usize,
    group_title: impl Fn(&str, &str) -> String,
) -> Vec<Vec<String>> {
    let mut header = Vec::new();
    let mut rows = vec![Vec::new(); n];
    for column in columns {
        match column {
            Column::Scalar { title, cells, .. } => {
                header.push(title.clone());
                for (row, cell) in rows.iter_mut().zip(cells) {
                    row.push(cell.clone());
                }
            }
            Column::Group {
                title,
                names,
                cells,
                ..
            } => {
                header.extend(names.iter().map(|name| group_title(title, name)));
                for (row, cell) in rows.iter_mut().zip(cells) {
                    row.extend(cell.iter().map(|c| c.trim_end().to_string()));
                }
            }
        }
    }
    let mut all = vec![header];
    all.extend(rows);
    all
}

pub(crate) fn markdown(columns: &[Column], n: usize, legend: &[String]) -> String {
    let cells = flat(columns, n, |title, name| format!("{title} {name}"));
    let mut out = String::new();
    for (r, row) in cells.iter().enumerate() {
        out.push('|');
        for cell in row {
            out.push_str(&format!(" {} |", escape_markdown(cell)));
        }
        out.push('\n');
        if r == 0 {
            out.push_str(&"|---".repeat(row.len()));
            out.push_str("|\n");
        }
    }
    if !legend.is_empty() {
        out.push('\n');
        out.push_str(&escape_markdown(&legend.join(" ")));
        out.push('\n');
    }
    out
}

pub(crate) fn csv(columns: &[Column], n: usize) -> String {
    // CSV carries the bare numbers: tie and eligibility marks have their own columns.
    let cells = flat(columns, n, |title, name| format!("{name} {title}"));
    let mut out = String::new();
    for row in cells {
        let fields: Vec<String> = row
            .iter()
            .map(|c| csv_field(c.trim_end_matches(['*', 'x'])))
            .collect();
        out.push_str(&fields.join(","));
        out.push('\n');
    }
    out
}
