-- Rents by period (docs/decisions/057-rents-by-period.md). Written by hand: drizzle's index builder has no INCLUDE, so
-- schema.ts names the indexes' keys only (as for migrations 0006 and 0015).
--
-- 1. The visitor's offer (/new-estate) says a rental's period too; the draft made from it carries it (decision 055).
ALTER TABLE "estate_offers" ADD COLUMN "period_type_id" integer;--> statement-breakpoint
ALTER TABLE "estate_offers" ADD CONSTRAINT "estate_offers_period_type_id_period_types_id_fk" FOREIGN KEY ("period_type_id") REFERENCES "public"."period_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "estate_offers_period_type_id_idx" ON "estate_offers" USING btree ("period_type_id");--> statement-breakpoint
-- 2. The price a price sort compares: a sale's SYP price, a rent's SYP price per month (a night × 30, a week × 30/7,
--    a season ÷ 3, a year ÷ 12; app/features/places/lookups.server.ts MONTHLY_FACTOR says the same), capped at the largest
--    bigint. A rent without a period is read as monthly.
ALTER TABLE "estates" ADD COLUMN "price_sort_syp" bigint;--> statement-breakpoint
CREATE FUNCTION "price_per_month"(price_syp bigint, estate_offer_type_id integer, period_type_id integer) RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN estate_offer_type_id = 2 THEN least(round(price_syp * CASE period_type_id
    WHEN 1 THEN 30.0 WHEN 2 THEN 30.0 / 7 WHEN 4 THEN 1.0 / 3 WHEN 5 THEN 1.0 / 12 ELSE 1.0 END), 9223372036854775807)::bigint
  ELSE price_syp END
$$;
--> statement-breakpoint
-- The trigger of migration 0011 keeps the new column too, and a rent's price per m² is per month (like with like in
-- the medians and the per-m² sort); it now also runs when the offer type or the period changes.
CREATE OR REPLACE FUNCTION "estates_converted_prices"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."price_syp" := price_in_syp(NEW."price", NEW."currency", current_syp_per_usd());
  NEW."price_sort_syp" := price_per_month(NEW."price_syp", NEW."estate_offer_type_id", NEW."period_type_id");
  NEW."price_per_m2_syp" := price_per_m2(NEW."price_sort_syp", NEW."area", NEW."area_unit_id");
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP TRIGGER "estates_converted_prices" ON "estates";--> statement-breakpoint
CREATE TRIGGER "estates_converted_prices" BEFORE INSERT OR UPDATE OF "price", "currency", "area", "area_unit_id", "estate_offer_type_id", "period_type_id" ON "estates" FOR EACH ROW EXECUTE FUNCTION "estates_converted_prices"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "refresh_converted_prices"() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  rate bigint := current_syp_per_usd();
  changed integer;
BEGIN
  UPDATE "estates" e SET "price_syp" = price_in_syp(e."price", e."currency", rate),
    "price_sort_syp" = price_per_month(price_in_syp(e."price", e."currency", rate), e."estate_offer_type_id", e."period_type_id"),
    "price_per_m2_syp" = price_per_m2(price_per_month(price_in_syp(e."price", e."currency", rate), e."estate_offer_type_id",
      e."period_type_id"), e."area", e."area_unit_id")
  WHERE e."currency" = 'USD' AND e."price_syp" IS DISTINCT FROM price_in_syp(e."price", e."currency", rate);
  GET DIAGNOSTICS changed = ROW_COUNT;
  RETURN changed;
END
$$;
--> statement-breakpoint
-- 3. The price sorts' indexes are keyed on the new column (a sale's price range still reads the key: for a sale it
--    is price_syp); estates_search_idx carries it for a place's price sort. estates_price_syp_idx stays for the price
--    ranges over every offer type and over rents, which compare the stated price. Dropped before the UPDATE below, so
--    it does not write their entries twice.
DROP INDEX "estates_search_idx";--> statement-breakpoint
DROP INDEX "estates_price_syp_desc_idx";--> statement-breakpoint
DROP INDEX "estates_offer_price_syp_idx";--> statement-breakpoint
DROP INDEX "estates_offer_price_syp_desc_idx";--> statement-breakpoint
DROP INDEX "estates_governorate_price_syp_idx";--> statement-breakpoint
-- 4. Every rent gets a period: the one it has, else nightly for a chalet or a text that speaks of nights, days or
--    booking, else monthly; a sale has none. Setting the period runs the trigger, which fills price_sort_syp and
--    recomputes price_per_m2_syp on every row.
UPDATE "estates" SET "period_type_id" = CASE
  WHEN "estate_offer_type_id" <> 2 THEN NULL
  WHEN "period_type_id" IS NOT NULL THEN "period_type_id"
  WHEN "estate_type_id" = 8
    OR concat_ws(' ', "description_ar", "description_en") ~* '(ليلة|الليلة|ليالي|يومي|باليوم|حجز|night|daily|per day|booking)' THEN 1
  ELSE 3 END;
