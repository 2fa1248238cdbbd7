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

// The site's own files from the cache (the address's options, ?game=..., name the same file), anything
// else from the network as usual. Yatzy's strategy tables (strategy/) are not kept at the install: each is
// kept the first time the game fetches it, so hints work offline from then on.
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const kept = await cache.match(request, {ignoreSearch: true});
    if (kept) return kept;
    const answer = await fetch(request);
    if (answer.ok && new URL(request.url).pathname.includes("/strategy/")) await cache.put(request, answer.clone());
    return answer;
  })());
});
