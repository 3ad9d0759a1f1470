import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import Backend from "i18next-http-backend";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";
import i18n from "./i18n";
import { loadPlaces } from "./utils/places";

async function hydrate() {
  const lng = document.documentElement.lang || i18n.fallbackLng;
  const version = document.documentElement.dataset.localesVersion ?? "0";
  // A page with a place select (its <optgroup>s) hydrates with the same list: its file is loaded first (issue 10).
  const placesUrl = document.documentElement.dataset.places;
  const places = placesUrl && document.querySelector("optgroup") ? loadPlaces(placesUrl).catch((error) => console.error(error)) : null;
  await i18next
    .use(initReactI18next)
    .use(Backend)
    .init({
      ...i18n,
      lng,
      // Every text exists in both languages (tests/locales.test.ts): only the page's own files are loaded (issue 10).
      fallbackLng: false,
      ns: getInitialNamespaces(),
      backend: { loadPath: `/locales/{{lng}}/{{ns}}.json?v=${version}` },
    });
  await places;
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

hydrate()
  .then(() => {
    // Any page may lead to one with a place select: its list is fetched while the browser is idle (issue 10).
    const placesUrl = document.documentElement.dataset.places;
    if (placesUrl) (window.requestIdleCallback ?? setTimeout)(() => loadPlaces(placesUrl).catch(() => undefined));
  })
  .catch((error) => console.error(error));
