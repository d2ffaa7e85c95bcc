import { z } from "zod";
import { ZEmail } from "./identity";
import { noControlCharacters } from "./text";

/**
 * Rules of the conversation around a quote (issue 14): the customer's questions and decline, the
 * owner's answers, sending the link and reminders. Shared by the forms and the server.
 */

/** A question, a decline reason, an answer or a personal message: at most this many characters. */
export const CONVERSATION_TEXT_MAX = 2000;
/** Questions one network address may ask per hour (all quotes), and one quote may get per day. */
export const QUESTIONS_PER_IP_PER_HOUR = 5;
export const QUESTIONS_PER_QUOTE_PER_DAY = 20;
/** Decline attempts one network address may make per hour. */
export const DECLINES_PER_IP_PER_HOUR = 5;
/** Times one quote may be e-mailed per hour, and e-mails (sends and answers) one account may send per hour. */
export const SENDS_PER_QUOTE_PER_HOUR = 5;
export const CUSTOMER_MAILS_PER_ACCOUNT_PER_HOUR = 100;
/** A reminder goes out this many days before the expiration date (the last valid day). */
export const REMINDER_DAYS_MIN = 1;
export const REMINDER_DAYS_MAX = 30;
export const REMINDER_DAYS_DEFAULT = 3;
/** The hour (UTC) a reminder is sent on its day. */
export const REMINDER_HOUR_UTC = 8;

const text = (requiredKey: string, tooLongKey: string) =>
  z
    .string({ error: requiredKey })
    .trim()
    .max(CONVERSATION_TEXT_MAX, { error: tooLongKey })
    .check(noControlCharacters({ multiLine: true }));

export const ZAskQuestionInput = z.object({
  question: text("conversation:errors.questionRequired", "conversation:errors.questionTooLong").min(1, { error: "conversation:errors.questionRequired" }),
});
export type TAskQuestionInput = z.input<typeof ZAskQuestionInput>;

export const ZDeclineInput = z.object({
  reason: text("conversation:errors.reasonTooLong", "conversation:errors.reasonTooLong")
    .nullish()
    .transform((reason) => (reason ? reason : null)),
});
export type TDeclineInput = z.input<typeof ZDeclineInput>;

export const ZAnswerInput = z.object({
  answer: text("conversation:errors.answerRequired", "conversation:errors.answerTooLong").min(1, { error: "conversation:errors.answerRequired" }),
});
export type TAnswerInput = z.input<typeof ZAnswerInput>;

export const ZSendQuoteInput = z.object({
  email: ZEmail,
  message: text("conversation:errors.messageTooLong", "conversation:errors.messageTooLong")
    .nullish()
    .transform((message) => (message ? message : null)),
});
export type TSendQuoteInput = z.input<typeof ZSendQuoteInput>;

export const ZQuoteReminderInput = z.object({
  enabled: z.boolean({ error: "api:invalidInput" }),
  daysBefore: z
    .number({ error: "conversation:errors.reminderDays" })
    .int({ error: "conversation:errors.reminderDays" })
    .min(REMINDER_DAYS_MIN, { error: "conversation:errors.reminderDays" })
    .max(REMINDER_DAYS_MAX, { error: "conversation:errors.reminderDays" }),
});
export type TQuoteReminderInput = z.input<typeof ZQuoteReminderInput>;

/** When a reminder for a quote valid through `expirationDate` (YYYY-MM-DD) is due: N days before, at 08:00 UTC. */
export function reminderDueAt(expirationDate: string, daysBefore: number): Date {
  const due = new Date(`${expirationDate}T00:00:00Z`);
  due.setUTCDate(due.getUTCDate() - daysBefore);
  due.setUTCHours(REMINDER_HOUR_UTC);
  return due;
}

/** The status a public conversation form reports after its redirect (`?conversation=…`). */
export const PUBLIC_CONVERSATION_STATUSES = [
  "question-sent",
  "declined",
  "question-invalid",
  "question-too-long",
  "reason-too-long",
  "rate-limited",
  "closed",
  "already-declined",
  "decline-after-signature",
  "error",
] as const;
export type PublicConversationStatus = (typeof PUBLIC_CONVERSATION_STATUSES)[number];
