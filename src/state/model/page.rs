//! The page around the views: which view is shown, the language, presentation mode, the
//! shortcut list, the notices about the link, what saving did, and the Embed dialog.

use crate::lang::Lang;
use crate::protocol::embed_dialog::EmbedInput;
use crate::protocol::files_view::FilesParams;
use crate::protocol::filters_view::FiltersParams;
use crate::state::url::{Embedding, Notice, NoticeReason, View};

/// What the page knows about keeping the state across reloads.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Persistence {
    /// The state was restored from the browser's storage at start.
    pub restored: bool,
    /// The last save failed, and why.
    pub save_error: Option<String>,
    /// The state is too long for the address bar, so only the storage keeps it.
    pub too_long_for_link: bool,
    /// A save replaced a session this page had not opened (another page's, or the one
    /// saved before this page was opened from a link): it is kept, with this many items.
    pub kept_items: Option<u64>,
    /// The user hid the note.
    pub dismissed: bool,
}

/// A change to the page around the views.
#[derive(Debug, Clone, PartialEq)]
pub enum PageAction {
    /// Show another view.
    SetView(View),
    /// Show the page in another language.
    SetLang(Lang),
    /// A language's text file could not be fetched or read (why): a notice says so, and a
    /// page that was to open in that language shows English.
    LanguageFailed(Lang, String),
    /// Presentation mode (large type, high contrast) on or off.
    TogglePresentation,
    /// Show or hide the list of keyboard shortcuts.
    ToggleHelp,
    /// Hide a URL notice.
    DismissNotice(usize),
    /// Open the Embed dialog for the page, link and title given.
    ShowEmbedCode(EmbedInput),
    /// (system event) The Embed dialog's module could not be loaded, for this reason.
    EmbedFailed(String),
    /// Close the Embed dialog.
    CloseEmbedCode,
    /// How saving the state went: the storage error, if any, and whether the state was too
    /// long to mirror in the address bar.
    Saved {
        /// Why the browser refused to store the state.
        error: Option<String>,
        /// The state's link is longer than the address bar takes.
        too_long_for_link: bool,
        /// The save replaced a session this page had not opened, kept with this many items.
        kept_items: Option<u64>,
    },
    /// Hide the note about saving or restoring.
    DismissSaveNote,
    /// The filters view's structure and sizes.
    SetFilters(FiltersParams),
    /// (system event) The filters view's module could not be loaded, for this reason.
    FiltersFailed(String),
    /// What the link says of the files view (a file of one's own opened, a value typed).
    SetFiles(FilesParams),
    /// (system event) The files view's module could not be loaded, for this reason.
    FilesFailed(String),
}

impl PageAction {
    /// Whether the message about the last action stays through this action: every change
    /// to the page around the views leaves it.
    pub fn keeps_message(&self) -> bool {
        true
    }
}

/// The page around the views.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct PageState {
    /// The view shown.
    pub view: View,
    /// The page's language.
    pub lang: Lang,
    /// The language the page was opened in whose texts could not be loaded: the link keeps
    /// it, so that a reload or a shared copy tries it again, until another is chosen.
    pub unloaded_lang: Option<Lang>,
    /// How the page is embedded (compact view, locked controls).
    pub embedding: Embedding,
    /// Presentation mode.
    pub presentation: bool,
    /// The keyboard shortcut list is shown.
    pub help_open: bool,
    /// The Embed dialog, while it is open (a module of its own): what it was opened for,
    /// and why its module could not be loaded.
    pub embed_code: Option<(EmbedInput, Option<String>)>,
    /// Notices about ignored URL parameters (and lesson files, language files).
    pub notices: Vec<Notice>,
    /// What the page knows about keeping the state across reloads.
    pub persistence: Persistence,
    /// The filters view's structure and sizes, which the view (a module of its own) sets
    /// and the link keeps.
    pub filters: FiltersParams,
    /// Why the filters view's module could not be loaded.
    pub filters_failure: Option<String>,
    /// What the link says of the files view, which the view (a module of its own) sets.
    pub files: FilesParams,
    /// Why the files view's module could not be loaded.
    pub files_failure: Option<String>,
}

