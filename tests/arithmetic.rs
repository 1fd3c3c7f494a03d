//! Every expression the walk and the arithmetic table print evaluates, exactly as written,
//! to the value printed after it: the printed text is parsed and evaluated in exact integer
//! arithmetic (no wrapping), at m = 100, 1000, 2^k and 2^k − 1, for murmur3 and FNV-1a in
//! every layout.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::HashMap;

use bloomlab::filter::{FilterShape, HashFamily, HashPair, HashStep, Layout};
use bloomlab::i18n::arithmetic::{arithmetic_table, step_arithmetic};
use bloomlab::i18n::sentences::walk_step;
use bloomlab::lang::Lang;
use bloomlab::state::{Walk, WalkKind};

/// A natural number of any size, base 2^32, least significant digit first.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Big(Vec<u32>);

impl Big {
    fn from(value: u128) -> Big {
        let mut digits = Vec::new();
        let mut v = value;
        while v > 0 {
            digits.push(v as u32);
            v >>= 32;
        }
        Big(digits)
    }

    fn trimmed(mut self) -> Big {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
        self
    }

    fn add(&self, other: &Big) -> Big {
        let mut out = Vec::new();
        let mut carry = 0u64;
        for i in 0..self.0.len().max(other.0.len()) {
            let sum = carry
                + u64::from(*self.0.get(i).unwrap_or(&0))
                + u64::from(*other.0.get(i).unwrap_or(&0));
            out.push(sum as u32);
            carry = sum >> 32;
        }
        out.push(carry as u32);
        Big(out).trimmed()
    }

    fn mul(&self, other: &Big) -> Big {
        let mut out = vec![0u64; self.0.len() + other.0.len() + 1];
        for (i, &a) in self.0.iter().enumerate() {
            let mut carry = 0u64;
            for (j, &b) in other.0.iter().enumerate() {
                let t = out[i + j] + u64::from(a) * u64::from(b) + carry;
                out[i + j] = t & 0xffff_ffff;
                carry = t >> 32;
            }
            let mut k = i + other.0.len();
            while carry > 0 {
                let t = out[k] + carry;
                out[k] = t & 0xffff_ffff;
                carry = t >> 32;
                k += 1;
            }
        }
        Big(out.into_iter().map(|d| d as u32).collect()).trimmed()
    }

    /// The remainder by a divisor of at most 2^64 (every modulus printed).
    fn rem(&self, divisor: &Big) -> Big {
        let d = divisor.small();
        assert!(d > 0 && d <= 1 << 64, "modulus {d}");
        let mut r: u128 = 0;
        for &digit in self.0.iter().rev() {
            r = ((r << 32) | u128::from(digit)) % d;
        }
        Big::from(r)
    }

    /// The value, which must be below 2^128.
    fn small(&self) -> u128 {
        assert!(self.0.len() <= 4, "too large: {self:?}");
        self.0
            .iter()
            .rev()
            .fold(0u128, |acc, &d| (acc << 32) | u128::from(d))
    }
}

/// An evaluator for the printed expressions: numbers (decimal or 0x hex), names bound in
/// `names`, `+`, `·`, `mod`, `^`, `>>` and parentheses, with the usual precedence
/// (`^` over `·` and `mod`, left to right, over `+`, over `>>`).
struct Expression<'a> {
    tokens: Vec<String>,
    at: usize,
    names: &'a HashMap<&'a str, u128>,
}

fn tokens(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
        } else if c.is_alphanumeric() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            out.push(chars[start..i].iter().collect());
        } else if c == '>' && chars.get(i + 1) == Some(&'>') {
            out.push(">>".into());
            i += 2;
        } else {
            assert!("+·^()".contains(c), "unexpected {c:?} in {text:?}");
            out.push(c.to_string());
            i += 1;
        }
    }
    out
}

