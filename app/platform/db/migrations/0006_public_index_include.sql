-- The public listing indexes also carry the owner and office columns that publicEstate() tests, so the
-- counts of search, the sitemap and the offices stay index-only scans. drizzle's index builder has no INCLUDE, so
-- this migration is written by hand; schema.ts describes the same indexes without it.
DROP INDEX IF EXISTS "estates_search_idx";--> statement-breakpoint
CREATE INDEX "estates_search_idx" ON "estates" USING btree ("estate_offer_type_id","estate_type_id","location_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("user_id","office_id") WHERE "estates"."status" = 'approved';--> statement-breakpoint
DROP INDEX IF EXISTS "estates_public_recent_idx";--> statement-breakpoint
CREATE INDEX "estates_public_recent_idx" ON "estates" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("user_id","office_id") WHERE "estates"."status" = 'approved';
