import crypto from "node:crypto";

/** 256 bits from the operating system's CSPRNG, url-safe. */
export function randomToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

/** Tokens are stored only as their SHA-256: a database leak does not leak usable links or sessions. */
export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** A same-site path to go to after sign-in; anything pointing elsewhere is dropped. */
export function safeReturnPath(value: string | null | undefined, publicUrl: string): string | undefined {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return undefined;
  try {
    const base = new URL(publicUrl);
    const url = new URL(value, base);
    if (url.origin !== base.origin) return undefined;
    return url.pathname + url.search + url.hash;
  } catch {
    return undefined;
  }
}
