import fs from "node:fs";
import path from "node:path";

/** Quoted-printable and soft line breaks, as nodemailer writes long lines. */
export function decodeQuotedPrintable(raw: string): string {
  const bytes = raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** The .eml files in a development outbox, oldest first. */
export function outboxFiles(dataDir: string): string[] {
  const dir = path.join(dataDir, "mail");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".eml"))
    .sort()
    .map((f) => path.join(dir, f));
}

export type OutboxMail = { raw: string; decoded: string; to: string; subject: string };

export function readMail(file: string): OutboxMail {
  const raw = fs.readFileSync(file, "utf8");
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, "mi").exec(raw)?.[1]?.trim() ?? "";
  return { raw, decoded: decodeQuotedPrintable(raw), to: header("To"), subject: header("Subject") };
}

/** The newest e-mail to an address in the outbox. */
export function lastMailTo(dataDir: string, email: string): OutboxMail {
  const mails = outboxFiles(dataDir)
    .map(readMail)
    .filter((m) => m.to.toLowerCase().includes(email.toLowerCase()));
  if (!mails.length) throw new Error(`No e-mail to ${email} in the outbox`);
  return mails[mails.length - 1];
}

/** The sign-in token in an e-mail's link (…/auth/email-link?token=…). */
export function signInToken(mail: OutboxMail): string {
  const match = /\/auth\/email-link\?token=([A-Za-z0-9_-]{20,})/.exec(mail.decoded);
  if (!match) throw new Error("No sign-in link in the e-mail");
  return match[1];
}
