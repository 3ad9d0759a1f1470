/// <reference lib="webworker" />
/**
 * The service worker's kill switch (decision 021): with `SERVICE_WORKER=off` the server sends this file as
 * /sw.js. A browser that still has the real worker fetches it on its next update check (every page load, since
 * /sw.js is sent with `Cache-Control: no-cache`), installs it at once, deletes every cache the worker made, and
 * unregisters; the pages it controlled are loaded again from the network.
 */
declare const self: ServiceWorkerGlobalScope;
export {};

self.addEventListener("install", () => {
  void self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      // Take the pages from the old worker first, so that it stops filling caches; unregister, then delete them all.
      await self.clients.claim();
      await self.registration.unregister();
      for (const name of await caches.keys()) await caches.delete(name);
      for (const client of await self.clients.matchAll({ type: "window" })) {
        if ("navigate" in client) await (client as WindowClient).navigate(client.url).catch(() => undefined);
      }
    })(),
  );
});
