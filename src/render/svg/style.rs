//! The pictures' stylesheet: the page's theme colours (www/theme.css, the one palette) as custom
//! properties on the root `svg.swrr`, light, dark, or light with a dark variant for
//! `prefers-color-scheme`. No user text ever goes into it.

use crate::render::svg::options::Theme;

// LIGHT and DARK: the page's palette, read from www/theme.css by build.rs.
include!(concat!(env!("OUT_DIR"), "/palette.rs"));

/// Rules every picture shares: fonts, panel, tank parts.
const COMMON: &str = "\
.swrr{font-family:system-ui,-apple-system,\"Segoe UI\",Roboto,\"Noto Sans\",sans-serif}\
.swrr text{fill:var(--fg)}\
.swrr .mono{font-family:ui-monospace,\"SFMono-Regular\",Menlo,Consolas,\"Liberation Mono\",monospace}\
.swrr .panel{fill:var(--panel);stroke:var(--line)}\
.swrr .muted{fill:var(--muted)}\
.swrr .bold{font-weight:700}\
.n0{--node-color:var(--node-0)}.n1{--node-color:var(--node-1)}.n2{--node-color:var(--node-2)}\
.n3{--node-color:var(--node-3)}.n4{--node-color:var(--node-4)}.n5{--node-color:var(--node-5)}\
.n6{--node-color:var(--node-6)}.n7{--node-color:var(--node-7)}";

/// The tanks (frame and animation).
pub(crate) const TANKS: &str = "\
.tank-body{fill:var(--tank-bg);stroke:var(--muted);stroke-width:1.5}\
.water{fill:var(--node-color);opacity:var(--water-opacity)}\
.pipe{fill:var(--node-color);opacity:0.55}\
.stream{fill:var(--node-color);opacity:0.45}\
.swrr .level{font-weight:700;paint-order:stroke;stroke:var(--tank-bg);stroke-width:4px;stroke-linejoin:round}\
.swrr .pipe-label{fill:var(--muted);font-size:0.8em;paint-order:stroke;stroke:var(--panel);stroke-width:3px;stroke-linejoin:round}\
.swrr .name{font-weight:700;font-family:system-ui,-apple-system,\"Segoe UI\",Roboto,\"Noto Sans\",sans-serif}\
.swrr .picks{fill:var(--muted);font-size:0.85em}\
text.badge{font-size:0.8em;font-weight:700;fill:var(--accent)}\
text.badge.tie,text.badge.out{fill:var(--muted)}\
.swrr .drain-label{font-weight:700;fill:var(--error);paint-order:stroke;stroke:var(--tank-bg);stroke-width:4px}\
.tank[data-tied] .tank-body,.mark.tie{stroke:var(--accent);stroke-width:3;stroke-dasharray:7 4}\
.tank[data-selected] .tank-body,.mark.sel{stroke:var(--accent);stroke-width:4;stroke-dasharray:none}\
.mark{fill:none}\
.tank.out .water,.tank.out .pipe{opacity:0.25}.tank.out .tank-body{stroke-dasharray:4 3}\
.mark.out{fill:var(--tank-bg);fill-opacity:0.65;stroke:var(--panel);stroke-width:2;stroke-dasharray:3 4}\
.zero-line{stroke:var(--fg);stroke-width:1.5;stroke-dasharray:5 4;opacity:0.7}\
.swrr .axis-label{fill:var(--muted);font-size:0.85em}\
.chip{fill:none;stroke:var(--line)}\
.chip.on{fill:var(--winner-bg);stroke:var(--accent);stroke-width:2}\
.swrr .chip-text{fill:var(--muted)}\
.swrr .chip-text.on{fill:var(--fg);font-weight:700}\
.sum{font-weight:700}";

/// The whole `<style>` text: theme variables, the common rules, then `rules`. The variables are
/// declared on the picture's id (`prefix`), not its class: pictures inlined in one page, one
/// light and one dark, each keep their own colours.
pub(crate) fn stylesheet(theme: Theme, prefix: &str, rules: &[&str]) -> String {
    let mut css = match theme {
        Theme::Light => format!("#{prefix}{{{LIGHT}}}"),
        Theme::Dark => format!("#{prefix}{{{LIGHT}{DARK}}}"),
        Theme::Auto => {
            format!("#{prefix}{{{LIGHT}}}@media (prefers-color-scheme:dark){{#{prefix}{{{DARK}}}}}")
        }
    };
    css.push_str(COMMON);
    for rule in rules {
        css.push_str(rule);
    }
    css
}
