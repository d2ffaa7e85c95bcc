import { asc, count, eq, inArray } from "drizzle-orm";
import type { AccountRole } from "../../../shared/enums";
import type { Locale } from "../../../shared/locales";
import { trialEndsAt } from "../../../shared/subscription";
import type { Executor } from "../../db/client";
import { accountUsers, accounts, users } from "../../db/schema";
import { AppError } from "../../errors";

export type AccountRow = typeof accounts.$inferSelect;

/**
 * A new company account on the 14-day trial (no interval, expiredAt = now + 14 days, no card),
 * with the user as its owner. Runs inside the caller's transaction when given one.
 */
export async function createAccountForUser(db: Executor, input: { userId: string; companyName: string; locale: Locale }): Promise<AccountRow> {
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

/** The accounts a user belongs to, oldest membership first, each with the user's role in it. */
export async function findAccountsForUser(db: Executor, userId: string, page: { offset: number; limit: number }) {
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
  return { items: items.map((i) => ({ ...i.account, role: i.role })), total };
}

/** Accounts by id, in the order asked (undefined for an id that does not exist). Batched loaders use it. */
export async function getAccountsByIds(db: Executor, ids: readonly string[]): Promise<(AccountRow | undefined)[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(accounts)
    .where(inArray(accounts.id, [...ids]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id));
}

export async function countAccountsForUser(db: Executor, userId: string): Promise<number> {
  const [{ total }] = await db.select({ total: count() }).from(accountUsers).where(eq(accountUsers.userId, userId));
  return total;
}

export async function getAccountById(db: Executor, accountId: string): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return row;
}

/**
 * Completes the registration of a signed-in user without an account: their name, and a company
 * account on the trial with them as owner. A second call (a double click) is refused.
 */
export async function completeSignUp(db: Executor, input: { userId: string; name: string; companyName: string; locale: Locale }): Promise<AccountRow> {
  return db.transaction(async (tx) => {
    // Lock the user: two sign-ups at once must not create two accounts.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for("update");
    if ((await countAccountsForUser(tx, input.userId)) > 0) throw new AppError("CONFLICT", "api:alreadyRegistered");
    await tx.update(users).set({ name: input.name, updatedAt: new Date() }).where(eq(users.id, input.userId));
    return createAccountForUser(tx, { userId: input.userId, companyName: input.companyName, locale: input.locale });
  });
}

export type AccountMemberRow = { accountId: string; role: AccountRole; user: { email: string; name: string | null } };

/** The teams of several accounts in one query, oldest membership first. */
export async function findMembersOfAccounts(db: Executor, accountIds: readonly string[]): Promise<AccountMemberRow[]> {
  if (accountIds.length === 0) return [];
  const rows = await db
    .select({ accountId: accountUsers.accountId, role: accountUsers.role, email: users.email, name: users.name })
    .from(accountUsers)
    .innerJoin(users, eq(users.id, accountUsers.userId))
    .where(inArray(accountUsers.accountId, [...accountIds]))
    .orderBy(asc(accountUsers.createdAt), asc(accountUsers.id));
  return rows.map((r) => ({ accountId: r.accountId, role: r.role, user: { email: r.email, name: r.name } }));
}

/** Adds a user to an account with a role (tests and, later, invitations). */
export async function addAccountMember(db: Executor, input: { accountId: string; userId: string; role: AccountRole }): Promise<void> {
  await db.insert(accountUsers).values(input);
}
