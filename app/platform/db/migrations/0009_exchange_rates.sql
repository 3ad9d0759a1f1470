CREATE TABLE "exchange_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"syp_per_usd" integer NOT NULL,
	"valid_from" timestamp with time zone DEFAULT now() NOT NULL,
	"set_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exchange_rates_valid_from_idx" ON "exchange_rates" USING btree ("valid_from" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- A starting rate, so that every database converts from its first start: 11,000 SYP for one US dollar,
-- about the Central Bank of Syria's rate in late 2025. The back office sets the real one (a new row, audited).
INSERT INTO "exchange_rates" ("syp_per_usd", "valid_from") VALUES (11000, '2025-11-01T00:00:00Z');
--> statement-breakpoint
-- Prices shown in the other currency change with the rate: visitors' cached pages are dropped (decision 013).
CREATE TRIGGER "exchange_rates_page_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "exchange_rates" FOR EACH STATEMENT EXECUTE FUNCTION "notify_page_changes"();
