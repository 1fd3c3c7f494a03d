//! The cuckoo filter (Fan, Andersen, Kaminsky and Mitzenmacher, "Cuckoo Filter: Practically
//! Better Than Bloom", CoNEXT 2014), step by step, with the victim stash of the authors'
//! implementation (efficient/cuckoofilter, `src/cuckoofilter.h`).
//!
//! # How it works
//!
//! The filter is nb buckets (a power of two) of b = 4 slots, each slot empty or holding one
//! f-bit fingerprint (f = 4..=16). An item is hashed once:
//!
//! ```text
//! (h1, h2) = murmur3_x64_128(UTF-8 bytes, seed 0)   h1 = low 64 bits, h2 = high 64 bits
//! i1 = h1 mod nb
//! fp = h2 >> (64 − f), and fp = 1 where that is 0   (0 marks an empty slot)
//! i2 = (i1 XOR (fp · 0x5bd1e995 mod 2^64)) mod nb   so i1 = (i2 XOR (fp · 0x5bd1e995)) mod nb
//! ```
//!
//! Because nb is a power of two, `mod nb` keeps the low bits and the XOR is its own inverse:
//! a fingerprint alone tells its other bucket, which is what lets the filter move it.
//!
//! ```text
//! insert "cat" (i1 = 2, i2 = 5, fp = 0x3a):  bucket 2 has a free slot -> stored there
//! insert "emu" (both buckets full): evict a slot of i2, put "emu"'s fp there, carry the
//!   victim to its other bucket, evicting again if that is full ... (at most 500 moves)
//! query: fp in bucket i1, or in i2, or in the stash -> "probably"; else "definitely not"
//! delete: remove one copy of fp from i1 (else i2, else the stash)
//! ```
//!
//! The eviction chain starts at i2, as the reference's `AddImpl` does (its first attempt, at
//! i1, never evicts; every later one may). The victim's slot is drawn by SplitMix64
//! ([`super::experiment::splitmix64`]) from the filter's seed: the generator's state starts at
//! the seed, each draw adds [`GOLDEN_GAMMA`] to it and the slot is `splitmix64(state) mod 4`,
//! so the same seed and the same operations give the same filter everywhere. When
//! [`MAX_KICKS`] moves find no free slot, the last victim waits in a one-entry stash (the
//! reference's `victim_`), the filter is full and further inserts are refused
//! ([`CuckooError::Full`]). The reference counts its first attempt among its 500, so it makes
//! at most 499 moves; here the 500 are all moves. As in the reference, a delete that frees a
//! slot re-inserts the stashed fingerprint (which may move others again).
//!
//! A delete removes a fingerprint, not an item: deleting an item that was never added but
//! shares a fingerprint and a bucket with a stored item removes that item's copy, and the
//! stored item becomes a false negative ([`CuckooFilter::delete_hazard`] names it).

use super::experiment::{splitmix64, ItemKind, ItemSource, MeasuredRate, GOLDEN_GAMMA, ITEM_LEN};
use super::hashing::HashFamily;

/// Slots per bucket, b.
pub const SLOTS_PER_BUCKET: u64 = 4;
/// The most moves of one insert before its last victim goes to the stash.
pub const MAX_KICKS: u32 = 500;
/// The smallest fingerprint, in bits.
pub const MIN_FINGERPRINT_BITS: u32 = 4;
/// The largest fingerprint, in bits.
pub const MAX_FINGERPRINT_BITS: u32 = 16;
/// The page's fingerprint size, in bits.
pub const DEFAULT_FINGERPRINT_BITS: u32 = 8;
/// The most buckets: 2^19 buckets of 4 × 16 bits are 2^25 bits, the cap of every filter
/// ([`super::error::MAX_BITS`]).
pub const MAX_BUCKETS: u64 = 1 << 19;
/// MurmurHash2's multiplier, which the reference's `AltIndex` uses to spread a fingerprint.
pub const ALT_INDEX_MULTIPLIER: u64 = 0x5bd1_e995;

/// Why a cuckoo filter could not be made or changed. A refused operation changes nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CuckooError {
    /// A fingerprint size outside 4..=16 bits.
    FingerprintBits {
        /// The f asked for.
        requested: u32,
    },
    /// A bucket count that is 0, not a power of two, or above [`MAX_BUCKETS`].
    BucketCount {
        /// The nb asked for.
        requested: u64,
    },
    /// An insert into a filter whose stash is taken: the filter is full.
    Full,
    /// A delete of a fingerprint found in neither bucket nor the stash.
    NotFound,
}

