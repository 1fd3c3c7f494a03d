//! The hash-quality view's model: its settings as typed (what the page's link carries:
//! `hq_corpus=`, `hq_size=`, `hq_m=`, `hq_k=` and one `hq_item=` per pasted line), their
//! validation, and the reports measured so far. The reports are computed outside the model,
//! one hash per task, and come back as [`HashQualityAction::Reported`].

use crate::filter::hash_quality::{HashReport, HashUnderTest};
use crate::filter::hash_quality_job::{CorpusSource, HashQualityJob};
use crate::filter::ParamError;

use super::fields::{
    check_item, check_lines, parse_bits, parse_bounded, parse_hashes, FieldProblem,
};

/// The view's settings; the numbers are kept as typed, and the view names a value it
/// cannot use beside its field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HashQualitySettings {
    /// Generated or pasted corpus.
    pub source: CorpusSource,
    /// Size of a generated corpus.
    pub size: String,
    /// m of the filter each hash builds.
    pub m: String,
    /// k of that filter.
    pub k: String,
    /// The pasted corpus: its non-empty lines, joined by `\n` (see [`corpus_lines`]).
    pub pasted: String,
    /// The item whose value under each of seed 000's hashes is shown (`hq_show=`).
    pub show: String,
}

impl Default for HashQualitySettings {
    fn default() -> Self {
        HashQualitySettings {
            source: CorpusSource::default(),
            size: "1000".into(),
            m: "10000".into(),
            k: "4".into(),
            pasted: String::new(),
            show: String::new(),
        }
    }
}

impl HashQualitySettings {
    /// The pasted items: each distinct non-empty line of [`HashQualitySettings::pasted`]
    /// once, in order (a repeat would hash to the same bucket and set no new bit, so the
    /// test and the theory both count keys, not lines).
    pub fn pasted_items(&self) -> Vec<&str> {
        distinct_lines(self.pasted.split('\n'))
    }
}

/// Each distinct line once, in order, without line-end `\r`s and blank lines.
fn distinct_lines<'a>(lines: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
    crate::filter::distinct::first_occurrences(
        lines
            .into_iter()
            .map(|line| line.trim_end_matches('\r'))
            .filter(|line| !line.is_empty()),
    )
}

/// Appends the non-empty lines of `text` to `pasted` (a corpus as [`corpus_lines`] keeps
/// it); a repeated line is kept, and [`HashQualitySettings::pasted_items`] reads it once.
pub fn push_corpus_lines(pasted: &mut String, text: &str) {
    for line in text.split('\n').map(|l| l.trim_end_matches('\r')) {
        if !line.is_empty() {
            if !pasted.is_empty() {
                pasted.push('\n');
            }
            pasted.push_str(line);
        }
    }
}

/// The pasted corpus the page keeps for these lines: their distinct non-empty lines joined
/// by `\n`, which the link writes as one `hq_item=` each and reads back unchanged.
pub fn corpus_lines<'a>(lines: impl IntoIterator<Item = &'a str>) -> String {
    distinct_lines(lines).join("\n")
}

/// Largest corpus, generated or pasted (distinct lines).
pub const MAX_CORPUS: u64 = 20_000;
/// Longest pasted corpus, in bytes; each line is at most
/// [`MAX_ITEM_BYTES`](super::fields::MAX_ITEM_BYTES) long.
pub const MAX_PASTED_BYTES: usize = 200_000;

/// `pasted` as a corpus the view can measure: each line at most
/// [`MAX_ITEM_BYTES`](super::fields::MAX_ITEM_BYTES), at
/// most [`MAX_PASTED_BYTES`] in all and [`MAX_CORPUS`] distinct lines.
pub fn check_corpus(pasted: &str) -> Result<&str, FieldProblem> {
    if pasted.len() > MAX_PASTED_BYTES {
        return Err(FieldProblem::TooLong(MAX_PASTED_BYTES as u64));
    }
    check_lines(pasted)?;
    if distinct_lines(pasted.split('\n')).len() as u64 > MAX_CORPUS {
        return Err(FieldProblem::TooManyLines(MAX_CORPUS));
    }
    Ok(pasted)
}
/// Every intent of the hash-quality view.
#[derive(Debug, Clone, PartialEq)]
pub enum HashQualityAction {
    /// The settings as typed changed.
    Edit(HashQualitySettings),
    /// (System event) one hash's report of the job with this generation is ready.
    Reported(u64, HashReport),
}

/// The hash-quality view: its settings as typed, each field's problem, the job the valid
/// values describe, and the reports measured for it so far (one per hash, in the order of
/// [`HashUnderTest::ALL`]).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct HashQualityState {
    settings: HashQualitySettings,
    /// The pasted corpus measured: the last one [`check_corpus`] took.
    corpus_text: String,
    problems: HashQualityProblems,
    job: HashQualityJob,
    generation: u64,
    reports: Vec<HashReport>,
}

