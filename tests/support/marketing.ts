import fs from "node:fs";
import path from "node:path";

/** The .eml files the development outbox wrote under dataDir/mail, decoded (quoted-printable). */
export function readOutbox(dataDir: string): { file: string; to: string; subject: string; text: string }[] {
  const dir = path.join(dataDir, "mail");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".eml"))
    .sort()
    .map((file) => {
      const raw = fs.readFileSync(path.join(dir, file), "utf8");
      const header = (name: string) => new RegExp(`^${name}: (.*)$`, "mi").exec(raw)?.[1]?.trim() ?? "";
      const text = raw
        .replace(/=\r?\n/g, "")
        .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      return { file, to: header("To"), subject: header("Subject"), text };
    });
}

/** The first link to `path` (with its token) in a decoded e-mail. */
export function linkIn(text: string, pathPart: string): string {
  const match = new RegExp(`https?://[^\\s"<>]*${pathPart.replace(/\//g, "\\/")}\\?token=[A-Za-z0-9_-]+`).exec(text);
  if (!match) throw new Error(`no ${pathPart} link in:\n${text}`);
  return match[0];
}

/** application/x-www-form-urlencoded body, as a browser without JavaScript posts a form. */
export function formBody(fields: Record<string, string>): RequestInit {
  return { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields).toString() };
}
