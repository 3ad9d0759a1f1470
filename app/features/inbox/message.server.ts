import type { Db } from "~/platform/db/client.server";
import * as s from "~/platform/db/schema";
import { tellStaff } from "~/platform/sms/staff-sms.server";

/**
 * Stores a consultation or contact message and, for a consultation request that comes in
 * at `now` within the staff's working hours, queues their SMS in the same transaction (tellStaff,
 * docs/decisions/054; contact messages are only listed in the inbox). Returns its id.
 */
export async function createMessage(
  db: Db,
  input: { kind: s.MessageKind; name: string; mobile: string; subject: string; user_id: number | null },
  now: Date = new Date(),
): Promise<number> {
  return db.transaction(async (tx) => {
    const notified =
      input.kind === "consultation"
        ? await tellStaff(tx, { kind: "consultation", name: input.name, mobile: input.mobile }, now)
        : null;
    const [row] = await tx
      .insert(s.messages)
      .values({ ...input, created_at: now, staff_notified_at: notified })
      .returning({ id: s.messages.id });
    return row.id;
  });
}
