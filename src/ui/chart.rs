//! The plots' SVG, written as markup (see [`crate::ui::raw`]): the frame every plot shares
//! (its size and margins, grid lines with their tick labels, the axes' names) and the lines
//! drawn in it. Coordinates are written to one decimal.

use crate::decimal::Fixed;
use crate::markup;
use crate::state::plot::{tick_label, AxisKind, Scale};
use crate::ui::raw::Markup;

/// A plot's size and the margins that hold its tick labels and axis names, in SVG units.
#[derive(Debug, Clone, Copy)]
pub struct Frame {
    /// Width of the whole picture.
    pub width: f64,
    /// Height of the whole picture.
    pub height: f64,
    /// Left margin: the y tick labels and the y axis's name.
    pub left: f64,
    /// Right margin.
    pub right: f64,
    /// Top margin.
    pub top: f64,
    /// Bottom margin: the x tick labels and the x axis's name.
    pub bottom: f64,
}

impl Frame {
    /// The horizontal scale, from the left margin to the right one.
    pub fn x(&self, kind: AxisKind, min: f64, max: f64) -> Scale {
        Scale {
            kind,
            min,
            max,
            from: self.left,
            to: self.width - self.right,
        }
    }

    /// The vertical scale, from the bottom margin up to the top one.
    pub fn y(&self, kind: AxisKind, min: f64, max: f64) -> Scale {
        Scale {
            kind,
            min,
            max,
            from: self.height - self.bottom,
            to: self.top,
        }
    }

    /// Opens the `<svg>`: its id, its size as its view box, and its accessible name.
    pub fn open(&self, out: &mut Markup, id: &str, label: &str) {
        markup!(
            out,
            concat!(
                "<svg id=\"{id}\" viewBox=\"0 0 {width} {height}\" role=\"img\" ",
                "aria-label=\"{label}\">"
            ),
            id,
            width = Fixed(self.width, 0),
            height = Fixed(self.height, 0),
            label
        );
    }

    /// A horizontal grid line at each y tick, with its label left of the plot.
    pub fn y_grid(&self, out: &mut Markup, y: &Scale, ticks: &[(f64, String)]) {
        let (from, to) = (Fixed(self.left, 1), Fixed(self.width - self.right, 1));
        let label_x = Fixed(self.left - 6.0, 1);
        for (value, label) in ticks {
            let at = y.map(*value);
            markup!(
                out,
                concat!(
                    "<g class=\"tick\"><line x1=\"{from}\" x2=\"{to}\" y1=\"{y}\" ",
                    "y2=\"{y}\"/><text x=\"{label_x}\" y=\"{label_y}\" ",
                    "text-anchor=\"end\">{label}</text></g>"
                ),
                from,
                to,
                y = Fixed(at, 1),
                label_x,
                label_y = Fixed(at + 4.0, 1),
                label
            );
        }
    }

    /// A vertical grid line at each x tick, with its label under the plot.
    pub fn x_grid(&self, out: &mut Markup, x: &Scale, ticks: &[f64]) {
        let (top, bottom) = (Fixed(self.top, 1), Fixed(self.height - self.bottom, 1));
        let label_y = Fixed(self.height - self.bottom + 16.0, 1);
        for &value in ticks {
            markup!(
                out,
                concat!(
                    "<g class=\"tick\"><line x1=\"{x}\" x2=\"{x}\" ",
                    "y1=\"{top}\" y2=\"{bottom}\"/><text x=\"{x}\" ",
                    "y=\"{label_y}\" text-anchor=\"middle\">{label}</text></g>"
                ),
                x = Fixed(x.map(value), 1),
                top,
                bottom,
                label_y,
                label = tick_label(value)
            );
        }
    }

    /// The x axis's name, centred under the tick labels.
    pub fn x_name(&self, out: &mut Markup, name: &str) {
        markup!(
            out,
            concat!(
                "<text class=\"axis-label\" x=\"{x}\" y=\"{y}\" ",
                "text-anchor=\"middle\">{name}</text>"
            ),
            x = Fixed((self.left + self.width - self.right) / 2.0, 1),
            y = Fixed(self.height - 6.0, 1),
            name
        );
    }

    /// The y axis's name, turned up the left edge.
    pub fn y_name(&self, out: &mut Markup, name: &str) {
        markup!(
            out,
            concat!(
                "<text class=\"axis-label\" transform=\"translate(16 {y}) ",
                "rotate(-90)\" text-anchor=\"middle\">{name}</text>"
            ),
            y = Fixed((self.top + self.height - self.bottom) / 2.0, 1),
            name
        );
    }
}

/// Each tick with its label ([`tick_label`]).
pub fn labelled(ticks: Vec<f64>) -> Vec<(f64, String)> {
    ticks.into_iter().map(|t| (t, tick_label(t))).collect()
}

/// A `<polyline>` of class `class` through `points` on the scales.
pub fn polyline(out: &mut Markup, class: &str, points: &[(f64, f64)], x: &Scale, y: &Scale) {
    markup!(out, "<polyline class=\"{class}\" points=\"", class);
    for &(a, b) in points {
        markup!(
            out,
            "{x},{y} ",
            x = Fixed(x.map(a), 1),
            y = Fixed(y.map(b), 1)
        );
    }
    markup!(out, "\"/>");
}
