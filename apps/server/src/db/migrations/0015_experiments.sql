CREATE TABLE "site_experiments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"name" varchar(255) NOT NULL,
	"status" varchar(8) DEFAULT 'DRAFT' NOT NULL,
	"goal" varchar(8) NOT NULL,
	"goal_button" jsonb,
	"allocation" varchar(8) DEFAULT 'AUTO' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"winner_id" uuid
);
--> statement-breakpoint
CREATE TABLE "site_variations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"experiment_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"name" varchar(255) NOT NULL,
	"is_base" boolean DEFAULT false NOT NULL,
	"position" smallint NOT NULL,
	"weight" smallint DEFAULT 50 NOT NULL,
	"share" real DEFAULT 0 NOT NULL,
	"overrides" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_visits" ADD COLUMN "variation_id" uuid;--> statement-breakpoint
ALTER TABLE "site_visits" ADD COLUMN "goals" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "live_experiment_id" uuid;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "experiment_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_experiments" ADD CONSTRAINT "site_experiments_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_experiments" ADD CONSTRAINT "site_experiments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_variations" ADD CONSTRAINT "site_variations_experiment_id_site_experiments_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."site_experiments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_experiments_site_idx" ON "site_experiments" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "site_experiments_one_active" ON "site_experiments" USING btree ("site_id") WHERE "site_experiments"."status" in ('DRAFT', 'RUNNING');--> statement-breakpoint
CREATE INDEX "site_variations_experiment_idx" ON "site_variations" USING btree ("experiment_id","position");--> statement-breakpoint
CREATE INDEX "site_visits_variation_idx" ON "site_visits" USING btree ("variation_id") WHERE "site_visits"."variation_id" is not null;