/**
 * Which certificate seals quote PDFs: the configured one (PDF_SEAL_P12 + PDF_SEAL_PASSPHRASE), or
 * else the server's self-signed one, generated on first use and kept in the database
 * (`pdf_seal_certificates`, one row per PUBLIC_URL host) so that every app server seals with the
 * same certificate. Two servers starting together may both generate one; `insert … on conflict do
 * nothing` keeps the first and both read that row back, so exactly one certificate exists.
 */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { PdfSealConfig } from "../config";
import type { Database, Executor } from "../db/client";
import { pdfSealCertificates } from "../db/schema";
import { PdfSealError, type PdfSealer, createSelfSignedP12, sealerFromP12 } from "./seal";

export type SealerOptions = {
  /** config.pdfSeal */
  configured: PdfSealConfig | null;
  /** config.publicUrl: its host names the generated certificate. */
  publicUrl: string;
};

const opened = new WeakMap<PdfSealConfig, PdfSealer>();

/** Checks the configured certificate (call at start-up: a wrong passphrase stops the server, naming the variables). */
export function checkConfiguredSealer(configured: PdfSealConfig | null): PdfSealer | null {
  if (!configured) return null;
  const known = opened.get(configured);
  if (known) return known;
  try {
    const sealer = sealerFromP12(configured.p12, configured.passphrase, "configured");
    opened.set(configured, sealer);
    return sealer;
  } catch (error) {
    throw new PdfSealError(`PDF_SEAL_P12 / PDF_SEAL_PASSPHRASE: ${(error as Error).message}`);
  }
}

/** The stored self-signed sealer for `host`, created now if there is none yet (race-free). */
export async function loadOrCreateGeneratedSealer(db: Executor, host: string): Promise<PdfSealer> {
  const read = async () => (await db.select().from(pdfSealCertificates).where(eq(pdfSealCertificates.host, host)))[0];
  let row = await read();
  if (!row) {
    const passphrase = crypto.randomBytes(32).toString("base64url");
    const p12 = createSelfSignedP12(host, passphrase);
    const sealer = sealerFromP12(p12, passphrase, "generated");
    await db.insert(pdfSealCertificates).values({ host, p12, passphrase, fingerprint: sealer.fingerprint }).onConflictDoNothing();
    row = await read();
    if (!row) throw new PdfSealError("the sealing certificate could not be stored");
  }
  return sealerFromP12(row.p12, row.passphrase, "generated");
}

const cache = new WeakMap<Database, Map<string, Promise<PdfSealer>>>();

/**
 * The sealer to use, loaded once per process and database (a failed load is retried next time).
 * The configured certificate wins; otherwise the generated one for PUBLIC_URL's host.
 */
export function getPdfSealer(db: Database, options: SealerOptions): Promise<PdfSealer> {
  const configured = checkConfiguredSealer(options.configured);
  if (configured) return Promise.resolve(configured);
  const host = new URL(options.publicUrl).host;
  let perDb = cache.get(db);
  if (!perDb) {
    perDb = new Map();
    cache.set(db, perDb);
  }
  let pending = perDb.get(host);
  if (!pending) {
    pending = loadOrCreateGeneratedSealer(db, host);
    perDb.set(host, pending);
    pending.catch(() => perDb.delete(host));
  }
  return pending;
}
