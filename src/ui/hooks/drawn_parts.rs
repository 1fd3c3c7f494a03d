//! The page's start, drawn in parts: one part per frame, top to bottom, so that neither a
//! part's script (WebAssembly functions compiled on their first call, the elements made)
//! nor the browser's first style and layout of it becomes one long task.

use yew::prelude::*;

use crate::ui::browser;

/// How much of the page has been drawn since it started. Each part includes the ones
/// before it; once [`DrawnParts::Whole`], the page stays whole.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum DrawnParts {
    /// The header, the notices, the tabs and the lesson.
    Frame,
    /// The visualizer's item field and the filter's settings.
    Entry,
    /// The bit array and what is shown under it.
    BitArray,
    /// Everything: the answer, the figures, the items, the view shown.
    Whole,
}

impl DrawnParts {
    /// The part drawn after this one.
    fn next(self) -> Option<Self> {
        match self {
            Self::Frame => Some(Self::Entry),
            Self::Entry => Some(Self::BitArray),
            Self::BitArray => Some(Self::Whole),
            Self::Whole => None,
        }
    }

    /// Whether this much of the page includes `part`.
    pub fn has(self, part: Self) -> bool {
        self >= part
    }
}

/// How much of the page to draw: [`DrawnParts::Frame`] at the first render, then one more
/// part after each frame the browser draws, until the page is whole.
#[hook]
pub fn use_drawn_parts() -> DrawnParts {
    let drawn = use_mut_ref(|| DrawnParts::Frame);
    let redraw = use_force_update();
    let parts = *drawn.borrow();
    use_effect_with(parts, move |parts| {
        if let Some(next) = parts.next() {
            browser::after_paint(move || {
                *drawn.borrow_mut() = next;
                redraw.force_update();
            });
        }
    });
    parts
}
