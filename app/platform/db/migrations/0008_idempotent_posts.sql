CREATE TABLE "idempotent_posts" (
	"key" text NOT NULL,
	"path" text NOT NULL,
	"status" smallint,
	"location" text,
	"toast_cookie" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotent_posts_key_path_pk" PRIMARY KEY("key","path")
);
--> statement-breakpoint
CREATE INDEX "idempotent_posts_created_at_idx" ON "idempotent_posts" USING btree ("created_at");