import { useLocation } from "@remix-run/react";
import { useEffect } from "react";

/**
 * The page's side of the service worker (decision 021). Browser-only; every function is a no-op where the
 * browser has no service workers, and none of them ever throws.
 */

/**
 * Loads the outbox's code (public/outbox.js) when the service worker marked the page `data-outbox` (posts wait to be
 * sent, decision 023). Registers /sw.js for the whole site when the page says so (`<html data-sw="on">`), or unregisters every worker of
 * the site when it says `off` (the kill switch, SERVICE_WORKER=off). While the browser is offline, a click on a link
 * or a search form of the site loads the page as a document (not as data), so that the worker can show the kept copy
 * of that page or the offline page.
 */
export function startServiceWorker(): void {
  const { dataset } = document.documentElement;
  // Posts wait in the outbox (the worker marks the page `data-outbox`): only then is its code loaded.
  if (dataset.outbox) document.head.append(Object.assign(document.createElement("script"), { src: "/outbox.js" }));
  if (!("serviceWorker" in navigator)) return;
  const setting = dataset.sw;
  if (setting === "off") {
    void navigator.serviceWorker.getRegistrations().then((all) => all.forEach((registration) => void registration.unregister()));
    return;
  }
  if (setting !== "on") return;
  navigator.serviceWorker.register("/sw.js").catch((error) => console.error(error));
}

/**
 * Keeps each page reached by a client-side navigation for reading offline (such a navigation loads only the page's
 * data): the worker is asked to fetch and keep the document (with the same limits as a page load). The worker skips
 * a page it kept in the last minute (the first page, loaded as a document, is kept by the worker itself), and does
 * nothing while offline or when the browser asks to save data.
 */
export function useKeepPagesOffline(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    navigator.serviceWorker?.controller?.postMessage({ type: "keep-page", url: pathname + search });
  }, [pathname, search]);
}

/**
 * A client-side navigation that failed while the browser is offline (its data could not be loaded) loads the same
 * address as a document instead, once: the worker answers with the kept copy of the page or the offline page.
 */
export function useReloadWhenOffline(): void {
  useEffect(() => {
    if (navigator.onLine || !navigator.serviceWorker?.controller) return;
    const key = `offline-reload:${location.href}`;
    if (sessionStorage.getItem(key)) return;
    sessionStorage.setItem(key, "1");
    location.reload();
  }, []);
}
