import { asc, gt, inArray, sql } from "drizzle-orm";
import { type RichNode, documentImageKeys, imageFileArea } from "../../../shared/rich-text";
import type { Executor } from "../../db/client";
import { accounts, quoteBlocks, quoteVersions, templateBlocks, templateSignatures } from "../../db/schema";
import type { FileStorage } from "../../files/storage";

/** An image younger than this is never removed: it may sit in an editor that has not saved yet. */
export const IMAGE_SWEEP_MIN_AGE_MS = 24 * 60 * 60_000;
const ACCOUNT_PAGE = 200;

export type ImageSweepResult = { accounts: number; listed: number; deleted: number };

/**
 * The keys of `area` (one account's rich-text images) that anything stored still names: quote and
 * template blocks' documents — of ANY quote or template, since duplicated quotes, copied blocks and
 * templates share keys — plus logos and signature templates (other areas today; checked anyway, a
 * key that is named anywhere is never removed).
 * Frozen quote versions (`quote_versions.document`, decision 032) name images too: an image that
 * only an earlier published version shows is kept, as that version can still be opened.
 */
export async function referencedImageKeys(db: Executor, area: string, candidates: readonly string[]): Promise<Set<string>> {
  const prefix = `${area}/`;
  const pattern = `%${prefix}%`;
  const [quoteDocs, templateDocs, versionDocs, named] = [
    await db.select({ content: quoteBlocks.content }).from(quoteBlocks).where(sql`${quoteBlocks.content}::text like ${pattern}`),
    await db.select({ content: templateBlocks.content }).from(templateBlocks).where(sql`${templateBlocks.content}::text like ${pattern}`),
    await db.select({ document: quoteVersions.document }).from(quoteVersions).where(sql`${quoteVersions.document}::text like ${pattern}`),
    candidates.length
      ? [
          ...(await db
            .select({ key: accounts.logoFileKey })
            .from(accounts)
            .where(inArray(accounts.logoFileKey, [...candidates]))),
          ...(await db
            .select({ key: templateSignatures.signature })
            .from(templateSignatures)
            .where(inArray(templateSignatures.signature, [...candidates]))),
        ]
      : [],
  ];
  const keys = new Set<string>();
  for (const { content } of [...quoteDocs, ...templateDocs])
    for (const key of documentImageKeys(content as RichNode | null)) if (key.startsWith(prefix)) keys.add(key);
  for (const { document } of versionDocs)
    for (const block of document.document.blocks)
      for (const key of documentImageKeys(block.content as RichNode | null)) if (key.startsWith(prefix)) keys.add(key);
  for (const { key } of named) if (key) keys.add(key);
  return keys;
}

/** One account's sweep: its area's files older than `minAgeMs` that nothing names are removed. */
export async function sweepAccountImages(db: Executor, files: FileStorage, accountId: string, options: { now?: Date; minAgeMs?: number } = {}) {
  const area = imageFileArea(accountId);
  const listed = await files.list(area);
  const cutoff = (options.now ?? new Date()).getTime() - (options.minAgeMs ?? IMAGE_SWEEP_MIN_AGE_MS);
  const old = listed.filter((file) => file.modifiedAt.getTime() <= cutoff).map((file) => file.key);
  if (old.length === 0) return { listed: listed.length, deleted: [] as string[] };
  const referenced = await referencedImageKeys(db, area, old);
  const unused = old.filter((key) => !referenced.has(key));
  for (const key of unused) await files.delete(key);
  return { listed: listed.length, deleted: unused };
}

/**
 * Rich-text images uploaded but never saved into a block, or later removed from every document
 * (decision 035): every account's `images-<account>/` area is compared with what the database
 * names; files older than a day that nothing names are deleted. Idempotent (a second run finds
 * nothing more), so the daily job may run twice.
 */
export async function sweepUnusedImages(db: Executor, files: FileStorage, options: { now?: Date; minAgeMs?: number } = {}): Promise<ImageSweepResult> {
  const result: ImageSweepResult = { accounts: 0, listed: 0, deleted: 0 };
  let after: string | null = null;
  for (;;) {
    const page: { id: string }[] = await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(after ? gt(accounts.id, after) : undefined)
      .orderBy(asc(accounts.id))
      .limit(ACCOUNT_PAGE);
    for (const { id } of page) {
      const swept = await sweepAccountImages(db, files, id, options);
      result.accounts += 1;
      result.listed += swept.listed;
      result.deleted += swept.deleted.length;
    }
    if (page.length < ACCOUNT_PAGE) return result;
    after = page[page.length - 1].id;
  }
}
