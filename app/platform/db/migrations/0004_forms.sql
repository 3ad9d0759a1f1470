CREATE TABLE "estate_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"estate_type_id" integer,
	"estate_offer_type_id" integer DEFAULT 1 NOT NULL,
	"estate_ownership" smallint,
	"location_id" integer NOT NULL,
	"area" real NOT NULL,
	"estate_finishing" integer,
	"fullname" text NOT NULL,
	"mobile" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"reject_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "estate_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"estate_id" integer NOT NULL,
	"report_type_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"mobile" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "property_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"estate_offer_type_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"estate_type_id" integer NOT NULL,
	"min_price" bigint,
	"max_price" bigint,
	"notes" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reject_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "saved_estates" (
	"user_id" integer NOT NULL,
	"estate_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_estates_user_id_estate_id_pk" PRIMARY KEY("user_id","estate_id")
);
--> statement-breakpoint
ALTER TABLE "estate_offers" ADD CONSTRAINT "estate_offers_estate_type_id_estate_types_id_fk" FOREIGN KEY ("estate_type_id") REFERENCES "public"."estate_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estate_offers" ADD CONSTRAINT "estate_offers_estate_offer_type_id_estate_offer_types_id_fk" FOREIGN KEY ("estate_offer_type_id") REFERENCES "public"."estate_offer_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estate_offers" ADD CONSTRAINT "estate_offers_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estate_offers" ADD CONSTRAINT "estate_offers_estate_finishing_interior_statuses_id_fk" FOREIGN KEY ("estate_finishing") REFERENCES "public"."interior_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estate_offers" ADD CONSTRAINT "estate_offers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estate_reports" ADD CONSTRAINT "estate_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estate_reports" ADD CONSTRAINT "estate_reports_estate_id_estates_id_fk" FOREIGN KEY ("estate_id") REFERENCES "public"."estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estate_reports" ADD CONSTRAINT "estate_reports_report_type_id_report_reasons_id_fk" FOREIGN KEY ("report_type_id") REFERENCES "public"."report_reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_requests" ADD CONSTRAINT "property_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_requests" ADD CONSTRAINT "property_requests_estate_offer_type_id_estate_offer_types_id_fk" FOREIGN KEY ("estate_offer_type_id") REFERENCES "public"."estate_offer_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_requests" ADD CONSTRAINT "property_requests_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_requests" ADD CONSTRAINT "property_requests_estate_type_id_estate_types_id_fk" FOREIGN KEY ("estate_type_id") REFERENCES "public"."estate_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_estates" ADD CONSTRAINT "saved_estates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_estates" ADD CONSTRAINT "saved_estates_estate_id_estates_id_fk" FOREIGN KEY ("estate_id") REFERENCES "public"."estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "estate_offers_status_created_at_idx" ON "estate_offers" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "estate_offers_user_id_idx" ON "estate_offers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "estate_offers_location_id_idx" ON "estate_offers" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "estate_offers_estate_type_id_idx" ON "estate_offers" USING btree ("estate_type_id");--> statement-breakpoint
CREATE INDEX "estate_offers_estate_offer_type_id_idx" ON "estate_offers" USING btree ("estate_offer_type_id");--> statement-breakpoint
CREATE INDEX "estate_offers_estate_finishing_idx" ON "estate_offers" USING btree ("estate_finishing");--> statement-breakpoint
CREATE UNIQUE INDEX "estate_reports_user_estate_idx" ON "estate_reports" USING btree ("user_id","estate_id");--> statement-breakpoint
CREATE INDEX "estate_reports_estate_id_idx" ON "estate_reports" USING btree ("estate_id");--> statement-breakpoint
CREATE INDEX "estate_reports_report_type_id_idx" ON "estate_reports" USING btree ("report_type_id");--> statement-breakpoint
CREATE INDEX "messages_kind_created_at_idx" ON "messages" USING btree ("kind","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_user_id_idx" ON "messages" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "property_requests_status_created_at_idx" ON "property_requests" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "property_requests_user_id_idx" ON "property_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "property_requests_location_id_idx" ON "property_requests" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "property_requests_estate_type_id_idx" ON "property_requests" USING btree ("estate_type_id");--> statement-breakpoint
CREATE INDEX "property_requests_estate_offer_type_id_idx" ON "property_requests" USING btree ("estate_offer_type_id");--> statement-breakpoint
CREATE INDEX "saved_estates_estate_id_idx" ON "saved_estates" USING btree ("estate_id");