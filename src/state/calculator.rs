//! The sizing calculator: from any consistent subset of n, p, m and k, the rest.

use crate::decimal::Fixed;
use crate::filter::double_double::{self, ln_decimal, DoubleDouble};
use crate::filter::{blocked, math, ParamError, MAX_HASHES};

use super::fields::{parse_bounded, parse_real, parse_whole, FieldProblem};

/// What the calculator solves for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Solve {
    /// m and k from n and p.
    #[default]
    SizeForItems,
    /// The largest n from m and p.
    ItemsForSize,
    /// p from m, n and k.
    RateForShape,
    /// The optimal k from m and n.
    BestHashes,
}

impl Solve {
    /// Every mode, in the order the page lists them.
    pub const ALL: [Solve; 4] = [
        Solve::SizeForItems,
        Solve::ItemsForSize,
        Solve::RateForShape,
        Solve::BestHashes,
    ];

    /// The URL and DOM key.
    pub fn key(self) -> &'static str {
        match self {
            Solve::SizeForItems => "size",
            Solve::ItemsForSize => "items",
            Solve::RateForShape => "rate",
            Solve::BestHashes => "hashes",
        }
    }

    /// The mode with this key.
    pub fn from_key(key: &str) -> Option<Solve> {
        Solve::ALL.into_iter().find(|s| s.key() == key)
    }

    /// Which inputs the mode reads: (n, p, m, k).
    pub fn inputs(self) -> [bool; 4] {
        match self {
            Solve::SizeForItems => [true, true, false, false],
            Solve::ItemsForSize => [false, true, true, false],
            Solve::RateForShape => [true, false, true, true],
            Solve::BestHashes => [true, false, true, false],
        }
    }
}

/// The four fields as typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CalculatorInput {
    /// Items n.
    pub n: String,
    /// False-positive rate p (a fraction, or a percentage ending in `%`).
    pub p: String,
    /// Bits m.
    pub m: String,
    /// Hashes k.
    pub k: String,
}

impl Default for CalculatorInput {
    fn default() -> Self {
        CalculatorInput {
            n: "1000000".into(),
            p: "0.01".into(),
            m: "9585059".into(),
            k: "7".into(),
        }
    }
}

/// Everything the calculator shows. n and m are whole numbers below 2^64, exact.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Solution {
    /// Items.
    pub n: u64,
    /// Bits.
    pub m: u64,
    /// Hashes (whole).
    pub k: u32,
    /// The real-valued optimal k, `(m/n)·ln 2`.
    pub k_real: f64,
    /// The natural log of the false-positive rate at these n, m, k (exact formula), so
    /// that rates below the smallest double still print.
    pub ln_p: f64,
    /// Bits per item, m/n.
    pub bits_per_item: f64,
    /// The size question only: when the formula's m, at its best whole k, has a rate above
    /// p, the smallest m (and its best whole k) whose rate is at most p.
    pub meeting: Option<(u64, u32)>,
    /// The target p of the size question, to print the rate beside it.
    pub target: Option<f64>,
}

impl Solution {
    /// The false-positive rate (0 when below the smallest double; see `ln_p`).
    pub fn p(&self) -> f64 {
        self.ln_p.exp()
    }

    /// Bytes holding m bits, `⌈m/8⌉`.
    pub fn bytes(&self) -> u64 {
        self.m.div_ceil(8)
    }
}

/// A field's problem, by field.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CalculatorErrors {
    /// n.
    pub n: Option<FieldProblem>,
    /// p.
    pub p: Option<FieldProblem>,
    /// m.
    pub m: Option<FieldProblem>,
    /// k.
    pub k: Option<FieldProblem>,
}

impl CalculatorErrors {
    fn any(&self) -> bool {
        self.n.is_some() || self.p.is_some() || self.m.is_some() || self.k.is_some()
    }
}

/// A rate as typed: its value, and its natural log read from the digits to 106 bits.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rate {
    /// p.
    pub value: f64,
    /// ln p.
    pub ln: DoubleDouble,
}

