import type { Language } from "../../../shared/enums";
import { publicBaseUrl } from "../custom-domains/custom-domains.service";
import type { QuotePdfEvidence, QuotePdfInput, QuotePdfSignature } from "../../../shared/quote-pdf";
import { publicQuoteUrl } from "../../../shared/quotes";
import type { Executor } from "../../db/client";
import { type FileStorage, readBody } from "../../files/storage";
import { quoteNotFound } from "../quotes/quotes.service";
import { type PublicQuoteView, loadQuoteView } from "./public-quote.service";
import { findAuditEvents } from "./signing.service";

/** Logos and drawn signatures are read whole for the PDF, never more than this. */
const MAX_IMAGE_BYTES = 6 * 1024 * 1024;

async function readFile(files: FileStorage, key: string | null): Promise<{ bytes: Uint8Array; contentType: string } | null> {
  if (!key) return null;
  const file = await files.get(key);
  if (!file) return null;
  return { bytes: await readBody(file.body, MAX_IMAGE_BYTES), contentType: file.contentType };
}

/**
 * What the PDF renderer (src/server/pdf, `renderQuotePdf`) draws: the same read model as the public
 * page (`loadQuoteView`), the logo's and drawn signatures' bytes through the files adapter, and the
 * audit trail for the certificate page. The caller has the quote's account (the PDF job, the
 * download route after it checked the public link).
 */
export async function loadQuotePdfInput(
  db: Executor,
  quoteId: string,
  deps: { accountId: string; files: FileStorage; publicUrl: string; now?: Date },
): Promise<QuotePdfInput> {
  const view = await loadQuoteView(db, deps.accountId, quoteId, deps.now);
  if (!view) throw quoteNotFound();
  return pdfInputFromView(db, view, deps);
}

/** The PDF input from a view already loaded (the PDF job keys the stored file by that same view's state). */
export async function pdfInputFromView(
  db: Executor,
  view: PublicQuoteView,
  deps: { files: FileStorage; publicUrl: string; now?: Date /** The link's base when the caller read it already. */; linkBase?: string },
): Promise<QuotePdfInput> {
  const [logo, signatures, audit] = await Promise.all([
    readFile(deps.files, view.account.logoFileKey),
    Promise.all(
      view.signatures.map(
        async (s): Promise<QuotePdfSignature> => ({
          kind: s.kind,
          name: s.name,
          signedAt: s.signedAt.toISOString(),
          typed: s.signatureKind === "TYPED" ? s.signature : null,
          drawnPng: s.fileKey ? ((await readFile(deps.files, s.fileKey))?.bytes ?? null) : null,
          documentHash: s.documentHash,
          versionNumber: s.versionNumber,
        }),
      ),
    ),
    findAuditEvents(db, view.accountId, view.quoteId),
  ]);
  const evidence: QuotePdfEvidence[] = audit.map((row) => ({
    at: row.at.toISOString(),
    event: row.event,
    actorName: row.actorName,
    actorEmail: row.actorEmail,
    ip: row.ip,
    userAgent: row.userAgent,
    documentHash: row.documentHash,
    versionNumber: row.versionNumber,
  }));
  const { logoFileKey: _key, fileUrl: _url, logoSize: _size, ...account } = view.account;
  return {
    language: view.document.language as Language,
    document: view.document,
    publicUrl: publicQuoteUrl(deps.linkBase ?? (await publicBaseUrl(db, deps.publicUrl, view.accountId)), {
      slug: view.slug,
      nanoId: view.nanoId,
      language: view.document.language,
    }),
    account: { ...account, logo },
    signatures,
    version: view.version?.number ?? null,
    evidence,
    watermark: view.watermark,
    generatedAt: (deps.now ?? new Date()).toISOString(),
  };
}
