import * as z from "zod/v4";
import { ApiError, parseApiQuery, type ApiEndpoint } from "~/platform/api/api.server";
import { dbId } from "~/platform/forms/id";
import { setSaved } from "./saved.server";

/**
 * The saved listings of the apps' API (docs/api.md, decision 096): `POST /api/estate/save?estate_id=` and
 * `DELETE /api/estate/unSave?estate_id=`, the site's save toggle (setSaved) for the token's user.
 */

/** The query of save and unSave: the listing's id, with the save toggle's message. */
const estateQuery = /* @__PURE__ */ (() => z.object({ estate_id: dbId("forms:errors.checkData") }))();

/** The answer of save and unSave: the listing and whether it is saved now. */
const savedData = /* @__PURE__ */ (() => z.object({ estate_id: z.int(), is_saved: z.boolean() }))();

/** One call of the toggle: `saved` true saves (a listing that is not public is a 404), false unsaves. */
function toggle(method: "POST" | "DELETE", path: string, saved: boolean): ApiEndpoint<{ id: number }> {
  return {
    method,
    path,
    summary: saved
      ? "Save a public listing for the token's user"
      : "Remove a listing from the token's user's saved list (whether or not it is still public)",
    tag: "listings",
    auth: "required",
    query: estateQuery,
    data: savedData,
    errors: [401, 404, 422],
    async handle({ db, t, user, query }) {
      const { estate_id } = parseApiQuery(query, estateQuery, t);
      const outcome = await setSaved(db, user.id, estate_id, saved);
      if (outcome === "missing") throw new ApiError(404, t("api.errors.notFound"));
      return {
        data: { estate_id, is_saved: outcome === "saved" },
        message: t(outcome === "saved" ? "forms:toasts.saved" : "forms:toasts.unsaved"),
      };
    },
  };
}

export const listingEndpoints: ApiEndpoint<{ id: number }>[] = [
  toggle("POST", "/estate/save", true),
  toggle("DELETE", "/estate/unSave", false),
];