/// The size of a cuckoo filter: nb buckets of four f-bit slots.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CuckooShape {
    buckets: u64,
    fingerprint_bits: u32,
}

/// Everything the filter derives from one item's hash.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CuckooPositions {
    /// The low 64 bits of murmur3_x64_128.
    pub h1: u64,
    /// The high 64 bits of murmur3_x64_128.
    pub h2: u64,
    /// The first bucket, `h1 mod nb`.
    pub i1: u64,
    /// The second bucket, `(i1 XOR fp · 0x5bd1e995) mod nb`.
    pub i2: u64,
    /// The fingerprint, `h2 >> (64 − f)` or 1 where that is 0.
    pub fingerprint: u16,
}

impl CuckooShape {
    /// A shape of `buckets` buckets (a power of two, 1..=2^19) and `fingerprint_bits` bits.
    pub fn new(buckets: u64, fingerprint_bits: u32) -> Result<Self, CuckooError> {
        if !(MIN_FINGERPRINT_BITS..=MAX_FINGERPRINT_BITS).contains(&fingerprint_bits) {
            return Err(CuckooError::FingerprintBits {
                requested: fingerprint_bits,
            });
        }
        if !buckets.is_power_of_two() || buckets > MAX_BUCKETS {
            return Err(CuckooError::BucketCount { requested: buckets });
        }
        Ok(CuckooShape {
            buckets,
            fingerprint_bits,
        })
    }

    /// The number of buckets, nb.
    pub fn buckets(&self) -> u64 {
        self.buckets
    }

    /// The fingerprint size f in bits.
    pub fn fingerprint_bits(&self) -> u32 {
        self.fingerprint_bits
    }

    /// Slots in all, `b · nb`.
    pub fn slots(&self) -> u64 {
        SLOTS_PER_BUCKET * self.buckets
    }

    /// Memory of the table, `f · b · nb` bits (the one-entry stash is not counted).
    pub fn memory_bits(&self) -> u64 {
        self.fingerprint_bits as u64 * self.slots()
    }

    /// The item's buckets and fingerprint (see the module's documentation).
    pub fn positions(&self, item: &[u8]) -> CuckooPositions {
        let pair = HashFamily::Murmur3.hash_pair(item);
        let fingerprint = match (pair.h2 >> (64 - self.fingerprint_bits)) as u16 {
            0 => 1,
            fp => fp,
        };
        let i1 = pair.h1 & (self.buckets - 1);
        CuckooPositions {
            h1: pair.h1,
            h2: pair.h2,
            i1,
            i2: self.alt_index(i1, fingerprint),
            fingerprint,
        }
    }

    /// The other bucket of `fingerprint` stored in `bucket`:
    /// `(bucket XOR (fingerprint · 0x5bd1e995 mod 2^64)) mod nb`.
    pub fn alt_index(&self, bucket: u64, fingerprint: u16) -> u64 {
        (bucket ^ (fingerprint as u64).wrapping_mul(ALT_INDEX_MULTIPLIER)) & (self.buckets - 1)
    }

    /// The indices of `items` whose fingerprint is `fingerprint` and whose i1 or i2 is
    /// `bucket`: the items a copy of that fingerprint in that bucket may belong to.
    pub fn items_sharing<S: AsRef<[u8]>>(
        &self,
        bucket: u64,
        fingerprint: u16,
        items: &[S],
    ) -> Vec<usize> {
        items
            .iter()
            .enumerate()
            .filter(|(_, item)| {
                let p = self.positions(item.as_ref());
                p.fingerprint == fingerprint && (p.i1 == bucket || p.i2 == bucket)
            })
            .map(|(index, _)| index)
            .collect()
    }
}

/// Where a query or a delete found the fingerprint.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Found {
    /// In bucket i1, at this slot.
    FirstBucket {
        /// The slot, 0..4.
        slot: u64,
    },
    /// In bucket i2 (and not in i1), at this slot.
    SecondBucket {
        /// The slot, 0..4.
        slot: u64,
    },
    /// In the stash, whose bucket is i1 or i2.
    Stash,
}

