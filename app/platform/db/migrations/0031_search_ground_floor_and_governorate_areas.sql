-- Decision 073 (docs/decisions/073-the-ground-floor-and-a-governorate-s-largest.md): one governorate's areas, largest
-- first. A search of a governorate by area without a type walked every governorate's areas, lands and farms first:
-- 74,573 entries for the 13 largest ground-floor listings of Aleppo, 11 ms. With the INCLUDE of the other search
-- indexes (decision 031), so the filters (rooms, floor, a pool) are tested in the index.
CREATE INDEX IF NOT EXISTS "estates_governorate_area_idx" ON "estates" USING btree ("governorate_id","area" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("estate_offer_type_id", "estate_type_id", "location_id", "price_syp", "price_sort_syp", "price_per_m2_syp", "rooms_count", "floor", "furnished", "swimming_pool", "negotiable", "interior_status_id", "ownership_type_id", "period_type_id", "user_id", "office_id") WHERE "estates"."status" = 'approved';
