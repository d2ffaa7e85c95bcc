import { Hono } from "hono";
import type { Context } from "hono";
import { ZRequestEmailLinkInput, ZVerifyEmailLinkInput } from "../../../shared/identity";
import { DEFAULT_LOCALE, type Locale, isLocale, localizePath, readCookie, splitLocalePath } from "../../../shared/locales";
import { i18nFor, translator } from "../../../shared/i18n/server";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import type { Logger } from "../../logger";
import type { Mailer } from "../../mail/mailer";
import { countAccountsForUser } from "./accounts.service";
import { hitRateLimit } from "../../http/rate-limit";
import { EMAIL_LINK_LIMITS, IdentityError, LINK_PROOF_COOKIE, consumeEmailLink, requestEmailLink } from "./email-link.service";
import { finishOidcSignIn, startOidcSignIn } from "./oidc";
import { safeReturnPath } from "./tokens";
import { SESSION_ABSOLUTE_MS, clearSessionCookie, createSession, requestToken, revokeSession, sessionCookie } from "./sessions";
import { translateKey } from "../../../shared/i18n/index";

type Deps = { db: Database; config: Config; log: Logger; mail: Mailer; clientIp: (c: Context) => string };

function bodyLocale(c: Context, explicit?: unknown): Locale {
  if (isLocale(explicit)) return explicit;
  const header = c.req.header("accept-language")?.split(",")[0]?.trim().slice(0, 2).toLowerCase();
  return isLocale(header) ? header : DEFAULT_LOCALE;
}

function identityError(c: Context, locale: Locale, code: string, status: number, fields?: Record<string, string>) {
  const t = translator(locale);
  return c.json({ error: { code, message: translateKey(t, `auth:errors.${code}`), ...(fields ? { fields } : {}) } }, status as 400);
}

function fromIdentityError(c: Context, locale: Locale, error: IdentityError) {
  if (error.status === 429) c.header("Retry-After", String(Math.max(1, error.retryAfterSeconds ?? 60)));
  return identityError(c, locale, error.code, error.status);
}

/**
 * Field messages in the caller's language: our schemas' messages are catalog keys; anything else
 * (zod's own English text for a wrong type, a missing object, …) becomes a translated generic one.
 */
function fieldErrors(issues: { path: PropertyKey[]; message: string }[], locale: Locale, fallbacks: Record<string, string> = {}) {
  const i18n = i18nFor(locale);
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".") || "body";
    const message =
      issue.message.startsWith("auth:") && i18n.exists(issue.message)
        ? issue.message
        : (fallbacks[key] ?? (key === "body" ? "auth:validation.invalidBody" : "auth:validation.invalidValue"));
    fields[key] ??= translateKey(i18n.t.bind(i18n), message);
  }
  return fields;
}

function proofCookie(config: Config, proof: string): string {
  const secure = config.publicUrl.startsWith("https://");
  return `${LINK_PROOF_COOKIE}=${proof}; Max-Age=${EMAIL_LINK_LIMITS.proofSeconds}; Path=/api/auth/email-link; HttpOnly; SameSite=Strict${secure ? "; Secure" : ""}`;
}

/**
 * The identity endpoints (the "identity provider" of SPEC §7), under /api/auth. They take JSON only:
 * a cross-site HTML form cannot send application/json, so they are not open to CSRF.
 */
