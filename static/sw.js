// The service worker: after one visit the page, its lessons and its languages work with no
// network. scripts/post_build.mjs writes this file into the build with the build's version
// and file list in place of the two markers below. The list's addresses are relative to
// this file, and the worker's scope is the folder it is served from, so a copy of the site
// under any path (say /courses/bloom/) caches and serves that folder only.
//
// - Install: every file of this build goes into a cache named after the build.
// - The app's own files (the page, its script, WebAssembly, styles) are served from that
//   cache, so a page never mixes two builds. A new build installs beside the old one and
//   waits: it takes over on the next visit, once no tab uses the old one, never mid-lesson.
// - Lessons and language files are fetched from the network first (a lesson copied onto
//   the server is seen at once), and from the cache when there is no network.
const VERSION = '/*VERSION*/';
const FILES = /*FILES*/[];
const CACHE = `bloomlab-${VERSION}`;
const NETWORK_FIRST = /\/(lessons|i18n)\/[^/]+$/;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith('bloomlab-') && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    return (await cache.match(request)) ?? Response.error();
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  // A page is the same file whatever its query string says.
  const navigation = request.mode === 'navigate';
  const hit = await cache.match(request, { ignoreSearch: navigation });
  return hit ?? fetch(request);
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  event.respondWith(NETWORK_FIRST.test(url.pathname) ? networkFirst(request) : cacheFirst(request));
});