impl Expression<'_> {
    fn eval(text: &str, names: &HashMap<&str, u128>) -> u128 {
        let mut e = Expression {
            tokens: tokens(text),
            at: 0,
            names,
        };
        let value = e.shift();
        assert_eq!(e.at, e.tokens.len(), "left over in {text:?}");
        value.small()
    }

    fn peek(&self) -> Option<&str> {
        self.tokens.get(self.at).map(String::as_str)
    }

    fn shift(&mut self) -> Big {
        let mut value = self.sum();
        while self.peek() == Some(">>") {
            self.at += 1;
            let by = self.sum().small();
            value = Big::from(value.small() >> by);
        }
        value
    }

    fn sum(&mut self) -> Big {
        let mut value = self.product();
        while self.peek() == Some("+") {
            self.at += 1;
            value = value.add(&self.product());
        }
        value
    }

    fn product(&mut self) -> Big {
        let mut value = self.power();
        loop {
            match self.peek() {
                Some("·") => {
                    self.at += 1;
                    value = value.mul(&self.power());
                }
                Some("mod") => {
                    self.at += 1;
                    value = value.rem(&self.power());
                }
                _ => return value,
            }
        }
    }

    fn power(&mut self) -> Big {
        let base = self.atom();
        if self.peek() != Some("^") {
            return base;
        }
        self.at += 1;
        let exponent = self.atom().small();
        (0..exponent).fold(Big::from(1), |acc, _| acc.mul(&base))
    }

    fn atom(&mut self) -> Big {
        let token = self.tokens[self.at].clone();
        self.at += 1;
        if token == "(" {
            let value = self.shift();
            assert_eq!(self.peek(), Some(")"));
            self.at += 1;
            return value;
        }
        if let Some(hex) = token.strip_prefix("0x") {
            return Big::from(u128::from_str_radix(hex, 16).unwrap());
        }
        if let Ok(n) = token.parse::<u128>() {
            return Big::from(n);
        }
        Big::from(
            *self
                .names
                .get(token.as_str())
                .unwrap_or_else(|| panic!("unknown name {token:?}")),
        )
    }
}

/// Checks a chain `e1 = n1, e2 = n2, …`: each expression evaluates to the number after it.
fn check_clauses(printed: &str, names: &HashMap<&str, u128>) {
    for clause in printed.split(", ") {
        let (expression, value) = clause
            .rsplit_once(" = ")
            .unwrap_or_else(|| panic!("no result in {clause:?} of {printed:?}"));
        let value: u128 = value.parse().unwrap_or_else(|_| panic!("{printed:?}"));
        assert_eq!(Expression::eval(expression, names), value, "{printed:?}");
    }
}

fn shapes() -> Vec<FilterShape> {
    let mut shapes = Vec::new();
    for family in [HashFamily::Murmur3, HashFamily::Fnv1a] {
        for m in [
            100,
            1000,
            1 << 10,
            (1 << 10) - 1,
            1 << 16,
            (1 << 16) - 1,
            37,
        ] {
            for (k, layout) in [
                (3, Layout::Standard),
                (7, Layout::Standard),
                (4, Layout::Partitioned),
            ] {
                let shape = FilterShape::new(m, k, family).unwrap();
                shapes.push(shape.with_layout(layout).unwrap());
            }
        }
        for m in [1024, 4096] {
            for layout in [Layout::Blocked, Layout::SplitBlock] {
                let k = if layout == Layout::SplitBlock { 8 } else { 6 };
                let shape = FilterShape::new(m, k, family).unwrap();
                shapes.push(shape.with_layout(layout).unwrap());
            }
        }
    }
    shapes
}

const ITEMS: [&str; 6] = ["cat", "cow", "emu", "hawk", "布隆", "a rather longer item"];

#[test]
fn every_step_of_the_walk_is_true_as_written() {
    let text = Lang::En.text();
    let mut wrapped = 0;
    for shape in shapes() {
        for item in ITEMS {
            let steps = shape.steps(item.as_bytes());
            let set = vec![false; steps.len()];
            for step in &steps {
                let printed = step_arithmetic(step, shape.layout());
                wrapped += printed.contains("mod 2^64") as u32;
                let chain = format!("{printed} = {}", step.position);
                check_clauses(&chain, &HashMap::new());
                // The walk's sentence prints exactly this chain.
                let walk = Walk {
                    kind: WalkKind::Add,
                    item: item.into(),
                    step: step.index + 1,
                };
                let sentence = walk_step(text, &walk, &steps, &set, None, shape.layout());
                assert!(sentence.contains(&chain), "{sentence}");
            }
        }
    }
    assert!(wrapped > 0, "some murmur3 sum reaches 2^64, and says so");
}

