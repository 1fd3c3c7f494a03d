//! The browser calls the app makes: the address bar, saved sessions (`sessions`), the preferred
//! language, timers and frames, the clipboard, fetching lessons and language files, and
//! the height an embedded page reports to its course page.

use crate::state::LessonAction;
use wasm_bindgen::prelude::*;

use crate::lang::Lang;
use wasm_bindgen::JsCast;

mod idb;
mod sessions;
pub use sessions::{
    is_pointer, newest_kept_items, read_session, restore_kept_state, save_state, saved_state,
};

/// The page's query string, without the `?` (empty when there is none).
pub fn current_query() -> String {
    web_sys::window()
        .and_then(|w| w.location().search().ok())
        .map(|s| s.trim_start_matches('?').to_owned())
        .unwrap_or_default()
}

/// Longest query string written to the address bar; longer states are not mirrored.
pub const MAX_URL_QUERY: usize = 100_000;

/// Replaces the address bar's query string without reloading or adding history, or, when
/// it is too long to be mirrored ([`MAX_URL_QUERY`]), empties it (if `bare_when_too_long`).
/// Returns false when the query was too long.
pub fn replace_query(query: &str, bare_when_too_long: bool) -> bool {
    let fits = query.len() <= MAX_URL_QUERY;
    let Some(window) = web_sys::window().filter(|_| fits || bare_when_too_long) else {
        return fits;
    };
    let path = window.location().pathname().unwrap_or_else(|_| "/".into());
    let url = if query.is_empty() || !fits {
        path
    } else {
        format!("{path}?{query}")
    };
    if let Ok(history) = window.history() {
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&url));
    }
    fits
}

fn describe_error(error: &JsValue) -> String {
    let field = |name: &str| {
        js_sys::Reflect::get(error, &JsValue::from_str(name))
            .ok()
            .and_then(|v| v.as_string())
    };
    match (field("name"), field("message")) {
        (Some(name), Some(message)) => format!("{name}: {message}"),
        (Some(name), None) => name,
        _ => error
            .as_string()
            .unwrap_or_else(|| "unknown error".to_owned()),
    }
}

fn local_storage() -> Result<web_sys::Storage, String> {
    let window = web_sys::window().ok_or("no window")?;
    window
        .local_storage()
        .map_err(|e| describe_error(&e))?
        .ok_or_else(|| "local storage is not available".to_owned())
}

/// The value stored under `key`, if any (a refused read counts as none).
fn stored(storage: &web_sys::Storage, key: &str) -> Option<String> {
    storage.get_item(key).ok().flatten()
}

/// Stores `value` under `key`, or says why the browser refused.
fn store(storage: &web_sys::Storage, key: &str, value: &str) -> Result<(), String> {
    storage.set_item(key, value).map_err(|e| describe_error(&e))
}

/// Opens the page's own address without a query (a bare visit, which restores the saved
/// session).
pub fn open_bare_page() {
    if let Some(window) = web_sys::window() {
        let path = window.location().pathname().unwrap_or_else(|_| "/".into());
        let _ = window.location().assign(&path);
    }
}

/// The local-storage key that remembers the introduction was hidden.
const INTRO_KEY: &str = "bloomlab.intro-dismissed";

/// Whether the reader hid the one-line introduction in an earlier visit.
pub fn intro_dismissed() -> bool {
    local_storage()
        .ok()
        .and_then(|storage| stored(&storage, INTRO_KEY))
        .is_some()
}

/// Remembers that the reader hid the introduction (nothing happens where storage is
/// refused: it shows again next time).
pub fn remember_intro_dismissed() {
    if let Ok(storage) = local_storage() {
        let _ = store(&storage, INTRO_KEY, "1");
    }
}

/// The browser's preferred supported language (`navigator.languages`), else English.
pub fn preferred_lang() -> Lang {
    let mut tags: Vec<String> = Vec::new();
    if let Some(window) = web_sys::window() {
        for tag in js_sys::Array::from(&window.navigator().languages()).iter() {
            tags.extend(tag.as_string());
        }
    }
    Lang::from_browser(tags.iter().map(String::as_str))
}

/// Sets `<html lang>` so screen readers and fonts follow the page's language.
pub fn set_document_lang(key: &str) {
    if let Some(root) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    {
        let _ = root.set_attribute("lang", key);
    }
}

/// Milliseconds since the page started (`performance.now()`), or 0 where there is none.
pub fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map(|p| p.now())
        .unwrap_or(0.0)
}

type Task = Box<dyn FnOnce()>;

