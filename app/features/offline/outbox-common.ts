/**
 * Names shared by the server (features/forms/idempotency.server.ts), the page (features/offline/outbox.ts, entry.client.tsx) and the
 * service worker (sw/service-worker.ts) for forms sent when the connection comes back (decision 023).
 */

/**
 * The forms whose posts wait in the outbox when the network fails, by the path they post to, with the key of their
 * name in offline.json `outbox.forms` (consultation, contact, new offer, property request, report, save).
 */
export const OUTBOX_FORMS: Record<string, string> = {
  "/consultation": "consultation",
  "/call-us": "contact",
  "/new-estate": "offer",
  "/create-real-estate-request": "request",
  "/report": "report",
  "/save": "save",
};

/** The form field that carries a submission's idempotency key (a UUID made in the browser, one per submission). */
export const IDEMPOTENCY_FIELD = "idempotency_key";

/**
 * Whose a key is, for a visitor (decision 046): a random secret of this browser that the service worker keeps and
 * sends with every post of the outbox's forms, in this request header. A key seen with another scope (another
 * visitor, another account) is another submission.
 */
export const OUTBOX_SCOPE_HEADER = "Outbox-Scope";

/**
 * The cookie that scopes a visitor's keys when the post comes without the worker's header (a client without the
 * worker): the server sets it on its answer, a random secret kept a day.
 */
export const OUTBOX_SCOPE_COOKIE = "outbox_scope";

/** The form field (value `1`) that marks a post sent by the outbox, which is then answered with OUTBOX_DONE_COOKIE. */
export const OUTBOX_FIELD = "outbox";

/** The cookie (one minute, readable by the page) by which the server says it answered the submission with that key. */
export const OUTBOX_DONE_COOKIE = "outbox_done";

/** The Background Sync tag under which the service worker sends the waiting posts. */
export const OUTBOX_SYNC_TAG = "outbox";

/** The IndexedDB database and object store of the waiting posts (idb-keyval's createStore). */
export const OUTBOX_DB = { name: "aqar-outbox", store: "posts" } as const;

/** The IndexedDB database and object store where the service worker keeps this browser's scope secret. */
export const OUTBOX_SCOPE_DB = { name: "aqar-outbox-scope", store: "scope" } as const;

/**
 * The attribute of `<html>` (`data-outbox`, the number of waiting posts) that the service worker adds to the pages it
 * serves while posts wait, so that a page loads the outbox's code only when there is something in it.
 */
export const OUTBOX_ATTRIBUTE = "data-outbox";

/**
 * A post waiting in the outbox. `key` is its idempotency key (also in `fields`); `action` the absolute address it
 * goes to; `fields` the form's entries in order (File values kept as they are); `at` when it was stored
 * (milliseconds since 1970); `page` the address of the page it was sent from; `form` its key in OUTBOX_FORMS;
 * `state`: `waiting` (not sent), `delivered` (the service worker sent it in the background: the page sends it again
 * in the open, and the server answers as it did the first time), `sending` (the page submitted it and waits for the
 * server's `outbox_done` cookie on the next page).
 */
export type OutboxPost = {
  key: string;
  action: string;
  enctype: string;
  fields: [string, FormDataEntryValue][];
  at: number;
  page: string;
  form: string;
  state: "waiting" | "delivered" | "sending";
};
