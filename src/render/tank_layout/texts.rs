//! The texts on a tank that must stay inside it: the drain's `↓ −W` over the winner, the level
//! numbers (the page's and the pictures'), a still's small level before the step and its
//! winner's `→ level`, and a refused winner's ✗, which keeps off the words around it; and the
//! count under a tank, which keeps clear of the next tank's.

use super::{TankLayout, CHAR_EM};
use crate::render::svg::characters::width as text_width;

/// What leads the drain's `−W` over the winner where its tank holds both.
const DRAIN_ARROW: &str = "↓ ";
/// What leads a still's winner's level after the drain where its tank holds both.
const AFTER_ARROW: &str = "→ ";
/// Room the drain's text leaves at each side inside its tank, in px: its halo (2 px) stays off
/// the outline. A level number keeps the same.
const DRAIN_CLEARANCE: f64 = 2.0;
/// The narrowest a level number (or a still's small one) is drawn, as a share of its own width:
/// narrower it is left out (the tank's title, the still's key and the narration say it). 0.5
/// keeps `−1244` among twelve tanks on a phone (0.53), the tightest the page drew before.
const LEAST_SQUEEZE: f64 = 0.5;
/// A still's level before the step, beside its dotted line: its size, in em of the tanks' text
/// (the still's style: 0.75em), and where it starts, in px from its tank's left edge.
const BEFORE_EM: f64 = 0.75;
pub(crate) const BEFORE_INSET: f64 = 4.0;
/// A tank's count under it (`3×`, `3 次`): its size, in em of the tanks' text (the pictures' and
/// the page's styles: 0.85em), and the space it keeps from the next tank's, each centred under
/// its tank one slot apart, in px.
const PICKS_EM: f64 = 0.85;
const PICKS_CLEARANCE: f64 = 4.0;

/// How a text in a tank is drawn: whole, narrower (`textLength`, this wide), or not at all.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum InTank {
    Whole,
    Narrower(f64),
    Out,
}

impl InTank {
    /// The width it is drawn at where narrower than its own (`None` whole or left out).
    pub(crate) fn length(self) -> Option<f64> {
        match self {
            Self::Narrower(width) => Some(width),
            Self::Whole | Self::Out => None,
        }
    }
}
/// A text's ink above and under its baseline, in em of its size, and its halo's width in px.
struct Ink {
    above: f64,
    under: f64,
    halo: f64,
}

impl Ink {
    /// The top and bottom of the ink at `font` px on the baseline `y`, with the halo.
    fn span(&self, font: f64, y: f64) -> (f64, f64) {
        let halo = self.halo / 2.0;
        (y - font * self.above - halo, y + font * self.under + halo)
    }
}

/// A line of a tank's text: a digit's or a capital's height over the baseline, `−` and the
/// arrow's tail under it; the halo of the level and drain texts is 4 px wide.
const LINE: Ink = Ink {
    above: 0.75,
    under: 0.2,
    halo: 4.0,
};
/// The ✗ of a refused connection, 2.6em of the tanks' text large (the pictures' and the page's
/// styles), its middle on its `y`: a bold ✗'s ink is about three quarters of its size; its halo
/// 5 px wide.
const REFUSED_MARK: Ink = Ink {
    above: 2.6 * 0.75 / 2.0,
    under: 2.6 * 0.75 / 2.0,
    halo: 5.0,
};

impl TankLayout {
    /// The room the drain's text has inside its tank: the tank's width less `DRAIN_CLEARANCE`
    /// at each side, so that its halo stays off the outline.
    pub(crate) fn drain_room(&self) -> f64 {
        (self.tank_width() - 2.0 * DRAIN_CLEARANCE).max(1.0)
    }

    /// Characters of the drain's text that fit inside its tank ([`Self::drain_room`]).
    pub(crate) fn tank_chars(&self) -> usize {
        (self.drain_room() / (self.font * CHAR_EM)).floor() as usize
    }

    /// The drain's text over the winner, `minus_total` (`−W`) after `↓ ` where the tank holds
    /// both, alone where not: 12 tanks on a phone keep their outlines clear.
    pub(crate) fn drain_text(&self, minus_total: &str) -> String {
        self.arrowed(DRAIN_ARROW, minus_total, self.tank_chars())
    }

    /// A still's winner's level after the drain, `→ level` where its tank holds it whole
    /// ([`Self::level_chars`]), the level alone where not; then [`Self::level_fit`].
    pub(crate) fn after_text(&self, level: &str) -> String {
        self.arrowed(AFTER_ARROW, level, self.level_chars())
    }

    /// `arrow` and `number` where `room` characters hold both, else `number`.
    fn arrowed(&self, arrow: &str, number: &str, room: usize) -> String {
        if number.chars().count() + arrow.chars().count() <= room {
            format!("{arrow}{number}")
        } else {
            number.to_string()
        }
    }

