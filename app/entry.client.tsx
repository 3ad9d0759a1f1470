import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { getInitialNamespaces } from "remix-i18next/client";
import i18n from "./platform/i18n/i18n";
import { loadPlaces } from "./features/places/places";
import { startServiceWorker } from "./features/offline/service-worker";
import { createTranslator, type Texts } from "./platform/i18n/translator";
import { TranslatorProvider } from "./platform/i18n/use-t";
import { decodeRemixState } from "./platform/remix/hydration";

async function hydrate() {
  const lng = document.documentElement.lang || i18n.fallbackLng;
  const version = document.documentElement.dataset.localesVersion ?? "0";
  // A page with a place select (its <optgroup>s) hydrates with the same list: its file is loaded first.
  const placesUrl = document.documentElement.dataset.places;
  const places =
    placesUrl && document.querySelector("optgroup") ? loadPlaces(placesUrl).catch((error) => console.error(error)) : null;
  // The browser's translator, not i18next (decision 020). Every text exists in both languages (tests/locales.test.ts):
  // only the page's own files are loaded, and a page whose texts cannot be loaded stays as the server sent it.
  const translator = createTranslator({
    lng,
    defaultNS: i18n.defaultNS,
    load: (language, ns) =>
      fetch(`/locales/${language}/${ns}.json?v=${version}`).then((res) => {
        if (!res.ok) throw new Error(`${res.status} ${res.url}`);
        return res.json() as Promise<Texts>;
      }),
    required: getInitialNamespaces,
  });
  await Promise.all([translator.load(lng, getInitialNamespaces()), places, decodeRemixState()]);
  startTransition(() => {
    hydrateRoot(
      document,
      <TranslatorProvider translator={translator}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </TranslatorProvider>,
    );
  });
}

hydrate()
  .then(() => {
    startServiceWorker();
    // Any page may lead to one with a place select: its list is fetched while the browser is idle.
    const placesUrl = document.documentElement.dataset.places;
    if (placesUrl) (window.requestIdleCallback ?? setTimeout)(() => loadPlaces(placesUrl).catch(() => undefined));
  })
  .catch((error) => console.error(error));
