/**
 * The offline page's script (public/offline.js): lists the pages kept on this phone for reading offline
 * (app/features/offline/offline-pages.ts) as links, in the page's language, with when each was saved; and the posts waiting
 * in the outbox (app/features/offline/outbox.ts), sent when the connection comes back.
 */
import ar from "../locales/ar/offline.json";
import en from "../locales/en/offline.json";
import { formatDateTime } from "../app/platform/i18n/dates";
import { savedPages } from "../app/features/offline/offline-pages";
import { start as startOutbox } from "../app/features/offline/outbox";

const texts = document.documentElement.lang === "en" ? en : ar;
const list = document.getElementById("saved-pages");

void savedPages().then((pages) => {
  if (!list) return;
  list.replaceChildren();
  if (!pages.length) {
    const empty = document.createElement("li");
    empty.textContent = texts.page.none;
    list.append(empty);
    return;
  }
  for (const page of pages) {
    const item = document.createElement("li");
    const link = document.createElement("a");
    link.href = page.url;
    link.textContent = page.title;
    const when = document.createElement("small");
    when.textContent = ` — ${texts.saved.savedOn.replace("{{date}}", page.savedAt ? formatDateTime(page.savedAt) : "")}`;
    item.append(link, when);
    list.append(item);
  }
});

void startOutbox();
