CREATE TABLE "api_settings" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"method" varchar(16) DEFAULT 'API_KEY' NOT NULL,
	"client_id" varchar(64) NOT NULL,
	"ip_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"basic_id" varchar(64),
	"basic_password_hash" text,
	"key_prefix" varchar(16),
	"key_hash" varchar(64),
	"key_issued_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile_pictures" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"content_type" varchar(32) NOT NULL,
	"bytes" "bytea" NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "contact_name" varchar(256);--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "manager_name" varchar(256);--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "logo_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "terminated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "api_settings" ADD CONSTRAINT "api_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_pictures" ADD CONSTRAINT "profile_pictures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_settings_client_unique" ON "api_settings" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "api_settings_basic_unique" ON "api_settings" USING btree ("basic_id");--> statement-breakpoint
CREATE UNIQUE INDEX "api_settings_key_prefix_unique" ON "api_settings" USING btree ("key_prefix");