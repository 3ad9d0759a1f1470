import * as z from "zod/v4";
import { invalid, tooManyRequests, type ApiEndpoint } from "~/platform/api/api.server";
import { contactSchema, newEstateSchema, offerPeriodErrors } from "~/features/posts/post-forms";
import { takeEstateOffer } from "./estate-offer.server";
import { takeMessage } from "./message.server";

/**
 * The forms of the apps' API that land in the back office's inbox (docs/api.md, decision 096): the contact form
 * (`POST /api/contactUs/import`, as /call-us: takeMessage) and the offer (`POST /api/v2/estate/add`, a JSON body of
 * /new-estate's fields: takeEstateOffer; a visitor's offer is a lead, a logged-in user's their pending post), with the
 * pages' schemas and limits and the token's account when one is sent.
 */
export const inboxEndpoints: ApiEndpoint<{ id: number } | null>[] = [
  {
    method: "POST",
    path: "/contactUs/import",
    summary: "Send the contact form (name, mobile, subject) to the back office's inbox",
    tag: "inbox",
    auth: "optional",
    body: { kind: "form", schema: contactSchema },
    data: z.object({ id: z.int().meta({ description: "The message's number in the inbox" }) }),
    errors: [422, 429],
    async handle({ db, t, ip, user, body }) {
      const value = body as z.output<typeof contactSchema>;
      const outcome = await takeMessage(db, { kind: "contact", value, userId: user?.id ?? null, ip });
      if (outcome.kind === "tooMany") throw tooManyRequests(t, "forms:errors.tooMany", outcome.retryAfter);
      return { data: { id: outcome.id }, message: t("forms:toasts.messageSent") };
    },
  },
  {
    method: "POST",
    path: "/v2/estate/add",
    summary:
      "Offer a property (JSON): a lead for the office staff, or with a token the user's pending post (it then needs estate_type_id)",
    tag: "posts",
    auth: "optional",
    // A rent without its period is refused with the other fields' errors, in the same 422 (decision 057).
    body: { kind: "json", schema: newEstateSchema, check: offerPeriodErrors },
    invalidMessage: "forms:errors.offerFailed",
    data: z.object({
      kind: z.enum(["lead", "post"]).meta({ description: "A lead in the back office's inbox, or the user's pending post" }),
      id: z.int().meta({ description: "The lead's or the post's number" }),
    }),
    errors: [422, 429],
    async handle({ db, t, ip, user, body }) {
      const value = body as z.output<typeof newEstateSchema>;
      const failed = t("forms:errors.offerFailed");
      const outcome = await takeEstateOffer(db, { value, userId: user?.id ?? null, ip });
      if (outcome.kind === "invalid") throw invalid(t, outcome.fieldErrors, failed);
      if (outcome.kind === "tooMany") throw tooManyRequests(t, "forms:errors.tooMany", outcome.retryAfter);
      return { data: { kind: outcome.kind, id: outcome.id }, message: t("forms:toasts.offerSent") };
    },
  },
];
