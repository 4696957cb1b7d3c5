//! The page's box around the tanks: the width a box that is not laid out yet (or too narrow)
//! gets, the text scale presenter mode asks, and a taller box the tanks grow into.

use super::{TankLayout, MAX_TEXT_SCALE};

/// The tanks grow into a taller box ([`TankLayout::filling`]) up to this many times their width.
/// (www/stage/tank-geometry.js reserves their height with the same number.)
#[cfg_attr(not(all(target_arch = "wasm32", feature = "page")), allow(dead_code))]
const MAX_HEIGHT_PER_WIDTH: f64 = 2.0;
/// A page's box narrower than this gets the picture of this width, scaled down.
#[cfg_attr(not(all(target_arch = "wasm32", feature = "page")), allow(dead_code))]
const PAGE_MIN_WIDTH: f64 = 280.0;
/// The page's width before its box is laid out.
#[cfg_attr(not(all(target_arch = "wasm32", feature = "page")), allow(dead_code))]
const PAGE_DEFAULT_WIDTH: f64 = 640.0;

impl TankLayout {
    /// A text scale as asked (none, or not a number: 1), between 1 and [`MAX_TEXT_SCALE`].
    #[cfg_attr(not(all(target_arch = "wasm32", feature = "page")), allow(dead_code))]
    pub(crate) fn text_scale(asked: Option<f64>) -> f64 {
        match asked {
            Some(scale) if scale.is_finite() => scale.clamp(1.0, MAX_TEXT_SCALE),
            _ => 1.0,
        }
    }

    /// The width of the page's tanks in a box `box_width` wide (0 or not a number: not laid out).
    #[cfg_attr(not(all(target_arch = "wasm32", feature = "page")), allow(dead_code))]
    pub(crate) fn page_width(box_width: f64) -> f64 {
        let width = if box_width > 0.0 {
            box_width.round()
        } else {
            PAGE_DEFAULT_WIDTH
        };
        width.max(PAGE_MIN_WIDTH)
    }

    /// The same tanks in a box `height` tall where that is taller than they are: the tanks grow
    /// into it, their text rows kept, up to twice as tall as the picture is wide (presenter mode
    /// beside a lesson, where the window, not the tanks, sets the row's height).
    #[cfg_attr(not(all(target_arch = "wasm32", feature = "page")), allow(dead_code))]
    pub(crate) fn filling(mut self, height: f64) -> Self {
        let height = height.min(self.width * MAX_HEIGHT_PER_WIDTH);
        if height > self.height {
            self.tank_height += height - self.height;
            self.height = height;
        }
        self
    }
}
