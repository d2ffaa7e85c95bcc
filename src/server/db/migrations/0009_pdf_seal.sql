CREATE TABLE "pdf_seal_certificates" (
	"host" text PRIMARY KEY NOT NULL,
	"p12" "bytea" NOT NULL,
	"passphrase" text NOT NULL,
	"fingerprint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
