import * as z from "zod/v4";
import { ApiError, tooManyRequests, type ApiEndpoint } from "~/platform/api/api.server";
import { toDbId } from "~/platform/forms/id";
import { consume } from "~/platform/http/rate-limit.server";
import { publicOrigin } from "~/platform/http/site.server";
import { getLookups, nameOf, placeName } from "~/features/places/lookups.server";
import { POST_STATES, workingCopy } from "./moderation.server";
import { reportSchema } from "./post-forms";
import { editablePost } from "./post.server";
import { reportEstate } from "./report.server";
import { repostsOf } from "./reposts.server";

/** One of the owner's listings a post likely repeats (decision 099), to be edited instead of posting it again. */
const repostSchema = /* @__PURE__ */ (() =>
  z.object({
    id: z.int().meta({ description: "The listing's id (GET /api/user/posts/{id})" }),
    state_id: z.int().meta({ description: "The ad number" }),
    url: z.string().meta({ description: "Its editor on the site" }),
  }))();

/** A post as its owner reads it: what its editor shows of it, and the repost notice's listings. */
const ownPostSchema = /* @__PURE__ */ (() =>
  z
    .object({
      id: z.int(),
      state_id: z.int().meta({ description: "The ad number" }),
      state: z.enum(POST_STATES).meta({ description: "Its state as its editor shows it (edit_pending: an edit waits)" }),
      estate_type_id: z.int(),
      estate_type: z.string(),
      estate_offer_type_id: z.int().meta({ description: "1 sale, 2 rent" }),
      estate_offer_type: z.string(),
      location_id: z.int(),
      place: z.string().meta({ description: "Its place, named as the editor names it" }),
      reject_reason: z.string().nullable().meta({ description: "Why it was refused, while it is" }),
      edit_reject_reason: z
        .string()
        .nullable()
        .meta({ description: "Why the last edit of a published post was refused, while no other edit waits" }),
      url: z.string().meta({ description: "Its editor on the site" }),
      reposts: z.array(repostSchema).meta({
        description:
          "The owner's own listings (the same office, else the same account) this post likely repeats, published first, while it is a draft, waiting, refused or has an edit waiting (decision 099): the owner should edit that listing instead; empty otherwise",
      }),
      repost_notice: z.string().nullable().meta({
        description: "The editor's notice of the first of `reposts`, in the request's language; null when there is none",
      }),
    })
    .meta({ id: "OwnPost" }))();

/**
 * The posts of the apps' API (docs/api.md, decisions 096 and 099): `POST /api/report`, the report dialog's form for
 * the token's user, one report per user and listing (reportEstate), within the site's per-address report limit; and
 * `GET /api/user/posts/{id}`, a post as its owner's editor (/profile/posts/:id) reads it (editablePost, workingCopy's
 * state), with the owner's own listings it likely repeats (repostsOf, the editor's RepostNotice).
 */
export const postEndpoints: ApiEndpoint<{ id: number; role: string }>[] = [
  {
    method: "POST",
    path: "/report",
    summary: "Report a public listing (one report per user and listing; a repeat is answered as done)",
    tag: "posts",
    auth: "required",
    body: { kind: "form", schema: reportSchema },
    data: z.object({ estate_id: z.int(), already: z.boolean().meta({ description: "The user had reported it before" }) }),
    errors: [401, 404, 422, 429],
    async handle({ db, t, ip, user, body }) {
      const { estate_id, report_type_id } = body as z.output<typeof reportSchema>;
      const limit = await consume(db, [["reportIp", ip]]);
      if (!limit.ok) throw tooManyRequests(t, "forms:errors.tooMany", limit.retryAfter);
      const outcome = await reportEstate(db, user.id, estate_id, report_type_id);
      if (outcome === "missing") throw new ApiError(404, t("api.errors.notFound"));
      return {
        data: { estate_id, already: outcome === "already" },
        message: t(outcome === "reported" ? "forms:toasts.reported" : "forms:toasts.alreadyReported"),
      };
    },
  },
  {
    method: "GET",
    path: "/user/posts/{id}",
    summary:
      "One of the token's user's posts as its editor shows it, with the user's own listings it likely repeats (to edit instead)",
    tag: "posts",
    auth: "required",
    params: z.object({ id: z.int().min(1) }),
    data: ownPostSchema,
    errors: [401, 404],
    async handle({ db, t, locale, user, params, request }) {
      const id = toDbId(params.id);
      // Another user's post is answered as a missing one, as its editor answers it (editablePost).
      const post = id === null ? null : await editablePost(db, id, { id: user.id, admin: user.role === "admin" });
      const copy = post && (await workingCopy(db, post.id));
      if (!post || !copy) throw new ApiError(404, t("api.errors.notFound"));
      const [lookups, reposts] = await Promise.all([getLookups(db), repostsOf(db, post.id, copy.state)]);
      const origin = publicOrigin(request);
      return {
        data: {
          id: post.id,
          state_id: post.stateId,
          state: copy.state,
          estate_type_id: post.estateTypeId,
          estate_type: nameOf(lookups.byId.estateType.get(post.estateTypeId), locale) ?? "",
          estate_offer_type_id: post.offerTypeId,
          estate_offer_type: nameOf(lookups.byId.offerType.get(post.offerTypeId), locale) ?? "",
          location_id: post.locationId,
          place: placeName(lookups, post.locationId, locale),
          reject_reason: post.rejectReason,
          edit_reject_reason: post.editRejectReason,
          url: `${origin}/profile/posts/${post.id}`,
          reposts: reposts.map((r) => ({ id: r.id, state_id: r.stateId, url: `${origin}/profile/posts/${r.id}` })),
          repost_notice: reposts.length ? t("forms:post.repost.text", { number: reposts[0].stateId }) : null,
        },
      };
    },
  },
];
