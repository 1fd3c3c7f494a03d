//! One component per file.

pub mod bit_canvas;
pub mod bit_grid;
pub mod calculator;
pub mod cell_inspector;
pub mod controls;
pub mod crawl_panel;
pub mod deletion;
pub mod embed_code;
pub mod fpr_plot;
pub mod hash_lab;
pub mod hash_table;
pub mod help_overlay;
pub mod item_input;
pub mod item_list;
pub mod k_plot;
pub mod lab_panel;
pub mod lesson_panel;
pub mod lesson_picker;
pub mod notices;
pub mod query_result;
pub mod quiz_panel;
pub mod save_note;
pub mod sets_panel;
pub mod stats;
pub mod text_field;
pub mod walk_panel;
