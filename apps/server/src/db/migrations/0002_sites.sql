CREATE TABLE "site_assets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"uploaded_by" uuid,
	"kind" varchar(8) NOT NULL,
	"original_name" text NOT NULL,
	"declared_bytes" bigint NOT NULL,
	"bytes" bigint,
	"mime" varchar(64),
	"width" integer,
	"height" integer,
	"storage_key" text,
	"variants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" varchar(8) DEFAULT 'PENDING' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"created_by" uuid,
	"name" varchar(128) NOT NULL,
	"status" varchar(20) DEFAULT 'DRAFT' NOT NULL,
	"draft" jsonb NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"published" jsonb,
	"published_version" integer DEFAULT 0 NOT NULL,
	"published_revision" integer,
	"published_at" timestamp with time zone,
	"pages" integer DEFAULT 1 NOT NULL,
	"custom_domain" varchar(253),
	"custom_path" varchar(64),
	"domain_status" varchar(16) DEFAULT 'NONE' NOT NULL,
	"domain_check_started_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_assets" ADD CONSTRAINT "site_assets_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_assets" ADD CONSTRAINT "site_assets_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_assets_account_idx" ON "site_assets" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "sites_account_idx" ON "sites" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sites_custom_domain_unique" ON "sites" USING btree ("custom_domain") WHERE "sites"."custom_domain" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "sites_custom_path_unique" ON "sites" USING btree ("custom_path") WHERE "sites"."custom_path" is not null;