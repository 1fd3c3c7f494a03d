//! The page's public contract is documented in docs/contract.md: its parameter table must list
//! exactly the parameters the page declares, with the same repeat rule and defaults, and its
//! `view` and `lesson` rows every view and every shipped lesson. The documentation itself is
//! checked too: README.md stays a short front door, and every relative link in it and in
//! docs/ leads somewhere.
#![cfg(not(target_arch = "wasm32"))]
#![expect(
    clippy::disallowed_methods,
    reason = "a test: its sorts never reach the page"
)]

use bloomlab::state::url::params::PARAMS;

/// The contract as documented, compiled in so that a change to it rebuilds this test.
const CONTRACT: &str = include_str!("../docs/contract.md");

/// One row of the contract's parameter table: key, default (without backticks), repeats.
#[derive(Debug, PartialEq)]
struct Row {
    key: String,
    default: String,
    repeats: bool,
}

fn documented_rows() -> Vec<Row> {
    let table = CONTRACT
        .split("| parameter | meaning | default | repeats |")
        .nth(1)
        .expect("docs/contract.md has the parameter table");
    table
        .lines()
        .skip(2)
        .take_while(|line| line.starts_with('|'))
        .map(|line| {
            let cells: Vec<&str> = line.trim_matches('|').split(" | ").map(str::trim).collect();
            assert_eq!(cells.len(), 4, "a row has four cells: {line}");
            Row {
                key: cells[0].trim_matches('`').to_owned(),
                default: cells[2].trim_matches('`').to_owned(),
                repeats: match cells[3] {
                    "yes" => true,
                    "no" => false,
                    other => panic!("repeats is yes or no, not {other:?}: {line}"),
                },
            }
        })
        .collect()
}

#[test]
fn the_contract_lists_every_declared_parameter_with_its_repeat_rule_and_default() {
    let documented = documented_rows();
    let declared: Vec<Row> = PARAMS
        .iter()
        .map(|p| Row {
            key: p.key.to_owned(),
            default: p.default.to_owned(),
            repeats: p.repeats,
        })
        .collect();
    for row in &declared {
        assert!(
            documented.contains(row),
            "docs/contract.md's table lacks or differs on {row:?}"
        );
    }
    for row in &documented {
        assert!(
            declared.contains(row),
            "docs/contract.md documents {row:?}, which the page does not declare so"
        );
    }
    assert_eq!(documented.len(), declared.len());
}

/// The contract's row for `key` (the line starting ``| `key` |``).
fn parameter_row(key: &str) -> &'static str {
    let start = format!("| `{key}` |");
    CONTRACT
        .lines()
        .find(|line| line.starts_with(&start))
        .unwrap_or_else(|| panic!("docs/contract.md documents {key}="))
}

/// Every view's UI file is drawn by an arm of the view drawing (`ui::views::draw`), and the
/// contract's `view` parameter names every view's key: a view left out of the drawing, or
/// out of the contract, fails here.
#[test]
fn every_view_file_is_drawn_by_the_view_drawing_and_the_contract_names_its_key() {
    use bloomlab::state::View;
    let drawing = include_str!("../src/ui/views/mod.rs");
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src/ui/views");
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".rs") && name != "mod.rs")
        .map(|name| name.trim_end_matches(".rs").to_owned())
        .collect();
    files.sort();
    assert_eq!(
        files.len(),
        View::ALL.len(),
        "one UI file per view: {files:?}"
    );
    for file in &files {
        let drawn = format!("=> {file}::");
        assert!(
            drawing.contains(&drawn),
            "src/ui/views/{file}.rs is not drawn by ui::views::draw"
        );
    }
    let row = parameter_row("view");
    for view in View::ALL {
        assert!(
            row.contains(&format!("`{}`", view.key())),
            "{row} lacks {}",
            view.key()
        );
    }
}

/// The `lesson` row names the id of every lesson the page ships, in `static/lessons/index.txt`.
#[test]
fn the_contract_names_every_shipped_lesson() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/static/lessons");
    let index = std::fs::read_to_string(format!("{dir}/index.txt")).unwrap();
    let files: Vec<&str> = index
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .collect();
    assert!(files.len() >= 7, "the lessons' index lists them: {files:?}");
    let row = parameter_row("lesson");
    for file in files {
        let lesson = std::fs::read_to_string(format!("{dir}/{file}")).unwrap();
        let id = lesson
            .lines()
            .find_map(|line| line.strip_prefix("id:"))
            .unwrap_or_else(|| panic!("{file} has an id: line"))
            .trim();
        assert!(
            row.contains(&format!("`{id}`")),
            "the lesson row lacks `{id}` ({file}): {row}"
        );
    }
}

/// The repository's root, where README.md and docs/ are.
fn root() -> &'static std::path::Path {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// README.md is the front door: at most 200 lines, with the two commands, `make test` on a
/// line of its own (CI runs the README's test command).
#[test]
fn the_readme_is_short_and_gives_the_two_commands() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let lines = readme.lines().count();
    assert!(lines <= 200, "README.md has {lines} lines; at most 200");
    for command in ["make serve", "make test"] {
        assert!(
            readme
                .lines()
                .any(|line| line.trim_start().starts_with(command)),
            "README.md has a line starting with `{command}`"
        );
    }
}