thread_local! {
    static PENDING: std::cell::RefCell<std::collections::VecDeque<Task>> =
        std::cell::RefCell::default();
    static CHANNEL: Option<web_sys::MessageChannel> = {
        let channel = web_sys::MessageChannel::new().ok();
        if let Some(channel) = &channel {
            let on_message = Closure::<dyn Fn(web_sys::MessageEvent)>::new(|_| {
                let task = PENDING.with(|p| p.borrow_mut().pop_front());
                if let Some(task) = task {
                    task();
                }
            });
            channel.port1().set_onmessage(Some(on_message.as_ref().unchecked_ref()));
            // The channel lives as long as the page; so does its handler.
            on_message.forget();
        }
        channel
    };
}

/// Runs `f` in a new task as soon as the browser has handled pending input and, when a
/// frame is due, painted: a `MessageChannel` message, which unlike `setTimeout(0)` is not
/// throttled to 4 ms. One channel serves every call, in order.
pub fn yield_then(f: impl FnOnce() + 'static) {
    PENDING.with(|p| p.borrow_mut().push_back(Box::new(f)));
    CHANNEL.with(|channel| {
        if let Some(channel) = channel {
            let _ = channel.port2().post_message(&JsValue::NULL);
        }
    });
}

/// The plain text of a clipboard event's data, as a JavaScript string (not yet copied into
/// the app's memory).
pub fn clipboard_text(data: &web_sys::DataTransfer) -> Option<js_sys::JsString> {
    let get_data: js_sys::Function = js_sys::Reflect::get(data, &"getData".into())
        .ok()?
        .dyn_into()
        .ok()?;
    get_data.call1(data, &"text".into()).ok()?.dyn_into().ok()
}

/// Runs `f` at the start of the next frame (`requestAnimationFrame`), so that work split
/// over several calls has the page restyled and painted between the parts. Hidden pages
/// get no frames; the work then waits until the page is shown.
pub fn next_frame(f: impl FnOnce() + 'static) {
    request_frame(Box::new(f));
}

/// Runs `f` in a task of its own once the browser has drawn a frame ([`next_frame`], then
/// [`yield_then`]), so that what was rendered before it is styled and laid out in that
/// frame, not in one task with what `f` renders. A page that draws no frames (a hidden tab,
/// a frame out of sight) runs `f` after [`NO_FRAME_MS`] instead.
pub fn after_paint(f: impl FnOnce() + 'static) {
    let once: std::rc::Rc<std::cell::Cell<Option<Task>>> =
        std::rc::Rc::new(std::cell::Cell::new(Some(Box::new(f))));
    let painted = once.clone();
    next_frame(move || {
        yield_then(move || {
            if let Some(f) = painted.take() {
                f()
            }
        })
    });
    after_ms(NO_FRAME_MS, move || {
        if let Some(f) = once.take() {
            f()
        }
    });
}

/// How long [`after_paint`] waits for a frame before it runs its work anyway.
pub const NO_FRAME_MS: i32 = 200;

/// [`next_frame`] for any callback: one JavaScript closure type serves every call.
fn request_frame(f: Box<dyn FnOnce()>) {
    if let Some(window) = web_sys::window() {
        let callback = Closure::once_into_js(f);
        let _ = window.request_animation_frame(callback.unchecked_ref());
    }
}

/// Gives the keyboard focus to the element with this id, and returns it (none when the
/// page has no such element).
pub fn focus(id: &str) -> Option<web_sys::HtmlElement> {
    let element = web_sys::window()?
        .document()?
        .get_element_by_id(id)?
        .dyn_into::<web_sys::HtmlElement>()
        .ok()?;
    let _ = element.focus();
    Some(element)
}

/// The id of the element that has the keyboard focus; `None` when no element but the
/// page's body has it (as after the focused element was removed).
pub fn focused_id() -> Option<String> {
    let document = web_sys::window()?.document()?;
    let focused = document.active_element()?;
    let body: Option<web_sys::Element> = document.body().map(Into::into);
    (Some(&focused) != body.as_ref()).then(|| focused.id())
}

/// Frames an element must keep its place before [`bring_into_view`] stops following it.
const SETTLED_FRAMES: u32 = 6;

