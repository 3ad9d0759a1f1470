-- Decision 090 (docs/decisions/090-verified-offices-and-owners-listings.md): an office's trade licence as the staff
-- checked it, and their mark that it is verified. The site shows "Verified office" while the check is less than a year old.
ALTER TABLE "offices" ADD COLUMN IF NOT EXISTS "licence_number" text;--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN IF NOT EXISTS "licence_issuer" text;--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN IF NOT EXISTS "licence_checked_on" date;--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN IF NOT EXISTS "verified" boolean DEFAULT false NOT NULL;
