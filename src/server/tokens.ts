import crypto from "node:crypto";

/** 256 bits from the operating system's CSPRNG, url-safe: sign-in links, sessions, newsletter links. */
export function randomToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

/** Tokens are stored only as their SHA-256: a database leak does not leak usable links or sessions. */
export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}
