import { asc, count, eq } from "drizzle-orm";
import type { Locale } from "../../../shared/locales";
import { trialEndsAt } from "../../../shared/subscription";
import type { Database } from "../../db/client";
import { accountUsers, accounts } from "../../db/schema";

export type AccountRow = typeof accounts.$inferSelect;

/**
 * A new company account on the 14-day trial (no interval, expiredAt = now + 14 days, no card),
 * with the user as its owner. Runs inside the caller's transaction when given one.
 */
export async function createAccountForUser(
  db: Database,
  input: { userId: string; companyName: string; locale: Locale },
): Promise<AccountRow> {
  const [account] = await db
    .insert(accounts)
    .values({
      name: input.companyName,
      language: input.locale === "nl" ? "NL" : "ENG",
      currency: "EUR",
      subscriptionPlan: "TRIAL",
      subscriptionInterval: null,
      expiredAt: trialEndsAt(new Date()),
      country: input.locale === "nl" ? "NL" : null,
    })
    .returning();
  await db.insert(accountUsers).values({ accountId: account.id, userId: input.userId, role: "owner" });
  return account;
}

/** The accounts a user belongs to, oldest membership first. */
export async function findAccountsForUser(db: Database, userId: string, page: { offset: number; limit: number }) {
  const [items, [{ total }]] = await Promise.all([
    db
      .select({ account: accounts, role: accountUsers.role })
      .from(accountUsers)
      .innerJoin(accounts, eq(accounts.id, accountUsers.accountId))
      .where(eq(accountUsers.userId, userId))
      .orderBy(asc(accountUsers.createdAt), asc(accounts.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ total: count() }).from(accountUsers).where(eq(accountUsers.userId, userId)),
  ]);
  return { items: items.map((i) => i.account), total };
}

export async function countAccountsForUser(db: Database, userId: string): Promise<number> {
  const [{ total }] = await db.select({ total: count() }).from(accountUsers).where(eq(accountUsers.userId, userId));
  return total;
}

export async function getAccountById(db: Database, accountId: string): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return row;
}