/// One move of an eviction chain: the fingerprint in `slot` of bucket `from` is replaced by
/// `replaced_by` and carried to its other bucket `to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Kick {
    /// The bucket the victim leaves.
    pub from: u64,
    /// The victim's slot there, chosen by the generator.
    pub slot: u64,
    /// The victim's fingerprint.
    pub fingerprint: u16,
    /// The fingerprint that takes the victim's slot.
    pub replaced_by: u16,
    /// The victim's other bucket, `alt_index(from, fingerprint)`.
    pub to: u64,
}

/// Where the last fingerprint in hand came to rest.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Placement {
    /// In a free slot.
    Slot {
        /// The bucket.
        bucket: u64,
        /// The slot, 0..4.
        slot: u64,
    },
    /// In the stash, after [`MAX_KICKS`] moves: the filter is now full.
    Stash {
        /// The bucket the victim was to go to (one of its two).
        bucket: u64,
        /// The victim's fingerprint.
        fingerprint: u16,
    },
}

/// What one insert did: the two buckets tried, the moves in order and where the last
/// fingerprint in hand went (the inserted one when there were no moves, else the last
/// victim).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InsertReport {
    /// The fingerprint inserted.
    pub fingerprint: u16,
    /// The bucket tried first (i1 for an item).
    pub first: u64,
    /// The bucket tried second, where the chain starts.
    pub second: u64,
    /// The eviction chain, move by move (empty when a slot was free).
    pub kicks: Vec<Kick>,
    /// Where the last fingerprint went.
    pub placement: Placement,
}

/// What one delete did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeleteReport {
    /// The item's buckets and fingerprint.
    pub positions: CuckooPositions,
    /// Where the removed copy was.
    pub removed: Found,
    /// The stashed fingerprint put back after a slot was freed, as the reference does.
    pub stash_reinsert: Option<InsertReport>,
}

/// The non-member delete hazard: a delete of an item never added that would remove a
/// stored fingerprint.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeleteHazard {
    /// Where the copy that would be removed is.
    pub found: Found,
    /// Its bucket.
    pub bucket: u64,
    /// The shared fingerprint.
    pub fingerprint: u16,
    /// The indices of the members whose fingerprint and bucket match: the items that may
    /// become false negatives.
    pub victims: Vec<usize>,
}

/// The one-entry stash of a full filter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StashEntry {
    /// The bucket the fingerprint was to go to (one of its two).
    pub bucket: u64,
    /// The fingerprint.
    pub fingerprint: u16,
}

/// A cuckoo filter: the table, the stash and the victim generator's state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CuckooFilter {
    shape: CuckooShape,
    /// Slot j of bucket i at `4·i + j`; 0 is empty.
    table: Vec<u16>,
    stash: Option<StashEntry>,
    generator: u64,
    in_table: u64,
}

impl CuckooFilter {
    /// An empty filter whose victim slots are drawn from `seed`.
    pub fn new(shape: CuckooShape, seed: u64) -> Self {
        CuckooFilter {
            shape,
            table: vec![0; shape.slots() as usize],
            stash: None,
            generator: seed,
            in_table: 0,
        }
    }

    /// The filter's shape.
    pub fn shape(&self) -> CuckooShape {
        self.shape
    }

    /// The fingerprint in `slot` of `bucket`, `None` when free.
    pub fn slot(&self, bucket: u64, slot: u64) -> Option<u16> {
        match self.table[(bucket * SLOTS_PER_BUCKET + slot) as usize] {
            0 => None,
            fp => Some(fp),
        }
    }

    /// The four slots of `bucket`.
    pub fn bucket(&self, bucket: u64) -> [Option<u16>; 4] {
        std::array::from_fn(|slot| self.slot(bucket, slot as u64))
    }

    /// The stash, when the filter is full.
    pub fn stash(&self) -> Option<StashEntry> {
        self.stash
    }

    /// True once an insert has left a victim in the stash: further inserts are refused.
    pub fn is_full(&self) -> bool {
        self.stash.is_some()
    }

    /// Fingerprints stored, in the table and the stash.
    pub fn len(&self) -> u64 {
        self.in_table + self.stash.is_some() as u64
    }

