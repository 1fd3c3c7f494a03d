//! The page's model, independent of any UI toolkit: settings, the item log, queries, the
//! URL contract and the [`Action`] reducer.

pub mod answer_number;
pub mod apps_view;
pub mod calculator_view;
pub mod cms_view;
pub mod crawl;
pub mod cursor;
pub mod demos;
pub mod embed_code;
pub mod embedding;
pub mod examples;
pub mod fields;
pub mod figures;
pub mod files_view;
pub mod filter_state;
pub mod grid_layout;
pub mod grow_view;
pub mod hash_quality_view;
pub mod lab_coverage;
pub mod lab_view;
pub mod lab_view_model;
pub mod lesson_file;
pub mod log;
pub mod model;
pub mod numbers;
pub mod picture;
pub mod plot;
pub mod practice;
pub mod query;
pub mod query_record;
pub mod quiz;
pub mod sets_view;
pub mod settings;
pub mod shown_rows;
pub mod space_table;
pub mod timeline;
pub mod url;
pub mod view;
pub mod words;

pub use log::{LogEntry, Member, Members};
pub use model::{
    pasted_item, pasted_lines, Action, AppState, BulkBuilder, BulkProgress, Divergence,
    FieldDrafts, FieldError, FilterAction, LessonAction, LessonProgress, LessonsStatus, Message,
    PageAction, Persistence, SettingField, VisualizerAction, Walk, WalkKind, LINK_AT_ONCE,
};
pub use query::{QueryReport, Removal, Verdict};
pub use settings::{FilterModel, Mode, Settings};
pub use url::items_in_query;
pub use view::View;
