//! The files view's test fixtures: a [`FilesModel`] with its file's bitsets held beside it
//! ([`HeldFile`]), which it reads its filters' bits from as the worker reads them from the
//! file.

use crate::filter::parquet_report::{FilesModel, FilesReport, FilterBits};
use crate::filter::parquet_summary::{
    BitsetFigures, Figures, FileError, FileSummary, FoundFilter, BLOCK_BYTES,
};
use crate::filter::split_block;

/// A model with its file's bitsets held beside it: the fixture of the files view's tests.
pub(crate) struct HeldFile {
    /// The model, as the worker keeps it.
    pub model: FilesModel,
    /// Each filter's bitset, in the order of the file's filters.
    pub bitsets: Vec<Vec<u8>>,
}

impl HeldFile {
    /// The report after the model has read what it needs of the bitsets.
    pub fn report(&mut self) -> FilesReport {
        let filters = &self.model.file.as_ref().unwrap().summary.filters;
        let bits = ByPlace {
            bitsets: &self.bitsets,
            offsets: filters.iter().map(|f| f.offset).collect(),
        };
        self.model.refresh(&bits);
        self.model.report()
    }
}

/// The held bitsets, and each one's filter's offset.
struct ByPlace<'a> {
    bitsets: &'a [Vec<u8>],
    offsets: Vec<u64>,
}

impl FilterBits for ByPlace<'_> {
    fn value_blocks(&self, filters: &[FoundFilter], h: u64) -> Result<Vec<[u8; 32]>, FileError> {
        let mut blocks = Vec::with_capacity(filters.len());
        for (filter, bitset) in filters.iter().zip(self.bitsets) {
            let start = (filter.block_of(h) * BLOCK_BYTES) as usize;
            let mut block = [0; 32];
            if let Some(bytes) = bitset.get(start..start + 32) {
                block.copy_from_slice(bytes);
            }
            blocks.push(block);
        }
        Ok(blocks)
    }

    fn first_bytes(&self, filter: &FoundFilter, len: u64) -> Result<Vec<u8>, FileError> {
        let place = self.offsets.iter().position(|&o| o == filter.offset);
        Ok(place.map_or(Vec::new(), |p| self.bitsets[p][..len as usize].to_vec()))
    }

    fn figures(&self, filter: &FoundFilter) -> Result<Figures, FileError> {
        let place = self.offsets.iter().position(|&o| o == filter.offset);
        let bitset = place.map_or(&[][..], |p| &self.bitsets[p][..]);
        let mut figures = BitsetFigures::new(filter.num_bytes);
        figures.add(bitset);
        Ok(figures.finish())
    }
}

impl std::ops::Deref for HeldFile {
    type Target = FilesModel;
    fn deref(&self) -> &FilesModel {
        &self.model
    }
}

impl std::ops::DerefMut for HeldFile {
    fn deref_mut(&mut self) -> &mut FilesModel {
        &mut self.model
    }
}

/// parquet-testing's bloom_filter.xxhash.bin as the one filter of a file, with `query`
/// typed: the fixture of the files view's tests.
pub(crate) fn example_model(query: &str) -> HeldFile {
    let bin = include_bytes!("../../tests/data/parquet/bloom_filter.xxhash.bin");
    let filter = FoundFilter::split_block(0, "value".into(), 4, 16, &bin[16..]);
    let summary = FileSummary {
        size: 2000,
        rows: 4,
        row_groups: 1,
        columns: 1,
        created_by: Some("a <writer>".into()),
        filters: vec![filter],
    };
    let mut model = FilesModel::default();
    model.opened("f.parquet".into(), Ok(summary));
    model.query = query.into();
    HeldFile {
        model,
        bitsets: vec![bin[16..].to_vec()],
    }
}

/// A file of `row_groups` row groups of two columns `a` and `b`, each filter of one block
/// holding `a{g}` or `b{g}` (its row group's value) and, in every third row group, `both`.
pub(crate) fn many_filters_model(row_groups: usize) -> HeldFile {
    let mut filters = Vec::new();
    let mut bitsets = Vec::new();
    for row_group in 0..row_groups {
        for column in ["a", "b"] {
            let mut bitset = vec![0u8; 32];
            let mut values = vec![format!("{column}{row_group}")];
            if row_group % 3 == 0 {
                values.push("both".into());
            }
            for value in values {
                for bit in split_block::positions(split_block::hash(value.as_bytes()), 1) {
                    bitset[(bit / 8) as usize] |= 1 << (bit % 8);
                }
            }
            let offset = 4 + 48 * filters.len() as u64;
            filters.push(FoundFilter::split_block(
                row_group,
                column.into(),
                offset,
                16,
                &bitset,
            ));
            bitsets.push(bitset);
        }
    }
    let summary = FileSummary {
        size: 1 << 20,
        rows: row_groups as i64,
        row_groups,
        columns: 2 * row_groups,
        created_by: None,
        filters,
    };
    let mut model = FilesModel::default();
    model.opened("many.parquet".into(), Ok(summary));
    HeldFile { model, bitsets }
}
