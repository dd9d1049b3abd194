CREATE TABLE "bill_holds" (
	"month" date PRIMARY KEY NOT NULL,
	"contracts" integer NOT NULL,
	"held_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_settings" ADD COLUMN "bank_name" varchar(128) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD COLUMN "bank_branch" varchar(128) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD COLUMN "bank_account_type" varchar(16) DEFAULT 'ORDINARY' NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD COLUMN "bank_account_number" varchar(7) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD COLUMN "bank_account_holder" varchar(128) DEFAULT '' NOT NULL;--> statement-breakpoint
-- The free-text bank details become fields the invoice prints one by one; text already entered
-- is kept at the top of the notes so that MASTER can copy it into them.
UPDATE "billing_settings" SET "notes" = trim(both E'\n' from "bank_details" || E'\n' || "notes") WHERE trim("bank_details") <> '';--> statement-breakpoint
ALTER TABLE "billing_settings" DROP COLUMN "bank_details";