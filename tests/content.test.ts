import fs from "node:fs";
import path from "node:path";
import { and, count, desc, eq, gt, sql } from "drizzle-orm";
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { TranslatorProvider } from "~/platform/i18n/use-t";
import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";
import * as s from "~/platform/db/schema";
import { getLookups, placeList } from "~/features/places/lookups.server";
import { ARTICLE_LIMITS, OFFICE_LIMITS } from "~/features/back-office/content-forms";
import { action as articleAction, loader as articleLoader } from "~/routes/admin/article-editor";
import { loader as articlesLoader } from "~/routes/admin/articles";
import { action as officeAction, loader as officeLoader } from "~/routes/admin/office-editor";
import { loader as officesAdminLoader } from "~/routes/admin/offices";
import { loader as publicArticleLoader } from "~/routes/article";
import { loader as publicArticlesLoader } from "~/routes/articles";
import { loader as publicOfficeEstatesLoader } from "~/routes/office-estates";
import { loader as publicOfficeLoader } from "~/routes/office";
import { loader as publicOfficesLoader } from "~/routes/offices";
import { loader as officesResultLoader } from "~/routes/office-search-results";
import { pageTranslator, resources } from "~/platform/i18n/i18n.server";
import { uploadTempRoot } from "~/platform/http/multipart.server";
import { escapeHtml } from "~/platform/http/html";
import { PlacesContext } from "~/features/places/places";
import { account, type Account } from "./helpers/accounts";
import { useTestDatabase } from "./helpers/db";
import { callAction, callLoader, unwrap } from "./helpers/remix";
import AdminArticle from "~/routes/admin/article-editor";
import AdminArticles from "~/routes/admin/articles";
import AdminOffice from "~/routes/admin/office-editor";
import AdminOffices from "~/routes/admin/offices";

/**
 * Every image stored by an upload in this file, recorded as storeUploadedImage returns it (other test files store
 * images in the same folder at the same time, so counting files there would not tell whose they are).
 */
const uploads = vi.hoisted(() => ({ made: [] as string[] }));
vi.mock("~/platform/images/images.server", async (importOriginal) => {
  const original = await importOriginal<typeof import("~/platform/images/images.server")>();
  return {
    ...original,
    storeUploadedImage: async (...args: Parameters<typeof original.storeUploadedImage>) => {
      const image = await original.storeUploadedImage(...args);
      uploads.made.push(image.file);
      return image;
    },
  };
});

/**
 * What the pages' components read from Remix (loader data, action data, location), set by `renderPage`: the
 * components are rendered to HTML the way the server sends them to a browser without JavaScript.
 */
const page = vi.hoisted(() => ({ loaderData: undefined as unknown, actionData: undefined as unknown, url: "/" }));
vi.mock("@remix-run/react", async (importOriginal) => {
  const { createElement: h } = await import("react");
  const original = await importOriginal<typeof import("@remix-run/react")>();
  const strip = ({
    reloadDocument: _r,
    replace: _p,
    preventScrollReset: _s,
    navigate: _n,
    fetcherKey: _f,
    prefetch: _x,
    ...rest
  }: Record<string, unknown>) => rest;
  return {
    ...original,
    useLoaderData: () => page.loaderData,
    useActionData: () => page.actionData,
    useLocation: () => {
      const url = new URL(page.url, "http://localhost:3000");
      return { pathname: url.pathname, search: url.search, hash: "", state: null, key: "test" };
    },
    useNavigation: () => ({ state: "idle" }),
    // The root's data: the place list comes from PlacesContext in a server render (see renderPage), not from a file.
    useRouteLoaderData: () => undefined,
    Form: ({ method, ...props }: Record<string, unknown>) =>
      h("form", { ...strip(props), method, action: new URL(page.url, "http://x").pathname }),
    Link: ({ to, ...props }: Record<string, unknown>) => h("a", { ...strip(props), href: to }),
  };
});

/** The back office's Content section: articles and offices, as an admin and the public meet them. */

const test = useTestDatabase();
const db = () => test.get().db;
const imagesDir = () => process.env.TEST_IMAGES_DIR!;
const TOASTS = resources.ar.content.toasts;

type Result = Awaited<ReturnType<typeof callAction>>;
type Action = Parameters<typeof callAction>[0];
type Loader = Parameters<typeof callLoader>[0];

// ---------------------------------------------------------------------------------------------------------------
// Fixtures

let seq = 0;
const uniq = (prefix: string) => `${prefix} ${++seq}-${Date.now() % 100000}`;

let adminCache: Account | undefined;
async function admin() {
  adminCache ??= await account(db(), { role: "admin", first: "Hala", last: "Saleh" });
  return adminCache;
}

/** A real PNG made by sharp (16:9 or square), as the bytes a browser would upload. */
async function png(width = 640, height = 360): Promise<Uint8Array> {
  const buffer = await sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 90 } } })
    .png()
    .toBuffer();
  return new Uint8Array(buffer);
}

/**
 * Posts a multipart form (what the editors send, with `encType="multipart/form-data"`) to an action, the way Remix
 * calls it, and returns what a user gets: status, data and headers.
 */
