import { eq, inArray } from "drizzle-orm";
import { expect, it } from "vitest";
import { sms_messages, sms_parts } from "~/platform/db/schema";
import { recordSmsReceipt } from "~/platform/sms/sms-receipts.server";
import { useTestDatabase } from "./helpers/db";

/**
 * Decision 052: a message of several parts is delivered once every part's receipt came, however close together the
 * receipts arrive. On PostgreSQL each receipt is its own transaction on its own connection, so they run at once.
 */

const test = useTestDatabase();
const db = () => test.get().db;

it("two parts' receipts stored at the same moment leave the message delivered", async () => {
  for (let round = 0; round < 10; round++) {
    const [message] = await db()
      .insert(sms_messages)
      .values({ phone: "+963944000111", body: "x", kind: "bulk", purpose: "owner", state: "sent", provider: "smpp" })
      .returning({ id: sms_messages.id });
    const ids = [`r${round}-a`, `r${round}-b`];
    await db()
      .insert(sms_parts)
      .values(ids.map((id, part) => ({ sms_id: message.id, provider: "smpp", provider_message_id: id, part: part + 1 })));
    const stored = await Promise.all(
      ids.map((providerMessageId) => recordSmsReceipt(db(), { provider: "smpp", providerMessageId, state: "delivered" })),
    );
    expect(stored).toEqual([true, true]);
    const [row] = await db().select().from(sms_messages).where(eq(sms_messages.id, message.id));
    expect(row.state).toBe("delivered");
    expect(row.delivered_at).not.toBeNull();
    await db().delete(sms_parts).where(inArray(sms_parts.provider_message_id, ids));
  }
});
