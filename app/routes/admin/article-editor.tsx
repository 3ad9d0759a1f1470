import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import { BackLink, DateLine, EditorForm, ImageField, StateForm } from "~/features/back-office/ContentParts";
import { TextAreaField, TextField } from "~/platform/forms/FormParts";
import { useServerForm } from "~/platform/forms/useServerForm";
import { articleSchema } from "~/features/back-office/content-forms";
import { message } from "~/platform/forms/message";
import { formConstraint, parseForm, type FieldName } from "~/platform/forms/parse";
import { createArticle, getArticleRow, setArticlePublished, updateArticle } from "~/features/articles/article.server";
import { requireAdmin } from "~/features/accounts/auth.server";
import { formReply } from "~/features/forms/forms.server";
import { imageUrl, PHOTO_LIMITS } from "~/platform/images/images.server";
import { withMultipartForm } from "~/platform/http/multipart.server";
import { redirectWithSuccess } from "~/platform/http/session.server";
import { editedId, fileFieldError, sameLanguage, saveWithImage } from "~/features/back-office/admin-content.server";
import { notFound, pageContext } from "~/platform/http/page.server";
import { pageMeta } from "~/platform/http/seo";
import type { LayoutHandle } from "~/root";

export const meta = pageMeta;
export const handle: LayoutHandle = { i18n: ["common", "admin", "content"] };

/**
 * /admin/articles/new and /admin/articles/:id: the editor of one article, published or not,
 * with its current cover, and the publish/unpublish form. Admins only; an unknown or malformed id is a 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const id = editedId(params.id);
  const { db, t } = await pageContext(request);
  const row = id === null ? null : await getArticleRow(db, id);
  if (id !== null && !row) notFound();
  const title = row ? t("content:articleForm.editTitle") : t("content:articleForm.newTitle");
  return {
    constraint: formConstraint(articleSchema),
    article: row
      ? {
          id: row.id,
          isPublished: row.is_published,
          date: row.created_at.toISOString(),
          cover: row.image ? imageUrl(row.image, 400) : null,
          coverLarge: row.image ? imageUrl(row.image, 800) : null,
        }
      : null,
    defaults: row ? { title_ar: row.title_ar, title_en: row.title_en, body_ar: row.body_ar, body_en: row.body_en } : {},
    seo: { title, description: t("content:articles.description"), noindex: true },
  };
}

/**
 * The posts of the editor, told apart by `intent`: "save" (create or update, with an optional new cover; without
 * one the old cover stays), "publish" and "unpublish". Bad input: 400 with every typed value and each error beside
 * its field, nothing stored (not even the cover); a file that is no usable photo is an error of the cover field.
 * While another upload of the same admin (or four in the server) runs, a chosen cover is refused with 429 and the
 * translated "busy" message beside it, the typed values kept. Success: back to this article's page with a
 * toast. Each change and its audit entry are one transaction.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const id = editedId(params.id);
  const { db, t } = await pageContext(request);
  const limits = { fileFields: ["cover"], maxFiles: 1, maxBytes: PHOTO_LIMITS.maxBytes, account: admin.id };
  // The chosen cover waits in a temporary file, removed when this request ends.
  return withMultipartForm(request, limits, async ({ form, files, problems, busy }) => {
    const intent = form.get("intent");

    if (intent === "publish" || intent === "unpublish") {
      if (id === null) notFound();
      const outcome = await setArticlePublished(db, admin.id, id, intent === "publish");
      if (outcome === "missing") notFound();
      const toast = intent === "publish" ? "content:toasts.articlePublished" : "content:toasts.articleUnpublished";
      return redirectWithSuccess(sameLanguage(request, `/admin/articles/${id}`), t(toast));
    }

    if (id !== null && !(await getArticleRow(db, id))) notFound();
    const submission = parseForm(form, articleSchema);
    // A file input cannot be refilled: after any error a chosen file must be chosen again, and the field says so.
    const upload = files.find((f) => f.field === "cover");
    const coverError = fileFieldError(problems, upload !== undefined);
    // Another upload of this admin (or too many in the server) is running: 429, the typed values kept.
    if (busy) return formReply(submission, { fieldErrors: { cover: [message("content:upload.busy")] }, status: 429 });
    if (submission.status !== "success" || problems.length > 0)
      return formReply(submission, { fieldErrors: coverError ? { cover: [coverError] } : {} });

    // The new cover is stored only once everything typed is valid, and removed again if the write fails.
    const input = submission.value;
    const saved = await saveWithImage({
      id,
      upload,
      kind: "cover",
      create: (image) => createArticle(db, admin.id, input, image),
      update: (articleId, image) => updateArticle(db, admin.id, articleId, input, image),
    });
    if ("uploadError" in saved) return formReply(submission, { fieldErrors: { cover: [saved.uploadError] } });
    const toast = id === null ? "content:toasts.articleCreated" : "content:toasts.articleSaved";
    return redirectWithSuccess(sameLanguage(request, `/admin/articles/${saved.savedId}`), t(toast));
  });
}

export default function AdminArticle() {
  const { article } = useLoaderData<typeof loader>();
  const { t } = useT();
  const location = useLocation();
  return (
    <section className="page narrow admin-page content-admin form-page">
      <BackLink to="/admin/articles">{t("content:articles.back")}</BackLink>
      <h1>{t(article ? "content:articleForm.editTitle" : "content:articleForm.newTitle")}</h1>
      {article ? <PublishForm /> : null}
      <ArticleForm key={`${article?.id ?? "new"}-${location.key}`} />
    </section>
  );
}

/** The state of the article and the one button that flips it (a form of its own, unpublish). */
function PublishForm() {
  const { article } = useLoaderData<typeof loader>();
  const { t } = useT();
  if (!article) return null;
  const on = article.isPublished;
  return (
    <StateForm
      on={on}
      stateText={t(on ? "content:articles.isPublished" : "content:articles.isUnpublished")}
      flipIntent={on ? "unpublish" : "publish"}
      flipText={t(on ? "content:articles.unpublish" : "content:articles.publish")}
      viewHref={`/artical/${article.id}`}
      viewText={t("content:articles.view")}
    >
      <DateLine iso={article.date} />
    </StateForm>
  );
}