/// A rate from text: a fraction in (0, 1), or a percentage such as `1%` or `0.01 %`.
pub fn parse_rate(text: &str) -> Result<Rate, FieldProblem> {
    let trimmed = text.trim();
    let (number, scale10) = match trimmed.strip_suffix('%') {
        Some(rest) => (rest.trim(), -2),
        None => (trimmed, 0),
    };
    let p = parse_real(number)? / if scale10 == 0 { 1.0 } else { 100.0 };
    if p <= 0.0 || p >= 1.0 {
        return Err(FieldProblem::Invalid(ParamError::RateOutOfRange {
            requested: p,
        }));
    }
    let digits = number.strip_prefix('+').unwrap_or(number);
    let ln = ln_decimal(digits, scale10).ok_or(FieldProblem::NotANumber)?;
    Ok(Rate { value: p, ln })
}

fn parse_count(text: &str, zero: ParamError) -> Result<u64, FieldProblem> {
    parse_bounded(text, u64::MAX, zero)
}

/// The parsed field when `wanted`, recording its problem in `slot`; `None` when not wanted
/// or rejected.
fn read<T>(
    wanted: bool,
    slot: &mut Option<FieldProblem>,
    parse: impl FnOnce() -> Result<T, FieldProblem>,
) -> Option<T> {
    if !wanted {
        return None;
    }
    parse().map_err(|problem| *slot = Some(problem)).ok()
}

/// The natural log of the exact rate at whole numbers m, n, k.
fn ln_rate(m: u64, n: u64, k: u32) -> f64 {
    math::ln_fpr_exact(m as f64, n as f64, f64::from(k))
}

/// The whole k with the lowest exact rate for m bits and n items: the floor or the ceiling
/// of `(m/n)·ln 2`, at least 1 and at most [`MAX_HASHES`].
fn best_k(m: u64, n: u64) -> u32 {
    let real = math::optimal_k_real(m as f64, n as f64);
    let [low, high] = [real.floor(), real.ceil()].map(|k| (k.max(1.0) as u32).min(MAX_HASHES));
    if ln_rate(m, n, high) < ln_rate(m, n, low) {
        high
    } else {
        low
    }
}

/// True when n items in m bits, at their best whole k, have a rate of at most p.
fn meets(m: u64, n: u64, p: &Rate) -> bool {
    ln_rate(m, n, best_k(m, n)) <= p.ln.hi
}

/// The formula's m for n items at p, `⌈−n·ln p / (ln 2)²⌉` (at least 1); `None` at 2^64.
fn formula_bits(n: u64, p: &Rate) -> Option<u64> {
    double_double::optimal_bits(n, p.ln).map(|m| m.max(1))
}

/// The smallest m whose rate for n items at its best whole k is at most p: the formula's m
/// (`formula`, from [`formula_bits`]) when it meets p, else the next m that does; `None` at
/// 2^64.
fn needed_bits(formula: u64, n: u64, p: &Rate) -> Option<u64> {
    if meets(formula, n, p) {
        Some(formula)
    } else {
        smallest_meeting(formula, |m| meets(m, n, p))
    }
}

/// The smallest m that holds n items at a rate of at most p at its best whole k, and that
/// k (the calculator's "smallest m that meets p"); `None` for a p outside (0, 1) or an m
/// past 2^64.
pub fn smallest_bits(n: u64, p: f64) -> Option<(u64, u32)> {
    let rate = parse_rate(&crate::decimal::shortest(p)).ok()?;
    let m = needed_bits(formula_bits(n, &rate)?, n, &rate)?;
    Some((m, best_k(m, n)))
}

