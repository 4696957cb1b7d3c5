//! The selection strip of a run of requests (nginx SWRR with failed attempts, backup servers or
//! several workers), as the page's request strip draws it (www/requests/request-strip.js): one
//! column per request, its attempts stacked in the order nginx made them — a refused attempt
//! faded with a ✗, the answering server in full and named, a request that ended in a 502
//! underlined (and, when no server was left at all, an empty last cell).

use crate::engine::requests::Request;
use crate::input::weights::vector::Weights;
use crate::render::svg::error::{Picture, SvgError};
use crate::render::svg::limits::DEFAULT_WIDTH;
use crate::render::svg::options::SvgOptions;
use crate::render::svg::root::{id_prefix, weights_label, Root};
use crate::render::svg::strip::{
    label_chars, write_heading, CellLabels, Legend, STRIP_FONT, STRIP_PAD,
};
use crate::render::svg::style;
use crate::render::svg::writer::Writer;
use crate::render::words::args;

/// Widest column, and the height the attempts of a request share.
const MAX_COLUMN: f64 = 30.0;
const COLUMN_HEIGHT: f64 = 40.0;
/// Requests spelled out in the `<desc>`.
const DESCRIBED: usize = 200;

const CSS: &str = "\
.cell{fill:var(--node-color)}\
.cell.failed{opacity:0.4}\
.cell.none{fill:none;stroke:var(--muted);stroke-dasharray:2 2}\
.cell-text{fill:#111418;font-weight:700;font-family:inherit}\
.cell-text.n4{fill:#ffffff}\
.swrr .refused{fill:var(--fg);font-weight:700}\
.gateway{fill:var(--error)}\
.here{fill:none;stroke:var(--accent);stroke-width:3}\
.swatch{fill:var(--node-color)}";

/// How an attempt ended, as the page's `data-outcome`.
fn outcome(request: &Request, attempt: usize) -> &'static str {
    match request.attempts.get(attempt) {
        None => "none",
        Some(_) if request.answered && attempt + 1 == request.attempts.len() => "answered",
        Some(_) => "failed",
    }
}

/// `answered`, `failed` (its last try refused: 502) or `none` (no server left: 502).
fn request_outcome(request: &Request) -> &'static str {
    match (request.answered, request.none_left) {
        (true, _) => "answered",
        (false, true) => "none",
        (false, false) => "failed",
    }
}

/// Steps a request took: its attempts, and the one that found no server.
fn steps_of(request: &Request) -> usize {
    request.attempts.len() + usize::from(request.none_left)
}

/// The strip of `requests` (the engine's `next_request`, from step 0); `highlight` outlines the
/// attempt of that step (1-based, attempts counted across requests).
///
/// Every request is a `g.request` with `data-request`, `data-first` (the step of its first
/// attempt), `data-steps`, `data-outcome` and `data-attempts`; every attempt a `rect.cell` with
/// `data-step`, `data-attempt`, `data-outcome` (`answered`, `failed`, `none`) and `data-pick`
/// when it picked a server. The root carries `data-mode="requests"`, `data-requests` and
/// `data-steps` (the attempts).
pub fn request_strip_svg(
    weights: &Weights,
    requests: &[Request],
    highlight: Option<u64>,
    options: &SvgOptions,
) -> Result<String, SvgError> {
    let count = requests.len();
    let attempts: usize = requests.iter().map(steps_of).sum();
    Picture::Strip.fit(weights.len(), Some(count as u64))?;
    let width = options.width_or(DEFAULT_WIDTH)?;
    let (pad, font) = (STRIP_PAD, STRIP_FONT);
    let column = ((width - 2.0 * pad) / count.max(1) as f64).min(MAX_COLUMN);
    let gap = if column > 4.0 { 1.0 } else { 0.0 };
    let title_y = pad + font;
    let top = title_y + font * 0.9;
    let bottom = top + COLUMN_HEIGHT;
    let axis_y = bottom + 4.0 + font * 1.2;
    let legend = Legend::new(weights, options, width, axis_y + font);

    let prefix = id_prefix(&[
        "request-strip",
        &weights.canonical_text(),
        &count.to_string(),
    ]);
    let counted = options.say(
        "figure.requests_counted",
        &args![
            "requests" => options.say(
                if count == 1 { "figure.request_one" } else { "figure.requests" },
                &args!["count" => count],
            ),
            "attempts" => options.say(
                if attempts == 1 { "figure.attempt_one" } else { "figure.attempts" },
                &args!["count" => attempts],
            ),
        ],
    );
    let title = options.say(
        "figure.strip_title",
        &args!["weights" => weights_label(weights), "counted" => counted.as_str()],
    );
    let tokens: Vec<String> = requests
        .iter()
        .take(DESCRIBED)
        .map(|r| r.token(|i| weights.name(i).to_string()))
        .collect();
    let refused = requests
        .iter()
        .flat_map(|r| (0..r.attempts.len()).map(move |a| outcome(r, a)))
        .filter(|&o| o == "failed")
        .count();
    let desc = options.say(
        "figure.requests_desc",
        &args![
            "counted" => counted.as_str(),
            "refused" => refused,
            "requests" => format!(
                "{}{}",
                tokens.join(" "),
                if count > DESCRIBED { " …" } else { "" }
            ),
        ],
    );
    let css = style::stylesheet(options.theme, &prefix, &[CSS]);
    let mut w = Root::new("strip", &prefix, width, legend.bottom())
        .texts(&title, &desc, &css)
        .open(&[
            ("data-mode", "requests".to_string()),
            ("data-requests", count.to_string()),
            ("data-steps", attempts.to_string()),
        ]);
    let heading = if refused > 0 {
        options.say(
            "figure.requests_refused",
            &args!["counted" => counted.as_str(), "refused" => refused],
        )
    } else {
        counted
    };
    write_heading(&mut w, &heading, (pad, title_y), font, width - 2.0 * pad);

    let mut step = 1u64;
    let mut here = None;
    let mut labels = CellLabels::new(weights);
    w.el("g").a("class", "cells").open();
    for (j, request) in requests.iter().enumerate() {
        let x = pad + j as f64 * column;
        let steps = steps_of(request);
        if let Some(t) = highlight.filter(|&t| (step..step + steps as u64).contains(&t)) {
            let a = (t - step) as usize;
            here = Some((t, x, a, steps));
        }
        let title = request_title(options, weights, request, j);
        draw_request(
            &mut w,
            &mut labels,
            request,
            (j, step, &title),
            (x, top, column - gap),
        );
        step += steps as u64;
    }
    w.end();
    w.newline();

    for (x, anchor, text) in [(pad, "start", "1".to_string())]
        .into_iter()
        .chain((count > 1).then(|| (pad + count as f64 * column, "end", count.to_string())))
    {
        w.el("text")
            .a("class", "muted mono")
            .a("x", x)
            .a("y", axis_y)
            .a("text-anchor", anchor)
            .a("font-size", font * 0.85)
            .text(&text);
    }
    if let Some((t, x, a, steps)) = here {
        let h = COLUMN_HEIGHT / steps as f64;
        w.el("rect")
            .a("class", "here")
            .a("data-step", t)
            .a("x", x - 1.5)
            .a("y", top + a as f64 * h - 1.5)
            .a("width", column.max(2.0) + 2.0)
            .a("height", h + 3.0)
            .a("rx", 2.0)
            .close();
    }
    w.newline();
    legend.draw(&mut w, options);
    Ok(w.finish())
}

