//! The width of an element, kept up to date by a `ResizeObserver`.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// The content width of the element behind `node` in whole CSS pixels, once it has been
/// laid out (`None` before). A change of less than a pixel does not re-render.
#[hook]
pub fn use_width(node: NodeRef) -> Option<f64> {
    let width = use_state_eq(|| None::<f64>);
    {
        let width = width.clone();
        use_effect_with(node, move |node| {
            let element = node.cast::<web_sys::Element>();
            let observer = element.and_then(|element| {
                let on_resize =
                    Closure::<dyn Fn(js_sys::Array)>::new(move |entries: js_sys::Array| {
                        let measured = entries
                            .get(0)
                            .dyn_into::<web_sys::ResizeObserverEntry>()
                            .ok()
                            .map(|entry| entry.content_rect().width().floor());
                        if let Some(measured) = measured.filter(|w| *w > 0.0) {
                            width.set(Some(measured));
                        }
                    });
                let observer =
                    web_sys::ResizeObserver::new(on_resize.as_ref().unchecked_ref()).ok()?;
                observer.observe(&element);
                Some((observer, on_resize))
            });
            move || {
                if let Some((observer, _callback)) = observer {
                    observer.disconnect();
                }
            }
        });
    }
    *width
}
