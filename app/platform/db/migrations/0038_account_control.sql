-- The account its owner controls (docs/decisions/092-an-account-its-owner-controls.md): each login session says
-- which device opened it, from which country and when it was last used, so the owner can tell theirs from another's;
-- a deleted account keeps its row (the audit log's pseudonymous id) without its name, number or password.
ALTER TABLE "sessions" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "ip_country" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_used_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;
