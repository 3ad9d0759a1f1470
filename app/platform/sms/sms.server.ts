import { z } from "zod";
import { and, count, eq, gte, inArray, isNotNull, ne } from "drizzle-orm";
import { sms_messages, sms_outbox, sms_parts, type SmsKind } from "~/platform/db/schema";
import type { Db, Tx } from "~/platform/db/client.server";
import { recordSmsLimitHit } from "~/platform/sms/sms-limits.server";
import { damascusDayStart } from "~/platform/i18n/dates";
import { getEnv } from "~/platform/config/env.server";
import { isFictionPhone } from "~/platform/config/fiction-phones";
import { enqueue, type Job, type Task } from "~/platform/jobs/jobs.server";
import { smsPartCount } from "./sms-encoding.server";
import { smsOnlyToOutbox, smsSenderFromEnv } from "./sms-providers.server";

/** One text message to an E.164 number. */
export type SmsMessage = { phone: string; body: string };

/**
 * How a message is queued (decision 051): `kind` `code` (sign-up codes, reset links: sent before everything else,
 * and still sent past the daily budget) or `bulk` (the default: alerts, expiry warnings, owners' notices, staff
 * notices); `purpose` names it for the back office (signup, reset, alert, expiry, renewal, owner, staff, offer_link;
 * `digest` on messages from before decision 081) and, for `staff`, its budget; `at` is its queuing time
 * (`created_at`, default the database's clock), which a staff notice gives so that the next one is timed from it
 * (decision 081).
 */
export type SmsOptions = { kind?: SmsKind; purpose: string; at?: Date };

/**
 * The purpose of the staff's notices of visitors' requests (decision 081): they count against SMS_STAFF_DAILY_LIMIT
 * alone, and never against SMS_DAILY_LIMIT, so visitors' requests cannot stop alerts, owners' notices or offer links.
 */
export const STAFF_PURPOSE = "staff";

/**
 * The daily budgets (decision 051, amended by 081): `staff` (staff notices, SMS_STAFF_DAILY_LIMIT) and `general`
 * (every other message, SMS_DAILY_LIMIT, which stops bulk messages only), each with the error kept on a message it
 * stopped (shown translated on /admin/sms) and the limit's name in sms_limit_hits.
 */
const BUDGETS = {
  general: { variable: "SMS_DAILY_LIMIT", error: "daily_limit", hit: "daily_budget" },
  staff: { variable: "SMS_STAFF_DAILY_LIMIT", error: "staff_daily_limit", hit: "staff_budget" },
} as const;

/** The budget a message counts against: `staff` for staff notices, `general` for the rest. */
export type SmsBudget = keyof typeof BUDGETS;

/**
 * What a provider answered for one message it took: its name (`outbox`, `smpp`, `http`), the number of SMS parts
 * the text took, and the provider's id of each part (which its delivery receipts name), in order.
 */
export type SmsSendResult = { provider: string; parts: number; partIds: string[] };

/**
 * Sends one text message to an E.164 number. Throws when the message could not be handed over;
 * the job queue then tries again later (decision 028). It is called by the `sms` job only, inside the transaction
 * that marks the job done (`db`): a sender that writes to the database writes through it, so its rows commit with
 * the job's completion. `idempotencyKey` (`sms:<job id>`) is the same on every try of one job: a real provider must
 * pass it on as its idempotency key (or drop a message it already took with that key), because a try whose
 * transaction fails after the provider took the message is made again.
 */
export interface SmsSender {
  send(db: Db, message: SmsMessage & { idempotencyKey?: string }): Promise<SmsSendResult>;
}

/**
 * The sender used when no SMS provider is configured: each message becomes a row of `sms_outbox` (with its
 * idempotency key, unique there) and one line on standard output (`[sms] +963944123456 <text>`), so a person trying
 * the product locally can read the code and tests can read it from the table. A real provider implements SmsSender
 * and is returned by getSmsSender().
 */
export const outboxSender: SmsSender = {
  async send(db, { phone, body, idempotencyKey }) {
    const [row] = await db
      .insert(sms_outbox)
      .values({ phone, body, idempotency_key: idempotencyKey })
      .returning({ id: sms_outbox.id });
    if (!process.env.VITEST) process.stdout.write(`[sms] ${phone} ${body.replace(/\s+/g, " ")}\n`);
    return { provider: "outbox", parts: smsPartCount(body), partIds: [`outbox-${row.id}`] };
  },
};