async function postMultipart(
  action: Action,
  url: string,
  options: {
    fields: Record<string, string>;
    files?: Record<string, { bytes: Uint8Array; name: string; type: string }>;
    params: Record<string, string>;
    cookie?: string;
  },
): Promise<Result> {
  const body = new FormData();
  for (const [name, value] of Object.entries(options.fields)) body.append(name, value);
  for (const [name, file] of Object.entries(options.files ?? {}))
    body.append(name, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return callAction(action, url, { form: body, params: options.params, cookie: options.cookie });
}

function lastResult(res: Result) {
  return res.data?.lastResult as { initialValue?: Record<string, unknown>; error?: Record<string, string[] | null> } | undefined;
}

/** The id at the end of a redirect to /admin/articles/:id or /admin/offices/:id. */
function redirectedId(res: Result, base: string): number {
  expect(res.status).toBe(302);
  const location = res.headers.get("Location") ?? "";
  const match = new RegExp(`^${base}/(\\d+)$`).exec(location);
  expect(match, location).not.toBeNull();
  return Number(match![1]);
}

/** Audit entries written after entry `afterId`. */
async function auditAfter(afterId: number) {
  return db().select().from(s.audit_log).where(gt(s.audit_log.id, afterId)).orderBy(s.audit_log.id);
}
async function lastAuditId(): Promise<number> {
  const [row] = await db().select({ id: s.audit_log.id }).from(s.audit_log).orderBy(desc(s.audit_log.id)).limit(1);
  return row?.id ?? 0;
}
async function countOf(table: typeof s.articles | typeof s.offices): Promise<number> {
  const [{ n }] = await db().select({ n: count() }).from(table);
  return Number(n);
}
const stored = (file: string, width: number) => fs.existsSync(path.join(imagesDir(), `${file}-${width}.webp`));
/** How many images uploads stored so far; `keptSince(mark)` lists those stored after `mark` whose files still exist. */
const uploadMark = () => uploads.made.length;
const keptSince = (mark: number) =>
  uploads.made.slice(mark).filter((file) => fs.readdirSync(imagesDir()).some((f) => f.startsWith(`${file}-`)));

const articleFields = (title: string) => ({
  intent: "save",
  title_ar: `${title} بالعربية`,
  title_en: `${title} in English`,
  body_ar: "الفقرة الأولى من المقال.\n\nالفقرة الثانية.",
  body_en: "The first paragraph.\n\nThe second one.",
});

/** A text as a browser posts it in a form: line breaks as CRLF. */
const posted = (text: string) => text.replace(/\n/g, "\r\n");

/** Creates an article through the editor (as the admin) and returns its id. */
async function createArticle(title = uniq("Market")): Promise<number> {
  const { cookie } = await admin();
  const res = await postMultipart(articleAction, "/admin/articles/new", {
    fields: articleFields(title),
    params: { id: "new" },
    cookie,
  });
  return redirectedId(res, "/admin/articles");
}

let locationId: number | undefined;
/** A place of the seeded database (the first location of the second governorate). */
async function aLocation(): Promise<number> {
  if (!locationId) {
    const [row] = await db().select({ id: s.locations.id }).from(s.locations).orderBy(desc(s.locations.id)).limit(1);
    locationId = row.id;
  }
  return locationId;
}

async function officeFields(name: string) {
  return {
    intent: "save",
    name_ar: `مكتب ${name}`,
    name_en: `${name} Realty`,
    phone: "011 234 5678",
    whatsapp: "0944 123 456",
    address_ar: "شارع بغداد، بناء 12",
    address_en: "12 Baghdad Street",
    location_id: String(await aLocation()),
    contract_type_id: "3",
  };
}

async function createOffice(name = uniq("Qasioun")): Promise<number> {
  const { cookie } = await admin();
  const res = await postMultipart(officeAction, "/admin/offices/new", {
    fields: await officeFields(name),
    params: { id: "new" },
    cookie,
  });
  return redirectedId(res, "/admin/offices");
}

// ---------------------------------------------------------------------------------------------------------------
// Guards

describe("guards of the Content section", () => {
  const loaders: [string, Loader, Record<string, string>][] = [
    ["/admin/articles", articlesLoader, {}],
    ["/admin/articles/new", articleLoader, { id: "new" }],
    ["/admin/articles/1", articleLoader, { id: "1" }],
    ["/admin/offices", officesAdminLoader, {}],
    ["/admin/offices/new", officeLoader, { id: "new" }],
    ["/admin/offices/1", officeLoader, { id: "1" }],
  ];

  it.each(loaders)(
    "%s: a visitor is sent to log in, another user gets 403, an admin gets the page",
    async (url, loader, params) => {
      const visitor = await callLoader(loader, url, { params });
      expect(visitor).toRedirectTo(`/login?redirectTo=${encodeURIComponent(url)}`);
      const user = await account(db(), { first: "Hala", last: "Saleh" });
      expect((await callLoader(loader, url, { params, cookie: user.cookie })).status).toBe(403);
      const res = await callLoader(loader, url, { params, cookie: (await admin()).cookie });
      expect(res.status).toBe(200);
      expect(res.data.seo.noindex).toBe(true);
    },
  );

  const actions: [string, Action, Record<string, string>, Record<string, string>][] = [
    ["/admin/articles/new", articleAction, { id: "new" }, articleFields("Guard")],
    ["/admin/articles/1", articleAction, { id: "1" }, { intent: "unpublish" }],
    ["/admin/offices/new", officeAction, { id: "new" }, { intent: "save", name_ar: "م", name_en: "Guard", phone: "0944123456" }],
    ["/admin/offices/1", officeAction, { id: "1" }, { intent: "deactivate" }],
  ];

  it.each(actions)(
    "posting to %s: a visitor is sent to log in, another user gets 403, and nothing changes",
    async (url, action, params, form) => {
      const before = { articles: await countOf(s.articles), offices: await countOf(s.offices), audit: await lastAuditId() };
      const visitor = await callAction(action, url, { params, form });
      expect(visitor).toRedirectTo(`/login?redirectTo=${encodeURIComponent(url)}`);
      const user = await account(db(), { first: "Hala", last: "Saleh" });
      expect((await callAction(action, url, { params, form, cookie: user.cookie })).status).toBe(403);
      expect(await countOf(s.articles)).toBe(before.articles);
      expect(await countOf(s.offices)).toBe(before.offices);
      expect(await auditAfter(before.audit)).toEqual([]);
      const [article] = await db().select().from(s.articles).where(eq(s.articles.id, 1));
      expect(article.is_published).toBe(true);
      const [office] = await db().select().from(s.offices).where(eq(s.offices.id, 1));
      expect(office.is_active).toBe(true);
    },
  );

  it("answers unknown and malformed ids with 404, in loaders and actions", async () => {
    const { cookie } = await admin();
    for (const id of ["999999", "0", "abc", "1.5", "99999999999"]) {
      expect((await callLoader(articleLoader, `/admin/articles/${id}`, { params: { id }, cookie })).status).toBe(404);
      expect((await callLoader(officeLoader, `/admin/offices/${id}`, { params: { id }, cookie })).status).toBe(404);
    }
    const before = await lastAuditId();
    expect(
      (
        await callAction(articleAction, "/admin/articles/999999", {
          params: { id: "999999" },
          form: { intent: "unpublish" },
          cookie,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await callAction(officeAction, "/admin/offices/999999", {
          params: { id: "999999" },
          form: { intent: "activate" },
          cookie,
        })
      ).status,
    ).toBe(404);
    const save = await postMultipart(articleAction, "/admin/articles/999999", {
      fields: articleFields("Nowhere"),
      params: { id: "999999" },
      cookie,
    });
    expect(save.status).toBe(404);
    const saveOffice = await postMultipart(officeAction, "/admin/offices/999999", {
      fields: await officeFields("Nowhere"),
      params: { id: "999999" },
      cookie,
    });
    expect(saveOffice.status).toBe(404);
    expect(
      (await callAction(articleAction, "/admin/articles/new", { params: { id: "new" }, form: { intent: "publish" }, cookie }))
        .status,
    ).toBe(404);
    expect(await auditAfter(before)).toEqual([]);
  });

  it("answers list pages that are malformed or past the end with 404", async () => {
    const { cookie } = await admin();
    expect((await callLoader(articlesLoader, "/admin/articles?page=abc", { cookie })).status).toBe(404);
    expect((await callLoader(articlesLoader, "/admin/articles?page=999", { cookie })).status).toBe(404);
    expect((await callLoader(officesAdminLoader, "/admin/offices?page=0", { cookie })).status).toBe(404);
    expect((await callLoader(officesAdminLoader, "/admin/offices?page=999", { cookie })).status).toBe(404);
    expect((await callLoader(officeLoader, "/admin/offices/1?page=999", { params: { id: "1" }, cookie })).status).toBe(404);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Articles

describe("articles", () => {
  it("creates an article with an uploaded cover: stored, audited, first on /articals and readable at /artical/:id", async () => {
    const { user, cookie } = await admin();
    const before = await lastAuditId();
    const title = uniq("Prices in Damascus");
    const fields = articleFields(title);
    const res = await postMultipart(articleAction, "/admin/articles/new", {
      fields,
      files: { cover: { bytes: await png(1280, 720), name: "cover.png", type: "image/png" } },
      params: { id: "new" },
      cookie,
    });
    const id = redirectedId(res, "/admin/articles");
    await expect(res).toFlashToast("success", TOASTS.articleCreated);

    const [row] = await db().select().from(s.articles).where(eq(s.articles.id, id));
    expect(row).toMatchObject({
      title_ar: fields.title_ar,
      title_en: fields.title_en,
      body_ar: fields.body_ar,
      body_en: fields.body_en,
      is_published: true,
    });
    expect(row.image).toMatch(/^u-[0-9a-f-]{36}$/);
    expect(stored(row.image!, 400) && stored(row.image!, 800)).toBe(true);
    expect(uploads.made).toContain(row.image);

    const audit = await auditAfter(before);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: user.id, action: "article.create", subject_type: "article", subject_id: id });

    const list = await callLoader(publicArticlesLoader, "/articals");
    expect(list.data.items[0]).toMatchObject({ id, title: fields.title_ar, image: `/images/${row.image}-400.webp` });
    const page = await callLoader(publicArticleLoader, `/artical/${id}`, { params: { id: String(id) } });
    expect(page.status).toBe(200);
    expect(page.data.article).toMatchObject({ title: fields.title_ar, body: fields.body_ar });
    const english = await callLoader(publicArticleLoader, `/artical/${id}?lang=en`, { params: { id: String(id) } });
    expect(english.data.article.title).toBe(fields.title_en);

    const admins = await callLoader(articlesLoader, "/admin/articles", { cookie });
    expect(admins.data.items[0]).toMatchObject({ id, title: fields.title_ar, isPublished: true });
    const editor = await callLoader(articleLoader, `/admin/articles/${id}`, { params: { id: String(id) }, cookie });
    expect(editor.data.defaults).toEqual({
      title_ar: fields.title_ar,
      title_en: fields.title_en,
      body_ar: fields.body_ar,
      body_en: fields.body_en,
    });
    expect(editor.data.article).toMatchObject({ id, isPublished: true, cover: `/images/${row.image}-400.webp` });
  });

  it("edits an article: without a file the cover stays; a new file replaces it and the old files are removed", async () => {
    const { user, cookie } = await admin();
    const first = await postMultipart(articleAction, "/admin/articles/new", {
      fields: articleFields(uniq("Rents")),
      files: { cover: { bytes: await png(), name: "a.png", type: "image/png" } },
      params: { id: "new" },
      cookie,
    });
    const id = redirectedId(first, "/admin/articles");
    const [created] = await db().select().from(s.articles).where(eq(s.articles.id, id));

    const before = await lastAuditId();
    const fields = {
      ...articleFields("unused"),
      title_ar: created.title_ar,
      title_en: "Rents went up",
      body_ar: created.body_ar,
      body_en: created.body_en,
    };
    const res = await postMultipart(articleAction, `/admin/articles/${id}`, { fields, params: { id: String(id) }, cookie });
    expect(redirectedId(res, "/admin/articles")).toBe(id);
    await expect(res).toFlashToast("success", TOASTS.articleSaved);
    const [edited] = await db().select().from(s.articles).where(eq(s.articles.id, id));
    expect(edited).toMatchObject({ title_en: "Rents went up", image: created.image, created_at: created.created_at });
    const audit = await auditAfter(before);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_id: user.id,
      action: "article.update",
      subject_type: "article",
      subject_id: id,
      details: { changed: ["title_en"] },
    });
    const english = await callLoader(publicArticleLoader, `/artical/${id}?lang=en`, { params: { id: String(id) } });
    expect(english.data.article.title).toBe("Rents went up");

    const again = await postMultipart(articleAction, `/admin/articles/${id}`, {
      fields,
      files: { cover: { bytes: await png(800, 450), name: "b.png", type: "image/png" } },
      params: { id: String(id) },
      cookie,
    });
    expect(again.status).toBe(302);
    const [replaced] = await db().select().from(s.articles).where(eq(s.articles.id, id));
    expect(replaced.image).toMatch(/^u-/);
    expect(replaced.image).not.toBe(created.image);
    expect(stored(replaced.image!, 400)).toBe(true);
    expect(stored(created.image!, 400) || stored(created.image!, 800)).toBe(false);
  });

  it("unpublishes an article (gone from the lists, /artical/:id is 404) and publishes it again, each audited once", async () => {
    const { user, cookie } = await admin();
    const id = await createArticle();
    const url = `/admin/articles/${id}`;
    const params = { id: String(id) };

    let before = await lastAuditId();
    const off = await callAction(articleAction, url, { params, form: { intent: "unpublish" }, cookie });
    expect(off).toRedirectTo(url);
    await expect(off).toFlashToast("success", TOASTS.articleUnpublished);
    expect((await db().select().from(s.articles).where(eq(s.articles.id, id)))[0].is_published).toBe(false);
    expect(await auditAfter(before)).toMatchObject([
      { actor_id: user.id, action: "article.unpublish", subject_type: "article", subject_id: id },
    ]);

    const list = await callLoader(publicArticlesLoader, "/articals");
    expect(list.data.items.map((a: { id: number }) => a.id)).not.toContain(id);
    expect((await callLoader(publicArticleLoader, url.replace("/admin/articles", "/artical"), { params })).status).toBe(404);
    // The back office still lists and opens it, marked as unpublished.
    const admins = await callLoader(articlesLoader, "/admin/articles", { cookie });
    expect(admins.data.items.find((a: { id: number }) => a.id === id)).toMatchObject({ isPublished: false });
    expect((await callLoader(articleLoader, url, { params, cookie })).data.article.isPublished).toBe(false);

    // A second unpublish (a double click without JavaScript) changes nothing and records nothing.
    before = await lastAuditId();
    expect((await callAction(articleAction, url, { params, form: { intent: "unpublish" }, cookie })).status).toBe(302);
    expect(await auditAfter(before)).toEqual([]);

    const on = await callAction(articleAction, url, { params, form: { intent: "publish" }, cookie });
    expect(on.status).toBe(302);
    await expect(on).toFlashToast("success", TOASTS.articlePublished);
    expect(await auditAfter(before)).toMatchObject([
      { actor_id: user.id, action: "article.publish", subject_type: "article", subject_id: id },
    ]);
    expect((await callLoader(publicArticleLoader, `/artical/${id}`, { params })).status).toBe(200);
    expect((await callLoader(publicArticlesLoader, "/articals")).data.items.map((a: { id: number }) => a.id)).toContain(id);
  });

  it("refuses empty titles with 400, each error beside its field, every typed value kept, nothing stored", async () => {
    const { cookie } = await admin();
    const before = { articles: await countOf(s.articles), audit: await lastAuditId(), files: uploadMark() };
    const fields = { ...articleFields("x"), title_ar: "", title_en: "   ", body_ar: "نص عربي", body_en: "English text" };
    const res = await postMultipart(articleAction, "/admin/articles/new", {
      fields,
      files: { cover: { bytes: await png(), name: "c.png", type: "image/png" } },
      params: { id: "new" },
      cookie,
    });
    expect(res.status).toBe(400);
    expect(res).toHaveFieldError("title_ar", "content:errors.required");
    expect(res).toHaveFieldError("title_en", "content:errors.required");
    expect(res).not.toHaveFieldError("body_ar");
    expect(res).toHaveFieldError("cover", "content:upload.again");
    expect(lastResult(res)?.initialValue).toMatchObject({ body_ar: "نص عربي", body_en: "English text", title_en: "   " });
    expect(await countOf(s.articles)).toBe(before.articles);
    expect(await auditAfter(before.audit)).toEqual([]);
    expect(keptSince(before.files)).toEqual([]);
  });

  it("refuses fields that are too long or hold control characters, with the values kept", async () => {
    const { cookie } = await admin();
    const before = await countOf(s.articles);
    const long = "ع".repeat(ARTICLE_LIMITS.titleMax + 1);
    const body = "b".repeat(ARTICLE_LIMITS.bodyMax + 1);
    const fields = { ...articleFields("x"), title_ar: long, body_en: body, title_en: "Bad\u0000title" };
    const res = await postMultipart(articleAction, "/admin/articles/new", { fields, params: { id: "new" }, cookie });
    expect(res.status).toBe(400);
    expect(res).toHaveFieldError("title_ar", { key: "content:errors.tooLong", values: { max: ARTICLE_LIMITS.titleMax } });
    expect(res).toHaveFieldError("body_en", { key: "content:errors.tooLong", values: { max: ARTICLE_LIMITS.bodyMax } });
    expect(res).toHaveFieldError("title_en", "content:errors.controlChars");
    expect(lastResult(res)?.initialValue).toMatchObject({ title_ar: long, body_ar: posted(fields.body_ar) });
    expect(await countOf(s.articles)).toBe(before);
    // The limits themselves are accepted.
    const ok = await postMultipart(articleAction, "/admin/articles/new", {
      fields: {
        ...articleFields("x"),
        title_ar: "ع".repeat(ARTICLE_LIMITS.titleMax),
        body_ar: "ب".repeat(ARTICLE_LIMITS.bodyMax),
      },
      params: { id: "new" },
      cookie,
    });
    expect(ok.status).toBe(302);
  });

  it("answers a text file sent as the cover with an error of the cover field, the values kept and nothing stored", async () => {
    const { cookie } = await admin();
    const before = { articles: await countOf(s.articles), audit: await lastAuditId(), files: uploadMark() };
    const fields = articleFields(uniq("Text file"));
    const res = await postMultipart(articleAction, "/admin/articles/new", {
      fields,
      files: { cover: { bytes: new TextEncoder().encode("just some text, not a photo"), name: "notes.png", type: "image/png" } },
      params: { id: "new" },
      cookie,
    });
    expect(res.status).toBe(400);
    expect(res).toHaveFieldError("cover", "content:upload.notImage");
    expect(lastResult(res)?.initialValue).toMatchObject({
      title_ar: fields.title_ar,
      title_en: fields.title_en,
      body_ar: posted(fields.body_ar),
      body_en: posted(fields.body_en),
    });
    expect(await countOf(s.articles)).toBe(before.articles);
    expect(await auditAfter(before.audit)).toEqual([]);
    expect(keptSince(before.files)).toEqual([]);

    // An empty file chosen on an edit is refused the same way, and the article keeps its cover.
    const id = await createArticle();
    const [row] = await db().select().from(s.articles).where(eq(s.articles.id, id));
    const edit = await postMultipart(articleAction, `/admin/articles/${id}`, {
      fields: { ...fields, title_en: "Changed" },
      files: { cover: { bytes: new Uint8Array(0), name: "empty.jpg", type: "image/jpeg" } },
      params: { id: String(id) },
      cookie,
    });
    expect(edit.status).toBe(400);
    expect(edit).toHaveFieldError("cover", "content:upload.empty");
    expect((await db().select().from(s.articles).where(eq(s.articles.id, id)))[0]).toEqual(row);
  });

  it("answers a malformed body with 400 and the required errors, never a 500", async () => {
    const { cookie } = await admin();
    const request = new Request("http://localhost:3000/admin/articles/new", {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "multipart/form-data; boundary=nope" },
      body: '--nope\r\nContent-Disposition: form-data; name="title_ar"\r\n\r\nunterminated',
    });
    const res = await unwrap(() => articleAction({ request, params: { id: "new" }, context: {} }));
    expect(res.status).toBe(400);
    expect(res).toHaveFieldError("title_ar", "content:errors.required");
  });

  it("answers a second save with a cover, while the same admin's first upload is still sending, with 429 and the values kept", async () => {
    const { cookie } = await admin();
    // The first save: its fields and half of its cover sent, the rest held back (a slow connection).
    const boundary = "SlowB0undary";
    const cover = await png();
    const firstTitle = uniq("Slow");
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
      },
    });
    const text = Object.entries(articleFields(firstTitle))
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join("");
    const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="cover"; filename="slow.png"\r\nContent-Type: image/png\r\n\r\n`;
    controller.enqueue(Buffer.concat([Buffer.from(text + fileHead), Buffer.from(cover.subarray(0, 100))]));
    const request = new Request("http://localhost:3000/admin/articles/new", {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: "half",
    } as RequestInit);
    // Other test files may upload into the same temporary folder: this request's folder is the one that appears.
    const folders = () => (fs.existsSync(uploadTempRoot()) ? fs.readdirSync(uploadTempRoot()) : []);
    const earlier = new Set(folders());
    const first = articleAction({ request, params: { id: "new" }, context: {} });
    let mine = "";
    await vi.waitFor(() => {
      mine = folders().find((f) => !earlier.has(f)) ?? "";
      expect(mine).not.toBe("");
    });

    const before = { articles: await countOf(s.articles), audit: await lastAuditId(), files: uploadMark() };
    const fields = articleFields(uniq("Second"));
    const res = await postMultipart(articleAction, "/admin/articles/new", {
      fields,
      files: { cover: { bytes: await png(), name: "c.png", type: "image/png" } },
      params: { id: "new" },
      cookie,
    });
    expect(res.status).toBe(429);
    expect(res).toHaveFieldError("cover", "content:upload.busy");
    expect(resources.ar.content.upload.busy).toMatch(/رفع/);
    expect(resources.en.content.upload.busy).toMatch(/upload/i);
    expect(lastResult(res)?.initialValue).toMatchObject({
      title_ar: fields.title_ar,
      title_en: fields.title_en,
      body_en: posted(fields.body_en),
    });
    expect(await countOf(s.articles)).toBe(before.articles);
    expect(await auditAfter(before.audit)).toEqual([]);
    expect(keptSince(before.files)).toEqual([]);

    controller.enqueue(Buffer.concat([Buffer.from(cover.subarray(100)), Buffer.from(`\r\n--${boundary}--\r\n`)]));
    controller.close();
    const done = (await first) as Response;
    expect(done.status).toBe(302);
    expect(await countOf(s.articles)).toBe(before.articles + 1);
    expect(fs.existsSync(path.join(uploadTempRoot(), mine))).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Offices

describe("offices", () => {
  it("creates an office with a logo: numbers in E.164 (a landline too), audited, on /offices and at /office/:id", async () => {
    const { user, cookie } = await admin();
    const before = await lastAuditId();
    const name = uniq("Barada");
    const fields = await officeFields(name);
    const res = await postMultipart(officeAction, "/admin/offices/new", {
      fields,
      files: { logo: { bytes: await png(300, 300), name: "logo.png", type: "image/png" } },
      params: { id: "new" },
      cookie,
    });
    const id = redirectedId(res, "/admin/offices");
    await expect(res).toFlashToast("success", TOASTS.officeCreated);
    const [row] = await db().select().from(s.offices).where(eq(s.offices.id, id));
    expect(row).toMatchObject({
      name_ar: fields.name_ar,
      name_en: fields.name_en,
      phone: "+963112345678",
      whatsapp: "+963944123456",
      address_ar: fields.address_ar,
      address_en: fields.address_en,
      location_id: Number(fields.location_id),
      contract_type_id: 3,
      is_active: true,
    });
    expect(row.logo).toMatch(/^u-/);
    expect(stored(row.logo!, 96) && stored(row.logo!, 192)).toBe(true);
    expect(await auditAfter(before)).toMatchObject([
      { actor_id: user.id, action: "office.create", subject_type: "office", subject_id: id },
    ]);

    const offices = await callLoader(publicOfficesLoader, "/offices");
    expect(offices.data.offices.find((o: { id: number }) => o.id === id)).toMatchObject({
      name: fields.name_ar,
      contractLevel: 3,
      logo: `/images/${row.logo}-96.webp`,
    });
    const page = await callLoader(publicOfficeLoader, `/office/${id}?lang=en`, { params: { id: String(id) } });
    expect(page.status).toBe(200);
    expect(page.data.office).toMatchObject({ name: fields.name_en, address: fields.address_en });
    const found = await callLoader(officesResultLoader, `/officesResult?searchselected=2&name=${encodeURIComponent(name)}`);
    expect(found.data.offices.map((o: { id: number }) => o.id)).toContain(id);

    const admins = await callLoader(officesAdminLoader, `/admin/offices?q=${encodeURIComponent(name)}`, { cookie });
    expect(admins.data.items).toMatchObject([{ id, name: fields.name_ar, isActive: true, contractLevel: 3 }]);
    const editor = await callLoader(officeLoader, `/admin/offices/${id}`, { params: { id: String(id) }, cookie });
    expect(editor.data.defaults).toMatchObject({
      phone: "+963112345678",
      whatsapp: "+963944123456",
      location_id: fields.location_id,
      contract_type_id: "3",
    });
    expect(editor.data.listings).toMatchObject({ total: 0, items: [] });
  });

  it("edits an office (the public page shows it at once) and keeps the logo when no file is sent", async () => {
    const { user, cookie } = await admin();
    const id = await createOffice();
    const before = await lastAuditId();
    const fields = { ...(await officeFields("unused")), name_ar: "مكتب الشام الجديد", name_en: uniq("New Sham"), whatsapp: "" };
    const [old] = await db().select().from(s.offices).where(eq(s.offices.id, id));
    const res = await postMultipart(officeAction, `/admin/offices/${id}`, { fields, params: { id: String(id) }, cookie });
    expect(redirectedId(res, "/admin/offices")).toBe(id);
    await expect(res).toFlashToast("success", TOASTS.officeSaved);
    const [row] = await db().select().from(s.offices).where(eq(s.offices.id, id));
    expect(row).toMatchObject({ name_ar: "مكتب الشام الجديد", name_en: fields.name_en, whatsapp: null, logo: old.logo });
    const audit = await auditAfter(before);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: user.id, action: "office.update", subject_type: "office", subject_id: id });
    expect((audit[0].details as { changed: string[] }).changed.sort()).toEqual(["name_ar", "name_en", "whatsapp"]);
    const page = await callLoader(publicOfficeLoader, `/office/${id}`, { params: { id: String(id) } });
    expect(page.data.office.name).toBe("مكتب الشام الجديد");
  });

  it("deactivates an office (gone from /offices, its pages 404) and activates it again, each audited once", async () => {
    const { user, cookie } = await admin();
    // A seeded office with listings: the admin page lists them, each linking to the listing editor.
    const [seeded] = await db()
      .select({ id: s.offices.id, n: count() })
      .from(s.offices)
      .innerJoin(s.estates, eq(s.estates.office_id, s.offices.id))
      .where(and(eq(s.offices.is_active, true), eq(s.estates.status, "approved")))
      .groupBy(s.offices.id)
      .orderBy(desc(count()))
      .limit(1);
    const id = seeded.id;
    const url = `/admin/offices/${id}`;
    const params = { id: String(id) };
    const editor = await callLoader(officeLoader, url, { params, cookie });
    expect(editor.data.listings.total).toBeGreaterThan(0);
    const [estate] = await db().select().from(s.estates).where(eq(s.estates.id, editor.data.listings.items[0].id));
    expect(estate.office_id).toBe(id);
    expect(editor.data.listings.items[0]).toMatchObject({
      stateId: estate.state_id,
      status: estate.status,
      type: expect.any(String),
      place: expect.any(String),
    });

    const before = await lastAuditId();
    const off = await callAction(officeAction, url, { params, form: { intent: "deactivate" }, cookie });
    expect(off).toRedirectTo(url);
    await expect(off).toFlashToast("success", TOASTS.officeDeactivated);
    expect(await auditAfter(before)).toMatchObject([
      { actor_id: user.id, action: "office.deactivate", subject_type: "office", subject_id: id },
    ]);
    expect((await callLoader(publicOfficesLoader, "/offices")).data.offices.map((o: { id: number }) => o.id)).not.toContain(id);
    expect((await callLoader(publicOfficeLoader, `/office/${id}`, { params })).status).toBe(404);
    expect((await callLoader(publicOfficeEstatesLoader, `/office-estates/${id}`, { params })).status).toBe(404);
    const admins = await callLoader(officesAdminLoader, "/admin/offices?page=1", { cookie });
    expect(admins.status).toBe(200);
    expect((await callLoader(officeLoader, url, { params, cookie })).data.office.isActive).toBe(false);

    const mid = await lastAuditId();
    const on = await callAction(officeAction, url, { params, form: { intent: "activate" }, cookie });
    expect(on.status).toBe(302);
    await expect(on).toFlashToast("success", TOASTS.officeActivated);
    expect(await auditAfter(mid)).toMatchObject([
      { actor_id: user.id, action: "office.activate", subject_type: "office", subject_id: id },
    ]);
    expect((await callLoader(publicOfficeLoader, `/office/${id}`, { params })).status).toBe(200);
    expect((await callLoader(publicOfficesLoader, "/offices")).data.offices.map((o: { id: number }) => o.id)).toContain(id);
  });

  it("refuses bad numbers, an unknown place or contract level, long fields and a non-photo logo: 400, values kept, nothing stored", async () => {
    const { cookie } = await admin();
    const before = { offices: await countOf(s.offices), audit: await lastAuditId(), files: uploadMark() };
    const fields = {
      ...(await officeFields(uniq("Bad"))),
      phone: "12",
      whatsapp: "0944",
      location_id: "99999999",
      contract_type_id: "9",
      address_en: "a".repeat(OFFICE_LIMITS.addressMax + 1),
    };
    const res = await postMultipart(officeAction, "/admin/offices/new", {
      fields,
      files: { logo: { bytes: new TextEncoder().encode("%PDF-1.4 not an image"), name: "logo.pdf", type: "application/pdf" } },
      params: { id: "new" },
      cookie,
    });
    expect(res.status).toBe(400);
    expect(res).toHaveFieldError("address_en", { key: "content:errors.tooLong", values: { max: OFFICE_LIMITS.addressMax } });
    expect(res).toHaveFieldError("logo", "content:upload.again");
    expect(lastResult(res)?.initialValue).toMatchObject({
      name_ar: fields.name_ar,
      phone: "12",
      whatsapp: "0944",
      location_id: "99999999",
      address_ar: fields.address_ar,
    });

    // With the text fine, the numbers, the place and the level are checked too, all at once.
    const res2 = await postMultipart(officeAction, "/admin/offices/new", {
      fields: { ...fields, address_en: "Street" },
      params: { id: "new" },
      cookie,
    });
    expect(res2.status).toBe(400);
    expect(res2).toHaveFieldError("phone", "content:errors.phoneInvalid");
    expect(res2).toHaveFieldError("whatsapp", "content:errors.phoneInvalid");
    expect(res2).toHaveFieldError("location_id", "content:errors.locationRequired");
    expect(res2).toHaveFieldError("contract_type_id", "content:errors.contractRequired");

    // And a file that is no photo is an error of the logo field.
    const res3 = await postMultipart(officeAction, "/admin/offices/new", {
      fields: await officeFields(uniq("Logo")),
      files: { logo: { bytes: new TextEncoder().encode("hello"), name: "logo.txt", type: "text/plain" } },
      params: { id: "new" },
      cookie,
    });
    expect(res3.status).toBe(400);
    expect(res3).toHaveFieldError("logo", "content:upload.notImage");
    expect(lastResult(res3)?.initialValue).toMatchObject({ phone: "011 234 5678" });

    const empty = await postMultipart(officeAction, "/admin/offices/new", {
      fields: { intent: "save" },
      params: { id: "new" },
      cookie,
    });
    expect(empty.status).toBe(400);
    for (const field of ["name_ar", "name_en", "phone", "address_ar", "address_en"])
      expect(empty).toHaveFieldError(field, "content:errors.required");
    expect(empty).toHaveFieldError("location_id", "content:errors.locationRequired");

    expect(await countOf(s.offices)).toBe(before.offices);
    expect(await auditAfter(before.audit)).toEqual([]);
    expect(keptSince(before.files)).toEqual([]);
  });

  it("searches the back office's list by name, inactive offices included", async () => {
    const { cookie } = await admin();
    const name = uniq("Yarmouk");
    const id = await createOffice(name);
    await callAction(officeAction, `/admin/offices/${id}`, {
      params: { id: String(id) },
      form: { intent: "deactivate" },
      cookie,
    });
    const res = await callLoader(officesAdminLoader, `/admin/offices?q=${encodeURIComponent(name.toLowerCase())}`, { cookie });
    expect(res.data.items).toMatchObject([{ id, isActive: false }]);
    expect(res.data.q).toBe(name.toLowerCase());
    const none = await callLoader(officesAdminLoader, "/admin/offices?q=%25_%5C", { cookie });
    expect(none.status).toBe(200);
    expect(none.data.items).toEqual([]);
    const all = await callLoader(officesAdminLoader, "/admin/offices", { cookie });
    expect(all.data.total).toBeGreaterThanOrEqual(41);
    expect(all.data.items.length).toBeLessThanOrEqual(20);
    expect(all.data.pageCount).toBeGreaterThan(1);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The pages as a browser without JavaScript gets them

/** Renders a page component with the given loader and action data, in Arabic, as server HTML. */
async function renderPage(component: ComponentType, url: string, loaderData: unknown, actionData?: unknown): Promise<string> {
  page.loaderData = loaderData;
  page.actionData = actionData;
  page.url = url;
  const translator = pageTranslator("ar");
  // As entry.server.tsx renders a page: the place selects take the place list from PlacesContext.
  const places = placeList(await getLookups(db()), "ar").places;
  return renderToString(
    createElement(
      TranslatorProvider,
      { translator },
      createElement(PlacesContext.Provider, { value: places }, createElement(component)),
    ),
  );
}
const AR = resources.ar.content;

describe("the pages", () => {
  it("list articles and offices with their state, and links to edit them", async () => {
    const { cookie } = await admin();
    const id = await createArticle();
    await callAction(articleAction, `/admin/articles/${id}`, {
      params: { id: String(id) },
      form: { intent: "unpublish" },
      cookie,
    });
    const articles = await callLoader(articlesLoader, "/admin/articles", { cookie });
    const html = await renderPage(AdminArticles, "/admin/articles", articles.data);
    expect(html).toContain(`href="/admin/articles/${id}"`);
    expect(html).toContain(`href="/admin/articles/new"`);
    expect(html).toContain(AR.articles.unpublished);
    expect(html).toContain(AR.articles.published);

    const offices = await callLoader(officesAdminLoader, "/admin/offices?q=", { cookie });
    const list = await renderPage(AdminOffices, "/admin/offices", offices.data);
    expect(list).toContain('name="q"');
    expect(list).toContain(`href="/admin/offices/${offices.data.items[0].id}"`);
    expect(list).toContain('href="/admin/offices?page=2"');
  });

  it("show a failed article post again with every typed value and each translated error beside its field", async () => {
    const { cookie } = await admin();
    const created = await postMultipart(articleAction, "/admin/articles/new", {
      fields: articleFields(uniq("With cover")),
      files: { cover: { bytes: await png(), name: "c.png", type: "image/png" } },
      params: { id: "new" },
      cookie,
    });
    const id = redirectedId(created, "/admin/articles");
    const params = { id: String(id) };
    const fields = { ...articleFields("x"), title_ar: "", title_en: 'Kept <title> & "quotes"', body_en: "Line one\n\nLine two" };
    const res = await postMultipart(articleAction, `/admin/articles/${id}`, {
      fields,
      files: { cover: { bytes: new TextEncoder().encode("text"), name: "a.txt", type: "text/plain" } },
      params,
      cookie,
    });
    expect(res.status).toBe(400);
    const loaded = await callLoader(articleLoader, `/admin/articles/${id}`, { params, cookie });
    const html = await renderPage(AdminArticle, `/admin/articles/${id}`, loaded.data, res.data);
    expect(html).toMatch(/enctype="multipart\/form-data"/i);
    expect(html).toContain(`value="${escapeHtml(fields.title_en)}"`);
    expect(html).toContain(`>${escapeHtml(posted(fields.body_en))}</textarea>`);
    expect(html).toContain(AR.errors.required);
    // The file cannot come back: the cover field asks for it again.
    expect(html).toContain(AR.upload.again);
    expect(html).toMatch(/<input[^>]*name="cover"[^>]*aria-invalid="true"|<input[^>]*aria-invalid="true"[^>]*name="cover"/);
    expect(html).toContain(AR.errors.checkData);
    expect(html).toMatch(/<input[^>]*aria-invalid="true"[^>]*name="title_ar"|<input[^>]*name="title_ar"[^>]*aria-invalid="true"/);
    expect(html).toContain('name="intent" value="unpublish"');
    expect(html).toContain(AR.articleForm.currentCover);
  });

  it("show the office editor with the place grouped by governorate, the chosen values, and the office's listings", async () => {
    const { cookie } = await admin();
    const [seeded] = await db()
      .select({ id: s.estates.office_id })
      .from(s.estates)
      .where(and(sql`${s.estates.office_id} is not null`, eq(s.estates.status, "approved")))
      .limit(1);
    const id = seeded.id!;
    const loaded = await callLoader(officeLoader, `/admin/offices/${id}`, { params: { id: String(id) }, cookie });
    const html = await renderPage(AdminOffice, `/admin/offices/${id}`, loaded.data);
    expect(html).toContain("<optgroup");
    expect(html).toMatch(new RegExp(`<option value="${loaded.data.defaults.location_id}" selected`));
    expect(html).toMatch(new RegExp(`<option value="${loaded.data.defaults.contract_type_id}" selected`));
    expect(html).toContain(`value="${loaded.data.defaults.phone}"`);
    expect(html).toContain(`href="/profile/posts/${loaded.data.listings.items[0].id}"`);
    expect(html).toContain('name="intent" value="deactivate"');

    const fresh = await callLoader(officeLoader, "/admin/offices/new", { params: { id: "new" }, cookie });
    const empty = await renderPage(AdminOffice, "/admin/offices/new", fresh.data);
    expect(empty).toContain(AR.officeForm.newTitle);
    expect(empty).not.toContain('name="intent" value="deactivate"');
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The audit log

describe("the audit log of the Content section", () => {
  it("holds one entry per action, and refuses to change or delete one", async () => {
    const start = await lastAuditId();
    const articleId = await createArticle();
    const officeId = await createOffice();
    const entries = await auditAfter(start);
    expect(entries.map((e) => [e.action, e.subject_type, e.subject_id])).toEqual([
      ["article.create", "article", articleId],
      ["office.create", "office", officeId],
    ]);
    const { user } = await admin();
    expect(entries.every((e) => e.actor_id === user.id)).toBe(true);
    await expect(
      db().execute(sql`update audit_log set action = 'article.nothing' where id = ${entries[0].id}`),
    ).rejects.toThrow();
    await expect(db().execute(sql`delete from audit_log where id = ${entries[0].id}`)).rejects.toThrow();
    const [still] = await db().select().from(s.audit_log).where(eq(s.audit_log.id, entries[0].id));
    expect(still.action).toBe("article.create");
  });
});
