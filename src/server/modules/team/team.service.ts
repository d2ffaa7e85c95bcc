import { and, asc, count, eq, gt, isNull, lte, sql } from "drizzle-orm";
import type { TFunction } from "i18next";
import type { AccountRole, InvitationStatus } from "../../../shared/enums";
import { type Locale, localizePath } from "../../../shared/locales";
import { canManageRole, hasPermission } from "../../../shared/permissions";
import { INVITATION_TTL_DAYS, INVITATIONS_PER_HOUR } from "../../../shared/team";
import type { Database, Executor, Transaction } from "../../db/client";
import { accountInvitations, accountUsers, accounts, users } from "../../db/schema";
import { AppError, forbidden } from "../../errors";
import type { AccountScope, PersonScope } from "../../graphql/tenancy";
import { hitRateLimit } from "../../http/rate-limit";
import { enqueue } from "../../jobs/queue";
import { sendMailJob } from "../../jobs/send-mail";
import { renderEmail } from "../../mail/layout";
import { hashToken, randomToken } from "../../tokens";

export const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000;

export type TeamMemberRow = {
  /** The user's id for members, the invitation's id for invitations. */
  id: string;
  email: string;
  name: string | null;
  role: AccountRole;
  status: "invited" | "member";
  expiresAt: Date | null;
};

const alreadyInvited = () => new AppError("CONFLICT", "team:errors.alreadyInvited", {}, { email: { key: "team:errors.alreadyInvited" } });
const invalidInvitation = () => new AppError("NOT_FOUND", "team:errors.invalidInvitation");
const memberNotFound = () => new AppError("NOT_FOUND", "team:errors.memberNotFound");
const lastOwner = () => new AppError("CONFLICT", "team:errors.lastOwner");

/** Members (oldest first), then open invitations (newest first). Lapsed invitations are left out. */
export async function findTeam(db: Executor, accountId: string): Promise<TeamMemberRow[]> {
  const [members, invitations] = await Promise.all([
    db
      .select({ id: users.id, email: users.email, name: users.name, role: accountUsers.role })
      .from(accountUsers)
      .innerJoin(users, eq(users.id, accountUsers.userId))
      .where(eq(accountUsers.accountId, accountId))
      .orderBy(asc(accountUsers.createdAt), asc(accountUsers.id)),
    db
      .select()
      .from(accountInvitations)
      .where(and(eq(accountInvitations.accountId, accountId), eq(accountInvitations.status, "invited"), gt(accountInvitations.expiresAt, sql`now()`)))
      .orderBy(sql`${accountInvitations.createdAt} desc`),
  ]);
  return [
    ...members.map((m) => ({ ...m, status: "member" as const, expiresAt: null })),
    ...invitations.map((i) => ({ id: i.id, email: i.email, name: i.name, role: i.role, status: "invited" as const, expiresAt: i.expiresAt })),
  ];
}

/** Locks the account's memberships for a role change, so two changes cannot both pass the owner count. */
async function lockMembers(tx: Transaction, accountId: string) {
  return tx.select().from(accountUsers).where(eq(accountUsers.accountId, accountId)).orderBy(asc(accountUsers.id)).for("update");
}

type InviteDeps = { db: Database; t: TFunction; locale: Locale; publicUrl: string };

/**
 * Invites someone by e-mail: one open invitation per address and account, never to a member.
 * The e-mail (in the inviter's language) is queued in the same transaction. Limited per account.
 */
