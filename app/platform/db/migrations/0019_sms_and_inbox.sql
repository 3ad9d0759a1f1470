CREATE TABLE "sms_limit_hits" (
	"day" text NOT NULL,
	"limit_name" text NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_limit_hits_day_limit_name_pk" PRIMARY KEY("day","limit_name")
);
--> statement-breakpoint
CREATE TABLE "sms_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sms_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"phone" text NOT NULL,
	"body" text,
	"kind" text NOT NULL,
	"purpose" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"provider" text,
	"parts" smallint,
	"error" text,
	"job_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_parts" (
	"provider" text NOT NULL,
	"provider_message_id" text NOT NULL,
	"sms_id" bigint NOT NULL,
	"part" smallint NOT NULL,
	"state" text DEFAULT 'sent' NOT NULL,
	"error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_parts_provider_provider_message_id_pk" PRIMARY KEY("provider","provider_message_id")
);
--> statement-breakpoint
ALTER TABLE "estate_offers" ADD COLUMN "inbox_state" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "estate_offers" ADD COLUMN "taken_by" integer;--> statement-breakpoint
ALTER TABLE "estate_offers" ADD COLUMN "inbox_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "estate_offers" ADD COLUMN "staff_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "estate_offers" ADD COLUMN "estate_id" integer;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "priority" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "inbox_state" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "taken_by" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "inbox_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "staff_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sms_parts" ADD CONSTRAINT "sms_parts_sms_id_sms_messages_id_fk" FOREIGN KEY ("sms_id") REFERENCES "public"."sms_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_messages_created_at_idx" ON "sms_messages" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sms_messages_phone_idx" ON "sms_messages" USING btree ("phone","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sms_messages_state_created_at_idx" ON "sms_messages" USING btree ("state","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sms_parts_sms_id_idx" ON "sms_parts" USING btree ("sms_id");--> statement-breakpoint
ALTER TABLE "estate_offers" ADD CONSTRAINT "estate_offers_taken_by_users_id_fk" FOREIGN KEY ("taken_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estate_offers" ADD CONSTRAINT "estate_offers_estate_id_estates_id_fk" FOREIGN KEY ("estate_id") REFERENCES "public"."estates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_taken_by_users_id_fk" FOREIGN KEY ("taken_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "estate_offers_inbox_state_created_at_idx" ON "estate_offers" USING btree ("inbox_state","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "estate_offers_estate_id_idx" ON "estate_offers" USING btree ("estate_id");--> statement-breakpoint
CREATE INDEX "jobs_queued_priority_idx" ON "jobs" USING btree ("priority" DESC NULLS LAST,"run_at","id") WHERE "jobs"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "messages_inbox_state_created_at_idx" ON "messages" USING btree ("inbox_state","created_at" DESC NULLS LAST);--> statement-breakpoint
-- The states are closed lists (schema.ts SMS_KINDS, SMS_STATES, INBOX_STATES).
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_kind_check" CHECK ("kind" IN ('code', 'bulk'));--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_state_check" CHECK ("state" IN ('queued', 'sent', 'delivered', 'failed'));--> statement-breakpoint
ALTER TABLE "sms_parts" ADD CONSTRAINT "sms_parts_state_check" CHECK ("state" IN ('queued', 'sent', 'delivered', 'failed'));--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_inbox_state_check" CHECK ("inbox_state" IN ('new', 'in_progress', 'done', 'spam'));--> statement-breakpoint
ALTER TABLE "estate_offers" ADD CONSTRAINT "estate_offers_inbox_state_check" CHECK ("inbox_state" IN ('new', 'in_progress', 'done', 'spam'));--> statement-breakpoint
-- Leads marked handled before the inbox are done; requests that came before the inbox are not announced to staff again.
UPDATE "estate_offers" SET "inbox_state" = 'done', "inbox_changed_at" = "handled_at" WHERE "handled_at" IS NOT NULL;--> statement-breakpoint
UPDATE "estate_offers" SET "staff_notified_at" = "created_at";--> statement-breakpoint
UPDATE "messages" SET "staff_notified_at" = "created_at";
--> statement-breakpoint
ALTER TABLE "estate_offers" DROP COLUMN "handled_at";
