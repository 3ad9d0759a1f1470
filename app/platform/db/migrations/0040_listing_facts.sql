-- The facts Syrians ask before they call (docs/decisions/093-the-facts-before-the-call.md): on every listing and on
-- its pending edit, each null when not known. The checks hold what the editor's schema takes, so a value no form can
-- send is refused by the database too. Adding columns without a default rewrites no row.
ALTER TABLE "estates" ADD COLUMN "electricity_hours" smallint;--> statement-breakpoint
ALTER TABLE "estates" ADD COLUMN "solar" boolean;--> statement-breakpoint
ALTER TABLE "estates" ADD COLUMN "solar_kw" real;--> statement-breakpoint
ALTER TABLE "estates" ADD COLUMN "generator_amperes" smallint;--> statement-breakpoint
ALTER TABLE "estates" ADD COLUMN "water_tank" boolean;--> statement-breakpoint
ALTER TABLE "estates" ADD COLUMN "elevator" boolean;--> statement-breakpoint
ALTER TABLE "estates" ADD COLUMN "building_floors" smallint;--> statement-breakpoint
ALTER TABLE "estates" ADD COLUMN "building_age_years" smallint;--> statement-breakpoint
ALTER TABLE "estates" ADD COLUMN "facing" text;--> statement-breakpoint
ALTER TABLE "estates" ADD COLUMN "parking" boolean;--> statement-breakpoint
ALTER TABLE "estates" ADD COLUMN "heating" text;--> statement-breakpoint
ALTER TABLE "estates" ADD COLUMN "internet" text;--> statement-breakpoint
ALTER TABLE "estates" ADD COLUMN "upfront_months" smallint;--> statement-breakpoint
ALTER TABLE "estates" ADD COLUMN "key_money" bigint;--> statement-breakpoint
ALTER TABLE "estates" ADD COLUMN "key_money_currency" text;--> statement-breakpoint
ALTER TABLE "estates" ADD CONSTRAINT "estates_electricity_hours_check" CHECK ("electricity_hours" BETWEEN 0 AND 24);--> statement-breakpoint
ALTER TABLE "estates" ADD CONSTRAINT "estates_solar_kw_check" CHECK ("solar_kw" > 0 AND "solar_kw" <= 1000);--> statement-breakpoint
ALTER TABLE "estates" ADD CONSTRAINT "estates_generator_amperes_check" CHECK ("generator_amperes" BETWEEN 0 AND 100);--> statement-breakpoint
ALTER TABLE "estates" ADD CONSTRAINT "estates_building_floors_check" CHECK ("building_floors" BETWEEN 1 AND 200);--> statement-breakpoint
ALTER TABLE "estates" ADD CONSTRAINT "estates_building_age_years_check" CHECK ("building_age_years" BETWEEN 0 AND 300);--> statement-breakpoint
ALTER TABLE "estates" ADD CONSTRAINT "estates_facing_check" CHECK ("facing" IN ('north', 'south', 'east', 'west', 'north_east', 'north_west', 'south_east', 'south_west'));--> statement-breakpoint
ALTER TABLE "estates" ADD CONSTRAINT "estates_heating_check" CHECK ("heating" IN ('none', 'diesel', 'central', 'electric', 'solar'));--> statement-breakpoint
ALTER TABLE "estates" ADD CONSTRAINT "estates_internet_check" CHECK ("internet" IN ('none', 'adsl', 'fibre', '4g'));--> statement-breakpoint
ALTER TABLE "estates" ADD CONSTRAINT "estates_upfront_months_check" CHECK ("upfront_months" BETWEEN 0 AND 24);--> statement-breakpoint
ALTER TABLE "estates" ADD CONSTRAINT "estates_key_money_check" CHECK ("key_money" >= 0);--> statement-breakpoint
ALTER TABLE "estates" ADD CONSTRAINT "estates_key_money_currency_check" CHECK ("key_money_currency" IN ('SYP', 'USD'));--> statement-breakpoint
-- Key money has its currency, and only then.
ALTER TABLE "estates" ADD CONSTRAINT "estates_key_money_currency_given_check" CHECK (("key_money" IS NULL) = ("key_money_currency" IS NULL));--> statement-breakpoint
ALTER TABLE "estate_edits" ADD COLUMN "electricity_hours" smallint;--> statement-breakpoint
ALTER TABLE "estate_edits" ADD COLUMN "solar" boolean;--> statement-breakpoint
ALTER TABLE "estate_edits" ADD COLUMN "solar_kw" real;--> statement-breakpoint
ALTER TABLE "estate_edits" ADD COLUMN "generator_amperes" smallint;--> statement-breakpoint
ALTER TABLE "estate_edits" ADD COLUMN "water_tank" boolean;--> statement-breakpoint
ALTER TABLE "estate_edits" ADD COLUMN "elevator" boolean;--> statement-breakpoint
ALTER TABLE "estate_edits" ADD COLUMN "building_floors" smallint;--> statement-breakpoint
ALTER TABLE "estate_edits" ADD COLUMN "building_age_years" smallint;--> statement-breakpoint
ALTER TABLE "estate_edits" ADD COLUMN "facing" text;--> statement-breakpoint
ALTER TABLE "estate_edits" ADD COLUMN "parking" boolean;--> statement-breakpoint
ALTER TABLE "estate_edits" ADD COLUMN "heating" text;--> statement-breakpoint
ALTER TABLE "estate_edits" ADD COLUMN "internet" text;--> statement-breakpoint
ALTER TABLE "estate_edits" ADD COLUMN "upfront_months" smallint;--> statement-breakpoint
ALTER TABLE "estate_edits" ADD COLUMN "key_money" bigint;--> statement-breakpoint
ALTER TABLE "estate_edits" ADD COLUMN "key_money_currency" text;--> statement-breakpoint
ALTER TABLE "estate_edits" ADD CONSTRAINT "estate_edits_electricity_hours_check" CHECK ("electricity_hours" BETWEEN 0 AND 24);--> statement-breakpoint
ALTER TABLE "estate_edits" ADD CONSTRAINT "estate_edits_solar_kw_check" CHECK ("solar_kw" > 0 AND "solar_kw" <= 1000);--> statement-breakpoint
ALTER TABLE "estate_edits" ADD CONSTRAINT "estate_edits_generator_amperes_check" CHECK ("generator_amperes" BETWEEN 0 AND 100);--> statement-breakpoint
ALTER TABLE "estate_edits" ADD CONSTRAINT "estate_edits_building_floors_check" CHECK ("building_floors" BETWEEN 1 AND 200);--> statement-breakpoint
ALTER TABLE "estate_edits" ADD CONSTRAINT "estate_edits_building_age_years_check" CHECK ("building_age_years" BETWEEN 0 AND 300);--> statement-breakpoint
ALTER TABLE "estate_edits" ADD CONSTRAINT "estate_edits_facing_check" CHECK ("facing" IN ('north', 'south', 'east', 'west', 'north_east', 'north_west', 'south_east', 'south_west'));--> statement-breakpoint
ALTER TABLE "estate_edits" ADD CONSTRAINT "estate_edits_heating_check" CHECK ("heating" IN ('none', 'diesel', 'central', 'electric', 'solar'));--> statement-breakpoint
ALTER TABLE "estate_edits" ADD CONSTRAINT "estate_edits_internet_check" CHECK ("internet" IN ('none', 'adsl', 'fibre', '4g'));--> statement-breakpoint
ALTER TABLE "estate_edits" ADD CONSTRAINT "estate_edits_upfront_months_check" CHECK ("upfront_months" BETWEEN 0 AND 24);--> statement-breakpoint
ALTER TABLE "estate_edits" ADD CONSTRAINT "estate_edits_key_money_check" CHECK ("key_money" >= 0);--> statement-breakpoint
ALTER TABLE "estate_edits" ADD CONSTRAINT "estate_edits_key_money_currency_check" CHECK ("key_money_currency" IN ('SYP', 'USD'));--> statement-breakpoint
-- Key money has its currency, and only then.
ALTER TABLE "estate_edits" ADD CONSTRAINT "estate_edits_key_money_currency_given_check" CHECK (("key_money" IS NULL) = ("key_money_currency" IS NULL));
