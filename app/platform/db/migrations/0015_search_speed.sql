-- Decision 031 (every filter and sort served by an index, at most 5 ms at the 95th percentile with
-- 1,000,000 listings). Written by hand around what drizzle-kit generated: drizzle's index builder has no INCLUDE, so
-- schema.ts describes these indexes by their keys only (as for migration 0006).
--
-- 1. estates.governorate_id, the governorate of the listing's place, kept by a trigger, so a governorate can lead an
--    index (a search of a whole governorate was a list of 20 to 40 places, which no index order can serve).
DROP INDEX "estates_price_idx";--> statement-breakpoint
DROP INDEX "estates_price_per_m2_syp_idx";--> statement-breakpoint
DROP INDEX "estates_search_idx";--> statement-breakpoint
DROP INDEX "estates_public_recent_idx";--> statement-breakpoint
DROP INDEX "estates_price_syp_idx";--> statement-breakpoint
DROP INDEX "estates_price_syp_desc_idx";--> statement-breakpoint
DROP INDEX "estates_offer_price_syp_idx";--> statement-breakpoint
DROP INDEX "estates_offer_price_syp_desc_idx";--> statement-breakpoint
DROP INDEX "estates_offer_price_per_m2_syp_idx";--> statement-breakpoint
DROP INDEX "estates_area_idx";--> statement-breakpoint
ALTER TABLE "estates" ADD COLUMN "governorate_id" integer;--> statement-breakpoint
ALTER TABLE "estates" ADD CONSTRAINT "estates_governorate_id_governorates_id_fk" FOREIGN KEY ("governorate_id") REFERENCES "public"."governorates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE FUNCTION "estates_governorate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."governorate_id" := (SELECT l."governorate_id" FROM "locations" l WHERE l."id" = NEW."location_id");
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "estates_governorate" BEFORE INSERT OR UPDATE OF "location_id", "governorate_id" ON "estates" FOR EACH ROW EXECUTE FUNCTION "estates_governorate"();
--> statement-breakpoint
-- Places do not move between governorates; should one ever be, its listings follow it.
CREATE FUNCTION "locations_governorate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "estates" SET "governorate_id" = NEW."governorate_id" WHERE "location_id" = NEW."id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "locations_governorate" AFTER UPDATE OF "governorate_id" ON "locations" FOR EACH ROW WHEN (OLD."governorate_id" IS DISTINCT FROM NEW."governorate_id") EXECUTE FUNCTION "locations_governorate"();
--> statement-breakpoint
UPDATE "estates" e SET "governorate_id" = l."governorate_id" FROM "locations" l WHERE l."id" = e."location_id";
--> statement-breakpoint
-- 2. The search indexes carry every column a search filters on (INCLUDE), so the filters are tested inside the index
--    and a count of up to 1,001 matches, or the ids of a page, are index-only scans (no heap visit per row).
--    estates_search_idx also carries price_per_m2_syp for the area medians (decision 025).
CREATE INDEX "estates_search_idx" ON "estates" USING btree ("estate_offer_type_id","estate_type_id","location_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("governorate_id","price_syp","area","rooms_count","floor","furnished","negotiable","interior_status_id","ownership_type_id","period_type_id","user_id","office_id","price_per_m2_syp") WHERE "estates"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "estates_public_recent_idx" ON "estates" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("estate_offer_type_id","estate_type_id","governorate_id","location_id","price_syp","area","rooms_count","floor","furnished","negotiable","interior_status_id","ownership_type_id","period_type_id","user_id","office_id") WHERE "estates"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "estates_governorate_recent_idx" ON "estates" USING btree ("estate_offer_type_id","estate_type_id","governorate_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("location_id","price_syp","area","rooms_count","floor","furnished","negotiable","interior_status_id","ownership_type_id","period_type_id","user_id","office_id") WHERE "estates"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "estates_governorate_price_syp_idx" ON "estates" USING btree ("estate_offer_type_id","estate_type_id","governorate_id","price_syp","id") INCLUDE ("location_id","area","rooms_count","floor","furnished","negotiable","interior_status_id","ownership_type_id","period_type_id","user_id","office_id") WHERE "estates"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "estates_price_syp_idx" ON "estates" USING btree ("price_syp","id") INCLUDE ("estate_offer_type_id","estate_type_id","governorate_id","location_id","area","rooms_count","floor","furnished","negotiable","interior_status_id","ownership_type_id","period_type_id","user_id","office_id") WHERE "estates"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "estates_price_syp_desc_idx" ON "estates" USING btree ("price_syp" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("estate_offer_type_id","estate_type_id","governorate_id","location_id","area","rooms_count","floor","furnished","negotiable","interior_status_id","ownership_type_id","period_type_id","user_id","office_id") WHERE "estates"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "estates_offer_price_syp_idx" ON "estates" USING btree ("estate_offer_type_id","price_syp","id") INCLUDE ("estate_type_id","governorate_id","location_id","area","rooms_count","floor","furnished","negotiable","interior_status_id","ownership_type_id","period_type_id","user_id","office_id") WHERE "estates"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "estates_offer_price_syp_desc_idx" ON "estates" USING btree ("estate_offer_type_id","price_syp" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("estate_type_id","governorate_id","location_id","area","rooms_count","floor","furnished","negotiable","interior_status_id","ownership_type_id","period_type_id","user_id","office_id") WHERE "estates"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "estates_offer_price_per_m2_syp_idx" ON "estates" USING btree ("estate_offer_type_id","price_per_m2_syp","id") INCLUDE ("estate_type_id","governorate_id","location_id","price_syp","area","rooms_count","floor","furnished","negotiable","interior_status_id","ownership_type_id","period_type_id","user_id","office_id") WHERE "estates"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "estates_type_price_per_m2_syp_idx" ON "estates" USING btree ("estate_offer_type_id","estate_type_id","price_per_m2_syp","id") INCLUDE ("governorate_id","location_id","price_syp","area","rooms_count","floor","furnished","negotiable","interior_status_id","ownership_type_id","period_type_id","user_id","office_id") WHERE "estates"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "estates_area_idx" ON "estates" USING btree ("area" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("estate_offer_type_id","estate_type_id","governorate_id","location_id","price_syp","rooms_count","floor","furnished","negotiable","interior_status_id","ownership_type_id","period_type_id","user_id","office_id") WHERE "estates"."status" = 'approved';
--> statement-breakpoint
-- 3. publicEstate hashes the accounts that are not active once per query instead of looking up each row's account.
CREATE INDEX "users_not_active_idx" ON "users" USING btree ("id") WHERE "users"."status" <> 'active';
