//! Browser tests, run in headless Chromium by wasm-bindgen-test.
#![cfg(target_arch = "wasm32")]
#![expect(
    clippy::disallowed_methods,
    reason = "a test: its sorts never reach the page"
)]

mod common;

use bloomlab::filter::{BloomFilter, FilterShape, HashFamily};
use bloomlab::state::FilterModel;
use bloomlab::ui::components::bit_grid::{BitGrid, BitViewProps};
use bloomlab::ui::marks::{Mark, MarkKind};
use bloomlab::ui::shared::Shared;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlElement, HtmlInputElement};

wasm_bindgen_test_configure!(run_in_browser);

fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

fn fresh_root() -> Element {
    let root = document().create_element("div").unwrap();
    document().body().unwrap().append_child(&root).unwrap();
    root
}

fn set_bits(root: &Element) -> Vec<u64> {
    let cells = root.query_selector_all("[data-bit-set='1']").unwrap();
    (0..cells.length())
        .map(|i| {
            let el: Element = cells.item(i).unwrap().dyn_into().unwrap();
            el.get_attribute("data-bit-index").unwrap().parse().unwrap()
        })
        .collect()
}

#[wasm_bindgen_test]
fn positions_in_wasm_equal_the_native_table() {
    assert_eq!(common::check_position_table(), 156);
}

#[wasm_bindgen_test]
fn decimal_fields_parse_in_wasm_as_natively() {
    assert_eq!(common::check_decimal_cases(), 37);
}

#[wasm_bindgen_test]
async fn the_grid_draws_every_bit_and_labels_marked_cells() {
    let shape = FilterShape::new(16, 3, HashFamily::Fnv1a).unwrap();
    let mut filter = BloomFilter::new(shape);
    filter.insert(b"apple");
    let expected: Vec<u64> = filter.bits().iter_ones().collect();
    let marks = vec![Mark {
        position: 2,
        hash_index: 1,
        kind: MarkKind::Probe,
        adding: false,
        decides: false,
    }];
    let root = fresh_root();
    let props = BitViewProps {
        filter: Shared(Rc::new(FilterModel::Plain(filter))),
        marks,
        cursor: Some(5),
        picked: Vec::new(),
        picking: false,
        named: Vec::new(),
        ondispatch: yew::Callback::noop(),
    };
    yew::Renderer::<BitGrid>::with_root_and_props(root.clone(), props).render();
    yew::scheduler::flush().await;
    assert_eq!(
        root.query_selector_all("[data-bit-index]")
            .unwrap()
            .length(),
        16
    );
    assert_eq!(set_bits(&root), expected);
    let marked = root
        .query_selector("[data-bit-index='2']")
        .unwrap()
        .unwrap();
    assert!(marked
        .get_attribute("class")
        .unwrap()
        .split(' ')
        .any(|c| c == "probe"));
    // The grid is laid out for 720 px before it is measured: 16 cells of 39 px, too small
    // for every cell's index, so the picked cell shows its own index (in place of the hash
    // numbers) and takes hash 1's colour.
    let has_class = |el: &Element, class: &str| {
        el.get_attribute("class")
            .unwrap_or_default()
            .split(' ')
            .any(|c| c == class)
    };
    assert!(has_class(&marked, "show-index"));
    let index = marked.query_selector(".cell-index").unwrap().unwrap();
    assert_eq!(index.text_content().unwrap(), "2");
    assert!(marked.query_selector(".cell-hashes").unwrap().is_none());
    assert!(has_class(&marked, "hash-1"));
    // An unpicked cell of this size shows no index.
    let plain = root
        .query_selector("[data-bit-index='3'] .cell-index")
        .unwrap();
    assert!(plain.is_none());
    let cursor = root.query_selector(".cell.cursor").unwrap().unwrap();
    assert_eq!(cursor.get_attribute("data-bit-index").as_deref(), Some("5"));
    assert_eq!(cursor.id(), "cell-5");
}

#[wasm_bindgen_test]
fn arrow_keys_move_the_cursor_within_the_grid() {
    use bloomlab::state::cursor::CursorStep;
    let cursor_target = |key: &str, cursor: Option<u64>, m: u64, columns: u64| {
        CursorStep::from_key(key, columns).map(|step| step.target(cursor, m))
    };
    assert_eq!(cursor_target("ArrowRight", None, 64, 16), Some(0));
    assert_eq!(cursor_target("ArrowRight", Some(5), 64, 16), Some(6));
    assert_eq!(cursor_target("ArrowRight", Some(63), 64, 16), Some(63));
    assert_eq!(cursor_target("ArrowDown", Some(5), 64, 16), Some(21));
    assert_eq!(cursor_target("ArrowDown", Some(60), 64, 16), Some(63));
    assert_eq!(cursor_target("ArrowUp", Some(5), 64, 16), Some(0));
    assert_eq!(cursor_target("End", Some(5), 64, 16), Some(63));
    assert_eq!(cursor_target("a", Some(5), 64, 16), None);
}

