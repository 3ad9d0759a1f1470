import type { Db } from "~/platform/db/client.server";
import { findDuplicates } from "./duplicates.server";
import type { PostState } from "./moderation.server";

/**
 * The states in which a post's owner is told that it repeats one of their own listings (decision 099): before it is
 * public (a draft, waiting, refused) or while an edit of it waits. A published post without a waiting edit has already
 * been compared at publication, where its group was made.
 */
const REPOST_STATES: readonly PostState[] = ["draft", "pending", "rejected", "edit_pending"];

/** One of the owner's own listings a post likely repeats: its id and its ad number (spec: state_id). */
export type Repost = { id: number; stateId: number };

/**
 * The same advertiser's likely duplicates of post `estateId` (decision 099: the same office, else the same owner
 * account), as the post's editor tells its owner to edit instead (RepostNotice) and the apps' post answer lists them:
 * published first, then by ad number. `state` is the post's state as its editor reads it (workingCopy); empty in a
 * state outside REPOST_STATES and for a missing listing. Throws the database's errors.
 */
export async function repostsOf(db: Db, estateId: number, state: PostState): Promise<Repost[]> {
  if (!REPOST_STATES.includes(state)) return [];
  return (await findDuplicates(db, estateId)).filter((d) => d.sameAdvertiser).map(({ id, stateId }) => ({ id, stateId }));
}
