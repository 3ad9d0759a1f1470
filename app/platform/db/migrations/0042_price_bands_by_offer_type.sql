-- The price bands (price_domain_id) of an offer type each, in new Syrian pounds
-- (docs/decisions/087-typed-words-answered-where-typed.md): ids 2 to 5, the first four bands, become the sale bands and 6 to 9 are
-- the rent bands, bounded so that each holds about a quarter of its offer type's listings (the old bounds put nearly
-- every sale in one band and 616 of 641 rents in another). A database made before this migration has the old rows:
-- they are rewritten here; a new one is empty until the seed writes the same rows (app/platform/db/seed/data/lookups.ts).
ALTER TABLE "price_domains" ADD COLUMN IF NOT EXISTS "estate_offer_type_id" integer REFERENCES "estate_offer_types" ("id");--> statement-breakpoint
UPDATE "price_domains" AS p SET "min" = v."min", "max" = v."max", "name_ar" = v."name_ar", "name_en" = v."name_en",
  "estate_offer_type_id" = v."offer"
FROM (VALUES
  (2, 0, 4000000, 'أقل من 4,000,000 ليرة جديدة', 'Under 4,000,000 new pounds', 1),
  (3, 4000000, 8000000, 'من 4,000,000 إلى 8,000,000 ليرة جديدة', '4,000,000 to 8,000,000 new pounds', 1),
  (4, 8000000, 16000000, 'من 8,000,000 إلى 16,000,000 ليرة جديدة', '8,000,000 to 16,000,000 new pounds', 1),
  (5, 16000000, NULL, '16,000,000 ليرة جديدة فأكثر', '16,000,000 new pounds or more', 1)
) AS v ("id", "min", "max", "name_ar", "name_en", "offer")
WHERE p."id" = v."id";--> statement-breakpoint
INSERT INTO "price_domains" ("id", "min", "max", "name_ar", "name_en", "estate_offer_type_id")
SELECT v.* FROM (VALUES
  (6, 0::bigint, 15000::bigint, 'أقل من 15,000 ليرة جديدة', 'Under 15,000 new pounds', 2),
  (7, 15000::bigint, 50000::bigint, 'من 15,000 إلى 50,000 ليرة جديدة', '15,000 to 50,000 new pounds', 2),
  (8, 50000::bigint, 200000::bigint, 'من 50,000 إلى 200,000 ليرة جديدة', '50,000 to 200,000 new pounds', 2),
  (9, 200000::bigint, NULL::bigint, '200,000 ليرة جديدة فأكثر', '200,000 new pounds or more', 2)
) AS v ("id", "min", "max", "name_ar", "name_en", "offer")
WHERE EXISTS (SELECT 1 FROM "price_domains" WHERE "id" = 1)
ON CONFLICT ("id") DO NOTHING;
