import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { TFunction } from "i18next";
import { type Locale, localizePath } from "../../../shared/locales";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import { emailLinkTokens, users } from "../../db/schema";
import { hitRateLimit, isRateLimitKeyLive } from "../../http/rate-limit";
import type { Logger } from "../../logger";
import { renderEmail } from "../../mail/layout";
import type { Mailer } from "../../mail/mailer";
import { countAccountsForUser, createAccountForUser } from "./accounts.service";
import { hashToken, randomToken, safeReturnPath } from "./tokens";

export const EMAIL_LINK_TTL_MS = 10 * 60 * 1000;
/**
 * Link requests, per window of the links' own lifetime (10 minutes):
 * - per address: `perEmail` links from any browser; then only a browser that already got a link
 *   for that address (it holds the proof cookie) gets more, up to `perEmailProven`. The owner is
 *   never locked out: while an address is limited, every link sent in the window still works.
 * - per client IP: `perIp` requests and `verifyPerIp` verifications.
 */
export const EMAIL_LINK_LIMITS = {
  perEmail: 3,
  perEmailProven: 5,
  perIp: 30,
  verifyPerIp: 60,
  windowSeconds: EMAIL_LINK_TTL_MS / 1000,
  proofSeconds: 60 * 60,
};
/** Cookie that proves "this browser already asked for a link for this address" (HttpOnly, 1 hour). */
export const LINK_PROOF_COOKIE = "offerly_link_proof";

export class IdentityError extends Error {
  constructor(
    public readonly code: "expired-action-code" | "invalid-action-code" | "email-mismatch" | "too-many-requests" | "too-many-links" | "user-disabled",
    public readonly status: number,
    /** For 429: seconds until the limit's window ends (the Retry-After header). */
    public readonly retryAfterSeconds?: number,
  ) {
    super(code);
    this.name = "IdentityError";
  }
}

type Deps = { db: Database; config: Config; mail: Mailer; log: Logger; t: TFunction; locale: Locale };

const proofKey = (proof: string, email: string) => `email-link:proof:${hashToken(proof)}:${email}`;

/**
 * Sends a single-use sign-in link. Known and unknown addresses get the same answer (no account
 * enumeration); only the rate limit is visible. Returns the proof to keep in the browser's cookie.
 */
export async function requestEmailLink(
  deps: Deps,
  input: { email: string; signUp?: { name: string; companyName: string }; returnTo?: string; ip: string; proof?: string },
): Promise<{ proof: string }> {
  const { db, config, mail, t, locale } = deps;
  const limits = EMAIL_LINK_LIMITS;
  // Requests without a socket address (in-process calls) have no IP to count.
  const byIp = input.ip === "unknown" ? undefined : await hitRateLimit(db, `email-link:ip:${input.ip}`, limits.perIp, limits.windowSeconds);
  if (byIp && !byIp.allowed) throw new IdentityError("too-many-requests", 429, byIp.retryAfterSeconds);
  // A browser without proof counts against the address's limit for strangers; every mail actually
  // sent counts against the hard cap (refused requests do not, so strangers cannot use it up).
  const proven = input.proof !== undefined && (await isRateLimitKeyLive(db, proofKey(input.proof, input.email)));
  if (!proven) {
    const byEmail = await hitRateLimit(db, `email-link:email:${input.email}`, limits.perEmail, limits.windowSeconds);
    if (!byEmail.allowed) throw new IdentityError("too-many-links", 429, byEmail.retryAfterSeconds);
  }
  const sent = await hitRateLimit(db, `email-link:sent:${input.email}`, limits.perEmailProven, limits.windowSeconds);
  if (!sent.allowed) throw new IdentityError("too-many-links", 429, sent.retryAfterSeconds);

  // Someone who already has an account and fills in the sign-up form is signed in to it: say so,
  // greet them by the name we know, and drop the typed sign-up data.
  const [existing] = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.email, input.email)).limit(1);
  const alreadyRegistered = existing !== undefined && input.signUp !== undefined && (await countAccountsForUser(db, existing.id)) > 0;
  const signUp = alreadyRegistered ? undefined : input.signUp;
  const name = existing?.name ?? signUp?.name;

  const token = randomToken();
  await db.insert(emailLinkTokens).values({
    tokenHash: hashToken(token),
    email: input.email,
    expiresAt: new Date(Date.now() + EMAIL_LINK_TTL_MS),
    signUpName: signUp?.name ?? null,
    signUpCompany: signUp?.companyName ?? null,
    locale,
    returnTo: safeReturnPath(input.returnTo, config.publicUrl) ?? null,
  });
  const url = `${config.publicUrl}${localizePath("/auth/email-link", locale)}?token=${encodeURIComponent(token)}`;
  const { html, text } = renderEmail({
    lang: locale,
    preheader: t("auth:email.preheader"),
    heading: signUp ? t("auth:email.headingSignUp") : t("auth:email.heading"),
    paragraphs: [
      name ? t("auth:email.greeting", { name }) : t("auth:email.greetingNoName"),
      ...(alreadyRegistered ? [t("auth:email.alreadyRegistered")] : []),
      t("auth:email.body"),
    ],
    button: { label: t("auth:email.button"), url },
    note: t("auth:email.note", { minutes: EMAIL_LINK_TTL_MS / 60_000 }),
    footer: t("auth:email.footer"),
  });
  await mail.send({ to: input.email, subject: t("auth:email.subject"), html, text, logHint: { signInLink: url } });

  const proof = input.proof && /^[\w-]{43}$/.test(input.proof) ? input.proof : randomToken();
  await hitRateLimit(db, proofKey(proof, input.email), Number.MAX_SAFE_INTEGER, limits.proofSeconds);
  return { proof };
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
