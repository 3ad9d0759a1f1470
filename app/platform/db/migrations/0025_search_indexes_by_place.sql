-- Decision 068 (docs/decisions/068-search-indexes-by-place-and-type.md): searches at 1,000,000 listings within
-- 5 ms. The single-column indexes on columns of a few values go (the planner ANDed their large bitmaps with the
-- words' small one: "ارض زراعية" read 44,236 entries of estate_type_id for none). A place's listings get indexes of
-- their own, newest first (with the INCLUDE of the other search indexes, decision 031, so filters are tested in the
-- index) and by price within an offer type (a rent in Mezzeh, dearest a month, walked 40,216 other rents); one type's
-- listings newest first ("villa pool, sale" read 1,189 rows of the table to find 13).
DROP INDEX "estates_estate_type_id_idx";--> statement-breakpoint
DROP INDEX "estates_estate_offer_type_id_idx";--> statement-breakpoint
DROP INDEX "estates_ownership_type_id_idx";--> statement-breakpoint
DROP INDEX "estates_interior_status_id_idx";--> statement-breakpoint
DROP INDEX "estates_period_type_id_idx";--> statement-breakpoint
DROP INDEX "estates_area_unit_id_idx";--> statement-breakpoint
DROP INDEX "estates_contract_type_id_idx";--> statement-breakpoint
CREATE INDEX "estates_type_recent_idx" ON "estates" USING btree ("estate_type_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "estates"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "estates_place_recent_idx" ON "estates" USING btree ("location_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("estate_offer_type_id", "estate_type_id", "governorate_id", "price_syp", "area", "rooms_count", "floor", "furnished", "negotiable", "interior_status_id", "ownership_type_id", "period_type_id", "user_id", "office_id", "price_per_m2_syp", "price_sort_syp") WHERE "estates"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "estates_place_price_sort_syp_idx" ON "estates" USING btree ("location_id","estate_offer_type_id","price_sort_syp","id") WHERE "estates"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "estates_place_price_sort_syp_desc_idx" ON "estates" USING btree ("location_id","estate_offer_type_id","price_sort_syp" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "estates"."status" = 'approved';