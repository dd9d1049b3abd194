CREATE TABLE "site_member_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"kind" varchar(8) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_member_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "site_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"email" varchar(254) NOT NULL,
	"password_hash" text NOT NULL,
	"status" varchar(8) DEFAULT 'PENDING' NOT NULL,
	"lang" varchar(2) NOT NULL,
	"data" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_login_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "site_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"kind" varchar(8) NOT NULL,
	"lang" varchar(2) NOT NULL,
	"email" varchar(254) NOT NULL,
	"company_name" varchar(256) DEFAULT '' NOT NULL,
	"data" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mode" varchar(32),
	"request_key" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"survey_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"email" varchar(254) NOT NULL,
	"lang" varchar(2) NOT NULL,
	"answers" jsonb NOT NULL,
	"total_score" integer NOT NULL,
	"once_key" varchar(254),
	"request_key" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "surveys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"created_by" uuid,
	"name" varchar(128) NOT NULL,
	"is_open" boolean DEFAULT true NOT NULL,
	"allow_multiple" boolean DEFAULT false NOT NULL,
	"document" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_member_tokens" ADD CONSTRAINT "site_member_tokens_member_id_site_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."site_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_member_tokens" ADD CONSTRAINT "site_member_tokens_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_members" ADD CONSTRAINT "site_members_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_submissions" ADD CONSTRAINT "site_submissions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_member_tokens_member_idx" ON "site_member_tokens" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "site_members_site_email_unique" ON "site_members" USING btree ("site_id","email");--> statement-breakpoint
CREATE INDEX "site_members_site_created_idx" ON "site_members" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "site_submissions_request_unique" ON "site_submissions" USING btree ("site_id","request_key");--> statement-breakpoint
CREATE INDEX "site_submissions_site_kind_created_idx" ON "site_submissions" USING btree ("site_id","kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_responses_once_unique" ON "survey_responses" USING btree ("survey_id","once_key") WHERE "survey_responses"."once_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "survey_responses_request_unique" ON "survey_responses" USING btree ("survey_id","request_key");--> statement-breakpoint
CREATE INDEX "survey_responses_survey_created_idx" ON "survey_responses" USING btree ("survey_id","created_at");--> statement-breakpoint
CREATE INDEX "surveys_site_idx" ON "surveys" USING btree ("site_id");