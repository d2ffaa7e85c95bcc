import { fileTypeFromBuffer } from "file-type";
import { and, count, desc, eq, ne } from "drizzle-orm";
import { BLOCK_LIMITS, type TemplateSignatureValues, pngDataUrlPayload } from "../../../shared/blocks";
import type { Executor } from "../../db/client";
import { isUuid } from "../../db/ids";
import { templateSignatures } from "../../db/schema";
import { AppError } from "../../errors";
import { type FileStorage, filePath, isFileKey } from "../../files/storage";

/**
 * Signature templates (SPEC §3): typed text, or a drawn PNG stored through the files adapter
 * (area `signatures`; the row keeps the file key). One default per account (a partial unique
 * index backs it: setting a new default clears the old one in the same transaction).
 */
export type TemplateSignatureRow = typeof templateSignatures.$inferSelect;

export const signatureNotFound = () => new AppError("NOT_FOUND", "blocks:errors.signatureNotFound");
const notPng = () => new AppError("BAD_USER_INPUT", "blocks:validation.signatureNotPng", {}, { signature: { key: "blocks:validation.signatureNotPng" } });

/** What the API shows: the typed text, or the drawn PNG's URL. */
export function signatureValue(row: TemplateSignatureRow): string {
  return row.kind === "DRAWN" && isFileKey(row.signature) ? filePath(row.signature) : row.signature;
}

/**
 * The stored form of a signature: TYPED → the text; DRAWN → a new file key (the bytes are checked
 * to be a real PNG by their magic number, not by what the data URL claims), or the current key
 * when the input is the current file's own URL (an edit that keeps the drawing).
 */
async function storedSignature(files: FileStorage, values: TemplateSignatureValues, current?: TemplateSignatureRow): Promise<string> {
  if (values.kind === "TYPED") return values.signature;
  if (values.signature.startsWith("/files/")) {
    if (current?.kind === "DRAWN" && filePath(current.signature) === values.signature) return current.signature;
    throw notPng();
  }
  const payload = pngDataUrlPayload(values.signature);
  if (!payload) throw notPng();
  const bytes = Buffer.from(payload, "base64");
  if (bytes.byteLength > BLOCK_LIMITS.drawnSignatureMaxBytes) {
    throw new AppError("BAD_USER_INPUT", "blocks:validation.signatureTooLarge", {}, { signature: { key: "blocks:validation.signatureTooLarge" } });
  }
  const type = await fileTypeFromBuffer(bytes);
  if (type?.mime !== "image/png") throw notPng();
  const stored = await files.put({ area: "signatures", contentType: "image/png", body: bytes, maxBytes: BLOCK_LIMITS.drawnSignatureMaxBytes });
  return stored.key;
}

async function ownSignature(db: Executor, accountId: string, id: string): Promise<TemplateSignatureRow> {
  if (!isUuid(id)) throw signatureNotFound();
  const [row] = await db
    .select()
    .from(templateSignatures)
    .where(and(eq(templateSignatures.accountId, accountId), eq(templateSignatures.id, id)))
    .limit(1);
  if (!row) throw signatureNotFound();
  return row;
}

export const getTemplateSignature = ownSignature;

export async function findTemplateSignatures(db: Executor, accountId: string, page: { offset: number; limit: number }) {
  const where = eq(templateSignatures.accountId, accountId);
  const [items, [{ total }]] = await Promise.all([
    db
      .select()
      .from(templateSignatures)
      .where(where)
      .orderBy(desc(templateSignatures.isDefault), desc(templateSignatures.createdAt), desc(templateSignatures.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ total: count() }).from(templateSignatures).where(where),
  ]);
  return { items, total };
}

async function clearOtherDefaults(tx: Executor, accountId: string, keep: string | null) {
  await tx
    .update(templateSignatures)
    .set({ isDefault: false })
    .where(and(eq(templateSignatures.accountId, accountId), eq(templateSignatures.isDefault, true), keep ? ne(templateSignatures.id, keep) : undefined));
}

export async function createTemplateSignature(
  db: Executor,
  files: FileStorage,
  accountId: string,
  values: TemplateSignatureValues,
): Promise<TemplateSignatureRow> {
  const signature = await storedSignature(files, values);
  return db.transaction(async (tx) => {
    if (values.isDefault) await clearOtherDefaults(tx, accountId, null);
    const [row] = await tx
      .insert(templateSignatures)
      .values({ accountId, name: values.name, kind: values.kind, signature, isDefault: values.isDefault })
      .returning();
    return row;
  });
}

export async function updateTemplateSignature(
  db: Executor,
  files: FileStorage,
  accountId: string,
  id: string,
  values: TemplateSignatureValues,
): Promise<TemplateSignatureRow> {
  const current = await ownSignature(db, accountId, id);
  const signature = await storedSignature(files, values, current);
  const row = await db.transaction(async (tx) => {
    if (values.isDefault) await clearOtherDefaults(tx, accountId, current.id);
    const [updated] = await tx
      .update(templateSignatures)
      .set({ name: values.name, kind: values.kind, signature, isDefault: values.isDefault, updatedAt: new Date() })
      .where(and(eq(templateSignatures.accountId, accountId), eq(templateSignatures.id, current.id)))
      .returning();
    if (!updated) throw signatureNotFound();
    return updated;
  });
  // The old drawing is no longer referenced (keys are never reused).
  if (current.kind === "DRAWN" && current.signature !== row.signature) await files.delete(current.signature).catch(() => undefined);
  return row;
}

export async function deleteTemplateSignature(db: Executor, files: FileStorage, accountId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw signatureNotFound();
  const [deleted] = await db
    .delete(templateSignatures)
    .where(and(eq(templateSignatures.accountId, accountId), eq(templateSignatures.id, id)))
    .returning();
  if (!deleted) throw signatureNotFound();
  if (deleted.kind === "DRAWN") await files.delete(deleted.signature).catch(() => undefined);
}
