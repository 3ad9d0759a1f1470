-- Decision 071 (docs/decisions/071-a-swimming-pool-is-a-filter.md): "مسبح" and "pool" are the filter swimming_pool.
-- Its listings, about one in twelve, by governorate and type, newest first, with the INCLUDE of the other search
-- indexes (decision 031: the filters are tested in the index): a pool search in a governorate counts its matches here
-- (Latakia's pools with three rooms or more: none, proven from about 10,000 entries instead of 127,000 listings of the
-- governorate) and sorts them when the order's walk passes over too many others.
CREATE INDEX IF NOT EXISTS "estates_pool_idx" ON "estates" USING btree ("governorate_id","estate_type_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("estate_offer_type_id", "location_id", "price_syp", "price_sort_syp", "price_per_m2_syp", "area", "rooms_count", "floor", "furnished", "negotiable", "interior_status_id", "ownership_type_id", "period_type_id", "user_id", "office_id") WHERE "estates"."status" = 'approved' AND "estates"."swimming_pool";
