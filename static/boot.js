// Starts the app: imports the wasm-bindgen module named by the page's loader tag and
// instantiates the WebAssembly it names. It is a file, not an inline script, so the page's
// Content-Security-Policy can forbid every inline script. The tag's addresses are relative
// ("./bloomlab-….js"): this file sits beside the page, so they name files of the page's
// own folder, wherever the site is served.
const tag = document.querySelector('script[data-wasm]');
const { default: init } = await import(tag.dataset.js);
await init({ module_or_path: tag.dataset.wasm });

// After one visit the page works offline (static/sw.js). The worker sits beside the page,
// so its scope is the page's folder. A browser or frame that refuses service workers (or a
// page served over plain HTTP from a host other than localhost) simply goes without.
if ('serviceWorker' in navigator) {
  navigator.serviceWorker.register('sw.js').catch(() => {});
}
