import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { cardCache } from "./features/listings/CachedEstateCard.server";
import { DataSaverSwitch } from "./features/site/DataSaverSwitch.server";
import { CardCacheContext } from "./features/listings/EstateCard";
import { StructuredData } from "./features/site/StructuredData.server";
import type { LayoutHandle } from "./root";
import { dataSaverOf, keepsScripts, withoutScripts } from "./features/site/data-saver.server";
import { localeOf, pageTranslator } from "./platform/i18n/i18n.server";
import { TranslatorProvider } from "./platform/i18n/use-t";
import { getDb } from "./platform/db/db.server";
import { scriptsAfterFirstPaintInBytes } from "./platform/remix/page-scripts.server";
import { getLookups, placeList } from "./features/places/lookups.server";
import { NonceContext } from "./platform/http/nonce";
import { OFFLINE_COPY_HEADER } from "./features/offline/offline-pages";
import { PlacesContext, type PlaceGroup } from "./features/places/places";
import { MapRendererContext } from "./features/places/PlaceMap";
import { PlaceMapSvg } from "./features/places/PlaceMapSvg.server";

const ABORT_DELAY = 10_000;

/**
 * Whether a page must be kept nowhere (decision 045): a page not to be indexed (its loader data's `seo.noindex`, or an
 * error page, which pageMeta marks noindex) is a page of one visitor (a form's answer, an account page, a page whose
 * address holds a secret token such as /rp?t=, /lc?t= or /alerts/stop?t=). It gets `Cache-Control: no-store`, so
 * neither the page cache, a CDN nor a browser keeps it, and `Referrer-Policy: same-origin`, so its address is never
 * sent to another site (decision 045 says why not `no-referrer`).
 */
function keptNowhere(status: number, context: EntryContext["staticHandlerContext"]): boolean {
  if (status >= 400 || context.errors) return true;
  return Object.values(context.loaderData).some((data) => (data as { seo?: { noindex?: boolean } } | null)?.seo?.noindex);
}

/**
 * True when a page rendered for a logged-in user may be kept on the phone for reading offline (decision 046; the
 * worker keeps only what the server marks, sw/keep-page.ts): a 200 page of the public site that is not kept nowhere (keptNowhere: not
 * noindex, so not a form's answer, the profile or a page reached by a secret link), and not the back office (any
 * route under `routes/admin`). Decided by the matched route modules, so no spelling of an address changes it.
 */
function offlineCopyAllowed(status: number, context: EntryContext["staticHandlerContext"]): boolean {
  if (status !== 200 || keptNowhere(status, context)) return false;
  // A visitor's page is kept when the page cache sends it (`public`); a page rendered for a visitor (after logout,
  // with its toast) is no session's copy, and marked as one it would outlive the logout that just cleared them.
  const root = context.loaderData.root as { user?: unknown } | undefined;
  if (!root?.user) return false;
  return context.matches.every(({ route }) => !route.id.startsWith("routes/admin"));
}

/**
 * The rendered document as one buffer. React 18.3's Node stream writer sends its whole 2,048-byte buffer when a
 * multi-byte character (Arabic) does not fit at its end, so unused zero bytes reach the output (a replacement
 * character inside Arabic words, in attributes and inline data). A raw NUL is never valid in HTML and never part of
 * a UTF-8 sequence, so dropping every zero byte restores the exact output.
 */
function collect(onDone: (html: Buffer<ArrayBuffer>) => void, onError: (error: Error) => void): Writable {
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
 * Renders a document: the page language's translator (`pageTranslator`, decision 069), the CSP nonce from server.ts, and the
 * complete HTML as one body for browsers and bots alike. No route suspends (no `defer`), so
 * streaming would only cut the page into 2 KB writes, each compressed and written on its own;
 * the whole page is rendered in a few milliseconds.
 *
 * After the document comes what only the server renders (decision 022): the HTML parser puts it at the end of <body>,
 * where React's hydration leaves extra nodes alone (as with Remix's own data scripts), so none of it is in the
 * browser's JavaScript: the data saver's switch (under the footer, on every page that has one) and the page's
 * structured data (JSON-LD). Property cards are written from the card fragment cache (decision 033). With the data saver on, a page whose forms do not need JavaScript (keepsScripts) is sent
 * without its scripts; every other page starts its scripts after its first paint (decision 034). Every page varies on
 * `Save-Data` and `Cookie`, and the home page with its app popup on `User-Agent`.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const lng = localeOf(request);
  // The place selects' list, from the lookups kept in memory (not in the loader data). A page rendered
  // while the database cannot be reached (503) has no place select.
  const places: PlaceGroup[] | null = await getDb()
    .then(getLookups)
    .then((lookups) => placeList(lookups, lng).places)
    .catch(() => null);
  const nonce = (loadContext as { cspNonce?: string }).cspNonce;
  const routeIds = remixContext.staticHandlerContext.matches.map((match) => match.route.id);
  const saver = dataSaverOf(request);
  const scriptless = saver !== null && !keepsScripts(routeIds);
  const footer = !routeIds.some((id) => (remixContext.routeModules[id]?.handle as LayoutHandle | undefined)?.hideFooter);
  const url = new URL(request.url);
  const { loaderData } = remixContext.staticHandlerContext;
  const origin = (loaderData.root as { origin?: string } | undefined)?.origin ?? url.origin;
  // The page's SVG map, whose data its loader handed over through the load context (decision 101).
  const map = loadContext.placeMap;
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <PlacesContext.Provider value={places}>
          <TranslatorProvider translator={pageTranslator(lng)}>
            <CardCacheContext.Provider value={cardCache()}>
              <MapRendererContext.Provider value={map ? () => <PlaceMapSvg data={map} /> : null}>
                <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
              </MapRendererContext.Provider>
            </CardCacheContext.Provider>
            {footer ? <DataSaverSwitch mode={saver} redirectTo={`${url.pathname}${url.search}`} /> : null}
            <StructuredData routeIds={routeIds} loaderData={loaderData} origin={origin} />
          </TranslatorProvider>
        </PlacesContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          shellRendered = true;
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          responseHeaders.set("Content-Language", lng);
          // A page of the public site may be kept by this browser for reading offline (until logout when private).
          if (offlineCopyAllowed(responseStatusCode, remixContext.staticHandlerContext))
            responseHeaders.set(OFFLINE_COPY_HEADER, "private");
          responseHeaders.append("Vary", "Cookie");
          // The browser's `Save-Data` header chooses the page too (data saver): a CDN must keep both apart.
          responseHeaders.append("Vary", "Save-Data");
          // The home page's app popup links to the phone's store, chosen by `User-Agent` (root loader's `store`):
          // a CDN must not give an iPhone the page made for Android (decision 082).
          if ((loaderData.root as { store?: unknown } | undefined)?.store) responseHeaders.append("Vary", "User-Agent");
          if (keptNowhere(responseStatusCode, remixContext.staticHandlerContext)) {
            responseHeaders.set("Cache-Control", "no-store");
            responseHeaders.set("Referrer-Policy", "same-origin");
          }
          pipe(
            collect((html) => {
              const body = scriptless ? withoutScripts(html.toString("utf8")) : scriptsAfterFirstPaintInBytes(html);
              resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
            }, reject),
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
