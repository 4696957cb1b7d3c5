//! The texts on a tank that must stay inside it: the drain's `↓ −W` over the winner, and a
//! refused winner's ✗, which keeps off the words around it.

use super::{TankLayout, CHAR_EM};

/// What leads the drain's `−W` over the winner where its tank holds both.
const DRAIN_ARROW: &str = "↓ ";
/// Room the drain's text leaves at each side inside its tank, in px: its halo (2 px) stays off
/// the outline.
const DRAIN_CLEARANCE: f64 = 2.0;
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
        if minus_total.chars().count() + DRAIN_ARROW.chars().count() <= self.tank_chars() {
            format!("{DRAIN_ARROW}{minus_total}")
        } else {
            minus_total.to_string()
        }
    }

    /// The width the drain's text `text` is drawn at where even it is wider than the tank's
    /// room (`−136` over 16 tanks at 640 px): [`Self::drain_room`], narrower; `None` for its own.
    pub(crate) fn drain_length(&self, text: &str) -> Option<f64> {
        (text.chars().count() > self.tank_chars()).then(|| self.drain_room())
    }

    /// Half the height of the ✗ of a refused connection, with its halo.
    pub(crate) fn refused_mark_half(&self) -> f64 {
        REFUSED_MARK.span(self.font, 0.0).1
    }

    /// The top and bottom of a tank's line of text on the baseline `y`, with its halo.
    pub(crate) fn text_span(&self, y: f64) -> (f64, f64) {
        LINE.span(self.font, y)
    }
}