/// Scrolls the element with this id into the room the window leaves under the lesson
/// docked at its top (`#lesson`, sticky; none without a lesson), unless it is there
/// already: its bottom to the window's bottom (so that as much as possible of what is above
/// it stays), or its top to the lesson's foot when it is taller than that room. The page may
/// still be changing when a step is shown (a large change reaches the bit array a part per
/// frame, each part moving what lies below it; a view the step opened renders its parts a
/// frame later), so it waits while the grid is drawing and follows the element until it has
/// kept its place for [`SETTLED_FRAMES`] frames, checking each frame for at most about
/// `frames_left` frames. A later call stops the one before it.
pub fn bring_into_view(id: &'static str, frames_left: u32) {
    stop_bringing_into_view();
    let call = FOLLOWING.with(std::cell::Cell::get);
    follow_into_view(Follow { id, call }, frames_left, None, 0);
}

/// Stops a [`bring_into_view`] call still following its element (a step that shows
/// nothing in particular leaves the page where the reader has it).
pub fn stop_bringing_into_view() {
    FOLLOWING.with(|following| following.set(following.get().wrapping_add(1)));
}

thread_local! {
    /// The number of the latest [`bring_into_view`] call: only that one goes on following.
    static FOLLOWING: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// The element a [`bring_into_view`] call follows, and that call's number.
#[derive(Clone, Copy)]
struct Follow {
    id: &'static str,
    call: u32,
}

/// One frame of [`bring_into_view`]: `last_top` is where the element stood the frame
/// before, `still` how many frames it has stood there.
fn follow_into_view(follow: Follow, frames_left: u32, last_top: Option<f64>, still: u32) {
    if FOLLOWING.with(std::cell::Cell::get) != follow.call {
        return;
    }
    let Some(window) = web_sys::window() else {
        return;
    };
    let Some(document) = window.document() else {
        return;
    };
    let busy = document
        .query_selector(".bit-grid[aria-busy]")
        .ok()
        .flatten()
        .is_some();
    if busy && frames_left > 0 {
        return next_frame(move || follow_into_view(follow, frames_left - 1, None, 0));
    }
    let Some(element) = document.get_element_by_id(follow.id) else {
        return;
    };
    let height = window
        .inner_height()
        .ok()
        .and_then(|h| h.as_f64())
        .unwrap_or(0.0);
    // Once the page scrolls, the lesson sticks at the window's top: the room starts under it.
    let docked = document
        .get_element_by_id("lesson")
        .map_or(0.0, |lesson| lesson.get_bounding_client_rect().height());
    let rect = element.get_bounding_client_rect();
    // A pixel's grace: a scroll moves by whole pixels, and an element may end a fraction
    // of one past the window's edge.
    let (top, still) = if rect.top() < docked - 1.0 || rect.bottom() > height + 1.0 {
        let scroll = if rect.height() > height - docked {
            rect.top() - docked
        } else {
            rect.bottom() - height
        };
        window.scroll_by_with_x_and_y(0.0, scroll);
        (element.get_bounding_client_rect().top(), 0)
    } else if last_top == Some(rect.top()) {
        (rect.top(), still + 1)
    } else {
        (rect.top(), 0)
    };
    if still < SETTLED_FRAMES && frames_left > 0 {
        next_frame(move || follow_into_view(follow, frames_left - 1, Some(top), still));
    }
}

/// Starts fetching a URL relative to the page; [`read_text`] waits for it.
fn start_fetch(url: &str) -> Result<js_sys::Promise, String> {
    Ok(web_sys::window().ok_or("no window")?.fetch_with_str(url))
}

/// The text of a fetch started by [`start_fetch`], or why there is none.
async fn read_text(url: &str, fetch: Result<js_sys::Promise, String>) -> Result<String, String> {
    use wasm_bindgen_futures::JsFuture;
    let describe = |e: JsValue| format!("{url}: {}", describe_error(&e));
    let response: web_sys::Response = JsFuture::from(fetch?)
        .await
        .map_err(describe)?
        .dyn_into()
        .map_err(describe)?;
    if !response.ok() {
        return Err(format!("{url}: HTTP {}", response.status()));
    }
    let text = JsFuture::from(response.text().map_err(describe)?)
        .await
        .map_err(describe)?;
    text.as_string().ok_or_else(|| format!("{url}: not text"))
}

/// Makes `lang`'s texts available: at once for English or a language already installed,
/// else by fetching and installing its file (`i18n/zh.txt`, `i18n/ja.txt`). The error names
/// the file and what went wrong.
pub async fn load_language(lang: Lang) -> Result<(), String> {
    if lang.installed().is_some() {
        return Ok(());
    }
    let url = lang.file();
    let file = read_text(&url, start_fetch(&url)).await?;
    crate::i18n::install(lang, file).map_err(|problem| format!("{url}: {problem}"))
}

/// Runs `f` once after `ms` milliseconds.
pub fn after_ms(ms: i32, f: impl FnOnce() + 'static) {
    if let Some(window) = web_sys::window() {
        // Boxed: the one JavaScript closure type that `next_frame` uses too.
        let f: Box<dyn FnOnce()> = Box::new(f);
        let callback = Closure::once_into_js(f);
        let _ = window
            .set_timeout_with_callback_and_timeout_and_arguments_0(callback.unchecked_ref(), ms);
    }
}

/// Runs `f` once the browser is idle (`requestIdleCallback`, at most a second later), or
/// after the current task where the browser has no idle callbacks.
pub fn when_idle(f: impl FnOnce() + 'static) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let f: Box<dyn FnOnce()> = Box::new(f);
    let callback = Closure::once_into_js(f);
    let options = web_sys::IdleRequestOptions::new();
    options.set_timeout(1000);
    let idle = window.request_idle_callback_with_options(callback.unchecked_ref(), &options);
    if idle.is_err() {
        let _ = window
            .set_timeout_with_callback_and_timeout_and_arguments_0(callback.unchecked_ref(), 0);
    }
}

/// Fetches `lessons/index.txt` and, in parallel, every lesson it lists; files that cannot
/// be fetched or read are returned with their problem beside the lessons that can.
pub async fn fetch_lessons() -> crate::state::Action {
    use crate::state::lesson_file::{parse_index, parse_lesson};
    use crate::state::Action;
    let index_url = "lessons/index.txt";
    let index = match read_text(index_url, start_fetch(index_url)).await {
        Ok(index) => index,
        Err(why) => return Action::Lesson(LessonAction::Failed(why)),
    };
    let files = parse_index(&index);
    let started: Vec<_> = files
        .iter()
        .map(|file| {
            let url = format!("lessons/{file}");
            let fetch = start_fetch(&url);
            (url, fetch)
        })
        .collect();
    let mut lessons = Vec::new();
    let mut problems = Vec::new();
    for (file, (url, fetch)) in files.into_iter().zip(started) {
        let source = read_text(&url, fetch).await;
        match source.and_then(|s| parse_lesson(&s).map_err(|e| e.to_string())) {
            Ok(lesson) => lessons.push(std::rc::Rc::new(lesson)),
            Err(why) => problems.push((file, why)),
        }
    }
    Action::Lesson(LessonAction::Loaded(lessons, problems))
}

/// The message an embedded page posts to its parent when its height changes:
/// `{ type: "bloomlab:height", height: <CSS pixels> }`.
pub const HEIGHT_MESSAGE: &str = "bloomlab:height";

/// The parent window, when the page is in a frame.
fn parent_window() -> Option<web_sys::Window> {
    let window = web_sys::window()?;
    window
        .parent()
        .ok()
        .flatten()
        .filter(|parent| *parent != window)
}

/// In a frame, posts `message` to the parent window (any origin may embed the page, so any
/// may read what it posts: nothing private is posted).
pub fn post_to_parent(message: &JsValue) {
    if let Some(parent) = parent_window() {
        let _ = parent.post_message(message, "*");
    }
}

/// In an `<iframe>`, tells the parent page the document's height now and whenever it
/// changes, so a course page can size the frame. Messages go to the parent window only; the
/// page listens to no messages from any window.
///
/// The first message is posted at once, not by the observer: a browser does not render a
/// frame of another origin that is out of sight (a second `<bloom-lab>` below the first), so
/// its resize observer waits until the reader scrolls to it, while reading the height lays
/// the document out in any case.
pub fn report_height_to_parent() {
    let Some(parent) = parent_window() else {
        return;
    };
    let Some(root) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    else {
        return;
    };
    let measured = root.clone();
    let on_resize = Closure::<dyn Fn()>::new(move || {
        let message = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&message, &"type".into(), &HEIGHT_MESSAGE.into());
        let height = JsValue::from_f64(f64::from(measured.scroll_height()));
        let _ = js_sys::Reflect::set(&message, &"height".into(), &height);
        // The height is not private: any origin may embed the page, so any may read it.
        let _ = parent.post_message(&message, "*");
    });
    let post_now: &js_sys::Function = on_resize.as_ref().unchecked_ref();
    let _ = post_now.call0(&JsValue::NULL);
    if let Ok(observer) = web_sys::ResizeObserver::new(on_resize.as_ref().unchecked_ref()) {
        observer.observe(&root);
        // The observer lives as long as the page; so does its callback.
        on_resize.forget();
        std::mem::forget(observer);
    }
}
