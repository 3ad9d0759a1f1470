ALTER TABLE "estates" ADD COLUMN "confirmed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "estates" ADD COLUMN "expiry_warned_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "estates_confirmed_at_idx" ON "estates" USING btree ("confirmed_at") WHERE "estates"."status" = 'approved';--> statement-breakpoint
-- docs/decisions/029-listing-freshness.md: a listing's last confirmation is its approval (reviewed_at) or,
-- for the staff's listings that were never reviewed, its publication (created_at). No listing already public may
-- expire without its owner's 7-day warning, so none is counted as confirmed more than 53 days before this migration.
UPDATE "estates" SET "confirmed_at" = greatest(coalesce("reviewed_at", "created_at"), now() - interval '53 days');
