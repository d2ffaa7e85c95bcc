import crypto from "node:crypto";

/** A link token: 32 random bytes (256 bits), base64url. Only its hash is stored. */
export function createLinkToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString("base64url");
  return { token, hash: hashLinkToken(token) };
}

export function hashLinkToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}
