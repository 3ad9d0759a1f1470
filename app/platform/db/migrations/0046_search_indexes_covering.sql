-- Decision 102. A governorate's vacation rents by price (migration 0027) carry the columns every search tests, as the
-- other search indexes do since migrations 0043 to 0045 (decision 031's design: a filter tested inside the index, no
-- heap visit per entry walked). Without them the planner walked the governorate's rents of every period by price
-- (estates_governorate_offer_price_sort_syp_idx) and dropped 19,418 long-term rents to find 13 for "by the night,
-- Tartus as a whole, cheapest" (5 to 8 ms at 1,000,000 listings).
DROP INDEX IF EXISTS "estates_vacation_governorate_price_sort_syp_idx";--> statement-breakpoint
CREATE INDEX estates_vacation_governorate_price_sort_syp_idx ON estates USING btree (governorate_id, price_sort_syp, id) INCLUDE (estate_offer_type_id, estate_type_id, location_id, price_syp, area, rooms_count, floor, furnished, negotiable, interior_status_id, ownership_type_id, period_type_id, user_id, office_id, swimming_pool, area_unit_id, electricity_hours, solar, generator_amperes, elevator, parking, upfront_months, duplicate_of, estate_ownership) WHERE ((status = 'approved'::text) AND (period_type_id = ANY (ARRAY[1, 2, 4])));--> statement-breakpoint
DROP INDEX IF EXISTS "estates_vacation_governorate_price_sort_syp_desc_idx";--> statement-breakpoint
CREATE INDEX estates_vacation_governorate_price_sort_syp_desc_idx ON estates USING btree (governorate_id, price_sort_syp DESC NULLS LAST, id DESC NULLS LAST) INCLUDE (estate_offer_type_id, estate_type_id, location_id, price_syp, area, rooms_count, floor, furnished, negotiable, interior_status_id, ownership_type_id, period_type_id, user_id, office_id, swimming_pool, area_unit_id, electricity_hours, solar, generator_amperes, elevator, parking, upfront_months, duplicate_of, estate_ownership) WHERE ((status = 'approved'::text) AND (period_type_id = ANY (ARRAY[1, 2, 4])));
--> statement-breakpoint
-- A type's newest listings (migration 0025's estates_type_recent_idx, for a type named without an offer type or a
-- place, as "ارض 5 دونم" is) carry the same columns: its walk tested the area of each land listing in the table. With
-- them, land of 4.5 to 5.5 dunams, newest first, is an index-only walk of 412 entries (0.46 ms at 1,000,000 listings)
-- instead of a heap visit of each of the 1,070 matches.
DROP INDEX IF EXISTS "estates_type_recent_idx";--> statement-breakpoint
CREATE INDEX estates_type_recent_idx ON estates USING btree (estate_type_id, created_at DESC NULLS LAST, id DESC NULLS LAST) INCLUDE (estate_offer_type_id, governorate_id, location_id, price_syp, area, rooms_count, floor, furnished, negotiable, interior_status_id, ownership_type_id, period_type_id, user_id, office_id, price_sort_syp, swimming_pool, area_unit_id, electricity_hours, solar, generator_amperes, elevator, parking, upfront_months, duplicate_of, estate_ownership) WHERE (status = 'approved'::text);
--> statement-breakpoint
-- A floor within a governorate, largest first ("طابق أرضي" in Rif Dimashq): the governorate's area order
-- (estates_governorate_area_idx, decision 073) starts with its land and farms, which have no floor, and passed over
-- 22,572 of them to find 13 ground floors (5.7 ms at 1,000,000 listings). Listings with a floor only (65% of them: 74
-- MB).
CREATE INDEX IF NOT EXISTS estates_governorate_floor_area_idx ON estates USING btree (governorate_id, floor, area DESC NULLS LAST, id DESC NULLS LAST) INCLUDE (estate_offer_type_id, estate_type_id, location_id, price_syp, rooms_count, furnished, negotiable, interior_status_id, ownership_type_id, period_type_id, user_id, office_id, price_sort_syp, swimming_pool, area_unit_id, electricity_hours, solar, generator_amperes, elevator, parking, upfront_months, duplicate_of, estate_ownership) WHERE ((status = 'approved'::text) AND (floor IS NOT NULL));
