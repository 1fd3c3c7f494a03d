//! "Download SVG": pictures of the bit array and of the plots for slides, saved by the
//! browser as files.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::state::url::percent_encode;

/// The plots' styles, carried inside a downloaded plot so that it looks as on the page.
const PLOT_STYLE: &str = "<style>text{font-family:sans-serif}.tick line{stroke:#e4e6e8}\
.tick text,.kbar text{font:11px monospace;fill:#5b6470}.axis-label{font:13px sans-serif;fill:#1d232b}\
.curve{fill:none;stroke-width:2.5}.curve.exact{stroke:#1d4e89}.curve.approx{stroke:#e67e00;stroke-dasharray:7 5}\
.point circle,.point rect,.point polygon{fill:#222;stroke:#fff;stroke-width:1}.point.murmur3 rect{fill:#7a3e9d}\
.point.user polygon{fill:#b3261e}.point .ci{stroke:#555;stroke-width:1.5}.kbar line{stroke:#9bb3d1;stroke-width:6}\
.kbar circle{fill:#1d4e89}.kbar.chosen circle{fill:#e67e00;stroke:#000;stroke-width:1.5}\
.optimal{stroke:#b3261e;stroke-dasharray:4 4;stroke-width:2}.optimal-label{font:12px sans-serif;fill:#b3261e}</style>";

/// Has the browser save `svg` as `name`.
pub fn save_svg(name: &str, svg: &str) {
    let document = web_sys::window().and_then(|w| w.document());
    let link = document
        .and_then(|d| d.create_element("a").ok())
        .and_then(|a| a.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(link) = link {
        let href = format!("data:image/svg+xml;charset=utf-8,{}", percent_encode(svg));
        let _ = link.set_attribute("href", &href);
        let _ = link.set_attribute("download", name);
        link.click();
    }
}

/// A button that saves the plot drawn in the `<svg>` with id `svg_id` as `name`, with the
/// plots' styles inside it.
pub fn plot_download(label: &'static str, svg_id: &'static str, name: &'static str) -> Html {
    let onclick = Callback::from(move |_: MouseEvent| {
        let svg = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.get_element_by_id(svg_id));
        if let Some(svg) = svg {
            let drawn = svg.outer_html();
            let opened = drawn.find('>').map_or(0, |end| end + 1);
            let standalone = format!(
                "{}{PLOT_STYLE}{}",
                drawn[..opened].replacen("<svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"", 1),
                &drawn[opened..]
            );
            save_svg(name, &standalone);
        }
    });
    html! {
        <button class="small download" id={format!("download-{svg_id}")} {onclick}>{ label }</button>
    }
}
