//! What a tank picture says of one tank besides its water: whether it won, tied, could not be
//! picked or refused the connection, and the words under it. A refused attempt is drawn as the
//! page draws it (www/requests/request-marks.js): a red outline, a ✗ on the tank and `refused`
//! under it, though the tank drains like any winner.

use crate::render::svg::characters::width as text_width;
use crate::render::svg::options::SvgOptions;
use crate::render::svg::text::fit;
use crate::render::svg::writer::Writer;
use crate::render::tank_layout::TankLayout;
use crate::render::words::args;

/// The rules of a refused attempt's marks, the page's (www/widget.css); only a picture with one
/// carries them.
pub(crate) const REFUSED: &str = "\
.tank[data-refused] .tank-body,.mark.refused{stroke:var(--error);stroke-width:4;stroke-dasharray:none}\
text.refused-mark{fill:var(--error);font-size:2.6em;font-weight:700;\
font-family:system-ui,-apple-system,\"Segoe UI\",Roboto,\"Noto Sans\",sans-serif;\
paint-order:stroke;stroke:var(--tank-bg);stroke-width:5px;stroke-linejoin:round}\
text.badge.refused{fill:var(--error)}";

/// What a still picture says of one tank besides its drawing: its levels as `data-*` attributes
/// (the picture's own, written before `data-picks`), its picks, whether it won or tied, its title.
#[derive(Debug)]
pub(crate) struct TankMarks<'a> {
    pub levels: &'a [(&'static str, i64)],
    pub picks: u64,
    pub selected: bool,
    pub tied: bool,
    /// What the tank added at the step shown (`data-added`); `None` at step 0.
    pub added: Option<i64>,
    /// The tank could not be picked at the step shown: drawn out (`class="… out"`, dashed and
    /// faded, `out` under it) with `data-eligible="false"`.
    pub out: bool,
    /// The tank won and refused the connection (`data-refused`): a red outline, a ✗ whose
    /// middle stands at this y, `refused`.
    pub refused: Option<f64>,
    pub title: String,
    pub badges: Badges,
}

/// The words under a tank that won, tied, could not be picked or refused the connection.
#[derive(Debug, Clone)]
pub(crate) struct Badges {
    pub picked: String,
    pub tie: String,
    pub out: String,
    pub refused: String,
}

impl Badges {
    pub(crate) fn of(options: &SvgOptions) -> Self {
        Self {
            picked: options.say("figure.picked", &args![]),
            tie: options.say("figure.tie", &args![]),
            out: options.say("figure.out", &args![]),
            refused: options.say("figure.refused", &args![]),
        }
    }
}

impl TankLayout {
    /// Under a tank: its name, its picks, and `refused`, `picked`, `tie` or `out` (with the
    /// `data-i18n` key of the word, so a page can translate it).
    pub(crate) fn draw_labels(&self, w: &mut Writer, mid: f64, name: &str, marks: &TankMarks<'_>) {
        let [_, picks_y, badge_y] = self.label_ys();
        self.draw_name(w, mid, name);
        w.el("text")
            .a("class", "picks")
            .a("x", mid)
            .a("y", picks_y)
            .a("text-anchor", "middle")
            .text(&format!("{}×", marks.picks));
        let badges = &marks.badges;
        let (class, key, word) = if marks.refused.is_some() {
            ("badge refused", "tank.refused", &badges.refused)
        } else if marks.selected {
            ("badge", "tank.picked", &badges.picked)
        } else if marks.tied {
            ("badge tie", "tank.tie", &badges.tie)
        } else if marks.out {
            ("badge out", "algo.out", &badges.out)
        } else {
            return;
        };
        w.el("text")
            .a("class", class)
            .a("x", mid)
            .a("y", badge_y)
            .a("text-anchor", "middle")
            .a("data-i18n", key)
            .text(word);
    }

    /// A tank's name under it, cut to `name_chars`, and drawn as narrow as the tank where the
    /// tank shows only its name and the name is wider (`name_length`).
    pub(crate) fn draw_name(&self, w: &mut Writer, mid: f64, name: &str) {
        let shown = fit(name, self.name_chars());
        let length = self.name_length(text_width(&shown));
        w.el("text")
            .a("class", "name")
            .a("x", mid)
            .a("y", self.label_ys()[0])
            .a("text-anchor", "middle")
            .squeezed_to(length)
            .text(&shown);
    }

    /// The ✗ of a refused connection on the tank centred at `mid`, its middle at `y`.
    pub(crate) fn draw_refused_mark(&self, w: &mut Writer, mid: f64, y: f64) {
        w.el("text")
            .a("class", "refused-mark")
            .a("x", mid)
            .a("y", y)
            .a("text-anchor", "middle")
            .a("dominant-baseline", "middle")
            .a("aria-hidden", "true")
            .text("✗");
    }
}