    /// The width the drain's text `text` is drawn at where even it is wider than the tank's
    /// room (`−136` over 16 tanks at 640 px): [`Self::drain_room`], narrower; `None` for its own.
    pub(crate) fn drain_length(&self, text: &str) -> Option<f64> {
        (text.chars().count() > self.tank_chars()).then(|| self.drain_room())
    }

    /// Characters of a level number drawn whole in its tank: as many as its width holds (a
    /// number that did not run over its tank is drawn as it always was).
    pub(crate) fn level_chars(&self) -> usize {
        (self.tank_width() / (self.font * CHAR_EM)).floor() as usize
    }

    /// Characters of a level number drawn at all: more than [`Self::level_chars`] and up to
    /// these, it is drawn [`Self::drain_room`] wide, narrower, clear of the outline as the
    /// drain's text is; more are left out.
    pub(crate) fn level_least_chars(&self) -> usize {
        (self.drain_room() / (self.font * CHAR_EM * LEAST_SQUEEZE)).floor() as usize
    }

    /// How a level number `text` is drawn centred in its tank (the page's too, from
    /// `levelChars`, `levelLeastChars` and `levelRoom`).
    pub(crate) fn level_fit(&self, text: &str) -> InTank {
        let chars = text.chars().count();
        if chars <= self.level_chars() {
            InTank::Whole
        } else if chars <= self.level_least_chars() {
            InTank::Narrower(self.drain_room())
        } else {
            InTank::Out
        }
    }

    /// How a still's level before the step `text` is drawn from `BEFORE_INSET` inside its
    /// tank's left edge, in its smaller type: whole where it ends inside the tank, else as a
    /// level number is, narrower clear of the outline or left out.
    pub(crate) fn before_fit(&self, text: &str) -> InTank {
        let span = self.tank_width() - BEFORE_INSET;
        let room = (span - DRAIN_CLEARANCE).max(1.0);
        let own = text.chars().count() as f64 * self.font * BEFORE_EM * CHAR_EM;
        if own <= span {
            InTank::Whole
        } else if own * LEAST_SQUEEZE <= room {
            InTank::Narrower(room)
        } else {
            InTank::Out
        }
    }

    /// The widest a tank's count is drawn: its slot less `PICKS_CLEARANCE`, so that two
    /// neighbouring counts never touch (twelve `12 次` on a phone would).
    pub(crate) fn picks_room(&self) -> f64 {
        (self.slot - PICKS_CLEARANCE).max(1.0)
    }

    /// Letters of a count (a wide character, `次`, two) drawn at their own width in
    /// [`Self::picks_room`].
    pub(crate) fn picks_chars(&self) -> usize {
        (self.picks_room() / (self.font * PICKS_EM * CHAR_EM)).floor() as usize
    }

    /// How a tank's count `text`, in whatever words, is drawn centred under it: whole up to
    /// [`Self::picks_chars`] letters, else [`Self::picks_room`] wide, narrower — never cut or
    /// left out, so that a number is never read as another (the counts first take their shorter
    /// words, [`Self::picks_texts`]).
    pub(crate) fn picks_fit(&self, text: &str) -> InTank {
        if text_width(text) <= self.picks_chars() {
            InTank::Whole
        } else {
            InTank::Narrower(self.picks_room())
        }
    }

    /// The counts under the tanks: `usual(count)` each (`figure.tank_picks`: `12 次`) where the
    /// slot holds every one whole, else every one `short(count)` (`figure.tank_picks_short`:
    /// `12次`), so that they read alike; one longer still is drawn narrower
    /// ([`Self::picks_fit`]). The page's tanks (`www/stage/tanks.js` `countTexts`) follow it
    /// with the `picksChars` of this layout (`tankLayout`).
    pub(crate) fn picks_texts(
        &self,
        picks: &[u64],
        usual: impl Fn(u64) -> String,
        short: impl Fn(u64) -> String,
    ) -> Vec<String> {
        let texts: Vec<String> = picks.iter().map(|&count| usual(count)).collect();
        let room = self.picks_chars();
        if texts.iter().any(|text| text_width(text) > room) {
            picks.iter().map(|&count| short(count)).collect()
        } else {
            texts
        }
    }

    /// Half the height of the ✗ of a refused connection, with its halo.
    pub(crate) fn refused_mark_half(&self) -> f64 {
        REFUSED_MARK.span(self.font, 0.0).1
    }

    /// The width a refused winner's ✗ is drawn at where its ink (about as wide as it is tall)
    /// is wider than the room inside its tank, as the drain's text is: narrower, its halo off
    /// the outline. `None` where it fits.
    pub(crate) fn refused_mark_length(&self) -> Option<f64> {
        let ink = REFUSED_MARK.above + REFUSED_MARK.under;
        let room = self.drain_room();
        (ink * self.font > room).then_some(room)
    }

    /// The top and bottom of a tank's line of text on the baseline `y`, with its halo.
    pub(crate) fn text_span(&self, y: f64) -> (f64, f64) {
        LINE.span(self.font, y)
    }
}
