//! The long simulations the page hands to its workers besides the lab's filters
//! ([`crate::filter::lab_tasks`]): a growing-filters run and a hash-quality job (and the
//! use cases' simulations, [`super::apps_tasks`], kind 4). Each is
//! one request, answered by progress messages and a last answer, all lists of numbers
//! (a pasted corpus travels beside its request as text). The first number is the kind, the
//! second the view's generation, so that the view drops answers of a job it replaced:
//!
//! ```text
//! 2, generation, family, m0, p, r, s, n                       a growing-filters run
//! 2, generation, family, progress, done, J, then J points of 15 numbers, then the slices
//!    of 7 numbers each                                        its progress and answer
//! 3, generation, corpus (0 similar, 1 URLs, 2 pasted), size, m, k
//!                                                             a hash-quality job
//! 3, generation, hash, then a report's 10 numbers and its histogram
//!                                                             each hash's report
//! ```

use crate::filter::growing::{DesignPoint, FilterSpec, GrowPoint, GrowingRun, SliceInfo};
use crate::filter::hash_quality::{report, Corpus, HashReport, HashUnderTest};
use crate::filter::lab_tasks::{family_number, whole};
use crate::filter::{FilterShape, HashFamily};

use super::grow_view::{GrowJob, GrowResults};
use super::hash_quality::{CorpusSource, HashQualityJob};

/// The kind of a growing-filters message.
pub const GROW: f64 = 2.0;
/// The kind of a hash-quality message.
pub const HASH_QUALITY: f64 = 3.0;
/// Operations between two looks at the clock in a growing run.
const GROW_SLICE: u64 = 4096;

/// Numbers read one after another.
pub(super) struct Reader<'a> {
    /// The numbers not yet read.
    pub(super) values: &'a [f64],
}

impl Reader<'_> {
    /// The next number, if it is finite.
    pub(super) fn real(&mut self) -> Option<f64> {
        let (&first, rest) = self.values.split_first()?;
        self.values = rest;
        first.is_finite().then_some(first)
    }

    /// The next number, if it is a whole number.
    pub(super) fn whole(&mut self) -> Option<u64> {
        whole(self.real()?)
    }

    /// The family the next number names.
    pub(super) fn family(&mut self) -> Option<HashFamily> {
        HashFamily::ALL.get(self.whole()? as usize).copied()
    }
}

/// The request for a growing-filters run of `job` with `family`.
pub fn grow_request(generation: u64, family: HashFamily, job: GrowJob) -> Vec<f64> {
    vec![
        GROW,
        generation as f64,
        family_number(family) as f64,
        job.m0 as f64,
        job.p,
        job.r,
        job.s as f64,
        job.n as f64,
    ]
}

fn read_grow_request(request: &[f64]) -> Option<(u64, HashFamily, GrowJob)> {
    let mut read = Reader { values: request };
    if read.real()? != GROW {
        return None;
    }
    let generation = read.whole()?;
    let family = read.family()?;
    let job = GrowJob {
        m0: read.whole()?,
        p: read.real()?,
        r: read.real()?,
        s: read.whole()?,
        n: read.whole()?,
    };
    Some((generation, family, job))
}

/// The numbers of `results`.
fn grow_numbers(results: &GrowResults) -> Vec<f64> {
    let mut out = vec![
        GROW,
        results.generation as f64,
        family_number(results.family) as f64,
        results.progress,
        f64::from(u8::from(results.done)),
        results.points.len() as f64,
    ];
    for point in &results.points {
        out.push(point.n as f64);
        for design in [&point.fixed, &point.cascade, &point.scalable] {
            out.extend([
                design.bits as f64,
                design.false_positives as f64,
                design.probes as f64,
                design.predicted,
            ]);
        }
        out.extend([f64::from(point.slices), point.scalable_bound]);
    }
    for slice in &results.slices {
        out.extend([
            f64::from(slice.index),
            slice.spec.shape.m() as f64,
            f64::from(slice.spec.shape.k()),
            slice.spec.p,
            slice.spec.capacity as f64,
            slice.held as f64,
            slice.ones as f64,
        ]);
    }
    out
}

