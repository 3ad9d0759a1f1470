-- Decision 095 (docs/decisions/095-every-place-and-a-map.md): every current locality of the gazetteer (migration 0037)
-- becomes a place (a locations row, from_gazetteer true) under its governorate, so that any town or village can be a
-- listing's, a search's or an alert's location_id. The site's own 241 places keep their ids and stay the place
-- selects' options; the others are chosen through the place finder. gazetteer_places() adds the rows that are
-- missing (idempotent: the seed calls it after it adds its places). It skips a governorate's record and its seat's
-- (the governorate's search is the city's), a record a place already names as its own or its city's, a record of a
-- place the site already has (its Arabic name within 5 km in the same governorate), and the second record of one
-- place (the same Arabic or English name within 5 km in the same governorate: the one with a GeoNames id, else the
-- lower id, stays). A record without an Arabic name is named by its English one.
ALTER TABLE "locations" ADD COLUMN IF NOT EXISTS "from_gazetteer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "locations_wof_id_idx" ON "locations" ("wof_id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION "gazetteer_places"() RETURNS void LANGUAGE sql AS $$
  INSERT INTO "locations" ("governorate_id", "name_ar", "name_en", "latitude", "longitude", "wof_id", "from_gazetteer")
  SELECT g."id", coalesce(z."name_ar", z."name_en"), z."name_en", z."latitude", z."longitude", z."wof_id", true
  FROM "gazetteer" AS z
  JOIN "governorates" AS g ON g."wof_id" = z."governorate_wof_id"
  WHERE z."feature_code" IS DISTINCT FROM 'region'
    AND NOT EXISTS (SELECT 1 FROM "locations" AS l WHERE z."wof_id" IN (l."wof_id", l."city_wof_id"))
    AND NOT EXISTS (SELECT 1 FROM "governorates" AS s WHERE s."seat_wof_id" = z."wof_id")
    AND NOT EXISTS (
      SELECT 1 FROM "locations" AS l
      WHERE l."governorate_id" = g."id" AND NOT l."from_gazetteer" AND l."name_ar" = z."name_ar"
        AND abs(l."latitude" - z."latitude") < 0.045 AND abs(l."longitude" - z."longitude") < 0.055
    )
    AND NOT EXISTS (
      SELECT 1 FROM "gazetteer" AS o
      WHERE o."governorate_wof_id" = z."governorate_wof_id" AND o."name_ar" = z."name_ar" AND o."wof_id" <> z."wof_id"
        AND o."feature_code" IS DISTINCT FROM 'region'
        AND abs(o."latitude" - z."latitude") < 0.045 AND abs(o."longitude" - z."longitude") < 0.055
        AND ((o."geonames_id" IS NOT NULL AND z."geonames_id" IS NULL)
          OR ((o."geonames_id" IS NULL) = (z."geonames_id" IS NULL) AND o."wof_id" < z."wof_id"))
    )
    AND NOT EXISTS (
      SELECT 1 FROM "gazetteer" AS o
      WHERE o."governorate_wof_id" = z."governorate_wof_id" AND lower(o."name_en") = lower(z."name_en")
        AND o."wof_id" <> z."wof_id" AND o."feature_code" IS DISTINCT FROM 'region'
        AND abs(o."latitude" - z."latitude") < 0.045 AND abs(o."longitude" - z."longitude") < 0.055
        AND ((o."geonames_id" IS NOT NULL AND z."geonames_id" IS NULL)
          OR ((o."geonames_id" IS NULL) = (z."geonames_id" IS NULL) AND o."wof_id" < z."wof_id"))
    )
  ORDER BY g."sort", g."id", coalesce(z."name_ar", z."name_en"), z."wof_id";
$$;--> statement-breakpoint
SELECT "gazetteer_places"();
