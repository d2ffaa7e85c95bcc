export { hashToken, randomToken } from "../../tokens";

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