function ArticleForm() {
  const { article, defaults, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useT();
  const [form, fields] = useServerForm<FieldName<typeof articleSchema>, "cover">(constraint, {
    id: "article",
    defaultValue: defaults,
    lastResult: actionData?.lastResult,
  });
  return (
    <EditorForm form={form} editing={Boolean(article)} createText={t("content:articleForm.create")}>
      <TextField field={fields.title_ar} label={t("content:articleForm.title_ar")} dir="rtl" />
      <TextField field={fields.title_en} label={t("content:articleForm.title_en")} dir="ltr" />
      <TextAreaField
        field={fields.body_ar}
        label={t("content:articleForm.body_ar")}
        hint={t("content:articleForm.bodyHint")}
        rows={10}
      />
      <TextAreaField
        field={fields.body_en}
        label={t("content:articleForm.body_en")}
        hint={t("content:articleForm.bodyHint")}
        rows={10}
      />
      <ImageField
        field={fields.cover}
        label={t("content:articleForm.cover")}
        preview={
          article?.cover ? (
            <img
              src={article.cover}
              srcSet={`${article.cover} 400w, ${article.coverLarge} 800w`}
              sizes="(max-width: 520px) 100vw, 400px"
              width={400}
              height={225}
              alt=""
              className="content-cover"
            />
          ) : null
        }
        caption={t("content:articleForm.currentCover")}
        hint={t(article?.cover ? "content:articleForm.coverKeep" : "content:articleForm.coverHint")}
      />
    </EditorForm>
  );
}
