import { z } from "zod";

/**
 * Form rules for the marketing site, shared by the forms (maxLength, required) and the server
 * (which decides). Messages are translation keys in the `marketing` namespace.
 */
import { CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX, EMAIL_MAX } from "./limits";

export { CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX, EMAIL_MAX, HONEYPOT_FIELD } from "./limits";

const email = z
  .string({ error: "forms.errors.emailRequired" })
  .trim()
  .min(1, { error: "forms.errors.emailRequired" })
  .max(EMAIL_MAX, { error: "forms.errors.emailInvalid" })
  .pipe(z.email({ error: "forms.errors.emailInvalid" }))
  .transform((value) => value.toLowerCase());

export const ZContactInput = z.object({
  submissionId: z.uuid({ error: "forms.errors.expired" }),
  name: z
    .string({ error: "forms.errors.nameRequired" })
    .trim()
    .min(1, { error: "forms.errors.nameRequired" })
    .max(CONTACT_NAME_MAX, { error: "forms.errors.nameTooLong" }),
  email,
  message: z
    .string({ error: "forms.errors.messageRequired" })
    .trim()
    .min(1, { error: "forms.errors.messageRequired" })
    .max(CONTACT_MESSAGE_MAX, { error: "forms.errors.messageTooLong" }),
});
export type TContactInput = z.infer<typeof ZContactInput>;

export const ZNewsletterInput = z.object({ email });
export type TNewsletterInput = z.infer<typeof ZNewsletterInput>;

/** A token from a confirm or unsubscribe link: 32 random bytes, base64url (43 characters). */
export const ZLinkToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** First error key per field, from a failed parse. */
export function fieldErrorKeys<K extends string>(error: z.ZodError): FieldErrors<K> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    if (!out[field]) out[field] = issue.message;
  }
  return out as FieldErrors<K>;
}
