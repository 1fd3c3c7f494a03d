//! The messages between the page and the filters view, a WebAssembly module of its own
//! (`src/bin/filters_view.rs`) that the page loads when the view is first shown, so that
//! neither its code nor its texts are part of the first visit.
//!
//! ```text
//! page -> view   FiltersViewInput { lang, seed, params, items, draft, workers }   on every change
//! view -> page   FiltersViewOutput::Insert { item }               add to the page's item log
//!                FiltersViewOutput::Params { params }             the link follows
//! ```
//!
//! `items` are the page's items (the visualizer's set, each as many times as it was added),
//! in order of first addition; `seed` seeds the cuckoo filter's victim choice; `draft` is the
//! page's item field (a lesson step's item), which the view shows as its typed item; `workers`
//! is the lab's pool size, which the space table's measurement uses too. Decoding
//! checks each parameter's range, so bytes that are not a message are a [`DecodeError`].

use crate::filter::cuckoo::{MAX_FINGERPRINT_BITS, MIN_FINGERPRINT_BITS};
use crate::filter::quotient::{MAX_REMAINDER_BITS, MIN_REMAINDER_BITS};
use crate::filter::space::{SpaceEps, SPACE_SIZES};
use crate::lang::Lang;

use super::wire::{self, read_place, wire_enum, wire_place, write_place, Reader, Wire};
use super::DecodeError;

/// The most cuckoo buckets the view draws (`cuckoo_nb`, a power of two).
pub const MAX_VIEW_BUCKETS: u64 = 256;
/// The most quotient bits the view draws (`quotient_q`: 2^10 = 1,024 slots).
pub const MAX_VIEW_QUOTIENT_BITS: u32 = 10;

/// Which structure the view shows (`filter=`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum FilterChoice {
    /// The cuckoo filter.
    #[default]
    Cuckoo,
    /// The quotient filter.
    Quotient,
    /// The xor filter.
    Xor,
    /// The binary fuse filter.
    Fuse,
    /// The standard ribbon filter.
    Ribbon,
}

impl FilterChoice {
    /// Every structure, in the order the view lists them.
    pub const ALL: [FilterChoice; 5] = [
        FilterChoice::Cuckoo,
        FilterChoice::Quotient,
        FilterChoice::Xor,
        FilterChoice::Fuse,
        FilterChoice::Ribbon,
    ];

    /// The URL key.
    pub fn key(self) -> &'static str {
        match self {
            FilterChoice::Cuckoo => "cuckoo",
            FilterChoice::Quotient => "quotient",
            FilterChoice::Xor => "xor",
            FilterChoice::Fuse => "fuse",
            FilterChoice::Ribbon => "ribbon",
        }
    }

    /// Whether the structure is built from all its items at once (xor, binary fuse, ribbon)
    /// rather than one insert at a time.
    pub fn is_static(self) -> bool {
        matches!(
            self,
            FilterChoice::Xor | FilterChoice::Fuse | FilterChoice::Ribbon
        )
    }
}

/// The view's parameters, each within the range the view draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FiltersParams {
    /// The structure shown.
    pub filter: FilterChoice,
    /// The cuckoo filter's fingerprint bits f, 4 to 16.
    pub cuckoo_f: u32,
    /// The cuckoo filter's buckets nb, a power of two from 1 to [`MAX_VIEW_BUCKETS`].
    pub cuckoo_nb: u64,
    /// The quotient filter's quotient bits q, 1 to [`MAX_VIEW_QUOTIENT_BITS`].
    pub quotient_q: u32,
    /// The quotient filter's remainder bits r, 1 to 32.
    pub quotient_r: u32,
    /// The xor and binary fuse filters' fingerprint bits, 8 or 16.
    pub xor_bits: u32,
    /// The ribbon's coefficient width w, 32 or 64.
    pub ribbon_w: u32,
    /// The ribbon's slots beyond one per item, in percent (0 to 100): slots per item
    /// `1 + overhead/100`.
    pub ribbon_overhead: u32,
    /// The space table's target rate.
    pub space_eps: SpaceEps,
    /// The space table's items (and probes) when the link names them: the table is then
    /// measured as soon as the view opens.
    pub space_n: Option<u64>,
}

impl Default for FiltersParams {
    fn default() -> Self {
        FiltersParams {
            filter: FilterChoice::Cuckoo,
            cuckoo_f: 8,
            cuckoo_nb: 8,
            quotient_q: 4,
            quotient_r: 6,
            xor_bits: 8,
            ribbon_w: 64,
            ribbon_overhead: 10,
            space_eps: SpaceEps::OneIn256,
            space_n: None,
        }
    }
}

