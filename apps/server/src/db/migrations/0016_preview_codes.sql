CREATE TABLE "site_preview_codes" (
	"share_id" uuid PRIMARY KEY NOT NULL,
	"site_id" uuid NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"link_hash" varchar(64) NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_preview_codes_link_hash_unique" UNIQUE("link_hash")
);
--> statement-breakpoint
ALTER TABLE "site_preview_codes" ADD CONSTRAINT "site_preview_codes_share_id_site_preview_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."site_preview_shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_preview_codes" ADD CONSTRAINT "site_preview_codes_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;