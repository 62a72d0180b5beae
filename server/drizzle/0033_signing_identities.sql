CREATE TABLE "signing_identities" (
	"id" text PRIMARY KEY NOT NULL,
	"sealed_p12" text NOT NULL,
	"certificate_pem" text NOT NULL,
	"certificate_sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
