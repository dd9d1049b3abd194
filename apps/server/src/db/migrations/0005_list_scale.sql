CREATE TABLE "site_view_counts" (
	"site_id" uuid PRIMARY KEY NOT NULL,
	"views" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Backfill: the views stored so far; the event writer moves the counts from here on.
INSERT INTO "site_view_counts" ("site_id", "views")
SELECT "site_id", count(*) FROM "site_events" WHERE "type" = 'VIEW' GROUP BY "site_id";--> statement-breakpoint
DROP INDEX "accounts_path_idx";--> statement-breakpoint
-- A stored generated column: this ALTER computes it for every existing site (the backfill), and
-- PostgreSQL keeps it in step with the draft on every later write.
ALTER TABLE "sites" ADD COLUMN "languages" jsonb GENERATED ALWAYS AS (coalesce(draft -> 'languages', '[]'::jsonb)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "accounts_path_prefix_idx" ON "accounts" USING btree ("path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "accounts_created_idx" ON "accounts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "accounts_name_idx" ON "accounts" USING btree ("name");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "sites_updated_idx" ON "sites" USING btree ("updated_at","id");