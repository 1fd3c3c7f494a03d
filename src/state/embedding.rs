//! How a course page embeds the page: `embed=1` (a compact view without the page's chrome)
//! and `lock=` (controls the viewer cannot change).

/// A control a course page can lock with `lock=`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Lockable {
    /// The m field.
    M,
    /// The k field.
    K,
    /// The hash family.
    Hash,
    /// Standard or partitioned.
    Layout,
    /// Plain or counting.
    Mode,
    /// The counter width.
    Width,
    /// Adding and removing items (queries stay allowed).
    Items,
}

impl Lockable {
    /// Every lockable control, in URL order.
    pub const ALL: [Lockable; 7] = [
        Lockable::M,
        Lockable::K,
        Lockable::Hash,
        Lockable::Layout,
        Lockable::Mode,
        Lockable::Width,
        Lockable::Items,
    ];

    /// The name used in `lock=`.
    pub fn key(self) -> &'static str {
        match self {
            Lockable::M => "m",
            Lockable::K => "k",
            Lockable::Hash => "hash",
            Lockable::Layout => "layout",
            Lockable::Mode => "mode",
            Lockable::Width => "width",
            Lockable::Items => "items",
        }
    }
}

/// How the page is embedded: `embed=1` shows a compact view without page chrome, and
/// `lock=` lists controls the viewer cannot change.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Embedding {
    /// The compact view.
    pub compact: bool,
    /// Locked controls, sorted, without repeats.
    pub locked: Vec<Lockable>,
}

impl Embedding {
    /// Whether a control is locked.
    pub fn is_locked(&self, control: Lockable) -> bool {
        self.locked.contains(&control)
    }

    /// Locks a control (kept sorted, once).
    pub fn lock(&mut self, control: Lockable) {
        if let Err(at) = self.locked.binary_search(&control) {
            self.locked.insert(at, control);
        }
    }
}
