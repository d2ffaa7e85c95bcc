import fs from "node:fs/promises";
import path from "node:path";
import type { Transporter } from "nodemailer";
import type { Config } from "../config";
import type { Logger } from "../logger";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /**
   * Links a developer without a mail server wants to follow: logged by the development outbox only
   * when the mailer was created with `logLinks` (never in production: they are live credentials).
   */
  logHint?: Record<string, string>;
};

export type Mailer = {
  kind: "smtp" | "outbox";
  send: (message: MailMessage) => Promise<{ messageId: string; file?: string }>;
  close: () => void;
};

/**
 * E-mail goes through nodemailer either way: to an SMTP server (SMTP_URL), or, with no SMTP
 * configured, into DATA_DIR/mail/ as .eml files (the development outbox), with the links logged
 * when `logLinks` is set (main.ts: outside production only).
 */
export function createMailer(options: { smtpUrl?: string; from: string; outboxDir: string; log: Logger; logLinks?: boolean }): Mailer {
  const { smtpUrl, from, outboxDir, log, logLinks = false } = options;
  // nodemailer is loaded with the first e-mail, not at start-up (decision 040).
  let transport: Transporter | undefined;
  let loading: Promise<Transporter> | undefined;
  const transporter = () =>
    (loading ??= import("nodemailer").then(({ default: nodemailer }) => {
      transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
      return transport;
    }));
  if (smtpUrl) {
    return {
      kind: "smtp",
      async send(message) {
        const info = await (await transporter()).sendMail({ from, ...pick(message) });
        log.info({ to: message.to, subject: message.subject, messageId: info.messageId }, "mail sent");
        return { messageId: info.messageId };
      },
      close: () => transport?.close(),
    };
  }
  return {
    kind: "outbox",
    async send(message) {
      const info = await (await transporter()).sendMail({ from, ...pick(message) });
      await fs.mkdir(outboxDir, { recursive: true });
      const safeTo = message.to.replace(/[^a-z0-9@._-]/gi, "_");
      const file = path.join(
        outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, "-")}-${safeTo}-${info.messageId.replace(/[^a-z0-9]/gi, "").slice(0, 12)}.eml`,
      );
      await fs.writeFile(file, info.message as Buffer);
      log.info({ to: message.to, subject: message.subject, file, ...(logLinks ? message.logHint : {}) }, "mail written to the development outbox");
      return { messageId: info.messageId, file };
    },
    close: () => transport?.close(),
  };
}

/** The server's mailer: SMTP when configured, else the outbox; links are logged outside production only. */
export function mailerFromConfig(config: Config, log: Logger): Mailer {
  return createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, "mail"), log, logLinks: !config.isProduction });
}

function pick(message: MailMessage) {
  return { to: message.to, subject: message.subject, text: message.text, html: message.html, replyTo: message.replyTo };
}
