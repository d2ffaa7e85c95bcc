import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { ZUpdateAccountInput, ZUpdateAccountStylingInput } from "../../../shared/account-settings";
import type { Locale } from "../../../shared/locales";
import type { Database } from "../../db/client";
import { accounts, users } from "../../db/schema";
import { AppError, notFound } from "../../errors";
import type { FileStorage } from "../../files/storage";
import type { Logger } from "../../logger";
import { type AccountRow, countAccountsForUser, createAccountForUser } from "../identity/accounts.service";
import { assertEntitled } from "../billing/entitlements";
import { processLogo } from "./logo";

/**
 * Account settings: the general settings, the styling and the logo of the selected account, and a
 * signed-in user's next account. Every function takes the account id from requireAccountScope();
 * the role rule (owner or admin) is the fields' authScopes.
 */

type UpdateAccountValues = z.output<typeof ZUpdateAccountInput>;
type UpdateStylingValues = z.output<typeof ZUpdateAccountStylingInput>;

/** How many accounts one user may belong to (creating more is refused). */
export const MAX_ACCOUNTS_PER_USER = 20;

async function updateAccountRow(db: Database, accountId: string, values: Partial<typeof accounts.$inferInsert>): Promise<AccountRow> {
  const [row] = await db
    .update(accounts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(accounts.id, accountId))
    .returning();
  if (!row) throw notFound();
  return row;
}

export function updateAccount(db: Database, accountId: string, values: UpdateAccountValues): Promise<AccountRow> {
  return updateAccountRow(db, accountId, values);
}

export async function updateAccountStyling(db: Database, accountId: string, values: UpdateStylingValues): Promise<AccountRow> {
  await assertEntitled(db, accountId, "styling");
  return updateAccountRow(db, accountId, values);
}

/**
 * Points the account at another logo file (or none) with its pixel size (the page reserves the
 * logo's box from it), returning the key it had.
 */
function setLogoKey(
  db: Database,
  accountId: string,
  logo: { key: string; width: number; height: number } | null,
): Promise<{ previous: string | null; row: AccountRow }> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ key: accounts.logoFileKey }).from(accounts).where(eq(accounts.id, accountId)).for("update");
    if (!current) throw notFound();
    const [updated] = await tx
      .update(accounts)
      .set({ logoFileKey: logo?.key ?? null, logoWidth: logo?.width ?? null, logoHeight: logo?.height ?? null, updatedAt: new Date() })
      .where(eq(accounts.id, accountId))
      .returning();
    return { previous: current.key, row: updated };
  });
}

/**
 * Replaces the logo: the new image is processed and stored first, then the account points at it
 * in one statement; only then is the old file deleted. A refused or failed upload leaves the
 * account and its stored logo as they were (a file stored for a failed update is removed again).
 */
export async function updateAccountLogo(deps: { db: Database; files: FileStorage; log: Logger }, accountId: string, file: File): Promise<AccountRow> {
  const { db, files, log } = deps;
  // Styling is a Basic/Pro feature (and open during the trial): decision 021.
  await assertEntitled(db, accountId, "styling");
  const logo = await processLogo(new Uint8Array(await file.arrayBuffer()));
  const stored = await files.put({ area: "logos", contentType: logo.contentType, body: logo.bytes });
  let previous: string | null;
  let row: AccountRow;
  try {
    ({ previous, row } = await setLogoKey(db, accountId, { key: stored.key, width: logo.width, height: logo.height }));
  } catch (error) {
    await files.delete(stored.key).catch((err) => log.warn({ err, key: stored.key }, "could not remove an unused logo"));
    throw error;
  }
  if (previous) await files.delete(previous).catch((err) => log.warn({ err, key: previous }, "could not remove a replaced logo"));
  return row;
}

/** Removes the logo (the account first, then the file). Removing no logo is not an error. */
export async function removeAccountLogo(deps: { db: Database; files: FileStorage; log: Logger }, accountId: string): Promise<AccountRow> {
  const { db, files, log } = deps;
  await assertEntitled(db, accountId, "styling");
  const { previous, row } = await setLogoKey(db, accountId, null);
  if (previous) await files.delete(previous).catch((err) => log.warn({ err, key: previous }, "could not remove a removed logo"));
  return row;
}

/** A signed-in user's next company account, on the trial, with them as owner. */
export function createAccount(db: Database, input: { userId: string; companyName: string; locale: Locale }): Promise<AccountRow> {
  return db.transaction(async (tx) => {
    // Lock the user: parallel calls cannot pass the limit together.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for("update");
    if ((await countAccountsForUser(tx, input.userId)) >= MAX_ACCOUNTS_PER_USER) {
      throw new AppError("CONFLICT", "settings:errors.tooManyAccounts", { max: MAX_ACCOUNTS_PER_USER });
    }
    return createAccountForUser(tx, input);
  });
}
