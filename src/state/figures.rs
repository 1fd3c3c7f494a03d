//! The figures panel's numbers for the live filter: n, the bits set X, the fill X/m, the
//! false-positive rate now by the formula and by the fill, and the number of items the fill
//! implies. Rates are kept as natural logarithms, so that a rate below the smallest double
//! is still written from its logarithm.

use crate::filter::blocked::{self, BlockFill};
use crate::filter::{math, CountEstimate, Layout};

use super::settings::FilterModel;

/// The figures of a filter holding n items.
#[derive(Debug, Clone, PartialEq)]
pub struct Figures {
    /// Items in the set, n.
    pub n: u64,
    /// Bits set, X.
    pub ones: u64,
    /// m.
    pub m: u64,
    /// X / m.
    pub fill: f64,
    /// ln of the rate the layout's formula gives: `(1 − (1 − 1/m)^(kn))^k`, or
    /// `(1 − (1 − 1/s)^n)^k` in the partitioned layout.
    pub ln_fpr: f64,
    /// ln of the rate from what is set: `(X/m)^k`, `Π (X_i/s)` over the k slices of the
    /// partitioned layout, or the average over the blocks of a blocked layout
    /// ([`BlockFill`]).
    pub ln_fpr_by_fill: f64,
    /// The items the fill implies, `n̂ = −(m/k)·ln(1 − X/m)`, or `−s·ln(1 − X/(k·s))` in the
    /// partitioned layout, or the sum over blocks of a blocked layout ([`BlockFill`]);
    /// `None` when every bit (every reachable bit, a block) is set.
    pub estimated_n: Option<f64>,
    /// In the partitioned and blocked layouts, ln of the standard layout's rate for the
    /// same m, k and n (shown beside the layout's own).
    pub ln_fpr_standard: Option<f64>,
    /// In RocksDB's blocked layout, ln of RocksDB's own estimate (`CacheLocalFpRate`).
    pub ln_fpr_rocksdb: Option<f64>,
    /// The layout the figures are for.
    pub layout: Layout,
}

impl Figures {
    /// The figures of `filter` holding `n` items.
    pub fn of(filter: &FilterModel, n: u64) -> Figures {
        let shape = filter.shape();
        let (m, k) = (shape.m(), shape.k());
        let ones = filter.count_set();
        let (mf, kf, nf, x) = (m as f64, f64::from(k), n as f64, ones as f64);
        let fill = x / mf;
        let standard = math::ln_fpr_exact(mf, nf, kf);
        match shape.layout() {
            Layout::Standard => Figures {
                n,
                ones,
                m,
                fill,
                ln_fpr: standard,
                ln_fpr_by_fill: kf * fill.ln(),
                estimated_n: match math::estimated_count(m, k, ones) {
                    CountEstimate::Finite(v) => Some(v),
                    CountEstimate::Undefined => None,
                },
                ln_fpr_standard: None,
                ln_fpr_rocksdb: None,
                layout: Layout::Standard,
            },
            Layout::Partitioned => {
                let s = shape.slice_len();
                // Each slice's fill X_i/s; the product is the chance that a new item finds
                // all k of its bits set.
                let by_slices = (0..u64::from(k))
                    .map(|i| (filter.count_set_in(i * s, (i + 1) * s) as f64 / s as f64).ln())
                    .sum();
                let reachable = (s * u64::from(k)) as f64;
                Figures {
                    n,
                    ones,
                    m,
                    fill,
                    ln_fpr: math::ln_fpr_partitioned(s as f64, nf, kf),
                    ln_fpr_by_fill: by_slices,
                    estimated_n: (x < reachable).then(|| -(s as f64) * (-x / reachable).ln_1p()),
                    ln_fpr_standard: Some(standard),
                    ln_fpr_rocksdb: None,
                    layout: Layout::Partitioned,
                }
            }
            layout @ (Layout::Blocked | Layout::SplitBlock) => {
                let block = shape.slice_len();
                let fill_figures =
                    BlockFill::of(layout, m, k, |start, end| filter.count_set_in(start, end));
                let rocksdb = (layout == Layout::Blocked)
                    .then(|| blocked::rocksdb_cache_local_rate(mf / nf, k, block).ln());
                Figures {
                    n,
                    ones,
                    m,
                    fill,
                    ln_fpr: shape.ln_fpr(nf),
                    ln_fpr_by_fill: fill_figures.rate.ln(),
                    estimated_n: fill_figures.estimated_items,
                    ln_fpr_standard: Some(standard),
                    ln_fpr_rocksdb: rocksdb,
                    layout,
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::log::{replay, LogEntry};
    use crate::state::settings::Settings;

    fn filter(m: u64, k: u32, layout: Layout, items: &[&str]) -> FilterModel {
        let settings = Settings::default()
            .with_m(m)
            .and_then(|s| s.with_k(k))
            .and_then(|s| s.with_layout(layout))
            .unwrap();
        let log: Vec<LogEntry> = items.iter().map(|i| LogEntry::Add((*i).into())).collect();
        replay(&settings, &log).0
    }

    #[test]
    fn standard_figures_follow_their_formulas() {
        let f = filter(32, 3, Layout::Standard, &["a", "b", "c"]);
        let figures = Figures::of(&f, 3);
        let x = f.count_set() as f64;
        assert_eq!(figures.ones, f.count_set());
        assert!((figures.fill - x / 32.0).abs() < 1e-15);
        let exact = (1.0 - (1.0 - 1.0f64 / 32.0).powi(9)).powi(3);
        assert!((figures.ln_fpr.exp() - exact).abs() < 1e-12);
        assert!((figures.ln_fpr_by_fill.exp() - (x / 32.0).powi(3)).abs() < 1e-12);
        let n_hat = -(32.0 / 3.0) * (1.0 - x / 32.0).ln();
        assert!((figures.estimated_n.unwrap() - n_hat).abs() < 1e-9);
        assert_eq!(figures.ln_fpr_standard, None);
    }

    #[test]
    fn partitioned_figures_use_the_slices() {
        let f = filter(30, 3, Layout::Partitioned, &["apple", "pear", "plum"]);
        let figures = Figures::of(&f, 3);
        // s = 10: each item sets one bit per slice.
        let partitioned = (1.0 - (1.0 - 0.1f64).powi(3)).powi(3);
        assert!((figures.ln_fpr.exp() - partitioned).abs() < 1e-12);
        let slices: f64 = (0..3)
            .map(|i| f.count_set_in(i * 10, (i + 1) * 10) as f64 / 10.0)
            .product();
        assert!((figures.ln_fpr_by_fill.exp() - slices).abs() < 1e-12);
        let standard = (1.0 - (1.0 - 1.0f64 / 30.0).powi(9)).powi(3);
        assert!((figures.ln_fpr_standard.unwrap().exp() - standard).abs() < 1e-12);
        let x = f.count_set() as f64;
        let n_hat = -10.0 * (1.0 - x / 30.0).ln();
        assert!((figures.estimated_n.unwrap() - n_hat).abs() < 1e-9);
    }

    #[test]
    fn a_full_filter_implies_no_count() {
        let f = filter(2, 1, Layout::Standard, &["a", "b", "c", "d", "e", "f", "g"]);
        assert_eq!(f.count_set(), 2);
        let figures = Figures::of(&f, 7);
        assert_eq!(figures.estimated_n, None);
        assert_eq!(figures.ln_fpr_by_fill, 0.0);
    }
}
