CREATE TABLE "gmail_sends" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"business_id" text NOT NULL,
	"rfc_message_id" text NOT NULL,
	"status" text DEFAULT 'sending' NOT NULL,
	"gmail_message_id" text,
	"gmail_thread_id" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gmail_sends" ADD CONSTRAINT "gmail_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gmail_sends" ADD CONSTRAINT "gmail_sends_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gmail_sends_message_uq" ON "gmail_sends" USING btree ("rfc_message_id");--> statement-breakpoint
CREATE INDEX "gmail_sends_mailbox_idx" ON "gmail_sends" USING btree ("user_id","business_id","created_at");