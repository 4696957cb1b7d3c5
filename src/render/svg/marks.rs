//! What a tank picture says of one tank besides its water: whether it won, tied, could not be
//! picked or refused the connection, and the words under it. A run of requests is drawn as the
//! page draws it (www/requests/request-marks.js), with the same words ([`RequestMark`]): a
//! refused winner gets a red outline, a ✗ on the tank and `refused` under it, though it drains
//! like any winner; a tank out of an attempt says why (`tried`, `skipped`, `backup`); a dead
//! server's name is red and says `dead`, a backup's is italic.

use crate::engine::nginx::request::RequestStep;
use crate::render::request_mark::RequestMark;
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

/// The rules of a dead server's name and a backup's, the page's (www/widget.css); only a picture
/// of a run of requests with one carries them. `.name.dead` and `.name.backup` are the
/// animation's, whose names change with the step.
pub(crate) const SERVERS: &str = "\
.tank[data-dead] .name,.swrr .name.dead{fill:var(--error)}\
.tank[data-backup] .name,.swrr .name.backup{font-style:italic}";

/// Whether a picture of `steps` needs [`SERVERS`]: a dead or backup server in one of them.
pub(crate) fn has_servers<'a>(mut steps: impl Iterator<Item = &'a RequestStep>) -> bool {
    steps.any(|r| r.dead.iter().chain(&r.backup).any(|&on| on))
}

/// What a still picture says of one tank besides its drawing: its levels as `data-*` attributes
/// (the picture's own, written before `data-picks`), its picks, whether it won or tied, its title.
#[derive(Debug)]
pub(crate) struct TankMarks<'a> {
    pub levels: &'a [(&'static str, i64)],
    pub picks: u64,
    /// `picks` as the picture's words say it under the name (`figure.tank_picks`: `3×`, `3 次`).
    pub picks_text: String,
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
    /// What a run of requests says under it, in place of `picked` or `out`.
    pub mark: Option<RequestMark>,
    /// The attempt of a run of requests, whose flags the tank carries (`data-tried`,
    /// `data-dead`, `data-backup`, `data-disabled`, as the page's tanks).
    pub request: Option<&'a RequestStep>,
    pub title: String,
    pub badges: Badges,
}

/// The words under a tank that won, tied, could not be picked or refused the connection, and
/// what a run of requests says ([`RequestMark`]).
#[derive(Debug, Clone)]
pub(crate) struct Badges {
    pub picked: String,
    pub tie: String,
    pub out: String,
    pub refused: String,
    tried: String,
    skipped: String,
    backup: String,
    dead: String,
}

impl Badges {
    pub(crate) fn of(options: &SvgOptions) -> Self {
        let say = |code| options.say(code, &args![]);
        Self {
            picked: say("figure.picked"),
            tie: say("figure.tie"),
            out: say("figure.out"),
            refused: say(RequestMark::Refused.code()),
            tried: say(RequestMark::Tried.code()),
            skipped: say(RequestMark::Skipped.code()),
            backup: say(RequestMark::Backup.code()),
            dead: say(RequestMark::Dead.code()),
        }
    }

    /// The word of `mark`.
    pub(crate) fn of_mark(&self, mark: RequestMark) -> &str {
        match mark {
            RequestMark::Refused => &self.refused,
            RequestMark::Tried => &self.tried,
            RequestMark::Skipped => &self.skipped,
            RequestMark::Backup | RequestMark::BackupNote => &self.backup,
            RequestMark::Dead => &self.dead,
        }
    }
}

impl TankLayout {
    /// Under a tank: its name, its picks, and what a run of requests says (`refused`, `tried`,
    /// …), `picked`, `tie` or `out` (with the `data-i18n` key that names the word, a stable
    /// name for a page that translates by it; the word itself is the catalog's, `figure.*`).
    pub(crate) fn draw_labels(&self, w: &mut Writer, mid: f64, name: &str, marks: &TankMarks<'_>) {
        let [_, picks_y, badge_y] = self.label_ys();
        self.draw_name(w, mid, name);
        w.el("text")
            .a("class", "picks")
            .a("x", mid)
            .a("y", picks_y)
            .a("text-anchor", "middle")
            .squeezed_to(self.picks_fit(&marks.picks_text).length())
            .text(&marks.picks_text);
        let badges = &marks.badges;
        let (class, key, word) = if let Some(mark) = marks.mark {
            (mark.class(), mark.key(), badges.of_mark(mark))
        } else if marks.selected {
            ("badge", "tank.picked", badges.picked.as_str())
        } else if marks.tied {
            ("badge tie", "tank.tie", badges.tie.as_str())
        } else if marks.out {
            ("badge out", "algo.out", badges.out.as_str())
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

    /// A tank's name under it (its [`name_label`](Self::name_label)), cut to `name_chars`, and drawn as narrow as the tank where the
    /// tank shows only its name and the name is wider (`name_length`).
    pub(crate) fn draw_name(&self, w: &mut Writer, mid: f64, name: &str) {
        self.draw_name_as(w, mid, name, "name");
    }

    /// [`draw_name`](Self::draw_name) with the classes `class` (`name dead`, `name backup`).
    pub(crate) fn draw_name_as(&self, w: &mut Writer, mid: f64, name: &str, class: &str) {
        let shown = fit(name, self.name_chars());
        let length = self.name_length(text_width(&shown));
        w.el("text")
            .a("class", class)
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
            .squeezed_to(self.refused_mark_length())
            .text("✗");
    }
}
