import crypto from "node:crypto";
import type { AppLoadContext } from "react-router";
import { CONTACT_MESSAGE_MAX, HONEYPOT_FIELD, ZContactInput, ZNewsletterInput, fieldErrorKeys } from "../../../shared/marketing/schemas";
import { subscribeToNewsletter, submitContactMessage, type MarketingDeps } from "./marketing.service";
import { translateKey } from "../../../shared/i18n/index";

/**
 * The contact page's form posts, as React Router actions see them: parse with the shared zod
 * schemas, call the service, and answer with messages in the page's language. Pure data in, data
 * out; the route turns the result into a response.
 */

/** Values echoed back into a form that failed (no more than this much of a message). */
const ECHO_MAX = CONTACT_MESSAGE_MAX * 2;

export type ContactResult =
  | { intent: "contact"; ok: true; message: string }
  | {
      intent: "contact";
      ok: false;
      status: 400 | 429;
      formError: string;
      fieldErrors: Partial<Record<"name" | "email" | "message", string>>;
      values: { name: string; email: string; message: string };
    };

export type NewsletterResult =
  | { intent: "newsletter"; ok: true; message: string }
  | { intent: "newsletter"; ok: false; status: 400 | 429; formError: string; fieldErrors: Partial<Record<"email", string>>; values: { email: string } };

const str = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

function depsOf(context: AppLoadContext): MarketingDeps {
  const { db, mail, config, log } = context.ctx;
  return { db, mail, config, log };
}

/** Rate-limit key of the caller: a hash of the network address (no addresses stored in clear). */
function clientKeyOf(context: AppLoadContext): string {
  return crypto
    .createHash("sha256")
    .update(context.clientAddress ?? "unknown")
    .digest("hex")
    .slice(0, 32);
}

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

export async function handleContactForm(form: FormData, context: AppLoadContext): Promise<ContactResult> {
  const t = context.ctx.t;
  const values = { name: str(form, "name").slice(0, 500), email: str(form, "email").slice(0, 500), message: str(form, "message").slice(0, ECHO_MAX) };
  // A bot filled in the field people cannot see: answer as if it worked, store nothing.
  if (str(form, HONEYPOT_FIELD)) return { intent: "contact", ok: true, message: t("marketing:contact.form.success") };

  const parsed = ZContactInput.safeParse({
    submissionId: str(form, "submissionId"),
    name: str(form, "name"),
    email: str(form, "email"),
    message: str(form, "message"),
  });
  if (!parsed.success) {
    const keys = fieldErrorKeys<"submissionId" | "name" | "email" | "message">(parsed.error);
    const fieldErrors: Partial<Record<"name" | "email" | "message", string>> = {};
    for (const field of ["name", "email", "message"] as const) {
      if (keys[field]) fieldErrors[field] = translateKey(t, `marketing:${keys[field]}`, { max: CONTACT_MESSAGE_MAX });
    }
    const formError = keys.submissionId ? translateKey(t, `marketing:${keys.submissionId}`) : t("marketing:forms.errors.summary");
    return { intent: "contact", ok: false, status: 400, formError, fieldErrors, values };
  }
  const result = await submitContactMessage(depsOf(context), parsed.data, { locale: context.locale, clientKey: clientKeyOf(context) });
  if (!result.ok) {
    return {
      intent: "contact",
      ok: false,
      status: 429,
      formError: t("marketing:forms.errors.rateLimited", { minutes: minutes(result.retryAfterSeconds) }),
      fieldErrors: {},
      values,
    };
  }
  return { intent: "contact", ok: true, message: t("marketing:contact.form.success") };
}

export async function handleNewsletterForm(form: FormData, context: AppLoadContext): Promise<NewsletterResult> {
  const t = context.ctx.t;
  const values = { email: str(form, "email").slice(0, 500) };
  if (str(form, HONEYPOT_FIELD)) return { intent: "newsletter", ok: true, message: t("marketing:contact.newsletter.success") };
  const parsed = ZNewsletterInput.safeParse({ email: str(form, "email") });
  if (!parsed.success) {
    const keys = fieldErrorKeys<"email">(parsed.error);
    const email = translateKey(t, `marketing:${keys.email ?? "forms.errors.emailInvalid"}`);
    return { intent: "newsletter", ok: false, status: 400, formError: email, fieldErrors: { email }, values };
  }
  const result = await subscribeToNewsletter(depsOf(context), parsed.data, { locale: context.locale, clientKey: clientKeyOf(context) });
  if (!result.ok) {
    return {
      intent: "newsletter",
      ok: false,
      status: 429,
      formError: t("marketing:forms.errors.rateLimited", { minutes: minutes(result.retryAfterSeconds) }),
      fieldErrors: {},
      values,
    };
  }
  return { intent: "newsletter", ok: true, message: t("marketing:contact.newsletter.success") };
}
