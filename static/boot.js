// Starts the app: imports the wasm-bindgen module named by the page's loader tag and
// instantiates the WebAssembly it names. It is a file, not an inline script, so the page's
// Content-Security-Policy can forbid every inline script.
const tag = document.querySelector('script[data-wasm]');
const { default: init } = await import(tag.dataset.js);
await init({ module_or_path: tag.dataset.wasm });

// After one visit the page works offline (static/sw.js). A browser or frame that refuses
// service workers simply goes without.
if ('serviceWorker' in navigator) {
  navigator.serviceWorker.register('sw.js').catch(() => {});
}
