import { eq, sql } from "drizzle-orm";
import type { ImageStore } from "~/platform/images/image-store.server";
import type { Db } from "~/platform/db/client.server";
import * as s from "~/platform/db/schema";
import { articles as seedArticles } from "./data/articles";
import { governorates as seedGovernorates, offices as seedOffices } from "./data/geography";
import * as lookups from "./data/lookups";
import { placePoints } from "./data/place-points";
import { coverSvg, logoSvg, storeSvgAsWebp } from "./drawings.server";
import { ANCHOR, DAY, seededRandom, demoPhone } from "./random";
import { seedDemoRequests } from "./requests.server";

/**
 * Lookup lists, places, offices and articles: seedPlaces, then seedDemoContent (what `npm run db:seed` and the tests'
 * databases start from).
 */
export async function seedReference(db: Db, images: ImageStore): Promise<void> {
  await seedPlaces(db);
  await seedDemoContent(db, images);
}

/**
 * What every site needs, an empty production one too (docs/decisions/079): the lookup lists (offer types, estate
 * types, units…) and the country's 14 governorates and their places, each linked to its gazetteer record and given
 * its point by place_points() (migration 0037, decision 094), then every other locality of the gazetteer
 * (gazetteer_places(), migration 0041, decision 095), in one transaction.
 */
export async function seedPlaces(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(s.estate_offer_types).values(lookups.estateOfferTypes.map((r) => ({ ...r, sort: r.id })));
    await tx.insert(s.estate_types).values(lookups.estateTypes.map((r) => ({ ...r, sort: r.id })));
    await tx.insert(s.ownership_types).values(lookups.ownershipTypes.map((r) => ({ ...r, sort: r.id })));
    await tx.insert(s.contract_types).values(lookups.contractTypes.map((r) => ({ ...r, sort: r.id })));
    await tx.insert(s.interior_statuses).values(lookups.interiorStatuses.map((r) => ({ ...r, sort: r.id })));
    await tx.insert(s.period_types).values(lookups.periodTypes.map((r) => ({ ...r, sort: r.id })));
    await tx.insert(s.area_units).values(lookups.areaUnits.map((r) => ({ ...r, sort: r.id })));
    await tx.insert(s.report_reasons).values(lookups.reportReasons.map((r) => ({ ...r, sort: r.id })));
    await tx.insert(s.price_domains).values(lookups.priceDomains);

    for (const [gi, g] of seedGovernorates.entries()) {
      const points = placePoints[g.name_en];
      const [gov] = await tx
        .insert(s.governorates)
        .values({ name_ar: g.name_ar, name_en: g.name_en, sort: gi + 1, wof_id: points.region, seat_wof_id: points.seat.wof })
        .returning({ id: s.governorates.id });
      await tx.insert(s.locations).values(
        g.locations.map((l) => {
          const point = points.places[l.name_en];
          return {
            governorate_id: gov.id,
            name_ar: l.name_ar,
            name_en: l.name_en,
            wof_id: point.city ? null : point.wof,
            city_wof_id: point.city ? point.wof : null,
          };
        }),
      );
    }
    await tx.execute(sql`select place_points()`);
    // Then every other locality of the gazetteer, after the site's own places (decision 095).
    await tx.execute(sql`select gazetteer_places()`);
  });
}

/**
 * The licence of demo office `i` (decision 090): every third office verified, checked 20 to 230 days before the
 * anchor day, and the third one checked 400 days before it, so its mark has lapsed; the others have none.
 */
function demoLicence(i: number, governorate_ar: string) {
  if (i % 3 !== 0 && i !== 2) return {};
  const checked = new Date(ANCHOR - (i === 2 ? 400 : 20 + i * 5) * DAY);
  return {
    licence_number: `${1000 + i * 37}/${checked.getUTCFullYear()}`,
    licence_issuer: `مديرية التجارة الداخلية وحماية المستهلك في ${governorate_ar}`,
    licence_checked_on: checked.toISOString().slice(0, 10),
    verified: true,
  };
}

/**
 * The demo data's invented content besides its listings (docs/decisions/079): 41 offices, each with a number reserved
 * for fiction (demoPhone) and a drawn logo, 12 articles with drawn covers, and 10 published property requests of 5
 * demo accounts (seedDemoRequests), in one transaction (the drawings go
 * to the store `images` first). Needs seedPlaces's places.
 */
export async function seedDemoContent(db: Db, images: ImageStore): Promise<void> {
  const logos = await Promise.all(seedOffices.map((o, i) => storeSvgAsWebp(images, `seed-logo-${i}`, "logo", logoSvg(i))));
  const covers = await Promise.all(
    seedArticles.map((a, i) => storeSvgAsWebp(images, `seed-cover-${i}`, "cover", coverSvg(a.hue, i))),
  );
  const places = await db
    .select({ id: s.locations.id, name_en: s.locations.name_en, gov_en: s.governorates.name_en })
    .from(s.locations)
    .innerJoin(s.governorates, eq(s.governorates.id, s.locations.governorate_id));
  const placeId = (gov: string, place: string) => places.find((p) => p.gov_en === gov && p.name_en === place)!.id;
  await db.transaction(async (tx) => {
    const random = seededRandom(7);
    await tx.insert(s.offices).values(
      seedOffices.map((o, i) => {
        const gov = seedGovernorates[o.governorate];
        const loc = gov.locations[o.location];
        const phone = demoPhone(random);
        return {
          name_ar: o.name_ar,
          name_en: o.name_en,
          phone,
          whatsapp: phone,
          address_ar: `${gov.name_ar}، ${loc.name_ar}، ${o.street_ar}`,
          address_en: `${o.street_en}, ${loc.name_en}, ${gov.name_en}`,
          location_id: placeId(gov.name_en, loc.name_en),
          contract_type_id: o.contract_level,
          logo: logos[i].file,
          created_at: new Date(ANCHOR - (400 + i * 9) * DAY),
          ...demoLicence(i, gov.name_ar),
        };
      }),
    );

    await tx.insert(s.articles).values(
      seedArticles.map((a, i) => ({
        title_ar: a.title_ar,
        title_en: a.title_en,
        body_ar: a.body_ar,
        body_en: a.body_en,
        image: covers[i].file,
        created_at: new Date(a.created_at),
      })),
    );
    await seedDemoRequests(tx, placeId);
  });
}
