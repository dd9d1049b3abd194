CREATE TABLE "bill_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bill_id" uuid NOT NULL,
	"from_status" varchar(16),
	"to_status" varchar(16) NOT NULL,
	"actor_user_id" uuid,
	"source" varchar(16) NOT NULL,
	"reason" text,
	"provider_event_id" varchar(128),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_accounts" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"method" varchar(16) DEFAULT 'BANK_TRANSFER' NOT NULL,
	"provider" varchar(16),
	"provider_customer_id" varchar(128),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"issuer_name" varchar(256) NOT NULL,
	"issuer_address" varchar(512) DEFAULT '' NOT NULL,
	"registration_number" varchar(14) NOT NULL,
	"license_fee" integer DEFAULT 0 NOT NULL,
	"bank_details" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"payment_term_days" integer DEFAULT 30 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "bills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" varchar(32) NOT NULL,
	"account_id" uuid NOT NULL,
	"contract_id" uuid NOT NULL,
	"month" date NOT NULL,
	"plan_id" uuid NOT NULL,
	"plan_name" varchar(128) NOT NULL,
	"plan_version" integer NOT NULL,
	"recipient_name" varchar(256) NOT NULL,
	"blocks_used" integer DEFAULT 0 NOT NULL,
	"page_views" integer DEFAULT 0 NOT NULL,
	"page_view_limit" integer NOT NULL,
	"page_view_price" integer NOT NULL,
	"plan_fee" integer NOT NULL,
	"page_view_fee" integer NOT NULL,
	"license_fee" integer NOT NULL,
	"initial_fee" integer NOT NULL,
	"subtotal" integer NOT NULL,
	"tax" integer NOT NULL,
	"total" integer NOT NULL,
	"method" varchar(16) NOT NULL,
	"status" varchar(16) DEFAULT 'UNPAID' NOT NULL,
	"provider" varchar(16),
	"provider_payment_id" varchar(128),
	"charge_attempts" integer DEFAULT 0 NOT NULL,
	"failure_message" text,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_date" date NOT NULL,
	"paid_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_plan_periods" (
	"contract_id" uuid NOT NULL,
	"valid_from" date NOT NULL,
	"plan_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_plan_periods_contract_id_valid_from_pk" PRIMARY KEY("contract_id","valid_from")
);
--> statement-breakpoint
CREATE TABLE "payment_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"provider" varchar(16) NOT NULL,
	"provider_card_id" varchar(512) NOT NULL,
	"brand" varchar(32) NOT NULL,
	"last4" varchar(4) NOT NULL,
	"exp_month" smallint NOT NULL,
	"exp_year" smallint NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "initial_creative_fee" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bill_events" ADD CONSTRAINT "bill_events_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_events" ADD CONSTRAINT "bill_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD CONSTRAINT "billing_accounts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_plan_periods" ADD CONSTRAINT "contract_plan_periods_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_plan_periods" ADD CONSTRAINT "contract_plan_periods_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_cards" ADD CONSTRAINT "payment_cards_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_events_bill_idx" ON "bill_events" USING btree ("bill_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "bill_events_provider_event_unique" ON "bill_events" USING btree ("provider_event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bills_contract_month_unique" ON "bills" USING btree ("contract_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "bills_number_unique" ON "bills" USING btree ("number");--> statement-breakpoint
CREATE INDEX "bills_account_month_idx" ON "bills" USING btree ("account_id","month");--> statement-breakpoint
CREATE INDEX "bills_month_status_idx" ON "bills" USING btree ("month","status");--> statement-breakpoint
CREATE INDEX "bills_paid_at_idx" ON "bills" USING btree ("paid_at") WHERE "bills"."status" = 'PAID';--> statement-breakpoint
CREATE INDEX "payment_cards_account_idx" ON "payment_cards" USING btree ("account_id");--> statement-breakpoint
-- Every contract held its present plan since it started (the history before billing is not known).
INSERT INTO "contract_plan_periods" ("contract_id", "valid_from", "plan_id")
SELECT "id", "start_date", "plan_id" FROM "contracts";--> statement-breakpoint
-- Invoice numbers run on across months: INV-YYYYMM-NNNNNN.
CREATE SEQUENCE "bill_number_seq";--> statement-breakpoint
-- Placeholder issuer until MASTER fills the billing settings in (a T number must be set there).
INSERT INTO "billing_settings" ("id", "issuer_name", "registration_number", "license_fee", "bank_details", "notes")
VALUES (1, 'Swipe LP K.K.', 'T0000000000000', 10000, '', '');--> statement-breakpoint
-- Every way a contract is made or switches plans writes its plan period (the seed, the user
-- screens, the pending-plan job): a switch takes effect on its pending day (the 1st, JST).
CREATE FUNCTION contract_plan_period_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO contract_plan_periods (contract_id, valid_from, plan_id)
    VALUES (NEW.id, NEW.start_date, NEW.plan_id)
    ON CONFLICT (contract_id, valid_from) DO UPDATE SET plan_id = EXCLUDED.plan_id;
  ELSIF NEW.plan_id IS DISTINCT FROM OLD.plan_id THEN
    INSERT INTO contract_plan_periods (contract_id, valid_from, plan_id)
    VALUES (NEW.id, greatest(NEW.start_date, coalesce(OLD.pending_plan_from, ((now() AT TIME ZONE 'UTC') + interval '9 hours')::date)), NEW.plan_id)
    ON CONFLICT (contract_id, valid_from) DO UPDATE SET plan_id = EXCLUDED.plan_id;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER contracts_plan_periods AFTER INSERT OR UPDATE OF plan_id ON contracts
  FOR EACH ROW EXECUTE FUNCTION contract_plan_period_write();
