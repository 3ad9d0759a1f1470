import type { StaticContent } from "~/features/site/StaticPage";
import { getT } from "~/platform/i18n/i18n.server";

/** The SEO and texts of a text page (`whoUs`, `privacy`, `companyProfile` in locales/*\/pages.json), in the page's language. */
export async function loadStaticPage(request: Request, page: "whoUs" | "privacy" | "companyProfile") {
  const t = await getT(request);
  const list = <T>(key: string): T[] => {
    const value = t(`pages:${page}.${key}`, { returnObjects: true, defaultValue: [] }) as unknown;
    return Array.isArray(value) ? (value as T[]) : [];
  };
  const content: StaticContent = {
    title: t(`pages:${page}.title`),
    lead: t(`pages:${page}.lead`),
    sections: list("sections"),
    facts: list("facts"),
  };
  return { seo: { title: content.title, description: t(`pages:${page}.metaDescription`) }, content };
}