export function authRoutes(deps: Deps) {
  const { db, config, log, mail } = deps;
  const app = new Hono();

  app.use("*", async (c, next) => {
    if (c.req.method === "POST" && !c.req.header("content-type")?.toLowerCase().startsWith("application/json")) {
      return identityError(c, bodyLocale(c), "unsupported-media-type", 415);
    }
    await next();
  });

  async function readJson(c: Context): Promise<Record<string, unknown> | undefined> {
    try {
      const body = await c.req.json();
      return body && typeof body === "object" && !Array.isArray(body) ? body : undefined;
    } catch {
      return undefined;
    }
  }

  app.post("/email-link", async (c) => {
    const body = await readJson(c);
    const locale = bodyLocale(c, body?.locale);
    const parsed = ZRequestEmailLinkInput.safeParse(body ?? {});
    if (!parsed.success) return identityError(c, locale, "invalid-email", 400, fieldErrors(parsed.error.issues, locale));
    try {
      const { proof } = await requestEmailLink(
        { db, config, mail, log, t: translator(locale), locale },
        { ...parsed.data, ip: deps.clientIp(c), proof: readCookie(c.req.header("cookie"), LINK_PROOF_COOKIE) },
      );
      c.header("Set-Cookie", proofCookie(config, proof));
    } catch (error) {
      if (error instanceof IdentityError) return fromIdentityError(c, locale, error);
      throw error;
    }
    // The same answer whether or not the address has an account.
    return c.json({ status: "EMAIL_SENT" }, 202);
  });

  app.post("/email-link/verify", async (c) => {
    const body = await readJson(c);
    const locale = bodyLocale(c, body?.locale);
    const ip = deps.clientIp(c);
    const limited =
      ip === "unknown"
        ? { allowed: true, retryAfterSeconds: 0 }
        : await hitRateLimit(db, `email-link-verify:ip:${ip}`, EMAIL_LINK_LIMITS.verifyPerIp, EMAIL_LINK_LIMITS.windowSeconds);
    if (!limited.allowed) return fromIdentityError(c, locale, new IdentityError("too-many-requests", 429, limited.retryAfterSeconds));
    const parsed = ZVerifyEmailLinkInput.safeParse(body ?? {});
    if (!parsed.success) {
      const emailIssue = parsed.error.issues.some((i) => i.path[0] === "email");
      return identityError(
        c,
        locale,
        emailIssue ? "invalid-email" : "invalid-action-code",
        400,
        fieldErrors(parsed.error.issues, locale, { token: "auth:errors.invalid-action-code" }),
      );
    }
    let consumed: Awaited<ReturnType<typeof consumeEmailLink>>;
    try {
      consumed = await consumeEmailLink(db, parsed.data);
    } catch (error) {
      if (error instanceof IdentityError) return fromIdentityError(c, locale, error);
      throw error;
    }
    const session = await createSession(db, {
      userId: consumed.userId,
      method: "email-link",
      userAgent: c.req.header("user-agent"),
      ip: deps.clientIp(c),
    });
    // Checked again where it is used (rows written before a stricter check, or a future bug).
    const redirectTo = afterSignIn(consumed.hasAccount, safeReturnPath(consumed.returnTo, config.publicUrl), locale);
    c.header("Set-Cookie", sessionCookie(config, session.token, Math.floor(SESSION_ABSOLUTE_MS / 1000)));
    c.header("Cache-Control", "no-store");
    return c.json({
      status: "SIGNED_IN",
      redirectTo,
      isNewUser: consumed.isNewUser,
      // Non-browser clients ask for the token to send as `Authorization: Bearer …`.
      ...(body?.returnToken === true ? { token: session.token, expiresAt: session.expiresAt.toISOString() } : {}),
    });
  });

  app.post("/sign-out", async (c) => {
    const token = requestToken(c.req.raw, config);
    if (token) await revokeSession(db, token);
    c.header("Set-Cookie", clearSessionCookie(config));
    c.header("Cache-Control", "no-store");
    return c.json({ status: "SIGNED_OUT" });
  });

  app.get("/google", async (c) => {
    const locale = bodyLocale(c, c.req.query("locale"));
    if (!config.google) return c.redirect(localizePath("/auth/sign-in", locale), 302);
    try {
      const url = await startOidcSignIn(db, config, { returnTo: c.req.query("returnTo"), locale });
      c.header("Cache-Control", "no-store");
      return c.redirect(url.toString(), 302);
    } catch (error) {
      log.error({ err: error }, "could not start Google sign-in");
      return c.redirect(`${localizePath("/auth/sign-in", locale)}?error=network-request-failed`, 302);
    }
  });

  app.get("/google/callback", async (c) => {
    const callbackUrl = new URL(`${config.publicUrl}/api/auth/google/callback${new URL(c.req.url).search}`);
    if (!config.google) return c.redirect("/auth/sign-in", 302);
    let result: Awaited<ReturnType<typeof finishOidcSignIn>>;
    try {
      result = await finishOidcSignIn(db, config, callbackUrl);
    } catch (error) {
      const code = (error as Error).message === "user-disabled" ? "user-disabled" : "oidc-failed";
      log.warn({ err: error }, "Google sign-in failed");
      return c.redirect(`/auth/sign-in?error=${code}`, 302);
    }
    const session = await createSession(db, { userId: result.userId, method: "oidc", userAgent: c.req.header("user-agent"), ip: deps.clientIp(c) });
    c.header("Set-Cookie", sessionCookie(config, session.token, Math.floor(SESSION_ABSOLUTE_MS / 1000)));
    c.header("Cache-Control", "no-store");
    const hasAccount = (await countAccountsForUser(db, result.userId)) > 0;
    return c.redirect(afterSignIn(hasAccount, safeReturnPath(result.returnTo, config.publicUrl), result.locale), 302);
  });

  return app;
}

/**
 * Where a fresh sign-in goes: back where it came from, or the app; a user without an account
 * completes their profile first — unless they came to accept an invitation (which gives them one).
 */
function afterSignIn(hasAccount: boolean, returnTo: string | undefined, locale: Locale): string {
  if (hasAccount) return returnTo ?? localizePath("/app", locale);
  if (returnTo && splitLocalePath(returnTo.split("?")[0]).path === "/accept-invite") return returnTo;
  return localizePath("/complete-profile", locale);
}
