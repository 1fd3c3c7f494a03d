//! The messages between the filters view and its space workers (`src/bin/space_worker.rs`),
//! which the view starts when the space table is measured:
//!
//! ```text
//! view -> worker   SpaceRequest { run, job }
//! worker -> view   SpaceAnswer::Measured { run, row }      the job's row
//!                  SpaceAnswer::Failed { run, job, error }  the job has no row
//!                  SpaceAnswer::Refused                     bytes that are not a request
//! ```
//!
//! `run` is the view's number for a measurement: answers of a replaced run are dropped.
//! Each job is measured on its own items, so the rows are the same whichever worker
//! answers and however many there are.

use crate::filter::experiment::MeasuredRate;
use crate::filter::space::{
    measure, Sizing, SpaceEps, SpaceError, SpaceFilter, SpaceJob, SpaceRow, SPACE_SIZES,
};

use super::wire::{
    self, read_place, wire_enum, wire_place, wire_struct, write_place, Reader, Wire,
};
use super::DecodeError;

/// One job for a worker.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SpaceRequest {
    /// The view's number for the measurement.
    pub run: u64,
    /// The job.
    pub job: SpaceJob,
}

/// A worker's answer.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum SpaceAnswer {
    /// The job's row.
    Measured {
        /// The measurement's number.
        run: u64,
        /// The row.
        row: SpaceRow,
    },
    /// The job has no row.
    Failed {
        /// The measurement's number.
        run: u64,
        /// The job.
        job: SpaceJob,
        /// Why.
        error: SpaceError,
    },
    /// The bytes were not a request.
    Refused,
}

impl SpaceRequest {
    /// The message's bytes.
    pub fn encode(&self) -> Vec<u8> {
        wire::encode(self)
    }
    /// The message `bytes` hold.
    pub fn decode(bytes: &[u8]) -> Result<Self, DecodeError> {
        wire::decode(bytes)
    }
}

impl SpaceAnswer {
    /// The message's bytes.
    pub fn encode(&self) -> Vec<u8> {
        wire::encode(self)
    }
    /// The message `bytes` hold.
    pub fn decode(bytes: &[u8]) -> Result<Self, DecodeError> {
        wire::decode(bytes)
    }
}

/// The worker's answer to `bytes`: the job measured with the clock `now` (milliseconds).
pub fn serve(bytes: &[u8], now: &dyn Fn() -> f64) -> SpaceAnswer {
    match SpaceRequest::decode(bytes) {
        Ok(SpaceRequest { run, job }) => match measure(job, now) {
            Ok(row) => SpaceAnswer::Measured { run, row },
            Err(error) => SpaceAnswer::Failed { run, job, error },
        },
        Err(_) => SpaceAnswer::Refused,
    }
}

wire_place!(SpaceFilter, SpaceFilter::ALL);
wire_place!(SpaceEps, SpaceEps::ALL);
wire_place!(
    SpaceError,
    [
        SpaceError::Shape,
        SpaceError::Full,
        SpaceError::NoConstruction
    ]
);
/// A job's fields in order; n must be one of the table's sizes.
impl Wire for SpaceJob {
    fn write(&self, out: &mut Vec<u8>) {
        self.filter.write(out);
        self.eps.write(out);
        self.n.write(out);
        self.seed.write(out);
    }
    fn read(input: &mut Reader<'_>) -> Result<Self, DecodeError> {
        let (filter, eps, n, seed) = (input.get()?, input.get()?, input.get()?, input.get()?);
        if !SPACE_SIZES.contains(&n) {
            return Err(DecodeError::Invalid);
        }
        Ok(SpaceJob {
            filter,
            eps,
            n,
            seed,
        })
    }
}
wire_struct!(MeasuredRate {
    false_positives,
    probes
});
wire_struct!(SpaceRequest { run, job });
wire_enum!(Sizing {
    0 => Bloom { m, k },
    1 => Counting { m, k, width },
    2 => Cuckoo { buckets, fingerprint_bits },
    3 => Quotient { q, r },
    4 => Fingerprints { slots, bits },
    5 => Ribbon { slots, r, w },
    6 => Qfilter { fingerprint_bits },
});
wire_struct!(SpaceRow {
    job,
    sizing,
    memory_bits,
    rate,
    build_ms,
    query_ms
});
wire_enum!(SpaceAnswer {
    0 => Measured { run, row },
    1 => Failed { run, job, error },
    2 => Refused {},
});

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_worker_answers_a_job_with_its_row_and_refuses_other_bytes() {
        let job = SpaceJob {
            filter: SpaceFilter::Cuckoo,
            eps: SpaceEps::OneIn100,
            n: 10_000,
            seed: 3,
        };
        let request = SpaceRequest { run: 9, job };
        assert_eq!(SpaceRequest::decode(&request.encode()), Ok(request));
        let answer = serve(&request.encode(), &|| 0.0);
        let SpaceAnswer::Measured { run, row } = answer else {
            panic!("{answer:?}");
        };
        assert_eq!((run, row.job), (9, job));
        assert_eq!(SpaceAnswer::decode(&answer.encode()), Ok(answer));
        assert_eq!(serve(&[1, 2, 3], &|| 0.0), SpaceAnswer::Refused);
        let failed = SpaceAnswer::Failed {
            run: 1,
            job,
            error: SpaceError::Full,
        };
        assert_eq!(SpaceAnswer::decode(&failed.encode()), Ok(failed));
        let mut bytes = request.encode();
        bytes.pop();
        assert!(SpaceRequest::decode(&bytes).is_err());
    }
}