/// Why a parameter's value is not one the view takes: the range it must be in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OutOfRange {
    /// The smallest value taken.
    pub min: u64,
    /// The largest value taken.
    pub max: u64,
    /// Whether the value must be a power of two.
    pub power_of_two: bool,
}

impl OutOfRange {
    fn check(value: u64, min: u64, max: u64, power_of_two: bool) -> Result<u64, OutOfRange> {
        let fits = (min..=max).contains(&value) && (!power_of_two || value.is_power_of_two());
        fits.then_some(value).ok_or(OutOfRange {
            min,
            max,
            power_of_two,
        })
    }
}

/// `cuckoo_f`: 4 to 16.
pub fn check_cuckoo_f(value: u64) -> Result<u32, OutOfRange> {
    let range = (MIN_FINGERPRINT_BITS.into(), MAX_FINGERPRINT_BITS.into());
    OutOfRange::check(value, range.0, range.1, false).map(|v| v as u32)
}

/// `cuckoo_nb`: a power of two, 1 to [`MAX_VIEW_BUCKETS`].
pub fn check_cuckoo_nb(value: u64) -> Result<u64, OutOfRange> {
    OutOfRange::check(value, 1, MAX_VIEW_BUCKETS, true)
}

/// `quotient_q`: 1 to [`MAX_VIEW_QUOTIENT_BITS`].
pub fn check_quotient_q(value: u64) -> Result<u32, OutOfRange> {
    OutOfRange::check(value, 1, MAX_VIEW_QUOTIENT_BITS.into(), false).map(|v| v as u32)
}

/// `quotient_r`: 1 to 32.
pub fn check_quotient_r(value: u64) -> Result<u32, OutOfRange> {
    let range = (MIN_REMAINDER_BITS.into(), MAX_REMAINDER_BITS.into());
    OutOfRange::check(value, range.0, range.1, false).map(|v| v as u32)
}

/// `xor_bits`: 8 or 16.
pub fn check_xor_bits(value: u64) -> Result<u32, OutOfRange> {
    match value {
        8 | 16 => Ok(value as u32),
        _ => Err(OutOfRange {
            min: 8,
            max: 16,
            power_of_two: true,
        }),
    }
}

/// `ribbon_w`: 32 or 64.
pub fn check_ribbon_w(value: u64) -> Result<u32, OutOfRange> {
    match value {
        32 | 64 => Ok(value as u32),
        _ => Err(OutOfRange {
            min: 32,
            max: 64,
            power_of_two: true,
        }),
    }
}

/// `ribbon_overhead`: 0 to 100 (percent).
pub fn check_ribbon_overhead(value: u64) -> Result<u32, OutOfRange> {
    OutOfRange::check(value, 0, 100, false).map(|v| v as u32)
}

/// `space_n`: 10,000, 100,000 or 1,000,000.
pub fn check_space_n(value: u64) -> Result<u64, OutOfRange> {
    if SPACE_SIZES.contains(&value) {
        Ok(value)
    } else {
        Err(OutOfRange {
            min: SPACE_SIZES[0],
            max: SPACE_SIZES[SPACE_SIZES.len() - 1],
            power_of_two: false,
        })
    }
}

/// What the page sends the view.
#[derive(Debug, Clone, PartialEq)]
pub struct FiltersViewInput {
    /// The page's language.
    pub lang: Lang,
    /// The page's seed (the lab's), from which the cuckoo filter draws its victims.
    pub seed: u64,
    /// The view's parameters.
    pub params: FiltersParams,
    /// The page's items, each as many times as it was added, in order of first addition.
    pub items: Vec<String>,
    /// The page's item field: the item a lesson step talks about, shown as typed.
    pub draft: String,
    /// The workers the space table is measured on (the lab's `workers`; 0: one per core).
    pub workers: u64,
}

/// What the view sends the page.
#[derive(Debug, Clone, PartialEq)]
pub enum FiltersViewOutput {
    /// Add this item to the page's item log.
    Insert {
        /// The item.
        item: String,
    },
    /// The view's parameters changed: the link follows.
    Params {
        /// The new parameters.
        params: FiltersParams,
    },
}

impl FiltersViewInput {
    /// The message's bytes.
    pub fn encode(&self) -> Vec<u8> {
        wire::encode(self)
    }
    /// The message `bytes` hold.
    pub fn decode(bytes: &[u8]) -> Result<Self, DecodeError> {
        wire::decode(bytes)
    }
}

impl FiltersViewOutput {
    /// The message's bytes.
    pub fn encode(&self) -> Vec<u8> {
        wire::encode(self)
    }
    /// The message `bytes` hold.
    pub fn decode(bytes: &[u8]) -> Result<Self, DecodeError> {
        wire::decode(bytes)
    }
}

