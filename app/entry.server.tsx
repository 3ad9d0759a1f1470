import { Transform } from "node:stream";
import { createReadableStreamFromReadable, type AppLoadContext, type EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { i18nFor, localeOf } from "./services/i18n.server";
import { getDb } from "./db/db.server";
import { getLookups, placeList } from "./models/lookups.server";
import { NonceContext } from "./utils/nonce";
import { PlacesContext, type PlaceGroup } from "./utils/places";

const ABORT_DELAY = 10_000;

/**
 * React 18.3's Node stream writer sends its whole 2,048-byte buffer when a multi-byte character (Arabic) does not
 * fit at its end, so the unused zero bytes reach the page (a replacement character inside Arabic words, in attributes
 * and inline data). A raw NUL is never valid in HTML and never part of a UTF-8 sequence, so dropping every zero byte
 * restores the exact output.
 */
function withoutNulBytes(): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      callback(null, chunk.includes(0) ? Buffer.from(chunk.filter((byte) => byte !== 0)) : chunk);
    },
  });
}

/**
 * Renders a document: the page language's one i18next instance (issue 10), the CSP nonce from server.ts,
 * streaming for browsers and the complete HTML at once for bots (architecture 5).
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
  const waitForAll = isbot(request.headers.get("user-agent") ?? "");

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
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = withoutNulBytes();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          responseHeaders.set("Content-Language", lng);
          responseHeaders.append("Vary", "Cookie");
          resolve(
            new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }),
          );
          pipe(body);
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