export async function inviteUser(
  deps: InviteDeps,
  scope: PersonScope,
  input: { email: string; name: string | null; role: AccountRole },
): Promise<TeamMemberRow> {
  const { db, t, locale, publicUrl } = deps;
  if (!hasPermission(scope.role, "team.invite") || !canManageRole(scope.role, input.role)) throw forbidden();
  const limit = await hitRateLimit(db, `team:invite:${scope.accountId}`, INVITATIONS_PER_HOUR, 60 * 60);
  if (!limit.allowed) throw new AppError("RATE_LIMITED", "team:errors.tooManyInvitations", { minutes: Math.ceil(limit.retryAfterSeconds / 60) });

  return db.transaction(async (tx) => {
    // One invitation decision at a time per account (the partial unique index backs it).
    const [account] = await tx.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, scope.accountId)).for("update");
    const [member] = await tx
      .select({ id: accountUsers.id })
      .from(accountUsers)
      .innerJoin(users, eq(users.id, accountUsers.userId))
      .where(and(eq(accountUsers.accountId, scope.accountId), eq(users.email, input.email)))
      .limit(1);
    if (member) throw alreadyInvited();
    // A lapsed invitation no longer blocks a new one.
    await tx
      .update(accountInvitations)
      .set({ status: "expired" })
      .where(
        and(
          eq(accountInvitations.accountId, scope.accountId),
          eq(accountInvitations.email, input.email),
          eq(accountInvitations.status, "invited"),
          lte(accountInvitations.expiresAt, sql`now()`),
        ),
      );
    const token = randomToken();
    const [invitation] = await tx
      .insert(accountInvitations)
      .values({
        accountId: scope.accountId,
        email: input.email,
        name: input.name,
        role: input.role,
        tokenHash: hashToken(token),
        invitedByUserId: scope.userId,
        expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
      })
      .onConflictDoNothing()
      .returning();
    if (!invitation) throw alreadyInvited();

    const [inviter] = await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, scope.userId));
    const inviterName = inviter?.name || inviter?.email || account.name;
    const url = `${publicUrl}${localizePath("/accept-invite", locale)}?token=${encodeURIComponent(token)}`;
    const { html, text } = renderEmail({
      lang: locale,
      preheader: t("team:email.preheader", { inviter: inviterName, company: account.name }),
      heading: t("team:email.heading", { company: account.name }),
      paragraphs: [
        input.name ? t("team:email.greeting", { name: input.name }) : t("team:email.greetingNoName"),
        t("team:email.body", { inviter: inviterName, company: account.name, role: t(`team:roles.${input.role}`) }),
      ],
      button: { label: t("team:email.button"), url },
      note: t("team:email.note", { days: INVITATION_TTL_DAYS }),
      footer: t("team:email.footer"),
    });
    await enqueue(tx, sendMailJob, {
      to: input.email,
      subject: t("team:email.subject", { company: account.name }),
      html,
      text,
      logHint: { invitationLink: url },
    });
    return { id: invitation.id, email: invitation.email, name: invitation.name, role: invitation.role, status: "invited", expiresAt: invitation.expiresAt };
  });
}

/** Revokes an open invitation of the account; its link stops working at once. */
export async function revokeInvitation(db: Executor, scope: AccountScope, invitationId: string): Promise<boolean> {
  if (!hasPermission(scope.role, "team.remove")) throw forbidden();
  const [invitation] = await db
    .select({ role: accountInvitations.role })
    .from(accountInvitations)
    .where(and(eq(accountInvitations.id, invitationId), eq(accountInvitations.accountId, scope.accountId), eq(accountInvitations.status, "invited")));
  if (!invitation) throw invalidInvitationOfAccount();
  if (!canManageRole(scope.role, invitation.role)) throw forbidden();
  const revoked = await db
    .update(accountInvitations)
    .set({ status: "revoked", respondedAt: new Date() })
    .where(and(eq(accountInvitations.id, invitationId), eq(accountInvitations.accountId, scope.accountId), eq(accountInvitations.status, "invited")))
    .returning({ id: accountInvitations.id });
  if (!revoked.length) throw invalidInvitationOfAccount();
  return true;
}

const invalidInvitationOfAccount = () => new AppError("NOT_FOUND", "team:errors.invitationNotFound");

/**
 * Gives a member another role. Admins manage members and admins; only an owner gives or takes the
 * owner role; the last owner keeps it.
 */
export async function changeMemberRole(db: Database, scope: AccountScope, userId: string, role: AccountRole): Promise<TeamMemberRow> {
  if (!hasPermission(scope.role, "team.manageRoles")) throw forbidden();
  return db.transaction(async (tx) => {
    const members = await lockMembers(tx, scope.accountId);
    const target = members.find((m) => m.userId === userId);
    if (!target) throw memberNotFound();
    if (!canManageRole(scope.role, target.role) || !canManageRole(scope.role, role)) throw forbidden();
    if (target.role === "owner" && role !== "owner" && members.filter((m) => m.role === "owner").length <= 1) throw lastOwner();
    await tx.update(accountUsers).set({ role }).where(eq(accountUsers.id, target.id));
    const [user] = await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, userId));
    return { id: userId, email: user.email, name: user.name, role, status: "member", expiresAt: null };
  });
}

/** Removes a member from the account (never the last owner). Their sessions stay; the account is gone from their list. */
export async function removeMember(db: Database, scope: AccountScope, userId: string): Promise<boolean> {
  if (!hasPermission(scope.role, "team.remove")) throw forbidden();
  return db.transaction(async (tx) => {
    const members = await lockMembers(tx, scope.accountId);
    const target = members.find((m) => m.userId === userId);
    if (!target) throw memberNotFound();
    if (!canManageRole(scope.role, target.role)) throw forbidden();
    if (target.role === "owner" && members.filter((m) => m.role === "owner").length <= 1) throw lastOwner();
    await tx.delete(accountUsers).where(eq(accountUsers.id, target.id));
    return true;
  });
}

