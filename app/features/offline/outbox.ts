import { createStore, del, get, set, values } from "idb-keyval";
import ar from "../../../locales/ar/offline.json";
import en from "../../../locales/en/offline.json";
import { formatDateTime } from "~/platform/i18n/dates";
import { OUTBOX_DB, OUTBOX_DONE_COOKIE, OUTBOX_FIELD, type OutboxPost } from "./outbox-common";

/**
 * The page's side of the outbox (decision 023): form posts that the service worker kept because the
 * network failed (sw/service-worker.ts, in IndexedDB) are shown and sent from here. Loaded only on pages the worker
 * marked `data-outbox` (entry.client.tsx), and by the offline page. Browser-only.
 *
 * - The waiting posts are shown in a bar at the foot of the page ("Waiting to be sent: Consultation request, kept at
 *   DATE TIME"), each with a Cancel button.
 * - They are sent by Background Sync where the browser has it (the worker marks them `delivered`), else from here on
 *   the page load or when the `online` event fires; once and in order.
 * - The user then sees the real result: the oldest post is sent as a plain form post (a page load, exactly as
 *   without JavaScript) with its idempotency key and `outbox=1`, so what comes back is the server's own answer (the
 *   success toast, or the form with its messages and values); a post the worker already delivered is answered as
 *   the first time (features/forms/idempotency.server.ts) and never stored twice. The server's `outbox_done` cookie on
 *   the next page says the post arrived and how; a refused one stops the sending (the user fixes that form first).
 */

const store = createStore(OUTBOX_DB.name, OUTBOX_DB.store);
const TEXTS = { ar: ar.outbox, en: en.outbox };

/** The waiting posts, oldest first. */
async function waitingPosts(): Promise<OutboxPost[]> {
  return (await values<OutboxPost>(store)).sort((a, b) => a.at - b.at);
}

/** The `outbox_done` cookie: the key and outcome of the last post the server answered for the outbox, or null. */
function doneCookie(): { key: string; outcome: string } | null {
  const match = new RegExp(`(?:^|; )${OUTBOX_DONE_COOKIE}=([^;.]+)\\.(\\w+)`).exec(document.cookie);
  return match ? { key: match[1], outcome: match[2] } : null;
}

let listening = false;
/** Sends when the connection comes back, and shows what the service worker sent in the background. */
function listen(): void {
  if (listening) return;
  listening = true;
  addEventListener("online", () => void flush());
  navigator.serviceWorker?.addEventListener("message", (event: MessageEvent<{ type?: string }>) => {
    if (event.data?.type === "outbox-delivered") void flush();
  });
}

/** Starts on a page load while posts wait: settles the post the last page sent, shows the rest, sends the next. */
export async function start(): Promise<void> {
  const done = doneCookie();
  let refused = false;
  if (done) {
    document.cookie = `${OUTBOX_DONE_COOKIE}=; Path=/; Max-Age=0`;
    const post = await get<OutboxPost>(done.key, store);
    if (post) {
      await del(done.key, store);
      refused = done.outcome !== "taken";
    }
  }
  // A post whose page load did not come back (the network dropped again) waits again.
  for (const post of await waitingPosts()) {
    if (post.state === "sending" && post.key !== done?.key) await set(post.key, { ...post, state: "waiting" }, store);
  }
  await show();
  listen();
  if (!refused) await flush();
}

/**
 * Sends the oldest waiting post as a plain form post from this page (a page load): the server's answer is what the
 * user sees. Only when the browser is online; at most one at a time.
 */
let sending = false;
async function flush(): Promise<void> {
  if (!navigator.onLine || sending) return;
  const [post] = await waitingPosts();
  if (!post) return;
  sending = true;
  await set(post.key, { ...post, state: "sending" }, store);
  const form = document.createElement("form");
  form.method = "post";
  form.action = post.action;
  form.enctype = post.enctype;
  form.hidden = true;
  const add = (name: string, value: FormDataEntryValue) => {
    const input = document.createElement("input");
    input.name = name;
    if (typeof value === "string") {
      input.type = "hidden";
      input.value = value;
    } else {
      input.type = "file";
      const files = new DataTransfer();
      files.items.add(value);
      input.files = files.files;
    }
    form.append(input);
  };
  for (const [name, value] of post.fields) add(name, value);
  add(OUTBOX_FIELD, "1");
  document.body.append(form);
  form.submit();
}

/** Shows the waiting posts in a bar at the foot of the page (or removes the bar when none wait). */
async function show(): Promise<void> {
  const posts = await waitingPosts();
  document.getElementById("outbox")?.remove();
  if (posts.length === 0) return;
  const texts = TEXTS[document.documentElement.lang === "en" ? "en" : "ar"];
  const bar = document.createElement("section");
  bar.id = "outbox";
  bar.className = "outbox";
  bar.setAttribute("role", "status");
  bar.setAttribute("aria-label", texts.title);
  const heading = document.createElement("p");
  heading.className = "outbox-title";
  heading.textContent = navigator.onLine ? texts.sending : texts.title;
  const list = document.createElement("ul");
  for (const post of posts) {
    const item = document.createElement("li");
    const text = document.createElement("span");
    const name = texts.forms[post.form as keyof typeof texts.forms] ?? post.form;
    text.textContent = texts.item.replace("{{title}}", name).replace("{{date}}", formatDateTime(new Date(post.at)));
    const cancel = document.createElement("button");
    cancel.type = "button";
    cancel.className = "button button-small";
    cancel.textContent = texts.cancel;
    cancel.addEventListener("click", () => void del(post.key, store).then(show));
    item.append(text, " ", cancel);
    list.append(item);
  }
  bar.append(heading, list);
  document.body.append(bar);
}
