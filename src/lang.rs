//! The page's languages. A leaf module: the model keeps the page's language and the texts
//! (`crate::i18n`) are looked up by it, without either depending on the other.

/// A language of the page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// Simplified Chinese.
    Zh,
    /// Japanese.
    Ja,
}

impl Lang {
    /// Every language, in the order the switch lists them.
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Zh, Lang::Ja];

    /// The URL key and `lang` attribute: `en`, `zh` or `ja`.
    pub fn key(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh",
            Lang::Ja => "ja",
        }
    }

    /// The language for a URL key.
    pub fn from_key(key: &str) -> Option<Self> {
        Lang::ALL.into_iter().find(|l| l.key() == key)
    }

    /// The first supported language in a browser's preference list (`zh-CN`, `ja-JP`, …),
    /// else English.
    pub fn from_browser<'a>(tags: impl IntoIterator<Item = &'a str>) -> Self {
        tags.into_iter()
            .find_map(|tag| {
                let primary = tag
                    .split(['-', '_'])
                    .next()
                    .unwrap_or("")
                    .to_ascii_lowercase();
                Lang::from_key(&primary)
            })
            .unwrap_or_default()
    }

    /// The language's own name, for the switch.
    pub fn name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Zh => "简体中文",
            Lang::Ja => "日本語",
        }
    }

    /// Where the page fetches this language's file from, relative to the page.
    pub fn file(self) -> String {
        format!("i18n/{}.txt", self.key())
    }
}
