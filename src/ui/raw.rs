//! Panels that have no event handlers are written as one markup string
//! ([`crate::markup::Markup`], which escapes every value it is given) and handed to Yew as a
//! raw node: far less code than one `html!` element per cell.

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
