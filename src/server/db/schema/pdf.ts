import { customType, pgTable, text, timestamp } from "drizzle-orm/pg-core";

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  toDriver: (value) => Buffer.from(value),
  fromDriver: (value) => new Uint8Array(value),
});

/**
 * The server's own PDF sealing certificate (src/server/pdf/seal-store.ts), generated on first use
 * when no PDF_SEAL_P12 is configured. Kept in the database so that every app server seals with the
 * same certificate (app servers keep no state of their own). One row per PUBLIC_URL host; the first
 * server to insert wins (`on conflict do nothing`), the others read that row back. The PKCS#12 is
 * encrypted with a random passphrase stored beside it: whoever can read this table can seal.
 */
export const pdfSealCertificates = pgTable("pdf_seal_certificates", {
  /** The PUBLIC_URL host the certificate names. */
  host: text("host").primaryKey(),
  /** PKCS#12 (DER): the RSA key and the self-signed certificate. */
  p12: bytea("p12").notNull(),
  passphrase: text("passphrase").notNull(),
  /** SHA-256 fingerprint of the certificate (hex), for the decision log and an admin screen. */
  fingerprint: text("fingerprint").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