#[wasm_bindgen_test]
async fn typing_previews_positions_and_add_sets_them() {
    let root = fresh_root();
    yew::Renderer::<bloomlab::ui::app::App>::with_root(root.clone()).render();
    until_whole(&root).await;
    let input: HtmlInputElement = root
        .query_selector("#item-field")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    input.set_value("apple");
    input
        .dispatch_event(&web_sys::InputEvent::new("input").unwrap())
        .unwrap();
    yew::scheduler::flush().await;
    // The page's default filter: m = 32, k = 3, murmur3.
    let shape = FilterShape::new(32, 3, HashFamily::default()).unwrap();
    assert_eq!(shape.family(), HashFamily::Murmur3);
    let mut positions: Vec<u64> = shape.positions(b"apple").collect();
    positions.sort();
    positions.dedup();
    let probes = root.query_selector_all(".cell.probe").unwrap().length();
    assert_eq!(
        probes as usize,
        positions.len(),
        "preview marks each position"
    );
    assert!(set_bits(&root).is_empty(), "nothing is set before Add");
    let rows = root
        .query_selector_all("tr[data-hash-index]")
        .unwrap()
        .length();
    assert_eq!(rows, 3);
    let add: HtmlElement = root
        .query_selector("#add-button")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    add.click();
    yew::scheduler::flush().await;
    assert_eq!(set_bits(&root), positions);
    root.remove();
}

/// The page's allocator leaves the zeros of freshly grown memory in place but clears memory
/// that was used before: zeroed blocks (in reused memory, fresh memory, and across the edge
/// between them) read as zeros.
#[wasm_bindgen_test]
fn zeroed_allocations_are_zero_in_reused_and_fresh_memory() {
    for round in 0..3usize {
        let size = (4 << 20) + round * 777_777;
        let dirty = vec![0xA5u8; size];
        drop(dirty);
        // Larger than what was freed: part reused, part from memory.grow.
        let zeroed = vec![0u8; 3 * size];
        assert!(zeroed.iter().all(|&b| b == 0), "round {round}");
        let words = vec![0u64; size / 8];
        assert!(words.iter().all(|&w| w == 0), "round {round}");
        let counters = FilterModel::Counting(
            bloomlab::filter::CountingBloomFilter::new(
                FilterShape::new(1 << 22, 3, HashFamily::Fnv1a).unwrap(),
                4,
            )
            .unwrap(),
        );
        assert_eq!(counters.count_set(), 0, "round {round}");
    }
}

/// The page reads a language file's texts by place, without their names: a file whose
/// names are this page's but not in its order is refused by the check it computes.
#[wasm_bindgen_test]
fn a_language_file_with_two_lines_swapped_is_refused_in_wasm() {
    use bloomlab::i18n::{install, BUNDLED_FILES, EN};
    use bloomlab::lang::Lang;
    let (_, ja) = BUNDLED_FILES[1];
    let mut lines: Vec<&str> = ja.lines().collect();
    let first = lines
        .iter()
        .position(|l| l.starts_with("title = "))
        .unwrap();
    lines.swap(first, first + 1);
    let swapped: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let problem = install(Lang::Ja, swapped).unwrap_err();
    assert_eq!(problem, "written for other texts");
    assert!(Lang::Ja.installed().is_none());
    assert_eq!(Lang::Ja.text().title, EN.title);
    install(Lang::Ja, ja.to_owned()).unwrap();
    assert!(Lang::Ja.text().title.starts_with("ブルーム"));
}

#[path = "support/crafted_footers.rs"]
mod crafted_footers;

/// On wasm32 the parquet crate traps on these footers (2^31 − 1 children reserve 16 GiB; a
/// schema 10,000 levels deep overflows the stack): the reader refuses each by name first.
#[wasm_bindgen_test]
fn crafted_footers_are_refused_by_name_instead_of_trapping() {
    use bloomlab::filter::parquet_summary::FileError;
    use bloomlab::parquet_reader::read_bloom_filters;
    for (name, footer) in crafted_footers::trapping_footers() {
        let file = crafted_footers::parquet_file(&footer);
        let error = read_bloom_filters(&file).expect_err(name);
        assert!(
            matches!(error, FileError::Refused { .. }),
            "{name}: {error:?}"
        );
        assert_eq!(error.key(), "unreadable", "{name}");
    }
    let sound = crafted_footers::parquet_file(&crafted_footers::sound_footer());
    assert_eq!(
        read_bloom_filters(&sound),
        Err(FileError::NoBloomFilter { columns: 0 })
    );
}

/// Waits until the app under `root` has drawn the whole page (a start draws it in parts,
/// one per frame): at most about 5 s.
async fn until_whole(root: &web_sys::Element) {
    for _ in 0..250 {
        yew::scheduler::flush().await;
        if root.query_selector(".app[data-ready]").unwrap().is_some() {
            return;
        }
        let pause = js_sys::Promise::new(&mut |resolve, _| {
            web_sys::window()
                .unwrap()
                .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 20)
                .unwrap();
        });
        wasm_bindgen_futures::JsFuture::from(pause).await.unwrap();
    }
    panic!("the page was not drawn whole within 5 s");
}
