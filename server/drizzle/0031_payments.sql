CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"document_id" text,
	"invoice_number" text,
	"method" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"amount" bigint NOT NULL,
	"amount_refunded" bigint DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"stripe_account_id" text,
	"stripe_checkout_session_id" text,
	"stripe_payment_intent_id" text,
	"reason" text,
	"received_amount" bigint,
	"received_currency" text,
	"paid_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amounts_check" CHECK ("payments"."amount" >= 0 AND "payments"."amount_refunded" >= 0 AND "payments"."amount_refunded" <= "payments"."amount")
);
--> statement-breakpoint
CREATE TABLE "stripe_accounts" (
	"business_id" text PRIMARY KEY NOT NULL,
	"stripe_account_id" text NOT NULL,
	"charges_enabled" boolean DEFAULT false NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"stripe_account_id" text,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_accounts" ADD CONSTRAINT "stripe_accounts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_accounts" ADD CONSTRAINT "stripe_accounts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_business_paid_idx" ON "payments" USING btree ("business_id","status","paid_at");--> statement-breakpoint
CREATE INDEX "payments_document_idx" ON "payments" USING btree ("document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_checkout_session_uq" ON "payments" USING btree ("stripe_checkout_session_id") WHERE stripe_checkout_session_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "payments_payment_intent_idx" ON "payments" USING btree ("stripe_payment_intent_id") WHERE stripe_payment_intent_id IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "stripe_accounts_account_uq" ON "stripe_accounts" USING btree ("stripe_account_id");