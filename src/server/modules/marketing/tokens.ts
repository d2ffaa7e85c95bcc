import { hashToken, randomToken } from "../../tokens";

/** A link token (256 bits, base64url) and the hash that is stored instead of it. */
export function createLinkToken(): { token: string; hash: string } {
  const token = randomToken();
  return { token, hash: hashToken(token) };
}

export { hashToken as hashLinkToken };