wire_place!(Lang, Lang::ALL);
wire_place!(FilterChoice, FilterChoice::ALL);

/// The parameters in order, each checked as the link checks it.
impl Wire for FiltersParams {
    fn write(&self, out: &mut Vec<u8>) {
        self.filter.write(out);
        self.cuckoo_f.write(out);
        self.cuckoo_nb.write(out);
        self.quotient_q.write(out);
        self.quotient_r.write(out);
        self.xor_bits.write(out);
        self.ribbon_w.write(out);
        self.ribbon_overhead.write(out);
        self.space_eps.write(out);
        self.space_n.write(out);
    }
    fn read(input: &mut Reader<'_>) -> Result<Self, DecodeError> {
        let invalid = |_| DecodeError::Invalid;
        Ok(FiltersParams {
            filter: input.get()?,
            cuckoo_f: check_cuckoo_f(input.get()?).map_err(invalid)?,
            cuckoo_nb: check_cuckoo_nb(input.get()?).map_err(invalid)?,
            quotient_q: check_quotient_q(input.get()?).map_err(invalid)?,
            quotient_r: check_quotient_r(input.get()?).map_err(invalid)?,
            xor_bits: check_xor_bits(input.get()?).map_err(invalid)?,
            ribbon_w: check_ribbon_w(input.get()?).map_err(invalid)?,
            ribbon_overhead: check_ribbon_overhead(input.get()?).map_err(invalid)?,
            space_eps: input.get()?,
            space_n: input
                .get::<Option<u64>>()?
                .map(check_space_n)
                .transpose()
                .map_err(invalid)?,
        })
    }
}

impl Wire for FiltersViewInput {
    fn write(&self, out: &mut Vec<u8>) {
        self.lang.write(out);
        self.seed.write(out);
        self.params.write(out);
        self.items.write(out);
        self.draft.write(out);
        self.workers.write(out);
    }
    fn read(input: &mut Reader<'_>) -> Result<Self, DecodeError> {
        Ok(FiltersViewInput {
            lang: input.get()?,
            seed: input.get()?,
            params: input.get()?,
            items: input.get()?,
            draft: input.get()?,
            workers: input.get()?,
        })
    }
}

wire_enum!(FiltersViewOutput {
    0 => Insert { item },
    1 => Params { params },
});

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_survive_their_encoding() {
        let input = FiltersViewInput {
            lang: Lang::Ja,
            seed: u64::MAX - 1,
            params: FiltersParams {
                filter: FilterChoice::Quotient,
                cuckoo_f: 16,
                cuckoo_nb: 256,
                quotient_q: 10,
                quotient_r: 32,
                xor_bits: 16,
                ribbon_w: 32,
                ribbon_overhead: 100,
                space_eps: SpaceEps::OneIn1000,
                space_n: Some(100_000),
            },
            items: vec!["cat".into(), "猫".into(), "cat".into()],
            draft: "emu".into(),
            workers: 3,
        };
        assert_eq!(FiltersViewInput::decode(&input.encode()), Ok(input));
        for output in [
            FiltersViewOutput::Insert { item: "emu".into() },
            FiltersViewOutput::Params {
                params: FiltersParams::default(),
            },
        ] {
            assert_eq!(FiltersViewOutput::decode(&output.encode()), Ok(output));
        }
    }

    #[test]
    fn parameters_out_of_range_are_not_a_message() {
        let bad = [
            FiltersParams {
                cuckoo_f: 3,
                ..FiltersParams::default()
            },
            FiltersParams {
                cuckoo_nb: 12,
                ..FiltersParams::default()
            },
            FiltersParams {
                cuckoo_nb: 512,
                ..FiltersParams::default()
            },
            FiltersParams {
                quotient_q: 11,
                ..FiltersParams::default()
            },
            FiltersParams {
                quotient_r: 0,
                ..FiltersParams::default()
            },
            FiltersParams {
                xor_bits: 12,
                ..FiltersParams::default()
            },
            FiltersParams {
                ribbon_w: 128,
                ..FiltersParams::default()
            },
            FiltersParams {
                ribbon_overhead: 101,
                ..FiltersParams::default()
            },
            FiltersParams {
                space_n: Some(5),
                ..FiltersParams::default()
            },
        ];
        for params in bad {
            let bytes = FiltersViewOutput::Params { params }.encode();
            assert_eq!(FiltersViewOutput::decode(&bytes), Err(DecodeError::Invalid));
        }
        assert!(FiltersViewInput::decode(&[9, 9]).is_err());
        assert_eq!(check_cuckoo_nb(64), Ok(64));
        let refused = check_cuckoo_f(17).unwrap_err();
        assert_eq!(
            (refused.min, refused.max, refused.power_of_two),
            (4, 16, false)
        );
    }
}