/// Why a field of the hash-quality view was not used.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct HashQualityProblems {
    /// The corpus size.
    pub size: Option<FieldProblem>,
    /// m.
    pub m: Option<FieldProblem>,
    /// k.
    pub k: Option<FieldProblem>,
    /// The pasted corpus.
    pub pasted: Option<FieldProblem>,
    /// The item whose values are shown.
    pub show: Option<FieldProblem>,
}

impl HashQualityState {
    /// The view with these settings, each field read as if typed.
    pub fn new(settings: HashQualitySettings) -> Self {
        HashQualityState::default().apply(HashQualityAction::Edit(settings))
    }

    /// Applies one action.
    pub fn apply(mut self, action: HashQualityAction) -> Self {
        match action {
            HashQualityAction::Edit(settings) => {
                let size = parse_bounded(&settings.size, MAX_CORPUS, ParamError::ZeroItems);
                let (m, k) = (parse_bits(&settings.m), parse_hashes(&settings.k));
                let mut job = HashQualityJob {
                    source: settings.source,
                    ..self.job
                };
                job.size = *size.as_ref().unwrap_or(&job.size);
                job.m = *m.as_ref().unwrap_or(&job.m);
                job.k = *k.as_ref().unwrap_or(&job.k);
                let pasted = check_corpus(&settings.pasted);
                let pasted_changed = pasted.as_ref().is_ok_and(|text| *text != self.corpus_text);
                if job != self.job || (job.source == CorpusSource::Pasted && pasted_changed) {
                    self.generation += 1;
                    self.reports.clear();
                }
                if let Ok(text) = &pasted {
                    self.corpus_text = (*text).to_owned();
                }
                self.problems = HashQualityProblems {
                    size: size.err(),
                    m: m.err(),
                    k: k.err(),
                    pasted: pasted.err(),
                    show: check_item(&settings.show).err(),
                };
                self.job = job;
                self.settings = settings;
            }
            HashQualityAction::Reported(generation, report) => {
                let expected = HashUnderTest::ALL.get(self.reports.len());
                if generation == self.generation && expected == Some(&report.hash) {
                    self.reports.push(report);
                }
            }
        }
        self
    }

    /// The settings as typed.
    pub fn settings(&self) -> &HashQualitySettings {
        &self.settings
    }
    /// Each field's problem.
    pub fn problems(&self) -> &HashQualityProblems {
        &self.problems
    }
    /// What is measured.
    pub fn job(&self) -> HashQualityJob {
        self.job
    }
    /// Changes whenever the job does, so that measurements of an older job are dropped.
    pub fn generation(&self) -> u64 {
        self.generation
    }
    /// The reports so far.
    pub fn reports(&self) -> &[HashReport] {
        &self.reports
    }
    /// Whether every hash has its report.
    pub fn complete(&self) -> bool {
        self.reports.len() == HashUnderTest::ALL.len()
    }
    /// The job's first probe, to show what "made like the corpus's" means.
    pub fn first_probe(&self) -> Option<String> {
        self.job.probes(&self.corpus()).next()
    }

    /// Items in the corpus of the job.
    pub fn corpus_size(&self) -> usize {
        match self.job.source {
            CorpusSource::Generated(_) => self.job.size as usize,
            CorpusSource::Pasted => distinct_lines(self.corpus_text.split('\n')).len(),
        }
    }

    /// The corpus of the job.
    pub fn corpus(&self) -> Vec<String> {
        match self.job.source {
            CorpusSource::Generated(corpus) => corpus.items(self.job.size as usize),
            CorpusSource::Pasted => {
                let mut lines = Vec::new();
                for line in distinct_lines(self.corpus_text.split('\n')) {
                    lines.push(line.to_owned());
                }
                lines
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pasted_corpus_is_its_distinct_non_empty_lines() {
        assert_eq!(corpus_lines("a\r\n\nb\n\n".split('\n')), "a\nb");
        assert_eq!(corpus_lines("".split('\n')), "");
        // A repeat is one key: it would land in the same bucket and set no new bit.
        assert_eq!(corpus_lines("x\ny\nx".split('\n')), "x\ny");
        let typed = HashQualitySettings {
            pasted: "apple\r\nbanana\r\n\r\napple\n日本".into(),
            ..HashQualitySettings::default()
        };
        assert_eq!(typed.pasted_items(), ["apple", "banana", "日本"]);
        // The kept form reads back as the same items.
        let kept = corpus_lines(typed.pasted_items());
        let again = HashQualitySettings {
            pasted: kept,
            ..HashQualitySettings::default()
        };
        assert_eq!(again.pasted_items(), typed.pasted_items());
    }
}
