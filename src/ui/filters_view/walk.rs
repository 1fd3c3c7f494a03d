//! A walk through one operation, step by step: its sentence, the slots it marks, Back,
//! Next and Close, and the arithmetic table of the item. The page's → and ← step it too.

use wasm_bindgen::prelude::*;
use web_sys::{Element, KeyboardEvent};
use yew::prelude::*;

use super::texts::Texts;

/// One step of a walk: its sentence and the cells it marks (bucket or slot numbers).
#[derive(Debug, Clone, PartialEq)]
pub struct WalkLine {
    /// What the step reads or does.
    pub sentence: String,
    /// The buckets (cuckoo) or slots (quotient) the step is about.
    pub marks: Vec<u64>,
}

/// One arithmetic row: what is computed, its formula with the numbers, and the result.
pub type ArithmeticRow = (&'static str, String, String);

/// An operation walked: its title, steps and arithmetic.
#[derive(Debug, Clone, PartialEq)]
pub struct Walk {
    /// The walk's title.
    pub title: String,
    /// The steps, at least one.
    pub lines: Vec<WalkLine>,
    /// The step shown.
    pub step: usize,
    /// The item's arithmetic.
    pub arithmetic: Vec<ArithmeticRow>,
}

impl Walk {
    /// The marks of the step shown.
    pub fn marks(&self) -> &[u64] {
        self.lines.get(self.step).map_or(&[], |l| &l.marks)
    }
}

/// The walk's panel.
pub fn walk_panel(t: &Texts, walk: &Walk, onstep: Callback<isize>, onclose: Callback<()>) -> Html {
    let total = walk.lines.len();
    let line = &walk.lines[walk.step.min(total - 1)];
    let back = onstep.reform(|_: MouseEvent| -1);
    let next = onstep.reform(|_: MouseEvent| 1);
    let close = onclose.reform(|_: MouseEvent| ());
    html! {
        <section class="panel walk filters-walk" aria-labelledby="filters-walk-title"
                 data-walk-step={walk.step.to_string()} data-walk-steps={total.to_string()}>
            <h2 id="filters-walk-title">{ &walk.title }</h2>
            <p class="walk-progress">{ format!("{} / {}", walk.step + 1, total) }</p>
            <p class="walk-sentence" id="filters-walk-sentence" aria-live="polite">{ &line.sentence }</p>
            <div class="toolbar">
                <button id="filters-walk-back" onclick={back} disabled={walk.step == 0}>{ t.get("walk_back") }</button>
                <button id="filters-walk-next" class="primary" onclick={next}
                        disabled={walk.step + 1 >= total}>{ t.get("walk_next") }</button>
                <button id="filters-walk-close" onclick={close}>{ t.get("walk_close") }</button>
            </div>
            <p class="hint">{ t.get("walk_keys") }</p>
            if !walk.arithmetic.is_empty() {
                <h3>{ t.get("arithmetic") }</h3>
                <table class="filters-arithmetic">
                    { for walk.arithmetic.iter().map(|(name, formula, result)| html! {
                        <tr><th scope="row">{ *name }</th><td><code>{ formula }</code></td>
                            <td><code>{ result }</code></td></tr>
                    }) }
                </table>
            }
        </section>
    }
}

/// → and ← step the walk while it is open, unless a field has the keys.
#[hook]
pub fn use_walk_keys(open: bool, onstep: Callback<isize>) {
    let current = use_mut_ref(|| onstep.clone());
    *current.borrow_mut() = onstep;
    let onstep = current;
    use_effect_with(open, move |&open| {
        let listener = open.then(|| {
            Closure::<dyn Fn(KeyboardEvent)>::new(move |e: KeyboardEvent| {
                let in_field = e
                    .target()
                    .and_then(|t| t.dyn_into::<Element>().ok())
                    .is_some_and(|el| {
                        matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT")
                    });
                let delta = match e.key().as_str() {
                    "ArrowRight" => 1,
                    "ArrowLeft" => -1,
                    _ => return,
                };
                if !in_field {
                    e.prevent_default();
                    onstep.borrow().emit(delta);
                }
            })
        });
        let document = web_sys::window().and_then(|w| w.document());
        if let (Some(doc), Some(l)) = (&document, &listener) {
            // In the capture phase: the keys pressed inside the view stop at its element.
            let _ = doc.add_event_listener_with_callback_and_bool(
                "keydown",
                l.as_ref().unchecked_ref(),
                true,
            );
        }
        move || {
            if let (Some(doc), Some(l)) = (document, listener) {
                let _ = doc.remove_event_listener_with_callback_and_bool(
                    "keydown",
                    l.as_ref().unchecked_ref(),
                    true,
                );
            }
        }
    });
}
