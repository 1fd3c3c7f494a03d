//! How the exact formula sits against the lab's measured points: how many of their 95 %
//! intervals hold it, how many lie above or below, and the run's verdict.

use crate::filter::agreement::Verdict;
use crate::filter::{FilterShape, MeasuredPoint};

/// How the exact formula sits against one family's measured points, and what the lab
/// concluded once the run was done ([`crate::filter::agreement::verdict`], computed by a worker).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Coverage {
    /// Points measured.
    pub points: u64,
    /// Points whose 95 % interval contains the exact rate.
    pub inside: u64,
    /// Points measured above the formula (the formula below the interval).
    pub above: u64,
    /// Points measured below it.
    pub below: u64,
    /// The first and last n of the points above the formula.
    pub above_from_to: Option<(u64, u64)>,
    /// The conclusion, valid for points measured on the same filters; `None` until the run
    /// is done and judged.
    pub verdict: Option<Verdict>,
}

impl Coverage {
    /// Compares each point's interval with the shape's formula ([`FilterShape::fpr`]).
    pub fn of(points: &[MeasuredPoint], shape: FilterShape, verdict: Option<Verdict>) -> Coverage {
        let (mut inside, mut above, mut below) = (0, 0, 0);
        let mut above_from_to = None;
        for p in points {
            let theory = shape.fpr(p.n as f64);
            let (low, high) = p.interval();
            if theory < low {
                above += 1;
                above_from_to = Some(above_from_to.map_or((p.n, p.n), |(first, _)| (first, p.n)));
            } else if theory > high {
                below += 1;
            } else {
                inside += 1;
            }
        }
        Coverage {
            points: points.len() as u64,
            inside,
            above,
            below,
            above_from_to,
            verdict,
        }
    }
}
