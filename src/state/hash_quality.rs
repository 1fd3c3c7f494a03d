//! The hash-quality view's settings as typed: what the page's link carries (`hq_corpus=`,
//! `hq_size=`, `hq_m=`, `hq_k=` and one `hq_item=` per pasted line).

use crate::filter::hash_quality::Corpus;

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
}

impl Default for HashQualitySettings {
    fn default() -> Self {
        HashQualitySettings {
            source: CorpusSource::default(),
            size: "1000".into(),
            m: "10000".into(),
            k: "4".into(),
            pasted: String::new(),
        }
    }
}

impl HashQualitySettings {
    /// The pasted items: the lines of [`HashQualitySettings::pasted`].
    pub fn pasted_items(&self) -> impl Iterator<Item = &str> {
        self.pasted.split('\n').filter(|l| !l.is_empty())
    }
}

/// The non-empty lines joined by `\n`: the form the page keeps a pasted corpus in, which its
/// link writes as one `hq_item=` per line and reads back unchanged.
pub fn corpus_lines<'a>(lines: impl IntoIterator<Item = &'a str>) -> String {
    let kept: Vec<&str> = lines.into_iter().filter(|l| !l.is_empty()).collect();
    kept.join("\n")
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
    fn pasted_text_keeps_its_non_empty_lines() {
        assert_eq!(corpus_lines("a\r\n\nb\n\n".lines()), "a\nb");
        assert_eq!(corpus_lines("".lines()), "");
        // Repeats stay: they are part of what the hashes are tested on.
        assert_eq!(corpus_lines("x\nx".lines()), "x\nx");
    }
}
