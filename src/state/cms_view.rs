//! The count-min sketch view's model: its settings as typed (what the page's link carries) and
//! what it has measured.

/// The view's settings as typed.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CmsSettings {}

/// Every intent of the view.
#[derive(Debug, Clone, PartialEq)]
pub enum CmsAction {}

/// The view: its settings and results.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct CmsState {
    settings: CmsSettings,
}

impl CmsState {
    /// The view with these settings.
    pub fn new(settings: CmsSettings) -> Self {
        CmsState { settings }
    }

    /// Applies one action.
    pub fn apply(self, action: CmsAction) -> Self {
        match action {}
    }

    /// The settings as typed.
    pub fn settings(&self) -> &CmsSettings {
        &self.settings
    }
}
