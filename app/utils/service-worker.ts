import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * The page's side of the service worker (issue 12, decision 021). Browser-only; every function is a no-op where the
 * browser has no service workers, and none of them ever throws.
 */

/**
 * Registers /sw.js for the whole site when the page says so (`<html data-sw="on">`), or unregisters every worker of
 * the site when it says `off` (the kill switch, SERVICE_WORKER=off). While the browser is offline, a click on a link
 * or a search form of the site loads the page as a document (not as data), so that the worker can show the kept copy
 * of that page or the offline page.
 */
export function startServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  const setting = document.documentElement.dataset.sw;
  if (setting === "off") {
    void navigator.serviceWorker.getRegistrations().then((all) => all.forEach((registration) => void registration.unregister()));
    return;
  }
  if (setting !== "on") return;
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch((error) => console.error(error));
}

/**
 * Keeps each page reached by a client-side navigation for reading offline (such a navigation loads only the page's
 * data): the worker is asked to fetch and keep the document (with the same limits as a page load). The first page,
 * loaded as a document, is kept by the worker itself.
 */
export function useKeepPagesOffline(): void {
  const location = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (!navigator.onLine) return;
    const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
    if (connection?.saveData) return;
    navigator.serviceWorker?.controller?.postMessage({ type: "keep-page", url: location.pathname + location.search });
  }, [location.pathname, location.search]);
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
