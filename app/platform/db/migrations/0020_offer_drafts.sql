-- docs/decisions/055-offer-to-listing.md: owners set a rental's period in the post editor, so an edit of
-- an approved listing carries it too. The listing status `draft` needs no change of the table (status is text).
ALTER TABLE "estate_edits" ADD COLUMN "period_type_id" integer;--> statement-breakpoint
ALTER TABLE "estate_edits" ADD CONSTRAINT "estate_edits_period_type_id_period_types_id_fk" FOREIGN KEY ("period_type_id") REFERENCES "public"."period_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "estate_edits_period_type_id_idx" ON "estate_edits" USING btree ("period_type_id");