let configured: (SmsSender & { close(): Promise<void> }) | undefined;

/**
 * The configured SmsSender (decision 052): the providers SMS_PROVIDER lists, in order, each taking the messages the
 * one before certainly did not (the outbox by default). Made once per process.
 */
export function getSmsSender(): SmsSender {
  configured ??= smsSenderFromEnv(getEnv(), outboxSender);
  return configured;
}

/** Closes the configured sender's connections (an SMPP bind), if one was made; the next getSmsSender() makes anew. */
export async function closeSmsSender(): Promise<void> {
  const sender = configured;
  configured = undefined;
  await sender?.close();
}

/** Tries of one SMS before it is given up and shown in /admin/jobs: with the back-off, about an hour of retries. */
const SMS_MAX_ATTEMPTS = 8;

/**
 * The job priority of each kind of SMS (decision 051): a sign-up code or a reset link is claimed before any bulk
 * message and any housekeeping job that is due at the same time, so it never waits behind a burst of alerts.
 */
export const SMS_PRIORITY: Readonly<Record<SmsKind, number>> = { code: 10, bulk: 0 };

/**
 * Queues one SMS (decision 051): an `sms_messages` row (`queued`, with its kind, purpose and text) and the
 * `sms` job that sends it, with the kind's priority, both written in the caller's transaction `tx`: the message
 * exists exactly when the change that causes it commits, and the caller never waits for the provider or fails with
 * it. Every outgoing SMS goes through here. Returns the message's id.
 */
export async function queueSms(tx: Db | Tx, message: SmsMessage, options: SmsOptions): Promise<number> {
  const kind = options.kind ?? "bulk";
  const [row] = await tx
    .insert(sms_messages)
    .values({ phone: message.phone, body: message.body, kind, purpose: options.purpose, created_at: options.at })
    .returning({ id: sms_messages.id });
  await enqueueSend(tx, row.id, kind);
  return row.id;
}

/** Writes the `sms` job of message `smsId` with the priority of its `kind`, and records the job on the message. */
async function enqueueSend(tx: Db | Tx, smsId: number, kind: SmsKind): Promise<void> {
  const jobId = await enqueue(tx, "sms", { smsId }, { maxAttempts: SMS_MAX_ATTEMPTS, priority: SMS_PRIORITY[kind] });
  await tx.update(sms_messages).set({ job_id: jobId }).where(eq(sms_messages.id, smsId));
}

/**
 * Sends a failed message again (the back office's /admin/sms): it becomes `queued` with a new `sms` job, in one
 * transaction. Returns false when message `smsId` is not (or no longer) failed, or its text was erased.
 */
export async function resendSms(db: Db, smsId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(sms_messages)
      .set({ state: "queued", error: null, updated_at: new Date() })
      .where(and(eq(sms_messages.id, smsId), eq(sms_messages.state, "failed"), isNotNull(sms_messages.body)))
      .returning({ id: sms_messages.id, kind: sms_messages.kind });
    if (!row) return false;
    await enqueueSend(tx, row.id, row.kind);
    return true;
  });
}

/**
 * How many messages of `budget` were handed to a provider since the Damascus day began (`at`'s day): what
 * SMS_DAILY_LIMIT (`general`, the default: every message but staff notices) or SMS_STAFF_DAILY_LIMIT (`staff`)
 * counts (decisions 051 and 081). Uses sms_messages_state_created_at_idx through `sent_at`'s day.
 */
export async function smsSentToday(db: Db | Tx, at = new Date(), budget: SmsBudget = "general"): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(sms_messages)
    .where(
      and(
        inArray(sms_messages.state, ["sent", "delivered"]),
        gte(sms_messages.sent_at, damascusDayStart(at)),
        budget === "staff" ? eq(sms_messages.purpose, STAFF_PURPOSE) : ne(sms_messages.purpose, STAFF_PURPOSE),
      ),
    );
  return Number(row.n);
}

const smsPayload = z.object({ smsId: z.number().int().positive() });

/**
 * The error kept on a message to a number reserved for fiction (a demo owner's, office's or admin's:
 * docs/decisions/079), which no provider is ever handed (shown, translated, on /admin/sms).
 */
