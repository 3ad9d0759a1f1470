import type { Db } from "~/platform/db/client.server";
import * as s from "~/platform/db/schema";
import { tellStaff } from "~/platform/sms/staff-sms.server";
import { consume } from "~/platform/http/rate-limit.server";

/**
 * Stores a consultation or contact message and, for a consultation request, tells staff in the same transaction
 * (tellStaff: a notice with the count of waiting requests, at most one every 10 minutes, within the working hours;
 * docs/decisions/054 and 081; contact messages are only listed in the inbox). Returns its id.
 */
export async function createMessage(
  db: Db,
  input: { kind: s.MessageKind; name: string; mobile: string; subject: string; user_id: number | null },
  now: Date = new Date(),
): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(s.messages)
      .values({ ...input, created_at: now })
      .returning({ id: s.messages.id });
    if (input.kind === "consultation") await tellStaff(tx, now);
    return row.id;
  });
}

/**
 * Takes a parsed consultation or contact message (/consultation, /call-us, POST /api/contactUs/import): past the
 * per-address message limit (10 an hour) "tooMany" with the seconds to wait and nothing stored, else the message is
 * stored for the back office's inbox, with its sender's account when logged in. Database errors propagate.
 */
export async function takeMessage(
  db: Db,
  input: {
    kind: s.MessageKind;
    value: { name: string; mobile: string; subject: string };
    userId: number | null;
    ip: string | undefined;
  },
): Promise<{ kind: "sent"; id: number } | { kind: "tooMany"; retryAfter: number }> {
  const limit = await consume(db, [["messageIp", input.ip]]);
  if (!limit.ok) return { kind: "tooMany", retryAfter: limit.retryAfter };
  return { kind: "sent", id: await createMessage(db, { kind: input.kind, ...input.value, user_id: input.userId }) };
}
