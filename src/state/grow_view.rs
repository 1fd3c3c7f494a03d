//! The growing filters view's model: its settings as typed (what the page's link carries) and
//! what it has measured.

/// The view's settings as typed.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct GrowSettings {}

/// Every intent of the view.
#[derive(Debug, Clone, PartialEq)]
pub enum GrowAction {}

/// The view: its settings and results.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct GrowState {
    settings: GrowSettings,
}

impl GrowState {
    /// The view with these settings.
    pub fn new(settings: GrowSettings) -> Self {
        GrowState { settings }
    }

    /// Applies one action.
    pub fn apply(self, action: GrowAction) -> Self {
        match action {}
    }

    /// The settings as typed.
    pub fn settings(&self) -> &GrowSettings {
        &self.settings
    }
}
