CREATE TABLE "site_cta_applicants" (
	"site_id" uuid NOT NULL,
	"visitor_key" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_cta_applicants_site_id_visitor_key_pk" PRIMARY KEY("site_id","visitor_key")
);