/// Solves for what `mode` asks, reading only the fields it needs.
pub fn solve(mode: Solve, input: &CalculatorInput) -> Result<Solution, CalculatorErrors> {
    let [use_n, use_p, use_m, use_k] = mode.inputs();
    let mut errors = CalculatorErrors::default();
    let n = read(use_n, &mut errors.n, || {
        parse_count(&input.n, ParamError::ZeroItems)
    });
    let p = read(use_p, &mut errors.p, || parse_rate(&input.p));
    let m = read(use_m, &mut errors.m, || {
        parse_count(&input.m, ParamError::ZeroBits)
    });
    let k = read(use_k, &mut errors.k, || {
        let typed = parse_whole(&input.k).map_err(|p| p.with_max(u64::from(MAX_HASHES)));
        typed.and_then(|k| match k {
            0 => Err(FieldProblem::Invalid(ParamError::ZeroHashes)),
            k if k > MAX_HASHES as u64 => Err(FieldProblem::Invalid(ParamError::TooManyHashes {
                requested: k.min(u32::MAX as u64) as u32,
                max: MAX_HASHES,
            })),
            k => Ok(k as u32),
        })
    });
    if errors.any() {
        return Err(errors);
    }
    let solution = |n: u64, m: u64, k: u32| Solution {
        n,
        m,
        k,
        k_real: math::optimal_k_real(m as f64, n as f64),
        ln_p: ln_rate(m, n, k),
        bits_per_item: m as f64 / n as f64,
        meeting: None,
        target: None,
    };
    let (n, m) = (n.unwrap_or(1), m.unwrap_or(1));
    Ok(match (mode, p) {
        (Solve::SizeForItems, Some(p)) => {
            // The formula assumes the real-valued optimal k; at a whole k its m can miss p
            // a little. The smallest m that meets p is given beside it.
            let too_large = || CalculatorErrors {
                n: Some(FieldProblem::TooLarge),
                ..Default::default()
            };
            let m = formula_bits(n, &p).ok_or_else(too_large)?;
            let meeting = needed_bits(m, n, &p)
                .filter(|&needed| needed != m)
                .map(|needed| (needed, best_k(needed, n)));
            Solution {
                meeting,
                target: Some(p.value),
                ..solution(n, m, best_k(m, n))
            }
        }
        (Solve::ItemsForSize, Some(p)) => {
            // The formula assumes the real-valued optimal k; at a whole k the rate of that
            // n can be a little above p. The answer is the largest n whose rate at its best
            // whole k is at most p, found by bisection (the rate grows with n).
            let estimate = double_double::max_items(m, p.ln);
            let Some(n) = largest_meeting(estimate, |n| meets(m, n, &p)) else {
                return Err(CalculatorErrors {
                    m: Some(FieldProblem::Invalid(ParamError::TooSmallForRate)),
                    ..Default::default()
                });
            };
            solution(n, m, best_k(m, n))
        }
        (Solve::RateForShape, _) => solution(n, m, k.unwrap_or(1)),
        _ => solution(n, m, best_k(m, n)),
    })
}

/// The largest whole n in `1..=max(1, estimate)` for which `meets` holds, given that it
/// holds for every n below one for which it holds; `None` when it fails at n = 1.
fn largest_meeting(estimate: u64, meets: impl Fn(u64) -> bool) -> Option<u64> {
    if !meets(1) {
        return None;
    }
    let high = estimate.max(1);
    if meets(high) {
        return Some(high);
    }
    Some(bisect(1, high, meets))
}

/// The smallest whole number above `start` (which does not meet) that meets, for a test
/// that, once met, stays met: steps double until one meets, then bisection. `None` when
/// nothing below 2^64 meets.
fn smallest_meeting(start: u64, meets: impl Fn(u64) -> bool) -> Option<u64> {
    let (mut low, mut step) = (start, 1_u64);
    let mut high = low.checked_add(step)?;
    while !meets(high) {
        low = high;
        step = step.saturating_mul(2);
        high = low.checked_add(step)?;
    }
    Some(bisect(high, low, meets))
}

/// Between a whole number that meets the test and one that does not (either way round,
/// the test changing once between them), the one that meets next to where it changes.
fn bisect(mut met: u64, mut unmet: u64, meets: impl Fn(u64) -> bool) -> u64 {
    while met.abs_diff(unmet) > 1 {
        let middle = ((u128::from(met) + u128::from(unmet)) / 2) as u64;
        if meets(middle) {
            met = middle;
        } else {
            unmet = middle;
        }
    }
    met
}

