//! A hash-quality job of the page's workers: where its corpus comes from, the filter each
//! hash builds ([`HashQualityJob`]), and [`run_hash_quality`], which reports on every hash
//! under test in turn.

use super::error::ParamError;
use super::hash_quality::{probes_like, report, Corpus, HashReport, HashUnderTest};

/// Where the corpus comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CorpusSource {
    /// A generated corpus of the chosen size.
    Generated(Corpus),
    /// The pasted lines.
    Pasted,
}

impl Default for CorpusSource {
    fn default() -> Self {
        CorpusSource::Generated(Corpus::default())
    }
}

impl CorpusSource {
    /// Every source, in the order the page lists them.
    pub const ALL: [CorpusSource; 3] = [
        CorpusSource::Generated(Corpus::Similar),
        CorpusSource::Generated(Corpus::Urls),
        CorpusSource::Pasted,
    ];

    /// The URL key (`hq_corpus=`): `similar`, `urls` or `paste`.
    pub fn key(self) -> &'static str {
        match self {
            CorpusSource::Generated(corpus) => corpus.key(),
            CorpusSource::Pasted => "paste",
        }
    }

    /// The source with this key.
    pub fn from_key(key: &str) -> Option<CorpusSource> {
        match key {
            "paste" => Some(CorpusSource::Pasted),
            other => Corpus::from_key(other).map(CorpusSource::Generated),
        }
    }
}

/// Probes for each hash's observed rate.
pub const PROBES: u64 = 20_000;

/// What the hash-quality view measures: the corpus and the filter each hash builds, from
/// the last valid value of each field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HashQualityJob {
    /// Generated or pasted.
    pub source: CorpusSource,
    /// Size of a generated corpus.
    pub size: u64,
    /// m of each hash's filter.
    pub m: u64,
    /// k of each hash's filter.
    pub k: u32,
}

impl Default for HashQualityJob {
    fn default() -> Self {
        HashQualityJob {
            source: CorpusSource::default(),
            size: 1000,
            m: 10_000,
            k: 4,
        }
    }
}

impl HashQualityJob {
    /// The probes of the job on `corpus`: [`PROBES`] items made like the corpus's and never
    /// among them, one at a time.
    pub fn probes<'a>(&self, corpus: &'a [String]) -> Box<dyn Iterator<Item = String> + 'a> {
        match self.source {
            CorpusSource::Generated(kind) => {
                Box::new(kind.probes(corpus.len(), PROBES as usize).into_iter())
            }
            CorpusSource::Pasted => Box::new(probes_like(corpus, PROBES as usize)),
        }
    }
}

/// Runs `job` on its corpus (`pasted`, the pasted corpus's lines joined by `\n`, when the
/// corpus is pasted), handing each hash's report to `post` in the order of
/// [`HashUnderTest::ALL`], the last with `true`. An error, and no report, when the filter
/// has no bits or no hashes.
pub fn run_hash_quality(
    job: HashQualityJob,
    pasted: &str,
    mut post: impl FnMut(HashReport, bool),
) -> Result<(), ParamError> {
    if job.m == 0 {
        return Err(ParamError::ZeroBits);
    }
    if job.k == 0 {
        return Err(ParamError::ZeroHashes);
    }
    let corpus: Vec<String> = match job.source {
        CorpusSource::Generated(kind) => kind.items(job.size as usize),
        CorpusSource::Pasted => pasted.split('\n').map(str::to_owned).collect(),
    };
    let last = HashUnderTest::ALL.len() - 1;
    for (index, hash) in HashUnderTest::ALL.into_iter().enumerate() {
        let made = report(hash, &corpus, job.probes(&corpus), job.m, job.k);
        post(made, index == last);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_round_trip() {
        for source in [
            CorpusSource::Generated(Corpus::Similar),
            CorpusSource::Generated(Corpus::Urls),
            CorpusSource::Pasted,
        ] {
            assert_eq!(CorpusSource::from_key(source.key()), Some(source));
        }
        assert_eq!(CorpusSource::from_key("md5"), None);
    }

    #[test]
    fn a_hash_quality_job_reports_on_every_hash_in_order() {
        let job = HashQualityJob {
            source: CorpusSource::Pasted,
            size: 3,
            m: 64,
            k: 3,
        };
        let pasted = "apple\npear\nplum";
        let mut reports = Vec::new();
        run_hash_quality(job, pasted, |made, last| reports.push((made, last))).unwrap();
        assert_eq!(reports.len(), HashUnderTest::ALL.len());
        assert!(reports[..reports.len() - 1].iter().all(|(_, last)| !last));
        assert!(reports.last().unwrap().1);
        let corpus: Vec<String> = pasted.split('\n').map(str::to_owned).collect();
        for ((got, _), hash) in reports.into_iter().zip(HashUnderTest::ALL) {
            assert_eq!(got, report(hash, &corpus, job.probes(&corpus), 64, 3));
        }
        let no_bits = HashQualityJob { m: 0, ..job };
        assert_eq!(
            run_hash_quality(no_bits, pasted, |_, _| panic!("a report")),
            Err(ParamError::ZeroBits)
        );
        let no_hashes = HashQualityJob { k: 0, ..job };
        assert_eq!(
            run_hash_quality(no_hashes, pasted, |_, _| panic!("a report")),
            Err(ParamError::ZeroHashes)
        );
    }
}
