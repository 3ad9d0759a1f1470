import type { Db } from "~/db/client.server";
import * as s from "~/db/schema";

/** Stores a consultation or contact message (spec 7, contactUs/import). Returns its id. */
export async function createMessage(
  db: Db,
  input: { kind: s.MessageKind; name: string; mobile: string; subject: string; user_id: number | null },
): Promise<number> {
  const [row] = await db.insert(s.messages).values(input).returning({ id: s.messages.id });
  return row.id;
}
