//! Results a course page can collect: in an embedded page (`embed=1` in a frame), each
//! finished exercise is posted to the parent window as `bloomlab:result`, and the end of a
//! set as `bloomlab:summary`. The page posts nothing else about practice and listens to no
//! message.

use js_sys::{Object, Reflect};
use wasm_bindgen::JsValue;
use yew::prelude::*;

use crate::state::practice::{ExerciseResult, Practice};
use crate::state::AppState;
use crate::ui::browser;

/// What the messages are made of: the seed, each result so far, the set's length, and the
/// score per kind once the set is finished.
#[derive(Clone, PartialEq)]
struct Posted {
    seed: u64,
    results: Vec<ExerciseResult>,
    total: usize,
    by_kind: Option<Vec<(&'static str, u32, u32)>>,
}

impl Posted {
    fn of(practice: &Practice) -> Self {
        Posted {
            seed: practice.seed,
            results: practice.results.clone(),
            total: practice.exercises.len(),
            by_kind: practice.finished().then(|| {
                practice
                    .by_kind()
                    .into_iter()
                    .map(|(kind, right, done)| (kind.key(), right, done))
                    .collect()
            }),
        }
    }
}

/// An object with these fields.
fn object(fields: &[(&str, JsValue)]) -> Object {
    let out = Object::new();
    for (key, value) in fields {
        let _ = Reflect::set(&out, &JsValue::from_str(key), value);
    }
    out
}

/// Posts each new result of the practice set, and its summary once, to the parent window.
#[hook]
pub fn use_practice_messages(state: &AppState) {
    let embedded = state.embedding().compact;
    let now = state.practice().filter(|_| embedded).map(Posted::of);
    // The seed and how many of its results were posted, and whether its summary was.
    let sent = use_mut_ref(|| (u64::MAX, 0usize, false));
    use_effect_with(now, move |now| {
        let Some(now) = now else {
            return;
        };
        let mut sent = sent.borrow_mut();
        if sent.0 != now.seed || sent.1 > now.results.len() {
            *sent = (now.seed, 0, false);
        }
        let seed = JsValue::from_f64(now.seed as f64);
        let total = JsValue::from_f64(now.total as f64);
        for (index, result) in now.results.iter().enumerate().skip(sent.1) {
            let score = now.results[..=index].iter().filter(|r| r.correct).count();
            browser::post_to_parent(&object(&[
                ("type", "bloomlab:result".into()),
                ("seed", seed.clone()),
                ("index", JsValue::from_f64(index as f64 + 1.0)),
                ("kind", result.kind.key().into()),
                ("correct", result.correct.into()),
                ("attempts", JsValue::from_f64(f64::from(result.attempts))),
                ("score", JsValue::from_f64(score as f64)),
                ("total", total.clone()),
            ]));
        }
        sent.1 = now.results.len();
        if let (Some(by_kind), false) = (&now.by_kind, sent.2) {
            let kinds = Object::new();
            for &(kind, right, done) in by_kind {
                let entry = object(&[
                    ("score", JsValue::from_f64(f64::from(right))),
                    ("total", JsValue::from_f64(f64::from(done))),
                ]);
                let _ = Reflect::set(&kinds, &JsValue::from_str(kind), &entry);
            }
            let score = now.results.iter().filter(|r| r.correct).count();
            browser::post_to_parent(&object(&[
                ("type", "bloomlab:summary".into()),
                ("seed", seed),
                ("score", JsValue::from_f64(score as f64)),
                ("total", total),
                ("byKind", kinds.into()),
            ]));
            sent.2 = true;
        }
    });
}
