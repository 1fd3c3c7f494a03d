//! How each of the core's values that a message carries is written ([`Wire`]): structs
//! field by field, enums by tag or by their place in the core's list of them.

use super::wire::{read_place, wire_enum, wire_place, wire_struct, write_list, write_place};
use super::wire::{DecodeError, Reader, Wire};
use crate::filter::agreement::{Cause, Verdict as RunVerdict};
use crate::filter::experiment::{ExperimentPlan, FilterMeasurement, MeasuredPoint};
use crate::filter::growing::{DesignPoint, FilterSpec, GrowJob, GrowPoint, GrowResults, SliceInfo};
use crate::filter::hash_quality::{HashReport, HashUnderTest};
use crate::filter::hash_quality_job::{CorpusSource, HashQualityJob};
use crate::filter::hashing::{HashFamily, Layout};
use crate::filter::lab_tasks::FilterTask;
use crate::filter::params::FilterShape;
use crate::filter::parquet_report::{
    Bitmap, ColumnFilters, FileReport, FilesReport, FilterDrawing, FilterRow, ValueReport,
    ValueVerdict,
};
use crate::filter::parquet_summary::{FileError, HeaderPart, Refusal};
use crate::filter::use_cases::{
    AppsJob, AppsReport, KvCounts, KvPrediction, KvReport, MailCounts, MailReport,
    Verdict as MailVerdict,
};

wire_place!(HashFamily, HashFamily::ALL);
wire_place!(Layout, Layout::ALL);
wire_place!(HashUnderTest, HashUnderTest::ALL);
wire_place!(CorpusSource, CorpusSource::ALL);

/// m, k, the family and the layout, checked as [`FilterShape::new`] and
/// [`FilterShape::with_layout`] check them.
impl Wire for FilterShape {
    fn write(&self, out: &mut Vec<u8>) {
        self.m().write(out);
        self.k().write(out);
        self.family().write(out);
        self.layout().write(out);
    }
    fn read(input: &mut Reader<'_>) -> Result<Self, DecodeError> {
        let (m, k, family) = (input.get()?, input.get()?, input.get()?);
        let layout: Layout = input.get()?;
        Ok(FilterShape::new(m, k, family)?.with_layout(layout)?)
    }
}

/// The shape, checkpoints, probes, filters and seed, checked as [`ExperimentPlan::new`]
/// checks them.
impl Wire for ExperimentPlan {
    fn write(&self, out: &mut Vec<u8>) {
        self.shape().write(out);
        write_list(self.checkpoints(), out);
        self.probes().write(out);
        self.filters().write(out);
        self.seed().write(out);
    }
    fn read(input: &mut Reader<'_>) -> Result<Self, DecodeError> {
        let (shape, checkpoints) = (input.get()?, input.get()?);
        let (probes, filters, seed) = (input.get()?, input.get()?, input.get()?);
        Ok(ExperimentPlan::new(
            shape,
            checkpoints,
            probes,
            filters,
            seed,
        )?)
    }
}

wire_struct!(FilterTask { plan, filter });
wire_struct!(MeasuredPoint {
    n,
    probes,
    false_positives,
    ones
});
wire_struct!(FilterMeasurement {
    filter,
    false_positives,
    ones
});
wire_enum!(Cause {
    0 => DoubleHashing {},
    1 => Spread {},
});
wire_enum!(RunVerdict {
    0 => Consistent {},
    1 => CouldBeChance {},
    2 => Departs { above, cause },
});

wire_struct!(GrowJob { m0, p, r, s, n });
wire_struct!(DesignPoint {
    bits,
    false_positives,
    probes,
    predicted
});
wire_struct!(GrowPoint {
    n,
    fixed,
    cascade,
    scalable,
    slices,
    scalable_bound
});
wire_struct!(FilterSpec { shape, p, capacity });
wire_struct!(SliceInfo {
    index,
    spec,
    held,
    ones
});
wire_struct!(GrowResults {
    generation,
    family,
    points,
    slices,
    progress,
    done
});

wire_struct!(HashQualityJob { source, size, m, k });
wire_struct!(HashReport {
    hash,
    histogram,
    chi_square,
    dof,
    p_value,
    ln_p_value,
    ones,
    expected_ones,
    probes,
    observed_rate,
    theory_rate,
});

wire_struct!(AppsJob {
    store,
    share,
    lookups,
    spam,
    check
});
wire_struct!(KvCounts {
    lookups,
    present,
    skipped,
    wasted,
    found
});
wire_struct!(KvPrediction {
    fp_rate,
    found,
    wasted,
    skipped
});
wire_struct!(KvReport { counts, prediction });
wire_struct!(MailCounts {
    messages,
    spam,
    blocked_spam,
    wrongly_blocked,
    rescued,
    not_in_filter
});
wire_enum!(MailVerdict {
    0 => BlockedBlacklisted {},
    1 => BlockedFalsePositive {},
    2 => DeliveredWhitelisted {},
    3 => DeliveredNotInFilter {},
});
wire_struct!(MailReport {
    counts,
    fp_rate,
    whitelist,
    verdict
});
wire_struct!(AppsReport { family, kv, mail });

wire_struct!(FilesReport { error, file });
wire_struct!(FileReport {
    name,
    size,
    rows,
    row_groups,
    columns,
    created_by,
    filter_count,
    filter_columns,
    more_columns,
    first,
    filters,
    value,
    selected,
    drawing,
});
wire_struct!(FilterRow {
    row_group,
    column,
    offset,
    length,
    header_bytes,
    num_bytes,
    algorithm,
    hash,
    compression,
    blocks,
    bits_set,
    fill,
    estimated_items,
    rate,
});
wire_struct!(ValueReport {
    value,
    hash,
    lanes,
    may_contain,
    row_groups,
    ranges,
    verdicts
});
wire_struct!(ValueVerdict {
    block,
    bits_set,
    may_contain
});
wire_struct!(Bitmap { bmp, width, height });
wire_struct!(ColumnFilters {
    column,
    filters,
    bytes
});
wire_struct!(FilterDrawing {
    filter,
    drawn_blocks,
    overview,
    zoom_block,
    zoom
});
wire_enum!(FileError {
    0 => Empty {},
    1 => NotParquet {},
    2 => Truncated {},
    3 => EncryptedFooter {},
    4 => NoBloomFilter { columns },
    5 => UnknownAlgorithm { column, part, member },
    6 => Unreadable { detail },
    7 => TooLarge { bytes },
    8 => Refused { reason },
    9 => ReaderStopped {},
});
wire_enum!(Refusal {
    0 => CountPastEnd { declared, bytes_left },
    1 => LengthPastEnd { declared, bytes_left },
    2 => NestedTooDeep { limit },
    3 => NotThrift { offset },
    4 => WrongFieldType { field, found },
    5 => SchemaChildren { element, declared, following },
    6 => SchemaTooDeep { limit },
    7 => BitsetLength { column, num_bytes },
    8 => FilterOffset { column, offset },
});
wire_place!(HeaderPart, HeaderPart::ALL);