--> statement-breakpoint
-- A pending edit of a rent without a period would take the listing's period away when approved: it keeps the listing's.
UPDATE "estate_edits" d SET "period_type_id" = e."period_type_id" FROM "estates" e
  WHERE e."id" = d."estate_id" AND e."estate_offer_type_id" = 2 AND d."period_type_id" IS NULL;
--> statement-breakpoint
CREATE INDEX "estates_search_idx" ON "estates" USING btree ("estate_offer_type_id","estate_type_id","location_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("governorate_id","price_syp","area","rooms_count","floor","furnished","negotiable","interior_status_id","ownership_type_id","period_type_id","user_id","office_id","price_per_m2_syp","price_sort_syp") WHERE "estates"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "estates_price_sort_syp_idx" ON "estates" USING btree ("price_sort_syp","id") INCLUDE ("estate_offer_type_id","estate_type_id","governorate_id","location_id","price_syp","area","rooms_count","floor","furnished","negotiable","interior_status_id","ownership_type_id","period_type_id","user_id","office_id") WHERE "estates"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "estates_price_sort_syp_desc_idx" ON "estates" USING btree ("price_sort_syp" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("estate_offer_type_id","estate_type_id","governorate_id","location_id","price_syp","area","rooms_count","floor","furnished","negotiable","interior_status_id","ownership_type_id","period_type_id","user_id","office_id") WHERE "estates"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "estates_offer_price_sort_syp_idx" ON "estates" USING btree ("estate_offer_type_id","price_sort_syp","id") INCLUDE ("estate_type_id","governorate_id","location_id","price_syp","area","rooms_count","floor","furnished","negotiable","interior_status_id","ownership_type_id","period_type_id","user_id","office_id") WHERE "estates"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "estates_offer_price_sort_syp_desc_idx" ON "estates" USING btree ("estate_offer_type_id","price_sort_syp" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("estate_type_id","governorate_id","location_id","price_syp","area","rooms_count","floor","furnished","negotiable","interior_status_id","ownership_type_id","period_type_id","user_id","office_id") WHERE "estates"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "estates_governorate_price_sort_syp_idx" ON "estates" USING btree ("estate_offer_type_id","estate_type_id","governorate_id","price_sort_syp","id") INCLUDE ("location_id","price_syp","area","rooms_count","floor","furnished","negotiable","interior_status_id","ownership_type_id","period_type_id","user_id","office_id") WHERE "estates"."status" = 'approved';
--> statement-breakpoint
-- 5. Vacation rents by price: a night counts 30 times its price a month, so the vacation rents sit at the dear end of
--    the rent order and the offer type's index would be walked past every long-term rent before the first of them
--    (50 ms at 1,000,000 listings, 200,000 rows read); these two hold the vacation periods only (VACATION_PERIOD_TYPE_IDS
--    of app/features/places/lookups.server.ts), which the vacation page's condition names, so the planner proves them usable.
CREATE INDEX "estates_vacation_price_sort_syp_idx" ON "estates" USING btree ("price_sort_syp","id") INCLUDE ("estate_offer_type_id","estate_type_id","governorate_id","location_id","price_syp","area","rooms_count","floor","furnished","negotiable","interior_status_id","ownership_type_id","period_type_id","user_id","office_id") WHERE "estates"."status" = 'approved' AND "estates"."period_type_id" IN (1, 2, 4);--> statement-breakpoint
CREATE INDEX "estates_vacation_price_sort_syp_desc_idx" ON "estates" USING btree ("price_sort_syp" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("estate_offer_type_id","estate_type_id","governorate_id","location_id","price_syp","area","rooms_count","floor","furnished","negotiable","interior_status_id","ownership_type_id","period_type_id","user_id","office_id") WHERE "estates"."status" = 'approved' AND "estates"."period_type_id" IN (1, 2, 4);
