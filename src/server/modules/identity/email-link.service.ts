import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { TFunction } from "i18next";
import { type Locale, localizePath } from "../../../shared/locales";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import { emailLinkTokens, users } from "../../db/schema";
import { hitRateLimit } from "../../http/rate-limit";
import type { Logger } from "../../logger";
import { renderEmail } from "../../mail/layout";
import type { Mailer } from "../../mail/mailer";
import { countAccountsForUser, createAccountForUser } from "./accounts.service";
import { hashToken, randomToken, safeReturnPath } from "./tokens";

export const EMAIL_LINK_TTL_MS = 10 * 60 * 1000;
/** Per e-mail address and per client IP, per 15 minutes. */
export const EMAIL_LINK_LIMITS = { perEmail: 5, perIp: 30, verifyPerIp: 60, windowSeconds: 15 * 60 };

export class IdentityError extends Error {
  constructor(
    public readonly code:
      | "expired-action-code"
      | "invalid-action-code"
      | "email-mismatch"
      | "too-many-requests"
      | "user-disabled",
    public readonly status: number,
  ) {
    super(code);
    this.name = "IdentityError";
  }
}

type Deps = { db: Database; config: Config; mail: Mailer; log: Logger; t: TFunction; locale: Locale };

/**
 * Sends a single-use sign-in link. Known and unknown addresses get the same answer (no account
 * enumeration); only the rate limit is visible.
 */
export async function requestEmailLink(
  deps: Deps,
  input: { email: string; signUp?: { name: string; companyName: string }; returnTo?: string; ip: string },
): Promise<void> {
  const { db, config, mail, t, locale } = deps;
  const window = EMAIL_LINK_LIMITS.windowSeconds;
  // Requests without a socket address (in-process calls) have no IP to count.
  const [byIp, byEmail] = await Promise.all([
    input.ip === "unknown" ? { allowed: true } : hitRateLimit(db, `email-link:ip:${input.ip}`, EMAIL_LINK_LIMITS.perIp, window),
    hitRateLimit(db, `email-link:email:${input.email}`, EMAIL_LINK_LIMITS.perEmail, window),
  ]);
  if (!byIp.allowed || !byEmail.allowed) throw new IdentityError("too-many-requests", 429);

  const token = randomToken();
  await db.insert(emailLinkTokens).values({
    tokenHash: hashToken(token),
    email: input.email,
    expiresAt: new Date(Date.now() + EMAIL_LINK_TTL_MS),
    signUpName: input.signUp?.name ?? null,
    signUpCompany: input.signUp?.companyName ?? null,
    locale,
    returnTo: safeReturnPath(input.returnTo, config.publicUrl) ?? null,
  });
  const url = `${config.publicUrl}${localizePath("/auth/email-link", locale)}?token=${encodeURIComponent(token)}`;
  const { html, text } = renderEmail({
    lang: locale,
    preheader: t("auth:email.preheader"),
    heading: input.signUp ? t("auth:email.headingSignUp") : t("auth:email.heading"),
    paragraphs: [t("auth:email.greeting", { name: input.signUp?.name ?? "" }).trim(), t("auth:email.body")],
    button: { label: t("auth:email.button"), url },
    note: t("auth:email.note", { minutes: EMAIL_LINK_TTL_MS / 60_000 }),
    footer: t("auth:email.footer"),
  });
  await mail.send({ to: input.email, subject: t("auth:email.subject"), html, text, logHint: { signInLink: url } });
}

export type ConsumedLink = { userId: string; isNewUser: boolean; hasAccount: boolean; returnTo: string | null };

/**
 * Uses a link: exactly once, before it expires, for the e-mail it was sent to. The consuming
 * UPDATE is atomic, so of any number of parallel uses exactly one wins. The user is created if
 * none exists; a pending sign-up creates the company account too — all in one transaction.
 */
export async function consumeEmailLink(db: Database, input: { email: string; token: string }): Promise<ConsumedLink> {
  const tokenHash = hashToken(input.token);
  return db.transaction(async (tx) => {
    const [link] = await tx
      .update(emailLinkTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(emailLinkTokens.tokenHash, tokenHash),
          eq(emailLinkTokens.email, input.email),
          isNull(emailLinkTokens.usedAt),
          gt(emailLinkTokens.expiresAt, sql`now()`),
        ),
      )
      .returning();
    if (!link) {
      const [existing] = await tx.select().from(emailLinkTokens).where(eq(emailLinkTokens.tokenHash, tokenHash)).limit(1);
      if (!existing || existing.usedAt) throw new IdentityError("invalid-action-code", 400);
      if (existing.expiresAt.getTime() <= Date.now()) throw new IdentityError("expired-action-code", 400);
      throw new IdentityError("email-mismatch", 400);
    }

    const inserted = await tx
      .insert(users)
      .values({ email: link.email, name: link.signUpName, locale: link.locale })
      .onConflictDoNothing({ target: users.email })
      .returning();
    const isNewUser = inserted.length > 0;
    const [user] = isNewUser ? inserted : await tx.select().from(users).where(eq(users.email, link.email)).limit(1);
    if (user.disabledAt) throw new IdentityError("user-disabled", 403);
    if (!isNewUser && link.signUpName && !user.name) {
      await tx.update(users).set({ name: link.signUpName, updatedAt: new Date() }).where(eq(users.id, user.id));
    }

    let accountCount = await countAccountsForUser(tx, user.id);
    if (accountCount === 0 && link.signUpCompany) {
      await createAccountForUser(tx, {
        userId: user.id,
        companyName: link.signUpCompany,
        locale: link.locale === "nl" ? "nl" : "en",
      });
      accountCount = 1;
    }
    return { userId: user.id, isNewUser, hasAccount: accountCount > 0, returnTo: link.returnTo };
  });
}
