import { sms_outbox } from "~/db/schema";
import type { Db } from "~/db/client.server";

/** Sends one text message to an E.164 number (architecture 7). Throws when the message could not be handed over. */
export interface SmsSender {
  send(db: Db, message: { phone: string; body: string }): Promise<void>;
}

/**
 * The sender used when no SMS provider is configured: each message becomes a row of `sms_outbox` and one line on
 * standard output (`[sms] +963944123456 <text>`), so a person trying the product locally can read the code and
 * tests can read it from the table. A real provider implements SmsSender and is returned by getSmsSender().
 */
export const outboxSender: SmsSender = {
  async send(db, { phone, body }) {
    await db.insert(sms_outbox).values({ phone, body });
    if (!process.env.VITEST) process.stdout.write(`[sms] ${phone} ${body.replace(/\s+/g, " ")}\n`);
  },
};

/** The configured SmsSender: today always the outbox (no provider is wired yet). */
export function getSmsSender(): SmsSender {
  return outboxSender;
}
