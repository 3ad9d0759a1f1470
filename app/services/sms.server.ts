import { z } from "zod";
import { eq, sql } from "drizzle-orm";
import { jobs, sms_outbox, type SmsKind } from "~/db/schema";
import type { Db, Tx } from "~/db/client.server";
import { getEnv } from "~/utils/env.server";
import { enqueue, type TaskHandler } from "./jobs.server";
import { smsPartCount } from "./sms-encoding.server";
import { smsSenderFromEnv } from "./sms-providers.server";

/** One text message to an E.164 number. */
export type SmsMessage = { phone: string; body: string };

/**
 * How a message is queued (decision 051): `kind` `code` (sign-up codes, reset links: sent before everything else,
 * and still sent past the daily budget) or `bulk` (the default: alerts, expiry warnings, owners' notices, staff
 * messages and digests); `purpose` names it for the back office (signup, reset, alert, expiry, renewal, owner,
 * staff, digest, offer_link).
 */
export type SmsOptions = { kind?: SmsKind; purpose: string };

/**
 * What a provider answered for one message it took: its name (`outbox`, `smpp`, `http`), the number of SMS parts
 * the text took, and the provider's id of each part (which its delivery receipts name), in order.
 */
export type SmsSendResult = { provider: string; parts: number; partIds: string[] };

/**
 * Sends one text message to an E.164 number (architecture 7). Throws when the message could not be handed over;
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
 * Queues one SMS (issue 14): an `sms` job written in the caller's transaction `tx`, so the message exists exactly
 * when the change that causes it commits, and the caller never waits for the provider or fails with it. The worker
 * sends it (smsTask). Every outgoing SMS goes through here.
 */
export async function queueSms(tx: Db | Tx, message: SmsMessage, _options: SmsOptions): Promise<void> {
  await enqueue(tx, "sms", message, { maxAttempts: SMS_MAX_ATTEMPTS });
}

const smsPayload = z.object({ phone: z.string().min(1), body: z.string().min(1) });

/**
 * The `sms` task: hands the job's message to the configured sender with the idempotency key `sms:<job id>`, in the
 * job's transaction (the outbox row and the job's completion commit together), then removes the text from the job
 * (it may hold a code or a reset link, which the database otherwise keeps only hashed; the number stays). A payload
 * that is not a message throws (the job fails and is kept, text included, for a retry from the back office).
 */
export const smsTask: TaskHandler = async (tx, payload, job) => {
  const message = smsPayload.parse(payload);
  await getSmsSender().send(tx as unknown as Db, { ...message, idempotencyKey: `sms:${job.id}` });
  await tx
    .update(jobs)
    .set({ payload: sql`${jobs.payload} - 'body'` })
    .where(eq(jobs.id, job.id));
};
