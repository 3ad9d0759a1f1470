DROP INDEX "estates_currency_price_idx";--> statement-breakpoint
ALTER TABLE "estates" ADD COLUMN "price_syp" bigint;--> statement-breakpoint
ALTER TABLE "estates" ADD COLUMN "price_per_m2_syp" double precision;--> statement-breakpoint
CREATE INDEX "estates_price_syp_idx" ON "estates" USING btree ("price_syp","id") WHERE "estates"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "estates_price_syp_desc_idx" ON "estates" USING btree ("price_syp" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "estates"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "estates_price_per_m2_syp_idx" ON "estates" USING btree ("price_per_m2_syp","id") WHERE "estates"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "estates_foreign_currency_idx" ON "estates" USING btree ("currency") WHERE "estates"."currency" <> 'SYP';--> statement-breakpoint
CREATE INDEX "estates_offer_price_syp_idx" ON "estates" USING btree ("estate_offer_type_id","price_syp","id") WHERE "estates"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "estates_offer_price_syp_desc_idx" ON "estates" USING btree ("estate_offer_type_id","price_syp" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "estates"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "estates_offer_price_per_m2_syp_idx" ON "estates" USING btree ("estate_offer_type_id","price_per_m2_syp","id") WHERE "estates"."status" = 'approved';
--> statement-breakpoint
-- The new Syrian pound (decision 027): since 1 January 2026 one new pound is 100 old ones, and the old notes left
-- circulation after the exchange period. Every SYP amount the product keeps becomes new pounds, whole pounds rounded
-- to the nearest: listing prices in SYP (USD prices are unchanged), the price ranges of property requests, the
-- exchange rates (11,000 old pounds to the dollar is 110 new ones). The price domains keep their bounds; in new
-- pounds they tell apart what the market sells. The audit log keeps what was said at the time.
UPDATE "estates" SET "price" = round("price" / 100.0) WHERE "currency" = 'SYP' AND "price" IS NOT NULL;
--> statement-breakpoint
UPDATE "estate_edits" SET "price" = round("price" / 100.0) WHERE "currency" = 'SYP' AND "price" IS NOT NULL;
--> statement-breakpoint
UPDATE "property_requests" SET "min_price" = round("min_price" / 100.0), "max_price" = round("max_price" / 100.0);
--> statement-breakpoint
UPDATE "exchange_rates" SET "syp_per_usd" = greatest(1, round("syp_per_usd" / 100.0));
--> statement-breakpoint
-- The rate in force now: what currentRate (app/features/listings/exchange-rate.server.ts) reads, in SQL; null when none is.
CREATE FUNCTION "current_syp_per_usd"() RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT "syp_per_usd"::bigint FROM "exchange_rates" WHERE "valid_from" <= now() ORDER BY "valid_from" DESC, "id" DESC LIMIT 1
$$;
--> statement-breakpoint
-- A price in SYP: itself, or a USD price times `rate` (null without a rate, so such a listing matches no price test).
CREATE FUNCTION "price_in_syp"(price bigint, currency text, rate bigint) RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN currency = 'USD' THEN price * rate ELSE price END
$$;
--> statement-breakpoint
-- SYP per square metre: the SYP price over the area in m² (a dunam is 1,000 m², as app/features/listings/prices.server.ts counts);
-- null without a positive price and area, or for a unit of unknown size.
CREATE FUNCTION "price_per_m2"(price_syp bigint, area real, area_unit_id integer) RETURNS double precision LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN price_syp > 0 AND area > 0 THEN price_syp::float8 / (area * (
    SELECT CASE u."name_en" WHEN 'm²' THEN 1.0 WHEN 'dunam' THEN 1000.0 END FROM "area_units" u WHERE u."id" = area_unit_id))
  END
$$;
--> statement-breakpoint
CREATE FUNCTION "estates_converted_prices"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."price_syp" := price_in_syp(NEW."price", NEW."currency", current_syp_per_usd());
  NEW."price_per_m2_syp" := price_per_m2(NEW."price_syp", NEW."area", NEW."area_unit_id");
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "estates_converted_prices" BEFORE INSERT OR UPDATE OF "price", "currency", "area", "area_unit_id" ON "estates" FOR EACH ROW EXECUTE FUNCTION "estates_converted_prices"();
--> statement-breakpoint
-- Brings the USD listings to the rate in force (the app calls it when a rate is set and when a scheduled one comes
-- into force); returns how many listings changed. Only the two columns are written, so no other trigger runs.
CREATE FUNCTION "refresh_converted_prices"() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  rate bigint := current_syp_per_usd();
  changed integer;
BEGIN
  UPDATE "estates" e SET "price_syp" = price_in_syp(e."price", e."currency", rate),
    "price_per_m2_syp" = price_per_m2(price_in_syp(e."price", e."currency", rate), e."area", e."area_unit_id")
  WHERE e."currency" = 'USD' AND e."price_syp" IS DISTINCT FROM price_in_syp(e."price", e."currency", rate);
  GET DIAGNOSTICS changed = ROW_COUNT;
  RETURN changed;
END
$$;
--> statement-breakpoint
UPDATE "estates" SET "price_syp" = price_in_syp("price", "currency", current_syp_per_usd()),
  "price_per_m2_syp" = price_per_m2(price_in_syp("price", "currency", current_syp_per_usd()), "area", "area_unit_id");
