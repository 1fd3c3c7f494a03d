//! The core benchmark workload in wasm32, run by `make bench` in headless Chromium; prints
//! ns per insert and per query for each family as `WASM_BENCH` lines.
#![cfg(target_arch = "wasm32")]

use bloomlab::filter::HashFamily;
use wasm_bindgen_test::*;

#[path = "../benches/workload.rs"]
mod workload;

wasm_bindgen_test_configure!(run_in_browser);

fn now() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map(|p| p.now())
        .unwrap_or(0.0)
}

/// Median of `runs` timings of `f`, in ms.
fn median_ms(runs: usize, mut f: impl FnMut()) -> f64 {
    let mut times: Vec<f64> = (0..runs)
        .map(|_| {
            let start = now();
            f();
            now() - start
        })
        .collect();
    #[expect(
        clippy::disallowed_methods,
        reason = "a benchmark: its sort never reaches the page"
    )]
    times.sort_by(f64::total_cmp);
    times[runs / 2]
}

#[wasm_bindgen_test]
fn core_workload_in_wasm() {
    let (members, probes) = workload::items();
    for family in HashFamily::DOUBLE_HASHING {
        let insert_ms = median_ms(5, || {
            std::hint::black_box(workload::insert_all(family, &members));
        });
        let filter = workload::insert_all(family, &members);
        let mut found = 0;
        let query_ms = median_ms(5, || found = workload::query_all(&filter, &probes));
        let per_op = |ms: f64| ms * 1e6 / workload::N as f64;
        console_log!(
            "WASM_BENCH {} insert_ns={:.1} query_ns={:.1} false_positives={}",
            family.key(),
            per_op(insert_ms),
            per_op(query_ms),
            found
        );
        assert!(
            found > 0 && found < workload::N / 50,
            "the rate is about 1 %"
        );
    }
}