/// A size in bits as bytes in the nearest binary unit, e.g. `1.14 MiB`.
pub fn binary_size(bits: u64) -> String {
    let bytes = bits.div_ceil(8);
    let units = ["KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
    let mut value = bytes as f64;
    let mut unit = None;
    for name in units {
        if value < 1024.0 {
            break;
        }
        value /= 1024.0;
        unit = Some(name);
    }
    match unit {
        None => format!("{bytes} B"),
        Some(name) => format!("{} {name}", Fixed(value, 2)),
    }
}

/// One row of the best-practice table: for a target rate, the bits per item and k.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PracticeRow {
    /// Target rate.
    pub p: f64,
    /// Bits per item at the optimal k, `-ln p / (ln 2)^2`.
    pub bits_per_item: f64,
    /// The optimal k, `log2(1/p)` rounded.
    pub k: u32,
    /// Bits per item in 512-bit lines at their best k, and that k
    /// ([`blocked::blocked_bits_per_item`]).
    pub blocked: Option<(f64, u32)>,
    /// Bits per item in Parquet's split-block layout
    /// ([`blocked::bits_per_item_for`] of [`blocked::split_block_rate`]).
    pub split_block: Option<f64>,
}

/// Target rates of the best-practice table.
pub const PRACTICE_RATES: [f64; 9] = [0.1, 0.05, 0.02, 0.01, 0.005, 0.001, 1e-4, 1e-5, 1e-6];

/// The best-practice table, computed once (the blocked layouts' columns search k and the
/// bits per item: about a million rate terms).
pub fn practice_table() -> &'static [PracticeRow] {
    static TABLE: std::sync::OnceLock<Vec<PracticeRow>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let ln2 = std::f64::consts::LN_2;
        let mut rows = Vec::with_capacity(PRACTICE_RATES.len());
        for p in PRACTICE_RATES {
            rows.push(PracticeRow {
                p,
                bits_per_item: -p.ln() / (ln2 * ln2),
                k: math::optimal_k_for_rate(p).unwrap_or(1),
                blocked: blocked::blocked_bits_per_item(p),
                split_block: blocked::bits_per_item_for(p, blocked::split_block_rate),
            });
        }
        rows
    })
}

/// The problems of a claim's three fields, each beside its field.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ClaimErrors {
    /// Items n: a whole number of at least 1.
    pub n: Option<FieldProblem>,
    /// The rate p, strictly between 0 and 1 (or a percentage).
    pub p: Option<FieldProblem>,
    /// The size in bytes: a whole number of at least 1.
    pub bytes: Option<FieldProblem>,
}

/// Reads a claim as typed: `(n, p, bytes)`, or the problem of each field that is wrong.
/// Bytes go up to 2^61 − 1, so that their bits stay below 2^64.
pub fn read_claim(n: &str, p: &str, bytes: &str) -> Result<(u64, Rate, u64), ClaimErrors> {
    let mut errors = ClaimErrors::default();
    let n = read(true, &mut errors.n, || {
        parse_count(n, ParamError::ZeroItems)
    });
    let p = read(true, &mut errors.p, || parse_rate(p));
    let bytes = read(true, &mut errors.bytes, || {
        parse_bounded(bytes, u64::MAX / 8, ParamError::ZeroBits)
    });
    match (n, p, bytes) {
        (Some(n), Some(p), Some(bytes)) => Ok((n, p, bytes)),
        _ => Err(errors),
    }
}

/// A claim about a filter: n items at rate p fit in `bytes` bytes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ClaimCheck {
    /// Bytes the claim says suffice.
    pub claimed_bytes: u64,
    /// Bytes actually needed for n at p: the smallest m whose rate at its best whole k is
    /// at most p, in bytes; `None` when that is 2^64 bits or more.
    pub needed_bytes: Option<u64>,
    /// The natural log of the best rate the claimed size gives for n items (exact formula,
    /// whole k).
    pub ln_rate_at_claimed: f64,
    /// That best whole k.
    pub k_at_claimed: u32,
    /// True when the claimed size is enough: its rate at the best whole k is at most p.
    pub holds: bool,
}

/// Checks a claim with the exact formula at whole k.
pub fn check_claim(n: u64, p: &Rate, claimed_bytes: u64) -> ClaimCheck {
    let m = claimed_bytes.saturating_mul(8);
    let k = best_k(m, n);
    let ln_rate_at_claimed = ln_rate(m, n, k);
    ClaimCheck {
        claimed_bytes,
        needed_bytes: formula_bits(n, p)
            .and_then(|formula| needed_bits(formula, n, p))
            .map(|bits| bits.div_ceil(8)),
        ln_rate_at_claimed,
        k_at_claimed: k,
        holds: ln_rate_at_claimed <= p.ln.hi,
    }
}

