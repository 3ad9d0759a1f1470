import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import { sms_messages, sms_parts } from "~/platform/db/schema";

/**
 * Delivery receipts (decision 052): a provider's word on one part it took, by its id for the part
 * (`sms_parts.provider_message_id`). `error` is the provider's reason when it failed (e.g. `stat:UNDELIV err:001`).
 */
export type SmsReceipt = {
  provider: string;
  providerMessageId: string;
  state: "delivered" | "failed";
  error?: string;
};

/**
 * Stores one receipt in one transaction: the part becomes `delivered` or `failed` (with `error`); its message
 * (`sms_messages`, while `sent`) becomes `failed` with that reason as soon as one part failed, or `delivered`
 * (delivered_at now) once every part is. Returns false when no part has that provider and id (yet: the job that
 * sent it may not have committed), true otherwise. A second receipt for the same part changes nothing more.
 */
export async function recordSmsReceipt(db: Db, receipt: SmsReceipt): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [part] = await tx
      .update(sms_parts)
      .set({ state: receipt.state, error: receipt.error ?? null, updated_at: sql`now()` })
      .where(and(eq(sms_parts.provider, receipt.provider), eq(sms_parts.provider_message_id, receipt.providerMessageId)))
      .returning({ smsId: sms_parts.sms_id });
    if (!part) return false;
    // The message's row is locked before its parts are read: two parts' receipts arrive together (50 ms apart), and
    // two transactions that each saw the other's part still `sent` left the message `sent` for good. The second one
    // now waits for the first to commit, then reads both parts.
    await tx.select({ id: sms_messages.id }).from(sms_messages).where(eq(sms_messages.id, part.smsId)).for("update");
    const parts = await tx
      .select({ state: sms_parts.state, error: sms_parts.error })
      .from(sms_parts)
      .where(eq(sms_parts.sms_id, part.smsId));
    const failed = parts.find((p) => p.state === "failed");
    const whileSent = and(eq(sms_messages.id, part.smsId), eq(sms_messages.state, "sent"));
    if (failed) {
      await tx
        .update(sms_messages)
        .set({ state: "failed", error: failed.error ?? "failed", updated_at: sql`now()` })
        .where(whileSent);
    } else if (parts.every((p) => p.state === "delivered")) {
      await tx
        .update(sms_messages)
        .set({ state: "delivered", delivered_at: sql`now()`, updated_at: sql`now()` })
        .where(whileSent);
    }
    return true;
  });
}

/**
 * When an unmatched receipt is tried again, in ms after it came: a receipt can come before the transaction of the job
 * that sent its message has committed the message's parts (decision 052), which on a loaded machine may take seconds;
 * a receipt that met a database error is tried again the same way.
 */
export const RECEIPT_RETRY_MS: readonly number[] = [250, 1_000, 3_000, 10_000, 30_000, 120_000];

/**
 * Takes the receipts of one provider connection: each is stored at once (recordSmsReceipt on the database `db()`
 * gives), and one that matches no part yet, or meets a database error, is tried again at RECEIPT_RETRY_MS, then given
 * up with one line to `log`. `retryMs` replaces RECEIPT_RETRY_MS (tests). Never throws.
 */
export function receiptHandler(
  db: () => Db | Promise<Db>,
  options: { log: (line: string) => void; retryMs?: readonly number[] },
): (receipt: SmsReceipt) => void {
  const retryMs = options.retryMs ?? RECEIPT_RETRY_MS;
  const attempt = async (receipt: SmsReceipt, tries: number) => {
    let matched = false;
    let failure: unknown;
    try {
      matched = await recordSmsReceipt(await db(), receipt);
    } catch (error) {
      failure = error;
    }
    if (matched) return;
    if (tries < retryMs.length) {
      const wait = retryMs[tries] - (tries > 0 ? retryMs[tries - 1] : 0);
      setTimeout(() => void attempt(receipt, tries + 1), wait).unref();
    } else if (failure) {
      options.log(`[sms] receipt ${receipt.provider}:${receipt.providerMessageId} not stored: ${String(failure)}`);
    } else {
      options.log(
        `[sms] receipt ${receipt.provider}:${receipt.providerMessageId} (${receipt.state}) matches no sent part; dropped`,
      );
    }
  };
  return (receipt) => void attempt(receipt, 0);
}
