import * as z from "zod/v4";
import { ApiError, page, pageSchema, type ApiEndpoint } from "~/platform/api/api.server";
import { requestedPageOf } from "~/platform/forms/queries";
import { ARTICLES_PAGE_SIZE, listArticles } from "./article.server";

/**
 * The articles of the apps' API (docs/api.md, decision 096): `GET /api/article/userGetAll?page=n`, the published
 * articles of /articals, newest first, a page of `data.data` in the request's language, images as absolute URLs.
 */

const articleSchema = /* @__PURE__ */ (() =>
  z
    .object({
      id: z.int(),
      title: z.string(),
      excerpt: z.string(),
      date: z.string().meta({ description: "ISO 8601" }),
      image: z.string().nullable().meta({ description: "The image 400 px wide (URL), or null" }),
      imageLarge: z.string().nullable().meta({ description: "The image 800 px wide (URL), or null" }),
    })
    .meta({ id: "ArticleCard" }))();

export const articleEndpoints: ApiEndpoint[] = [
  {
    method: "GET",
    path: "/article/userGetAll",
    summary: "The published articles, newest first, a page at a time",
    tag: "articles",
    auth: "none",
    query: z.object({ page: z.int().min(1).optional() }),
    data: pageSchema(articleSchema),
    errors: [404],
    async handle({ db, t, locale, query, request }) {
      const current = requestedPageOf(query);
      if (current === null) throw new ApiError(404, t("api.errors.notFound"));
      const result = await listArticles(db, current, locale);
      if (current > Math.max(result.pageCount, 1)) throw new ApiError(404, t("api.errors.notFound"));
      const absolute = (url: string | null) => (url ? new URL(url, request.url).href : null);
      const items = result.items.map((item) => ({ ...item, image: absolute(item.image), imageLarge: absolute(item.imageLarge) }));
      return { data: page(items, current, ARTICLES_PAGE_SIZE, result.total) };
    },
  },
];
