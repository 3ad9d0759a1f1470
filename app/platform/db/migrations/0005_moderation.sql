CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" integer NOT NULL,
	"reason" text,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "estate_edits" (
	"id" serial PRIMARY KEY NOT NULL,
	"estate_id" integer NOT NULL,
	"user_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"price" bigint,
	"currency" text DEFAULT 'SYP' NOT NULL,
	"negotiable" boolean DEFAULT false NOT NULL,
	"furnished" boolean DEFAULT false NOT NULL,
	"rooms_count" smallint,
	"floor" smallint,
	"area" real NOT NULL,
	"interior_status_id" integer,
	"description" text,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reject_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "estates" ALTER COLUMN "price" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "estate_offers" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "estate_reports" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "estates" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "estates" ADD COLUMN "contact_name" text;--> statement-breakpoint
ALTER TABLE "estates" ADD COLUMN "submitted_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "estates" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "estates" ADD COLUMN "reject_reason" text;--> statement-breakpoint
ALTER TABLE "estates" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "lang" text DEFAULT 'ar' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estate_edits" ADD CONSTRAINT "estate_edits_estate_id_estates_id_fk" FOREIGN KEY ("estate_id") REFERENCES "public"."estates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estate_edits" ADD CONSTRAINT "estate_edits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estate_edits" ADD CONSTRAINT "estate_edits_interior_status_id_interior_statuses_id_fk" FOREIGN KEY ("interior_status_id") REFERENCES "public"."interior_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_at_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_subject_idx" ON "audit_log" USING btree ("subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_id_idx" ON "audit_log" USING btree ("actor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "estate_edits_one_pending_idx" ON "estate_edits" USING btree ("estate_id") WHERE "estate_edits"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "estate_edits_status_updated_at_idx" ON "estate_edits" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "estate_edits_user_id_idx" ON "estate_edits" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "estate_edits_interior_status_id_idx" ON "estate_edits" USING btree ("interior_status_id");--> statement-breakpoint
ALTER TABLE "estates" ADD CONSTRAINT "estates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "estate_reports_open_idx" ON "estate_reports" USING btree ("estate_id") WHERE "estate_reports"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "estates_user_id_idx" ON "estates" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "estates_pending_idx" ON "estates" USING btree ("submitted_at") WHERE "estates"."status" = 'pending';--> statement-breakpoint
CREATE FUNCTION "audit_log_read_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log rows are never changed or deleted';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_read_only" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_read_only"();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_read_only"();