    /// True when nothing is stored.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The load α = fingerprints in the table / (b · nb).
    pub fn load(&self) -> f64 {
        self.in_table as f64 / self.shape.slots() as f64
    }

    /// Bits per stored item, `f · b · nb / n`; `None` while empty.
    pub fn bits_per_item(&self) -> Option<f64> {
        (!self.is_empty()).then(|| self.shape.memory_bits() as f64 / self.len() as f64)
    }

    /// Inserts the item's fingerprint: into the first free slot of i1, else of i2, else by
    /// an eviction chain from i2. Refused with [`CuckooError::Full`] once the stash is taken.
    pub fn insert(&mut self, item: &[u8]) -> Result<InsertReport, CuckooError> {
        if self.stash.is_some() {
            return Err(CuckooError::Full);
        }
        let p = self.shape.positions(item);
        Ok(self.add(p.i1, p.fingerprint))
    }

    /// Where the item's fingerprint is: bucket i1, i2 or the stash (`None`: definitely not
    /// added).
    pub fn query(&self, item: &[u8]) -> Option<Found> {
        self.find(&self.shape.positions(item))
    }

    /// True when the filter answers "probably in the set".
    pub fn contains(&self, item: &[u8]) -> bool {
        self.query(item).is_some()
    }

    /// Removes one copy of the item's fingerprint from i1, else i2, else the stash; then, if
    /// a slot was freed while a fingerprint waited in the stash, puts that one back.
    pub fn delete(&mut self, item: &[u8]) -> Result<DeleteReport, CuckooError> {
        let positions = self.shape.positions(item);
        let removed = self.find(&positions).ok_or(CuckooError::NotFound)?;
        let stash_reinsert = match removed {
            Found::Stash => {
                self.stash = None;
                None
            }
            Found::FirstBucket { slot } | Found::SecondBucket { slot } => {
                let bucket = match removed {
                    Found::FirstBucket { .. } => positions.i1,
                    _ => positions.i2,
                };
                self.table[(bucket * SLOTS_PER_BUCKET + slot) as usize] = 0;
                self.in_table -= 1;
                self.stash
                    .take()
                    .map(|entry| self.add(entry.bucket, entry.fingerprint))
            }
        };
        Ok(DeleteReport {
            positions,
            removed,
            stash_reinsert,
        })
    }

    /// What deleting `item` would remove when it is not one of `members`: the copy of its
    /// fingerprint a delete would take and the members it may belong to. `None` when the
    /// item is a member or its fingerprint is not stored.
    pub fn delete_hazard<S: AsRef<[u8]>>(
        &self,
        item: &[u8],
        members: &[S],
    ) -> Option<DeleteHazard> {
        if members.iter().any(|m| m.as_ref() == item) {
            return None;
        }
        let p = self.shape.positions(item);
        let found = self.find(&p)?;
        let bucket = match found {
            Found::FirstBucket { .. } => p.i1,
            Found::SecondBucket { .. } => p.i2,
            Found::Stash => self.stash.map_or(p.i1, |s| s.bucket),
        };
        Some(DeleteHazard {
            found,
            bucket,
            fingerprint: p.fingerprint,
            victims: self.shape.items_sharing(bucket, p.fingerprint, members),
        })
    }

    /// Every stored fingerprint with its bucket (the stash's with the bucket it was to go
    /// to), table first in bucket and slot order.
    pub fn stored(&self) -> Vec<StashEntry> {
        let mut stored: Vec<StashEntry> = (0..self.shape.buckets)
            .flat_map(|bucket| {
                self.bucket(bucket)
                    .into_iter()
                    .flatten()
                    .map(move |fingerprint| StashEntry {
                        bucket,
                        fingerprint,
                    })
            })
            .collect();
        stored.extend(self.stash);
        stored
    }

    /// Probes `probes` generated non-members of `source` (the lab's stream of items never
    /// added) and counts those the filter reports as present.
    pub fn measure_false_positives(&self, source: ItemSource, probes: u64) -> MeasuredRate {
        let mut buf = [0u8; ITEM_LEN];
        let false_positives = (0..probes)
            .filter(|&index| self.contains(source.write(ItemKind::NonMember, index, &mut buf)))
            .count() as u64;
        MeasuredRate {
            false_positives,
            probes,
        }
    }

