import * as z from "zod/v4";
import { ApiError, tooManyRequests, type ApiEndpoint } from "~/platform/api/api.server";
import { consume } from "~/platform/http/rate-limit.server";
import { reportSchema } from "./post-forms";
import { reportEstate } from "./report.server";

/**
 * The report of a listing in the apps' API (docs/api.md, decision 096): `POST /api/report`, the report dialog's form
 * for the token's user, one report per user and listing (reportEstate), within the site's per-address report limit.
 */
export const postEndpoints: ApiEndpoint<{ id: number }>[] = [
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
];