/// A claim as typed: items, rate and size in bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClaimInput {
    /// Items n.
    pub n: String,
    /// The rate p.
    pub p: String,
    /// The size in bytes.
    pub bytes: String,
}

impl Default for ClaimInput {
    /// The claim the page opens with: a billion items at 0.01 % in 18 MB.
    fn default() -> Self {
        ClaimInput {
            n: "1000000000".into(),
            p: "0.0001".into(),
            bytes: "18000000".into(),
        }
    }
}

/// A change to the calculator.
#[derive(Debug, Clone, PartialEq)]
pub enum CalculatorAction {
    /// Which question it answers.
    SetMode(Solve),
    /// Its four fields as typed.
    SetInput(CalculatorInput),
    /// The claim being checked, as typed.
    SetClaim(ClaimInput),
    /// Use its m and k in the visualizer (one undo step) and show it.
    UseAnswer,
}

impl CalculatorAction {
    /// Whether the message about the last action stays: only using the answer, which
    /// changes the filter, replaces it.
    pub fn keeps_message(&self) -> bool {
        !matches!(self, CalculatorAction::UseAnswer)
    }

    /// Using the answer changes m and k: it needs both unlocked.
    pub fn needs_unlocked(&self) -> &'static [crate::state::embedding::Lockable] {
        use crate::state::embedding::Lockable;
        match self {
            CalculatorAction::UseAnswer => &[Lockable::M, Lockable::K],
            _ => &[],
        }
    }
}

/// The calculator as the page keeps it: the question, its fields and the claim as typed,
/// the answer to them (or their problems), and the answer shown, which while a field is
/// invalid stays the last valid answer of the same question.
#[derive(Debug, Clone, PartialEq)]
pub struct CalculatorState {
    solve: Solve,
    input: CalculatorInput,
    claim: ClaimInput,
    result: Result<Solution, CalculatorErrors>,
    shown: Option<Solution>,
}

impl Default for CalculatorState {
    fn default() -> Self {
        CalculatorState::new(Solve::default(), CalculatorInput::default())
    }
}

impl CalculatorState {
    /// The calculator answering `solve` for these fields.
    pub fn new(solve: Solve, input: CalculatorInput) -> Self {
        let result = self::solve(solve, &input);
        CalculatorState {
            solve,
            shown: result.as_ref().ok().copied(),
            input,
            claim: ClaimInput::default(),
            result,
        }
    }

    /// Asks another question or changes the fields; the answer shown follows.
    pub fn ask(&mut self, solve: Solve, input: CalculatorInput) {
        let keep = if solve == self.solve {
            self.shown
        } else {
            None
        };
        self.result = self::solve(solve, &input);
        self.shown = self.result.as_ref().ok().copied().or(keep);
        self.solve = solve;
        self.input = input;
    }

    /// Changes the claim being checked.
    pub fn set_claim(&mut self, claim: ClaimInput) {
        self.claim = claim;
    }

    /// The calculator after `action` (using the answer changes the filter, not this).
    pub fn apply(mut self, action: CalculatorAction) -> Self {
        match action {
            CalculatorAction::SetMode(solve) => {
                let input = self.input.clone();
                self.ask(solve, input);
            }
            CalculatorAction::SetInput(input) => self.ask(self.solve, input),
            CalculatorAction::SetClaim(claim) => self.set_claim(claim),
            CalculatorAction::UseAnswer => {}
        }
        self
    }

