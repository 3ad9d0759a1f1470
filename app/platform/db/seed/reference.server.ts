import type { ImageStore } from "~/platform/images/image-store.server";
import type { Db } from "~/platform/db/client.server";
import * as s from "~/platform/db/schema";
import { articles as seedArticles } from "./data/articles";
import { coordinates } from "./data/coordinates";
import { governorates as seedGovernorates, offices as seedOffices } from "./data/geography";
import * as lookups from "./data/lookups";
import { coverSvg, logoSvg, storeSvgAsWebp } from "./drawings.server";
import { ANCHOR, DAY, seededRandom, syrianMobile } from "./random";

/** Lookup lists, places, offices and articles, in one transaction; the logos and covers go to the store `images`. */
export async function seedReference(db: Db, images: ImageStore): Promise<void> {
  const logos = await Promise.all(seedOffices.map((o, i) => storeSvgAsWebp(images, `seed-logo-${i}`, "logo", logoSvg(i))));
  const covers = await Promise.all(
    seedArticles.map((a, i) => storeSvgAsWebp(images, `seed-cover-${i}`, "cover", coverSvg(a.hue, i))),
  );
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

    const locationIds: number[][] = [];
    for (const [gi, g] of seedGovernorates.entries()) {
      const points = coordinates[g.name_en];
      const [gov] = await tx
        .insert(s.governorates)
        .values({ name_ar: g.name_ar, name_en: g.name_en, sort: gi + 1, latitude: points.seat[0], longitude: points.seat[1] })
        .returning({ id: s.governorates.id });
      const rows = await tx
        .insert(s.locations)
        .values(
          g.locations.map((l) => ({
            governorate_id: gov.id,
            name_ar: l.name_ar,
            name_en: l.name_en,
            latitude: points.places[l.name_en][0],
            longitude: points.places[l.name_en][1],
          })),
        )
        .returning({ id: s.locations.id });
      locationIds.push(rows.map((r) => r.id));
    }

    const random = seededRandom(7);
    await tx.insert(s.offices).values(
      seedOffices.map((o, i) => {
        const gov = seedGovernorates[o.governorate];
        const loc = gov.locations[o.location];
        const phone = syrianMobile(random);
        return {
          name_ar: o.name_ar,
          name_en: o.name_en,
          phone,
          whatsapp: phone,
          address_ar: `${gov.name_ar}، ${loc.name_ar}، ${o.street_ar}`,
          address_en: `${o.street_en}, ${loc.name_en}, ${gov.name_en}`,
          location_id: locationIds[o.governorate][o.location],
          contract_type_id: o.contract_level,
          logo: logos[i].file,
          created_at: new Date(ANCHOR - (400 + i * 9) * DAY),
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
  });
}
