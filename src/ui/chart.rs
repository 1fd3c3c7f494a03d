//! The plots' SVG, written as markup (see [`crate::ui::raw`]): the frame every plot shares
//! (its size and margins, grid lines with their tick labels, the axes' names) and the lines
//! drawn in it. Coordinates are written to one decimal.

use crate::decimal::Fixed;
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
        out.push(
            "<svg id=\"{}\" viewBox=\"0 0 {} {}\" role=\"img\" aria-label=\"{}\">",
            &[&id, &Fixed(self.width, 0), &Fixed(self.height, 0), &label],
        );
    }

    /// A horizontal grid line at each y tick, with its label left of the plot.
    pub fn y_grid(&self, out: &mut Markup, y: &Scale, ticks: &[(f64, String)]) {
        let (from, to) = (Fixed(self.left, 1), Fixed(self.width - self.right, 1));
        let label_x = Fixed(self.left - 6.0, 1);
        for (value, label) in ticks {
            let at = y.map(*value);
            out.push("<g class=\"tick\"><line x1=\"{}\" x2=\"{}\" y1=\"{}\" y2=\"{}\"/><text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text></g>", &[&from, &to, &Fixed(at, 1), &Fixed(at, 1), &label_x, &Fixed(at + 4.0, 1), &label]);
        }
    }

    /// A vertical grid line at each x tick, with its label under the plot.
    pub fn x_grid(&self, out: &mut Markup, x: &Scale, ticks: &[f64]) {
        let (top, bottom) = (Fixed(self.top, 1), Fixed(self.height - self.bottom, 1));
        let label_y = Fixed(self.height - self.bottom + 16.0, 1);
        for &value in ticks {
            out.push("<g class=\"tick\"><line x1=\"{}\" x2=\"{}\" y1=\"{}\" y2=\"{}\"/><text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text></g>", &[&Fixed(x.map(value), 1), &Fixed(x.map(value), 1), &top, &bottom, &Fixed(x.map(value), 1), &label_y, &tick_label(value)]);
        }
    }

    /// The x axis's name, centred under the tick labels.
    pub fn x_name(&self, out: &mut Markup, name: &str) {
        out.push(
            "<text class=\"axis-label\" x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
            &[
                &Fixed((self.left + self.width - self.right) / 2.0, 1),
                &Fixed(self.height - 6.0, 1),
                &name,
            ],
        );
    }

    /// The y axis's name, turned up the left edge.
    pub fn y_name(&self, out: &mut Markup, name: &str) {
        out.push("<text class=\"axis-label\" transform=\"translate(16 {}) rotate(-90)\" text-anchor=\"middle\">{}</text>", &[&Fixed((self.top + self.height - self.bottom) / 2.0, 1), &name]);
    }
}

/// Each tick with its label ([`tick_label`]).
pub fn labelled(ticks: Vec<f64>) -> Vec<(f64, String)> {
    ticks.into_iter().map(|t| (t, tick_label(t))).collect()
}

/// A `<polyline>` of class `class` through `points` on the scales.
pub fn polyline(out: &mut Markup, class: &str, points: &[(f64, f64)], x: &Scale, y: &Scale) {
    out.push("<polyline class=\"{}\" points=\"", &[&class]);
    for &(a, b) in points {
        out.push("{},{} ", &[&Fixed(x.map(a), 1), &Fixed(y.map(b), 1)]);
    }
    out.push("\"/>", &[]);
}