    fn find(&self, p: &CuckooPositions) -> Option<Found> {
        if let Some(slot) = self.slot_holding(p.i1, p.fingerprint) {
            return Some(Found::FirstBucket { slot });
        }
        if let Some(slot) = self.slot_holding(p.i2, p.fingerprint) {
            return Some(Found::SecondBucket { slot });
        }
        self.stash
            .filter(|s| s.fingerprint == p.fingerprint && (s.bucket == p.i1 || s.bucket == p.i2))
            .map(|_| Found::Stash)
    }

    fn slot_holding(&self, bucket: u64, fingerprint: u16) -> Option<u64> {
        (0..SLOTS_PER_BUCKET).find(|&slot| self.slot(bucket, slot) == Some(fingerprint))
    }

    /// Puts `fingerprint` in the first free slot of `bucket`, if there is one.
    fn put_in_free_slot(&mut self, bucket: u64, fingerprint: u16) -> Option<u64> {
        let slot = self.first_free_slot(bucket)?;
        self.table[(bucket * SLOTS_PER_BUCKET + slot) as usize] = fingerprint;
        self.in_table += 1;
        Some(slot)
    }

    fn first_free_slot(&self, bucket: u64) -> Option<u64> {
        (0..SLOTS_PER_BUCKET).find(|&slot| self.slot(bucket, slot).is_none())
    }

    /// The victim generator's next slot: `splitmix64(state += GOLDEN_GAMMA) mod 4`.
    fn next_victim_slot(&mut self) -> u64 {
        self.generator = self.generator.wrapping_add(GOLDEN_GAMMA);
        splitmix64(self.generator) % SLOTS_PER_BUCKET
    }

    /// The reference's `AddImpl`: `first`, then its other bucket, then the eviction chain.
    fn add(&mut self, first: u64, fingerprint: u16) -> InsertReport {
        let second = self.shape.alt_index(first, fingerprint);
        let mut report = InsertReport {
            fingerprint,
            first,
            second,
            kicks: Vec::new(),
            placement: Placement::Stash {
                bucket: second,
                fingerprint,
            },
        };
        for bucket in [first, second] {
            if let Some(slot) = self.put_in_free_slot(bucket, fingerprint) {
                report.placement = Placement::Slot { bucket, slot };
                return report;
            }
        }
        let (mut bucket, mut in_hand) = (second, fingerprint);
        for _ in 0..MAX_KICKS {
            let slot = self.next_victim_slot();
            let at = (bucket * SLOTS_PER_BUCKET + slot) as usize;
            let victim = std::mem::replace(&mut self.table[at], in_hand);
            let to = self.shape.alt_index(bucket, victim);
            report.kicks.push(Kick {
                from: bucket,
                slot,
                fingerprint: victim,
                replaced_by: in_hand,
                to,
            });
            (bucket, in_hand) = (to, victim);
            if let Some(slot) = self.put_in_free_slot(bucket, in_hand) {
                report.placement = Placement::Slot { bucket, slot };
                return report;
            }
        }
        self.stash = Some(StashEntry {
            bucket,
            fingerprint: in_hand,
        });
        report.placement = Placement::Stash {
            bucket,
            fingerprint: in_hand,
        };
        report
    }
}

/// The false-positive bound of the paper (§5.1), reached when every bucket is full:
/// `1 − (1 − 2^−f)^(2b)`: a probe compares its fingerprint with the 2b slots of its two
/// buckets, each matching with chance 2^−f.
pub fn fpr_bound(fingerprint_bits: u32) -> f64 {
    fpr_at_load(fingerprint_bits, 1.0)
}

/// The bound's approximation `2b / 2^f`.
pub fn fpr_approx(fingerprint_bits: u32) -> f64 {
    2.0 * SLOTS_PER_BUCKET as f64 / 2f64.powi(fingerprint_bits as i32)
}

/// The rate expected at load α, when the two buckets hold 2bα fingerprints on average:
/// `1 − (1 − 2^−f)^(2bα)`.
pub fn fpr_at_load(fingerprint_bits: u32, load: f64) -> f64 {
    let miss = -(2f64.powi(-(fingerprint_bits as i32)));
    1.0 - (2.0 * SLOTS_PER_BUCKET as f64 * load * miss.ln_1p()).exp()
}
