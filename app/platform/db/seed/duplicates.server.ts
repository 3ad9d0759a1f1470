import { and, asc, eq, getTableColumns, isNotNull, sql } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import * as s from "~/platform/db/schema";
import { FLAT } from "./data/market";
import { seededRandom, demoPhone } from "./random";

/**
 * The demo data's grouped duplicates (decision 099): a few demo flats for sale offered again by other advertisers,
 * so that a new visitor sees a card "also offered by 2 other advertisers" and a listing page's other offers. Each
 * copy is its original with another office (or no office, a private seller's number), the same photos and
 * description, an area up to 1% off and a price 3 to 9% higher: the original stays its group's cheapest, the card
 * that stands for the group, so the searches' results and counts are those of the listings without the copies.
 */

/** Demo flats offered again; the first of every two is offered by two others, the second by one. */
export const DEMO_DUPLICATE_GROUPS = 4;

/**
 * Adds the copies of DEMO_DUPLICATE_GROUPS demo flats for sale with an office, a room count and photos (the
 * lowest ad numbers), and groups each with its original as regroupDuplicates would (app/features/posts/
 * duplicates.server.ts: the cheapest stands for the group, the others name it in duplicate_of). Deterministic; does
 * nothing without such flats or with fewer than three offices. One transaction.
 */
export async function seedDuplicates(db: Db): Promise<void> {
  const offices = await db
    .select({ id: s.offices.id, contract: s.offices.contract_type_id })
    .from(s.offices)
    .orderBy(s.offices.id);
  if (offices.length < 3) return;
  const originals = await db
    .select()
    .from(s.estates)
    .where(
      and(
        eq(s.estates.status, "approved"),
        eq(s.estates.estate_offer_type_id, 1),
        eq(s.estates.estate_type_id, FLAT),
        isNotNull(s.estates.office_id),
        isNotNull(s.estates.rooms_count),
        isNotNull(s.estates.price),
        sql`exists (select 1 from ${s.estate_images} where ${s.estate_images.estate_id} = ${s.estates.id})`,
      ),
    )
    .orderBy(asc(s.estates.state_id))
    .limit(DEMO_DUPLICATE_GROUPS);
  const random = seededRandom(20261129);
  const {
    id: _id,
    state_id: _stateId,
    search_tsv: _tsv,
    duplicate_of: _dup,
    other_offers: _others,
    ...copied
  } = getTableColumns(s.estates);
  const columns = Object.keys(copied) as (keyof typeof copied)[];
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(5005)`);
    const [{ maxState }] = await tx
      .select({ maxState: sql<number>`coalesce(max(${s.estates.state_id}), 100000)` })
      .from(s.estates);
    let stateId = Number(maxState);
    for (const [g, original] of originals.entries()) {
      const images = await tx
        .select()
        .from(s.estate_images)
        .where(eq(s.estate_images.estate_id, original.id))
        .orderBy(asc(s.estate_images.index));
      const others = offices.filter((o) => o.id !== original.office_id);
      const copies = g % 2 === 0 ? 2 : 1;
      for (let c = 0; c < copies; c++) {
        // The second copy of a group is a private seller's (no office, a fiction number).
        const office = c === 1 ? null : others[(g * 5 + c) % others.length];
        const row = Object.fromEntries(columns.map((k) => [k, original[k]])) as typeof s.estates.$inferInsert;
        const [copy] = await tx
          .insert(s.estates)
          .values({
            ...row,
            state_id: ++stateId,
            office_id: office?.id ?? null,
            contract_type_id: office?.contract ?? 1,
            phone: office ? null : demoPhone(random),
            price: Math.round((Number(original.price) * (1.03 + random.int(0, 6) / 100)) / 1000) * 1000,
            area: Math.round(original.area * (1 + random.int(-1, 1) / 100)),
          })
          .returning({ id: s.estates.id });
        await tx.insert(s.estate_images).values(images.map(({ id: _imageId, ...img }) => ({ ...img, estate_id: copy.id })));
        await tx.update(s.estates).set({ duplicate_of: original.id }).where(eq(s.estates.id, copy.id));
      }
      await tx.update(s.estates).set({ other_offers: copies }).where(eq(s.estates.id, original.id));
    }
  });
}
