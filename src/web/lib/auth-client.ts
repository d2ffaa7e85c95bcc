import { EMAIL_FOR_SIGN_IN_KEY, type TIdentityErrorCode } from "../../shared/identity";
import type { Locale } from "../../shared/locales";

export type AuthApiError = { code: TIdentityErrorCode | string; message: string; fields?: Record<string, string> };
type Result<T> = { ok: true; data: T } | { ok: false; error: AuthApiError };

async function post<T>(path: string, body: unknown, locale: Locale): Promise<Result<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json", "accept-language": locale },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, error: { code: "network-request-failed", message: "" } };
  }
  const json = (await response.json().catch(() => null)) as { error?: AuthApiError } | null;
  if (!response.ok) return { ok: false, error: json?.error ?? { code: "internal-error", message: "" } };
  return { ok: true, data: json as T };
}

/** SPEC §4: request a link and keep the e-mail in local storage for the landing page. */
export async function requestSignInLink(input: { email: string; signUp?: { name: string; companyName: string }; returnTo?: string; locale: Locale }) {
  const result = await post<{ status: string }>("/api/auth/email-link", input, input.locale);
  if (result.ok) window.localStorage.setItem(EMAIL_FOR_SIGN_IN_KEY, input.email.trim());
  return result;
}

/** SPEC §4: verify the link; on success the stored e-mail is removed. */
export async function verifySignInLink(input: { email: string; token: string; locale: Locale }) {
  const result = await post<{ status: string; redirectTo: string }>("/api/auth/email-link/verify", input, input.locale);
  if (result.ok) window.localStorage.removeItem(EMAIL_FOR_SIGN_IN_KEY);
  else console.error("Sign-in link failed", result.error.code);
  return result;
}

export function storedSignInEmail(): string | null {
  try {
    return window.localStorage.getItem(EMAIL_FOR_SIGN_IN_KEY);
  } catch {
    return null;
  }
}

/** SPEC §4: sign out on the server, then leave with a full page load (clears every client cache). */
export async function signOut(locale: Locale) {
  await post("/api/auth/sign-out", {}, locale);
  window.location.assign(locale === "nl" ? "/nl/auth/sign-in?signedOut=1" : "/auth/sign-in?signedOut=1");
}
