//! Panels that have no event handlers are written as one markup string
//! ([`crate::markup::Markup`], which escapes every value it is given) and handed to Yew as a
//! raw node: far less code than one `html!` element per cell. This is the one place where
//! markup text becomes part of the page.

use web_sys::Element;
use yew::{AttrValue, Html};

pub use crate::markup::{escape, Markup, ToMarkup, Trusted};

/// Markup as a node of the page.
pub trait IntoHtml {
    /// The node.
    fn html(self) -> Html;
}

impl IntoHtml for Markup {
    fn html(self) -> Html {
        Html::from_html_unchecked(AttrValue::from(self.into_string()))
    }
}

/// Replaces what `element` holds with `markup` (drawings made outside Yew's tree, such as
/// the lines from the strip to the bit array).
pub fn set_markup(element: &Element, markup: Markup) {
    element.set_inner_html(&markup.into_string());
}
