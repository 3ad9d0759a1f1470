-- Decision 043: sale or rent over the whole country, newest first, where the index cannot test a filter (words): the
-- walk reads only that offer type's listings. The INCLUDE list is estates_public_recent_idx's (migration 0015), so
-- every other filter is tested inside the index; drizzle-kit cannot write INCLUDE (schema.ts names the keys).
CREATE INDEX "estates_offer_recent_idx" ON "estates" USING btree ("estate_offer_type_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("estate_type_id","governorate_id","location_id","price_syp","area","rooms_count","floor","furnished","negotiable","interior_status_id","ownership_type_id","period_type_id","user_id","office_id") WHERE "estates"."status" = 'approved';
