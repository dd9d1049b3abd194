CREATE TABLE "site_cta_counters" (
	"site_id" uuid NOT NULL,
	"kind" varchar(16) NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_cta_counters_site_id_kind_pk" PRIMARY KEY("site_id","kind")
);
--> statement-breakpoint
CREATE TABLE "site_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_id" uuid NOT NULL,
	"visit_id" varchar(32) NOT NULL,
	"seq" integer NOT NULL,
	"type" varchar(8) NOT NULL,
	"lang" varchar(2) NOT NULL,
	"page" varchar(8) NOT NULL,
	"from_page" varchar(8),
	"target" varchar(16),
	"target_id" varchar(64),
	"dwell_ms" integer,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_preview_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"share_id" uuid NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_preview_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "site_preview_settings" (
	"site_id" uuid PRIMARY KEY NOT NULL,
	"is_private" boolean DEFAULT true NOT NULL,
	"password_hash" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_preview_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"email" varchar(254) NOT NULL,
	"invited_by" uuid,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "site_preview_sessions" ADD CONSTRAINT "site_preview_sessions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_preview_sessions" ADD CONSTRAINT "site_preview_sessions_share_id_site_preview_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."site_preview_shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_preview_settings" ADD CONSTRAINT "site_preview_settings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_preview_shares" ADD CONSTRAINT "site_preview_shares_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_preview_shares" ADD CONSTRAINT "site_preview_shares_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_events_site_time_idx" ON "site_events" USING btree ("site_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "site_events_visit_seq_unique" ON "site_events" USING btree ("site_id","visit_id","seq");--> statement-breakpoint
CREATE INDEX "site_preview_sessions_share_idx" ON "site_preview_sessions" USING btree ("share_id");--> statement-breakpoint
CREATE UNIQUE INDEX "site_preview_shares_site_email_unique" ON "site_preview_shares" USING btree ("site_id","email");