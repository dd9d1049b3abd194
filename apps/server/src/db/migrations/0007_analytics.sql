CREATE TABLE "account_page_views" (
	"account_id" uuid NOT NULL,
	"month" date NOT NULL,
	"views" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "account_page_views_account_id_month_pk" PRIMARY KEY("account_id","month")
);
--> statement-breakpoint
CREATE TABLE "analytics_click_days" (
	"site_id" uuid NOT NULL,
	"day" date NOT NULL,
	"lang" varchar(2) NOT NULL,
	"device" varchar(8) NOT NULL,
	"page" varchar(8) NOT NULL,
	"target" varchar(16) NOT NULL,
	"target_id" varchar(64) NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_click_days_site_id_day_lang_device_page_target_target_id_pk" PRIMARY KEY("site_id","day","lang","device","page","target","target_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_conversion_days" (
	"site_id" uuid NOT NULL,
	"day" date NOT NULL,
	"lang" varchar(2) NOT NULL,
	"device" varchar(8) NOT NULL,
	"entry_page" varchar(8) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_conversion_days_site_id_day_lang_device_entry_page_kind_pk" PRIMARY KEY("site_id","day","lang","device","entry_page","kind")
);
--> statement-breakpoint
CREATE TABLE "analytics_page_days" (
	"site_id" uuid NOT NULL,
	"day" date NOT NULL,
	"lang" varchar(2) NOT NULL,
	"device" varchar(8) NOT NULL,
	"page" varchar(8) NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"reached" integer DEFAULT 0 NOT NULL,
	"entries" integer DEFAULT 0 NOT NULL,
	"exits" integer DEFAULT 0 NOT NULL,
	"dwell_ms" bigint DEFAULT 0 NOT NULL,
	"dwells" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"taps" integer DEFAULT 0 NOT NULL,
	"dwell_0" integer DEFAULT 0 NOT NULL,
	"dwell_1" integer DEFAULT 0 NOT NULL,
	"dwell_2" integer DEFAULT 0 NOT NULL,
	"dwell_3" integer DEFAULT 0 NOT NULL,
	"dwell_4" integer DEFAULT 0 NOT NULL,
	"dwell_5" integer DEFAULT 0 NOT NULL,
	"dwell_6" integer DEFAULT 0 NOT NULL,
	"dwell_7" integer DEFAULT 0 NOT NULL,
	"dwell_8" integer DEFAULT 0 NOT NULL,
	"dwell_9" integer DEFAULT 0 NOT NULL,
	"dwell_10" integer DEFAULT 0 NOT NULL,
	"dwell_11" integer DEFAULT 0 NOT NULL,
	"dwell_12" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_page_days_site_id_day_lang_device_page_pk" PRIMARY KEY("site_id","day","lang","device","page")
);
--> statement-breakpoint
CREATE TABLE "analytics_swipe_days" (
	"site_id" uuid NOT NULL,
	"day" date NOT NULL,
	"lang" varchar(2) NOT NULL,
	"device" varchar(8) NOT NULL,
	"from_page" varchar(8) NOT NULL,
	"to_page" varchar(8) NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_swipe_days_site_id_day_lang_device_from_page_to_page_pk" PRIMARY KEY("site_id","day","lang","device","from_page","to_page")
);
--> statement-breakpoint
CREATE TABLE "analytics_tap_days" (
	"site_id" uuid NOT NULL,
	"day" date NOT NULL,
	"lang" varchar(2) NOT NULL,
	"device" varchar(8) NOT NULL,
	"page" varchar(8) NOT NULL,
	"cell" smallint NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_tap_days_site_id_day_lang_device_page_cell_pk" PRIMARY KEY("site_id","day","lang","device","page","cell")
);
--> statement-breakpoint
CREATE TABLE "analytics_visit_days" (
	"site_id" uuid NOT NULL,
	"day" date NOT NULL,
	"lang" varchar(2) NOT NULL,
	"device" varchar(8) NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"engaged" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_visit_days_site_id_day_lang_device_pk" PRIMARY KEY("site_id","day","lang","device")
);
--> statement-breakpoint
CREATE TABLE "analytics_visitor_days" (
	"site_id" uuid NOT NULL,
	"day" date NOT NULL,
	"lang" varchar(2) NOT NULL,
	"device" varchar(8) NOT NULL,
	"visitor_id" varchar(32) NOT NULL,
	CONSTRAINT "analytics_visitor_days_site_id_day_lang_device_visitor_id_pk" PRIMARY KEY("site_id","day","lang","device","visitor_id")
);
--> statement-breakpoint
CREATE TABLE "site_visits" (
	"site_id" uuid NOT NULL,
	"visit_id" varchar(32) NOT NULL,
	"visitor_id" varchar(32) NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"lang" varchar(2) NOT NULL,
	"device" varchar(8) NOT NULL,
	"entry_page" varchar(8) NOT NULL,
	"referrer_host" varchar(255),
	"utm_source" varchar(100),
	"utm_medium" varchar(100),
	"utm_campaign" varchar(100),
	CONSTRAINT "site_visits_site_id_visit_id_pk" PRIMARY KEY("site_id","visit_id")
);
--> statement-breakpoint
CREATE INDEX "site_visits_started_idx" ON "site_visits" USING btree ("started_at");--> statement-breakpoint
-- site_events becomes partitioned by month of occurred_at (raw events are dropped a month at a
-- time after the retention). The rows move over; the id sequence stays.
DROP INDEX "site_events_visit_seq_unique";--> statement-breakpoint
DROP INDEX "site_events_site_time_idx";--> statement-breakpoint
ALTER TABLE "site_events" RENAME TO "site_events_before_partitions";--> statement-breakpoint
ALTER TABLE "site_events_before_partitions" DROP CONSTRAINT "site_events_pkey";--> statement-breakpoint
CREATE TABLE "site_events" (
	"id" bigint DEFAULT nextval('site_events_id_seq') NOT NULL,
	"site_id" uuid NOT NULL,
	"visit_id" varchar(32) NOT NULL,
	"seq" integer NOT NULL,
	"type" varchar(8) NOT NULL,
	"lang" varchar(2) NOT NULL,
	"device" varchar(8) DEFAULT 'PHONE' NOT NULL,
	"page" varchar(8) NOT NULL,
	"from_page" varchar(8),
	"target" varchar(16),
	"target_id" varchar(64),
	"dwell_ms" integer,
	"ordinal" smallint,
	"x" smallint,
	"y" smallint,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_events_id_occurred_at_pk" PRIMARY KEY("id","occurred_at")
) PARTITION BY RANGE ("occurred_at");--> statement-breakpoint
ALTER SEQUENCE "site_events_id_seq" OWNED BY "site_events"."id";--> statement-breakpoint
CREATE INDEX "site_events_site_time_idx" ON "site_events" USING btree ("site_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "site_events_visit_seq_unique" ON "site_events" USING btree ("site_id","visit_id","seq","occurred_at");--> statement-breakpoint
-- The month's partition of site_events holding `at` (months start at 00:00 UTC), made if missing.
CREATE FUNCTION site_events_partition_for(at timestamptz) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  first timestamptz := date_trunc('month', at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  name text := 'site_events_' || to_char(first AT TIME ZONE 'UTC', 'YYYY_MM');
BEGIN
  IF to_regclass(name) IS NULL THEN
    EXECUTE format('CREATE TABLE %I PARTITION OF site_events FOR VALUES FROM (%L) TO (%L)',
      name, first, first + interval '1 month');
  END IF;
  RETURN name;
END $$;--> statement-breakpoint
DO $$
DECLARE m timestamptz;
BEGIN
  FOR m IN SELECT DISTINCT date_trunc('month', occurred_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' FROM site_events_before_partitions LOOP
    PERFORM site_events_partition_for(m);
  END LOOP;
  PERFORM site_events_partition_for(now());
  PERFORM site_events_partition_for(now() + interval '1 month');
END $$;--> statement-breakpoint
INSERT INTO "site_events" ("id","site_id","visit_id","seq","type","lang","page","from_page","target","target_id","dwell_ms","occurred_at","received_at")
SELECT "id","site_id","visit_id","seq","type","lang","page","from_page","target","target_id","dwell_ms","occurred_at","received_at" FROM "site_events_before_partitions";--> statement-breakpoint
DROP TABLE "site_events_before_partitions";