impl PageState {
    /// The page after `action`.
    pub fn apply(mut self, action: PageAction) -> Self {
        match action {
            PageAction::SetView(view) => self.view = view,
            PageAction::SetFilters(params) => self.filters = params,
            PageAction::FiltersFailed(problem) => self.filters_failure = Some(problem),
            PageAction::SetFiles(params) => self.files = params,
            PageAction::FilesFailed(problem) => self.files_failure = Some(problem),
            PageAction::SetLang(lang) => {
                self.lang = lang;
                self.unloaded_lang = None;
            }
            PageAction::LanguageFailed(lang, problem) => {
                if self.lang == lang {
                    self.lang = Lang::En;
                    self.unloaded_lang = Some(lang);
                }
                self.notices.push(Notice::new(
                    "lang",
                    lang.key(),
                    NoticeReason::LanguageFile(problem),
                ));
            }
            PageAction::TogglePresentation => self.presentation = !self.presentation,
            PageAction::ToggleHelp => self.help_open = !self.help_open,
            PageAction::DismissNotice(index) => {
                if index < self.notices.len() {
                    self.notices.remove(index);
                }
            }
            PageAction::ShowEmbedCode(input) => self.embed_code = Some((input, None)),
            PageAction::EmbedFailed(problem) => {
                if let Some((_, failure)) = &mut self.embed_code {
                    *failure = Some(problem);
                }
            }
            PageAction::CloseEmbedCode => self.embed_code = None,
            PageAction::Saved {
                error,
                too_long_for_link,
                kept_items,
            } => {
                let saved = &mut self.persistence;
                if error != saved.save_error
                    || too_long_for_link != saved.too_long_for_link
                    || kept_items.is_some()
                {
                    saved.dismissed = false;
                }
                saved.save_error = error;
                saved.too_long_for_link = too_long_for_link;
                saved.kept_items = kept_items.or(saved.kept_items);
            }
            PageAction::DismissSaveNote => self.persistence.dismissed = true,
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_language_falls_back_to_english_and_is_named_once() {
        let page = PageState::default()
            .apply(PageAction::SetLang(Lang::Zh))
            .apply(PageAction::LanguageFailed(Lang::Zh, "404".into()));
        assert_eq!((page.lang, page.unloaded_lang), (Lang::En, Some(Lang::Zh)));
        assert_eq!(page.notices.len(), 1);
        assert_eq!(page.notices[0].param, "lang");
        let chosen = page.apply(PageAction::SetLang(Lang::Ja));
        assert_eq!((chosen.lang, chosen.unloaded_lang), (Lang::Ja, None));
    }

    #[test]
    fn a_new_save_problem_shows_the_note_again() {
        let saved = |error: Option<&str>| PageAction::Saved {
            error: error.map(str::to_owned),
            too_long_for_link: false,
            kept_items: None,
        };
        let page = PageState::default()
            .apply(saved(Some("quota")))
            .apply(PageAction::DismissSaveNote);
        assert!(page.persistence.dismissed);
        let same = page.clone().apply(saved(Some("quota")));
        assert!(same.persistence.dismissed);
        let other = page.apply(saved(None));
        assert!(!other.persistence.dismissed);
    }

    #[test]
    fn a_replaced_session_is_announced_until_dismissed_and_again_when_another_is_replaced() {
        let saved = |kept_items: Option<u64>| PageAction::Saved {
            error: None,
            too_long_for_link: false,
            kept_items,
        };
        let page = PageState::default()
            .apply(saved(Some(20_000)))
            .apply(saved(None));
        assert_eq!(
            page.persistence.kept_items,
            Some(20_000),
            "later saves keep the note"
        );
        let page = page.apply(PageAction::DismissSaveNote);
        assert!(page.persistence.dismissed);
        let again = page.apply(saved(Some(3)));
        assert!(!again.persistence.dismissed);
        assert_eq!(again.persistence.kept_items, Some(3));
    }

    #[test]
    fn toggles_notices_and_the_embed_snippet() {
        let mut page = PageState::default();
        page.notices
            .push(Notice::new("m", "x", NoticeReason::Unknown));
        let page = page
            .apply(PageAction::DismissNotice(3))
            .apply(PageAction::TogglePresentation)
            .apply(PageAction::ToggleHelp)
            .apply(PageAction::EmbedFailed("not yet open".into()))
            .apply(PageAction::ShowEmbedCode(EmbedInput {
                lang: Lang::En,
                page: "https://h/".into(),
                query: "m=8".into(),
                title: "Lab".into(),
            }))
            .apply(PageAction::EmbedFailed("offline".into()));
        assert_eq!(page.notices.len(), 1);
        assert!(page.presentation && page.help_open);
        let (input, failure) = page.embed_code.as_ref().expect("the dialog is open");
        assert_eq!(
            (input.query.as_str(), failure.as_deref()),
            ("m=8", Some("offline"))
        );
        assert_eq!(
            page.clone().apply(PageAction::CloseEmbedCode).embed_code,
            None
        );
        assert!(page.apply(PageAction::DismissNotice(0)).notices.is_empty());
    }
}
