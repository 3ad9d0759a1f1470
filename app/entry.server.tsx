import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { i18nFor, localeOf } from "./services/i18n.server";
import { getDb } from "./db/db.server";
import { getLookups, placeList } from "./models/lookups.server";
import { NonceContext } from "./utils/nonce";
import { PlacesContext, type PlaceGroup } from "./utils/places";

const ABORT_DELAY = 10_000;

/**
 * The rendered document as one buffer. React 18.3's Node stream writer sends its whole 2,048-byte buffer when a
 * multi-byte character (Arabic) does not fit at its end, so unused zero bytes reach the output (a replacement
 * character inside Arabic words, in attributes and inline data). A raw NUL is never valid in HTML and never part of
 * a UTF-8 sequence, so dropping every zero byte restores the exact output.
 */
function collect(onDone: (html: Buffer) => void, onError: (error: Error) => void): Writable {
  const chunks: Buffer[] = [];
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk.includes(0) ? Buffer.from(chunk.filter((byte) => byte !== 0)) : chunk);
      callback();
    },
    final(callback) {
      onDone(Buffer.concat(chunks));
      callback();
    },
    destroy(error, callback) {
      if (error) onError(error);
      callback(error);
    },
  });
}

/**
 * Renders a document: the page language's one i18next instance (issue 10), the CSP nonce from server.ts, and the
 * complete HTML as one body for browsers and bots alike (architecture 5). No route suspends (no `defer`), so
 * streaming would only cut the page into 2 KB writes, each compressed and written on its own (issue 10 profile);
 * the whole page is rendered in a few milliseconds.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const lng = localeOf(request);
  const instance = i18nFor(lng);
  // The place selects' list, from the lookups kept in memory (not in the loader data; issue 10). A page rendered
  // while the database cannot be reached (503) has no place select.
  const places: PlaceGroup[] | null = await getDb()
    .then(getLookups)
    .then((lookups) => placeList(lookups, lng).places)
    .catch(() => null);
  const nonce = (loadContext as { cspNonce?: string }).cspNonce;
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <PlacesContext.Provider value={places}>
          <I18nextProvider i18n={instance}>
            <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
          </I18nextProvider>
        </PlacesContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          shellRendered = true;
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          responseHeaders.set("Content-Language", lng);
          responseHeaders.append("Vary", "Cookie");
          pipe(
            collect(
              (html) =>
                resolve(new Response(html as unknown as BodyInit, { headers: responseHeaders, status: responseStatusCode })),
              reject,
            ),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}
