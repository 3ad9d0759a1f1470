import crypto from "node:crypto";
import { useLocation } from "@remix-run/react";
import { LRUCache } from "lru-cache";
import { useContext, type Context, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { useRouterContexts, withContexts, type ContextValue } from "~/platform/remix/router-contexts";
import { TranslatorContext, useT } from "~/platform/i18n/use-t";
import { pageWithoutDialog, searchWithoutDialog } from "~/platform/ui/dialog";
import { countLookup } from "~/platform/cache/cache-counts.server";
import { getEnv } from "~/platform/config/env.server";
import { escapeHtml } from "~/platform/http/html";
import { NonceContext } from "~/platform/http/nonce";
import { PlacesContext } from "~/features/places/places";
import { useRootData } from "~/platform/ui/root-data";
import { EstateCardContent, estateCardClass, type EstateCardProps } from "./EstateCard";

/**
 * The pathname a card is rendered at when it is kept (decision 033). A card's dialog links (save, report, call for a
 * visitor; report and call for a user) and its save form's way back are the page's own address plus or minus the
 * dialog parameters (app/features/site/Dialogs.tsx); the kept HTML has this in their place, and each page puts its own
 * address there. It is random for each process, so no text of a listing or an office can hold it.
 */
const PAGE = `/page-${crypto.randomBytes(12).toString("hex")}`;

/** The cards kept, CARD_CACHE_MB of them (about 2.5 KB of HTML and 1.5 KB of key a card); null when it is 0 (off). */
let kept: LRUCache<string, string> | null | undefined;

function cache(): LRUCache<string, string> | null {
  if (kept === undefined) {
    const megabytes = getEnv().CARD_CACHE_MB;
    kept =
      megabytes > 0
        ? new LRUCache<string, string>({
            maxSize: megabytes * 1024 * 1024,
            sizeCalculation: (html, key) => html.length + key.length,
          })
        : null;
  }
  return kept;
}

/**
 * The contexts a card's components read (translations, Remix's and React Router's links and forms, the nonce, the
 * place list), taken where the card stands so that a card rendered on its own renders as it would there, at PAGE
 * without a query (its links then hold PAGE where the page's address goes).
 */
function useCardContexts(): ContextValue[] {
  const own: ContextValue[] = [
    [TranslatorContext as Context<unknown>, useContext(TranslatorContext)],
    [NonceContext as Context<unknown>, useContext(NonceContext)],
    [PlacesContext as Context<unknown>, useContext(PlacesContext)],
  ];
  return [...own, ...useRouterContexts(PAGE)];
}

/**
 * The inside of a card's `<article>` for `props`, as React writes it at PAGE: from the cache when the same card was
 * written before for the same language, data saver mode and account state, else rendered now (renderToString) and
 * kept. `key` holds everything the card shows.
 */
function cardHtml(key: string, props: EstateCardProps, contexts: ContextValue[]): string {
  const hit = cache()?.get(key);
  if (hit !== undefined) {
    countLookup("card", "hit");
    return hit;
  }
  countLookup("card", cache() ? "miss" : "bypass");
  const html = renderToString(withContexts(contexts, <EstateCardContent {...props} />));
  cache()?.set(key, html);
  return html;
}

/**
 * A property card written from kept HTML (decision 033; provided to EstateCard by app/entry.server.tsx through
 * CardCacheContext): the same bytes React writes for EstateCard, so the browser hydrates it as its own. The key is the
 * card's data, the page language, the data saver mode, whether its photo loads at once, and whether a user is logged
 * in and saved this listing (app/features/listings/EstateActions.tsx). The page's own address is put into its links as it
 * is sent (PAGE). Should PAGE be left anywhere else in the HTML, the card is rendered as usual.
 */
export function CachedEstateCard(props: EstateCardProps) {
  const { lang } = useT();
  const root = useRootData();
  const location = useLocation();
  const contexts = useCardContexts();
  const loggedIn = Boolean(root?.user);
  const saved = (root?.savedIds ?? []).includes(props.estate.id);
  const key = JSON.stringify([lang, root?.dataSaver ?? null, Boolean(props.priority), loggedIn, saved, props.estate]);
  const query = searchWithoutDialog(location.search).toString();
  const html = cardHtml(key, props, contexts)
    .split(`${PAGE}?`)
    .join(escapeHtml(`${location.pathname}?${query}${query ? "&" : ""}`))
    .split(`${PAGE}"`)
    .join(`${escapeHtml(pageWithoutDialog(location.pathname, location.search))}"`);
  if (html.includes(PAGE)) {
    return (
      <article className={estateCardClass(props.estate)}>
        <EstateCardContent {...props} />
      </article>
    );
  }
  return <article className={estateCardClass(props.estate)} dangerouslySetInnerHTML={{ __html: html }} />;
}

/**
 * The value of CardCacheContext on the server (app/entry.server.tsx): a card from the cache, or null when
 * CARD_CACHE_MB is 0 (EstateCard then renders every card).
 */
export function cardCache(): ((props: EstateCardProps) => ReactElement) | null {
  return cache() ? renderCachedEstateCard : null;
}

function renderCachedEstateCard(props: EstateCardProps) {
  return <CachedEstateCard {...props} />;
}
