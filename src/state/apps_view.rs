//! The use-case view's model: its settings as typed (what the page's link carries) and
//! what it has measured.

/// The view's settings as typed.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct AppsSettings {}

/// Every intent of the view.
#[derive(Debug, Clone, PartialEq)]
pub enum AppsAction {}

/// The view: its settings and results.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct AppsState {
    settings: AppsSettings,
}

impl AppsState {
    /// The view with these settings.
    pub fn new(settings: AppsSettings) -> Self {
        AppsState { settings }
    }

    /// Applies one action.
    pub fn apply(self, action: AppsAction) -> Self {
        match action {}
    }

    /// The settings as typed.
    pub fn settings(&self) -> &AppsSettings {
        &self.settings
    }
}
