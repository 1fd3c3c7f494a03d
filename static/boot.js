// Starts the app: imports the wasm-bindgen module named by the page's loader tag and
// instantiates the WebAssembly it names. It is a file, not an inline script, so the page's
// Content-Security-Policy can forbid every inline script. The tag's addresses are relative
// ("./bloomlab-….js"): this file sits beside the page, so they name files of the page's
// own folder, wherever the site is served.

// A WebAssembly trap (out of memory, `unreachable`) leaves the app unable to run, as a
// panic does: the panic screen the app made at its start (hidden, in the page's language)
// is shown with the error's text. A panic shows the screen itself before it traps.
const trapped = (error) => {
  const screen = document.querySelector('.panic-screen[hidden]');
  if (!(error instanceof WebAssembly.RuntimeError) || !screen) return;
  const detail = screen.querySelector('#panic-detail');
  detail.textContent = detail.dataset.template.replace('{0}', String(error));
  screen.querySelector('#panic-reload').href = location.href;
  screen.querySelector('#panic-saved').href = location.pathname;
  screen.hidden = false;
};
addEventListener('error', (event) => trapped(event.error));
addEventListener('unhandledrejection', (event) => trapped(event.reason));

const tag = document.querySelector('script[data-wasm]');
const { default: init } = await import(tag.dataset.js);
await init({ module_or_path: tag.dataset.wasm });

// After one visit the page works offline (static/sw.js). The worker sits beside the page,
// so its scope is the page's folder. A browser or frame that refuses service workers (or a
// page served over plain HTTP from a host other than localhost) simply goes without.
// Installing copies every file of the build into a cache, work of other processes that
// would compete with the page's first frames on a machine of few cores: it starts once the
// app has drawn the whole page (it then marks body[data-ready-ms], always after this line
// has run: the page is drawn in later tasks), a second later.
if ('serviceWorker' in navigator) {
  new MutationObserver((_, drawn) => {
    drawn.disconnect();
    setTimeout(() => navigator.serviceWorker.register('sw.js').catch(() => {}), 1000);
  }).observe(document.body, { attributeFilter: ['data-ready-ms'] });
}
