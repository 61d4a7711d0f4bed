// The page's service worker, served from the site's root so that its scope is every page: it keeps the page's own
// files (the page, its style, scripts and texts, the card pictures, the icon and the rules page), so that with no
// server the page still opens and says plainly that the server cannot be reached. Nothing else passes through it:
// never a WebSocket, a table's data or a deal's record.

const KEPT = "chinese-ten-page";
const PAGE = /^\/(t\/[A-Za-z0-9_-]{4,64})?$/; // the front page and a table's seat: one page, read from the address
const OWN = /^\/(web\/|cards\/[a-z-]+\/[0-9A-Z]+\.svg$|icon\.svg$|manifest\.webmanifest$|rules$)/; // the rules page too, one per language
const VERSIONED = /^\/web\/([0-9a-f]{12})\//;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(KEPT).then((kept) => kept.add("/")).catch(() => undefined));
  self.skipWaiting();
});

self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

/** Keep a file's answer, and let go of the files of the page's earlier versions. */
async function keep(request, answer) {
  const kept = await caches.open(KEPT);
  await kept.put(request, answer);
  const version = new URL(request.url).pathname.match(VERSIONED);
  if (!version) return;
  for (const old of await kept.keys()) {
    const other = new URL(old.url).pathname.match(VERSIONED);
    if (other && other[1] !== version[1]) await kept.delete(old);
  }
}

/** The server's answer, kept for later; the kept copy when the server cannot be reached. A page is kept as the
 * front page alone (every table's seat is the same page), so a table opened offline gets it. */
async function fromServerFirst(request, page) {
  try {
    const answer = await fetch(request);
    const url = new URL(request.url);
    if (answer.ok && (!page || url.pathname === "/")) await keep(page ? "/" : request, answer.clone());
    return answer;
  } catch (failure) {
    const kept = await caches.match(page ? "/" : request, { ignoreSearch: page });
    if (kept) return kept;
    throw failure;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && PAGE.test(url.pathname)) event.respondWith(fromServerFirst(request, true));
  else if (OWN.test(url.pathname)) event.respondWith(fromServerFirst(request, false));
});