export const FICTION_NUMBER_ERROR = "fiction_number";

/**
 * The `sms` task (decision 051): locks the job's message; does nothing when it was already handed over (a try
 * whose commit failed after the provider took it is not sent twice by our side); refuses a number reserved for
 * fiction whatever the provider, the outbox included (the message becomes `failed` with FICTION_NUMBER_ERROR, a
 * code's text erased as when sent: docs/decisions/079); stops a staff notice past the day's SMS_STAFF_DAILY_LIMIT and
 * another bulk message past SMS_DAILY_LIMIT (the message becomes `failed` with its budget's error, the limit is
 * recorded) while codes go on; otherwise hands it to the configured sender with the idempotency key `sms:<message id>`, and records
 * what the provider answered: `sent`, the provider, the part count and each part's id (sms_parts, which delivery
 * receipts name). A code's text is erased once handed over (the database otherwise keeps codes only hashed). All in
 * the job's transaction. A payload that is not a message id throws (the job fails and is kept).
 */
async function sendQueuedSms(tx: Tx, payload: unknown): Promise<void> {
  const { smsId } = smsPayload.parse(payload);
  const [message] = await tx.select().from(sms_messages).where(eq(sms_messages.id, smsId)).for("update");
  if (!message || message.state === "sent" || message.state === "delivered" || message.body === null) return;
  const now = new Date();
  if (isFictionPhone(message.phone)) {
    await tx
      .update(sms_messages)
      .set({
        state: "failed",
        error: FICTION_NUMBER_ERROR,
        updated_at: now,
        body: message.kind === "code" ? null : message.body,
      })
      .where(eq(sms_messages.id, smsId));
    // On a site whose SMS only go to the outbox (a developer's machine, the end-to-end journeys), the refused message
    // is still printed, marked as such, so the demo's expiry warnings and their links can be tried: nothing reaches
    // a phone or a provider either way (docs/decisions/079).
    if (smsOnlyToOutbox(getEnv()) && !process.env.VITEST) {
      process.stdout.write(
        `[sms] not sent, a number reserved for fiction: ${message.phone} ${message.body.replace(/\s+/g, " ")}\n`,
      );
    }
    return;
  }
  const budget: SmsBudget = message.purpose === STAFF_PURPOSE ? "staff" : "general";
  const { variable, error, hit } = BUDGETS[budget];
  const limit = message.kind === "bulk" ? getEnv()[variable] : 0;
  if (limit && (await smsSentToday(tx, now, budget)) >= limit) {
    await tx.update(sms_messages).set({ state: "failed", error, updated_at: now }).where(eq(sms_messages.id, smsId));
    await recordSmsLimitHit(tx, hit, `${variable} ${limit}: message ${smsId} (${message.purpose}) not sent`, now);
    return;
  }
  const result = await getSmsSender().send(tx as unknown as Db, {
    phone: message.phone,
    body: message.body,
    idempotencyKey: `sms:${smsId}`,
  });
  await tx
    .update(sms_messages)
    .set({
      state: "sent",
      provider: result.provider,
      parts: result.parts,
      error: null,
      sent_at: new Date(),
      updated_at: new Date(),
      body: message.kind === "code" ? null : message.body,
    })
    .where(eq(sms_messages.id, smsId));
  if (result.partIds.length) {
    await tx.insert(sms_parts).values(
      result.partIds.map((id, index) => ({
        provider: result.provider,
        provider_message_id: id,
        sms_id: smsId,
        part: index + 1,
      })),
    );
  }
}

/**
 * A message whose job was given up becomes `failed` with the last try's error (shown on /admin/sms, where it can be
 * sent again). A message already handed over is left as it is.
 */
async function failGivenUpSms(db: Db, job: Job, error: string): Promise<void> {
  const parsed = smsPayload.safeParse(job.payload);
  if (!parsed.success) return;
  await db
    .update(sms_messages)
    .set({ state: "failed", error, updated_at: new Date() })
    .where(and(eq(sms_messages.id, parsed.data.smsId), eq(sms_messages.state, "queued")));
}

/** The `sms` task of the job queue: sendQueuedSms, and failGivenUpSms when its job is given up. */
export const smsTask = { handler: sendQueuedSms, onGiveUp: failGivenUpSms } satisfies Task;
