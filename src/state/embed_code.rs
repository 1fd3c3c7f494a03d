//! The Embed dialog's snippets for the current view: the `<bloom-lab>` element with the
//! page's parameters as attributes (and `embed.js`, which defines it, sizes its frame and
//! re-dispatches the results), and a plain `<iframe>` for a page that cannot load a script.

use crate::markup;
use crate::markup::Markup;
use crate::state::url::percent_decode;

/// One of the dialog's three snippets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EmbedPart {
    /// `<script src=".../embed.js">` and `<bloom-lab ...>`.
    Element,
    /// `<iframe src="...&embed=1">`.
    Iframe,
    /// A script of the course page that reads the widget's results.
    Listener,
}

/// The Embed dialog's snippets.
#[derive(Debug, Clone, PartialEq)]
pub struct EmbedCode {
    /// The `<bloom-lab>` snippet.
    pub element: String,
    /// The `<iframe>` snippet.
    pub iframe: String,
    /// The script that reads results ([`LISTENER`]).
    pub listener: &'static str,
}

/// A course page's script that reads each result of the widget above it (the messages'
/// shape is version 1: `docs/course-pages.md` lists their fields).
pub const LISTENER: &str = concat!(
    "<script>\n",
    "  // After each exercise; event.detail is { type, version, seed, index, kind,\n",
    "  // correct, attempts, revealed, score, total }.\n",
    "  document.querySelector('bloom-lab').addEventListener('bloomlab:result', (event) => {\n",
    "    const { index, score, total } = event.detail;\n",
    "    console.log(`exercise ${index}: ${score} of ${total}`);\n",
    "  });\n",
    "</script>"
);

impl EmbedCode {
    /// The text of one snippet.
    pub fn text(&self, part: EmbedPart) -> &str {
        match part {
            EmbedPart::Element => &self.element,
            EmbedPart::Iframe => &self.iframe,
            EmbedPart::Listener => self.listener,
        }
    }

    /// The snippets for the page at `page` (origin and path, as the address bar has them)
    /// showing `query` (without `?`), whose frame screen readers announce as `title`.
    pub fn new(page: &str, query: &str, title: &str) -> Self {
        EmbedCode {
            element: element_snippet(page, query, title),
            iframe: iframe_snippet(page, query, title),
            listener: LISTENER,
        }
    }
}

/// The `<iframe>` of `query` at `page` with `embed=1`, 720 pixels high (a frame cannot
/// size itself without a script on the course page).
pub fn iframe_snippet(page: &str, query: &str, title: &str) -> String {
    let separator = if query.is_empty() { "" } else { "&" };
    let src = format!("{page}?{query}{separator}embed=1");
    let mut snippet = Markup::default();
    markup!(
        snippet,
        concat!(
            "<iframe src=\"{src}\" title=\"{title}\" width=\"100%\" ",
            "height=\"720\" loading=\"lazy\" style=\"border:0\"></iframe>"
        ),
        src,
        title
    );
    snippet.into_string()
}

/// `embed.js` beside `page`, and `<bloom-lab>` with each parameter of `query` (a query the
/// page printed: its keys are its parameters' names) as an attribute and `height="auto"`.
/// The items are `items="a,b"` when none holds a comma or spaces at its ends (which that
/// list cannot carry); what a single attribute cannot carry (a parameter given more than
/// once, such items) goes in `params`, a query string the element appends as it is.
pub fn element_snippet(page: &str, query: &str, title: &str) -> String {
    let folder = &page[..page.rfind('/').map_or(0, |slash| slash + 1)];
    let script = format!("{folder}embed.js");
    // Each pair as (key, value, the pair as the query writes it).
    let pairs: Vec<(&str, &str, &str)> = query
        .split('&')
        .filter_map(|pair| pair.split_once('=').map(|(key, value)| (key, value, pair)))
        .filter(|(key, _, _)| *key != "embed")
        .collect();
    let items: Vec<String> = pairs
        .iter()
        .filter(|(key, _, _)| *key == "add")
        .map(|(_, value, _)| percent_decode(value))
        .collect();
    let items_fit = items
        .iter()
        .all(|item| !item.is_empty() && !item.contains(',') && item.trim() == item);
    let mut snippet = Markup::default();
    markup!(
        snippet,
        "<script src=\"{script}\" defer></script>\n<bloom-lab",
        script
    );
    let mut params: Vec<&str> = Vec::new();
    let mut items_written = false;
    for &(key, value, pair) in &pairs {
        let repeated = pairs.iter().filter(|(k, _, _)| *k == key).count() > 1;
        if key == "add" && items_fit {
            if !items_written {
                markup!(snippet, " items=\"{list}\"", list = items.join(","));
                items_written = true;
            }
        } else if key == "add" || repeated {
            params.push(pair);
        } else {
            markup!(
                snippet,
                " {key}=\"{text}\"",
                key,
                text = percent_decode(value)
            );
        }
    }
    if !params.is_empty() {
        markup!(snippet, " params=\"{query}\"", query = params.join("&"));
    }
    markup!(
        snippet,
        " title=\"{title}\" height=\"auto\"></bloom-lab>",
        title
    );
    snippet.into_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = "https://example.org/courses/bloom/index.html";

    #[test]
    fn the_element_carries_each_parameter_and_the_items_as_one_list() {
        let snippet = element_snippet(PAGE, "m=64&k=3&add=cat&add=cow&query=ram&lang=zh", "Lab");
        assert_eq!(
            snippet,
            concat!(
                "<script src=\"https://example.org/courses/bloom/embed.js\" defer></script>\n",
                "<bloom-lab m=\"64\" k=\"3\" items=\"cat,cow\" query=\"ram\" lang=\"zh\" ",
                "title=\"Lab\" height=\"auto\"></bloom-lab>"
            )
        );
    }

    #[test]
    fn what_an_attribute_cannot_carry_goes_in_params() {
        let query = "mode=counting&add=a%2Cb&add=c&remove=c&remove=d&seta=x";
        let snippet = element_snippet(PAGE, query, "Lab");
        assert!(
            snippet.contains(concat!(
                "<bloom-lab mode=\"counting\" seta=\"x\" ",
                "params=\"add=a%2Cb&amp;add=c&amp;remove=c&amp;remove=d\" "
            )),
            "{snippet}"
        );
        assert!(!snippet.contains("items="));
    }

    #[test]
    fn values_are_escaped_and_embed_is_the_elements_own() {
        let snippet = element_snippet(PAGE, "query=%22%3Cb%3E&embed=1", "A \"lab\"");
        assert!(
            snippet.contains("query=\"&quot;&lt;b&gt;\" title=\"A &quot;lab&quot;\""),
            "{snippet}"
        );
        assert!(!snippet.contains("embed=\""));
    }

    #[test]
    fn the_iframe_frames_the_page_with_embed_1() {
        assert_eq!(
            iframe_snippet(PAGE, "m=64&add=hello", "Lab"),
            concat!(
                "<iframe src=\"https://example.org/courses/bloom/index.html?m=64&amp;add=hello",
                "&amp;embed=1\" title=\"Lab\" width=\"100%\" height=\"720\" loading=\"lazy\" ",
                "style=\"border:0\"></iframe>"
            )
        );
        assert!(iframe_snippet("https://h/", "", "Lab")
            .starts_with("<iframe src=\"https://h/?embed=1\""));
    }
}
