-- Decision 047: what ended a job's last failed try, shown in the back office beside its last error.
ALTER TABLE "jobs" ADD COLUMN "last_failure" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_last_failure_check" CHECK ("last_failure" IN ('error', 'timeout', 'lease_expired'));--> statement-breakpoint
-- Decision 013: approved property requests are shown to visitors on /user-order, whose kept page must be forgotten
-- when one is approved, rejected, edited or deleted (migration 0007 left this table out).
CREATE TRIGGER "property_requests_page_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "property_requests" FOR EACH STATEMENT EXECUTE FUNCTION "notify_page_changes"();