/// The title of request `j` (0-based): its servers in the order tried, and how it ended.
fn request_title(options: &SvgOptions, weights: &Weights, request: &Request, j: usize) -> String {
    let servers: Vec<&str> = request.attempts.iter().map(|&i| weights.name(i)).collect();
    let servers = if servers.is_empty() {
        "—".to_string()
    } else {
        servers.join(" > ")
    };
    let ending = match request_outcome(request) {
        "answered" => String::new(),
        "failed" => " → 502".to_string(),
        _ => options.say("figure.request_none_left", &args![]),
    };
    options.say(
        "figure.request_title",
        &args!["request" => j + 1, "servers" => servers, "ending" => ending],
    )
}

/// Request `j` (0-based) whose first attempt is step `first`: its column at (`x`, `top`), `width`
/// wide, the attempts stacked.
fn draw_request(
    w: &mut Writer,
    labels: &mut CellLabels<'_>,
    request: &Request,
    (j, first, title): (usize, u64, &str),
    (x, top, width): (f64, f64, f64),
) {
    let steps = steps_of(request);
    let width = width.max(0.5);
    w.el("g")
        .a("class", "request")
        .a("data-request", j + 1)
        .a("data-first", first)
        .a("data-steps", steps)
        .a("data-outcome", request_outcome(request))
        .a(
            "data-attempts",
            request
                .attempts
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" "),
        )
        .open();
    w.el("title").text(title);
    let h = COLUMN_HEIGHT / steps.max(1) as f64;
    let letter_font = (width * 0.62).clamp(9.0, STRIP_FONT).min(h * 0.8);
    for a in 0..steps {
        let y = top + a as f64 * h;
        let outcome = outcome(request, a);
        let node = request.attempts.get(a).copied();
        let class = match node {
            Some(i) => format!("cell n{} {outcome}", i % 8),
            None => format!("cell {outcome}"),
        };
        w.el("rect")
            .a("class", class)
            .a("data-step", first + a as u64)
            .a("data-attempt", a + 1)
            .a("data-outcome", outcome)
            .opt("data-pick", node)
            .a("x", x)
            .a("y", y)
            .a("width", width)
            .a("height", (h - if steps > 1 { 1.0 } else { 0.0 }).max(0.5))
            .close();
        let mid = (x + width / 2.0, y + h / 2.0 + letter_font * 0.36);
        match (outcome, node) {
            ("failed", _) if width >= 8.0 && h >= 9.0 => {
                w.el("text")
                    .a("class", "refused")
                    .a("x", mid.0)
                    .a("y", mid.1)
                    .a("text-anchor", "middle")
                    .a("font-size", letter_font)
                    .a("aria-hidden", "true")
                    .text("✗");
            }
            ("answered", Some(i)) if width >= 11.0 && h >= 11.0 => {
                let chars = label_chars(width + 1.0, letter_font);
                if let Some(label) = labels.get(Some(i), chars) {
                    w.el("text")
                        .a("class", format!("cell-text n{}", i % 8))
                        .a("x", mid.0)
                        .a("y", mid.1)
                        .a("text-anchor", "middle")
                        .a("font-size", letter_font)
                        .text(&label);
                }
            }
            _ => {}
        }
    }
    if request_outcome(request) != "answered" {
        w.el("rect")
            .a("class", "gateway")
            .a("x", x)
            .a("y", top + COLUMN_HEIGHT + 1.0)
            .a("width", width)
            .a("height", 3.0)
            .close();
    }
    w.end();
    w.newline();
}
