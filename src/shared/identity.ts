import { z } from "zod";
import { noControlCharacters } from "./text";

/**
 * Input rules for identity, shared by the forms (client-side hints) and the server (the rule).
 * Messages are translation keys in the `auth` namespace.
 */
export const ZEmail = z
  .string({ error: "auth:validation.emailRequired" })
  .trim()
  .min(1, { error: "auth:validation.emailRequired" })
  .max(254, { error: "auth:validation.emailInvalid" })
  .pipe(z.email({ error: "auth:validation.emailInvalid" }))
  .transform((email) => email.toLowerCase());

export const ZPersonName = z
  .string({ error: "auth:validation.nameRequired" })
  .trim()
  .min(1, { error: "auth:validation.nameRequired" })
  .max(100, { error: "auth:validation.nameTooLong" })
  .check(noControlCharacters());

export const ZCompanyName = z
  .string({ error: "auth:validation.companyRequired" })
  .trim()
  .min(1, { error: "auth:validation.companyRequired" })
  .max(120, { error: "auth:validation.companyTooLong" })
  .check(noControlCharacters());

export const ZRequestEmailLinkInput = z.object({
  email: ZEmail,
  /** Present when signing up: the account to create when the link is used. */
  signUp: z.object({ name: ZPersonName, companyName: ZCompanyName }).optional(),
  returnTo: z.string().max(2000).optional(),
});
export type TRequestEmailLinkInput = z.input<typeof ZRequestEmailLinkInput>;

export const ZVerifyEmailLinkInput = z.object({
  email: ZEmail,
  token: z.string().trim().min(20).max(200),
});

export const ZSignUpInput = z.object({ name: ZPersonName, companyName: ZCompanyName });
export type TSignUpInput = z.input<typeof ZSignUpInput>;

/** Local storage key that remembers the e-mail a sign-in link was sent to (SPEC §3). */
export const EMAIL_FOR_SIGN_IN_KEY = "emailForSignIn";

export { ACCOUNT_ROLES, type AccountRole as TAccountRole } from "./enums";

/**
 * Identity error codes (SPEC §8) the sign-in screens translate (auth:errors.<code>).
 */
export const IDENTITY_ERROR_CODES = [
  "invalid-email",
  "expired-action-code",
  "invalid-action-code",
  "email-mismatch",
  "too-many-requests",
  "user-disabled",
  "popup-blocked",
  "popup-closed-by-user",
  "cancelled-popup-request",
  "unauthorized-domain",
  "network-request-failed",
  "oidc-failed",
  "internal-error",
] as const;
export type TIdentityErrorCode = (typeof IDENTITY_ERROR_CODES)[number];
