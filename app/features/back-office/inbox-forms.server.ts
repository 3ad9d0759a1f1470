import * as z from "zod/v4";
import { INBOX_STATES } from "~/platform/db/schema";
import { INBOX_DECISIONS, INBOX_KINDS, type InboxDecision } from "~/features/inbox/inbox.server";
import { DECISION_ERROR } from "~/features/posts/moderation-forms";
import { dbId } from "~/platform/forms/id";

const DECISIONS = Object.keys(INBOX_DECISIONS) as [InboxDecision, ...InboxDecision[]];

/**
 * /admin/inbox's row form (docs/decisions/054), parsed with parseAdminForm: one request (`kind` and `id`),
 * the state the page showed it in (`state`, so a change made meanwhile is refused with a 409), and the `decision`
 * (take, done, spam, reopen). Anything else is DECISION_ERROR. Server only (it reads the database's states).
 */
export const inboxDecisionSchema = /* @__PURE__ */ (() =>
  z.object({
    kind: z.enum(INBOX_KINDS, { error: DECISION_ERROR }),
    id: dbId(DECISION_ERROR),
    state: z.enum(INBOX_STATES, { error: DECISION_ERROR }),
    decision: z.enum(DECISIONS, { error: DECISION_ERROR }),
  }))();
