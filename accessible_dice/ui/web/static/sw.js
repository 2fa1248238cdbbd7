// The static page's service worker (accessible-dice build-page): every file of the site kept in the
// browser's cache at the first visit, so the page opens and plays without a network afterwards. The build
// writes the list of files and a version (a checksum of them all) into the two lines below; a new version
// is fetched whole beside the old one, and the page says in words that it is used from the next opening.
const VERSION = "{version}";
const FILES = {files};
const CACHE = `accessible-dice-${VERSION}`;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("accessible-dice-") && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

// Every answer with the headers that make the page cross-origin isolated (a static host such as GitHub
// Pages sends none of its own): a browser without JSPI needs a SharedArrayBuffer for our Python to wait for
// the page's messages (worker.js), and has one only so. Every file of the site is its own (same origin), so
// require-corp blocks nothing. Given to every browser, so the JSPI path is tested with them too.
function isolating(answer) {
  const headers = new Headers(answer.headers);
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Cross-Origin-Embedder-Policy", "require-corp");
  return new Response(answer.body, {status: answer.status, statusText: answer.statusText, headers});
}

// The site's own files from the cache (the address's options, ?game=..., name the same file), anything
// else from the network as usual. Yatzy's strategy tables (strategy/) are not kept at the install: each is
// kept the first time the game fetches it, so hints work offline from then on.
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const kept = await cache.match(request, {ignoreSearch: true});
    if (kept) return isolating(kept);
    const answer = await fetch(request);
    if (answer.ok && new URL(request.url).pathname.includes("/strategy/")) await cache.put(request, answer.clone());
    return isolating(answer);
  })());
});
