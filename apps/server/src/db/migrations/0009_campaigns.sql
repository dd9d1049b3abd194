CREATE TABLE "campaign_click_visits" (
	"campaign_id" uuid NOT NULL,
	"item_id" varchar(64) NOT NULL,
	"visit_id" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_click_visits_campaign_id_item_id_visit_id_pk" PRIMARY KEY("campaign_id","item_id","visit_id")
);
--> statement-breakpoint
CREATE TABLE "campaign_item_clicks" (
	"campaign_id" uuid NOT NULL,
	"item_id" varchar(64) NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "campaign_item_clicks_campaign_id_item_id_pk" PRIMARY KEY("campaign_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"document" jsonb NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_click_visits" ADD CONSTRAINT "campaign_click_visits_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_item_clicks" ADD CONSTRAINT "campaign_item_clicks_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaigns_site_idx" ON "campaigns" USING btree ("site_id","start_date");