/// The markdown pages whose links are checked: README.md and every `.md` file in docs/.
fn markdown_pages() -> Vec<std::path::PathBuf> {
    let mut pages = vec![root().join("README.md")];
    let mut docs: Vec<_> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .collect();
    docs.sort();
    assert!(!docs.is_empty(), "docs/ holds the documentation");
    pages.extend(docs);
    pages
}

/// The lines of a markdown text outside fenced code blocks, with inline code spans removed
/// (a `](` inside backticks is not a link).
fn prose_lines(text: &str) -> Vec<String> {
    let mut in_fence = false;
    let mut lines = Vec::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_fence = !in_fence;
            continue;
        }
        if in_fence {
            continue;
        }
        let mut prose = String::new();
        for (i, part) in line.split('`').enumerate() {
            if i % 2 == 0 {
                prose.push_str(part);
            } else {
                // A code span is kept as one placeholder, so that link text made of code
                // (`[`?lesson=basics`](…)`) still reads as a link.
                prose.push('x');
            }
        }
        lines.push(prose);
    }
    lines
}

/// The targets of the inline links and images of a markdown text: what stands between
/// `](` and the next `)`, without a title.
fn link_targets(text: &str) -> Vec<String> {
    let mut targets = Vec::new();
    for line in prose_lines(text) {
        let mut rest = line.as_str();
        while let Some(start) = rest.find("](") {
            rest = &rest[start + 2..];
            let end = rest.find(')').expect("a link's target ends with )");
            let target = rest[..end].split_whitespace().next().unwrap_or("");
            targets.push(target.to_owned());
            rest = &rest[end..];
        }
    }
    targets
}

/// The anchor GitHub gives a heading: lower case, letters, digits, `-` and `_` kept, spaces
/// made `-`, everything else (punctuation, backticks) dropped; a repeated heading gets `-1`,
/// `-2`, ….
fn heading_anchors(text: &str) -> Vec<String> {
    let mut anchors: Vec<String> = Vec::new();
    let mut slugs: Vec<String> = Vec::new();
    for line in prose_lines_with_code(text) {
        let Some(title) = line.strip_prefix('#') else {
            continue;
        };
        let Some(title) = title.trim_start_matches('#').strip_prefix(' ') else {
            continue;
        };
        let title = title.trim();
        let slug: String = title
            .to_lowercase()
            .chars()
            .filter_map(|c| match c {
                ' ' => Some('-'),
                c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
                _ => None,
            })
            .collect();
        let repeats = slugs.iter().filter(|s| **s == slug).count();
        anchors.push(if repeats == 0 {
            slug.clone()
        } else {
            format!("{slug}-{repeats}")
        });
        slugs.push(slug);
    }
    anchors
}

/// The lines of a markdown text outside fenced code blocks, code spans kept (a heading's
/// anchor includes the text of its code).
fn prose_lines_with_code(text: &str) -> Vec<&str> {
    let mut in_fence = false;
    text.lines()
        .filter(|line| {
            if line.trim_start().starts_with("```") {
                in_fence = !in_fence;
                return false;
            }
            !in_fence
        })
        .collect()
}

#[test]
fn github_anchors_are_made_as_github_makes_them() {
    let text = "# The page's contract\n## The `<iframe>` underneath\n```\n# not a heading\n```\n\
                ## What `make test` runs\n## Notes\n## Notes and more\n## Notes\n";
    assert_eq!(
        heading_anchors(text),
        [
            "the-pages-contract",
            "the-iframe-underneath",
            "what-make-test-runs",
            "notes",
            "notes-and-more",
            "notes-1"
        ]
    );
    assert_eq!(
        link_targets("[a](b.md#c) and `[x](not-a-link)` and ![i](d.png \"t\")\n```\n[e](f)\n```"),
        ["b.md#c", "d.png"]
    );
}

/// Every relative link in README.md and docs/*.md leads to a file that exists, and a link
/// to a heading (`page.md#heading`, or `#heading` in the same page) to a heading of it.
#[test]
fn every_relative_link_in_the_documentation_leads_somewhere() {
    let mut checked = 0;
    for page in markdown_pages() {
        let text = std::fs::read_to_string(&page).unwrap();
        let name = page.strip_prefix(root()).unwrap().display().to_string();
        for target in link_targets(&text) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (path, anchor) = match target.split_once('#') {
                Some((path, anchor)) => (path, Some(anchor)),
                None => (target.as_str(), None),
            };
            let file = if path.is_empty() {
                page.clone()
            } else {
                page.parent().unwrap().join(path)
            };
            assert!(
                file.is_file(),
                "{name} links to {target}, but {} is not a file",
                file.display()
            );
            if let Some(anchor) = anchor {
                assert!(
                    file.extension().is_some_and(|ext| ext == "md"),
                    "{name} links to a heading of {target}, which is not a markdown page"
                );
                let anchors = heading_anchors(&std::fs::read_to_string(&file).unwrap());
                assert!(
                    anchors.iter().any(|a| a == anchor),
                    "{name} links to {target}, but that page has no heading #{anchor}: {anchors:?}"
                );
            }
            checked += 1;
        }
    }
    assert!(
        checked >= 20,
        "the pages link to each other ({checked} links)"
    );
}
