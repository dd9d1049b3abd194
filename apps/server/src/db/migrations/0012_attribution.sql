CREATE TABLE "analytics_source_days" (
	"site_id" uuid NOT NULL,
	"day" date NOT NULL,
	"lang" varchar(2) NOT NULL,
	"device" varchar(8) NOT NULL,
	"network" varchar(8) NOT NULL,
	"source" varchar(255) NOT NULL,
	"medium" varchar(100) NOT NULL,
	"campaign" varchar(100) NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"member" integer DEFAULT 0 NOT NULL,
	"contact" integer DEFAULT 0 NOT NULL,
	"form" integer DEFAULT 0 NOT NULL,
	"survey" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_source_days_pk" PRIMARY KEY("site_id","day","lang","device","network","source","medium","campaign")
);
--> statement-breakpoint
ALTER TABLE "site_visits" ADD COLUMN "ad_network" varchar(8);--> statement-breakpoint
ALTER TABLE "site_visits" ADD COLUMN "ad_click_id" varchar(255);