import { and, asc, count, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import * as s from "~/platform/db/schema";
import { getLookups } from "~/features/places/lookups.server";
import { comparableMedianSyp } from "~/features/listings/prices.server";
import { createPost } from "~/features/posts/post.server";
import { transition } from "~/features/posts/moderation.server";
import { reportEstate } from "~/features/posts/report.server";

/**
 * The place with the most public flats for sale (estate type 6, offer type 1), whose medians rest on the most listings:
 * `{ location_id }`, or undefined when there is none. Throws the database's errors.
 */
export async function busiestFlatsForSalePlace(db: Db): Promise<{ location_id: number } | undefined> {
  const [busiest] = await db
    .select({ location_id: s.estates.location_id, n: count() })
    .from(s.estates)
    .where(and(eq(s.estates.status, "approved"), eq(s.estates.estate_type_id, 6), eq(s.estates.estate_offer_type_id, 1)))
    .groupBy(s.estates.location_id)
    .orderBy(desc(count()))
    .limit(1);
  return busiest;
}

/**
 * The demo data of decision 100 (docs/decisions/100-prices-held-owners-listings-reports-that-act.md), so that a new
 * user sees it: owners' posts waiting in the review queue, three of them held for their price (too low, too high, a
 * rent that reads as a sale price) and all of one account that posts as "owner" like a broker; a listing its reports
 * took out of the results; and a listing with one open report. Posted by the demo requesters (accounts no one can log
 * in to), through the same services as the site (createPost, transition, reportEstate), after the listings, whose
 * medians the prices are measured against. Does nothing without the demo requesters.
 */
export async function seedTrustDemo(db: Db): Promise<void> {
  const people = await db
    .select({ id: s.users.id, phone: s.users.phone, name: s.users.first_name })
    .from(s.users)
    .where(eq(s.users.password_hash, "!demo-requester"))
    .orderBy(asc(s.users.id));
  if (people.length < 5) return;
  const busiest = await busiestFlatsForSalePlace(db);
  if (!busiest) return;
  const lookups = await getLookups(db);
  const flat = { typeId: 6, offerTypeId: 1 };
  const saleMedian = await comparableMedianSyp(db, lookups, flat, busiest.location_id, null);
  if (saleMedian === null) return;
  const area = 120;
  const post = (who: (typeof people)[number], fields: { offer: number; price: number | null; subject: string }) =>
    createPost(db, who.id, {
      estate_type_id: 6,
      estate_offer_type_id: fields.offer,
      estate_ownership: 1,
      estate_finishing: 3,
      period_type_id: fields.offer === 2 ? 3 : null,
      location_id: busiest.location_id,
      area,
      fullname: who.name,
      mobile: who.phone,
      subject: fields.subject,
      price: fields.price,
      currency: "SYP",
    });
  const broker = people[0];
  // Held prices (priceHoldReason): a tenth of the area's median, six times it, and a month's rent at half the value.
  await post(broker, { offer: 1, price: Math.round(saleMedian * area * 0.1), subject: "شقة للبيع بسعر مغرٍ جداً، دفعة أولى فقط" });
  await post(broker, { offer: 1, price: Math.round(saleMedian * area * 6), subject: "شقة فاخرة للبيع، إطلالة نادرة" });
  await post(broker, { offer: 2, price: Math.round(saleMedian * area * 0.5), subject: "شقة للإيجار الشهري، مفروشة" });
  // Three more "owner" posts of the same account in a month: more than five, a likely broker in the queue.
  for (const subject of ["شقة للبيع قرب المدارس", "شقة للبيع، طابق ثالث", "شقة للبيع، إكساء جديد"])
    await post(broker, { offer: 1, price: null, subject });

  // A listing three accounts reported within a week: held out of the results until a person looks at it.
  const staff = { id: null, admin: true };
  const reported = await post(people[1], { offer: 1, price: null, subject: "شقة للبيع، سند أخضر" });
  await transition(db, reported, "approve", staff);
  for (const [i, who] of [people[2], people[3], people[4]].entries()) await reportEstate(db, who.id, reported, [2, 4, 1][i]);
  // And one with a single open report, still public.
  const [listing] = await db
    .select({ id: s.estates.id })
    .from(s.estates)
    .where(and(eq(s.estates.status, "approved"), isNull(s.estates.user_id)))
    .orderBy(asc(s.estates.id))
    .limit(1);
  if (listing) await reportEstate(db, people[2].id, listing.id, 2);
}
