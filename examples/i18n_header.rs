//! Writes the first line of the translations, `# names: <check>`, after their names were
//! brought in line with src/i18n/en.txt:
//!
//! ```text
//! cargo run --example i18n_header                  # static/i18n/zh.txt and ja.txt
//! cargo run --example i18n_header -- path/to/xx.txt
//! ```
//!
//! A file whose names are those of en.txt, in its order, gets the line (it replaces a
//! `# names:` first line, else it is put before the first line). A file whose names differ
//! is left as it is: the first difference is printed and the command fails, because the
//! line states that the file was written for en.txt's names and the page trusts it.

use std::{env, fs, process::ExitCode};

use bloomlab::i18n::{names::HEADER_PREFIX, names_difference, NAMES_HEADER};

fn main() -> ExitCode {
    let mut paths: Vec<String> = env::args().skip(1).collect();
    if paths.is_empty() {
        let root = env!("CARGO_MANIFEST_DIR");
        paths = ["zh", "ja"]
            .map(|lang| format!("{root}/static/i18n/{lang}.txt"))
            .to_vec();
    }
    let mut status = ExitCode::SUCCESS;
    for path in &paths {
        match restamp(path) {
            Ok(()) => println!("{path}: {NAMES_HEADER}"),
            Err(problem) => {
                eprintln!("{path}: {problem}; not changed");
                status = ExitCode::FAILURE;
            }
        }
    }
    status
}

/// Writes [`NAMES_HEADER`] as the first line of the file at `path` if its names are
/// en.txt's.
fn restamp(path: &str) -> Result<(), String> {
    let file = fs::read_to_string(path).map_err(|e| e.to_string())?;
    if let Some(difference) = names_difference(&file) {
        return Err(difference);
    }
    let body = match file.split_once('\n') {
        Some((first, rest)) if first.starts_with(HEADER_PREFIX) => rest,
        None if file.starts_with(HEADER_PREFIX) => "",
        _ => &file,
    };
    fs::write(path, format!("{NAMES_HEADER}\n{body}")).map_err(|e| e.to_string())
}