/// The growing-filters results an answer carries, or `None` when it is malformed.
pub fn read_grow_answer(answer: &[f64]) -> Option<GrowResults> {
    let mut read = Reader { values: answer };
    if read.real()? != GROW {
        return None;
    }
    let generation = read.whole()?;
    let family = read.family()?;
    let progress = read.real()?;
    let done = read.whole()? == 1;
    let mut points = Vec::new();
    for _ in 0..read.whole()? {
        let n = read.whole()?;
        let mut design = || {
            Some(DesignPoint {
                bits: read.whole()?,
                false_positives: read.whole()?,
                probes: read.whole()?,
                predicted: read.real()?,
            })
        };
        let (fixed, cascade, scalable) = (design()?, design()?, design()?);
        points.push(GrowPoint {
            n,
            fixed,
            cascade,
            scalable,
            slices: u32::try_from(read.whole()?).ok()?,
            scalable_bound: read.real()?,
        });
    }
    let mut slices = Vec::new();
    while !read.values.is_empty() {
        let index = u32::try_from(read.whole()?).ok()?;
        let (m, k) = (read.whole()?, u32::try_from(read.whole()?).ok()?);
        let spec = FilterSpec {
            shape: FilterShape::new(m, k, family).ok()?,
            p: read.real()?,
            capacity: read.whole()?,
        };
        slices.push(SliceInfo {
            index,
            spec,
            held: read.whole()?,
            ones: read.whole()?,
        });
    }
    Some(GrowResults {
        generation,
        family,
        points,
        slices,
        progress,
        done,
    })
}

/// Runs the growing-filters request to its end, posting the results so far whenever
/// `now()` (milliseconds) has moved on by `every_ms`, then the last answer with `true`.
/// `None` for a request that describes no valid run.
pub fn run_grow(
    request: &[f64],
    now: impl Fn() -> f64,
    every_ms: f64,
    mut post: impl FnMut(Vec<f64>, bool),
) -> Option<()> {
    let (generation, family, job) = read_grow_request(request)?;
    let mut run = GrowingRun::new(job.plan(family).ok()?);
    let mut last = now();
    loop {
        let done = run.run_slice(GROW_SLICE);
        if done || now() - last >= every_ms {
            last = now();
            let results = GrowResults {
                generation,
                family,
                points: run.points().to_vec(),
                slices: run.slices(),
                progress: run.progress(),
                done,
            };
            post(grow_numbers(&results), done);
        }
        if done {
            return Some(());
        }
    }
}

/// The request for a hash-quality job, with the pasted corpus's lines as text when the
/// corpus is pasted.
pub fn hash_request(generation: u64, job: HashQualityJob) -> Vec<f64> {
    let corpus = match job.source {
        CorpusSource::Generated(Corpus::Similar) => 0.0,
        CorpusSource::Generated(Corpus::Urls) => 1.0,
        CorpusSource::Pasted => 2.0,
    };
    vec![
        HASH_QUALITY,
        generation as f64,
        corpus,
        job.size as f64,
        job.m as f64,
        f64::from(job.k),
    ]
}

fn read_hash_request(request: &[f64]) -> Option<(u64, HashQualityJob)> {
    let mut read = Reader { values: request };
    if read.real()? != HASH_QUALITY {
        return None;
    }
    let generation = read.whole()?;
    let source = match read.whole()? {
        0 => CorpusSource::Generated(Corpus::Similar),
        1 => CorpusSource::Generated(Corpus::Urls),
        2 => CorpusSource::Pasted,
        _ => return None,
    };
    let job = HashQualityJob {
        source,
        size: read.whole()?,
        m: read.whole()?,
        k: u32::try_from(read.whole()?).ok()?,
    };
    (job.m > 0 && job.k > 0).then_some((generation, job))
}

/// The numbers of one hash's report.
fn report_numbers(generation: u64, report: &HashReport) -> Vec<f64> {
    let hash = HashUnderTest::ALL.iter().position(|&h| h == report.hash);
    let mut out = vec![
        HASH_QUALITY,
        generation as f64,
        hash.unwrap_or(0) as f64,
        report.chi_square,
        report.dof,
        report.p_value,
        report.ln_p_value,
        report.ones as f64,
        report.expected_ones,
        report.probes as f64,
        report.observed_rate,
        report.theory_rate,
    ];
    out.extend(report.histogram.iter().map(|&c| c as f64));
    out
}

