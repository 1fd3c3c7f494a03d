//! What the views that are WebAssembly modules of their own (the filters view, the files
//! view) share: mounting their Yew app inside the page's element, and their texts (English
//! compiled in, Chinese and Japanese fetched when first shown in that language).

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::Element;
use yew::prelude::*;
use yew::AppHandle;

use crate::i18n::view_texts::{ViewText, ViewTextFiles, ViewTexts};
use crate::lang::Lang;

/// Where a module's messages to the page go: the page's function, called with each
/// message's bytes. It is the same function for the module's whole life, so props holding it
/// compare equal.
#[derive(Clone)]
pub struct PageAnswer(pub js_sys::Function);

impl PartialEq for PageAnswer {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl PageAnswer {
    /// Sends the page one message (its encoded bytes).
    pub fn send(&self, message: &[u8]) {
        let _ = self.0.call1(
            &wasm_bindgen::JsValue::NULL,
            &js_sys::Uint8Array::from(message),
        );
    }
}

/// A module's app as mounted: the page's element it draws into, and the app.
pub type MountedApp<C> = RefCell<Option<(Element, AppHandle<C>)>>;

/// Draws `props` with the app `C` into `root`: an update when the app is mounted there
/// already, otherwise a new app (any app mounted elsewhere before is destroyed). The app's
/// Yew number starts at `first_app` (see [`isolated`]).
pub fn mount_or_update<C>(
    mounted: &MountedApp<C>,
    root: Element,
    props: C::Properties,
    first_app: u32,
) where
    C: BaseComponent,
{
    let mut mounted = mounted.borrow_mut();
    match mounted.as_mut() {
        Some((element, handle)) if *element == root => handle.update(props),
        _ => {
            if let Some((_, old)) = mounted.take() {
                old.destroy();
            }
            let Some(inner) = isolated(&root, first_app) else {
                return;
            };
            let handle = yew::Renderer::<C>::with_root_and_props(inner, props).render();
            *mounted = Some((root, handle));
        }
    }
}

#[function_component(Placeholder)]
fn placeholder() -> Html {
    html! {}
}

/// A new element inside `root` for a module's app, whose Yew number is `first_app` or
/// more. Yew numbers each app it mounts (1, 2, …) and marks the app's root element with its
/// number; the page's Yew app, number 1, handles events from the top of the page and reads
/// that mark to find the app an event belongs to. A module's Yew counts from 1 as well, so
/// its apps start past the page's (and past the other module's): the marks differ and each
/// app handles only its own events.
fn isolated(root: &Element, first_app: u32) -> Option<Element> {
    let document = root.owner_document()?;
    thread_local! {
        static SKIPPED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    }
    if !SKIPPED.with(|s| s.replace(true)) {
        for _ in 1..first_app {
            let spare = document.create_element("div").ok()?;
            yew::Renderer::<Placeholder>::with_root(spare)
                .render()
                .destroy();
        }
    }
    let inner = document.create_element("div").ok()?;
    root.set_inner_html("");
    root.append_child(&inner).ok()?;
    Some(inner)
}

thread_local! {
    /// The texts fetched, by the files' stem and language.
    static FETCHED: RefCell<HashMap<(&'static str, Lang), Rc<ViewText>>> = RefCell::new(HashMap::new());
    /// English, by the files' stem, read once.
    static ENGLISH: RefCell<HashMap<&'static str, Rc<ViewText>>> = RefCell::new(HashMap::new());
}

/// The texts of `files` in `lang` as far as they are here (English until `lang`'s file
/// has been fetched).
pub fn texts_of(files: ViewTextFiles, lang: Lang) -> ViewTexts {
    let english = ENGLISH.with(|e| {
        Rc::clone(
            e.borrow_mut()
                .entry(files.stem)
                .or_insert_with(|| Rc::new(ViewText::english(files))),
        )
    });
    let lang = FETCHED.with(|f| f.borrow().get(&(files.stem, lang)).cloned());
    ViewTexts::new(english, lang)
}

/// Whether the texts of `files` in `lang` are here (English always is).
pub fn has(files: ViewTextFiles, lang: Lang) -> bool {
    lang == Lang::En || FETCHED.with(|f| f.borrow().contains_key(&(files.stem, lang)))
}

/// Fetches the file of `files` in `lang` (`i18n/<stem>_<lang>.txt`) and keeps it; `then()`
/// once it is here. A file that cannot be fetched or read leaves the view in English.
pub fn fetch(files: ViewTextFiles, lang: Lang, then: impl FnOnce() + 'static) {
    if has(files, lang) {
        return;
    }
    wasm_bindgen_futures::spawn_local(async move {
        let Some(window) = web_sys::window() else {
            return;
        };
        let address = format!("i18n/{}_{}.txt", files.stem, lang.key());
        let Ok(response) = JsFuture::from(window.fetch_with_str(&address)).await else {
            return;
        };
        let Ok(response) = response.dyn_into::<web_sys::Response>() else {
            return;
        };
        if !response.ok() {
            return;
        }
        let Ok(body) = response.text().map(JsFuture::from) else {
            return;
        };
        let Ok(body) = body.await else {
            return;
        };
        if let Some(Ok(text)) = body.as_string().map(|b: String| ViewText::parse(&b)) {
            FETCHED.with(|f| f.borrow_mut().insert((files.stem, lang), Rc::new(text)));
            then();
        }
    });
}

/// The texts of `files` in the view's language, fetched when first shown in it: the
/// component draws again once they are here.
#[hook]
pub fn use_view_texts(files: ViewTextFiles, lang: Lang) -> ViewTexts {
    let arrived = use_state(|| 0u32);
    {
        let arrived = arrived.clone();
        use_effect_with(lang, move |&lang| {
            fetch(files, lang, move || arrived.set(*arrived + 1));
        });
    }
    texts_of(files, lang)
}
