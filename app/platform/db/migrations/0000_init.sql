CREATE TABLE "area_units" (
	"id" integer PRIMARY KEY NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"title_ar" text NOT NULL,
	"title_en" text NOT NULL,
	"body_ar" text NOT NULL,
	"body_en" text NOT NULL,
	"image" text,
	"is_published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "estate_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"estate_id" integer NOT NULL,
	"index" smallint NOT NULL,
	"file" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "estate_offer_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "estate_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "estates" (
	"id" serial PRIMARY KEY NOT NULL,
	"state_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"price" bigint NOT NULL,
	"currency" text DEFAULT 'SYP' NOT NULL,
	"negotiable" boolean DEFAULT false NOT NULL,
	"furnished" boolean DEFAULT false NOT NULL,
	"location_id" integer NOT NULL,
	"estate_type_id" integer NOT NULL,
	"estate_offer_type_id" integer NOT NULL,
	"ownership_type_id" integer,
	"interior_status_id" integer,
	"period_type_id" integer,
	"area" real NOT NULL,
	"area_unit_id" integer NOT NULL,
	"rooms_count" smallint,
	"floor" smallint,
	"swimming_pool" boolean DEFAULT false NOT NULL,
	"phone" text,
	"office_id" integer,
	"contract_type_id" integer DEFAULT 1 NOT NULL,
	"description_ar" text,
	"description_en" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "governorates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "interior_statuses" (
	"id" integer PRIMARY KEY NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"governorate_id" integer NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offices" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"phone" text NOT NULL,
	"whatsapp" text,
	"address_ar" text NOT NULL,
	"address_en" text NOT NULL,
	"location_id" integer NOT NULL,
	"contract_type_id" integer NOT NULL,
	"logo" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ownership_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "period_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_domains" (
	"id" integer PRIMARY KEY NOT NULL,
	"min" bigint NOT NULL,
	"max" bigint,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_reasons" (
	"id" integer PRIMARY KEY NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "estate_images" ADD CONSTRAINT "estate_images_estate_id_estates_id_fk" FOREIGN KEY ("estate_id") REFERENCES "public"."estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estates" ADD CONSTRAINT "estates_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estates" ADD CONSTRAINT "estates_estate_type_id_estate_types_id_fk" FOREIGN KEY ("estate_type_id") REFERENCES "public"."estate_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estates" ADD CONSTRAINT "estates_estate_offer_type_id_estate_offer_types_id_fk" FOREIGN KEY ("estate_offer_type_id") REFERENCES "public"."estate_offer_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estates" ADD CONSTRAINT "estates_ownership_type_id_ownership_types_id_fk" FOREIGN KEY ("ownership_type_id") REFERENCES "public"."ownership_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estates" ADD CONSTRAINT "estates_interior_status_id_interior_statuses_id_fk" FOREIGN KEY ("interior_status_id") REFERENCES "public"."interior_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estates" ADD CONSTRAINT "estates_period_type_id_period_types_id_fk" FOREIGN KEY ("period_type_id") REFERENCES "public"."period_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estates" ADD CONSTRAINT "estates_area_unit_id_area_units_id_fk" FOREIGN KEY ("area_unit_id") REFERENCES "public"."area_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estates" ADD CONSTRAINT "estates_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estates" ADD CONSTRAINT "estates_contract_type_id_contract_types_id_fk" FOREIGN KEY ("contract_type_id") REFERENCES "public"."contract_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_governorate_id_governorates_id_fk" FOREIGN KEY ("governorate_id") REFERENCES "public"."governorates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offices" ADD CONSTRAINT "offices_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offices" ADD CONSTRAINT "offices_contract_type_id_contract_types_id_fk" FOREIGN KEY ("contract_type_id") REFERENCES "public"."contract_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "articles_created_at_idx" ON "articles" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "estate_images_estate_id_idx" ON "estate_images" USING btree ("estate_id","index");--> statement-breakpoint
CREATE UNIQUE INDEX "estates_state_id_idx" ON "estates" USING btree ("state_id");--> statement-breakpoint
CREATE INDEX "estates_location_id_idx" ON "estates" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "estates_estate_type_id_idx" ON "estates" USING btree ("estate_type_id");--> statement-breakpoint
CREATE INDEX "estates_estate_offer_type_id_idx" ON "estates" USING btree ("estate_offer_type_id");--> statement-breakpoint
CREATE INDEX "estates_ownership_type_id_idx" ON "estates" USING btree ("ownership_type_id");--> statement-breakpoint
CREATE INDEX "estates_interior_status_id_idx" ON "estates" USING btree ("interior_status_id");--> statement-breakpoint
CREATE INDEX "estates_period_type_id_idx" ON "estates" USING btree ("period_type_id");--> statement-breakpoint
CREATE INDEX "estates_area_unit_id_idx" ON "estates" USING btree ("area_unit_id");--> statement-breakpoint
CREATE INDEX "estates_contract_type_id_idx" ON "estates" USING btree ("contract_type_id");--> statement-breakpoint
CREATE INDEX "estates_office_id_idx" ON "estates" USING btree ("office_id");--> statement-breakpoint
CREATE INDEX "estates_price_idx" ON "estates" USING btree ("price");--> statement-breakpoint
CREATE INDEX "estates_created_at_idx" ON "estates" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "estates_search_idx" ON "estates" USING btree ("estate_offer_type_id","estate_type_id","location_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "estates"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "estates_public_recent_idx" ON "estates" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "estates"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "estates_status_idx" ON "estates" USING btree ("status");--> statement-breakpoint
CREATE INDEX "locations_governorate_id_idx" ON "locations" USING btree ("governorate_id");--> statement-breakpoint
CREATE INDEX "offices_location_id_idx" ON "offices" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "offices_contract_type_id_idx" ON "offices" USING btree ("contract_type_id");--> statement-breakpoint
CREATE INDEX "offices_name_ar_idx" ON "offices" USING btree ("name_ar");--> statement-breakpoint
CREATE INDEX "offices_name_en_idx" ON "offices" USING btree ("name_en");