CREATE TABLE "market_listing_images" (
	"id" text PRIMARY KEY NOT NULL,
	"listing_id" text NOT NULL,
	"mime" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_listings" (
	"id" text PRIMARY KEY NOT NULL,
	"community_id" text NOT NULL,
	"business_id" text,
	"seller_id" text,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price" integer NOT NULL,
	"currency" text NOT NULL,
	"category" text NOT NULL,
	"delivery" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_listings_price_check" CHECK ("market_listings"."price" > 0 AND "market_listings"."price" <= 99999999),
	CONSTRAINT "market_listings_status_check" CHECK ("market_listings"."status" IN ('active', 'paused', 'archived')),
	CONSTRAINT "market_listings_delivery_check" CHECK ("market_listings"."delivery" IN ('service', 'product'))
);
--> statement-breakpoint
CREATE TABLE "market_review_reports" (
	"review_id" text NOT NULL,
	"reporter_id" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_review_reports_review_id_reporter_id_pk" PRIMARY KEY("review_id","reporter_id")
);
--> statement-breakpoint
CREATE TABLE "market_reviews" (
	"id" text PRIMARY KEY NOT NULL,
	"transaction_id" text NOT NULL,
	"listing_id" text,
	"community_id" text,
	"author_id" text,
	"seller_id" text,
	"rating" integer NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	"status" text DEFAULT 'visible' NOT NULL,
	"report_count" integer DEFAULT 0 NOT NULL,
	"hidden_by" text,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_reviews_rating_check" CHECK ("market_reviews"."rating" BETWEEN 1 AND 5),
	CONSTRAINT "market_reviews_status_check" CHECK ("market_reviews"."status" IN ('visible', 'hidden'))
);
--> statement-breakpoint
CREATE TABLE "market_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"listing_id" text,
	"community_id" text,
	"seller_id" text,
	"seller_business_id" text,
	"buyer_id" text,
	"listing_title" text NOT NULL,
	"delivery" text NOT NULL,
	"seller_name" text DEFAULT '' NOT NULL,
	"seller_business_name" text DEFAULT '' NOT NULL,
	"buyer_name" text DEFAULT '' NOT NULL,
	"amount" integer NOT NULL,
	"amount_refunded" integer DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"stripe_account_id" text,
	"stripe_checkout_session_id" text,
	"stripe_payment_intent_id" text,
	"paid_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"disputed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_transactions_status_check" CHECK ("market_transactions"."status" IN ('pending', 'paid', 'refunded', 'disputed', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "market_listing_images" ADD CONSTRAINT "market_listing_images_listing_id_market_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."market_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_listings" ADD CONSTRAINT "market_listings_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_listings" ADD CONSTRAINT "market_listings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_listings" ADD CONSTRAINT "market_listings_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_review_reports" ADD CONSTRAINT "market_review_reports_review_id_market_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."market_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_review_reports" ADD CONSTRAINT "market_review_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_reviews" ADD CONSTRAINT "market_reviews_transaction_id_market_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."market_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_reviews" ADD CONSTRAINT "market_reviews_listing_id_market_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."market_listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_reviews" ADD CONSTRAINT "market_reviews_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_reviews" ADD CONSTRAINT "market_reviews_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_reviews" ADD CONSTRAINT "market_reviews_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_reviews" ADD CONSTRAINT "market_reviews_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_transactions" ADD CONSTRAINT "market_transactions_listing_id_market_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."market_listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_transactions" ADD CONSTRAINT "market_transactions_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_transactions" ADD CONSTRAINT "market_transactions_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_transactions" ADD CONSTRAINT "market_transactions_seller_business_id_businesses_id_fk" FOREIGN KEY ("seller_business_id") REFERENCES "public"."businesses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_transactions" ADD CONSTRAINT "market_transactions_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "market_listing_images_listing_idx" ON "market_listing_images" USING btree ("listing_id","position");--> statement-breakpoint
CREATE INDEX "market_listings_search_trgm_idx" ON "market_listings" USING gin ("search_text" gin_trgm_ops) WITH (gin_pending_list_limit=1024);--> statement-breakpoint
CREATE INDEX "market_listings_active_idx" ON "market_listings" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "market_listings"."status" = 'active';--> statement-breakpoint
CREATE INDEX "market_listings_active_price_idx" ON "market_listings" USING btree ("price","id") WHERE "market_listings"."status" = 'active';--> statement-breakpoint
CREATE INDEX "market_listings_community_idx" ON "market_listings" USING btree ("community_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "market_listings_seller_idx" ON "market_listings" USING btree ("seller_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "market_reviews_transaction_uq" ON "market_reviews" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "market_reviews_listing_idx" ON "market_reviews" USING btree ("listing_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "market_reviews_seller_idx" ON "market_reviews" USING btree ("seller_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "market_reviews_community_idx" ON "market_reviews" USING btree ("community_id","status","report_count");--> statement-breakpoint
CREATE INDEX "market_transactions_buyer_idx" ON "market_transactions" USING btree ("buyer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "market_transactions_seller_idx" ON "market_transactions" USING btree ("seller_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "market_transactions_session_uq" ON "market_transactions" USING btree ("stripe_checkout_session_id");--> statement-breakpoint
CREATE INDEX "market_transactions_intent_idx" ON "market_transactions" USING btree ("stripe_account_id","stripe_payment_intent_id");