    /// The question.
    pub fn solve(&self) -> Solve {
        self.solve
    }
    /// The fields as typed.
    pub fn input(&self) -> &CalculatorInput {
        &self.input
    }
    /// The claim as typed.
    pub fn claim(&self) -> &ClaimInput {
        &self.claim
    }
    /// The answer to the fields as typed, or each field's problem.
    pub fn result(&self) -> &Result<Solution, CalculatorErrors> {
        &self.result
    }
    /// The answer on screen: the current one, else the last valid one of this question.
    pub fn shown(&self) -> Option<&Solution> {
        self.shown.as_ref()
    }
    /// The m and k of the answer on screen, when a filter that large fits the visualizer.
    pub fn usable_shape(&self) -> Option<(u64, u32)> {
        self.shown
            .filter(|s| s.m <= crate::filter::MAX_BITS)
            .map(|s| (s.m, s.k))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(n: &str, p: &str, m: &str, k: &str) -> CalculatorInput {
        CalculatorInput {
            n: n.into(),
            p: p.into(),
            m: m.into(),
            k: k.into(),
        }
    }

    #[test]
    fn sizes_for_items_match_hand_worked_values() {
        // n = 1,000,000, p = 1 %: m = ceil(1e6 · 4.60517 / 0.480453) = 9,585,059 bits,
        // 1.14 MiB, 9.59 bits per item, k = 7 (6.64 real).
        let s = solve(Solve::SizeForItems, &input("1000000", "0.01", "", "")).unwrap();
        assert_eq!((s.m, s.bytes(), s.k), (9_585_059, 1_198_133, 7));
        assert!((s.k_real - 6.6439).abs() < 1e-3);
        assert!((s.bits_per_item - 9.585).abs() < 1e-3);
        assert!((s.p() - 0.01).abs() < 0.0005, "{}", s.p());
        assert_eq!(binary_size(s.m), "1.14 MiB");
        // A percentage is accepted: 1% = 0.01.
        assert_eq!(
            solve(Solve::SizeForItems, &input("1000000", "1%", "", "")),
            Ok(s)
        );
    }

    #[test]
    fn sizes_above_two_to_the_53_are_exact() {
        // 10^16 items at 1 %: 95,850,583,773,674,391 bits (Python's decimal at 60 digits);
        // an f64 computation gives a number a few hundred bits off.
        let s = solve(Solve::SizeForItems, &input("1e16", "0.01", "", "")).unwrap();
        assert_eq!(s.m, 95_850_583_773_674_391);
        assert_eq!(s.bytes(), 11_981_322_971_709_299);
        // The largest n for 2^63 − 1 bits at 10^-6 (floor of the formula, then the whole-k
        // check): at most the formula's 320,755,203,001,973,391.
        let s = solve(
            Solve::ItemsForSize,
            &input("", "0.000001", "9223372036854775807", ""),
        );
        let s = s.unwrap();
        assert!(s.n <= 320_755_203_001_973_391 && s.n > 320_000_000_000_000_000);
        assert!(s.p() <= 1e-6);
        // m up to 2^64 − 1 is read exactly; one more is named as too large.
        let s = solve(
            Solve::BestHashes,
            &input("1", "", "18446744073709551615", ""),
        )
        .unwrap();
        assert_eq!(s.m, u64::MAX);
        let e = solve(
            Solve::BestHashes,
            &input("1", "", "18446744073709551616", ""),
        );
        assert_eq!(e.unwrap_err().m, Some(FieldProblem::AboveMax(u64::MAX)));
        // An m of 2^64 or more for the size question names n.
        let e = solve(
            Solve::SizeForItems,
            &input("18446744073709551615", "1e-9", "", ""),
        );
        assert_eq!(e.unwrap_err().n, Some(FieldProblem::TooLarge));
    }

    #[test]
    fn rates_below_the_smallest_double_keep_their_value() {
        // One item in 5,300,000 bits with 64 hashes: (1 − (1 − 1/m)^64)^64 ≈ (64/m)^64,
        // e^-724.758 = 1.745e-315, below the smallest normal double (ln from Python's
        // decimal at 80 digits).
        let s = solve(Solve::RateForShape, &input("1", "", "5300000", "64")).unwrap();
        assert!((s.ln_p + 724.757_775_267_417).abs() < 1e-10, "{}", s.ln_p);
        assert_eq!(crate::state::numbers::machine_rate(s.ln_p), "1.745e-315");
    }

    #[test]
    fn a_size_that_misses_p_at_a_whole_k_comes_with_the_smallest_one_that_meets_it() {
        let rate = |n: &str, m: u64| {
            solve(Solve::BestHashes, &input(n, "", &m.to_string(), ""))
                .unwrap()
                .p()
        };
        for (n, p) in [
            ("1000000", 0.01),
            ("1000", 0.01),
            ("10", 0.9999),
            ("5000", 0.001),
        ] {
            let s = solve(Solve::SizeForItems, &input(n, &p.to_string(), "", "")).unwrap();
            match s.meeting {
                // The formula's m meets p already: nothing to add.
                None => assert!(s.p() <= p, "{n} {p}: {}", s.p()),
                Some((m, k)) => {
                    assert!(s.p() > p, "{n} {p}");
                    assert!(m > s.m);
                    assert!(rate(n, m) <= p, "{n} {p}: {m} meets");
                    assert!(rate(n, m - 1) > p, "{n} {p}: {m} is the smallest");
                    let best = solve(Solve::BestHashes, &input(n, "", &m.to_string(), ""));
                    assert_eq!(k, best.unwrap().k);
                }
            }
        }
        // 10 items at 99.99 %: the formula's m = 1 has a rate of 1; 2 bits meet it.
        let tiny = solve(Solve::SizeForItems, &input("10", "0.9999", "", "")).unwrap();
        assert_eq!((tiny.m, tiny.meeting), (1, Some((2, 1))));
        // 10^6 items at 1 %: 9,585,059 bits give 1.0039 % at k = 7.
        let textbook = solve(Solve::SizeForItems, &input("1000000", "0.01", "", "")).unwrap();
        assert!(textbook
            .meeting
            .is_some_and(|(m, _)| m > 9_585_059 && m < 9_700_000));
    }

    #[test]
    fn items_for_size_and_rate_for_shape() {
        // m = 8 KiB = 65,536 bits at 1 %: the formula floor(65536 · 0.480453 / 4.60517)
        // gives 6,837, whose rate at its best whole k (7) is above 1 %; 6,831 is the largest
        // n at or below it.
        let s = solve(Solve::ItemsForSize, &input("", "0.01", "65536", "")).unwrap();
        assert_eq!(s.n, 6_831);
        assert!(s.p() <= 0.01, "{}", s.p());
        let one_more = solve(Solve::BestHashes, &input("6832", "", "65536", "")).unwrap();
        assert!(one_more.p() > 0.01, "{}", one_more.p());
        // The textbook 9,585,059 bits for 10^6 items at 1 % are 0.39 % over at k = 7: the
        // largest n within 1 % is a little under a million.
        let s = solve(Solve::ItemsForSize, &input("", "0.01", "9585059", "")).unwrap();
        assert!(
            s.n < 1_000_000 && s.n > 999_000 && s.p() <= 0.01,
            "{} {}",
            s.n,
            s.p()
        );
        // 10 bits: one item already has a rate of 1.05 % at its best k.
        let e = solve(Solve::ItemsForSize, &input("", "0.01", "10", "")).unwrap_err();
        assert_eq!(
            e.m,
            Some(FieldProblem::Invalid(ParamError::TooSmallForRate))
        );
        // Textbook: m = 16, n = 3, k = 3 -> (1 - (15/16)^9)^3 = 0.0855.
        let s = solve(Solve::RateForShape, &input("3", "", "16", "3")).unwrap();
        assert!((s.p() - 0.0855187).abs() < 1e-6);
        // Optimal k for m/n = 10: 6.93 -> 7.
        let s = solve(Solve::BestHashes, &input("100", "", "1000", "")).unwrap();
        assert_eq!(s.k, 7);
    }

    #[test]
    fn each_bad_field_is_named() {
        let e = solve(Solve::SizeForItems, &input("0", "1.5", "", "")).unwrap_err();
        assert_eq!(e.n, Some(FieldProblem::Invalid(ParamError::ZeroItems)));
        assert!(matches!(
            e.p,
            Some(FieldProblem::Invalid(ParamError::RateOutOfRange { .. }))
        ));
        let e = solve(Solve::RateForShape, &input("abc", "", "-5", "65")).unwrap_err();
        assert_eq!(e.n, Some(FieldProblem::NotANumber));
        assert_eq!(e.m, Some(FieldProblem::Negative));
        assert!(e.k.is_some());
        let e = solve(Solve::ItemsForSize, &input("", "0%", "1e300", "")).unwrap_err();
        assert!(e.p.is_some() && e.m.is_some());
        // Fields the mode does not read are not checked.
        assert!(solve(Solve::SizeForItems, &input("10", "0.1", "junk", "junk")).is_ok());
    }

    #[test]
    fn a_claim_names_each_wrong_field() {
        let (n, p, bytes) = read_claim("1e9", "0.01%", "18000000").unwrap();
        assert_eq!((n, p.value, bytes), (1_000_000_000, 0.0001, 18_000_000));
        let errors = read_claim("2.5", "1.5", "0").unwrap_err();
        assert_eq!(errors.n, Some(FieldProblem::NotWhole));
        assert!(errors.p.is_some());
        assert_eq!(
            errors.bytes,
            Some(FieldProblem::Invalid(ParamError::ZeroBits))
        );
        let only_bytes = read_claim("1000", "0.01", "0.5").unwrap_err();
        assert_eq!((only_bytes.n, only_bytes.p), (None, None));
        assert_eq!(only_bytes.bytes, Some(FieldProblem::NotWhole));
    }

    #[test]
    fn claims_from_popular_articles() {
        let claim = |n: &str, p: &str, bytes: &str| {
            let (n, p, bytes) = read_claim(n, p, bytes).unwrap();
            check_claim(n, &p, bytes)
        };
        // 1 billion URLs at 0.01 %: about 2.4 GB, not 18 MB.
        let c = claim("1e9", "0.0001", "18000000");
        assert!(!c.holds);
        assert!((c.needed_bytes.unwrap() as f64 / 1e9 - 2.396).abs() < 0.001);
        // 5 billion URLs in 4 GiB: about 3.7 % at k = 5.
        let c = claim("5e9", "0.01", "4294967296");
        assert_eq!(c.k_at_claimed, 5);
        assert!((c.ln_rate_at_claimed.exp() - 0.037).abs() < 0.001);
        // The textbook size for 10^6 items at 1 % is 1,198,133 bytes, whose rate at the
        // best whole k is 1.0039 %: the claim does not hold at that size, and holds at the
        // size needed, which is the first that does.
        let textbook = claim("1000000", "0.01", "1198133");
        assert!(!textbook.holds);
        assert!((textbook.ln_rate_at_claimed.exp() - 0.010039).abs() < 1e-6);
        let needed = textbook.needed_bytes.unwrap();
        assert!(needed > 1_198_133);
        assert!(claim("1000000", "0.01", &needed.to_string()).holds);
        assert!(!claim("1000000", "0.01", &(needed - 1).to_string()).holds);
    }

    #[test]
    fn binary_units_and_practice_table() {
        use crate::decimal::fixed;
        assert_eq!(binary_size(8 * 1000), "1000 B");
        assert_eq!(binary_size(8 * 1024), "1.00 KiB");
        assert_eq!(binary_size(8 * 2_396_000_000), "2.23 GiB");
        assert_eq!(binary_size(u64::MAX), "2.00 EiB");
        let table = practice_table();
        let one_percent = table.iter().find(|r| r.p == 0.01).unwrap();
        assert!((one_percent.bits_per_item - 9.585).abs() < 1e-3);
        assert_eq!(one_percent.k, 7);
        assert_eq!(table.iter().find(|r| r.p == 0.001).unwrap().k, 10);
        // Blocked layouts pay bits for one block per lookup: 1 % takes 9.90 bits per item
        // in 512-bit lines (k = 6, the k RocksDB uses near 10 bits per key) and 10.53 in
        // Parquet's split-block filter; each gives p back through its own rate.
        let (lines, k) = one_percent.blocked.unwrap();
        assert_eq!((fixed(lines, 2), k), ("9.90".to_owned(), 6));
        assert!((blocked::blocked_rate(lines, k, 512) - 0.01).abs() < 1e-9);
        let split = one_percent.split_block.unwrap();
        assert_eq!(fixed(split, 2), "10.53");
        assert!((blocked::split_block_rate(split) - 0.01).abs() < 1e-9);
        for row in table {
            let (lines, _) = row.blocked.unwrap();
            assert!(row.bits_per_item < lines && lines < row.split_block.unwrap());
        }
    }
}
