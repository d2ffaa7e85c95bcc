import path from "node:path";
import { outboxFiles, readMail } from "./mail";

/** The .eml files the development outbox wrote under dataDir/mail, decoded (quoted-printable). */
export function readOutbox(dataDir: string): { file: string; to: string; subject: string; text: string }[] {
  return outboxFiles(dataDir).map((file) => {
    const mail = readMail(file);
    return { file: path.basename(file), to: mail.to, subject: mail.subject, text: mail.decoded };
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
