import { customType, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./identity";
import { quotes } from "./quotes";

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

/**
 * Sealed quote PDFs stored through the files adapter (area `quote-pdfs`), one per quote and state
 * (decision 025): `state_key` is the SHA-256 of what the PDF shows (the document hash with the
 * signed or default selection, the status, the signatures' ids, the watermark and the logo), so a
 * new signature or marking signed makes a new PDF while downloads of an unchanged quote reuse the
 * stored one. Written by the `render-quote-pdf` job (`insert … on conflict do nothing`: a second
 * run for the same state keeps the first file); the rows go with their quote or account, their
 * files with the account's `delete-files` job.
 */
export const quotePdfs = pgTable(
  "quote_pdfs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    /** SHA-256 (hex) of the state the PDF shows (`pdfStateKey`, modules/public-quote/quote-pdf-state.ts). */
    stateKey: text("state_key").notNull(),
    /** The stored file (files adapter): `quote-pdfs/<id>.pdf`. */
    fileKey: text("file_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("quote_pdfs_quote_state_key").on(t.quoteId, t.stateKey), index("quote_pdfs_account_idx").on(t.accountId)],
);