/// The generation and report an answer carries, or `None` when it is malformed.
pub fn read_hash_answer(answer: &[f64]) -> Option<(u64, HashReport)> {
    let mut read = Reader { values: answer };
    if read.real()? != HASH_QUALITY {
        return None;
    }
    let generation = read.whole()?;
    let hash = *HashUnderTest::ALL.get(read.whole()? as usize)?;
    let mut report = HashReport {
        hash,
        histogram: Vec::new(),
        chi_square: read.real()?,
        dof: read.real()?,
        p_value: read.real()?,
        ln_p_value: read.real()?,
        ones: read.whole()?,
        expected_ones: read.real()?,
        probes: read.whole()?,
        observed_rate: read.real()?,
        theory_rate: read.real()?,
    };
    while !read.values.is_empty() {
        report.histogram.push(read.whole()?);
    }
    Some((generation, report))
}

/// Runs the hash-quality request on `pasted` (the pasted corpus's lines, when it is pasted),
/// posting each hash's report in the order of [`HashUnderTest::ALL`], the last with `true`.
/// `None` for a request that describes no valid job.
pub fn run_hash_quality(
    request: &[f64],
    pasted: &str,
    mut post: impl FnMut(Vec<f64>, bool),
) -> Option<()> {
    let (generation, job) = read_hash_request(request)?;
    let corpus: Vec<String> = match job.source {
        CorpusSource::Generated(kind) => kind.items(job.size as usize),
        CorpusSource::Pasted => pasted.split('\n').map(str::to_owned).collect(),
    };
    let last = HashUnderTest::ALL.len() - 1;
    for (index, hash) in HashUnderTest::ALL.into_iter().enumerate() {
        let made = report(hash, &corpus, job.probes(&corpus), job.m, job.k);
        post(report_numbers(generation, &made), index == last);
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_growing_run_through_the_worker_gives_the_runs_own_results() {
        let job = GrowJob::default();
        let family = HashFamily::Murmur3;
        let mut answers = Vec::new();
        let clock = std::cell::Cell::new(0.0);
        let now = || {
            clock.set(clock.get() + 1.0);
            clock.get()
        };
        run_grow(&grow_request(7, family, job), now, 2.0, |numbers, last| {
            answers.push((read_grow_answer(&numbers).unwrap(), last))
        })
        .unwrap();
        let (last, is_last) = answers.pop().unwrap();
        assert!(is_last && last.done && last.progress == 1.0);
        assert!(answers
            .iter()
            .all(|(r, last)| !last && !r.done && r.generation == 7));
        assert!(!answers.is_empty(), "progress was posted");
        let expected = GrowingRun::new(job.plan(family).unwrap()).run_to_end();
        assert_eq!(last.points, expected);
        assert!(!last.slices.is_empty());
        assert_eq!(read_grow_answer(&[GROW, 1.0]), None);
        assert!(run_grow(&[GROW, 1.0, 9.0], || 0.0, 1.0, |_, _| {}).is_none());
    }

    #[test]
    fn a_hash_quality_job_through_the_worker_gives_every_hash_in_order() {
        let job = HashQualityJob {
            source: CorpusSource::Pasted,
            size: 3,
            m: 64,
            k: 3,
        };
        let pasted = "apple\npear\nplum";
        let mut reports = Vec::new();
        run_hash_quality(&hash_request(4, job), pasted, |numbers, last| {
            reports.push((read_hash_answer(&numbers).unwrap(), last))
        })
        .unwrap();
        assert_eq!(reports.len(), HashUnderTest::ALL.len());
        assert!(reports[..reports.len() - 1].iter().all(|(_, last)| !last));
        assert!(reports.last().unwrap().1);
        let corpus: Vec<String> = pasted.split('\n').map(str::to_owned).collect();
        for ((generation, got), hash) in reports.into_iter().map(|(r, _)| r).zip(HashUnderTest::ALL)
        {
            assert_eq!(generation, 4);
            let expected = report(hash, &corpus, job.probes(&corpus), 64, 3);
            // ln p may be −∞; every other number travels exactly.
            assert_eq!(got.histogram, expected.histogram);
            assert_eq!((got.ones, got.probes), (expected.ones, expected.probes));
            assert_eq!(got.observed_rate, expected.observed_rate);
        }
        assert!(
            run_hash_quality(&[HASH_QUALITY, 1.0, 5.0, 3.0, 64.0, 3.0], "", |_, _| {}).is_none()
        );
    }
}
