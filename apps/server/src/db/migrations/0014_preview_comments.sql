CREATE TABLE "preview_comment_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"comment_id" uuid NOT NULL,
	"body" text NOT NULL,
	"author_kind" varchar(8) NOT NULL,
	"author_share_id" uuid,
	"author_user_id" uuid,
	"author_name" varchar(256) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "preview_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"number" smallint NOT NULL,
	"lang" varchar(2) NOT NULL,
	"page" varchar(8) NOT NULL,
	"x" smallint NOT NULL,
	"y" smallint NOT NULL,
	"body" text NOT NULL,
	"author_kind" varchar(8) NOT NULL,
	"author_share_id" uuid,
	"author_user_id" uuid,
	"author_name" varchar(256) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid
);
--> statement-breakpoint
ALTER TABLE "preview_comment_replies" ADD CONSTRAINT "preview_comment_replies_comment_id_preview_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."preview_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preview_comment_replies" ADD CONSTRAINT "preview_comment_replies_author_share_id_site_preview_shares_id_fk" FOREIGN KEY ("author_share_id") REFERENCES "public"."site_preview_shares"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preview_comment_replies" ADD CONSTRAINT "preview_comment_replies_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preview_comments" ADD CONSTRAINT "preview_comments_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preview_comments" ADD CONSTRAINT "preview_comments_author_share_id_site_preview_shares_id_fk" FOREIGN KEY ("author_share_id") REFERENCES "public"."site_preview_shares"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preview_comments" ADD CONSTRAINT "preview_comments_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preview_comments" ADD CONSTRAINT "preview_comments_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "preview_comment_replies_comment_idx" ON "preview_comment_replies" USING btree ("comment_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "preview_comments_site_number_unique" ON "preview_comments" USING btree ("site_id","number");