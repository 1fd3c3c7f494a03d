//! The sizing calculator as the page keeps it: the question, its fields and the claim as
//! typed, read into numbers for the solver ([`crate::filter::sizing`]), and its answer.

use crate::decimal::Fixed;
use crate::filter::double_double::ln_decimal;
use crate::filter::sizing::{self, Rate, Solution};
use crate::filter::{ParamError, MAX_HASHES};

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
    let (n, m) = (n.unwrap_or(1), m.unwrap_or(1));
    match (mode, p) {
        (Solve::SizeForItems, Some(p)) => {
            sizing::size_for_items(n, &p).ok_or_else(|| CalculatorErrors {
                n: Some(FieldProblem::TooLarge),
                ..Default::default()
            })
        }
        (Solve::ItemsForSize, Some(p)) => {
            sizing::items_for_size(m, &p).ok_or_else(|| CalculatorErrors {
                m: Some(FieldProblem::Invalid(ParamError::TooSmallForRate)),
                ..Default::default()
            })
        }
        (Solve::RateForShape, _) => Ok(sizing::rate_for_shape(n, m, k.unwrap_or(1))),
        _ => Ok(sizing::best_hashes(n, m)),
    }
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
    fn the_fields_are_read_and_the_solvers_answer_given_or_named_beside_a_field() {
        // n = 1,000,000, p = 1 %: 9,585,059 bits, 1.14 MiB; a percentage is read as p.
        let s = solve(Solve::SizeForItems, &input("1000000", "0.01", "", "")).unwrap();
        assert_eq!((s.m, s.k), (9_585_059, 7));
        assert_eq!(binary_size(s.m), "1.14 MiB");
        assert_eq!(
            solve(Solve::SizeForItems, &input("1000000", "1%", "", "")),
            Ok(s)
        );
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
        // 10 bits: one item already has a rate of 1.05 % at its best k; m is named.
        let e = solve(Solve::ItemsForSize, &input("", "0.01", "10", "")).unwrap_err();
        assert_eq!(
            e.m,
            Some(FieldProblem::Invalid(ParamError::TooSmallForRate))
        );
        // A rate below the smallest double still prints (e^-724.758).
        let s = solve(Solve::RateForShape, &input("1", "", "5300000", "64")).unwrap();
        assert_eq!(crate::state::numbers::machine_rate(s.ln_p), "1.745e-315");
        // Textbook: m = 16, n = 3, k = 3 -> (1 - (15/16)^9)^3 = 0.0855.
        let s = solve(Solve::RateForShape, &input("3", "", "16", "3")).unwrap();
        assert!((s.p() - 0.0855187).abs() < 1e-6);
    }

    #[test]
    fn binary_units() {
        assert_eq!(binary_size(8 * 1000), "1000 B");
        assert_eq!(binary_size(8 * 1024), "1.00 KiB");
        assert_eq!(binary_size(8 * 2_396_000_000), "2.23 GiB");
        assert_eq!(binary_size(u64::MAX), "2.00 EiB");
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
}
