CREATE TABLE "spent_captchas" (
	"id" text PRIMARY KEY NOT NULL,
	"spent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "spent_captchas_spent_at_idx" ON "spent_captchas" USING btree ("spent_at");