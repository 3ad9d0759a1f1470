/**
 * Remix 2.17.5's single-fetch answer (decision 007: `v3_singleFetch`) to a post whose action redirects with a reload
 * of the whole page (`redirectDocument`), written by the service worker when a post of an outbox form cannot reach
 * the server (decision 023): the page then loads `location` as a document, which the worker serves (from the network,
 * or its copy). A shim: the worker has no Remix server to encode it. tests/remix-shims.test.ts compares it byte for
 * byte with what the real Remix server sends for `redirectDocument`, so an upgrade that changes the format fails
 * there (docs/decisions/064-framework-shims-kept-and-dropped.md says why it is kept).
 */

/**
 * The `Response` Remix's client reads as an action's "load `location` as a document": status 202, turbo-stream
 * 2.4.1's encoding of the action result `{ redirect, status: 302, revalidate: false, reload: true, replace: false }`,
 * as Remix's server writes it for `redirectDocument(location)`. (A loader's redirect is written another way, under a
 * `SingleFetchRedirect` key, which an action's caller does not read.) `location` is a path or a same-site address.
 * Never throws.
 */
export function reloadDocumentAnswer(location: string): Response {
  const body = `[{"_1":2,"_3":4,"_5":6,"_7":8,"_9":6},"redirect",${JSON.stringify(location)},"status",302,"revalidate",false,"reload",true,"replace"]\n`;
  return new Response(body, { status: 202, headers: { "Content-Type": "text/x-script", "X-Remix-Response": "yes" } });
}