/// The names a row's formulas use, from the values the table prints (h1, h2, the item's
/// block, i, the row's value) and the constants it names.
fn names_of<'a>(
    shape: FilterShape,
    steps: &[HashStep],
    row: usize,
    value: u64,
) -> HashMap<&'a str, u128> {
    let first = &steps[0];
    let pair = first.pair().unwrap_or(HashPair { h1: 0, h2: 0 });
    let (h1, h2) = (u128::from(pair.h1), u128::from(pair.h2));
    let h = u128::from(first.xxhash64().unwrap_or(0));
    let i = u128::from(steps[row].index);
    let mut names = HashMap::from([
        ("h1", h1),
        ("h2", h2),
        ("h", h),
        ("i", i),
        ("v", u128::from(value)),
        ("h_i", u128::from(value)),
        ("v_i", u128::from(value)),
        ("h1₃₂", h1 & 0xffff_ffff),
        ("h2₃₂", h2 & 0xffff_ffff),
        ("x", h & 0xffff_ffff),
    ]);
    if let Some(block) = shape.layout().block_bits() {
        names.insert("line", u128::from(first.first / block));
        names.insert("block", u128::from(first.first / block));
    }
    names
}

#[test]
fn every_row_of_the_arithmetic_table_is_true_as_written() {
    let text = Lang::En.text();
    for shape in shapes() {
        for item in ITEMS {
            let steps = shape.steps(item.as_bytes());
            let table = arithmetic_table(text, shape, &steps);
            assert_eq!(table.rows.len(), steps.len());
            if let Some((block, hint)) = &table.block {
                // "…; line = (h1₃₂ · 8) >> 32 = 5; …": every "expression = number" in it
                let names = names_of(shape, &steps, 0, 0);
                let parts = hint.split("; ").map(|p| p.split(" (h1₃₂,").next().unwrap());
                let mut checked = 0;
                for part in parts {
                    let Some((name, rest)) = part.split_once(" = ") else {
                        continue;
                    };
                    if !["line", "block", "x"].contains(&name) {
                        continue;
                    }
                    check_clauses(rest, &names);
                    assert!(
                        name == "x" || part.ends_with(&format!(" = {block}")),
                        "{part}"
                    );
                    checked += 1;
                }
                assert!(checked > 0, "{hint}");
            }
            let (_, value_formula) = table.value_header.split_once(" = ").unwrap();
            for (row, step) in table.rows.iter().zip(&steps) {
                let mut names = names_of(shape, &steps, step.index as usize, row.value);
                if let Some(salt) = row.label.as_deref().and_then(|l| l.strip_prefix("salt 0x")) {
                    names.insert("salt_i", u128::from_str_radix(salt, 16).unwrap());
                }
                // the value column: its header's formula
                let v = Expression::eval(value_formula, &names);
                assert_eq!(
                    v,
                    u128::from(row.value),
                    "{} for {item} in {shape:?}",
                    table.value_header
                );
                // the position column: its header's formula, then the cell as written
                let header = &table.position_header;
                let position = u128::from(step.position);
                let formula = match shape.layout() {
                    Layout::Standard => format!("v {}", header.strip_suffix(" = pos").unwrap()),
                    Layout::Partitioned => header.strip_suffix(" = pos").unwrap().to_owned(),
                    _ => header.strip_prefix("pos_i = ").unwrap().to_owned(),
                };
                assert_eq!(Expression::eval(&formula, &names), position, "{header}");
                if shape.layout() == Layout::Standard {
                    assert_eq!(row.position, step.position.to_string());
                } else {
                    check_clauses(&row.position, &names);
                    assert!(row.position.ends_with(&format!(" = {position}")));
                }
            }
        }
    }
}
