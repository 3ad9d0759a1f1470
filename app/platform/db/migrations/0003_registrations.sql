CREATE TABLE "registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "status" SET DEFAULT 'active';--> statement-breakpoint
CREATE INDEX "registrations_phone_idx" ON "registrations" USING btree ("phone","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "registrations_created_at_idx" ON "registrations" USING btree ("created_at");--> statement-breakpoint
INSERT INTO "registrations" ("phone", "first_name", "last_name", "password_hash", "created_at") SELECT "phone", "first_name", "last_name", "password_hash", "created_at" FROM "users" WHERE "status" = 'pending';--> statement-breakpoint
DELETE FROM "users" WHERE "status" = 'pending';
