import type { MetaDescriptor } from "@remix-run/node";

/**
 * An address for use outside the page (Open Graph, JSON-LD): `url` as it is when already absolute (an image from
 * IMAGE_BASE_URL, decision 060), else `origin` + `url` (a path such as /images/…).
 */
export function absoluteUrl(origin: string, url: string): string {
  return /^https?:\/\//.test(url) ? url : `${origin}${url}`;
}

/** What a page says about itself to search engines and link previews. */
export type Seo = {
  title: string;
  description: string;
  /** Absolute or site-relative image for Open Graph. */
  image?: string | null;
  type?: "website" | "article" | "product";
  /** Query parameters that make this page distinct (search filters, page); everything else is dropped from canonical. */
  keep?: string[];
  /** Values of `keep`'s parameters that name nothing (a filter's defaults): left out of canonical like empty ones. */
  defaults?: Readonly<Record<string, string | undefined>>;
  /**
   * A page of one visitor (a form's answer, an account page, an address holding a secret): `noindex, follow`, and kept
   * nowhere (no-store, decision 045).
   */
  noindex?: boolean;
  /**
   * false: a public page not worth indexing (a search of endless filter combinations, decision 077): `noindex,
   * follow`, yet cached and shared like any public page. Unset or true: indexed unless `noindex`.
   */
  index?: boolean;
  /**
   * The page's own address (path and query) when it was asked for at another: a search typed as words is the page of
   * the filters they name (decision 087), whose address the canonical link and the alternates give.
   */
  address?: string;
};

type RootData = { locale: "ar" | "en"; origin: string; siteName: string };

/**
 * Title, description, canonical URL, hreflang alternates (ar, en, x-default), Open Graph tags and robots for one page.
 * The Arabic page is the URL without `lang`; the English one adds `lang=en` (docs/decisions/002).
 */
export function seoMeta(
  seo: Seo | undefined,
  root: RootData | undefined,
  location: { pathname: string; search: string },
): MetaDescriptor[] {
  if (!seo || !root) return [{ title: root?.siteName ?? "" }];
  if (seo.address) {
    const own = new URL(seo.address, root.origin);
    location = { pathname: own.pathname, search: own.search };
  }
  const params = new URLSearchParams(location.search);
  const kept = new URLSearchParams();
  for (const key of seo.keep ?? []) {
    const value = params.get(key);
    if (value && !(key === "page" && value === "1") && seo.defaults?.[key] !== value) kept.set(key, value);
  }
  // One URL per page: /articals/ and /articals are the same page.
  const pathname = location.pathname.length > 1 ? location.pathname.replace(/\/+$/, "") : location.pathname;
  const urlFor = (lang: "ar" | "en") => {
    const q = new URLSearchParams(kept);
    if (lang === "en") q.set("lang", "en");
    const query = q.toString();
    return `${root.origin}${pathname}${query ? `?${query}` : ""}`;
  };
  const canonical = urlFor(root.locale);
  const title = seo.title === root.siteName ? seo.title : `${seo.title} | ${root.siteName}`;
  const image = seo.image ? absoluteUrl(root.origin, seo.image) : undefined;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: seo.description },
    { tagName: "link", rel: "canonical", href: canonical },
    { tagName: "link", rel: "alternate", hrefLang: "ar", href: urlFor("ar") },
    { tagName: "link", rel: "alternate", hrefLang: "en", href: urlFor("en") },
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: urlFor("ar") },
    { property: "og:site_name", content: root.siteName },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: seo.description },
    { property: "og:type", content: seo.type === "article" ? "article" : "website" },
    { property: "og:url", content: canonical },
    { property: "og:locale", content: root.locale === "ar" ? "ar_SY" : "en_US" },
    { property: "og:locale:alternate", content: root.locale === "ar" ? "en_US" : "ar_SY" },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
  ];
  if (image) tags.push({ property: "og:image", content: image });
  if (seo.noindex || seo.index === false) tags.push({ name: "robots", content: "noindex, follow" });
  return tags;
}

/**
 * The `meta` export of every page: reads `seo` from the route's loader data and the site facts from the root's.
 * Pages that fail (404, 500) get the root's not-found or error title and are not indexed.
 */
/** Statuses with a page of their own (root error boundary): their texts are `errorPage.<status>.*`. */
export const ERROR_STATUSES = [400, 403, 405, 409, 413, 429, 503] as const;

/**
 * The common.json key of an error page's title or text: `notFound.*` for 404 (`notFound.listingText` for a
 * listing), `errorPage.<status>.*` for ERROR_STATUSES, `error.*` (the general error) for any other status.
 */
export function errorTextKey(status: number, part: "title" | "text", notFoundWhat?: unknown): string {
  if (status === 404)
    return part === "title" ? "notFound.title" : notFoundWhat === "listing" ? "notFound.listingText" : "notFound.text";
  if ((ERROR_STATUSES as readonly number[]).includes(status)) return `errorPage.${status}.${part}`;
  return `error.${part}`;
}

export function pageMeta(args: {
  data: unknown;
  error?: unknown;
  matches: { id: string; data: unknown }[];
  location: { pathname: string; search: string };
}): MetaDescriptor[] {
  const root = args.matches.find((m) => m.id === "root")?.data as
    (RootData & { errorTitles?: Record<string, string> }) | undefined;
  if (args.error || !args.data) {
    const error = args.error as { status?: number; data?: { title?: unknown } } | undefined;
    const status = error?.status ?? 500;
    // The guards of server/guards.ts send the title along: the root loader's titles are missing when it failed (503).
    const title =
      root?.errorTitles?.[status] ?? (typeof error?.data?.title === "string" ? error.data.title : root?.errorTitles?.[500]);
    return [{ title: `${title ?? ""}${root?.siteName ? ` | ${root.siteName}` : ""}` }, { name: "robots", content: "noindex" }];
  }
  return seoMeta((args.data as { seo?: Seo }).seo, root, args.location);
}