/** The owner hands ownership to another member, who becomes owner; the caller becomes admin. */
export async function transferOwnership(db: Database, scope: AccountScope, userId: string): Promise<boolean> {
  if (!hasPermission(scope.role, "team.transferOwnership")) throw forbidden();
  if (userId === scope.userId) throw new AppError("BAD_USER_INPUT", "team:errors.transferToSelf");
  return db.transaction(async (tx) => {
    const members = await lockMembers(tx, scope.accountId);
    const target = members.find((m) => m.userId === userId);
    const me = members.find((m) => m.userId === scope.userId);
    if (!target) throw memberNotFound();
    if (me?.role !== "owner") throw forbidden();
    await tx.update(accountUsers).set({ role: "owner" }).where(eq(accountUsers.id, target.id));
    await tx.update(accountUsers).set({ role: "admin" }).where(eq(accountUsers.id, me.id));
    return true;
  });
}

export type InvitationView = {
  status: InvitationStatus;
  email: string;
  name: string | null;
  role: AccountRole;
  accountName: string;
  inviterName: string | null;
  expiresAt: Date;
};

/**
 * What the accept page shows for a link: who invited whom to which company. Only an open, unexpired
 * invitation is shown; any other link is "something went wrong, retry the link" (no details leak).
 */
export async function getInvitationByToken(db: Executor, token: string): Promise<InvitationView> {
  const [row] = await db
    .select({
      status: accountInvitations.status,
      email: accountInvitations.email,
      name: accountInvitations.name,
      role: accountInvitations.role,
      expiresAt: accountInvitations.expiresAt,
      accountName: accounts.name,
      inviterName: users.name,
      inviterEmail: users.email,
    })
    .from(accountInvitations)
    .innerJoin(accounts, eq(accounts.id, accountInvitations.accountId))
    .leftJoin(users, eq(users.id, accountInvitations.invitedByUserId))
    .where(eq(accountInvitations.tokenHash, hashToken(token)))
    .limit(1);
  if (row?.status !== "invited" || row.expiresAt.getTime() <= Date.now()) throw invalidInvitation();
  return { ...row, inviterName: row.inviterName ?? row.inviterEmail };
}

/**
 * Accepts an invitation as the signed-in user, whose e-mail must be the invited one. One atomic
 * UPDATE uses it, so of any number of parallel accepts exactly one makes a membership.
 */
export async function acceptInvitation(db: Database, user: { id: string; email: string }, token: string): Promise<{ accountId: string; accountName: string }> {
  const tokenHash = hashToken(token);
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(accountInvitations)
      .set({ status: "accepted", respondedAt: new Date() })
      .where(
        and(
          eq(accountInvitations.tokenHash, tokenHash),
          eq(accountInvitations.status, "invited"),
          gt(accountInvitations.expiresAt, sql`now()`),
          eq(accountInvitations.email, user.email.toLowerCase()),
        ),
      )
      .returning();
    if (!used) {
      const [open] = await tx
        .select({ email: accountInvitations.email })
        .from(accountInvitations)
        .where(and(eq(accountInvitations.tokenHash, tokenHash), eq(accountInvitations.status, "invited"), gt(accountInvitations.expiresAt, sql`now()`)));
      if (open) throw new AppError("FORBIDDEN", "team:errors.wrongUser");
      throw invalidInvitation();
    }
    // Already a member (added another way meanwhile): the invitation is used, the role unchanged.
    await tx.insert(accountUsers).values({ accountId: used.accountId, userId: user.id, role: used.role }).onConflictDoNothing();
    // A new user who signed in without a name takes the name the inviter gave.
    if (used.name)
      await tx
        .update(users)
        .set({ name: used.name, updatedAt: new Date() })
        .where(and(eq(users.id, user.id), isNull(users.name)));
    const [account] = await tx.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, used.accountId));
    return { accountId: used.accountId, accountName: account.name };
  });
}

/** Declines an invitation (the link is the capability: no sign-in needed). Single use like accepting. */
export async function declineInvitation(db: Executor, token: string): Promise<boolean> {
  const declined = await db
    .update(accountInvitations)
    .set({ status: "declined", respondedAt: new Date() })
    .where(and(eq(accountInvitations.tokenHash, hashToken(token)), eq(accountInvitations.status, "invited"), gt(accountInvitations.expiresAt, sql`now()`)))
    .returning({ id: accountInvitations.id });
  if (!declined.length) throw invalidInvitation();
  return true;
}

/** Owners of an account (deleting a user checks they own none). */
export async function countOwnedAccounts(db: Executor, userId: string): Promise<number> {
  const [{ total }] = await db
    .select({ total: count() })
    .from(accountUsers)
    .where(and(eq(accountUsers.userId, userId), eq(accountUsers.role, "owner")));
  return total;
}
